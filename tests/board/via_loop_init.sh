#!/bin/busybox sh
# tests/board/via_loop_init.sh -- /init of `make -C tests/board via-loop`
# (and via-loop-arm64): loads uldma.ko and runs /uldma_via_test
# ud_loops=N times (kernel command line) in this one boot, to show that
# its checks do not depend on what else happens in the guest.  Each run's
# summary and its withdrawals-by-event line; a failing run's checks and
# the kernel log since the run started (the notifier's debug lines, if
# any); then "uldma-vialoop: N runs, F failed", VIA pins held 0.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
STATS=/sys/kernel/debug/uldma/stats
echo "uldma-vialoop: kernel $(uname -r)"
echo "uldma-vialoop: thp $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)," \
	"numa_balancing $(cat /proc/sys/kernel/numa_balancing 2>/dev/null)," \
	"ksm run $(cat /sys/kernel/mm/ksm/run 2>/dev/null)"
insmod /uldma.ko || { echo "uldma-vialoop: FAIL insmod"; poweroff -f; }
loops=$(sed -n 's/.*ud_loops=\([0-9]*\).*/\1/p' /proc/cmdline)
loops=${loops:-30}
i=0
fail=0
while [ $i -lt "$loops" ]; do
	i=$((i + 1))
	dmesg -c >/dev/null
	/uldma_via_test >/via.log 2>&1
	rc=$?
	s=$(grep '^via: [0-9]*/[0-9]* checks passed$' /via.log)
	n=${s#via: }; n=${n%%/*}
	t=${s#via: */}; t=${t%% *}
	w=$(sed -n 's/^via: withdrawals by event: //p' /via.log)
	pins=$(sed -n 's/^via_pins_held //p' $STATS)
	echo "uldma-vialoop: run $i: ${s:-no summary} (exit $rc; $w; pins $pins)"
	if [ "$rc" -ne 0 ] || [ -z "$s" ] || [ "$n" != "$t" ] || [ "$pins" != 0 ]; then
		fail=$((fail + 1))
		grep -v '^via: ok' /via.log | sed 's/^/uldma-vialoop: | /'
		dmesg | sed 's/^/uldma-vialoop: dmesg: /'
	fi
done
echo "uldma-vialoop: $loops runs, $fail failed"
sed 's/^/uldma-vialoop: stats: /' $STATS | grep via_
poweroff -f
