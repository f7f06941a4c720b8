/* uldma-links: fault_fifo */
/*
 * Unit tests of the fault FIFO (seed 004_2c0be60bc8bfaeb5.txt, 3.2.3.1,
 * Table 3.2).  The expected 128-bit words are worked out by hand from the
 * table, below, not from the encoder under test.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "fault_fifo.h"

/* ---------------------------------------------------------------------
 * Hand-worked example 1 (Table 3.2; row n = 32-bit word n, MSB first,
 * Valid at bit 0; low 64 = row2:row1, high 64 = row4:row3):
 *   src_ID 0x2ABCDE, tr_ID 0x2345 (MSB = 0x2345 >> 12 = 2, LSB = 0x345),
 *   seq 0x1ABC, PDID 0xBEEF, process 7, VPN 0x5A5A5A5, EXA_ACK 2.
 *   row 1: 00 | 0x2ABCDE<<8 = 0x2ABCDE00 | 00 | 2<<4 = 0x20 | 000 | 1  = 0x2ABCDE21
 *   row 2: 0x345<<20 = 0x34500000 | 00 | 0x1ABC<<4 = 0x1ABC0 | 000 | 1 = 0x3451ABC1
 *   IOVA = 7<<28 | 0x5A5A5A5 = 0x75A5A5A5: MSB 12 = 0x75A, LSB 20 = 0x5A5A5
 *   row 3: 0xBEEF<<16 | 0x75A<<4 | 0 | 2<<1 | 1 = 0xBEEF0000|0x75A0|0x4|0x1 = 0xBEEF75A5
 *   row 4: 0x5A5A5<<12 | 0000_0000_000 | 1 = 0x5A5A5001
 * ------------------------------------------------------------------- */
#define EX1_LO 0x3451ABC12ABCDE21ull
#define EX1_HI 0x5A5A5001BEEF75A5ull
/* Example 2: every field at its maximum.
 *   row 1: 0x3FFFFF00 | 0x30 | 1 = 0x3FFFFF31
 *   row 2: 0xFFF00000 | 0x3FFF0 | 1 = 0xFFF3FFF1
 *   IOVA = 0xF<<28 | 0x7FFFFFF = 0xF7FFFFFF: MSB 0xF7F, LSB 0xFFFFF
 *   row 3: 0xFFFF0000 | 0xF7F0 | 0x6 | 1 = 0xFFFFF7F7
 *   row 4: 0xFFFFF000 | 1 = 0xFFFFF001 */
#define EX2_LO 0xFFF3FFF13FFFFF31ull
#define EX2_HI 0xFFFFF001FFFFF7F7ull
/* Example 3: every field zero: only the four Valid bits. */
#define EX3_LO 0x0000000100000001ull
#define EX3_HI 0x0000000100000001ull
/* Field bits of each word (by hand from the table), and the Valid bits. */
#define LO_FIELDS 0xFFF3FFF03FFFFF30ull
#define HI_FIELDS 0xFFFFF000FFFFF7F6ull   /* bit 11 = IOVA bit 27, wired 0 */
#define VALIDS    0x0000000100000001ull

static const struct ud_ff_entry EX1 = { 0x2ABCDE, 0x2345, 0x1ABC, 0xBEEF, 7, 0x5A5A5A5, 2 };
static const struct ud_ff_entry EX2 = { 0x3FFFFF, 0x3FFF, 0x3FFF, 0xFFFF, 0xF, 0x7FFFFFF, 3 };
static const struct ud_ff_entry EX3 = { 0, 0, 0, 0, 0, 0, 0 };

static void ck_entry_eq(const struct ud_ff_entry *a, const struct ud_ff_entry *b)
{
	ck_assert_uint_eq(a->src_id, b->src_id);
	ck_assert_uint_eq(a->tr_id, b->tr_id);
	ck_assert_uint_eq(a->seq, b->seq);
	ck_assert_uint_eq(a->pdid, b->pdid);
	ck_assert_uint_eq(a->proc, b->proc);
	ck_assert_uint_eq(a->vpn, b->vpn);
	ck_assert_uint_eq(a->exa_ack, b->exa_ack);
}

