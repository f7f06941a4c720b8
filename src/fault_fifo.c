/* SPDX-License-Identifier: MIT */
/*
 * fault_fifo.c -- the receive-side fault FIFO (seed 004_2c0be60bc8bfaeb5.txt,
 * section 3.2.3.1, Table 3.2).  Contracts in fault_fifo.h; the layout and
 * the read FSM are drawn in docs/fault_fifo.md.
 *
 * Packing and extraction are written with multiplication, division and
 * remainder by powers of two (a compiler emits the same shifts and masks),
 * so the proof works on integer arithmetic instead of bit vectors.
 */
#include "fault_fifo.h"

#define P32 4294967296u   /* 2^32 */

/*@ requires in_range: src < 4194304 && trid < 16384 && seq < 16384;
    assigns \nothing;
    ensures layout: \result == ud_ff_lo_of(src, trid, seq);
    ensures inverse: ud_ff_x_src(\result) == src && ud_ff_x_trid(\result) == trid &&
      ud_ff_x_seq(\result) == seq;
*/
static uint64_t pack_lo(uint32_t src, uint32_t trid, uint32_t seq)
{
	uint32_t m = trid / 4096u;       /* tr_ID MSB, 2 bits  */
	uint32_t l = trid % 4096u;       /* tr_ID LSB, 12 bits */
	uint64_t w0 = (uint64_t)src * 256u + (uint64_t)m * 16u + 1u;
	uint64_t w1 = (uint64_t)l * 1048576u + (uint64_t)seq * 16u + 1u;
	uint64_t r;

	//@ assert m_range: m < 4 && m * 4096 + l == trid;
	//@ assert w_range: w0 < 1073741824 && w1 < 4294967296;
	//@ assert f_src: (w0 / 256) % 4194304 == src;
	//@ assert f_msb: (w0 / 16) % 4 == m;
	//@ assert f_lsb: (w1 / 1048576) % 4096 == l;
	//@ assert w1_split: w1 == (l * 65536 + seq) * 16 + 1;
	//@ assert w1_div: w1 / 16 == l * 65536 + seq;
	//@ assert w1_mul: l * 65536 + seq == (l * 4) * 16384 + seq;
	//@ assert f_seq: (w1 / 16) % 16384 == seq;
	r = w0 + w1 * P32;
	//@ assert split: ud_ff_lw(r) == w0 && ud_ff_hw(r) == w1;
	return r;
}

/*@ requires in_range: pdid < 65536 && proc < 16 && vpn < 268435456 && exa < 4;
    assigns \nothing;
    ensures layout: \result == ud_ff_hi_of(pdid, proc, vpn, exa);
    ensures inverse: ud_ff_x_pdid(\result) == pdid && ud_ff_x_proc(\result) == proc &&
      ud_ff_x_vpn(\result) == vpn && ud_ff_x_exa(\result) == exa;
*/
static uint64_t pack_hi(uint32_t pdid, uint32_t proc, uint32_t vpn, uint32_t exa)
{
	uint32_t iova = proc * 268435456u + vpn;
	uint32_t im = iova / 1048576u;   /* faulty IOVA MSB, 12 bits */
	uint32_t il = iova % 1048576u;   /* faulty IOVA LSB, 20 bits */
	uint64_t w2 = (uint64_t)pdid * 65536u + (uint64_t)im * 16u + (uint64_t)exa * 2u + 1u;
	uint64_t w3 = (uint64_t)il * 4096u + 1u;
	uint64_t r;

	//@ assert iova: iova == ud_ff_iova(proc, vpn);
	//@ assert iova_split: im < 4096 && im * 1048576 + il == iova;
	//@ assert iova_fields: iova / 268435456 == proc && iova % 268435456 == vpn;
	//@ assert w_range: w2 < 4294967296 && w3 < 4294967296;
	//@ assert f_pdid: (w2 / 65536) % 65536 == pdid;
	//@ assert f_msb: (w2 / 16) % 4096 == im;
	//@ assert f_exa: (w2 / 2) % 4 == exa;
	//@ assert f_lsb: (w3 / 4096) % 1048576 == il;
	r = w2 + w3 * P32;
	//@ assert split: ud_ff_lw(r) == w2 && ud_ff_hw(r) == w3;
	//@ assert x_iova: ud_ff_x_iova(r) == iova;
	return r;
}

ud_status ud_ff_entry_encode(const struct ud_ff_entry *e, uint64_t *lo, uint64_t *hi)
{
	if (e->src_id > UD_FF_SRC_MAX || e->tr_id > UD_FF_TRID_MAX ||
	    e->seq > UD_FF_SEQ_MAX || e->proc > UD_FF_PROC_MAX ||
	    e->vpn > UD_FF_VPN_MAX || e->exa_ack > UD_FF_EXA_MAX)
		return UD_E_RANGE;
	*lo = pack_lo(e->src_id, e->tr_id, e->seq);
	*hi = pack_hi(e->pdid, e->proc, e->vpn, e->exa_ack);
	return UD_OK;
}

