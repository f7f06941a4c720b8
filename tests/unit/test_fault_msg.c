/* uldma-links: fault_msg */
/*
 * Unit tests of src/fault_msg.c: the Table 3.1 kernel->user message and the
 * RAPF (opcode 2) mailbox message, seed 004_2c0be60bc8bfaeb5.txt.
 * Expected texts and words are worked out by hand from the tables (field by
 * field, in the comments), never produced by the encoder under test.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "fault_msg.h"

/* ------------------------------------------------ Table 3.1, by hand */

/* Table 3.1: Src_ID 6 hex | Tr_ID 4 hex | Seq_Num 4 hex | Faulty IOVA 8 hex
 * | PDID 4 hex | R/W 1 hex, MSB first.
 * Example A: a destination fault.
 *   src  0x2ABCDE (22 bits: 10 1010 1011 1100 1101 1110) -> "2abcde"
 *   trid 0x1234   (14 bits)                               -> "1234"
 *   seq  0x3FFF   (14 bits, the largest)                  -> "3fff"
 *   iova 0x9ABCDEF0 = process index 9, VA page 0xABCDEF0  -> "9abcdef0"
 *   pdid 0x00A5                                           -> "00a5"
 *   R/W  1 (destination)                                  -> "1"      */
static const char TXT_A[] = "2abcde" "1234" "3fff" "9abcdef0" "00a5" "1";
static const struct ud_fmsg MSG_A = { 0x2ABCDEu, 0x1234u, 0x3FFFu, 0x9ABCDEF0u, 0x00A5u, 1u };

/* Example B: a source fault, every field zero but the IOVA's page 1 of
 * process 0 and PDID 15:  "000000" "0000" "0000" "00000001" "000f" "0". */
static const char TXT_B[] = "000000" "0000" "0000" "00000001" "000f" "0";
static const struct ud_fmsg MSG_B = { 0u, 0u, 0u, 1u, 15u, 0u };

/* Example C: every field at its maximum: 22 bits -> "3fffff", 14 bits ->
 * "3fff", 32 bits -> "ffffffff", 16 bits -> "ffff", R/W -> "1". */
static const char TXT_C[] = "3fffff" "3fff" "3fff" "ffffffff" "ffff" "1";
static const struct ud_fmsg MSG_C = { 0x3FFFFFu, 0x3FFFu, 0x3FFFu, 0xFFFFFFFFu, 0xFFFFu, 1u };

static int msg_eq(const struct ud_fmsg *a, const struct ud_fmsg *b)
{
	return a->src == b->src && a->trid == b->trid && a->seq == b->seq &&
	       a->iova == b->iova && a->pdid == b->pdid && a->rw == b->rw;
}

static void check_encode(const struct ud_fmsg *m, const char *txt)
{
	char buf[32];
	memset(buf, '#', sizeof buf);
	ck_assert_int_eq(strlen(txt), 27);
	ck_assert_int_eq(ud_fmsg_encode(m, buf, sizeof buf), UD_OK);
	ck_assert(memcmp(buf, txt, 27) == 0);
	ck_assert_int_eq(buf[27], '#');          /* nothing beyond the 27 digits */
}

static void check_decode(const char *txt, const struct ud_fmsg *m)
{
	struct ud_fmsg out;
	memset(&out, 0xEE, sizeof out);
	ck_assert_int_eq(ud_fmsg_decode(txt, 27, &out), UD_OK);
	ck_assert(msg_eq(&out, m));
	memset(&out, 0xEE, sizeof out);
	ck_assert_int_eq(ud_fmsg_decode(txt, 28, &out), UD_OK);  /* with its NUL */
	ck_assert(msg_eq(&out, m));
}

START_TEST(table31_encode_by_hand)
{
	check_encode(&MSG_A, TXT_A);
	check_encode(&MSG_B, TXT_B);
	check_encode(&MSG_C, TXT_C);
}
END_TEST

