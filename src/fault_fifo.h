/* SPDX-License-Identifier: MIT */
/*
 * fault_fifo.h -- the receive-side fault FIFO of the PLDMA (seed
 * 004_2c0be60bc8bfaeb5.txt, section 3.2.3.1, Table 3.2).
 *
 * Every incoming packet that got an AXI slave error is logged as one
 * 128-bit entry (Table 3.2) in a 512-deep FIFO; an entry equal to the last
 * pushed one in (src_ID, tr_ID, seq_num, virtual page) is not pushed again;
 * when the FIFO is full the entry is dropped, counted (saturating counter)
 * and a sticky flag set -- nothing queued is touched.  Software pops an
 * entry with two 64-bit reads, LOW then HIGH; the read FSM (below and in
 * docs/fault_fifo.md) makes every other order pop nothing.
 *
 * Read FSM (state f->rd):
 *
 *   IDLE --read_lo, count>0 / word=LOW(head)------------> LOW_READ
 *   IDLE --read_lo, count=0 / word=0, UD_E_EMPTY--------> IDLE
 *   IDLE --read_hi          / word=0, UD_E_SEQ----------> IDLE   (high first)
 *   LOW_READ --read_hi / word=HIGH(head), POP, UD_OK----> IDLE
 *   LOW_READ --read_lo / word=0, UD_E_SEQ---------------> IDLE   (low twice)
 *
 * Pushes never change head, so the HIGH word delivered is always the one
 * of the entry whose LOW word the immediately preceding access delivered.
 * The defined value of a refused read is 0: all four Valid bits clear, so
 * it can never decode as an entry.
 */
#ifndef UD_FAULT_FIFO_H
#define UD_FAULT_FIFO_H

#include "ud_common.h"
#include "fault_fifo.acsl"

/* Table 3.2 / section 3.2.3.1: "The depth of our FIFO is currently 512 and
 * the width is 128 bits".  Fixed by the layout of the invariant. */
#define UD_FF_DEPTH        512u

/* Field widths, Table 3.2 (and the list in section 3.2.3.2). */
#define UD_FF_SRC_BITS     22u
#define UD_FF_TRID_BITS    14u   /* split: MSB 2 (row 1), LSB 12 (row 2) */
#define UD_FF_SEQ_BITS     14u
#define UD_FF_PDID_BITS    16u
#define UD_FF_PROC_BITS     4u   /* top 4 bits of the 32-bit faulty IOVA */
#define UD_FF_VPN_BITS     27u   /* VA[38:12] of a 39-bit VA; IOVA bit 27 = 0 */
#define UD_FF_EXA_BITS      2u

#define UD_FF_SRC_MAX      0x3FFFFFu
#define UD_FF_TRID_MAX     0x3FFFu
#define UD_FF_SEQ_MAX      0x3FFFu
#define UD_FF_PDID_MAX     0xFFFFu
#define UD_FF_PROC_MAX     0xFu
#define UD_FF_VPN_MAX      0x7FFFFFFu
#define UD_FF_EXA_MAX      0x3u

/* The value a refused read returns (Valid bits clear). */
#define UD_FF_NO_DATA      0u

/* Read FSM states. */
#define UD_FF_RD_IDLE      0u
#define UD_FF_RD_LOW_READ  1u

/* One decoded FIFO entry (Table 3.2). */
struct ud_ff_entry {
	uint32_t src_id;   /* source node ID, 22 bits                        */
	uint16_t tr_id;    /* transaction ID, 14 bits                        */
	uint16_t seq;      /* sequence number, 14 bits                       */
	uint16_t pdid;     /* protection domain ID, 16 bits                  */
	uint8_t  proc;     /* process index in the PD, 4 bits (IOVA[31:28])  */
	uint32_t vpn;      /* faulty VA >> 12 of a 39-bit VA, 27 bits        */
	uint8_t  exa_ack;  /* EXA_ACK, 2 bits                                */
};

