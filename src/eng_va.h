/* SPDX-License-Identifier: MIT */
/*
 * eng_va.h -- the virtual-address engine of one node: the blocks the R5
 * posted, run a packet at a time, each packet loaded through the source
 * side (va_tx) and handed, loopback, to the destination side (va_rx)
 * (issue 18: ENG-PROT-4 and ENG-ATOM-1 for virtual-address transfers;
 * seed 004 1.3.2: "Real-time processor (R5) segments transfers into 16 KB
 * blocks ... The hardware segments 16 KB transactions into 256 Byte
 * blocks").
 *
 *   ud_eng_va_post(e, b)   the R5 posted block b (the home's
 *                          ud_plat_r5_post hands it on unchanged): queued
 *                          in a free slot, or it replaces the queued block
 *                          of its transaction (a retransmission: a newer
 *                          seq)
 *   ud_eng_va_drop(e, trid, seq)
 *                          the block of (trid, seq) leaves the queue (its
 *                          transfer was aborted)
 *   ud_eng_va_drop_vc(e, vc)
 *                          every block of channel vc leaves the queue (its
 *                          transfer was cancelled)
 *   ud_eng_va_step(...)    one packet of the queue, round robin: loaded,
 *                          then stored (both sides translate every page
 *                          anew through the PD's context bank)
 *   ud_eng_va_packet(...)  one packet of a block given by value (the
 *                          step's body; the proof's unit)
 *
 * What the step's contract says over the ghost logs of the doors
 * (src/ud_platform.h: the memory log ud_dma_*, the walk log ud_pt_*, the
 * R5's post log ud_r5_post_*):
 *   - attributed: every memory access the step makes is a read inside the
 *     source range, or a write inside the destination range, of a block
 *     the R5 posted (ud_eng_va_attr), moved under a walk of that block's
 *     PD's bank, made in this step, that answered OK for that address and
 *     direction;
 *   - run: the attribution of earlier accesses survives the step.  So, by
 *     induction over any sequence of steps (and of posts, drops and R5
 *     calls, which do not touch the memory or walk logs and only append
 *     to the post log), every access the engine ever made is attributed:
 *     E-PROT and E-ATOM over whole transfers, across the R5's blocks.
 *     With SCHED-1 (a transfer's blocks tile it) and SCHED-18 (each post
 *     carries the block the scheduler decided), each access lies inside
 *     its issuer's transfer, translated on its issuer's PD.
 *
 * And over the queue (ENG-VA-Q-2, ENG-VA-LIVE-1): a step on a non-empty
 * queue runs the first live slot at or after rr, cyclically (its result's
 * slot; first), sets rr to the slot after it (rr), and either frees that
 * slot (a source fault or the block's last packet: ends) or moves its next
 * on by one packet, still below its len (progress); every other slot's
 * live and next are as they were (others), and every other live slot is
 * strictly nearer to the new rr than to the old one, in the cyclic
 * distance ud_eng_va_dist (fair).  Bounded liveness, by induction over
 * the steps (the caller's): take a block in slot j, with p packets left
 * (p <= ceil(len / UD_VA_PKT): the queue invariant keeps next < len and a
 * multiple of UD_VA_PKT), and d = ud_eng_va_dist(rr, j) < UD_ENG_VA_NQ.
 * Posts, drops and R5 calls that do not name j leave rr and slot j as they
 * were (post's kept, replaced and queued, drop's others).  A step either
 * runs j -- it frees it, or p drops by one and d becomes NQ - 1 -- or runs
 * another slot and d falls (fair; at d = 0 j must be the one run).
 * So (p - 1) * NQ + d + 1 falls at every step while the block is queued:
 * unless dropped or replaced, it ends within UD_ENG_VA_NQ *
 * ceil(len / UD_VA_PKT) steps (64 * 64 for a 16 KB block), whatever is
 * posted meanwhile.
 *
 * The queue: UD_ENG_VA_NQ slots, each free or holding one transaction's
 * block; a slot is freed in place (no compaction).  A posted
 * block that va_tx cannot take (ud_va_blk_ok false: the R5 checked the
 * ranges at submit, so a home that gets one has a bug) is refused with
 * UD_E_INVAL; a full queue refuses with UD_E_NOSPC; both leave the queue
 * as it was.  A source fault ends the block (3.2.2: the R5 retransmits);
 * its last packet ends it too.
 */
