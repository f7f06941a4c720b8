/* SPDX-License-Identifier: MIT */
/*
 * firmware/loop_r5.h -- the firmware's poll loop, one pass at a time, so
 * the production main (main_r5.c) and the QEMU self-test (selftest_r5.c)
 * run the very same loop body.
 */
#ifndef UD_R5_LOOP_H
#define UD_R5_LOOP_H

#include "r5_home.h"

/* The core modules the loop drives, wired in once their src/M.c is
 * present (firmware/Makefile passes -DUD_HAVE_M; modules land one at a
 * time and the home builds at every step). */
#if defined(UD_HAVE_FAULT_MSG) && defined(UD_HAVE_REPLY_MSG)
#include "fault_msg.h"
#include "reply_msg.h"
#define UD_R5_HAVE_FAULT_MSG 1
#endif
#if defined(UD_HAVE_R5_SCHED) && defined(UD_R5_HAVE_FAULT_MSG)
#include "r5_sched.h"
#define UD_R5_HAVE_SCHED 1
#endif
#if defined(UD_HAVE_REQ_MSG)
#include "req_msg.h"
#define UD_R5_HAVE_REQ_MSG 1
#endif

/* Requests refused, by cause (lp->req_bad[]): the decoder's four error
 * codes (src/req_msg.h), and a header whose three other slots were not in
 * the ring (the producer publishes a request's four slots at once, so
 * this is a broken producer; the header alone is dropped). */
#define UD_R5_REQ_INVAL  0u	/* UD_E_INVAL: opcode, continuation, reserved */
#define UD_R5_REQ_CHECK  1u	/* UD_REQ_E_CHECK: torn or damaged message  */
#define UD_R5_REQ_RANGE  2u	/* UD_E_RANGE: length 0 or above 64 MiB     */
#define UD_R5_REQ_FORGED 3u	/* UD_E_FORGED: pd is not the wired PDID    */
#define UD_R5_REQ_SHORT  4u	/* header without its three slots           */
#define UD_R5_REQ_NBAD   5u

/* Timer tick period in ticks (CPU cycles): 100 us at UD_R5_CPU_HZ, ten
 * ticks per millisecond, the smallest timeout the thesis used (seed 004,
 * Chapter 4: 25, 2.5 and 1 ms). */
#ifndef UD_R5_TICK_CYCLES
#define UD_R5_TICK_CYCLES (UD_R5_CPU_HZ / 10000u)
#endif
/* The retransmit timeout (seed 004, 3.2.3.3 and Chapter 4: first 200 ms,
 * then 25, 2.5 and 1 ms; "currently the minimum we have used is 1 ms").
 * In microseconds; 1 ms by default. */
#ifndef UD_R5_TIMEOUT_US
#define UD_R5_TIMEOUT_US 1000u
#endif
#define UD_R5_TIMEOUT_TICKS ((uint64_t)UD_R5_TIMEOUT_US * (UD_R5_CPU_HZ / 1000000u))
/* Most mailbox messages taken per pass, so the timer is never starved. */
#ifndef UD_R5_MSGS_PER_PASS
#define UD_R5_MSGS_PER_PASS 8u
#endif

struct ud_r5_loop {
	struct ud_r5_mbox *mb;
#ifdef UD_R5_HAVE_SCHED
	struct ud_r5_sched *sched;
#endif
	uint64_t next_tick;	/* ud_plat_now() value of the next tick  */
	uint32_t rapf;		/* RAPF (opcode 2) messages decoded      */
	uint32_t acks;		/* engine replies (opcode 1) decoded     */
	uint32_t bad;		/* replies, RAPFs the decoders refused  */
	uint32_t other;		/* opcode 0 met as a message start: a
				 * request's continuation slot (the frame
				 * was lost) or junk, dropped               */
	uint32_t reqs;		/* transfer requests (opcode 3) decoded  */
	uint32_t rreqs;		/* remote read requests (opcode 3) decoded */
	uint32_t req_bad[UD_R5_REQ_NBAD];	/* requests refused, by cause */
	uint32_t late_ticks;	/* ticks that found the loop > 1 period late */
	uint32_t fails;		/* failure reports handed to the scheduler */
	uint32_t spent;		/* transfers a tick failed (retry budget) */
	ud_status last;		/* the core's verdict on the last message */
};

/* Set up the loop over an initialised mailbox. */
void ud_r5_loop_init(struct ud_r5_loop *lp, struct ud_r5_mbox *mb);
#ifdef UD_R5_HAVE_SCHED
/* Attach the scheduler: ud_r5_sched_init(sched, UD_R5_SCHED_WIN (the
 * seed's 2 outstanding blocks), period).  UD_OK or the core's error. */
ud_status ud_r5_loop_attach(struct ud_r5_loop *lp, struct ud_r5_sched *sched,
			    uint64_t period);
#endif
#ifdef UD_R5_HAVE_SCHED
/* A failure report for transaction trid (seq) of PD pd, error err: where
 * the fault handler's ud_plat_fail_transfer lands on the initiator's R5
 * (src/ud_platform.h; issue 17, the abort path).  The transfer completes
 * with err, once (ud_r5_sched_abort).  The report's mailbox layout is not
 * in the seed: until the core has its decoder (HOME-9), the message that
 * carries it calls this with the decoded fields. */
ud_status ud_r5_loop_fail(struct ud_r5_loop *lp, uint16_t pd, uint16_t trid, uint16_t seq,
			  ud_status err);
#endif
/* One pass: take up to UD_R5_MSGS_PER_PASS mailbox messages and hand each
 * to the core, then run the timer tick if it is due. */
void ud_r5_loop_pass(struct ud_r5_loop *lp);

#endif /* UD_R5_LOOP_H */
