/* SPDX-License-Identifier: MIT */
/*
 * shadow_os.h -- the OS side of shadow addressing (seed
 * 000_84f077e385ac0b00.txt: "virtual address vaddr is mapped to physical
 * address paddr and virtual shadow address shadow(vaddr) - to
 * shadow(paddr) ... These bits are set by the OS when it creates the
 * mappings from shadow virtual addresses to shadow physical addresses").
 *
 * struct ud_sh_as (src/shadow.h) is one process as the OS sees it: its page
 * table `pt` (regular pages: what the process has, with which rights) and
 * the shadow mappings `st` the OS created for it.  The invariant
 * ud_sh_as_inv (spec/shadow.acsl) says every shadow mapping mirrors a page
 * of pt -- shadow(vpage) -> shadow(ppage, the process's context id) -- with
 * no more rights than the page itself.
 *
 * The page table is not only added to: ud_sh_os_pt_remove and
 * ud_sh_os_pt_downgrade take a page or rights on it away, and tear down
 * the shadow mappings that would otherwise outlive them (issue 17 item 7).
 *
 * ud_sh_os_translate is what the MMU does with a shadow access (the
 * environment fact A-SH-MMU): its contract `protect` is the protection
 * property -- a shadow access that translates names a physical page the
 * process has, with the right the access needs (write for a STORE, read for
 * a LOAD).  The host bus of the tests runs accesses through it.
 */
#ifndef UD_SHADOW_OS_H
#define UD_SHADOW_OS_H

#include "shadow.h"

/*@
  // A shadow entry's well-formedness depends only on the context id, the
  // entry itself and the page table (proved by WP, used by the updates).
  lemma ud_sh_ste_ok_frame{L1, L2}:
    \forall struct ud_sh_as *as, integer k;
      \at(as->ctx, L1) == \at(as->ctx, L2) &&
      \at(as->st[k], L1) == \at(as->st[k], L2) &&
      (\forall integer j; 0 <= j < UD_SH_PT_N ==> \at(as->pt[j], L1) == \at(as->pt[j], L2)) &&
      ud_sh_ste_ok{L1}(as, k) ==> ud_sh_ste_ok{L2}(as, k);

  // A page-table entry's well-formedness depends only on that entry.
  lemma ud_sh_pte_ok_frame{L1, L2}:
    \forall struct ud_sh_as *as, integer k;
      \at(as->pt[k], L1) == \at(as->pt[k], L2) &&
      ud_sh_pte_ok{L1}(as, k) ==> ud_sh_pte_ok{L2}(as, k);

  // The address-space invariant depends only on the context id and the
  // two tables.
  lemma ud_sh_as_inv_frame{L1, L2}:
    \forall struct ud_sh_as *as;
      \at(as->ctx, L1) == \at(as->ctx, L2) &&
      (\forall integer k; 0 <= k < UD_SH_PT_N ==> \at(as->pt[k], L1) == \at(as->pt[k], L2)) &&
      (\forall integer k; 0 <= k < UD_SH_ST_N ==> \at(as->st[k], L1) == \at(as->st[k], L2)) &&
      ud_sh_as_inv{L1}(as) ==> ud_sh_as_inv{L2}(as);
*/

/*@
  // Shadow mapping k at L1 mirrors page-table entry j with more rights than
  // r: what lowering entry j's rights to r must tear down (r = 0, the
  // removal of entry j: every mapping of it, their rights are 1 .. 3).
  // The shadow table at L2 is the one at L1 with exactly those mappings
  // removed; every other mapping is the same.
  predicate ud_sh_st_torn_down{L1, L2}(struct ud_sh_as *as, integer j, integer r) =
    \forall integer k; 0 <= k < UD_SH_ST_N ==>
      ((\at(as->st[k].valid, L1) == 1 && \at(as->st[k].pti, L1) == j &&
        !ud_rights_le(\at(as->st[k].rights, L1), r)) ==>
         \at(as->st[k].valid, L2) == 0) &&
      (!(\at(as->st[k].valid, L1) == 1 && \at(as->st[k].pti, L1) == j &&
         !ud_rights_le(\at(as->st[k].rights, L1), r)) ==>
         \at(as->st[k], L2) == \at(as->st[k], L1));
*/

