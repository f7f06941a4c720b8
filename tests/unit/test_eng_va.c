/* uldma-links: eng_va va_rx va_tx va_piece smmu fault_fifo r5_sched pd mr mw access xfer_packet */
/*
 * tests/unit/test_eng_va.c -- the virtual-address engine of one node
 * (src/eng_va.c): the R5's posts queued, run a packet a step, loopback,
 * with the host walk, memory and reply doors and the real r5_sched.
 *
 * Checks: a 40,000-byte transfer across three 16 KB boundaries, submitted
 * to r5_sched, its posts handed to the queue and its ACKs back to the R5,
 * completes UD_OK once with every destination byte the source's, every
 * walk on the transfer's own bank, every source walk inside the source
 * range and every destination walk inside the destination range; a source
 * page absent ends the block (source fault, nothing stored); a block that
 * va_tx cannot take is refused UD_E_INVAL and a full queue UD_E_NOSPC,
 * both leaving the queue as it was; a newer post of a transaction
 * replaces its block; drop and drop_vc remove exactly what they name;
 * the steps run the live slots in turn from rr (a block posted meanwhile
 * takes its turn); a step on an empty queue does nothing.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "eng_va.h"
#include "r5_sched.h"
#include "plat_host_va_piece.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_va_rx.h"
#include "plat_host_r5_sched.h"

static struct ud_smmu S;
static struct ud_ff FF;
static struct ud_va_rx RX;
static struct ud_va_tx TX;
static struct ud_eng_va E;
static struct ud_r5_sched R5;
static uint8_t PKT[UD_VA_PKT];

#define SRC 0x1000000ull
#define DST 0x2003000ull      /* 12 KB into a 16 KB block: a short first block */
#define LEN 40000u
#define PD  3u

static void setup(void)
{
	host_pt_reset();
	host_dma_reset();
	host_rep_reset();
	ud_host_r5_reset();
	ud_smmu_init(&S);
	ud_ff_init(&FF);
	ud_va_rx_init(&RX);
	memset(&TX, 0, sizeof TX);
	ud_eng_va_init(&E);
	ck_assert_int_eq(ud_r5_sched_init(&R5, 2, 1000), UD_OK);
}

static void teardown(void)
{
	host_dma_reset();
}

static uint8_t pat(uint64_t x)
{
	return (uint8_t)(x * 31u + (x >> 9) + 5u);
}

/* Source pages at frames 0x100000 + ..., destination at 0x300000 + ... */
static void map_both(uint32_t pd, uint32_t len)
{
	for (uint64_t p = 0; p * 4096u < len + 4096u; p++) {
		host_pt_map(pd, SRC + p * 4096u, 0x100000u + p * 4096u, true, false);
		host_pt_map(pd, (DST & ~0xfffull) + p * 4096u, 0x300000u + p * 4096u, true, true);
	}
	for (uint32_t i = 0; i < len; i++)
		host_dma_poke(0x100000u + i, pat(i));
}

static uint8_t dst_byte(uint32_t i)
{
	return host_dma_peek(0x300000u + (DST & 0xfffu) + i);
}

static uint32_t live(void)
{
	uint32_t n = 0;

	for (uint32_t k = 0; k < UD_ENG_VA_NQ; k++)
		n += E.q[k].live == 1;
	return n;
}

static uint64_t posts_fed;
static uint32_t reps_fed;

/* The home's loop: posts to the queue, one step, replies to the R5. */
static void run(uint32_t max_steps)
{
	for (uint32_t n = 0; n < max_steps; n++) {
		while (posts_fed < ud_host_r5.nposts) {
			const struct ud_host_r5_post *p = &ud_host_r5.post[posts_fed++];
			struct ud_va_blk b = { .trid = p->trid, .seq = p->seq, .pd = p->pd,
					       .vc = p->vc, .kind = p->kind, .node = p->node,
					       .src = p->src, .dst = p->dst, .len = p->len };
			ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
		}
		(void)ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);
		while (reps_fed < host_rep.n) {
			const struct host_rep_entry *r = &host_rep.log[reps_fed++];
			struct ud_r5_sched_ev ev = { .kind = r->kind, .trid = r->trid,
						     .seq = r->seq };
			(void)ud_r5_sched_event(&R5, &ev, 0);
		}
		if (ud_host_r5.nnotes)
			return;
	}
}

