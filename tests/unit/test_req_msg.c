/* uldma-links: req_msg r5_sched */
/*
 * Unit tests of src/req_msg.c: a transfer request from the A53 and a remote
 * read request as one mailbox message of four slots (opcode 3; layout in
 * src/req_msg.h, docs/homes.md "Requests in the mailbox"; seed
 * 004_2c0be60bc8bfaeb5.txt 1.3.2.1, 1.3.2.2, 3.2.1).  The reference here
 * reads the layout with shifts and masks, not with the codec's arithmetic.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "req_msg.h"
#include "r5_sched.h"

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 11;
}

static uint32_t ref_check(const uint32_t *w)
{
	uint64_t sum = (uint64_t)(w[0] >> 18) + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] +
		       0x55445251u;
	return (uint32_t)sum;
}

/* The layout's verdict and fields, bit by bit. */
static ud_status ref_decode(const uint32_t *w, struct ud_req_msg *m)
{
	uint32_t len, wired, pd;

	if ((w[0] & 3u) != 3u || (w[0] >> 29) || (w[2] & 3u) || (w[3] >> 18) ||
	    (w[4] & 3u) || (w[5] >> 18) || (w[6] & 3u) || (w[6] >> 29))
		return UD_E_INVAL;
	if (ref_check(w) != w[7])
		return UD_REQ_E_CHECK;
	len = w[6] >> 2;
	if (len == 0u || len > (1u << 26))
		return UD_E_RANGE;
	wired = (w[0] >> 2) & 0xffffu;
	pd = (w[0] >> 19) & 0xfu;
	if (wired != pd)
		return UD_E_FORGED;
	m->type = (uint8_t)((w[0] >> 18) & 1u);
	m->pd = (uint8_t)pd;
	m->vc = (uint8_t)((w[0] >> 23) & 0x3fu);
	m->wired_pd = (uint16_t)wired;
	m->node = w[1];
	m->src = (uint64_t)w[3] << 30 | w[2] >> 2;
	m->dst = (uint64_t)w[5] << 30 | w[4] >> 2;
	m->len = len;
	return UD_OK;
}

static int same(const struct ud_req_msg *a, const struct ud_req_msg *b)
{
	return a->type == b->type && a->pd == b->pd && a->vc == b->vc &&
	       a->wired_pd == b->wired_pd && a->node == b->node && a->src == b->src &&
	       a->dst == b->dst && a->len == b->len;
}

/* A transfer request, pd 2, vc 3, node 6, src 0x100000, dst 0x200000,
 * 20000 bytes, by hand:
 *   w0 = 3 + 2<<2 + 0<<18 + 2<<19 + 3<<23 = 0x0190000b, w1 = 6,
 *   w2 = (0x100000 & 0x3fffffff) << 2 = 0x400000, w3 = 0,
 *   w4 = 0x800000, w5 = 0, w6 = 20000 << 2 = 0x13880,
 *   w7 = 0x0190000b >> 18 (= 0x64) + 6 + 0x400000 + 0x800000 + 0x13880 + 0x55445251
 *      = 0x56058b3b. */
START_TEST(req_by_hand)
{
	struct ud_req_msg m = { UD_REQ_XFER, 2, 3, 2, 6, 0x100000u, 0x200000u, 20000u }, out;
	static const uint32_t want[8] = { 0x0190000bu, 6u, 0x400000u, 0u, 0x800000u, 0u,
					  0x13880u, 0x56058b3bu };
	uint32_t w[8];

	ck_assert_int_eq(ud_req_encode(&m, w), UD_OK);
	for (int i = 0; i < 8; i++)
		ck_assert_uint_eq(w[i], want[i]);
	ck_assert_int_eq(ud_req_decode(w, &out), UD_OK);
	ck_assert(same(&m, &out));

	/* A remote read at the top of the 48-bit VA space, pd 15, vc 63. */
	m = (struct ud_req_msg){ UD_REQ_READ, 15, 63, 15, 0xffffffffu,
				 0xfffffffff000ull, 0xffffffffffffull, 1u << 26 };
	ck_assert_int_eq(ud_req_encode(&m, w), UD_OK);
	ck_assert_uint_eq(w[0], 3u | 15u << 2 | 1u << 18 | 15u << 19 | 63u << 23);
	ck_assert_uint_eq(w[3], 0x3ffffu);
	ck_assert_uint_eq(w[6], (1u << 26) << 2);
	ck_assert_int_eq(ud_req_decode(w, &out), UD_OK);
	ck_assert(same(&m, &out));
}
END_TEST