ud_status ud_ff_entry_decode(uint64_t lo, uint64_t hi, struct ud_ff_entry *e)
{
	uint64_t w0 = lo % P32, w1 = lo / P32, w2 = hi % P32, w3 = hi / P32;
	uint32_t src  = (uint32_t)((w0 / 256u) % 4194304u);
	uint32_t trid = (uint32_t)(((w0 / 16u) % 4u) * 4096u + (w1 / 1048576u) % 4096u);
	uint32_t seq  = (uint32_t)((w1 / 16u) % 16384u);
	uint32_t pdid = (uint32_t)((w2 / 65536u) % 65536u);
	uint32_t iova = (uint32_t)(((w2 / 16u) % 4096u) * 1048576u + (w3 / 4096u) % 1048576u);
	uint32_t proc = iova / 268435456u;
	uint32_t vpn  = iova % 268435456u;
	uint32_t exa  = (uint32_t)((w2 / 2u) % 4u);
	uint64_t plo, phi;

	/* Well formed iff the wired-zero IOVA bit is 0 and the words are exactly
	 * the packing of their own fields (reserved bits 0, Valid bits 1). */
	if (vpn > UD_FF_VPN_MAX)
		return UD_E_INVAL;
	plo = pack_lo(src, trid, seq);
	phi = pack_hi(pdid, proc, vpn, exa);
	if (plo != lo || phi != hi)
		return UD_E_INVAL;
	//@ assert lo_is: lo == ud_ff_lo_of(src, trid, seq);
	//@ assert hi_is: hi == ud_ff_hi_of(pdid, proc, vpn, exa);
	//@ assert x_lo: src == ud_ff_x_src(lo) && trid == ud_ff_x_trid(lo) && seq == ud_ff_x_seq(lo);
	//@ assert x_hi: pdid == ud_ff_x_pdid(hi) && exa == ud_ff_x_exa(hi);
	//@ assert x_iova: proc == ud_ff_x_proc(hi) && vpn == ud_ff_x_vpn(hi);
	//@ assert ranges: src < 4194304 && trid < 16384 && seq < 16384 && pdid < 65536 && proc < 16 && exa < 4;
	e->src_id = src;
	e->tr_id = (uint16_t)trid;
	e->seq = (uint16_t)seq;
	e->pdid = (uint16_t)pdid;
	e->proc = (uint8_t)proc;
	e->vpn = vpn;
	e->exa_ack = (uint8_t)exa;
	/*@ assert stored: e->src_id == src && e->tr_id == trid && e->seq == seq &&
	      e->pdid == pdid && e->proc == proc && e->vpn == vpn && e->exa_ack == exa; */
	//@ assert lo_e: lo == ud_ff_entry_lo(e);
	//@ assert hi_e: hi == ud_ff_entry_hi(e);
	return UD_OK;
}

void ud_ff_init(struct ud_ff *f)
{
	f->head = 0u;
	f->tail = 0u;
	f->count = 0u;
	f->rd = UD_FF_RD_IDLE;
	f->ovf_count = 0u;
	f->ovf_sticky = false;
	f->last_valid = false;
	f->last_src = 0u;
	f->last_trid = 0u;
	f->last_seq = 0u;
	f->last_iova = 0u;
}

/* Append one well-formed entry at the tail: the ring part of a push. */
/*@ requires valid: \valid(f);
    requires ring: ud_ff_inv_ring(f) && f->count < 512;
    requires entries: ud_ff_inv_entries(f);
    requires new_wf: ud_ff_wf(lo, hi);
    assigns f->lo[f->tail], f->hi[f->tail], f->tail, f->count;
    ensures ring: ud_ff_inv_ring(f);
    ensures entries: ud_ff_inv_entries(f);
    ensures one_more: f->count == \old(f->count) + 1 && f->head == \old(f->head);
    ensures tail: f->tail == (\old(f->tail) + 1) % 512;
    ensures stored: f->lo[\old(f->tail)] == lo && f->hi[\old(f->tail)] == hi;
    ensures newest: f->lo[ud_ff_slot(f, \old(f->count))] == lo &&
                    f->hi[ud_ff_slot(f, \old(f->count))] == hi;
    ensures older_kept: \forall integer k; 0 <= k < \old(f->count) ==>
      f->lo[ud_ff_slot(f, k)] == \old(f->lo[ud_ff_slot(f, k)]) &&
      f->hi[ud_ff_slot(f, k)] == \old(f->hi[ud_ff_slot(f, k)]);
*/
static void ring_put(struct ud_ff *f, uint64_t lo, uint64_t hi)
{
	uint32_t t = f->tail;

	//@ assert t_pos: t == f->head + f->count || t + 512 == f->head + f->count;
	//@ assert t_slot: t == ud_ff_slot(f, f->count);
	f->lo[t] = lo;
	f->hi[t] = hi;
	/*@ assert others: \forall integer i; 0 <= i < 512 && i != t ==>
	      f->lo[i] == \at(f->lo[i], Pre) && f->hi[i] == \at(f->hi[i], Pre); */
	//@ assert grown: ud_ff_entries_ok(f, f->head, f->count + 1);
	/*@ assert older_ne: \forall integer k; 0 <= k < f->count ==>
	      ud_ff_slot(f, k) != t; */
	f->tail = (t + 1u) % UD_FF_DEPTH;
	f->count++;
}

