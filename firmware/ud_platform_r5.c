// SPDX-License-Identifier: MIT
/*
 * firmware/ud_platform_r5.c -- the Cortex-R5 home's implementation of the
 * common platform calls of src/ud_platform.h.  Module-specific calls live
 * in firmware/plat_r5_<module>.c (the firmware Makefile links every one).
 */
#include "r5_home.h"

/* PMU registers (Cortex-R5 TRM, 6.3): PMCR c9,c12,0; PMCNTENSET c9,c12,1;
 * PMCCNTR c9,c13,0. */
#define UD_R5_PMCR_E  (1u << 0)		/* enable all counters   */
#define UD_R5_PMCR_C  (1u << 2)		/* reset cycle counter   */
#define UD_R5_PMCR_D  (1u << 3)		/* count every 64th cycle: off */
#define UD_R5_PMCNTEN_CYCLES (1u << 31)

static uint32_t ud_r5_clock_last;	/* last PMCCNTR value seen    */
static uint64_t ud_r5_clock_high;	/* wraps seen, times 2^32     */

static uint32_t ud_r5_pmccntr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(v));
	return v;
}

void ud_r5_clock_init(void)
{
	uint32_t pmcr;

	__asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(pmcr));
	pmcr |= UD_R5_PMCR_E | UD_R5_PMCR_C;
	pmcr &= ~UD_R5_PMCR_D;			/* one tick per cycle */
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 0" :: "r"(pmcr));
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 1" :: "r"(UD_R5_PMCNTEN_CYCLES));
	__asm__ volatile("isb" ::: "memory");
	ud_r5_clock_last = 0;
	ud_r5_clock_high = 0;
}

/*
 * [A-PLAT-TIME] Monotonic time in CPU cycles.  The 32-bit PMCCNTR only
 * counts up; a value below the last one seen is one wrap (the caller polls
 * far more often than every 8.59 s, r5_home.h), so the 64-bit result never
 * goes backwards.  Single-threaded firmware (no interrupts): no race.
 */
uint64_t ud_plat_now(void)
{
	uint32_t c = ud_r5_pmccntr();

	if (c < ud_r5_clock_last)
		ud_r5_clock_high += (uint64_t)1 << 32;
	ud_r5_clock_last = c;
	return ud_r5_clock_high | c;
}
