/* SPDX-License-Identifier: MIT */
/*
 * fault_msg.c -- encode/decode of the Table 3.1 kernel->user message and of
 * the RAPF (opcode 2) mailbox message (seed 004_2c0be60bc8bfaeb5.txt).
 * Contracts in fault_msg.h, vocabulary in spec/fault_msg.acsl.
 *
 * Field extraction is written as division and remainder by powers of two;
 * the compilers emit the same shifts and masks, and the provers see linear
 * arithmetic over constants.
 */
#include "fault_msg.h"

/* ----------------------------------------------------------- hex digits */

/*@
  requires digit: d < 16;
  assigns \nothing;
  ensures hexc: \result == ud_hexc(d);
  ensures lhex: ud_is_lhex(\result);
  ensures value: ud_hexv(\result) == d;
*/
static char ud_fmsg_hexc(uint32_t d)
{
	return (char)(d < 10u ? 48u + d : 87u + d);
}

/* The value of a lowercase hex character, or -1. */
/*@
  assigns \nothing;
  behavior hex:
    assumes ud_is_lhex(c);
    ensures value: \result == ud_hexv(c) && 0 <= \result < 16;
  behavior other:
    assumes !ud_is_lhex(c);
    ensures none: \result == -1;
  complete behaviors;
  disjoint behaviors;
*/
static int32_t ud_fmsg_hexv(char c)
{
	if (c >= '0' && c <= '9')
		return (int32_t)c - 48;
	if (c >= 'a' && c <= 'f')
		return (int32_t)c - 87;
	return -1;
}

/* The value of the 4 hex digits at b[o..o+3]. */
/*@
  requires valid_b: \valid_read(b + (o .. o + 3));
  requires lhex: ud_lhex_range(b, o, o + 4);
  assigns \nothing;
  ensures value: \result == ud_hexv4(b, o);
  ensures range: \result < 65536;
*/
static uint32_t ud_fmsg_get4(const char *b, uint32_t o)
{
	uint32_t d0 = (uint32_t)ud_fmsg_hexv(b[o]);
	uint32_t d1 = (uint32_t)ud_fmsg_hexv(b[o + 1u]);
	uint32_t d2 = (uint32_t)ud_fmsg_hexv(b[o + 2u]);
	uint32_t d3 = (uint32_t)ud_fmsg_hexv(b[o + 3u]);
	return d0 * 4096u + d1 * 256u + d2 * 16u + d3;
}

/* ------------------------------------------------ Table 3.1 message */

ud_status ud_fmsg_encode(const struct ud_fmsg *m, char *buf, size_t cap)
{
	uint32_t src = m->src, trid = m->trid, seq = m->seq;
	uint32_t iova = m->iova, pdid = m->pdid, rw = m->rw;

	if (src >= UD_FMSG_SRC_LIM || trid >= UD_FMSG_TRID_LIM ||
	    seq >= UD_FMSG_SEQ_LIM || rw > 1u)
		return UD_E_RANGE;
	if (cap < UD_FMSG_LEN)
		return UD_E_INVAL;
	uint32_t slo = src % 65536u, ihi = iova / 65536u, ilo = iova % 65536u;
	/* Src_ID, 6 hex */
	buf[0] = ud_fmsg_hexc(src / 1048576u);
	buf[1] = ud_fmsg_hexc((src / 65536u) % 16u);
	buf[2] = ud_fmsg_hexc(slo / 4096u);
	buf[3] = ud_fmsg_hexc((slo / 256u) % 16u);
	buf[4] = ud_fmsg_hexc((slo / 16u) % 16u);
	buf[5] = ud_fmsg_hexc(slo % 16u);
	/* Tr_ID, 4 hex */
	buf[6] = ud_fmsg_hexc(trid / 4096u);
	buf[7] = ud_fmsg_hexc((trid / 256u) % 16u);
	buf[8] = ud_fmsg_hexc((trid / 16u) % 16u);
	buf[9] = ud_fmsg_hexc(trid % 16u);
	/* Seq_Num, 4 hex */
	buf[10] = ud_fmsg_hexc(seq / 4096u);
	buf[11] = ud_fmsg_hexc((seq / 256u) % 16u);
	buf[12] = ud_fmsg_hexc((seq / 16u) % 16u);
	buf[13] = ud_fmsg_hexc(seq % 16u);
	/* Faulty IOVA, 8 hex */
	buf[14] = ud_fmsg_hexc(ihi / 4096u);
	buf[15] = ud_fmsg_hexc((ihi / 256u) % 16u);
	buf[16] = ud_fmsg_hexc((ihi / 16u) % 16u);
	buf[17] = ud_fmsg_hexc(ihi % 16u);
	buf[18] = ud_fmsg_hexc(ilo / 4096u);
	buf[19] = ud_fmsg_hexc((ilo / 256u) % 16u);
	buf[20] = ud_fmsg_hexc((ilo / 16u) % 16u);
	buf[21] = ud_fmsg_hexc(ilo % 16u);
	/* PDID, 4 hex */
	buf[22] = ud_fmsg_hexc(pdid / 4096u);
	buf[23] = ud_fmsg_hexc((pdid / 256u) % 16u);
	buf[24] = ud_fmsg_hexc((pdid / 16u) % 16u);
	buf[25] = ud_fmsg_hexc(pdid % 16u);
	/* R/W, 1 hex */
	buf[26] = ud_fmsg_hexc(rw);
	return UD_OK;
}

