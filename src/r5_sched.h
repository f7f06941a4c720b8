/* SPDX-License-Identifier: MIT */
/*
 * r5_sched.h -- the Cortex-R5 retransmit scheduler of the PLDMA (seed
 * 004_2c0be60bc8bfaeb5.txt, 1.3.2, 3.2.3.3, chapter 4).  Design, state
 * machine drawing and decisions: docs/r5_sched.md.
 *
 * FIRMWARE-FACING API (the poll loop in firmware/ calls only these):
 *
 *   ud_r5_sched_init(s, win, period)    once; win = outstanding blocks per
 *                                       transfer (1..2, the seed's 2),
 *                                       period = timeout in ticks (>= 1)
 *   ud_r5_sched_submit(s, &req, now)    a transfer from the A53 mailbox
 *   ud_r5_sched_read_req(s, &rr, now)   a remote read request arriving at
 *                                       the target: becomes a write back
 *   ud_r5_sched_event(s, &ev, now)      an ACK / NACK / PF-NACK from the
 *                                       engine, or a decoded RAPF (opcode 2)
 *   (a RAPF arrives as two mailbox words: decode them with ud_rtx_decode
 *    of src/fault_msg.h and pass kind RAPF, trid, seq, wired_pd, pd)
 *   ud_r5_sched_tick(s, now)            every pass of the loop: timeouts
 *   s->cnt                              the counters (read them directly)
 *
 * `now` is the home's tick count (ud_plat_now()); the period is in the same
 * ticks (1 ms, 2.5 ms and 25 ms are the seed's three settings).  The
 * scheduler calls two platform functions (src/ud_platform.h, section
 * r5_sched): ud_plat_r5_post (hand one block to the DMA engine) and
 * ud_plat_r5_notify (the completion notification).
 *
 * Geometry (seed 004, 1.3.2): 16 protection domains x 64 virtual channels
 * = 1024 channels, one transfer each; a transfer is cut into 16 KB blocks
 * aligned on 16 KB of the destination VA (first and last may be shorter);
 * the hardware cuts blocks into 256 B packets; at most `win` (2) blocks of
 * a transfer are outstanding, so 2048 block transactions.  Transaction id
 * trid = (pd * 64 + vc) * 2 + slot; sequence numbers are 14 bits.
 */
#ifndef UD_R5_SCHED_H
#define UD_R5_SCHED_H

#include "ud_common.h"
#include "ud_platform.h"

#define UD_R5_SCHED_NPD     16u          /* protection domains (16 SMMU context banks) */
#define UD_R5_SCHED_NVC     64u          /* virtual channels per PD          */
#define UD_R5_SCHED_NCH     1024u        /* 64 x 16 channels = transfers     */
#define UD_R5_SCHED_WIN     2u           /* max outstanding blocks/transfer  */
#define UD_R5_SCHED_NTX     2048u        /* NCH x WIN transaction slots      */
#define UD_R5_SCHED_BLOCK   16384u       /* 16 KB block, 16 KB aligned       */
#define UD_R5_SCHED_PKT     256u         /* hardware packet (MTU), info only */
#define UD_R5_SCHED_SEQ_LIM 16384u       /* 14-bit sequence numbers          */
#define UD_R5_SCHED_MAX_LEN 67108864u    /* largest transfer we accept: 64 MiB */
/* Retransmissions of one block before its transfer fails (the retry
 * budget; issue 17).  Overridable, 1..255. */
#ifndef UD_R5_SCHED_RETRY
#define UD_R5_SCHED_RETRY   32u
#endif
/* Posts (blocks + retransmissions) one transfer may make: fewer than the
 * 2^14 sequence numbers, so no slot's sequence number comes round within
 * a transfer and no stale event can match a later block (SCHED-14).  A
 * 64 MiB transfer has at most 4097 blocks. */
#define UD_R5_SCHED_POSTS_MAX 16383u
/* The status a transfer fails with when its retry budget or its post
 * budget is spent. */
#define UD_R5_SCHED_E_SPENT UD_E_FAULT

