/* uldma-links: r5_sched */
/*
 * tests/unit/test_r5_sched.c -- the R5 retransmit scheduler (src/r5_sched.c)
 * against seed 004_2c0be60bc8bfaeb5.txt: segmentation (1.3.2), events and
 * the PF-NACK / RAPF rules (3.2.3.3), the chapter-4 scenarios.  Expected
 * block boundaries are derived by hand in each test, not by the code.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "r5_sched.h"
#include "plat_host_r5_sched.h"

static struct ud_r5_sched S;
static struct ud_r5_sched S2;

#define PERIOD 1000u   /* ticks; the seed's 1 ms at 1 tick = 1 us */

static void setup_win(uint32_t win)
{
	ud_host_r5_reset();
	memset(&S, 0xa5, sizeof S);
	ck_assert_int_eq(ud_r5_sched_init(&S, win, PERIOD), UD_OK);
}

static ud_status submit(uint8_t pd, uint8_t vc, uint64_t src, uint64_t dst, uint32_t len,
			uint64_t now)
{
	struct ud_r5_sched_req r = { .pd = pd, .vc = vc, .kind = UD_R5_SCHED_WRITE,
		.node = 7, .src = src, .dst = dst, .len = len };
	return ud_r5_sched_submit(&S, &r, now);
}

static ud_status ev(uint8_t kind, uint16_t trid, uint16_t seq, uint64_t now)
{
	struct ud_r5_sched_ev e = { .kind = kind, .trid = trid, .seq = seq,
		.wired_pd = (uint16_t)(trid / 128u), .pd = (uint16_t)(trid / 128u) };
	return ud_r5_sched_event(&S, &e, now);
}

static uint16_t trid_of(unsigned pd, unsigned vc, unsigned slot)
{
	return (uint16_t)((pd * 64u + vc) * 2u + slot);
}

static const struct ud_host_r5_post *last_post(void)
{
	ck_assert_uint_gt(ud_host_r5.nposts, 0);
	return &ud_host_r5.post[ud_host_r5.nposts - 1];
}

/* ------------------------------------------------------------------ init */
START_TEST(init_params)
{
	ck_assert_int_eq(ud_r5_sched_init(&S, 0, PERIOD), UD_E_RANGE);
	ck_assert_int_eq(ud_r5_sched_init(&S, 3, PERIOD), UD_E_RANGE);
	ck_assert_int_eq(ud_r5_sched_init(&S, 2, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_r5_sched_init(&S, 2, PERIOD), UD_OK);
	ck_assert_uint_eq(S.narmed, 0);
	for (unsigned t = 0; t < UD_R5_SCHED_NTX; t++)
		ck_assert_uint_eq(S.st[t], UD_R5_SCHED_IDLE);
	for (unsigned c = 0; c < UD_R5_SCHED_NCH; c++)
		ck_assert_uint_eq(S.x[c].active, 0);
}
END_TEST

/* --------------------------------------------------------- segmentation */
/* 64 KB + 1 byte to a destination 8 KB into a 16 KB block (seed 004, 1.3.2:
 * 16 KB blocks, 16 KB aligned, first/last shorter).  By hand:
 * dst = 0x40002000; boundaries at 0x40004000, 0x40008000, 0x4000c000,
 * 0x40010000; end = 0x40002000 + 65537 = 0x40012001.
 * blocks: 8192 @0x40002000, 16384 @0x40004000, 16384 @0x40008000,
 *         16384 @0x4000c000, 8193 @0x40010000  (sum 65537). */
START_TEST(seg_64k_plus_1_mid_block)
{
	static const uint64_t bdst[5] = { 0x40002000u, 0x40004000u, 0x40008000u,
					  0x4000c000u, 0x40010000u };
	static const uint32_t blen[5] = { 8192u, 16384u, 16384u, 16384u, 8193u };
	const uint64_t src = 0x7f0000001000u;

	setup_win(2);
	ck_assert_int_eq(submit(3, 5, src, 0x40002000u, 65537u, 0), UD_OK);
	/* two blocks outstanding at once, no more */
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(S.narmed, 2);
	for (unsigned b = 0; b < 5; b++) {
		const struct ud_host_r5_post *p = &ud_host_r5.post[b];
		ck_assert_uint_eq(p->dst, bdst[b]);
		ck_assert_uint_eq(p->len, blen[b]);
		ck_assert_uint_eq(p->src, src + (bdst[b] - 0x40002000u));
		ck_assert_uint_eq(p->trid, trid_of(3, 5, b % 2));
		ck_assert_uint_eq(p->pd, 3);
		ck_assert_uint_eq(p->vc, 5);
		ck_assert_uint_eq(p->node, 7);
		ck_assert_uint_le(p->len / UD_R5_SCHED_PKT + 1u, 65u); /* <= 64 packets of 256 B */
		/* ACK block b: the next block (b + 2) takes its slot */
		ck_assert_uint_eq(ud_host_r5.nnotes, 0);
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, p->trid, p->seq, 10), UD_OK);
		ck_assert_uint_eq(ud_host_r5.nposts, b + 3 <= 5 ? b + 3 : 5);
	}
	ck_assert_uint_eq(ud_host_r5.nposts, 5);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(ud_host_r5.note[0].pd, 3);
	ck_assert_uint_eq(ud_host_r5.note[0].vc, 5);
	ck_assert_uint_eq(S.x[3 * 64 + 5].complete, 1);
	ck_assert_uint_eq(S.x[3 * 64 + 5].acked, 65537u);
	ck_assert_uint_eq(S.narmed, 0);
	ck_assert_uint_eq(S.cnt.acks, 5);
	ck_assert_uint_eq(S.cnt.completions, 1);
}
END_TEST

