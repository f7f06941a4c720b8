/* SPDX-License-Identifier: MIT */
/*
 * va_rx.c -- one packet of a virtual-address transfer, destination side.
 * Contracts in va_rx.h.
 */
#include "va_rx.h"

void ud_va_rx_init(struct ud_va_rx *rx)
{
	/*@ loop invariant i: 0 <= i <= UD_VA_RX_NB;
	    loop invariant done: \forall integer k; 0 <= k < i ==>
	      rx->b[k].valid == 0 && rx->b[k].faulted == 0 && rx->b[k].acked == 0 &&
	      (\forall integer j; 0 <= j < 64 ==> rx->b[k].got[j] == 0);
	    loop assigns i, rx->b[0 .. UD_VA_RX_NB - 1];
	    loop variant UD_VA_RX_NB - i;
	*/
	for (uint32_t i = 0; i < UD_VA_RX_NB; i++) {
		rx->b[i].valid = 0u;
		rx->b[i].faulted = 0u;
		rx->b[i].acked = 0u;
		rx->b[i].from = 0u;
		rx->b[i].trid = 0u;
		rx->b[i].seq = 0u;
		rx->b[i].blen = 0u;
		/*@ loop invariant j: 0 <= j <= UD_VA_NPK_MAX;
		    loop invariant z: \forall integer m; 0 <= m < j ==> rx->b[i].got[m] == 0;
		    loop assigns j, rx->b[i].got[0 .. UD_VA_NPK_MAX - 1];
		    loop variant UD_VA_NPK_MAX - j;
		*/
		for (uint32_t j = 0; j < UD_VA_NPK_MAX; j++)
			rx->b[i].got[j] = 0u;
	}
}

/* The per-packet re-check of a header, by value. */
/*@ requires valid: \valid_read(h);
    assigns \nothing;
    ensures ok: \result <==> ud_va_hdr_ok(h);
*/
static bool hdr_ok(const struct ud_va_hdr *h)
{
	uint32_t n;

	if (h->pd >= UD_SMMU_NCB || h->blen == 0u || h->blen > UD_VA_BLK_MAX)
		return false;
	if (h->off % UD_VA_PKT != 0u || h->off >= h->blen)
		return false;
	n = h->blen - h->off < UD_VA_PKT ? h->blen - h->off : UD_VA_PKT;
	if (h->n != n || h->dst > UD_VA_ADDR_LIM - n)
		return false;
	return h->from < 4194304u && h->trid < 16384u && h->seq < 16384u;
}

/* Both pieces of a packet translated for a write (the second only when the
 * first is DONE), by value: the outcome, each piece's physical address and
 * the address of the walk that stopped it. */
struct rx2 {
	uint32_t out;
	uint64_t pa0, pa1, fva;
};

