/* SPDX-License-Identifier: MIT */
/*
 * mw.c -- memory windows (seed 001_7ab1209d0a9249cf.txt, section 2).
 * Contracts and the order of checks in mw.h.
 *
 * Proved under WP's Typed+ref memory model: the out-parameters (*h, *rkey,
 * *new_rkey, *a) are used only through `*`, so WP models each as its own
 * variable, and a write to one is visibly not a write to the tables.  The
 * conditions that model relies on -- each out-parameter valid and separated
 * from the whole block p points into (`p + (..)`, as WP prints them) -- are
 * this module's own preconditions; proofs/memmodel/mw_*_harness.c check, in
 * the gate, that each verb's stated `requires` imply them (docs/METHOD.md).
 */
/* uldma-wp: -wp-model Typed+ref */
#include "mw.h"

/* Write window mw's fields (one place that changes a window, so each verb's
 * frame comes from this contract's assigns clause). */
/*@ requires valid: \valid(p) && mw < UD_PROT_NMW;
    assigns p->mw[mw];
    ensures fields: p->mw[mw].live == live && p->mw[mw].bound == bound &&
      p->mw[mw].pd == pd && p->mw[mw].mr == mr && p->mw[mw].access == access &&
      p->mw[mw].gen == gen && p->mw[mw].va == va && p->mw[mw].len == len;
*/
static void mw_put(struct ud_prot *p, uint32_t mw, uint32_t live, uint32_t bound,
                   uint32_t pd, uint32_t mr, uint32_t access, uint32_t gen,
                   uint64_t va, uint64_t len)
{
	p->mw[mw].live = live;
	p->mw[mw].bound = bound;
	p->mw[mw].pd = pd;
	p->mw[mw].mr = mr;
	p->mw[mw].access = access;
	p->mw[mw].gen = gen;
	p->mw[mw].va = va;
	p->mw[mw].len = len;
}

/* The one writer of a window that keeps the invariant: the new entry must
 * satisfy the window part of the invariant (its own fields; its PD live;
 * when bound, its region live, same PD, binding enabled, rights and range
 * inside).  Nothing else changes, so every other part carries over. */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    requires w: w < UD_PROT_NMW;
    requires body: ud_mw_body(live, bound, gen);
    requires in_pd: live == 1 ==> pd < UD_PROT_NPD && p->pd_live[pd] == 1;
    requires binding: bound == 1 ==> mr < UD_PROT_NMR &&
      ud_mw_binding(pd, access, va, len, p->mr[mr].live, p->mr[mr].pd,
                    p->mr[mr].access, p->mr[mr].iova, p->mr[mr].len);
    assigns p->mw[w];
    ensures inv: ud_prot_inv(p);
    ensures fields: p->mw[w].live == live && p->mw[w].bound == bound &&
      p->mw[w].pd == pd && p->mw[w].mr == mr && p->mw[w].access == access &&
      p->mw[w].gen == gen && p->mw[w].va == va && p->mw[w].len == len;
    ensures frame: ud_mw_only_changed{Pre, Post}(p, w);
    ensures pin_same: ud_pin_same{Pre, Post}(p);