/* win = 1: one block at a time. */
START_TEST(seg_window_one)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 0, 0x1000, 0x0, 3u * 16384u, 0), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);
	ck_assert_uint_eq(S.st[1], UD_R5_SCHED_IDLE);
	for (unsigned b = 0; b < 3; b++) {
		const struct ud_host_r5_post *p = last_post();
		ck_assert_uint_eq(p->dst, b * 16384u);
		ck_assert_uint_eq(p->len, 16384u);
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, p->trid, p->seq, 1), UD_OK);
	}
	ck_assert_uint_eq(ud_host_r5.nposts, 3);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
}
END_TEST

/* Small transfers: one block, shorter than 16 KB; the seed's 16 B case. */
START_TEST(seg_small)
{
	setup_win(2);
	ck_assert_int_eq(submit(1, 1, 0x5000, 0x3ff0, 16, 0), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);
	ck_assert_uint_eq(last_post()->len, 16);
	ck_assert_uint_eq(S.st[trid_of(1, 1, 1)], UD_R5_SCHED_IDLE);
	/* crossing a 16 KB boundary by 16 bytes: 2 blocks of 16 */
	ck_assert_int_eq(submit(1, 2, 0x5000, 0x3ff0, 32, 0), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 3);
	ck_assert_uint_eq(ud_host_r5.post[1].len, 16);
	ck_assert_uint_eq(ud_host_r5.post[2].len, 16);
	ck_assert_uint_eq(ud_host_r5.post[2].dst, 0x4000);
}
END_TEST

/* -------------------------------------------------------- submit errors */
START_TEST(submit_errors_leave_state)
{
	setup_win(2);
	ck_assert_int_eq(submit(2, 2, 0, 0, 100, 0), UD_OK);
	memcpy(&S2, &S, sizeof S);
	uint64_t np = ud_host_r5.nposts;
	ck_assert_int_eq(submit(16, 0, 0, 0, 100, 0), UD_E_RANGE);
	ck_assert_int_eq(submit(0, 64, 0, 0, 100, 0), UD_E_RANGE);
	struct ud_r5_sched_req r = { .pd = 0, .vc = 0, .kind = 2, .len = 1 };
	ck_assert_int_eq(ud_r5_sched_submit(&S, &r, 0), UD_E_RANGE);
	ck_assert_int_eq(submit(0, 0, 0, 0, 0, 0), UD_E_INVAL);
	ck_assert_int_eq(submit(0, 0, 0, 0, UD_R5_SCHED_MAX_LEN + 1u, 0), UD_E_INVAL);
	ck_assert_int_eq(submit(0, 0, UINT64_MAX - 10u, 0, 100, 0), UD_E_OVERFLOW);
	ck_assert_int_eq(submit(0, 0, 0, UINT64_MAX - 98u, 100, 0), UD_E_OVERFLOW);
	ck_assert_int_eq(submit(2, 2, 0, 0, 100, 0), UD_E_BUSY);
	ck_assert_int_eq(memcmp(&S, &S2, sizeof S), 0);
	ck_assert_uint_eq(ud_host_r5.nposts, np);
	/* exactly at the top of the address space is fine */
	ck_assert_int_eq(submit(0, 0, 0, UINT64_MAX - 100u, 100, 0), UD_OK);
}
END_TEST

/* ------------------------------------------- every event in every state */
struct evcase {
	const char *name;
	uint8_t state;      /* state to drive trid 0 into */
	uint8_t kind;
	int seq_delta;      /* 0: current seq; 1: another seq */
	ud_status want;
	uint8_t st_after;
	int posts;          /* posts caused by the event */
};

/* Drive trid 0 (pd 0, vc 0, slot 0; a 1-block transfer) into `state`. */
static void drive(uint8_t state)
{
	setup_win(2);
	if (state == UD_R5_SCHED_IDLE)
		return;
	ck_assert_int_eq(submit(0, 0, 0x1000, 0x8000, 4096, 0), UD_OK);
	if (state == UD_R5_SCHED_PAUSED)
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_PFNACK, 0, S.seq[0], 1), UD_OK);
	if (state == UD_R5_SCHED_DONE)
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, S.seq[0], 1), UD_OK);
	ck_assert_uint_eq(S.st[0], state);
}