/*@
  requires valid_as: \valid(as);
  assigns *as;
  behavior ok:
    assumes ctx_ok: ctx < UD_SH_NCTX2;
    ensures result: \result == UD_OK;
    ensures inv: ud_sh_as_inv(as);
    ensures empty: as->ctx == ctx &&
      (\forall integer i; 0 <= i < UD_SH_PT_N ==> as->pt[i].valid == 0) &&
      (\forall integer i; 0 <= i < UD_SH_ST_N ==> as->st[i].valid == 0);
  behavior bad:
    assumes ctx_bad: ctx >= UD_SH_NCTX2;
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_os_init(struct ud_sh_as *as, uint32_t ctx);

/* The process gets regular page vpage -> ppage with `rights` (this stands
 * for the kernel's own page table, which the OS side only reads). */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  assigns as->pt[0 .. UD_SH_PT_N - 1];
  ensures inv_kept: ud_sh_as_inv(as);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==>
    (\forall integer i; 0 <= i < UD_SH_PT_N ==> as->pt[i] == \old(as->pt[i]));
  ensures range: !(vpage < ud_sh_vbit / 4096 && ppage < ud_sh_bit / 4096) ==>
    \result == UD_E_RANGE;
  ensures rights: (vpage < ud_sh_vbit / 4096 && ppage < ud_sh_bit / 4096 &&
    !(1 <= rights <= 3)) ==> \result == UD_E_INVAL;
  ensures busy: vpage < ud_sh_vbit / 4096 && ppage < ud_sh_bit / 4096 && 1 <= rights <= 3 &&
    (\exists integer j; 0 <= j < UD_SH_PT_N &&
      \old(as->pt[j].valid) == 1 && \old(as->pt[j].vpage) == vpage) ==>
    \result == UD_E_BUSY;
  ensures full: \result == UD_E_NOSPC ==>
    \forall integer j; 0 <= j < UD_SH_PT_N ==> as->pt[j].valid != 0;
  ensures added: \result == UD_OK ==>
    \exists integer j; 0 <= j < UD_SH_PT_N && \old(as->pt[j].valid) == 0 &&
      as->pt[j].valid == 1 &&
      as->pt[j].vpage == vpage && as->pt[j].ppage == ppage &&
      as->pt[j].rights == rights && ud_sh_pt_same_but{Pre, Post}(as, j);
*/
ud_status ud_sh_os_pt_add(struct ud_sh_as *as, uint64_t vpage, uint64_t ppage,
			  uint32_t rights);

/* The process loses regular page vpage (the kernel unmapped it): its
 * page-table entry goes, and with it every shadow mapping that mirrors it,
 * so no later shadow access through shadow(vpage) translates (the MMU's
 * translation needs a shadow mapping of the access's page, clause
 * `translated` of ud_sh_os_translate, and reaches only a page of pt,
 * clause `protect`). */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  assigns as->pt[0 .. UD_SH_PT_N - 1], as->st[0 .. UD_SH_ST_N - 1];
  ensures inv_kept: ud_sh_as_inv(as);
  behavior removed:
    assumes has: \exists integer j; 0 <= j < UD_SH_PT_N &&
      as->pt[j].valid == 1 && as->pt[j].vpage == vpage;
    ensures result: \result == UD_OK;
    ensures cleared: \exists integer j; 0 <= j < UD_SH_PT_N &&
      \old(as->pt[j].valid) == 1 && \old(as->pt[j].vpage) == vpage &&
      as->pt[j].valid == 0 && ud_sh_pt_same_but{Pre, Post}(as, j) &&
      ud_sh_st_torn_down{Pre, Post}(as, j, 0);
    ensures gone: \forall integer j; 0 <= j < UD_SH_PT_N ==>
      !(as->pt[j].valid == 1 && as->pt[j].vpage == vpage);
    ensures no_shadow: \forall integer i; 0 <= i < UD_SH_ST_N ==>
      !(as->st[i].valid == 1 && as->st[i].svpage == ud_sh_vbit / 4096 + vpage);
  behavior no_page:
    assumes none: \forall integer j; 0 <= j < UD_SH_PT_N ==>
      !(as->pt[j].valid == 1 && as->pt[j].vpage == vpage);
    assigns \nothing;
    ensures result: \result == UD_E_NOENT;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_os_pt_remove(struct ud_sh_as *as, uint64_t vpage);