/* Every refusal: its code, and the output untouched. */
START_TEST(req_rejects)
{
	struct ud_req_msg m = { UD_REQ_XFER, 5, 7, 5, 1, 0x4000u, 0x8000u, 64u }, out, before;
	uint32_t good[8], w[8];

	ck_assert_int_eq(ud_req_encode(&m, good), UD_OK);
	memset(&out, 0x5a, sizeof out);
	before = out;
#define BAD(edit, code) do { memcpy(w, good, sizeof w); edit; \
		ck_assert_int_eq(ud_req_decode(w, &out), code); \
		ck_assert(memcmp(&out, &before, sizeof out) == 0); } while (0)
	BAD(w[0] = (w[0] & ~3u) | 2u, UD_E_INVAL);		/* a RAPF's opcode    */
	BAD(w[0] = w[0] & ~3u, UD_E_INVAL);			/* a continuation     */
	BAD(w[0] |= 1u << 29, UD_E_INVAL);			/* header reserved    */
	BAD(w[2] |= 1u, UD_E_INVAL);				/* slot 1 opcode      */
	BAD(w[4] |= 2u, UD_E_INVAL);				/* slot 2 opcode      */
	BAD(w[6] |= 3u, UD_E_INVAL);				/* slot 3 opcode      */
	BAD(w[3] |= 1u << 18, UD_E_INVAL);			/* src bit 48         */
	BAD(w[5] |= 1u << 31, UD_E_INVAL);			/* dst bit 61         */
	BAD(w[6] |= 1u << 29, UD_E_INVAL);			/* length reserved    */
	BAD(w[1] ^= 0x100u, UD_REQ_E_CHECK);			/* node damaged       */
	BAD(w[7] += 1u, UD_REQ_E_CHECK);			/* check damaged      */
	BAD(w[0] ^= 1u << 23, UD_REQ_E_CHECK);			/* vc damaged         */
	BAD((w[6] = 0u, w[7] = ref_check(w)), UD_E_RANGE);	/* length 0           */
	BAD((w[6] = ((1u << 26) + 1u) << 2, w[7] = ref_check(w)), UD_E_RANGE);
	BAD(w[0] += 4u, UD_E_FORGED);	/* wired PDID 6, pd 5: outside the check */
	BAD(w[0] -= 5u * 4u, UD_E_FORGED);			/* wired PDID 0       */
#undef BAD
	/* The packetizer's wired PDID is outside the check: the sender's
	 * words with the wired field rewritten to pd still decode. */
	m.wired_pd = 9;			/* what the sender had there */
	ck_assert_int_eq(ud_req_encode(&m, w), UD_OK);
	ck_assert_int_eq(ud_req_decode(w, &out), UD_E_FORGED);
	w[0] = (w[0] & ~0x3fffcu) | 5u << 2;	/* the packetizer wires PD 5 */
	ck_assert_int_eq(ud_req_decode(w, &out), UD_OK);
	ck_assert_uint_eq(out.wired_pd, 5u);
	/* Encode: a field out of range, words untouched. */
	memset(w, 0x77, sizeof w);
	struct ud_req_msg bad[] = {
		{ 2, 1, 1, 1, 0, 0, 0, 1 },		/* type 2              */
		{ 0, 16, 1, 16, 0, 0, 0, 1 },		/* pd 16               */
		{ 0, 1, 64, 1, 0, 0, 0, 1 },		/* vc 64               */
		{ 0, 1, 1, 1, 0, 1ull << 48, 0, 1 },	/* src at 2^48         */
		{ 0, 1, 1, 1, 0, 0, ~0ull, 1 },		/* dst 2^64 - 1        */
		{ 0, 1, 1, 1, 0, 0, 0, 0 },		/* length 0            */
		{ 0, 1, 1, 1, 0, 0, 0, (1u << 26) + 1u },	/* 64 MiB + 1 */
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_int_eq(ud_req_encode(&bad[i], w), UD_E_RANGE);
	for (int i = 0; i < 8; i++)
		ck_assert_uint_eq(w[i], 0x77777777u);
}
END_TEST

/* Random words, half of them framed with a right check: the codec's
 * verdict and fields equal the reference's, a refusal leaves the output
 * untouched, and encode gives the same eight words back. */
