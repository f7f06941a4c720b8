/* SPDX-License-Identifier: MIT */
/*
 * shadow_sys.c -- the OS as a whole for shadow addressing: the owner
 * record of readable context-0 shadow mappings (SHADOW-M15).  Contracts:
 * src/shadow_sys.h, vocabulary spec/shadow_sys.acsl.  WP runs this module
 * with -wp-no-let (docs/METHOD.md, the fourth allowed option).
 */
#include "shadow_sys.h" /* uldma-wp: -wp-prover cvc4,z3 -wp-no-let */

#define SH_VPAGES (UD_SH_VBIT / UD_PAGE_SIZE)   /* virtual pages          */

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

/* ------------------------------------------------------------------
 * The OS as a whole: the owner record of readable context-0 shadow
 * mappings (SHADOW-M15).  Contracts: src/shadow_sys.h.
 */

void ud_sh_sys_init(struct ud_sh_sys *sys)
{
	/*@
	  loop invariant bound: 0 <= k <= UD_SH_OWN_N;
	  loop invariant done: \forall integer m; 0 <= m < k ==> sys->own[m].valid == 0;
	  loop assigns k, sys->own[0 .. UD_SH_OWN_N - 1];
	  loop variant UD_SH_OWN_N - k;
	*/
	for (uint32_t k = 0; k < UD_SH_OWN_N; k++) {
		sys->own[k].ppage = 0;
		sys->own[k].as = 0;
		sys->own[k].valid = 0;
	}
	/*@
	  loop invariant bound: 0 <= a <= UD_SH_NAS;
	  loop invariant own_free: \forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m].valid == 0;
	  loop invariant done: \forall integer b; 0 <= b < a ==> sys->as[b].ctx == 0 &&
	    (\forall integer i; 0 <= i < UD_SH_PT_N ==> sys->as[b].pt[i].valid == 0) &&
	    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[b].st[i].valid == 0);
	  loop assigns a, sys->as[0 .. UD_SH_NAS - 1];
	  loop variant UD_SH_NAS - a;
	*/
	for (uint32_t a = 0; a < UD_SH_NAS; a++) {
		(void)ud_sh_os_init(&sys->as[a], 0u);
		//@ assert d_ctx: \forall integer b; 0 <= b < a ==> sys->as[b].ctx == 0;
		/*@ assert d_pt: \forall integer b, i; 0 <= b < a && 0 <= i < UD_SH_PT_N ==>
		      sys->as[b].pt[i].valid == 0; */
		/*@ assert d_st: \forall integer b, i; 0 <= b < a && 0 <= i < UD_SH_ST_N ==>
		      sys->as[b].st[i].valid == 0; */
	}
	/*@ assert pte_all: \forall integer a, k; 0 <= a < UD_SH_NAS && 0 <= k < UD_SH_PT_N ==>
	      ud_sh_pte_ok(&sys->as[a], k); */
	/*@ assert ste_all: \forall integer a, k; 0 <= a < UD_SH_NAS && 0 <= k < UD_SH_ST_N ==>
	      ud_sh_ste_ok(&sys->as[a], k); */
	/*@ assert no_rd0: \forall integer a, i; 0 <= a < UD_SH_NAS && 0 <= i < UD_SH_ST_N ==>
	      !ud_sh_rd0(sys, a, i); */
	//@ assert fwd: ud_sh_fwd(sys);
	//@ assert uniq: ud_sh_own_uniq(sys);
	//@ assert ctx_all: \forall integer a; 0 <= a < UD_SH_NAS ==> sys->as[a].ctx < UD_SH_NCTX2;
	/*@ assert pt_uniq: \forall integer a, i, j; 0 <= a < UD_SH_NAS && 0 <= i < j < UD_SH_PT_N ==>
	      !(sys->as[a].pt[i].valid == 1 && sys->as[a].pt[j].valid == 1); */
	/*@ assert st_uniq: \forall integer a, i, j; 0 <= a < UD_SH_NAS && 0 <= i < j < UD_SH_ST_N ==>
	      !(sys->as[a].st[i].valid == 1 && sys->as[a].st[j].valid == 1); */
	//@ assert as_all: \forall integer a; 0 <= a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
}

ud_status ud_sh_sys_pt_add(struct ud_sh_sys *sys, uint32_t a, uint64_t vpage,
			   uint64_t ppage, uint32_t rights)
{
	if (a >= UD_SH_NAS)
		return UD_E_RANGE;
	ud_status r = ud_sh_os_pt_add(&sys->as[a], vpage, ppage, rights);
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	/*@ assert ste: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N &&
	      !(b == 0 && j == 0) ==> (\at(sys->as[b].st[j].valid, Pre) == sys->as[b].st[j].valid && \at(sys->as[b].st[j].rights, Pre) == sys->as[b].st[j].rights && \at(sys->as[b].st[j].spage, Pre) == sys->as[b].st[j].spage); */
	//@ assert ste0: (\at(sys->as[0].st[0].valid, Pre) == sys->as[0].st[0].valid && \at(sys->as[0].st[0].rights, Pre) == sys->as[0].st[0].rights && \at(sys->as[0].st[0].spage, Pre) == sys->as[0].st[0].spage);
	/*@ assert link: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
	      (\at(sys->link[b][j], Pre) == sys->link[b][j]); */
	//@ assert own: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == sys->own[k].valid && \at(sys->own[k].ppage, Pre) == sys->own[k].ppage && \at(sys->own[k].as, Pre) == sys->own[k].as && \at(sys->own[k].sti, Pre) == sys->own[k].sti);
	//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
	//@ assert fwd: ud_sh_use_fwd_frame(0) && ud_sh_fwd(sys);
	return r;
}

/* The owner record of physical page pp, or UD_SH_OWN_N. */
/*@
  requires valid_sys: \valid_read(sys);
  requires pp_ok: pp < ud_sh_bit / 4096;
  assigns \nothing;
  ensures range: 0 <= \result <= UD_SH_OWN_N;
  ensures found: \result < UD_SH_OWN_N ==>
    sys->own[\result].valid == 1 && sys->own[\result].ppage == pp;
  ensures none: \result == UD_SH_OWN_N ==> \forall integer k; 0 <= k < UD_SH_OWN_N ==>
    !(sys->own[k].valid == 1 && sys->own[k].ppage == pp);
*/
static uint32_t own_find(const struct ud_sh_sys *sys, uint64_t pp)
{
	/*@
	  loop invariant bound: 0 <= k <= UD_SH_OWN_N;
	  loop invariant none: \forall integer m; 0 <= m < k ==>
	    !(sys->own[m].valid == 1 && sys->own[m].ppage == pp);
	  loop assigns k;
	  loop variant UD_SH_OWN_N - k;
	*/
	for (uint32_t k = 0; k < UD_SH_OWN_N; k++)
		if (sys->own[k].valid == 1u && sys->own[k].ppage == (int64_t)pp)
			return k;
	return UD_SH_OWN_N;
}

