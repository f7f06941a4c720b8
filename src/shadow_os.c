/* SPDX-License-Identifier: MIT */
/*
 * shadow_os.c -- the OS side of shadow addressing: creating and removing a
 * process's shadow mappings, and the MMU's translation of a shadow access
 * (seed 000_84f077e385ac0b00.txt).  Contracts: src/shadow_os.h.
 */
#include "shadow_os.h"

#define SH_VPAGES (UD_SH_VBIT / UD_PAGE_SIZE)   /* virtual pages          */
#define SH_PPAGES (UD_SH_BIT / UD_PAGE_SIZE)    /* physical pages         */

ud_status ud_sh_os_init(struct ud_sh_as *as, uint32_t ctx)
{
	if (ctx >= UD_SH_NCTX2)
		return UD_E_RANGE;
	as->ctx = ctx;
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_PT_N;
	  loop invariant done: \forall integer k; 0 <= k < i ==> as->pt[k].valid == 0;
	  loop assigns i, as->pt[0 .. UD_SH_PT_N - 1];
	  loop variant UD_SH_PT_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_PT_N; i++) {
		as->pt[i].vpage = 0;
		as->pt[i].ppage = 0;
		as->pt[i].rights = 0;
		as->pt[i].valid = 0;
	}
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_ST_N;
	  loop invariant done: \forall integer k; 0 <= k < i ==> as->st[k].valid == 0;
	  loop assigns i, as->st[0 .. UD_SH_ST_N - 1];
	  loop variant UD_SH_ST_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_ST_N; i++) {
		as->st[i].svpage = 0;
		as->st[i].spage = 0;
		as->st[i].rights = 0;
		as->st[i].pti = 0;
		as->st[i].valid = 0;
	}
	//@ assert pte_all: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	//@ assert ste_all: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert pt_uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N ==>
	      !(as->pt[a].valid == 1 && as->pt[b].valid == 1); */
	/*@ assert st_uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N ==>
	      !(as->st[a].valid == 1 && as->st[b].valid == 1); */
	//@ assert ctx_ok: as->ctx == ctx && ctx < UD_SH_NCTX2;
	//@ assert inv_all: ud_sh_as_inv(as);
	return UD_OK;
}

/* The page-table entry of virtual page vp, or UD_SH_PT_N. */
/*@
  requires valid_as: \valid_read(as);
  requires inv: ud_sh_as_inv(as);
  assigns \nothing;
  ensures range: 0 <= \result <= UD_SH_PT_N;
  ensures found: \result < UD_SH_PT_N ==>
    as->pt[\result].valid == 1 && as->pt[\result].vpage == vp;
  ensures none: \result == UD_SH_PT_N ==> \forall integer j; 0 <= j < UD_SH_PT_N ==>
    !(as->pt[j].valid == 1 && as->pt[j].vpage == vp);
*/
static uint32_t pt_find(const struct ud_sh_as *as, uint64_t vp)
{
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_PT_N;
	  loop invariant none: \forall integer j; 0 <= j < i ==>
	    !(as->pt[j].valid == 1 && as->pt[j].vpage == vp);
	  loop assigns i;
	  loop variant UD_SH_PT_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_PT_N; i++)
		if (as->pt[i].valid == 1u && as->pt[i].vpage == vp)
			return i;
	return UD_SH_PT_N;
}

/* The shadow mapping of shadow virtual page svp, or UD_SH_ST_N. */
/*@
  requires valid_as: \valid_read(as);
  requires inv: ud_sh_as_inv(as);
  assigns \nothing;
  ensures range: 0 <= \result <= UD_SH_ST_N;
  ensures found: \result < UD_SH_ST_N ==>
    as->st[\result].valid == 1 && as->st[\result].svpage == svp;
  ensures none: \result == UD_SH_ST_N ==> \forall integer j; 0 <= j < UD_SH_ST_N ==>
    !(as->st[j].valid == 1 && as->st[j].svpage == svp);
*/
static uint32_t st_find(const struct ud_sh_as *as, uint64_t svp)
{
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_ST_N;
	  loop invariant none: \forall integer j; 0 <= j < i ==>
	    !(as->st[j].valid == 1 && as->st[j].svpage == svp);
	  loop assigns i;
	  loop variant UD_SH_ST_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_ST_N; i++)
		if (as->st[i].valid == 1u && as->st[i].svpage == svp)
			return i;
	return UD_SH_ST_N;
}