START_TEST(table31_decode_by_hand)
{
	check_decode(TXT_A, &MSG_A);
	check_decode(TXT_B, &MSG_B);
	check_decode(TXT_C, &MSG_C);
	/* The R/W digit is the least significant one (seed 004 text). */
	struct ud_fmsg out;
	ck_assert_int_eq(ud_fmsg_decode(TXT_A, 27, &out), UD_OK);
	ck_assert_uint_eq(out.rw, UD_FMSG_RW_DST);
	ck_assert_int_eq(ud_fmsg_decode(TXT_B, 27, &out), UD_OK);
	ck_assert_uint_eq(out.rw, UD_FMSG_RW_SRC);
}
END_TEST

/* Decode one text expected to fail with `want`; *out must stay as it was. */
static void check_reject(const char *txt, size_t len, ud_status want)
{
	struct ud_fmsg out, before;
	memset(&out, 0x5A, sizeof out);
	before = out;
	ck_assert_int_eq(ud_fmsg_decode(txt, len, &out), want);
	ck_assert(memcmp(&out, &before, sizeof out) == 0);
}

START_TEST(table31_decode_rejects)
{
	char t[40];
	/* truncated and over-long */
	check_reject(TXT_A, 26, UD_E_INVAL);
	check_reject(TXT_A, 0, UD_E_INVAL);
	memcpy(t, TXT_A, 27); t[27] = '0';
	check_reject(t, 28, UD_E_INVAL);          /* 28th byte not NUL */
	memcpy(t, TXT_A, 28); t[28] = 0;
	check_reject(t, 29, UD_E_INVAL);
	/* non-hex and non-canonical characters, in every field */
	static const size_t pos[] = { 0, 5, 6, 9, 10, 13, 14, 21, 22, 25, 26 };
	static const char bad[] = { 'g', 'A', 'F', ' ', '\0', 'x', '/', ':', '`', (char)0xFF };
	for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
		for (size_t j = 0; j < sizeof bad; j++) {
			memcpy(t, TXT_A, 27);
			t[pos[i]] = bad[j];
			check_reject(t, 27, UD_E_INVAL);
		}
	/* fields wider than Table 3.1 allows */
	memcpy(t, TXT_A, 27); t[0] = '4';  check_reject(t, 27, UD_E_RANGE);  /* src 23 bits */
	memcpy(t, TXT_A, 27); t[6] = '4';  check_reject(t, 27, UD_E_RANGE);  /* trid 15 bits */
	memcpy(t, TXT_A, 27); t[10] = 'f'; check_reject(t, 27, UD_E_RANGE);  /* seq 16 bits */
	memcpy(t, TXT_A, 27); t[26] = '2'; check_reject(t, 27, UD_E_RANGE);  /* R/W not a bit */
	/* the limits themselves are accepted */
	memcpy(t, TXT_A, 27); t[0] = '3'; t[6] = '3'; t[10] = '3';
	struct ud_fmsg out;
	ck_assert_int_eq(ud_fmsg_decode(t, 27, &out), UD_OK);
	ck_assert_uint_eq(out.src, 0x3ABCDEu);
	ck_assert_uint_eq(out.trid, 0x3234u);
}
END_TEST

START_TEST(table31_encode_rejects)
{
	char buf[32];
	struct ud_fmsg m;
	memset(buf, '#', sizeof buf);
	m = MSG_A; m.src = 0x400000u;
	ck_assert_int_eq(ud_fmsg_encode(&m, buf, sizeof buf), UD_E_RANGE);
	m = MSG_A; m.trid = 0x4000u;
	ck_assert_int_eq(ud_fmsg_encode(&m, buf, sizeof buf), UD_E_RANGE);
	m = MSG_A; m.seq = 0x4000u;
	ck_assert_int_eq(ud_fmsg_encode(&m, buf, sizeof buf), UD_E_RANGE);
	m = MSG_A; m.rw = 2u;
	ck_assert_int_eq(ud_fmsg_encode(&m, buf, sizeof buf), UD_E_RANGE);
	ck_assert_int_eq(ud_fmsg_encode(&MSG_A, buf, 26), UD_E_INVAL);
	for (size_t i = 0; i < sizeof buf; i++)
		ck_assert_int_eq(buf[i], '#');  /* nothing written on any error */
}
END_TEST

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 11;
}