#ifndef UD_ENG_VA_H
#define UD_ENG_VA_H

#include "va_rx.h"

#ifndef UD_ENG_VA_NQ
#define UD_ENG_VA_NQ 64    /* slots: blocks queued (transactions in flight) */
#endif
_Static_assert(UD_ENG_VA_NQ >= 1 && UD_ENG_VA_NQ <= 65536, "slot index fits");

/*
 * One slot.  Its fields are signed on purpose (docs/METHOD.md, "Chunks"):
 * WP's Typed model keeps one memory array per C scalar type, and no
 * structure the packet's callees write (the SMMU banks, the FIFO, the rx
 * slots, the read-error reports, the packet buffer) has a signed field, so
 * the queue is visibly untouched by a packet and the banks, the FIFO and
 * the slots visibly untouched by the queue's updates: no frame to prove
 * either way.  The block is kept field by field, as posted.
 */
struct ud_eng_va_slot {
	int64_t trid, seq, pd, vc, kind, node;
	int64_t src, dst, len;
	int32_t next;           /* offset of its next packet */
	int32_t live;           /* 1: holds a block; 0: free */
};

struct ud_eng_va {
	struct ud_eng_va_slot q[UD_ENG_VA_NQ];
	int32_t rr;             /* the slot to look at first (round robin) */
};

/* What one packet did. */
struct ud_eng_va_pkt {
	ud_status tx;           /* va_tx's answer */
	struct ud_va_rx_out rx; /* va_rx's answer, when tx == UD_OK */
};

/* What one step did. */
struct ud_eng_va_out {
	uint8_t ran;            /* 0: no block queued, nothing done */
	int32_t slot;           /* the slot run, when ran (0 else) */
	uint8_t pd;             /* the block's PD (= its bank) */
	ud_status tx;           /* va_tx's answer */
	struct ud_va_rx_out rx; /* va_rx's answer, when tx == UD_OK */
};

/* The fields of a block and of a slot, for the value predicates of
 * eng_va.acsl. */
#define UD_ENG_VA_BLK(b) (b).trid, (b).seq, (b).pd, (b).vc, (b).kind, (b).node, (b).src, \
	(b).dst, (b).len
#define UD_ENG_VA_Q(q) (q).trid, (q).seq, (q).pd, (q).vc, (q).kind, (q).node, (q).src, \
	(q).dst, (q).len, (q).next

/* What a packet may append to the doors' ghost logs (src/ud_platform.h):
 * up to k + 1 walks and memory accesses, and one reply. */
#define UD_ENG_VA_LOGS(k) ud_pt_n, ud_pt_cb[ud_pt_n .. ud_pt_n + k], \
	ud_pt_va[ud_pt_n .. ud_pt_n + k], ud_pt_wnr[ud_pt_n .. ud_pt_n + k], \
	ud_pt_res[ud_pt_n .. ud_pt_n + k], ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + k], \
	ud_dma_len[ud_dma_n .. ud_dma_n + k], ud_dma_wr[ud_dma_n .. ud_dma_n + k], \
	ud_dma_va[ud_dma_n .. ud_dma_n + k], ud_dma_w[ud_dma_n .. ud_dma_n + k]
#define UD_ENG_VA_REPS ud_rep_n, ud_rep_node[ud_rep_n], ud_rep_trid[ud_rep_n], \
	ud_rep_seq[ud_rep_n], ud_rep_kind[ud_rep_n]

#include "eng_va.acsl"

/*@ requires valid: \valid(e);
    assigns e->q[0 .. UD_ENG_VA_NQ - 1].live, e->rr;
    ensures inv: ud_eng_va_inv(e);
    ensures empty: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> e->q[k].live == 0;
*/
void ud_eng_va_init(struct ud_eng_va *e);