/*@ requires valid: \valid(s) && \valid(ff) && \valid(rx);
    requires sep: \separated(s, ff, rx);
    requires inv: ud_smmu_inv(s);
    requires rinv: ud_va_rx_inv(rx);
    requires bank: pd < 16;
    requires piece: 1 <= k0 <= n <= 256 && va % 4096 + k0 <= 4096 &&
                    (k0 < n ==> (va + k0) % 4096 == 0) && va + n <= 549755813888;
    requires room: ud_pt_n <= UD_PT_LOG - 2;
    assigns s->cb[pd], ud_env, ud_pt_n, ud_pt_cb[ud_pt_n .. ud_pt_n + 1],
            ud_pt_va[ud_pt_n .. ud_pt_n + 1], ud_pt_wnr[ud_pt_n .. ud_pt_n + 1],
            ud_pt_res[ud_pt_n .. ud_pt_n + 1];
    ensures inv: ud_smmu_inv(s);
    ensures walked: \old(ud_pt_n) + 1 <= ud_pt_n <= \old(ud_pt_n) + 2;
    ensures done0: \result.out == UD_SMMU_DONE ==>
      ud_va_piece_at(pd, 1, va, k0, \result.pa0,
                     ud_pt_cb[\old(ud_pt_n)], ud_pt_va[\old(ud_pt_n)],
                     ud_pt_wnr[\old(ud_pt_n)], ud_pt_res[\old(ud_pt_n)]);
    ensures done1: \result.out == UD_SMMU_DONE && k0 < n ==>
      ud_pt_n == \old(ud_pt_n) + 2 &&
      ud_va_piece_at(pd, 1, va + k0, n - k0, \result.pa1,
                     ud_pt_cb[\old(ud_pt_n) + 1], ud_pt_va[\old(ud_pt_n) + 1],
                     ud_pt_wnr[\old(ud_pt_n) + 1], ud_pt_res[\old(ud_pt_n) + 1]);
    ensures outs: \result.out <= UD_SMMU_HELD;
    ensures stop: \result.out != UD_SMMU_DONE ==>
      \result.fva == ud_pt_va[ud_pt_n - 1] &&
      (\result.fva == va || (k0 < n && \result.fva == va + k0));
    ensures fault_seen: \result.out == UD_SMMU_TERMINATED ==> ud_smmu_active(&s->cb[pd]);
    ensures others: ud_va_banks_but{Pre, Post}(s, pd);
    ensures fifo: ud_ff_same{Pre, Post}(ff);
    ensures slots: ud_va_rx_same{Pre, Post}(rx);
    ensures rinv: ud_va_rx_inv(rx);
*/
static struct rx2 rx_xlate2(struct ud_smmu *s, uint32_t pd, uint64_t va, uint32_t k0, uint32_t n)
	/*@ ghost (struct ud_ff *ff, struct ud_va_rx *rx) */
{
	struct rx2 t = { UD_SMMU_DONE, 0u, 0u, va };
	struct ud_va_x x;

	x = ud_va_xlate(s, pd, va, true);
	t.out = x.out;
	t.pa0 = x.pa;
	if (x.out != UD_SMMU_DONE || k0 == n)
		return t;
	t.fva = va + k0;
	x = ud_va_xlate(s, pd, va + k0, true);
	t.out = x.out;
	t.pa1 = x.pa;
	return t;
}

/* The header's slot, found (same tag) or reset to the header's tag (the
 * invariants of the tables are rx_slot's: kept out of this context). */
/*@ requires valid: \valid(rx) && \valid(ff) && \valid(s);
    requires sep: \separated(rx, ff, s);
    requires slot: i < UD_VA_RX_NB;
    requires ok: ud_va_rxb_ok(&rx->b[i]);
    requires blen: 1 <= blen <= 16384;
    assigns rx->b[i];
    ensures ok: ud_va_rxb_ok(&rx->b[i]);
    ensures live: ud_va_rxb_live(&rx->b[i]);
    ensures tag: ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen);
    ensures kept: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen)) ==>
      rx->b[i] == \old(rx->b[i]);
    ensures reset: !\old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen)) ==>
      rx->b[i].faulted == 0 && rx->b[i].acked == 0 &&
      \forall integer k; 0 <= k < 64 ==> rx->b[i].got[k] == 0;
    ensures was_acked: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) &&
                            rx->b[i].acked == 1) ==> rx->b[i].acked == 1;
    ensures was_faulted: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) &&
                              rx->b[i].faulted == 1) <==> rx->b[i].faulted == 1;
    ensures others: ud_va_rx_same_but{Pre, Post}(rx, i);
    ensures oks: \forall integer k; 0 <= k < UD_VA_RX_NB && k != i ==>
      \old(ud_va_rxb_ok(&rx->b[k])) ==> ud_va_rxb_ok(&rx->b[k]);
    ensures fifo: ud_ff_same{Pre, Post}(ff);
    ensures banks: ud_smmu_banks_same{Pre, Post}(s);
*/
static void rx_tag(struct ud_va_rx *rx, uint32_t i, uint32_t from, uint16_t trid, uint16_t seq,
		   uint32_t blen)
	/*@ ghost (struct ud_ff *ff, struct ud_smmu *s) */
{
	struct ud_va_rxb *b = &rx->b[i];

	if (b->valid == 1u && b->from == from && b->trid == trid && b->seq == seq &&
	    b->blen == blen)
		return;
	b->valid = 1u;
	b->faulted = 0u;
	b->acked = 0u;
	b->from = from;
	b->trid = trid;
	b->seq = seq;
	b->blen = blen;
	/*@ loop invariant j: 0 <= j <= UD_VA_NPK_MAX;
	    loop invariant z: \forall integer m; 0 <= m < j ==> b->got[m] == 0;
	    loop assigns j, b->got[0 .. UD_VA_NPK_MAX - 1];
	    loop variant UD_VA_NPK_MAX - j;
	*/
	for (uint32_t j = 0; j < UD_VA_NPK_MAX; j++)
		b->got[j] = 0u;
}

