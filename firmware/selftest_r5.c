// SPDX-License-Identifier: MIT
/*
 * firmware/selftest_r5.c -- main of uldma-r5-selftest.elf: the production
 * objects (startup, clock, mailbox, poll loop, the verified core) with this
 * file in place of main_r5.c.  Run under QEMU (`make -C firmware selftest`,
 * part of `make firmware`): it prints one line through semihosting and
 * exits 0 when every check holds, 1 otherwise.
 *
 * Expected values are derived by hand from the seed's layouts, not from
 * the code under test.
 */
#include "loop_r5.h"
#include "semihost_r5.h"

struct ud_r5_st {
	uint32_t total;
	uint32_t passed;
	uint32_t failed;
};

static struct ud_r5_loop ud_r5_st_loop;

static void ud_r5_check(struct ud_r5_st *st, const char *name, bool ok)
{
	st->total++;
	if (ok) {
		st->passed++;
		return;
	}
	st->failed++;
	ud_r5_sh_puts("uldma-r5 selftest: FAIL ");
	ud_r5_sh_puts(name);
	ud_r5_sh_puts("\n");
}

/* The APU's side of the mailbox ring: write the slot, barrier, head. */
static void ud_r5_st_post(struct ud_r5_mbox *mb, uint32_t w0, uint32_t w1)
{
	uint32_t h = mb->head;

	mb->slot[h % UD_R5_MBOX_SLOTS][0] = w0;
	mb->slot[h % UD_R5_MBOX_SLOTS][1] = w1;
	ud_r5_dmb();
	mb->head = h + 1u;
}

/* The address of a linker symbol, hidden from the optimiser: gcc may
 * assume no object lives at address 0, but the ATCM does start there. */
static uintptr_t ud_r5_addr(const void *p)
{
	uintptr_t a = (uintptr_t)p;

	__asm__("" : "+r"(a));
	return a;
}

static bool ud_r5_in(const void *p, const char *lo, const char *hi)
{
	uintptr_t a = ud_r5_addr(p);

	return a >= ud_r5_addr(lo) && a < ud_r5_addr(hi);
}

static void ud_r5_st_layout(struct ud_r5_st *st)
{
	uint32_t local = 0;

	ud_r5_check(st, "TCM bases",
		    ud_r5_addr(__atcm_start) == UD_R5_ATCM_BASE &&
		    ud_r5_addr(__btcm_start) == UD_R5_BTCM_BASE &&
		    ud_r5_addr(__atcm_limit) - UD_R5_ATCM_BASE ==
		    ud_r5_addr(__btcm_limit) - UD_R5_BTCM_BASE);
	ud_r5_check(st, "code in ATCM",
		    ud_r5_in((const void *)(uintptr_t)&ud_r5_main, __atcm_start, __atcm_limit));
	ud_r5_check(st, "mailbox at BTCM base",
		    (uintptr_t)&ud_r5_mbox == UD_R5_BTCM_BASE);
	ud_r5_check(st, "stack in BTCM", ud_r5_in(&local, __btcm_start, __btcm_limit));
}

static void ud_r5_st_clock(struct ud_r5_st *st)
{
	uint64_t t0, t1;
	volatile uint32_t spin;

	t0 = ud_plat_now();
	for (spin = 0; spin < 10000u; spin++)
		;
	t1 = ud_plat_now();
	ud_r5_check(st, "clock advances", t1 > t0);
}

/* seed 004, 3.2.3.3 listing / src/fault_msg.h: word0 = opcode 2 | wired
 * PDID << 2 | trid << 18; word1 = seq | PDID << 14.  PDID 5, trid 0x1234,
 * seq 0xabc:  word0 = 2 + 5*4 + 0x1234*0x40000 = 0x48d00016,
 *             word1 = 0xabc + 5*0x4000        = 0x00014abc. */
#define UD_KAT_CTX struct ud_r5_st
#define UD_KAT_CHECK(st, name, ok) ud_r5_check((st), (name), (ok))
#include "ud_kat.h"		/* the known answers every home checks */
#define UD_ST_W0 UD_KAT_RTX_W0
#define UD_ST_W1 UD_KAT_RTX_W1

