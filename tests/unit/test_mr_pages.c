/* uldma-links: free_set mr_pages */
/*
 * tests/unit/test_mr_pages.c -- the page lists of regions at real scale
 * (src/mr_pages.c, docs/scale.md 2.2): a 1 GiB list, thousands of small
 * lists, every entry owned by exactly one (list, page), all or nothing
 * when the pools run short, everything back after freeing.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "mr_pages.h"

static struct ud_mpg M;
static unsigned char seen[UD_PG_POOL];

/* Every page of every list maps to a distinct entry whose chunk names that
 * (list, page); returns the number of pages listed. */
static uint64_t check_lists(void)
{
	uint64_t total = 0;

	memset(seen, 0, sizeof(seen));
	for (uint32_t i = 0; i < UD_PG_NLIST; i++) {
		for (uint32_t j = 0; j < M.list[i].npages; j++) {
			uint32_t s = ud_mpg_entry(&M, i, j);

			ck_assert_uint_lt(s, UD_PG_POOL);
			ck_assert_uint_eq(seen[s], 0);          /* never shared */
			seen[s] = 1;
			ck_assert_uint_eq(M.ch_list[s / 64], i);
			ck_assert_uint_eq(M.ch_q[s / 64] * 64u + s % 64, j);
			ck_assert(!ud_fs_is_free(M.ch_pos, UD_PG_NCHUNK, M.ch_top, s / 64));
		}
		total += M.list[i].npages;
	}
	return total;
}

START_TEST(one_gib_list)
{
	ud_mpg_init(&M);
	ck_assert_int_eq(ud_mpg_alloc(&M, 7, UD_PG_MAXPG), UD_OK);
	ck_assert_uint_eq(M.list[7].npages, UD_PG_MAXPG);
	ck_assert_uint_eq(M.ch_top, UD_PG_NCHUNK - UD_PG_MAXPG / 64);
	ck_assert_uint_eq(M.dr_top, UD_PG_NDIR - 64);
	ck_assert_uint_eq(check_lists(), UD_PG_MAXPG);
	ud_mpg_free(&M, 7);
	ck_assert_uint_eq(M.list[7].npages, 0);
	ck_assert_uint_eq(M.ch_top, UD_PG_NCHUNK);
	ck_assert_uint_eq(M.dr_top, UD_PG_NDIR);
}
END_TEST

START_TEST(many_lists_random)
{
	uint64_t want = 0;

	srand(42);
	ud_mpg_init(&M);
	for (uint32_t i = 0; i < UD_PG_NLIST; i++) {
		uint32_t n = 1u + (uint32_t)rand() % (i % 97 == 0 ? 20000u : 300u);
		uint32_t ch = M.ch_top, dr = M.dr_top;
		ud_status rc = ud_mpg_alloc(&M, i, n);

		if (rc == UD_OK) {
			want += n;
			ck_assert_uint_eq(M.list[i].npages, n);
			ck_assert_uint_eq(M.ch_top, ch - (n + 63) / 64);
			ck_assert_uint_eq(M.dr_top, dr - ((n + 63) / 64 + 63) / 64);
		} else {
			ck_assert_int_eq(rc, UD_E_NOSPC);        /* all or nothing */
			ck_assert_uint_eq(M.list[i].npages, 0);
			ck_assert_uint_eq(M.ch_top, ch);
			ck_assert_uint_eq(M.dr_top, dr);
		}
	}
	ck_assert_uint_eq(check_lists(), want);
	for (uint32_t i = 0; i < UD_PG_NLIST; i += 2)       /* free half, refill */
		ud_mpg_free(&M, i);
	for (uint32_t i = 0; i < UD_PG_NLIST; i += 2) {
		if (ud_mpg_alloc(&M, i, 1u + (uint32_t)rand() % 500u) != UD_OK)
			ck_assert_uint_eq(M.list[i].npages, 0);
	}
	check_lists();
	for (uint32_t i = 0; i < UD_PG_NLIST; i++)
		ud_mpg_free(&M, i);
	ck_assert_uint_eq(check_lists(), 0);
	ck_assert_uint_eq(M.ch_top, UD_PG_NCHUNK);
	ck_assert_uint_eq(M.dr_top, UD_PG_NDIR);
}
END_TEST

START_TEST(no_room_changes_nothing)
{
	static struct ud_mpg before;

	ud_mpg_init(&M);
	/* four 1 GiB lists take every chunk (16384 = 4 x 4096) */
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_int_eq(ud_mpg_alloc(&M, i, UD_PG_MAXPG), UD_OK);
	ck_assert_uint_eq(M.ch_top, 0);
	memcpy(&before, &M, sizeof(M));
	ck_assert_int_eq(ud_mpg_alloc(&M, 4, 1), UD_E_NOSPC);
	ck_assert(memcmp(&before, &M, sizeof(M)) == 0);
	ud_mpg_free(&M, 2);
	ck_assert_int_eq(ud_mpg_alloc(&M, 4, 1), UD_OK);
	ck_assert_uint_eq(check_lists(), 3ull * UD_PG_MAXPG + 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mr_pages");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, one_gib_list);
	tcase_add_test(tc, many_lists_random);
	tcase_add_test(tc, no_room_changes_nothing);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
