#!/bin/busybox sh
# tests/board/init.sh -- /init of the board test's initramfs (busybox).
# Loads uldma.ko into the booted kernel, reads its self-check report back
# through /dev/uldma, runs the verbs test (/uldma_verbs_test: every verb of
# kmod/uapi/uldma.h from user space), kills a process holding a
# registration, unloads the module (which must find nothing pinned), prints
# one verdict line and powers off.
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

# A process killed while it holds a PD and a registration: the module is in
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
dmesg | grep -q 'uldma: unloaded, 0 pages pinned' || verdict "FAIL unload: pages left pinned (or no unload line)"
verdict "PASS insmod, self-check, /dev/uldma, $summary, killed holder released, rmmod with 0 pages pinned"
