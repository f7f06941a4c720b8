// SPDX-License-Identifier: MIT
/*
 * firmware/loop_r5.c -- the poll loop: mailbox poll + timer tick (seed
 * 004_2c0be60bc8bfaeb5.txt, 1.3.2: "When the R5 core detects new
 * information in its dedicated mailbox, it initiates an RDMA transfer";
 * 3.2.3.3: retransmit on a timeout or on an opcode-2 mailbox message).
 * The deciding is the verified core's (src/fault_msg.c decodes, and
 * src/r5_sched.c decides); this file only moves words from the mailbox and
 * time from the clock into it.
 *
 * Mailbox messages: the seed defines one layout completely, the opcode-2
 * RAPF (two words, src/fault_msg.h), and the fields the R5 reads of an
 * engine reply (ACK / NACK / PF-NACK: opcode 1, src/reply_msg.h, ours
 * where the seed is silent); both are decoded by the verified core
 * (HOME-9).  The layouts of transfer requests from the A53 and of remote
 * read requests are not in the seed; until a decoder lands they are
 * counted in `other` and dropped (HOME-14 open).  The scheduler's own
 * entry points for them (ud_r5_sched_submit/_read_req) are exercised by
 * the self-test.
 */
#include "loop_r5.h"

void ud_r5_loop_init(struct ud_r5_loop *lp, struct ud_r5_mbox *mb)
{
	lp->mb = mb;
	lp->rapf = 0;
	lp->acks = 0;
	lp->bad = 0;
	lp->other = 0;
	lp->late_ticks = 0;
	lp->fails = 0;
	lp->spent = 0;
	lp->last = UD_OK;
	lp->next_tick = ud_plat_now() + UD_R5_TICK_CYCLES;
#ifdef UD_R5_HAVE_SCHED
	lp->sched = NULL;
#endif
}

#ifdef UD_R5_HAVE_SCHED
ud_status ud_r5_loop_attach(struct ud_r5_loop *lp, struct ud_r5_sched *sched,
			    uint64_t period)
{
	ud_status rc = ud_r5_sched_init(sched, UD_R5_SCHED_WIN, period);

	lp->sched = rc == UD_OK ? sched : NULL;
	return rc;
}

ud_status ud_r5_loop_fail(struct ud_r5_loop *lp, uint16_t pd, uint16_t trid, uint16_t seq,
			  ud_status err)
{
	lp->fails++;
	lp->last = lp->sched != NULL ? ud_r5_sched_abort(lp->sched, pd, trid, seq, err)
				     : UD_E_STATE;
	return lp->last;
}
#endif

static void ud_r5_dispatch(struct ud_r5_loop *lp, uint32_t w0, uint32_t w1)
{
#ifdef UD_R5_HAVE_FAULT_MSG
	struct ud_rtx_msg m;
	struct ud_ack_msg a;
#ifdef UD_R5_HAVE_SCHED
	struct ud_r5_sched_ev ev;
	static const uint8_t ev_of[UD_ACK_CODE_LIM] = {
		[UD_ACK_CODE_ACK] = UD_R5_SCHED_EV_ACK,
		[UD_ACK_CODE_PFNACK] = UD_R5_SCHED_EV_PFNACK,
		[UD_ACK_CODE_NACK] = UD_R5_SCHED_EV_NACK,
	};
#endif

	if (w0 % 4u == UD_ACK_OPCODE) {
		/* An engine reply for (trid, seq): decoded by src/reply_msg.c,
		 * judged by src/r5_sched.c (an unknown or stale (trid, seq) is
		 * ignored there). */
		lp->last = ud_ack_decode(w0, w1, &a);
		if (lp->last != UD_OK) {
			lp->bad++;
			return;
		}
		lp->acks++;
#ifdef UD_R5_HAVE_SCHED
		if (lp->sched == NULL)
			return;
		ev.kind = ev_of[a.code];
		ev.trid = a.trid;
		ev.seq = a.seq;
		ev.wired_pd = 0;
		ev.pd = 0;
		lp->last = ud_r5_sched_event(lp->sched, &ev, ud_plat_now());
#endif
		return;
	}

	if (w0 % 4u == UD_RTX_OPCODE) {
		/* Retransmit After Page Fault: decoded and range-checked by
		 * src/fault_msg.c, judged by src/r5_sched.c (sequence number,
		 * wired PDID vs the transaction's PD). */
		lp->last = ud_rtx_decode(w0, w1, &m);
		if (lp->last != UD_OK) {
			lp->bad++;
			return;
		}
		lp->rapf++;
#ifdef UD_R5_HAVE_SCHED
		if (lp->sched == NULL)
			return;
		ev.kind = (uint8_t)UD_R5_SCHED_EV_RAPF;
		ev.trid = m.trid;
		ev.seq = m.seq;
		ev.wired_pd = m.wired_pdid;
		ev.pd = m.pdid;
		lp->last = ud_r5_sched_event(lp->sched, &ev, ud_plat_now());
#endif
		return;
	}
#else
	(void)w0;
	(void)w1;
#endif
	lp->other++;
	lp->last = UD_E_INVAL;
}

static void ud_r5_tick(struct ud_r5_loop *lp, uint64_t now)
{
	lp->mb->ticks = lp->mb->ticks + 1u;
#ifdef UD_R5_HAVE_SCHED
	if (lp->sched != NULL && ud_r5_sched_tick(lp->sched, now) >= 0)
		lp->spent++;	/* a transfer failed: its budget was spent */
#endif
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