/* rx_tag, and the rx and SMMU invariants carried across it. */
/*@ requires valid: \valid(rx) && \valid(ff) && \valid(s);
    requires sep: \separated(rx, ff, s);
    requires slot: i < UD_VA_RX_NB;
    requires ok: ud_va_rxb_ok(&rx->b[i]);
    requires rinv: ud_va_rx_inv(rx);
    requires sinv: ud_smmu_inv(s);
    requires blen: 1 <= blen <= 16384;
    assigns rx->b[i];
    ensures rinv: ud_va_rx_inv(rx);
    ensures sinv: ud_smmu_inv(s);
    ensures ok: ud_va_rxb_ok(&rx->b[i]);
    ensures live: ud_va_rxb_live(&rx->b[i]);
    ensures tag: ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen);
    ensures kept: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen)) ==>
      rx->b[i] == \old(rx->b[i]);
    ensures reset: !\old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen)) ==>
      rx->b[i].faulted == 0 && rx->b[i].acked == 0 &&
      \forall integer k; 0 <= k < 64 ==> rx->b[i].got[k] == 0;
    ensures was_acked: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) &&
                            rx->b[i].acked == 1) ==> rx->b[i].acked == 1;
    ensures was_faulted: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) &&
                              rx->b[i].faulted == 1) <==> rx->b[i].faulted == 1;
    ensures others: ud_va_rx_same_but{Pre, Post}(rx, i);
    ensures fifo: ud_ff_same{Pre, Post}(ff);
    ensures banks: ud_smmu_banks_same{Pre, Post}(s);
*/
static void rx_slot(struct ud_va_rx *rx, uint32_t i, uint32_t from, uint16_t trid, uint16_t seq,
		    uint32_t blen)
	/*@ ghost (struct ud_ff *ff, struct ud_smmu *s) */
{
	rx_tag(rx, i, from, trid, seq, blen) /*@ ghost (ff, s) */;
}

/* Every packet of the slot's block got (the ACK rule's loop). */
/*@ requires valid: \valid_read(b);
    requires ok: ud_va_rxb_ok(b) && b->valid == 1;
    assigns \nothing;
    ensures all: \result <==> ud_va_rxb_all(b);
*/
static bool all_got(const struct ud_va_rxb *b)
{
	uint32_t np = (b->blen + 255u) / 256u;

	/*@ loop invariant k: 0 <= k <= np;
	    loop invariant got: \forall integer m; 0 <= m < k ==> b->got[m] == 1;
	    loop assigns k;
	    loop variant np - k;
	*/
	for (uint32_t k = 0; k < np; k++)
		if (b->got[k] != 1u)
			return false;
	return true;
}

/* The Table 3.2 entry of a terminated store, to the fault FIFO: pushed,
 * dropped as a repeat of the last entry, or counted as overflow. */
/*@ requires valid: \valid(ff);
    requires inv: ud_ff_inv(ff);
    requires fields: ud_ff_fields_ok(from, trid, seq, pd, 0, vpn, UD_VA_EXA_SLVERR);
    assigns ff->lo[ff->tail], ff->hi[ff->tail], ff->tail, ff->count,
            ff->ovf_count, ff->ovf_sticky,
            ff->last_valid, ff->last_src, ff->last_trid, ff->last_seq, ff->last_iova;
    ensures inv: ud_ff_inv(ff);
    ensures logged: ud_va_ff_logged{Pre, Post}(ff, from, trid, seq, pd, vpn, UD_VA_EXA_SLVERR);
*/
static void rx_fault(struct ud_ff *ff, uint32_t from, uint16_t trid, uint16_t seq,
		     uint16_t pd, uint32_t vpn)
{
	struct ud_ff_entry e = { from, trid, seq, pd, 0u, vpn, UD_VA_EXA_SLVERR };

	(void)ud_ff_push(ff, &e);
}