/* A free owner record, or UD_SH_OWN_N. */
/*@
  requires valid_sys: \valid_read(sys);
  assigns \nothing;
  ensures range: 0 <= \result <= UD_SH_OWN_N;
  ensures free: \result < UD_SH_OWN_N ==> sys->own[\result].valid == 0;
  ensures full: \result == UD_SH_OWN_N ==> \forall integer k; 0 <= k < UD_SH_OWN_N ==>
    sys->own[k].valid != 0;
*/
static uint32_t own_free(const struct ud_sh_sys *sys)
{
	/*@
	  loop invariant bound: 0 <= k <= UD_SH_OWN_N;
	  loop invariant used: \forall integer m; 0 <= m < k ==> sys->own[m].valid != 0;
	  loop assigns k;
	  loop variant UD_SH_OWN_N - k;
	*/
	for (uint32_t k = 0; k < UD_SH_OWN_N; k++)
		if (sys->own[k].valid == 0u)
			return k;
	return UD_SH_OWN_N;
}

/* Record k: physical page pp, owner a, its shadow mapping i. */
/*@
  requires valid_sys: \valid(sys);
  requires k_ok: k < UD_SH_OWN_N;
  requires pp_ok: pp < ud_sh_bit / 4096;
  requires a_ok: a < UD_SH_NAS;
  requires i_ok: i < UD_SH_ST_N;
  assigns sys->own[k];
  ensures set: sys->own[k].valid == 1 && sys->own[k].ppage == pp && sys->own[k].as == a &&
    sys->own[k].sti == i;
*/
static void own_set(struct ud_sh_sys *sys, uint32_t k, uint64_t pp, uint32_t a, uint32_t i)
{
	sys->own[k].ppage = (int64_t)pp;
	sys->own[k].as = (uint16_t)a;
	sys->own[k].sti = (uint16_t)i;
	sys->own[k].valid = 1;
}

/* Release record k. */
/*@
  requires valid_sys: \valid(sys);
  requires k_ok: k < UD_SH_OWN_N;
  assigns sys->own[k].valid;
  ensures cleared: sys->own[k].valid == 0;
*/
static void own_clear(struct ud_sh_sys *sys, uint32_t k)
{
	sys->own[k].valid = 0;
}

/* ud_sh_os_map on address space a, with its frame as the invariant's
 * steps read it: the contexts, every owner record, every link and every
 * other address space's shadow mappings, field by field (docs/METHOD.md,
 * "a small wrapper whose contract is cut down to what the caller uses"). */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires a_ok: a < UD_SH_NAS;
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], *svaddr;
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures pt_a: \forall integer m; 0 <= m < UD_SH_PT_N ==>
    sys->as[a].pt[m].valid == \old(sys->as[a].pt[m].valid) &&
    sys->as[a].pt[m].vpage == \old(sys->as[a].pt[m].vpage) &&
    sys->as[a].pt[m].ppage == \old(sys->as[a].pt[m].ppage);
  ensures own_same: \forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \old(sys->own[m]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures range: !ud_sh_is_va(vaddr) ==> \result == UD_E_RANGE;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[a].st[i] == \old(sys->as[a].st[i]));
  ensures same: \result != UD_OK ==> \forall integer m; 0 <= m < UD_SH_ST_N ==>
    (sys->as[a].st[m].valid == \at(sys->as[a].st[m].valid, Pre) && sys->as[a].st[m].rights == \at(sys->as[a].st[m].rights, Pre) && sys->as[a].st[m].spage == \at(sys->as[a].st[m].spage, Pre));
  ensures mirrors: \result == UD_OK ==>
    *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i, j; 0 <= i < UD_SH_ST_N && 0 <= j < UD_SH_PT_N &&
      \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].pt[j].vpage == vaddr / 4096 &&
      ud_sh_ste_mirrors(&sys->as[a], i, j) && ud_sh_st_same_but{Pre, Post}(&sys->as[a], i);
  ensures ctx_all: \forall integer b; 0 <= b < UD_SH_NAS ==>
    sys->as[b].ctx == \at(sys->as[b].ctx, Pre);
  ensures own: \forall integer m; 0 <= m < UD_SH_OWN_N ==> (sys->own[m].valid == \at(sys->own[m].valid, Pre) && sys->own[m].ppage == \at(sys->own[m].ppage, Pre) && sys->own[m].as == \at(sys->own[m].as, Pre) && sys->own[m].sti == \at(sys->own[m].sti, Pre));
  ensures link: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
    sys->link[b][m] == \at(sys->link[b][m], Pre);
  ensures other: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
    b != a ==> (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre));
*/
static ud_status sys_os_map0(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			    uint32_t rights, uint64_t *svaddr)
{
	ud_status r = ud_sh_os_map(&sys->as[a], vaddr, rights, svaddr);
	//@ assert ctx_a: sys->as[a].ctx == \at(sys->as[a].ctx, Pre);
	/*@ assert ctx_o: \forall integer b; 0 <= b < UD_SH_NAS && b != a ==>
	      sys->as[b].ctx == \at(sys->as[b].ctx, Pre); */
	/*@ assert ctx_all: \forall integer b; 0 <= b < UD_SH_NAS ==>
	      sys->as[b].ctx == \at(sys->as[b].ctx, Pre); */
	/*@ assert pt_v: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      sys->as[a].pt[m].valid == \at(sys->as[a].pt[m].valid, Pre); */
	/*@ assert pt_vp: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      sys->as[a].pt[m].vpage == \at(sys->as[a].pt[m].vpage, Pre); */
	/*@ assert pt_pp: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      sys->as[a].pt[m].ppage == \at(sys->as[a].pt[m].ppage, Pre); */
	/*@ assert o_v: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N && b != a ==>
	      sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre); */
	/*@ assert o_r: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N && b != a ==>
	      sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre); */
	/*@ assert o_s: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N && b != a ==>
	      sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre); */
	return r;
}

