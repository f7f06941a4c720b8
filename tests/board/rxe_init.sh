#!/bin/busybox sh
# tests/board/rxe_init.sh -- /init of the rxe bench's initramfs
# (tests/board/rxe_initrd.sh builds it; make bench runs it through
# tests/bench/rxe.mk).  In one boot of the guest:
#   1. ours: insmod uldma.ko, /rdma_pingpong -n ROUNDS (through the mapped
#      rings with the doorbell after each post, ABI 7; then the rings with
#      no doorbell: EX_NO_DB=1; then through the ioctls: EX_NO_MAP=1) and
#      /rdma_bw -m MB -w 3000 (two processes each, RDMA writes through the
#      soft engine), then rmmod;
#   2. Linux rxe (soft-RoCE): the Debian kernel's rdma_rxe and its
#      dependencies (/rxe/modules.list), a dummy netdev dummy0 with
#      10.0.0.1/24, `rdma link add rxe0 type rxe netdev dummy0`, and for
#      each size of ours (16 B .. 64 KB, x4), rdma-core's ibv_rc_pingpong
#      (send/receive ping-pong, polling the CQ, then again with -e:
#      sleeping on CQ events), perftest's ib_write_lat (RDMA-write
#      ping-pong) and ib_write_bw (RDMA-write stream), server and client in
#      this guest over rxe0 (traffic to the device's own address is looped
#      inside rxe), the control exchange over TCP on 127.0.0.1.
# Every output line goes to the console prefixed "uldma-rxe: TAG " (TAG:
# ours_pp, ours_ppn, ours_ppi, ours_bw, rc_pp SIZE, rc_ev SIZE, wlat SIZE, wbw SIZE, info), then
# "uldma-rxe: done" or "uldma-rxe: FAIL why"; then power off.
# Parameters from the kernel command line: ud_rounds= (ping-pong round
# trips a size, default 200), ud_mb= (bandwidth bytes a size, MB, default 16).
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
export PATH=/bin:/usr/bin
export LD_LIBRARY_PATH=/usr/lib/$(cat /rxe/triple)
ROUNDS=200; MB=16
for a in $(cat /proc/cmdline); do
	case "$a" in
	ud_rounds=*) ROUNDS=${a#ud_rounds=} ;;
	ud_mb=*) MB=${a#ud_mb=} ;;
	esac
done
SIZES="16 64 256 1024 4096 16384 65536"

say() { echo "uldma-rxe: $*"; }
fail() { say "FAIL $*"; dmesg | tail -20 | sed 's/^/uldma-rxe: info dmesg: /'; poweroff -f; }
tag() { sed "s/^/uldma-rxe: $1 /"; }
# writes a size as ours counts them: MB per size, at least 16, at most 3000
writes() { w=$((MB * 1048576 / $1)); [ $w -lt 16 ] && w=16; [ $w -gt 3000 ] && w=3000; echo $w; }

say "info kernel $(uname -r) $(uname -m), $(grep -c ^processor /proc/cpuinfo) cpu(s), rounds $ROUNDS, $MB MB a size"
ip link set lo up
# Both sides' clocks: ours read CLOCK_MONOTONIC, perftest the TSC scaled by
# /proc/cpuinfo's "cpu MHz"; the guest's clock source says whether those agree.
say "info clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource), cpu MHz $(sed -n 's/^cpu MHz[[:space:]]*: //p' /proc/cpuinfo | head -1), $(dmesg | grep -o 'tsc: Refined TSC clocksource calibration: .*\|tsc: Detected .*' | tail -1)"

# ------------------------------------------------------------------ ours
insmod /uldma.ko || fail "insmod uldma.ko"
timeout 600 /rdma_pingpong -n "$ROUNDS" > /pp.log 2>&1 || { tag ours_pp < /pp.log; fail "rdma_pingpong"; }
tag ours_pp < /pp.log
# the same through the mapped rings with no doorbell: the engine thread
# finds each WQE on its next poll
EX_NO_DB=1 timeout 600 /rdma_pingpong -n "$ROUNDS" > /ppn.log 2>&1 || { tag ours_ppn < /ppn.log; fail "rdma_pingpong (rings, no doorbell)"; }
tag ours_ppn < /ppn.log
# the same through the POST and POLL ioctls (no mapped rings): the ioctl
# wakes the engine thread at once, where a ring waits for its next poll
EX_NO_MAP=1 timeout 600 /rdma_pingpong -n "$ROUNDS" > /ppi.log 2>&1 || { tag ours_ppi < /ppi.log; fail "rdma_pingpong (ioctls)"; }
tag ours_ppi < /ppi.log
timeout 600 /rdma_bw -m "$MB" -w 3000 > /bw.log 2>&1 || { tag ours_bw < /bw.log; fail "rdma_bw"; }
tag ours_bw < /bw.log
rmmod uldma || fail "rmmod uldma"

# ------------------------------------------------------------------ rxe
for m in $(cat /rxe/modules.list); do
	insmod "$m" || fail "insmod $m"
done
[ -e /sys/class/net/dummy0 ] || fail "no dummy0 after insmod dummy.ko"
ip addr add 10.0.0.1/24 dev dummy0 && ip link set dummy0 up || fail "dummy0 up"
rdma link add rxe0 type rxe netdev dummy0 2>&1 | tag info
[ -d /sys/class/infiniband/rxe0 ] || fail "rdma link add rxe0 type rxe netdev dummy0"
rdma link show 2>&1 | tag info
# The IPv4 (RoCE v2) GID of 10.0.0.1: the GID table fills asynchronously.
G=""; t=0
while [ -z "$G" ] && [ $t -lt 20 ]; do
	for f in /sys/class/infiniband/rxe0/ports/1/gids/*; do
		[ "$(cat "$f" 2>/dev/null)" = "0000:0000:0000:0000:0000:ffff:0a00:0001" ] && G=${f##*/} && break
	done
	[ -n "$G" ] || { sleep 1; t=$((t + 1)); }
