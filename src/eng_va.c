/* SPDX-License-Identifier: MIT */
/*
 * eng_va.c -- the virtual-address engine of one node: the R5's blocks,
 * one packet a step, source side then (loopback) destination side.
 * Contracts in eng_va.h.
 */
#include "eng_va.h"

void ud_eng_va_init(struct ud_eng_va *e)
{
	/*@ loop invariant i: 0 <= i <= UD_ENG_VA_NQ;
	    loop invariant free: \forall integer k; 0 <= k < i ==> e->q[k].live == 0;
	    loop assigns i, e->q[0 .. UD_ENG_VA_NQ - 1].live;
	    loop variant UD_ENG_VA_NQ - i;
	*/
	for (int32_t i = 0; i < UD_ENG_VA_NQ; i++)
		e->q[i].live = 0;
	e->rr = 0;
}

/* The live slot holding transaction trid, else a free slot, else
 * UD_ENG_VA_NQ. */
/*@ requires valid: \valid_read(e);
    requires inv: ud_eng_va_inv(e);
    assigns \nothing;
    ensures range: 0 <= \result <= UD_ENG_VA_NQ;
    behavior live:
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == trid;
      ensures at: \result < UD_ENG_VA_NQ && e->q[\result].live == 1 &&
        e->q[\result].trid == trid;
    behavior free:
      assumes !(\exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == trid);
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live != 1;
      ensures at: \result < UD_ENG_VA_NQ && e->q[\result].live != 1;
    behavior full:
      assumes !(\exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1 &&
        e->q[k].trid == trid);
      assumes \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> e->q[k].live == 1;
      ensures none: \result == UD_ENG_VA_NQ;
    complete behaviors; disjoint behaviors;
*/
static int32_t find_slot(const struct ud_eng_va *e, uint16_t trid)
{
	int32_t f = UD_ENG_VA_NQ;

	/*@ loop invariant i: 0 <= i <= UD_ENG_VA_NQ;
	    loop invariant before: \forall integer k; 0 <= k < i ==>
	      !(e->q[k].live == 1 && e->q[k].trid == trid);
	    loop invariant f: f == UD_ENG_VA_NQ || (0 <= f < i && e->q[f].live != 1);
	    loop invariant f_none: f == UD_ENG_VA_NQ ==>
	      \forall integer k; 0 <= k < i ==> e->q[k].live == 1;
	    loop assigns i, f;
	    loop variant UD_ENG_VA_NQ - i;
	*/
	for (int32_t i = 0; i < UD_ENG_VA_NQ; i++) {
		if (e->q[i].live == 1 && e->q[i].trid == trid)
			return i;
		if (e->q[i].live != 1 && f == UD_ENG_VA_NQ)
			f = i;
	}
	return f;
}

/* Slot k takes block b, from its first packet. */
/*@ requires valid: \valid(e) && \valid_read(b);
    requires sep: \separated(e, b);
    requires blk: ud_va_blk_ok(b);
    requires k: 0 <= k < UD_ENG_VA_NQ;
    assigns e->q[k];
    ensures holds: ud_eng_va_holds(e, k, b);
*/
static void slot_set(struct ud_eng_va *e, int32_t k, const struct ud_va_blk *b)
{
	e->q[k].trid = b->trid;
	e->q[k].seq = b->seq;
	e->q[k].pd = b->pd;
	e->q[k].vc = b->vc;
	e->q[k].kind = b->kind;
	e->q[k].node = b->node;
	e->q[k].src = (int64_t)b->src;
	e->q[k].dst = (int64_t)b->dst;
	e->q[k].len = b->len;
	e->q[k].next = 0;
	e->q[k].live = 1;
}

