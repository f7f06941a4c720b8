/* SPDX-License-Identifier: MIT */
/* fault_policy.c -- see fault_policy.h. */
#include "fault_policy.h"

/* Is page vpn of (pdid, proc) mapped with the right (write or read)? */
ud_status ud_fh_lookup(const struct ud_fh_map *map, uint16_t pdid,
			      uint8_t proc, uint32_t vpn, uint32_t write)
{
	uint32_t i;
	bool seen = false;

	/*@
	  loop invariant bound: 0 <= i <= map->n;
	  loop invariant seen: seen == 1 <==> (\exists integer j; 0 <= j < i &&
	    ud_fh_covers(map->e[j], pdid, proc, vpn));
	  loop invariant none: \forall integer j; 0 <= j < i ==>
	    !(ud_fh_covers(map->e[j], pdid, proc, vpn) &&
	      ud_fh_right(map->e[j].rights, write));
	  loop assigns i, seen;
	  loop variant map->n - i;
	*/
	for (i = 0; i < map->n; i++) {
		const struct ud_fh_ment *e = &map->e[i];
		if (e->pdid == pdid && e->proc == proc && e->vpn <= vpn &&
		    vpn - e->vpn < e->npages) {
			/* rights is 1..3 (ud_fh_map_inv): the bit tests written
			 * as the spec's ud_can_write / ud_can_read */
			if (write != 0u ? (e->rights == 2u || e->rights == 3u)
					: (e->rights == 1u || e->rights == 3u))
				return UD_OK;
			seen = true;
		}
	}
	return seen ? UD_E_PERM : UD_E_FAULT;
}

/* The slot of node, or UD_FH_NSRC. */
/*@
  requires valid: \valid_read(h);
  requires inv: ud_fh_inv(h);
  assigns \nothing;
  ensures found: \result < UD_FH_NSRC ==>
    h->s[\result].used != 0 && h->s[\result].node == node;
  ensures absent: \result >= UD_FH_NSRC ==> \result == UD_FH_NSRC &&
    (\forall integer i; 0 <= i < UD_FH_NSRC ==>
      !(h->s[i].used != 0 && h->s[i].node == node));
*/
static uint32_t ud_fh_find(const struct ud_fh *h, uint32_t node)
{
	uint32_t i;

	/*@
	  loop invariant bound: 0 <= i <= UD_FH_NSRC;
	  loop invariant absent: \forall integer j; 0 <= j < i ==>
	    !(h->s[j].used != 0 && h->s[j].node == node);
	  loop assigns i;
	  loop variant UD_FH_NSRC - i;
	*/
	for (i = 0; i < UD_FH_NSRC; i++) {
		if (h->s[i].used != 0u && h->s[i].node == node)
			return i;
	}
	return UD_FH_NSRC;
}

/*@
  requires valid: \valid_read(r) && \valid_read(f);
  assigns \nothing;
  ensures match: \result == 1 <==> ud_fh_rec_match(*r, f);
  ensures same: \result == 1 ==> ud_fh_rec_same(*r, f) && r->dir == f->dir;
*/
static bool ud_fh_rec_hit(const struct ud_fh_rec *r, const struct ud_fh_fault *f)
{
	return r->valid != 0u && r->trid == f->trid && r->seq == f->seq &&
	       r->pdid == f->pdid && r->proc == f->proc && r->dir == f->dir &&
	       r->vpn <= f->vpn && f->vpn - r->vpn < r->npages;
}

/* The one writer of a source's slot: f's node with history (nw, old), nw
 * being f's record. */
/*@
  requires valid: \valid(h) && i < UD_FH_NSRC && \valid_read(f);
  requires sep: \separated(h, f);
  requires ok: f->node < 4194304 && ud_fh_rec_ok(nw) && ud_fh_rec_ok(old);
  requires nw_f: ud_fh_rec_match(nw, f);
  requires nw_same: ud_fh_rec_same(nw, f) && nw.vpn == f->vpn;
  assigns h->s[i];
  ensures slot: h->s[i].used == 1 && h->s[i].node == f->node;
  ensures match: ud_fh_src_match(h->s[i], f);
  ensures same: ud_fh_rec_same(h->s[i].newest, f) && h->s[i].newest.vpn == f->vpn;
  ensures f_node: f->node == \old(f->node);
  ensures newest: h->s[i].newest == nw;
  ensures older: h->s[i].older == old;
  ensures ok: ud_fh_src_ok(h->s[i]);
*/
static void ud_fh_src_put(struct ud_fh *h, uint32_t i, const struct ud_fh_fault *f,
			  struct ud_fh_rec nw, struct ud_fh_rec old)
{
	/* One struct store from a local, then one small assert per field of
	 * *f read afterwards: with the record's direction added, four field
	 * stores and match read straight across them took 17 s (z3, loaded
	 * machine); like this every goal is under 2 s (docs/METHOD.md). */
	struct ud_fh_src s;

	s.used = 1u;
	s.node = f->node;
	s.newest = nw;
	s.older = old;
	h->s[i] = s;
	//@ assert f_node: f->node == \at(f->node, Pre);
	//@ assert f_trid: f->trid == \at(f->trid, Pre);
	//@ assert f_seq: f->seq == \at(f->seq, Pre);
	//@ assert f_pdid: f->pdid == \at(f->pdid, Pre);
	//@ assert f_proc: f->proc == \at(f->proc, Pre);
	//@ assert f_dir: f->dir == \at(f->dir, Pre);
	//@ assert f_vpn: f->vpn == \at(f->vpn, Pre);
}

/* Remember f (npages pages brought in, 0 for a failed transfer, counted as
 * 1 so the same page is not failed twice) in its source's history. */
