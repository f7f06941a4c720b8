/* SPDX-License-Identifier: MIT */
/*
 * eng_send.c -- the NI's side of a send in each mode of seed 003.
 * Contract in eng_send.h.
 */
#include "eng_send.h"

ud_status ud_eng_sm_fetch(const struct ud_sm_buf *b, uint32_t off, uint32_t len, uint8_t *buf)
{
	uint64_t pa;

	if (b->st != UD_SM_FLIGHT)
		return UD_E_STATE;
	if (len == 0u || len > UD_SM_MTU || off > UD_SM_MTU - len)
		return UD_E_INVAL;
	/* The frame the mode chose at the send call, never the user's page
	 * unless the mode reads in place (send_mode's invariant). */
	pa = ud_plat_sm_pa(b->sfr);
	if (pa == UD_SM_NOPA)
		return UD_E_PLATFORM;
	/*@ assert aligned: pa % UD_PAGE_SIZE == 0; */
	/*@ assert page_no: pa == UD_PAGE_SIZE * (pa / UD_PAGE_SIZE) &&
	      pa / UD_PAGE_SIZE <= 4503599627370495; */
	/*@ assert top: pa <= 18446744073709551616 - UD_PAGE_SIZE; */
	ud_plat_dma_read(pa + off, buf, len);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = off; */
	return UD_OK;
}

/* The stores' outcome: the first refused packet's status (else UD_OK) and
 * the bytes stored before it. */
struct es_run {
	ud_status rc;
	uint32_t moved;
};

/* One packet: k bytes of data into the target at va, a piece of the
 * message's range [rva, rva + len), checked against the protection state
 * now (ud_pkt_write). */
/*@ requires valid: \valid_read(pt) && \valid_read(data + (0 .. k - 1));
    requires inv: ud_prot_inv(pt);
    requires k: 1 <= k <= UD_WR_PKT;
    requires inside: rva <= va && va + k <= rva + len;
    requires room: ud_dma_n <= UD_DMA_LOG - 2;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            ud_dma_va[ud_dma_n .. ud_dma_n + 1];
    ensures grown: \old(ud_dma_n) <= ud_dma_n <= \old(ud_dma_n) + 2;
    ensures stores: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_es_stored(pt, tpd, rkey, rva, len, UD_ES_ENTRY(i));
*/
static ud_status one_store(const struct ud_prot *pt, uint32_t tpd, uint32_t rkey, uint64_t va,
			   const uint8_t *data, uint32_t k, uint64_t rva, uint32_t len)
{
	ud_status rc = ud_pkt_write(pt, tpd, rkey, va, UD_KIND_REMOTE_WRITE, data, k);

	(void)rva;      /* the message's range: the contract's, not the code's */
	(void)len;

	/*@ assert ok: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_dma_ok(pt, tpd, rkey, UD_KIND_REMOTE_WRITE, i); */
	/*@ assert cov: rc == UD_OK ==> ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, va, k, 1); */
	/*@ assert wr: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==> ud_dma_wr[i] == 1; */
	/*@ assert in: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      va <= ud_dma_va[i] && ud_dma_va[i] + ud_dma_len[i] <= va + k; */
	return rc;
}

/* The message in buf, len bytes, into the target at rva through rkey for
 * the target's PD tpd, UD_WR_PKT bytes a packet, each checked on its own;
 * until the last packet or the first refused one. */
