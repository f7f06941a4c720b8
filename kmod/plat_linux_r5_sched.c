// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_r5_sched.c -- the kernel home of the r5_sched platform
 * calls.  The retransmit scheduler runs on the Cortex-R5 (seed
 * 004_2c0be60bc8bfaeb5.txt, 1.3.2), not in Linux; the kernel module links
 * the core unchanged, so these are stubs that only count (the module's
 * self-test may drive the scheduler logic against them).
 */
#include "ud_platform.h"

static u32 ud_r5_kposts, ud_r5_knotes;

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	ud_r5_kposts++;
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	ud_r5_knotes++;
}
