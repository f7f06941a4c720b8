/* SPDX-License-Identifier: MIT */
/*
 * xfer_wr.h -- one work request run to completion (issue 18, entry point
 * (b): "a posted work request naming keys"; seed 001_7ab1209d0a9249cf.txt
 * 1.2.1, 2.5, 3.4).
 *
 *   (initiator QP, target QP, RDMA write | RDMA read, lkey/lva, rkey/rva, len)
 *      -> packets of UD_WR_PKT bytes through xfer_packet, then exactly one
 *         completion on the initiator's QP: UD_OK and len, or the first
 *         refused packet's error and the bytes moved before it
 *      -> UD_E_NOENT and no completion when the initiator's QP is not live
 *         (no queue to complete on: the poster is told at once, as
 *         ibv_post_send fails on a QP in the wrong state)
 *
 * Who issues is trusted state, never the request: the initiator's PD is the
 * one its QP belongs to (pi->qp_pd[qp]), the target's the one the connected
 * QP at the target belongs to (pt->qp_pd[tqp]).  The request names only
 * keys and addresses, which every packet's access check judges against the
 * protection state at that packet (a rebind, deregister or window
 * deallocation between two packets fails the rest, seed 001 2.5).
 *
 * RDMA write: each packet is read from the initiator (lkey, local read) and
 * written to the target (rkey, remote write).  RDMA read: read from the
 * target (rkey, remote read), written to the initiator (lkey, local write).
 * A packet passes through the caller's staging buffer (UD_WR_PKT bytes,
 * separate from the protection states and the request): the core has no
 * globals and a page on a kernel stack is too much.
 *
 * The packet size UD_WR_PKT is the unit at which protection is re-checked
 * (a rebind or deregister fails every later packet).  Default 256 B, the
 * PLDMA wire's packet (seed 004): the firmware and the host tests.  The
 * kernel's soft engine moves memory to memory with no wire and builds with
 * -DUD_WR_PKT=4096 (kmod/Kbuild): a page per packet, still re-checked per
 * packet.  The proofs are run at both sizes (docs/proof-times.md).
 */
#ifndef UD_XFER_WR_H
#define UD_XFER_WR_H

#include "xfer_packet.h"

#define UD_WR_WRITE 0u
#define UD_WR_READ  1u
/* Largest request: 256 packets, at most 4 memory-log entries each (a read
 * piece pair and a write piece pair), within UD_DMA_LOG: a proof frame
 * (A-PLAT-DMA), not a limit of the homes.  Larger transfers are cut by the
 * caller (the R5 scheduler's 16 KB blocks already are). */
#define UD_WR_MAX_LEN 65536u

/* Bytes per packet of a request: 1 .. UD_PKT_MAX (one page). */
#ifndef UD_WR_PKT
#define UD_WR_PKT 256u
#endif
_Static_assert(UD_WR_PKT >= 1u && UD_WR_PKT <= UD_PKT_MAX,
	       "a work request's packet is 1 .. UD_PKT_MAX bytes");
/* Most packets of one request, and the memory-log room they need (4 entries
 * a packet: a read piece pair and a write piece pair). */
#define UD_WR_NPKT ((UD_WR_MAX_LEN + UD_WR_PKT - 1u) / UD_WR_PKT)

struct ud_wr {
	uint32_t opcode;              /* UD_WR_WRITE or UD_WR_READ */
	uint32_t lkey, rkey;
	uint64_t lva, rva;
	uint32_t len;                 /* 1 .. UD_WR_MAX_LEN */
};