START_TEST(table31_round_trips)
{
	uint64_t s = 42;
	for (int i = 0; i < 100000; i++) {
		struct ud_fmsg m = {
			(uint32_t)(lcg(&s) % 0x400000u), (uint16_t)(lcg(&s) % 0x4000u),
			(uint16_t)(lcg(&s) % 0x4000u), (uint32_t)lcg(&s),
			(uint16_t)lcg(&s), (uint8_t)(lcg(&s) % 2u) };
		char buf[27];
		struct ud_fmsg back;
		ck_assert_int_eq(ud_fmsg_encode(&m, buf, sizeof buf), UD_OK);
		ck_assert_int_eq(ud_fmsg_decode(buf, sizeof buf, &back), UD_OK);
		ck_assert(msg_eq(&m, &back));
		/* text -> message -> text */
		char txt[27], again[27];
		static const char hx[] = "0123456789abcdef";
		for (int k = 0; k < 27; k++)
			txt[k] = hx[lcg(&s) % 16u];
		txt[0] = hx[lcg(&s) % 4u]; txt[6] = hx[lcg(&s) % 4u];
		txt[10] = hx[lcg(&s) % 4u]; txt[26] = hx[lcg(&s) % 2u];
		ck_assert_int_eq(ud_fmsg_decode(txt, 27, &back), UD_OK);
		ck_assert_int_eq(ud_fmsg_encode(&back, again, sizeof again), UD_OK);
		ck_assert(memcmp(txt, again, 27) == 0);
	}
}
END_TEST

/* ------------------------------------------------ RAPF words, by hand */

/* 3.2.3.3 listing, with our widths (docs/fault_handler.md):
 *   word0 = opcode 2 | wired PDID << 2 | trid << 18
 *   word1 = seq | received PDID << 14
 * Example: wired PDID 5, trid 0x1234, seq 0x0ABC, received PDID 5:
 *   word0 = 0x2 + 0x14 + (0x1234 << 18 = 0x48D00000) = 0x48D00016
 *   word1 = 0xABC + (5 << 14 = 0x14000)              = 0x00014ABC  */
START_TEST(rapf_by_hand)
{
	struct ud_rtx_msg m = { 5u, 0x1234u, 0x0ABCu, 5u }, out;
	uint32_t w0 = 0, w1 = 0;
	ck_assert_int_eq(ud_rtx_encode(&m, &w0, &w1), UD_OK);
	ck_assert_uint_eq(w0, 0x48D00016u);
	ck_assert_uint_eq(w1, 0x00014ABCu);
	memset(&out, 0, sizeof out);
	ck_assert_int_eq(ud_rtx_decode(0x48D00016u, 0x00014ABCu, &out), UD_OK);
	ck_assert_uint_eq(out.wired_pdid, 5u);
	ck_assert_uint_eq(out.trid, 0x1234u);
	ck_assert_uint_eq(out.seq, 0x0ABCu);
	ck_assert_uint_eq(out.pdid, 5u);
	/* The listing's word0 decode agrees bit for bit:
	 * (w0 >> 2) & 0xFFFF = 5, (w0 >> 18) & 0x3FFF = 0x1234. */
	ck_assert_uint_eq((0x48D00016u >> 2) & 0xFFFFu, 5u);
	ck_assert_uint_eq((0x48D00016u >> 18) & 0x3FFFu, 0x1234u);
}
END_TEST

/* Our 14-bit sequence number: seq 0x3ABC (needs bits 12 and 13, which the
 * listing's 12-bit read would lose), PDID 0xFFFF, trid 0x3FFF, wired 0xFFFF:
 *   word0 = 2 + 0xFFFF*4 (0x3FFFC) + 0x3FFF << 18 (0xFFFC0000) = 0xFFFFFFFE
 *   word1 = 0x3ABC + 0xFFFF << 14 (0x3FFFC000)                = 0x3FFFFABC */
