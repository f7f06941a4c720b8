/* SPDX-License-Identifier: MIT */
/*
 * fault_handler.c -- the fault-handling policy of seed
 * 004_2c0be60bc8bfaeb5.txt (3.2.1-3.2.3, Fig. 3.2, Fig. 4.2).  Contracts in
 * fault_handler.h, vocabulary in spec/fault_handler.acsl, decisions in
 * docs/fault_handler.md.
 *
 *
 * The policy helpers (lookup, dup, npages, record) are in fault_policy.c,
 * proved under Typed; this unit, whose verbs write the action record
 * through a pointer, is proved under Typed+ref (docs/METHOD.md): under
 * Typed ud_fh_handle's inv and mode_kept timed out, under Typed+ref the
 * helpers' loop goals did.
 */
/* uldma-wp: -wp-model Typed+ref */
#include "fault_policy.h"

void ud_fh_init(struct ud_fh *h, bool ahead)
{
	uint32_t i;

	/*@
	  loop invariant bound: 0 <= i <= UD_FH_NSRC;
	  loop invariant cleared: \forall integer j; 0 <= j < i ==>
	    h->s[j].used == 0 && h->s[j].newest.valid == 0 && h->s[j].older.valid == 0;
	  loop assigns i, h->s[0 .. UD_FH_NSRC - 1];
	  loop variant UD_FH_NSRC - i;
	*/
	for (i = 0; i < UD_FH_NSRC; i++) {
		h->s[i].used = 0;
		h->s[i].node = 0;
		h->s[i].newest.valid = 0;
		h->s[i].older.valid = 0;
	}
	h->victim = 0;
	h->mode = ahead ? UD_FH_TOUCH_AHEAD : UD_FH_TOUCH_A_PAGE;
}

void ud_fh_map_init(struct ud_fh_map *m)
{
	m->n = 0;
}

ud_status ud_fh_map_add(struct ud_fh_map *m, uint16_t pdid, uint8_t proc,
			uint8_t rights, uint32_t vpn, uint32_t npages)
{
	if (rights < 1u || rights > 3u || proc >= 16u || npages < 1u ||
	    vpn >= UD_FH_VPN_LIM || npages > UD_FH_VPN_LIM - vpn)
		return UD_E_RANGE;
	if (m->n >= UD_FH_MAP_MAX)
		return UD_E_NOSPC;
	m->e[m->n].pdid = pdid;
	m->e[m->n].proc = proc;
	m->e[m->n].rights = rights;
	m->e[m->n].vpn = vpn;
	m->e[m->n].npages = npages;
	m->n++;
	return UD_OK;
}


/* Complete the transfer with err: no page-in, no RAPF; remember it. */
/*@
  requires valid: \valid(h) && \valid_read(f) && \valid(act);
  requires sep: \separated(h, f) && \separated(act, f + (..)) && \separated(act, h + (..));
  requires inv: ud_fh_inv(h);
  requires fault_ok: ud_fh_fault_ok(f);
  requires err: err == UD_E_PERM || err == UD_E_FAULT;
  requires room: ud_fh_fail_n < UD_FH_LOG;
  assigns h->s[0 .. UD_FH_NSRC - 1], h->victim, *act, ud_env,
    ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
  ensures inv: ud_fh_inv(h);
  ensures failed: act->outcome == UD_FH_OUT_FAILED && act->err == err &&
    act->npages == 0 && act->rtx == 0;
  ensures recorded: ud_fh_is_dup(h, f);
  ensures which: act->fault == *f;
  ensures reported: ud_fh_fail_n == \old(ud_fh_fail_n) + 1 &&
    ud_fh_fail_is(\old(ud_fh_fail_n), f->node, f->pdid,
                  f->trid, f->seq, err);
*/
static void ud_fh_fail(struct ud_fh *h, const struct ud_fh_fault *f,
		       struct ud_fh_action *act, ud_status err)
{
	act->fault = *f;
	act->outcome = UD_FH_OUT_FAILED;
	act->err = err;
	act->vpn = f->vpn;
	act->npages = 0;
	act->rtx = 0;
	ud_plat_fail_transfer(f->node, f->pdid, f->trid, f->seq, err);
	ud_fh_record(h, f, 1u);
}