_Static_assert(UD_R5_SCHED_NCH == UD_R5_SCHED_NPD * UD_R5_SCHED_NVC, "channels");
_Static_assert(UD_R5_SCHED_NTX == UD_R5_SCHED_NCH * UD_R5_SCHED_WIN, "slots");
_Static_assert(UD_R5_SCHED_RETRY >= 1u && UD_R5_SCHED_RETRY <= 255u, "retry budget");
_Static_assert(UD_R5_SCHED_POSTS_MAX < UD_R5_SCHED_SEQ_LIM, "posts below the sequence space");
_Static_assert(UD_R5_SCHED_MAX_LEN / UD_R5_SCHED_BLOCK + 2u < UD_R5_SCHED_POSTS_MAX, "blocks fit the post budget");

/* Per-transaction states. */
#define UD_R5_SCHED_IDLE     0
#define UD_R5_SCHED_INFLIGHT 1
#define UD_R5_SCHED_PAUSED   2   /* PF-NACK: no retransmit until timeout/RAPF */
#define UD_R5_SCHED_DONE     3   /* acknowledged, nothing left to post here  */

/* Event kinds. */
#define UD_R5_SCHED_EV_ACK    1u
#define UD_R5_SCHED_EV_NACK   2u  /* transmission error: retransmit now */
#define UD_R5_SCHED_EV_PFNACK 3u  /* AXI slave error 2'b10 at the destination */
#define UD_R5_SCHED_EV_RAPF   4u  /* mailbox opcode 2: retransmit after fault */

/* Transfer kinds. */
#define UD_R5_SCHED_WRITE 0u      /* remote write (initiator side)          */
#define UD_R5_SCHED_READ  1u      /* the write-back answering a remote read */

struct ud_r5_sched_xfer {
	uint8_t  active;    /* a transfer occupies the channel            */
	uint8_t  complete;  /* every byte acknowledged, notified once     */
	uint8_t  kind;      /* UD_R5_SCHED_WRITE / _READ                  */
	uint32_t node;      /* destination node                           */
	uint64_t src;       /* source VA                                  */
	uint64_t dst;       /* destination VA                             */
	uint32_t len;       /* bytes                                      */
	uint32_t posted;    /* bytes handed to blocks so far              */
	uint32_t acked;     /* bytes acknowledged                         */
	uint16_t nposts;    /* posts (blocks + retransmits) so far        */
};

/* Counters saturate at INT64_MAX (never reached: 2^63 events).  They are
 * int64_t, a type no other field of the scheduler has, so WP's typed
 * memory model keeps them apart from the state the invariant speaks of. */
struct ud_r5_sched_cnt {
	int64_t submits, read_reqs, acks, completions;
	int64_t rtx_nack, rtx_timeout, rtx_rapf;     /* retransmits by cause */
	int64_t pauses;                               /* PF-NACKs acted on    */
	int64_t ign_inval, ign_unknown, ign_forged, ign_stale; /* ignored     */
	int64_t aborts;                               /* failed by the fault handler */
	int64_t spent;                                /* failed: budget spent  */
};

struct ud_r5_sched {
	uint32_t win;                        /* outstanding blocks per transfer */
	uint64_t period;                     /* timeout, ticks                  */
	int8_t   st[UD_R5_SCHED_NTX];        /* per-transaction state           */
	uint16_t seq[UD_R5_SCHED_NTX];       /* current sequence number         */
	uint32_t off[UD_R5_SCHED_NTX];       /* block offset in its transfer    */
	int32_t  blen[UD_R5_SCHED_NTX];      /* block length (1..16384)         */
	uint64_t dl[UD_R5_SCHED_NTX];        /* timer deadline (when armed)     */
	/* the timer set: a sparse set over trids; dense[0..narmed-1] armed.
	 * (st, seq, pos/dense and blen have pairwise distinct C types on
	 * purpose: WP's typed memory model then keeps them in separate
	 * memories, so a write to one never needs a separation proof
	 * against the others.) */
	uint32_t narmed;
	int16_t  pos[UD_R5_SCHED_NTX];
	int16_t  dense[UD_R5_SCHED_NTX];
	uint8_t  ntry[UD_R5_SCHED_NTX];      /* retransmits of the current block */
	struct ud_r5_sched_xfer x[UD_R5_SCHED_NCH];
	struct ud_r5_sched_cnt cnt;
};

/* A transfer request (from the A53 side). */
struct ud_r5_sched_req {
	uint8_t  pd, vc, kind;
	uint32_t node;
	uint64_t src, dst;
	uint32_t len;
};

/* A remote read request as the target's mailbox delivers it: the packetizer
 * wires the requester's PDID; the target writes [src, src+len) of its own
 * memory back to dst at node. */