/* sys_os_map0, and the invariant kept when it fails. */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires a_ok: a < UD_SH_NAS;
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires inv: ud_sh_sys_inv(sys);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], *svaddr;
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures inv_fail: \result != UD_OK ==> ud_sh_sys_inv(sys);
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures pt_a: \forall integer m; 0 <= m < UD_SH_PT_N ==>
    sys->as[a].pt[m].valid == \old(sys->as[a].pt[m].valid) &&
    sys->as[a].pt[m].vpage == \old(sys->as[a].pt[m].vpage) &&
    sys->as[a].pt[m].ppage == \old(sys->as[a].pt[m].ppage);
  ensures own_same: \forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \old(sys->own[m]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures range: !ud_sh_is_va(vaddr) ==> \result == UD_E_RANGE;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[a].st[i] == \old(sys->as[a].st[i]));
  ensures same: \result != UD_OK ==> \forall integer m; 0 <= m < UD_SH_ST_N ==>
    (sys->as[a].st[m].valid == \at(sys->as[a].st[m].valid, Pre) && sys->as[a].st[m].rights == \at(sys->as[a].st[m].rights, Pre) && sys->as[a].st[m].spage == \at(sys->as[a].st[m].spage, Pre));
  ensures mirrors: \result == UD_OK ==>
    *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i, j; 0 <= i < UD_SH_ST_N && 0 <= j < UD_SH_PT_N &&
      \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].pt[j].vpage == vaddr / 4096 &&
      ud_sh_ste_mirrors(&sys->as[a], i, j) && ud_sh_st_same_but{Pre, Post}(&sys->as[a], i);
  ensures ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Post));
  ensures own: \forall integer m; 0 <= m < UD_SH_OWN_N ==> (sys->own[m].valid == \at(sys->own[m].valid, Pre) && sys->own[m].ppage == \at(sys->own[m].ppage, Pre) && sys->own[m].as == \at(sys->own[m].as, Pre) && sys->own[m].sti == \at(sys->own[m].sti, Pre));
  ensures link: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
    sys->link[b][m] == \at(sys->link[b][m], Pre);
  ensures other: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
    b != a ==> (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre));
*/
static ud_status sys_os_map(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			    uint32_t rights, uint64_t *svaddr)
{
	ud_status r = sys_os_map0(sys, a, vaddr, rights, svaddr);
	if (r != UD_OK) {
		/*@ assert ste: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
		      (\at(sys->as[b].st[m].valid, Pre) == sys->as[b].st[m].valid && \at(sys->as[b].st[m].rights, Pre) == sys->as[b].st[m].rights && \at(sys->as[b].st[m].spage, Pre) == sys->as[b].st[m].spage); */
		//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
		//@ assert own_l: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == \at(sys->own[k].valid, Here) && \at(sys->own[k].ppage, Pre) == \at(sys->own[k].ppage, Here) && \at(sys->own[k].as, Pre) == \at(sys->own[k].as, Here) && \at(sys->own[k].sti, Pre) == \at(sys->own[k].sti, Here));
		/*@ assert link_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
		      \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Here); */
		//@ assert fwd_pre: \at(ud_sh_fwd(sys), Pre);
		//@ assert fwd: ud_sh_use_fwd_frame(0) && ud_sh_fwd(sys);
		//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
	}
	return r;
}

/* Record k: the readable context-0 shadow mapping i of address space a,
 * of physical page pp, which no record has; the link of (a, i) names it.
 * Every other such mapping is recorded already: afterwards all are. */
/*@
  requires valid_sys: \valid(sys);
  requires a_ok: a < UD_SH_NAS;
  requires i_ok: i < UD_SH_ST_N;
  requires k_ok: k < UD_SH_OWN_N && sys->own[k].valid == 0;
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires uniq: ud_sh_own_uniq(sys);
  requires fwd_but: ud_sh_fwd_but(sys, a, i);
  requires pp_i: ud_sh_st_pp(sys, a, i) == pp;
  requires pp_ok: pp < ud_sh_bit / 4096;
  requires fresh: \forall integer m; 0 <= m < UD_SH_OWN_N ==>
    !(sys->own[m].valid == 1 && sys->own[m].ppage == pp);
  assigns sys->own[k], sys->link[a][i];
  ensures inv: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures own_k: sys->own[k].valid == 1 && sys->own[k].ppage == pp && sys->own[k].as == a;
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures st_a: \forall integer m; 0 <= m < UD_SH_ST_N ==>
    sys->as[a].st[m] == \old(sys->as[a].st[m]) &&
    sys->as[a].st[m].valid == \old(sys->as[a].st[m].valid) &&
    sys->as[a].st[m].rights == \old(sys->as[a].st[m].rights) &&
    sys->as[a].st[m].svpage == \old(sys->as[a].st[m].svpage);
  ensures pt_a: \forall integer m; 0 <= m < UD_SH_PT_N ==>
    sys->as[a].pt[m] == \old(sys->as[a].pt[m]) &&
    sys->as[a].pt[m].valid == \old(sys->as[a].pt[m].valid) &&
    sys->as[a].pt[m].vpage == \old(sys->as[a].pt[m].vpage) &&
    sys->as[a].pt[m].ppage == \old(sys->as[a].pt[m].ppage);
*/
static void record(struct ud_sh_sys *sys, uint32_t a, uint32_t i, uint32_t k, uint64_t pp)
{
	own_set(sys, k, pp, a, i);
	sys->link[a][i] = (uint8_t)k;
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	//@ assert ctx_a: sys->as[a].ctx == \at(sys->as[a].ctx, Pre);
	/*@ assert ste: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      sys->as[b].st[m] == \at(sys->as[b].st[m], Pre) && (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre)); */
	/*@ assert ste_f: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre)); */
	/*@ assert pt_same: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      sys->as[a].pt[m] == \at(sys->as[a].pt[m], Pre); */
	/*@ assert st_same: \forall integer m; 0 <= m < UD_SH_ST_N ==>
	      sys->as[a].st[m] == \at(sys->as[a].st[m], Pre); */
	//@ assert as_kept: ud_sh_as_inv(&sys->as[a]);
	/*@ assert link: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> sys->link[b][m] == \at(sys->link[b][m], Pre); */
	//@ assert own: \forall integer m; 0 <= m < UD_SH_OWN_N && m != k ==> (sys->own[m].valid == \at(sys->own[m].valid, Pre) && sys->own[m].ppage == \at(sys->own[m].ppage, Pre) && sys->own[m].as == \at(sys->own[m].as, Pre) && sys->own[m].sti == \at(sys->own[m].sti, Pre));
	//@ assert uniq: ud_sh_own_uniq(sys);
	/*@ assert rd0_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      (ud_sh_rd0(sys, b, m) <==> \at(ud_sh_rd0(sys, b, m), Pre)); */
	//@ assert linked_i: ud_sh_linked(sys, a, i);
	//@ assert k_was: \let u = k; \at(sys->own[u].valid, Pre) == 0;
	//@ assert link_k: sys->link[a][i] == k;
	/*@ assert fwd_p: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N && !(b == a && m == i) ==>
	      (\at(ud_sh_rd0(sys, b, m), Pre) ==> \at(ud_sh_linked(sys, b, m), Pre)); */
	/*@ assert lk_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (\at(ud_sh_linked(sys, b, m), Pre) ==> ud_sh_linked(sys, b, m)); */
	/*@ assert fwd_o: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> ud_sh_linked(sys, b, m)); */
	//@ assert fwd: ud_sh_fwd(sys);
}

