/* SPDX-License-Identifier: MIT */
/* fault_drain.c -- see fault_drain.h (seed 004_2c0be60bc8bfaeb5.txt, 3.2.3.2). */
#include "fault_drain.h"

/* uldma-wp: -wp-model Typed+ref */

/*
 * Proof structure.  The drain loop calls the FIFO's pop and the handler,
 * whose contracts are long (every behavior, every field).  After such a
 * call the provers must still see that the *other* objects (the handler
 * across a pop, the FIFO across a handling, the mapping across both) are
 * unchanged; with the callees' full postconditions in the context they
 * time out on that frame, without them it takes milliseconds (measured
 * 2026-11-25, docs/METHOD.md).  So the loop calls two thin wrappers
 * whose contracts say only what the loop needs; each wrapper's contract
 * is proved from the callee's full one.
 */

/* Pop one entry (LOW then HIGH read); the loop's view of ud_ff_pop.  The
 * entry is returned by value and the status through *st, which is only
 * dereferenced: so the caller's entry and status are plain values, not
 * heap objects whose separation from *h and *map the provers must show. */
/*@
  requires valid: \valid(ff) && \valid(st);
  requires sep: \separated(ff, st);
  requires inv: ud_ff_inv(ff);
  assigns ff->rd, ff->head, ff->count, *st;
  ensures inv: ud_ff_inv(ff);
  ensures idle: ff->rd == UD_FF_RD_IDLE;
  behavior popped:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count > 0;
    ensures status: *st == UD_OK;
    ensures one_less: ff->count == \old(ff->count) - 1 &&
      ff->head == (\old(ff->head) + 1) % 512;
    // the entry returned is the old head's (Table 3.2 packing), in range
    ensures oldest: ud_ff_lo_of(\result.src_id, \result.tr_id, \result.seq) ==
        \old(ff->lo[ff->head]) &&
      ud_ff_hi_of(\result.pdid, \result.proc, \result.vpn, \result.exa_ack) ==
        \old(ff->hi[ff->head]);
    ensures in_range: ud_ff_fields_ok(\result.src_id, \result.tr_id, \result.seq,
      \result.pdid, \result.proc, \result.vpn, \result.exa_ack);
  behavior empty:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count == 0;
    ensures status: *st == UD_E_EMPTY;
    ensures kept_ff: ff->count == 0 && ff->head == \old(ff->head);
  behavior half_read:
    assumes ff->rd == UD_FF_RD_LOW_READ;
    ensures status: *st == UD_E_SEQ;
    ensures kept_ff: ff->count == \old(ff->count) && ff->head == \old(ff->head);
  complete behaviors;
  disjoint behaviors;
*/
static struct ud_ff_entry pop_raw(struct ud_ff *ff, ud_status *st)
{
	struct ud_ff_entry t = { 0 };

	*st = ud_ff_pop(ff, &t);
	return t;
}

/* The drain step's view of pop_raw, with ghost parameters: the drain's
 * actions acts[0 .. k-1] recorded so far, whose frame (`kept`, and of
 * their tallies, `tally_kept`: by a ghost induction over the prefix) is
 * proved here, beside the one call, and not in the drain's step where
 * the handler's call is in every goal too.  No address-taken local here
 * (pop_raw's entry is one): a frame across a call writing a fresh local
 * must separate acts from the local's allocation. */