/* Page in [f->vpn, f->vpn + n), then post one RAPF and remember f. */
/*@
  requires valid: \valid(h) && \valid_read(map) && \valid_read(f) && \valid(act);
  requires sep: \separated(h, map, f) && \separated(act, f + (..)) &&
    \separated(act, h + (..)) && \separated(act, map + (..));
  requires inv: ud_fh_inv(h);
  requires fault_ok: ud_fh_fault_ok(f);
  requires count: 1 <= n <= UD_FH_AHEAD_MAX;
  requires in_map: \forall integer v; f->vpn <= v < f->vpn + n ==>
    ud_fh_allowed(map, f->pdid, f->proc, v, f->dir);
  requires room: ud_fh_pin_n < UD_FH_LOG && ud_fh_rapf_n < UD_FH_LOG;
  assigns h->s[0 .. UD_FH_NSRC - 1], h->victim, *act, ud_env,
    ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n),
    ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n);
  ensures inv: ud_fh_inv(h);
  ensures pages: act->vpn == f->vpn && act->npages == n;
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
  ensures paged: ud_fh_pin_n == \old(ud_fh_pin_n) + 1 &&
    ud_fh_pin_is(\old(ud_fh_pin_n), f->pdid, f->proc,
                 f->vpn, n, f->dir);
  ensures rapf_logged: \result == UD_OK ==>
    ud_fh_rapf_n == \old(ud_fh_rapf_n) + 1 &&
    ud_fh_rapf_is(\old(ud_fh_rapf_n), f->node, f->pdid,
                  act->w0, act->w1) &&
    ud_fh_rapf_of(\old(ud_fh_rapf_n), f);
  ensures no_rapf: \result != UD_OK ==> ud_fh_rapf_n == \old(ud_fh_rapf_n);
*/
static ud_status ud_fh_retry(struct ud_fh *h, const struct ud_fh_map *map,
			     const struct ud_fh_fault *f, uint32_t n,
			     struct ud_fh_action *act)
{
	(void)map;  /* the mapping is the precondition's: every page asked is in it */
	ud_status pr = ud_plat_page_in(f->pdid, f->proc, f->vpn, n, f->dir != 0u);

	act->fault = *f;
	act->vpn = f->vpn;
	act->npages = n;
	if (pr != UD_OK) {
		act->outcome = UD_FH_OUT_PAGEIN_ERR;
		act->err = UD_E_PLATFORM;
		act->rtx = 0;
		return UD_E_PLATFORM;
	}
	act->msg.wired_pdid = f->pdid;
	act->msg.trid = f->trid;
	act->msg.seq = f->seq;
	act->msg.pdid = f->pdid;
	act->w0 = UD_RTX_OPCODE + 4u * (uint32_t)f->pdid + 262144u * (uint32_t)f->trid;
	act->w1 = (uint32_t)f->seq + 16384u * (uint32_t)f->pdid;
	act->rtx = 1u;
	act->outcome = UD_FH_OUT_RETRY;
	act->err = UD_OK;
	(void)ud_plat_post_rapf(f->node, f->pdid, act->w0, act->w1);
	ud_fh_record(h, f, n);
	return UD_OK;
}

ud_status ud_fh_handle(struct ud_fh *h, const struct ud_fh_map *map,
		       const struct ud_fh_fault *f, struct ud_fh_action *act)
{
	if (f->node >= UD_FMSG_SRC_LIM || f->trid >= UD_RTX_TRID_LIM ||
	    f->seq >= UD_RTX_SEQ_LIM || f->proc >= 16u ||
	    f->vpn >= UD_FH_VPN_LIM || f->dir > 1u)
		return UD_E_RANGE;

	/* 1. Fig. 4.2: the last two entries handled for this source. */
	if (ud_fh_dup(h, f)) {
		act->fault = *f;
		act->outcome = UD_FH_OUT_DUP;
		act->err = UD_E_STALE;
		act->vpn = f->vpn;
		act->npages = 0;
		act->rtx = 0;
		return UD_E_STALE;
	}
	/* 2. The owner's mapping decides whether this can ever succeed. */
	ud_status lk = ud_fh_lookup(map, f->pdid, f->proc, f->vpn, f->dir);
	if (lk != UD_OK) {
		ud_fh_fail(h, f, act, lk);
		return UD_OK;
	}
	/* 3.-6. Touch-A-Page or Touch-Ahead, page in, one RAPF, remember. */
	uint32_t n = ud_fh_npages(h->mode, map, f);
	/*@ assert n_range: 1 <= n <= UD_FH_AHEAD_MAX; */
	/*@ assert in_map: \forall integer v; f->vpn <= v < f->vpn + n ==>
	      ud_fh_allowed(map, f->pdid, f->proc, v, f->dir); */
	return ud_fh_retry(h, map, f, n, act);
}