static void ud_r5_st_loop_mbox(struct ud_r5_st *st)
{
	struct ud_r5_mbox *mb = &ud_r5_mbox;
	struct ud_r5_loop *lp = &ud_r5_st_loop;
	uint32_t w0, w1, i;

	ud_r5_mbox_init(mb);
	ud_r5_loop_init(lp, mb);	/* no scheduler: decoding only */
	ud_r5_check(st, "mbox magic", mb->magic == UD_R5_MBOX_MAGIC);
	ud_r5_check(st, "mbox empty", !ud_r5_mbox_poll(mb, &w0, &w1));

	ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1);			/* RAPF          */
	ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1 | 0x80000000u);	/* reserved bit  */
	ud_r5_st_post(mb, 0x00010000u, 0);			/* opcode 0      */
	ud_r5_st_post(mb, 0x00010001u + 4u * 77u, 5u);		/* PF-NACK 77/5  */
	ud_r5_st_post(mb, 0x00030001u, 5u);			/* reply code 3  */
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "loop consumed 5", mb->messages == 5u && mb->tail == mb->head);
#ifdef UD_R5_HAVE_FAULT_MSG
	ud_r5_check(st, "loop dispatch", lp->rapf == 1u && lp->acks == 1u && lp->bad == 2u &&
		    lp->other == 1u);
#else
	/* No codec in this build: nothing is decoded, all is "other". */
	ud_r5_check(st, "loop dispatch", lp->rapf == 0u && lp->bad == 0u && lp->other == 5u);
#endif

	/* More than one pass's worth: the loop takes UD_R5_MSGS_PER_PASS. */
	for (i = 0; i < UD_R5_MSGS_PER_PASS + 2u; i++)
		ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "loop bounded pass", mb->head - mb->tail == 2u);
	ud_r5_loop_pass(lp);
#ifdef UD_R5_HAVE_FAULT_MSG
	ud_r5_check(st, "loop drained", mb->head == mb->tail &&
		    lp->rapf + lp->bad == UD_R5_MSGS_PER_PASS + 5u);
#else
	ud_r5_check(st, "loop drained", mb->head == mb->tail &&
		    lp->other == UD_R5_MSGS_PER_PASS + 7u);
#endif

	/* A corrupt producer (head more than a ring ahead) is dropped whole. */
	mb->head = mb->tail + UD_R5_MBOX_SLOTS + 1u;
	ud_r5_check(st, "mbox resync", !ud_r5_mbox_poll(mb, &w0, &w1) &&
		    mb->resyncs == 1u && mb->tail == mb->head);

	/* The timer ticks: bounded wait for two ticks. */
	for (i = 0; i < 10000000u && mb->ticks < 2u; i++)
		ud_r5_loop_pass(lp);
	ud_r5_check(st, "timer ticks", mb->ticks >= 2u);
}

#ifdef UD_R5_HAVE_SCHED
/*
 * The scheduler on the R5, driven through its firmware-facing API and the
 * real poll loop, clock and mailbox.  Scenario numbers derived by hand
 * (seed 004, 1.3.2: 16 KB blocks aligned on the destination VA; trid =
 * (pd * 64 + vc) * 2 + slot, src/r5_sched.h):
 *   transfer pd 3, vc 5: channel 197, trids 394/395; dst 0x12000,
 *   len 65537 (64 KB + 1 starting mid-block) -> blocks of 8192, 16384,
 *   16384, 16384, 8193 bytes: five ACKs, one completion.
 */
static struct ud_r5_sched ud_r5_st_sched;

#define UD_ST_SLOW ((uint64_t)UD_R5_CPU_HZ * 10u)	/* 10 s: never expires here */

static ud_status ud_r5_st_ev(struct ud_r5_sched *s, uint8_t kind, uint16_t trid)
{
	struct ud_r5_sched_ev ev = { kind, trid, s->seq[trid], 0, 0 };

	return ud_r5_sched_event(s, &ev, ud_plat_now());
}

static uint32_t ud_r5_st_rapf_w0(uint32_t wired_pd, uint32_t trid)
{
	return 2u + wired_pd * 4u + trid * 0x40000u;	/* [1:0] 2, [17:2], [31:18] */
}