/*@
  requires valid: \valid(ff) && \valid(st);
  requires sep: \separated(ff, st, acts + (0 .. k));
  requires inv: ud_ff_inv(ff);
  assigns ff->rd, ff->head, ff->count, *st;
  ensures inv: ud_ff_inv(ff);
  ensures idle: ff->rd == UD_FF_RD_IDLE;
  ensures kept: \forall integer j; 0 <= j < k ==> acts[j].fault == \old(acts[j].fault);
  ensures tally_kept: ud_fd_npin(acts, k) == \old(ud_fd_npin(acts, k)) &&
    ud_fd_nrapf(acts, k) == \old(ud_fd_nrapf(acts, k)) &&
    ud_fd_nfail(acts, k) == \old(ud_fd_nfail(acts, k));
  behavior popped:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count > 0;
    ensures status: *st == UD_OK;
    ensures one_less: ff->count == \old(ff->count) - 1 &&
      ff->head == (\old(ff->head) + 1) % 512;
    // the entry returned is the old head's (Table 3.2 packing), in range
    ensures oldest: ud_ff_lo_of(\result.src_id, \result.tr_id, \result.seq) ==
        \old(ff->lo[ff->head]) &&
      ud_ff_hi_of(\result.pdid, \result.proc, \result.vpn, \result.exa_ack) ==
        \old(ff->hi[ff->head]);
    ensures in_range: ud_ff_fields_ok(\result.src_id, \result.tr_id, \result.seq,
      \result.pdid, \result.proc, \result.vpn, \result.exa_ack);
  behavior empty:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count == 0;
    ensures status: *st == UD_E_EMPTY;
    ensures kept_ff: ff->count == 0 && ff->head == \old(ff->head);
  behavior half_read:
    assumes ff->rd == UD_FF_RD_LOW_READ;
    ensures status: *st == UD_E_SEQ;
    ensures kept_ff: ff->count == \old(ff->count) && ff->head == \old(ff->head);
  complete behaviors;
  disjoint behaviors;
*/
static struct ud_ff_entry drain_pop(struct ud_ff *ff, ud_status *st)
	/*@ ghost (struct ud_fh_action *acts, uint32_t k) */
{
	struct ud_ff_entry t = pop_raw(ff, st);

	/* One field per goal (each tally reads one or two of them). */
	/*@ assert a_out: \forall integer j; 0 <= j < k ==>
	      acts[j].outcome == \at(acts[j].outcome, Pre); */
	/*@ assert a_err: \forall integer j; 0 <= j < k ==>
	      acts[j].err == \at(acts[j].err, Pre); */
	/*@ assert a_fault: \forall integer j; 0 <= j < k ==>
	      acts[j].fault == \at(acts[j].fault, Pre); */
	/*@ ghost
	  uint32_t i = 0;
	  /@ loop invariant bound: 0 <= i <= k;
	     loop invariant s_pin: ud_fd_npin(acts, i) == ud_fd_npin{Pre}(acts, i);
	     loop invariant s_rapf: ud_fd_nrapf(acts, i) == ud_fd_nrapf{Pre}(acts, i);
	     loop invariant s_fail: ud_fd_nfail(acts, i) == ud_fd_nfail{Pre}(acts, i);
	     loop assigns i;
	     loop variant k - i;
	  @/
	  while (i < k)
	    i++;
	*/
	return t;
}

/* The owners' mapping table is well formed (ud_fh_map_inv), checked. */
/*@
  requires valid: \valid_read(map);
  assigns \nothing;
  ensures def: \result <==> ud_fh_map_inv(map);
*/
static bool map_ok(const struct ud_fh_map *map)
{
	uint32_t i;

	if (map->n > UD_FH_MAP_MAX)
		return false;
	/*@
	  loop invariant bound: 0 <= i <= map->n;
	  loop invariant ok: \forall integer j; 0 <= j < i ==> ud_fh_ment_ok(map->e[j]);
	  loop assigns i;
	  loop variant map->n - i;
	*/
	for (i = 0; i < map->n; i++) {
		const struct ud_fh_ment *m = &map->e[i];

		if (m->rights < 1u || m->rights > 3u || m->proc >= 16u || m->npages < 1u ||
		    (uint64_t)m->vpn + m->npages > UD_FH_VPN_LIM)
			return false;
	}
	return true;
}

/* Handle entry e as a destination fault; the loop's view of ud_fh_handle.
 * The mapping is checked here rather than carried through the loop: the
 * drain requires it well formed and never writes it, so the check always
 * passes, but the loop's proof then needs no frame of the 64-entry table
 * across the handler's writes (docs/METHOD.md).  A table found ill formed
 * completes the entry with UD_E_STATE.  The entry comes by value (a
 * value, not a heap object the caller must frame across the handling);
 * `which` and `share` are the one step of FAULT-H-19: the action names
 * the entry's fault, and each log grows by that handling's share
 * (spec/fault_drain.acsl) and nothing else. */
