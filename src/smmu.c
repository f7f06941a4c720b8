/* SPDX-License-Identifier: MIT */
/*
 * smmu.c -- SMMU context-fault reporting model (seed 004_2c0be60bc8bfaeb5.txt,
 * section 3.2.1).  Contracts in smmu.h; behaviours in docs/fault_fifo.md.
 */
#include "smmu.h"

void ud_smmu_init(struct ud_smmu *s)
{
	uint32_t i;

	/*@ loop invariant range: 0 <= i <= 16;
	    loop invariant done: \forall integer j; 0 <= j < i ==>
	      ud_smmu_cb_inv(&s->cb[j]) && s->cb[j].stall == 0 &&
	      s->cb[j].hupcf == 0 && !ud_smmu_active(&s->cb[j]);
	    loop assigns i, s->cb[0 .. 15];
	    loop variant 16 - i;
	*/
	for (i = 0u; i < UD_SMMU_NCB; i++) {
		/* Linux 4.9 defaults: terminate mode (CFCFG = 0), HUPCF = 0. */
		s->cb[i].stall = false;
		s->cb[i].hupcf = false;
		s->cb[i].tf = false;
		s->cb[i].pf = false;
		s->cb[i].ss = false;
		s->cb[i].multi = false;
		s->cb[i].far = 0u;
		s->cb[i].wnr = false;
	}
}

ud_status ud_smmu_configure(struct ud_smmu *s, uint32_t cb, bool stall, bool hupcf)
{
	if (cb >= UD_SMMU_NCB)
		return UD_E_RANGE;
	if (s->cb[cb].tf || s->cb[cb].pf || s->cb[cb].multi || s->cb[cb].ss)
		return UD_E_STATE;
	s->cb[cb].stall = stall;
	s->cb[cb].hupcf = hupcf;
	return UD_OK;
}

ud_status ud_smmu_access(struct ud_smmu *s, uint32_t cb, uint64_t addr, bool wnr,
			 uint32_t xlate, uint32_t *out)
{
	struct ud_smmu_cb *c;
	bool active;

	if (cb >= UD_SMMU_NCB || addr >= UD_SMMU_ADDR_LIM || xlate > UD_SMMU_XLATE_PF)
		return UD_E_RANGE;
	c = &s->cb[cb];
	active = c->tf || c->pf || c->multi || c->ss;
	if (active && !c->hupcf) {
		/* Terminate: every later transaction terminates, untranslated, and
		 * FSR keeps only the original fault.  Stall: nothing more is
		 * processed until the fault is resolved. */
		*out = c->stall ? UD_SMMU_HELD : UD_SMMU_TERMINATED;
		return UD_OK;
	}
	if (xlate == UD_SMMU_XLATE_OK) {
		*out = UD_SMMU_DONE;
		return UD_OK;
	}
	if (active) {
		/* HUPCF = 1: a new fault under an active one sets MULTI and
		 * records no details; it is terminated. */
		c->multi = true;
		*out = UD_SMMU_TERMINATED;
		return UD_OK;
	}
	c->tf = (xlate == UD_SMMU_XLATE_TF);
	c->pf = (xlate == UD_SMMU_XLATE_PF);
	c->multi = false;
	c->far = addr;
	c->wnr = wnr;
	if (c->stall) {
		c->ss = true;
		*out = UD_SMMU_STALLED;
	} else {
		c->ss = false;
		*out = UD_SMMU_TERMINATED;
	}
	return UD_OK;
}

ud_status ud_smmu_read_fault(const struct ud_smmu *s, uint32_t cb, struct ud_smmu_fault *r)
{
	const struct ud_smmu_cb *c;
	uint32_t fsr = 0u;

	if (cb >= UD_SMMU_NCB)
		return UD_E_RANGE;
	c = &s->cb[cb];
	if (c->tf)
		fsr += UD_SMMU_FSR_TF;
	if (c->pf)
		fsr += UD_SMMU_FSR_PF;
	if (c->ss)
		fsr += UD_SMMU_FSR_SS;
	if (c->multi)
		fsr += UD_SMMU_FSR_MULTI;
	r->fsr = fsr;
	r->far = c->far;
	r->far_lo = (uint32_t)(c->far % 4294967296u);
	r->far_high = (uint32_t)(c->far / 4294967296u);
	r->fsynr0 = c->wnr ? UD_SMMU_FSYNR0_WNR : 0u;
	r->wnr = c->wnr;
	r->tf = c->tf;
	r->pf = c->pf;
	r->multi = c->multi;
	r->stalled = c->ss;
	return UD_OK;
}

ud_status ud_smmu_clear_fault(struct ud_smmu *s, uint32_t cb)
{
	if (cb >= UD_SMMU_NCB)
		return UD_E_RANGE;
	if (s->cb[cb].ss)
		return UD_E_STATE;       /* a stalled transaction needs RESUME */
	s->cb[cb].tf = false;
	s->cb[cb].pf = false;
	s->cb[cb].multi = false;
	return UD_OK;
}

ud_status ud_smmu_resume(struct ud_smmu *s, uint32_t cb, uint32_t action, uint32_t xlate,
			 uint32_t *out)
{
	struct ud_smmu_cb *c;

	if (cb >= UD_SMMU_NCB || action > UD_SMMU_RESUME_RETRY || xlate > UD_SMMU_XLATE_PF)
		return UD_E_RANGE;
	c = &s->cb[cb];
	if (!c->ss)
		return UD_E_STATE;
	c->tf = false;
	c->pf = false;
	c->multi = false;
	c->ss = false;
	if (action == UD_SMMU_RESUME_TERMINATE || xlate == UD_SMMU_XLATE_OK) {
		*out = action == UD_SMMU_RESUME_TERMINATE ? UD_SMMU_TERMINATED : UD_SMMU_DONE;
		return UD_OK;
	}
	/* Retried and still faulting: a fresh first fault of the same
	 * transaction (same FAR and WNR); the bank is in stall mode. */
	c->tf = (xlate == UD_SMMU_XLATE_TF);
	c->pf = (xlate == UD_SMMU_XLATE_PF);
	c->ss = true;
	*out = UD_SMMU_STALLED;
	return UD_OK;
}