/* Both pieces of a DONE packet stored (the second only when the packet
 * crosses a page), each under its own walk of this call (ghost w0: the walk
 * count before rx_xlate2). */
/*@ requires walks: w0 < ud_pt_n;
    requires piece: 1 <= k0 <= n <= 256 && va % 4096 + k0 <= 4096 &&
                    (k0 < n ==> (va + k0) % 4096 == 0);
    requires p0: ud_va_piece_at(pd, 1, va, k0, pa0, ud_pt_cb[w0], ud_pt_va[w0],
                                ud_pt_wnr[w0], ud_pt_res[w0]);
    requires p1: k0 < n ==> w0 + 1 < ud_pt_n &&
      ud_va_piece_at(pd, 1, va + k0, n - k0, pa1, ud_pt_cb[w0 + 1], ud_pt_va[w0 + 1],
                     ud_pt_wnr[w0 + 1], ud_pt_res[w0 + 1]);
    requires data: \valid_read(data + (0 .. n - 1));
    requires room: ud_dma_n <= UD_DMA_LOG - 2;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            ud_dma_va[ud_dma_n .. ud_dma_n + 1], ud_dma_w[ud_dma_n .. ud_dma_n + 1];
    ensures grew: \old(ud_dma_n) + 1 <= ud_dma_n <= \old(ud_dma_n) + 2;
    ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_dma_wr[i] == 1 && ud_va_entry_ok(pd, i, w0);
    ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      va <= ud_dma_va[i] && ud_dma_va[i] + ud_dma_len[i] <= va + n;
    ensures whole: ud_va_covers(\old(ud_dma_n), ud_dma_n, va, n, 1);
*/
static void rx_store2(uint32_t pd, uint64_t va, uint32_t k0, uint32_t n, uint64_t pa0,
		      uint64_t pa1, const uint8_t *data)
	/*@ ghost (uint32_t w0) */
{
	(void)pd;   /* the piece's bank and address: the ghost arguments of the door */
	(void)va;
	ud_va_store(pa0, data, k0) /*@ ghost (pd, va, w0) */;
	/*@ assert e0: ud_va_entry_ok(pd, \at(ud_dma_n, Pre), w0); */
	/*@ assert cov1: k0 == n ==> ud_va_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 1); */
	if (k0 < n) {
		ud_va_store(pa1, data + k0, n - k0) /*@ ghost (pd, va + k0, w0 + 1) */;
		/*@ assert e0_kept: ud_va_entry_ok(pd, \at(ud_dma_n, Pre), w0); */
		/*@ assert e1: ud_va_entry_ok(pd, \at(ud_dma_n, Pre) + 1, w0); */
		/*@ assert cov2: ud_va_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 1); */
	}
}

/* A stored packet marked got in its slot; the ACK, once, when the block is
 * whole and never faulted. Returns the reply sent (0 or ACK). */