START_TEST(rapf_14bit_seq_by_hand)
{
	struct ud_rtx_msg m = { 0xFFFFu, 0x3FFFu, 0x3ABCu, 0xFFFFu }, out;
	uint32_t w0 = 0, w1 = 0;
	ck_assert_int_eq(ud_rtx_encode(&m, &w0, &w1), UD_OK);
	ck_assert_uint_eq(w0, 0xFFFFFFFEu);
	ck_assert_uint_eq(w1, 0x3FFFFABCu);
	ck_assert_int_eq(ud_rtx_decode(w0, w1, &out), UD_OK);
	ck_assert_uint_eq(out.seq, 0x3ABCu);
	ck_assert_uint_eq(out.pdid, 0xFFFFu);
	ck_assert_uint_eq(out.trid, 0x3FFFu);
	ck_assert_uint_eq(out.wired_pdid, 0xFFFFu);
}
END_TEST

START_TEST(rapf_rejects)
{
	struct ud_rtx_msg m = { 1u, 2u, 3u, 4u }, out, before;
	uint32_t w0 = 0x11111111u, w1 = 0x22222222u;
	memset(&out, 0x77, sizeof out);
	before = out;
	/* opcodes 0, 1, 3: not a RAPF */
	ck_assert_int_eq(ud_rtx_decode(0x48D00014u, 0x14ABCu, &out), UD_E_INVAL);
	ck_assert_int_eq(ud_rtx_decode(0x48D00015u, 0x14ABCu, &out), UD_E_INVAL);
	ck_assert_int_eq(ud_rtx_decode(0x48D00017u, 0x14ABCu, &out), UD_E_INVAL);
	/* word1 reserved bits 30, 31 */
	ck_assert_int_eq(ud_rtx_decode(0x48D00016u, 0x40000000u, &out), UD_E_INVAL);
	ck_assert_int_eq(ud_rtx_decode(0x48D00016u, 0x80014ABCu, &out), UD_E_INVAL);
	ck_assert(memcmp(&out, &before, sizeof out) == 0);
	/* encode range: trid and seq are 14 bits */
	m.trid = 0x4000u;
	ck_assert_int_eq(ud_rtx_encode(&m, &w0, &w1), UD_E_RANGE);
	m.trid = 2u; m.seq = 0x4000u;
	ck_assert_int_eq(ud_rtx_encode(&m, &w0, &w1), UD_E_RANGE);
	ck_assert_uint_eq(w0, 0x11111111u);
	ck_assert_uint_eq(w1, 0x22222222u);
}
END_TEST

START_TEST(rapf_round_trips)
{
	uint64_t s = 7;
	for (int i = 0; i < 200000; i++) {
		uint32_t w0 = (uint32_t)lcg(&s), w1 = (uint32_t)lcg(&s);
		struct ud_rtx_msg m;
		uint32_t v0, v1;
		ud_status r = ud_rtx_decode(w0, w1, &m);
		if ((w0 & 3u) != 2u || (w1 >> 30) != 0u) {
			ck_assert_int_eq(r, UD_E_INVAL);
			w0 = (w0 & ~3u) | 2u;
			w1 &= 0x3FFFFFFFu;
			ck_assert_int_eq(ud_rtx_decode(w0, w1, &m), UD_OK);
		} else {
			ck_assert_int_eq(r, UD_OK);
		}
		ck_assert_int_eq(ud_rtx_encode(&m, &v0, &v1), UD_OK);
		ck_assert_uint_eq(v0, w0);
		ck_assert_uint_eq(v1, w1);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fault_msg");
	TCase *tc = tcase_create("table31");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, table31_encode_by_hand);
	tcase_add_test(tc, table31_decode_by_hand);
	tcase_add_test(tc, table31_decode_rejects);
	tcase_add_test(tc, table31_encode_rejects);
	tcase_add_test(tc, table31_round_trips);
	suite_add_tcase(s, tc);
	TCase *tr = tcase_create("rapf");
	tcase_set_timeout(tr, 60);
	tcase_add_test(tr, rapf_by_hand);
	tcase_add_test(tr, rapf_14bit_seq_by_hand);
	tcase_add_test(tr, rapf_rejects);
	tcase_add_test(tr, rapf_round_trips);
	suite_add_tcase(s, tr);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
