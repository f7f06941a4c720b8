/* SPDX-License-Identifier: MIT */
/*
 * fault_msg.h -- the two messages of the remote page-fault path, as the
 * source document defines them (seed 004_2c0be60bc8bfaeb5.txt):
 *
 *  1. the Table 3.1 "Netlink Message": what the kernel tells the user
 *     process of the faulting protection domain, as a string of hex digits,
 *     MSB first:
 *
 *       | Src_ID  | Tr_ID   | Seq_Num | Faulty IOVA | PDID    | R/W   |
 *       | 6 hex   | 4 hex   | 4 hex   | 8 hex       | 4 hex   | 1 hex |
 *       | 22 bits | 14 bits | 14 bits | 32 bits     | 16 bits | 1 bit |
 *
 *     R/W (the least significant digit) is 0 for a fault in the source
 *     (sender, read) buffer and 1 for the destination (receiver, write)
 *     buffer (seed 004, text above Table 3.1).
 *
 *  2. the RAPF ("Retransmit After Page Fault handled", opcode 2) message
 *     posted through the packetizer to the mailbox the R5 polls (3.2.1 and
 *     the 3.2.3.3 listing): two 32-bit words,
 *
 *       word0: [1:0] opcode = 2 | [17:2] wired PDID (16) | [31:18] trid (14)
 *       word1: [13:0] seq (14)  | [29:14] received PDID (16) | [31:30] 0
 *
 *     The seed disagrees with itself on two widths (seq: 14 bits in Tables
 *     3.1/3.2, 12 bits in the listing; wired PDID: "twelve bits" in the text,
 *     16 in the listing's decode).  We take 14 and 16; the reasons are in
 *     docs/fault_handler.md ("Decisions").
 *
 * Decoders validate everything they are given and return a defined error
 * with the output untouched; encoders reject out-of-range fields.  The
 * contracts make encode and decode inverse (spec/fault_msg.acsl: the text /
 * word relation is a function in both directions, lemmas ud_fmsg_text_inj
 * and ud_rtx_words_inj).
 */
#ifndef UD_FAULT_MSG_H
#define UD_FAULT_MSG_H

#include "ud_common.h"

/* ------------------------------------------------ Table 3.1 message */

/* Number of hex digits of a Table 3.1 message: 6+4+4+8+4+1. */
#define UD_FMSG_LEN      27u
/* R/W digit values (seed 004: "0 ... source (sender) buffer, otherwise (1)
 * ... destination (receiver) buffer"). */
#define UD_FMSG_RW_SRC   0u
#define UD_FMSG_RW_DST   1u
/* Field limits (exclusive) of the fields narrower than their C type. */
#define UD_FMSG_SRC_LIM  4194304u   /* 2^22 */
#define UD_FMSG_TRID_LIM 16384u     /* 2^14 */
#define UD_FMSG_SEQ_LIM  16384u     /* 2^14 */

struct ud_fmsg {
	uint32_t src;   /* Src_ID, 22 bits: initiator node of the transfer  */
	uint16_t trid;  /* Tr_ID, 14 bits                                    */
	uint16_t seq;   /* Seq_Num, 14 bits                                  */
	uint32_t iova;  /* Faulty IOVA, 32 bits: process index (4) | VA page */
	uint16_t pdid;  /* PDID, 16 bits                                     */
	uint8_t  rw;    /* R/W, 1 bit: UD_FMSG_RW_SRC or UD_FMSG_RW_DST      */
};

/* ------------------------------------------------ RAPF mailbox message */

#define UD_RTX_OPCODE    2u          /* RAPF, seed 004 3.2.1 / 3.2.3.3 */
#define UD_RTX_TRID_LIM  16384u      /* 2^14 */
#define UD_RTX_SEQ_LIM   16384u      /* 2^14 (our choice, see docs) */
#define UD_RTX_W1_LIM    1073741824u /* 2^30: word1 bits [31:30] are zero */

struct ud_rtx_msg {
	uint16_t wired_pdid; /* word0 [17:2]: wired by the packetizer      */
	uint16_t trid;       /* word0 [31:18]: transaction id, 14 bits     */
	uint16_t seq;        /* word1 [13:0]: sequence number, 14 bits     */
	uint16_t pdid;       /* word1 [29:14]: PDID as the sender gave it  */
};

#include "fault_msg.acsl"

