/* SPDX-License-Identifier: MIT */
/*
 * va_piece.h -- one page piece of a virtual-address transfer: walk the
 * issuing protection domain's SMMU page table, tell the SMMU model the
 * verdict, move the bytes only when the SMMU answers DONE (issue 18,
 * docs/engine.md "Design: virtual-address transfers", 2.2).
 *
 *   ud_va_xlate(s, pd, va, wr) -> {out, pa}
 *       one walk of context bank pd (= the PD: seed 004 1.3.1.4, 3.2.1)
 *       for va and direction wr (ud_plat_pt_walk, ghost-logged), then the
 *       transaction through the bank (ud_smmu_access): DONE, TERMINATED
 *       (the bank records a first fault: FAR = va, WNR = wr), STALLED or
 *       HELD.  pa is meaningful only for DONE: the walk's frame plus va's
 *       offset in the page.  No memory access.
 *   ud_va_store(pa, data, n) / ud_va_load(pa, buf, n)
 *       one translated piece through the memory door, the memory-log entry
 *       recording (in ghost code) the virtual address and the walk it was
 *       made under.  Their precondition is the piece's E-PROT: the walk
 *       is one of bank pd for this very va and direction that answered OK,
 *       and pa is its frame plus va's offset.
 *
 * The walk's index in the ghost walk log is ghost, so it is not a field of
 * the result (the design's `w`): a caller notes the walk count before the
 * call (ud_va_xlate's walk is entry \old(ud_pt_n)) and passes it to the
 * mover as a ghost argument, with the PD and the virtual address.
 *
 * Light on purpose: includes smmu.h and the platform door only (no
 * r5_sched.h, xfer_wr.h, access.h): a VA transfer has no key.
 */
#ifndef UD_VA_PIECE_H
#define UD_VA_PIECE_H

#include "ud_common.h"
#include "ud_platform.h"
#include "smmu.h"
#include "va.acsl"

#define UD_VA_ADDR_LIM   0x8000000000ull   /* 2^39: Table 3.2's 27-bit VPN (seed 004 3.2.3.2) */
#define UD_VA_FRAME_LIM  0x100000000ull    /* walk frames below 2^32: PA below 2^44 */

/* What one translation gave: the SMMU outcome and, for DONE, the physical
 * address of va.  Returned by value (docs/METHOD.md, xfer_packet tricks). */
struct ud_va_x {
	uint32_t out;   /* UD_SMMU_DONE / _TERMINATED / _STALLED / _HELD */
	uint64_t pa;    /* valid when out == UD_SMMU_DONE, else 0 */
};

/*@ requires valid: \valid(s);
    requires inv: ud_smmu_inv(s);
    requires bank: pd < 16;
    requires addr: va < 549755813888;
    requires room: ud_pt_n < UD_PT_LOG;
    assigns s->cb[pd], ud_env, ud_pt_n, ud_pt_cb[ud_pt_n], ud_pt_va[ud_pt_n],
            ud_pt_wnr[ud_pt_n], ud_pt_res[ud_pt_n];
    ensures inv: ud_smmu_inv(s);
    ensures walked: ud_pt_n == \old(ud_pt_n) + 1 &&
      ud_pt_cb[\old(ud_pt_n)] == pd && ud_pt_va[\old(ud_pt_n)] == va &&
      ud_pt_wnr[\old(ud_pt_n)] == (wr ? 1 : 0);
    ensures outs: \result.out <= UD_SMMU_HELD;
    ensures done_ok: \result.out == UD_SMMU_DONE ==>
      ud_pt_ok(ud_pt_res[\old(ud_pt_n)]) &&
      \result.pa == ud_pt_frame(ud_pt_res[\old(ud_pt_n)]) * 4096 + va % 4096 &&
      ud_smmu_cb_same{Pre, Post}(s, pd);
    ensures ok_done: ud_pt_ok(ud_pt_res[\old(ud_pt_n)]) &&
      (!\old(ud_smmu_active(&s->cb[pd])) || \old(s->cb[pd].hupcf) != 0) ==>
      \result.out == UD_SMMU_DONE;
    ensures fault_seen: \result.out == UD_SMMU_TERMINATED ==> ud_smmu_active(&s->cb[pd]);
    ensures first_fault: \result.out != UD_SMMU_DONE && !\old(ud_smmu_active(&s->cb[pd])) ==>
      s->cb[pd].far == va && s->cb[pd].wnr == wr;
    ensures others: \forall integer c; 0 <= c < 16 && c != pd ==>
      ud_smmu_cb_same{Pre, Post}(s, c);
*/
struct ud_va_x ud_va_xlate(struct ud_smmu *s, uint32_t pd, uint64_t va, bool wr);

/* Store n bytes of data at pa: a piece of a write of bank pd at va, made
 * under walk w. */
/*@ requires walk: w < ud_pt_n;
    requires made: ud_va_piece_at(pd, 1, va, n, pa,
                     ud_pt_cb[w], ud_pt_va[w], ud_pt_wnr[w], ud_pt_res[w]);
    requires data: \valid_read(data + (0 .. n - 1));
    requires room: ud_dma_n < UD_DMA_LOG;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n], ud_dma_len[ud_dma_n],
            ud_dma_wr[ud_dma_n], ud_dma_va[ud_dma_n], ud_dma_w[ud_dma_n];
    ensures logged: ud_dma_n == \old(ud_dma_n) + 1 &&
      ud_dma_pa[\old(ud_dma_n)] == pa && ud_dma_len[\old(ud_dma_n)] == n &&
      ud_dma_wr[\old(ud_dma_n)] == 1 && ud_dma_va[\old(ud_dma_n)] == va &&
      ud_dma_w[\old(ud_dma_n)] == w;
    ensures e_prot: ud_va_entry_ok(pd, \old(ud_dma_n), w);
*/
void ud_va_store(uint64_t pa, const uint8_t *data, uint32_t n)
	/*@ ghost (uint32_t pd, uint64_t va, uint32_t w) */;

/* Load n bytes at pa into buf: a piece of a read of bank pd at va, made
 * under walk w. */
/*@ requires walk: w < ud_pt_n;
    requires made: ud_va_piece_at(pd, 0, va, n, pa,
                     ud_pt_cb[w], ud_pt_va[w], ud_pt_wnr[w], ud_pt_res[w]);
    requires buf: \valid(buf + (0 .. n - 1));
    requires room: ud_dma_n < UD_DMA_LOG;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n], ud_dma_len[ud_dma_n],
            ud_dma_wr[ud_dma_n], ud_dma_va[ud_dma_n], ud_dma_w[ud_dma_n], buf[0 .. n - 1];
    ensures logged: ud_dma_n == \old(ud_dma_n) + 1 &&
      ud_dma_pa[\old(ud_dma_n)] == pa && ud_dma_len[\old(ud_dma_n)] == n &&
      ud_dma_wr[\old(ud_dma_n)] == 0 && ud_dma_va[\old(ud_dma_n)] == va &&
      ud_dma_w[\old(ud_dma_n)] == w;
    ensures e_prot: ud_va_entry_ok(pd, \old(ud_dma_n), w);
*/
void ud_va_load(uint64_t pa, uint8_t *buf, uint32_t n)
	/*@ ghost (uint32_t pd, uint64_t va, uint32_t w) */;

#endif /* UD_VA_PIECE_H */
