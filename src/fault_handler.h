/* SPDX-License-Identifier: MIT */
/*
 * fault_handler.h -- what the thesis's tasklets (pf_rcv_tasklet,
 * pf_send_handler) decide, as one verified policy (seed
 * 004_2c0be60bc8bfaeb5.txt, 3.2.1-3.2.3, Fig. 3.2, Fig. 4.2):
 *
 *  for each fault -- a destination (write) fault popped from the fault FIFO,
 *  or a source (read, FSYNR.WNR = 0) fault the SMMU reported --
 *   1. skip it if it matches one of the last two entries handled for its
 *      source node (Fig. 4.2, the interleaving of two blocks): same trid,
 *      seq, PDID, process, and a page that handling already brought in;
 *   2. look the faulting page up in the owner's mapping (a bounded table
 *      passed in, with its own invariant): not mapped -> complete the
 *      transfer with UD_E_FAULT; mapped without the right the access needs
 *      (write for a destination fault, read for a source fault) -> complete
 *      it with UD_E_PERM; never retry those forever;
 *   3. choose the pages: Touch-A-Page = the faulting page; Touch-Ahead = the
 *      faulting page and up to the next three, stopping at the end of its
 *      16 KB-aligned block and at the first page the owner does not map with
 *      that right (so the Fig. 3.2 segmentation fault -- touching a page no
 *      longer in the process's address space -- cannot happen);
 *   4. ask the home to page them in (ud_plat_page_in);
 *   5. post one RAPF (opcode 2) retransmit request with the fault's trid,
 *      seq and PDID (ud_plat_post_rapf) -- for a source fault too (the
 *      thesis waited for the timeout there; we ask explicitly);
 *   6. remember it in the source's two-entry history.
 *
 * The contracts below prove: no page outside the owner's mapping, never
 * more than 4 pages (and never past the block), exactly one RAPF with the
 * fault's trid/seq/PDID per handled fault, none for a duplicate -- and
 * (issue 17) the same of the world: over the doors' ghost logs
 * (src/ud_platform.h) each call appends exactly the page-in, RAPF or
 * failure its behaviour names, with the fault's own PD, process, pages,
 * node, trid and seq (clauses paged, rapf_logged, no_rapf, no_fail,
 * fail_logged, no_log; docs/fault_handler.md, "Effects").
 */
#ifndef UD_FAULT_HANDLER_H
#define UD_FAULT_HANDLER_H

#include "ud_common.h"
#include "ud_platform.h"
/* Only fault_msg's vocabulary, not its lemmas: they are proved in
 * fault_msg's own unit, and their nonlinear axioms would only slow the
 * provers here. */
#ifndef UD_FAULT_MSG_H
#define UD_FAULT_MSG_NO_LEMMAS
#endif
#include "fault_msg.h"

#ifndef UD_FH_MAP_MAX
#define UD_FH_MAP_MAX   64u   /* entries of the owner's mapping table       */
#endif
#ifndef UD_FH_NSRC
#define UD_FH_NSRC      16u   /* source nodes with a dedup history          */
#endif
#define UD_FH_AHEAD_MAX 4u    /* seed 004: "up to four (4) pages"           */
#define UD_FH_VPN_LIM   134217728u /* 2^27 pages of a 39-bit VA (seed 004) */

#define UD_FH_TOUCH_A_PAGE 0u  /* one page per fault (Netlink + user touch) */
#define UD_FH_TOUCH_AHEAD  1u  /* up to 4 pages (get_user_pages)            */

#define UD_FH_DIR_SRC   0u     /* read side: FSYNR.WNR = 0, R/W digit 0     */
#define UD_FH_DIR_DST   1u     /* write side: the fault FIFO, R/W digit 1   */

/* Outcomes of one fault. */
#define UD_FH_OUT_RETRY      1u  /* pages in, one RAPF posted               */
#define UD_FH_OUT_FAILED     2u  /* transfer completed with act->err        */
#define UD_FH_OUT_DUP        3u  /* matched the source's history: skipped   */
#define UD_FH_OUT_PAGEIN_ERR 4u  /* home could not page in: R5 timeout path */

