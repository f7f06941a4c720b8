/* SPDX-License-Identifier: MIT */
/*
 * models/alg3_glue.h -- the C side of models/alg3.pml.
 *
 * SPIN pastes this into pan.c through c_decl.  It holds no state of its
 * own that could hide from state matching: the engine lives in the SPIN
 * state vector (c_state "struct ud_sh_alg3 eng" "Global"), the shadow
 * configuration is a constant set once by init.  The only code that
 * decides anything is the real, unmodified src/shadow.c, linked beside
 * pan.c; this file only translates the model's small page numbers to
 * shadow physical addresses and back.
 */
#ifndef UD_MODELS_ALG3_GLUE_H
#define UD_MODELS_ALG3_GLUE_H

#include "shadow.h"

/* Page numbers of the model (see alg3.pml) are mapped to physical pages
 * well inside the physical range; page p lives at 0x100000 + p * 4096. */
#define M_PHYS_BASE 0x100000u

static struct ud_sh_cfg m_cfg;

/* The engine at power-on: 4 algorithm-1 contexts (unused here), sizes up
 * to one 4 KB page, algorithm-1 register pages at 0x200000 (away from the
 * model's pages); the algorithm-3 recogniser for form `form`. */
static void m_engine_init(struct ud_sh_alg3 *e, int form)
{
	if (ud_sh_cfg_init(&m_cfg, 4u, 4096u, 0x200000u) != UD_OK)
		m_cfg.nctx = 0;   /* cfg_ok fails: every model assertion that
		                     needs a started DMA will show it */
	ud_sh_alg3_init(e, (uint32_t)form);
}

/* Shadow physical address (context 0) of model page pg. */
static uint64_t m_addr(int pg)
{
	uint64_t sa = 0;
	(void)ud_sh_encode((uint64_t)M_PHYS_BASE + (uint64_t)pg * 4096u, 0u, &sa);
	return sa;
}

/* What a LOAD returns to its issuer, as a class the model understands:
 * 0 SUCCESS (intact so far), 1 STARTED, 2 FAILURE.
 *   STATUS == 0: the engine's own status word (ud_sh_alg3_status after
 *                the step): FAILURE, SUCCESS, or DONE -- said only to the
 *                access that started the DMA (src/shadow.h).
 *   STATUS == 1: what-if: the seed's binary word, in which the access that
 *                starts the DMA reads SUCCESS like any access before it
 *                (DONE is read as SUCCESS), so the issuer cannot tell
 *                "started" from "intact so far" (SHADOW-M6). */
#ifndef STATUS
#define STATUS 0
#endif
static int m_load_status(int32_t r, const struct ud_sh_alg3 *e)
{
	uint32_t st = ud_sh_alg3_status(e);

	(void)r;
#if STATUS == 1
	return st == UD_SH_FAILURE ? 2 : 0;
#else
	return st == UD_SH_FAILURE ? 2 : (st == UD_SH_DONE ? 1 : 0);
#endif
}

/* Map an address the engine reports in a started DMA back to a model page
 * number, whether the engine reports it as the physical page or as its
 * shadow (0 = not a model page). */
static int m_page(uint64_t a)
{
	int p;
	for (p = 1; p < 16; p++)
		if (a == (uint64_t)M_PHYS_BASE + (uint64_t)p * 4096u || a == m_addr(p))
			return p;
	return 0;
}

#endif
