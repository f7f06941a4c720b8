/* SPDX-License-Identifier: MIT */
/*
 * send_mode.h -- the five send modes of seed 003 (Warschko, Blum, Tichy,
 * PDPTA'99, section 2): PIO, CopyDMA, DirectDMA, V2PDMA, PEXDMA, for one
 * send buffer of one page (the seed's MTU, 4096 Byte), and where a
 * message goes at the receiver.  Design: docs/send-modes.md.
 *
 * One send buffer (struct ud_sm_buf):
 *
 *   IDLE --post--> FLIGHT --complete--> IDLE
 *
 *   post, per mode:  PIO       copy the page to the NI        (door copy)
 *                    CopyDMA   copy the page to the DMA buffer (door copy)
 *                    DirectDMA nothing: the page is DMA memory, pinned at startup
 *                    V2PDMA    pin the page                    (door pin)
 *                    PEXDMA    pin the page, mark it COW       (door pin, door cow)
 *   user write while in flight:
 *                    the NI reads another frame   -> PLAIN (message untouched)
 *                    PEXDMA, same frame           -> COW: the page is copied for
 *                                                    the user first (door copy)
 *                    DirectDMA/V2PDMA, same frame -> RACE: the message changes
 *   complete:        free the copy / unpin / clear COW and unpin / unpin and
 *                    release the duplicated original (door put, door cow)
 *
 * The buffer-reuse rule (seed 2.1, 5): under PIO, CopyDMA and PEXDMA the
 * user may reuse its buffer as soon as send returns -- the receiver gets the
 * content the buffer held at the send call whatever is written afterwards
 * (ud_sm_complete:classical_sent, carried by ud_sm_inv and
 * ud_sm_write:classical); under DirectDMA and V2PDMA only after completion
 * (ud_sm_may_reuse, the seed's DMA-Ready()).
 *
 * Content is modelled by a token per frame role (gen: the user's page;
 * wgen: the frame the NI reads; snap: the user's page at the send call).
 * They are ordinary fields because Frama-C 25 rejects ghost struct fields;
 * the host home fills real pages from the tokens (tests compare bytes).
 */
#ifndef UD_SEND_MODE_H
#define UD_SEND_MODE_H

#include "ud_common.h"
#include "ud_platform.h"

/* Modes (seed 2.1). */
#define UD_SM_PIO       0u
#define UD_SM_COPYDMA   1u
#define UD_SM_DIRECTDMA 2u
#define UD_SM_V2PDMA    3u
#define UD_SM_PEXDMA    4u

/* Buffer states. */
#define UD_SM_IDLE   0u   /* owned by the user, nothing in flight */
#define UD_SM_FLIGHT 1u   /* a send of it is in flight            */

/* What a user write did (ud_sm_write); errors are negative. */
#define UD_SM_W_PLAIN 0   /* only the user's page changed             */
#define UD_SM_W_COW   1   /* the page was duplicated first (PEXDMA)   */
#define UD_SM_W_RACE  2   /* it landed in the frame the NI reads      */

/* Where an incoming message goes (ud_sm_rx_place). */
#define UD_SM_RX_BUFFER 0 /* the DMA buffer: buffered receive         */
#define UD_SM_RX_DIRECT 1 /* the inbound mapping set up at startup    */
#define UD_SM_RX_POSTED 2 /* the pre-posted receive buffer            */

/* How a buffered message reaches the user (ud_sm_rx_deliver). */
#define UD_SM_RX_COPY     0
#define UD_SM_RX_EXCHANGE 1

#define UD_SM_MTU 4096u   /* seed 4: "MTU was limited to 4096 Byte" */

struct ud_sm_buf {
	uint32_t ufr;   /* frame the user's page maps to now          */
	uint32_t sfr;   /* frame the NI reads (FLIGHT)                */
	uint32_t gen;   /* content token of the user's page           */
	uint32_t wgen;  /* content token of the frame the NI reads    */
	uint32_t snap;  /* the user's content at the send call        */
	uint8_t  mode;  /* UD_SM_PIO .. UD_SM_PEXDMA                  */
	uint8_t  st;    /* UD_SM_IDLE / UD_SM_FLIGHT                  */
};

struct ud_sm_done {
	ud_status status;
	uint32_t sent;  /* content token the receiver got */
};

