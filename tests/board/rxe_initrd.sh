#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/board/rxe_initrd.sh ROOT MODDIR SYSROOT BUSYBOX PROG... -- fill ROOT
# (an initramfs tree) for the rxe bench (tests/board/Makefile bench-rxe,
# make bench through tests/bench/rxe.mk):
#   - busybox, /init (tests/board/rxe_init.sh), the given PROGs (uldma.ko
#     and our static examples) at /;
#   - the Debian kernel's rdma_rxe.ko and what it needs, from MODDIR
#     (/lib/modules/KVER/kernel): udp_tunnel, ip6_udp_tunnel, ib_core,
#     ib_uverbs (modules.dep), crc32_generic (rxe's ICRC asks the crypto
#     API for "crc32"; with no modprobe in the guest the request cannot
#     load it) and dummy (the netdev rxe0 sits on), in load order in
#     /rxe/modules.list;
#   - rdma-core's ibv_rc_pingpong, ibv_devinfo, perftest's ib_write_lat
#     and ib_write_bw, iproute2's rdma, from SYSROOT (/ for the host's own
#     packages, or an arm64 tree unpacked by fetch-arm64-rxe.sh), with
#     every shared library their NEEDED entries name (readelf, followed to
#     the end), the dynamic loader, the rxe provider
#     (libibverbs/librxe-rdmav*.so) and /etc/libibverbs.d/rxe.driver, at
#     the same paths.
set -eu
root=$1; moddir=$2; sysroot=$3; busybox=$4; shift 4
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$root"
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/rxe" \
	"$root/usr/bin" "$root/usr/lib" "$root/etc/libibverbs.d"
ln -s usr/lib "$root/lib"
cp "$busybox" "$root/bin/busybox"
cp "$here/rxe_init.sh" "$root/init" && chmod +x "$root/init"
for p in "$@"; do cp "$p" "$root/"; done

# Kernel modules, in load order (each after its modules.dep entries).
: > "$root/rxe/modules.list"
for m in net/ipv4/udp_tunnel net/ipv6/ip6_udp_tunnel crypto/crc32_generic \
	drivers/infiniband/core/ib_core drivers/infiniband/core/ib_uverbs \
	drivers/infiniband/sw/rxe/rdma_rxe drivers/net/dummy; do
	f="$moddir/$m.ko"
	[ -f "$f" ] || f="$f.xz"
	[ -f "$f" ] || { echo "rxe: $moddir/$m.ko missing (kernel without it?)" >&2; exit 3; }
	case "$f" in *.xz) xz -dc "$f" > "$root/rxe/$(basename "$m").ko" ;;
	*) cp "$f" "$root/rxe/" ;; esac
	echo "/rxe/$(basename "$m").ko" >> "$root/rxe/modules.list"
done

# User space: the tools and their libraries at their own paths.
copy() {	# copy SYSROOT's $1 (resolving symlinks) to ROOT at the same path
	src="$sysroot$1"
	[ -e "$src" ] || { echo "rxe: $src missing" >&2; exit 3; }
	mkdir -p "$root$(dirname "$1")"
	cp -L "$src" "$root$1"
}
need() {	# the NEEDED sonames of ELF $1, resolved in SYSROOT's multiarch dirs
	for so in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		found=""
		for d in /usr/lib/$triple /lib/$triple /usr/lib /lib; do
			if [ -e "$sysroot$d/$so" ]; then found="$d/$so"; break; fi
		done
		[ -n "$found" ] || { echo "rxe: $so (needed by $1) not in $sysroot" >&2; exit 3; }
		echo "$found"
	done
}
if [ "$sysroot" = / ]; then sysroot=""; fi
triple=$(ls -d "$sysroot"/usr/lib/*-linux-gnu/libibverbs 2>/dev/null | head -1 | xargs dirname | xargs basename)
[ -n "$triple" ] || { echo "rxe: no $sysroot/usr/lib/*-linux-gnu/libibverbs (ibverbs-providers)" >&2; exit 3; }
provider=$(ls "$sysroot/usr/lib/$triple/libibverbs/" | grep -m1 '^librxe-rdmav.*\.so$')
files="/usr/bin/ibv_rc_pingpong /usr/bin/ibv_devinfo /usr/bin/ib_write_lat /usr/bin/ib_write_bw /usr/bin/rdma /usr/lib/$triple/libibverbs/$provider"
todo=$files
seen=""
while [ -n "$todo" ]; do
	next=""
	for f in $todo; do
		case " $seen " in *" $f "*) continue ;; esac
		seen="$seen $f"
		copy "$f"
		n=$(need "$sysroot$f") || exit 3
		next="$next $n"
	done
	todo=$next
done
case "$triple" in
x86_64*) copy /usr/lib64/ld-linux-x86-64.so.2; ln -s usr/lib64 "$root/lib64" ;;
aarch64*) if [ -e "$sysroot/lib/ld-linux-aarch64.so.1" ]; then copy /lib/ld-linux-aarch64.so.1
	else copy /usr/lib/ld-linux-aarch64.so.1; fi ;;
esac
cp "$sysroot/etc/libibverbs.d/rxe.driver" "$root/etc/libibverbs.d/"
echo "$triple" > "$root/rxe/triple"