static void ud_r5_st_sched_run(struct ud_r5_st *st)
{
	struct ud_r5_sched *s = &ud_r5_st_sched;
	struct ud_r5_loop *lp = &ud_r5_st_loop;
	struct ud_r5_mbox *mb = &ud_r5_mbox;
	struct ud_r5_sched_req big = { 3, 5, UD_R5_SCHED_WRITE, 7, 0x10000u, 0x12000u, 65537u };
	struct ud_r5_sched_req one = { 1, 0, UD_R5_SCHED_WRITE, 2, 0x80000u, 0x40000u, 4096u };
	uint32_t acks = 0, i;
	uint16_t t, q0, q1;

	ud_r5_mbox_init(mb);
	ud_r5_loop_init(lp, mb);
	ud_r5_check(st, "sched attach", ud_r5_loop_attach(lp, s, UD_ST_SLOW) == UD_OK);
	ud_r5_check(st, "sched submit", ud_r5_sched_submit(s, &big, ud_plat_now()) == UD_OK);
	ud_r5_check(st, "sched two blocks out",
		    s->st[394] == UD_R5_SCHED_INFLIGHT && s->blen[394] == 8192u &&
		    s->st[395] == UD_R5_SCHED_INFLIGHT && s->off[395] == 8192u &&
		    s->blen[395] == 16384u);
	for (i = 0; i < 16u && s->x[197].complete == 0u; i++) {
		t = s->st[394] == UD_R5_SCHED_INFLIGHT ? 394u : 395u;
		if (ud_r5_st_ev(s, (uint8_t)UD_R5_SCHED_EV_ACK, t) == UD_OK)
			acks++;
	}
	ud_r5_check(st, "sched 5 acks, 1 completion",
		    acks == 5u && s->x[197].complete == 1u && s->x[197].acked == 65537u &&
		    s->cnt.completions == 1u);
	ud_r5_check(st, "sched ack after completion stale",
		    ud_r5_st_ev(s, (uint8_t)UD_R5_SCHED_EV_ACK, 394u) == UD_E_STALE);

	/* Destination fault resolved by RAPF through the mailbox: one block
	 * on pd 1, vc 0 (trid 128), PF-NACKed (paused), then a forged RAPF
	 * (wired PD 2), a stale one (wrong seq) and the right one. */
	ud_r5_check(st, "sched submit 2", ud_r5_sched_submit(s, &one, ud_plat_now()) == UD_OK);
	/* The PF-NACK comes through the mailbox as an engine reply (opcode
	 * 1, code 1 in [18:16], trid in [15:2], seq in word1): one for the
	 * wrong seq is decoded and ignored as stale, the right one pauses. */
	ud_r5_st_post(mb, 1u + 4u * 128u + 0x10000u, (s->seq[128] + 1u) % 0x4000u);
	ud_r5_st_post(mb, 1u + 4u * 128u + 0x10000u, s->seq[128]);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "pfnack via mailbox pauses",
		    lp->acks == 2u && s->cnt.ign_stale == 2u && s->st[128] == UD_R5_SCHED_PAUSED);
	q0 = s->seq[128];
	ud_r5_st_post(mb, ud_r5_st_rapf_w0(2u, 128u), q0 + 2u * 0x4000u);
	ud_r5_st_post(mb, ud_r5_st_rapf_w0(1u, 128u), ((q0 + 5u) % 0x4000u) + 1u * 0x4000u);
	ud_r5_st_post(mb, ud_r5_st_rapf_w0(1u, 128u), q0 + 1u * 0x4000u);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "rapf via mailbox retransmits",
		    lp->rapf == 3u && s->cnt.ign_forged == 1u && s->cnt.ign_stale == 3u &&
		    s->cnt.rtx_rapf == 1u && s->st[128] == UD_R5_SCHED_INFLIGHT &&
		    s->seq[128] == (uint16_t)((q0 + 1u) % 0x4000u));

	/* A remote read request at the target (seed 004, 1.3.2: "transforms
	 * ... this request to a write transfer"): pd 4, vc 1 (channel 257)
	 * becomes a write back; one whose wired PDID is not its PD is forged. */
	{
		struct ud_r5_sched_rreq rr = { 4, 4, 1, 9, 0x1000u, 0x9000u, 100u };

		ud_r5_check(st, "read request -> write back",
			    ud_r5_sched_read_req(s, &rr, ud_plat_now()) == UD_OK &&
			    s->x[257].kind == UD_R5_SCHED_READ && s->x[257].len == 100u &&
			    s->st[514] == UD_R5_SCHED_INFLIGHT);
		rr.wired_pd = 5;
		rr.vc = 2;
		ud_r5_check(st, "forged read request",
			    ud_r5_sched_read_req(s, &rr, ud_plat_now()) == UD_E_FORGED &&
			    s->x[258].active == 0u);
	}

	/* The abort path (issue 17): the fault handler's failure report for
	 * the read-back's block (pd 4, trid 514) lands in the loop; a report
	 * naming another PD is forged; the genuine one completes the transfer
	 * with its error once and frees the channel. */
	{
		uint16_t q = s->seq[514];

		ud_r5_check(st, "abort forged",
			    ud_r5_loop_fail(lp, 3u, 514u, q, UD_E_PERM) == UD_E_FORGED &&
			    s->x[257].active == 1u);
		ud_r5_check(st, "abort completes with the error",
			    ud_r5_loop_fail(lp, 4u, 514u, q, UD_E_PERM) == UD_OK &&
			    s->x[257].active == 0u && s->st[514] == UD_R5_SCHED_IDLE &&
			    s->cnt.aborts == 1u && lp->fails == 2u);
		ud_r5_check(st, "abort once",
			    ud_r5_loop_fail(lp, 4u, 514u, q, UD_E_PERM) == UD_E_NOENT);
	}

	/* Source-side path: the timeout retransmits a paused block.  A fresh
	 * scheduler with the production period (UD_R5_TIMEOUT_US), PF-NACK,
	 * then the real poll loop until its tick fires the timer. */
	ud_r5_check(st, "sched re-attach", ud_r5_loop_attach(lp, s, UD_R5_TIMEOUT_TICKS) == UD_OK);
	ud_r5_check(st, "sched submit 3", ud_r5_sched_submit(s, &one, ud_plat_now()) == UD_OK);
	ud_r5_check(st, "sched pfnack 2",
		    ud_r5_st_ev(s, (uint8_t)UD_R5_SCHED_EV_PFNACK, 128u) == UD_OK);
	q1 = s->seq[128];
	for (i = 0; i < 20000000u && s->cnt.rtx_timeout == 0u; i++)
		ud_r5_loop_pass(lp);
	ud_r5_check(st, "timeout retransmits",
		    s->cnt.rtx_timeout >= 1u && s->st[128] == UD_R5_SCHED_INFLIGHT &&
		    s->seq[128] != q1);
}

