/* uldma-links: fault_msg req_msg shadow fault_fifo utlb_table utlb_cache utlb_lookup */
/*
 * The known answers of tests/kat/ud_kat.h on the host: the same list the
 * kernel module checks at load and the R5 firmware at boot.  A failure here
 * means the answer (derived by hand from the seed) or the code is wrong; a
 * failure only in a home means that home compiles the core differently.
 */
#include <check.h>
#include <stdlib.h>

#define UD_HAVE_FAULT_MSG 1
#define UD_HAVE_REQ_MSG 1
#define UD_HAVE_SHADOW 1
#define UD_HAVE_FAULT_FIFO 1
#define UD_HAVE_UTLB_TABLE 1
#define UD_HAVE_UTLB_CACHE 1
#define UD_HAVE_UTLB_LOOKUP 1

struct kat_ctx {
	unsigned total;
	unsigned passed;
};

static void kat_check(struct kat_ctx *c, const char *name, int ok)
{
	c->total++;
	if (ok)
		c->passed++;
	ck_assert_msg(ok, "known answer failed: %s", name);
}

#define UD_KAT_CTX struct kat_ctx
#define UD_KAT_CHECK(c, name, ok) kat_check((c), (name), (ok))
#include "../kat/ud_kat.h"
#include "plat_host_utlb_table.h"

START_TEST(kat_fault_msg)
{
	struct kat_ctx c = { 0, 0 };
	ud_kat_fault_msg(&c);
	ck_assert_uint_eq(c.passed, 6);
}
END_TEST

START_TEST(kat_req_msg)
{
	struct kat_ctx c = { 0, 0 };
	ud_kat_req_msg(&c);
	ck_assert_uint_eq(c.passed, 7);
	ck_assert_uint_eq(c.total, 7);
}
END_TEST

START_TEST(kat_shadow)
{
	struct kat_ctx c = { 0, 0 };
	ud_kat_shadow(&c);
	ck_assert_uint_eq(c.passed, 7);
}
END_TEST

START_TEST(kat_fault_fifo)
{
	static struct ud_ff f;
	struct kat_ctx c = { 0, 0 };
	ud_kat_fault_fifo(&c, &f);
	ck_assert_uint_eq(c.passed, 6);
}
END_TEST

START_TEST(kat_utlb)
{
	struct ud_kat_utlb *m = calloc(1, sizeof *m);
	struct kat_ctx c = { 0, 0 };

	ck_assert_ptr_nonnull(m);
	ud_host_utlb_reset();
	ud_kat_utlb(&c, m);
	/* the host pins: the OK branch, 14 checks */
	ck_assert_uint_eq(c.passed, 14);
	ck_assert_uint_eq(c.total, 14);
	ck_assert_uint_eq(ud_host_utlb.bad_unpins, 0);
	free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kat");
	TCase *tc = tcase_create("known_answers");
	tcase_add_test(tc, kat_fault_msg);
	tcase_add_test(tc, kat_req_msg);
	tcase_add_test(tc, kat_shadow);
	tcase_add_test(tc, kat_fault_fifo);
	tcase_add_test(tc, kat_utlb);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
