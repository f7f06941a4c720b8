/* uldma-links: fault_msg reply_msg req_msg r5_sched */
/*
 * libFuzzer target: the R5 firmware's poll loop (firmware/loop_r5.c) and
 * mailbox ring (firmware/mbox_r5.c), the path by which untrusted mailbox
 * words reach the verified core (src/fault_msg.c decodes, src/r5_sched.c
 * judges).  The home's files are compiled here for the host, unchanged,
 * with a fake clock the input advances.
 *
 * The input is a sequence of operations on one mailbox + loop + scheduler:
 *   0 post raw words        1 post a RAPF aimed at a live transaction
 *   2 submit a transfer     3 engine ACK/NACK/PF-NACK at its current seq
 *                             (direct, or posted as the reply's words)
 *   4 advance the clock     5 one loop pass      6 corrupt the ring head
 *   7 post a request (opcode 3, four slots in one head update; a transfer
 *     or a remote read, possibly damaged, or its header alone)
 * Reference model: a FIFO of posted slots.  Checked after every step:
 * the ring never reads past head and takes at most UD_R5_MSGS_PER_PASS
 * messages per pass, in order, a request header with its next three slots
 * when they are there and alone otherwise; every consumed message is
 * counted once (rapf + acks + bad + other + reqs + rreqs + req_bad[]); a
 * single message's verdict (lp->last) equals the one computed
 * here from the seed's layout and the scheduler's rules on the state before
 * the pass (decode: opcode 2 and word1[31:30] == 0, or opcode 1 with its
 * reserved bits zero and a code below 3; then unknown trid, forged PD,
 * stale seq, else accepted; a request by its layout, read here with shifts
 * and masks, then busy iff its channel holds a live transfer); a timer
 * tick happens only when the
 * clock reached it; at the end, scheduler fields are in range.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The loop's clock is this file's fake one (no host ud_plat_now needed). */
#define ud_plat_now ud_fz_now
#define UD_HAVE_FAULT_MSG 1
#define UD_HAVE_REPLY_MSG 1
#define UD_HAVE_R5_SCHED 1
#define UD_HAVE_REQ_MSG 1
#include "../../firmware/loop_r5.h"
#include "../../firmware/mbox_r5.c"
#include "../../firmware/loop_r5.c"

static uint64_t fz_clock;

uint64_t ud_fz_now(void)
{
	return fz_clock;
}

#define QCAP 4096u
static uint32_t q0[QCAP], q1[QCAP];	/* model FIFO: posted, not consumed */
static uint32_t qh, qt;
static struct ud_r5_sched fz_sched, fz_pristine;
static int fz_have_pristine;
static struct ud_r5_loop fz_loop;

struct in {
	const uint8_t *p;
	size_t n;
};

static uint32_t take(struct in *in, unsigned bytes)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < bytes; i++) {
		v = v << 8;
		if (in->n) {
			v |= *in->p++;
			in->n--;
		}
	}
	return v;
}

static void post(struct ud_r5_mbox *mb, uint32_t w0, uint32_t w1)
{
	uint32_t h = mb->head;

	if (h - mb->tail >= UD_R5_MBOX_SLOTS || qh - qt >= QCAP)
		return;			/* a well-behaved producer waits */
	mb->slot[h % UD_R5_MBOX_SLOTS][0] = w0;
	mb->slot[h % UD_R5_MBOX_SLOTS][1] = w1;
	mb->head = h + 1u;
	q0[qh % QCAP] = w0;
	q1[qh % QCAP] = w1;
	qh++;
}

/* A multi-slot message (w[0 .. 2n-1]) published with one head update. */
static void post_n(struct ud_r5_mbox *mb, const uint32_t *w, uint32_t n)
{
	uint32_t h = mb->head;

	if (h - mb->tail + n > UD_R5_MBOX_SLOTS || qh - qt + n > QCAP)
		return;
	for (uint32_t i = 0; i < n; i++) {
		mb->slot[(h + i) % UD_R5_MBOX_SLOTS][0] = w[2 * i];
		mb->slot[(h + i) % UD_R5_MBOX_SLOTS][1] = w[2 * i + 1];
		q0[(qh + i) % QCAP] = w[2 * i];
		q1[(qh + i) % QCAP] = w[2 * i + 1];
	}
	mb->head = h + n;
	qh += n;
}

