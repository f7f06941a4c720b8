/* SPDX-License-Identifier: MIT */
/* kmod/shim/stddef.h -- <stddef.h> for the kernel home's files: see stdint.h. */
#ifndef UD_KMOD_SHIM_STDDEF_H
#define UD_KMOD_SHIM_STDDEF_H
#include <linux/types.h>
#include <linux/stddef.h>
#endif
