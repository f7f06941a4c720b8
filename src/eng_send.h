/* SPDX-License-Identifier: MIT */
/*
 * eng_send.h -- the send modes of seed 003 as the engine's modes (issue 18,
 * item 5; seed 003 2.1): the NI's side of a send, from the frame the
 * buffer's mode chose to the receiver, over the engine's memory log.
 *
 *   ud_eng_sm_fetch(b, off, len, buf)
 *       the NI reads the message [off, off + len) of send buffer b in one
 *       access through the memory door, at the frame b's mode says the NI
 *       reads (b->sfr, src/send_mode.h), whose address the home names
 *       (ud_plat_sm_pa).  The kernel home's NI calls this and places the
 *       bytes itself (kmod/uldma_sm.c).
 *   ud_eng_sm_send(b, pi, pt, m, buf, &sent)
 *       the whole send into a keyed receive buffer: the fetch, then the
 *       message in UD_WR_PKT-byte packets into the target's region through
 *       m->rkey at m->rva (each packet checked against the protection state
 *       *now*, ud_pkt_write: seed 001 2.5), then the send buffer given back
 *       (ud_sm_complete: free the copy, unpin, clear COW, release) and
 *       exactly one completion on the sender's QP.
 *
 * E-MODE (spec/REQUIREMENTS.md ENG-MODE-1..3), over the memory log:
 *   - the one load of a send is at the address of the frame its buffer's
 *     mode names: a copy (PIO: the NI's memory, CopyDMA: the DMA buffer),
 *     never the user's page, or the user's page itself (DirectDMA, V2PDMA,
 *     PEXDMA);
 *   - classical modes (PIO, CopyDMA, PEXDMA): that frame holds the content
 *     the buffer had when the send returned (send_mode's invariant,
 *     `wgen == snap`, kept by every user write: ud_sm_write), so the bytes
 *     delivered are those, whatever the user wrote after the call;
 *   - DirectDMA and V2PDMA: the frame is the user's own page, read at DMA
 *     time (what the user wrote before the load is what is sent); the
 *     buffer may be reused only once the send is complete
 *     (ud_sm_may_reuse, the seed's DMA-Ready());
 *   - every store lies inside [rva, rva + len) and is one the target's
 *     protection state allowed through rkey, at that packet (E-PROT).
 *
 * Bad input: a sender's QP that is not live gets UD_E_NOENT, a buffer not
 * in flight UD_E_STATE -- both with nothing read, written, completed or
 * changed.  A message of 0 bytes or past the page, a target QP that is not
 * live, a receive range through 2^64, a frame the home cannot name: the
 * buffer is given back and the send completes once with that error,
 * nothing moved.  A packet the target refuses ends the run with its error
 * after the bytes before it.
 */
#ifndef UD_ENG_SEND_H
#define UD_ENG_SEND_H

#include "send_mode.h"
#include "xfer_wr.h"

/* ----------------------------------------------------- the frame door */
/* The physical address of send-mode frame `frame` as the NI reads it:
 * page aligned, or UD_SM_NOPA when the home has no such frame.  The home's
 * frame-to-address map is the logic function ud_sm_pa (declared, never
 * defined: the core assumes nothing of it but that this door answers it),
 * so a contract can say *which* frame an access read.  Distinct frames in
 * use are distinct pages [A-PLAT-SM-PA].  Homes: beside the other send-mode
 * doors (tests/support/plat_host_send_mode.c, kmod/plat_linux_send_mode.c,
 * firmware/plat_r5_send_mode.c).
 *
 * Declared here, with its one user, not in ud_platform.h: a logic
 * declaration in ud_platform.h enters the text of goals of modules that
 * never name it (measured: 182 of eng_va's goals missed the prover cache),
 * so every module would be re-proved for one door. */
#define UD_SM_NOPA 0xFFFFFFFFFFFFFFFFull
/*@ axiomatic ud_sm_frame_map {
      logic integer ud_sm_pa(integer frame);
    }
*/
/*@ assigns \nothing;
    ensures pa: \result == UD_SM_NOPA ||
      (\result == ud_sm_pa(frame) && \result % UD_PAGE_SIZE == 0);
*/
uint64_t ud_plat_sm_pa(uint32_t frame);