static const struct evcase cases[] = {
	{ "idle/ack",      UD_R5_SCHED_IDLE, UD_R5_SCHED_EV_ACK,    0, UD_E_NOENT, UD_R5_SCHED_IDLE, 0 },
	{ "idle/nack",     UD_R5_SCHED_IDLE, UD_R5_SCHED_EV_NACK,   0, UD_E_NOENT, UD_R5_SCHED_IDLE, 0 },
	{ "idle/pfnack",   UD_R5_SCHED_IDLE, UD_R5_SCHED_EV_PFNACK, 0, UD_E_NOENT, UD_R5_SCHED_IDLE, 0 },
	{ "idle/rapf",     UD_R5_SCHED_IDLE, UD_R5_SCHED_EV_RAPF,   0, UD_E_NOENT, UD_R5_SCHED_IDLE, 0 },
	{ "fly/ack",       UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_ACK,    0, UD_OK, UD_R5_SCHED_DONE, 0 },
	{ "fly/nack",      UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_NACK,   0, UD_OK, UD_R5_SCHED_INFLIGHT, 1 },
	{ "fly/pfnack",    UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_PFNACK, 0, UD_OK, UD_R5_SCHED_PAUSED, 0 },
	{ "fly/rapf",      UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_RAPF,   0, UD_OK, UD_R5_SCHED_INFLIGHT, 1 },
	{ "fly/ack-old",   UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_ACK,    1, UD_E_STALE, UD_R5_SCHED_INFLIGHT, 0 },
	{ "fly/nack-old",  UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_NACK,   1, UD_E_STALE, UD_R5_SCHED_INFLIGHT, 0 },
	{ "fly/pf-old",    UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_PFNACK, 1, UD_E_STALE, UD_R5_SCHED_INFLIGHT, 0 },
	{ "fly/rapf-old",  UD_R5_SCHED_INFLIGHT, UD_R5_SCHED_EV_RAPF,   1, UD_E_STALE, UD_R5_SCHED_INFLIGHT, 0 },
	{ "pause/ack",     UD_R5_SCHED_PAUSED, UD_R5_SCHED_EV_ACK,    0, UD_E_STALE, UD_R5_SCHED_PAUSED, 0 },
	{ "pause/nack",    UD_R5_SCHED_PAUSED, UD_R5_SCHED_EV_NACK,   0, UD_E_STALE, UD_R5_SCHED_PAUSED, 0 },
	{ "pause/pfnack",  UD_R5_SCHED_PAUSED, UD_R5_SCHED_EV_PFNACK, 0, UD_E_STALE, UD_R5_SCHED_PAUSED, 0 },
	{ "pause/rapf",    UD_R5_SCHED_PAUSED, UD_R5_SCHED_EV_RAPF,   0, UD_OK, UD_R5_SCHED_INFLIGHT, 1 },
	{ "pause/rapf-old",UD_R5_SCHED_PAUSED, UD_R5_SCHED_EV_RAPF,   1, UD_E_STALE, UD_R5_SCHED_PAUSED, 0 },
	{ "done/ack",      UD_R5_SCHED_DONE, UD_R5_SCHED_EV_ACK,    0, UD_E_STALE, UD_R5_SCHED_DONE, 0 },
	{ "done/nack",     UD_R5_SCHED_DONE, UD_R5_SCHED_EV_NACK,   0, UD_E_STALE, UD_R5_SCHED_DONE, 0 },
	{ "done/pfnack",   UD_R5_SCHED_DONE, UD_R5_SCHED_EV_PFNACK, 0, UD_E_STALE, UD_R5_SCHED_DONE, 0 },
	{ "done/rapf",     UD_R5_SCHED_DONE, UD_R5_SCHED_EV_RAPF,   0, UD_E_STALE, UD_R5_SCHED_DONE, 0 },
};

START_TEST(every_event_every_state)
{
	const struct evcase *k = &cases[_i];
	drive(k->state);
	uint16_t seq0 = S.seq[0];
	uint16_t seq = (uint16_t)(k->seq_delta ? (seq0 + 5u) % UD_R5_SCHED_SEQ_LIM : seq0);
	uint64_t np = ud_host_r5.nposts, nn = ud_host_r5.nnotes;
	struct ud_r5_sched_cnt c0 = S.cnt;
	if (k->want != UD_OK)
		memcpy(&S2, &S, sizeof S);
	ck_assert_msg(ev(k->kind, 0, seq, 50) == k->want, "%s", k->name);
	ck_assert_msg(S.st[0] == k->st_after, "%s: state %u", k->name, S.st[0]);
	ck_assert_msg(ud_host_r5.nposts == np + (uint64_t)k->posts, "%s: posts", k->name);
	if (k->want != UD_OK) {
		/* ignored: only the one counter moved */
		S2.cnt = S.cnt;
		ck_assert_msg(memcmp(&S, &S2, sizeof S) == 0, "%s: state changed", k->name);
		int64_t moved = (S.cnt.ign_unknown - c0.ign_unknown) + (S.cnt.ign_stale - c0.ign_stale) +
			(S.cnt.ign_forged - c0.ign_forged) + (S.cnt.ign_inval - c0.ign_inval);
		ck_assert_uint_eq(moved, 1);
		if (k->want == UD_E_STALE)
			ck_assert_uint_eq(S.cnt.ign_stale, c0.ign_stale + 1);
		if (k->want == UD_E_NOENT)
			ck_assert_uint_eq(S.cnt.ign_unknown, c0.ign_unknown + 1);
	}
	if (k->posts) {
		/* a retransmit: same block, the next sequence number */
		ck_assert_uint_eq(last_post()->seq, (seq0 + 1u) % UD_R5_SCHED_SEQ_LIM);
		ck_assert_uint_eq(last_post()->dst, 0x8000);
		ck_assert_uint_eq(last_post()->len, 4096);
		ck_assert_uint_eq(S.dl[0], 50 + PERIOD);
	}
	if (k->state == UD_R5_SCHED_INFLIGHT && k->kind == UD_R5_SCHED_EV_ACK && k->want == UD_OK)
		ck_assert_uint_eq(ud_host_r5.nnotes, nn + 1);
	else
		ck_assert_uint_eq(ud_host_r5.nnotes, nn);
}
END_TEST

