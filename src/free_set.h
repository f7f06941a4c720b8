/* SPDX-License-Identifier: MIT */
/*
 * free_set.h -- the free slots of a pool of n slots, taken and given back in
 * O(1) with no scan (docs/scale.md 2.2; issue 21: "no scan over all regions
 * or all pins on any verb's hot path").
 *
 * A permutation of the slots and its inverse:
 *
 *     perm[0 .. n-1]   every slot exactly once; perm[0 .. top-1] are free
 *     pos[c]           where slot c stands in perm
 *
 *     slot c is free  <=>  pos[c] < top
 *
 * take: the free slot perm[top-1] leaves the prefix (top - 1).
 * give: a slot in use (pos[c] >= top) swaps with perm[top] and joins the
 *       prefix (top + 1).  Because it stood at pos[c] >= top and pos[c] < n,
 *       there is always room: no counting argument is needed, and none is
 *       made (the proofs are quantified facts over the two arrays, for any
 *       n; nothing is unfolded).
 *
 * The same structure keeps the scheduler's armed set (src/r5_sched.h,
 * ud_r5_set_ok); this module is the generic one, over caller-owned arrays,
 * for the protection state's pools (regions, windows, page chunks,
 * directory blocks).
 */
#ifndef UD_FREE_SET_H
#define UD_FREE_SET_H

#include "ud_common.h"

/* Largest pool: slot numbers and positions are uint32_t, and n itself must
 * be representable as top. */
#define UD_FS_MAX 0x7FFFFFFFu

/*@
  // The arrays of a pool of n slots, readable (or writable).
  predicate ud_fs_valid_read{L}(uint32_t *perm, uint32_t *pos, integer n) =
    1 <= n <= UD_FS_MAX &&
    \valid_read(perm + (0 .. n - 1)) && \valid_read(pos + (0 .. n - 1));
  predicate ud_fs_valid{L}(uint32_t *perm, uint32_t *pos, integer n) =
    1 <= n <= UD_FS_MAX &&
    \valid(perm + (0 .. n - 1)) && \valid(pos + (0 .. n - 1)) &&
    \separated(perm + (0 .. n - 1), pos + (0 .. n - 1));

  // The invariant: perm and pos are inverse permutations of 0 .. n-1.
  predicate ud_fs_inv{L}(uint32_t *perm, uint32_t *pos, integer n, integer top) =
    0 <= top <= n &&
    (\forall integer k; 0 <= k < n ==> perm[k] < n && pos[perm[k]] == k) &&
    (\forall integer c; 0 <= c < n ==> pos[c] < n && perm[pos[c]] == c);

  // Slot c is free.
  predicate ud_fs_free{L}(uint32_t *pos, integer top, integer c) = pos[c] < top;
*/

/* Make every slot free: perm and pos the identity, *top = n. */
/*@ requires valid: ud_fs_valid(perm, pos, n) && \valid(top);
    requires sep: \separated(top, perm + (0 .. n - 1), pos + (0 .. n - 1));
    assigns perm[0 .. n - 1], pos[0 .. n - 1], *top;
    ensures inv: ud_fs_inv(perm, pos, n, *top);
    ensures all_free: *top == n &&
      \forall integer c; 0 <= c < n ==> ud_fs_free(pos, *top, c);
*/
void ud_fs_init(uint32_t *perm, uint32_t *pos, uint32_t n, uint32_t *top);

/* Take a free slot.  Returns n (no slot) when none is free. */
/*@ requires valid: ud_fs_valid_read(perm, pos, n) && \valid(top);
    requires sep: \separated(top, perm + (0 .. n - 1), pos + (0 .. n - 1));
    requires inv: ud_fs_inv(perm, pos, n, *top);
    assigns *top;
    ensures inv: ud_fs_inv(perm, pos, n, *top);
    behavior empty:
      assumes *top == 0;
      ensures none: \result == n;
      ensures kept: *top == 0;
    behavior some:
      assumes *top > 0;
      ensures slot: \result < n;
      ensures was_free: ud_fs_free(pos, \old(*top), \result);
      ensures taken: !ud_fs_free(pos, *top, \result);
      ensures one_less: *top == \old(*top) - 1;
      ensures others: \forall integer d; 0 <= d < n && d != \result ==>
        (ud_fs_free(pos, *top, d) <==> ud_fs_free(pos, \old(*top), d));
    complete behaviors;
    disjoint behaviors;
*/
uint32_t ud_fs_take(const uint32_t *perm, const uint32_t *pos, uint32_t n, uint32_t *top);

/* Give slot c (in use) back. */
/*@ requires valid: ud_fs_valid(perm, pos, n) && \valid(top);
    requires sep: \separated(top, perm + (0 .. n - 1), pos + (0 .. n - 1));
    requires inv: ud_fs_inv(perm, pos, n, *top);
    requires used: c < n && !ud_fs_free(pos, *top, c);
    assigns perm[0 .. n - 1], pos[0 .. n - 1], *top;
    ensures inv: ud_fs_inv(perm, pos, n, *top);
    ensures freed: ud_fs_free(pos, *top, c);
    ensures one_more: *top == \old(*top) + 1;
    ensures others: \forall integer d; 0 <= d < n && d != c ==>
      (ud_fs_free(pos, *top, d) <==> \old(ud_fs_free(pos, *top, d)));
*/
void ud_fs_give(uint32_t *perm, uint32_t *pos, uint32_t n, uint32_t *top, uint32_t c);

/* Is slot c free?  (The O(1) membership test; false for c >= n.) */
/*@ requires valid: 1 <= n <= UD_FS_MAX && \valid_read(pos + (0 .. n - 1));
    assigns \nothing;
    ensures answer: \result != 0 <==> (c < n && ud_fs_free(pos, top, c));
*/
bool ud_fs_is_free(const uint32_t *pos, uint32_t n, uint32_t top, uint32_t c);

#endif /* UD_FREE_SET_H */
