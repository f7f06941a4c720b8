/* SPDX-License-Identifier: MIT */
/*
 * firmware/r5_home.h -- the Cortex-R5 home's own interfaces (not the core's:
 * the core reaches the home only through src/ud_platform.h).
 */
#ifndef UD_R5_HOME_H
#define UD_R5_HOME_H

#include "ud_platform.h"

/* ------------------------------------------------------------ memory map */
/* Seed 004_2c0be60bc8bfaeb5.txt / ZynqMP RPU; the sizes depend on the
 * RPU mode (split: 64 KB each, lockstep: 128 KB each), so the linker
 * script (r5.ld) exports the bounds it used. */
#define UD_R5_ATCM_BASE  0x00000000u
#define UD_R5_BTCM_BASE  0x00020000u
extern char __atcm_start[], __atcm_limit[], __btcm_start[], __btcm_limit[];

/* ------------------------------------------------------------ clock */
/*
 * One tick of the R5 home is one CPU cycle: the PMU cycle counter
 * (PMCCNTR), extended to 64 bits in software.  UD_R5_CPU_HZ is the RPU
 * clock the tick rate is quoted against (the ZCU102 runs its RPU at
 * 500 MHz; override for another board).  The 32-bit counter wraps every
 * 2^32 / 500 MHz = 8.59 s; ud_plat_now() must be called at least that
 * often, which the poll loop does on every pass.
 */
#ifndef UD_R5_CPU_HZ
#define UD_R5_CPU_HZ 500000000u
#endif
void ud_r5_clock_init(void);

/* ------------------------------------------------------------ mailbox */
/*
 * The R5's mailbox (seed 004, 1.3.2 and 3.2.3.3): messages of two 32-bit
 * words (word0 then word1, as the FORTH mailbox delivers them; word0's two
 * low bits are the opcode).  The PL mailbox's register map is not in the
 * seed, so the home reads a single-producer/single-consumer ring at the
 * start of the BTCM (fixed address, .mbox section) that the APU driver --
 * or the mailbox's own DMA -- fills: the producer writes the slot, then a
 * barrier, then head; the R5 reads head, a barrier, the slot, then
 * advances tail.  Indices run free (mod 2^32); slot = index % SLOTS.
 */
#ifndef UD_R5_MBOX_SLOTS
#define UD_R5_MBOX_SLOTS 64u		/* a power of two */
#endif
#define UD_R5_MBOX_MAGIC 0x55444d42u	/* "UDMB" */

struct ud_r5_mbox {
	uint32_t magic;			/* UD_R5_MBOX_MAGIC once the R5 is up */
	volatile uint32_t head;		/* producer: next index to fill       */
	volatile uint32_t tail;		/* R5: next index to read             */
	volatile uint32_t resyncs;	/* R5: corrupt heads dropped          */
	/* R5 status, for the APU to read (heartbeat and counters). */
	volatile uint32_t polls;	/* poll-loop passes (mod 2^32)        */
	volatile uint32_t messages;	/* messages consumed                  */
	volatile uint32_t ticks;	/* timer ticks run                    */
	volatile uint32_t exception;	/* 0, or the kind of the last fault   */
	volatile uint32_t slot[UD_R5_MBOX_SLOTS][2];
};

extern struct ud_r5_mbox ud_r5_mbox;

void ud_r5_mbox_init(struct ud_r5_mbox *mb);
/* Take the next message, if any: true and *w0, *w1 set, or false.  A head
 * more than UD_R5_MBOX_SLOTS ahead of tail (a corrupt producer) is dropped
 * whole -- tail jumps to head, resyncs counts it -- never read past. */
bool ud_r5_mbox_poll(struct ud_r5_mbox *mb, uint32_t *w0, uint32_t *w1);
/* After ud_r5_mbox_poll gave a multi-slot message's first slot: take its
 * next n slots into w[0 .. 2n-1] if all n are in the ring (true), else take
 * nothing (false).  The producer publishes a message's slots with one
 * head update, so a short message is a broken producer.  One message is
 * counted in `messages`, however many slots it has. */
bool ud_r5_mbox_take(struct ud_r5_mbox *mb, uint32_t *w, uint32_t n);

/* ------------------------------------------------------------ runtime */
/* The main program (main_r5.c, or selftest_r5.c in the self-test ELF). */
void ud_r5_main(void);
/* Called by startup.S on any exception (kind 1..7) or a return from
 * ud_r5_main (kind 8), with the faulting mode's return address; main_r5.c
 * also reports kind 9 (the scheduler refused its parameters). */
void ud_r5_exception(uint32_t kind, uint32_t lr);

static inline void ud_r5_dmb(void)
{
#if defined(__arm__)
	__asm__ volatile("dmb" ::: "memory");
#else
	/* Host builds of the home (tests/fuzz/fuzz_r5_loop.c). */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* ------------------------------------------------------------ completions */
/* The completion door's ring (plat_r5_xfer_wr.c): completions written so far
 * and the length of the last one. */
uint32_t ud_r5_cq_count(void);
uint32_t ud_r5_cq_last_len(void);

#endif /* UD_R5_HOME_H */
