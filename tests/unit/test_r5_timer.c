/* uldma-links: r5_sched r5_timer */
/*
 * tests/unit/test_r5_timer.c -- the R5 scheduler's next deadline
 * (src/r5_timer.c): against a brute-force minimum over random armed sets,
 * and on a live scheduler (transfers submitted at different times, one
 * acknowledged) whose tick retransmits nothing before the deadline and
 * something at it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "r5_sched.h"
#include "r5_timer.h"
#include "plat_host_r5_sched.h"

_Static_assert(UD_R5_TIMER_NTX == UD_R5_SCHED_NTX, "r5_timer's slot count is the scheduler's");

static struct ud_r5_sched S;
static int16_t dense[UD_R5_TIMER_NTX];
static uint64_t dl[UD_R5_TIMER_NTX];

START_TEST(idle_answers_nothing)
{
	uint64_t when = 77;

	ck_assert_int_eq(ud_r5_next_deadline(dense, 0, dl, &when), 0);
	ck_assert_uint_eq(when, 77);
}
END_TEST

START_TEST(earliest_of_random_sets)
{
	srand(17);
	for (int trial = 0; trial < 2000; trial++) {
		uint32_t n = 1u + (uint32_t)rand() % UD_R5_TIMER_NTX;
		uint64_t want = UINT64_MAX, when = 0;

		for (uint32_t t = 0; t < UD_R5_TIMER_NTX; t++) {
			dense[t] = (int16_t)t;
			dl[t] = (uint64_t)rand() << 20 | (uint64_t)rand();
		}
		for (uint32_t t = UD_R5_TIMER_NTX - 1; t > 0; t--) {   /* shuffle */
			uint32_t j = (uint32_t)rand() % (t + 1);
			int16_t x = dense[t];
			dense[t] = dense[j];
			dense[j] = x;
		}
		for (uint32_t i = 0; i < n; i++)
			if (dl[dense[i]] < want)
				want = dl[dense[i]];
		ck_assert_int_eq(ud_r5_next_deadline(dense, n, dl, &when), 1);
		ck_assert_uint_eq(when, want);
	}
}
END_TEST

START_TEST(live_scheduler)
{
	const uint64_t period = 1000;
	struct ud_r5_sched_req r = { .pd = 1, .vc = 0, .kind = UD_R5_SCHED_WRITE,
		.node = 7, .src = 0x10000, .dst = 0x20000, .len = 4096 };
	uint64_t when = 0;

	ud_host_r5_reset();
	memset(&S, 0xa5, sizeof S);
	ck_assert_int_eq(ud_r5_sched_init(&S, 2, period), UD_OK);
	ck_assert_int_eq(ud_r5_next_deadline(S.dense, S.narmed, S.dl, &when), 0);
	ck_assert_int_eq(ud_r5_sched_submit(&S, &r, 500), UD_OK);
	r.vc = 1;
	ck_assert_int_eq(ud_r5_sched_submit(&S, &r, 200), UD_OK);
	ck_assert_uint_eq(S.narmed, 2);
	ck_assert_int_eq(ud_r5_next_deadline(S.dense, S.narmed, S.dl, &when), 1);
	ck_assert_uint_eq(when, 200 + period);
	/* nothing is due before the deadline; at it, the tick retransmits */
	uint64_t posts = ud_host_r5.nposts;
	ud_r5_sched_tick(&S, when - 1);
	ck_assert_uint_eq(ud_host_r5.nposts, posts);
	ud_r5_sched_tick(&S, when);
	ck_assert_uint_gt(ud_host_r5.nposts, posts);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("r5_timer");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, idle_answers_nothing);
	tcase_add_test(tc, earliest_of_random_sets);
	tcase_add_test(tc, live_scheduler);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
