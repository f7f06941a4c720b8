/* SPDX-License-Identifier: MIT */
/*
 * xfer_wr.c -- one work request run to completion, packet by packet.
 * Contract in xfer_wr.h.
 */
#include "xfer_wr.h"

#define U64_MAX_ 18446744073709551615u

/* One packet of request w at offset off, k bytes: read it from the side the
 * data leaves, write it to the side it goes to.  Every memory access it
 * makes is one its side allows (ud_wr_side_ok), at most four of them. */
/*@
  requires valid: \valid_read(pi) && \valid_read(pt) && \valid_read(w) &&
                  \valid(buf + (0 .. UD_PKT_MAX - 1));
  requires sep: \separated(buf + (0 .. UD_PKT_MAX - 1), pi, pt, w);
  requires inv: ud_prot_inv(pi) && ud_prot_inv(pt);
  requires op: w->opcode <= UD_WR_READ;
  requires k: 1 <= k <= UD_PKT_MAX;
  requires nowrap: w->lva + off + k <= 18446744073709551615 &&
                   w->rva + off + k <= 18446744073709551615;
  requires room: ud_dma_n <= UD_DMA_LOG - 4;
  assigns ud_env, buf[0 .. UD_PKT_MAX - 1], ud_dma_n,
          ud_dma_pa[ud_dma_n .. ud_dma_n + 3], ud_dma_len[ud_dma_n .. ud_dma_n + 3],
          ud_dma_wr[ud_dma_n .. ud_dma_n + 3], ud_dma_va[ud_dma_n .. ud_dma_n + 3];
  ensures grown: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 4;
  ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
    ud_wr_side_ok(pi, pd, pt, tpd, w, i);
*/
static ud_status one_packet(const struct ud_prot *pi, uint32_t pd, const struct ud_prot *pt,
			    uint32_t tpd, const struct ud_wr *w, uint64_t off, uint32_t k,
			    uint8_t *buf)
{
	ud_status rc;

	if (w->opcode == UD_WR_WRITE) {
		rc = ud_pkt_read(pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_READ, buf, k);
		/*@ assert r: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
		      ud_wr_side_ok(pi, pd, pt, tpd, w, i); */
		if (rc == UD_OK)
			rc = ud_pkt_write(pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_WRITE, buf, k);
	} else {
		rc = ud_pkt_read(pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_READ, buf, k);
		/*@ assert r: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
		      ud_wr_side_ok(pi, pd, pt, tpd, w, i); */
		if (rc == UD_OK)
			rc = ud_pkt_write(pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_WRITE, buf, k);
	}
	return rc;
}

ud_status ud_wr_run(const struct ud_prot *pi, uint32_t qp, const struct ud_prot *pt,
		    uint32_t tqp, const struct ud_wr *w)
{
	uint8_t buf[UD_PKT_MAX];
	uint32_t off = 0, k, pd, tpd;
	ud_status rc = UD_OK;

	if (w->opcode > UD_WR_READ || w->len == 0u || w->len > UD_WR_MAX_LEN)
		rc = UD_E_INVAL;
	else if (qp >= UD_PROT_NQP || pi->qp_live[qp] != 1u ||
		 tqp >= UD_PROT_NQP || pt->qp_live[tqp] != 1u)
		rc = UD_E_NOENT;
	else if (w->lva > U64_MAX_ - w->len || w->rva > U64_MAX_ - w->len)
		rc = UD_E_OVERFLOW;
	if (rc != UD_OK) {
		ud_plat_complete(qp, rc, 0);
		return rc;
	}
	pd = pi->qp_pd[qp];     /* the issuer: trusted state, not the request */
	tpd = pt->qp_pd[tqp];
	/*@ loop invariant off: 0 <= off <= w->len && off % UD_PKT_MAX == 0 || off == w->len;
	    loop invariant mono: \at(ud_dma_n, Pre) <= ud_dma_n;
	    loop invariant room: ud_dma_n <= \at(ud_dma_n, Pre) + 4 * ((off + UD_PKT_MAX - 1) / UD_PKT_MAX);
	    loop invariant e_prot: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_wr_side_ok(pi, pd, pt, tpd, w, i);
	    loop assigns off, k, rc, buf[0 .. UD_PKT_MAX - 1], ud_env, ud_dma_n,
	      ud_dma_pa[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_len[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_wr[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_va[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1];
	    loop variant w->len - off;
	*/
	while (off < w->len) {
		k = w->len - off < UD_PKT_MAX ? w->len - off : UD_PKT_MAX;
		rc = one_packet(pi, pd, pt, tpd, w, off, k, buf);
		if (rc != UD_OK)
			break;
		off += k;
	}
	/*@ assert pds: pd == pi->qp_pd[qp] && tpd == pt->qp_pd[tqp]; */
	ud_plat_complete(qp, rc, off);
	return rc;
}
