/* SPDX-License-Identifier: MIT */
/*
 * va_rx.h -- the destination side of a virtual-address transfer: one
 * packet received (issue 18, docs/engine.md "Design: virtual-address
 * transfers", 1.4 and 2.4; seed 004 3.2.3, 3.2.3.1, 3.2.3.3).
 *
 *   header h + payload -> UD_E_INVAL   (header fails the re-check: nothing)
 *                      -> UD_OK        (both pieces stored; packet marked;
 *                                       ACK once when the block is whole)
 *                      -> UD_VA_FAULTED (nothing stored; Table 3.2 entry to
 *                                       the fault FIFO; PF-NACK on the
 *                                       slot's first fault of this seq)
 *                      -> UD_VA_STALLED (stall mode: nothing, no reply)
 *
 * The per-packet re-check: every packet is checked (header fields, the
 * packet's own length) and translated anew through the bank of the PD the
 * header carries (A-NET-HDR: the packetizer wires it, 3.2.1), WNR = 1;
 * both pieces are translated before either is stored, as at the source.
 * No translation is cached across packets.
 *
 * The rx slots: direct mapped by (from, trid); a packet whose tag (from,
 * trid, seq, blen) differs from its slot's resets the slot (a new seq after
 * a RAPF, a straggler, a collision): progress is lost, never invented.
 *
 * The reply door ud_plat_va_reply (A-PLAT-VA-REPLY) is in ud_platform.h.
 */
#ifndef UD_VA_RX_H
#define UD_VA_RX_H

#include "va_tx.h"
#include "fault_fifo.h"

#ifndef UD_VA_RX_NB
#define UD_VA_RX_NB      256u   /* slots; safety does not depend on it */
#endif
#define UD_VA_NPK_MAX    64u    /* packets of a 16 KB block */
#define UD_VA_REP_ACK    1u     /* == UD_R5_SCHED_EV_ACK (static assert in the homes) */
#define UD_VA_REP_PFNACK 3u     /* == UD_R5_SCHED_EV_PFNACK */
#define UD_VA_EXA_SLVERR 2u     /* Table 3.2 EXA_ACK of a slave error (AXI 2'b10) */

struct ud_va_rxb {
	uint8_t  valid, faulted, acked;
	uint32_t from;
	uint16_t trid, seq;
	uint32_t blen;
	uint8_t  got[UD_VA_NPK_MAX];
};

struct ud_va_rx {
	struct ud_va_rxb b[UD_VA_RX_NB];
};

struct ud_va_rx_out {
	ud_status st;
	uint32_t  slot;    /* the header's slot (when st != UD_E_INVAL) */
	uint32_t  fvpn;    /* the faulting page (when st == UD_VA_FAULTED) */
	uint8_t   reply;   /* 0, UD_VA_REP_ACK or UD_VA_REP_PFNACK: what was sent */
};

#include "va_rx.acsl"

/*@ requires valid: \valid(rx);
    assigns rx->b[0 .. UD_VA_RX_NB - 1];
    ensures inv: ud_va_rx_inv(rx);
    ensures empty: \forall integer k; 0 <= k < UD_VA_RX_NB ==> rx->b[k].valid == 0;
*/
void ud_va_rx_init(struct ud_va_rx *rx);