#define UD_FH_R_READ  1u
#define UD_FH_R_WRITE 2u

/* One run of pages the owner (process proc of PD pdid) maps. */
struct ud_fh_ment {
	uint16_t pdid;
	uint8_t  proc;    /* process index in the PD, 4 bits          */
	uint8_t  rights;  /* UD_FH_R_READ | UD_FH_R_WRITE, not 0      */
	uint32_t vpn;     /* first page (VA >> 12), 27 bits            */
	uint32_t npages;  /* >= 1, vpn + npages <= 2^27                */
};

/* The owners' mappings: a bounded table, kept by the home. */
struct ud_fh_map {
	uint32_t n;
	struct ud_fh_ment e[UD_FH_MAP_MAX];
};

/* A fault to handle. */
struct ud_fh_fault {
	uint32_t node;   /* whose R5 retransmits: src_ID of a FIFO entry, or
	                    this node for a source fault; 22 bits */
	uint16_t trid;   /* 14 bits */
	uint16_t seq;    /* 14 bits */
	uint16_t pdid;
	uint8_t  proc;   /* 4 bits */
	uint8_t  dir;    /* UD_FH_DIR_SRC / UD_FH_DIR_DST */
	uint32_t vpn;    /* faulting page, 27 bits */
};

/* One handled fault, as the handler records it: every field of the fault
 * that decides its handling (docs/fault_handler.md, "Dedup key"); the
 * node is the slot's (struct ud_fh_src). */
struct ud_fh_rec {
	uint8_t  valid;
	uint8_t  proc;
	uint8_t  npages;  /* pages the handling brought in, 1..4 */
	uint8_t  dir;     /* the fault's UD_FH_DIR_SRC / UD_FH_DIR_DST */
	uint16_t trid;
	uint16_t seq;
	uint16_t pdid;
	uint32_t vpn;
};

struct ud_fh_src {
	uint8_t  used;
	uint32_t node;
	struct ud_fh_rec newest;    /* the last fault handled      */
	struct ud_fh_rec older;     /* the one before it           */
};

/* The handler's state. */
struct ud_fh {
	struct ud_fh_src s[UD_FH_NSRC];
	/* next slot replaced (round robin).  64-bit although it counts to
	 * 16: under WP's Typed model it then lives in a memory chunk of its
	 * own, apart from the slots' 32-bit fields, so moving the cursor
	 * visibly leaves every slot alone (docs/METHOD.md, "chunks"). */
	uint64_t victim;
	uint32_t mode;              /* UD_FH_TOUCH_A_PAGE / UD_FH_TOUCH_AHEAD */
};

/* What the handler did with one fault. */
struct ud_fh_action {
	struct ud_fh_fault fault;   /* the fault handled (every outcome) */
	uint32_t outcome;           /* UD_FH_OUT_* */
	ud_status err;              /* UD_OUT_FAILED: UD_E_FAULT or UD_E_PERM */
	uint32_t vpn;               /* first page paged in */
	uint32_t npages;            /* pages paged in (0 if none) */
	uint32_t rtx;               /* RAPF requests posted: 0 or 1 */
	struct ud_rtx_msg msg;      /* the RAPF posted */
	uint32_t w0, w1;            /* its two mailbox words */
};

#include "fault_handler.acsl"

/*@
  requires valid: \valid(h);
  assigns *h;
  ensures inv: ud_fh_inv(h);
  ensures mode: h->mode == (ahead != 0 ? UD_FH_TOUCH_AHEAD : UD_FH_TOUCH_A_PAGE);
  ensures empty: \forall integer i; 0 <= i < UD_FH_NSRC ==> h->s[i].used == 0 &&
    h->s[i].newest.valid == 0 && h->s[i].older.valid == 0;
*/
void ud_fh_init(struct ud_fh *h, bool ahead);

/*@
  requires valid: \valid(m);
  assigns m->n;
  ensures inv: ud_fh_map_inv(m);
  ensures empty: m->n == 0;
*/
void ud_fh_map_init(struct ud_fh_map *m);