ud_status ud_eng_va_post(struct ud_eng_va *e, const struct ud_va_blk *b)
{
	int32_t k;

	if (b->pd >= UD_SMMU_NCB || b->len == 0u || b->len > UD_VA_BLK_MAX ||
	    b->src > UD_VA_ADDR_LIM - b->len || b->dst > UD_VA_ADDR_LIM - b->len)
		return UD_E_INVAL;
	k = find_slot(e, b->trid);
	if (k == UD_ENG_VA_NQ)
		return UD_E_NOSPC;
	slot_set(e, k, b);
	/*@ assert others: \forall integer m; 0 <= m < UD_ENG_VA_NQ && m != k ==>
	      ud_eng_va_slot_same{Pre, Here}(e, m); */
	/*@ assert k_ok: ud_eng_va_qok(UD_ENG_VA_Q(e->q[k])); */
	return UD_OK;
}

void ud_eng_va_drop(struct ud_eng_va *e, uint16_t trid, uint16_t seq)
{
	/*@ loop invariant i: 0 <= i <= UD_ENG_VA_NQ;
	    loop invariant inv: ud_eng_va_inv(e);
	    loop invariant gone: \forall integer k; 0 <= k < i ==>
	      !(e->q[k].live == 1 && e->q[k].trid == trid && e->q[k].seq == seq);
	    loop invariant others: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
	      !(e->q[k].trid == trid && e->q[k].seq == seq) ==>
	      e->q[k].live == \at(e->q[k].live, Pre);
	    loop invariant ahead: \forall integer k; i <= k < UD_ENG_VA_NQ ==>
	      e->q[k].live == \at(e->q[k].live, Pre);
	    loop assigns i, e->q[0 .. UD_ENG_VA_NQ - 1].live;
	    loop variant UD_ENG_VA_NQ - i;
	*/
	for (int32_t i = 0; i < UD_ENG_VA_NQ; i++)
		if (e->q[i].trid == trid && e->q[i].seq == seq)
			e->q[i].live = 0;
}

void ud_eng_va_drop_vc(struct ud_eng_va *e, uint8_t vc)
{
	/*@ loop invariant i: 0 <= i <= UD_ENG_VA_NQ;
	    loop invariant inv: ud_eng_va_inv(e);
	    loop invariant gone: \forall integer k; 0 <= k < i ==>
	      !(e->q[k].live == 1 && e->q[k].vc == vc);
	    loop invariant others: \forall integer k; 0 <= k < UD_ENG_VA_NQ ==>
	      e->q[k].vc != vc ==> e->q[k].live == \at(e->q[k].live, Pre);
	    loop invariant ahead: \forall integer k; i <= k < UD_ENG_VA_NQ ==>
	      e->q[k].live == \at(e->q[k].live, Pre);
	    loop assigns i, e->q[0 .. UD_ENG_VA_NQ - 1].live;
	    loop variant UD_ENG_VA_NQ - i;
	*/
	for (int32_t i = 0; i < UD_ENG_VA_NQ; i++)
		if (e->q[i].vc == vc)
			e->q[i].live = 0;
}

/* The source side of one packet of block b (by value: its copy is this
 * call's own, so no frame of it is needed across the call): va_tx's
 * contract cut down to what the engine uses, so that the frames tx_side
 * proves across it (the FIFO, the rx slots) have a small context. */
/*@ requires valid: \valid(s) && \valid(tx) && \valid(buf + (0 .. UD_VA_PKT - 1));
    requires sep: \separated(s, tx, buf + (0 .. UD_VA_PKT - 1));
    requires inv: ud_smmu_inv(s);
    requires blk: b.pd < UD_SMMU_NCB && 1 <= b.len <= UD_VA_BLK_MAX &&
      b.src + b.len <= UD_VA_ADDR_LIM && b.dst + b.len <= UD_VA_ADDR_LIM &&
      off % UD_VA_PKT == 0 && off < b.len;
    requires room: ud_pt_n <= UD_PT_LOG - 2 && ud_dma_n <= UD_DMA_LOG - 2;
    assigns s->cb[0 .. 15], tx->rd[0 .. 15], buf[0 .. UD_VA_PKT - 1], ud_env,
            UD_ENG_VA_LOGS(1);
    ensures inv: ud_smmu_inv(s);
    ensures grew: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 2 &&
      \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 2;
    ensures kept: ud_eng_va_logs_kept{Pre, Post}(\old(ud_dma_n));
    ensures blk: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_eng_va_in_blk(i, b.pd, b.src, b.dst, b.len);
    ensures no_byte: \result.st != UD_OK ==> ud_dma_n == \old(ud_dma_n);
    ensures hdr: \result.st == UD_OK ==> \result.h.pd == b.pd &&
      b.dst <= \result.h.dst && \result.h.dst + \result.h.n <= b.dst + b.len;
*/
static struct ud_va_tx_out tx_raw(struct ud_smmu *s, struct ud_va_tx *tx, uint32_t self,
				  struct ud_va_blk b, uint32_t off, uint8_t *buf)
{
	return ud_va_tx_packet(s, tx, self, &b, off, buf);
}