/* ud_sh_sys_map when the request is no readable context-0 shadow mapping
 * (a write-only one, another context's, or one the OS refuses anyway):
 * ud_sh_os_map, no record involved. */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires a_ok: a < UD_SH_NAS;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires plain: !(ud_sh_is_va(vaddr) && (rights == UD_SH_R_READ || rights == 3) &&
    sys->as[a].ctx == 0);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], *svaddr;
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures range: !ud_sh_is_va(vaddr) ==> \result == UD_E_RANGE;
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures own_same: \forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \old(sys->own[m]);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[a].st[i] == \old(sys->as[a].st[i]));
  ensures mapped: \result == UD_OK ==> *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i; 0 <= i < UD_SH_ST_N && \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096;
*/
static ud_status map_plain(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			   uint32_t rights, uint64_t *svaddr)
{
	ud_status r = sys_os_map(sys, a, vaddr, rights, svaddr);
	//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
	if (r != UD_OK)
		return r;
	uint32_t i = st_find(&sys->as[a], (UD_SH_VBIT + vaddr) / UD_PAGE_SIZE);
	/*@ assert i_new: i < UD_SH_ST_N && (\let u = i; \at(sys->as[a].st[u].valid, Pre) == 0) &&
	      sys->as[a].st[i].rights == rights && ud_sh_st_same_but{Pre, Here}(&sys->as[a], i); */
	//@ assert ri: sys->as[a].st[i].rights == rights;
	//@ assert c0: !(sys->as[a].ctx == 0 && (rights == UD_SH_R_READ || rights == 3));
	//@ assert i_not: !ud_sh_rd0(sys, a, i);
	/*@ assert same: \forall integer m; 0 <= m < UD_SH_ST_N && m != i ==>
	      sys->as[a].st[m] == \at(sys->as[a].st[m], Pre) && (sys->as[a].st[m].valid == \at(sys->as[a].st[m].valid, Pre) && sys->as[a].st[m].rights == \at(sys->as[a].st[m].rights, Pre) && sys->as[a].st[m].spage == \at(sys->as[a].st[m].spage, Pre)); */
	/*@ assert ste: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre)); */
	//@ assert va: ud_sh_is_va(vaddr);
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	//@ assert own_l: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == \at(sys->own[k].valid, Here) && \at(sys->own[k].ppage, Pre) == \at(sys->own[k].ppage, Here) && \at(sys->own[k].as, Pre) == \at(sys->own[k].as, Here) && \at(sys->own[k].sti, Pre) == \at(sys->own[k].sti, Here));
	/*@ assert link_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
	      \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Here); */
	/*@ assert fwd_p: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      (\at(ud_sh_rd0(sys, b, m), Pre) ==> \at(ud_sh_linked(sys, b, m), Pre)); */
	/*@ assert rd0_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> \at(ud_sh_rd0(sys, b, m), Pre)); */
	/*@ assert lk_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (\at(ud_sh_linked(sys, b, m), Pre) ==> ud_sh_linked(sys, b, m)); */
	/*@ assert fwd_o: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> ud_sh_linked(sys, b, m)); */
	//@ assert fwd: ud_sh_fwd(sys);
	(void)i;
	return UD_OK;
}

/* The readable context-0 mapping of page-table entry j's page into
 * address space a, with the free record k: ud_sh_os_map, then record k
 * and the link name each other. */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires a_ok: a < UD_SH_NAS;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires rd: ud_sh_is_va(vaddr) && (rights == UD_SH_R_READ || rights == 3) &&
    sys->as[a].ctx == 0;
  requires j_ok: j < UD_SH_PT_N && sys->as[a].pt[j].valid == 1 &&
    sys->as[a].pt[j].vpage == vaddr / 4096;
  requires k_ok: k < UD_SH_OWN_N && sys->own[k].valid == 0;
  requires fresh: \forall integer m; 0 <= m < UD_SH_OWN_N ==>
    !(sys->own[m].valid == 1 && sys->own[m].ppage == sys->as[a].pt[j].ppage);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], sys->own[k], sys->link[a][0 .. UD_SH_ST_N - 1],
    *svaddr;
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[a].st[i] == \old(sys->as[a].st[i])) &&
    (\forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \old(sys->own[m]));
  ensures mapped: \result == UD_OK ==> *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i; 0 <= i < UD_SH_ST_N && \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096;
  ensures owner: \result == UD_OK ==> sys->own[k].valid == 1 &&
    sys->own[k].ppage == sys->as[a].pt[j].ppage && sys->own[k].as == a;
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures pt_a: \forall integer m; 0 <= m < UD_SH_PT_N ==>
    sys->as[a].pt[m].valid == \old(sys->as[a].pt[m].valid) &&
    sys->as[a].pt[m].vpage == \old(sys->as[a].pt[m].vpage) &&
    sys->as[a].pt[m].ppage == \old(sys->as[a].pt[m].ppage);
