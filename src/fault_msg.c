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

/*@ // Four canonical hex digits at b[o..o+3], written out (no quantifier:
    // the encoder's per-field asserts stay cheap to carry across calls).
    predicate ud_lhex4{L}(char *b, integer o) =
      ud_is_lhex(b[o]) && ud_is_lhex(b[o + 1]) &&
      ud_is_lhex(b[o + 2]) && ud_is_lhex(b[o + 3]);
*/

/* Lemma functions (ghost, proved by WP in their own small context): the
 * quantified digit ranges of the contracts from the written-out digits. */
/*@ ghost
  /@ requires ud_lhex4(b, o);
     assigns \nothing;
     ensures ud_lhex_range(b, o, o + 4); @/
  static void ud_fmsg_range4(char *b, uint32_t o) { }
*/
/*@ ghost
  /@ requires ud_lhex4(b, o) && ud_lhex4(b, o + 4);
     assigns \nothing;
     ensures ud_lhex_range(b, o, o + 8); @/
  static void ud_fmsg_range8(char *b, uint32_t o) { }
*/
/*@ ghost
  /@ requires ud_is_lhex(b[0]) && ud_is_lhex(b[1]) && ud_lhex4(b, 2);
     assigns \nothing;
     ensures ud_lhex_range(b, 0, 6); @/
  static void ud_fmsg_range6(char *b) { }
*/

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
  requires o_small: o <= UD_FMSG_LEN - 4;
  assigns \nothing;
  ensures value: \result == ud_hexv4(b, o);
  ensures range: \result < 65536;
*/
static uint32_t ud_fmsg_get4(const char *b, uint32_t o)
{
	/*@ assert digits: ud_is_lhex(b[o]) && ud_is_lhex(b[o + 1]) &&
	      ud_is_lhex(b[o + 2]) && ud_is_lhex(b[o + 3]); */
	uint32_t d0 = (uint32_t)ud_fmsg_hexv(b[o]);
	uint32_t d1 = (uint32_t)ud_fmsg_hexv(b[o + 1u]);
	uint32_t d2 = (uint32_t)ud_fmsg_hexv(b[o + 2u]);
	uint32_t d3 = (uint32_t)ud_fmsg_hexv(b[o + 3u]);
	/*@ assert small: d0 < 16 && d1 < 16 && d2 < 16 && d3 < 16; */
	return d0 * 4096u + d1 * 256u + d2 * 16u + d3;
}

/* ------------------------------------------------ Table 3.1 message */

/* Write v (< 2^16) as 4 lowercase hex digits, MSB first, at b[o..o+3]. */
/*@
  requires valid_b: \valid(b + (o .. o + 3));
  requires o_small: o <= UD_FMSG_LEN - 4;
  requires value: v < 65536;
  assigns b[o .. o + 3];
  ensures lhex: ud_lhex4(b, o);
  ensures digits: ud_hexv4(b, o) == v;
*/
static void ud_fmsg_put4(char *b, uint32_t o, uint32_t v)
{
	b[o] = ud_fmsg_hexc(v / 4096u);
	b[o + 1u] = ud_fmsg_hexc((v / 256u) % 16u);
	b[o + 2u] = ud_fmsg_hexc((v / 16u) % 16u);
	b[o + 3u] = ud_fmsg_hexc(v % 16u);
}

/* Write the 27 hex digits of a Table 3.1 line for fields already known to
 * be in range. */
