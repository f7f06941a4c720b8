/* SPDX-License-Identifier: MIT */
/*
 * pd.c -- protection domains and membership (seed 001_7ab1209d0a9249cf.txt,
 * section 3).  Contracts in pd.h; invariant ud_prot_inv in spec/prot.acsl.
 */
#include "pd.h"

void ud_prot_init(struct ud_prot *p)
{
	uint32_t i;

	/*@ loop invariant bound: 0 <= i <= UD_PROT_NPD;
	    loop invariant zero: \forall integer d; 0 <= d < i ==> p->pd_live[d] == 0;
	    loop assigns i, p->pd_live[0 .. UD_PROT_NPD - 1];
	    loop variant UD_PROT_NPD - i; */
	for (i = 0; i < UD_PROT_NPD; i++)
		p->pd_live[i] = 0;
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NQP;
	    loop invariant zero: \forall integer q; 0 <= q < i ==> p->qp_live[q] == 0;
	    loop assigns i, p->qp_live[0 .. UD_PROT_NQP - 1], p->qp_pd[0 .. UD_PROT_NQP - 1];
	    loop variant UD_PROT_NQP - i; */
	for (i = 0; i < UD_PROT_NQP; i++) {
		p->qp_live[i] = 0;
		p->qp_pd[i] = 0;
	}
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NAH;
	    loop invariant zero: \forall integer a; 0 <= a < i ==> p->ah_live[a] == 0;
	    loop assigns i, p->ah_live[0 .. UD_PROT_NAH - 1], p->ah_pd[0 .. UD_PROT_NAH - 1];
	    loop variant UD_PROT_NAH - i; */
	for (i = 0; i < UD_PROT_NAH; i++) {
		p->ah_live[i] = 0;
		p->ah_pd[i] = 0;
	}
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NMR;
	    loop invariant zero: \forall integer k; 0 <= k < i ==>
	      p->mr[k].live == 0 && p->mr[k].gen == 0 && p->mr[k].half == 0;
	    loop assigns i, p->mr[0 .. UD_PROT_NMR - 1];
	    loop variant UD_PROT_NMR - i; */
	for (i = 0; i < UD_PROT_NMR; i++) {
		p->mr[i].live = 0;
		p->mr[i].pd = 0;
		p->mr[i].access = 0;
		p->mr[i].gen = 0;
		p->mr[i].iova = 0;
		p->mr[i].len = 0;
		p->mr[i].off = 0;
		p->mr[i].npages = 0;
		p->mr[i].half = 0;
	}
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NMW;
	    loop invariant zero: \forall integer k; 0 <= k < i ==>
	      p->mw[k].live == 0 && p->mw[k].bound == 0 && p->mw[k].gen == 0;
	    loop invariant mr0: \forall integer k; 0 <= k < UD_PROT_NMR ==>
	      p->mr[k].live == 0 && p->mr[k].gen == 0 && p->mr[k].half == 0;
	    loop assigns i, p->mw[0 .. UD_PROT_NMW - 1];
	    loop variant UD_PROT_NMW - i; */
	for (i = 0; i < UD_PROT_NMW; i++) {
		p->mw[i].live = 0;
		p->mw[i].bound = 0;
		p->mw[i].pd = 0;
		p->mw[i].mr = 0;
		p->mw[i].access = 0;
		p->mw[i].gen = 0;
		p->mw[i].va = 0;
		p->mw[i].len = 0;
	}
	ud_mpin_init(&p->pg);
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert link: ud_pg_link(p); */
}

