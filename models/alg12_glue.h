/* SPDX-License-Identifier: MIT */
/*
 * models/alg12_glue.h -- the C side of models/alg12.pml (algorithms 1 and
 * 2).  As in alg3_glue.h: the engine state lives in the SPIN state vector,
 * the configuration is a constant, and only src/shadow.c decides anything.
 */
#ifndef UD_MODELS_ALG12_GLUE_H
#define UD_MODELS_ALG12_GLUE_H

#include "shadow.h"

#define M_PHYS_BASE 0x100000u   /* model page p at 0x100000 + p * 4096 */
#define M_REG_BASE  0x200000u   /* algorithm-1 register pages          */
#define M_REG_PAGE  8           /* model page 8 + c = register page of c */

static struct ud_sh_cfg m_cfg;

#if ALG == 1
#define M_ENG struct ud_sh_alg1
#else
#define M_ENG struct ud_sh_alg2
#endif

/* 4 contexts, sizes up to a page; algorithm 1: the OS gives contexts 1, 2,
 * 3 the keys k1, k2, k3 (context 0 stays unowned). */
static void m_engine_init(M_ENG *e, uint32_t k1, uint32_t k2, uint32_t k3)
{
	if (ud_sh_cfg_init(&m_cfg, 4u, 4096u, M_REG_BASE) != UD_OK)
		m_cfg.nctx = 0;
#if ALG == 1
	ud_sh_alg1_init(e);
	(void)ud_sh_alg1_set_key(e, &m_cfg, 1u, k1);
	(void)ud_sh_alg1_set_key(e, &m_cfg, 2u, k2);
	(void)ud_sh_alg1_set_key(e, &m_cfg, 3u, k3);
#else
	(void)k1; (void)k2; (void)k3;
	ud_sh_alg2_init(e);
#endif
}

/* The physical address of a model page as its owner's mapping presents it:
 * a register page is a plain physical page; any other page is its shadow
 * address carrying context id ctx (algorithm 2; 0 for algorithm 1). */
static uint64_t m_addr(int pg, int ctx)
{
	uint64_t sa = 0;
	if (pg >= M_REG_PAGE)
		return (uint64_t)M_REG_BASE + (uint64_t)(pg - M_REG_PAGE) * 4096u;
	(void)ud_sh_encode((uint64_t)M_PHYS_BASE + (uint64_t)pg * 4096u, (uint32_t)ctx, &sa);
	return sa;
}

static int32_t m_step(M_ENG *e, uint32_t kind, uint64_t paddr, uint32_t data,
		      struct ud_sh_dma *out)
{
#if ALG == 1
	return ud_sh_alg1_step(e, &m_cfg, kind, paddr, data, out);
#else
	return ud_sh_alg2_step(e, &m_cfg, kind, paddr, data, out);
#endif
}

/* The status word a LOAD of model page pg returns: algorithm 1, the
 * status of the context whose register page it is; algorithm 2, the
 * engine's one status word. */
static uint32_t m_status(const M_ENG *e, int pg)
{
#if ALG == 1
	if (pg < M_REG_PAGE)
		return UD_SH_FAILURE;     /* not a status register */
	return ud_sh_alg1_status(e, (uint32_t)(pg - M_REG_PAGE));
#else
	(void)pg;
	return ud_sh_alg2_status(e);
#endif
}

/* A started DMA's physical address back to a model page (0 = none). */
static int m_page(uint64_t a)
{
	int p;
	for (p = 1; p < M_REG_PAGE; p++)
		if (a == (uint64_t)M_PHYS_BASE + (uint64_t)p * 4096u)
			return p;
	return 0;
}

#endif
