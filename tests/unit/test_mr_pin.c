/* uldma-links: free_set mr_pages mr_pin */
/*
 * tests/unit/test_mr_pin.c -- one pin per listed page entry (src/mr_pin.c,
 * docs/scale.md 2.1): a registration's fill pins every page once, even a
 * page another list already pins (the OS counts: seed 001 1.2.4), a
 * refused pin rolls the fill back with nothing held, and emptying every
 * list leaves no pin; the host door counts violations (a second pin of
 * one entry, an unpin of an entry that holds no pin on that page).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "mr_pin.h"
#include "plat_host_mr_pin.h"

static struct ud_mpg M;

/* Fill list i with n pages, frame of page j = base + j; on a refused pin
 * unpin what was taken and free the list (the registration's rollback). */
static ud_status fill(uint32_t i, uint32_t n, uint32_t base)
{
	ud_status rc = ud_mpin_alloc(&M, i, n);

	if (rc != UD_OK)
		return rc;
	for (uint32_t j = 0; j < n; j++) {
		rc = ud_mpin_set(&M, i, j, base + j);
		if (rc != UD_OK) {
			while (j-- > 0)
				ud_mpin_unset(&M, i, j);
			ud_mpin_free(&M, i);
			return rc;
		}
	}
	return UD_OK;
}

static void empty(uint32_t i)
{
	for (uint32_t j = M.list[i].npages; j-- > 0;)
		ud_mpin_unset(&M, i, j);
	ud_mpin_free(&M, i);
}

/* Held pins equal the listed entries, each on its entry's frame. */
static uint64_t check_exact(void)
{
	uint64_t held = 0;
	static uint8_t listed[UD_PG_POOL];

	memset(listed, 0, sizeof(listed));
	for (uint32_t i = 0; i < UD_PG_NLIST; i++)
		for (uint32_t j = 0; j < M.list[i].npages; j++) {
			uint32_t s = ud_mpg_entry(&M, i, j);

			listed[s] = 1;
			ck_assert_uint_eq(host_pg.held[s], 1);
			ck_assert_uint_eq(host_pg.pa[s], (uint64_t)M.pfn[s] * 4096u);
		}
	for (uint32_t s = 0; s < UD_PG_POOL; s++) {
		ck_assert_uint_eq(host_pg.held[s], listed[s]);
		held += host_pg.held[s];
	}
	ck_assert_uint_eq(host_pg.violations, 0);
	return held;
}

START_TEST(one_gib_and_a_shared_page)
{
	host_pg_reset();
	ud_mpin_init(&M);
	ck_assert_int_eq(fill(3, UD_PG_MAXPG, 0x100000u), UD_OK);
	ck_assert_uint_eq(check_exact(), UD_PG_MAXPG);
	/* a second region over the first one's first 10 pages: pinned again */
	ck_assert_int_eq(fill(9, 10, 0x100000u), UD_OK);
	ck_assert_uint_eq(host_pg_count(0x100000ull * 4096u), 2);
	ck_assert_uint_eq(host_pg_count(0x100009ull * 4096u), 2);
	ck_assert_uint_eq(host_pg_count(0x10000Aull * 4096u), 1);
	ck_assert_uint_eq(check_exact(), UD_PG_MAXPG + 10);
	empty(3);                              /* the first goes: one pin left */
	ck_assert_uint_eq(host_pg_count(0x100000ull * 4096u), 1);
	ck_assert_uint_eq(host_pg_count(0x10000Aull * 4096u), 0);
	ck_assert_uint_eq(check_exact(), 10);
	empty(9);
	ck_assert_uint_eq(check_exact(), 0);
	ck_assert_uint_eq(host_pg.pins, host_pg.unpins);
}
END_TEST

START_TEST(refused_pin_rolls_back)
{
	host_pg_reset();
	ud_mpin_init(&M);
	ck_assert_int_eq(fill(0, 100, 500u), UD_OK);
	host_pg.fail_at = 70;                  /* the 70th pin of the next fill */
	ck_assert_int_eq(fill(1, 200, 900u), UD_E_PLATFORM);
	ck_assert_uint_eq(M.list[1].npages, 0);
	ck_assert_uint_eq(check_exact(), 100);
	ck_assert_int_eq(fill(1, 200, 900u), UD_OK);   /* and then it works */
	ck_assert_uint_eq(check_exact(), 300);
	empty(0);
	empty(1);
	ck_assert_uint_eq(check_exact(), 0);
	ck_assert_uint_eq(M.ch_top, UD_PG_NCHUNK);
}
END_TEST

START_TEST(pinned_lists_random)
{
	uint64_t want = 0;

	srand(7);
	host_pg_reset();
	ud_mpin_init(&M);
	for (uint32_t i = 0; i < UD_PG_NLIST; i++) {
		uint32_t n = 1u + (uint32_t)rand() % 200u;

		if (i % 13 == 0)
			host_pg.fail_at = 1u + (uint32_t)rand() % n;
		ud_status rc = fill(i, n, (uint32_t)rand() % 1000u);

		ck_assert(rc == UD_OK || rc == UD_E_PLATFORM || rc == UD_E_NOSPC);
		host_pg.fail_at = 0;
		if (rc == UD_OK)
			want += n;
		else
			ck_assert_uint_eq(M.list[i].npages, 0);
	}
	ck_assert_uint_eq(check_exact(), want);
	for (uint32_t i = 0; i < UD_PG_NLIST; i++)
		empty(i);
	ck_assert_uint_eq(check_exact(), 0);
	ck_assert_uint_eq(host_pg.pins, host_pg.unpins);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mr_pin");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, one_gib_and_a_shared_page);
	tcase_add_test(tc, refused_pin_rolls_back);
	tcase_add_test(tc, pinned_lists_random);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