*/
static ud_status map_rd0(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			 uint32_t rights, uint64_t *svaddr, uint32_t j, uint32_t k)
{
	uint64_t vp = vaddr / UD_PAGE_SIZE;
	uint64_t pp = sys->as[a].pt[j].ppage;
	//@ assert pp_ok: pp < ud_sh_bit / 4096;
	ud_status r = sys_os_map(sys, a, vaddr, rights, svaddr);
	if (r == UD_OK) {
		/* The recording: the new entry, its page-table entry, then the
		 * record and the link that name each other. */
		{
			uint32_t i = st_find(&sys->as[a], SH_VPAGES + vp);
			/*@ assert i_new: i < UD_SH_ST_N && (\let u = i; \at(sys->as[a].st[u].valid, Pre) == 0) &&
			      sys->as[a].st[i].rights == rights && ud_sh_st_same_but{Pre, Here}(&sys->as[a], i); */
			//@ assert pt_j: sys->as[a].pt[j].ppage == pp && sys->as[a].pt[j].vpage == vp && sys->as[a].pt[j].valid == 1;
			//@ assert sv_i: sys->as[a].st[i].valid == 1 && sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vp;
			/*@ assert m_ex: \exists integer i2, j2; 0 <= i2 < UD_SH_ST_N && 0 <= j2 < UD_SH_PT_N &&
			      sys->as[a].st[i2].valid == 1 && sys->as[a].pt[j2].vpage == vp &&
			      ud_sh_ste_mirrors(&sys->as[a], i2, j2); */
			/*@ assert i_eq: \forall integer i2; 0 <= i2 < UD_SH_ST_N &&
			      sys->as[a].st[i2].valid == 1 && sys->as[a].st[i2].svpage == ud_sh_vbit / 4096 + vp ==> i2 == i; */
			/*@ assert j_eq: \forall integer j2; 0 <= j2 < UD_SH_PT_N &&
			      sys->as[a].pt[j2].valid == 1 && sys->as[a].pt[j2].vpage == vp ==> j2 == j; */
			//@ assert m_i: ud_sh_ste_mirrors(&sys->as[a], i, j);
			//@ assert rd0_i: ud_sh_use_spage0(0) && ud_sh_rd0(sys, a, i) && ud_sh_st_pp(sys, a, i) == pp;
			/*@ assert same: \forall integer m; 0 <= m < UD_SH_ST_N && m != i ==>
			      sys->as[a].st[m] == \at(sys->as[a].st[m], Pre) && (sys->as[a].st[m].valid == \at(sys->as[a].st[m].valid, Pre) && sys->as[a].st[m].rights == \at(sys->as[a].st[m].rights, Pre) && sys->as[a].st[m].spage == \at(sys->as[a].st[m].spage, Pre)); */
			/*@ assert ste: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
			      !(b == a && m == i) ==> (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre)); */
			//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
			//@ assert fwd_but: ud_sh_use_fwd_frame(0) && ud_sh_fwd_but(sys, a, i);
			/*@ assert fresh: \forall integer m; 0 <= m < UD_SH_OWN_N ==>
			      !(sys->own[m].valid == 1 && sys->own[m].ppage == pp); */
			//@ assert k_free: sys->own[k].valid == 0;
			//@ assert sv0: *svaddr == ud_sh_vshadow(vaddr);
			record(sys, a, i, k, pp);
			//@ assert sv1: *svaddr == ud_sh_vshadow(vaddr);
			/*@ assert mapped_i: (\let u = i; \at(sys->as[a].st[u].valid, Pre) == 0) &&
			      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
			      sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096; */
			//@ assert pt_j2: sys->as[a].pt[j].ppage == pp;
		}
	}
	return r;
}

/* ud_sh_sys_map for a readable context-0 request: the page-table entry,
 * the owner check (SHADOW-M15), a free record, map_rd0.  One call from
 * ud_sh_sys_map, so its post is not merged over every return path. */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires a_ok: a < UD_SH_NAS;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires rd: ud_sh_is_va(vaddr) && (rights == UD_SH_R_READ || rights == 3) &&
    sys->as[a].ctx == 0;
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], sys->own[0 .. UD_SH_OWN_N - 1],
    sys->link[a][0 .. UD_SH_ST_N - 1], *svaddr;
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> sys->as[a].st[i] == \old(sys->as[a].st[i])) &&
    (\forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \old(sys->own[m]));
  ensures refused: (\exists integer j, k; 0 <= j < UD_SH_PT_N && 0 <= k < UD_SH_OWN_N &&
      sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vaddr / 4096 &&
      \old(sys->own[k].valid) == 1 && \old(sys->own[k].ppage) == sys->as[a].pt[j].ppage) ==>
    \result == UD_E_BUSY;
  ensures mapped: \result == UD_OK ==> *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i; 0 <= i < UD_SH_ST_N && \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096;
  ensures owner: \result == UD_OK ==>
    \exists integer j, k; 0 <= j < UD_SH_PT_N && 0 <= k < UD_SH_OWN_N &&
      sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vaddr / 4096 &&
      \old(sys->own[k].valid) == 0 && sys->own[k].valid == 1 &&
      sys->own[k].ppage == sys->as[a].pt[j].ppage && sys->own[k].as == a;
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
*/
static ud_status map_check(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			   uint32_t rights, uint64_t *svaddr)
{
	uint32_t j = pt_find(&sys->as[a], vaddr / UD_PAGE_SIZE);
	if (j >= UD_SH_PT_N)
		return UD_E_NOENT;
	//@ assert pp_ok: sys->as[a].pt[j].ppage < ud_sh_bit / 4096;
	if (own_find(sys, sys->as[a].pt[j].ppage) < UD_SH_OWN_N)
		return UD_E_BUSY;      /* SHADOW-M15: the page has a reader */
	/*@ assert no_rec: \forall integer j2, k2; 0 <= j2 < UD_SH_PT_N && 0 <= k2 < UD_SH_OWN_N ==>
	      !(sys->as[a].pt[j2].valid == 1 && sys->as[a].pt[j2].vpage == vaddr / 4096 &&
	        sys->own[k2].valid == 1 && sys->own[k2].ppage == sys->as[a].pt[j2].ppage); */
	uint32_t k = own_free(sys);
	if (k >= UD_SH_OWN_N)
		return UD_E_NOSPC;
	ud_status r = map_rd0(sys, a, vaddr, rights, svaddr, j, k);
	/*@ assert pt_same: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      (sys->as[a].pt[m].valid == \at(sys->as[a].pt[m].valid, Pre) && sys->as[a].pt[m].vpage == \at(sys->as[a].pt[m].vpage, Pre) && sys->as[a].pt[m].ppage == \at(sys->as[a].pt[m].ppage, Pre)); */
	//@ assert ctx_same: sys->as[a].ctx == \at(sys->as[a].ctx, Pre);
	/*@ assert own_w: r == UD_OK ==> (\let u = k; \at(sys->own[u].valid, Pre) == 0) &&
	      sys->own[k].valid == 1 && sys->own[k].ppage == sys->as[a].pt[j].ppage &&
	      sys->own[k].as == a && sys->as[a].pt[j].valid == 1 &&
	      sys->as[a].pt[j].vpage == vaddr / 4096; */
	return r;
}