START_TEST(bad_kind_and_trid)
{
	drive(UD_R5_SCHED_INFLIGHT);
	memcpy(&S2, &S, sizeof S);
	ck_assert_int_eq(ev(0, 0, S.seq[0], 1), UD_E_INVAL);
	ck_assert_int_eq(ev(5, 0, S.seq[0], 1), UD_E_INVAL);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, UD_R5_SCHED_NTX, 0, 1), UD_E_NOENT);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0xffff, 0, 1), UD_E_NOENT);
	ck_assert_uint_eq(S.cnt.ign_inval, 2);
	ck_assert_uint_eq(S.cnt.ign_unknown, 2);
	S2.cnt = S.cnt;
	ck_assert_int_eq(memcmp(&S, &S2, sizeof S), 0);
}
END_TEST

/* ------------------------------------------------------------ timeouts */
/* Source-side fault (seed 004, 3.2.2): the engine just stops; the timeout
 * retransmits.  Deadline = post time + period, exactly. */
START_TEST(source_fault_timeout)
{
	drive(UD_R5_SCHED_INFLIGHT);   /* posted at now = 0 */
	uint16_t s0 = S.seq[0];
	ud_r5_sched_tick(&S, PERIOD - 1u);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);
	ud_r5_sched_tick(&S, PERIOD);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(last_post()->seq, (s0 + 1u) % UD_R5_SCHED_SEQ_LIM);
	ck_assert_uint_eq(last_post()->dst, 0x8000);
	ck_assert_uint_eq(S.cnt.rtx_timeout, 1);
	/* the late ACK of the first copy is stale */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, s0, PERIOD + 1u), UD_E_STALE);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, S.seq[0], PERIOD + 2u), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	/* no timer left: no more retransmits, ever */
	ud_r5_sched_tick(&S, 100u * PERIOD);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
}
END_TEST

/* The explicit request from the fault handler resolves a source fault too. */
START_TEST(source_fault_rapf)
{
	drive(UD_R5_SCHED_INFLIGHT);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, 0, S.seq[0], 300), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(S.dl[0], 300u + PERIOD);
	ud_r5_sched_tick(&S, PERIOD);       /* the old deadline no longer fires */
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, S.seq[0], 400), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
}
END_TEST

/* Destination fault resolved by RAPF before the timeout (seed 004,
 * 3.2.3.3): PF-NACK pauses (no retransmit), RAPF with the current seq and
 * the wired PD retransmits and replaces the timer. */
START_TEST(dest_fault_rapf_before_timeout)
{
	drive(UD_R5_SCHED_INFLIGHT);
	uint16_t s0 = S.seq[0];
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_PFNACK, 0, s0, 100), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);            /* no retransmit */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_PFNACK, 0, s0, 101), UD_E_STALE); /* a 2nd packet */
	ud_r5_sched_tick(&S, 500);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, 0, s0, 600), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(S.cnt.rtx_rapf, 1);
	/* a second RAPF for the same sequence number: stale */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, 0, s0, 601), UD_E_STALE);
	ud_r5_sched_tick(&S, PERIOD);                      /* old deadline: nothing */
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, S.seq[0], 700), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(S.cnt.rtx_timeout, 0);
}
END_TEST

/* A paused transaction whose RAPF never comes: the timeout retransmits. */
START_TEST(dest_fault_timeout)
{
	drive(UD_R5_SCHED_PAUSED);
	ud_r5_sched_tick(&S, PERIOD);
	ck_assert_uint_eq(S.st[0], UD_R5_SCHED_INFLIGHT);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(S.cnt.rtx_timeout, 1);
}
END_TEST

/* Fig. 4.6's effect: one transaction over two pages.  Source-only faults,
 * handled a page at a time, cost one timeout per page; when the
 * destination faults too, the RAPF from the destination's handler
 * retransmits before the second timeout.  Completion time in ticks. */
static uint64_t run_fig46(int dest_faults_too)
{
	drive(UD_R5_SCHED_INFLIGHT);                 /* posted at 0; src page 0 faults */
	ud_r5_sched_tick(&S, PERIOD);                /* timeout 1: src page 0 now in */
	ck_assert_uint_eq(S.cnt.rtx_timeout, 1);
	uint64_t t = PERIOD;
	if (dest_faults_too) {
		/* the retransmit reaches the destination, which faults: PF-NACK;
		 * the destination's handler touches and sends RAPF 200 ticks later,
		 * while the source handler resolves src page 1 meanwhile */
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_PFNACK, 0, S.seq[0], t + 50), UD_OK);
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, 0, S.seq[0], t + 250), UD_OK);
		t += 250;
	} else {
		/* src page 1 faults: the engine stops again; timeout 2 */
		ud_r5_sched_tick(&S, 2u * PERIOD - 1u);
		ck_assert_uint_eq(S.cnt.rtx_timeout, 1);
		ud_r5_sched_tick(&S, 2u * PERIOD);
		ck_assert_uint_eq(S.cnt.rtx_timeout, 2);
		t = 2u * PERIOD;
	}
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, 0, S.seq[0], t + 10), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	return t + 10;
}

