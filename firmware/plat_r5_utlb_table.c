/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_utlb_table.c -- the Cortex-R5 home of the utlb platform
 * calls (src/ud_platform.h, section utlb).
 *
 * The R5 runs no OS and has no pinning facility: the UTLB's driver side
 * belongs to the kernel home (kmod/plat_linux_utlb_table.c).  The firmware
 * links the core unchanged, so it gets the honest answer: every pin is
 * refused (UD_E_PLATFORM, which the core handles leaving its state
 * unchanged), and unpin -- unreachable, since nothing was pinned -- does
 * nothing.
 */
#include "ud_platform.h"

ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	(void)pid;
	(void)vpn;
	(void)ppn;
	return UD_E_PLATFORM;
}

void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	(void)pid;
	(void)vpn;
	(void)ppn;
}
