/* SPDX-License-Identifier: MIT */
/*
 * mw.c -- memory windows (seed 001_7ab1209d0a9249cf.txt, section 2).
 * Contracts and the order of checks in mw.h.
 */
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

ud_status ud_alloc_mw(struct ud_prot *p, uint32_t pd, uint32_t *h, uint32_t *rkey)
{
	uint32_t w;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	/*@ loop invariant bound: 0 <= w <= UD_PROT_NMW;
	    loop assigns w;
	    loop variant UD_PROT_NMW - w; */
	for (w = 0; w < UD_PROT_NMW; w++) {
		if (p->mw[w].live == 0u && p->mw[w].gen < UD_KEY_GEN_MAX) {
			mw_put(p, w, 1, 0, pd, p->mw[w].mr, p->mw[w].access,
			       p->mw[w].gen + 1u, p->mw[w].va, p->mw[w].len);
			*h = w;
			*rkey = p->mw[w].gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + w;
			/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
			/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
			/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
			/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
			/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, w); */
			/*@ assert mr_struct: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
			/*@ assert mw_struct: \forall integer k; 0 <= k < UD_PROT_NMW && k != w ==> p->mw[k] == \at(p->mw[k], Pre); */
			/*@ assert inv_pd: ud_inv_pd(p); */
			/*@ assert inv_qp: ud_inv_qp(p); */
			/*@ assert inv_ah: ud_inv_ah(p); */
			/*@ assert inv_mr: ud_inv_mr(p); */
			/*@ assert inv_mw: ud_inv_mw(p); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

ud_status ud_bind_mw(struct ud_prot *p, uint32_t qp, uint32_t mw, uint32_t rkey,
                     uint32_t lkey, uint64_t va, uint64_t len, uint32_t access,
                     uint32_t *new_rkey)
{
	uint32_t mr = lkey % UD_KEY_IDX_SPAN;
	struct ud_mw *w;

	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	w = &p->mw[mw];
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
	if ((UD_HAS(access, UD_ACC_REMOTE_WRITE) || UD_HAS(access, UD_ACC_REMOTE_ATOMIC)) &&
	    !UD_HAS(p->mr[mr].access, UD_ACC_LOCAL_WRITE))
		return UD_E_PERM;                         /* 2.4 (1), (3) */
	if (w->gen >= UD_KEY_GEN_MAX)
		return UD_E_NOSPC;                        /* keys exhausted */
	if (len == 0u) {
		/* 2.5: a zero-length bind invalidates the binding. */
		mw_put(p, mw, 1, 0, w->pd, w->mr, w->access, w->gen + 1u, w->va, w->len);
		*new_rkey = w->gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
		/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
		/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
		/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
		/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
		/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, mw); */
		/*@ assert mr_struct: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
		/*@ assert mw_struct: \forall integer k; 0 <= k < UD_PROT_NMW && k != mw ==> p->mw[k] == \at(p->mw[k], Pre); */
		/*@ assert inv_pd: ud_inv_pd(p); */
		/*@ assert inv_qp: ud_inv_qp(p); */
		/*@ assert inv_ah: ud_inv_ah(p); */
		/*@ assert inv_mr: ud_inv_mr(p); */
		/*@ assert inv_mw: ud_inv_mw(p); */
		return UD_OK;
	}
	if (len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	if (va < p->mr[mr].iova || va - p->mr[mr].iova > p->mr[mr].len ||
	    len > p->mr[mr].len - (va - p->mr[mr].iova))
		return UD_E_BOUNDS;
	mw_put(p, mw, 1, 1, w->pd, mr, access, w->gen + 1u, va, len);
	*new_rkey = w->gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
	/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
	/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
	/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, mw); */
	/*@ assert mr_struct: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_struct: \forall integer k; 0 <= k < UD_PROT_NMW && k != mw ==> p->mw[k] == \at(p->mw[k], Pre); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}

ud_status ud_query_mw(const struct ud_prot *p, uint32_t mw, struct ud_mw_attr *a)
{
	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	a->pd = p->mw[mw].pd;
	a->bound = p->mw[mw].bound;
	a->rkey = p->mw[mw].gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
	return UD_OK;
}

ud_status ud_dealloc_mw(struct ud_prot *p, uint32_t mw)
{
	if (mw >= UD_PROT_NMW || p->mw[mw].live != 1u)
		return UD_E_NOENT;
	mw_put(p, mw, 0, 0, p->mw[mw].pd, p->mw[mw].mr, p->mw[mw].access,
	       p->mw[mw].gen, p->mw[mw].va, p->mw[mw].len);
	/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
	/*@ assert qp_same: \forall integer k; 0 <= k < UD_PROT_NQP ==> p->qp_live[k] == \at(p->qp_live[k], Pre) && p->qp_pd[k] == \at(p->qp_pd[k], Pre); */
	/*@ assert ah_same: \forall integer k; 0 <= k < UD_PROT_NAH ==> p->ah_live[k] == \at(p->ah_live[k], Pre) && p->ah_pd[k] == \at(p->ah_pd[k], Pre); */
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same_but{Pre, Here}(p, mw); */
	/*@ assert mr_struct: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_struct: \forall integer k; 0 <= k < UD_PROT_NMW && k != mw ==> p->mw[k] == \at(p->mw[k], Pre); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}
