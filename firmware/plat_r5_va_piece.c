/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_va_piece.c -- the Cortex-R5 home of the page-table walk
 * door (src/ud_platform.h, section va_piece), used by src/va_piece.c.
 *
 * The R5 only schedules VA transfers (src/r5_sched.c); the engine that
 * translates through the SMMU runs where the SMMU is (docs/engine.md 1.2),
 * and the R5 has no page table of any PD.  The door exists so the core
 * links unchanged; a walk, should one happen, answers a translation fault
 * (the "unmapped" verdict A-PLAT-PTW allows for any page: no byte moves)
 * and is counted.  [A-PLAT-PTW]
 */
#include "smmu.h"
#include "ud_platform.h"

static uint32_t r5_pt_walks;

uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr)
{
	(void)cb;
	(void)va;
	(void)wnr;
	r5_pt_walks++;
	return UD_SMMU_XLATE_TF;
}
