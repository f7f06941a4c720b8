/* SPDX-License-Identifier: MIT */
/*
 * shadow_sys.h -- the OS as a whole for shadow addressing (seed
 * 000_84f077e385ac0b00.txt): the address spaces the OS manages and the
 * system-wide record of which one holds the readable context-0 shadow
 * mapping of each physical page (SHADOW-M15, the fix of SHADOW-M10).
 * The per-address-space side is src/shadow_os.c.
 */
#ifndef UD_SHADOW_SYS_H
#define UD_SHADOW_SYS_H

#include "shadow_os.h"

/* Sizes: address spaces, owner records.  A record is (physical page,
 * owner index); records are unique per page (the section comment below
 * says why there is a record at all). */
#ifndef UD_SH_NAS
#define UD_SH_NAS 4u
#endif
#ifndef UD_SH_OWN_N
#define UD_SH_OWN_N 16u
#endif
/* The record's and the links' field types are ones struct ud_sh_as does
 * not use (it has uint32_t and uint64_t only): WP's Typed model keeps one
 * memory array per C scalar type, so a write to a record or a link leaves
 * every address space visibly alone, and an address-space operation every
 * record and link (docs/METHOD.md, "Chunks").  ppage is signed for that
 * reason: a physical page number is below 2^(UD_SH_PA_BITS - 12). */
#if UD_SH_NAS > 65535u || UD_SH_ST_N > 65535u || UD_SH_OWN_N > 255u
#error "shadow_sys.h: record fields are uint16_t, links uint8_t"
#endif
struct ud_sh_own {
	int64_t ppage;      /* physical page                                  */
	uint16_t as;        /* index of the owner in ud_sh_sys.as             */
	uint16_t sti;       /* its shadow mapping: index in as[as].st         */
	uint16_t valid;
};
struct ud_sh_sys {
	struct ud_sh_as as[UD_SH_NAS];
	struct ud_sh_own own[UD_SH_OWN_N];
	/* link[a][i]: the record of address space a's shadow mapping i, when
	 * that is a readable context-0 mapping (otherwise meaningless) */
	uint8_t link[UD_SH_NAS][UD_SH_ST_N];
};

#include "shadow_sys.acsl"

/* ------------------------------------------------------------------
 * The OS as a whole (SHADOW-M15, the fix of SHADOW-M10): a system-wide
 * record of which address space holds the readable context-0 shadow
 * mapping of each physical page.  Algorithm 3's recogniser sees only
 * (kind, physical address, data), so two address spaces that may both
 * LOAD shadow(A1) are indistinguishable to it and a third process can
 * stitch its own accesses around theirs (docs/models.md, "rights other
 * than the seed's").  The OS therefore gives at most ONE readable
 * context-0 shadow mapping of a physical page in the whole system: a
 * request for a second one is refused with UD_E_BUSY and changes nothing;
 * removing the mapping releases the record.  Threads of the owner share
 * its one mapping and serialise their calls on it (the application's
 * lock, as for a write-shared destination).  Write-only shadow mappings
 * and context-id (algorithm 2) mappings are not restricted.
 *
 * Page-table side: the shadow mapping and the owner record go together
 * with the page they mirror.  Before the OS removes or downgrades a
 * regular page of the holder, it removes the shadow mapping of that page
 * with ud_sh_sys_unmap (which releases the record), in the same critical
 * section; a downgrade is that removal, the page re-added with fewer
 * rights, and a new ud_sh_sys_map if still allowed.  (This module offers
 * no page removal yet: the page table stands for the kernel's own, which
 * the OS side only reads; no shadow mapping outlives its page,
 * ud_sh_as_inv, and no record outlives its mapping.)
 */

/*@
  requires valid_sys: \valid(sys);
  assigns *sys;
  ensures inv: ud_sh_sys_inv(sys);
  ensures as_ok: \forall integer a; 0 <= a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  ensures empty: (\forall integer k; 0 <= k < UD_SH_OWN_N ==> sys->own[k].valid == 0) &&
    (\forall integer a; 0 <= a < UD_SH_NAS ==> sys->as[a].ctx == 0);
*/
void ud_sh_sys_init(struct ud_sh_sys *sys);

/* ud_sh_os_pt_add on address space a of the system. */
/*@
  requires valid_sys: \valid(sys);
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  assigns sys->as[a].pt[0 .. UD_SH_PT_N - 1];
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures bad_as: a >= UD_SH_NAS ==> \result == UD_E_RANGE;
  ensures unchanged: \result != UD_OK && a < UD_SH_NAS ==>
    (\forall integer i; 0 <= i < UD_SH_PT_N ==> sys->as[a].pt[i] == \old(sys->as[a].pt[i]));
  ensures added: \result == UD_OK ==> a < UD_SH_NAS &&
    \exists integer j; 0 <= j < UD_SH_PT_N && \old(sys->as[a].pt[j].valid) == 0 &&
      sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vpage &&
      sys->as[a].pt[j].ppage == ppage && sys->as[a].pt[j].rights == rights;
*/
ud_status ud_sh_sys_pt_add(struct ud_sh_sys *sys, uint32_t a, uint64_t vpage,
			   uint64_t ppage, uint32_t rights);