/* Fill free page-table slot i (vpage not yet mapped). */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires slot: i < UD_SH_PT_N && as->pt[i].valid == 0;
  requires ranges: vpage < ud_sh_vbit / 4096 && ppage < ud_sh_bit / 4096 && 1 <= rights <= 3;
  requires fresh: \forall integer j; 0 <= j < UD_SH_PT_N ==>
    !(as->pt[j].valid == 1 && as->pt[j].vpage == vpage);
  assigns as->pt[i];
  ensures inv_kept: ud_sh_as_inv(as);
  ensures entry: as->pt[i].valid == 1 && as->pt[i].vpage == vpage &&
    as->pt[i].ppage == ppage && as->pt[i].rights == rights;
*/
static void pt_put(struct ud_sh_as *as, uint32_t i, uint64_t vpage, uint64_t ppage,
		   uint32_t rights)
{
	/*@ assert mirrored_valid: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      as->st[k].valid == 1 ==> as->pt[as->st[k].pti].valid == 1 && as->st[k].pti < UD_SH_PT_N; */
	/*@ assert not_mirrored: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      as->st[k].valid == 1 ==> as->st[k].pti != i; */
	as->pt[i].vpage = vpage;
	as->pt[i].ppage = ppage;
	as->pt[i].rights = rights;
	as->pt[i].valid = 1;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_PT_N && k != i ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	/*@ assert st_same: \forall integer k; 0 <= k < UD_SH_ST_N ==>
	      as->st[k] == \at(as->st[k], Pre); */
	//@ assert pte_i: ud_sh_pte_ok(as, i);
	/*@ assert pte_others: \forall integer k; 0 <= k < UD_SH_PT_N && k != i ==>
	      ud_sh_pte_ok(as, k); */
	//@ assert pte: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert mirrors_kept: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      as->st[k].valid == 1 ==> as->pt[as->st[k].pti] == \at(as->pt[as->st[k].pti], Pre); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq_new: \forall integer k; 0 <= k < UD_SH_PT_N && k != i &&
	      as->pt[k].valid == 1 ==> as->pt[k].vpage != as->pt[i].vpage; */
	/*@ assert uniq_old: \forall integer a, b; 0 <= a < b < UD_SH_PT_N && a != i && b != i &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
}

/* Fill free shadow slot i: the mirror of page-table entry j. */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires slot: i < UD_SH_ST_N && as->st[i].valid == 0;
  requires pte: j < UD_SH_PT_N && as->pt[j].valid == 1;
  requires svp_is: svp == ud_sh_vbit / 4096 + as->pt[j].vpage;
  requires rights_ok: 1 <= rights <= 3 && ud_rights_le(rights, as->pt[j].rights);
  requires fresh: \forall integer k; 0 <= k < UD_SH_ST_N ==>
    !(as->st[k].valid == 1 && as->st[k].svpage == svp);
  assigns as->st[i];
  ensures inv_kept: ud_sh_as_inv(as);
  ensures mirrors: as->st[i].valid == 1 && as->st[i].rights == rights &&
    ud_sh_ste_mirrors(as, i, j);
*/
static void st_put(struct ud_sh_as *as, uint32_t i, uint32_t j, uint64_t svp,
		   uint32_t rights)
{
	//@ assert ctx: as->ctx < UD_SH_NCTX2;
	//@ assert pp: as->pt[j].ppage < ud_sh_bit / 4096;
	/* shadow(ppage * 4096, ctx) / 4096 */
	uint64_t base = (UD_SH_BIT + (uint64_t)as->ctx * (2u * UD_SH_BIT)) / UD_PAGE_SIZE;
	//@ assert base_is: base * 4096 == ud_sh_bit + as->ctx * (2 * ud_sh_bit);
	//@ assert spage_is: base + as->pt[j].ppage == ud_sh_spage(as->pt[j].ppage, as->ctx);
	as->st[i].svpage = svp;
	as->st[i].spage = base + as->pt[j].ppage;
	as->st[i].rights = rights;
	as->st[i].pti = j;
	as->st[i].valid = 1;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      as->st[k] == \at(as->st[k], Pre); */
	/*@ assert pt_same: \forall integer k; 0 <= k < UD_SH_PT_N ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	//@ assert mine: ud_sh_ste_mirrors(as, i, j);
	//@ assert ste_i: ud_sh_ste_ok(as, i);
	/*@ assert ste_others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      ud_sh_ste_ok(as, k); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq_new: \forall integer k; 0 <= k < UD_SH_ST_N && k != i &&
	      as->st[k].valid == 1 ==> as->st[k].svpage != as->st[i].svpage; */
	/*@ assert uniq_old: \forall integer a, b; 0 <= a < b < UD_SH_ST_N && a != i && b != i &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
	//@ assert ctx_same: as->ctx == \at(as->ctx, Pre);
	//@ assert pte_all: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert pt_uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
}

ud_status ud_sh_os_pt_add(struct ud_sh_as *as, uint64_t vpage, uint64_t ppage,
			  uint32_t rights)
{
	if (vpage >= SH_VPAGES || ppage >= SH_PPAGES)
		return UD_E_RANGE;
	if (rights < 1u || rights > 3u)
		return UD_E_INVAL;
	if (pt_find(as, vpage) < UD_SH_PT_N)
		return UD_E_BUSY;
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_PT_N;
	  loop invariant used: \forall integer j; 0 <= j < i ==> as->pt[j].valid != 0;
	  loop assigns i;
	  loop variant UD_SH_PT_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_PT_N; i++) {
		if (as->pt[i].valid == 0u) {
			pt_put(as, i, vpage, ppage, rights);
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

/* rights r1 are no more than r2 (ud_rights_le) */
/*@
  assigns \nothing;
  ensures le: \result == 1 <==> ud_rights_le(r1, r2);
  ensures bool: \result == 0 || \result == 1;
*/
static int rights_le(uint32_t r1, uint32_t r2)
{
	if (r1 > 3u || r2 > 3u)
		return 0;
	return r1 == 0u || r1 == r2 || r2 == 3u;
}

/* *p = v, as a call: the caller's frame comes from `assigns *p`. */
/*@
  requires valid: \valid(p);
  assigns *p;
  ensures stored: *p == v;
*/
static void put_u64(uint64_t *p, uint64_t v)
{
	*p = v;
}

ud_status ud_sh_os_map(struct ud_sh_as *as, uint64_t vaddr, uint32_t rights,
		       uint64_t *svaddr)
{
	if (vaddr >= UD_SH_VBIT)
		return UD_E_RANGE;
	if (rights < 1u || rights > 3u)
		return UD_E_INVAL;
	uint64_t vp = vaddr / UD_PAGE_SIZE;
	uint32_t j = pt_find(as, vp);
	if (j >= UD_SH_PT_N)
		return UD_E_NOENT;
	if (!rights_le(rights, as->pt[j].rights))
		return UD_E_PERM;      /* never more rights than the page itself */
	uint64_t svp = SH_VPAGES + vp;
	if (st_find(as, svp) < UD_SH_ST_N)
		return UD_E_BUSY;
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_ST_N;
	  loop invariant used: \forall integer k; 0 <= k < i ==> as->st[k].valid != 0;
	  loop assigns i;
	  loop variant UD_SH_ST_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_ST_N; i++) {
		if (as->st[i].valid == 0u) {
			put_u64(svaddr, UD_SH_VBIT + vaddr);
			/*@ assert frame: as->ctx == \at(as->ctx, Pre) &&
			      (\forall integer k; 0 <= k < UD_SH_PT_N ==> as->pt[k] == \at(as->pt[k], Pre)) &&
			      (\forall integer k; 0 <= k < UD_SH_ST_N ==> as->st[k] == \at(as->st[k], Pre)); */
			//@ assert inv_mid: ud_sh_as_inv(as);
			st_put(as, i, j, svp, rights);
			/*@ assert new_slot: \let u = i; \at(as->st[u].valid, Pre) == 0 &&
			      ud_sh_st_same_but{Pre, Here}(as, i); */
			return UD_OK;
		}
	}
	return UD_E_NOSPC;
}

ud_status ud_sh_os_unmap(struct ud_sh_as *as, uint64_t svaddr)
{
	uint32_t i = st_find(as, svaddr / UD_PAGE_SIZE);
	if (i >= UD_SH_ST_N)
		return UD_E_NOENT;
	as->st[i].valid = 0;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      as->st[k] == \at(as->st[k], Pre); */
	/*@ assert pt_same: \forall integer k; 0 <= k < UD_SH_PT_N ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	//@ assert ctx_same: as->ctx == \at(as->ctx, Pre);
	//@ assert pte_all: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert pt_uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
	//@ assert ste_i: ud_sh_ste_ok(as, i);
	/*@ assert ste_others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      ud_sh_ste_ok(as, k); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
	return UD_OK;
}

ud_status ud_sh_os_translate(const struct ud_sh_as *as, uint64_t svaddr, uint32_t kind,
			     uint64_t *sa)
{
	if (kind > UD_BUS_LOAD)
		return UD_E_INVAL;
	uint32_t i = st_find(as, svaddr / UD_PAGE_SIZE);
	if (i >= UD_SH_ST_N)
		return UD_E_NOENT;
	/* rights are 1 (read), 2 (write) or 3 (both) by the invariant */
	uint32_t r = as->st[i].rights;
	if (kind == UD_BUS_STORE ? r < UD_SH_R_WRITE : r == UD_SH_R_WRITE)
		return UD_E_PERM;
	//@ ghost uint32_t j = as->st[i].pti;
	uint64_t off = svaddr % UD_PAGE_SIZE;
	//@ assert m: ud_sh_ste_mirrors(as, i, j);
	//@ assert pte_j: ud_sh_pte_ok(as, j);
	//@ assert pp: as->pt[j].ppage < ud_sh_bit / 4096 && as->ctx < UD_SH_NCTX2;
	//@ assert p_in: ud_sh_is_pa(as->pt[j].ppage * 4096 + off);
	/*@ assert sp: as->st[i].spage * 4096 ==
	      ud_sh_bit + as->ctx * (2 * ud_sh_bit) + as->pt[j].ppage * 4096; */
	/*@ assert addr: as->st[i].spage * 4096 + off ==
	      ud_sh_addr(as->pt[j].ppage * 4096 + off, as->ctx); */
	*sa = as->st[i].spage * UD_PAGE_SIZE + off;
	//@ assert dec: ud_sh_is_shadow(*sa) && ud_sh_ctx(*sa) == as->ctx && ud_sh_pa(*sa) == as->pt[j].ppage * 4096 + off;
	//@ assert page: ud_sh_pa(*sa) / 4096 == as->pt[j].ppage;
	/*@ assert right: ud_rights_le(kind == UD_BUS_STORE ? UD_SH_R_WRITE : UD_SH_R_READ,
	      as->pt[j].rights); */
	//@ assert has: ud_sh_has_page(as, ud_sh_pa(*sa) / 4096, kind == UD_BUS_STORE ? UD_SH_R_WRITE : UD_SH_R_READ);
	return UD_OK;
}

/* Clear shadow slot i (a mapping the caller tears down). */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires slot: i < UD_SH_ST_N && as->st[i].valid == 1;
  assigns as->st[i].valid;
  ensures inv_kept: ud_sh_as_inv(as);
  ensures cleared: as->st[i].valid == 0;
*/
static void st_clear(struct ud_sh_as *as, uint32_t i)
{
	as->st[i].valid = 0;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      as->st[k] == \at(as->st[k], Pre); */
	/*@ assert pt_same: \forall integer k; 0 <= k < UD_SH_PT_N ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	//@ assert ctx_same: as->ctx == \at(as->ctx, Pre);
	//@ assert pte_all: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert pt_uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
	//@ assert ste_i: ud_sh_ste_ok(as, i);
	/*@ assert ste_others: \forall integer k; 0 <= k < UD_SH_ST_N && k != i ==>
	      ud_sh_ste_ok(as, k); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
}

/* Remove every shadow mapping that mirrors page-table entry j with more
 * rights than r (r = 0: every mapping of entry j). */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires j_in: j < UD_SH_PT_N;
  requires r_in: r <= 3;
  assigns as->st[0 .. UD_SH_ST_N - 1];
  ensures inv_kept: ud_sh_as_inv(as);
  ensures torn: ud_sh_st_torn_down{Pre, Post}(as, j, r);
  ensures left: \forall integer k; 0 <= k < UD_SH_ST_N &&
    as->st[k].valid == 1 && as->st[k].pti == j ==> ud_rights_le(as->st[k].rights, r);
  ensures pt_same: \forall integer k; 0 <= k < UD_SH_PT_N ==> as->pt[k] == \old(as->pt[k]);
*/
static void st_tear(struct ud_sh_as *as, uint32_t j, uint32_t r)
{
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_ST_N;
	  loop invariant inv: ud_sh_as_inv(as);
	  loop invariant done: \forall integer k; 0 <= k < i &&
	    as->st[k].valid == 1 && as->st[k].pti == j ==> ud_rights_le(as->st[k].rights, r);
	  loop invariant torn: \forall integer k; 0 <= k < i ==>
	    ((\at(as->st[k].valid, Pre) == 1 && \at(as->st[k].pti, Pre) == j &&
	      !ud_rights_le(\at(as->st[k].rights, Pre), r)) ==> as->st[k].valid == 0) &&
	    (!(\at(as->st[k].valid, Pre) == 1 && \at(as->st[k].pti, Pre) == j &&
	       !ud_rights_le(\at(as->st[k].rights, Pre), r)) ==> as->st[k] == \at(as->st[k], Pre));
	  loop invariant todo: \forall integer k; i <= k < UD_SH_ST_N ==>
	    as->st[k] == \at(as->st[k], Pre);
	  loop assigns i, as->st[0 .. UD_SH_ST_N - 1];
	  loop variant UD_SH_ST_N - i;
	*/
	for (uint32_t i = 0; i < UD_SH_ST_N; i++) {
		if (as->st[i].valid == 1u && as->st[i].pti == j &&
		    !rights_le(as->st[i].rights, r))
			st_clear(as, i);
	}
}

/* Clear page-table entry j: no shadow mapping mirrors it any more. */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires pte: j < UD_SH_PT_N && as->pt[j].valid == 1;
  requires unmirrored: \forall integer k; 0 <= k < UD_SH_ST_N ==>
    !(as->st[k].valid == 1 && as->st[k].pti == j);
  assigns as->pt[j].valid;
  ensures inv_kept: ud_sh_as_inv(as);
  ensures cleared: as->pt[j].valid == 0;
  ensures others: ud_sh_pt_same_but{Pre, Post}(as, j);
  ensures st_same: \forall integer k; 0 <= k < UD_SH_ST_N ==> as->st[k] == \old(as->st[k]);
*/
static void pt_clear(struct ud_sh_as *as, uint32_t j)
{
	as->pt[j].valid = 0;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_PT_N && k != j ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	/*@ assert st_same: \forall integer k; 0 <= k < UD_SH_ST_N ==>
	      as->st[k] == \at(as->st[k], Pre); */
	//@ assert ctx_same: as->ctx == \at(as->ctx, Pre);
	//@ assert pte_j: ud_sh_pte_ok(as, j);
	/*@ assert pte_others: \forall integer k; 0 <= k < UD_SH_PT_N && k != j ==>
	      ud_sh_pte_ok(as, k); */
	//@ assert pte: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert mirrors_kept: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      as->st[k].valid == 1 ==> as->pt[as->st[k].pti] == \at(as->pt[as->st[k].pti], Pre); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
	/*@ assert st_uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
}

/* Lower page-table entry j's rights to r: every shadow mapping of it has
 * no more rights than r already. */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  requires pte: j < UD_SH_PT_N && as->pt[j].valid == 1;
  requires r_ok: 1 <= r <= 3;
  requires within: \forall integer k; 0 <= k < UD_SH_ST_N &&
    as->st[k].valid == 1 && as->st[k].pti == j ==> ud_rights_le(as->st[k].rights, r);
  assigns as->pt[j].rights;
  ensures inv_kept: ud_sh_as_inv(as);
  ensures lowered: as->pt[j].rights == r;
  ensures j_same: as->pt[j].valid == \old(as->pt[j].valid) &&
    as->pt[j].vpage == \old(as->pt[j].vpage) && as->pt[j].ppage == \old(as->pt[j].ppage);
  ensures others: ud_sh_pt_same_but{Pre, Post}(as, j);
  ensures st_same: \forall integer k; 0 <= k < UD_SH_ST_N ==> as->st[k] == \old(as->st[k]);
*/
static void pt_lower(struct ud_sh_as *as, uint32_t j, uint32_t r)
{
	as->pt[j].rights = r;
	/*@ assert others: \forall integer k; 0 <= k < UD_SH_PT_N && k != j ==>
	      as->pt[k] == \at(as->pt[k], Pre); */
	/*@ assert st_same: \forall integer k; 0 <= k < UD_SH_ST_N ==>
	      as->st[k] == \at(as->st[k], Pre); */
	//@ assert ctx_same: as->ctx == \at(as->ctx, Pre);
	/*@ assert j_same: as->pt[j].valid == 1 && as->pt[j].vpage == \at(as->pt[j].vpage, Pre) &&
	      as->pt[j].ppage == \at(as->pt[j].ppage, Pre); */
	//@ assert pte_j: ud_sh_pte_ok(as, j);
	/*@ assert pte_others: \forall integer k; 0 <= k < UD_SH_PT_N && k != j ==>
	      ud_sh_pte_ok(as, k); */
	//@ assert pte: \forall integer k; 0 <= k < UD_SH_PT_N ==> ud_sh_pte_ok(as, k);
	/*@ assert ste_j: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      as->st[k].valid == 1 && as->st[k].pti == j ==> ud_sh_ste_ok(as, k); */
	/*@ assert ste_others: \forall integer k; 0 <= k < UD_SH_ST_N &&
	      !(as->st[k].valid == 1 && as->st[k].pti == j) ==> ud_sh_ste_ok(as, k); */
	//@ assert ste: \forall integer k; 0 <= k < UD_SH_ST_N ==> ud_sh_ste_ok(as, k);
	/*@ assert uniq: \forall integer a, b; 0 <= a < b < UD_SH_PT_N &&
	      as->pt[a].valid == 1 && as->pt[b].valid == 1 ==> as->pt[a].vpage != as->pt[b].vpage; */
	/*@ assert st_uniq: \forall integer a, b; 0 <= a < b < UD_SH_ST_N &&
	      as->st[a].valid == 1 && as->st[b].valid == 1 ==> as->st[a].svpage != as->st[b].svpage; */
}

ud_status ud_sh_os_pt_remove(struct ud_sh_as *as, uint64_t vpage)
{
	uint32_t j = pt_find(as, vpage);
	if (j >= UD_SH_PT_N)
		return UD_E_NOENT;
	st_tear(as, j, 0);
	/*@ assert unmirrored: \forall integer k; 0 <= k < UD_SH_ST_N ==>
	      !(as->st[k].valid == 1 && as->st[k].pti == j); */
	pt_clear(as, j);
	/*@ assert gone: \forall integer k; 0 <= k < UD_SH_PT_N ==>
	      !(as->pt[k].valid == 1 && as->pt[k].vpage == vpage); */
	/*@ assert c_j: \let u = j; \at(as->pt[u].valid, Pre) == 1 && \at(as->pt[u].vpage, Pre) == vpage &&
	      as->pt[j].valid == 0; */
	//@ assert c_pt: ud_sh_pt_same_but{Pre, Here}(as, j);
	//@ assert c_st: ud_sh_st_torn_down{Pre, Here}(as, j, 0);
	return UD_OK;
}

ud_status ud_sh_os_pt_downgrade(struct ud_sh_as *as, uint64_t vpage, uint32_t rights)
{
	uint32_t j = pt_find(as, vpage);
	if (j >= UD_SH_PT_N)
		return UD_E_NOENT;
	if (rights < 1u || rights > 3u || !rights_le(rights, as->pt[j].rights))
		return UD_E_INVAL;
	st_tear(as, j, rights);
	pt_lower(as, j, rights);
	/*@ assert only_j: \forall integer k; 0 <= k < UD_SH_PT_N &&
	      as->pt[k].valid == 1 && as->pt[k].vpage == vpage ==> k == j; */
	/*@ assert mirror_j: \forall integer i; 0 <= i < UD_SH_ST_N &&
	      as->st[i].valid == 1 && as->st[i].svpage == ud_sh_vbit / 4096 + vpage ==>
	      as->st[i].pti == j; */
	/*@ assert w_j: \forall integer i; 0 <= i < UD_SH_ST_N &&
	      as->st[i].valid == 1 && as->st[i].pti == j ==> ud_rights_le(as->st[i].rights, rights); */
	/*@ assert within: \forall integer i; 0 <= i < UD_SH_ST_N &&
	      as->st[i].valid == 1 && as->st[i].svpage == ud_sh_vbit / 4096 + vpage ==>
	      ud_rights_le(as->st[i].rights, rights); */
	/*@ assert kind_mono: \forall integer k, r1; ud_rights_le(r1, rights) &&
	      ud_sh_kind_ok(k, r1) ==> ud_sh_kind_ok(k, rights); */
	/*@ assert l_j: \let u = j; \at(as->pt[u].valid, Pre) == 1 && \at(as->pt[u].vpage, Pre) == vpage &&
	      as->pt[j].valid == 1 && as->pt[j].vpage == vpage &&
	      as->pt[j].ppage == \at(as->pt[u].ppage, Pre) && as->pt[j].rights == rights; */
	//@ assert l_pt: ud_sh_pt_same_but{Pre, Here}(as, j);
	//@ assert l_st: ud_sh_st_torn_down{Pre, Here}(as, j, rights);
	return UD_OK;
}
