/* uldma-links: eng_via tpt pd mr mw access xfer_packet xfer_wr */
/*
 * tests/unit/test_eng_via.c -- the engine's VIA entry (src/eng_via.c; seed
 * 002 3.2, 4.3, Fig. 3): a piece moves its bytes only when both pages carry
 * the virtual interface's tag, from the source's upstream translation to
 * the exporter's translation of the import; any refusal touches nothing.
 * A descriptor is cut at every page end of either side, runs up to its
 * first refused piece and completes once on its interface.
 * Two bridges: node 1 (active, importer) and node 7 (exporter).  Expected
 * values by hand: export pages 4 kB, import pages 16 kB.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eng_via.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_xfer_wr.h"

static struct ud_tpt A, B;             /* 2 MB each: static */
static struct ud_via_vis vis;
static uint8_t buf[UD_VIA_PIECE];

#define TAG   0x1234u
#define OTHER 0x4321u
/* A's local VIA page 3 -> physical page 0x50 (source); B's page 8 -> 0x90
 * (the destination's frame); A's import page 2 -> (node 7, offset 8 * 4 kB
 * rounded to 16 kB: page 8 is the first of 16 kB import page 2's window). */
#define LA    (3ull * 4096)
#define RA    (2ull * 16384)
#define SPA   (0x50ull * 4096)
#define DPA   (0x90ull * 4096)

static void nodes(void)
{
	ud_tpt_init(&A, 1);
	ud_tpt_init(&B, 7);
	memset(&vis, 0, sizeof vis);
	vis.live[5] = 1;
	vis.tag[5] = TAG;
	vis.live[6] = 1;
	vis.tag[6] = OTHER;
	ck_assert_int_eq(ud_tpt_export(&A, 3, 0x50, TAG), UD_OK);
	ck_assert_int_eq(ud_tpt_export(&B, 8, 0x90, 0x7777), UD_OK); /* exporter's tag: ignored */
	ck_assert_int_eq(ud_tpt_import(&A, 2, 7, 8ull * 4096, TAG), UD_OK);
	host_dma_reset();
	for (uint32_t i = 0; i < 4096; i++) {
		host_dma_poke(SPA + i, (uint8_t)(i * 5 + 3));
		host_dma_poke(DPA + i, 0xee);
	}
	host_dma.n = 0;
}

static void untouched(void)
{
	ck_assert_uint_eq(host_dma.n, 0);
	for (uint32_t i = 0; i < 4096; i++)
		ck_assert_uint_eq(host_dma_peek(DPA + i), 0xee);
}

START_TEST(granted_piece_moves)
{
	nodes();
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA + 0x100, RA + 0x40, 512, buf), UD_OK);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, SPA + 0x100);
	ck_assert_uint_eq(host_dma.log[0].wr, 0);
	ck_assert_uint_eq(host_dma.log[1].pa, DPA + 0x40);
	ck_assert_uint_eq(host_dma.log[1].wr, 1);
	for (uint32_t i = 0; i < 4096; i++) {
		uint8_t want = (i >= 0x40 && i < 0x40 + 512) ?
			(uint8_t)((0x100 + i - 0x40) * 5 + 3) : 0xee;
		ck_assert_uint_eq(host_dma_peek(DPA + i), want);
	}
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

START_TEST(refusals_touch_nothing)
{
	nodes();
	/* another tag than the pages' */
	ck_assert_int_eq(ud_eng_via_piece(OTHER, &A, &B, LA, RA, 64, buf), UD_E_PERM);
	/* the source: not exported, outside the window */
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA + 4096, RA, 64, buf), UD_E_NOENT);
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, UD_TPT_UP_WIN, RA, 64, buf), UD_E_RANGE);
	/* the destination: not imported, outside the window, another page of
	 * the same 16 kB import page that the exporter does not export */
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA, RA + 16384, 64, buf), UD_E_NOENT);
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA, UD_TPT_DOWN_WIN, 64, buf), UD_E_RANGE);
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA, RA + 4096, 64, buf), UD_E_NOENT);
	untouched();
	/* the import entry with another tag than the VI's */
	ck_assert_int_eq(ud_tpt_unimport(&A, 2), UD_OK);
	ck_assert_int_eq(ud_tpt_import(&A, 2, 7, 8ull * 4096, OTHER), UD_OK);
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA, RA, 64, buf), UD_E_PERM);
	/* the import naming another node than the exporter's */
	ck_assert_int_eq(ud_tpt_unimport(&A, 2), UD_OK);
	ck_assert_int_eq(ud_tpt_import(&A, 2, 9, 8ull * 4096, TAG), UD_OK);
	ck_assert_int_eq(ud_eng_via_piece(TAG, &A, &B, LA, RA, 64, buf), UD_E_NOENT);
	untouched();
}
END_TEST

