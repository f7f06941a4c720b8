/* SPDX-License-Identifier: MIT */
/*
 * req_msg.h -- a transfer request from the A53 and a remote read request,
 * as one mailbox message of four slots (seed 004_2c0be60bc8bfaeb5.txt,
 * 1.3.2.1, 1.3.2.2, 3.2.1; design in docs/homes.md, "Requests in the
 * mailbox").
 *
 * The seed: the A53 "initialize[s] both the TCM (scratchpad) of R5 and the
 * mailbox dedicated to an R5 core" and the R5 starts a transfer when it
 * "detects new information in its dedicated mailbox" (1.3.2.1); a read
 * request reaches "a mailbox dedicated to the R5 of the target node"
 * through a packetizer (1.3.2.2), which wires the sender's PDID into the
 * bits after the opcode (3.2.3.3); the opcode is word0's two low bits,
 * "opcode = 2 is for RAPF ... other opcodes are used for acknowledgement
 * messages or read requests" (3.2.1).  A request (two 48-bit addresses, a
 * node, a length, PD and channel) does not fit a slot's 64 bits, so it
 * takes four consecutive slots (our layout; the seed gives none):
 *
 *   slot 0  w0: [1:0] opcode 3 | [17:2] wired PDID (16) | [18] type |
 *               [22:19] pd (4) | [28:23] vc (6) | [31:29] 0
 *           w1: node (32)
 *   slot 1  w2: [1:0] 0 | [31:2] src[29:0]     w3: [17:0] src[47:30] | [31:18] 0
 *   slot 2  w4: [1:0] 0 | [31:2] dst[29:0]     w5: [17:0] dst[47:30] | [31:18] 0
 *   slot 3  w6: [1:0] 0 | [28:2] len (27) | [31:29] 0
 *           w7: check = (w0[31:18] + w1 + ... + w6 + 0x55445251) mod 2^32
 *
 * type: 0 a transfer request (a remote write, ud_r5_sched_submit with kind
 * WRITE), 1 a remote read request (ud_r5_sched_read_req: the target writes
 * [src, src+len) of its memory back to dst at node).  A continuation slot's
 * word0 has opcode 0, which starts no message: a reader that lost the frame
 * skips continuation slots and finds the next header.  The check leaves
 * out the opcode and the wired PDID (written by the packetizer after the
 * sender computed it); it catches a torn message (slots of an older one)
 * and any single damaged word.  It authenticates nothing: the wired PDID
 * does, and decode refuses a request whose pd is not the wired PDID.
 *
 * A decoded request meets every field condition of ud_r5_sched_submit /
 * _read_req (pd < 16, vc < 64, 1 <= len <= 64 MiB, no address wraps): the
 * scheduler answers it only UD_OK or UD_E_BUSY (contract ready).
 */
#ifndef UD_REQ_MSG_H
#define UD_REQ_MSG_H

#include "ud_common.h"

#define UD_REQ_WORDS    8u          /* four mailbox slots of two words  */
#define UD_REQ_SLOTS    4u
#define UD_REQ_OPCODE   3u
#define UD_REQ_XFER     0u          /* transfer request from the A53    */
#define UD_REQ_READ     1u          /* remote read request              */
#define UD_REQ_NPD      16u         /* as UD_R5_SCHED_NPD               */
#define UD_REQ_NVC      64u         /* as UD_R5_SCHED_NVC               */
#define UD_REQ_MAX_LEN  67108864u   /* as UD_R5_SCHED_MAX_LEN: 64 MiB   */
#define UD_REQ_VA_LIM   281474976710656ull /* 2^48: AArch64 VAs, 4 KB granule */
#define UD_REQ_CHECK_K  0x55445251u /* "UDRQ": a zero message does not check */
#define UD_REQ_W0_LIM   536870912u  /* 2^29: w0 bits [31:29] are zero   */
#define UD_REQ_HI_LIM   262144u     /* 2^18: w3, w5 bits [31:18] zero   */
/* The check word does not validate: a torn or damaged message. */
#define UD_REQ_E_CHECK  UD_E_KEY

struct ud_req_msg {
	uint8_t  type;      /* w0 [18]: UD_REQ_XFER / UD_REQ_READ            */
	uint8_t  pd;        /* w0 [22:19]: PD as the sender wrote it         */
	uint8_t  vc;        /* w0 [28:23]: virtual channel                   */
	uint16_t wired_pd;  /* w0 [17:2]: PDID wired by the packetizer       */
	uint32_t node;      /* w1: the other end (destination / requester)   */
	uint64_t src;       /* w2, w3: source VA, < 2^48                     */
	uint64_t dst;       /* w4, w5: destination VA, < 2^48                */
	uint32_t len;       /* w6 [28:2]: bytes, 1 .. 64 MiB                 */
};

#include "req_msg.acsl"

/* Encode a request into its eight words (w[0..7], slot k = w[2k], w[2k+1]).
 * A field out of range: UD_E_RANGE, w untouched. */
/*@
  requires valid_m: \valid_read(m);
  requires valid_w: \valid(w + (0 .. 7));
  requires sep: \separated(m, w + (0 .. 7));
  assigns w[0 .. 7];
  behavior bad_field:
    assumes !ud_req_valid(*m);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior ok:
    assumes ud_req_valid(*m);
    assigns w[0 .. 7];
    ensures ok: \result == UD_OK;
    ensures words: ud_req_words(*m, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    ensures framed: ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    ensures checked: ud_req_checked(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_req_encode(const struct ud_req_msg *m, uint32_t *w);

/* Decode the eight words of a request message.  Refused, *out unchanged:
 * UD_E_INVAL (opcode not 3, a continuation word's opcode not 0, a
 * reserved bit set), UD_REQ_E_CHECK (the check word), UD_E_RANGE (length
 * 0 or above 64 MiB), UD_E_FORGED (pd is not the wired PDID). */
/*@
  requires valid_w: \valid_read(w + (0 .. 7));
  requires valid_out: \valid(out);
  requires sep: \separated(out, w + (0 .. 7));
  assigns *out;
  behavior frame:
    assumes !ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assigns \nothing;
    ensures inval: \result == UD_E_INVAL;
  behavior torn:
    assumes ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes !ud_req_checked(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assigns \nothing;
    ensures torn: \result == UD_REQ_E_CHECK;
  behavior bad_len:
    assumes ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes ud_req_checked(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes !ud_req_len_ok(w[6]);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior forged:
    assumes ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes ud_req_checked(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes ud_req_len_ok(w[6]);
    assumes ud_req_w_wired(w[0]) != ud_req_w_pd(w[0]);
    assigns \nothing;
    ensures forged: \result == UD_E_FORGED;
  behavior ok:
    assumes ud_req_framed(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes ud_req_checked(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    assumes ud_req_len_ok(w[6]);
    assumes ud_req_w_wired(w[0]) == ud_req_w_pd(w[0]);
    assigns *out;
    ensures ok: \result == UD_OK;
    ensures valid: ud_req_valid(*out);
    ensures words: ud_req_words(*out, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
    ensures wired: out->wired_pd == out->pd;
    ensures ready: out->pd < UD_REQ_NPD && out->vc < UD_REQ_NVC && out->type <= 1 &&
      1 <= out->len <= UD_REQ_MAX_LEN &&
      out->src + out->len <= 18446744073709551615 &&
      out->dst + out->len <= 18446744073709551615;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_req_decode(const uint32_t *w, struct ud_req_msg *out);

#endif /* UD_REQ_MSG_H */