ud_status ud_alloc_pd(struct ud_prot *p, uint32_t *pd)
{
	uint32_t d;

	/*@ loop invariant bound: 0 <= d <= UD_PROT_NPD;
	    loop invariant used: \forall integer k; 0 <= k < d ==> p->pd_live[k] != 0;
	    loop assigns d;
	    loop variant UD_PROT_NPD - d; */
	for (d = 0; d < UD_PROT_NPD; d++) {
		if (p->pd_live[d] == 0u) {
			p->pd_live[d] = 1;
			*pd = d;
			/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
			/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
			/*@ assert pd_keep: \forall integer k; 0 <= k < UD_PROT_NPD && \at(p->pd_live[k], Pre) == 1 ==> p->pd_live[k] == 1; */
			/*@ assert inv_pd: ud_inv_pd(p); */
			/*@ assert inv_qp: ud_inv_qp(p); */
			/*@ assert inv_ah: ud_inv_ah(p); */
			/*@ assert inv_mr: ud_inv_mr(p); */
			/*@ assert inv_mw: ud_inv_mw(p); */
			/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
			/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
			/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
			/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

ud_status ud_dealloc_pd(struct ud_prot *p, uint32_t pd)
{
	uint32_t i;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	/* Seed 001 3.3: not while any region, window, QP or AH is a member. */
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NMR;
	    loop invariant none: \forall integer k; 0 <= k < i ==>
	      !(p->mr[k].live == 1 && p->mr[k].pd == pd);
	    loop assigns i;
	    loop variant UD_PROT_NMR - i; */
	for (i = 0; i < UD_PROT_NMR; i++)
		if (p->mr[i].live == 1u && p->mr[i].pd == pd)
			return UD_E_BUSY;
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NMW;
	    loop invariant none: \forall integer k; 0 <= k < i ==>
	      !(p->mw[k].live == 1 && p->mw[k].pd == pd);
	    loop assigns i;
	    loop variant UD_PROT_NMW - i; */
	for (i = 0; i < UD_PROT_NMW; i++)
		if (p->mw[i].live == 1u && p->mw[i].pd == pd)
			return UD_E_BUSY;
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NQP;
	    loop invariant none: \forall integer k; 0 <= k < i ==>
	      !(p->qp_live[k] == 1 && p->qp_pd[k] == pd);
	    loop assigns i;
	    loop variant UD_PROT_NQP - i; */
	for (i = 0; i < UD_PROT_NQP; i++)
		if (p->qp_live[i] == 1u && p->qp_pd[i] == pd)
			return UD_E_BUSY;
	/*@ loop invariant bound: 0 <= i <= UD_PROT_NAH;
	    loop invariant none: \forall integer k; 0 <= k < i ==>
	      !(p->ah_live[k] == 1 && p->ah_pd[k] == pd);
	    loop assigns i;
	    loop variant UD_PROT_NAH - i; */
	for (i = 0; i < UD_PROT_NAH; i++)
		if (p->ah_live[i] == 1u && p->ah_pd[i] == pd)
			return UD_E_BUSY;
	/*@ assert no_mr: \forall integer k; 0 <= k < UD_PROT_NMR ==> !(p->mr[k].live == 1 && p->mr[k].pd == pd); */
	/*@ assert no_mw: \forall integer k; 0 <= k < UD_PROT_NMW ==> !(p->mw[k].live == 1 && p->mw[k].pd == pd); */
	/*@ assert no_qp: \forall integer k; 0 <= k < UD_PROT_NQP ==> !(p->qp_live[k] == 1 && p->qp_pd[k] == pd); */
	/*@ assert no_ah: \forall integer k; 0 <= k < UD_PROT_NAH ==> !(p->ah_live[k] == 1 && p->ah_pd[k] == pd); */
	p->pd_live[pd] = 0;
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
	/*@ assert pd_other: \forall integer k; 0 <= k < UD_PROT_NPD && k != pd ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
	return UD_OK;
}

ud_status ud_qp_attach(struct ud_prot *p, uint32_t pd, uint32_t *qp)
{
	uint32_t q;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	/*@ loop invariant bound: 0 <= q <= UD_PROT_NQP;
	    loop invariant used: \forall integer k; 0 <= k < q ==> p->qp_live[k] != 0;
	    loop assigns q;
	    loop variant UD_PROT_NQP - q; */
	for (q = 0; q < UD_PROT_NQP; q++) {
		if (p->qp_live[q] == 0u) {
			p->qp_live[q] = 1;
			p->qp_pd[q] = pd;
			*qp = q;
			/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
			/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
			/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
			/*@ assert inv_pd: ud_inv_pd(p); */
			/*@ assert inv_qp: ud_inv_qp(p); */
			/*@ assert inv_ah: ud_inv_ah(p); */
			/*@ assert mr_body: \forall integer i; 0 <= i < UD_PROT_NMR ==>
			      ud_mr_body(p->mr[i].live, p->mr[i].gen, p->mr[i].access, p->mr[i].npages,
			                 p->mr[i].off, p->mr[i].len, p->mr[i].iova); */
			/*@ assert mr_pd: \forall integer i; 0 <= i < UD_PROT_NMR && p->mr[i].live == 1 ==>
			      p->mr[i].pd < UD_PROT_NPD && p->pd_live[p->mr[i].pd] == 1; */
			/*@ assert inv_mr: ud_inv_mr(p); */
			/*@ assert inv_mw: ud_inv_mw(p); */
			/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
			/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
			/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
			/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

ud_status ud_qp_detach(struct ud_prot *p, uint32_t qp)
{
	if (qp >= UD_PROT_NQP || p->qp_live[qp] != 1u)
		return UD_E_NOENT;
	p->qp_live[qp] = 0;
	/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
	return UD_OK;
}

ud_status ud_ah_attach(struct ud_prot *p, uint32_t pd, uint32_t *ah)
{
	uint32_t a;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	/*@ loop invariant bound: 0 <= a <= UD_PROT_NAH;
	    loop invariant used: \forall integer k; 0 <= k < a ==> p->ah_live[k] != 0;
	    loop assigns a;
	    loop variant UD_PROT_NAH - a; */
	for (a = 0; a < UD_PROT_NAH; a++) {
		if (p->ah_live[a] == 0u) {
			p->ah_live[a] = 1;
			p->ah_pd[a] = pd;
			*ah = a;
			/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
			/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
			/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
			/*@ assert inv_pd: ud_inv_pd(p); */
			/*@ assert inv_qp: ud_inv_qp(p); */
			/*@ assert inv_ah: ud_inv_ah(p); */
			/*@ assert mr_body: \forall integer i; 0 <= i < UD_PROT_NMR ==>
			      ud_mr_body(p->mr[i].live, p->mr[i].gen, p->mr[i].access, p->mr[i].npages,
			                 p->mr[i].off, p->mr[i].len, p->mr[i].iova); */
			/*@ assert mr_pd: \forall integer i; 0 <= i < UD_PROT_NMR && p->mr[i].live == 1 ==>
			      p->mr[i].pd < UD_PROT_NPD && p->pd_live[p->mr[i].pd] == 1; */
			/*@ assert inv_mr: ud_inv_mr(p); */
			/*@ assert inv_mw: ud_inv_mw(p); */
			/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
			/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
			/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
			/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

ud_status ud_ah_detach(struct ud_prot *p, uint32_t ah)
{
	if (ah >= UD_PROT_NAH || p->ah_live[ah] != 1u)
		return UD_E_NOENT;
	p->ah_live[ah] = 0;
	/*@ assert mr_same: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_same: ud_mw_same{Pre, Here}(p); */
	/*@ assert pd_same: \forall integer k; 0 <= k < UD_PROT_NPD ==> p->pd_live[k] == \at(p->pd_live[k], Pre); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
	return UD_OK;
}
