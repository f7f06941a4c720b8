#!/bin/busybox sh
# tests/board/test_loop_init.sh -- /init of `make -C tests/board test-loop`
# (and test-loop-arm64): loads uldma.ko and runs each program named by
# ud_tests=a,b (kernel command line; default uldma_inval_test and
# uldma_shadow_test) ud_loops=N times in this one boot, to show that their
# checks do not depend on what else happens in the guest (where ASLR puts
# a mapping, the scheduler).  Each run's summaries; a failing run's failed
# checks and the kernel log since the run started; then
# "uldma-testloop: N runs, F failed", every pin counter back to 0.
# ud_verbose on the command line prints every run's whole output.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
STATS=/sys/kernel/debug/uldma/stats
echo "uldma-testloop: kernel $(uname -r)"
echo "uldma-testloop: thp $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)"
insmod /uldma.ko || { echo "uldma-testloop: FAIL insmod"; poweroff -f; }
loops=$(sed -n 's/.*ud_loops=\([0-9]*\).*/\1/p' /proc/cmdline)
loops=${loops:-30}
tests=$(sed -n 's/.*ud_tests=\([a-z_,]*\).*/\1/p' /proc/cmdline | tr , ' ')
tests=${tests:-uldma_inval_test uldma_shadow_test}
i=0
fail=0
while [ $i -lt "$loops" ]; do
	i=$((i + 1))
	line=""
	bad=0
	for t in $tests; do
		dmesg -c >/dev/null
		p=${t#uldma_}; p=${p%_test}
		/$t >/t.log 2>&1
		rc=$?
		s=$(grep "^$p: [0-9]*/[0-9]* checks passed\$" /t.log)
		n=${s#$p: }; n=${n%%/*}
		tt=${s#$p: */}; tt=${tt%% *}
		pins=$(awk '$1 ~ /pins_held$/ { s += $2 } END { print s + 0 }' $STATS)
		line="$line ${s:-$p: no summary} (exit $rc, pins $pins);"
		grep -q ud_verbose /proc/cmdline && sed 's/^/uldma-testloop: v /' /t.log
		if [ "$rc" -ne 0 ] || [ -z "$s" ] || [ "$n" != "$tt" ] || [ "$pins" != 0 ]; then
			bad=1
			grep -v "^$p: ok" /t.log | sed 's/^/uldma-testloop: | /'
			dmesg | sed 's/^/uldma-testloop: dmesg: /'
		fi
	done
	if [ $bad = 0 ]; then
		echo "uldma-testloop: run $i ok:$line"
	else
		fail=$((fail + 1))
		echo "uldma-testloop: run $i FAILED:$line"
	fi
done
echo "uldma-testloop: $loops runs, $fail failed"
sed 's/^/uldma-testloop: stats: /' $STATS | grep -E 'mr_|sh_|pins'
poweroff -f