/* Is the request a readable context-0 shadow mapping (SHADOW-M15)?  One
 * call without branches, so ud_sh_sys_map has one path per kind of
 * request (a condition of `||`s would be five paths to map_plain). */
/*@
  requires valid_sys: \valid_read(sys);
  requires a_ok: a < UD_SH_NAS;
  assigns \nothing;
  ensures rd: \result == 1 <==> (ud_sh_is_va(vaddr) && (rights == UD_SH_R_READ || rights == 3) &&
    sys->as[a].ctx == 0);
  ensures bool: \result == 0 || \result == 1;
*/
static int rd0_req(const struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr, uint32_t rights)
{
	int va = vaddr < UD_SH_VBIT;
	int rd = (rights == UD_SH_R_READ) + (rights == 3u);
	int c0 = sys->as[a].ctx == 0u;
	return va + rd + c0 == 3;
}

ud_status ud_sh_sys_map(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			uint32_t rights, uint64_t *svaddr)
{
	ud_status r;
	if (a >= UD_SH_NAS) {
		r = UD_E_RANGE;
	} else if (rd0_req(sys, a, vaddr, rights) == 1) {
		r = map_check(sys, a, vaddr, rights, svaddr);
		/*@ assert unch1: r != UD_OK ==> *svaddr == \at(*svaddr, Pre) &&
		      (\forall integer m; 0 <= m < UD_SH_ST_N ==> sys->as[a].st[m] == \at(sys->as[a].st[m], Pre)) &&
		      (\forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \at(sys->own[m], Pre)); */
		/*@ assert owner1: r == UD_OK ==>
		      \exists integer j, k; 0 <= j < UD_SH_PT_N && 0 <= k < UD_SH_OWN_N &&
		        sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vaddr / 4096 &&
		        \at(sys->own[k].valid, Pre) == 0 && sys->own[k].valid == 1 &&
		        sys->own[k].ppage == sys->as[a].pt[j].ppage && sys->own[k].as == a; */
	} else {
		/* not a readable context-0 mapping: no record involved */
		r = map_plain(sys, a, vaddr, rights, svaddr);
		/*@ assert unch: r != UD_OK ==> *svaddr == \at(*svaddr, Pre) &&
		      (\forall integer m; 0 <= m < UD_SH_ST_N ==> sys->as[a].st[m] == \at(sys->as[a].st[m], Pre)) &&
		      (\forall integer m; 0 <= m < UD_SH_OWN_N ==> sys->own[m] == \at(sys->own[m], Pre)); */
		//@ assert not_rd: !(r == UD_OK && sys->as[a].ctx == 0 && (rights == UD_SH_R_READ || rights == 3));
	}
	return r;
}

/* ud_sh_os_unmap of address space a's shadow mapping i, the one of
 * svaddr's page, with its frame as the invariant's steps read it, field
 * by field (as sys_os_map0). */
/*@
  requires valid_sys: \valid(sys);
  requires a_ok: a < UD_SH_NAS;
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires i_ok: i < UD_SH_ST_N && sys->as[a].st[i].valid == 1 &&
    sys->as[a].st[i].svpage == svaddr / 4096;
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1];
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK;
  ensures gone: \forall integer m; 0 <= m < UD_SH_ST_N ==>
    !(sys->as[a].st[m].valid == 1 && sys->as[a].st[m].svpage == svaddr / 4096);
  ensures gone_i: sys->as[a].st[i].valid == 0;
  ensures same_but: \forall integer m; 0 <= m < UD_SH_ST_N && m != i ==>
    sys->as[a].st[m] == \old(sys->as[a].st[m]);
  ensures ctx_a: sys->as[a].ctx == \old(sys->as[a].ctx);
  ensures pt_a: \forall integer m; 0 <= m < UD_SH_PT_N ==> sys->as[a].pt[m] == \old(sys->as[a].pt[m]);
  ensures ctx: \forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Post);
  ensures own: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == \at(sys->own[k].valid, Post) && \at(sys->own[k].ppage, Pre) == \at(sys->own[k].ppage, Post) && \at(sys->own[k].as, Pre) == \at(sys->own[k].as, Post) && \at(sys->own[k].sti, Pre) == \at(sys->own[k].sti, Post));
  ensures link: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
    \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Post);
  ensures ste: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N &&
    !(b == a && j == i) ==> (\at(sys->as[b].st[j].valid, Pre) == \at(sys->as[b].st[j].valid, Post) && \at(sys->as[b].st[j].rights, Pre) == \at(sys->as[b].st[j].rights, Post) && \at(sys->as[b].st[j].spage, Pre) == \at(sys->as[b].st[j].spage, Post));
*/
static ud_status sys_os_unmap0(struct ud_sh_sys *sys, uint32_t a, uint64_t svaddr, uint32_t i)
{
	(void)i;
	ud_status r = ud_sh_os_unmap(&sys->as[a], svaddr);
	//@ assert ok: r == UD_OK;
	//@ assert gone_i: sys->as[a].st[i].valid == 0;
	/*@ assert same_but: \forall integer m; 0 <= m < UD_SH_ST_N && m != i ==>
	      sys->as[a].st[m] == \at(sys->as[a].st[m], Pre); */
	//@ assert ctx_a: sys->as[a].ctx == \at(sys->as[a].ctx, Pre);
	/*@ assert ctx_o: \forall integer b; 0 <= b < UD_SH_NAS && b != a ==>
	      sys->as[b].ctx == \at(sys->as[b].ctx, Pre); */
	/*@ assert ste_a: \forall integer m; 0 <= m < UD_SH_ST_N && m != i ==>
	      (\at(sys->as[a].st[m].valid, Pre) == sys->as[a].st[m].valid && \at(sys->as[a].st[m].rights, Pre) == sys->as[a].st[m].rights && \at(sys->as[a].st[m].spage, Pre) == sys->as[a].st[m].spage); */
	/*@ assert ste_o: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N && b != a ==>
	      (sys->as[b].st[m].valid == \at(sys->as[b].st[m].valid, Pre) && sys->as[b].st[m].rights == \at(sys->as[b].st[m].rights, Pre) && sys->as[b].st[m].spage == \at(sys->as[b].st[m].spage, Pre)); */
	return r;
}

