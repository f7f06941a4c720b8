/* SPDX-License-Identifier: MIT */
/*
 * fault_policy.h -- the fault handler's decisions, apart from its actions
 * (seed 004_2c0be60bc8bfaeb5.txt, 3.2.1-3.2.3, Fig. 3.2, Fig. 4.2): is a
 * page mapped with the right (lookup), has this fault been handled (dup),
 * how many pages to bring in (npages), remember a handled fault (record).
 * A unit of its own so it is proved under WP's Typed model while
 * fault_handler.c, whose verbs write an action record through a pointer, is
 * proved under Typed+ref (docs/METHOD.md).  Vocabulary: fault_handler.h.
 */
#ifndef UD_FAULT_POLICY_H
#define UD_FAULT_POLICY_H

#include "fault_handler.h"

/*@
  requires valid: \valid_read(map);
  requires map_inv: ud_fh_map_inv(map);
  assigns \nothing;
  behavior allowed:
    assumes ud_fh_allowed(map, pdid, proc, vpn, write);
    ensures ok: \result == UD_OK;
  behavior perm:
    assumes !ud_fh_allowed(map, pdid, proc, vpn, write) &&
            ud_fh_mapped(map, pdid, proc, vpn);
    ensures perm: \result == UD_E_PERM;
  behavior unmapped:
    assumes !ud_fh_mapped(map, pdid, proc, vpn);
    ensures fault: \result == UD_E_FAULT;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_fh_lookup(const struct ud_fh_map *map, uint16_t pdid,
			      uint8_t proc, uint32_t vpn, uint32_t write);

/* Remember f (npages pages brought in, 0 for a failed transfer, counted as
 * 1 so the same page is not failed twice) in its source's history. */
/*@
  requires valid: \valid(h) && \valid_read(f);
  requires sep: \separated(h, f);
  requires inv: ud_fh_inv(h);
  requires fault_ok: ud_fh_fault_ok(f);
  requires npages: 1 <= npages <= 4;
  assigns h->s[0 .. UD_FH_NSRC - 1], h->victim;
  ensures inv: ud_fh_inv(h);
  ensures recorded: ud_fh_is_dup(h, f);
  ensures stored: \exists integer i; 0 <= i < UD_FH_NSRC &&
    h->s[i].used != 0 && h->s[i].node == f->node &&
    ud_fh_rec_same(h->s[i].newest, f) && h->s[i].newest.dir == f->dir &&
    h->s[i].newest.vpn == f->vpn && h->s[i].newest.npages == npages;
*/
void ud_fh_record(struct ud_fh *h, const struct ud_fh_fault *f, uint32_t npages);

/* Does f match one of the last two entries handled for its source?  Only
 * if that entry agrees with f in every field that decides f's handling,
 * direction included (hit_same): a write fault after a read fault of the
 * same transfer and page is handled, not skipped. */
/*@
  requires valid: \valid_read(h) && \valid_read(f);
  requires inv: ud_fh_inv(h);
  assigns \nothing;
  ensures dup: \result == 1 <==> ud_fh_is_dup(h, f);
  ensures hit_same: \result == 1 ==> \exists integer i; 0 <= i < UD_FH_NSRC &&
    h->s[i].used != 0 && h->s[i].node == f->node &&
    (ud_fh_rec_same(h->s[i].newest, f) || ud_fh_rec_same(h->s[i].older, f));
*/
bool ud_fh_dup(const struct ud_fh *h, const struct ud_fh_fault *f);

/* How many pages from f->vpn: Touch-A-Page 1; Touch-Ahead up to the end of
 * the 16 KB block, stopping at the first page not mapped with the right. */
/*@
  requires valid: \valid_read(map) && \valid_read(f);
  requires map_inv: ud_fh_map_inv(map);
  requires fault_ok: ud_fh_fault_ok(f);
  requires mode: mode <= 1;
  requires first: ud_fh_allowed(map, f->pdid, f->proc, f->vpn, f->dir);
  assigns \nothing;
  ensures in_map: \forall integer v; f->vpn <= v < f->vpn + \result ==>
    ud_fh_allowed(map, f->pdid, f->proc, v, f->dir);
  ensures at_most_4: 1 <= \result <= UD_FH_AHEAD_MAX;
  ensures in_block: f->vpn + \result <= ud_fh_block_end(f->vpn);
  ensures a_page: mode == UD_FH_TOUCH_A_PAGE ==> \result == 1;
  ensures ahead_max: mode == UD_FH_TOUCH_AHEAD ==>
    (f->vpn + \result == ud_fh_block_end(f->vpn) ||
     !ud_fh_allowed(map, f->pdid, f->proc, f->vpn + \result, f->dir));
*/
uint32_t ud_fh_npages(uint32_t mode, const struct ud_fh_map *map,
			     const struct ud_fh_fault *f);

#endif /* UD_FAULT_POLICY_H */
