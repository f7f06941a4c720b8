#!/bin/busybox sh
# tests/board/init.sh -- /init of the board test's initramfs (busybox).
# Loads uldma.ko into the booted kernel, reads its self-check report back
# through /dev/uldma, runs the verbs test (/uldma_verbs_test: every verb of
# kmod/uapi/uldma.h from user space), the transfer test (/uldma_xfer_test:
# RDMA write/read through the module's soft engine, windows, queues, through
# lib/libuldma), the attacks from another process (/uldma_attack_test),
# the mapped send rings (/uldma_ring_test), the mapped completion ring
# (/uldma_cq_test), registered memory invalidated
# under outstanding transfers (/uldma_inval_test), virtual-address
# transfers through the VA fault path (/uldma_vafault_test), the send
# modes of seed 003 (/uldma_sendmode_test), the shadow window of seed 000
# (/uldma_shadow_test), the virtual interfaces of seed 002
# (/uldma_via_test), the lock order
# (/uldma_lockorder_test), the example
# (/rdma_loopback) and the two-process examples
# (/rdma_xproc, /rdma_pingpong, /rdma_bw), kills a process holding a
# registration, a QP and an unpolled completion and another holding a bound
# window and 32 queued requests (the engine held), shows the module's
# counters (debugfs uldma/stats), unloads the module (which must find
# nothing pinned and no completion lost), prints one verdict line and
# powers off.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mkdir -p /tmp	# the two-process examples' Unix sockets
STATS=/sys/kernel/debug/uldma/stats
PAUSE=/sys/kernel/debug/uldma/engine_pause

counter() {
	sed -n "s/^$1 //p" $STATS
}

verdict() {
	echo "uldma-board: $1"
	poweroff -f
}

echo "uldma-board: kernel $(uname -r)"
if ! insmod /uldma.ko; then
	dmesg | grep 'uldma:' | sed 's/^/uldma-board: dmesg: /'
	verdict "FAIL insmod"
fi
dmesg | grep 'uldma:' | sed 's/^/uldma-board: dmesg: /'
dmesg | grep -q 'uldma: self-check passed' || verdict "FAIL no self-check line in the kernel log"
[ -c /dev/uldma ] || verdict "FAIL /dev/uldma missing"
[ -r $STATS ] || verdict "FAIL no debugfs counters ($STATS)"
report=$(cat /dev/uldma)
echo "uldma-board: /dev/uldma: $report"
case "$report" in
"uldma: self-check passed ("*) ;;
*) verdict "FAIL /dev/uldma report" ;;
esac

