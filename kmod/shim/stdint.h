/* SPDX-License-Identifier: MIT */
/*
 * kmod/shim/stdint.h -- <stdint.h> for the kernel home's own files only.
 *
 * src/ud_common.h includes <stdint.h>.  A kernel file cannot include gcc's
 * <stdint.h> beside <linux/types.h>: both typedef uint64_t, gcc as
 * `unsigned long`, the kernel as `unsigned long long` (asm-generic/int-ll64.h).
 * So the home's files see the kernel's typedefs and the core's files see
 * gcc's (kmod/Kbuild).  On x86_64 (LP64) and arm64 both spellings are the
 * same 64-bit unsigned integer: same size, alignment, registers; the checks
 * below make a build on any other ABI fail instead of silently differ.
 */
#ifndef UD_KMOD_SHIM_STDINT_H
#define UD_KMOD_SHIM_STDINT_H

#include <linux/types.h>
#include <linux/limits.h>

#ifndef INT8_MAX
#define INT8_MIN   S8_MIN
#define INT8_MAX   S8_MAX
#define UINT8_MAX  U8_MAX
#define INT16_MIN  S16_MIN
#define INT16_MAX  S16_MAX
#define UINT16_MAX U16_MAX
#define INT32_MIN  S32_MIN
#define INT32_MAX  S32_MAX
#define UINT32_MAX U32_MAX
#define INT64_MIN  S64_MIN
#define INT64_MAX  S64_MAX
#define UINT64_MAX U64_MAX
#define SIZE_MAX   (~(size_t)0)
#define UINTPTR_MAX ULONG_MAX
#endif
#ifndef INT8_C
#define INT8_C(c)    c
#define INT16_C(c)   c
#define INT32_C(c)   c
#define INT64_C(c)   c ## LL
#define UINT8_C(c)   c
#define UINT16_C(c)  c
#define UINT32_C(c)  c ## U
#define UINT64_C(c)  c ## ULL
#endif

_Static_assert(sizeof(uint64_t) == 8 && _Alignof(uint64_t) == _Alignof(unsigned long),
	       "uint64_t: kernel and core spellings must be ABI-identical");
_Static_assert(sizeof(int64_t) == 8 && sizeof(unsigned long) == 8,
	       "the kernel home assumes an LP64 kernel");
_Static_assert(sizeof(uint32_t) == 4 && sizeof(int32_t) == 4 && sizeof(uint16_t) == 2,
	       "fixed-width types");

#endif /* UD_KMOD_SHIM_STDINT_H */
