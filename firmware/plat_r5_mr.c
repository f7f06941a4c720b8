/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_mr.c -- the Cortex-R5 home of the prot platform calls
 * (src/ud_platform.h, section prot), used by src/mr.c.
 *
 * The R5 has an MPU and no MMU: addresses are physical (VA == PA) and
 * nothing is ever paged out, so a page is resident for as long as the
 * firmware runs.  The pages of [va, ...) are therefore va's own pages, a
 * pin always holds and an unpin has nothing to release.  Addresses at or
 * above 2^44 cannot exist on the R5 (32-bit bus); the core rejects them
 * anyway.  [A-PROT-PAGES] [A-PROT-PIN]
 */
#include "ud_platform.h"

ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page)
{
	uint32_t i;

	if (npages == 0u || npages > 16u || va > 0xFFFFFFFFull)
		return UD_E_PLATFORM;
	for (i = 0; i < npages; i++)
		page[i] = (va / UD_PAGE_SIZE + i) * UD_PAGE_SIZE;
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t pa)
{
	(void)pa;
	return UD_OK;
}

void ud_plat_prot_unpin(uint64_t pa)
{
	(void)pa;
}

/* The page lists' pin door (src/mr_pin.c): nothing pages out here. */
ud_status ud_plat_pg_pin(uint32_t s, uint64_t pa)
{
	(void)s;
	(void)pa;
	return UD_OK;
}

void ud_plat_pg_unpin(uint32_t s, uint64_t pa)
{
	(void)s;
	(void)pa;
}