START_TEST(fig46_both_faults_fewer_timeouts)
{
	uint64_t src_only = run_fig46(0);
	int64_t to_src = S.cnt.rtx_timeout;
	uint64_t both = run_fig46(1);
	int64_t to_both = S.cnt.rtx_timeout;
	ck_assert_uint_eq(to_src, 2);
	ck_assert_uint_eq(to_both, 1);
	ck_assert_uint_lt(both, src_only);
}
END_TEST

/* --------------------------------------------------- forged requests */
START_TEST(rapf_forged)
{
	setup_win(2);
	ck_assert_int_eq(submit(5, 9, 0x1000, 0x2000, 100, 0), UD_OK);
	uint16_t t = trid_of(5, 9, 0);
	uint64_t np = ud_host_r5.nposts;
	memcpy(&S2, &S, sizeof S);
	/* another PD's packetizer names our transaction */
	struct ud_r5_sched_ev e = { .kind = UD_R5_SCHED_EV_RAPF, .trid = t,
		.seq = S.seq[t], .wired_pd = 6, .pd = 5 };
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_E_FORGED);
	e.wired_pd = 6; e.pd = 6;
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_E_FORGED);
	/* wired right, the sender's claim disagrees */
	e.wired_pd = 5; e.pd = 4;
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_E_FORGED);
	/* a PDID beyond the 16 PDs */
	e.wired_pd = 0x8005; e.pd = 0x8005;
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_E_FORGED);
	/* forged with a stale seq: still counted as forged */
	e.wired_pd = 6; e.pd = 6; e.seq = (uint16_t)(S.seq[t] + 1u);
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_E_FORGED);
	ck_assert_uint_eq(S.cnt.ign_forged, 5);
	ck_assert_uint_eq(ud_host_r5.nposts, np);
	S2.cnt = S.cnt;
	ck_assert_int_eq(memcmp(&S, &S2, sizeof S), 0);
	/* the genuine one is acted on */
	e.wired_pd = 5; e.pd = 5; e.seq = S.seq[t];
	ck_assert_int_eq(ud_r5_sched_event(&S, &e, 10), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, np + 1);
}
END_TEST

/* Stale events: an ACK after completion, a second RAPF, an old seq after
 * the slot moved to the next block, and an ACK for a trid of a finished
 * transfer after the channel was reused. */
START_TEST(stale_events)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 1, 0, 0, 2u * 16384u, 0), UD_OK);
	uint16_t t = trid_of(0, 1, 0);
	uint16_t s_b0 = S.seq[t];
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, s_b0, 1), UD_OK);  /* block 1 posted */
	ck_assert_uint_eq(S.off[t], 16384u);
	/* duplicate ACK of block 0 must not acknowledge block 1 */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, s_b0, 2), UD_E_STALE);
	ck_assert_uint_eq(S.x[1].acked, 16384u);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], 3), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	/* ACK after completion */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], 4), UD_E_STALE);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	/* the channel takes a new transfer; the old transfer's seq is stale */
	uint16_t s_old = S.seq[t];
	ck_assert_int_eq(submit(0, 1, 0, 0, 10, 5), UD_OK);
	ck_assert_uint_ne(S.seq[t], s_old);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, s_old, 6), UD_E_STALE);
	ck_assert_uint_eq(S.cnt.ign_stale, 3);
}
END_TEST

/* Sequence numbers are 14 bits and wrap to 0 (written out, not relied on):
 * across transfers on one slot, 16384 posts later, the number comes round. */
START_TEST(seq_wraps)
{
	setup_win(1);
	uint16_t t = trid_of(0, 0, 0);
	for (unsigned k = 0; k < UD_R5_SCHED_SEQ_LIM + 3u; k++) {
		ck_assert_int_eq(submit(0, 0, 0x1000, 0x8000, 1, k), UD_OK);
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], k), UD_OK);
	}
	ck_assert_uint_eq(S.seq[t], 3u);
	ck_assert_uint_eq(S.cnt.completions, UD_R5_SCHED_SEQ_LIM + 3u);
}
END_TEST

/* ------------------------------------------------- retry budget (issue 17) */
/* NACKs: the block is retransmitted UD_R5_SCHED_RETRY times; the next
 * retransmission is refused and the transfer fails, once, with
 * UD_R5_SCHED_E_SPENT: one notification carrying the error, both slots
 * idle, the timers disarmed, the channel free. */
