#!/bin/sh
# tests/board/fetch-arm64.sh OUT KVER -- the Debian arm64 kernel, its headers
# and busybox-static, unpacked under OUT/root, for the arm64 board step
# (the ZynqMP's application cores are Cortex-A53s).  Route from
# ../shared/TOOLING.md: the arm64 packages must NOT be apt-installed on this
# amd64 machine (that removes the host compilers), so they are only
# downloaded -- with arm64 added as a foreign architecture for as long as
# the download takes -- and unpacked with dpkg -x.  The host's
# linux-kbuild-6.1 (fixdep, modpost: host binaries) and the arch-independent
# linux-headers-KVER-common are linked into the unpacked tree.
set -eu
out=$1; kver=$2
[ -f "$out/root/boot/vmlinuz-$kver-arm64" ] && [ -d "$out/root/usr/src/linux-headers-$kver-arm64" ] &&
	[ -x "$out/root/bin/busybox" ] && exit 0
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
mkdir -p "$out/deb"
had_arm64=$(dpkg --print-foreign-architectures | grep -cx arm64 || true)
[ "$had_arm64" -eq 0 ] && $SUDO dpkg --add-architecture arm64
rc=0
( $SUDO apt-get update -qq &&
  cd "$out/deb" &&
  apt-get download -q "linux-image-$kver-arm64:arm64" "linux-headers-$kver-arm64:arm64" \
	"busybox-static:arm64" ) || rc=$?
if [ "$had_arm64" -eq 0 ]; then
	$SUDO dpkg --remove-architecture arm64
	$SUDO apt-get update -qq || true
fi
[ $rc -eq 0 ] || { echo "board: arm64 download failed" >&2; exit 1; }
for f in "$out"/deb/*.deb; do dpkg -x "$f" "$out/root"; done
mkdir -p "$out/root/usr/lib"
ln -sfn /usr/lib/linux-kbuild-6.1 "$out/root/usr/lib/linux-kbuild-6.1"
ln -sfn "/usr/src/linux-headers-$kver-common" "$out/root/usr/src/linux-headers-$kver-common"
