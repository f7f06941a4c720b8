/* SPDX-License-Identifier: MIT */
/*
 * firmware/loop_r5.h -- the firmware's poll loop, one pass at a time, so
 * the production main (main_r5.c) and the QEMU self-test (selftest_r5.c)
 * run the very same loop body.
 */
#ifndef UD_R5_LOOP_H
#define UD_R5_LOOP_H

#include "r5_home.h"

/* Timer tick period in ticks (CPU cycles): 100 us at UD_R5_CPU_HZ, ten
 * ticks per millisecond, the smallest timeout the thesis used (seed 004,
 * Chapter 4: 25, 2.5 and 1 ms). */
#ifndef UD_R5_TICK_CYCLES
#define UD_R5_TICK_CYCLES (UD_R5_CPU_HZ / 10000u)
#endif
/* Most mailbox messages taken per pass, so the timer is never starved. */
#ifndef UD_R5_MSGS_PER_PASS
#define UD_R5_MSGS_PER_PASS 8u
#endif

struct ud_r5_loop {
	struct ud_r5_mbox *mb;
	uint64_t next_tick;	/* ud_plat_now() value of the next tick  */
	uint32_t rapf;		/* RAPF (opcode 2) messages decoded      */
	uint32_t bad;		/* messages the core's decoder refused   */
	uint32_t other;		/* other opcodes (ACK/NACK/PF-NACK/read) */
	uint32_t late_ticks;	/* ticks that found the loop > 1 period late */
};

void ud_r5_loop_init(struct ud_r5_loop *lp, struct ud_r5_mbox *mb);
/* One pass: take up to UD_R5_MSGS_PER_PASS mailbox messages and hand each
 * to the core, then run the timer tick if it is due. */
void ud_r5_loop_pass(struct ud_r5_loop *lp);

#endif /* UD_R5_LOOP_H */
