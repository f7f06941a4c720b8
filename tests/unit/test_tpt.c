/* uldma-links: tpt */
/*
 * tests/unit/test_tpt.c -- the VIA/SCI translation-and-protection tables
 * (src/tpt.c; seed 002_ffb04a49a005edd4.txt 3.1-3.3, 4.1-4.3).  Expected
 * values derived by hand from the seed's page sizes: export pages of 4 kB,
 * import pages of 16 kB.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "tpt.h"

/* Two bridges: node 1 (importer, active node) and node 7 (exporter).  Each
 * struct is 2 MB: static, not on the stack. */
static struct ud_tpt A, B, snap;

static void setup(void)
{
	ud_tpt_init(&A, 1);
	ud_tpt_init(&B, 7);
}

#define SAME(x) ck_assert(memcmp(&(x), &snap, sizeof snap) == 0)

START_TEST(init_maps_nothing)
{
	uint64_t pa = 0xabc;
	uint16_t node = 9;
	uint64_t roff = 9;
	setup();
	ck_assert_int_eq(ud_tpt_up_xlate(&A, 0, UD_TPT_PIO, 0, &pa), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_up_xlate(&A, UD_TPT_UP_WIN - 1, UD_TPT_ENGINE, 0, &pa), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_down_xlate(&A, 0, UD_TPT_PIO, 0, &node, &roff), UD_E_NOENT);
	ck_assert_uint_eq(pa, 0xabc);
	ck_assert_uint_eq(node, 9);
	ck_assert_uint_eq(roff, 9);
	ck_assert_uint_eq(A.node, 1);
}
END_TEST

/* 3.1: a page is reachable only through its entry; the tag qualifies the
 * engine's access (3.2) and is ignored for programmed I/O (4.3). */
START_TEST(export_translate_and_tags)
{
	uint64_t pa = 0;
	setup();
	/* page 5 of node 7's window -> physical page 0x61 (tag 0x2a) */
	ck_assert_int_eq(ud_tpt_export(&B, 5, 0x61, 0x2a), UD_OK);
	/* byte 5*4096 + 0x123 = 0x5123 -> 0x61000 + 0x123 */
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x5123, UD_TPT_ENGINE, 0x2a, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x61123);
	pa = 0;
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x5123, UD_TPT_ENGINE, 0x2b, &pa), UD_E_PERM);
	ck_assert_uint_eq(pa, 0);
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x5123, UD_TPT_PIO, 0x2b, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x61123);
	/* the neighbouring pages are not exported */
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x4fff, UD_TPT_PIO, 0x2a, &pa), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x6000, UD_TPT_PIO, 0x2a, &pa), UD_E_NOENT);
	/* withdrawn: nothing translates any more, whatever the tag */
	ck_assert_int_eq(ud_tpt_unexport(&B, 5), UD_OK);
	ck_assert_int_eq(ud_tpt_up_xlate(&B, 0x5123, UD_TPT_PIO, 0x2a, &pa), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_unexport(&B, 5), UD_E_NOENT);
}
END_TEST