/* The process's rights on regular page vpage are lowered to `rights` (a
 * subset of the ones it has: 1 <= rights <= 3): every shadow mapping of the
 * page whose rights now exceed the page's is removed (a write shadow of a
 * now read-only page is gone), the others stay as they are. */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  assigns as->pt[0 .. UD_SH_PT_N - 1], as->st[0 .. UD_SH_ST_N - 1];
  ensures inv_kept: ud_sh_as_inv(as);
  behavior lowered:
    assumes has: \exists integer j; 0 <= j < UD_SH_PT_N &&
      as->pt[j].valid == 1 && as->pt[j].vpage == vpage &&
      1 <= rights <= 3 && ud_rights_le(rights, as->pt[j].rights);
    ensures result: \result == UD_OK;
    ensures lowered: \exists integer j; 0 <= j < UD_SH_PT_N &&
      \old(as->pt[j].valid) == 1 && \old(as->pt[j].vpage) == vpage &&
      as->pt[j].valid == 1 && as->pt[j].vpage == vpage &&
      as->pt[j].ppage == \old(as->pt[j].ppage) && as->pt[j].rights == rights &&
      ud_sh_pt_same_but{Pre, Post}(as, j) &&
      ud_sh_st_torn_down{Pre, Post}(as, j, rights);
    ensures within: \forall integer i; 0 <= i < UD_SH_ST_N &&
      as->st[i].valid == 1 && as->st[i].svpage == ud_sh_vbit / 4096 + vpage ==>
      ud_rights_le(as->st[i].rights, rights);
    ensures no_kind: \forall integer k, i; 0 <= i < UD_SH_ST_N &&
      !ud_sh_kind_ok(k, rights) ==>
      !(as->st[i].valid == 1 && as->st[i].svpage == ud_sh_vbit / 4096 + vpage &&
        ud_sh_kind_ok(k, as->st[i].rights));
  behavior no_page:
    assumes none: \forall integer j; 0 <= j < UD_SH_PT_N ==>
      !(as->pt[j].valid == 1 && as->pt[j].vpage == vpage);
    assigns \nothing;
    ensures result: \result == UD_E_NOENT;
  behavior more_rights:
    assumes has: \exists integer j; 0 <= j < UD_SH_PT_N &&
      as->pt[j].valid == 1 && as->pt[j].vpage == vpage &&
      !(1 <= rights <= 3 && ud_rights_le(rights, as->pt[j].rights));
    assigns \nothing;
    ensures result: \result == UD_E_INVAL;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_os_pt_downgrade(struct ud_sh_as *as, uint64_t vpage, uint32_t rights);

/* Create the shadow mapping of the page holding vaddr, with `rights`:
 * shadow(vaddr)'s page -> shadow(paddr)'s page (the process's context id in
 * the address, for algorithm 2).  *svaddr = shadow(vaddr). */