/* Add a run of pages to the owners' mapping table. */
/*@
  requires valid: \valid(m);
  requires inv: ud_fh_map_inv(m);
  assigns m->n, m->e[m->n];
  ensures inv: ud_fh_map_inv(m);
  behavior bad:
    assumes !(1 <= rights <= 3 && proc < 16 && 1 <= npages &&
              vpn + npages <= UD_FH_VPN_LIM);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  behavior full:
    assumes 1 <= rights <= 3 && proc < 16 && 1 <= npages &&
            vpn + npages <= UD_FH_VPN_LIM;
    assumes m->n == UD_FH_MAP_MAX;
    assigns \nothing;
    ensures nospc: \result == UD_E_NOSPC;
  behavior added:
    assumes 1 <= rights <= 3 && proc < 16 && 1 <= npages &&
            vpn + npages <= UD_FH_VPN_LIM;
    assumes m->n < UD_FH_MAP_MAX;
    ensures ok: \result == UD_OK && m->n == \old(m->n) + 1;
    ensures entry: m->e[\old(m->n)].pdid == pdid && m->e[\old(m->n)].proc == proc &&
      m->e[\old(m->n)].rights == rights && m->e[\old(m->n)].vpn == vpn &&
      m->e[\old(m->n)].npages == npages;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_fh_map_add(struct ud_fh_map *m, uint16_t pdid, uint8_t proc,
			uint8_t rights, uint32_t vpn, uint32_t npages);

/* Handle one fault (steps 1-6 above). */
/*@
  requires valid: \valid(h) && \valid_read(map) && \valid_read(f) && \valid(act);
  // act apart from the whole block of each other pointer: what WP's
  // Typed+ref model assumes (proofs/memmodel/fault_handler_handle_harness.c)
  requires sep: \separated(h, map, f) && \separated(act, f + (..)) &&
    \separated(act, h + (..)) && \separated(act, map + (..));
  requires inv: ud_fh_inv(h);
  requires map_inv: ud_fh_map_inv(map);
  requires room: ud_fh_log_room(1);
  assigns *h, *act, ud_env, ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n),
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h);
  ensures mode_kept: h->mode == \old(h->mode);
  behavior bad_fault:
    assumes !ud_fh_fault_ok(f);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
    ensures no_log: ud_fh_logged{Pre, Post}(0, 0, 0);
  behavior duplicate:
    assumes ud_fh_fault_ok(f) && ud_fh_is_dup(h, f);
    assigns *act;
    ensures stale: \result == UD_E_STALE && act->outcome == UD_FH_OUT_DUP;
    ensures no_rtx: act->rtx == 0 && act->npages == 0;
    ensures which: act->fault == *f;
    ensures no_log: ud_fh_logged{Pre, Post}(0, 0, 0);
  behavior outside:
    assumes ud_fh_fault_ok(f) && !ud_fh_is_dup(h, f);
    assumes !ud_fh_mapped(map, f->pdid, f->proc, f->vpn);
    ensures fail_fault: \result == UD_OK && act->outcome == UD_FH_OUT_FAILED &&
      act->err == UD_E_FAULT;
    ensures no_touch: act->npages == 0 && act->rtx == 0;
    ensures recorded: ud_fh_is_dup(h, f);
    ensures which: act->fault == *f;
    // exactly one fail entry, for exactly this transfer; nothing paged in,
    // no RAPF
    ensures fail_logged: ud_fh_logged{Pre, Post}(0, 0, 1) &&
      ud_fh_fail_is(\old(ud_fh_fail_n), f->node, f->pdid,
                    f->trid, f->seq, UD_E_FAULT);
  behavior perm:
    assumes ud_fh_fault_ok(f) && !ud_fh_is_dup(h, f);
    assumes ud_fh_mapped(map, f->pdid, f->proc, f->vpn) &&
            !ud_fh_allowed(map, f->pdid, f->proc, f->vpn, f->dir);
    ensures fail_perm: \result == UD_OK && act->outcome == UD_FH_OUT_FAILED &&
      act->err == UD_E_PERM;
    ensures no_touch: act->npages == 0 && act->rtx == 0;
    ensures recorded: ud_fh_is_dup(h, f);
    ensures which: act->fault == *f;
    ensures fail_logged: ud_fh_logged{Pre, Post}(0, 0, 1) &&
      ud_fh_fail_is(\old(ud_fh_fail_n), f->node, f->pdid,
                    f->trid, f->seq, UD_E_PERM);
  behavior page_in:
    assumes ud_fh_fault_ok(f) && !ud_fh_is_dup(h, f);
    assumes ud_fh_allowed(map, f->pdid, f->proc, f->vpn, f->dir);
    // The owner's mapping as the handler was given it (map is not
    // assigned, so it is the same table after the call; in_map and
    // ahead_max say so with \at(.., Pre): read in the post-state the
    // provers must carry the 64-entry table across the havoc of *h by
    // ud_fh_retry -- ahead_max so took 246k cvc4 steps, timing out at
    // 15 s under load; this way 65k, docs/METHOD.md).
    ensures in_map: \forall integer v; act->vpn <= v < act->vpn + act->npages ==>
      \at(ud_fh_allowed(map, f->pdid, f->proc, v, f->dir), Pre);
    ensures at_most_4: 1 <= act->npages <= UD_FH_AHEAD_MAX && act->vpn == f->vpn;
    ensures in_block: act->vpn + act->npages <= ud_fh_block_end(f->vpn);
    ensures a_page: \old(h->mode) == UD_FH_TOUCH_A_PAGE ==> act->npages == 1;
    ensures ahead_max: \old(h->mode) == UD_FH_TOUCH_AHEAD ==>
      \let e = act->vpn + act->npages; (e == ud_fh_block_end(f->vpn) ||
       !\at(ud_fh_allowed(map, f->pdid, f->proc, e, f->dir), Pre));
    ensures one_rapf: \result == UD_OK ==> act->outcome == UD_FH_OUT_RETRY &&
      act->rtx == 1 && act->msg.trid == f->trid && act->msg.seq == f->seq &&
      act->msg.pdid == f->pdid && act->msg.wired_pdid == f->pdid &&
      ud_rtx_words(act->msg, act->w0, act->w1);
    ensures recorded: \result == UD_OK ==> ud_fh_is_dup(h, f);
    ensures pagein_err: \result != UD_OK ==> \result == UD_E_PLATFORM &&
      act->outcome == UD_FH_OUT_PAGEIN_ERR && act->rtx == 0 &&
      h->victim == \old(h->victim) &&
      (\forall integer i; 0 <= i < UD_FH_NSRC ==> h->s[i] == \old(h->s[i]));
    ensures which: act->fault == *f;
    // exactly one page-in entry: the pages the policy chose (act->vpn,
    // act->npages: in_map, at_most_4, ...), of the faulting PD and
    // process, for writing iff a destination fault (dir 1)
    ensures paged: ud_fh_pin_n == \old(ud_fh_pin_n) + 1 &&
      ud_fh_pin_is(\old(ud_fh_pin_n), f->pdid, f->proc,
                   act->vpn, act->npages, f->dir);
    // then exactly one RAPF entry, to the fault's node through its PD's
    // packetizer, whose words carry the fault's trid, seq and PDID
    ensures rapf_logged: \result == UD_OK ==>
      ud_fh_rapf_n == \old(ud_fh_rapf_n) + 1 &&
      ud_fh_rapf_is(\old(ud_fh_rapf_n), f->node, f->pdid,
                    act->w0, act->w1) &&
      ud_fh_rapf_of(\old(ud_fh_rapf_n), f);
    ensures no_rapf: \result != UD_OK ==> ud_fh_rapf_n == \old(ud_fh_rapf_n);
    ensures no_fail: ud_fh_fail_n == \old(ud_fh_fail_n);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_fh_handle(struct ud_fh *h, const struct ud_fh_map *map,
		       const struct ud_fh_fault *f, struct ud_fh_action *act);

#endif /* UD_FAULT_HANDLER_H */