/*@
  requires valid: \valid(h) && \valid_read(map) && \valid(act);
  requires sep: \separated(h, map) && \separated(act, h + (..)) &&
    \separated(act, map + (..));
  requires inv: ud_fh_inv(h);
  requires room: ud_fh_log_room(1);
  requires entry: ud_ff_fields_ok(e.src_id, e.tr_id, e.seq, e.pdid, e.proc, e.vpn,
    e.exa_ack);
  assigns *h, *act, ud_env, ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n),
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h);
  ensures grew: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + 1 &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + 1 &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + 1;
  ensures which: act->fault.node == e.src_id && act->fault.trid == e.tr_id &&
    act->fault.seq == e.seq && act->fault.pdid == e.pdid &&
    act->fault.proc == e.proc && act->fault.vpn == e.vpn &&
    act->fault.dir == UD_FH_DIR_DST;
  ensures share: ud_fh_logged{Pre, Post}(ud_fd_pin1(act->outcome),
    ud_fd_rapf1(act->outcome), ud_fd_fail1(act->outcome, act->err));
  behavior bad_map:
    assumes !ud_fh_map_inv(map);
    assigns act->fault, act->outcome, act->err, act->npages, act->rtx;
    ensures failed: act->outcome == UD_FH_OUT_FAILED && act->err == UD_E_STATE &&
      act->npages == 0 && act->rtx == 0;
    ensures kept: ud_fh_same{Pre, Post}(h);
*/
static void drain_handle(struct ud_fh *h, const struct ud_fh_map *map,
			 struct ud_ff_entry e, struct ud_fh_action *act)
{
	struct ud_fh_fault f;

	if (!map_ok(map)) {
		act->fault.node = e.src_id;
		act->fault.trid = e.tr_id;
		act->fault.seq = e.seq;
		act->fault.pdid = e.pdid;
		act->fault.proc = e.proc;
		act->fault.dir = (uint8_t)UD_FH_DIR_DST;
		act->fault.vpn = e.vpn;
		act->outcome = UD_FH_OUT_FAILED;
		act->err = UD_E_STATE;
		act->npages = 0;
		act->rtx = 0;
		return;
	}
	f.node = e.src_id;
	f.trid = e.tr_id;
	f.seq = e.seq;
	f.pdid = e.pdid;
	f.proc = e.proc;
	f.dir = (uint8_t)UD_FH_DIR_DST;
	f.vpn = e.vpn;
	(void)ud_fh_handle(h, map, &f, act);
	/* f, a local, is not the handler's to write (one goal per chunk) */
	//@ assert f_u32: f.node == e.src_id && f.vpn == e.vpn;
	//@ assert f_u16: f.trid == e.tr_id && f.seq == e.seq && f.pdid == e.pdid;
	//@ assert f_u8: f.proc == e.proc && f.dir == UD_FH_DIR_DST;
}

/* Store a handled action into acts[k].  Its own function so that the
 * frames of the store -- the older actions, the handler's state and the
 * FIFO (h and ff ghost: only read in logic) -- are proved in a context
 * holding nothing else; in drain_rec's context, after the handling, the
 * store's frames timed out (docs/METHOD.md, "The model's hypotheses"). */
/*@
  requires valid: \valid(acts + k) && \valid(a);
  requires sep: \separated(a, acts + (..)) && \separated(acts + k, h) &&
    \separated(acts + k, ff);
  assigns acts[k];
  ensures stored: acts[k] == *a;
  ensures fault: acts[k].fault.node == a->fault.node && acts[k].fault.trid == a->fault.trid &&
    acts[k].fault.seq == a->fault.seq && acts[k].fault.pdid == a->fault.pdid &&
    acts[k].fault.proc == a->fault.proc && acts[k].fault.vpn == a->fault.vpn &&
    acts[k].fault.dir == a->fault.dir;
  ensures kept: \forall integer j; 0 <= j < k ==> acts[j] == \old(acts[j]);
  ensures kept_fault: \forall integer j; 0 <= j < k ==> acts[j].fault == \old(acts[j].fault);
  ensures kept_out: \forall integer j; 0 <= j < k ==>
    acts[j].outcome == \old(acts[j].outcome) && acts[j].err == \old(acts[j].err);
  ensures inv: ud_fh_inv{Pre}(h) ==> ud_fh_inv(h);
  ensures ff_same: ud_ff_same{Pre, Post}(ff);
*/
static void put_action(struct ud_fh_action *acts, uint32_t k, const struct ud_fh_action *a)
	/*@ ghost (struct ud_fh *h, struct ud_ff *ff) */
{
	acts[k] = *a;
	/* h's invariant across the store, in steps (as one goal: cvc4 47 s) */
	//@ assert h_sc: h->victim == \at(h->victim, Pre) && h->mode == \at(h->mode, Pre);
	/*@ assert h_s: \forall integer i; 0 <= i < UD_FH_NSRC ==>
	      h->s[i] == \at(h->s[i], Pre); */
}