/*@ requires valid: \valid(s) && \valid(ff) && \valid(rx) && \valid_read(h) &&
                    \valid_read(data + (0 .. 255));
    requires sep: \separated(s, ff, rx, h, data + (0 .. 255));
    requires inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    requires room: ud_pt_n <= UD_PT_LOG - 2 && ud_dma_n <= UD_DMA_LOG - 2 &&
                   ud_rep_n < UD_REP_LOG;
    assigns s->cb[0 .. 15], *ff, rx->b[0 .. UD_VA_RX_NB - 1], ud_env,
            ud_pt_n, ud_pt_cb[ud_pt_n .. ud_pt_n + 1], ud_pt_va[ud_pt_n .. ud_pt_n + 1],
            ud_pt_wnr[ud_pt_n .. ud_pt_n + 1], ud_pt_res[ud_pt_n .. ud_pt_n + 1],
            ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1], ud_dma_len[ud_dma_n .. ud_dma_n + 1],
            ud_dma_wr[ud_dma_n .. ud_dma_n + 1], ud_dma_va[ud_dma_n .. ud_dma_n + 1],
            ud_dma_w[ud_dma_n .. ud_dma_n + 1],
            ud_rep_n, ud_rep_node[ud_rep_n], ud_rep_trid[ud_rep_n], ud_rep_seq[ud_rep_n],
            ud_rep_kind[ud_rep_n];
    ensures inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    ensures walked: \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 2;
    behavior malformed:
      assumes !ud_va_hdr_ok(h);
      ensures inval: \result.st == UD_E_INVAL;
      ensures nothing: ud_pt_n == \old(ud_pt_n) && ud_dma_n == \old(ud_dma_n) &&
        ud_rep_n == \old(ud_rep_n) && ud_ff_same{Pre, Post}(ff) &&
        (\forall integer k; 0 <= k < UD_VA_RX_NB ==> rx->b[k] == \old(rx->b[k])) &&
        (\forall integer c; 0 <= c < 16 ==> ud_smmu_cb_same{Pre, Post}(s, c));
    behavior packet:
      assumes ud_va_hdr_ok(h);
      ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
        ud_dma_wr[i] == 1 && ud_va_entry_ok(\old(h->pd), i, \old(ud_pt_n));
      ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
        \old(h->dst) <= ud_dma_va[i] && ud_dma_va[i] + ud_dma_len[i] <= \old(h->dst + h->n);
      ensures whole: \result.st == UD_OK ==>
        ud_va_covers(\old(ud_dma_n), ud_dma_n, \old(h->dst), \old(h->n), 1);
      ensures no_byte: \result.st != UD_OK ==> ud_dma_n == \old(ud_dma_n);
      ensures codes: \result.st == UD_OK || \result.st == UD_VA_FAULTED ||
        \result.st == UD_VA_STALLED;
      ensures fifo: \result.st == UD_VA_FAULTED ==>
        \result.fvpn == ud_pt_va[ud_pt_n - 1] / 4096 &&
        \old(h->dst / 4096) <= \result.fvpn <= \old((h->dst + h->n - 1) / 4096) &&
        ud_va_ff_logged{Pre, Post}(ff, \old(h->from), \old(h->trid), \old(h->seq),
                                   \old(h->pd), \result.fvpn, UD_VA_EXA_SLVERR);
      ensures fifo_kept: \result.st != UD_VA_FAULTED ==> ud_ff_same{Pre, Post}(ff);
      ensures slot: \result.slot == \old(ud_va_slot_of(h->from, h->trid)) &&
        ud_va_rxb_tag(&rx->b[\result.slot], \old(h->from), \old(h->trid), \old(h->seq),
                      \old(h->blen));
      ensures marked: \result.st == UD_OK ==> rx->b[\result.slot].got[\old(h->off) / 256] == 1;
      ensures other_slots: \forall integer k; 0 <= k < UD_VA_RX_NB && k != \result.slot ==>
        rx->b[k] == \old(rx->b[k]);
      ensures replies: ud_rep_n == \old(ud_rep_n) + (\result.reply != 0 ? 1 : 0) &&
        (\result.reply != 0 ==>
           ud_rep_is(\old(ud_rep_n), \old(h->from), \old(h->trid), \old(h->seq), \result.reply));
      ensures acked: \result.reply == UD_VA_REP_ACK ==>
        \result.st == UD_OK && rx->b[\result.slot].faulted == 0 &&
        ud_va_rxb_all(&rx->b[\result.slot]) &&
        !\old(ud_va_rxb_tag(&rx->b[ud_va_slot_of(h->from, h->trid)], h->from, h->trid, h->seq,
                               h->blen) &&
              rx->b[ud_va_slot_of(h->from, h->trid)].acked == 1);
      ensures pfnack: \result.reply == UD_VA_REP_PFNACK ==> \result.st == UD_VA_FAULTED &&
        !\old(ud_va_rxb_tag(&rx->b[ud_va_slot_of(h->from, h->trid)], h->from, h->trid, h->seq,
                               h->blen) &&
              rx->b[ud_va_slot_of(h->from, h->trid)].faulted == 1);
      ensures nack_first: \result.st == UD_VA_FAULTED &&
        !\old(ud_va_rxb_tag(&rx->b[ud_va_slot_of(h->from, h->trid)], h->from, h->trid, h->seq,
                               h->blen) &&
              rx->b[ud_va_slot_of(h->from, h->trid)].faulted == 1) ==> \result.reply == UD_VA_REP_PFNACK;
      ensures others: \forall integer c; 0 <= c < 16 && c != \old(h->pd) ==>
        ud_smmu_cb_same{Pre, Post}(s, c);
    complete behaviors; disjoint behaviors;
*/
struct ud_va_rx_out ud_va_rx_packet(struct ud_smmu *s, struct ud_ff *ff, struct ud_va_rx *rx,
				    const struct ud_va_hdr *h, const uint8_t *data);

#endif /* UD_VA_RX_H */