START_TEST(retry_budget_nack)
{
	setup_win(2);
	ck_assert_int_eq(submit(2, 3, 0x100000, 0x200000, 3u * 16384u, 0), UD_OK);
	uint16_t t = trid_of(2, 3, 0);
	uint16_t c = (uint16_t)(t / 2u);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	for (unsigned k = 0; k < UD_R5_SCHED_RETRY; k++) {
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_NACK, t, S.seq[t], k), UD_OK);
		ck_assert_uint_eq(S.ntry[t], k + 1u);
		ck_assert_uint_eq(last_post()->trid, t);
		ck_assert_uint_eq(last_post()->dst, 0x200000);
		ck_assert_uint_eq(last_post()->seq, S.seq[t]);
	}
	ck_assert_uint_eq(ud_host_r5.nposts, 2u + UD_R5_SCHED_RETRY);
	ck_assert_uint_eq(S.x[c].nposts, 2u + UD_R5_SCHED_RETRY);
	ck_assert_uint_eq(ud_host_r5.nnotes, 0);
	uint16_t q = S.seq[t];
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_NACK, t, q, 100), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 2u + UD_R5_SCHED_RETRY);   /* nothing posted */
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(ud_host_r5.note[0].pd, 2);
	ck_assert_uint_eq(ud_host_r5.note[0].vc, 3);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_R5_SCHED_E_SPENT);
	ck_assert_uint_eq(S.cnt.spent, 1);
	ck_assert_uint_eq(S.cnt.rtx_nack, UD_R5_SCHED_RETRY);
	ck_assert_uint_eq(S.x[c].active, 0);
	ck_assert_int_eq(S.st[t], UD_R5_SCHED_IDLE);
	ck_assert_int_eq(S.st[t + 1u], UD_R5_SCHED_IDLE);
	ck_assert_uint_eq(S.narmed, 0);
	/* at most one completion: the transfer is gone, every later answer or
	 * timeout is unknown */
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, q, 101), UD_E_NOENT);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_NACK, (uint16_t)(t + 1u), S.seq[t + 1u], 102), UD_E_NOENT);
	ck_assert_int_eq(ud_r5_sched_tick(&S, UINT64_MAX), -1);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	/* the channel takes a new transfer */
	ck_assert_int_eq(submit(2, 3, 0x100000, 0x200000, 100, 200), UD_OK);
	ck_assert_uint_eq(S.ntry[t], 0);
	ck_assert_uint_eq(S.x[c].nposts, 1);
}
END_TEST

/* Timeouts spend the same budget; the tick that finds a spent slot expired
 * fails its transfer and returns the channel. */
START_TEST(retry_budget_timeout)
{
	setup_win(1);
	ck_assert_int_eq(submit(1, 1, 0x1000, 0x4000, 100, 0), UD_OK);
	uint16_t t = trid_of(1, 1, 0);
	uint64_t now = 0;
	for (unsigned k = 0; k < UD_R5_SCHED_RETRY; k++) {
		now += PERIOD;
		ck_assert_int_eq(ud_r5_sched_tick(&S, now), -1);
		ck_assert_uint_eq(S.ntry[t], k + 1u);
	}
	ck_assert_uint_eq(S.cnt.rtx_timeout, UD_R5_SCHED_RETRY);
	ck_assert_int_eq(ud_r5_sched_tick(&S, now + PERIOD - 1u), -1);   /* not yet expired */
	ck_assert_int_eq(ud_r5_sched_tick(&S, now + PERIOD), (int32_t)(t / 2u));
	ck_assert_uint_eq(ud_host_r5.nposts, 1u + UD_R5_SCHED_RETRY);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_R5_SCHED_E_SPENT);
	ck_assert_uint_eq(S.cnt.spent, 1);
	ck_assert_uint_eq(S.narmed, 0);
	ck_assert_int_eq(ud_r5_sched_tick(&S, UINT64_MAX), -1);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
}
END_TEST

/* The budget is per block: an ACK that posts the next block into the slot
 * gives it a fresh budget. */
START_TEST(retry_budget_per_block)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 2, 0, 0, 2u * 16384u, 0), UD_OK);
	uint16_t t = trid_of(0, 2, 0);
	for (unsigned k = 0; k < UD_R5_SCHED_RETRY; k++)
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, t, S.seq[t], k), UD_OK);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], 50), UD_OK);
	ck_assert_uint_eq(S.ntry[t], 0);
	ck_assert_uint_eq(S.off[t], 16384);
	for (unsigned k = 0; k < UD_R5_SCHED_RETRY; k++)
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_NACK, t, S.seq[t], 60 + k), UD_OK);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], 200), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_OK);
	ck_assert_uint_eq(S.cnt.spent, 0);
}
END_TEST

/* ------------------------------------------------- abort path (issue 17) */
/* The fault handler fails a transaction (ud_plat_fail_transfer, delivered to
 * the initiator's R5): checked like a RAPF, then the transfer completes
 * with that error, once; its slots and timers are freed. */
START_TEST(abort_path)
{
	setup_win(2);
	ck_assert_int_eq(submit(5, 9, 0x10000, 0x30000, 5u * 16384u, 0), UD_OK);
	uint16_t t = trid_of(5, 9, 1), c = (uint16_t)(t / 2u);
	uint16_t q = S.seq[t];
	memcpy(&S2, &S, sizeof S);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, t, q, UD_OK), UD_E_INVAL);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, 2048, q, UD_E_PERM), UD_E_NOENT);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, trid_of(5, 10, 0), q, UD_E_PERM), UD_E_NOENT);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 4, t, q, UD_E_PERM), UD_E_FORGED);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, t, (uint16_t)(q + 1u), UD_E_PERM), UD_E_STALE);
	ck_assert_uint_eq(S.cnt.ign_inval + S.cnt.ign_unknown + S.cnt.ign_forged + S.cnt.ign_stale, 5);
	S2.cnt = S.cnt;
	ck_assert_int_eq(memcmp(&S, &S2, sizeof S), 0);   /* ignored: nothing else changed */
	ck_assert_uint_eq(ud_host_r5.nnotes, 0);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, t, q, UD_E_PERM), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(ud_host_r5.note[0].pd, 5);
	ck_assert_uint_eq(ud_host_r5.note[0].vc, 9);
	ck_assert_uint_eq(ud_host_r5.note[0].kind, UD_R5_SCHED_WRITE);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_E_PERM);
	ck_assert_uint_eq(S.cnt.aborts, 1);
	ck_assert_uint_eq(S.x[c].active, 0);
	ck_assert_int_eq(S.st[t - 1u], UD_R5_SCHED_IDLE);
	ck_assert_int_eq(S.st[t], UD_R5_SCHED_IDLE);
	ck_assert_uint_eq(S.narmed, 0);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);             /* nothing posted */
	/* exactly once: a second report, the other slot's, answers: unknown */
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, t, q, UD_E_PERM), UD_E_NOENT);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 5, (uint16_t)(t - 1u), S.seq[t - 1u], UD_E_FAULT),
			 UD_E_NOENT);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, (uint16_t)(t - 1u), S.seq[t - 1u], 1), UD_E_NOENT);
	ck_assert_int_eq(ud_r5_sched_tick(&S, UINT64_MAX), -1);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	/* the channel is free */
	ck_assert_int_eq(submit(5, 9, 0x10000, 0x30000, 100, 2), UD_OK);
}
END_TEST

