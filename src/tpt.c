// SPDX-License-Identifier: MIT
/*
 * tpt.c -- the translation-and-protection tables of a PCI-SCI bridge with
 * VIA-style memory management (seed 002_ffb04a49a005edd4.txt, 3.1-3.3,
 * 4.1-4.3).  Contracts: tpt.h; vocabulary: spec/tpt.acsl.
 */
#include "tpt.h"

void ud_tpt_init(struct ud_tpt *t, uint16_t node)
{
	uint32_t i;

	t->node = node;
	/*@ loop invariant range: 0 <= i <= UD_TPT_UP_ENTRIES;
	    loop invariant clean: \forall integer k; 0 <= k < i ==>
	        t->up[k].ppn == 0 && t->up[k].tag == 0 && !t->up[k].valid;
	    loop assigns i, t->up[0 .. UD_TPT_UP_ENTRIES - 1];
	    loop variant UD_TPT_UP_ENTRIES - i;
	*/
	for (i = 0; i < UD_TPT_UP_ENTRIES; i++) {
		t->up[i].ppn = 0;
		t->up[i].tag = 0;
		t->up[i].valid = false;
	}
	/*@ loop invariant range: 0 <= i <= UD_TPT_DOWN_ENTRIES;
	    loop invariant clean: \forall integer k; 0 <= k < i ==>
	        t->down[k].roff == 0 && t->down[k].node == 0 &&
	        t->down[k].tag == 0 && !t->down[k].valid;
	    loop assigns i, t->down[0 .. UD_TPT_DOWN_ENTRIES - 1];
	    loop variant UD_TPT_DOWN_ENTRIES - i;
	*/
	for (i = 0; i < UD_TPT_DOWN_ENTRIES; i++) {
		t->down[i].roff = 0;
		t->down[i].node = 0;
		t->down[i].tag = 0;
		t->down[i].valid = false;
	}
}

ud_status ud_tpt_export(struct ud_tpt *t, uint32_t idx, uint64_t ppn, uint16_t tag)
{
	if (idx >= UD_TPT_UP_ENTRIES || ppn >= UD_TPT_PPN_LIM)
		return UD_E_RANGE;
	if (t->up[idx].valid)
		return UD_E_BUSY;
	t->up[idx].ppn = ppn;
	t->up[idx].tag = tag;
	t->up[idx].valid = true;
	return UD_OK;
}

ud_status ud_tpt_unexport(struct ud_tpt *t, uint32_t idx)
{
	if (idx >= UD_TPT_UP_ENTRIES)
		return UD_E_RANGE;
	if (!t->up[idx].valid)
		return UD_E_NOENT;
	t->up[idx].valid = false;
	t->up[idx].ppn = 0;
	t->up[idx].tag = 0;
	return UD_OK;
}

ud_status ud_tpt_import(struct ud_tpt *t, uint32_t idx, uint16_t node, uint64_t roff,
			uint16_t tag)
{
	if (idx >= UD_TPT_DOWN_ENTRIES || roff >= UD_TPT_UP_WIN)
		return UD_E_RANGE;
	if (roff % UD_TPT_DOWN_PAGE != 0u)
		return UD_E_INVAL;
	if (t->down[idx].valid)
		return UD_E_BUSY;
	t->down[idx].roff = roff;
	t->down[idx].node = node;
	t->down[idx].tag = tag;
	t->down[idx].valid = true;
	return UD_OK;
}

ud_status ud_tpt_unimport(struct ud_tpt *t, uint32_t idx)
{
	if (idx >= UD_TPT_DOWN_ENTRIES)
		return UD_E_RANGE;
	if (!t->down[idx].valid)
		return UD_E_NOENT;
	t->down[idx].valid = false;
	t->down[idx].roff = 0;
	t->down[idx].node = 0;
	t->down[idx].tag = 0;
	return UD_OK;
}

ud_status ud_tpt_up_xlate(const struct ud_tpt *t, uint64_t addr, uint32_t mode,
			  uint16_t tag, uint64_t *pa)
{
	const struct ud_tpt_up *e;

	if (mode > UD_TPT_PIO)
		return UD_E_INVAL;
	if (addr >= UD_TPT_UP_WIN)
		return UD_E_RANGE;
	e = &t->up[addr / UD_TPT_UP_PAGE];
	if (!e->valid)
		return UD_E_NOENT;
	if (mode == UD_TPT_ENGINE && e->tag != tag)
		return UD_E_PERM;
	*pa = e->ppn * UD_TPT_UP_PAGE + addr % UD_TPT_UP_PAGE;
	return UD_OK;
}

ud_status ud_tpt_down_xlate(const struct ud_tpt *t, uint64_t addr, uint32_t mode,
			    uint16_t tag, uint16_t *node, uint64_t *roff)
{
	const struct ud_tpt_down *e;

	if (mode > UD_TPT_PIO)
		return UD_E_INVAL;
	if (addr >= UD_TPT_DOWN_WIN)
		return UD_E_RANGE;
	e = &t->down[addr / UD_TPT_DOWN_PAGE];
	if (!e->valid)
		return UD_E_NOENT;
	if (mode == UD_TPT_ENGINE && e->tag != tag)
		return UD_E_PERM;
	*node = e->node;
	*roff = e->roff + addr % UD_TPT_DOWN_PAGE;
	return UD_OK;
}

ud_status ud_tpt_path(const struct ud_tpt *imp, const struct ud_tpt *exp, uint64_t addr,
		      uint32_t mode, uint16_t tag, uint64_t *pa)
{
	uint16_t node = 0;
	uint64_t roff = 0;
	uint64_t out = 0;
	ud_status r;

	r = ud_tpt_down_xlate(imp, addr, mode, tag, &node, &roff);
	if (r != UD_OK)
		return r;
	if (node != exp->node)
		return UD_E_NOENT;
	/* 4.3: on the remote node the tags are ignored. */
	r = ud_tpt_up_xlate(exp, roff, UD_TPT_PIO, 0, &out);
	if (r != UD_OK)
		return r;
	*pa = out;
	return UD_OK;
}