/* The message and where it goes. */
struct ud_eng_sm_msg {
	uint32_t qp;     /* the sender's QP: trusted state of the calling process */
	uint32_t tqp;    /* the receiver's QP at the target                     */
	uint32_t rkey;   /* the receive buffer's key at the target              */
	uint32_t off;    /* the message inside the send buffer's page           */
	uint32_t len;    /* 1 .. UD_SM_MTU - off                                */
	uint64_t rva;    /* where it lands at the target                        */
};

/* Packets of one message, and the memory-log room a send needs: one load,
 * at most two stores a packet. */
#define UD_ES_NPKT ((UD_SM_MTU + UD_WR_PKT - 1u) / UD_WR_PKT)
#define UD_ES_LOG_ROOM (1u + 2u * UD_ES_NPKT)
/* Entry i of the memory log as the values ud_es_stored takes. */
#define UD_ES_ENTRY(i) ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]

/*@
  // A message that fits the send buffer's page.
  predicate ud_es_msg_ok(integer off, integer len) =
    1 <= len <= UD_SM_MTU && off + len <= UD_SM_MTU;

  // A message the engine sends: it fits the page, its target QP is live,
  // its receive range does not pass 2^64.
  predicate ud_es_msg_fits{L}(struct ud_prot *pt, struct ud_eng_sm_msg *m) =
    ud_es_msg_ok(m->off, m->len) && m->tqp < UD_PROT_NQP && pt->qp_live[m->tqp] == 1 &&
    m->rva + m->len <= 18446744073709551615;

  // Entry i of the memory log is the NI's load of message (off, len) from
  // frame fr: one access at the frame's address plus off.
  predicate ud_es_load(integer i, integer fr, integer off, integer len) =
    ud_dma_is(i, ud_sm_pa(fr) + off, len, 0) && ud_dma_va[i] == off;

  // A memory-log entry (wr, va, n, pa) is a store of the message into the
  // target, one the protection state allows through rkey for the target
  // QP's PD, inside [rva, rva + len).  Stated on the entry's values (as
  // ud_xfer_at): appending to the log leaves earlier entries' facts alone.
  predicate ud_es_stored{L}(struct ud_prot *pt, integer tpd, integer rkey, integer rva,
                            integer len, integer wr, integer va, integer n, integer pa) =
    wr == 1 && ud_piece_ok(pt, tpd, rkey, UD_KIND_REMOTE_WRITE, va, n, pa) &&
    rva <= va && va + n <= rva + len;

  // What the frame the NI reads holds, by mode (send_mode's invariant):
  // classical modes the content of the send call, the others the user's
  // own page (its content at DMA time).
  predicate ud_es_mode_frame(struct ud_sm_buf *b) =
    (ud_sm_classical(b->mode) ==> b->wgen == b->snap) &&
    (ud_sm_in_place(b->mode) ==> b->sfr == b->ufr) &&
    (ud_sm_copies(b->mode) ==> b->sfr != b->ufr);
*/

