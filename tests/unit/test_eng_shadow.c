/* uldma-links: eng_shadow shadow pd mr mw access xfer_packet */
/*
 * tests/unit/test_eng_shadow.c -- the engine's shadow entry (src/eng_shadow.c):
 * a recognised sequence moves exactly its bytes, from its source page to its
 * destination page, at its last access and no earlier; every other access
 * touches no memory.  The host's memory doors (tests/support/
 * plat_host_xfer_packet.c) are a simulated physical memory with a log.
 * Expected values by hand: shadow bit 2^40, context id in bits 41..42,
 * algorithm-1 data word key * 8 + ctx.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "eng_shadow.h"
#include "plat_host_xfer_packet.h"

#define SB  0x10000000000ull           /* 2^40: the shadow bit           */
#define REG 0x100000ull                /* algorithm-1 register pages      */
#define SRC 0x5000ull
#define DST 0x2000ull

static struct ud_sh_cfg cfg;
static uint8_t buf[UD_ENG_SH_BUF];

/* Fill the source and destination pages with distinct patterns. */
static void pages(void)
{
	host_dma_reset();
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 4, 4096, REG), UD_OK);
	for (uint32_t i = 0; i < 4096; i++) {
		host_dma_poke(SRC + i, (uint8_t)(i * 7 + 1));
		host_dma_poke(DST + i, 0xee);
	}
	host_dma.n = 0;
}

/* dst[off, off+n) holds src[soff, soff+n), the rest of the page is 0xee. */
static void moved(uint64_t soff, uint64_t off, uint32_t n)
{
	for (uint32_t i = 0; i < 4096; i++) {
		uint8_t want = (i >= off && i < off + n) ?
			(uint8_t)((soff + i - off) * 7 + 1) : 0xee;
		ck_assert_uint_eq(host_dma_peek(DST + i), want);
	}
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, SRC + soff);
	ck_assert_uint_eq(host_dma.log[0].len, n);
	ck_assert_uint_eq(host_dma.log[0].wr, 0);
	ck_assert_uint_eq(host_dma.log[1].pa, DST + off);
	ck_assert_uint_eq(host_dma.log[1].len, n);
	ck_assert_uint_eq(host_dma.log[1].wr, 1);
	ck_assert_uint_eq(host_dma.violations, 0);
}

static void untouched(void)
{
	ck_assert_uint_eq(host_dma.n, 0);
	for (uint32_t i = 0; i < 4096; i++)
		ck_assert_uint_eq(host_dma_peek(DST + i), 0xee);
}

START_TEST(alg1_moves_at_go)
{
	struct ud_sh_alg1 r;
	struct ud_sh_dma d;
	const uint32_t w2 = 0x155u * 8 + 2;
	pages();
	ud_sh_alg1_init(&r);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 2, 0x155), UD_OK);
	/* a wrong key, a go with nothing held: no memory touched */
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + DST, 0x154u * 8 + 2, buf, &d), UD_E_KEY);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 64, buf, &d), UD_E_SEQ);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + DST + 0x40, w2, buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + SRC + 0x80, w2, buf, &d), UD_SH_NOTHING);
	untouched();
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 300, buf, &d), UD_SH_STARTED);
	moved(0x80, 0x40, 300);
	/* past the page end: BOUNDS, nothing moves */
	host_dma.n = 0;
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + DST + 0xf80, w2, buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + SRC, w2, buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 256, buf, &d), UD_E_BOUNDS);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

START_TEST(alg2_moves_at_load)
{
	struct ud_sh_alg2 r;
	struct ud_sh_dma d;
	uint64_t dst1 = 0, src1 = 0, src3 = 0;
	pages();
	ud_sh_alg2_init(&r);
	ck_assert_int_eq(ud_sh_encode(DST, 1, &dst1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(SRC + 8, 1, &src1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(SRC + 8, 3, &src3), UD_OK);
	/* another context's LOAD: refused, nothing moves */
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, dst1, 128, buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_LOAD, src3, 0, buf, &d), UD_E_SEQ);
	untouched();
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, dst1, 128, buf, &d), UD_SH_NOTHING);
	untouched();
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_LOAD, src1, 0, buf, &d), UD_SH_STARTED);
	moved(8, 0, 128);
}
END_TEST

