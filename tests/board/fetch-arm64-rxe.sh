#!/bin/sh
# tests/board/fetch-arm64-rxe.sh OUT -- the arm64 user space of the rxe
# bench (rdma-core's ibverbs-utils, libibverbs1 and the rxe provider,
# perftest, iproute2's rdma, and the libraries they need), unpacked under
# OUT/sysroot for tests/board/rxe_initrd.sh.  Same route as
# fetch-arm64.sh (../shared/TOOLING.md): arm64 packages are only
# downloaded -- arm64 a foreign architecture for as long as the download
# takes -- and unpacked with dpkg -x, never apt-installed on this machine.
set -eu
out=$1
[ -x "$out/sysroot/usr/bin/ib_write_bw" ] && [ -x "$out/sysroot/usr/bin/ibv_rc_pingpong" ] && exit 0
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
rm -rf "$out/deb" && mkdir -p "$out/deb"
had_arm64=$(dpkg --print-foreign-architectures | grep -cx arm64 || true)
[ "$had_arm64" -eq 0 ] && $SUDO dpkg --add-architecture arm64
rc=0
( $SUDO apt-get update -qq &&
  cd "$out/deb" &&
  apt-get download -q ibverbs-utils:arm64 libibverbs1:arm64 ibverbs-providers:arm64 \
	perftest:arm64 iproute2:arm64 librdmacm1:arm64 libnl-3-200:arm64 \
	libnl-route-3-200:arm64 libpci3:arm64 libudev1:arm64 zlib1g:arm64 \
	libmnl0:arm64 libbsd0:arm64 libmd0:arm64 libcap2:arm64 libc6:arm64 ) || rc=$?
if [ "$had_arm64" -eq 0 ]; then
	$SUDO dpkg --remove-architecture arm64
	$SUDO apt-get update -qq || true
fi
[ $rc -eq 0 ] || { echo "rxe: arm64 download failed" >&2; exit 1; }
for f in "$out"/deb/*.deb; do dpkg -x "$f" "$out/sysroot"; done
