/* SPDX-License-Identifier: MIT */
/*
 * fault_drain.h -- the destination-side tasklet (pf_rcv_tasklet, seed
 * 004_2c0be60bc8bfaeb5.txt, 3.2.3.2): pop the fault FIFO (src/fault_fifo.h,
 * LOW then HIGH read) and hand each entry to the fault handler
 * (src/fault_handler.h) as a destination fault.  A module of its own so
 * the handler's proof does not carry the FIFO's vocabulary.
 */
#ifndef UD_FAULT_DRAIN_H
#define UD_FAULT_DRAIN_H

#include "fault_handler.h"
#include "fault_fifo.h"
#include "fault_drain.acsl"

/*@
  // The handler's state is the same at L1 and L2 (slot by slot, as values).
  predicate ud_fh_same{L1, L2}(struct ud_fh *h) =
    \at(h->victim, L1) == \at(h->victim, L2) && \at(h->mode, L1) == \at(h->mode, L2) &&
    \forall integer i; 0 <= i < UD_FH_NSRC ==> \at(h->s[i], L1) == \at(h->s[i], L2);

  // The owners' mapping is the same at L1 and L2.
  predicate ud_fh_map_same{L1, L2}(struct ud_fh_map *m) =
    \at(m->n, L1) == \at(m->n, L2) &&
    \forall integer i; 0 <= i < UD_FH_MAP_MAX ==> \at(m->e[i], L1) == \at(m->e[i], L2);

  // The invariants depend on nothing else (WP proves these lemmas).
  lemma ud_fh_inv_frame{L1, L2}:
    \forall struct ud_fh *h; ud_fh_inv{L1}(h) && ud_fh_same{L1, L2}(h) ==> ud_fh_inv{L2}(h);
  lemma ud_fh_map_inv_frame{L1, L2}:
    \forall struct ud_fh_map *m;
      ud_fh_map_inv{L1}(m) && ud_fh_map_same{L1, L2}(m) ==> ud_fh_map_inv{L2}(m);
  lemma ud_ff_inv_frame{L1, L2}:
    \forall struct ud_ff *f; ud_ff_inv{L1}(f) && ud_ff_same{L1, L2}(f) ==> ud_ff_inv{L2}(f);
*/

/* Drain the fault FIFO (pf_rcv_tasklet): pop entries (LOW then HIGH read)
 * and handle each as a destination fault, until the FIFO is empty or cap
 * actions are recorded.  *n = entries handled (acts[0 .. *n-1]).
 * Defensive: the mapping is re-checked per entry (fault_drain.c, map_ok);
 * one found ill formed -- outside this contract -- completes the entry
 * with outcome UD_FH_OUT_FAILED, err UD_E_STATE, nothing paged in. */
/*@
  requires valid: \valid(h) && \valid(ff) && \valid_read(map) && \valid(n) &&
    \valid(acts + (0 .. cap - 1));
  // What WP's Typed+ref model assumes here and in the callees
  // (proofs/memmodel/fault_drain_drain_harness.c): n apart from the whole
  // block of each other pointer, and map (a ref in drain_next) apart from
  // the blocks of acts, ff and h (ud_fh_handle's action record is a local
  // of drain_rec, copied into acts)
  requires sep: \separated(h, ff, map, n, acts + (0 .. cap - 1)) &&
    \separated(n, acts + (..)) && \separated(n, ff + (..)) && \separated(n, h + (..)) &&
    \separated(n, map + (..)) && \separated(map, acts + (..)) &&
    \separated(map, ff + (..)) && \separated(map, h + (..));
  requires inv: ud_fh_inv(h) && ud_ff_inv(ff);
  requires map_inv: ud_fh_map_inv(map);
  requires room: ud_fh_log_room(cap);
  assigns *h, ff->rd, ff->head, ff->count, *n, acts[0 .. cap - 1], ud_env,
    // the logs as wholes: a range from the Pre counts put one quantified
    // hypothesis per log into every goal of the loop (docs/METHOD.md)
    ud_fh_pin_n, UD_FH_PIN_AT(0 .. UD_FH_LOG - 1),
    ud_fh_rapf_n, UD_FH_RAPF_AT(0 .. UD_FH_LOG - 1),
    ud_fh_fail_n, UD_FH_FAIL_AT(0 .. UD_FH_LOG - 1);
  ensures inv: ud_fh_inv(h) && ud_ff_inv(ff);
  ensures bounded: *n <= cap;
  ensures popped: ff->count + *n == \old(ff->count);
  ensures drained: *n < cap ==> ff->count == 0;
  ensures idle: ff->rd == UD_FF_RD_IDLE || *n == cap;
  ensures status: \result == UD_OK;
  // each log grew by at most one entry per entry handled (issue 17)
  ensures logged: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + *n &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + *n &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + *n;
  // FAULT-H-19: acts[j] is the handling of the j-th entry popped, oldest
  // first -- its fault is the destination fault of the FIFO's j-th entry
  // as it was on entry (Table 3.2 words of slot head + j) ...
  ensures which: \forall integer j; 0 <= j < *n ==>
    ud_fd_fault_of(acts[j].fault, \old(ff->lo[ud_ff_slot(ff, j)]),
                   \old(ff->hi[ud_ff_slot(ff, j)]));
  // ... and each log grew by exactly what those handlings account for
  // (spec/fault_drain.acsl: a page-in per RETRY or PAGEIN_ERR, a RAPF per
  // RETRY, a failure per FAILED with UD_E_PERM or UD_E_FAULT)
  ensures tally: ud_fh_pin_n == \old(ud_fh_pin_n) + ud_fd_npin(acts, *n) &&
    ud_fh_rapf_n == \old(ud_fh_rapf_n) + ud_fd_nrapf(acts, *n) &&
    ud_fh_fail_n == \old(ud_fh_fail_n) + ud_fd_nfail(acts, *n);
*/
ud_status ud_fh_drain(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
		      struct ud_fh_action *acts, uint32_t cap, uint32_t *n);

#endif /* UD_FAULT_DRAIN_H */