/* Record one popped entry: handle it into acts[*n] and count it in *n.
 * Its contract carries the frames the drain's step needs across the
 * handling -- the FIFO (`ff_same`, ff a ghost parameter: the handling
 * never touches it), the older actions (`kept`) and their tallies (by a
 * ghost induction over the prefix, one unfolding per entry) -- so they
 * are proved here with drain_handle's small contract alone in context. */
/*@
  requires valid: \valid(h) && \valid_read(map) && \valid(n) && \valid(acts + (0 .. *n)) &&
    \valid_read(ff);
  requires sep: \separated(h, map, n, ff, acts + (0 .. *n));
  requires inv: ud_fh_inv(h);
  requires room: ud_fh_log_room(1);
  requires below: *n < 4294967295;
  requires entry: ud_ff_fields_ok(e.src_id, e.tr_id, e.seq, e.pdid, e.proc, e.vpn,
    e.exa_ack);
  assigns *h, acts[*n], *n, ud_env, ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n),
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h);
  ensures counted: *n == \old(*n) + 1;
  ensures grew: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + 1 &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + 1 &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + 1;
  ensures which: acts[\old(*n)].fault.node == e.src_id &&
    acts[\old(*n)].fault.trid == e.tr_id && acts[\old(*n)].fault.seq == e.seq &&
    acts[\old(*n)].fault.pdid == e.pdid && acts[\old(*n)].fault.proc == e.proc &&
    acts[\old(*n)].fault.vpn == e.vpn && acts[\old(*n)].fault.dir == UD_FH_DIR_DST;
  ensures kept: \forall integer j; 0 <= j < \old(*n) ==> acts[j].fault == \old(acts[j].fault);
  ensures tally: ud_fh_pin_n - ud_fd_npin(acts, *n) ==
      \old(ud_fh_pin_n - ud_fd_npin(acts, *n)) &&
    ud_fh_rapf_n - ud_fd_nrapf(acts, *n) == \old(ud_fh_rapf_n - ud_fd_nrapf(acts, *n)) &&
    ud_fh_fail_n - ud_fd_nfail(acts, *n) == \old(ud_fh_fail_n - ud_fd_nfail(acts, *n));
  ensures ff_same: ud_ff_same{Pre, Post}(ff);
*/
static void drain_rec(struct ud_fh *h, const struct ud_fh_map *map, struct ud_ff_entry e,
		      struct ud_fh_action *acts, uint32_t *n)
	/*@ ghost (struct ud_ff *ff) */
{
	uint32_t k = *n;
	struct ud_fh_action a;

	/* The separations the frames below use, named (their instances are
	 * then in every frame goal's context). */
	/*@ assert sp_ff16: \separated(&ff->last_trid, h) && \separated(&ff->last_trid, acts + k) &&
	      \separated(&ff->last_seq, h) && \separated(&ff->last_seq, acts + k); */
	/*@ assert sp_acts: \forall integer j; 0 <= j < k ==>
	      \separated(acts + j, h) && \separated(acts + j, acts + k); */
	/* Handled into a local, copied into acts[k] at the end: the
	 * handler's writes then reach no cell of acts, so the frames of the
	 * older actions below need no offset arithmetic against acts[k]
	 * (with the call writing &acts[k], a_trid took z3 22-35 s; with a
	 * local, 3 s), and ud_fh_handle's action record is apart from h's
	 * and map's blocks (Typed+ref's hypothesis) by being a local. */
	drain_handle(h, map, e, &a);
	/* The frames below, one small goal per memory chunk the callee
	 * writes (2026-11-26, docs/METHOD.md): as one equality, ff_same
	 * z3 18-19M steps (25-32 s).  Split: every goal under 11 s.  The
	 * scalar ones first (a quantified frame is a hypothesis of every
	 * later goal). */
	//@ assert ff_head: ff->head == \at(ff->head, Pre);
	//@ assert ff_tail: ff->tail == \at(ff->tail, Pre);
	//@ assert ff_count: ff->count == \at(ff->count, Pre);
	//@ assert ff_rd: ff->rd == \at(ff->rd, Pre);
	/*@ assert ff_u32b: ff->ovf_count == \at(ff->ovf_count, Pre) &&
	      ff->last_src == \at(ff->last_src, Pre) &&
	      ff->last_iova == \at(ff->last_iova, Pre); */
	//@ assert ff_ltrid: ff->last_trid == \at(ff->last_trid, Pre);
	//@ assert ff_lseq: ff->last_seq == \at(ff->last_seq, Pre);
	/*@ assert ff_b: ff->ovf_sticky == \at(ff->ovf_sticky, Pre) &&
	      ff->last_valid == \at(ff->last_valid, Pre); */
	/*@ assert ff_lo: \forall integer i; 0 <= i < 512 ==>
	      ff->lo[i] == \at(ff->lo[i], Pre); */
	/*@ assert ff_hi: \forall integer i; 0 <= i < 512 ==>
	      ff->hi[i] == \at(ff->hi[i], Pre); */
	/* The older actions, one field (or chunk) per goal: each tally reads
	 * one or two of them. */
	/*@ assert a_out: \forall integer j; 0 <= j < k ==>
	      acts[j].outcome == \at(acts[j].outcome, Pre); */
	/*@ assert a_err: \forall integer j; 0 <= j < k ==>
	      acts[j].err == \at(acts[j].err, Pre); */
	/*@ assert a_f32: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.node == \at(acts[j].fault.node, Pre) &&
	      acts[j].fault.vpn == \at(acts[j].fault.vpn, Pre); */
	/*@ assert a_trid: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.trid == \at(acts[j].fault.trid, Pre); */
	/*@ assert a_seq: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.seq == \at(acts[j].fault.seq, Pre); */
	/*@ assert a_pdid: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.pdid == \at(acts[j].fault.pdid, Pre); */
	/*@ assert a_proc: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.proc == \at(acts[j].fault.proc, Pre); */
	/*@ assert a_dir: \forall integer j; 0 <= j < k ==>
	      acts[j].fault.dir == \at(acts[j].fault.dir, Pre); */
	/*@ assert a_fault: \forall integer j; 0 <= j < k ==>
	      acts[j].fault == \at(acts[j].fault, Pre); */
	put_action(acts, k, &a) /*@ ghost (h, ff) */;
	/* Across the store: the older actions as at Pre (the store's kept_*
	 * and the call's a_*), the new one the entry's fault. */
	/*@ assert k_fault: \forall integer j; 0 <= j < k ==>
	      acts[j].fault == \at(acts[j].fault, Pre); */
	/*@ assert k_out: \forall integer j; 0 <= j < k ==>
	      acts[j].outcome == \at(acts[j].outcome, Pre); */
	/*@ assert k_err: \forall integer j; 0 <= j < k ==>
	      acts[j].err == \at(acts[j].err, Pre); */
	/*@ assert w_f32: acts[k].fault.node == e.src_id && acts[k].fault.vpn == e.vpn; */
	/*@ assert w_f16: acts[k].fault.trid == e.tr_id && acts[k].fault.seq == e.seq &&
	      acts[k].fault.pdid == e.pdid; */
	/*@ assert w_f8: acts[k].fault.proc == e.proc && acts[k].fault.dir == UD_FH_DIR_DST; */
	*n = k + 1;
	/* The tallies of the older actions are the same as at Pre: by
	 * induction over the prefix, one unfolding per step (ghost). */
	/*@ ghost
	  uint32_t i = 0;
	  /@ loop invariant bound: 0 <= i <= k;
	     loop invariant s_pin: ud_fd_npin(acts, i) == ud_fd_npin{Pre}(acts, i);
	     loop invariant s_rapf: ud_fd_nrapf(acts, i) == ud_fd_nrapf{Pre}(acts, i);
	     loop invariant s_fail: ud_fd_nfail(acts, i) == ud_fd_nfail{Pre}(acts, i);
	     loop assigns i;
	     loop variant k - i;
	  @/
	  while (i < k)
	    i++;
	*/
}

