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

/* The engine's state at power-on, for recogniser form `form`. */
#define M_ENGINE_INIT(e, form) ud_sh_alg3_init((e), (uint32_t)(form))

/* The status class a LOAD returns to its issuer: 0 pending (the sequence
 * goes on), 1 started, 2 FAILURE (the step refused the access). */
#define M_LOAD_STATUS(r, e) ((r) == UD_SH_STARTED ? 1 : ((r) < 0 ? 2 : 0))

static uint64_t m_addr(int pg)
{
	return ud_sh_encode(&m_cfg, (uint64_t)M_PHYS_BASE + (uint64_t)pg * 4096u);
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