#ifdef UD_R5_HAVE_REQ_MSG
/*
 * Requests through the mailbox (HOME-14): the APU's side writes each
 * request's four slots (src/req_msg.h layout, built here by hand with
 * shifts as a reference, not with the codec) and publishes them with one
 * head update; the real loop decodes them (src/req_msg.c) and hands them
 * to ud_r5_sched_submit / _read_req.  Three accepted (two transfers, one
 * remote read), one busy channel, and one of each refusal.
 */
static uint32_t ud_r5_st_req_ok, ud_r5_st_req_busy;

static void ud_r5_st_req_words(uint32_t *w, uint32_t type, uint32_t wired, uint32_t pd,
			       uint32_t vc, uint32_t node, uint64_t src, uint64_t dst,
			       uint32_t len)
{
	uint64_t sum;

	w[0] = 3u | wired << 2 | type << 18 | pd << 19 | vc << 23;
	w[1] = node;
	w[2] = (uint32_t)(src & 0x3fffffffu) << 2;
	w[3] = (uint32_t)(src >> 30);
	w[4] = (uint32_t)(dst & 0x3fffffffu) << 2;
	w[5] = (uint32_t)(dst >> 30);
	w[6] = len << 2;
	sum = (uint64_t)(w[0] >> 18) + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] + 0x55445251u;
	w[7] = (uint32_t)sum;
}

static void ud_r5_st_req_post(struct ud_r5_mbox *mb, const uint32_t *w, uint32_t nslots)
{
	uint32_t h = mb->head, i;

	for (i = 0; i < nslots; i++) {
		mb->slot[(h + i) % UD_R5_MBOX_SLOTS][0] = w[2u * i];
		mb->slot[(h + i) % UD_R5_MBOX_SLOTS][1] = w[2u * i + 1u];
	}
	ud_r5_dmb();
	mb->head = h + nslots;		/* one head update per message */
}

