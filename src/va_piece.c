/* SPDX-License-Identifier: MIT */
/*
 * va_piece.c -- one page piece of a virtual-address transfer: walk, SMMU,
 * memory door.  Contracts in va_piece.h.
 */
#include "va_piece.h"

struct ud_va_x ud_va_xlate(struct ud_smmu *s, uint32_t pd, uint64_t va, bool wr)
{
	struct ud_va_x r = { UD_SMMU_TERMINATED, 0u };
	uint32_t out = UD_SMMU_TERMINATED;
	uint64_t word = ud_plat_pt_walk(pd, va, wr);
	uint64_t frame = word / UD_PAGE_SIZE;
	uint32_t verdict = (uint32_t)(word % UD_PAGE_SIZE);

	/* A malformed walk word (unknown verdict, frame at or above 2^32) is a
	 * translation fault: the home's answer is validated, not trusted. */
	if (verdict > UD_SMMU_XLATE_PF || frame >= UD_VA_FRAME_LIM)
		verdict = UD_SMMU_XLATE_TF;
	/* The SMMU sees every access, whatever the walk said (3.2.1: a fault
	 * is recorded in the bank, a hit under fault may be refused). */
	(void)ud_smmu_access(s, pd, va, wr, verdict, &out);
	r.out = out;
	if (out == UD_SMMU_DONE)
		r.pa = frame * UD_PAGE_SIZE + va % UD_PAGE_SIZE;
	return r;
}

void ud_va_store(uint64_t pa, const uint8_t *data, uint32_t n)
	/*@ ghost (uint32_t pd, uint64_t va, uint32_t w) */
{
	/*@ assert page: pa % 4096 == va % 4096; */
	ud_plat_dma_write(pa, data, n);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va; */
	/*@ ghost ud_dma_w[ud_dma_n - 1] = w; */
}

void ud_va_load(uint64_t pa, uint8_t *buf, uint32_t n)
	/*@ ghost (uint32_t pd, uint64_t va, uint32_t w) */
{
	/*@ assert page: pa % 4096 == va % 4096; */
	ud_plat_dma_read(pa, buf, n);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va; */
	/*@ ghost ud_dma_w[ud_dma_n - 1] = w; */
}