/* An entry numbered n, distinct in (src, trid, seq, page) for distinct n. */
static struct ud_ff_entry nth(uint32_t n)
{
	struct ud_ff_entry e = { n & 0x3FFFFF, (uint16_t)(n & 0x3FFF), (uint16_t)((n * 7u) & 0x3FFF),
				 (uint16_t)(n & 0xFFFF), (uint8_t)(n & 0xF), (n * 13u) & 0x7FFFFFF,
				 (uint8_t)(n & 3u) };
	return e;
}

START_TEST(table32_encode_examples)
{
	uint64_t lo = 0, hi = 0;
	ck_assert_int_eq(ud_ff_entry_encode(&EX1, &lo, &hi), UD_OK);
	ck_assert_uint_eq(lo, EX1_LO);
	ck_assert_uint_eq(hi, EX1_HI);
	ck_assert_int_eq(ud_ff_entry_encode(&EX2, &lo, &hi), UD_OK);
	ck_assert_uint_eq(lo, EX2_LO);
	ck_assert_uint_eq(hi, EX2_HI);
	ck_assert_int_eq(ud_ff_entry_encode(&EX3, &lo, &hi), UD_OK);
	ck_assert_uint_eq(lo, EX3_LO);
	ck_assert_uint_eq(hi, EX3_HI);
	/* The field masks are the maximum entry minus its Valid bits. */
	ck_assert_uint_eq(EX2_LO, LO_FIELDS | VALIDS);
	ck_assert_uint_eq(EX2_HI, HI_FIELDS | VALIDS);
}
END_TEST

START_TEST(table32_decode_examples)
{
	struct ud_ff_entry e;
	memset(&e, 0xAA, sizeof e);
	ck_assert_int_eq(ud_ff_entry_decode(EX1_LO, EX1_HI, &e), UD_OK);
	ck_entry_eq(&e, &EX1);
	ck_assert_int_eq(ud_ff_entry_decode(EX2_LO, EX2_HI, &e), UD_OK);
	ck_entry_eq(&e, &EX2);
	ck_assert_int_eq(ud_ff_entry_decode(EX3_LO, EX3_HI, &e), UD_OK);
	ck_entry_eq(&e, &EX3);
}
END_TEST

/* Flip each of the 128 bits of example 1: a field bit decodes to another
 * valid entry; a Valid, reserved or wired-zero bit is rejected and leaves
 * the output untouched. */
START_TEST(table32_every_bit)
{
	for (unsigned b = 0; b < 128; b++) {
		uint64_t lo = EX1_LO, hi = EX1_HI, mask = 1ull << (b % 64);
		int field = b < 64 ? (LO_FIELDS & mask) != 0 : (HI_FIELDS & mask) != 0;
		struct ud_ff_entry e, before;
		if (b < 64)
			lo ^= mask;
		else
			hi ^= mask;
		memset(&e, 0x5C, sizeof e);
		memcpy(&before, &e, sizeof e);
		ud_status st = ud_ff_entry_decode(lo, hi, &e);
		if (field) {
			uint64_t l2, h2;
			ck_assert_int_eq(st, UD_OK);
			ck_assert_int_eq(ud_ff_entry_encode(&e, &l2, &h2), UD_OK);
			ck_assert_uint_eq(l2, lo);
			ck_assert_uint_eq(h2, hi);
		} else {
			ck_assert_msg(st == UD_E_INVAL, "bit %u accepted", b);
			ck_assert(memcmp(&e, &before, sizeof e) == 0);
		}
	}
	/* The defined value of a refused read never decodes. */
	struct ud_ff_entry e;
	ck_assert_int_eq(ud_ff_entry_decode(UD_FF_NO_DATA, UD_FF_NO_DATA, &e), UD_E_INVAL);
	/* The wired-zero IOVA bit 27 is hi bit 11. */
	ck_assert_int_eq(ud_ff_entry_decode(EX1_LO, EX1_HI | (1ull << 11), &e), UD_E_INVAL);
}
END_TEST

