/* SPDX-License-Identifier: MIT */
/*
 * req_msg.c -- encode and decode the request mailbox message: a transfer
 * request from the A53 or a remote read request (contracts in req_msg.h).
 */
/* uldma-wp: -wp-auto wp:split */
#include "req_msg.h"

/* The check over w[0..6] (w[0] above its wired PDID). */
/*@
  requires valid_w: \valid_read(w + (0 .. 6));
  assigns \nothing;
  ensures sum: \result == (w[0] / 262144 + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] +
                           UD_REQ_CHECK_K) % 4294967296;
*/
static uint32_t ud_req_sum(const uint32_t *w)
{
	uint64_t s = (uint64_t)(w[0] / 262144u) + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] +
		     UD_REQ_CHECK_K;

	return (uint32_t)(s % 4294967296u);
}

ud_status ud_req_encode(const struct ud_req_msg *m, uint32_t *w)
{
	if (m->type > UD_REQ_READ || m->pd >= UD_REQ_NPD || m->vc >= UD_REQ_NVC ||
	    m->src >= UD_REQ_VA_LIM || m->dst >= UD_REQ_VA_LIM ||
	    m->len == 0u || m->len > UD_REQ_MAX_LEN)
		return UD_E_RANGE;
	w[0] = UD_REQ_OPCODE + 4u * (uint32_t)m->wired_pd + 262144u * (uint32_t)m->type +
	       524288u * (uint32_t)m->pd + 8388608u * (uint32_t)m->vc;
	w[1] = m->node;
	w[2] = 4u * (uint32_t)(m->src % 1073741824u);
	w[3] = (uint32_t)(m->src / 1073741824u);
	w[4] = 4u * (uint32_t)(m->dst % 1073741824u);
	w[5] = (uint32_t)(m->dst / 1073741824u);
	w[6] = 4u * m->len;
	w[7] = ud_req_sum(w);
	return UD_OK;
}

ud_status ud_req_decode(const uint32_t *w, struct ud_req_msg *out)
{
	uint32_t w0 = w[0], len;
	uint64_t src, dst;

	if (w0 % 4u != UD_REQ_OPCODE || w0 >= UD_REQ_W0_LIM ||
	    w[2] % 4u != 0u || w[3] >= UD_REQ_HI_LIM ||
	    w[4] % 4u != 0u || w[5] >= UD_REQ_HI_LIM ||
	    w[6] % 4u != 0u || w[6] >= UD_REQ_W0_LIM)
		return UD_E_INVAL;
	if (ud_req_sum(w) != w[7])
		return UD_REQ_E_CHECK;
	len = w[6] / 4u;
	if (len == 0u || len > UD_REQ_MAX_LEN)
		return UD_E_RANGE;
	if ((w0 / 4u) % 65536u != (w0 / 524288u) % 16u)
		return UD_E_FORGED;
	/* w0's fields put back together (euclid, one step at a time). */
	/*@ assert w0_lo: w0 == 3 + 4 * (w0 / 4); */
	/*@ assert w0_wired: w0 / 4 == (w0 / 4) % 65536 + 65536 * (w0 / 262144); */
	/*@ assert w0_type: w0 / 262144 == (w0 / 262144) % 2 + 2 * (w0 / 524288); */
	/*@ assert w0_pd: w0 / 524288 == (w0 / 524288) % 16 + 16 * (w0 / 8388608); */
	src = (uint64_t)w[3] * 1073741824u + w[2] / 4u;
	dst = (uint64_t)w[5] * 1073741824u + w[4] / 4u;
	/*@ assert src_lo: src % 1073741824 == w[2] / 4 && 4 * (w[2] / 4) == w[2]; */
	/*@ assert src_hi: src / 1073741824 == w[3]; */
	/*@ assert dst_lo: dst % 1073741824 == w[4] / 4 && 4 * (w[4] / 4) == w[4]; */
	/*@ assert dst_hi: dst / 1073741824 == w[5]; */
	out->type = (uint8_t)((w0 / 262144u) % 2u);
	out->pd = (uint8_t)((w0 / 524288u) % 16u);
	out->vc = (uint8_t)(w0 / 8388608u);
	out->wired_pd = (uint16_t)((w0 / 4u) % 65536u);
	out->node = w[1];
	out->src = src;
	out->dst = dst;
	out->len = len;
	/*@ assert o_w0: w0 == UD_REQ_OPCODE + 4 * out->wired_pd + 262144 * out->type +
	                       524288 * out->pd + 8388608 * out->vc; */
	/*@ assert o_w6: w[6] == 4 * out->len; */
	return UD_OK;
}