static uint32_t req_check(const uint32_t *w)
{
	uint64_t sum = (uint64_t)(w[0] >> 18) + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] +
		       0x55445251u;
	return (uint32_t)sum;
}

/* A whole request (src/req_msg.h layout): the decoder's verdict, then the
 * scheduler's (busy iff the channel holds a live transfer). */
static ud_status expect_req(const struct ud_r5_sched *s, const uint32_t *w)
{
	uint32_t pd = (w[0] >> 19) & 0xfu, vc = (w[0] >> 23) & 0x3fu, len = w[6] >> 2;
	const struct ud_r5_sched_xfer *x;

	if ((w[0] & 3u) != 3u || (w[0] >> 29) || (w[2] & 3u) || (w[3] >> 18) ||
	    (w[4] & 3u) || (w[5] >> 18) || (w[6] & 3u) || (w[6] >> 29))
		return UD_E_INVAL;
	if (req_check(w) != w[7])
		return UD_REQ_E_CHECK;
	if (len == 0u || len > (1u << 26))
		return UD_E_RANGE;
	if (((w[0] >> 2) & 0xffffu) != pd)
		return UD_E_FORGED;
	x = &s->x[pd * UD_R5_SCHED_NVC + vc];
	return x->active && !x->complete ? UD_E_BUSY : UD_OK;
}

/* An engine reply (opcode 1; src/reply_msg.h): code [18:16] (0 ACK,
 * 1 PF-NACK, 2 NACK), trid [15:2], seq word1 [13:0], the rest zero. */
static ud_status expect_reply(const struct ud_r5_sched *s, uint32_t w0, uint32_t w1)
{
	uint32_t code, trid, seq;

	if ((w0 & 3u) != 1u)
		return UD_E_INVAL;		/* opcode 0: a continuation slot */
	if ((w0 >> 19) != 0u || (w1 >> 14) != 0u || ((w0 >> 16) & 7u) >= 3u)
		return UD_E_INVAL;
	code = (w0 >> 16) & 7u;
	trid = (w0 >> 2) & 0x3fffu;
	seq = w1;
	(void)code;
	if (trid >= UD_R5_SCHED_NTX || s->st[trid] == UD_R5_SCHED_IDLE)
		return UD_E_NOENT;
	if (seq != s->seq[trid] || s->st[trid] == UD_R5_SCHED_DONE ||
	    s->st[trid] == UD_R5_SCHED_PAUSED)
		return UD_E_STALE;
	return UD_OK;
}

/* The verdict the loop must reach on one message, from the pre-state. */
static ud_status expect(const struct ud_r5_sched *s, uint32_t w0, uint32_t w1)
{
	uint32_t trid, seq, wired, pd;

	if ((w0 & 3u) != 2u)
		return expect_reply(s, w0, w1);
	if ((w1 >> 30) != 0u)
		return UD_E_INVAL;		/* reserved bits set */
	wired = (w0 >> 2) & 0xffffu;		/* seed 004 listing: word0 [17:2]  */
	trid = w0 >> 18;			/* word0 [31:18]                   */
	seq = w1 & 0x3fffu;			/* word1 [13:0]                    */
	pd = (w1 >> 14) & 0xffffu;		/* word1 [29:14]                   */
	if (trid >= UD_R5_SCHED_NTX || s->st[trid] == UD_R5_SCHED_IDLE)
		return UD_E_NOENT;
	if (wired != trid / (UD_R5_SCHED_NVC * UD_R5_SCHED_WIN) || pd != wired)
		return UD_E_FORGED;
	if (seq != s->seq[trid] || s->st[trid] == UD_R5_SCHED_DONE)
		return UD_E_STALE;
	return UD_OK;
}