# The verbs from user space: one line per check, then "verbs: N/N checks
# passed"; the program's exit status and that line must both say so.
[ -x /uldma_verbs_test ] || verdict "FAIL /uldma_verbs_test missing"
/uldma_verbs_test >/verbs.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /verbs.log
summary=$(grep '^verbs: [0-9]*/[0-9]* checks passed$' /verbs.log)
n=${summary#verbs: }; n=${n%%/*}
t=${summary#verbs: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$summary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL verbs test (exit $rc, ${summary:-no summary line})"

# Bytes through the engine: one line per check, then "xfer: N/N checks
# passed"; then the example, which ends in "rdma_loopback: OK".
[ -x /uldma_xfer_test ] || verdict "FAIL /uldma_xfer_test missing"
/uldma_xfer_test >/xfer.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /xfer.log
xsummary=$(grep '^xfer: [0-9]*/[0-9]* checks passed$' /xfer.log)
n=${xsummary#xfer: }; n=${n%%/*}
t=${xsummary#xfer: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$xsummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL xfer test (exit $rc, ${xsummary:-no summary line})"
# Posting with no system call (ABI 5): the mapped send ring, forged WQEs
# and producer indices: "ring: N/N checks passed".
[ -x /uldma_ring_test ] || verdict "FAIL /uldma_ring_test missing"
/uldma_ring_test >/ring.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /ring.log
rsummary=$(grep '^ring: [0-9]*/[0-9]* checks passed$' /ring.log)
n=${rsummary#ring: }; n=${n%%/*}
t=${rsummary#ring: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$rsummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL ring test (exit $rc, ${rsummary:-no summary line})"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the ring test: $(counter pins_held)"
echo 0 >$PAUSE
# Polling with no system call (ABI 6): the mapped completion ring, wrap,
# overflow, a forged consumer index: "cq: N/N checks passed".
[ -x /uldma_cq_test ] || verdict "FAIL /uldma_cq_test missing"
/uldma_cq_test >/cq.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /cq.log
csummary=$(grep '^cq: [0-9]*/[0-9]* checks passed$' /cq.log)
n=${csummary#cq: }; n=${n%%/*}
t=${csummary#cq: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$csummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL cq test (exit $rc, ${csummary:-no summary line})"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the cq test: $(counter pins_held)"
echo 0 >$PAUSE
# A registered buffer unmapped, mprotected or exited while transfers are
# outstanding (the interval notifiers): "inval: N/N checks passed".
[ -x /uldma_inval_test ] || verdict "FAIL /uldma_inval_test missing"
/uldma_inval_test >/inval.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /inval.log
isummary=$(grep '^inval: [0-9]*/[0-9]* checks passed$' /inval.log)
n=${isummary#inval: }; n=${n%%/*}
t=${isummary#inval: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$isummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL inval test (exit $rc, ${isummary:-no summary line})"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the inval test: $(counter pins_held)"
echo 0 >$PAUSE
# Attacks from another process (a target process checks its own memory
# after each): "attack: N/N checks passed".
[ -x /uldma_attack_test ] || verdict "FAIL /uldma_attack_test missing"
/uldma_attack_test >/attack.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /attack.log
asummary=$(grep '^attack: [0-9]*/[0-9]* checks passed$' /attack.log)
n=${asummary#attack: }; n=${n%%/*}
t=${asummary#attack: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$asummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL attack test (exit $rc, ${asummary:-no summary line})"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the attack test: $(counter pins_held)"
# Virtual-address transfers through the VA fault path (ABI 7): touched
# pages take no fault; untouched source and destination pages are paged in
# by the fault handler and arrive byte-exact; permission faults and forged
# addresses complete with their errors and write nothing:
# "vafault: N/N checks passed".
[ -x /uldma_vafault_test ] || verdict "FAIL /uldma_vafault_test missing"
/uldma_vafault_test >/vafault.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /vafault.log
vsummary=$(grep '^vafault: [0-9]*/[0-9]* checks passed$' /vafault.log)
n=${vsummary#vafault: }; n=${n%%/*}
t=${vsummary#vafault: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$vsummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL vafault test (exit $rc, ${vsummary:-no summary line})"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the vafault test: $(counter pins_held)"
# The five send modes of seed 003 (ABI 9): bytes delivered, the reuse rule
# of each mode (the NI held when it matters), the receive placements, bad
# input: "sendmode: N/N checks passed".
[ -x /uldma_sendmode_test ] || verdict "FAIL /uldma_sendmode_test missing"
/uldma_sendmode_test >/sendmode.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /sendmode.log
ssummary=$(grep '^sendmode: [0-9]*/[0-9]* checks passed$' /sendmode.log)
n=${ssummary#sendmode: }; n=${n%%/*}
t=${ssummary#sendmode: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$ssummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL sendmode test (exit $rc, ${ssummary:-no summary line})"
[ "$(counter sm_pins_held)" = 0 ] || verdict "FAIL send-mode pins held after the sendmode test: $(counter sm_pins_held)"
# The shadow window (ABI 10): seed 000's three initiation algorithms, one
# SHADOW ioctl per load or store, another process interleaving, bad
# input: "shadow: N/N checks passed".
[ -x /uldma_shadow_test ] || verdict "FAIL /uldma_shadow_test missing"
/uldma_shadow_test >/shadow.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /shadow.log
hsummary=$(grep '^shadow: [0-9]*/[0-9]* checks passed$' /shadow.log)
n=${hsummary#shadow: }; n=${n%%/*}
t=${hsummary#shadow: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$hsummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL shadow test (exit $rc, ${hsummary:-no summary line})"
[ "$(counter sh_pins_held)" = 0 ] || verdict "FAIL shadow pins held after the shadow test: $(counter sh_pins_held)"
# Virtual interfaces (ABI 11): seed 002's descriptors through the two
# nodes' tables with the VI's tag, one VIA ioctl per doorbell write,
# another process refused: "via: N/N checks passed".
[ -x /uldma_via_test ] || verdict "FAIL /uldma_via_test missing"
/uldma_via_test >/via.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /via.log
visummary=$(grep '^via: [0-9]*/[0-9]* checks passed$' /via.log)
n=${visummary#via: }; n=${n%%/*}
t=${visummary#via: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$visummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL via test (exit $rc, ${visummary:-no summary line})"
[ "$(counter via_pins_held)" = 0 ] || verdict "FAIL VIA pins held after the via test: $(counter via_pins_held)"
# The lock order (device mutex -> mmap_lock): threads of one process
# mapping the rings, the completion ring and the DMA buffer while others
# register memory and send; a deadlock trips the program's 60 s watchdog:
# "lockorder: N/N checks passed".
echo 0 >$PAUSE
[ -x /uldma_lockorder_test ] || verdict "FAIL /uldma_lockorder_test missing"
/uldma_lockorder_test >/lockorder.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /lockorder.log
lsummary=$(grep '^lockorder: [0-9]*/[0-9]* checks passed$' /lockorder.log)
n=${lsummary#lockorder: }; n=${n%%/*}
t=${lsummary#lockorder: */}; t=${t%% *}
[ "$rc" -eq 0 ] && [ -n "$lsummary" ] && [ "$n" = "$t" ] ||
	verdict "FAIL lockorder test (exit $rc, ${lsummary:-no summary line})"
echo 0 >$PAUSE
[ -x /rdma_loopback ] || verdict "FAIL /rdma_loopback missing"
run0=$(counter engine_run); ns0=$(counter engine_run_ns)
t0=$(cut -d' ' -f1 /proc/uptime)
/rdma_loopback >/loopback.log 2>&1
rc=$?
t1=$(cut -d' ' -f1 /proc/uptime)
sed 's/^/uldma-board: /' /loopback.log
runs=$(($(counter engine_run) - run0)); ns=$(($(counter engine_run_ns) - ns0))
echo "uldma-board: rdma_loopback: the engine ran $runs requests, $((ns / 1000)) us inside ud_wr_run ($((ns / 1000 / (runs > 0 ? runs : 1))) us each), program $t0 -> $t1 s"
[ "$rc" -eq 0 ] && grep -q '^rdma_loopback: OK' /loopback.log ||
	verdict "FAIL rdma_loopback (exit $rc)"

# The two-process examples: each forks a server and a client, each with
# its own /dev/uldma context, meeting over a Unix socket; each must exit 0
# and print its OK line (rdma_xproc: the target checked the client's
# write byte for byte; the tools: every message / the target's bytes
# checked after each size).
example() {
	name=$1; shift
	[ -x /$name ] || verdict "FAIL /$name missing"
	/$name "$@" >/$name.log 2>&1
	rc=$?
	sed "s/^/uldma-board: /" /$name.log
	[ "$rc" -eq 0 ] && grep -q "^$name: OK" /$name.log ||
		verdict "FAIL $name (exit $rc)"
}
example rdma_xproc
example rdma_pingpong -n 50
example rdma_bw -m 1 -w 3000
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the examples: $(counter pins_held)"

# A process killed while it holds a PD, a registration and a QP with an
# unpolled completion, and one killed while it holds a window bound to its
# region and 32 writes queued (it holds the engine): the module is in use
# while they live; their deaths release everything -- the queued requests
# are dropped, never run -- so rmmod then finds no page pinned.
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the tests: $(counter pins_held)"
dropped0=$(counter engine_dropped)
/uldma_verbs_test hold >/hold.log 2>&1 &
holder=$!
i=0
while ! grep -q 'verbs: holding' /hold.log && [ $i -lt 50 ]; do
	sleep 0.1; i=$((i + 1))
done
sed 's/^/uldma-board: /' /hold.log
grep -q 'verbs: holding' /hold.log || verdict "FAIL hold: no registration"
/uldma_xfer_test hold >/xhold.log 2>&1 &
xholder=$!
i=0
while ! grep -q 'xfer: holding' /xhold.log && [ $i -lt 50 ]; do
	sleep 0.1; i=$((i + 1))
done
sed 's/^/uldma-board: /' /xhold.log
grep -q 'xfer: holding' /xhold.log || verdict "FAIL xfer hold: no queued requests"
echo "uldma-board: holders: pins_held $(counter pins_held), engine_paused $(counter engine_paused)"
rmmod uldma 2>/dev/null && verdict "FAIL rmmod succeeded while a file was open"
kill -9 $holder $xholder
wait $holder 2>/dev/null
wait $xholder 2>/dev/null
dropped=$(($(counter engine_dropped) - dropped0))
echo "uldma-board: holders killed: pins_held $(counter pins_held), $dropped queued requests dropped"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL killed holders left $(counter pins_held) pages pinned"
[ "$dropped" -ge 32 ] || verdict "FAIL killed holder: $dropped queued requests dropped, want 32"
echo 0 >$PAUSE || verdict "FAIL engine_pause"

# The stress: 4 processes, random verbs and transfers, every byte checked
# against each one's model, for the seconds on the kernel command line
# (ud_stress=N, tests/board/Makefile's STRESS_SECONDS); then nothing
# may stay pinned, and the counters below must show no completion lost.
secs=$(sed -n 's/.*ud_stress=\([0-9]*\).*/\1/p' /proc/cmdline)
[ -x /uldma_stress ] || verdict "FAIL /uldma_stress missing"
/uldma_stress 4 "${secs:-12}" >/stress.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /stress.log
[ "$rc" -eq 0 ] && grep -q '^stress: OK' /stress.log ||
	verdict "FAIL stress (exit $rc)"
[ "$(counter pins_held)" = 0 ] || verdict "FAIL pins held after the stress: $(counter pins_held)"

# The module's counters (debugfs), every one.
sed 's/^/uldma-board: stats: /' $STATS
[ "$(counter completions_lost)" = 0 ] || verdict "FAIL completions lost"
[ "$(counter dma_refused)" = 0 ] || verdict "FAIL DMA pieces refused"

rmmod uldma || verdict "FAIL rmmod"
[ -e /dev/uldma ] && verdict "FAIL /dev/uldma left behind"
dmesg | grep 'uldma: unload' | sed 's/^/uldma-board: dmesg: /'
dmesg | grep -q 'uldma: unloaded, 0 pages pinned, 0 completions lost, 0 DMA pieces refused' ||
	verdict "FAIL unload: pages left pinned, completions lost or DMA refused (or no unload line)"
dmesg | grep -q 'WARNING:.*uldma' && verdict "FAIL a kernel WARNING was logged"
verdict "PASS insmod, self-check, /dev/uldma, $summary, $xsummary, $rsummary, $csummary, $isummary, $asummary, $vsummary, $ssummary, $hsummary, $visummary, $lsummary, rdma_loopback OK, rdma_xproc OK, rdma_pingpong OK, rdma_bw OK, stress OK, killed holders released ($dropped queued dropped), rmmod with 0 pages pinned"