struct ud_r5_sched_rreq {
	uint16_t wired_pd;
	uint8_t  pd, vc;
	uint32_t node;
	uint64_t src, dst;
	uint32_t len;
};

/* A decoded engine or mailbox event. */
struct ud_r5_sched_ev {
	uint8_t  kind;      /* UD_R5_SCHED_EV_*                       */
	uint16_t trid;
	uint16_t seq;
	uint16_t wired_pd;  /* RAPF: PDID wired by the packetizer     */
	uint16_t pd;        /* RAPF: PDID as the sender wrote it      */
};

/* Ghost: the post-log index at which the transfer on each channel began
 * (set by submit; the freshness invariant speaks of the posts from there
 * on).  Costs nothing at run time.  nposts is the only uint16_t field
 * beside seq, and ntry the only uint8_t array: the freshness invariant
 * then reads no memory the stores of offsets, lengths, counters and the
 * timer set write (WP's typed model keeps one memory per C type). */
/*@ ghost uint32_t ud_r5_from[UD_R5_SCHED_NCH]; */
/* Ghost: the post-log index of each slot's latest post. */
/*@ ghost uint32_t ud_r5_last[UD_R5_SCHED_NTX]; */

#include "r5_sched.acsl"

/*@
  requires valid_s: \valid(s);
  assigns *s, ud_r5_from[0 .. 1023];
  behavior bad_param:
    assumes win < 1 || win > 2 || period < 1;
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior ok:
    assumes 1 <= win <= 2 && period >= 1;
    assigns *s, ud_r5_from[0 .. 1023];
    ensures ok: \result == UD_OK;
    ensures inv: ud_r5_inv(s);
    ensures wire: ud_r5_wire_ok(s);
    ensures params: s->win == win && s->period == period;
    ensures all_idle: \forall integer t; 0 <= t < 2048 ==> s->st[t] == UD_R5_SCHED_IDLE;
    ensures no_xfer: \forall integer c; 0 <= c < 1024 ==> s->x[c].active == 0;
    ensures no_timer: s->narmed == 0;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_r5_sched_init(struct ud_r5_sched *s, uint32_t win, uint64_t period);

/* The room clauses below are proof frames of the ghost logs
 * (src/ud_platform.h, section r5_sched; spec/ASSUMPTIONS.md A-PLAT-R5-LOG). */

