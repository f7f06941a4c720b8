/* SPDX-License-Identifier: MIT */
/*
 * mw.c -- memory windows (seed 001_7ab1209d0a9249cf.txt, section 2).
 * Contracts and the order of checks in mw.h.
 */
#include "mw.h"

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
			p->mw[w].gen = p->mw[w].gen + 1u;
			p->mw[w].live = 1;
			p->mw[w].bound = 0;
			p->mw[w].pd = pd;
			*h = w;
			*rkey = p->mw[w].gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + w;
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
		w->bound = 0;
		w->gen = w->gen + 1u;
		*new_rkey = w->gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
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
	w->mr = mr;
	w->va = va;
	w->len = len;
	w->access = access;
	w->bound = 1;
	w->gen = w->gen + 1u;
	*new_rkey = w->gen * UD_KEY_IDX_SPAN + UD_PROT_NMR + mw;
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
	p->mw[mw].live = 0;
	p->mw[mw].bound = 0;
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}