/*@ requires valid: \valid(rx) && \valid(ff) && \valid(s);
    requires sep: \separated(rx, ff, s);
    requires slot: i < UD_VA_RX_NB;
    requires ok: ud_va_rxb_live(&rx->b[i]);
    requires rinv: ud_va_rx_inv(rx);
    requires sinv: ud_smmu_inv(s);
    requires pk: pk < 64;
    requires room: ud_rep_n < UD_REP_LOG;
    assigns rx->b[i].got[pk], rx->b[i].acked, ud_env, ud_rep_n, ud_rep_node[ud_rep_n],
            ud_rep_trid[ud_rep_n], ud_rep_seq[ud_rep_n], ud_rep_kind[ud_rep_n];
    ensures ok: ud_va_rxb_ok(&rx->b[i]);
    ensures rinv: ud_va_rx_inv(rx);
    ensures sinv: ud_smmu_inv(s);
    ensures marked: rx->b[i].got[pk] == 1;
    ensures kept: rx->b[i].valid == \old(rx->b[i].valid) && rx->b[i].from == \old(rx->b[i].from) &&
      rx->b[i].trid == \old(rx->b[i].trid) && rx->b[i].seq == \old(rx->b[i].seq) &&
      rx->b[i].blen == \old(rx->b[i].blen) && rx->b[i].faulted == \old(rx->b[i].faulted);
    ensures rep: \result == 0 || \result == UD_VA_REP_ACK;
    ensures replies: ud_rep_n == \old(ud_rep_n) + (\result != 0 ? 1 : 0) &&
      (\result != 0 ==> ud_rep_is(\old(ud_rep_n), from, trid, seq, \result));
    ensures acked: \result == UD_VA_REP_ACK ==>
      rx->b[i].faulted == 0 && ud_va_rxb_all(&rx->b[i]) && \old(rx->b[i].acked) == 0;
    ensures others: ud_va_rx_same_but{Pre, Post}(rx, i);
    ensures fifo: ud_ff_same{Pre, Post}(ff);
    ensures banks: ud_smmu_banks_same{Pre, Post}(s);
*/
static uint8_t rx_done(struct ud_va_rx *rx, uint32_t i, uint32_t from, uint16_t trid,
		       uint16_t seq, uint32_t pk)
	/*@ ghost (struct ud_ff *ff, struct ud_smmu *s) */
{
	struct ud_va_rxb *b = &rx->b[i];

	b->got[pk] = 1u;
	if (b->faulted != 0u || b->acked != 0u || !all_got(b))
		return 0u;
	b->acked = 1u;
	ud_plat_va_reply(from, trid, seq, UD_VA_REP_ACK);
	return UD_VA_REP_ACK;
}

/* A terminated packet: its Table 3.2 entry to the FIFO, the slot marked
 * faulted, a PF-NACK on the slot's first fault. Returns the reply sent. */
/*@ requires valid: \valid(ff) && \valid(rx) && \valid(s);
    requires sep: \separated(ff, rx, s);
    requires inv: ud_ff_inv(ff);
    requires slot: i < UD_VA_RX_NB;
    requires ok: ud_va_rxb_ok(&rx->b[i]);
    requires rinv: ud_va_rx_inv(rx);
    requires sinv: ud_smmu_inv(s);
    requires fields: ud_ff_fields_ok(from, trid, seq, pd, 0, vpn, UD_VA_EXA_SLVERR);
    requires room: ud_rep_n < UD_REP_LOG;
    assigns ff->lo[ff->tail], ff->hi[ff->tail], ff->tail, ff->count,
            ff->ovf_count, ff->ovf_sticky,
            ff->last_valid, ff->last_src, ff->last_trid, ff->last_seq, ff->last_iova,
            rx->b[i].faulted, ud_env, ud_rep_n, ud_rep_node[ud_rep_n],
            ud_rep_trid[ud_rep_n], ud_rep_seq[ud_rep_n], ud_rep_kind[ud_rep_n];
    ensures inv: ud_ff_inv(ff);
    ensures ok: ud_va_rxb_ok(&rx->b[i]);
    ensures rinv: ud_va_rx_inv(rx);
    ensures sinv: ud_smmu_inv(s);
    ensures logged: ud_va_ff_logged{Pre, Post}(ff, from, trid, seq, pd, vpn, UD_VA_EXA_SLVERR);
    ensures faulted: rx->b[i].faulted == 1;
    ensures kept: rx->b[i].valid == \old(rx->b[i].valid) && rx->b[i].from == \old(rx->b[i].from) &&
      rx->b[i].trid == \old(rx->b[i].trid) && rx->b[i].seq == \old(rx->b[i].seq) &&
      rx->b[i].blen == \old(rx->b[i].blen);
    ensures rep: \result == 0 || \result == UD_VA_REP_PFNACK;
    ensures first: \result == UD_VA_REP_PFNACK <==> \old(rx->b[i].faulted) == 0;
    ensures first1: \result == UD_VA_REP_PFNACK <==> \old(rx->b[i].faulted) != 1;
    ensures tag_kept: \old(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen)) ==>
      ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen);
    ensures replies: ud_rep_n == \old(ud_rep_n) + (\result != 0 ? 1 : 0) &&
      (\result != 0 ==> ud_rep_is(\old(ud_rep_n), from, trid, seq, \result));
    ensures others: ud_va_rx_same_but{Pre, Post}(rx, i);
    ensures banks: ud_smmu_banks_same{Pre, Post}(s);
*/
static uint8_t rx_faulted(struct ud_ff *ff, struct ud_va_rx *rx, uint32_t i, uint32_t from,
			  uint16_t trid, uint16_t seq, uint16_t pd, uint32_t vpn)
	/*@ ghost (struct ud_smmu *s, uint32_t blen) */
{
	rx_fault(ff, from, trid, seq, pd, vpn);
	if (rx->b[i].faulted != 0u)
		return 0u;
	rx->b[i].faulted = 1u;         /* this seq never ACKs */
	ud_plat_va_reply(from, trid, seq, UD_VA_REP_PFNACK);
	return UD_VA_REP_PFNACK;
}

