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

/* OSMAP (alg3.pml): the shadow mappings come from the real OS side,
 * src/shadow_sys.c -- ud_sh_sys_* with its owner record of readable
 * context-0 shadow mappings (SHADOW-M15) -- and every access goes through
 * the real MMU translation ud_sh_os_translate.  Process p (1..3) is
 * address space p - 1; model page pg is virtual page 0x10 + pg of every
 * process and physical page (M_PHYS_BASE / 4096) + pg.  The system lives
 * in the SPIN state vector (c_state "struct ud_sh_sys os"). */
#ifndef OSMAP
#define OSMAP 0
#endif
#if OSMAP
#include "shadow_sys.h"

#define M_VPAGE(pg) (0x10u + (uint64_t)(pg))
#define M_PPAGE(pg) ((uint64_t)M_PHYS_BASE / 4096u + (uint64_t)(pg))

static int m_os_page(struct ud_sh_sys *s, int p, int pg, uint32_t rights, uint32_t srights)
{
	uint64_t sv = 0;

	if (ud_sh_sys_pt_add(s, (uint32_t)(p - 1), M_VPAGE(pg), M_PPAGE(pg), rights) != UD_OK)
		return -1;
	if (srights && ud_sh_sys_map(s, (uint32_t)(p - 1), M_VPAGE(pg) * 4096u, srights, &sv) != UD_OK)
		return -1;
	return 0;
}

/* Regular pages as in alg3.pml's init (pages: A1 1, A2 2, B1 3, B2 4,
 * M 5; processes P1 1, P2 2, X 3) and the static shadow mappings: each
 * destination, and X's pages.  The honest processes' sources are mapped
 * per call (m_os_map).  0 when every request succeeded. */
static int m_os_init(struct ud_sh_sys *s, int xrdsrc, int p2src, int xrddst)
{
	int bad = 0;

	ud_sh_sys_init(s);
	bad |= m_os_page(s, 1, 1, 3u, 0u);          /* P1: A1 rw (its source)    */
	bad |= m_os_page(s, 1, 2, 3u, 3u);          /* P1: A2 rw, shadow rw      */
	if (p2src == 1)
		bad |= m_os_page(s, 2, 1, 1u, 0u);  /* P2: A1 read-shared        */
	else
		bad |= m_os_page(s, 2, 3, 3u, 0u);  /* P2: B1 private            */
	bad |= m_os_page(s, 2, 4, 3u, 3u);          /* P2: B2 rw, shadow rw      */
	bad |= m_os_page(s, 3, 5, 3u, 3u);          /* X: M rw, shadow rw        */
	if (xrdsrc)
		bad |= m_os_page(s, 3, 1, 1u, 1u);  /* X: A1 read                */
	if (xrddst)
		bad |= m_os_page(s, 3, 2, 1u, 1u);  /* X: A2 read                */
	return bad;
}

/* Process p asks for a readable shadow mapping of page pg: the UD_*
 * status of ud_sh_sys_map. */
static int m_os_map(struct ud_sh_sys *s, int p, int pg)
{
	uint64_t sv = 0;

	return (int)ud_sh_sys_map(s, (uint32_t)(p - 1), M_VPAGE(pg) * 4096u, UD_SH_R_READ, &sv);
}

static int m_os_unmap(struct ud_sh_sys *s, int p, int pg)
{
	return (int)ud_sh_sys_unmap(s, (uint32_t)(p - 1), UD_SH_VBIT + M_VPAGE(pg) * 4096u);
}

/* The MMU: process p's shadow access of `kind` to page pg.  The shadow
 * physical address, or 0 when it faults (never reaches the bus). */
static uint64_t m_os_translate(const struct ud_sh_sys *s, int p, int pg, uint32_t kind)
{
	uint64_t sa = 0;

	if (ud_sh_os_translate(&s->as[p - 1], UD_SH_VBIT + M_VPAGE(pg) * 4096u, kind, &sa) != UD_OK)
		return 0;
	return sa;
}
#endif

#endif