static void ud_r5_st_requests(struct ud_r5_st *st)
{
	struct ud_r5_sched *s = &ud_r5_st_sched;
	struct ud_r5_loop *lp = &ud_r5_st_loop;
	struct ud_r5_mbox *mb = &ud_r5_mbox;
	struct ud_req_msg m = { UD_REQ_XFER, 2, 3, 2, 6, 0x100000u, 0x200000u, 20000u };
	uint32_t w[UD_REQ_WORDS], v[UD_REQ_WORDS], i;
	bool same = true;

	ud_r5_mbox_init(mb);
	ud_r5_loop_init(lp, mb);
	ud_r5_check(st, "req attach", ud_r5_loop_attach(lp, s, UD_ST_SLOW) == UD_OK);

	/* The codec's words are the layout's: pd 2, vc 3, wired 2, node 6. */
	ud_r5_st_req_words(w, 0u, 2u, 2u, 3u, 6u, 0x100000u, 0x200000u, 20000u);
	ud_r5_check(st, "req encode", ud_req_encode(&m, v) == UD_OK);
	for (i = 0; i < UD_REQ_WORDS; i++)
		same = same && v[i] == w[i];
	ud_r5_check(st, "req words by hand", same && w[0] == 0x0190000bu);

	/* Accepted: a transfer (channel 131), one at the top of the 48-bit
	 * VA space on the last channel (1023), a remote read (channel 257). */
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_st_req_words(w, 0u, 15u, 15u, 63u, 1u, 0xfffffffff000ull, 0x7fff00000000ull, 4096u);
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_st_req_words(w, 1u, 4u, 4u, 1u, 9u, 0x1000u, 0x9000u, 100u);
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "req accepted",
		    lp->reqs == 2u && lp->rreqs == 1u && lp->last == UD_OK &&
		    mb->tail == mb->head && mb->messages == 3u &&
		    s->cnt.submits == 3u && s->cnt.read_reqs == 1u &&
		    s->x[131].active == 1u && s->x[131].kind == UD_R5_SCHED_WRITE &&
		    s->x[131].len == 20000u && s->x[131].node == 6u &&
		    s->x[131].src == 0x100000u && s->x[131].dst == 0x200000u &&
		    s->x[1023].src == 0xfffffffff000ull && s->x[1023].dst == 0x7fff00000000ull &&
		    s->x[257].kind == UD_R5_SCHED_READ && s->x[257].len == 100u &&
		    s->st[262] == UD_R5_SCHED_INFLIGHT && s->st[514] == UD_R5_SCHED_INFLIGHT);
	ud_r5_st_req_ok = lp->reqs + lp->rreqs;

	/* The first again: its channel is busy (the scheduler's verdict). */
	ud_r5_st_req_words(w, 0u, 2u, 2u, 3u, 6u, 0x100000u, 0x200000u, 20000u);
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "req busy", lp->reqs == 3u && lp->last == UD_E_BUSY &&
		    s->cnt.submits == 3u);
	ud_r5_st_req_busy = 1u;

	/* Refused, one of each, nothing reaches the scheduler. */
	ud_r5_st_req_words(w, 0u, 5u, 5u, 7u, 1u, 0x4000u, 0x8000u, 64u);
	w[6] |= 0x80000000u;			/* reserved bit        */
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_st_req_words(w, 0u, 5u, 5u, 7u, 1u, 0x4000u, 0x8000u, 64u);
	w[5] ^= 1u;				/* a damaged word      */
	ud_r5_st_req_post(mb, w, 4u);
	ud_r5_st_req_words(w, 0u, 5u, 5u, 7u, 1u, 0x4000u, 0x8000u, 0u);
	ud_r5_st_req_post(mb, w, 4u);		/* length 0            */
	ud_r5_st_req_words(w, 0u, 5u, 5u, 7u, 1u, 0x4000u, 0x8000u, 67108865u);
	ud_r5_st_req_post(mb, w, 4u);		/* length 64 MiB + 1   */
	ud_r5_st_req_words(w, 1u, 5u, 4u, 2u, 9u, 0x1000u, 0x9000u, 100u);
	ud_r5_st_req_post(mb, w, 4u);		/* pd 4, wired PDID 5  */
	ud_r5_st_req_post(mb, &w[2], 1u);	/* a lone continuation */
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "req refused",
		    lp->req_bad[UD_R5_REQ_INVAL] == 1u && lp->req_bad[UD_R5_REQ_CHECK] == 1u &&
		    lp->req_bad[UD_R5_REQ_RANGE] == 2u && lp->req_bad[UD_R5_REQ_FORGED] == 1u &&
		    lp->other == 1u && lp->reqs == 3u && lp->rreqs == 1u &&
		    mb->tail == mb->head && s->cnt.submits == 3u &&
		    s->x[5 * 64 + 7].active == 0u && s->x[4 * 64 + 2].active == 0u);

	/* A header whose other slots never came: dropped alone, counted. */
	ud_r5_st_req_post(mb, w, 1u);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "req short", lp->req_bad[UD_R5_REQ_SHORT] == 1u &&
		    mb->tail == mb->head && lp->last == UD_E_INVAL);
}
#endif