/*@
  requires valid_as: \valid(as);
  requires valid_out: \valid(svaddr) && \separated(svaddr, as);
  requires inv: ud_sh_as_inv(as);
  assigns as->st[0 .. UD_SH_ST_N - 1], *svaddr;
  ensures inv_kept: ud_sh_as_inv(as);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> as->st[i] == \old(as->st[i]));
  ensures range: !ud_sh_is_va(vaddr) ==> \result == UD_E_RANGE;
  ensures bad_rights: ud_sh_is_va(vaddr) && !(1 <= rights <= 3) ==>
    \result == UD_E_INVAL;
  ensures no_page: ud_sh_is_va(vaddr) && 1 <= rights <= 3 &&
    (\forall integer j; 0 <= j < UD_SH_PT_N ==>
      !(as->pt[j].valid == 1 && as->pt[j].vpage == vaddr / 4096)) ==>
    \result == UD_E_NOENT;
  ensures more_rights: \result == UD_E_PERM ==>
    \exists integer j; 0 <= j < UD_SH_PT_N && as->pt[j].valid == 1 &&
      as->pt[j].vpage == vaddr / 4096 && !ud_rights_le(rights, as->pt[j].rights);
  ensures busy: \result == UD_E_BUSY ==>
    \exists integer i; 0 <= i < UD_SH_ST_N && as->st[i].valid == 1 &&
      as->st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096;
  ensures full: \result == UD_E_NOSPC ==>
    \forall integer i; 0 <= i < UD_SH_ST_N ==> as->st[i].valid != 0;
  ensures mirrors: \result == UD_OK ==>
    *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i, j; 0 <= i < UD_SH_ST_N && 0 <= j < UD_SH_PT_N &&
      \old(as->st[i].valid) == 0 &&
      as->st[i].valid == 1 && as->st[i].rights == rights &&
      as->pt[j].vpage == vaddr / 4096 &&
      ud_sh_ste_mirrors(as, i, j) && ud_sh_st_same_but{Pre, Post}(as, i);
*/
ud_status ud_sh_os_map(struct ud_sh_as *as, uint64_t vaddr, uint32_t rights,
		       uint64_t *svaddr);

/* Remove the shadow mapping of shadow virtual address svaddr's page. */
/*@
  requires valid_as: \valid(as);
  requires inv: ud_sh_as_inv(as);
  assigns as->st[0 .. UD_SH_ST_N - 1];
  ensures inv_kept: ud_sh_as_inv(as);
  ensures result: \result == UD_OK || \result == UD_E_NOENT;
  ensures unchanged: \result != UD_OK ==>
    (\forall integer i; 0 <= i < UD_SH_ST_N ==> as->st[i] == \old(as->st[i]));
  ensures gone: \forall integer i; 0 <= i < UD_SH_ST_N ==>
    !(as->st[i].valid == 1 && as->st[i].svpage == svaddr / 4096);
  ensures removed: \result == UD_OK ==>
    \exists integer i; 0 <= i < UD_SH_ST_N &&
      \old(as->st[i].valid) == 1 && \old(as->st[i].svpage) == svaddr / 4096 &&
      as->st[i].valid == 0 && ud_sh_st_same_but{Pre, Post}(as, i);
*/
ud_status ud_sh_os_unmap(struct ud_sh_as *as, uint64_t svaddr);

/* What the MMU does with a shadow access of `kind` to shadow virtual
 * address svaddr: find the shadow mapping, check its rights, give the
 * shadow physical address. */
/*@
  requires valid_as: \valid_read(as);
  requires valid_out: \valid(sa) && \separated(sa, as);
  requires inv: ud_sh_as_inv(as);
  assigns *sa;
  ensures result: \result == UD_OK || \result == UD_E_INVAL ||
    \result == UD_E_NOENT || \result == UD_E_PERM;
  ensures unchanged: \result != UD_OK ==> *sa == \old(*sa);
  ensures bad_kind: kind > UD_BUS_LOAD ==> \result == UD_E_INVAL;
  ensures translated: \result == UD_OK ==>
    \exists integer i; 0 <= i < UD_SH_ST_N && as->st[i].valid == 1 &&
      as->st[i].svpage == svaddr / 4096 &&
      ud_sh_kind_ok(kind, as->st[i].rights) &&
      *sa == as->st[i].spage * 4096 + svaddr % 4096;
  ensures protect: \result == UD_OK ==>
    ud_sh_is_shadow(*sa) && ud_sh_ctx(*sa) == as->ctx &&
    ud_sh_has_page(as, ud_sh_pa(*sa) / 4096,
                   kind == UD_BUS_STORE ? UD_SH_R_WRITE : UD_SH_R_READ) &&
    (\exists integer j; 0 <= j < UD_SH_PT_N && as->pt[j].valid == 1 &&
      as->pt[j].vpage + ud_sh_vbit / 4096 == svaddr / 4096 &&
      as->pt[j].ppage == ud_sh_pa(*sa) / 4096);
*/
ud_status ud_sh_os_translate(const struct ud_sh_as *as, uint64_t svaddr, uint32_t kind,
			     uint64_t *sa);

#endif /* UD_SHADOW_OS_H */