/* One step of the drain: pop the FIFO's head and, if an entry came out,
 * record its handling in acts[*n] and count it in *n.  The contract
 * states the step exactly (FAULT-H-19): the action recorded is the old
 * head's fault (`which`), the older actions are kept (`kept`), and each
 * log minus what the recorded handlings account for is unchanged
 * (`tally`), so the drain's loop invariant is one unfolding of
 * ud_fd_npin & co. per step.  Every frame is a callee's clause. */
/*@
  requires valid: \valid(h) && \valid(ff) && \valid_read(map) && \valid(n) &&
    \valid(acts + (0 .. *n));
  requires sep: \separated(h, ff, map, n, acts + (0 .. *n));
  requires inv: ud_fh_inv(h) && ud_ff_inv(ff);
  requires room: ud_fh_log_room(1);
  requires below: *n < 4294967295;
  assigns *h, ff->rd, ff->head, ff->count, acts[*n], *n, ud_env,
    ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n),
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h) && ud_ff_inv(ff);
  ensures idle: ff->rd == UD_FF_RD_IDLE;
  ensures grew: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + (*n - \old(*n)) &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + (*n - \old(*n)) &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + (*n - \old(*n));
  ensures kept: \forall integer j; 0 <= j < \old(*n) ==>
    acts[j].fault == \old(acts[j].fault);
  ensures tally: ud_fh_pin_n - ud_fd_npin(acts, *n) ==
      \old(ud_fh_pin_n - ud_fd_npin(acts, *n)) &&
    ud_fh_rapf_n - ud_fd_nrapf(acts, *n) == \old(ud_fh_rapf_n - ud_fd_nrapf(acts, *n)) &&
    ud_fh_fail_n - ud_fd_nfail(acts, *n) == \old(ud_fh_fail_n - ud_fd_nfail(acts, *n));
  behavior popped:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count > 0;
    ensures status: \result == UD_OK && *n == \old(*n) + 1;
    ensures one_less: ff->count == \old(ff->count) - 1 &&
      ff->head == (\old(ff->head) + 1) % 512;
    ensures which: ud_fd_fault_of(acts[\old(*n)].fault, \old(ff->lo[ff->head]),
      \old(ff->hi[ff->head]));
  behavior empty:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count == 0;
    ensures status: \result == UD_E_EMPTY && *n == \old(*n);
    ensures kept_ff: ff->count == 0 && ff->head == \old(ff->head);
  behavior half_read:
    assumes ff->rd == UD_FF_RD_LOW_READ;
    ensures status: \result == UD_E_SEQ && *n == \old(*n);
    ensures kept_ff: ff->count == \old(ff->count) && ff->head == \old(ff->head);
  complete behaviors;
  disjoint behaviors;
*/
static ud_status drain_step(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
			    struct ud_fh_action *acts, uint32_t *n)
{
	ud_status r = UD_OK;
	struct ud_ff_entry e;