/* ud_sh_sys_unmap of mapping i, no readable context-0 mapping: no record
 * involved. */
/*@
  requires valid_sys: \valid(sys);
  requires a_ok: a < UD_SH_NAS;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires i_ok: i < UD_SH_ST_N && sys->as[a].st[i].valid == 1 &&
    sys->as[a].st[i].svpage == svaddr / 4096;
  requires plain: !ud_sh_rd0(sys, a, i);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1];
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK;
  ensures gone: \forall integer m; 0 <= m < UD_SH_ST_N ==>
    !(sys->as[a].st[m].valid == 1 && sys->as[a].st[m].svpage == svaddr / 4096);
  ensures released: \forall integer m; 0 <= m < UD_SH_ST_N &&
    \old(ud_sh_rd0(sys, a, m)) && \old(sys->as[a].st[m].svpage) == svaddr / 4096 ==>
    \forall integer k; 0 <= k < UD_SH_OWN_N ==>
      !(sys->own[k].valid == 1 && sys->own[k].ppage == \old(ud_sh_st_pp(sys, a, m)));
*/
static ud_status unmap_plain(struct ud_sh_sys *sys, uint32_t a, uint64_t svaddr, uint32_t i)
{
	/*@ assert only_i: \forall integer m; 0 <= m < UD_SH_ST_N &&
	      sys->as[a].st[m].valid == 1 && sys->as[a].st[m].svpage == svaddr / 4096 ==> m == i; */
	/*@ assert no_rd0: \forall integer m; 0 <= m < UD_SH_ST_N &&
	      ud_sh_rd0(sys, a, m) && sys->as[a].st[m].svpage == svaddr / 4096 ==> \false; */
	ud_status r = sys_os_unmap0(sys, a, svaddr, i);
	//@ assert not1: !ud_sh_rd0(sys, a, i);
	//@ assert own_l: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == \at(sys->own[k].valid, Here) && \at(sys->own[k].ppage, Pre) == \at(sys->own[k].ppage, Here) && \at(sys->own[k].as, Pre) == \at(sys->own[k].as, Here) && \at(sys->own[k].sti, Pre) == \at(sys->own[k].sti, Here));
	//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	/*@ assert link_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
	      \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Here); */
	/*@ assert ste_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N &&
	      !(b == a && j == i) ==> (\at(sys->as[b].st[j].valid, Pre) == \at(sys->as[b].st[j].valid, Here) && \at(sys->as[b].st[j].rights, Pre) == \at(sys->as[b].st[j].rights, Here) && \at(sys->as[b].st[j].spage, Pre) == \at(sys->as[b].st[j].spage, Here)); */
	/*@ assert fwd_p: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      (\at(ud_sh_rd0(sys, b, m), Pre) ==> \at(ud_sh_linked(sys, b, m), Pre)); */
	/*@ assert rd0_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> \at(ud_sh_rd0(sys, b, m), Pre)); */
	/*@ assert lk_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (\at(ud_sh_linked(sys, b, m), Pre) ==> ud_sh_linked(sys, b, m)); */
	/*@ assert fwd_o: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> ud_sh_linked(sys, b, m)); */
	//@ assert fwd: ud_sh_fwd(sys);
	return r;
}

/* Release record k of the readable context-0 mapping (a, i), just
 * removed: the link of (a, i) names k, whose mapping is (a, i). */
/*@
  requires valid_sys: \valid(sys);
  requires a_ok: a < UD_SH_NAS;
  requires i_ok: i < UD_SH_ST_N;
  requires k_ok: k < UD_SH_OWN_N;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires not_i: !ud_sh_rd0(sys, a, i);
  requires link_k: sys->link[a][i] == k && sys->own[k].as == a && sys->own[k].sti == i;
  assigns sys->own[k].valid;
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures cleared: sys->own[k].valid == 0;
  ensures own_o: \forall integer m; 0 <= m < UD_SH_OWN_N && m != k ==>
    sys->own[m].valid == \old(sys->own[m].valid) && sys->own[m].ppage == \old(sys->own[m].ppage);
*/
static void release(struct ud_sh_sys *sys, uint32_t a, uint32_t i, uint32_t k)
{
	(void)a;
	(void)i;
	own_clear(sys, k);
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	/*@ assert ste_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N &&
	      !(b == a && j == i) ==> (\at(sys->as[b].st[j].valid, Pre) == \at(sys->as[b].st[j].valid, Here) && \at(sys->as[b].st[j].rights, Pre) == \at(sys->as[b].st[j].rights, Here) && \at(sys->as[b].st[j].spage, Pre) == \at(sys->as[b].st[j].spage, Here)); */
	/*@ assert link_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
	      \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Here); */
	//@ assert own_l: \forall integer m; 0 <= m < UD_SH_OWN_N && m != k ==> (\at(sys->own[m].valid, Pre) == \at(sys->own[m].valid, Here) && \at(sys->own[m].ppage, Pre) == \at(sys->own[m].ppage, Here) && \at(sys->own[m].as, Pre) == \at(sys->own[m].as, Here) && \at(sys->own[m].sti, Pre) == \at(sys->own[m].sti, Here));
	//@ assert k_pre: \at(sys->link[a][i], Pre) == k && \at(sys->own[k].as, Pre) == a && \at(sys->own[k].sti, Pre) == i;
	//@ assert not_i: !ud_sh_rd0(sys, a, i);
	//@ assert cleared: sys->own[k].valid == 0;
	//@ assert uniq: ud_sh_use_uniq_remove(0) && ud_sh_own_uniq(sys);
	//@ assert fwd: ud_sh_use_fwd_remove(0) && ud_sh_fwd(sys);
	//@ assert ctx_l: \at(sys->as[a].ctx, Pre) == \at(sys->as[a].ctx, Here);
	/*@ assert pt_l: \forall integer m; 0 <= m < UD_SH_PT_N ==>
	      \at(sys->as[a].pt[m], Pre) == \at(sys->as[a].pt[m], Here); */
	/*@ assert st_l: \forall integer m; 0 <= m < UD_SH_ST_N ==>
	      \at(sys->as[a].st[m], Pre) == \at(sys->as[a].st[m], Here); */
}