START_TEST(encode_range_checks)
{
	const struct ud_ff_entry bad[] = {
		{ 0x400000, 0, 0, 0, 0, 0, 0 }, { 0, 0x4000, 0, 0, 0, 0, 0 },
		{ 0, 0, 0x4000, 0, 0, 0, 0 },   { 0, 0, 0, 0, 0x10, 0, 0 },
		{ 0, 0, 0, 0, 0, 0x8000000, 0 }, { 0, 0, 0, 0, 0, 0, 4 },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		uint64_t lo = 0x1111, hi = 0x2222;
		ck_assert_int_eq(ud_ff_entry_encode(&bad[i], &lo, &hi), UD_E_RANGE);
		ck_assert_uint_eq(lo, 0x1111);
		ck_assert_uint_eq(hi, 0x2222);
	}
}
END_TEST

static struct ud_ff F;

START_TEST(fsm_every_order)
{
	uint64_t w = 77;
	ud_ff_init(&F);
	/* Empty: LOW read returns the defined value. */
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_E_EMPTY);
	ck_assert_uint_eq(w, UD_FF_NO_DATA);
	ck_assert_uint_eq(F.rd, UD_FF_RD_IDLE);
	ck_assert_int_eq(ud_ff_push(&F, &EX1), UD_OK);
	ck_assert_int_eq(ud_ff_push(&F, &EX2), UD_OK);
	/* HIGH first: nothing popped. */
	w = 77;
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_E_SEQ);
	ck_assert_uint_eq(w, UD_FF_NO_DATA);
	ck_assert_uint_eq(F.count, 2);
	/* LOW twice: the second returns 0 and aborts; a HIGH after it pops nothing. */
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX1_LO);
	ck_assert_uint_eq(F.rd, UD_FF_RD_LOW_READ);
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_E_SEQ);
	ck_assert_uint_eq(w, UD_FF_NO_DATA);
	ck_assert_uint_eq(F.rd, UD_FF_RD_IDLE);
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_E_SEQ);
	ck_assert_uint_eq(w, UD_FF_NO_DATA);
	ck_assert_uint_eq(F.count, 2);
	/* LOW then HIGH: pops exactly the oldest, bit-exact. */
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX1_LO);
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX1_HI);
	ck_assert_uint_eq(F.count, 1);
	/* HIGH twice after a pop: the second pops nothing. */
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_E_SEQ);
	ck_assert_uint_eq(F.count, 1);
	/* A push between LOW and HIGH does not change what HIGH returns. */
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX2_LO);
	ck_assert_int_eq(ud_ff_push(&F, &EX3), UD_OK);
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX2_HI);
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX3_LO);
	ck_assert_int_eq(ud_ff_read_hi(&F, &w), UD_OK);
	ck_assert_uint_eq(w, EX3_HI);
	ck_assert_uint_eq(F.count, 0);
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_E_EMPTY);
}
END_TEST

/* Two readers whose LOW reads collide: both aborted, nothing popped, nothing
 * torn.  (A-low then B-high does pop -- readers must be serialised, see
 * docs/fault_fifo.md and the SPIN model fifo_two_readers.) */
START_TEST(fsm_two_readers)
{
	uint64_t a_lo, b_lo, a_hi, b_hi;
	ud_ff_init(&F);
	ck_assert_int_eq(ud_ff_push(&F, &EX1), UD_OK);
	ck_assert_int_eq(ud_ff_push(&F, &EX2), UD_OK);
	ck_assert_int_eq(ud_ff_read_lo(&F, &a_lo), UD_OK);     /* A: low  */
	ck_assert_int_eq(ud_ff_read_lo(&F, &b_lo), UD_E_SEQ);  /* B: low  -> abort */
	ck_assert_int_eq(ud_ff_read_hi(&F, &b_hi), UD_E_SEQ);  /* B: high -> nothing */
	ck_assert_int_eq(ud_ff_read_hi(&F, &a_hi), UD_E_SEQ);  /* A: high -> nothing */
	ck_assert_uint_eq(a_lo, EX1_LO);
	ck_assert_uint_eq(b_lo, 0);
	ck_assert_uint_eq(F.count, 2);
	struct ud_ff_entry e;
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
	ck_entry_eq(&e, &EX1);
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
	ck_entry_eq(&e, &EX2);
}
END_TEST