/*
 * 1024 outstanding transfers (16 PDs x 64 channels, seed 004 1.3.2), each
 * 32 KB at a 16 KB-aligned destination: two blocks each, 2048 armed
 * timers.  Measured on the R5: one tick with nothing due, and one tick
 * with every timer due (2048 retransmits).  Under QEMU with -icount
 * shift=0 (firmware/Makefile) one tick of the cycle counter is one
 * instruction, so the figures are instruction counts.
 */
static uint32_t ud_r5_st_tick_scan, ud_r5_st_tick_all;

static void ud_r5_st_sched_1024(struct ud_r5_st *st)
{
	struct ud_r5_sched *s = &ud_r5_st_sched;
	struct ud_r5_sched_req r = { 0, 0, UD_R5_SCHED_WRITE, 1, 0, 0, 32768u };
	uint32_t ok = 0, c;
	uint64_t t0, t1, t2;

	ud_r5_check(st, "sched init 1024", ud_r5_sched_init(s, UD_R5_SCHED_WIN, UD_ST_SLOW) == UD_OK);
	for (c = 0; c < UD_R5_SCHED_NCH; c++) {
		r.pd = (uint8_t)(c / UD_R5_SCHED_NVC);
		r.vc = (uint8_t)(c % UD_R5_SCHED_NVC);
		r.src = (uint64_t)c << 20;
		r.dst = ((uint64_t)c << 20) + 0x100000000ull;
		if (ud_r5_sched_submit(s, &r, ud_plat_now()) == UD_OK)
			ok++;
	}
	ud_r5_check(st, "1024 transfers, 2048 armed", ok == UD_R5_SCHED_NCH &&
		    s->narmed == UD_R5_SCHED_NTX);
	t0 = ud_plat_now();
	ud_r5_sched_tick(s, t0);
	t1 = ud_plat_now();
	ud_r5_check(st, "tick, nothing due", s->cnt.rtx_timeout == 0u);
	ud_r5_sched_tick(s, t1 + 2u * UD_ST_SLOW);
	t2 = ud_plat_now();
	ud_r5_check(st, "tick, 2048 due", s->cnt.rtx_timeout == UD_R5_SCHED_NTX &&
		    s->narmed == UD_R5_SCHED_NTX);
	ud_r5_st_tick_scan = (uint32_t)(t1 - t0);
	ud_r5_st_tick_all = (uint32_t)(t2 - t1);
}
#else
static void ud_r5_st_sched_run(struct ud_r5_st *st)
{
	(void)st;
}
#endif

/*
 * Stack high-water mark: paint the unused part of the SVC stack (r5.ld:
 * from __stack_fiq up to __stack_svc, 4 KB) below the current frame, run
 * everything, then find the lowest word that changed.
 */
extern uint32_t __stack_fiq[], __stack_svc[];
#define UD_R5_PAINT 0x5ca1ab1eu

static void ud_r5_st_paint(void)
{
	uint32_t here = 0;
	volatile uint32_t *p = (volatile uint32_t *)__stack_fiq;
	uintptr_t stop = ud_r5_addr(&here) - 256u;	/* well below live frames */

	for (; ud_r5_addr((const void *)(uintptr_t)p) < stop; p++)
		*p = UD_R5_PAINT;
}

static uint32_t ud_r5_st_stack_used(void)
{
	volatile uint32_t *p = (volatile uint32_t *)__stack_fiq;

	while (ud_r5_addr((const void *)(uintptr_t)p) < ud_r5_addr(__stack_svc) && *p == UD_R5_PAINT)
		p++;
	return (uint32_t)(ud_r5_addr(__stack_svc) - ud_r5_addr((const void *)(uintptr_t)p));
}

#ifdef UD_HAVE_XFER_WR
#include "pd.h"
#include "mr.h"
#include "xfer_wr.h"

