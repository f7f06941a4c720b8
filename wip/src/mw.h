/* SPDX-License-Identifier: MIT */
/*
 * mw.h -- memory windows (seed 001_7ab1209d0a9249cf.txt, section 2):
 * allocate (in a PD, with an unbound R_Key), bind, query, deallocate.
 *
 * Bind (2.4, 2.5), checks in this order:
 *   window live ......................................... else UD_E_NOENT
 *   the R_Key given is the window's current one ......... else UD_E_KEY
 *   the QP is live, the L_Key names a live region ....... else UD_E_NOENT / UD_E_KEY
 *   QP, window and region in one PD ..................... else UD_E_PD
 *   region has UD_ACC_MW_BIND (1.2.3) ................... else UD_E_PERM
 *   rights only remote ones ............................. else UD_E_INVAL
 *   remote write / atomic need the region's local write . else UD_E_PERM
 *   window generation not exhausted ..................... else UD_E_NOSPC
 *   len == 0: the binding is invalidated (2.5)
 *   else va + len stays below 2^64 ...................... else UD_E_OVERFLOW
 *        [va, va+len) inside the region, byte-granular .. else UD_E_BOUNDS
 * Every bind that succeeds gives the window a new generation: the R_Key
 * given in stops validating and a new one is returned (2.5).
 */
#ifndef UD_MW_H
#define UD_MW_H

#include "prot.h"

/*@ // Of all windows only w changed (every field of every other window is
    // the same).  The rest of struct ud_prot -- regions, PDs, QPs, AHs --
    // is outside each window verb's assigns clause, which WP proves, so
    // it is unchanged too.
    predicate ud_mw_only_changed{L1, L2}(struct ud_prot *p, integer w) =
      ud_mw_same_but{L1, L2}(p, w);
*/

/*@ // The PD table is the same in two states.
    predicate ud_pd_same{L1, L2}(struct ud_prot *p) =
      \forall integer d; 0 <= d < UD_PROT_NPD ==>
        \at(p->pd_live[d], L1) == \at(p->pd_live[d], L2);

    // Frames of the region and window parts of the invariant (proved by WP;
    // used by the window verbs, which change one window and nothing else).
    lemma ud_inv_mr_frame{L1, L2}: \forall struct ud_prot *p;
      ud_mr_same{L1, L2}(p) && ud_pd_same{L1, L2}(p) && ud_inv_mr{L1}(p) ==>
      ud_inv_mr{L2}(p);
    lemma ud_mw_ok_frame{L1, L2}: \forall struct ud_prot *p, integer k;
      0 <= k < UD_PROT_NMW &&
      ud_mw_fields_same{L1, L2}(p, k) && ud_mr_same{L1, L2}(p) &&
      ud_pd_same{L1, L2}(p) && ud_mw_ok{L1}(p, k) ==> ud_mw_ok{L2}(p, k);
*/

/* ibv_alloc_mw (2.3): a window in pd, unbound; its R_Key validates
 * nothing until bound. */
/* No window can be allocated: every slot is live or has used up its key
 * generations (a key never comes back, seed 001 2.4). */
/*@ predicate ud_mw_none_free{L}(struct ud_prot *p) =
      \forall integer w; 0 <= w < UD_PROT_NMW ==>
        p->mw[w].live != 0 || p->mw[w].gen >= UD_KEY_GEN_MAX;
*/

/*@ requires valid: \valid(p) && \valid(h) && \valid(rkey);
    requires sep: \separated(h, rkey, p + (..));
    requires inv: ud_prot_inv(p);
    assigns p->mw[0 .. UD_PROT_NMW - 1], *h, *rkey;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_NOSPC;
    ensures e_pd: (pd >= UD_PROT_NPD || p->pd_live[pd] != 1) ==> \result == UD_E_NOENT;
    ensures full: \result == UD_E_NOSPC ==> ud_mw_none_free(p);
    ensures unchanged: \result != UD_OK ==>
      *p == \old(*p) && *h == \old(*h) && *rkey == \old(*rkey);
    ensures ok: \result == UD_OK ==> *h < UD_PROT_NMW &&
      \at(p->mw[\at(*h, Post)].live, Pre) == 0 &&
      p->mw[*h].live == 1 && p->mw[*h].bound == 0 && p->mw[*h].pd == pd &&
      p->mw[*h].gen == \at(p->mw[\at(*h, Post)].gen, Pre) + 1 &&
      *rkey == ud_key_of(p->mw[*h].gen, UD_PROT_NMR + *h);
    ensures ok_frame: \result == UD_OK ==> ud_mw_only_changed{Pre, Post}(p, *h);
*/
ud_status ud_alloc_mw(struct ud_prot *p, uint32_t pd, uint32_t *h, uint32_t *rkey);