/* The source side, with the FIFO's and the rx slots' invariants carried
 * across it (va_tx writes neither: the frames, one small assert each). */
/*@ requires valid: \valid(s) && \valid(tx) && \valid(buf + (0 .. UD_VA_PKT - 1)) &&
                    \valid_read(ff) && \valid_read(rx);
    requires sep: \separated(s, tx, ff, rx, buf + (0 .. UD_VA_PKT - 1));
    requires inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    requires blk: b.pd < UD_SMMU_NCB && 1 <= b.len <= UD_VA_BLK_MAX &&
      b.src + b.len <= UD_VA_ADDR_LIM && b.dst + b.len <= UD_VA_ADDR_LIM &&
      off % UD_VA_PKT == 0 && off < b.len;
    requires room: ud_pt_n <= UD_PT_LOG - 2 && ud_dma_n <= UD_DMA_LOG - 2;
    assigns s->cb[0 .. 15], tx->rd[0 .. 15], buf[0 .. UD_VA_PKT - 1], ud_env,
            UD_ENG_VA_LOGS(1);
    ensures inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    ensures grew: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 2 &&
      \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 2;
    ensures kept: ud_eng_va_logs_kept{Pre, Post}(\old(ud_dma_n));
    ensures blk: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_eng_va_in_blk(i, b.pd, b.src, b.dst, b.len);
    ensures no_byte: \result.st != UD_OK ==> ud_dma_n == \old(ud_dma_n);
    ensures hdr: \result.st == UD_OK ==> \result.h.pd == b.pd &&
      b.dst <= \result.h.dst && \result.h.dst + \result.h.n <= b.dst + b.len;
*/
static struct ud_va_tx_out tx_side(struct ud_smmu *s, struct ud_va_tx *tx,
				   const struct ud_ff *ff, const struct ud_va_rx *rx, uint32_t self,
				   struct ud_va_blk b, uint32_t off, uint8_t *buf)
{
	struct ud_va_tx_out t;

	(void)ff;
	(void)rx;
	t = tx_raw(s, tx, self, b, off, buf);
	/*@ assert ff_lo: \forall integer i; 0 <= i < UD_FF_DEPTH ==> ff->lo[i] == \at(ff->lo[i], Pre); */
	/*@ assert ff_hi: \forall integer i; 0 <= i < UD_FF_DEPTH ==> ff->hi[i] == \at(ff->hi[i], Pre); */
	/*@ assert ff_reg: ff->head == \at(ff->head, Pre) && ff->tail == \at(ff->tail, Pre) &&
	      ff->count == \at(ff->count, Pre) && ff->rd == \at(ff->rd, Pre) &&
	      ff->ovf_count == \at(ff->ovf_count, Pre) && ff->ovf_sticky == \at(ff->ovf_sticky, Pre) &&
	      ff->last_valid == \at(ff->last_valid, Pre) && ff->last_src == \at(ff->last_src, Pre) &&
	      ff->last_trid == \at(ff->last_trid, Pre) && ff->last_seq == \at(ff->last_seq, Pre) &&
	      ff->last_iova == \at(ff->last_iova, Pre); */
	/*@ assert ff_same: ud_ff_same{Pre, Here}(ff) && ud_va_use_ff_same(0); */
	/*@ assert rx_flags: \forall integer k; 0 <= k < UD_VA_RX_NB ==>
	      rx->b[k].valid == \at(rx->b[k].valid, Pre) && rx->b[k].faulted == \at(rx->b[k].faulted, Pre) &&
	      rx->b[k].acked == \at(rx->b[k].acked, Pre); */
	/*@ assert rx_blen: \forall integer k; 0 <= k < UD_VA_RX_NB ==>
	      rx->b[k].blen == \at(rx->b[k].blen, Pre); */
	/*@ assert rx_got: \forall integer k, j; 0 <= k < UD_VA_RX_NB && 0 <= j < UD_VA_NPK_MAX ==>
	      rx->b[k].got[j] == \at(rx->b[k].got[j], Pre); */
	/*@ assert rx_same: \forall integer k; 0 <= k < UD_VA_RX_NB ==>
	      ud_va_rxb_ok{Pre}(&rx->b[k]) ==> ud_va_rxb_ok(&rx->b[k]); */
	return t;
}

