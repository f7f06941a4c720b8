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
 * (HOME-9).  Transfer requests from the A53 and remote read requests
 * (opcode 3, four slots, src/req_msg.h; the seed gives no layout, the
 * one there is ours, docs/homes.md "Requests in the mailbox") are decoded
 * by src/req_msg.c and handed to ud_r5_sched_submit / _read_req
 * (HOME-14); a refused one is counted by cause in req_bad[].
 */
#include "loop_r5.h"

void ud_r5_loop_init(struct ud_r5_loop *lp, struct ud_r5_mbox *mb)
{
	lp->mb = mb;
	lp->rapf = 0;
	lp->acks = 0;
	lp->bad = 0;
	lp->other = 0;
	lp->reqs = 0;
	lp->rreqs = 0;
	for (uint32_t i = 0; i < UD_R5_REQ_NBAD; i++)
		lp->req_bad[i] = 0;
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

#ifdef UD_R5_HAVE_REQ_MSG
#ifdef UD_R5_HAVE_SCHED
/* The codec's limits are the scheduler's: a decoded request meets every
 * field condition of ud_r5_sched_submit / _read_req (req_msg.h, ready). */
_Static_assert(UD_REQ_NPD == UD_R5_SCHED_NPD, "req pd range");
_Static_assert(UD_REQ_NVC == UD_R5_SCHED_NVC, "req vc range");
_Static_assert(UD_REQ_MAX_LEN == UD_R5_SCHED_MAX_LEN, "req length range");
#endif

static uint32_t ud_r5_req_cause(ud_status rc)
{
	switch (rc) {
	case UD_REQ_E_CHECK:
		return UD_R5_REQ_CHECK;
	case UD_E_RANGE:
		return UD_R5_REQ_RANGE;
	case UD_E_FORGED:
		return UD_R5_REQ_FORGED;
	default:
		return UD_R5_REQ_INVAL;
	}
}

/* A request (opcode 3): its header slot is (w0, w1); its other three slots
 * follow in the ring.  Decoded by src/req_msg.c, then a transfer request
 * goes to ud_r5_sched_submit (kind WRITE) and a remote read request to
 * ud_r5_sched_read_req; their verdict (UD_OK, or UD_E_BUSY for a channel
 * with a live transfer) is lp->last. */
static void ud_r5_request(struct ud_r5_loop *lp, uint32_t w0, uint32_t w1)
{
	uint32_t w[UD_REQ_WORDS];
	struct ud_req_msg m;
#ifdef UD_R5_HAVE_SCHED
	struct ud_r5_sched_req r;
	struct ud_r5_sched_rreq q;
#endif

	w[0] = w0;
	w[1] = w1;
	if (!ud_r5_mbox_take(lp->mb, &w[2], UD_REQ_SLOTS - 1u)) {
		lp->req_bad[UD_R5_REQ_SHORT]++;
		lp->last = UD_E_INVAL;
		return;
	}
	lp->last = ud_req_decode(w, &m);
	if (lp->last != UD_OK) {
		lp->req_bad[ud_r5_req_cause(lp->last)]++;
		return;
	}
	if (m.type == UD_REQ_XFER)
		lp->reqs++;
	else
		lp->rreqs++;
#ifdef UD_R5_HAVE_SCHED
	if (lp->sched == NULL)
		return;
	if (m.type == UD_REQ_XFER) {
		r.pd = m.pd;
		r.vc = m.vc;
		r.kind = (uint8_t)UD_R5_SCHED_WRITE;
		r.node = m.node;
		r.src = m.src;
		r.dst = m.dst;
		r.len = m.len;
		lp->last = ud_r5_sched_submit(lp->sched, &r, ud_plat_now());
	} else {
		q.wired_pd = m.wired_pd;
		q.pd = m.pd;
		q.vc = m.vc;
		q.node = m.node;
		q.src = m.src;
		q.dst = m.dst;
		q.len = m.len;
		lp->last = ud_r5_sched_read_req(lp->sched, &q, ud_plat_now());
	}
#endif
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
#ifdef UD_R5_HAVE_REQ_MSG
	if (w0 % 4u == UD_REQ_OPCODE) {
		ud_r5_request(lp, w0, w1);
		return;
	}
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