/* A descriptor of 3 pages at offsets that differ on the two sides: source
 * pages 3, 4, 5 of A (0x50..0x52), destination import page 2 -> B's pages
 * 8, 9, 10 (0x90..0x92); a descriptor at source offset 0x100 and
 * destination offset 0x400 is cut at every page end of either side. */
static void three_pages(void)
{
	nodes();
	ck_assert_int_eq(ud_tpt_export(&A, 4, 0x51, TAG), UD_OK);
	ck_assert_int_eq(ud_tpt_export(&A, 5, 0x52, TAG), UD_OK);
	ck_assert_int_eq(ud_tpt_export(&B, 9, 0x91, 0), UD_OK);
	ck_assert_int_eq(ud_tpt_export(&B, 10, 0x92, 0), UD_OK);
	for (uint32_t i = 0; i < 3 * 4096; i++) {
		host_dma_poke(SPA + i, (uint8_t)(i * 13 + 1));
		host_dma_poke(DPA + i, 0xee);
	}
	host_dma.n = 0;
	host_cq_reset();
}

START_TEST(descriptor_runs_whole)
{
	const struct ud_via_desc d = { LA + 0x100, RA + 0x400, 2 * 4096 + 0x200 };
	three_pages();
	ck_assert_int_eq(ud_eng_via_write(&vis, 5, &A, &B, &d, buf), UD_OK);
	for (uint32_t i = 0; i < 3 * 4096; i++) {
		uint8_t want = (i >= 0x400 && i < 0x400 + d.len) ?
			(uint8_t)((0x100 + i - 0x400) * 13 + 1) : 0xee;
		ck_assert_uint_eq(host_dma_peek(DPA + i), want);
	}
	/* pieces: up to the next page end of either side */
	ck_assert_uint_eq(host_dma.n, 2 * 5);
	ck_assert_uint_eq(host_dma.log[0].len, 4096 - 0x400);
	ck_assert_uint_eq(host_dma.log[2].len, 0x300);
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_uint_eq(host_cq.e[0].qp, 5);
	ck_assert_int_eq(host_cq.e[0].st, UD_OK);
	ck_assert_uint_eq(host_cq.e[0].len, d.len);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

START_TEST(descriptor_stops_at_first_refusal)
{
	const struct ud_via_desc d = { LA, RA, 3 * 4096 };
	three_pages();
	ck_assert_int_eq(ud_tpt_unexport(&B, 9), UD_OK);    /* the middle page goes */
	ck_assert_int_eq(ud_eng_via_write(&vis, 5, &A, &B, &d, buf), UD_E_NOENT);
	for (uint32_t i = 0; i < 3 * 4096; i++) {
		uint8_t want = i < 4096 ? (uint8_t)(i * 13 + 1) : 0xee;
		ck_assert_uint_eq(host_dma_peek(DPA + i), want);
	}
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_int_eq(host_cq.e[0].st, UD_E_NOENT);
	ck_assert_uint_eq(host_cq.e[0].len, 4096);
}
END_TEST

START_TEST(descriptor_refusals)
{
	struct ud_via_desc d = { LA, RA, 64 };
	three_pages();
	/* the VI: out of range or dead -- no completion, nothing moved */
	ck_assert_int_eq(ud_eng_via_write(&vis, UD_VIA_NVI, &A, &B, &d, buf), UD_E_NOENT);
	ck_assert_int_eq(ud_eng_via_write(&vis, 4, &A, &B, &d, buf), UD_E_NOENT);
	ck_assert_uint_eq(host_cq.n, 0);
	/* another VI's tag: the descriptor cannot name it */
	ck_assert_int_eq(ud_eng_via_write(&vis, 6, &A, &B, &d, buf), UD_E_PERM);
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_uint_eq(host_cq.e[0].qp, 6);
	ck_assert_uint_eq(host_cq.e[0].len, 0);
	/* malformed: empty, too long, wrapping -- one completion each */
	d.len = 0;
	ck_assert_int_eq(ud_eng_via_write(&vis, 5, &A, &B, &d, buf), UD_E_INVAL);
	d.len = UD_VIA_MAX_LEN + 1;
	ck_assert_int_eq(ud_eng_via_write(&vis, 5, &A, &B, &d, buf), UD_E_INVAL);
	d.len = 64;
	d.la = 0xffffffffffffffc1ull;
	ck_assert_int_eq(ud_eng_via_write(&vis, 5, &A, &B, &d, buf), UD_E_OVERFLOW);
	ck_assert_uint_eq(host_cq.n, 4);
	ck_assert_int_eq(host_cq.e[3].st, UD_E_OVERFLOW);
	ck_assert_uint_eq(host_dma.n, 0);
	untouched();
}
END_TEST

/* Random pieces against a reference written from the seed's rules: granted
 * exactly when the VI is live, the source page is exported with its tag,
 * the import page is imported with its tag from node 7 and node 7 exports
 * the page the import names; a granted piece moves its bytes, any other
 * touches nothing. */
START_TEST(random_pieces)
{
	unsigned granted = 0, refused = 0;
	srand(20261127);
	ud_tpt_init(&A, 1);
	ud_tpt_init(&B, 7);
	memset(&vis, 0, sizeof vis);
	host_dma_reset();
	for (uint32_t vi = 0; vi < 8; vi++) {
		vis.live[vi] = (uint8_t)(vi != 3);
		vis.tag[vi] = (uint16_t)(vi % 3);
	}
	for (uint32_t p = 0; p < 8; p++) {
		if (p != 5)
			ck_assert_int_eq(ud_tpt_export(&A, p, 0x100 + p, (uint16_t)(p % 3)), UD_OK);
		if (p != 6)
			ck_assert_int_eq(ud_tpt_export(&B, p, 0x200 + p, 0), UD_OK);
	}
	for (uint32_t j = 0; j < 4; j++)
		if (j != 1)
			ck_assert_int_eq(ud_tpt_import(&A, j, (uint16_t)(j == 3 ? 9 : 7),
						       (uint64_t)(j % 2) * 16384, (uint16_t)(j % 3)), UD_OK);
	for (unsigned i = 0; i < 100000; i++) {
		uint32_t vi = (uint32_t)rand() % 10;
		uint64_t la = (uint64_t)rand() % (8 * 4096);
		uint64_t ra = (uint64_t)rand() % (4 * 16384);
		uint32_t room = 4096 - (uint32_t)(la % 4096);
		uint32_t rroom = 4096 - (uint32_t)(ra % 4096);
		uint32_t n = 1 + (uint32_t)rand() % (room < rroom ? room : rroom);
		uint32_t lp = (uint32_t)(la / 4096), jp = (uint32_t)(ra / 16384);
		uint32_t tag = vis.tag[vi < 8 ? vi : 0];
		uint64_t eoff = (uint64_t)(jp % 2) * 16384 + ra % 16384;
		int live = vi < 8 && vis.live[vi];
		int src_ok = lp != 5 && lp % 3 == tag;
		int dst_ok = jp != 1 && jp != 3 && jp % 3 == tag && eoff / 4096 != 6;
		int want = live && src_ok && dst_ok;
		uint32_t n0 = host_dma.n;
		ud_status st = vi < 8 && vis.live[vi] ? ud_eng_via_piece(vis.tag[vi], &A, &B, la, ra, n, buf) : UD_E_NOENT;
		if (want) {
			granted++;
			ck_assert_int_eq(st, UD_OK);
			ck_assert_uint_eq(host_dma.n, n0 + 2);
			ck_assert_uint_eq(host_dma.log[n0 % HOST_DMA_LOG].pa, (0x100ull + lp) * 4096 + la % 4096);
			ck_assert_uint_eq(host_dma.log[(n0 + 1) % HOST_DMA_LOG].pa,
					  (0x200ull + eoff / 4096) * 4096 + eoff % 4096);
			ck_assert_uint_eq(host_dma.log[(n0 + 1) % HOST_DMA_LOG].len, n);
		} else {
			refused++;
			ck_assert_int_ne(st, UD_OK);
			ck_assert_uint_eq(host_dma.n, n0);
		}
		if (host_dma.n >= HOST_DMA_LOG - 2)
			host_dma.n = 0;
	}
	ck_assert_uint_eq(host_dma.violations, 0);
	ck_assert_uint_gt(granted, 1000);
	fprintf(stderr, "random_pieces: 100000 pieces, %u granted, %u refused\n", granted, refused);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eng_via");
	TCase *tc = tcase_create("VIA entry");
	tcase_add_test(tc, granted_piece_moves);
	tcase_add_test(tc, refusals_touch_nothing);
	tcase_add_test(tc, descriptor_runs_whole);
	tcase_add_test(tc, descriptor_stops_at_first_refusal);
	tcase_add_test(tc, descriptor_refusals);
	tcase_add_test(tc, random_pieces);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