/* An abort for a block already acknowledged, or a transfer already
 * complete, is stale: no second completion. */
START_TEST(abort_after_ack)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 4, 0, 0, 100, 0), UD_OK);
	uint16_t t = trid_of(0, 4, 0);
	uint16_t q = S.seq[t];
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, q, 1), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_r5_sched_abort(&S, 0, t, q, UD_E_FAULT), UD_E_STALE);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_OK);
	ck_assert_uint_eq(S.x[t / 2u].complete, 1);
}
END_TEST

/* ---------------------------------------- freshness across wrap (SCHED-14) */
/* The attack: a late duplicate ACK of block 0 of a long transfer.
 * Each block here takes 5 posts (4 NACKs), so the slot's 14-bit sequence
 * number comes round at post 16385 (block 3276) and, before issue 17, that
 * ACK was taken there for a later block.  Now it is stale at every step; the transfer's
 * post budget (UD_R5_SCHED_POSTS_MAX < 2^14) runs out first and it fails
 * with UD_R5_SCHED_E_SPENT instead. */
START_TEST(wrap_stale_ack_never_accepted)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 0, 0x10000000u, 0x20000000u, UD_R5_SCHED_MAX_LEN, 0), UD_OK);
	uint16_t t = 0;
	uint16_t s0 = S.seq[t];
	uint32_t stale = 0, blocks = 0;
	uint64_t now = 1;
	while (S.x[0].active) {
		for (int k = 0; k < 4 && S.x[0].active; k++) {
			ck_assert_int_eq(ev(UD_R5_SCHED_EV_NACK, t, S.seq[t], now++), UD_OK);
			if (!S.x[0].active)
				break;
			ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, s0, now), UD_E_STALE);
			stale++;
		}
		if (!S.x[0].active)
			break;
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, s0, now), UD_E_STALE);
		stale++;
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], now++), UD_OK);
		blocks++;
	}
	ck_assert_uint_eq(ud_host_r5.nposts, UD_R5_SCHED_POSTS_MAX);
	ck_assert_uint_eq(blocks, UD_R5_SCHED_POSTS_MAX / 5u);   /* 3276 blocks acknowledged */
	ck_assert_uint_eq(S.cnt.ign_stale, stale);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_R5_SCHED_E_SPENT);
	ck_assert_uint_lt(S.x[0].acked, S.x[0].len);
}
END_TEST

/* The largest transfer with no retransmission completes: 4096 blocks, 4096
 * posts, far below the post budget. */
START_TEST(max_len_completes)
{
	setup_win(2);
	ck_assert_int_eq(submit(0, 0, 0, 0x40000000u, UD_R5_SCHED_MAX_LEN, 0), UD_OK);
	uint64_t now = 1;
	while (!S.x[0].complete) {
		for (uint16_t t = 0; t < 2; t++)
			if (S.st[t] == UD_R5_SCHED_INFLIGHT)
				ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], now++), UD_OK);
	}
	ck_assert_uint_eq(ud_host_r5.nposts, UD_R5_SCHED_MAX_LEN / 16384u);
	ck_assert_uint_eq(S.x[0].nposts, UD_R5_SCHED_MAX_LEN / 16384u);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_OK);
}
END_TEST

/* ----------------------------------------- 1024 outstanding transfers */
START_TEST(all_1024_channels)
{
	setup_win(2);
	for (unsigned pd = 0; pd < 16; pd++)
		for (unsigned vc = 0; vc < 64; vc++)
			ck_assert_int_eq(submit((uint8_t)pd, (uint8_t)vc, 0x100000u * (pd + 1),
					       0x200000u * (vc + 1), 3u * 16384u, pd), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nposts, 2048);
	ck_assert_uint_eq(S.narmed, 2048);
	ck_assert_int_eq(submit(15, 63, 0, 0, 1, 0), UD_E_BUSY);
	/* every transaction times out once at 1 period */
	ud_r5_sched_tick(&S, 15u + PERIOD);
	ck_assert_uint_eq(S.cnt.rtx_timeout, 2048);
	/* acknowledge everything, in reverse */
	for (int t = 2047; t >= 0; t--)
		ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, (uint16_t)t, S.seq[t], 2000), UD_OK);
	/* the third block of each transfer went into slot 0 or 1 */
	for (int t = 2047; t >= 0; t--)
		if (S.st[t] == UD_R5_SCHED_INFLIGHT)
			ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, (uint16_t)t, S.seq[t], 2001), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1024);
	ck_assert_uint_eq(S.cnt.completions, 1024);
	ck_assert_uint_eq(S.narmed, 0);
	for (unsigned c = 0; c < 1024; c++)
		ck_assert_uint_eq(S.x[c].complete, 1);
	/* nothing armed: a tick does nothing */
	uint64_t np = ud_host_r5.nposts;
	ud_r5_sched_tick(&S, UINT64_MAX);
	ck_assert_uint_eq(ud_host_r5.nposts, np);
}
END_TEST