/* The destination side, loopback: the packet in buf under header h (by
 * value, as tx_side's block). */
/*@ requires valid: \valid(s) && \valid(rx) && \valid(ff) &&
                    \valid_read(buf + (0 .. UD_VA_PKT - 1));
    requires sep: \separated(s, rx, ff, buf + (0 .. UD_VA_PKT - 1));
    requires inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    requires room: ud_pt_n <= UD_PT_LOG - 2 && ud_dma_n <= UD_DMA_LOG - 2 &&
                   ud_rep_n < UD_REP_LOG;
    assigns s->cb[0 .. 15], *ff, rx->b[0 .. UD_VA_RX_NB - 1], ud_env,
            UD_ENG_VA_LOGS(1),
            UD_ENG_VA_REPS;
    ensures inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx);
    ensures grew: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 2 &&
      \old(ud_pt_n) <= ud_pt_n <= \old(ud_pt_n) + 2 &&
      \old(ud_rep_n) <= ud_rep_n <= \old(ud_rep_n) + 1;
    ensures kept: ud_eng_va_logs_kept{Pre, Post}(\old(ud_dma_n));
    ensures blk: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_dma_wr[i] == 1 && ud_va_entry_ok(h.pd, i, 0) &&
      h.dst <= ud_dma_va[i] && ud_dma_va[i] + ud_dma_len[i] <= h.dst + h.n;
*/
static struct ud_va_rx_out rx_side(struct ud_smmu *s, struct ud_ff *ff, struct ud_va_rx *rx,
				   struct ud_va_hdr h, const uint8_t *buf)
{
	return ud_va_rx_packet(s, ff, rx, &h, buf);
}

struct ud_eng_va_pkt ud_eng_va_packet(struct ud_smmu *s, struct ud_va_tx *tx,
				      struct ud_va_rx *rx, struct ud_ff *ff, uint32_t self,
				      struct ud_va_blk b, uint32_t off, uint8_t *buf)
{
	struct ud_eng_va_pkt o;
	struct ud_va_tx_out t;

	t = tx_side(s, tx, ff, rx, self, b, off, buf);
	o.tx = t.st;
	o.rx.st = UD_OK;
	o.rx.slot = 0u;
	o.rx.fvpn = 0u;
	o.rx.reply = 0u;
	if (t.st != UD_OK) {
		/*@ assert kept: ud_eng_va_logs_kept{Pre, Here}(\at(ud_dma_n, Pre)); */
		return o;
	}
	/*@ assert tx_blk: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_eng_va_in_blk(i, b.pd, b.src, b.dst, b.len); */
	o.rx = rx_side(s, ff, rx, t.h, buf);
	/*@ assert all_blk: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_eng_va_in_blk(i, b.pd, b.src, b.dst, b.len); */
	/*@ assert kept: ud_eng_va_logs_kept{Pre, Here}(\at(ud_dma_n, Pre)); */
	return o;
}

/* The next live slot, round robin from e->rr: the first live slot at or
 * after rr cyclically (every slot nearer to rr is not live), or
 * UD_ENG_VA_NQ (one loop over the 64 slots from rr, one exit; only rr's
 * range is required, not the queue invariant: docs/METHOD.md). */
