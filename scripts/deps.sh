#!/bin/sh
# scripts/deps.sh GROUP... -- install, from Debian's archive, what a make
# target needs, and nothing when it is already there.  Every target of the
# Makefile calls this first, so a bare Debian 12 machine needs no manual step.
set -eu

pkgs_for() {
	case "$1" in
	prove)    echo "frama-c-base why3 z3 cvc4 python3 make" ;;
	test)     echo "gcc clang libclang-rt-14-dev check pkg-config python3 make gcc-arm-none-eabi libnewlib-arm-none-eabi linux-headers-amd64 spin" ;;
	models)   echo "spin gcc python3" ;;
	kmod)     echo "gcc make linux-headers-amd64" ;;
	firmware) echo "gcc-arm-none-eabi libnewlib-arm-none-eabi binutils-arm-none-eabi qemu-system-arm" ;;
	hw)       echo "iverilog verilator yosys z3 cvc4 g++" ;;
	board)    echo "linux-image-amd64 linux-headers-amd64 qemu-system-x86 busybox-static cpio qemu-system-arm gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-aarch64-linux-gnu libc6-dev-arm64-cross" ;;
	bench)    echo "gcc libucx-dev valgrind gnuplot-nox python3 ibverbs-utils ibverbs-providers perftest iproute2 binutils" ;;
	*) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
	esac
}

want=""
for g in "$@"; do
	for p in $(pkgs_for "$g"); do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
			want="$want $p"
		fi
	done
done

if [ -n "$want" ]; then
	echo "deps: installing$want"
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO="sudo"
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $want >/dev/null
fi

# WP needs why3 to know the provers; detect once per machine.
case " $* " in
*" prove "*)
	if ! why3 config list-provers 2>/dev/null | grep -q '^Z3' ||
	   ! why3 config list-provers 2>/dev/null | grep -q '^CVC4'; then
		why3 config detect >/dev/null 2>&1
	fi
	;;
esac
exit 0
