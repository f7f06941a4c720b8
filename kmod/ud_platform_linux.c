// SPDX-License-Identifier: MIT
/*
 * kmod/ud_platform_linux.c -- the kernel home's implementation of the
 * common platform calls of src/ud_platform.h.  Module-specific calls live
 * in kmod/plat_linux_<module>.c (picked up by kmod/Kbuild's wildcard).
 *
 * Only this directory includes kernel headers; src/ never does.
 */
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#include "ud_platform.h"

/*
 * [A-PLAT-TIME] Monotonic time.  One tick of the kernel home is one
 * nanosecond of CLOCK_MONOTONIC (ktime_get_ns()), which never goes
 * backwards and does not jump with settimeofday(); 2^64 ns is 584 years.
 */
uint64_t ud_plat_now(void)
{
	return ktime_get_ns();
}