/*@ requires valid: \valid_read(e);
    requires rr: 0 <= e->rr < UD_ENG_VA_NQ;
    assigns \nothing;
    behavior none:
      assumes \forall integer k; 0 <= k < UD_ENG_VA_NQ ==> e->q[k].live != 1;
      ensures none: \result == UD_ENG_VA_NQ;
    behavior some:
      assumes \exists integer k; 0 <= k < UD_ENG_VA_NQ && e->q[k].live == 1;
      ensures at: 0 <= \result < UD_ENG_VA_NQ && e->q[\result].live == 1;
      ensures first: \forall integer j; 0 <= j < UD_ENG_VA_NQ &&
        ud_eng_va_dist(e->rr, j) < ud_eng_va_dist(e->rr, \result) ==> e->q[j].live != 1;
    complete behaviors; disjoint behaviors;
*/
static int32_t next_live(const struct ud_eng_va *e)
{
	int32_t n, k, r = UD_ENG_VA_NQ;

	/*@ loop invariant n: 0 <= n <= UD_ENG_VA_NQ;
	    loop invariant r: r == UD_ENG_VA_NQ || (0 <= r < UD_ENG_VA_NQ && e->q[r].live == 1 &&
	      ud_eng_va_dist(e->rr, r) < n);
	    loop invariant seen: \forall integer m; 0 <= m < UD_ENG_VA_NQ &&
	      ud_eng_va_dist(e->rr, m) < n &&
	      (r == UD_ENG_VA_NQ || ud_eng_va_dist(e->rr, m) < ud_eng_va_dist(e->rr, r)) ==>
	      e->q[m].live != 1;
	    loop assigns n, k, r;
	    loop variant UD_ENG_VA_NQ - n;
	*/
	for (n = 0; n < UD_ENG_VA_NQ; n++) {
		k = e->rr + n < UD_ENG_VA_NQ ? e->rr + n : e->rr + n - UD_ENG_VA_NQ;
		if (r == UD_ENG_VA_NQ && e->q[k].live == 1)
			r = k;
	}
	return r;
}

struct ud_eng_va_out ud_eng_va_step(struct ud_eng_va *e, struct ud_smmu *s, struct ud_va_tx *tx,
				    struct ud_va_rx *rx, struct ud_ff *ff, uint32_t self,
				    uint8_t *buf)
{
	struct ud_eng_va_out o = { 0 };
	struct ud_eng_va_pkt p;
	struct ud_va_blk b;
	int32_t k, off;

	k = next_live(e);
	if (k == UD_ENG_VA_NQ)
		return o;
	off = e->q[k].next;
	b.trid = (uint16_t)e->q[k].trid;
	b.seq = (uint16_t)e->q[k].seq;
	b.pd = (uint8_t)e->q[k].pd;
	b.vc = (uint8_t)e->q[k].vc;
	b.kind = (uint8_t)e->q[k].kind;
	b.node = (uint32_t)e->q[k].node;
	b.src = (uint64_t)e->q[k].src;
	b.dst = (uint64_t)e->q[k].dst;
	b.len = (uint32_t)e->q[k].len;
	o.ran = 1u;
	o.slot = k;
	o.pd = b.pd;
	p = ud_eng_va_packet(s, tx, rx, ff, self, b, (uint32_t)off, buf);
	/*@ assert attributed: ud_eng_va_log_ok(\at(ud_dma_n, Pre), ud_dma_n); */
	o.tx = p.tx;
	o.rx = p.rx;
	if (p.tx != UD_OK || off + (int32_t)UD_VA_PKT >= (int32_t)b.len) {
		/* 3.2.2: a source fault ends the block (the R5 retransmits it);
		 * so does its last packet. */
		e->q[k].live = 0;
	} else {
		e->q[k].next = off + (int32_t)UD_VA_PKT;
	}
	e->rr = k + 1 < UD_ENG_VA_NQ ? k + 1 : 0;
	return o;
}