/*@
  requires valid: \valid(s) && \valid_read(r) && \separated(s, r);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost <= UD_R5_LOG - 2;
  assigns s->st[0 .. 2047], s->seq[0 .. 2047], s->off[0 .. 2047],
          s->blen[0 .. 2047], s->dl[0 .. 2047], s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], s->ntry[0 .. 2047], s->x[0 .. 1023],
          s->cnt.submits, ud_env, ud_r5_from[0 .. 1023], ud_r5_last[0 .. 2047],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_seq[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_pd[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_vc[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_kind[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_node[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_src[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_dst[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_len[ud_r5_npost .. ud_r5_npost + 1];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  ensures accepted: \result == UD_OK ==> r->pd < 16 && r->vc < 64 &&
      s->x[r->pd * 64 + r->vc].kind == r->kind &&
      s->x[r->pd * 64 + r->vc].src == r->src &&
      s->x[r->pd * 64 + r->vc].dst == r->dst &&
      s->x[r->pd * 64 + r->vc].node == r->node &&
      s->x[r->pd * 64 + r->vc].len == r->len;
  behavior range:
    assumes r->pd >= 16 || r->vc >= 64 || r->kind > 1;
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior bad_len:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN;
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior wrap:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes !(r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN);
    assumes r->src + r->len > 18446744073709551615 || r->dst + r->len > 18446744073709551615;
    assigns \nothing;
    ensures overflow: \result == UD_E_OVERFLOW;
  behavior busy:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes !(r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN);
    assumes !(r->src + r->len > 18446744073709551615 || r->dst + r->len > 18446744073709551615);
    assumes s->x[r->pd * 64 + r->vc].active != 0 && s->x[r->pd * 64 + r->vc].complete == 0;
    assigns \nothing;
    ensures busy: \result == UD_E_BUSY;
  behavior ok:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes !(r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN);
    assumes !(r->src + r->len > 18446744073709551615 || r->dst + r->len > 18446744073709551615);
    assumes !(s->x[r->pd * 64 + r->vc].active != 0 && s->x[r->pd * 64 + r->vc].complete == 0);
    ensures ok: \result == UD_OK;
    ensures xfer: s->x[r->pd * 64 + r->vc].active == 1 &&
      s->x[r->pd * 64 + r->vc].complete == 0 &&
      s->x[r->pd * 64 + r->vc].acked == 0 &&
      s->x[r->pd * 64 + r->vc].len == r->len &&
      s->x[r->pd * 64 + r->vc].src == r->src &&
      s->x[r->pd * 64 + r->vc].dst == r->dst &&
      s->x[r->pd * 64 + r->vc].node == r->node &&
      s->x[r->pd * 64 + r->vc].kind == r->kind;
    ensures first_block: s->st[(r->pd * 64 + r->vc) * 2] == UD_R5_SCHED_INFLIGHT &&
      s->off[(r->pd * 64 + r->vc) * 2] == 0 &&
      s->blen[(r->pd * 64 + r->vc) * 2] == ud_r5_blen(r->dst, 0, r->len);
    ensures second_block: s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ==>
      s->st[(r->pd * 64 + r->vc) * 2 + 1] == UD_R5_SCHED_INFLIGHT &&
      s->off[(r->pd * 64 + r->vc) * 2 + 1] == ud_r5_blen(r->dst, 0, r->len) &&
      s->blen[(r->pd * 64 + r->vc) * 2 + 1] ==
        ud_r5_blen(r->dst, ud_r5_blen(r->dst, 0, r->len), r->len);
    ensures logged_first: ud_r5_logged_blk(s, \old(ud_r5_npost), (r->pd * 64 + r->vc) * 2);
    ensures logged_second: s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ==>
      ud_r5_logged_blk(s, \old(ud_r5_npost) + 1, (r->pd * 64 + r->vc) * 2 + 1);
    ensures logged_count: ud_r5_npost == \old(ud_r5_npost) +
      (s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ? 2 : 1);
    ensures fresh_from: ud_r5_from[r->pd * 64 + r->vc] == \old(ud_r5_npost);
    ensures others_tx: \forall integer t; 0 <= t < 2048 && t / 2 != r->pd * 64 + r->vc ==>
      ud_r5_tx_same{Pre,Post}(s, t);
    ensures others_x: \forall integer c; 0 <= c < 1024 && c != r->pd * 64 + r->vc ==>
      ud_r5_x_same{Pre,Post}(s, c) && s->x[c].nposts == \old(s->x[c].nposts);
    ensures counted: s->cnt.submits == ud_r5_sat(\old(s->cnt.submits));
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_r5_sched_submit(struct ud_r5_sched *s, const struct ud_r5_sched_req *r,
			     uint64_t now);

/*@
  requires valid: \valid(s) && \valid_read(e) && \separated(s, e);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost < UD_R5_LOG && ud_r5_nnote < UD_R5_LOG;
  assigns s->st[0 .. 2047], s->seq[0 .. 2047], s->off[0 .. 2047],
          s->blen[0 .. 2047], s->dl[0 .. 2047], s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], s->ntry[0 .. 2047], s->x[0 .. 1023],
          s->cnt, ud_env, ud_r5_last[e->trid],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
          ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
          ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
          ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
          ud_r5_post_len[ud_r5_npost],
          ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
          ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures verdict: \result == ud_r5_classify{Pre}(s, *e);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  ensures fresh: \result == UD_OK ==> ud_r5_only_current{Pre}(s, e->trid, e->seq);
  ensures others_tx: \forall integer t; 0 <= t < 2048 && t / 2 != e->trid / 2 ==>
    ud_r5_tx_same{Pre,Post}(s, t);
  ensures sibling: \forall integer t; 0 <= t < 2048 && t != e->trid && t / 2 == e->trid / 2 ==>
    s->st[t] == UD_R5_SCHED_IDLE || ud_r5_tx_same{Pre,Post}(s, t);
  ensures others_x: \forall integer c; 0 <= c < 1024 && c != e->trid / 2 ==>
    ud_r5_x_same{Pre,Post}(s, c) && s->x[c].nposts == \old(s->x[c].nposts);
  behavior inval:
    assumes ud_r5_classify(s, *e) == UD_E_INVAL;
    assigns s->cnt.ign_inval;
    ensures counted: s->cnt.ign_inval == ud_r5_sat(\old(s->cnt.ign_inval));
  behavior unknown:
    assumes ud_r5_classify(s, *e) == UD_E_NOENT;
    assigns s->cnt.ign_unknown;
    ensures counted: s->cnt.ign_unknown == ud_r5_sat(\old(s->cnt.ign_unknown));
  behavior forged:
    assumes ud_r5_classify(s, *e) == UD_E_FORGED;
    assigns s->cnt.ign_forged;
    ensures counted: s->cnt.ign_forged == ud_r5_sat(\old(s->cnt.ign_forged));
  behavior stale:
    assumes ud_r5_classify(s, *e) == UD_E_STALE;
    assigns s->cnt.ign_stale;
    ensures counted: s->cnt.ign_stale == ud_r5_sat(\old(s->cnt.ign_stale));
  behavior spent:
    assumes ud_r5_classify(s, *e) == UD_OK && ud_r5_spends(s, *e);
    assigns s->st[e->trid / 2 * 2 .. e->trid / 2 * 2 + 1], s->x[e->trid / 2].active,
            s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047], s->cnt.spent, ud_env,
            ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
            ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
    ensures live: \old(s->x[e->trid / 2].active) != 0 && \old(s->x[e->trid / 2].complete) == 0;
    ensures failed: ud_r5_failed{Pre,Post}(s, e->trid / 2, UD_R5_SCHED_E_SPENT);
    ensures rank: ud_r5_ended(s, e->trid / 2);
    ensures counted: s->cnt.spent == ud_r5_sat(\old(s->cnt.spent));
  behavior ack:
    assumes ud_r5_classify(s, *e) == UD_OK && e->kind == UD_R5_SCHED_EV_ACK;
    assumes !ud_r5_spends(s, *e);
    assigns s->st[e->trid], s->seq[e->trid], s->off[e->trid], s->blen[e->trid],
            s->dl[e->trid], s->ntry[e->trid], s->x[e->trid / 2],
            s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047],
            s->cnt.acks, s->cnt.completions, ud_env, ud_r5_last[e->trid],
            ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
            ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
            ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
            ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
            ud_r5_post_len[ud_r5_npost],
            ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
            ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
    ensures was_inflight: \old(s->st[e->trid]) == UD_R5_SCHED_INFLIGHT &&
      \old(s->seq[e->trid]) == e->seq;
    ensures acked: s->x[e->trid / 2].acked ==
      \old(s->x[e->trid / 2].acked) + \old(s->blen[e->trid]);
    ensures next_block: \old(s->x[e->trid / 2].posted) < s->x[e->trid / 2].len ==>
      s->st[e->trid] == UD_R5_SCHED_INFLIGHT &&
      s->off[e->trid] == \old(s->x[e->trid / 2].posted) &&
      s->off[e->trid] > \old(s->off[e->trid]) &&
      s->blen[e->trid] == ud_r5_blen(s->x[e->trid / 2].dst,
                                     \old(s->x[e->trid / 2].posted), s->x[e->trid / 2].len) &&
      s->seq[e->trid] == ud_r5_next_seq(\old(s->seq[e->trid]));
    ensures logged: \old(s->x[e->trid / 2].posted) < s->x[e->trid / 2].len ?
      ud_r5_npost == \old(ud_r5_npost) + 1 && ud_r5_logged_blk(s, \old(ud_r5_npost), e->trid) :
      ud_r5_npost == \old(ud_r5_npost);
    ensures done: \old(s->x[e->trid / 2].posted) == s->x[e->trid / 2].len ==>
      s->st[e->trid] == UD_R5_SCHED_DONE;
    ensures complete_once: \old(s->x[e->trid / 2].complete) == 0 &&
      (s->x[e->trid / 2].complete != 0 <==>
         s->x[e->trid / 2].acked == s->x[e->trid / 2].len);
    ensures noted: s->x[e->trid / 2].complete != 0 ?
      ud_r5_nnote == \old(ud_r5_nnote) + 1 &&
        ud_r5_noted(s, \old(ud_r5_nnote), e->trid / 2, UD_OK) :
      ud_r5_nnote == \old(ud_r5_nnote);
    ensures rank: ud_r5_rank_lt{Pre,Post}(s, e->trid / 2) || ud_r5_ended(s, e->trid / 2);
    ensures counted: s->cnt.acks == ud_r5_sat(\old(s->cnt.acks)) &&
      s->cnt.completions == (s->x[e->trid / 2].complete != 0 ?
        ud_r5_sat(\old(s->cnt.completions)) : \old(s->cnt.completions));
  behavior nack:
    assumes ud_r5_classify(s, *e) == UD_OK && e->kind == UD_R5_SCHED_EV_NACK;
    assumes !ud_r5_spends(s, *e);
    assigns s->st[e->trid], s->seq[e->trid], s->dl[e->trid], s->ntry[e->trid],
            s->x[e->trid / 2].nposts, s->cnt.rtx_nack, ud_env, ud_r5_last[e->trid],
            ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
            ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
            ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
            ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
            ud_r5_post_len[ud_r5_npost];
    ensures was_inflight: \old(s->st[e->trid]) == UD_R5_SCHED_INFLIGHT &&
      \old(s->seq[e->trid]) == e->seq;
    ensures retransmitted: ud_r5_retx{Pre,Post}(s, e->trid, now);
    ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
      ud_r5_logged_blk(s, \old(ud_r5_npost), e->trid);
    ensures rank: ud_r5_rank_lt{Pre,Post}(s, e->trid / 2);
    ensures counted: s->cnt.rtx_nack == ud_r5_sat(\old(s->cnt.rtx_nack));
  behavior pfnack:
    assumes ud_r5_classify(s, *e) == UD_OK && e->kind == UD_R5_SCHED_EV_PFNACK;
    assigns s->st[e->trid], s->cnt.pauses;
    ensures was_inflight: \old(s->st[e->trid]) == UD_R5_SCHED_INFLIGHT &&
      \old(s->seq[e->trid]) == e->seq;
    ensures paused: s->st[e->trid] == UD_R5_SCHED_PAUSED &&
      s->seq[e->trid] == \old(s->seq[e->trid]) &&
      s->dl[e->trid] == \old(s->dl[e->trid]);
    ensures rank: ud_r5_rank_lt{Pre,Post}(s, e->trid / 2);
    ensures counted: s->cnt.pauses == ud_r5_sat(\old(s->cnt.pauses));
  behavior rapf:
    assumes ud_r5_classify(s, *e) == UD_OK && e->kind == UD_R5_SCHED_EV_RAPF;
    assumes !ud_r5_spends(s, *e);
    assigns s->st[e->trid], s->seq[e->trid], s->dl[e->trid], s->ntry[e->trid],
            s->x[e->trid / 2].nposts, s->cnt.rtx_rapf, ud_env, ud_r5_last[e->trid],
            ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
            ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
            ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
            ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
            ud_r5_post_len[ud_r5_npost];
    ensures matched: ud_r5_busy(\old(s->st[e->trid])) &&
      \old(s->seq[e->trid]) == e->seq &&
      e->wired_pd == ud_r5_pd_of(e->trid) && e->pd == e->wired_pd;
    ensures retransmitted: ud_r5_retx{Pre,Post}(s, e->trid, now);
    ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
      ud_r5_logged_blk(s, \old(ud_r5_npost), e->trid);
    ensures rank: ud_r5_rank_lt{Pre,Post}(s, e->trid / 2);
    ensures counted: s->cnt.rtx_rapf == ud_r5_sat(\old(s->cnt.rtx_rapf));
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_r5_sched_event(struct ud_r5_sched *s, const struct ud_r5_sched_ev *e,
			    uint64_t now);

/* Timeouts: every armed transaction whose deadline has passed is
 * retransmitted (paused ones included) and re-armed.  Cost: one step per
 * ARMED transaction (the dense prefix of the timer set), none per idle
 * one.  A transaction that expires with its retry budget (or its
 * transfer's post budget) spent stops the pass there: its transfer fails
 * (UD_R5_SCHED_E_SPENT, one notification) and the channel is returned;
 * the transactions the pass did not reach are left for the next tick.
 * Returns -1 when no transfer failed. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost <= UD_R5_LOG - 2048 && ud_r5_nnote < UD_R5_LOG;
  assigns s->st[0 .. 2047], s->seq[0 .. 2047], s->dl[0 .. 2047], s->ntry[0 .. 2047],
          s->x[0 .. 1023].nposts, s->x[0 .. 1023].active,
          s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047],
          s->cnt.rtx_timeout, s->cnt.spent, ud_env, ud_r5_last[0 .. 2047],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_seq[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_pd[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_vc[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_kind[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_node[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_src[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_dst[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_post_len[ud_r5_npost .. ud_r5_npost + 2047],
          ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
          ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  ensures result: \result == -1 || 0 <= \result < 1024;
  ensures expired: \forall integer t; 0 <= t < 2048 && t / 2 != \result ==>
    ud_r5_busy(\old(s->st[t])) && \old(s->dl[t]) <= now ==>
    ud_r5_retx{Pre,Post}(s, t, now) || ud_r5_tx_same{Pre,Post}(s, t);
  ensures all_expired: \result == -1 ==> \forall integer t; 0 <= t < 2048 ==>
    ud_r5_busy(\old(s->st[t])) && \old(s->dl[t]) <= now ==> ud_r5_retx{Pre,Post}(s, t, now);
  ensures untouched: \forall integer t; 0 <= t < 2048 && t / 2 != \result ==>
    !(ud_r5_busy(\old(s->st[t])) && \old(s->dl[t]) <= now) ==> ud_r5_tx_same{Pre,Post}(s, t);
  // (t, the slot entry k names, is read in the post-state log: inside
  // \old the entry itself would be read before the tick wrote it.)
  ensures logged: \forall integer k; \old(ud_r5_npost) <= k < ud_r5_npost ==>
    \let t = ud_r5_post_trid[k];
    0 <= t < 2048 &&
    ud_r5_busy(\old(s->st[t])) && \old(s->dl[t]) <= now &&
    s->seq[t] == ud_r5_next_seq(\old(s->seq[t])) &&
    ud_r5_logged_blk(s, k, t);
  ensures distinct: \forall integer k1, k2; \old(ud_r5_npost) <= k1 < k2 < ud_r5_npost ==>
    ud_r5_post_trid[k1] != ud_r5_post_trid[k2];
  ensures covered: \forall integer t; 0 <= t < 2048 && t / 2 != \result &&
    ud_r5_retx{Pre,Post}(s, t, now) ==>
    \exists integer k; \old(ud_r5_npost) <= k < ud_r5_npost && ud_r5_post_trid[k] == t;
  ensures failed: \result >= 0 ==>
    \old(s->x[\result].active) != 0 && \old(s->x[\result].complete) == 0 &&
    ud_r5_failed{Pre,Post}(s, \result, UD_R5_SCHED_E_SPENT);
  ensures quiet: \result == -1 ==> ud_r5_nnote == \old(ud_r5_nnote) &&
    \forall integer c; 0 <= c < 1024 ==> s->x[c].active == \old(s->x[c].active);
  ensures rank: \forall integer t; 0 <= t < 2048 && t / 2 != \result ==>
    ud_r5_retx{Pre,Post}(s, t, now) || ud_r5_tx_same{Pre,Post}(s, t);
  ensures counted: s->cnt.rtx_timeout ==
    ud_r5_sat_add(\old(s->cnt.rtx_timeout), ud_r5_npost - \old(ud_r5_npost)) &&
    s->cnt.spent == (\result >= 0 ? ud_r5_sat(\old(s->cnt.spent)) : \old(s->cnt.spent));
*/
int32_t ud_r5_sched_tick(struct ud_r5_sched *s, uint64_t now);