/* ibv_bind_mw (2.4): bind window mw (current R_Key rkey) through QP qp
 * to the region named by lkey: [va, va+len) with remote rights `access`.
 * len == 0 invalidates the binding.  The contract states every check the
 * code makes, in the order of the header comment: each error clause below
 * assumes the earlier checks passed and names the code the failed check
 * gets; ok_checked says a success passed them all. */
/*@ // Window mw is live and rkey is its current R_Key.
    predicate ud_bind_win_ok{L}(struct ud_prot *p, integer mw, integer rkey) =
      0 <= mw < UD_PROT_NMW && p->mw[mw].live == 1 &&
      rkey == ud_key_of(p->mw[mw].gen, UD_PROT_NMR + mw);

    // The binding QP is live (2.4: the bind is posted on a QP).
    predicate ud_bind_qp_live{L}(struct ud_prot *p, integer qp) =
      0 <= qp < UD_PROT_NQP && p->qp_live[qp] == 1;

    // QP, window and the region lkey names in one PD (2.4, 2.5).
    predicate ud_bind_same_pd{L}(struct ud_prot *p, integer qp, integer mw, integer lkey) =
      p->qp_pd[qp] == p->mw[mw].pd && p->mr[ud_key_idx(lkey)].pd == p->mw[mw].pd;

    // The bound range [va, va+len) ends below 2^64 (va + len <= UINT64_MAX:
    // the code's overflow check, one byte stricter than ud_no_wrap64).
    predicate ud_bind_below_top(integer va, integer len) =
      0 <= va && 0 <= len && va + len <= 18446744073709551615;

    // Every check before the range (the ones a zero-length bind, an
    // invalidation, also passes): the window and its R_Key, the QP, the
    // L_Key naming a live region of its current generation, one PD, the
    // region's MW_BIND right (1.2.3), remote-only rights that the region's
    // flags allow (2.4 (1), (3)), a generation left for the new R_Key.
    predicate ud_bind_checks{L}(struct ud_prot *p, integer qp, integer mw,
                                integer rkey, integer lkey, integer access) =
      ud_bind_win_ok(p, mw, rkey) && ud_bind_qp_live(p, qp) &&
      ud_mr_key_live(p, lkey) && ud_bind_same_pd(p, qp, mw, lkey) &&
      ud_has(p->mr[ud_key_idx(lkey)].access, 16) &&
      ud_mw_acc_ok(access) &&
      ud_mw_acc_fits(access, p->mr[ud_key_idx(lkey)].access) &&
      p->mw[mw].gen < UD_KEY_GEN_MAX;
*/
/*@ requires valid: \valid(p) && \valid(new_rkey);
    requires sep: \separated(new_rkey, p + (..));
    requires inv: ud_prot_inv(p);
    assigns p->mw[0 .. UD_PROT_NMW - 1], *new_rkey;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_KEY ||
      \result == UD_E_PD || \result == UD_E_PERM || \result == UD_E_INVAL ||
      \result == UD_E_NOSPC || \result == UD_E_OVERFLOW || \result == UD_E_BOUNDS;
    ensures unchanged: \result != UD_OK ==> *p == \old(*p) && *new_rkey == \old(*new_rkey);
    ensures e_mw: (mw >= UD_PROT_NMW || \old(p->mw[mw].live) != 1) ==> \result == UD_E_NOENT;
    ensures e_key: mw < UD_PROT_NMW && \old(p->mw[mw].live) == 1 &&
      rkey != ud_key_of(\old(p->mw[mw].gen), UD_PROT_NMR + mw) ==> \result == UD_E_KEY;
    ensures e_qp: ud_bind_win_ok{Pre}(p, mw, rkey) && !ud_bind_qp_live{Pre}(p, qp) ==>
      \result == UD_E_NOENT;
    ensures e_lkey: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      !ud_mr_key_live{Pre}(p, lkey) ==> \result == UD_E_KEY;
    ensures e_pd: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      ud_mr_key_live{Pre}(p, lkey) && !ud_bind_same_pd{Pre}(p, qp, mw, lkey) ==>
      \result == UD_E_PD;
    ensures e_bind_right: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      ud_mr_key_live{Pre}(p, lkey) && ud_bind_same_pd{Pre}(p, qp, mw, lkey) &&
      !ud_has(\old(p->mr[ud_key_idx(lkey)].access), 16) ==> \result == UD_E_PERM;
    ensures e_rights: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      ud_mr_key_live{Pre}(p, lkey) && ud_bind_same_pd{Pre}(p, qp, mw, lkey) &&
      ud_has(\old(p->mr[ud_key_idx(lkey)].access), 16) &&
      !ud_mw_acc_ok(access) ==> \result == UD_E_INVAL;
    ensures e_fits: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      ud_mr_key_live{Pre}(p, lkey) && ud_bind_same_pd{Pre}(p, qp, mw, lkey) &&
      ud_has(\old(p->mr[ud_key_idx(lkey)].access), 16) && ud_mw_acc_ok(access) &&
      !ud_mw_acc_fits(access, \old(p->mr[ud_key_idx(lkey)].access)) ==> \result == UD_E_PERM;
    ensures e_gen: ud_bind_win_ok{Pre}(p, mw, rkey) && ud_bind_qp_live{Pre}(p, qp) &&
      ud_mr_key_live{Pre}(p, lkey) && ud_bind_same_pd{Pre}(p, qp, mw, lkey) &&
      ud_has(\old(p->mr[ud_key_idx(lkey)].access), 16) && ud_mw_acc_ok(access) &&
      ud_mw_acc_fits(access, \old(p->mr[ud_key_idx(lkey)].access)) &&
      \old(p->mw[mw].gen) >= UD_KEY_GEN_MAX ==> \result == UD_E_NOSPC;
    ensures e_wrap: ud_bind_checks{Pre}(p, qp, mw, rkey, lkey, access) && len != 0 &&
      !ud_bind_below_top(va, len) ==> \result == UD_E_OVERFLOW;
    ensures e_bounds: ud_bind_checks{Pre}(p, qp, mw, rkey, lkey, access) && len != 0 &&
      ud_bind_below_top(va, len) ==> \result == UD_OK || \result == UD_E_BOUNDS;
    ensures ok_invalidate: ud_bind_checks{Pre}(p, qp, mw, rkey, lkey, access) && len == 0 ==>
      \result == UD_OK;
    // with e_bounds: a range outside the region (!ud_within) is UD_E_BOUNDS.
    ensures ok_checked: \result == UD_OK ==> ud_bind_checks{Pre}(p, qp, mw, rkey, lkey, access) &&
      (len != 0 ==> ud_bind_below_top(va, len) &&
         ud_within(va, len, \old(p->mr[ud_key_idx(lkey)].iova), \old(p->mr[ud_key_idx(lkey)].len)));
    ensures ok_new_key: \result == UD_OK ==>
      p->mw[mw].gen == \old(p->mw[mw].gen) + 1 &&
      *new_rkey == ud_key_of(p->mw[mw].gen, UD_PROT_NMR + mw) && *new_rkey != rkey;
    ensures old_keys_dead: \result == UD_OK ==> \forall integer k;
      ud_key_idx(k) == UD_PROT_NMR + mw && ud_key_gen(k) <= \old(p->mw[mw].gen) ==>
      !ud_mw_key_live(p, k);
    ensures ok_bound: \result == UD_OK && len != 0 ==>
      p->mw[mw].bound == 1 && p->mw[mw].va == va && p->mw[mw].len == len &&
      p->mw[mw].access == access && p->mw[mw].mr == ud_key_idx(lkey);
    ensures ok_invalidated: \result == UD_OK && len == 0 ==> p->mw[mw].bound == 0;
    ensures ok_frame: \result == UD_OK ==> ud_mw_only_changed{Pre, Post}(p, mw);
*/
ud_status ud_bind_mw(struct ud_prot *p, uint32_t qp, uint32_t mw, uint32_t rkey,
                     uint32_t lkey, uint64_t va, uint64_t len, uint32_t access,
                     uint32_t *new_rkey);

