#!/bin/sh
# kmod/check_leaks.sh OUT ROOT core.c... -- after the Kbuild run, prove from
# the compiler's own dependency lists (build/kmod/.<obj>.o.cmd) that each
# core object was compiled from src/ and spec/ plus gcc's freestanding
# stdint/stddef/stdbool only.  The kernel build force-includes three headers
# into every object (linux/compiler-version.h, linux/kconfig.h,
# linux/compiler_types.h and what they pull in: attribute and config macros,
# and on arm64 asm/compiler.h, pointer-authentication macros);
# those are allowed, anything else from the kernel tree is a leak.
set -eu
out=$1; root=$2; shift 2
fail=0
for c in "$@"; do
	o=${c%.c}.o
	cmd=$out/.$o.cmd
	[ -f "$cmd" ] || { echo "kmod: no dependency list $cmd" >&2; exit 1; }
	# The deps_ block: one path per line ending in ' \'.
	sed -n '/^deps_/,/^$/p' "$cmd" | tr -d ' \\' | sed 's/^\$(wildcard.*//' |
	grep -v '^deps_' | grep -v '^$' | while read -r dep; do
		case "$dep" in
		"$out/$c"|"$root"/src/*|"$root"/spec/*) ;;
		"$out"/core-include/*|*/gcc/*/include/std*.h) ;;
		*/include/linux/compiler-version.h|*/include/linux/kconfig.h) ;;
		*/include/generated/autoconf.h) ;;
		*/include/linux/compiler_types.h|*/include/linux/compiler_attributes.h) ;;
		*/include/linux/compiler-gcc.h|*/include/linux/compiler-clang.h) ;;
		*/include/linux/compiler-context-analysis.h) ;;
		*/arch/*/include/asm/compiler.h) ;;	# compiler_types.h, arm64
		*) echo "kmod: LEAK: core file $c depends on $dep" >&2; echo x ;;
		esac
	done | grep -q x && fail=1
done
[ $fail -eq 0 ] || { echo "kmod: a kernel header leaked into src/ (see above)" >&2; exit 1; }
exit 0