/* The abort path (issue 17): the fault handler completes transaction trid
 * (seq) of PD pd with error err instead of retrying it
 * (ud_plat_fail_transfer, src/ud_platform.h); the home delivers that to the
 * initiator's R5, which calls this.  The transfer ends with err: its slots
 * are freed (timers disarmed), the channel is free for a new transfer, and
 * the completion notification carries err, once.  Checked like a RAPF:
 * unknown trid UD_E_NOENT, pd not the transaction's PD UD_E_FORGED, not the
 * current sequence number (or an acknowledged block) UD_E_STALE, err not
 * an error UD_E_INVAL; each ignored and counted. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_nnote < UD_R5_LOG;
  assigns s->st[0 .. 2047], s->x[0 .. 1023].active, s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047],
          s->cnt.aborts, s->cnt.ign_inval, s->cnt.ign_unknown, s->cnt.ign_forged,
          s->cnt.ign_stale, ud_env,
          ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
          ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures verdict: \result == ud_r5_abort_verdict{Pre}(s, pd, trid, seq, err);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  behavior inval:
    assumes ud_r5_abort_verdict(s, pd, trid, seq, err) == UD_E_INVAL;
    assigns s->cnt.ign_inval;
    ensures counted: s->cnt.ign_inval == ud_r5_sat(\old(s->cnt.ign_inval));
  behavior unknown:
    assumes ud_r5_abort_verdict(s, pd, trid, seq, err) == UD_E_NOENT;
    assigns s->cnt.ign_unknown;
    ensures counted: s->cnt.ign_unknown == ud_r5_sat(\old(s->cnt.ign_unknown));
  behavior forged:
    assumes ud_r5_abort_verdict(s, pd, trid, seq, err) == UD_E_FORGED;
    assigns s->cnt.ign_forged;
    ensures counted: s->cnt.ign_forged == ud_r5_sat(\old(s->cnt.ign_forged));
  behavior stale:
    assumes ud_r5_abort_verdict(s, pd, trid, seq, err) == UD_E_STALE;
    assigns s->cnt.ign_stale;
    ensures counted: s->cnt.ign_stale == ud_r5_sat(\old(s->cnt.ign_stale));
  behavior failed:
    assumes ud_r5_abort_verdict(s, pd, trid, seq, err) == UD_OK;
    assigns s->st[trid / 2 * 2 .. trid / 2 * 2 + 1], s->x[trid / 2].active,
            s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047], s->cnt.aborts, ud_env,
            ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
            ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
    ensures live: \old(s->x[trid / 2].active) != 0 && \old(s->x[trid / 2].complete) == 0;
    ensures failed: ud_r5_failed{Pre,Post}(s, trid / 2, err);
    ensures fresh: ud_r5_only_current{Pre}(s, trid, seq);
    ensures others_tx: \forall integer t; 0 <= t < 2048 && t / 2 != trid / 2 ==>
      ud_r5_tx_same{Pre,Post}(s, t);
    ensures others_x: \forall integer c; 0 <= c < 1024 && c != trid / 2 ==>
      ud_r5_x_same{Pre,Post}(s, c);
    ensures counted: s->cnt.aborts == ud_r5_sat(\old(s->cnt.aborts));
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_r5_sched_abort(struct ud_r5_sched *s, uint16_t pd, uint16_t trid, uint16_t seq,
			    ud_status err);

/* A remote read request at the target: checked against the wired PDID,
 * then submitted as a write back (kind READ) on the same machinery. */