static void check_sched(const struct ud_r5_sched *s)
{
	if (s->narmed > UD_R5_SCHED_NTX)
		abort();
	for (uint32_t t = 0; t < UD_R5_SCHED_NTX; t++) {
		if (s->st[t] > UD_R5_SCHED_DONE || s->seq[t] >= UD_R5_SCHED_SEQ_LIM ||
		    s->blen[t] > UD_R5_SCHED_BLOCK)
			abort();
	}
	if (s->cnt.completions > s->cnt.submits)
		abort();
}

static uint32_t consumed(const struct ud_r5_loop *lp)
{
	uint32_t n = lp->rapf + lp->acks + lp->bad + lp->other + lp->reqs + lp->rreqs;

	for (uint32_t i = 0; i < UD_R5_REQ_NBAD; i++)
		n += lp->req_bad[i];
	return n;
}

static void pass(struct ud_r5_mbox *mb, struct ud_r5_loop *lp)
{
	uint32_t before = consumed(lp);
	uint32_t queued = qh - qt, ticks = mb->ticks;
	uint32_t tail = mb->tail, head = mb->head, slots = 0, msgs = 0;
	uint64_t due = lp->next_tick;
	ud_status want = UD_OK;
	int single = 0;

	/* What the loop must take: messages in order, a request header with
	 * its next three slots if they are in the ring, else alone. */
	while (msgs < UD_R5_MSGS_PER_PASS && slots < queued) {
		uint32_t w0 = q0[(qt + slots) % QCAP];

		slots += (w0 & 3u) == 3u && queued - slots - 1u >= 3u ? 4u : 1u;
		msgs++;
	}
	if (msgs == 1u && slots == queued) {
		single = 1;
		if ((q0[qt % QCAP] & 3u) != 3u) {
			want = expect(lp->sched, q0[qt % QCAP], q1[qt % QCAP]);
		} else if (slots == 1u) {
			want = UD_E_INVAL;	/* a header alone: short */
		} else {
			uint32_t w[8];

			for (uint32_t i = 0; i < 4u; i++) {
				w[2 * i] = q0[(qt + i) % QCAP];
				w[2 * i + 1] = q1[(qt + i) % QCAP];
			}
			want = expect_req(lp->sched, w);
		}
	}
	ud_r5_loop_pass(lp);
	if (head - tail > UD_R5_MBOX_SLOTS)
		abort();			/* the model never corrupts here */
	if (mb->tail != tail + slots || mb->head != head)
		abort();
	if (consumed(lp) != before + msgs)
		abort();
	if (single && lp->last != want)
		abort();
	qt += slots;
	/* A tick happens exactly when the clock reached the due time. */
	if ((fz_clock >= due) != (mb->ticks == ticks + 1u))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };
	struct ud_r5_mbox *mb = &ud_r5_mbox;
	struct ud_r5_loop *lp = &fz_loop;

	fz_clock = 0;
	qh = qt = 0;
	ud_r5_mbox_init(mb);
	ud_r5_loop_init(lp, mb);
	if (!fz_have_pristine) {
		/* ud_r5_sched_init once (84 KB); later inputs start from a copy. */
		if (ud_r5_loop_attach(lp, &fz_pristine, 1000u) != UD_OK)
			abort();
		fz_have_pristine = 1;
	}
	memcpy(&fz_sched, &fz_pristine, sizeof fz_sched);
	lp->sched = &fz_sched;

	for (unsigned steps = 0; in.n && steps < 512u; steps++) {
		uint32_t op = take(&in, 1) % 8u;

		if (op == 0) {
			uint32_t w0 = take(&in, 4), w1 = take(&in, 4);
			post(mb, w0, w1);
		} else if (op == 1) {
			/* A RAPF for trid t: PD and seq right, or nudged. */
			uint32_t t = take(&in, 2) % UD_R5_SCHED_NTX, f = take(&in, 1);
			uint32_t pd = t / (UD_R5_SCHED_NVC * UD_R5_SCHED_WIN);
			uint32_t wired = (f & 1u) ? (pd + 1u) % 16u : pd;
			uint32_t spd = (f & 2u) ? (pd + 3u) % 16u : wired;
			uint32_t seq = ((uint32_t)fz_sched.seq[t] + ((f >> 2) & 3u)) % 0x4000u;
			post(mb, 2u | wired << 2 | t << 18, seq | spd << 14);
		} else if (op == 2) {
			struct ud_r5_sched_req r;

			r.pd = (uint8_t)(take(&in, 1) % 17u);
			r.vc = (uint8_t)(take(&in, 1) % 65u);
			r.kind = (uint8_t)(take(&in, 1) % 3u);
			r.node = take(&in, 1);
			r.src = (uint64_t)take(&in, 4) << 8;
			r.dst = (uint64_t)take(&in, 4) << 4;
			r.len = take(&in, 3) + (take(&in, 1) & 1u);
			(void)ud_r5_sched_submit(&fz_sched, &r, fz_clock);
		} else if (op == 3) {
			uint32_t t = take(&in, 2) % UD_R5_SCHED_NTX, f = take(&in, 1);
			struct ud_r5_sched_ev ev;

			memset(&ev, 0, sizeof ev);
			ev.kind = (uint8_t)(1u + f % 3u);
			ev.trid = (uint16_t)t;
			ev.seq = fz_sched.seq[t];
			if (f & 0x80u) {
				/* through the mailbox, as the engine's reply
				 * words (code: ACK 0, PF-NACK 1, NACK 2), its
				 * seq nudged by bit 6 */
				uint32_t code = ev.kind == 1u ? 0u : ev.kind == 3u ? 1u : 2u;
				uint32_t seq = ((uint32_t)ev.seq + ((f >> 6) & 1u)) % 0x4000u;

				post(mb, 1u | t << 2 | code << 16, seq);
			} else {
				(void)ud_r5_sched_event(&fz_sched, &ev, fz_clock);
			}
		} else if (op == 4) {
			fz_clock += take(&in, 2);
		} else if (op == 5) {
			pass(mb, lp);
		} else if (op == 7) {
			/* A request: the layout's fields from the input, the
			 * wired PDID pd or not, one word damaged or not, whole
			 * or its header alone. */
			uint32_t f = take(&in, 1), w[8];
			uint32_t pd = take(&in, 1) % 16u, vc = take(&in, 1) % 64u;
			uint32_t wired = (f & 1u) ? (pd + 1u + (f >> 4)) % 65536u : pd;
			uint64_t src = (uint64_t)take(&in, 4) << 12, dst = (uint64_t)take(&in, 4) << 14;
			uint32_t len = take(&in, 3) * ((f & 2u) ? 8u : 1u);

			w[0] = 3u | wired << 2 | ((f >> 2) & 1u) << 18 | pd << 19 | vc << 23;
			w[1] = take(&in, 1);
			w[2] = (uint32_t)(src & 0x3fffffffu) << 2;
			w[3] = (uint32_t)(src >> 30) & 0x3ffffu;
			w[4] = (uint32_t)(dst & 0x3fffffffu) << 2;
			w[5] = (uint32_t)(dst >> 30) & 0x3ffffu;
			w[6] = (len & 0x7ffffffu) << 2;
			w[7] = req_check(w);
			if (f & 8u)
				w[take(&in, 1) % 8u] ^= take(&in, 4);
			post_n(mb, w, (f & 0x80u) ? 1u : 4u);
		} else {
			/* A corrupt producer: head far ahead.  All dropped, counted. */
			uint32_t r0 = mb->resyncs, before = consumed(lp);

			mb->head = mb->tail + UD_R5_MBOX_SLOTS + 1u + take(&in, 1);
			ud_r5_loop_pass(lp);
			if (mb->resyncs != r0 + 1u || mb->tail != mb->head ||
			    consumed(lp) != before)
				abort();
			qt = qh;
		}
	}
	check_sched(&fz_sched);
	return 0;
}