/*@ requires valid: \valid(e) && \valid_read(b);
    requires sep: \separated(e, b);
    requires inv: ud_eng_va_inv(e);
    requires posted: ud_eng_va_posted(UD_ENG_VA_BLK(*b));
    assigns e->q[0 .. UD_ENG_VA_NQ - 1];
    ensures inv: ud_eng_va_inv(e);
    behavior bad:
      assumes !ud_va_blk_ok(b);
      ensures inval: \result == UD_E_INVAL;
      ensures kept: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> ud_eng_va_slot_same{Pre, Post}(e, k);
    behavior replace:
      assumes ud_va_blk_ok(b);
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == b->trid;
      ensures ok: \result == UD_OK;
      ensures replaced: \exists integer k; 0 <= k < UD_ENG_VA_NQ &&
        \old(e->q[k].live) == 1 && \old(e->q[k].trid) == b->trid &&
        ud_eng_va_holds(e, k, b) &&
        \forall integer m; 0 <= m < UD_ENG_VA_NQ && m != k ==> ud_eng_va_slot_same{Pre, Post}(e, m);
    behavior full:
      assumes ud_va_blk_ok(b);
      assumes !(\exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == b->trid);
      assumes \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> e->q[k].live == 1;
      ensures nospc: \result == UD_E_NOSPC;
      ensures kept: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> ud_eng_va_slot_same{Pre, Post}(e, k);
    behavior queued:
      assumes ud_va_blk_ok(b);
      assumes !(\exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == b->trid);
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live != 1;
      ensures ok: \result == UD_OK;
      ensures queued: \exists integer k; 0 <= k < UD_ENG_VA_NQ && \old(e->q[k].live) != 1 &&
        ud_eng_va_holds(e, k, b) &&
        \forall integer m; 0 <= m < UD_ENG_VA_NQ && m != k ==> ud_eng_va_slot_same{Pre, Post}(e, m);
    complete behaviors; disjoint behaviors;
*/
ud_status ud_eng_va_post(struct ud_eng_va *e, const struct ud_va_blk *b);

/*@ requires valid: \valid(e);
    requires inv: ud_eng_va_inv(e);
    assigns e->q[0 .. UD_ENG_VA_NQ - 1].live;
    ensures inv: ud_eng_va_inv(e);
    ensures gone: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
      !(e->q[k].live == 1 && e->q[k].trid == trid && e->q[k].seq == seq);
    ensures others: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
      !(\old(e->q[k].trid) == trid && \old(e->q[k].seq) == seq) ==>
      e->q[k].live == \old(e->q[k].live);
*/
void ud_eng_va_drop(struct ud_eng_va *e, uint16_t trid, uint16_t seq);

/*@ requires valid: \valid(e);
    requires inv: ud_eng_va_inv(e);
    assigns e->q[0 .. UD_ENG_VA_NQ - 1].live;
    ensures inv: ud_eng_va_inv(e);
    ensures gone: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
      !(e->q[k].live == 1 && e->q[k].vc == vc);
    ensures others: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
      \old(e->q[k].vc) != vc ==> e->q[k].live == \old(e->q[k].live);
*/
void ud_eng_va_drop_vc(struct ud_eng_va *e, uint8_t vc);

/*@ requires valid: \valid(s) && \valid(tx) && \valid(rx) && \valid(ff) &&
                    \valid(buf + (0 .. UD_VA_PKT - 1));
    requires sep: \separated(s, tx, rx, ff, buf + (0 .. UD_VA_PKT - 1));
    requires inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    requires blk: ud_eng_va_qok(UD_ENG_VA_BLK(b), off);
    requires room: ud_pt_n <= UD_PT_LOG - 4 && ud_dma_n <= UD_DMA_LOG - 4 &&
                   ud_rep_n < UD_REP_LOG;
    assigns s->cb[0 .. 15], tx->rd[0 .. 15], *ff, rx->b[0 .. UD_VA_RX_NB - 1],
            buf[0 .. UD_VA_PKT - 1], ud_env,
            UD_ENG_VA_LOGS(3),
            UD_ENG_VA_REPS;
    ensures inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    ensures in_blk: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_eng_va_in_blk(i, b.pd, b.src, b.dst, b.len);
    ensures kept: ud_eng_va_logs_kept{Pre, Post}(\old(ud_dma_n));
    ensures grew: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 4 &&
      \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 4 && \old(ud_rep_n) <= ud_rep_n <= \old(ud_rep_n) + 1;
    ensures no_byte: \result.tx != UD_OK ==> ud_dma_n == \old(ud_dma_n) &&
      ud_rep_n == \old(ud_rep_n);
*/
struct ud_eng_va_pkt ud_eng_va_packet(struct ud_smmu *s, struct ud_va_tx *tx,
				      struct ud_va_rx *rx, struct ud_ff *ff, uint32_t self,
				      struct ud_va_blk b, uint32_t off, uint8_t *buf);

