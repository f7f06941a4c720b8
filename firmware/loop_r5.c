// SPDX-License-Identifier: MIT
/*
 * firmware/loop_r5.c -- the poll loop: mailbox poll + timer tick (seed
 * 004_2c0be60bc8bfaeb5.txt, 1.3.2: "When the R5 core detects new
 * information in its dedicated mailbox, it initiates an RDMA transfer";
 * 3.2.3.3: retransmit on a timeout or on an opcode-2 mailbox message).
 * The deciding is the verified core's; this file only moves words from the
 * mailbox into it and time into it.
 */
#include "loop_r5.h"

/* A core module is wired in once its header is in src/ (modules land one
 * at a time; the home builds at every step). */
#if __has_include("fault_msg.h")
#include "fault_msg.h"
#define UD_R5_HAVE_FAULT_MSG 1
#endif

void ud_r5_loop_init(struct ud_r5_loop *lp, struct ud_r5_mbox *mb)
{
	lp->mb = mb;
	lp->rapf = 0;
	lp->bad = 0;
	lp->other = 0;
	lp->late_ticks = 0;
	lp->next_tick = ud_plat_now() + UD_R5_TICK_CYCLES;
}

static void ud_r5_dispatch(struct ud_r5_loop *lp, uint32_t w0, uint32_t w1)
{
#ifdef UD_R5_HAVE_FAULT_MSG
	struct ud_rtx_msg m;

	if (w0 % 4u == UD_RTX_OPCODE) {
		/* Retransmit After Page Fault: decoded (and range-checked) by
		 * the verified decoder of src/fault_msg.c. */
		if (ud_rtx_decode(w0, w1, &m) == UD_OK)
			lp->rapf++;
		else
			lp->bad++;
		return;
	}
#else
	(void)w1;
	if (w0 % 4u == 2u) {	/* RAPF, undecoded until src/fault_msg.h lands */
		lp->bad++;
		return;
	}
#endif
	lp->other++;
}

static void ud_r5_tick(struct ud_r5_loop *lp, uint64_t now)
{
	lp->mb->ticks = lp->mb->ticks + 1u;
	lp->next_tick += UD_R5_TICK_CYCLES;
	if (lp->next_tick <= now) {
		/* More than a period behind (a long pass, a debugger halt):
		 * do not replay the missed ticks in a burst; resynchronise. */
		lp->late_ticks++;
		lp->next_tick = now + UD_R5_TICK_CYCLES;
	}
}

void ud_r5_loop_pass(struct ud_r5_loop *lp)
{
	uint32_t w0, w1, n;
	uint64_t now;

	lp->mb->polls = lp->mb->polls + 1u;
	for (n = 0; n < UD_R5_MSGS_PER_PASS; n++) {
		if (!ud_r5_mbox_poll(lp->mb, &w0, &w1))
			break;
		ud_r5_dispatch(lp, w0, w1);
	}
	now = ud_plat_now();
	if (now >= lp->next_tick)
		ud_r5_tick(lp, now);
}
