#!/bin/busybox sh
# tests/board/init.sh -- /init of the board test's initramfs (busybox).
# Loads uldma.ko into the booted kernel, reads its self-check report back
# through /dev/uldma, unloads it, prints one verdict line and powers off.
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
rmmod uldma || verdict "FAIL rmmod"
[ -e /dev/uldma ] && verdict "FAIL /dev/uldma left behind"
dmesg | grep -q 'uldma: unloaded' || verdict "FAIL no unload line"
verdict "PASS insmod, self-check, /dev/uldma, rmmod"
