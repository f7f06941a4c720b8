/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_va_piece.c -- host home of ud_plat_pt_walk (see .h).
 * [A-PLAT-PTW]: OK with the frame in bits [63:12] when the page is mapped
 * with the right the access needs (write iff wnr), PF when mapped without
 * it, TF when not mapped. */
#include <string.h>
#include "ud_platform.h"
#include "smmu.h"
#include "plat_host_va_piece.h"

struct host_pt host_pt;

void host_pt_reset(void)
{
	memset(&host_pt, 0, sizeof host_pt);
}

static struct host_pte *find(uint32_t cb, uint64_t va, int create)
{
	uint64_t vpn = va / 4096u;
	struct host_pte *free_e = NULL;

	for (uint32_t i = 0; i < HOST_PT_ENTRIES; i++) {
		struct host_pte *e = &host_pt.e[i];

		if (e->used && e->cb == cb && e->vpn == vpn)
			return e;
		if (!e->used && !free_e)
			free_e = e;
	}
	if (!create || !free_e)
		return NULL;
	memset(free_e, 0, sizeof *free_e);
	free_e->used = 1;
	free_e->cb = (uint8_t)cb;
	free_e->vpn = vpn;
	return free_e;
}

void host_pt_map(uint32_t cb, uint64_t va, uint64_t pa, bool r, bool w)
{
	struct host_pte *e = find(cb, va, 1);

	if (!e)
		return;
	e->raw = 0;
	e->frame = pa / 4096u;
	e->r = r;
	e->w = w;
}

void host_pt_unmap(uint32_t cb, uint64_t va)
{
	struct host_pte *e = find(cb, va, 0);

	if (e)
		memset(e, 0, sizeof *e);
}

void host_pt_raw(uint32_t cb, uint64_t va, uint64_t word)
{
	struct host_pte *e = find(cb, va, 1);

	if (!e)
		return;
	e->raw = 1;
	e->word = word;
}

uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr)
{
	const struct host_pte *e = find(cb, va, 0);
	uint64_t res;

	if (!e)
		res = UD_SMMU_XLATE_TF;
	else if (e->raw)
		res = e->word;
	else if (wnr ? !e->w : !e->r)
		res = UD_SMMU_XLATE_PF;
	else
		res = e->frame * 4096u + UD_SMMU_XLATE_OK;
	if (host_pt.n < HOST_PT_LOG)
		host_pt.log[host_pt.n] = (struct host_pt_walk){ cb, va, wnr, res };
	host_pt.n++;
	return res;
}