START_TEST(req_round_trips)
{
	uint64_t s = 23;
	unsigned ok = 0, code[5] = { 0 };

	for (int i = 0; i < 400000; i++) {
		uint32_t w[8], v[8];
		struct ud_req_msg m, r, before;

		for (int k = 0; k < 8; k++)
			w[k] = (uint32_t)lcg(&s);
		if (i & 1) {
			uint32_t pd = (w[0] >> 19) & 0xfu;

			w[0] = (w[0] & 0x1ffc0000u) | 3u | ((i & 2) ? pd : (w[0] >> 2) & 0xfu) << 2;
			w[2] &= ~3u;
			w[3] &= 0x3ffffu;
			w[4] &= ~3u;
			w[5] &= 0x3ffffu;
			w[6] &= (i & 4) ? 0x0ffffffcu : 0x1ffffffcu;
			if (i & 8)
				w[7] = ref_check(w);
		}
		memset(&m, 0xa5, sizeof m);
		before = m;
		ud_status got = ud_req_decode(w, &m), want = ref_decode(w, &r);
		ck_assert_int_eq(got, want);
		code[got == UD_OK ? 0 : got == UD_E_INVAL ? 1 : got == UD_REQ_E_CHECK ? 2 :
		     got == UD_E_RANGE ? 3 : 4]++;
		if (got != UD_OK) {
			ck_assert(memcmp(&m, &before, sizeof m) == 0);
			continue;
		}
		ok++;
		ck_assert(same(&m, &r));
		ck_assert_int_eq(ud_req_encode(&m, v), UD_OK);
		ck_assert(memcmp(v, w, sizeof v) == 0);
	}
	/* every verdict reached */
	ck_assert_uint_gt(ok, 10000u);
	for (int k = 1; k < 5; k++)
		ck_assert_uint_gt(code[k], 1000u);
}
END_TEST

/* A decoded request meets every field condition of the scheduler's
 * entries: on a scheduler whose channels are free, ud_r5_sched_submit
 * (a transfer) and ud_r5_sched_read_req (a read) answer UD_OK, and
 * again on the same channel UD_E_BUSY -- never UD_E_RANGE, UD_E_INVAL,
 * UD_E_OVERFLOW or UD_E_FORGED. */
static struct ud_r5_sched sched;

START_TEST(req_meets_sched)
{
	uint64_t s = 5;
	unsigned n = 0;

	for (int i = 0; i < 64; i++) {
		struct ud_req_msg m, d;
		uint32_t w[8];

		ck_assert_int_eq(ud_r5_sched_init(&sched, UD_R5_SCHED_WIN, 1000u), UD_OK);
		m.type = (uint8_t)(i & 1);
		m.pd = m.wired_pd = (uint8_t)(lcg(&s) % 16u);
		m.vc = (uint8_t)(lcg(&s) % 64u);
		m.node = (uint32_t)lcg(&s);
		/* extremes too: the top of the VA space, the largest length */
		m.src = (i & 2) ? 0xffffffffffffull : lcg(&s) % (1ull << 48);
		m.dst = (i & 4) ? 0xffffffffffffull : lcg(&s) % (1ull << 48);
		m.len = (i & 8) ? 1u << 26 : 1u + (uint32_t)(lcg(&s) % (1u << 26));
		ck_assert_int_eq(ud_req_encode(&m, w), UD_OK);
		ck_assert_int_eq(ud_req_decode(w, &d), UD_OK);
		for (int again = 0; again < 2; again++) {
			ud_status rc;

			if (d.type == UD_REQ_XFER) {
				struct ud_r5_sched_req r = { d.pd, d.vc, UD_R5_SCHED_WRITE, d.node,
							     d.src, d.dst, d.len };
				rc = ud_r5_sched_submit(&sched, &r, 0);
			} else {
				struct ud_r5_sched_rreq q = { d.wired_pd, d.pd, d.vc, d.node,
							      d.src, d.dst, d.len };
				rc = ud_r5_sched_read_req(&sched, &q, 0);
			}
			ck_assert_int_eq(rc, again ? UD_E_BUSY : UD_OK);
		}
		ck_assert_uint_eq(sched.x[d.pd * 64u + d.vc].len, d.len);
		n++;
	}
	ck_assert_uint_eq(n, 64u);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("req_msg");
	TCase *tc = tcase_create("req");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, req_by_hand);
	tcase_add_test(tc, req_rejects);
	tcase_add_test(tc, req_round_trips);
	tcase_add_test(tc, req_meets_sched);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
