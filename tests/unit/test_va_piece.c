/* uldma-links: va_piece smmu pd mr mw access xfer_packet */
/*
 * tests/unit/test_va_piece.c -- one page piece of a virtual-address
 * transfer (src/va_piece.c) with the host homes of the walk door
 * (tests/support/plat_host_va_piece.c, a page table per context bank) and
 * the memory door (plat_host_xfer_packet.c, simulated physical memory).
 * The links line names xfer_packet (and what it needs) only for the host
 * memory door.
 *
 * Checks: an OK walk of the issuing PD's bank moves the bytes to that
 * walk's frame (scattered frames from the seeds, 61000h / 74000h / 8B000h,
 * so a wrong translation lands where the test sees it), never another
 * bank's; an unmapped page (TF) or a page without the right (PF) is
 * terminated, recorded in the bank (FAR = va, WNR = direction) and touches
 * no memory; a malformed walk word is a translation fault; the SMMU's
 * HUPCF rules apply (terminated under a previous fault, hit under fault,
 * MULTI); stall mode stalls.  Expected values are written by hand.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "va_piece.h"
#include "plat_host_va_piece.h"
#include "plat_host_xfer_packet.h"

static struct ud_smmu S;

#define VA0 0x141234ull           /* page 0x141, offset 0x234 */
#define VA1 0x142000ull           /* the next page */

static void setup(void)
{
	host_pt_reset();
	host_dma_reset();
	ud_smmu_init(&S);
}

static void teardown(void)
{
	host_dma_reset();
}

static struct ud_smmu_fault rd(uint32_t cb)
{
	struct ud_smmu_fault r;
	ck_assert_int_eq(ud_smmu_read_fault(&S, cb, &r), UD_OK);
	return r;
}

static void fill(uint8_t *b, uint32_t n, uint8_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		b[i] = (uint8_t)(seed + i * 7u);
}

/* A write of bank 3 goes to bank 3's frame, offset kept; the walk is
 * logged with bank, address, direction and answer. */
START_TEST(ok_walk_stores_at_its_frame)
{
	uint8_t d[64];

	host_pt_map(3, VA0, 0x74000, true, true);
	host_pt_map(4, VA0, 0x8B000, true, true);   /* another PD's page at the same va */
	fill(d, sizeof d, 11);
	struct ud_va_x x = ud_va_xlate(&S, 3, VA0, true);
	ck_assert_uint_eq(x.out, UD_SMMU_DONE);
	ck_assert_uint_eq(x.pa, 0x74234);
	ck_assert_uint_eq(host_pt.n, 1);
	ck_assert_uint_eq(host_pt.log[0].cb, 3);
	ck_assert_uint_eq(host_pt.log[0].va, VA0);
	ck_assert_uint_eq(host_pt.log[0].wnr, 1);
	ck_assert_uint_eq(host_pt.log[0].res, 0x74000);
	ud_va_store(x.pa, d, sizeof d);
	ck_assert_uint_eq(host_dma.n, 1);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x74234);
	ck_assert_uint_eq(host_dma.log[0].len, sizeof d);
	ck_assert_uint_eq(host_dma.log[0].wr, 1);
	for (uint32_t i = 0; i < sizeof d; i++) {
		ck_assert_uint_eq(host_dma_peek(0x74234 + i), d[i]);
		ck_assert_uint_eq(host_dma_peek(0x8B234 + i), 0);
	}
	ck_assert_uint_eq(rd(3).fsr, 0);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

/* A read of bank 5 loads from bank 5's frame, a walk with WNR = 0. */
START_TEST(ok_walk_loads_from_its_frame)
{
	uint8_t b[32];

	host_pt_map(5, VA1, 0x61000, true, false);   /* read-only is enough */
	for (uint32_t i = 0; i < 32; i++)
		host_dma_poke(0x61000 + 0x10 + i, (uint8_t)(0xA0 + i));
	memset(b, 0xEE, sizeof b);
	struct ud_va_x x = ud_va_xlate(&S, 5, VA1 + 0x10, false);
	ck_assert_uint_eq(x.out, UD_SMMU_DONE);
	ck_assert_uint_eq(x.pa, 0x61010);
	ck_assert_uint_eq(host_pt.log[0].wnr, 0);
	ud_va_load(x.pa, b, sizeof b);
	for (uint32_t i = 0; i < 32; i++)
		ck_assert_uint_eq(b[i], 0xA0 + i);
	ck_assert_uint_eq(host_dma.log[0].wr, 0);
}
END_TEST

/* An unmapped page: TERMINATED, the bank records a translation fault at
 * va with WNR = 1 (FSR 2h, FSYNR0 10h), no memory access, other banks
 * untouched. */