/*@
  predicate ud_sm_mode_ok(integer m) = 0 <= m <= 4;
  // Seed 2.1: "With PIO, CopyDMA, or PEXDMA it is safe for an application
  // to reuse its send buffers as soon as the send operation returns."
  predicate ud_sm_classical(integer m) =
    m == UD_SM_PIO || m == UD_SM_COPYDMA || m == UD_SM_PEXDMA;
  predicate ud_sm_copies(integer m) = m == UD_SM_PIO || m == UD_SM_COPYDMA;
  predicate ud_sm_in_place(integer m) = m == UD_SM_DIRECTDMA || m == UD_SM_V2PDMA;

  // The invariant of one send buffer.  In flight: the NI's frame has the
  // content the user's page has when they are one frame; a copying mode
  // reads another frame; DirectDMA and V2PDMA read the user's frame; and
  // under a classical mode the NI reads the content of the send call.
  predicate ud_sm_inv(struct ud_sm_buf *b) =
    ud_sm_mode_ok(b->mode) &&
    (b->st == UD_SM_IDLE || b->st == UD_SM_FLIGHT) &&
    b->ufr != UD_SM_NOFRAME &&
    (b->st == UD_SM_FLIGHT ==>
       b->sfr != UD_SM_NOFRAME &&
       (b->ufr == b->sfr ==> b->wgen == b->gen) &&
       (ud_sm_copies(b->mode) ==> b->ufr != b->sfr) &&
       (ud_sm_in_place(b->mode) ==> b->ufr == b->sfr) &&
       (ud_sm_classical(b->mode) ==> b->wgen == b->snap));

  predicate ud_sm_same{L1, L2}(struct ud_sm_buf *b) =
    \at(b->ufr, L1) == \at(b->ufr, L2) && \at(b->sfr, L1) == \at(b->sfr, L2) &&
    \at(b->gen, L1) == \at(b->gen, L2) && \at(b->wgen, L1) == \at(b->wgen, L2) &&
    \at(b->snap, L1) == \at(b->snap, L2) && \at(b->mode, L1) == \at(b->mode, L2) &&
    \at(b->st, L1) == \at(b->st, L2);

  // Entry i of the door log.
  predicate ud_sm_log_is(integer i, integer op, integer fr, integer arg) =
    ud_sm_op[i] == op && ud_sm_fr[i] == fr && ud_sm_arg[i] == arg;
*/

#define UD_SM_LOG_AT(i) ud_sm_op[i], ud_sm_fr[i], ud_sm_arg[i], ud_sm_res[i]

/* A buffer of mode `mode` at the user's frame `frame` holding `content`. */
/*@ requires valid: \valid(b);
    assigns *b;
    behavior bad:
      assumes !ud_sm_mode_ok(mode) || frame == UD_SM_NOFRAME;
      ensures status: \result == UD_E_INVAL;
      ensures unchanged: ud_sm_same{Pre, Post}(b);
    behavior ok:
      assumes ud_sm_mode_ok(mode) && frame != UD_SM_NOFRAME;
      ensures status: \result == UD_OK;
      ensures inv: ud_sm_inv(b);
      ensures fields: b->mode == mode && b->st == UD_SM_IDLE && b->ufr == frame &&
        b->gen == content;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_sm_init(struct ud_sm_buf *b, uint32_t mode, uint32_t frame, uint32_t content);

/* The send call. */
/*@ requires valid: \valid(b);
    requires inv: ud_sm_inv(b);
    requires room: ud_sm_n <= UD_SM_LOG - 2;
    assigns b->st, b->sfr, b->wgen, b->snap, ud_env, ud_sm_n,
            UD_SM_LOG_AT(ud_sm_n), UD_SM_LOG_AT(ud_sm_n + 1);
    ensures inv: ud_sm_inv(b);
    ensures kept: b->mode == \old(b->mode) && b->ufr == \old(b->ufr) && b->gen == \old(b->gen);
    ensures posted: \result == UD_OK ==> b->st == UD_SM_FLIGHT &&
      b->snap == \old(b->gen) && b->wgen == \old(b->gen);
    ensures failed: \result != UD_OK ==> ud_sm_same{Pre, Post}(b);
    behavior busy:
      assumes b->st != UD_SM_IDLE;
      ensures status: \result == UD_E_BUSY;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
    behavior copy:
      assumes b->st == UD_SM_IDLE && ud_sm_copies(b->mode);
      ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
      ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_COPY, \old(b->ufr),
                     b->mode == UD_SM_PIO ? UD_SM_TO_NI : UD_SM_TO_DMABUF);
      ensures copied: \result == UD_OK ==>
        b->sfr == ud_sm_res[\old(ud_sm_n)] && b->sfr != b->ufr;
    behavior direct:
      assumes b->st == UD_SM_IDLE && b->mode == UD_SM_DIRECTDMA;
      ensures status: \result == UD_OK;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
      ensures in_place: b->sfr == b->ufr;
    behavior v2p:
      assumes b->st == UD_SM_IDLE && b->mode == UD_SM_V2PDMA;
      ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
      ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PIN, \old(b->ufr), 0);
      ensures pinned: \result == UD_OK ==> ud_sm_res[\old(ud_sm_n)] == 0 && b->sfr == b->ufr;
    behavior pex:
      assumes b->st == UD_SM_IDLE && b->mode == UD_SM_PEXDMA;
      ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
      ensures pin_first: ud_sm_n >= \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PIN, \old(b->ufr), 0);
      ensures cow_marked: \result == UD_OK ==> ud_sm_n == \old(ud_sm_n) + 2 &&
        ud_sm_res[\old(ud_sm_n)] == 0 &&
        ud_sm_log_is(\old(ud_sm_n) + 1, UD_SM_OP_COW, \old(b->ufr), 1) &&
        b->sfr == b->ufr;
      ensures pin_refused: \result != UD_OK ==> ud_sm_n == \old(ud_sm_n) + 1;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_sm_post(struct ud_sm_buf *b);

/* The user writes its page (content token v).  UD_SM_W_PLAIN, _COW, _RACE,
 * or UD_E_PLATFORM when the COW copy failed (nothing written). */