/* Deadlines saturate at the top of the tick range. */
START_TEST(deadline_saturates)
{
	setup_win(1);
	ck_assert_int_eq(submit(0, 0, 0, 0, 1, UINT64_MAX - 5u), UD_OK);
	ck_assert_uint_eq(S.dl[0], UINT64_MAX);
	ud_r5_sched_tick(&S, UINT64_MAX - 1u);
	ck_assert_uint_eq(ud_host_r5.nposts, 1);
	ud_r5_sched_tick(&S, UINT64_MAX);
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
}
END_TEST

/* ---------------------------------------------------------- remote read */
START_TEST(remote_read)
{
	setup_win(2);
	struct ud_r5_sched_rreq q = { .wired_pd = 3, .pd = 4, .vc = 1, .node = 42,
		.src = 0xa000, .dst = 0xb000, .len = 20000 };
	memcpy(&S2, &S, sizeof S);
	ck_assert_int_eq(ud_r5_sched_read_req(&S, &q, 0), UD_E_FORGED);
	ck_assert_uint_eq(S.cnt.ign_forged, 1);
	S2.cnt = S.cnt;
	ck_assert_int_eq(memcmp(&S, &S2, sizeof S), 0);
	q.wired_pd = 4;
	ck_assert_int_eq(ud_r5_sched_read_req(&S, &q, 0), UD_OK);
	ck_assert_uint_eq(S.cnt.read_reqs, 1);
	/* 0xb000 + 20000 = 0xfe20; boundary at 0xc000: blocks 4096 and 15904 */
	ck_assert_uint_eq(ud_host_r5.nposts, 2);
	ck_assert_uint_eq(ud_host_r5.post[0].kind, UD_R5_SCHED_READ);
	ck_assert_uint_eq(ud_host_r5.post[0].node, 42);
	ck_assert_uint_eq(ud_host_r5.post[0].src, 0xa000);
	ck_assert_uint_eq(ud_host_r5.post[0].dst, 0xb000);
	ck_assert_uint_eq(ud_host_r5.post[0].len, 4096);
	ck_assert_uint_eq(ud_host_r5.post[1].len, 15904);
	ck_assert_uint_eq(ud_host_r5.post[1].src, 0xb000);
	/* same machinery: a PF-NACK pauses it, RAPF resumes, ACKs complete */
	uint16_t t = trid_of(4, 1, 1);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_PFNACK, t, S.seq[t], 1), UD_OK);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_RAPF, t, S.seq[t], 2), UD_OK);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, t, S.seq[t], 3), UD_OK);
	ck_assert_int_eq(ev(UD_R5_SCHED_EV_ACK, (uint16_t)(t - 1u), S.seq[t - 1u], 4), UD_OK);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_uint_eq(ud_host_r5.note[0].kind, UD_R5_SCHED_READ);
	/* a read request onto a busy channel is refused, nothing counted */
	ck_assert_int_eq(ud_r5_sched_submit(&S, &(struct ud_r5_sched_req){ .pd = 4, .vc = 2,
		.len = 1 }, 0), UD_OK);
	q.vc = 2;
	ck_assert_int_eq(ud_r5_sched_read_req(&S, &q, 0), UD_E_BUSY);
	ck_assert_uint_eq(S.cnt.read_reqs, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("r5_sched");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, init_params);
	tcase_add_test(tc, seg_64k_plus_1_mid_block);
	tcase_add_test(tc, seg_window_one);
	tcase_add_test(tc, seg_small);
	tcase_add_test(tc, submit_errors_leave_state);
	tcase_add_loop_test(tc, every_event_every_state, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, bad_kind_and_trid);
	tcase_add_test(tc, source_fault_timeout);
	tcase_add_test(tc, source_fault_rapf);
	tcase_add_test(tc, dest_fault_rapf_before_timeout);
	tcase_add_test(tc, dest_fault_timeout);
	tcase_add_test(tc, fig46_both_faults_fewer_timeouts);
	tcase_add_test(tc, rapf_forged);
	tcase_add_test(tc, stale_events);
	tcase_add_test(tc, seq_wraps);
	tcase_add_test(tc, retry_budget_nack);
	tcase_add_test(tc, retry_budget_timeout);
	tcase_add_test(tc, retry_budget_per_block);
	tcase_add_test(tc, abort_path);
	tcase_add_test(tc, abort_after_ack);
	tcase_add_test(tc, wrap_stale_ack_never_accepted);
	tcase_add_test(tc, max_len_completes);
	tcase_add_test(tc, all_1024_channels);
	tcase_add_test(tc, deadline_saturates);
	tcase_add_test(tc, remote_read);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed != 0;
}