ud_status ud_fmsg_decode(const char *buf, size_t len, struct ud_fmsg *out)
{
	uint32_t i;

	if (len != UD_FMSG_LEN && !(len == UD_FMSG_LEN + 1u && buf[UD_FMSG_LEN] == 0))
		return UD_E_INVAL;
	/*@
	  loop invariant bound: 0 <= i <= UD_FMSG_LEN;
	  loop invariant seen: ud_lhex_range(buf, 0, i);
	  loop assigns i;
	  loop variant UD_FMSG_LEN - i;
	*/
	for (i = 0; i < UD_FMSG_LEN; i++) {
		if (ud_fmsg_hexv(buf[i]) < 0)
			return UD_E_INVAL;
	}
	uint32_t s0 = (uint32_t)ud_fmsg_hexv(buf[0]);
	uint32_t s1 = (uint32_t)ud_fmsg_hexv(buf[1]);
	uint32_t t0 = (uint32_t)ud_fmsg_hexv(buf[6]);
	uint32_t q0 = (uint32_t)ud_fmsg_hexv(buf[10]);
	uint32_t rw = (uint32_t)ud_fmsg_hexv(buf[26]);
	if (s0 > 3u || t0 > 3u || q0 > 3u || rw > 1u)
		return UD_E_RANGE;
	struct ud_fmsg r;
	r.src = s0 * 1048576u + s1 * 65536u + ud_fmsg_get4(buf, 2u);
	r.trid = (uint16_t)ud_fmsg_get4(buf, 6u);
	r.seq = (uint16_t)ud_fmsg_get4(buf, 10u);
	r.iova = ud_fmsg_get4(buf, 14u) * 65536u + ud_fmsg_get4(buf, 18u);
	r.pdid = (uint16_t)ud_fmsg_get4(buf, 22u);
	r.rw = (uint8_t)rw;
	*out = r;
	return UD_OK;
}

/* ------------------------------------------------ RAPF mailbox message */

ud_status ud_rtx_encode(const struct ud_rtx_msg *m, uint32_t *w0, uint32_t *w1)
{
	if (m->trid >= UD_RTX_TRID_LIM || m->seq >= UD_RTX_SEQ_LIM)
		return UD_E_RANGE;
	*w0 = UD_RTX_OPCODE + 4u * (uint32_t)m->wired_pdid + 262144u * (uint32_t)m->trid;
	*w1 = (uint32_t)m->seq + 16384u * (uint32_t)m->pdid;
	return UD_OK;
}

ud_status ud_rtx_decode(uint32_t w0, uint32_t w1, struct ud_rtx_msg *out)
{
	if (w0 % 4u != UD_RTX_OPCODE || w1 >= UD_RTX_W1_LIM)
		return UD_E_INVAL;
	out->wired_pdid = (uint16_t)((w0 / 4u) % 65536u);
	out->trid = (uint16_t)(w0 / 262144u);
	out->seq = (uint16_t)(w1 % 16384u);
	out->pdid = (uint16_t)(w1 / 16384u);
	return UD_OK;
}