/*@
  requires valid: \valid(s) && \valid_read(q) && \separated(s, q);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost <= UD_R5_LOG - 2;
  assigns s->st[0 .. 2047], s->seq[0 .. 2047], s->off[0 .. 2047],
          s->blen[0 .. 2047], s->dl[0 .. 2047], s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], s->ntry[0 .. 2047], s->x[0 .. 1023],
          s->cnt.submits, s->cnt.read_reqs, s->cnt.ign_forged, ud_env, ud_r5_from[0 .. 1023],
          ud_r5_last[0 .. 2047],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_seq[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_pd[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_vc[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_kind[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_node[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_src[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_dst[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_len[ud_r5_npost .. ud_r5_npost + 1];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  behavior forged:
    assumes q->wired_pd != q->pd;
    assigns s->cnt.ign_forged;
    ensures forged: \result == UD_E_FORGED;
    ensures counted: s->cnt.ign_forged == ud_r5_sat(\old(s->cnt.ign_forged));
  behavior accepted:
    assumes q->wired_pd == q->pd;
    ensures submitted: \result == UD_OK ==>
      s->x[\old(q->pd) * 64 + \old(q->vc)].kind == UD_R5_SCHED_READ &&
      s->x[\old(q->pd) * 64 + \old(q->vc)].src == \old(q->src) &&
      s->x[\old(q->pd) * 64 + \old(q->vc)].dst == \old(q->dst) &&
      s->x[\old(q->pd) * 64 + \old(q->vc)].node == \old(q->node) &&
      s->x[\old(q->pd) * 64 + \old(q->vc)].len == \old(q->len);
    ensures counted: s->cnt.read_reqs == (\result == UD_OK ?
      ud_r5_sat(\old(s->cnt.read_reqs)) : \old(s->cnt.read_reqs));
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_r5_sched_read_req(struct ud_r5_sched *s, const struct ud_r5_sched_rreq *q,
			       uint64_t now);

#endif /* UD_R5_SCHED_H */
