/* SPDX-License-Identifier: MIT */
/*
 * va_tx.h -- the source side of a virtual-address transfer: one 256-byte
 * packet of a block the R5 posted (issue 18, docs/engine.md "Design:
 * virtual-address transfers", 1.3 and 2.3; seed 004 1.3.2, 3.2.2).
 *
 *   (post b, packet offset off) -> UD_OK, the packet's bytes loaded into
 *                                  buf and its header by value
 *                               or UD_VA_FAULTED / UD_VA_STALLED, nothing read
 *
 * The packet's source bytes [src + off, src + off + n) have at most two
 * page pieces.  Both are translated (ud_va_xlate, bank = the post's PD,
 * WNR = 0) before either is read: a packet leaves whole or not at all.  A
 * piece the SMMU terminates stops the packet (and so its block: 3.2.2, the
 * modified PLDMA does "not complete the transfer"); when that access made
 * the bank's first fault, the read-error report tx->rd[pd] = (trid, seq,
 * va) is kept, so it names the access FAR names (the source IRQ turns the
 * two into the handler's fault).  A stalled or held piece (stall mode, out
 * of scope) reads nothing either.
 *
 * Includes va_piece.h only (no r5_sched.h, no access.h).
 */
#ifndef UD_VA_TX_H
#define UD_VA_TX_H

#include "va_piece.h"

#define UD_VA_PKT      256u          /* bytes per packet (seed 004 1.3.2) */
#define UD_VA_BLK_MAX  16384u        /* bytes per block (seed 004 1.3.2) */
#define UD_VA_FAULTED  UD_E_FAULT    /* a piece terminated by the SMMU */
#define UD_VA_STALLED  UD_E_STATE    /* a piece stalled or held (stall mode) */

/* One post of the R5 (ud_plat_r5_post's arguments), as posted. */
struct ud_va_blk {
	uint16_t trid, seq;
	uint8_t  pd, vc, kind;
	uint32_t node;
	uint64_t src, dst;
	uint32_t len;
};

/* The read-error report of one bank: the access of its first fault. */
struct ud_va_rderr {
	uint8_t  valid;
	uint16_t trid, seq;
	uint64_t va;
};

struct ud_va_tx {
	struct ud_va_rderr rd[UD_SMMU_NCB];   /* per bank (= PD) */
};

/* A packet header, built by the engine from the post (A-NET-HDR). */
struct ud_va_hdr {
	uint32_t from;
	uint16_t trid, seq;
	uint8_t  pd;
	uint64_t dst;
	uint32_t off, blen, n;
};

struct ud_va_tx_out {
	ud_status st;
	struct ud_va_hdr h;     /* meaningful when st == UD_OK */
};

#include "va_tx.acsl"

/*@ requires valid: \valid(s) && \valid(tx) && \valid_read(b) && \valid(buf + (0 .. 255));
    requires sep: \separated(s, tx, b, buf + (0 .. 255));
    requires inv: ud_smmu_inv(s);
    requires blk: ud_va_blk_ok(b) && off % 256 == 0 && off < b->len;
    requires room: ud_pt_n <= UD_PT_LOG - 2 && ud_dma_n <= UD_DMA_LOG - 2;
    assigns s->cb[b->pd], tx->rd[b->pd], buf[0 .. 255], ud_env,
            ud_pt_n, ud_pt_cb[ud_pt_n .. ud_pt_n + 1], ud_pt_va[ud_pt_n .. ud_pt_n + 1],
            ud_pt_wnr[ud_pt_n .. ud_pt_n + 1], ud_pt_res[ud_pt_n .. ud_pt_n + 1],
            ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1], ud_dma_len[ud_dma_n .. ud_dma_n + 1],
            ud_dma_wr[ud_dma_n .. ud_dma_n + 1], ud_dma_va[ud_dma_n .. ud_dma_n + 1],
            ud_dma_w[ud_dma_n .. ud_dma_n + 1];
    ensures inv: ud_smmu_inv(s);
    ensures walked: \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 2;
    ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_dma_wr[i] == 0 && ud_va_entry_ok(b->pd, i, \old(ud_pt_n));
    ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      b->src + off <= ud_dma_va[i] &&
      ud_dma_va[i] + ud_dma_len[i] <= b->src + off + ud_va_pktlen(b->len, off);
    ensures sent: \result.st == UD_OK ==>
      ud_va_covers(\old(ud_dma_n), ud_dma_n, b->src + off, ud_va_pktlen(b->len, off), 0);
    ensures header: \result.st == UD_OK ==> ud_va_hdr_is(\result.h, self, b, off);
    ensures no_byte: \result.st != UD_OK ==> ud_dma_n == \old(ud_dma_n) &&
      \forall integer k; 0 <= k < 256 ==> buf[k] == \old(buf[k]);
    ensures codes: \result.st == UD_OK || \result.st == UD_VA_FAULTED ||
      \result.st == UD_VA_STALLED;
    ensures faulted: \result.st == UD_VA_FAULTED ==> ud_smmu_active(&s->cb[b->pd]);
    ensures report: \result.st == UD_VA_FAULTED && !\old(ud_smmu_active(&s->cb[b->pd])) ==>
      tx->rd[b->pd].valid == 1 && tx->rd[b->pd].trid == b->trid &&
      tx->rd[b->pd].seq == b->seq && tx->rd[b->pd].va == s->cb[b->pd].far;
    ensures report_kept: !(\result.st == UD_VA_FAULTED && !\old(ud_smmu_active(&s->cb[b->pd]))) ==>
      tx->rd[b->pd] == \old(tx->rd[b->pd]);
    ensures others: \forall integer c; 0 <= c < 16 && c != b->pd ==>
      ud_smmu_cb_same{Pre, Post}(s, c);
*/
struct ud_va_tx_out ud_va_tx_packet(struct ud_smmu *s, struct ud_va_tx *tx, uint32_t self,
				    const struct ud_va_blk *b, uint32_t off, uint8_t *buf);

#endif /* UD_VA_TX_H */