/*@ requires valid: \valid_read(b) && \valid(buf + (0 .. UD_SM_MTU - 1));
    requires sep: \separated(b, buf + (0 .. UD_SM_MTU - 1));
    requires inv: ud_sm_inv(b);
    requires room: ud_dma_n < UD_DMA_LOG;
    assigns ud_env, buf[0 .. UD_SM_MTU - 1], ud_dma_n, ud_dma_pa[ud_dma_n],
            ud_dma_len[ud_dma_n], ud_dma_wr[ud_dma_n], ud_dma_va[ud_dma_n];
    behavior not_flight:
      assumes b->st != UD_SM_FLIGHT;
      ensures status: \result == UD_E_STATE;
      ensures nothing: ud_dma_n == \old(ud_dma_n);
    behavior bad_msg:
      assumes b->st == UD_SM_FLIGHT && !ud_es_msg_ok(off, len);
      ensures status: \result == UD_E_INVAL;
      ensures nothing: ud_dma_n == \old(ud_dma_n);
    behavior fetch:
      assumes b->st == UD_SM_FLIGHT && ud_es_msg_ok(off, len);
      ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
      ensures no_frame: \result != UD_OK ==> ud_dma_n == \old(ud_dma_n);
      ensures loaded: \result == UD_OK ==>
        ud_dma_n == \old(ud_dma_n) + 1 && ud_es_load(\old(ud_dma_n), b->sfr, off, len);
      ensures mode: ud_es_mode_frame(b);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_eng_sm_fetch(const struct ud_sm_buf *b, uint32_t off, uint32_t len, uint8_t *buf);

/*@ requires valid: \valid(b) && \valid_read(pi) && \valid_read(pt) && \valid_read(m) &&
                    \valid(sent) && \valid(buf + (0 .. UD_SM_MTU - 1));
    requires sep: \separated(buf + (0 .. UD_SM_MTU - 1), b, pi, pt, m, sent) &&
                  \separated(b, pi, pt, m, sent) && \separated(sent, pi, pt, m);
    requires inv: ud_sm_inv(b) && ud_prot_inv(pi) && ud_prot_inv(pt);
    requires room: ud_dma_n <= UD_DMA_LOG - UD_ES_LOG_ROOM && ud_cq_n < UD_CQ_LOG &&
                   ud_sm_n <= UD_SM_LOG - 2;
    assigns *b, *sent, buf[0 .. UD_SM_MTU - 1], ud_env,
            ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1],
            ud_cq_n, ud_cq_qp[ud_cq_n], ud_cq_st[ud_cq_n], ud_cq_len[ud_cq_n],
            ud_sm_n, UD_SM_LOG_AT(ud_sm_n), UD_SM_LOG_AT(ud_sm_n + 1);
    ensures inv: ud_sm_inv(b);
    behavior no_qp:
      assumes !ud_wr_qp_ok(pi, m->qp);
      ensures status: \result == UD_E_NOENT;
      ensures nothing: ud_dma_n == \old(ud_dma_n) && ud_cq_n == \old(ud_cq_n) &&
        ud_sm_n == \old(ud_sm_n) && ud_sm_same{Pre, Post}(b);
    behavior not_flight:
      assumes ud_wr_qp_ok(pi, m->qp) && b->st != UD_SM_FLIGHT;
      ensures status: \result == UD_E_STATE;
      ensures nothing: ud_dma_n == \old(ud_dma_n) && ud_cq_n == \old(ud_cq_n) &&
        ud_sm_n == \old(ud_sm_n) && ud_sm_same{Pre, Post}(b);
    behavior send:
      assumes ud_wr_qp_ok(pi, m->qp) && b->st == UD_SM_FLIGHT;
      ensures one_completion: ud_wr_completed(\old(ud_cq_n), m->qp, \result);
      ensures given_back: b->st == UD_SM_IDLE && b->mode == \old(b->mode) &&
        b->ufr == \old(b->ufr) && b->gen == \old(b->gen);
      ensures sent: *sent == \old(b->wgen);
      ensures classical: ud_sm_classical(\old(b->mode)) ==> *sent == \old(b->snap);
      ensures mode: \old(ud_es_mode_frame(b));
      ensures loaded_first: ud_dma_n > \old(ud_dma_n) ==>
        ud_es_load(\old(ud_dma_n), \old(b->sfr), m->off, m->len);
      ensures stores: \forall integer i; \old(ud_dma_n) < i < ud_dma_n ==>
        ud_es_stored{Pre}(pt, \old(pt->qp_pd[m->tqp]), m->rkey, m->rva, m->len, UD_ES_ENTRY(i));
      ensures all_moved: \result == UD_OK ==> ud_cq_len[\old(ud_cq_n)] == m->len &&
        ud_dma_n > \old(ud_dma_n);
      ensures refused: !ud_es_msg_fits(pt, m) ==>
        \result != UD_OK && ud_dma_n == \old(ud_dma_n) && ud_cq_len[\old(ud_cq_n)] == 0;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_eng_sm_send(struct ud_sm_buf *b, const struct ud_prot *pi, const struct ud_prot *pt,
			 const struct ud_eng_sm_msg *m, uint8_t *buf, uint32_t *sent);

#endif /* UD_ENG_SEND_H */
