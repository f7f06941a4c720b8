// SPDX-License-Identifier: MIT
/*
 * firmware/main_r5.c -- the production main of uldma-r5.elf: set up the
 * clock and the mailbox, then poll forever.  No interrupts, no heap; the
 * scheduler state lives in .bss (BTCM).
 */
#include "loop_r5.h"

static struct ud_r5_loop ud_r5_loop_state;

void ud_r5_main(void)
{
	ud_r5_clock_init();
	ud_r5_mbox_init(&ud_r5_mbox);
	ud_r5_loop_init(&ud_r5_loop_state, &ud_r5_mbox);
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
