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
			as->pt[i].vpage = vpage;
			as->pt[i].ppage = ppage;
			as->pt[i].rights = rights;
			as->pt[i].valid = 1;
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
			as->st[i].svpage = svp;
			/* shadow(ppage * 4096, ctx) / 4096 */
			as->st[i].spage = (UD_SH_BIT + (uint64_t)as->ctx * (2u * UD_SH_BIT)) /
				UD_PAGE_SIZE + as->pt[j].ppage;
			as->st[i].rights = rights;
			as->st[i].pti = j;
			as->st[i].valid = 1;
			*svaddr = UD_SH_VBIT + vaddr;
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
	*sa = as->st[i].spage * UD_PAGE_SIZE + svaddr % UD_PAGE_SIZE;
	return UD_OK;
}