START_TEST(unmapped_faults_and_records)
{
	struct ud_va_x x = ud_va_xlate(&S, 7, VA0, true);
	ck_assert_uint_eq(x.out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(x.pa, 0);
	struct ud_smmu_fault r = rd(7);
	ck_assert_uint_eq(r.fsr, 0x2);
	ck_assert(r.tf && !r.pf && !r.multi);
	ck_assert_uint_eq(r.far, VA0);
	ck_assert_uint_eq(r.far_lo, 0x141234);
	ck_assert_uint_eq(r.far_high, 0);
	ck_assert_uint_eq(r.fsynr0, 0x10);
	ck_assert(r.wnr);
	ck_assert_uint_eq(host_dma.n, 0);
	for (uint32_t c = 0; c < UD_SMMU_NCB; c++)
		if (c != 7)
			ck_assert_uint_eq(rd(c).fsr, 0);
}
END_TEST

/* A source-side (read) fault records WNR = 0. */
START_TEST(read_fault_records_wnr0)
{
	struct ud_va_x x = ud_va_xlate(&S, 2, 0x7FFFFFF000ull, false);   /* highest 39-bit page */
	ck_assert_uint_eq(x.out, UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(2);
	ck_assert_uint_eq(r.fsr, 0x2);
	ck_assert_uint_eq(r.far, 0x7FFFFFF000ull);
	ck_assert_uint_eq(r.far_high, 0x7F);
	ck_assert_uint_eq(r.fsynr0, 0);
	ck_assert(!r.wnr);
}
END_TEST

/* Mapped without the right: a permission fault (FSR 8h), nothing moved. */
START_TEST(no_right_is_permission_fault)
{
	host_pt_map(1, VA0, 0x74000, true, false);
	struct ud_va_x x = ud_va_xlate(&S, 1, VA0, true);
	ck_assert_uint_eq(x.out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(1).fsr, 0x8);
	ck_assert(rd(1).pf && rd(1).wnr);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

/* The walk word is validated: verdict 3 and a frame at 2^32 are
 * translation faults, however OK the rest looks. */
START_TEST(malformed_word_is_translation_fault)
{
	host_pt_raw(0, VA0, 0x74000 + 3);                    /* verdict 3 */
	ck_assert_uint_eq(ud_va_xlate(&S, 0, VA0, true).out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(0).fsr, 0x2);
	host_pt_raw(6, VA1, 0x100000000ull * 4096u);         /* frame 2^32, verdict OK */
	ck_assert_uint_eq(ud_va_xlate(&S, 6, VA1, false).out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(6).fsr, 0x2);
	ck_assert_uint_eq(rd(6).far, VA1);
	host_pt_raw(8, VA1, 0xFFFFFFFFull * 4096u);          /* frame 2^32 - 1: fine */
	struct ud_va_x x = ud_va_xlate(&S, 8, VA1 + 5, false);
	ck_assert_uint_eq(x.out, UD_SMMU_DONE);
	ck_assert_uint_eq(x.pa, 0xFFFFFFFF005ull);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

/* HUPCF = 0 (terminate mode): after the first fault, even a resident page
 * of that bank is terminated, FAR keeps the first fault; clearing the bank
 * lets it through again. */
START_TEST(hupcf0_terminates_under_fault)
{
	host_pt_map(4, VA1, 0x8B000, true, true);
	ck_assert_uint_eq(ud_va_xlate(&S, 4, VA0, true).out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(ud_va_xlate(&S, 4, VA1, true).out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(4).far, VA0);
	ck_assert_uint_eq(rd(4).fsr, 0x2);
	ck_assert_uint_eq(host_pt.n, 2);   /* walked all the same */
	ck_assert_int_eq(ud_smmu_clear_fault(&S, 4), UD_OK);
	ck_assert_uint_eq(ud_va_xlate(&S, 4, VA1, true).out, UD_SMMU_DONE);
}
END_TEST

/* HUPCF = 1: a hit under a previous fault is DONE; a second fault only
 * sets MULTI (FAR and WNR stay the first fault's). */
START_TEST(hupcf1_hit_under_fault_and_multi)
{
	ck_assert_int_eq(ud_smmu_configure(&S, 9, false, true), UD_OK);
	host_pt_map(9, VA1, 0x61000, true, true);
	ck_assert_uint_eq(ud_va_xlate(&S, 9, VA0, false).out, UD_SMMU_TERMINATED);
	struct ud_va_x x = ud_va_xlate(&S, 9, VA1 + 1, true);
	ck_assert_uint_eq(x.out, UD_SMMU_DONE);
	ck_assert_uint_eq(x.pa, 0x61001);
	ck_assert_uint_eq(ud_va_xlate(&S, 9, 0x500000, true).out, UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(9);
	ck_assert_uint_eq(r.fsr, 0x80000002u);
	ck_assert_uint_eq(r.far, VA0);
	ck_assert(!r.wnr);
}
END_TEST

/* Stall mode: the first fault stalls (out of scope for the datapath, which
 * moves nothing), a later access of that bank is held. */
START_TEST(stall_mode_stalls)
{
	ck_assert_int_eq(ud_smmu_configure(&S, 10, true, false), UD_OK);
	host_pt_map(10, VA1, 0x61000, true, true);
	ck_assert_uint_eq(ud_va_xlate(&S, 10, VA0, true).out, UD_SMMU_STALLED);
	ck_assert_uint_eq(ud_va_xlate(&S, 10, VA1, true).out, UD_SMMU_HELD);
	ck_assert(rd(10).stalled);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("va_piece");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, ok_walk_stores_at_its_frame);
	tcase_add_test(tc, ok_walk_loads_from_its_frame);
	tcase_add_test(tc, unmapped_faults_and_records);
	tcase_add_test(tc, read_fault_records_wnr0);
	tcase_add_test(tc, no_right_is_permission_fault);
	tcase_add_test(tc, malformed_word_is_translation_fault);
	tcase_add_test(tc, hupcf0_terminates_under_fault);
	tcase_add_test(tc, hupcf1_hit_under_fault_and_multi);
	tcase_add_test(tc, stall_mode_stalls);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
