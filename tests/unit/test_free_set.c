/* uldma-links: free_set */
/*
 * tests/unit/test_free_set.c -- the free set of a pool (src/free_set.c):
 * random takes and gives against a reference bitmap, the empty pool, and
 * the invariant (perm and pos inverse permutations) checked after every
 * operation.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "free_set.h"

#define N 4096u

static uint32_t perm[N], pos[N], top;
static unsigned char used[N];     /* the reference: 1 = taken */

static void check_inv(uint32_t n)
{
	uint32_t nfree = 0;

	ck_assert_uint_le(top, n);
	for (uint32_t k = 0; k < n; k++) {
		ck_assert_uint_lt(perm[k], n);
		ck_assert_uint_eq(pos[perm[k]], k);
	}
	for (uint32_t c = 0; c < n; c++) {
		ck_assert_int_eq(ud_fs_is_free(pos, n, top, c), !used[c]);
		nfree += !used[c];
	}
	ck_assert_uint_eq(nfree, top);
	ck_assert(!ud_fs_is_free(pos, n, top, n));       /* out of range: not free */
}

START_TEST(init_all_free)
{
	ud_fs_init(perm, pos, N, &top);
	memset(used, 0, sizeof(used));
	ck_assert_uint_eq(top, N);
	check_inv(N);
}
END_TEST

START_TEST(take_all_then_empty)
{
	const uint32_t n = 64;

	ud_fs_init(perm, pos, n, &top);
	memset(used, 0, sizeof(used));
	for (uint32_t i = 0; i < n; i++) {
		uint32_t c = ud_fs_take(perm, pos, n, &top);

		ck_assert_uint_lt(c, n);
		ck_assert(!used[c]);              /* never handed out twice */
		used[c] = 1;
	}
	ck_assert_uint_eq(top, 0);
	ck_assert_uint_eq(ud_fs_take(perm, pos, n, &top), n);   /* empty: n, nothing changes */
	ck_assert_uint_eq(top, 0);
	check_inv(n);
}
END_TEST

START_TEST(random_against_bitmap)
{
	uint32_t held[N], nheld = 0;

	srand(21);
	ud_fs_init(perm, pos, N, &top);
	memset(used, 0, sizeof(used));
	for (int step = 0; step < 200000; step++) {
		if (nheld == 0 || (rand() % 3 != 0 && top > 0)) {
			uint32_t c = ud_fs_take(perm, pos, N, &top);

			ck_assert_uint_lt(c, N);
			ck_assert(!used[c]);
			used[c] = 1;
			held[nheld++] = c;
		} else {
			uint32_t i = (uint32_t)rand() % nheld;
			uint32_t c = held[i];

			ud_fs_give(perm, pos, N, &top, c);
			used[c] = 0;
			held[i] = held[--nheld];
		}
		if (step % 4096 == 0)
			check_inv(N);
	}
	check_inv(N);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("free_set");
	TCase *t = tcase_create("free_set");

	tcase_add_test(t, init_all_free);
	tcase_add_test(t, take_all_then_empty);
	tcase_add_test(t, random_against_bitmap);
	tcase_set_timeout(t, 60);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? 1 : 0;
}