ud_status ud_ff_push(struct ud_ff *f, const struct ud_ff_entry *e)
{
	uint64_t lo, hi;

	if (ud_ff_entry_encode(e, &lo, &hi) != UD_OK)
		return UD_E_RANGE;
	if (f->last_valid && f->last_src == e->src_id && f->last_trid == e->tr_id &&
	    f->last_seq == e->seq &&
	    f->last_iova == (uint32_t)e->proc * 268435456u + e->vpn)
		return UD_E_STALE;
	if (f->count == UD_FF_DEPTH) {
		if (f->ovf_count != 4294967295u)
			f->ovf_count++;
		f->ovf_sticky = true;
		return UD_E_FULL;
	}
	f->last_valid = true;
	f->last_src = e->src_id;
	f->last_trid = e->tr_id;
	f->last_seq = e->seq;
	f->last_iova = (uint32_t)e->proc * 268435456u + e->vpn;
	//@ assert ring_mid: ud_ff_inv_ring(f) && f->count < 512;
	//@ assert entries_mid: ud_ff_inv_entries(f);
	//@ assert meta_mid: ud_ff_inv_meta(f);
	ring_put(f, lo, hi);
	//@ assert ring: ud_ff_inv_ring(f);
	//@ assert meta: ud_ff_inv_meta(f);
	//@ assert entries: ud_ff_inv_entries(f);
	return UD_OK;
}

ud_status ud_ff_read_lo(struct ud_ff *f, uint64_t *w)
{
	uint64_t v = UD_FF_NO_DATA;
	ud_status st;

	if (f->rd != UD_FF_RD_IDLE) {
		f->rd = UD_FF_RD_IDLE;   /* low twice: abort the half read */
		st = UD_E_SEQ;
	} else if (f->count == 0u) {
		st = UD_E_EMPTY;
	} else {
		v = f->lo[f->head];
		f->rd = UD_FF_RD_LOW_READ;
		st = UD_OK;
	}
	*w = v;
	/*@ assert words_kept: \forall integer i; 0 <= i < 512 ==>
	      f->lo[i] == \at(f->lo[i], Pre) && f->hi[i] == \at(f->hi[i], Pre); */
	//@ assert entries: ud_ff_inv_entries(f);
	return st;
}

ud_status ud_ff_read_hi(struct ud_ff *f, uint64_t *w)
{
	uint64_t v;

	if (f->rd != UD_FF_RD_LOW_READ) {
		*w = UD_FF_NO_DATA;      /* high first: nothing popped */
		/*@ assert words_kept: \forall integer i; 0 <= i < 512 ==>
		      f->lo[i] == \at(f->lo[i], Pre) && f->hi[i] == \at(f->hi[i], Pre); */
		//@ assert entries: ud_ff_inv_entries(f);
		return UD_E_SEQ;
	}
	v = f->hi[f->head];
	f->head = (f->head + 1u) % UD_FF_DEPTH;
	f->count--;
	f->rd = UD_FF_RD_IDLE;
	//@ assert shifted: ud_ff_entries_ok{Pre}(f, f->head, f->count);
	*w = v;
	/*@ assert words_kept: \forall integer i; 0 <= i < 512 ==>
	      f->lo[i] == \at(f->lo[i], Pre) && f->hi[i] == \at(f->hi[i], Pre); */
	//@ assert ring: ud_ff_inv_ring(f);
	//@ assert meta: ud_ff_inv_meta(f);
	//@ assert entries: ud_ff_inv_entries(f);
	return UD_OK;
}

ud_status ud_ff_pop(struct ud_ff *f, struct ud_ff_entry *e)
{
	uint64_t lo, hi;
	ud_status st;

	//@ assert head_wf: f->count > 0 ==> ud_ff_wf(f->lo[f->head], f->hi[f->head]);
	st = ud_ff_read_lo(f, &lo);
	if (st != UD_OK)
		return st;
	st = ud_ff_read_hi(f, &hi);
	if (st != UD_OK)
		return st;           /* unreachable: read_lo left LOW_READ */
	//@ assert words_wf: ud_ff_wf(lo, hi);
	//@ assert ring_before: ud_ff_inv_ring(f);
	//@ assert meta_before: ud_ff_inv_meta(f);
	//@ assert entries_before: ud_ff_inv_entries(f);
	st = ud_ff_entry_decode(lo, hi, e);
	//@ assert ring: ud_ff_inv_ring(f);
	//@ assert meta: ud_ff_inv_meta(f);
	//@ assert entries: ud_ff_inv_entries(f);
	return st;
}

ud_status ud_ff_clear_overflow(struct ud_ff *f, uint32_t *n)
{
	*n = f->ovf_count;
	f->ovf_count = 0u;
	f->ovf_sticky = false;
	//@ assert ring: ud_ff_inv_ring(f);
	//@ assert meta: ud_ff_inv_meta(f);
	//@ assert entries: ud_ff_inv_entries(f);
	return UD_OK;
}