/*@ requires valid: \valid(b);
    requires inv: ud_sm_inv(b);
    requires room: ud_sm_n < UD_SM_LOG;
    assigns b->ufr, b->gen, b->wgen, ud_env, ud_sm_n, UD_SM_LOG_AT(ud_sm_n);
    ensures inv: ud_sm_inv(b);
    ensures kept: b->mode == \old(b->mode) && b->st == \old(b->st) &&
      b->sfr == \old(b->sfr) && b->snap == \old(b->snap);
    ensures classical: ud_sm_classical(b->mode) ==> b->wgen == \old(b->wgen);
    ensures written: \result >= 0 ==> b->gen == v;
    behavior idle:
      assumes b->st == UD_SM_IDLE;
      ensures status: \result == UD_SM_W_PLAIN;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
      ensures frames: b->ufr == \old(b->ufr) && b->wgen == \old(b->wgen);
    behavior apart:
      assumes b->st == UD_SM_FLIGHT && b->ufr != b->sfr;
      ensures status: \result == UD_SM_W_PLAIN;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
      ensures frames: b->ufr == \old(b->ufr) && b->wgen == \old(b->wgen);
    behavior cow:
      assumes b->st == UD_SM_FLIGHT && b->ufr == b->sfr && b->mode == UD_SM_PEXDMA;
      ensures codes: \result == UD_SM_W_COW || \result == UD_E_PLATFORM;
      ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_COPY, \old(b->ufr), UD_SM_TO_USER);
      ensures duplicated: \result == UD_SM_W_COW ==>
        b->ufr == ud_sm_res[\old(ud_sm_n)] && b->ufr != b->sfr && b->wgen == \old(b->wgen);
      ensures failed: \result != UD_SM_W_COW ==> ud_sm_same{Pre, Post}(b);
    behavior race:
      assumes b->st == UD_SM_FLIGHT && b->ufr == b->sfr && b->mode != UD_SM_PEXDMA;
      ensures status: \result == UD_SM_W_RACE;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
      ensures nic_sees: b->wgen == v && b->ufr == \old(b->ufr);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_sm_write(struct ud_sm_buf *b, uint32_t v);

/* The NI finished reading the buffer: give back what post took; the
 * content token the receiver got. */
/*@ requires valid: \valid(b);
    requires inv: ud_sm_inv(b);
    requires room: ud_sm_n <= UD_SM_LOG - 2;
    assigns b->st, ud_env, ud_sm_n, UD_SM_LOG_AT(ud_sm_n), UD_SM_LOG_AT(ud_sm_n + 1);
    ensures inv: ud_sm_inv(b);
    ensures kept: b->mode == \old(b->mode) && b->ufr == \old(b->ufr) &&
      b->sfr == \old(b->sfr) && b->gen == \old(b->gen) && b->wgen == \old(b->wgen) &&
      b->snap == \old(b->snap);
    ensures done: \result.status == UD_OK ==> b->st == UD_SM_IDLE &&
      \result.sent == \old(b->wgen);
    ensures classical_sent: \result.status == UD_OK && ud_sm_classical(\old(b->mode)) ==>
      \result.sent == \old(b->snap);
    behavior not_flight:
      assumes b->st != UD_SM_FLIGHT;
      ensures status: \result.status == UD_E_STATE;
      ensures unchanged: ud_sm_same{Pre, Post}(b) && ud_sm_n == \old(ud_sm_n);
    behavior copies:
      assumes b->st == UD_SM_FLIGHT && ud_sm_copies(b->mode);
      ensures status: \result.status == UD_OK;
      ensures freed: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PUT, \old(b->sfr), UD_SM_PUT_FREE);
    behavior direct:
      assumes b->st == UD_SM_FLIGHT && b->mode == UD_SM_DIRECTDMA;
      ensures status: \result.status == UD_OK;
      ensures no_door: ud_sm_n == \old(ud_sm_n);
    behavior v2p:
      assumes b->st == UD_SM_FLIGHT && b->mode == UD_SM_V2PDMA;
      ensures status: \result.status == UD_OK;
      ensures unpinned: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PUT, \old(b->sfr), UD_SM_PUT_UNPIN);
    behavior pex_kept:
      assumes b->st == UD_SM_FLIGHT && b->mode == UD_SM_PEXDMA && b->ufr == b->sfr;
      ensures status: \result.status == UD_OK;
      ensures cow_cleared: ud_sm_n == \old(ud_sm_n) + 2 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_COW, \old(b->sfr), 0) &&
        ud_sm_log_is(\old(ud_sm_n) + 1, UD_SM_OP_PUT, \old(b->sfr), UD_SM_PUT_UNPIN);
    behavior pex_dup:
      assumes b->st == UD_SM_FLIGHT && b->mode == UD_SM_PEXDMA && b->ufr != b->sfr;
      ensures status: \result.status == UD_OK;
      ensures released: ud_sm_n == \old(ud_sm_n) + 1 &&
        ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PUT, \old(b->sfr), UD_SM_PUT_RELEASE);
    complete behaviors;
    disjoint behaviors;
*/
struct ud_sm_done ud_sm_complete(struct ud_sm_buf *b);