/*@ requires valid: \valid_read(pt) && \valid_read(buf + (0 .. len - 1));
    requires inv: ud_prot_inv(pt);
    requires len: 1 <= len <= UD_SM_MTU;
    requires rva: rva + len <= 18446744073709551615;
    requires room: ud_dma_n <= UD_DMA_LOG - 2 * UD_ES_NPKT;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1];
    ensures moved: \result.moved <= len;
    ensures all_moved: \result.rc == UD_OK ==> \result.moved == len;
    ensures grown: \old(ud_dma_n) <= ud_dma_n;
    ensures stores: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
      ud_es_stored(pt, tpd, rkey, rva, len, UD_ES_ENTRY(i));
*/
static struct es_run stores(const struct ud_prot *pt, uint32_t tpd, uint32_t rkey, uint64_t rva,
			    const uint8_t *buf, uint32_t len)
{
	uint32_t done = 0, k;
	ud_status rc = UD_OK;

	/*@ loop invariant done: 0 <= done <= len && (done % UD_WR_PKT == 0 || done == len);
	    loop invariant ok: rc == UD_OK;
	    loop invariant mono: \at(ud_dma_n, Pre) <= ud_dma_n;
	    loop invariant room: ud_dma_n <= \at(ud_dma_n, Pre) + 2 * ((done + UD_WR_PKT - 1) / UD_WR_PKT);
	    loop invariant stores: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
	      ud_es_stored(pt, tpd, rkey, rva, len, UD_ES_ENTRY(i));
	    loop assigns done, k, rc, ud_env, ud_dma_n,
	      ud_dma_pa[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_len[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_wr[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1],
	      ud_dma_va[\at(ud_dma_n, Pre) .. UD_DMA_LOG - 1];
	    loop variant len - done;
	*/
	while (done < len) {
		k = len - done < UD_WR_PKT ? len - done : UD_WR_PKT;
		/*@ ghost uint32_t n0 = ud_dma_n; */
		rc = one_store(pt, tpd, rkey, rva + done, buf + done, k, rva, len);
		/*@ assert kept: \forall integer i; \at(ud_dma_n, Pre) <= i < n0 ==>
		      ud_es_stored(pt, tpd, rkey, rva, len, UD_ES_ENTRY(i)); */
		/*@ assert stores: \forall integer i; \at(ud_dma_n, Pre) <= i < ud_dma_n ==>
		      ud_es_stored(pt, tpd, rkey, rva, len, UD_ES_ENTRY(i)); */
		if (rc != UD_OK)
			break;
		done += k;
	}
	return (struct es_run){ rc, done };
}

/* The message's own checks (the buffer's are the fetch's). */
/*@ requires valid: \valid_read(pt) && \valid_read(m);
    assigns \nothing;
    ensures ok: \result == UD_OK <==> ud_es_msg_fits(pt, m);
*/
static ud_status msg_check(const struct ud_prot *pt, const struct ud_eng_sm_msg *m)
{
	if (m->len == 0u || m->len > UD_SM_MTU || m->off > UD_SM_MTU - m->len)
		return UD_E_INVAL;
	if (m->tqp >= UD_PROT_NQP || pt->qp_live[m->tqp] != 1u)
		return UD_E_NOENT;
	if (m->rva > UD_U64_MAX - m->len)
		return UD_E_OVERFLOW;
	return UD_OK;
}

ud_status ud_eng_sm_send(struct ud_sm_buf *b, const struct ud_prot *pi, const struct ud_prot *pt,
			 const struct ud_eng_sm_msg *m, uint8_t *buf, uint32_t *sent)
{
	struct es_run r = { UD_OK, 0 };
	struct ud_sm_done d;
	ud_status rc;

	/* Nothing accepted: no queue to complete on, or nothing in flight. */
	if (m->qp >= UD_PROT_NQP || pi->qp_live[m->qp] != 1u)
		return UD_E_NOENT;
	if (b->st != UD_SM_FLIGHT)
		return UD_E_STATE;
	rc = msg_check(pt, m);
	if (rc == UD_OK)
		rc = ud_eng_sm_fetch(b, m->off, m->len, buf);
	/*@ assert fetched: rc == UD_OK ==> ud_dma_n == \at(ud_dma_n, Pre) + 1 &&
	      ud_es_load(\at(ud_dma_n, Pre), b->sfr, m->off, m->len); */
	/*@ assert none: rc != UD_OK ==> ud_dma_n == \at(ud_dma_n, Pre); */
	if (rc == UD_OK) {
		/* The receiver: the target QP's PD (trusted state), not the
		 * message. */
		r = stores(pt, pt->qp_pd[m->tqp], m->rkey, m->rva, buf, m->len);
		rc = r.rc;
	}
	/*@ assert moved: rc == UD_OK ==> r.moved == m->len && ud_dma_n > \at(ud_dma_n, Pre); */
	/*@ assert stored: \forall integer i; \at(ud_dma_n, Pre) < i < ud_dma_n ==>
	      ud_es_stored{Pre}(pt, \at(pt->qp_pd[m->tqp], Pre), m->rkey, m->rva, m->len, UD_ES_ENTRY(i)); */
	/* The NI is done with the frame: give back what the send call took
	 * -- free the copy, unpin, clear COW, release. */
	d = ud_sm_complete(b);
	*sent = d.sent;
	ud_plat_complete(m->qp, rc, r.moved);
	return rc;
}
