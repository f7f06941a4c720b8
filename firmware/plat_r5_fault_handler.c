/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_fault_handler.c -- the Cortex-R5 home of the
 * fault_handler platform calls (src/ud_platform.h, section fault_handler).
 *
 * The fault handler runs in Linux on the A53s (seed
 * 004_2c0be60bc8bfaeb5.txt, 3.2.2-3.2.3: tasklets of the SMMU driver); the
 * R5 has no process pages to bring in and receives, rather than sends,
 * RAPF messages.  The firmware links the core unchanged, so these are
 * refusing stubs: page-in and RAPF posting return UD_E_PLATFORM, a failed
 * transfer is counted.
 */
#include "ud_platform.h"

static uint32_t ud_r5_fh_refused, ud_r5_fh_fail;

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	(void)pdid; (void)proc; (void)vpn; (void)npages; (void)write;
	ud_r5_fh_refused++;
	return UD_E_PLATFORM;
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1)
{
	(void)node; (void)pdid; (void)w0; (void)w1;
	ud_r5_fh_refused++;
	return UD_E_PLATFORM;
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	(void)node; (void)pdid; (void)trid; (void)seq; (void)err;
	ud_r5_fh_fail++;
}
