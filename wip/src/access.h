/* SPDX-License-Identifier: MIT */
/*
 * access.h -- the access check every DMA goes through (seed
 * 001_7ab1209d0a9249cf.txt, 1.2.1, 2.5, 3.4).
 *
 *   (pd, key, addr, len, kind) -> UD_OK and the physical address of addr,
 *                                 or one specific error
 *
 * Checks, in this order (the first that fails names the error):
 *   kind is one of UD_KIND_*, len >= 1 ............ else UD_E_INVAL
 *   key is live (slot live, generation equal;
 *     a window key only while bound) .............. else UD_E_KEY
 *   requester's pd == region/window pd (3.4) ...... else UD_E_PD
 *   addr + len does not pass 2^64 ................. else UD_E_OVERFLOW
 *   [addr, addr+len) inside the region, or inside
 *     the window's bound range, byte-granular (2.5) else UD_E_BOUNDS
 *   the flags allow the kind: local read always,
 *     local write, remote read/write/atomic by flag;
 *     a window key grants remote kinds only ....... else UD_E_PERM
 *
 * The check is a pure function of the state: an access in flight is
 * re-checked segment by segment (per packet), so once a window is rebound
 * or freed, the rest of that access fails with UD_E_KEY (seed 001 2.5: "must
 * fail with a protection violation").
 */
#ifndef UD_ACCESS_H
#define UD_ACCESS_H

#include "prot.h"

/*@ requires valid: \valid_read(p) && \valid(pa);
    requires sep: \separated(p, pa);
    requires inv: ud_prot_inv(p);
    assigns *pa;
    ensures sound: \result == UD_OK ==> ud_prot_allows(p, pd, key, addr, len, kind);
    ensures complete_mr: ud_allows_mr(p, pd, key, addr, len, kind) ==> \result == UD_OK;
    ensures complete_mw: ud_allows_mw(p, pd, key, addr, len, kind) ==> \result == UD_OK;
    ensures theorem: \result == UD_OK ==> ud_prot_safe(p, pd, addr, len, kind);
    ensures translate_mr: \result == UD_OK && ud_mr_key_live(p, key) ==>
      *pa == ud_mr_pa(p, ud_key_idx(key), addr);
    ensures translate_mw: \result == UD_OK && ud_mw_key_live(p, key) ==>
      *pa == ud_mr_pa(p, p->mw[ud_key_idx(key) - UD_PROT_NMR].mr, addr);
    ensures pa_range: \result == UD_OK ==> *pa <= UD_PROT_PA_MAX + 4095;
    ensures e_inval: \result == UD_E_INVAL <==> !(ud_kind_ok(kind) && 1 <= len);
    ensures e_key: \result == UD_E_KEY <==> ud_kind_ok(kind) && 1 <= len &&
      !ud_mr_key_live(p, key) && !ud_mw_key_live(p, key);
    ensures refused_unchanged: \result != UD_OK ==> *pa == \old(*pa);
    ensures codes: \result == UD_OK || \result == UD_E_INVAL || \result == UD_E_KEY ||
      \result == UD_E_PD || \result == UD_E_OVERFLOW || \result == UD_E_BOUNDS ||
      \result == UD_E_PERM;
*/
ud_status ud_prot_check(const struct ud_prot *p, uint32_t pd, uint32_t key,
                        uint64_t addr, uint64_t len, uint32_t kind, uint64_t *pa);

#endif /* UD_ACCESS_H */
