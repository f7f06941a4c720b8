/* SPDX-License-Identifier: MIT */
/*
 * va_tx.c -- one packet of a posted block, source side.  Contracts in
 * va_tx.h.
 */
#include "va_tx.h"

/* Both pieces of a packet translated (the second only when the first is
 * DONE), by value: the outcome, each piece's physical address, the address
 * of the piece that stopped it, and whether the bank was clean before. */
struct tx2 {
	uint32_t out;
	uint64_t pa0, pa1, fva;
	bool clean;
};

/*@ requires valid: \valid(s);
    requires inv: ud_smmu_inv(s);
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
      ud_va_piece_at(pd, 0, va, k0, \result.pa0,
                     ud_pt_cb[\old(ud_pt_n)], ud_pt_va[\old(ud_pt_n)],
                     ud_pt_wnr[\old(ud_pt_n)], ud_pt_res[\old(ud_pt_n)]);
    ensures done1: \result.out == UD_SMMU_DONE && k0 < n ==>
      ud_pt_n == \old(ud_pt_n) + 2 &&
      ud_va_piece_at(pd, 0, va + k0, n - k0, \result.pa1,
                     ud_pt_cb[\old(ud_pt_n) + 1], ud_pt_va[\old(ud_pt_n) + 1],
                     ud_pt_wnr[\old(ud_pt_n) + 1], ud_pt_res[\old(ud_pt_n) + 1]);
    ensures outs: \result.out <= UD_SMMU_HELD;
    ensures clean: \result.clean <==> !\old(ud_smmu_active(&s->cb[pd]));
    ensures fault_seen: \result.out == UD_SMMU_TERMINATED ==> ud_smmu_active(&s->cb[pd]);
    ensures first_fault: \result.out != UD_SMMU_DONE && !\old(ud_smmu_active(&s->cb[pd])) ==>
      s->cb[pd].far == \result.fva;
    ensures others: \forall integer c; 0 <= c < 16 && c != pd ==>
      ud_smmu_cb_same{Pre, Post}(s, c);
*/
static struct tx2 tx_xlate2(struct ud_smmu *s, uint32_t pd, uint64_t va, uint32_t k0, uint32_t n)
{
	struct tx2 t = { UD_SMMU_DONE, 0u, 0u, va, true };
	struct ud_va_x x;

	/* Under ud_smmu_inv a bank's fault is active iff TF or PF is set (MULTI
	 * and SS only exist on top of one): reading them too would be dead
	 * code (the gate's smoke test found it). */
	t.clean = !(s->cb[pd].tf || s->cb[pd].pf);
	x = ud_va_xlate(s, pd, va, false);
	t.out = x.out;
	t.pa0 = x.pa;
	if (x.out != UD_SMMU_DONE || k0 == n)
		return t;
	t.fva = va + k0;
	x = ud_va_xlate(s, pd, va + k0, false);
	t.out = x.out;
	t.pa1 = x.pa;
	return t;
}

/* The header of the packet at offset off of post b: every field from the
 * post (A-NET-HDR). */
/*@ requires valid: \valid_read(b);
    requires blk: ud_va_blk_ok(b) && off < b->len;
    requires n: n == ud_va_pktlen(b->len, off);
    assigns \nothing;
    ensures header: ud_va_hdr_is(\result, self, b, off);
*/
static struct ud_va_hdr hdr_of(uint32_t self, const struct ud_va_blk *b, uint32_t off, uint32_t n)
{
	struct ud_va_hdr h;

	h.from = self;
	h.trid = b->trid;
	h.seq = b->seq;
	h.pd = b->pd;
	h.dst = b->dst + off;
	h.off = off;
	h.blen = b->len;
	h.n = n;
	return h;
}

struct ud_va_tx_out ud_va_tx_packet(struct ud_smmu *s, struct ud_va_tx *tx, uint32_t self,
				    const struct ud_va_blk *b, uint32_t off, uint8_t *buf)
{
	struct ud_va_tx_out r = { UD_OK, { 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u } };
	uint32_t pd = b->pd;
	uint32_t n = b->len - off < UD_VA_PKT ? b->len - off : UD_VA_PKT;
	uint64_t va = b->src + off;
	uint32_t room = UD_PAGE_SIZE - (uint32_t)(va % UD_PAGE_SIZE);
	uint32_t k0 = room < n ? room : n;
	struct tx2 t;
	/*@ ghost uint32_t w0 = ud_pt_n; */

	/*@ assert pl: n == ud_va_pktlen(b->len, off) && va == b->src + off; */

	/* Translate every piece before reading any. */
	t = tx_xlate2(s, pd, va, k0, n);
	/*@ assert o_x: \forall integer c; 0 <= c < 16 && c != pd ==> ud_smmu_cb_same{Pre, Here}(s, c); */
	if (t.out != UD_SMMU_DONE) {
		if (t.out == UD_SMMU_TERMINATED) {
			r.st = UD_VA_FAULTED;
			/* The bank recorded this access (FAR = fva) iff it was clean. */
			if (t.clean)
				tx->rd[pd] = (struct ud_va_rderr){ 1u, b->trid, b->seq, t.fva };
		} else {
			r.st = UD_VA_STALLED;
		}
		/*@ assert o_f: \forall integer c; 0 <= c < 16 && c != pd ==> ud_smmu_cb_same{Pre, Here}(s, c); */
		return r;
	}
	ud_va_load(t.pa0, buf, k0) /*@ ghost (pd, va, w0) */;
	/*@ assert e0: ud_va_entry_ok(pd, \at(ud_dma_n, Pre), w0); */
	/*@ assert cov1: k0 == n ==> ud_va_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 0); */
	if (k0 < n) {
		ud_va_load(t.pa1, buf + k0, n - k0) /*@ ghost (pd, va + k0, w0 + 1) */;
		/*@ assert e0_kept: ud_va_entry_ok(pd, \at(ud_dma_n, Pre), w0); */
		/*@ assert e1: ud_va_entry_ok(pd, \at(ud_dma_n, Pre) + 1, w0); */
		/*@ assert cov2: ud_va_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 0); */
	}
	/*@ assert cov: ud_va_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 0); */
	/*@ assert o_ok: \forall integer c; 0 <= c < 16 && c != pd ==> ud_smmu_cb_same{Pre, Here}(s, c); */
	r.h = hdr_of(self, b, off, n);
	return r;
}
