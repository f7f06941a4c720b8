#!/bin/busybox sh
# tests/board/init.sh -- /init of the board test's initramfs (busybox).
# Loads uldma.ko into the booted kernel, reads its self-check report back
# through /dev/uldma, runs the verbs test (/uldma_verbs_test: every verb of
# kmod/uapi/uldma.h from user space), the transfer test (/uldma_xfer_test:
# RDMA write/read through the engine, through lib/libuldma) and the example
# (/rdma_loopback), kills a process holding a registration, a QP and an
# unpolled completion, unloads the module (which must find nothing pinned
# and no completion lost), prints one verdict line and powers off.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null

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
[ -x /rdma_loopback ] || verdict "FAIL /rdma_loopback missing"
/rdma_loopback >/loopback.log 2>&1
rc=$?
sed 's/^/uldma-board: /' /loopback.log
[ "$rc" -eq 0 ] && grep -q '^rdma_loopback: OK' /loopback.log ||
	verdict "FAIL rdma_loopback (exit $rc)"

# A process killed while it holds a PD, a registration and a QP with an
# unpolled completion: the module is in
# use while it lives; its death releases everything, so rmmod then finds
# no page pinned.
/uldma_verbs_test hold >/hold.log 2>&1 &
holder=$!
i=0
while ! grep -q 'verbs: holding' /hold.log && [ $i -lt 50 ]; do
	sleep 0.1; i=$((i + 1))
done
sed 's/^/uldma-board: /' /hold.log
grep -q 'verbs: holding' /hold.log || verdict "FAIL hold: no registration"
rmmod uldma 2>/dev/null && verdict "FAIL rmmod succeeded while a file was open"
kill -9 $holder
wait $holder 2>/dev/null

rmmod uldma || verdict "FAIL rmmod"
[ -e /dev/uldma ] && verdict "FAIL /dev/uldma left behind"
dmesg | grep 'uldma: unload' | sed 's/^/uldma-board: dmesg: /'
dmesg | grep -q 'uldma: unloaded, 0 pages pinned, 0 completions lost, 0 DMA pieces refused' ||
	verdict "FAIL unload: pages left pinned, completions lost or DMA refused (or no unload line)"
dmesg | grep -q 'WARNING:.*uldma' && verdict "FAIL a kernel WARNING was logged"
verdict "PASS insmod, self-check, /dev/uldma, $summary, $xsummary, rdma_loopback OK, killed holder released, rmmod with 0 pages pinned"
