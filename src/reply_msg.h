/* SPDX-License-Identifier: MIT */
/*
 * reply_msg.h -- the engine's reply to the source's R5 for one block, as a
 * mailbox message (seed 004_2c0be60bc8bfaeb5.txt, 3.2.3 and 3.2.3.3).
 *
 * What the destination's PLDMA answers the source's R5 for one block
 * (3.2.3, 3.2.3.3: OKAY / SLVERR become ACK / PF-NACK; a transmission error
 * NACK).  The seed gives the fields the R5 reads -- the listing decodes
 * "errorcode" from bits [18:16] (1 = PF-NACK) and the transaction id from
 * [15:2] of the ACK-mailbox word -- and "other opcodes are used for
 * acknowledgement messages" (3.2.1).  The rest is ours, chosen to agree
 * with it (docs/fault_handler.md, "Decisions"):
 *
 *   word0: [1:0] opcode = 1 | [15:2] trid (14) | [18:16] code (3) | [31:19] 0
 *   word1: [13:0] seq (14)  | [31:14] 0
 *
 * code: 0 ACK, 1 PF-NACK (the seed's), 2 NACK; 3..7 are refused.  The
 * reply comes from the engine's hardware, not from a process (no PDID is
 * wired: the scheduler matches it by trid and seq).
 */
#ifndef UD_REPLY_MSG_H
#define UD_REPLY_MSG_H

#include "ud_common.h"

#define UD_ACK_TRID_LIM  16384u     /* 2^14, as the RAPF's (src/fault_msg.h) */
#define UD_ACK_SEQ_LIM   16384u     /* 2^14, as the RAPF's */

#define UD_ACK_OPCODE    1u
#define UD_ACK_CODE_ACK    0u
#define UD_ACK_CODE_PFNACK 1u
#define UD_ACK_CODE_NACK   2u
#define UD_ACK_CODE_LIM    3u
#define UD_ACK_W0_LIM    524288u    /* 2^19: word0 bits [31:19] are zero */

struct ud_ack_msg {
	uint8_t  code;  /* word0 [18:16]: UD_ACK_CODE_*        */
	uint16_t trid;  /* word0 [15:2]: transaction id, 14 bits */
	uint16_t seq;   /* word1 [13:0]: sequence number, 14 bits */
};

#include "reply_msg.acsl"

/*@
  requires valid_m: \valid_read(m);
  requires valid_w: \valid(w0) && \valid(w1);
  requires sep: \separated(m, w0, w1);
  assigns *w0, *w1;
  behavior bad_field:
    assumes !ud_ack_valid(*m);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior ok:
    assumes ud_ack_valid(*m);
    assigns *w0, *w1;
    ensures ok: \result == UD_OK;
    ensures words: ud_ack_words(*m, *w0, *w1);
    ensures opcode: *w0 % 4 == UD_ACK_OPCODE;
    ensures reserved: *w0 < UD_ACK_W0_LIM && *w1 < UD_ACK_SEQ_LIM;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_ack_encode(const struct ud_ack_msg *m, uint32_t *w0, uint32_t *w1);

/* Decode an engine reply's two mailbox words.  An opcode other than 1,
 * word0's bits [31:19] or word1's [31:14] set, or a code of 3 or more:
 * UD_E_INVAL, *out unchanged. */
/*@
  requires valid_out: \valid(out);
  assigns *out;
  behavior bad_opcode:
    assumes w0 % 4 != UD_ACK_OPCODE;
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior reserved:
    assumes w0 % 4 == UD_ACK_OPCODE && (w0 >= UD_ACK_W0_LIM || w1 >= UD_ACK_SEQ_LIM);
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior bad_code:
    assumes w0 % 4 == UD_ACK_OPCODE && w0 < UD_ACK_W0_LIM && w1 < UD_ACK_SEQ_LIM;
    assumes w0 / 65536 >= UD_ACK_CODE_LIM;
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior ok:
    assumes w0 % 4 == UD_ACK_OPCODE && w0 < UD_ACK_W0_LIM && w1 < UD_ACK_SEQ_LIM;
    assumes w0 / 65536 < UD_ACK_CODE_LIM;
    assigns *out;
    ensures ok: \result == UD_OK;
    ensures valid: ud_ack_valid(*out);
    ensures words: ud_ack_words(*out, w0, w1);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_ack_decode(uint32_t w0, uint32_t w1, struct ud_ack_msg *out);

#endif /* UD_REPLY_MSG_H */
