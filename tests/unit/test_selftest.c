/* uldma-links: */
/* The harness itself: a failing assertion must fail the run (checked by
 * scripts/run_tests.py's parsing) -- here only the passing half. */
#include <check.h>
#include <stdlib.h>
#include "ud_common.h"

START_TEST(status_codes_distinct)
{
	const ud_status all[] = { UD_OK, UD_E_INVAL, UD_E_RANGE, UD_E_KEY, UD_E_PERM,
		UD_E_BUSY, UD_E_NOSPC, UD_E_NOENT, UD_E_STATE, UD_E_PD, UD_E_BOUNDS,
		UD_E_OVERFLOW, UD_E_SEQ, UD_E_FULL, UD_E_EMPTY, UD_E_STALE, UD_E_FORGED,
		UD_E_FAULT, UD_E_PLATFORM };
	size_t n = sizeof all / sizeof all[0];
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			ck_assert_int_ne(all[i], all[j]);
	ck_assert_int_eq(UD_PAGE_SIZE, 1u << UD_PAGE_SHIFT);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("common");
	TCase *tc = tcase_create("status");
	tcase_add_test(tc, status_codes_distinct);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