/* ud_sh_os_map on address space a, refused with UD_E_BUSY when the
 * request is a readable context-0 shadow mapping of a physical page that
 * already has one (in any address space, a included). */
/*@
  requires valid_sys: \valid(sys);
  requires valid_out: \valid(svaddr) && \separated(svaddr, sys);
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], sys->own[0 .. UD_SH_OWN_N - 1],
    sys->link[a][0 .. UD_SH_ST_N - 1], *svaddr;
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE ||
    \result == UD_E_INVAL || \result == UD_E_NOENT || \result == UD_E_PERM ||
    \result == UD_E_BUSY || \result == UD_E_NOSPC;
  ensures unchanged: \result != UD_OK ==> *svaddr == \old(*svaddr) &&
    (a < UD_SH_NAS ==> \forall integer i; 0 <= i < UD_SH_ST_N ==>
      sys->as[a].st[i] == \old(sys->as[a].st[i])) &&
    (\forall integer k; 0 <= k < UD_SH_OWN_N ==> sys->own[k] == \old(sys->own[k]));
  ensures bad_as: a >= UD_SH_NAS ==> \result == UD_E_RANGE;
  ensures refused: a < UD_SH_NAS && ud_sh_is_va(vaddr) &&
    (rights == UD_SH_R_READ || rights == 3) && sys->as[a].ctx == 0 &&
    (\exists integer j, k; 0 <= j < UD_SH_PT_N && 0 <= k < UD_SH_OWN_N &&
      sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vaddr / 4096 &&
      \old(sys->own[k].valid) == 1 && \old(sys->own[k].ppage) == sys->as[a].pt[j].ppage) ==>
    \result == UD_E_BUSY;
  ensures mapped: \result == UD_OK ==> a < UD_SH_NAS &&
    *svaddr == ud_sh_vshadow(vaddr) &&
    \exists integer i; 0 <= i < UD_SH_ST_N && \old(sys->as[a].st[i].valid) == 0 &&
      sys->as[a].st[i].valid == 1 && sys->as[a].st[i].rights == rights &&
      sys->as[a].st[i].svpage == ud_sh_vbit / 4096 + vaddr / 4096;
  ensures owner: \result == UD_OK && sys->as[a].ctx == 0 &&
    (rights == UD_SH_R_READ || rights == 3) ==>
    \exists integer j, k; 0 <= j < UD_SH_PT_N && 0 <= k < UD_SH_OWN_N &&
      sys->as[a].pt[j].valid == 1 && sys->as[a].pt[j].vpage == vaddr / 4096 &&
      \old(sys->own[k].valid) == 0 && sys->own[k].valid == 1 &&
      sys->own[k].ppage == sys->as[a].pt[j].ppage && sys->own[k].as == a;
*/
ud_status ud_sh_sys_map(struct ud_sh_sys *sys, uint32_t a, uint64_t vaddr,
			uint32_t rights, uint64_t *svaddr);

/* ud_sh_os_unmap on address space a; a readable context-0 mapping's
 * owner record is released with it. */
/*@
  requires valid_sys: \valid(sys);
  requires inv: ud_sh_sys_inv(sys);
  requires as_ok: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  assigns sys->as[a].st[0 .. UD_SH_ST_N - 1], sys->own[0 .. UD_SH_OWN_N - 1];
  ensures inv_kept: ud_sh_sys_inv(sys);
  ensures as_kept: a < UD_SH_NAS ==> ud_sh_as_inv(&sys->as[a]);
  ensures result: \result == UD_OK || \result == UD_E_RANGE || \result == UD_E_NOENT;
  ensures bad_as: a >= UD_SH_NAS ==> \result == UD_E_RANGE;
  ensures unchanged: \result != UD_OK ==>
    (a < UD_SH_NAS ==> \forall integer i; 0 <= i < UD_SH_ST_N ==>
      sys->as[a].st[i] == \old(sys->as[a].st[i])) &&
    (\forall integer k; 0 <= k < UD_SH_OWN_N ==> sys->own[k] == \old(sys->own[k]));
  ensures gone: a < UD_SH_NAS ==> \forall integer i; 0 <= i < UD_SH_ST_N ==>
    !(sys->as[a].st[i].valid == 1 && sys->as[a].st[i].svpage == svaddr / 4096);
  ensures released: a < UD_SH_NAS ==> \forall integer i; 0 <= i < UD_SH_ST_N &&
    \old(ud_sh_rd0(sys, a, i)) && \old(sys->as[a].st[i].svpage) == svaddr / 4096 ==>
    \forall integer k; 0 <= k < UD_SH_OWN_N ==>
      !(sys->own[k].valid == 1 && sys->own[k].ppage == \old(ud_sh_st_pp(sys, a, i)));
*/
ud_status ud_sh_sys_unmap(struct ud_sh_sys *sys, uint32_t a, uint64_t svaddr);

#endif /* UD_SHADOW_SYS_H */