/* DMA-Ready(): may the user reuse (write) the buffer now without
 * changing the message in flight?  1 yes, 0 no. */
/*@ requires valid: \valid_read(b);
    requires inv: ud_sm_inv(b);
    assigns \nothing;
    behavior free:
      assumes b->st == UD_SM_IDLE || ud_sm_classical(b->mode);
      ensures reuse: \result == 1;
    behavior wait:
      assumes b->st != UD_SM_IDLE && !ud_sm_classical(b->mode);
      ensures no_reuse: \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int ud_sm_may_reuse(const struct ud_sm_buf *b);

/* A message of len bytes arrives for a receiver in mode `mode`: mapped != 0
 * when a DirectDMA inbound mapping covers it, posted_len the size of the
 * pre-posted receive buffer (0: none).  Seed 2.2 and 3. */
/*@ assigns \nothing;
    behavior bad:
      assumes !ud_sm_mode_ok(mode) || mode == UD_SM_PIO || len == 0 || len > UD_SM_MTU;
      ensures status: \result == UD_E_INVAL;
    behavior buffered:
      assumes ud_sm_mode_ok(mode) && 0 < len <= UD_SM_MTU &&
        (mode == UD_SM_COPYDMA || mode == UD_SM_PEXDMA ||
         (mode == UD_SM_DIRECTDMA && mapped == 0));
      ensures place: \result == UD_SM_RX_BUFFER;
    behavior direct:
      assumes 0 < len <= UD_SM_MTU && mode == UD_SM_DIRECTDMA && mapped != 0;
      ensures place: \result == UD_SM_RX_DIRECT;
    behavior posted:
      assumes 0 < len <= UD_SM_MTU && mode == UD_SM_V2PDMA && len <= posted_len;
      ensures place: \result == UD_SM_RX_POSTED;
    behavior unposted:
      assumes 0 < len <= UD_SM_MTU && mode == UD_SM_V2PDMA && posted_len < len;
      ensures status: \result == UD_E_NOSPC;
    complete behaviors;
    disjoint behaviors;
*/
int32_t ud_sm_rx_place(uint32_t mode, uint32_t mapped, uint32_t posted_len, uint32_t len);

/* The receive call takes a buffered message into user memory at uva:
 * PEXDMA exchanges pages when uva is page aligned, else copies (CopyDMA's
 * fallback, seed 2.2); CopyDMA and DirectDMA's transmission buffer copy. */
/*@ assigns \nothing;
    behavior bad:
      assumes mode != UD_SM_COPYDMA && mode != UD_SM_DIRECTDMA && mode != UD_SM_PEXDMA;
      ensures status: \result == UD_E_INVAL;
    behavior exchange:
      assumes mode == UD_SM_PEXDMA && uva % UD_PAGE_SIZE == 0;
      ensures how: \result == UD_SM_RX_EXCHANGE;
    behavior copy:
      assumes mode == UD_SM_COPYDMA || mode == UD_SM_DIRECTDMA ||
        (mode == UD_SM_PEXDMA && uva % UD_PAGE_SIZE != 0);
      ensures how: \result == UD_SM_RX_COPY;
    complete behaviors;
    disjoint behaviors;
*/
int32_t ud_sm_rx_deliver(uint32_t mode, uint64_t uva);

#endif /* UD_SEND_MODE_H */
