/* SPDX-License-Identifier: MIT */
/*
 * tests/support/plat_host_utlb_table.c -- host home of ud_plat_utlb_pin /
 * ud_plat_utlb_unpin: a fake OS whose page (pid, vpn) lives at a distinct,
 * deterministic physical page, with a pin count per page.
 */
#include <string.h>
#include "ud_platform.h"
#include "plat_host_utlb_table.h"

struct ud_host_utlb ud_host_utlb;

uint64_t ud_host_utlb_ppn(uint32_t pid, uint32_t vpn)
{
	return 0x100000ull + (uint64_t)pid * 0x1000000ull + vpn;
}

void ud_host_utlb_reset(void)
{
	memset(&ud_host_utlb, 0, sizeof ud_host_utlb);
}

ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES)
		return UD_E_PLATFORM;
	if (ud_host_utlb.fail_next != 0u) {
		ud_host_utlb.fail_next--;
		ud_host_utlb.refused++;
		return UD_E_PLATFORM;
	}
	if (ud_host_utlb.held[pid][vpn] == UINT8_MAX)
		return UD_E_PLATFORM;
	ud_host_utlb.held[pid][vpn]++;
	ud_host_utlb.pins++;
	*ppn = ud_host_utlb_ppn(pid, vpn);
	return UD_OK;
}

void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES ||
	    ud_host_utlb.held[pid][vpn] == 0u || ppn != ud_host_utlb_ppn(pid, vpn)) {
		ud_host_utlb.bad_unpins++;
		return;
	}
	ud_host_utlb.held[pid][vpn]--;
	ud_host_utlb.unpins++;
}