done
[ -n "$G" ] || fail "no GID for 10.0.0.1 on rxe0"
say "info rxe0 GID index $G ($(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/$G 2>/dev/null)), active mtu $(ibv_devinfo -d rxe0 2>/dev/null | sed -n 's/.*active_mtu:[[:space:]]*//p')"

# pair TAG SIZE CMD...: server CMD in the background, client CMD 127.0.0.1,
# the client's output tagged; both must succeed.  perftest converts its
# cycle counts with a cycles-per-microsecond figure it fits against
# gettimeofday; on a loaded emulated host the fit can fail (r^2 < 0.9),
# and it then prints inf or 0.00: such a run is repeated (3 tries).
pair() {
	t=$1; s=$2; shift 2
	try=1
	while :; do
		timeout 300 "$@" > /srv.log 2>&1 &
		srv=$!
		sleep 1
		timeout 300 "$@" 127.0.0.1 > /cli.log 2>&1; crc=$?
		wait $srv; src=$?
		[ $crc -eq 0 ] && [ $src -eq 0 ] || { tag "$t $s" < /cli.log; tag "$t $s server" < /srv.log; fail "$t $s (client $crc, server $src)"; }
		grep -qE 'Correlation coefficient|[[:space:]](inf|-?nan|0\.00)[[:space:]]' /cli.log || break
		[ $try -lt 3 ] || { tag "$t $s" < /cli.log; fail "$t $s: no clock fit in 3 tries"; }
		say "info $t $s: try $try printed no figure (perftest's clock fit), again"
		try=$((try + 1))
	done
	tag "$t $s" < /cli.log
}
for s in $SIZES; do
	pair rc_pp $s ibv_rc_pingpong -d rxe0 -g "$G" -s "$s" -n "$ROUNDS"
	pair rc_ev $s ibv_rc_pingpong -d rxe0 -g "$G" -s "$s" -n "$ROUNDS" -e
	pair wlat $s ib_write_lat -d rxe0 -x "$G" -s "$s" -n "$ROUNDS" -F
	pair wbw $s ib_write_bw -d rxe0 -x "$G" -s "$s" -n "$(writes $s)" -F
done
rdma link delete rxe0 2>&1 | tag info
say done
poweroff -f
