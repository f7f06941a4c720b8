/* SPDX-License-Identifier: MIT */
/*
 * access.c -- the access check (seed 001_7ab1209d0a9249cf.txt).  Contract
 * and the order of checks in access.h.
 */
#include "access.h"

/* Physical address of byte va of live region i (va inside it): its page
 * through the region's page list, three loads (docs/scale.md 3). */
/*@ requires valid: \valid_read(p) && i < UD_PROT_NMR;
    requires pages: ud_pin_inv(p) && p->mr[i].live == 1;
    requires shape: ud_mr_shape(p, i);
    requires inside: p->mr[i].iova <= va < p->mr[i].iova + p->mr[i].len;
    assigns \nothing;
    ensures pa: \result == ud_mr_pa(p, i, va);
    ensures range: \result <= UD_PROT_PA_MAX + 4095;
*/
static uint64_t mr_pa(const struct ud_prot *p, uint32_t i, uint64_t va)
{
	uint64_t pos = (uint64_t)p->mr[i].off + (va - p->mr[i].iova);
	uint64_t pg = pos / UD_PAGE_SIZE;
	uint32_t e;

	/*@ assert in_pages: pg < p->mr[i].npages; */
	/*@ assert link: ud_pg_link_at(p, i) &&
	      p->pg.list[2 * i + p->mr[i].half].npages == p->mr[i].npages; */
	e = ud_mpg_entry(&p->pg, 2u * i + p->mr[i].half, (uint32_t)pg);
	return (uint64_t)p->pg.pfn[e] * UD_PAGE_SIZE + pos % UD_PAGE_SIZE;
}

/*@ assigns \nothing;
    ensures def: \result <==> ud_mr_allows(a, kind); */
static bool mr_allows(uint32_t a, uint32_t kind)
{
	switch (kind) {
	case UD_KIND_LOCAL_READ:    return true;   /* always granted, 1.2.1 */
	case UD_KIND_LOCAL_WRITE:   return UD_HAS(a, UD_ACC_LOCAL_WRITE);
	case UD_KIND_REMOTE_READ:   return UD_HAS(a, UD_ACC_REMOTE_READ);
	case UD_KIND_REMOTE_WRITE:  return UD_HAS(a, UD_ACC_REMOTE_WRITE);
	case UD_KIND_REMOTE_ATOMIC: return UD_HAS(a, UD_ACC_REMOTE_ATOMIC);
	default:                    return false;
	}
}

/*@ assigns \nothing;
    ensures def: \result <==> ud_mw_allows(a, kind); */
static bool mw_allows(uint32_t a, uint32_t kind)
{
	switch (kind) {
	case UD_KIND_REMOTE_READ:   return UD_HAS(a, UD_ACC_REMOTE_READ);
	case UD_KIND_REMOTE_WRITE:  return UD_HAS(a, UD_ACC_REMOTE_WRITE);
	case UD_KIND_REMOTE_ATOMIC: return UD_HAS(a, UD_ACC_REMOTE_ATOMIC);
	default:                    return false;  /* windows: remote only (2.1) */
	}
}

ud_status ud_prot_check(const struct ud_prot *p, uint32_t pd, uint32_t key,
                        uint64_t addr, uint64_t len, uint32_t kind, uint64_t *pa)
{
	uint32_t idx = key % UD_KEY_IDX_SPAN;
	uint32_t gen = key / UD_KEY_IDX_SPAN;

	if (kind > UD_KIND_REMOTE_ATOMIC || len == 0u)
		{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_INVAL; }
	if (idx < UD_PROT_NMR) {
		const struct ud_mr *m = &p->mr[idx];

		if (m->live != 1u || m->gen != gen)
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_KEY; }
		if (m->pd != pd)
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_PD; }                 /* 3.4 */
		if (len - 1u > UINT64_MAX - addr)   /* addr + len > 2^64 */
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_OVERFLOW; }
		if (addr < m->iova || addr - m->iova > m->len ||
		    len > m->len - (addr - m->iova))
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_BOUNDS; }
		if (!mr_allows(m->access, kind))
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_PERM; }
		/*@ assert mr_ok: ud_mr_ok(p, idx); */
		/*@ assert mr_shape: ud_mr_shape(p, idx); */
		/*@ assert pins: ud_pin_inv(p); */
		*pa = mr_pa(p, idx, addr);
		return UD_OK;
	}
	if (idx < UD_PROT_NMR + UD_PROT_NMW) {
		const struct ud_mw *w = &p->mw[idx - UD_PROT_NMR];

		if (w->live != 1u || w->bound != 1u || w->gen != gen)
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_KEY; }
		if (w->pd != pd)
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_PD; }                 /* 2.5, 3.4 */
		if (len - 1u > UINT64_MAX - addr)   /* addr + len > 2^64 */
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_OVERFLOW; }
		/* 2.5: byte granularity against the WINDOW's bounds. */
		if (addr < w->va || addr - w->va > w->len ||
		    len > w->len - (addr - w->va))
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_BOUNDS; }
		if (!mw_allows(w->access, kind))
			{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_PERM; }
		/*@ assert mw_ok: ud_mw_ok(p, idx - UD_PROT_NMR); */
		/*@ assert mr_ok: ud_mr_ok(p, w->mr); */
		/*@ assert mr_shape: ud_mr_shape(p, w->mr); */
		/*@ assert pins: ud_pin_inv(p); */
		*pa = mr_pa(p, w->mr, addr);
		return UD_OK;
	}
	{ /*@ assert no: !ud_allows_mr(p, pd, key, addr, len, kind) && !ud_allows_mw(p, pd, key, addr, len, kind); */ return UD_E_KEY; }
}
