#!/bin/busybox sh
# tests/board/bench_init.sh -- /init of the guest bench's initramfs
# (tests/board/Makefile bench-guest, run by make bench through
# tests/bench/guest.mk): load uldma.ko, run /uldma_bench, print its lines
# prefixed "uldma-bench: " and a last "uldma-bench: done" or "FAIL", and
# power off.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
if insmod /uldma.ko && /uldma_bench >/bench.log 2>&1; then
	sed 's/^/uldma-bench: /' /bench.log
	rmmod uldma && echo "uldma-bench: done" || echo "uldma-bench: FAIL rmmod"
else
	sed 's/^/uldma-bench: /' /bench.log 2>/dev/null
	echo "uldma-bench: FAIL"
fi
poweroff -f