/*@
  // The initiator's queue pair: the one the request was posted on, and the
  // queue its completion goes to.
  predicate ud_wr_qp_ok{L}(struct ud_prot *pi, integer qp) =
    qp < UD_PROT_NQP && pi->qp_live[qp] == 1;

  // A request the engine runs on a live initiator QP: a known opcode,
  // 1 .. UD_WR_MAX_LEN bytes, a live target QP, neither buffer through 2^64.
  predicate ud_wr_ok{L}(struct ud_prot *pi, integer qp, struct ud_prot *pt, integer tqp,
                        struct ud_wr *w) =
    w->opcode <= UD_WR_READ && 1 <= w->len <= UD_WR_MAX_LEN &&
    tqp < UD_PROT_NQP && pt->qp_live[tqp] == 1 &&
    w->lva + w->len <= 18446744073709551615 && w->rva + w->len <= 18446744073709551615;

  // A memory-log entry (direction wr, va, len, pa) of a packet moved from
  // side s (a load: wr 0) to side d (a store: wr 1), each side an access
  // (node, pd, key, kind) its protection state allows there (ud_piece_ok).
  // Stated on the entry's values, not on the log, so that appending to the
  // log leaves the facts about earlier entries untouched for the provers.
  predicate ud_xfer_at{L}(struct ud_prot *sp, integer spd, integer sk, integer skind,
                          struct ud_prot *dp, integer dpd, integer dk, integer dkind,
                          integer wr, integer va, integer len, integer pa) =
    (wr == 0 ==> ud_piece_ok(sp, spd, sk, skind, va, len, pa)) &&
    (wr == 1 ==> ud_piece_ok(dp, dpd, dk, dkind, va, len, pa));

  // E-PROT for a request (op, lkey, rkey): an RDMA write loads from the
  // initiator through lkey (local read) and stores at the target through
  // rkey (remote write); an RDMA read loads from the target through rkey
  // (remote read) and stores at the initiator through lkey (local write).
  predicate ud_wr_at{L}(struct ud_prot *pi, integer pd, struct ud_prot *pt, integer tpd,
                        integer op, integer lkey, integer rkey,
                        integer wr, integer va, integer len, integer pa) =
    (op == UD_WR_WRITE ==> ud_xfer_at(pi, pd, lkey, UD_KIND_LOCAL_READ,
                                      pt, tpd, rkey, UD_KIND_REMOTE_WRITE, wr, va, len, pa)) &&
    (op == UD_WR_READ ==> ud_xfer_at(pt, tpd, rkey, UD_KIND_REMOTE_READ,
                                     pi, pd, lkey, UD_KIND_LOCAL_WRITE, wr, va, len, pa));

  // Entry i of the memory log is one request w may make.
  predicate ud_wr_side_ok{L}(struct ud_prot *pi, integer pd, struct ud_prot *pt, integer tpd,
                              struct ud_wr *w, integer i) =
    ud_wr_at(pi, pd, pt, tpd, w->opcode, w->lkey, w->rkey,
             ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);

  // E-ATOM for a packet or a request: a load (wr 0) lies inside the n
  // bytes from s, a store (wr 1) inside the n bytes from d.
  predicate ud_in_ranges(integer wr, integer va, integer len, integer s, integer d, integer n) =
    (wr == 0 ==> s <= va && va + len <= s + n) &&
    (wr == 1 ==> d <= va && va + len <= d + n);

  // A request (op, lva, rva, n) loads only from its source range and
  // stores only into its destination range: an RDMA write from [lva, lva+n)
  // into [rva, rva+n), an RDMA read the other way round.
  predicate ud_wr_in_at(integer op, integer lva, integer rva, integer n,
                        integer wr, integer va, integer len) =
    (op == UD_WR_WRITE ==> ud_in_ranges(wr, va, len, lva, rva, n)) &&
    (op == UD_WR_READ ==> ud_in_ranges(wr, va, len, rva, lva, n));

  // Entry i of the memory log lies inside the ranges request w named.
  predicate ud_wr_within{L}(struct ud_wr *w, integer i) =
    ud_wr_in_at(w->opcode, w->lva, w->rva, w->len, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);

  // Exactly one completion was queued after the first n0, on queue pair
  // qp, with status st.
  predicate ud_wr_completed{L}(integer n0, integer qp, integer st) =
    ud_cq_n == n0 + 1 && ud_cq_qp[n0] == qp && ud_cq_st[n0] == st;

  // A packet's entries lie inside its n bytes from va.
  lemma ud_dma_covers_in{L}: \forall integer from, to, va, n, wr, i;
    ud_dma_covers(from, to, va, n, wr) && from <= i < to ==>
    va <= ud_dma_va[i] && ud_dma_va[i] + ud_dma_len[i] <= va + n;

  // A packet's entries all have its direction.
  lemma ud_dma_covers_wr{L}: \forall integer from, to, va, n, wr, i;
    ud_dma_covers(from, to, va, n, wr) && from <= i < to ==> ud_dma_wr[i] == wr;
*/

/*@
  requires valid: \valid_read(pi) && \valid_read(pt) && \valid_read(w);
  requires scratch: \valid(buf + (0 .. UD_WR_PKT - 1));
  requires sep: \separated(buf + (0 .. UD_WR_PKT - 1), pi) &&
                \separated(buf + (0 .. UD_WR_PKT - 1), pt) &&
                \separated(buf + (0 .. UD_WR_PKT - 1), w);
  requires inv: ud_prot_inv(pi) && ud_prot_inv(pt);
  requires room: ud_dma_n <= UD_DMA_LOG - 4 * UD_WR_NPKT &&
                 ud_cq_n < UD_CQ_LOG;
  assigns ud_env, buf[0 .. UD_WR_PKT - 1], ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
          ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
          ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1],
          ud_cq_n, ud_cq_qp[ud_cq_n], ud_cq_st[ud_cq_n], ud_cq_len[ud_cq_n];
  behavior no_qp:
    assumes !ud_wr_qp_ok(pi, qp);
    ensures refused: \result == UD_E_NOENT;
    ensures nothing_moved: ud_dma_n == \old(ud_dma_n);
    ensures no_completion: ud_cq_n == \old(ud_cq_n);
  behavior bad_request:
    assumes ud_wr_qp_ok(pi, qp) && !ud_wr_ok(pi, qp, pt, tqp, w);
    ensures one_completion: ud_wr_completed(\old(ud_cq_n), qp, \result);
    ensures error: \result != UD_OK;
    ensures nothing_moved: ud_dma_n == \old(ud_dma_n);
  behavior run:
    assumes ud_wr_qp_ok(pi, qp) && ud_wr_ok(pi, qp, pt, tqp, w);
    ensures one_completion: ud_wr_completed(\old(ud_cq_n), qp, \result);
    ensures all_moved: \result == UD_OK ==> ud_cq_len[\old(ud_cq_n)] == w->len;
    ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_wr_side_ok(pi, pi->qp_pd[qp], pt, pt->qp_pd[tqp], w, i);
    ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==> ud_wr_within(w, i);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_wr_run(const struct ud_prot *pi, uint32_t qp, const struct ud_prot *pt,
		    uint32_t tqp, const struct ud_wr *w, uint8_t *buf);

#endif /* UD_XFER_WR_H */