	e = drain_pop(ff, &r) /*@ ghost (acts, *n) */;
	/* The handler's state across the pop, one small goal per memory
	 * chunk (2026-11-26, docs/METHOD.md: as one struct equality per
	 * slot, h_same took cvc4 391k steps; split, every goal under 11 s). */
	/*@ assert h_node: \forall integer i; 0 <= i < UD_FH_NSRC ==>
	      h->s[i].node == \at(h->s[i].node, Pre); */
	/*@ assert h_nvpn: \forall integer i; 0 <= i < UD_FH_NSRC ==>
	      h->s[i].newest.vpn == \at(h->s[i].newest.vpn, Pre); */
	/*@ assert h_ovpn: \forall integer i; 0 <= i < UD_FH_NSRC ==>
	      h->s[i].older.vpn == \at(h->s[i].older.vpn, Pre); */
	//@ assert h_same: ud_fh_same{Pre, Here}(h);
	/*@ assert n_same: *n == \at(*n, Pre); */
	/*@ assert k_pop: \forall integer j; 0 <= j < \at(*n, Pre) ==>
	      acts[j].fault == \at(acts[j].fault, Pre); */
	if (r == UD_OK) {
#ifdef __FRAMAC__
	Mid:;   /* a label for the asserts below only (unused in C) */
#endif
		drain_rec(h, map, e, acts, n) /*@ ghost (ff) */;
		/* the FIFO's invariant by its frame lemma */
		//@ assert ff_inv: ud_ff_same{Mid, Here}(ff) && ud_ff_inv(ff);
		/*@ assert k_rec: \forall integer j; 0 <= j < \at(*n, Pre) ==>
		      acts[j].fault == \at(acts[j].fault, Pre); */
	}
	return r;
}