/* Bad input: a defined code, and the tables are left exactly as they were. */
START_TEST(bad_input_leaves_state)
{
	uint64_t pa = 77;
	uint16_t node = 3;
	uint64_t roff = 4;
	setup();
	ck_assert_int_eq(ud_tpt_export(&A, 0, 0x10, 1), UD_OK);
	ck_assert_int_eq(ud_tpt_import(&A, 0, 7, 0x4000, 1), UD_OK);
	memcpy(&snap, &A, sizeof snap);
	ck_assert_int_eq(ud_tpt_export(&A, UD_TPT_UP_ENTRIES, 0x10, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_export(&A, 1, UD_TPT_PPN_LIM, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_export(&A, 0, 0x11, 1), UD_E_BUSY);
	ck_assert_int_eq(ud_tpt_unexport(&A, UD_TPT_UP_ENTRIES), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_unexport(&A, 1), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_import(&A, UD_TPT_DOWN_ENTRIES, 7, 0, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_import(&A, 1, 7, UD_TPT_UP_WIN, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_import(&A, 1, 7, 0x1000, 1), UD_E_INVAL);   /* not 16 kB aligned */
	ck_assert_int_eq(ud_tpt_import(&A, 0, 7, 0x8000, 1), UD_E_BUSY);
	ck_assert_int_eq(ud_tpt_unimport(&A, UD_TPT_DOWN_ENTRIES), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_unimport(&A, 1), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_up_xlate(&A, 0, 2, 1, &pa), UD_E_INVAL);      /* bad mode */
	ck_assert_int_eq(ud_tpt_up_xlate(&A, UD_TPT_UP_WIN, UD_TPT_PIO, 1, &pa), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_up_xlate(&A, UINT64_MAX, UD_TPT_PIO, 1, &pa), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_down_xlate(&A, 0, 5, 1, &node, &roff), UD_E_INVAL);
	ck_assert_int_eq(ud_tpt_down_xlate(&A, UD_TPT_DOWN_WIN, UD_TPT_PIO, 1, &node, &roff), UD_E_RANGE);
	ck_assert_int_eq(ud_tpt_down_xlate(&A, 0, UD_TPT_ENGINE, 2, &node, &roff), UD_E_PERM);
	SAME(A);
	ck_assert_uint_eq(pa, 77);
	ck_assert_uint_eq(node, 3);
	ck_assert_uint_eq(roff, 4);
}
END_TEST

/* Window edges: the last byte of each window translates, the next is out. */
START_TEST(window_edges)
{
	uint64_t pa = 0, roff = 0;
	uint16_t node = 0;
	setup();
	ck_assert_int_eq(ud_tpt_export(&A, UD_TPT_UP_ENTRIES - 1, UD_TPT_PPN_LIM - 1, 0), UD_OK);
	ck_assert_int_eq(ud_tpt_up_xlate(&A, UD_TPT_UP_WIN - 1, UD_TPT_PIO, 0, &pa), UD_OK);
	ck_assert_uint_eq(pa, (UD_TPT_PPN_LIM - 1) * 4096 + 4095);   /* 2^52 - 1 */
	ck_assert_int_eq(ud_tpt_import(&A, UD_TPT_DOWN_ENTRIES - 1, 3, UD_TPT_UP_WIN - 16384, 0), UD_OK);
	ck_assert_int_eq(ud_tpt_down_xlate(&A, UD_TPT_DOWN_WIN - 1, UD_TPT_PIO, 0, &node, &roff), UD_OK);
	ck_assert_uint_eq(node, 3);
	ck_assert_uint_eq(roff, UD_TPT_UP_WIN - 1);
	/* the seed's sizes: 128 MB exported, 1 GB imported */
	ck_assert_uint_eq(UD_TPT_UP_WIN, 128ull << 20);
	ck_assert_uint_eq(UD_TPT_DOWN_WIN, 1ull << 30);
}
END_TEST

/* Fig. 2: programmed I/O to imported memory, translated three times.  The
 * importer (node 1) maps import page 2 (bytes 0x8000..0xbfff) to node 7's
 * offset 0x10000 (16 kB, i.e. node 7's export pages 16..19); node 7
 * exports page 18 -> physical page 0x8b.  Import byte 0x8000 + 0x2345:
 * offset 0x12345 on node 7 = export page 18, byte 0x345 -> 0x8b345.  The
 * first translation (process VA -> PCI address) is the host MMU's. */
START_TEST(fig2_pio_three_translations)
{
	uint64_t pa = 0;
	setup();
	ck_assert_int_eq(ud_tpt_export(&B, 18, 0x8b, 0x55), UD_OK);
	ck_assert_int_eq(ud_tpt_import(&A, 2, 7, 0x10000, 0x66), UD_OK);
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0xa345, UD_TPT_PIO, 0, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x8b345);
	/* the 16 kB import page covers export pages 16..19; only 18 is exported */
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0x8000, UD_TPT_PIO, 0, &pa), UD_E_NOENT);
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0xbfff, UD_TPT_PIO, 0, &pa), UD_E_NOENT);
	ck_assert_uint_eq(pa, 0x8b345);
}
END_TEST

/* Fig. 3 / 4.3: the DMA engine on the active node checks the importer's
 * tag; the exporter's tag is ignored on the remote node. */
START_TEST(fig3_dma_tags_active_node_only)
{
	uint64_t pa = 0;
	setup();
	ck_assert_int_eq(ud_tpt_export(&B, 18, 0x8b, 0x55), UD_OK);
	ck_assert_int_eq(ud_tpt_import(&A, 2, 7, 0x10000, 0x66), UD_OK);
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0xa345, UD_TPT_ENGINE, 0x66, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x8b345);
	pa = 1;
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0xa345, UD_TPT_ENGINE, 0x55, &pa), UD_E_PERM);
	ck_assert_uint_eq(pa, 1);
	/* a transaction routed to a node that is not the exporter */
	ud_tpt_init(&B, 8);
	ck_assert_int_eq(ud_tpt_export(&B, 18, 0x8b, 0x55), UD_OK);
	ck_assert_int_eq(ud_tpt_path(&A, &B, 0xa345, UD_TPT_ENGINE, 0x66, &pa), UD_E_NOENT);
	ck_assert_uint_eq(pa, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tpt");
	TCase *tc = tcase_create("tables");
	tcase_add_test(tc, init_maps_nothing);
	tcase_add_test(tc, export_translate_and_tags);
	tcase_add_test(tc, bad_input_leaves_state);
	tcase_add_test(tc, window_edges);
	tcase_add_test(tc, fig2_pio_three_translations);
	tcase_add_test(tc, fig3_dma_tags_active_node_only);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