/* The entry.  The header's fields are read once, into locals, after the
 * re-check (the contract names them \old(h->..): h is not written).  Both
 * pieces are translated before the slot is touched and before any byte is
 * stored; the memory door writes only its log, so the store leaves every
 * structure as it was.  After each call that writes a structure, one
 * assert per fact carried (docs/METHOD.md: va_tx's o_x / o_f). */
struct ud_va_rx_out ud_va_rx_packet(struct ud_smmu *s, struct ud_ff *ff, struct ud_va_rx *rx,
				    const struct ud_va_hdr *h, const uint8_t *data)
{
	struct ud_va_rx_out r = { UD_E_INVAL, 0u, 0u, 0u };
	uint32_t from, pd, off, blen, n, room, k0, i;
	uint16_t trid, seq;
	uint64_t va;
	struct rx2 t;
	/*@ ghost uint32_t w0; */

	if (!hdr_ok(h))
		return r;
	from = h->from;
	trid = h->trid;
	seq = h->seq;
	pd = h->pd;
	va = h->dst;
	off = h->off;
	blen = h->blen;
	n = h->n;
	room = UD_PAGE_SIZE - (uint32_t)(va % UD_PAGE_SIZE);
	k0 = room < n ? room : n;
	i = (uint32_t)(((uint64_t)from * 16384u + trid) % UD_VA_RX_NB);
	r.slot = i;
	/*@ assert i_slot: i == ud_va_slot_of(from, trid); */
#ifdef __FRAMAC__
Hd:	/* the state at Pre, with the header's fields in locals (ACSL only) */
#endif
	/* Translate every piece before storing any (the per-packet re-check:
	 * the header's PD's bank, this packet's own walks). */
	/*@ ghost w0 = ud_pt_n; */
	t = rx_xlate2(s, pd, va, k0, n) /*@ ghost (ff, rx) */;
	/*@ assert x_o: ud_va_banks_but{Hd, Here}(s, pd); */
	/*@ assert x_ff: ud_ff_same{Hd, Here}(ff); */
	/*@ assert x_ffi: ud_va_use_ff_same(0) && ud_ff_inv(ff); */
	/*@ assert x_rs: ud_va_rx_same{Hd, Here}(rx); */
	/*@ assert x_ri: ud_va_rx_inv(rx); */
	/*@ assert x_b: rx->b[i] == \at(rx->b[i], Hd); */
	/*@ assert x_a: \at(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].acked == 1,
	                    Hd) ==> ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].acked == 1; */
	/*@ assert x_f: \at(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].faulted == 1,
	                    Hd) <==> ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].faulted == 1; */

	rx_slot(rx, i, from, trid, seq, blen) /*@ ghost (ff, s) */;
	/*@ assert sl_o: ud_va_use_banks_trans(0) && ud_va_banks_but{Hd, Here}(s, pd); */
	/*@ assert sl_s: ud_smmu_inv(s); */
	/*@ assert sl_ff: ud_va_use_ff_trans(0) && ud_ff_same{Hd, Here}(ff); */
	/*@ assert sl_ffi: ud_va_use_ff_same(0) && ud_ff_inv(ff); */
	/*@ assert sl_bo: ud_va_use_rx_trans0(0) && ud_va_rx_same_but{Hd, Here}(rx, i); */
	/*@ assert sl_ri: ud_va_rx_inv(rx); */
	/*@ assert sl_a: \at(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].acked == 1,
	                     Hd) ==> rx->b[i].acked == 1; */
	/*@ assert sl_f: \at(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) && rx->b[i].faulted == 1,
	                     Hd) <==> rx->b[i].faulted == 1; */

	if (t.out == UD_SMMU_DONE) {
		rx_store2(pd, va, k0, n, t.pa0, t.pa1, data) /*@ ghost (w0) */;
		r.st = UD_OK;
		r.reply = rx_done(rx, i, from, trid, seq, off / UD_VA_PKT) /*@ ghost (ff, s) */;
		/*@ assert d_o: ud_va_use_banks_trans(0) && ud_va_banks_but{Hd, Here}(s, pd); */
		/*@ assert d_s: ud_smmu_inv(s); */
		/*@ assert d_ff: ud_va_use_ff_trans(0) && ud_ff_same{Hd, Here}(ff); */
		/*@ assert d_ffi: ud_va_use_ff_same(0) && ud_ff_inv(ff); */
		/*@ assert d_bo: ud_va_use_rx_trans(0) && ud_va_rx_same_but{Hd, Here}(rx, i); */
		/*@ assert d_ri: ud_va_rx_inv(rx); */
		/*@ assert d_tag: ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen); */
	} else if (t.out == UD_SMMU_TERMINATED) {
		r.st = UD_VA_FAULTED;
		/*@ assert f_v: t.fva == ud_pt_va[ud_pt_n - 1] && va <= t.fva <= va + n - 1; */
		r.fvpn = (uint32_t)(t.fva / UD_PAGE_SIZE);
		/*@ assert f_pt: r.fvpn == ud_pt_va[ud_pt_n - 1] / 4096; */
		/*@ assert f_rng: va / 4096 <= r.fvpn <= (va + n - 1) / 4096; */
		r.reply = rx_faulted(ff, rx, i, from, trid, seq, (uint16_t)pd, r.fvpn)
			/*@ ghost (s, blen) */;
		/*@ assert f_o: ud_va_use_banks_trans(0) && ud_va_banks_but{Hd, Here}(s, pd); */
		/*@ assert f_s: ud_smmu_inv(s); */
		/*@ assert f_log: ud_va_use_logged_pre(0) &&
		                  ud_va_ff_logged{Hd, Here}(ff, from, trid, seq, pd, r.fvpn, UD_VA_EXA_SLVERR); */
		/*@ assert f_bo: ud_va_use_rx_trans(0) && ud_va_rx_same_but{Hd, Here}(rx, i); */
		/*@ assert f_ri: ud_va_rx_inv(rx); */
		/*@ assert f_tag: ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen); */
		/*@ assert f_first: !\at(ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen) &&
		                         rx->b[i].faulted == 1, Hd) ==> r.reply == UD_VA_REP_PFNACK; */
	} else {
		r.st = UD_VA_STALLED;          /* stall mode: out of scope (5) */
	}
	/* The three outcomes joined: each fact once, as an atom. */
	/*@ assert j_o: ud_va_banks_but{Hd, Here}(s, pd); */
	/*@ assert j_inv: ud_smmu_inv(s) && ud_ff_inv(ff) && ud_va_rx_inv(rx); */
	/*@ assert j_bo: ud_va_rx_same_but{Hd, Here}(rx, i); */
	/*@ assert j_tag: ud_va_rxb_tag(&rx->b[i], from, trid, seq, blen); */
	/*@ assert j_ff: r.st != UD_VA_FAULTED ==> ud_ff_same{Hd, Here}(ff); */
	/*@ assert j_os: \forall integer k; 0 <= k < UD_VA_RX_NB && k != i ==>
	                   rx->b[k] == \at(rx->b[k], Hd); */
	/*@ assert j_oc: \forall integer c; 0 <= c < 16 && c != pd ==>
	                   ud_smmu_cb_same{Hd, Here}(s, c); */
	return r;
}