/* The engine on the R5: one node in loopback, two regions in BTCM, an RDMA
 * write of 5000 bytes (three pages of the destination, twenty packets,
 * two page crossings) through the verified ud_wr_run, then the same write
 * through the destination's rkey after deregistration.  Expected bytes are
 * the source's pattern; the guard bytes around the destination keep 0xEE. */
#define UD_R5_ENG_LEN   5000u
#define UD_R5_ENG_GUARD 64u
static struct ud_prot ud_r5_eng_prot;
static uint8_t ud_r5_eng_src[UD_R5_ENG_LEN];
static uint8_t ud_r5_eng_pkt[UD_WR_PKT];  /* the engine's staging buffer */
static uint8_t ud_r5_eng_dst[UD_R5_ENG_GUARD + UD_R5_ENG_LEN + UD_R5_ENG_GUARD];

static void ud_r5_st_engine(struct ud_r5_st *st)
{
	struct ud_prot *p = &ud_r5_eng_prot;
	uint8_t *dst = ud_r5_eng_dst + UD_R5_ENG_GUARD;
	uint32_t pd, qp, hs, hd, lkey, rkey, k, i;
	uint32_t cq0 = ud_r5_cq_count();
	bool same = true, guards = true;
	struct ud_wr w;

	for (i = 0; i < UD_R5_ENG_LEN; i++)
		ud_r5_eng_src[i] = (uint8_t)(i * 7u + 3u);
	for (i = 0; i < sizeof(ud_r5_eng_dst); i++)
		ud_r5_eng_dst[i] = 0xEEu;
	ud_prot_init(p);
	ud_r5_check(st, "engine: PD, QP, two regions",
		    ud_alloc_pd(p, &pd) == UD_OK && ud_qp_attach(p, pd, &qp) == UD_OK &&
		    ud_reg_mr(p, pd, ud_r5_addr(ud_r5_eng_src), UD_R5_ENG_LEN, 0u,
			      &hs, &lkey, &k) == UD_OK &&
		    ud_reg_mr(p, pd, ud_r5_addr(dst), UD_R5_ENG_LEN,
			      UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE, &hd, &k, &rkey) == UD_OK);
	w = (struct ud_wr){ UD_WR_WRITE, lkey, rkey, ud_r5_addr(ud_r5_eng_src),
			    ud_r5_addr(dst), UD_R5_ENG_LEN };
	ud_r5_check(st, "engine: RDMA write of 5000 B completes UD_OK",
		    ud_wr_run(p, qp, p, qp, &w, ud_r5_eng_pkt) == UD_OK &&
		    ud_r5_cq_count() == cq0 + 1u && ud_r5_cq_last_len() == UD_R5_ENG_LEN);
	for (i = 0; i < UD_R5_ENG_LEN; i++)
		same = same && dst[i] == ud_r5_eng_src[i];
	for (i = 0; i < UD_R5_ENG_GUARD; i++)
		guards = guards && ud_r5_eng_dst[i] == 0xEEu &&
			 dst[UD_R5_ENG_LEN + i] == 0xEEu;
	ud_r5_check(st, "engine: every byte landed, guards kept", same && guards);
	for (i = 0; i < UD_R5_ENG_LEN; i++)
		dst[i] = 0xEEu;
	ud_r5_check(st, "engine: after deregistration the rkey is refused, nothing lands",
		    ud_dereg_mr(p, hd) == UD_OK && ud_wr_run(p, qp, p, qp, &w, ud_r5_eng_pkt) == UD_E_KEY &&
		    ud_r5_cq_count() == cq0 + 2u && ud_r5_cq_last_len() == 0u &&
		    dst[0] == 0xEEu && dst[UD_R5_ENG_LEN - 1u] == 0xEEu);
}
#endif

