/* SPDX-License-Identifier: MIT */
/*
 * xfer_wr.c -- one work request run to completion, packet by packet.
 * Contract in xfer_wr.h.
 */
#include "xfer_wr.h"


/* One packet of k bytes: read from the source side (node sp, issuer spd,
 * key sk at sva, access kind skind), written to the destination side.
 * Every memory access it makes is one its side allows (ud_xfer_ok). */
/*@
  requires valid: \valid_read(sp) && \valid_read(dp) && \valid(buf + (0 .. UD_WR_PKT - 1));
  requires sep: \separated(buf + (0 .. UD_WR_PKT - 1), sp) &&
                \separated(buf + (0 .. UD_WR_PKT - 1), dp);
  requires inv: ud_prot_inv(sp) && ud_prot_inv(dp);
  requires k: 1 <= k <= UD_WR_PKT;
  requires room: ud_dma_n <= UD_DMA_LOG - 4;
  assigns ud_env, buf[0 .. UD_WR_PKT - 1], ud_dma_n,
          ud_dma_pa[ud_dma_n .. ud_dma_n + 3], ud_dma_len[ud_dma_n .. ud_dma_n + 3],
          ud_dma_wr[ud_dma_n .. ud_dma_n + 3], ud_dma_va[ud_dma_n .. ud_dma_n + 3];
  ensures grown: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 4;
  ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
    ud_xfer_at(sp, spd, sk, skind, dp, dpd, dk, dkind,
               ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);
  ensures within: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
    ud_in_ranges(ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], sva, dva, k);
*/
static ud_status one_packet(const struct ud_prot *sp, uint32_t spd, uint32_t sk, uint64_t sva,
			    uint32_t skind, const struct ud_prot *dp, uint32_t dpd, uint32_t dk,
			    uint64_t dva, uint32_t dkind, uint32_t k, uint8_t *buf)
{
	ud_status rc = ud_pkt_read(sp, spd, sk, sva, skind, buf, k);

	/*@ assert r: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_dma_wr[i] == 0 && ud_dma_ok(sp, spd, sk, skind, i); */
	/*@ assert r_cov: rc == UD_OK ==> ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, sva, k, 0); */
	/*@ assert r_in: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_in_ranges(ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], sva, dva, k); */
	/*@ ghost uint32_t n1 = ud_dma_n; */
	if (rc == UD_OK) {
		rc = ud_pkt_write(dp, dpd, dk, dva, dkind, buf, k);
		/*@ assert w: \forall integer i; n1 <= i < ud_dma_n ==>
		      ud_dma_wr[i] == 1 && ud_dma_ok(dp, dpd, dk, dkind, i); */
		/*@ assert w_in: \forall integer i; n1 <= i < ud_dma_n ==>
		      ud_in_ranges(ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], sva, dva, k); */
		/*@ assert kept: \forall integer i; \at(ud_dma_n, Pre) <= i < n1 ==>
		      ud_dma_wr[i] == 0 && ud_dma_ok(sp, spd, sk, skind, i); */
	}
	return rc;
}

/* The run's outcome: the first refused packet's status (else UD_OK) and the
 * bytes moved before it. */
struct wr_run {
	ud_status rc;
	uint32_t moved;
};

/* The packets of a well-formed request w, issuers pd (initiator) and tpd
 * (target), until the last or the first refused one. */
/*@
  requires valid: \valid_read(pi) && \valid_read(pt) && \valid_read(w);
  requires scratch: \valid(buf + (0 .. UD_WR_PKT - 1));
  requires sep: \separated(buf + (0 .. UD_WR_PKT - 1), pi) &&
                \separated(buf + (0 .. UD_WR_PKT - 1), pt) &&
                \separated(buf + (0 .. UD_WR_PKT - 1), w);
  requires inv: ud_prot_inv(pi) && ud_prot_inv(pt);
  requires req: w->opcode <= UD_WR_READ && 1 <= w->len <= UD_WR_MAX_LEN &&
                w->lva + w->len <= 18446744073709551615 &&
                w->rva + w->len <= 18446744073709551615;
  requires room: ud_dma_n <= UD_DMA_LOG - 4 * UD_WR_NPKT;
  assigns ud_env, buf[0 .. UD_WR_PKT - 1], ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
          ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
          ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1];
  ensures moved: \result.moved <= w->len;
  ensures all_moved: \result.rc == UD_OK ==> \result.moved == w->len;
  ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
    ud_wr_at(pi, pd, pt, tpd, w->opcode, w->lkey, w->rkey,
             ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);
  ensures e_atom: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
    ud_wr_in_at(w->opcode, w->lva, w->rva, w->len, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);
*/
static struct wr_run run_packets(const struct ud_prot *pi, uint32_t pd, const struct ud_prot *pt,
				 uint32_t tpd, const struct ud_wr *w, uint8_t *buf)
{
	uint32_t off = 0, k;
	ud_status rc = UD_OK;

	/*@ loop invariant off: 0 <= off <= w->len && off % UD_WR_PKT == 0 || off == w->len;
	    loop invariant ok: rc == UD_OK;
	    loop invariant mono: \at(ud_dma_n, Pre) <= ud_dma_n;
	    loop invariant room: ud_dma_n <= \at(ud_dma_n, Pre) + 4 * ((off + UD_WR_PKT - 1) / UD_WR_PKT);
	    loop invariant e_prot: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_wr_at(pi, pd, pt, tpd, w->opcode, w->lkey, w->rkey,
	               ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]);
	    loop invariant e_atom: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_wr_in_at(w->opcode, w->lva, w->rva, off, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);
	    loop assigns off, k, rc, buf[0 .. UD_WR_PKT - 1], ud_env, ud_dma_n,
	      ud_dma_pa[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_len[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_wr[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_va[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1];
	    loop variant w->len - off;
	*/
	while (off < w->len) {
		k = w->len - off < UD_WR_PKT ? w->len - off : UD_WR_PKT;
		if (w->opcode == UD_WR_WRITE)
			rc = one_packet(pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_READ,
					pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_WRITE, k, buf);
		else
			rc = one_packet(pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_READ,
					pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_WRITE, k, buf);
		if (rc != UD_OK)
			break;
		off += k;
	}
	return (struct wr_run){ rc, off };
}

ud_status ud_wr_run(const struct ud_prot *pi, uint32_t qp, const struct ud_prot *pt,
		    uint32_t tqp, const struct ud_wr *w, uint8_t *buf)
{
	struct wr_run r;
	ud_status rc = UD_OK;

	if (qp >= UD_PROT_NQP || pi->qp_live[qp] != 1u)
		return UD_E_NOENT;
	if (w->opcode > UD_WR_READ || w->len == 0u || w->len > UD_WR_MAX_LEN)
		rc = UD_E_INVAL;
	else if (tqp >= UD_PROT_NQP || pt->qp_live[tqp] != 1u)
		rc = UD_E_NOENT;
	else if (w->lva > UD_U64_MAX - w->len || w->rva > UD_U64_MAX - w->len)
		rc = UD_E_OVERFLOW;
	if (rc != UD_OK) {
		ud_plat_complete(qp, rc, 0);
		return rc;
	}
	/* The issuers: the PDs of the two QPs (trusted state), not the request. */
	r = run_packets(pi, pi->qp_pd[qp], pt, pt->qp_pd[tqp], w, buf);
	ud_plat_complete(qp, r.rc, r.moved);
	return r.rc;
}