/* drain_step as the loop calls it: the same contract, with the writes
 * stated as the loop's own `loop assigns` states them (acts[0 .. cap-1]
 * and the logs as wholes; cap a ghost parameter), so the loop's and the
 * drain's assigns goals for the call are inclusions of equal sets.  The
 * call's own inclusion (acts[*n] in acts[0 .. cap-1], the logs' next
 * entries in the logs) is proved here, where the context is drain_step's
 * contract alone; in the loop every later assert and invariant joined it
 * and both provers timed out (session 20).  The loop needs no frame from
 * these writes: drain_step's `kept` and `tally` say what stays. */
/*@
  requires valid: \valid(h) && \valid(ff) && \valid_read(map) && \valid(n) &&
    \valid(acts + (0 .. *n));
  requires sep: \separated(h, ff, map, n, acts + (0 .. *n));
  requires inv: ud_fh_inv(h) && ud_ff_inv(ff);
  requires room: ud_fh_log_room(1);
  requires below: *n < cap;
  assigns *h, ff->rd, ff->head, ff->count, acts[0 .. cap - 1], *n, ud_env,
    ud_fh_pin_n, UD_FH_PIN_AT(0 .. UD_FH_LOG - 1),
    ud_fh_rapf_n, UD_FH_RAPF_AT(0 .. UD_FH_LOG - 1),
    ud_fh_fail_n, UD_FH_FAIL_AT(0 .. UD_FH_LOG - 1);
  ensures inv: ud_fh_inv(h) && ud_ff_inv(ff);
  ensures idle: ff->rd == UD_FF_RD_IDLE;
  ensures grew: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + (*n - \old(*n)) &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + (*n - \old(*n)) &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + (*n - \old(*n));
  ensures kept: \forall integer j; 0 <= j < \old(*n) ==>
    acts[j].fault == \old(acts[j].fault);
  ensures tally: ud_fh_pin_n - ud_fd_npin(acts, *n) ==
      \old(ud_fh_pin_n - ud_fd_npin(acts, *n)) &&
    ud_fh_rapf_n - ud_fd_nrapf(acts, *n) == \old(ud_fh_rapf_n - ud_fd_nrapf(acts, *n)) &&
    ud_fh_fail_n - ud_fd_nfail(acts, *n) == \old(ud_fh_fail_n - ud_fd_nfail(acts, *n));
  behavior popped:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count > 0;
    ensures status: \result == UD_OK && *n == \old(*n) + 1;
    ensures one_less: ff->count == \old(ff->count) - 1 &&
      ff->head == (\old(ff->head) + 1) % 512;
    ensures which: ud_fd_fault_of(acts[\old(*n)].fault, \old(ff->lo[ff->head]),
      \old(ff->hi[ff->head]));
  behavior empty:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count == 0;
    ensures status: \result == UD_E_EMPTY && *n == \old(*n);
    ensures kept_ff: ff->count == 0 && ff->head == \old(ff->head);
  behavior half_read:
    assumes ff->rd == UD_FF_RD_LOW_READ;
    ensures status: \result == UD_E_SEQ && *n == \old(*n);
    ensures kept_ff: ff->count == \old(ff->count) && ff->head == \old(ff->head);
  complete behaviors;
  disjoint behaviors;
*/
static ud_status drain_next(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
			    struct ud_fh_action *acts, uint32_t *n)
	/*@ ghost (uint32_t cap) */
{
	return drain_step(h, ff, map, acts, n);
}

ud_status ud_fh_drain(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
		      struct ud_fh_action *acts, uint32_t cap, uint32_t *n)
{
	ud_status r;