/*@
  requires valid_m: \valid_read(m);
  requires valid_buf: \valid(buf + (0 .. cap - 1));
  requires sep: \separated(m, buf + (0 .. cap - 1));
  assigns buf[0 .. cap - 1];
  behavior bad_field:
    assumes !ud_fmsg_valid(*m);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior short_buf:
    assumes ud_fmsg_valid(*m) && cap < UD_FMSG_LEN;
    assigns \nothing;
    ensures short: \result == UD_E_INVAL;
  behavior ok:
    assumes ud_fmsg_valid(*m) && cap >= UD_FMSG_LEN;
    assigns buf[0 .. UD_FMSG_LEN - 1];
    ensures ok: \result == UD_OK;
    // Together (the digit ranges tile 0..26) these are ud_fmsg_text(buf, *m).
    ensures t_src: ud_lhex_range(buf, 0, 6) &&
      m->src == ud_hexv(buf[0]) * 1048576 + ud_hexv(buf[1]) * 65536 + ud_hexv4(buf, 2);
    ensures t_trid: ud_lhex_range(buf, 6, 10) && m->trid == ud_hexv4(buf, 6);
    ensures t_seq: ud_lhex_range(buf, 10, 14) && m->seq == ud_hexv4(buf, 10);
    ensures t_iova: ud_lhex_range(buf, 14, 22) &&
      m->iova == ud_hexv4(buf, 14) * 65536 + ud_hexv4(buf, 18);
    ensures t_pdid: ud_lhex_range(buf, 22, 26) && m->pdid == ud_hexv4(buf, 22);
    ensures t_rw: ud_is_lhex(buf[26]) && m->rw == ud_hexv(buf[26]);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_fmsg_encode(const struct ud_fmsg *m, char *buf, size_t cap);

/* Decode a Table 3.1 text of exactly 27 lowercase hex digits (optionally
 * followed by one NUL, len 28).  Uppercase, other characters, another
 * length: UD_E_INVAL.  A 22/14/14/1-bit field whose digits exceed it:
 * UD_E_RANGE.  On any error *out is unchanged. */
/*@
  requires valid_buf: \valid_read(buf + (0 .. len - 1));
  requires valid_out: \valid(out);
  requires sep: \separated(out, buf + (0 .. len - 1));
  assigns *out;
  behavior bad_len:
    assumes len != UD_FMSG_LEN && !(len == UD_FMSG_LEN + 1 && buf[UD_FMSG_LEN] == 0);
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior bad_char:
    assumes len == UD_FMSG_LEN || (len == UD_FMSG_LEN + 1 && buf[UD_FMSG_LEN] == 0);
    assumes !ud_fmsg_all_lhex(buf);
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior bad_range:
    assumes len == UD_FMSG_LEN || (len == UD_FMSG_LEN + 1 && buf[UD_FMSG_LEN] == 0);
    assumes ud_fmsg_all_lhex(buf) && !ud_fmsg_text_in_range(buf);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior ok:
    assumes len == UD_FMSG_LEN || (len == UD_FMSG_LEN + 1 && buf[UD_FMSG_LEN] == 0);
    assumes ud_fmsg_all_lhex(buf) && ud_fmsg_text_in_range(buf);
    assigns *out;
    ensures ok: \result == UD_OK;
    ensures valid: ud_fmsg_valid(*out);
    ensures text: ud_fmsg_text(buf, *out);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_fmsg_decode(const char *buf, size_t len, struct ud_fmsg *out);

/*@
  requires valid_m: \valid_read(m);
  requires valid_w: \valid(w0) && \valid(w1);
  requires sep: \separated(m, w0, w1);
  assigns *w0, *w1;
  behavior bad_field:
    assumes !ud_rtx_valid(*m);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior ok:
    assumes ud_rtx_valid(*m);
    assigns *w0, *w1;
    ensures ok: \result == UD_OK;
    ensures words: ud_rtx_words(*m, *w0, *w1);
    ensures opcode: *w0 % 4 == UD_RTX_OPCODE;
    ensures reserved: *w1 < UD_RTX_W1_LIM;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_rtx_encode(const struct ud_rtx_msg *m, uint32_t *w0, uint32_t *w1);

/* Decode the two mailbox words.  An opcode other than 2, or word1's
 * reserved bits [31:30] set: UD_E_INVAL, *out unchanged.  Whether the
 * wired PDID matches the transaction's is the scheduler's check. */
/*@
  requires valid_out: \valid(out);
  assigns *out;
  behavior bad_opcode:
    assumes w0 % 4 != UD_RTX_OPCODE;
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior reserved:
    assumes w0 % 4 == UD_RTX_OPCODE && w1 >= UD_RTX_W1_LIM;
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior ok:
    assumes w0 % 4 == UD_RTX_OPCODE && w1 < UD_RTX_W1_LIM;
    assigns *out;
    ensures ok: \result == UD_OK;
    ensures valid: ud_rtx_valid(*out);
    ensures words: ud_rtx_words(*out, w0, w1);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_rtx_decode(uint32_t w0, uint32_t w1, struct ud_rtx_msg *out);

#endif /* UD_FAULT_MSG_H */
