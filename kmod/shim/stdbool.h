/* SPDX-License-Identifier: MIT */
/* kmod/shim/stdbool.h -- <stdbool.h> for the kernel home's files: the
 * kernel's bool/true/false (<linux/types.h>, <linux/stddef.h>); see stdint.h. */
#ifndef UD_KMOD_SHIM_STDBOOL_H
#define UD_KMOD_SHIM_STDBOOL_H
#include <linux/types.h>
#include <linux/stddef.h>
#endif
