/* SPDX-License-Identifier: MIT */
/*
 * r5_timer.c -- the R5 scheduler's next deadline.  Contract in r5_timer.h.
 */
#include "r5_timer.h"

int ud_r5_next_deadline(const int16_t *dense, uint32_t narmed, const uint64_t *dl,
			uint64_t *when)
{
	uint64_t best;
	uint32_t i;
	/*@ ghost uint32_t at = 0; */

	if (narmed == 0u)
		return 0;
	best = dl[dense[0]];
	/*@ loop invariant bound: 1 <= i <= narmed;
	    loop invariant at: 0 <= at < i && best == dl[dense[at]];
	    loop invariant least: \forall integer j; 0 <= j < i ==> best <= dl[dense[j]];
	    loop assigns i, at, best;
	    loop variant narmed - i; */
	for (i = 1; i < narmed; i++) {
		if (dl[dense[i]] < best) {
			best = dl[dense[i]];
			/*@ ghost at = i; */
		}
	}
	/*@ assert attained: 0 <= at < narmed && best == dl[dense[at]]; */
	*when = best;
	return 1;
}