struct ud_mw_attr {
	uint32_t pd;
	uint32_t rkey;
	uint32_t bound;
};

/* Query Memory Window (2.3): R_Key and PD. */
/*@ requires valid: \valid_read(p) && \valid(a);
    requires sep: \separated(a, p + (..));
    requires inv: ud_prot_inv(p);
    assigns *a;
    behavior no_mw:
      assumes mw >= UD_PROT_NMW || p->mw[mw].live != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *a == \old(*a);
    behavior ok:
      assumes mw < UD_PROT_NMW && p->mw[mw].live == 1;
      ensures status: \result == UD_OK;
      ensures attr: a->pd == p->mw[mw].pd && a->bound == p->mw[mw].bound &&
        a->rkey == ud_key_of(p->mw[mw].gen, UD_PROT_NMR + mw);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_query_mw(const struct ud_prot *p, uint32_t mw, struct ud_mw_attr *a);

/* ibv_dealloc_mw (2.3): destroys the window; its keys stop validating. */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    assigns p->mw[0 .. UD_PROT_NMW - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_mw:
      assumes mw >= UD_PROT_NMW || p->mw[mw].live != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p);
    behavior ok:
      assumes mw < UD_PROT_NMW && p->mw[mw].live == 1;
      ensures status: \result == UD_OK;
      ensures gone: p->mw[mw].live == 0 && p->mw[mw].bound == 0 &&
        p->mw[mw].gen == \old(p->mw[mw].gen);
      ensures keys_dead: \forall integer k; ud_key_idx(k) == UD_PROT_NMR + mw ==>
        !ud_mw_key_live(p, k);
      ensures ok_frame: ud_mw_only_changed{Pre, Post}(p, mw);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_dealloc_mw(struct ud_prot *p, uint32_t mw);

#endif /* UD_MW_H */