/*@
  requires valid_buf: \valid(buf + (0 .. UD_FMSG_LEN - 1));
  requires ranges: src < UD_FMSG_SRC_LIM && trid < UD_FMSG_TRID_LIM &&
    seq < UD_FMSG_SEQ_LIM && pdid < 65536 && rw <= 1;
  assigns buf[0 .. UD_FMSG_LEN - 1];
  ensures t_src: ud_lhex_range(buf, 0, 6) &&
    src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2);
  ensures t_trid: ud_lhex_range(buf, 6, 10) && trid == ud_hexv4(buf, 6);
  ensures t_seq: ud_lhex_range(buf, 10, 14) && seq == ud_hexv4(buf, 10);
  ensures t_iova: ud_lhex_range(buf, 14, 22) &&
    iova == ud_hexv4(buf, 14) * 65536 + ud_hexv4(buf, 18);
  ensures t_pdid: ud_lhex_range(buf, 22, 26) && pdid == ud_hexv4(buf, 22);
  ensures t_rw: ud_is_lhex(buf[26]) && rw == ud_hexv(buf[26]);
*/
static void ud_fmsg_line(char *buf, uint32_t src, uint32_t trid, uint32_t seq,
			 uint32_t iova, uint32_t pdid, uint32_t rw)
{
	/* Src_ID, 6 hex: two digits, then the low 16 bits.  After each field,
	 * one assert per field written so far (small goals: each carries one
	 * fact across one call). */
	buf[0] = ud_fmsg_hexc(src / 1048576u);
	buf[1] = ud_fmsg_hexc((src / 65536u) % 16u);
	ud_fmsg_put4(buf, 2u, src % 65536u);
	/*@ assert src_0: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	ud_fmsg_put4(buf, 6u, trid);                  /* Tr_ID, 4 hex       */
	/*@ assert src_1: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_1: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	ud_fmsg_put4(buf, 10u, seq);                  /* Seq_Num, 4 hex     */
	/*@ assert src_2: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_2: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	/*@ assert seq_2: ud_lhex4(buf, 10) && seq == ud_hexv4(buf, 10); */
	ud_fmsg_put4(buf, 14u, iova / 65536u);        /* Faulty IOVA, 8 hex */
	/*@ assert src_3: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_3: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	/*@ assert seq_3: ud_lhex4(buf, 10) && seq == ud_hexv4(buf, 10); */
	/*@ assert ihi_3: ud_lhex4(buf, 14) && iova / 65536 == ud_hexv4(buf, 14); */
	ud_fmsg_put4(buf, 18u, iova % 65536u);
	/*@ assert src_4: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_4: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	/*@ assert seq_4: ud_lhex4(buf, 10) && seq == ud_hexv4(buf, 10); */
	/*@ assert ihi_4: ud_lhex4(buf, 14) && iova / 65536 == ud_hexv4(buf, 14); */
	/*@ assert ilo_4: ud_lhex4(buf, 18) && iova % 65536 == ud_hexv4(buf, 18); */
	ud_fmsg_put4(buf, 22u, pdid);                 /* PDID, 4 hex        */
	/*@ assert src_5: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_5: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	/*@ assert seq_5: ud_lhex4(buf, 10) && seq == ud_hexv4(buf, 10); */
	/*@ assert ihi_5: ud_lhex4(buf, 14) && iova / 65536 == ud_hexv4(buf, 14); */
	/*@ assert ilo_5: ud_lhex4(buf, 18) && iova % 65536 == ud_hexv4(buf, 18); */
	/*@ assert pdid_5: ud_lhex4(buf, 22) && pdid == ud_hexv4(buf, 22); */
	/*@ assert iova_all: iova == ud_hexv4(buf, 14) * 65536 + ud_hexv4(buf, 18); */
	buf[26] = ud_fmsg_hexc(rw);                   /* R/W, 1 hex         */
	/*@ assert src_6: ud_is_lhex(buf[0]) && ud_is_lhex(buf[1]) && ud_lhex4(buf, 2) && src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2); */
	/*@ assert trid_6: ud_lhex4(buf, 6) && trid == ud_hexv4(buf, 6); */
	/*@ assert seq_6: ud_lhex4(buf, 10) && seq == ud_hexv4(buf, 10); */
	/*@ assert iova_6: ud_lhex4(buf, 14) && ud_lhex4(buf, 18) && iova == ud_hexv4(buf, 14) * 65536 + ud_hexv4(buf, 18); */
	/*@ assert pdid_6: ud_lhex4(buf, 22) && pdid == ud_hexv4(buf, 22); */
	/*@ ghost ud_fmsg_range6(buf); */
	/*@ ghost ud_fmsg_range4(buf, 6); */
	/*@ ghost ud_fmsg_range4(buf, 10); */
	/*@ ghost ud_fmsg_range8(buf, 14); */
	/*@ ghost ud_fmsg_range4(buf, 22); */
}

ud_status ud_fmsg_encode(const struct ud_fmsg *m, char *buf, size_t cap)
{
	uint32_t src = m->src, trid = m->trid, seq = m->seq;
	uint32_t iova = m->iova, pdid = m->pdid, rw = m->rw;

	if (src >= UD_FMSG_SRC_LIM || trid >= UD_FMSG_TRID_LIM ||
	    seq >= UD_FMSG_SEQ_LIM || rw > 1u)
		return UD_E_RANGE;
	if (cap < UD_FMSG_LEN)
		return UD_E_INVAL;
	ud_fmsg_line(buf, src, trid, seq, iova, pdid, rw);
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
	/*@ assert digits: s0 == ud_hexv(buf[0]) && s1 == ud_hexv(buf[1]) &&
	      t0 == ud_hexv(buf[6]) && q0 == ud_hexv(buf[10]) && rw == ud_hexv(buf[26]); */
	/*@ assert lims: ud_hexv4(buf, 2) < 65536 && s1 < 16 &&
	      ud_hexv4(buf, 6) < 16384 && ud_hexv4(buf, 10) < 16384; */
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