START_TEST(transfer_completes_every_byte)
{
	struct ud_r5_sched_req rq = { .pd = PD, .vc = 1, .kind = UD_R5_SCHED_WRITE,
				      .node = 0, .src = SRC, .dst = DST, .len = LEN };

	posts_fed = 0;
	reps_fed = 0;
	map_both(PD, LEN);
	ck_assert_int_eq(ud_r5_sched_submit(&R5, &rq, 0), UD_OK);
	run(1000);
	ck_assert_uint_eq(ud_host_r5.nnotes, 1);
	ck_assert_int_eq(ud_host_r5.note[0].status, UD_OK);
	ck_assert_uint_eq(live(), 0);
	for (uint32_t i = 0; i < LEN; i++)
		ck_assert_uint_eq(dst_byte(i), pat(i));
	/* the bytes just outside the destination were never written */
	ck_assert_uint_eq(host_dma_peek(0x300000u + (DST & 0xfffu) - 1u), 0);
	ck_assert_uint_eq(dst_byte(LEN), 0);
	/* every walk on the transfer's bank, inside its range for its side */
	ck_assert_uint_gt(host_pt.n, 0);
	for (uint32_t w = 0; w < host_pt.n && w < HOST_PT_LOG; w++) {
		ck_assert_uint_eq(host_pt.log[w].cb, PD);
		if (host_pt.log[w].wnr) {
			ck_assert_uint_ge(host_pt.log[w].va, DST);
			ck_assert_uint_lt(host_pt.log[w].va, DST + LEN);
		} else {
			ck_assert_uint_ge(host_pt.log[w].va, SRC);
			ck_assert_uint_lt(host_pt.log[w].va, SRC + LEN);
		}
	}
	ck_assert_uint_eq(host_dma.violations, 0);
	/* 4 blocks: 4 KB, 16 KB, 16 KB, the rest */
	ck_assert_uint_eq(ud_host_r5.nposts, 4);
}
END_TEST

static struct ud_va_blk blk(uint16_t trid, uint16_t seq, uint8_t vc, uint32_t len)
{
	struct ud_va_blk b = { .trid = trid, .seq = seq, .pd = PD, .vc = vc,
			       .kind = UD_R5_SCHED_WRITE, .node = 0,
			       .src = SRC, .dst = DST, .len = len };
	return b;
}

START_TEST(source_fault_ends_block)
{
	struct ud_va_blk b = blk(5, 1, 1, 512);

	/* nothing mapped: the first packet's source walk faults */
	ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	struct ud_eng_va_out o = ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);
	ck_assert_uint_eq(o.ran, 1);
	ck_assert_uint_eq(o.pd, PD);
	ck_assert_int_eq(o.tx, UD_VA_FAULTED);
	ck_assert_uint_eq(live(), 0);
	ck_assert_uint_eq(host_dma.n, 0);
	ck_assert_uint_eq(host_rep.n, 0);
	ck_assert_uint_eq(TX.rd[PD].valid, 1);
	ck_assert_uint_eq(TX.rd[PD].trid, 5);
}
END_TEST