START_TEST(pop_behaviours)
{
	struct ud_ff_entry e = EX2;
	uint64_t w;
	ud_ff_init(&F);
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_E_EMPTY);
	ck_entry_eq(&e, &EX2);
	ck_assert_int_eq(ud_ff_push(&F, &EX1), UD_OK);
	ck_assert_int_eq(ud_ff_read_lo(&F, &w), UD_OK);
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_E_SEQ);    /* a half read was pending */
	ck_entry_eq(&e, &EX2);
	ck_assert_uint_eq(F.count, 1);
	ck_assert_uint_eq(F.rd, UD_FF_RD_IDLE);
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
	ck_entry_eq(&e, &EX1);
	ck_assert_uint_eq(F.count, 0);
}
END_TEST

START_TEST(full_and_overflow)
{
	struct ud_ff_entry e;
	uint32_t n = 99;
	ud_ff_init(&F);
	for (uint32_t i = 0; i < UD_FF_DEPTH; i++) {
		e = nth(i);
		ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	}
	ck_assert_uint_eq(F.count, 512);
	for (uint32_t i = 0; i < 5; i++) {
		e = nth(1000 + i);
		ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_FULL);
	}
	ck_assert_uint_eq(F.ovf_count, 5);
	ck_assert(F.ovf_sticky);
	ck_assert_uint_eq(F.count, 512);
	/* A repeat of the last pushed entry is a duplicate even when full. */
	e = nth(511);
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_STALE);
	ck_assert_uint_eq(F.ovf_count, 5);
	/* Nothing queued was harmed: all 512 come out in order. */
	for (uint32_t i = 0; i < UD_FF_DEPTH; i++) {
		struct ud_ff_entry want = nth(i);
		ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
		ck_entry_eq(&e, &want);
	}
	ck_assert_int_eq(ud_ff_pop(&F, &e), UD_E_EMPTY);
	/* Sticky until cleared; clearing returns the count. */
	ck_assert(F.ovf_sticky);
	ck_assert_int_eq(ud_ff_clear_overflow(&F, &n), UD_OK);
	ck_assert_uint_eq(n, 5);
	ck_assert_uint_eq(F.ovf_count, 0);
	ck_assert(!F.ovf_sticky);
}
END_TEST

START_TEST(overflow_saturates)
{
	struct ud_ff_entry e;
	ud_ff_init(&F);
	for (uint32_t i = 0; i < UD_FF_DEPTH; i++) {
		e = nth(i);
		ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	}
	F.ovf_count = 0xFFFFFFFEu;
	F.ovf_sticky = true;
	e = nth(9000);
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_FULL);
	ck_assert_uint_eq(F.ovf_count, 0xFFFFFFFFu);
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_FULL);
	ck_assert_uint_eq(F.ovf_count, 0xFFFFFFFFu);
}
END_TEST

START_TEST(wrap_around)
{
	struct ud_ff_entry e;
	uint32_t next_in = 0, next_out = 0;
	ud_ff_init(&F);
	/* Keep 300 in flight over 5 laps of the ring. */
	for (uint32_t step = 0; step < 5 * UD_FF_DEPTH; step++) {
		e = nth(next_in++);
		ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
		if (F.count > 300) {
			struct ud_ff_entry want = nth(next_out++);
			ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
			ck_entry_eq(&e, &want);
		}
	}
	while (next_out < next_in) {
		struct ud_ff_entry want = nth(next_out++);
		ck_assert_int_eq(ud_ff_pop(&F, &e), UD_OK);
		ck_entry_eq(&e, &want);
	}
	ck_assert_uint_eq(F.count, 0);
}
END_TEST