*/
static void mw_set(struct ud_prot *p, uint32_t w, uint32_t live, uint32_t bound,
                   uint32_t pd, uint32_t mr, uint32_t access, uint32_t gen,
                   uint64_t va, uint64_t len)
{
	mw_put(p, w, live, bound, pd, mr, access, gen, va, len);
	/*@ assert pd_same: ud_pd_same{Pre, Here}(p); */
	/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
	/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, w); */
	/*@ assert this_ok: ud_mw_ok(p, w); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMW && k != w ==> ud_mw_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
}

ud_status ud_alloc_mw(struct ud_prot *p, uint32_t pd, uint32_t *h, uint32_t *rkey)
{
	uint32_t w;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	/*@ loop invariant bound: 0 <= w <= UD_PROT_NMW;
	    loop invariant taken: \forall integer j; 0 <= j < w ==>
	      p->mw[j].live != 0 || p->mw[j].gen >= UD_KEY_GEN_MAX;
	    loop assigns w;
	    loop variant UD_PROT_NMW - w; */
	for (w = 0; w < UD_PROT_NMW; w++) {
		if (p->mw[w].live == 0u && p->mw[w].gen < UD_KEY_GEN_MAX) {
			uint32_t g = p->mw[w].gen + 1u;

			mw_set(p, w, 1, 0, pd, p->mw[w].mr, p->mw[w].access,
			       g, p->mw[w].va, p->mw[w].len);
			*h = w;
			*rkey = g * UD_KEY_IDX_SPAN + UD_PROT_NMR + w;
			/* the two out-parameters are not the table: */
			/*@ assert pd_same: ud_pd_same{Pre, Here}(p); */
			/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
			/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
			/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
			/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, w); */
			/*@ assert this_ok: ud_mw_ok(p, w); */
			/*@ assert inv_pd: ud_inv_pd(p); */
			/*@ assert inv_qp: ud_inv_qp(p); */
			/*@ assert inv_ah: ud_inv_ah(p); */
			/*@ assert inv_mr: ud_inv_mr(p); */
			/*@ assert inv_mw: ud_inv_mw(p); */
			/*@ assert f_all: ud_mw_only_changed{Pre, Here}(p, w); */
			/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
			/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
			/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
			/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

/* Commit a bind (bound == 1: to region mr, [va, va+len), access) or an
 * invalidation (bound == 0: the other fields kept) of live window mw: the
 * next generation, its R_Key in *new_rkey.  The checks are the caller's;
 * this is the one place a bind changes state. */
/*@ requires valid: \valid(p) && \valid(new_rkey);
    requires sep: \separated(new_rkey, p + (..));
    requires inv: ud_prot_inv(p);
    requires mw: mw < UD_PROT_NMW && p->mw[mw].live == 1;
    requires gen: p->mw[mw].gen < UD_KEY_GEN_MAX;
    requires bound: bound <= 1;
    requires binding: bound == 1 ==> mr < UD_PROT_NMR &&
      ud_mw_binding(p->mw[mw].pd, access, va, len, p->mr[mr].live, p->mr[mr].pd,
                    p->mr[mr].access, p->mr[mr].iova, p->mr[mr].len);
    requires kept: bound == 0 ==> mr == p->mw[mw].mr && access == p->mw[mw].access &&
      va == p->mw[mw].va && len == p->mw[mw].len;
    assigns p->mw[mw], *new_rkey;
    ensures inv: ud_prot_inv(p);
    ensures gen: p->mw[mw].gen == \old(p->mw[mw].gen) + 1;
    ensures key: *new_rkey == ud_key_of(p->mw[mw].gen, UD_PROT_NMR + mw);
    ensures fields: p->mw[mw].live == 1 && p->mw[mw].bound == bound &&
      p->mw[mw].pd == \old(p->mw[mw].pd) && p->mw[mw].mr == mr &&
      p->mw[mw].access == access && p->mw[mw].va == va && p->mw[mw].len == len;
    ensures dead: \forall integer k; ud_key_idx(k) == UD_PROT_NMR + mw &&
      ud_key_gen(k) <= \old(p->mw[mw].gen) ==> !ud_mw_key_live(p, k);
    ensures frame: ud_mw_only_changed{Pre, Post}(p, mw);
    ensures pin_same: ud_pin_same{Pre, Post}(p);
*/
static void mw_commit(struct ud_prot *p, uint32_t mw, uint32_t bound, uint32_t mr,
		      uint32_t access, uint64_t va, uint64_t len, uint32_t *new_rkey)
{
	uint32_t g = p->mw[mw].gen + 1u;

	mw_set(p, mw, 1, bound, p->mw[mw].pd, mr, access, g, va, len);
	*new_rkey = g * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
	/* the out-parameter is not the table: */
	/*@ assert gen: p->mw[mw].gen == \at(p->mw[mw].gen, Pre) + 1; */
	/*@ assert pd_same: ud_pd_same{Pre, Here}(p); */
	/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
	/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, mw); */
	/*@ assert this_ok: ud_mw_ok(p, mw); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert f_all: ud_mw_only_changed{Pre, Here}(p, mw); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
}

/* [va, va+len) lies inside live region mr, byte-granular (the range check
 * of a bind, in its own function so the verb's goals see one boolean). */
/*@ requires valid: \valid_read(p) && mr < UD_PROT_NMR;
    requires nowrap: ud_no_wrap64(va, len);
    assigns \nothing;
    ensures def: \result <==> ud_within(va, len, p->mr[mr].iova, p->mr[mr].len);
*/
static bool in_region(const struct ud_prot *p, uint32_t mr, uint64_t va, uint64_t len)
{
	if (va < p->mr[mr].iova || va - p->mr[mr].iova > p->mr[mr].len ||
	    len > p->mr[mr].len - (va - p->mr[mr].iova))
		return false;
	return true;
}

/* A window's remote write / atomic rights need the region's local write
 * (2.4 (1), (3)): the bind's rights test as one value.  Inline, as
 * `(remote write || atomic) && !local write`, the code after it was
 * reached by three paths and every goal of the verb carried its tail once
 * per path (docs/METHOD.md, "One test per branch"). */
/*@ assigns \nothing;
    ensures def: \result <==> ud_mw_acc_fits(access, mracc);
*/
static bool acc_fits(uint32_t access, uint32_t mracc)
{
	if (UD_HAS(access, UD_ACC_REMOTE_WRITE) || UD_HAS(access, UD_ACC_REMOTE_ATOMIC))
		return UD_HAS(mracc, UD_ACC_LOCAL_WRITE);
	return true;
}

ud_status ud_bind_mw(struct ud_prot *p, uint32_t qp, uint32_t mw, uint32_t rkey,
                     uint32_t lkey, uint64_t va, uint64_t len, uint32_t access,
                     uint32_t *new_rkey)
{
	uint32_t mr = lkey % UD_KEY_IDX_SPAN;
	struct ud_mw *w;

	/*@ assert mr_idx: mr == ud_key_idx(lkey); */
	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	w = &p->mw[mw];
	/*@ assert w_ok: ud_mw_ok(p, mw); */
	/*@ assert w_gen: w->gen <= UD_KEY_GEN_MAX; */
	if (rkey != w->gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw)
		return UD_E_KEY;
	if (qp >= UD_PROT_NQP || p->qp_live[qp] != 1u)
		return UD_E_NOENT;
	if (mr >= UD_PROT_NMR || p->mr[mr].live != 1u ||
	    p->mr[mr].gen != lkey / UD_KEY_IDX_SPAN)
		return UD_E_KEY;
	/* 2.4/2.5: window, region and the binding QP in one PD. */
	if (p->qp_pd[qp] != w->pd || p->mr[mr].pd != w->pd)
		return UD_E_PD;
	if (!UD_HAS(p->mr[mr].access, UD_ACC_MW_BIND))
		return UD_E_PERM;                         /* 1.2.3 */
	if (access > UD_ACC_REMOTE || UD_HAS(access, UD_ACC_LOCAL_WRITE))
		return UD_E_INVAL;
	if (!acc_fits(access, p->mr[mr].access))
		return UD_E_PERM;                         /* 2.4 (1), (3) */
	if (w->gen >= UD_KEY_GEN_MAX)
		return UD_E_NOSPC;                        /* keys exhausted */
	if (len == 0u) {
		/* 2.5: a zero-length bind invalidates the binding. */
		mw_commit(p, mw, 0, w->mr, w->access, w->va, w->len, new_rkey);
		return UD_OK;
	}
	if (len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	if (!in_region(p, mr, va, len))
		return UD_E_BOUNDS;
	/*@ assert ok_in: ud_within(va, len, \at(p->mr[ud_key_idx(lkey)].iova, Pre),
	      \at(p->mr[ud_key_idx(lkey)].len, Pre)); */
	/*@ assert binding: ud_mw_binding(p->mw[mw].pd, access, va, len,
	      p->mr[mr].live, p->mr[mr].pd, p->mr[mr].access, p->mr[mr].iova,
	      p->mr[mr].len); */
	mw_commit(p, mw, 1, mr, access, va, len, new_rkey);
	return UD_OK;
}

ud_status ud_query_mw(const struct ud_prot *p, uint32_t mw, struct ud_mw_attr *a)
{
	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	/*@ assert w_ok: ud_mw_ok(p, mw); */
	a->pd = p->mw[mw].pd;
	a->bound = p->mw[mw].bound;
	a->rkey = p->mw[mw].gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
	return UD_OK;
}

ud_status ud_dealloc_mw(struct ud_prot *p, uint32_t mw)
{
	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	mw_set(p, mw, 0, 0, p->mw[mw].pd, p->mw[mw].mr, p->mw[mw].access,
	       p->mw[mw].gen, p->mw[mw].va, p->mw[mw].len);
	return UD_OK;
}