/* ud_sh_sys_unmap of mapping i, a readable context-0 mapping: its
 * record is released with it. */
/*@
  requires valid_sys: \valid(sys);
  requires a_ok: a < UD_SH_NAS;
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: ud_sh_as_inv(&sys->as[a]);
  requires i_ok: i < UD_SH_ST_N && sys->as[a].st[i].valid == 1 &&
    sys->as[a].st[i].svpage == svaddr / 4096;
  requires rd0: ud_sh_rd0(sys, a, i);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], sys->own[0 .. UD_SH_OWN_N - 1];
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK;
  ensures gone: \forall integer m; 0 <= m < UD_SH_ST_N ==>
    !(sys->as[a].st[m].valid == 1 && sys->as[a].st[m].svpage == svaddr / 4096);
  ensures released: \forall integer m; 0 <= m < UD_SH_ST_N &&
    \old(ud_sh_rd0(sys, a, m)) && \old(sys->as[a].st[m].svpage) == svaddr / 4096 ==>
    \forall integer k; 0 <= k < UD_SH_OWN_N ==>
      !(sys->own[k].valid == 1 && sys->own[k].ppage == \old(ud_sh_st_pp(sys, a, m)));
*/
static ud_status unmap_rd0(struct ud_sh_sys *sys, uint32_t a, uint64_t svaddr, uint32_t i)
{
	/*@ assert only_i: \forall integer m; 0 <= m < UD_SH_ST_N &&
	      sys->as[a].st[m].valid == 1 && sys->as[a].st[m].svpage == svaddr / 4096 ==> m == i; */
	//@ assert lk: ud_sh_linked(sys, a, i);
	uint32_t k = sys->link[a][i];
	/*@ assert k_is: k < UD_SH_OWN_N && sys->own[k].valid == 1 &&
	      sys->own[k].ppage == ud_sh_st_pp(sys, a, i) && sys->own[k].as == a && sys->own[k].sti == i; */
	/*@ assert only_k: \forall integer m; 0 <= m < UD_SH_OWN_N && m != k ==>
	      !(sys->own[m].valid == 1 && sys->own[m].ppage == ud_sh_st_pp(sys, a, i)); */
	ud_status r = sys_os_unmap0(sys, a, svaddr, i);
	//@ assert not1: !ud_sh_rd0(sys, a, i);
	//@ assert own_l: \forall integer k; 0 <= k < UD_SH_OWN_N ==> (\at(sys->own[k].valid, Pre) == \at(sys->own[k].valid, Here) && \at(sys->own[k].ppage, Pre) == \at(sys->own[k].ppage, Here) && \at(sys->own[k].as, Pre) == \at(sys->own[k].as, Here) && \at(sys->own[k].sti, Pre) == \at(sys->own[k].sti, Here));
	//@ assert k_mid: sys->link[a][i] == k && sys->own[k].as == a && sys->own[k].sti == i;
	//@ assert uniq: ud_sh_use_uniq_frame(0) && ud_sh_own_uniq(sys);
	//@ assert ctx: (\forall integer c; 0 <= c < UD_SH_NAS ==> \at(sys->as[c].ctx, Pre) == \at(sys->as[c].ctx, Here));
	/*@ assert link_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N ==>
	      \at(sys->link[b][j], Pre) == \at(sys->link[b][j], Here); */
	/*@ assert ste_l: \forall integer b, j; 0 <= b < UD_SH_NAS && 0 <= j < UD_SH_ST_N &&
	      !(b == a && j == i) ==> (\at(sys->as[b].st[j].valid, Pre) == \at(sys->as[b].st[j].valid, Here) && \at(sys->as[b].st[j].rights, Pre) == \at(sys->as[b].st[j].rights, Here) && \at(sys->as[b].st[j].spage, Pre) == \at(sys->as[b].st[j].spage, Here)); */
	/*@ assert fwd_p: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N ==>
	      (\at(ud_sh_rd0(sys, b, m), Pre) ==> \at(ud_sh_linked(sys, b, m), Pre)); */
	/*@ assert rd0_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> \at(ud_sh_rd0(sys, b, m), Pre)); */
	/*@ assert lk_eq: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (\at(ud_sh_linked(sys, b, m), Pre) ==> ud_sh_linked(sys, b, m)); */
	/*@ assert fwd_o: \forall integer b, m; 0 <= b < UD_SH_NAS && 0 <= m < UD_SH_ST_N &&
	      !(b == a && m == i) ==> (ud_sh_rd0(sys, b, m) ==> ud_sh_linked(sys, b, m)); */
	//@ assert fwd: ud_sh_fwd(sys);
	release(sys, a, i, k);
	/*@ assert rel: \forall integer m; 0 <= m < UD_SH_OWN_N ==>
	      !(sys->own[m].valid == 1 && sys->own[m].ppage == \at(ud_sh_st_pp(sys, a, i), Pre)); */
	return r;
}

ud_status ud_sh_sys_unmap(struct ud_sh_sys *sys, uint32_t a, uint64_t svaddr)
{
	if (a >= UD_SH_NAS)
		return UD_E_RANGE;
	uint32_t i = st_find(&sys->as[a], svaddr / UD_PAGE_SIZE);
	if (i >= UD_SH_ST_N)
		return UD_E_NOENT;
	//@ assert ok_i: ud_sh_ste_ok(&sys->as[a], i);
	if (sys->as[a].ctx != 0u || sys->as[a].st[i].rights == UD_SH_R_WRITE)
		return unmap_plain(sys, a, svaddr, i);
	return unmap_rd0(sys, a, svaddr, i);
}
