/* SPDX-License-Identifier: MIT */
/*
 * ud_platform.h -- the only door between the verified core and its homes.
 *
 * The core (src/) never includes a kernel, libc or vendor header.  What only
 * a home can do -- pin a page, page one in, read the time, post a mailbox
 * message -- is declared here, with the contract the home must honour; each
 * home implements it once:
 *   host (tests, board model)  tests/support/ud_platform_host.c
 *   Linux kernel module        kmod/ud_platform_linux.c
 *   Cortex-R5 firmware         firmware/ud_platform_r5.c
 * The contracts below are environment facts: spec/ASSUMPTIONS.md lists each
 * with its reason.  The ghost variable ud_env stands for the home's state
 * (page tables, pin counts, wires) that the core cannot see; a platform call
 * that changes the world assigns it, so no proof can assume it unchanged.
 *
 * Each module adds the calls it needs in its own section below.
 */
#ifndef UD_PLATFORM_H
#define UD_PLATFORM_H

#include "ud_common.h"

/*@ ghost int ud_env; */

/* ------------------------------------------------------------- common */

/* Monotonic time in ticks of the home's timer.  [A-PLAT-TIME] */
/*@ assigns \result \from ud_env; */
uint64_t ud_plat_now(void);

#endif /* UD_PLATFORM_H */