/* The same packet NACKed many times: one entry. */
START_TEST(duplicate_storm)
{
	struct ud_ff_entry e = EX1;
	ud_ff_init(&F);
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_STALE);
	ck_assert_uint_eq(F.count, 1);
	ck_assert_uint_eq(F.ovf_count, 0);
	/* Same (src, trid, seq, page) but another EXA_ACK or PDID: still a
	 * duplicate (the filter key is the seed's four fields). */
	e.exa_ack = 1;
	e.pdid = 0x1234;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_STALE);
	/* Another page, sequence number, transaction or source: pushed. */
	e = EX1; e.vpn++;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	e = EX1; e.vpn++; e.seq++;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	e = EX1; e.vpn++; e.seq++; e.tr_id++;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	e = EX1; e.vpn++; e.seq++; e.tr_id++; e.src_id++;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	e = EX1; e.vpn++; e.seq++; e.tr_id++; e.src_id++; e.proc++;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_OK);
	ck_assert_uint_eq(F.count, 6);
	/* The filter compares with the last PUSHED entry, even once popped. */
	struct ud_ff_entry got;
	while (F.count)
		ck_assert_int_eq(ud_ff_pop(&F, &got), UD_OK);
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_STALE);
	ck_assert_uint_eq(F.count, 0);
}
END_TEST

/* Two interleaved blocks (Fig. 4.2's effect): A, B, A, B, ... each differ
 * from the last pushed entry, so each is queued; only runs collapse. */
START_TEST(duplicate_storm_interleaved)
{
	struct ud_ff_entry a = EX1, b = EX1;
	b.tr_id = 0x0042; b.seq = 7; b.vpn = 0x100;
	ud_ff_init(&F);
	uint32_t pushed = 0;
	for (int i = 0; i < 20; i++) {
		const struct ud_ff_entry *x = (i / 3) % 2 ? &b : &a;  /* AAABBBAAA... */
		ud_status st = ud_ff_push(&F, x);
		if (i % 3 == 0) {
			ck_assert_int_eq(st, UD_OK);
			pushed++;
		} else {
			ck_assert_int_eq(st, UD_E_STALE);
		}
	}
	ck_assert_uint_eq(F.count, pushed);
	ck_assert_uint_eq(pushed, 7);
	struct ud_ff_entry got;
	for (uint32_t i = 0; i < pushed; i++) {
		ck_assert_int_eq(ud_ff_pop(&F, &got), UD_OK);
		ck_entry_eq(&got, i % 2 ? &b : &a);
	}
}
END_TEST

START_TEST(push_range_leaves_state)
{
	struct ud_ff_entry e = EX1;
	ud_ff_init(&F);
	ck_assert_int_eq(ud_ff_push(&F, &EX2), UD_OK);
	static struct ud_ff before;
	memcpy(&before, &F, sizeof F);
	e.vpn = 0x8000000;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_RANGE);
	ck_assert(memcmp(&before, &F, sizeof F) == 0);
	e = EX1; e.exa_ack = 4;
	ck_assert_int_eq(ud_ff_push(&F, &e), UD_E_RANGE);
	ck_assert(memcmp(&before, &F, sizeof F) == 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fault_fifo");
	TCase *tc = tcase_create("table32");
	tcase_add_test(tc, table32_encode_examples);
	tcase_add_test(tc, table32_decode_examples);
	tcase_add_test(tc, table32_every_bit);
	tcase_add_test(tc, encode_range_checks);
	suite_add_tcase(s, tc);
	tc = tcase_create("fifo");
	tcase_add_test(tc, fsm_every_order);
	tcase_add_test(tc, fsm_two_readers);
	tcase_add_test(tc, pop_behaviours);
	tcase_add_test(tc, full_and_overflow);
	tcase_add_test(tc, overflow_saturates);
	tcase_add_test(tc, wrap_around);
	tcase_add_test(tc, duplicate_storm);
	tcase_add_test(tc, duplicate_storm_interleaved);
	tcase_add_test(tc, push_range_leaves_state);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
