/* SPDX-License-Identifier: MIT */
/*
 * xfer_wr.c -- one work request run to completion, packet by packet.
 * Contract in xfer_wr.h.
 */
#include "xfer_wr.h"

#define U64_MAX_ 18446744073709551615u

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
	    loop invariant room: ud_dma_n <= \at(ud_dma_n, Pre) + 4 * (off / UD_PKT_MAX);
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
		if (w->opcode == UD_WR_WRITE) {
			rc = ud_pkt_read(pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_READ, buf, k);
			if (rc == UD_OK)
				rc = ud_pkt_write(pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_WRITE,
						  buf, k);
		} else {
			rc = ud_pkt_read(pt, tpd, w->rkey, w->rva + off, UD_KIND_REMOTE_READ, buf, k);
			if (rc == UD_OK)
				rc = ud_pkt_write(pi, pd, w->lkey, w->lva + off, UD_KIND_LOCAL_WRITE,
						  buf, k);
		}
		if (rc != UD_OK)
			break;
		off += k;
	}
	ud_plat_complete(qp, rc, off);
	return rc;
}
