/* SPDX-License-Identifier: MIT */
/*
 * free_set.c -- the free slots of a pool (src/free_set.h).
 */
#include "free_set.h"

void ud_fs_init(uint32_t *perm, uint32_t *pos, uint32_t n, uint32_t *top)
{
	/*@ loop invariant range: 0 <= i <= n;
	    loop invariant ident: \forall integer k; 0 <= k < i ==> perm[k] == k && pos[k] == k;
	    loop assigns i, perm[0 .. n - 1], pos[0 .. n - 1];
	    loop variant n - i;
	*/
	for (uint32_t i = 0; i < n; i++) {
		perm[i] = i;
		pos[i] = i;
	}
	*top = n;
}

uint32_t ud_fs_take(const uint32_t *perm, const uint32_t *pos, uint32_t n, uint32_t *top)
{
	uint32_t c;

	(void)pos;                /* the contract's view of the set; take reads perm only */
	if (*top == 0u)
		return n;
	c = perm[*top - 1u];
	/*@ assert at_end: pos[c] == *top - 1; */
	/*@ assert others: \forall integer d; 0 <= d < n && d != c && pos[d] < *top ==>
	      pos[d] != *top - 1; */
	*top = *top - 1u;
	return c;
}

void ud_fs_give(uint32_t *perm, uint32_t *pos, uint32_t n, uint32_t *top, uint32_t c)
{
	uint32_t k = pos[c];      /* c's place: k >= *top, k < n */
	uint32_t t = *top;        /* the first used place: t <= k < n */
	uint32_t e = perm[t];     /* the slot standing there (c itself when k == t) */

	(void)n;                  /* the contract's bound; the code needs none */
	/*@ assert e_at: e < n && pos[e] == t; */
	/*@ assert e_used: pos[e] >= t; */
	perm[t] = c;
	perm[k] = e;
	pos[e] = k;
	pos[c] = t;
	/*@ assert c_at: perm[t] == c && pos[c] == t; */
	*top = t + 1u;
}

bool ud_fs_is_free(const uint32_t *pos, uint32_t n, uint32_t top, uint32_t c)
{
	return c < n && pos[c] < top;
}