void ud_r5_main(void)
{
	struct ud_r5_st st = { 0, 0, 0 };
	uint32_t stack;

#ifdef UD_R5_ST_FAULT
	/* The vector-table check (firmware/Makefile, selftest-fault): an
	 * undefined instruction must reach ud_r5_exception as kind 1. */
	__asm__ volatile("udf #0");
#endif
	ud_r5_st_paint();
	ud_r5_clock_init();
	ud_r5_st_layout(&st);
	ud_r5_st_clock(&st);
#ifdef UD_HAVE_FAULT_MSG
	ud_kat_fault_msg(&st);
#endif
#ifdef UD_HAVE_REQ_MSG
	ud_kat_req_msg(&st);
#endif
#ifdef UD_HAVE_SHADOW
	ud_kat_shadow(&st);
#endif
#ifdef UD_HAVE_XFER_WR
	ud_r5_st_engine(&st);
#endif
	ud_r5_st_loop_mbox(&st);
	ud_r5_st_sched_run(&st);
#if defined(UD_R5_HAVE_SCHED) && defined(UD_R5_HAVE_REQ_MSG)
	ud_r5_st_requests(&st);
#endif
#ifdef UD_R5_HAVE_SCHED
	ud_r5_st_sched_1024(&st);
#endif
	stack = ud_r5_st_stack_used();
	ud_r5_check(&st, "SVC stack high-water below 4 KB",
		    stack < ud_r5_addr(__stack_svc) - ud_r5_addr(__stack_fiq));

	if (st.failed == 0u) {
		ud_r5_sh_puts("uldma-r5 selftest: ");
		ud_r5_sh_putu(st.passed);
		ud_r5_sh_puts(" checks passed on cortex-r5 (core:");
#ifdef UD_R5_HAVE_FAULT_MSG
		ud_r5_sh_puts(" fault_msg reply_msg");
#endif
#ifdef UD_HAVE_SHADOW
		ud_r5_sh_puts(" shadow");
#endif
#ifdef UD_R5_HAVE_REQ_MSG
		ud_r5_sh_puts(" req_msg");
#endif
#ifdef UD_R5_HAVE_SCHED
		ud_r5_sh_puts(" r5_sched");
#endif
#ifdef UD_HAVE_XFER_WR
		ud_r5_sh_puts(" xfer_wr");
#endif
		ud_r5_sh_puts(")\n");
#ifdef UD_R5_HAVE_SCHED
		ud_r5_sh_puts("uldma-r5 selftest: r5_sched tick over 2048 armed timers: ");
		ud_r5_sh_putu(ud_r5_st_tick_scan);
		ud_r5_sh_puts(" counter ticks with none due, ");
		ud_r5_sh_putu(ud_r5_st_tick_all);
		ud_r5_sh_puts(" with all 2048 due (retransmitted)\n");
#endif
#if defined(UD_R5_HAVE_SCHED) && defined(UD_R5_HAVE_REQ_MSG)
		ud_r5_sh_puts("uldma-r5 selftest: requests via the mailbox: ");
		ud_r5_sh_putu(ud_r5_st_req_ok);
		ud_r5_sh_puts(" accepted (transfer + remote read), ");
		ud_r5_sh_putu(ud_r5_st_req_busy);
		ud_r5_sh_puts(" busy channel; refused: inval ");
		ud_r5_sh_putu(ud_r5_st_loop.req_bad[UD_R5_REQ_INVAL]);
		ud_r5_sh_puts(", check ");
		ud_r5_sh_putu(ud_r5_st_loop.req_bad[UD_R5_REQ_CHECK]);
		ud_r5_sh_puts(", range ");
		ud_r5_sh_putu(ud_r5_st_loop.req_bad[UD_R5_REQ_RANGE]);
		ud_r5_sh_puts(", forged ");
		ud_r5_sh_putu(ud_r5_st_loop.req_bad[UD_R5_REQ_FORGED]);
		ud_r5_sh_puts(", short ");
		ud_r5_sh_putu(ud_r5_st_loop.req_bad[UD_R5_REQ_SHORT]);
		ud_r5_sh_puts(", lone continuation ");
		ud_r5_sh_putu(ud_r5_st_loop.other);
		ud_r5_sh_puts("\n");
#endif
		ud_r5_sh_puts("uldma-r5 selftest: SVC stack high-water mark ");
		ud_r5_sh_putu(stack);
		ud_r5_sh_puts(" of 4096 bytes\n");
		ud_r5_sh_exit(0);
	}
	ud_r5_sh_puts("uldma-r5 selftest: ");
	ud_r5_sh_putu(st.failed);
	ud_r5_sh_puts(" of ");
	ud_r5_sh_putu(st.total);
	ud_r5_sh_puts(" checks FAILED\n");
	ud_r5_sh_exit(1);
}

void ud_r5_exception(uint32_t kind, uint32_t lr)
{
	ud_r5_sh_puts("uldma-r5 selftest: exception kind ");
	ud_r5_sh_putu(kind);
	ud_r5_sh_puts(" at lr ");
	ud_r5_sh_puthex(lr);
	ud_r5_sh_puts("\n");
	ud_r5_sh_exit(2);
}
