/* uldma-links: reply_msg */
/*
 * Unit tests of src/reply_msg.c: the engine's reply (ACK / PF-NACK / NACK,
 * opcode 1) in the source R5's mailbox, seed 004_2c0be60bc8bfaeb5.txt
 * 3.2.3.3 (the listing's PF-NACK decode) and docs/fault_handler.md
 * ("Decisions": the rest of the layout).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include "reply_msg.h"

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 11;
}

/* Engine replies (opcode 1): the seed's listing reads the PF-NACK's code
 * from bits [18:16] and its trid from [15:2]; seq is word1 [13:0]. */
START_TEST(reply_by_hand)
{
	struct ud_ack_msg m = { UD_ACK_CODE_PFNACK, 0x1234u, 0x0ABCu }, out;
	uint32_t w0, w1;

	ck_assert_int_eq(ud_ack_encode(&m, &w0, &w1), UD_OK);
	ck_assert_uint_eq(w0, 0x000148D1u);	/* 1 + 4 * 0x1234 + 0x10000 */
	ck_assert_uint_eq(w1, 0x0ABCu);
	/* The listing's own decode of that word. */
	ck_assert_uint_eq((w0 >> 16) & 0x07u, 1u);
	ck_assert_uint_eq((w0 >> 2) & 0x03FFFu, 0x1234u);
	ck_assert_int_eq(ud_ack_decode(w0, w1, &out), UD_OK);
	ck_assert_uint_eq(out.code, UD_ACK_CODE_PFNACK);
	ck_assert_uint_eq(out.trid, 0x1234u);
	ck_assert_uint_eq(out.seq, 0x0ABCu);
}
END_TEST

START_TEST(reply_rejects)
{
	struct ud_ack_msg out = { 9, 9, 9 }, m;
	uint32_t w0 = 0x11111111u, w1 = 0x22222222u;

	ck_assert_int_eq(ud_ack_decode(0x000148D0u, 5u, &out), UD_E_INVAL);	/* opcode 0 */
	ck_assert_int_eq(ud_ack_decode(0x000148D2u, 5u, &out), UD_E_INVAL);	/* RAPF's */
	ck_assert_int_eq(ud_ack_decode(0x000348D1u, 5u, &out), UD_E_INVAL);	/* code 3 */
	ck_assert_int_eq(ud_ack_decode(0x000748D1u, 5u, &out), UD_E_INVAL);	/* code 7 */
	ck_assert_int_eq(ud_ack_decode(0x000848D1u, 5u, &out), UD_E_INVAL);	/* bit 19 */
	ck_assert_int_eq(ud_ack_decode(0x800148D1u, 5u, &out), UD_E_INVAL);	/* bit 31 */
	ck_assert_int_eq(ud_ack_decode(0x000148D1u, 0x4000u, &out), UD_E_INVAL); /* seq bit 14 */
	ck_assert_uint_eq(out.code, 9u);
	ck_assert_uint_eq(out.trid, 9u);
	ck_assert_uint_eq(out.seq, 9u);
	m = (struct ud_ack_msg){ 3u, 1u, 1u };
	ck_assert_int_eq(ud_ack_encode(&m, &w0, &w1), UD_E_RANGE);
	m = (struct ud_ack_msg){ 0u, 0x4000u, 1u };
	ck_assert_int_eq(ud_ack_encode(&m, &w0, &w1), UD_E_RANGE);
	m = (struct ud_ack_msg){ 0u, 1u, 0x4000u };
	ck_assert_int_eq(ud_ack_encode(&m, &w0, &w1), UD_E_RANGE);
	ck_assert_uint_eq(w0, 0x11111111u);
	ck_assert_uint_eq(w1, 0x22222222u);
}
END_TEST

START_TEST(reply_round_trips)
{
	uint64_t s = 11;
	unsigned ok = 0;
	for (int i = 0; i < 200000; i++) {
		uint32_t w0 = (uint32_t)lcg(&s), w1 = (uint32_t)lcg(&s);
		struct ud_ack_msg m;
		uint32_t v0, v1;
		if (i & 1) {	/* half of them well formed but for the code */
			w0 = (w0 & 0x7FFFCu) | 1u;
			w1 &= 0x3FFFu;
		}
		ud_status r = ud_ack_decode(w0, w1, &m);
		int want = (w0 & 3u) == 1u && (w0 >> 19) == 0u && (w1 >> 14) == 0u &&
			   ((w0 >> 16) & 7u) < 3u;
		ck_assert_int_eq(r, want ? UD_OK : UD_E_INVAL);
		if (!want)
			continue;
		ok++;
		ck_assert_uint_eq(m.code, (w0 >> 16) & 7u);
		ck_assert_uint_eq(m.trid, (w0 >> 2) & 0x3FFFu);
		ck_assert_uint_eq(m.seq, w1);
		ck_assert_int_eq(ud_ack_encode(&m, &v0, &v1), UD_OK);
		ck_assert_uint_eq(v0, w0);
		ck_assert_uint_eq(v1, w1);
	}
	ck_assert_uint_gt(ok, 30000u);	/* 3 codes of 8 in half the inputs */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("reply_msg");
	TCase *tc = tcase_create("reply");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, reply_by_hand);
	tcase_add_test(tc, reply_rejects);
	tcase_add_test(tc, reply_round_trips);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
