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
    ensures one_less: ff->count == \old(ff->count) - 1;
  behavior empty:
    assumes ff->rd == UD_FF_RD_IDLE && ff->count == 0;
    ensures status: *st == UD_E_EMPTY;
    ensures kept: ff->count == 0;
  behavior half_read:
    assumes ff->rd == UD_FF_RD_LOW_READ;
    ensures status: *st == UD_E_SEQ;
    ensures kept: ff->count == \old(ff->count);
  complete behaviors;
  disjoint behaviors;
*/
static struct ud_ff_entry drain_pop(struct ud_ff *ff, ud_status *st)
{
	struct ud_ff_entry t = { 0 };

	*st = ud_ff_pop(ff, &t);
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
 * completes the entry with UD_E_STATE. */
/*@
  requires valid: \valid(h) && \valid_read(map) && \valid_read(e) && \valid(act);
  requires sep: \separated(h, map, e, act);
  requires inv: ud_fh_inv(h);
  requires room: ud_fh_log_room(1);
  assigns *h, *act, ud_env, ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n),
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h);
  ensures grew: \old(ud_fh_pin_n) <= ud_fh_pin_n <= \old(ud_fh_pin_n) + 1 &&
    \old(ud_fh_rapf_n) <= ud_fh_rapf_n <= \old(ud_fh_rapf_n) + 1 &&
    \old(ud_fh_fail_n) <= ud_fh_fail_n <= \old(ud_fh_fail_n) + 1;
  behavior bad_map:
    assumes !ud_fh_map_inv(map);
    assigns act->fault, act->outcome, act->err, act->npages, act->rtx;
    ensures failed: act->outcome == UD_FH_OUT_FAILED && act->err == UD_E_STATE &&
      act->npages == 0 && act->rtx == 0;
    ensures kept: ud_fh_same{Pre, Post}(h);
*/
static void drain_handle(struct ud_fh *h, const struct ud_fh_map *map,
			 const struct ud_ff_entry *e, struct ud_fh_action *act)
{
	struct ud_fh_fault f;

	if (!map_ok(map)) {
		act->fault.node = e->src_id;
		act->fault.trid = e->tr_id;
		act->fault.seq = e->seq;
		act->fault.pdid = e->pdid;
		act->fault.proc = e->proc;
		act->fault.dir = (uint8_t)UD_FH_DIR_DST;
		act->fault.vpn = e->vpn;
		act->outcome = UD_FH_OUT_FAILED;
		act->err = UD_E_STATE;
		act->npages = 0;
		act->rtx = 0;
		return;
	}
	f.node = e->src_id;
	f.trid = e->tr_id;
	f.seq = e->seq;
	f.pdid = e->pdid;
	f.proc = e->proc;
	f.dir = (uint8_t)UD_FH_DIR_DST;
	f.vpn = e->vpn;
	(void)ud_fh_handle(h, map, &f, act);
}

ud_status ud_fh_drain(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
		      struct ud_fh_action *acts, uint32_t cap, uint32_t *n)
{
	uint32_t k = 0;

	/*@
	  loop invariant bound: 0 <= k <= cap;
	  loop invariant inv: ud_fh_inv(h) && ud_ff_inv(ff);
	  loop invariant popped: ff->count + k == \at(ff->count, Pre);
	  loop invariant logged: \at(ud_fh_pin_n, Pre) <= ud_fh_pin_n <= \at(ud_fh_pin_n, Pre) + k &&
	    \at(ud_fh_rapf_n, Pre) <= ud_fh_rapf_n <= \at(ud_fh_rapf_n, Pre) + k &&
	    \at(ud_fh_fail_n, Pre) <= ud_fh_fail_n <= \at(ud_fh_fail_n, Pre) + k;
	  loop assigns k, *h, ff->rd, ff->head, ff->count, acts[0 .. cap - 1], ud_env,
	    ud_fh_pin_n, UD_FH_PIN_AT(0 .. UD_FH_LOG - 1),
	    ud_fh_rapf_n, UD_FH_RAPF_AT(0 .. UD_FH_LOG - 1),
	    ud_fh_fail_n, UD_FH_FAIL_AT(0 .. UD_FH_LOG - 1);
	  loop variant 2 * ff->count + ff->rd + 2 * (cap - k);
	*/
	while (k < cap) {
		ud_status r = UD_OK;
		struct ud_ff_entry e;
#ifdef __FRAMAC__
	Top:;   /* a label for the frame asserts only (unused in C) */
#endif
		e = drain_pop(ff, &r);
		/* The frames below, one small goal per memory chunk the callee
		 * writes (2026-11-26, docs/METHOD.md): as one struct equality per
		 * slot, h_same took cvc4 391k steps (23 s on this machine) and,
		 * once the records carried the direction, 491k (33 s); ff_same
		 * z3 18-19M steps (25-32 s).  Split: every goal under 11 s. */
		/*@ assert h_node: \forall integer i; 0 <= i < UD_FH_NSRC ==>
		      h->s[i].node == \at(h->s[i].node, Top); */
		/*@ assert h_nvpn: \forall integer i; 0 <= i < UD_FH_NSRC ==>
		      h->s[i].newest.vpn == \at(h->s[i].newest.vpn, Top); */
		/*@ assert h_ovpn: \forall integer i; 0 <= i < UD_FH_NSRC ==>
		      h->s[i].older.vpn == \at(h->s[i].older.vpn, Top); */
		//@ assert h_same: ud_fh_same{Top, Here}(h);

		if (r == UD_E_EMPTY)
			break;
		if (r != UD_OK)
			continue;  /* a half-read (LOW only) was reset: pop again */
#ifdef __FRAMAC__
	Mid:;   /* a label for the frame asserts only (unused in C) */
#endif
		drain_handle(h, map, &e, &acts[k]);
		/*@ assert ff_lo: \forall integer i; 0 <= i < 512 ==>
		      ff->lo[i] == \at(ff->lo[i], Mid); */
		/*@ assert ff_hi: \forall integer i; 0 <= i < 512 ==>
		      ff->hi[i] == \at(ff->hi[i], Mid); */
		/*@ assert ff_u32: ff->head == \at(ff->head, Mid) &&
		      ff->tail == \at(ff->tail, Mid) && ff->count == \at(ff->count, Mid) &&
		      ff->rd == \at(ff->rd, Mid); */
		/*@ assert ff_u32b: ff->ovf_count == \at(ff->ovf_count, Mid) &&
		      ff->last_src == \at(ff->last_src, Mid) &&
		      ff->last_iova == \at(ff->last_iova, Mid); */
		/*@ assert ff_u16: ff->last_trid == \at(ff->last_trid, Mid) &&
		      ff->last_seq == \at(ff->last_seq, Mid); */
		/*@ assert ff_b: ff->ovf_sticky == \at(ff->ovf_sticky, Mid) &&
		      ff->last_valid == \at(ff->last_valid, Mid); */
		//@ assert ff_same: ud_ff_same{Mid, Here}(ff);
		/* the FIFO's invariant by its frame lemma, here: left to the
		 * loop's inv_preserved beside the asserts above it took 122 s */
		//@ assert ff_inv: ud_ff_inv(ff);
		k++;
	}
	*n = k;
	return UD_OK;
}
