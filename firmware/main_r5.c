// SPDX-License-Identifier: MIT
/*
 * firmware/main_r5.c -- the production main of uldma-r5.elf: set up the
 * clock, the mailbox and the scheduler, then poll forever.  No interrupts,
 * no heap; the scheduler's state lives in .bss (BTCM).
 */
#include "loop_r5.h"

static struct ud_r5_loop ud_r5_loop_state;
#ifdef UD_R5_HAVE_SCHED
static struct ud_r5_sched ud_r5_sched_state;
#endif

void ud_r5_main(void)
{
	ud_status rc = UD_OK;

	ud_r5_clock_init();
	ud_r5_mbox_init(&ud_r5_mbox);
	ud_r5_loop_init(&ud_r5_loop_state, &ud_r5_mbox);
#ifdef UD_R5_HAVE_SCHED
	rc = ud_r5_loop_attach(&ud_r5_loop_state, &ud_r5_sched_state, UD_R5_TIMEOUT_TICKS);
#endif
	if (rc != UD_OK) {
		/* Compile-time parameters the scheduler refused: report as
		 * exception kind 9 and stop this core. */
		ud_r5_exception(9u, (uint32_t)(-rc));
		for (;;)
			__asm__ volatile("wfi");
	}
	for (;;)
		ud_r5_loop_pass(&ud_r5_loop_state);
}

/* No debugger is attached in production: record the exception kind where
 * the APU can read it (the mailbox status block) and stop this core. */
void ud_r5_exception(uint32_t kind, uint32_t lr)
{
	(void)lr;
	ud_r5_mbox.exception = kind;
	ud_r5_dmb();
}