	*n = 0;
	/*@
	  loop invariant bound: 0 <= *n <= cap;
	  loop invariant inv: ud_fh_inv(h) && ud_ff_inv(ff);
	  loop invariant popped: ff->count + *n == \at(ff->count, Pre);
	  loop invariant head: ff->head == (\at(ff->head, Pre) + *n) % 512;
	  loop invariant logged: \at(ud_fh_pin_n, Pre) <= ud_fh_pin_n <= \at(ud_fh_pin_n, Pre) + *n &&
	    \at(ud_fh_rapf_n, Pre) <= ud_fh_rapf_n <= \at(ud_fh_rapf_n, Pre) + *n &&
	    \at(ud_fh_fail_n, Pre) <= ud_fh_fail_n <= \at(ud_fh_fail_n, Pre) + *n;
	  loop invariant which: \forall integer j; 0 <= j < *n ==>
	    ud_fd_fault_of(acts[j].fault, \at(ff->lo[ud_ff_slot(ff, j)], Pre),
	                   \at(ff->hi[ud_ff_slot(ff, j)], Pre));
	  loop invariant tally: ud_fh_pin_n == \at(ud_fh_pin_n, Pre) + ud_fd_npin(acts, *n) &&
	    ud_fh_rapf_n == \at(ud_fh_rapf_n, Pre) + ud_fd_nrapf(acts, *n) &&
	    ud_fh_fail_n == \at(ud_fh_fail_n, Pre) + ud_fd_nfail(acts, *n);
	  loop assigns r, *h, ff->rd, ff->head, ff->count, *n, acts[0 .. cap - 1], ud_env,
	    ud_fh_pin_n, UD_FH_PIN_AT(0 .. UD_FH_LOG - 1),
	    ud_fh_rapf_n, UD_FH_RAPF_AT(0 .. UD_FH_LOG - 1),
	    ud_fh_fail_n, UD_FH_FAIL_AT(0 .. UD_FH_LOG - 1);
	  loop variant 2 * ff->count + ff->rd + 2 * (cap - *n);
	*/
	while (*n < cap) {
#ifdef __FRAMAC__
	Body:;  /* a label for the asserts below only (unused in C) */
#endif
		/* The head's words are the Pre words of slot head + *n (the
		 * loop assigns neither word array). */
		/*@ assert w_head: \let s = (\at(ff->head, Pre) + *n) % 512;
		      ff->head == s && ff->lo[s] == \at(ff->lo[s], Pre) &&
		      ff->hi[s] == \at(ff->hi[s], Pre); */
		/* drain_next's requires below and room, named */
		//@ assert room1: ud_fh_log_room(1) && *n < cap;
		r = drain_next(h, ff, map, acts, n) /*@ ghost (cap) */;
		/* which, one step: the entry recorded now, then the older ones */
		/*@ assert w_new: r == UD_OK ==>
		      \let k = \at(*n, Body); \let s = (\at(ff->head, Pre) + k) % 512;
		      ud_fd_fault_of(acts[k].fault, \at(ff->lo[s], Pre), \at(ff->hi[s], Pre)); */
		/* the older actions' faults, field by field (drain_step's kept
		 * is a struct equality, which does not rewrite the struct-valued
		 * argument of ud_fd_fault_of); each names the struct equality
		 * too, so that kept's quantifier has its instance in the goal */
		/*@ assert w_f32: \forall integer j; 0 <= j < \at(*n, Body) ==>
		      acts[j].fault == \at(acts[j].fault, Body) &&
		      acts[j].fault.node == \at(acts[j].fault.node, Body) &&
		      acts[j].fault.vpn == \at(acts[j].fault.vpn, Body); */
		/*@ assert w_f16: \forall integer j; 0 <= j < \at(*n, Body) ==>
		      acts[j].fault == \at(acts[j].fault, Body) &&
		      acts[j].fault.trid == \at(acts[j].fault.trid, Body) &&
		      acts[j].fault.seq == \at(acts[j].fault.seq, Body) &&
		      acts[j].fault.pdid == \at(acts[j].fault.pdid, Body); */
		/*@ assert w_f8: \forall integer j; 0 <= j < \at(*n, Body) ==>
		      acts[j].fault == \at(acts[j].fault, Body) &&
		      acts[j].fault.proc == \at(acts[j].fault.proc, Body) &&
		      acts[j].fault.dir == \at(acts[j].fault.dir, Body); */
		/*@ assert w_old: \forall integer j; 0 <= j < \at(*n, Body) ==>
		      ud_fd_fault_of(acts[j].fault, \at(ff->lo[ud_ff_slot(ff, j)], Pre),
		                     \at(ff->hi[ud_ff_slot(ff, j)], Pre)); */
		if (r == UD_E_EMPTY)
			break;
	}
	return UD_OK;
}