/*@ requires valid: \valid(e) && \valid(s) && \valid(tx) && \valid(rx) && \valid(ff) &&
                    \valid(buf + (0 .. UD_VA_PKT - 1));
    requires sep: \separated(e, s, tx, rx, ff, buf + (0 .. UD_VA_PKT - 1));
    requires inv: ud_eng_va_inv(e) && ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    requires room: ud_pt_n <= UD_PT_LOG - 4 && ud_dma_n <= UD_DMA_LOG - 4 &&
                   ud_rep_n < UD_REP_LOG;
    assigns e->q[0 .. UD_ENG_VA_NQ - 1].next, e->q[0 .. UD_ENG_VA_NQ - 1].live, e->rr,
            s->cb[0 .. 15], tx->rd[0 .. 15], *ff, rx->b[0 .. UD_VA_RX_NB - 1],
            buf[0 .. UD_VA_PKT - 1], ud_env,
            UD_ENG_VA_LOGS(3),
            UD_ENG_VA_REPS;
    ensures inv: ud_eng_va_inv(e) && ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    ensures attributed: ud_eng_va_log_ok(\old(ud_dma_n), ud_dma_n);
    ensures run: \forall integer lo; 0 <= lo <= \old(ud_dma_n) ==>
      \old(ud_eng_va_log_ok(lo, ud_dma_n)) ==> ud_eng_va_log_ok(lo, ud_dma_n);
    behavior idle:
      assumes \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> e->q[k].live != 1;
      ensures nothing: \result.ran == 0 && ud_dma_n == \old(ud_dma_n) &&
        ud_pt_n == \old(ud_pt_n) && ud_rep_n == \old(ud_rep_n);
      ensures queue_kept: e->rr == \old(e->rr) && \forall integer j; 0 <= j < UD_ENG_VA_NQ ==>
        e->q[j].live == \old(e->q[j].live) && e->q[j].next == \old(e->q[j].next);
    behavior packet:
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1;
      ensures ran: \result.ran == 1;
      ensures no_byte: \result.tx != UD_OK ==> ud_dma_n == \old(ud_dma_n) &&
        ud_rep_n == \old(ud_rep_n);
      ensures slot: 0 <= \result.slot < UD_ENG_VA_NQ &&
        \at(e->q[\result.slot].live, Pre) == 1;
      ensures first: \forall integer j; 0 <= j < UD_ENG_VA_NQ &&
        ud_eng_va_dist(\old(e->rr), j) < ud_eng_va_dist(\old(e->rr), \result.slot) ==>
        \old(e->q[j].live) != 1;
      ensures rr: e->rr == (\result.slot + 1 < UD_ENG_VA_NQ ? \result.slot + 1 : 0);
      ensures fair: \forall integer j; 0 <= j < UD_ENG_VA_NQ && \old(e->q[j].live) == 1 &&
        j != \result.slot ==> ud_eng_va_dist(e->rr, j) < ud_eng_va_dist(\old(e->rr), j);
      ensures progress: e->q[\result.slot].live == 0 ||
        (e->q[\result.slot].live == 1 &&
         e->q[\result.slot].next == \at(e->q[\result.slot].next, Pre) + UD_VA_PKT &&
         e->q[\result.slot].next < e->q[\result.slot].len);
      ensures ends: e->q[\result.slot].live == 0 <==> (\result.tx != UD_OK ||
        \at(e->q[\result.slot].next, Pre) + UD_VA_PKT >= e->q[\result.slot].len);
      ensures others: \forall integer j; 0 <= j < UD_ENG_VA_NQ && j != \result.slot ==>
        e->q[j].live == \old(e->q[j].live) && e->q[j].next == \old(e->q[j].next);
    complete behaviors; disjoint behaviors;
*/
struct ud_eng_va_out ud_eng_va_step(struct ud_eng_va *e, struct ud_smmu *s, struct ud_va_tx *tx,
				    struct ud_va_rx *rx, struct ud_ff *ff, uint32_t self,
				    uint8_t *buf);

#endif /* UD_ENG_VA_H */