/* The FIFO and its read FSM.  Initialise with ud_ff_init. */
struct ud_ff {
	uint64_t lo[UD_FF_DEPTH];   /* LOW 64-bit word of each slot  */
	uint64_t hi[UD_FF_DEPTH];   /* HIGH 64-bit word of each slot */
	uint32_t head;              /* oldest entry                  */
	uint32_t tail;              /* next free slot                */
	uint32_t count;             /* entries queued, <= 512        */
	uint32_t rd;                /* UD_FF_RD_IDLE / UD_FF_RD_LOW_READ */
	uint32_t ovf_count;         /* entries dropped (saturating)  */
	bool     ovf_sticky;        /* a drop happened since last clear */
	bool     last_valid;        /* the duplicate filter's register holds a key */
	uint32_t last_src;          /* key of the last pushed entry  */
	uint16_t last_trid;
	uint16_t last_seq;
	uint32_t last_iova;         /* proc * 2^28 + vpn (the virtual page) */
};

#define UD_FF_STRUCTS_DECLARED 1
#include "fault_fifo.acsl"

/* ------------------------------------------------------------- codec */

/*@ requires valid: \valid_read(e) && \valid(lo) && \valid(hi);
    requires sep: \separated(e, lo, hi);
    assigns *lo, *hi;
    behavior ok:
      assumes in_range: ud_ff_entry_ok(e);
      ensures status: \result == UD_OK;
      ensures layout_lo: *lo == ud_ff_entry_lo(e);
      ensures layout_hi: *hi == ud_ff_entry_hi(e);
      ensures wf: ud_ff_wf(*lo, *hi);
      ensures inverse: ud_ff_x_src(*lo) == e->src_id && ud_ff_x_trid(*lo) == e->tr_id &&
        ud_ff_x_seq(*lo) == e->seq && ud_ff_x_pdid(*hi) == e->pdid &&
        ud_ff_x_proc(*hi) == e->proc && ud_ff_x_vpn(*hi) == e->vpn &&
        ud_ff_x_exa(*hi) == e->exa_ack;
    behavior out_of_range:
      assumes !ud_ff_entry_ok(e);
      ensures status: \result == UD_E_RANGE;
      ensures unchanged: *lo == \old(*lo) && *hi == \old(*hi);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_entry_encode(const struct ud_ff_entry *e, uint64_t *lo, uint64_t *hi);

/*@ requires valid: \valid(e);
    assigns *e;
    behavior ok:
      assumes well_formed: ud_ff_wf(lo, hi);
      ensures status: \result == UD_OK;
      ensures fields: e->src_id == ud_ff_x_src(lo) && e->tr_id == ud_ff_x_trid(lo) &&
        e->seq == ud_ff_x_seq(lo) && e->pdid == ud_ff_x_pdid(hi) &&
        e->proc == ud_ff_x_proc(hi) && e->vpn == ud_ff_x_vpn(hi) &&
        e->exa_ack == ud_ff_x_exa(hi);
      ensures in_range: ud_ff_entry_ok(e);
      ensures inverse: lo == ud_ff_entry_lo(e) && hi == ud_ff_entry_hi(e);
    behavior malformed:
      assumes !ud_ff_wf(lo, hi);
      ensures status: \result == UD_E_INVAL;
      ensures unchanged: *e == \old(*e);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_entry_decode(uint64_t lo, uint64_t hi, struct ud_ff_entry *e);

/* ------------------------------------------------------------- FIFO */

/*@ requires valid: \valid(f);
    assigns f->head, f->tail, f->count, f->rd, f->ovf_count, f->ovf_sticky,
            f->last_valid, f->last_src, f->last_trid, f->last_seq, f->last_iova;
    ensures inv: ud_ff_inv(f);
    ensures empty: f->count == 0 && f->rd == UD_FF_RD_IDLE;
    ensures no_overflow: f->ovf_count == 0 && f->ovf_sticky == 0;
    ensures no_last: f->last_valid == 0;
*/
void ud_ff_init(struct ud_ff *f);