START_TEST(bad_blocks_refused_queue_kept)
{
	struct ud_va_blk b = blk(1, 1, 1, 512);
	struct ud_va_blk bad[5];

	ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	struct ud_eng_va before = E;
	for (int i = 0; i < 5; i++)
		bad[i] = blk(2, 1, 1, 512);
	bad[0].pd = UD_SMMU_NCB;
	bad[1].len = 0;
	bad[2].len = UD_VA_BLK_MAX + 1u;
	bad[3].src = UD_VA_ADDR_LIM - 100u;
	bad[4].dst = UD_VA_ADDR_LIM - 511u;
	for (int i = 0; i < 5; i++) {
		ck_assert_int_eq(ud_eng_va_post(&E, &bad[i]), UD_E_INVAL);
		ck_assert_int_eq(memcmp(&E, &before, sizeof E), 0);
	}
	/* fill the queue, then one more transaction: refused, queue kept */
	for (uint16_t t = 2; live() < UD_ENG_VA_NQ; t++) {
		b = blk(t, 1, 1, 512);
		ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	}
	before = E;
	b = blk(999, 1, 1, 512);
	ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_E_NOSPC);
	ck_assert_int_eq(memcmp(&E, &before, sizeof E), 0);
	/* but a newer post of a queued transaction replaces its block */
	b = blk(7, 2, 1, 1024);
	ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	ck_assert_uint_eq(live(), UD_ENG_VA_NQ);
	int found = 0;
	for (uint32_t k = 0; k < UD_ENG_VA_NQ; k++)
		if (E.q[k].trid == 7) {
			found++;
			ck_assert_uint_eq(E.q[k].seq, 2);
			ck_assert_uint_eq(E.q[k].len, 1024);
			ck_assert_uint_eq(E.q[k].next, 0);
		}
	ck_assert_int_eq(found, 1);
}
END_TEST

START_TEST(drop_removes_what_it_names)
{
	struct ud_va_blk b;

	for (uint16_t t = 1; t <= 6; t++) {
		b = blk(t, 1, (uint8_t)(t % 2u), 512);
		ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	}
	ud_eng_va_drop(&E, 3, 2);                 /* wrong seq: nothing */
	ck_assert_uint_eq(live(), 6);
	ud_eng_va_drop(&E, 3, 1);
	ck_assert_uint_eq(live(), 5);
	for (uint32_t k = 0; k < UD_ENG_VA_NQ; k++)
		if (E.q[k].live)
			ck_assert_uint_ne(E.q[k].trid, 3);
	ud_eng_va_drop_vc(&E, 0);                 /* trids 2, 4, 6 */
	ck_assert_uint_eq(live(), 2);
	for (uint32_t k = 0; k < UD_ENG_VA_NQ; k++)
		if (E.q[k].live)
			ck_assert_uint_eq(E.q[k].vc, 1);
}
END_TEST

/* Round robin (ENG-VA-Q-2, ENG-VA-LIVE-1): each step runs the first live
 * slot at or after rr and moves rr past it, a block posted meanwhile takes
 * its turn, and each block of 2 packets ends after its second. */
START_TEST(round_robin_slots_in_turn)
{
	static const int32_t want[8] = { 0, 1, 2, 3, 0, 1, 2, 3 };
	struct ud_va_blk b;
	struct ud_eng_va_out o;

	map_both(PD, 512);
	for (uint16_t t = 1; t <= 3; t++) {
		b = blk(t, 1, 1, 512);
		ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
	}
	for (int n = 0; n < 8; n++) {
		if (n == 1) {            /* posted after the first step: slot 3 */
			b = blk(4, 1, 1, 512);
			ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
		}
		o = ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);
		ck_assert_uint_eq(o.ran, 1);
		ck_assert_int_eq(o.tx, UD_OK);
		ck_assert_int_eq(o.slot, want[n]);
		ck_assert_int_eq(E.rr, want[n] + 1);
		if (n < 4) {
			ck_assert_int_eq(E.q[want[n]].live, 1);
			ck_assert_int_eq(E.q[want[n]].next, (int32_t)UD_VA_PKT);
		} else {
			ck_assert_int_eq(E.q[want[n]].live, 0);
		}
	}
	ck_assert_uint_eq(live(), 0);
	o = ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);
	ck_assert_uint_eq(o.ran, 0);
	ck_assert_int_eq(E.rr, 4);
}
END_TEST

START_TEST(empty_step_does_nothing)
{
	struct ud_eng_va_out o = ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);

	ck_assert_uint_eq(o.ran, 0);
	ck_assert_uint_eq(host_pt.n, 0);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eng_va");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, transfer_completes_every_byte);
	tcase_add_test(tc, source_fault_ends_block);
	tcase_add_test(tc, bad_blocks_refused_queue_kept);
	tcase_add_test(tc, drop_removes_what_it_names);
	tcase_add_test(tc, round_robin_slots_in_turn);
	tcase_add_test(tc, empty_step_does_nothing);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
