/* SPDX-License-Identifier: MIT */
/*
 * r5_timer.h -- when the R5 scheduler next needs its timer tick (issue 23:
 * a home sets one one-shot timer instead of ticking blindly).
 *
 *   (armed set dense[0 .. narmed-1], deadlines dl[]) ->
 *       0: nothing armed, no tick needed
 *       1 and the earliest deadline of an armed transaction: before it,
 *         ud_r5_sched_tick(s, now) has nothing to retransmit
 *
 * The scheduler keeps its armed transactions as the dense prefix
 * s->dense[0 .. s->narmed-1] of a sparse set and their deadlines in
 * s->dl[] (src/r5_sched.h).  A home calls
 *     ud_r5_next_deadline(s->dense, s->narmed, s->dl, &when)
 * This module reads those arrays and nothing else of the scheduler, so it
 * does not include r5_sched.h: its proof does not carry the scheduler's
 * vocabulary and lemmas (proved once, in r5_sched's own run).  Seed
 * 004_2c0be60bc8bfaeb5.txt 3.3 (the R5's retransmission timers).
 */
#ifndef UD_R5_TIMER_H
#define UD_R5_TIMER_H

#include "ud_common.h"

#define UD_R5_TIMER_NTX 2048u   /* transaction slots: UD_R5_SCHED_NTX */

/*@
  // The armed prefix names transaction slots (part of the scheduler's set
  // invariant, ud_r5_set_ok in spec/r5_sched.acsl).
  predicate ud_r5_armed_ok{L}(int16_t *dense, integer narmed) =
    narmed <= UD_R5_TIMER_NTX &&
    \forall integer i; 0 <= i < narmed ==> 0 <= dense[i] < UD_R5_TIMER_NTX;
*/

/*@
  requires valid: \valid_read(dense + (0 .. UD_R5_TIMER_NTX - 1)) &&
                  \valid_read(dl + (0 .. UD_R5_TIMER_NTX - 1)) && \valid(when);
  requires sep: \separated(when, dense + (0 .. UD_R5_TIMER_NTX - 1),
                           dl + (0 .. UD_R5_TIMER_NTX - 1));
  requires armed: ud_r5_armed_ok(dense, narmed);
  assigns *when;
  behavior idle:
    assumes narmed == 0;
    ensures none: \result == 0;
    ensures kept: *when == \old(*when);
  behavior armed:
    assumes narmed > 0;
    ensures some: \result == 1;
    ensures earliest: \forall integer i; 0 <= i < narmed ==> *when <= dl[dense[i]];
    ensures attained: \exists integer i; 0 <= i < narmed && *when == dl[dense[i]];
  complete behaviors;
  disjoint behaviors;
*/
int ud_r5_next_deadline(const int16_t *dense, uint32_t narmed, const uint64_t *dl,
			uint64_t *when);

#endif /* UD_R5_TIMER_H */