/* Log one slave-errored packet (the hardware push). */
/*@ requires valid: \valid(f) && \valid_read(e);
    requires sep: \separated(f, e);
    requires inv: ud_ff_inv(f);
    assigns f->lo[f->tail], f->hi[f->tail], f->tail, f->count,
            f->ovf_count, f->ovf_sticky,
            f->last_valid, f->last_src, f->last_trid, f->last_seq, f->last_iova;
    ensures inv: ud_ff_inv(f);
    behavior out_of_range:
      assumes !ud_ff_entry_ok(e);
      ensures status: \result == UD_E_RANGE;
      ensures unchanged_range: ud_ff_same{Pre, Post}(f);
    behavior duplicate:
      assumes ud_ff_entry_ok(e) && ud_ff_is_dup(f, e);
      ensures status: \result == UD_E_STALE;
      ensures unchanged_dup: ud_ff_same{Pre, Post}(f);
    behavior full:
      assumes ud_ff_entry_ok(e) && !ud_ff_is_dup(f, e) && f->count == UD_FF_DEPTH;
      ensures status: \result == UD_E_FULL;
      ensures queue_intact: ud_ff_queue_same{Pre, Post}(f);
      ensures counted: f->ovf_count == (\old(f->ovf_count) == 4294967295 ?
                                        4294967295 : \old(f->ovf_count) + 1);
      ensures sticky: f->ovf_sticky == 1;
      ensures last_kept: f->last_valid == \old(f->last_valid) &&
        f->last_src == \old(f->last_src) && f->last_trid == \old(f->last_trid) &&
        f->last_seq == \old(f->last_seq) && f->last_iova == \old(f->last_iova);
    behavior pushed:
      assumes ud_ff_entry_ok(e) && !ud_ff_is_dup(f, e) && f->count < UD_FF_DEPTH;
      ensures status: \result == UD_OK;
      ensures one_more: f->count == \old(f->count) + 1 && f->head == \old(f->head);
      ensures tail: f->tail == (\old(f->tail) + 1) % 512;
      ensures stored: f->lo[\old(f->tail)] == ud_ff_entry_lo(e) &&
                      f->hi[\old(f->tail)] == ud_ff_entry_hi(e);
      ensures newest: f->lo[ud_ff_slot(f, \old(f->count))] == ud_ff_entry_lo(e) &&
                      f->hi[ud_ff_slot(f, \old(f->count))] == ud_ff_entry_hi(e);
      ensures older_kept: \forall integer k; 0 <= k < \old(f->count) ==>
        f->lo[ud_ff_slot(f, k)] == \old(f->lo[ud_ff_slot(f, k)]) &&
        f->hi[ud_ff_slot(f, k)] == \old(f->hi[ud_ff_slot(f, k)]);
      ensures last_is_e: f->last_valid == 1 && f->last_src == e->src_id &&
        f->last_trid == e->tr_id && f->last_seq == e->seq &&
        f->last_iova == ud_ff_iova(e->proc, e->vpn);
      ensures overflow_kept: f->ovf_count == \old(f->ovf_count) &&
        f->ovf_sticky == \old(f->ovf_sticky);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_push(struct ud_ff *f, const struct ud_ff_entry *e);

/* Bus read of the LOW 64-bit word (first of the two pop reads). */
/*@ requires valid: \valid(f) && \valid(w);
    requires sep: \separated(f, w);
    requires inv: ud_ff_inv(f);
    assigns f->rd, *w;
    ensures inv: ud_ff_inv(f);
    ensures queue_intact: ud_ff_queue_same{Pre, Post}(f);
    behavior deliver:
      assumes f->rd == UD_FF_RD_IDLE && f->count > 0;
      ensures status: \result == UD_OK;
      ensures word: *w == f->lo[f->head];
      ensures armed: f->rd == UD_FF_RD_LOW_READ;
    behavior empty:
      assumes f->rd == UD_FF_RD_IDLE && f->count == 0;
      ensures status: \result == UD_E_EMPTY;
      ensures word: *w == UD_FF_NO_DATA;
      ensures idle: f->rd == UD_FF_RD_IDLE;
    behavior low_twice:
      assumes f->rd == UD_FF_RD_LOW_READ;
      ensures status: \result == UD_E_SEQ;
      ensures word: *w == UD_FF_NO_DATA;
      ensures reset: f->rd == UD_FF_RD_IDLE;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_read_lo(struct ud_ff *f, uint64_t *w);

/* Bus read of the HIGH 64-bit word: pops only right after a delivered LOW. */
/*@ requires valid: \valid(f) && \valid(w);
    requires sep: \separated(f, w);
    requires inv: ud_ff_inv(f);
    assigns f->rd, f->head, f->count, *w;
    ensures inv: ud_ff_inv(f);
    ensures idle: f->rd == UD_FF_RD_IDLE;
    behavior pop:
      assumes f->rd == UD_FF_RD_LOW_READ;
      ensures status: \result == UD_OK;
      ensures word: *w == \old(f->hi[f->head]);
      ensures one_less: f->count == \old(f->count) - 1 &&
                        f->head == (\old(f->head) + 1) % 512;
      ensures rest_kept: \forall integer k; 0 <= k < f->count ==>
        f->lo[ud_ff_slot(f, k)] == \old(f->lo[ud_ff_slot(f, k + 1)]) &&
        f->hi[ud_ff_slot(f, k)] == \old(f->hi[ud_ff_slot(f, k + 1)]);
    behavior high_first:
      assumes f->rd == UD_FF_RD_IDLE;
      ensures status: \result == UD_E_SEQ;
      ensures word: *w == UD_FF_NO_DATA;
      ensures unchanged: ud_ff_same{Pre, Post}(f);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_read_hi(struct ud_ff *f, uint64_t *w);

/* The driver's pop: LOW read, HIGH read, decode (section 3.2.3.2). */
/*@ requires valid: \valid(f) && \valid(e);
    requires sep: \separated(f, e);
    requires inv: ud_ff_inv(f);
    assigns f->rd, f->head, f->count, *e;
    ensures inv: ud_ff_inv(f);
    ensures idle: f->rd == UD_FF_RD_IDLE;
    behavior popped:
      assumes f->rd == UD_FF_RD_IDLE && f->count > 0;
      ensures status: \result == UD_OK;
      ensures oldest: ud_ff_entry_lo(e) == \old(f->lo[f->head]) &&
                      ud_ff_entry_hi(e) == \old(f->hi[f->head]);
      ensures in_range: ud_ff_entry_ok(e);
      ensures one_less: f->count == \old(f->count) - 1 &&
                        f->head == (\old(f->head) + 1) % 512;
    behavior empty:
      assumes f->rd == UD_FF_RD_IDLE && f->count == 0;
      ensures status: \result == UD_E_EMPTY;
      ensures unchanged: ud_ff_same{Pre, Post}(f) && *e == \old(*e);
    behavior half_read:
      assumes f->rd == UD_FF_RD_LOW_READ;
      ensures status: \result == UD_E_SEQ;
      ensures queue_intact: ud_ff_queue_same{Pre, Post}(f) && *e == \old(*e);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ff_pop(struct ud_ff *f, struct ud_ff_entry *e);

/* Read and clear the overflow counter and the sticky flag. */
/*@ requires valid: \valid(f) && \valid(n);
    requires sep: \separated(f, n);
    requires inv: ud_ff_inv(f);
    assigns f->ovf_count, f->ovf_sticky, *n;
    ensures inv: ud_ff_inv(f);
    ensures returned: *n == \old(f->ovf_count);
    ensures cleared: f->ovf_count == 0 && f->ovf_sticky == 0;
    ensures status: \result == UD_OK;
*/
ud_status ud_ff_clear_overflow(struct ud_ff *f, uint32_t *n);

#endif /* UD_FAULT_FIFO_H */
