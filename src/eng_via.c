/* SPDX-License-Identifier: MIT */
/*
 * eng_via.c -- the engine's VIA entry: every piece's two pages checked
 * against the virtual interface's tag, then its bytes moved; one
 * completion per descriptor.  Contracts in eng_via.h.
 */
#include "eng_via.h"


ud_status ud_eng_via_piece(uint16_t tag, const struct ud_tpt *imp, const struct ud_tpt *exp,
			   uint64_t la, uint64_t ra, uint32_t n, uint8_t *buf)
{
	uint64_t spa = 0;
	uint64_t dpa = 0;
	ud_status r;

	r = ud_tpt_up_xlate(imp, la, UD_TPT_ENGINE, tag, &spa);
	if (r != UD_OK)
		return r;
	r = ud_tpt_path(imp, exp, ra, UD_TPT_ENGINE, tag, &dpa);
	if (r != UD_OK)
		return r;
	/*@ assert dst_off: dpa % 4096 == ra % 4096; */
	ud_plat_dma_read(spa, buf, n);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = la; */
	ud_plat_dma_write(dpa, buf, n);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = ra; */
	return UD_OK;
}

/* What a run of pieces did: the first refusal's error (or UD_OK) and the
 * bytes moved before it.  By value (docs/METHOD.md, xfer_packet tricks). */
struct via_run {
	ud_status rc;
	uint32_t moved;
};

/*@ requires valid_t: \valid_read(imp) && \valid_read(exp);
    requires inv: ud_tpt_inv(imp) && ud_tpt_inv(exp);
    requires len: 1 <= len <= UD_VIA_MAX_LEN;
    requires no_wrap: la <= 0xffffffffffffffff - len && ra <= 0xffffffffffffffff - len;
    requires buf: \valid(buf + (0 .. UD_VIA_PIECE - 1));
    requires sep: \separated(buf + (0 .. UD_VIA_PIECE - 1), imp, exp);
    requires room: ud_dma_n <= UD_DMA_LOG - UD_VIA_LOG_MAX;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1], buf[0 .. UD_VIA_PIECE - 1];
    ensures moved: \result.moved <= len;
    ensures whole: \result.rc == UD_OK <==> \result.moved == len;
    ensures codes: \result.rc == UD_OK || \result.rc == UD_E_RANGE ||
      \result.rc == UD_E_NOENT || \result.rc == UD_E_PERM;
    ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_via_entry_ok(imp, exp, tag, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);
    ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_via_entry_in(la, ra, \result.moved, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);
*/
static struct via_run run_pieces(uint16_t tag, const struct ud_tpt *imp, const struct ud_tpt *exp,
				 uint64_t la, uint64_t ra, uint32_t len, uint8_t *buf)
{
	uint32_t off = 0, k, np = 0;
	ud_status rc = UD_OK;

	/*@ loop invariant off: 0 <= off <= len;
	    loop invariant ok: rc == UD_OK;
	    loop invariant log: ud_dma_n == \at(ud_dma_n, Pre) + 2 * np;
	    loop invariant pieces: np <= ud_via_ends(la, off) + ud_via_ends(ra, off) +
	                           (off == len ? 1 : 0);
	    loop invariant ends: ud_via_ends(la, off) <= off / 4096 + 1 &&
	                         ud_via_ends(ra, off) <= off / 4096 + 1;
	    loop invariant e_prot: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_via_entry_ok(imp, exp, tag, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);
	    loop invariant e_atom: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_via_entry_in(la, ra, off, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);
	    loop assigns off, k, np, rc, buf[0 .. UD_VIA_PIECE - 1], ud_env, ud_dma_n,
	      ud_dma_pa[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_len[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_wr[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_va[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1];
	    loop variant len - off;
	*/
	while (off < len) {
		uint32_t lroom = 4096u - (uint32_t)((la + off) % 4096u);
		uint32_t rroom = 4096u - (uint32_t)((ra + off) % 4096u);

		k = len - off;
		if (k > lroom)
			k = lroom;
		if (k > rroom)
			k = rroom;
		/*@ assert mono: ud_via_ends(la, off + k) >= ud_via_ends(la, off) &&
		                 ud_via_ends(ra, off + k) >= ud_via_ends(ra, off); */
		/*@ assert bound: k < len - off ==>
		      ud_via_ends(la, off + k) == ud_via_ends(la, off) + 1 ||
		      ud_via_ends(ra, off + k) == ud_via_ends(ra, off) + 1; */
		/*@ ghost uint32_t nl = ud_dma_n; */
		rc = ud_eng_via_piece(tag, imp, exp, la + off, ra + off, k, buf);
		if (rc != UD_OK)
			break;
		/*@ assert new_in: \forall integer i; nl <= i < ud_dma_n ==>
		      ud_via_entry_in(la, ra, off + k, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]); */
		/*@ assert old_in: \forall integer i; \at(ud_dma_n, Pre) <= i < nl ==>
		      ud_via_entry_in(la, ra, off + k, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]); */
		np++;
		off += k;
		/*@ assert np_bound: np <= ud_via_ends(la, off) + ud_via_ends(ra, off) +
		                            (off == len ? 1 : 0); */
	}
	return (struct via_run){ rc, off };
}

ud_status ud_eng_via_write(const struct ud_via_vis *v, uint32_t vi,
			   const struct ud_tpt *imp, const struct ud_tpt *exp,
			   const struct ud_via_desc *d, uint8_t *buf)
{
	struct via_run r;
	ud_status rc = UD_OK;

	if (vi >= UD_VIA_NVI || v->live[vi] == 0u)
		return UD_E_NOENT;
	if (d->len == 0u || d->len > UD_VIA_MAX_LEN)
		rc = UD_E_INVAL;
	else if (d->la > UD_U64_MAX - d->len || d->ra > UD_U64_MAX - d->len)
		rc = UD_E_OVERFLOW;
	if (rc != UD_OK) {
		ud_plat_complete(vi, rc, 0);
		return rc;
	}
	/* The tag: the interface's (trusted state), not the descriptor's. */
	r = run_pieces(v->tag[vi], imp, exp, d->la, d->ra, d->len, buf);
	ud_plat_complete(vi, r.rc, r.moved);
	return r.rc;
}
