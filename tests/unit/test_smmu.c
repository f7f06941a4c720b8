/* uldma-links: smmu */
/*
 * Unit tests of the SMMU context-fault model (seed 004_2c0be60bc8bfaeb5.txt,
 * section 3.2.1): MULTI, FAR/FSYNR only for the first fault, terminate vs
 * stall, HUPCF on and off, RESUME.  Register values are written by hand
 * from the bit positions (TF bit 1, PF bit 3, SS bit 30, MULTI bit 31,
 * WNR bit 4).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "smmu.h"

static struct ud_smmu S;

#define ADDR1 0xABCDEF1234ull     /* 40-bit: FAR_HIGH 0xAB, FAR 0xCDEF1234 */
#define ADDR2 0x0000401000ull
#define ADDR3 0x7700002000ull

static uint32_t acc(uint32_t cb, uint64_t a, bool w, uint32_t x)
{
	uint32_t out = 0xDEAD;
	ck_assert_int_eq(ud_smmu_access(&S, cb, a, w, x, &out), UD_OK);
	return out;
}

static struct ud_smmu_fault rd(uint32_t cb)
{
	struct ud_smmu_fault r;
	ck_assert_int_eq(ud_smmu_read_fault(&S, cb, &r), UD_OK);
	return r;
}

START_TEST(init_clear)
{
	ud_smmu_init(&S);
	for (uint32_t i = 0; i < UD_SMMU_NCB; i++) {
		struct ud_smmu_fault r = rd(i);
		ck_assert_uint_eq(r.fsr, 0);
		ck_assert(!S.cb[i].stall && !S.cb[i].hupcf);
	}
	ck_assert_uint_eq(acc(0, ADDR1, true, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	ck_assert_uint_eq(rd(0).fsr, 0);
}
END_TEST

START_TEST(first_fault_recorded)
{
	ud_smmu_init(&S);
	ck_assert_uint_eq(acc(5, ADDR1, true, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(5);
	ck_assert_uint_eq(r.fsr, 0x00000002u);          /* TF = bit 1 */
	ck_assert_uint_eq(r.far_lo, 0xCDEF1234u);
	ck_assert_uint_eq(r.far_high, 0xABu);
	ck_assert_uint_eq(r.far, ADDR1);
	ck_assert_uint_eq(r.fsynr0, 0x10u);             /* WNR = bit 4 */
	ck_assert(r.wnr && r.tf && !r.pf && !r.multi && !r.stalled);
	/* Other banks untouched. */
	ck_assert_uint_eq(rd(4).fsr, 0);
	ck_assert_uint_eq(rd(6).fsr, 0);
	ck_assert_uint_eq(acc(6, ADDR2, false, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	/* Permission fault, read side, in another bank. */
	ck_assert_uint_eq(acc(15, ADDR2, false, UD_SMMU_XLATE_PF), UD_SMMU_TERMINATED);
	r = rd(15);
	ck_assert_uint_eq(r.fsr, 0x00000008u);          /* PF = bit 3 */
	ck_assert_uint_eq(r.fsynr0, 0);
	ck_assert_uint_eq(r.far_lo, 0x00401000u);
	ck_assert_uint_eq(r.far_high, 0);
}
END_TEST

/* Terminate mode, HUPCF = 0: every later transaction of the context
 * terminates -- even one whose page is resident (the spurious destination
 * faults of section 3.2.1) -- and FSR keeps only the original fault. */
START_TEST(terminate_hupcf0)
{
	ud_smmu_init(&S);
	ck_assert_uint_eq(acc(2, ADDR1, false, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	ck_assert_uint_eq(acc(2, ADDR2, true, UD_SMMU_XLATE_OK), UD_SMMU_TERMINATED);
	ck_assert_uint_eq(acc(2, ADDR3, true, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(2);
	ck_assert_uint_eq(r.fsr, 0x00000002u);          /* no MULTI */
	ck_assert_uint_eq(r.far, ADDR1);
	ck_assert(!r.wnr);
	/* Cleared: the next transaction is translated again. */
	ck_assert_int_eq(ud_smmu_clear_fault(&S, 2), UD_OK);
	ck_assert_uint_eq(rd(2).fsr, 0);
	ck_assert_uint_eq(acc(2, ADDR2, true, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	ck_assert_uint_eq(acc(2, ADDR3, true, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	r = rd(2);
	ck_assert_uint_eq(r.far, ADDR3);
	ck_assert(r.wnr);
}
END_TEST

/* Terminate mode, HUPCF = 1: hits proceed under the fault; a second fault
 * is terminated, sets MULTI and records no details. */
START_TEST(terminate_hupcf1_multi)
{
	ud_smmu_init(&S);
	ck_assert_int_eq(ud_smmu_configure(&S, 3, false, true), UD_OK);
	ck_assert_uint_eq(acc(3, ADDR1, false, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	ck_assert_uint_eq(acc(3, ADDR2, true, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	ck_assert_uint_eq(rd(3).fsr, 0x00000002u);
	ck_assert_uint_eq(acc(3, ADDR3, true, UD_SMMU_XLATE_PF), UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(3);
	ck_assert_uint_eq(r.fsr, 0x80000002u);          /* MULTI | TF; still TF, not PF */
	ck_assert_uint_eq(r.far, ADDR1);                /* first fault's address */
	ck_assert_uint_eq(r.fsynr0, 0);                 /* first fault was a read */
	ck_assert(r.multi);
	/* Many more faults: nothing changes but MULTI stays set. */
	for (int i = 0; i < 50; i++)
		ck_assert_uint_eq(acc(3, ADDR3 + 4096u * (uint64_t)i, true, UD_SMMU_XLATE_TF),
				  UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(3).fsr, 0x80000002u);
	ck_assert_uint_eq(rd(3).far, ADDR1);
	ck_assert_int_eq(ud_smmu_clear_fault(&S, 3), UD_OK);
	ck_assert_uint_eq(rd(3).fsr, 0);
}
END_TEST

/* Stall mode, HUPCF = 0: the faulting transaction stalls, later ones are
 * not processed; RESUME retry re-translates, RESUME terminate aborts. */
START_TEST(stall_hupcf0_resume)
{
	uint32_t out = 0xDEAD;
	ud_smmu_init(&S);
	ck_assert_int_eq(ud_smmu_configure(&S, 7, true, false), UD_OK);
	ck_assert_uint_eq(acc(7, ADDR1, true, UD_SMMU_XLATE_TF), UD_SMMU_STALLED);
	struct ud_smmu_fault r = rd(7);
	ck_assert_uint_eq(r.fsr, 0x40000002u);          /* SS | TF */
	ck_assert(r.stalled);
	ck_assert_uint_eq(acc(7, ADDR2, true, UD_SMMU_XLATE_OK), UD_SMMU_HELD);
	ck_assert_uint_eq(acc(7, ADDR3, true, UD_SMMU_XLATE_TF), UD_SMMU_HELD);
	ck_assert_uint_eq(rd(7).fsr, 0x40000002u);
	/* FSR cannot be cleared while a transaction is stalled. */
	ck_assert_int_eq(ud_smmu_clear_fault(&S, 7), UD_E_STATE);
	ck_assert_uint_eq(rd(7).fsr, 0x40000002u);
	/* Retry, page still missing: stalls again (same address). */
	ck_assert_int_eq(ud_smmu_resume(&S, 7, UD_SMMU_RESUME_RETRY, UD_SMMU_XLATE_TF, &out), UD_OK);
	ck_assert_uint_eq(out, UD_SMMU_STALLED);
	ck_assert_uint_eq(rd(7).fsr, 0x40000002u);
	ck_assert_uint_eq(rd(7).far, ADDR1);
	/* Retry, page now in: done, bank clear. */
	ck_assert_int_eq(ud_smmu_resume(&S, 7, UD_SMMU_RESUME_RETRY, UD_SMMU_XLATE_OK, &out), UD_OK);
	ck_assert_uint_eq(out, UD_SMMU_DONE);
	ck_assert_uint_eq(rd(7).fsr, 0);
	ck_assert_uint_eq(acc(7, ADDR2, true, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	/* Resume with nothing stalled. */
	out = 0xDEAD;
	ck_assert_int_eq(ud_smmu_resume(&S, 7, UD_SMMU_RESUME_RETRY, UD_SMMU_XLATE_OK, &out), UD_E_STATE);
	ck_assert_uint_eq(out, 0xDEAD);
	/* Terminate a stalled transaction. */
	ck_assert_uint_eq(acc(7, ADDR3, false, UD_SMMU_XLATE_TF), UD_SMMU_STALLED);
	ck_assert_int_eq(ud_smmu_resume(&S, 7, UD_SMMU_RESUME_TERMINATE, UD_SMMU_XLATE_OK, &out), UD_OK);
	ck_assert_uint_eq(out, UD_SMMU_TERMINATED);
	ck_assert_uint_eq(rd(7).fsr, 0);
}
END_TEST

/* Stall mode, HUPCF = 1: hits proceed; a second fault terminates + MULTI. */
START_TEST(stall_hupcf1)
{
	uint32_t out;
	ud_smmu_init(&S);
	ck_assert_int_eq(ud_smmu_configure(&S, 9, true, true), UD_OK);
	ck_assert_uint_eq(acc(9, ADDR1, true, UD_SMMU_XLATE_TF), UD_SMMU_STALLED);
	ck_assert_uint_eq(acc(9, ADDR2, false, UD_SMMU_XLATE_OK), UD_SMMU_DONE);
	ck_assert_uint_eq(acc(9, ADDR3, false, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	struct ud_smmu_fault r = rd(9);
	ck_assert_uint_eq(r.fsr, 0xC0000002u);          /* MULTI | SS | TF */
	ck_assert_uint_eq(r.far, ADDR1);
	ck_assert(r.wnr);
	ck_assert_int_eq(ud_smmu_resume(&S, 9, UD_SMMU_RESUME_RETRY, UD_SMMU_XLATE_OK, &out), UD_OK);
	ck_assert_uint_eq(out, UD_SMMU_DONE);
	ck_assert_uint_eq(rd(9).fsr, 0);
}
END_TEST

START_TEST(bad_arguments)
{
	uint32_t out = 0xDEAD;
	struct ud_smmu_fault r;
	ud_smmu_init(&S);
	ck_assert_uint_eq(acc(1, ADDR1, true, UD_SMMU_XLATE_TF), UD_SMMU_TERMINATED);
	struct ud_smmu before;
	memcpy(&before, &S, sizeof S);
	ck_assert_int_eq(ud_smmu_access(&S, 16, ADDR1, true, 1, &out), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_access(&S, 0, UD_SMMU_ADDR_LIM, true, 1, &out), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_access(&S, 0, ADDR1, true, 3, &out), UD_E_RANGE);
	ck_assert_uint_eq(out, 0xDEAD);
	ck_assert_int_eq(ud_smmu_read_fault(&S, 16, &r), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_clear_fault(&S, 16), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_configure(&S, 16, true, true), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_resume(&S, 16, 0, 0, &out), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_resume(&S, 1, 2, 0, &out), UD_E_RANGE);
	ck_assert_int_eq(ud_smmu_resume(&S, 1, 0, 3, &out), UD_E_RANGE);
	/* Reconfiguring a bank with an active fault is refused. */
	ck_assert_int_eq(ud_smmu_configure(&S, 1, true, true), UD_E_STATE);
	ck_assert(memcmp(&before, &S, sizeof S) == 0);
	ck_assert_uint_eq(out, 0xDEAD);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("smmu");
	TCase *tc = tcase_create("faults");
	tcase_add_test(tc, init_clear);
	tcase_add_test(tc, first_fault_recorded);
	tcase_add_test(tc, terminate_hupcf0);
	tcase_add_test(tc, terminate_hupcf1_multi);
	tcase_add_test(tc, stall_hupcf0_resume);
	tcase_add_test(tc, stall_hupcf1);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