/* Fig. 3: STORE dst, LOAD src, STORE dst, LOAD src, LOAD dst. */
START_TEST(alg3_moves_at_fifth)
{
	static const uint32_t K[5] = { UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_LOAD };
	static const uint64_t A[5] = { SB + DST, SB + SRC, SB + DST, SB + SRC, SB + DST };
	static const uint32_t Z[5] = { 4096, 0, 4096, 0, 0 };
	struct ud_sh_alg3 r;
	struct ud_sh_dma d;
	pages();
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[i], A[i], Z[i], buf, &d), UD_SH_NOTHING);
		untouched();
	}
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[4], A[4], Z[4], buf, &d), UD_SH_STARTED);
	moved(0, 0, 4096);
	/* an interleaved access to another destination: reset, nothing moves */
	pages();
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[0], A[0], Z[0], buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[1], A[1], Z[1], buf, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, UD_BUS_STORE, SB + 0x3000, 4096, buf, &d), UD_E_SEQ);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[3], A[3], Z[3], buf, &d), UD_E_SEQ);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[4], A[4], Z[4], buf, &d), UD_E_SEQ);
	untouched();
}
END_TEST

/* The test's own picture of the two pages (index 0: DST, 1: SRC). */
static uint8_t mirror[2][4096];

static uint8_t *mir(uint64_t pa)
{
	return &mirror[pa >= SRC][pa & 4095u];
}

/* Random bus accesses from two contexts' worth of addresses: every access
 * either starts a DMA and moves exactly its bytes (2 log entries, the
 * recogniser's out; the pages then equal the mirror moved by hand, read
 * whole before written, so overlapping ranges too) or touches nothing; no
 * door is ever called outside its contract. */
START_TEST(random_accesses)
{
	struct ud_sh_alg1 r1;
	struct ud_sh_alg2 r2;
	struct ud_sh_alg3 r3;
	struct ud_sh_dma d;
	uint64_t cand[8];
	unsigned started = 0;
	srand(20261127);
	pages();
	ud_sh_alg1_init(&r1);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r1, &cfg, 1, 5), UD_OK);
	ud_sh_alg2_init(&r2);
	ud_sh_alg3_init(&r3, UD_SH_FORM_SLSLL);
	cand[0] = SB + DST; cand[1] = SB + SRC; cand[2] = REG + 4096;
	cand[3] = SB + DST + 0xf00; cand[4] = SB + SRC + 3;
	ck_assert_int_eq(ud_sh_encode(DST, 1, &cand[5]), UD_OK);
	ck_assert_int_eq(ud_sh_encode(SRC, 1, &cand[6]), UD_OK);
	cand[7] = DST;
	for (uint32_t k = 0; k < 4096; k++) {
		mirror[0][k] = host_dma_peek(DST + k);
		mirror[1][k] = host_dma_peek(SRC + k);
	}
	for (unsigned i = 0; i < 200000; i++) {
		uint32_t kind = (unsigned)rand() % 3 == 0 ? UD_BUS_LOAD : UD_BUS_STORE;
		uint64_t pa = cand[(unsigned)rand() % 8];
		uint32_t data = (unsigned)rand() % 4 == 0 ? 5u * 8 + 1 : (uint32_t)rand() % 4200;
		uint32_t n0 = host_dma.n;
		int32_t st;
		memset(&d, 0, sizeof d);
		switch (i % 3) {
		case 0: st = ud_eng_sh_a1(&r1, &cfg, kind, pa, data, buf, &d); break;
		case 1: st = ud_eng_sh_a2(&r2, &cfg, kind, pa, data, buf, &d); break;
		default: st = ud_eng_sh_a3(&r3, &cfg, kind, pa, data, buf, &d); break;
		}
		if (st == UD_SH_STARTED) {
			started++;
			ck_assert_uint_eq(host_dma.n, n0 + 2);
			ck_assert_uint_eq(host_dma.log[n0 % HOST_DMA_LOG].pa, d.src);
			ck_assert_uint_eq(host_dma.log[(n0 + 1) % HOST_DMA_LOG].pa, d.dst);
			uint8_t tmp[4096];
			for (uint32_t k = 0; k < d.size; k++)
				tmp[k] = *mir(d.src + k);
			for (uint32_t k = 0; k < d.size; k++)
				*mir(d.dst + k) = tmp[k];
			static uint8_t now[2][4096];
			for (uint32_t k = 0; k < 4096; k++) {
				now[0][k] = host_dma_peek(DST + k);
				now[1][k] = host_dma_peek(SRC + k);
			}
			ck_assert(memcmp(now, mirror, sizeof now) == 0);
		} else {
			ck_assert_uint_eq(host_dma.n, n0);
		}
		if (host_dma.n >= HOST_DMA_LOG - 2)
			host_dma.n = 0;
	}
	ck_assert_uint_eq(host_dma.violations, 0);
	ck_assert_uint_gt(started, 100);
	fprintf(stderr, "random_accesses: %u accesses, %u DMAs started\n", 200000u, started);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eng_shadow");
	TCase *tc = tcase_create("shadow entry");
	tcase_add_test(tc, alg1_moves_at_go);
	tcase_add_test(tc, alg2_moves_at_load);
	tcase_add_test(tc, alg3_moves_at_fifth);
	tcase_add_test(tc, random_accesses);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