void ud_fh_record(struct ud_fh *h, const struct ud_fh_fault *f, uint32_t npages)
{
	uint32_t i = ud_fh_find(h, f->node);
	struct ud_fh_rec r, old;

	r.valid = 1u;
	r.proc = f->proc;
	r.npages = (uint8_t)npages;
	r.dir = f->dir;
	r.trid = f->trid;
	r.seq = f->seq;
	r.pdid = f->pdid;
	r.vpn = f->vpn;
	//@ assert r_ok: ud_fh_rec_ok(r) && ud_fh_rec_match(r, f);
	//@ assert r_same: ud_fh_rec_same(r, f) && r.dir == f->dir && r.vpn == f->vpn && r.npages == npages;
	if (i < UD_FH_NSRC) {
		/* f's source has a slot: push f into its history */
		old = h->s[i].newest;
		//@ assert old_ok: ud_fh_rec_ok(old);
	} else {
		/* a new source: take the round-robin victim's slot */
		i = (uint32_t)h->victim;
		h->victim = (h->victim + 1u) % UD_FH_NSRC;
		old = r;
		old.valid = 0u;
	}
	/*@ assert fresh: \forall integer j; 0 <= j < UD_FH_NSRC && j != i ==>
	      !(h->s[j].used != 0 && h->s[j].node == f->node); */
	/*@ assert dist_before: \forall integer j, k; 0 <= j < k < UD_FH_NSRC ==>
	      h->s[j].used != 0 && h->s[k].used != 0 ==> h->s[j].node != h->s[k].node; */
	//@ assert slots_before: \forall integer j; 0 <= j < UD_FH_NSRC ==> ud_fh_src_ok(h->s[j]);
#ifdef __FRAMAC__
Before:;   /* a label for the frame assert only (unused in C) */
#endif
	ud_fh_src_put(h, i, f, r, old);
	/*@ assert kept: \forall integer j; 0 <= j < UD_FH_NSRC && j != i ==>
	      h->s[j].used == \at(h->s[j].used, Before) &&
	      h->s[j].node == \at(h->s[j].node, Before); */
	//@ assert dup: ud_fh_is_dup(h, f);
	/* the distinct-nodes part of the invariant in two cases (slot i and
	 * the others), then the records: each its own small goal */
	//@ assert f_node: f->node == \at(f->node, Before);
	/*@ assert dist_i: \forall integer j; 0 <= j < UD_FH_NSRC && j != i ==>
	      !(h->s[j].used != 0 && h->s[j].node == h->s[i].node); */
	/*@ assert dist_other: \forall integer j, k; 0 <= j < k < UD_FH_NSRC &&
	      j != i && k != i ==>
	      h->s[j].used != 0 && h->s[k].used != 0 ==> h->s[j].node != h->s[k].node; */
	/*@ assert inv_dist: \forall integer j, k; 0 <= j < k < UD_FH_NSRC ==>
	      h->s[j].used != 0 && h->s[k].used != 0 ==> h->s[j].node != h->s[k].node; */
	//@ assert slots_after: \forall integer j; 0 <= j < UD_FH_NSRC ==> ud_fh_src_ok(h->s[j]);
}

/* Does f match one of the last two entries handled for its source? */
bool ud_fh_dup(const struct ud_fh *h, const struct ud_fh_fault *f)
{
	uint32_t slot = ud_fh_find(h, f->node);

	if (slot >= UD_FH_NSRC)
		return false;
	return ud_fh_rec_hit(&h->s[slot].newest, f) || ud_fh_rec_hit(&h->s[slot].older, f);
}

/* Lemma function (ghost, proved by WP in its own small context): a run of
 * allowed pages grows by the next allowed page. */
/*@ ghost
  /@ requires valid: \valid_read(map) && \valid_read(f);
     requires run: \forall integer v; f->vpn <= v < f->vpn + n ==>
       ud_fh_allowed(map, f->pdid, f->proc, v, f->dir);
     requires next: ud_fh_allowed(map, f->pdid, f->proc, f->vpn + n, f->dir);
     assigns \nothing;
     ensures run: \forall integer v; f->vpn <= v < f->vpn + (n + 1) ==>
       ud_fh_allowed(map, f->pdid, f->proc, v, f->dir); @/
  static void ud_fh_run_grow(const struct ud_fh_map *map,
                             const struct ud_fh_fault *f, uint32_t n) { }
*/

/* How many pages from f->vpn: Touch-A-Page 1; Touch-Ahead up to the end of
 * the 16 KB block, stopping at the first page not mapped with the right. */
uint32_t ud_fh_npages(uint32_t mode, const struct ud_fh_map *map,
			     const struct ud_fh_fault *f)
{
	uint32_t limit = mode == UD_FH_TOUCH_AHEAD ? UD_FH_AHEAD_MAX - f->vpn % 4u : 1u;
	uint32_t n = 1u;

	/*@
	  loop invariant bound: 1 <= n <= limit;
	  loop invariant in_map: \forall integer v; f->vpn <= v < f->vpn + n ==>
	    ud_fh_allowed(map, f->pdid, f->proc, v, f->dir);
	  loop assigns n;
	  loop variant limit - n;
	*/
	while (n < limit) {
		uint32_t vpn = f->vpn + n;
		ud_status st = ud_fh_lookup(map, f->pdid, f->proc, vpn, f->dir);
		if (st != UD_OK)
			break;
		//@ assert next: ud_fh_allowed(map, f->pdid, f->proc, f->vpn + n, f->dir);
		//@ ghost ud_fh_run_grow(map, f, n);
		n++;
	}
	return n;
}
