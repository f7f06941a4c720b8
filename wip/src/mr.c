/* SPDX-License-Identifier: MIT */
/*
 * mr.c -- memory regions, their page lists and pins (seed
 * 001_7ab1209d0a9249cf.txt, section 1; issue 21, docs/scale.md step 3).
 * Contracts in mr.h; invariant ud_prot_inv in spec/prot.acsl.  Proved
 * under Typed+ref, as mw.c: out-parameters are their own variables.
 *
 * Region slot i's pages are list 2 i + half of the pools of
 * src/mr_pages.h; each listed entry holds one OS pin (src/mr_pin.h: the OS
 * counts the pins of a page, seed 001 1.2.4).
 *
 *   register     list_open (ud_mpin_alloc: n pages, no pin), fill_* (each
 *                page named and pinned in turn), mr_commit; a pin the OS
 *                refuses: unpin_to (release exactly the pins taken), then
 *                list_close (the list back to the pools)
 *   deregister   unpin_to(npages), list_close, mr_kill
 *   reregister   the other list 2 i + 1 - half built and pinned first, then
 *   (new pages)  the old one unpinned and closed, then mr_commit with the
 *                other half: a page in both stays pinned throughout
 *
 * Two facts carry the frames: the entry of a page of a list is owned by
 * that (list, page) (ud_mr_entry_at, mr_pages' ownership invariant), so
 * writing one list's entries keeps every other list's (ud_lists_kept2).
 */
/* uldma-wp: -wp-model Typed+ref */
#include "mr.h"

/*@
  axiomatic UdMrPlace {
    // A goal carries these when it names the marker ud_mr_use_place.
    predicate ud_mr_use_place(integer x) = x == x;

    // The entry of page j of list k is in the pool, owned by (k, j).
    lemma ud_mr_entry_at{L}: \forall struct ud_mpg *m, integer k, j;
      ud_pg_use_div(0) && ud_mr_use_place(0) && ud_mpg_inv(m) &&
      0 <= k < UD_PG_NLIST && 0 <= j < m->list[k].npages ==>
        0 <= ud_pg_entry(m, k, j) < UD_PG_POOL &&
        m->ch_list[ud_pg_entry(m, k, j) / 64] == k &&
        m->ch_q[ud_pg_entry(m, k, j) / 64] * 64 + ud_pg_entry(m, k, j) % 64 == j;

    // Two different (list, page) have different entries.
    lemma ud_mr_entry_ne{L}: \forall struct ud_mpg *m, integer k, j, l, x;
      ud_pg_use_div(0) && ud_mr_use_place(0) && ud_mpg_inv(m) &&
      0 <= k < UD_PG_NLIST && 0 <= j < m->list[k].npages &&
      0 <= l < UD_PG_NLIST && 0 <= x < m->list[l].npages && (k != l || j != x) ==>
        ud_pg_entry(m, k, j) != ud_pg_entry(m, l, x);
  }

  axiomatic UdMrUpto {
    // List l filled to its end: every listed entry holds its pin.
    lemma ud_mr_upto_all{L}: \forall struct ud_mpg *m, integer l;
      0 <= l < UD_PG_NLIST ==>
      (ud_pins_upto(m, l, m->list[l].npages) <==> ud_pins_exact(m));
  }

  axiomatic UdMrKept {
    // The frame of page j of list x.
    logic integer ud_lpfn{L}(struct ud_prot *p, integer x, integer j) =
      p->pg.pfn[ud_pg_entry(&p->pg, x, j)];

    // Every list but l1 and l2 keeps its length, its entries and their
    // frames.
    predicate ud_lists_kept2{L1, L2}(struct ud_prot *p, integer l1, integer l2) =
      \forall integer x, j; 0 <= x < UD_PG_NLIST && x != l1 && x != l2 ==>
        \at(p->pg.list[x].npages, L1) == \at(p->pg.list[x].npages, L2) &&
        (0 <= j < \at(p->pg.list[x].npages, L1) ==>
           ud_pg_entry{L1}(\at(&p->pg, L1), x, j) == ud_pg_entry{L2}(\at(&p->pg, L2), x, j) &&
           ud_lpfn{L1}(p, x, j) == ud_lpfn{L2}(p, x, j));

    lemma ud_lists_kept2_trans{L1, L2, L3}: \forall struct ud_prot *p, integer a, b;
      ud_lists_kept2{L1, L2}(p, a, b) && ud_lists_kept2{L2, L3}(p, a, b) ==>
      ud_lists_kept2{L1, L3}(p, a, b);
    lemma ud_lists_kept2_pg{L1, L2}: \forall struct ud_prot *p, integer a, b;
      ud_mr_pg_same{L1, L2}(p) ==> ud_lists_kept2{L1, L2}(p, a, b);
    lemma ud_lists_kept2_wider{L1, L2}: \forall struct ud_prot *p, integer a, b, c, d;
      ud_lists_kept2{L1, L2}(p, a, b) && (a == c || a == d) && (b == c || b == d) ==>
      ud_lists_kept2{L1, L2}(p, c, d);

    // What the lists kept say of the regions' pages: every region but i
    // (whose lists are 2 i and 2 i + 1) keeps its pages.
    lemma ud_lists_pages_but{L1, L2}: \forall struct ud_prot *p, integer i;
      0 <= i < UD_PROT_NMR && ud_lists_kept2{L1, L2}(p, 2 * i, 2 * i + 1) && ud_pg_link{L1}(p) &&
      (\forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
         \at(p->mr[k].half, L1) == \at(p->mr[k].half, L2)) ==>
      ud_mr_pages_kept{L1, L2}(p, i);
    // Every region keeps its pages when only list l changed and no live
    // region's list is l.
    lemma ud_lists_pages_all{L1, L2}: \forall struct ud_prot *p, integer l;
      ud_lists_kept2{L1, L2}(p, l, l) && ud_pg_link{L1}(p) &&
      (\forall integer k; 0 <= k < UD_PROT_NMR ==>
         \at(p->mr[k].half, L1) == \at(p->mr[k].half, L2) &&
         (\at(p->mr[k].live, L1) == 1 ==> 2 * k + \at(p->mr[k].half, L1) != l)) ==>
      ud_mr_pages_kept{L1, L2}(p, -1);
  }

  // List l being filled: its pages before j hold their pins, the pools'
  // invariant holds.
  predicate ud_fill{L}(struct ud_prot *p, integer l, integer j) =
    ud_mpg_inv(&p->pg) && 0 <= l < UD_PG_NLIST && 0 <= j <= p->pg.list[l].npages &&
    ud_pins_upto(&p->pg, l, j);

  // Every region's list as its fields say, list l (which no region names
  // as its current one, or whose region is free) counted as empty.
  predicate ud_link_x{L}(struct ud_prot *p, integer l) =
    \forall integer i; 0 <= i < UD_PROT_NMR ==>
      (p->mr[i].half == 0 || p->mr[i].half == 1) &&
      (2 * i + p->mr[i].half == l ? 0 : p->pg.list[2 * i + p->mr[i].half].npages) ==
        (p->mr[i].live == 1 ? p->mr[i].npages : 0) &&
      (2 * i + 1 - p->mr[i].half == l ? 0 : p->pg.list[2 * i + 1 - p->mr[i].half].npages) == 0;

  axiomatic UdMrCoreFrame {
    // A goal carries these when it names the marker ud_mr_use_frame.
    predicate ud_mr_use_frame(integer x) = x == x;
    // The tables the core invariant reads, equal in two states.
    predicate ud_pdl_same{L1, L2}(struct ud_prot *p) =
      \forall integer d; 0 <= d < UD_PROT_NPD ==> \at(p->pd_live[d], L1) == \at(p->pd_live[d], L2);
    predicate ud_qpl_same{L1, L2}(struct ud_prot *p) =
      \forall integer q; 0 <= q < UD_PROT_NQP ==> \at(p->qp_live[q], L1) == \at(p->qp_live[q], L2) &&
         \at(p->qp_pd[q], L1) == \at(p->qp_pd[q], L2);
    predicate ud_ahl_same{L1, L2}(struct ud_prot *p) =
      \forall integer a; 0 <= a < UD_PROT_NAH ==> \at(p->ah_live[a], L1) == \at(p->ah_live[a], L2) &&
         \at(p->ah_pd[a], L1) == \at(p->ah_pd[a], L2);
    // Stated as named parts: a goal then matches each part to one
    // hypothesis (the conjunction of the bodies timed out, 40 s, with
    // every part proved just before it).
    predicate ud_tables_same{L1, L2}(struct ud_prot *p) =
      ud_pdl_same{L1, L2}(p) && ud_qpl_same{L1, L2}(p) && ud_ahl_same{L1, L2}(p) &&
      ud_mr_same{L1, L2}(p) && ud_mw_same{L1, L2}(p);
    lemma ud_inv_pd_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_inv_pd{L1}(p) ==> ud_inv_pd{L2}(p);
    lemma ud_inv_qp_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_inv_qp{L1}(p) ==> ud_inv_qp{L2}(p);
    lemma ud_inv_ah_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_inv_ah{L1}(p) ==> ud_inv_ah{L2}(p);
    lemma ud_inv_mr_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_inv_mr{L1}(p) ==> ud_inv_mr{L2}(p);
    lemma ud_inv_mw_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_inv_mw{L1}(p) ==> ud_inv_mw{L2}(p);
    lemma ud_core_fr{L1, L2}: \forall struct ud_prot *p;
      ud_tables_same{L1, L2}(p) && ud_prot_core{L1}(p) ==> ud_prot_core{L2}(p);

    // The link with list l counted empty, across a step that keeps the
    // regions' fields and every other list's length.
    lemma ud_link_x_fr{L1, L2}: \forall struct ud_prot *p, integer l;
      ud_mr_np_same{L1, L2}(p) &&
      (\forall integer x; 0 <= x < UD_PG_NLIST && x != l ==>
         \at(p->pg.list[x].npages, L1) == \at(p->pg.list[x].npages, L2)) &&
      ud_link_x{L1}(p, l) ==> ud_link_x{L2}(p, l);
    // Region i's link and every other's: the link (mr_commit's `link`
    // timed out without it, in a context holding the pools' invariant).
    lemma ud_link_join{L}: \forall struct ud_prot *p, integer i;
      0 <= i < UD_PROT_NMR && ud_pg_link_but(p, i) && ud_pg_link_at(p, i) ==> ud_pg_link(p);
    // The links of the regions but i, across a step that keeps their
    // fields and every list's length.
    lemma ud_link_but_fr{L1, L2}: \forall struct ud_prot *p, integer i;
      (\forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
         \at(p->mr[k].live, L1) == \at(p->mr[k].live, L2) &&
         \at(p->mr[k].npages, L1) == \at(p->mr[k].npages, L2) &&
         \at(p->mr[k].half, L1) == \at(p->mr[k].half, L2)) &&
      (\forall integer x; 0 <= x < UD_PG_NLIST ==>
         \at(p->pg.list[x].npages, L1) == \at(p->pg.list[x].npages, L2)) &&
      ud_pg_link_but{L1}(p, i) ==> ud_pg_link_but{L2}(p, i);
    // ... and list l empty: the link.
    lemma ud_link_x_empty{L}: \forall struct ud_prot *p, integer l;
      0 <= l < UD_PG_NLIST && p->pg.list[l].npages == 0 && ud_link_x(p, l) ==> ud_pg_link(p);
  }

*/

/* ------------------------------------------------------------ helpers */

/* A free region slot whose generation can still grow (else retired). */
/*@ requires valid: \valid_read(p);
    assigns \nothing;
    ensures range: \result <= UD_PROT_NMR;
    ensures found: \result < UD_PROT_NMR ==>
      p->mr[\result].live == 0 && p->mr[\result].gen < UD_KEY_GEN_MAX;
    ensures none: \result == UD_PROT_NMR ==> \forall integer i; 0 <= i < UD_PROT_NMR ==>
      !(p->mr[i].live == 0 && p->mr[i].gen < UD_KEY_GEN_MAX);
*/
static uint32_t free_mr(const struct ud_prot *p)
{
	uint32_t i;

	/*@ loop invariant bound: 0 <= i <= UD_PROT_NMR;
	    loop invariant none: \forall integer k; 0 <= k < i ==>
	      !(p->mr[k].live == 0 && p->mr[k].gen < UD_KEY_GEN_MAX);
	    loop assigns i;
	    loop variant UD_PROT_NMR - i; */
	for (i = 0; i < UD_PROT_NMR; i++)
		if (p->mr[i].live == 0u && p->mr[i].gen < UD_KEY_GEN_MAX)
			return i;
	return UD_PROT_NMR;
}

/* Physical page addresses: 4 KB aligned, below 2^44. */
/*@ requires valid: \valid_read(pg + (0 .. n - 1));
    assigns \nothing;
    ensures def: \result <==> \forall integer j; 0 <= j < n ==>
      pg[j] % 4096 == 0 && pg[j] <= UD_PROT_PA_MAX;
*/
static bool pages_ok(const uint64_t *pg, uint32_t n)
{
	uint32_t j;

	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant ok: \forall integer k; 0 <= k < j ==>
	      pg[k] % 4096 == 0 && pg[k] <= UD_PROT_PA_MAX;
	    loop assigns j;
	    loop variant n - j; */
	for (j = 0; j < n; j++)
		if (pg[j] % UD_PAGE_SIZE != 0u || pg[j] > UD_PROT_PA_MAX)
			return false;
	return true;
}

/* Is a window bound to region i? */
/*@ requires valid: \valid_read(p);
    assigns \nothing;
    ensures def: \result <==> ud_mr_has_window(p, i);
*/
static bool has_window(const struct ud_prot *p, uint32_t i)
{
	uint32_t w;

	/*@ loop invariant bound: 0 <= w <= UD_PROT_NMW;
	    loop invariant none: \forall integer k; 0 <= k < w ==>
	      !(p->mw[k].bound == 1 && p->mw[k].mr == i);
	    loop assigns w;
	    loop variant UD_PROT_NMW - w; */
	for (w = 0; w < UD_PROT_NMW; w++)
		if (p->mw[w].bound == 1u && p->mw[w].mr == i)
			return true;
	return false;
}

/* ------------------------------------------------------------ page steps */

/* Page j of list l (the next of a fill) names frame pfn and takes its pin
 * (ud_mpin_set), with the frame the fill needs: no other page of any list
 * changes its frame. */
/*@ requires valid: \valid(p);
    requires fill: ud_fill(p, l, j) && j < p->pg.list[l].npages;
    assigns p->pg.pfn[ud_pg_entry(&p->pg, l, j)], ud_env,
            ud_pg_pin_held[ud_pg_entry(&p->pg, l, j)], ud_pg_pin_pa[ud_pg_entry(&p->pg, l, j)];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures pinned: \result == UD_OK ==> ud_fill(p, l, j + 1) && ud_lpfn(p, l, j) == pfn;
    ensures refused: \result != UD_OK ==> ud_fill(p, l, j);
    ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
    ensures mine: \forall integer x; 0 <= x < p->pg.list[l].npages && x != j ==>
      ud_lpfn(p, l, x) == ud_lpfn{Pre}(p, l, x);
*/
static ud_status set_page(struct ud_prot *p, uint32_t l, uint32_t j, uint32_t pfn)
{
	ud_status st = ud_mpin_set(&p->pg, l, j, pfn);

	/*@ assert lens: \forall integer x; 0 <= x < UD_PG_NLIST ==>
	      p->pg.list[x].npages == \at(p->pg.list[x].npages, Pre); */
	/*@ assert ents: \forall integer x, y; 0 <= x < UD_PG_NLIST && 0 <= y < p->pg.list[x].npages ==>
	      ud_pg_entry(&p->pg, x, y) == ud_pg_entry{Pre}(&p->pg, x, y); */
	/*@ assert ne: ud_pg_use_div(0) && ud_mr_use_place(0) &&
	      \forall integer x, y; 0 <= x < UD_PG_NLIST && 0 <= y < p->pg.list[x].npages &&
	        (x != l || y != j) ==> ud_pg_entry(&p->pg, x, y) != ud_pg_entry(&p->pg, l, j); */
	return st;
}

/* Pages j-1 .. 0 of list l let their pins go (a rollback, or a
 * deregistration from the end). */
/*@ requires valid: \valid(p);
    requires fill: ud_fill(p, l, j);
    assigns ud_env, ud_pg_pin_held[0 .. UD_PG_POOL - 1];
    ensures none: ud_fill(p, l, 0);
*/
static void unpin_to(struct ud_prot *p, uint32_t l, uint32_t j)
{
	uint32_t k = j;

	/*@ loop invariant bound: 0 <= k <= j;
	    loop invariant fill: ud_fill(p, l, k);
	    loop assigns k, ud_env, ud_pg_pin_held[0 .. UD_PG_POOL - 1];
	    loop variant k; */
	while (k > 0u) {
		k--;
		/*@ assert in_pool: ud_pg_use_div(0) && ud_mr_use_place(0) &&
		      0 <= ud_pg_entry(&p->pg, l, k) < UD_PG_POOL; */
		ud_mpin_unset(&p->pg, l, k);
	}
}

/* Fill list l (n pages, none pinned) from physical addresses pages[0 ..
 * n-1] (checked by the caller).  A refused pin: the pins taken released. */
/*@ requires valid: \valid(p);
    requires list: \valid_read(pages + (0 .. n - 1)) && \separated(pages + (0 .. n - 1), p);
    requires fill: ud_fill(p, l, 0) && p->pg.list[l].npages == n;
    requires ok: \forall integer j; 0 <= j < n ==> pages[j] % 4096 == 0 && pages[j] <= UD_PROT_PA_MAX;
    assigns p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
            ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures done: \result == UD_OK ==> ud_fill(p, l, n) &&
      \forall integer j; 0 <= j < n ==> ud_lpfn(p, l, j) * 4096 == pages[j];
    ensures undone: \result != UD_OK ==> ud_fill(p, l, 0);
    ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
*/
static ud_status fill_phys(struct ud_prot *p, uint32_t l, const uint64_t *pages, uint32_t n)
{
	uint32_t j;

	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant fill: ud_fill(p, l, j) && p->pg.list[l].npages == n;
	    loop invariant named: \forall integer x; 0 <= x < j ==> ud_lpfn(p, l, x) * 4096 == pages[x];
	    loop invariant kept: ud_lists_kept2{Pre, Here}(p, l, l);
	    loop assigns j, p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
	      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		/*@ assert in_pool: ud_pg_use_div(0) && ud_mr_use_place(0) &&
		      0 <= ud_pg_entry(&p->pg, l, j) < UD_PG_POOL; */
		if (set_page(p, l, j, (uint32_t)(pages[j] / UD_PAGE_SIZE)) != UD_OK) {
			unpin_to(p, l, j);
			return UD_E_PLATFORM;
		}
	}
	return UD_OK;
}

/* Fill list l (n pages, none pinned) from the OS memory routine (1.2.2):
 * the pages of the range from base (page aligned) on, fetched 16 at a
 * time, checked, not trusted.  A refusal: the pins taken released. */
/*@ requires valid: \valid(p);
    requires fill: ud_fill(p, l, 0) && p->pg.list[l].npages == n;
    requires base: base + 4096 * n <= 18446744073709551616;
    assigns p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
            ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures done: \result == UD_OK ==> ud_fill(p, l, n);
    ensures undone: \result != UD_OK ==> ud_fill(p, l, 0);
    ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
*/
static ud_status fill_plat(struct ud_prot *p, uint32_t l, uint64_t base, uint32_t n)
{
	uint64_t pg[16];
	uint32_t j = 0;
	uint32_t c;
	uint32_t k;

	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant fill: ud_fill(p, l, j) && p->pg.list[l].npages == n;
	    loop invariant kept: ud_lists_kept2{Pre, Here}(p, l, l);
	    loop assigns j, c, k, pg[0 .. 15], p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
	      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
	    loop variant n - j; */
	while (j < n) {
		c = n - j < 16u ? n - j : 16u;
		if (ud_plat_prot_pages(base + (uint64_t)j * UD_PAGE_SIZE, c, pg) != UD_OK ||
		    !pages_ok(pg, c)) {
			unpin_to(p, l, j);
			return UD_E_PLATFORM;
		}
		/*@ loop invariant bound: 0 <= k <= c && j == \at(j, LoopEntry) + k;
		    loop invariant fill: ud_fill(p, l, j) && p->pg.list[l].npages == n;
		    loop invariant kept: ud_lists_kept2{Pre, Here}(p, l, l);
		    loop assigns j, k, p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
		      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
		    loop variant c - k; */
		for (k = 0; k < c; k++) {
			/*@ assert in_pool: ud_pg_use_div(0) && ud_mr_use_place(0) &&
			      0 <= ud_pg_entry(&p->pg, l, j) < UD_PG_POOL; */
			if (set_page(p, l, j, (uint32_t)(pg[k] / UD_PAGE_SIZE)) != UD_OK) {
				unpin_to(p, l, j);
				return UD_E_PLATFORM;
			}
			j++;
		}
	}
	return UD_OK;
}

/* Fill list l (n pages, none pinned) with the frames of list sl's pages
 * (a shared registration, 1.2.6: each registration pins again).  A
 * refused pin: the pins taken released. */
/*@ requires valid: \valid(p);
    requires fill: ud_fill(p, l, 0) && p->pg.list[l].npages == n;
    requires src: sl < UD_PG_NLIST && sl != l && p->pg.list[sl].npages == n;
    assigns p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
            ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures done: \result == UD_OK ==> ud_fill(p, l, n) &&
      \forall integer j; 0 <= j < n ==> ud_lpfn(p, l, j) == ud_lpfn{Pre}(p, sl, j);
    ensures undone: \result != UD_OK ==> ud_fill(p, l, 0);
    ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
*/
static ud_status fill_copy(struct ud_prot *p, uint32_t l, uint32_t sl, uint32_t n)
{
	uint32_t j;
	uint32_t f;

	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant fill: ud_fill(p, l, j) && p->pg.list[l].npages == n;
	    loop invariant named: \forall integer x; 0 <= x < j ==> ud_lpfn(p, l, x) == ud_lpfn{Pre}(p, sl, x);
	    loop invariant kept: ud_lists_kept2{Pre, Here}(p, l, l);
	    loop assigns j, f, p->pg.pfn[0 .. UD_PG_POOL - 1], ud_env,
	      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		f = p->pg.pfn[ud_mpg_entry(&p->pg, sl, j)];
		/*@ assert src_j: f == ud_lpfn{Pre}(p, sl, j); */
		/*@ assert in_pool: ud_pg_use_div(0) && ud_mr_use_place(0) &&
		      0 <= ud_pg_entry(&p->pg, l, j) < UD_PG_POOL; */
		if (set_page(p, l, j, f) != UD_OK) {
			unpin_to(p, l, j);
			return UD_E_PLATFORM;
		}
	}
	return UD_OK;
}

/* ------------------------------------------------------------ lists */

/* Build list l (empty, no region's current one) for n pages, no pin yet:
 * all or nothing (ud_mpin_alloc). */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_core(p) && ud_mpg_inv(&p->pg) && ud_pins_exact(&p->pg) && ud_link_x(p, l);
    requires list: l < UD_PG_NLIST && p->pg.list[l].npages == 0;
    requires n: 1 <= n <= UD_PG_MAXPG;
    assigns p->pg;
    behavior no_room:
      assumes !ud_pg_room(p, n);
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: p->pg == \old(p->pg);
    behavior built:
      assumes ud_pg_room(p, n);
      ensures status: \result == UD_OK;
      ensures fill: ud_fill(p, l, 0) && p->pg.list[l].npages == n;
      ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
      ensures core: ud_prot_core(p) && ud_link_x(p, l);
    complete behaviors;
    disjoint behaviors;
*/
static ud_status list_open(struct ud_prot *p, uint32_t l, uint32_t n)
{
	ud_status st = ud_mpin_alloc(&p->pg, l, n);

	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==> p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert qp_same: \forall integer q; 0 <= q < UD_PROT_NQP ==>
	      p->qp_live[q] == \at(p->qp_live[q], Pre) && p->qp_pd[q] == \at(p->qp_pd[q], Pre); */
	/*@ assert ah_same: \forall integer a; 0 <= a < UD_PROT_NAH ==>
	      p->ah_live[a] == \at(p->ah_live[a], Pre) && p->ah_pd[a] == \at(p->ah_pd[a], Pre); */
	/*@ assert mr_f: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_f: ud_mw_same{Pre, Here}(p); */
	/*@ assert pd_f: ud_pdl_same{Pre, Here}(p); */
	/*@ assert qp_f: ud_qpl_same{Pre, Here}(p); */
	/*@ assert ah_f: ud_ahl_same{Pre, Here}(p); */
	/*@ assert tables: ud_tables_same{Pre, Here}(p); */
	/*@ assert core: ud_prot_core(p); */
	/*@ assert np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert lens: \forall integer x; 0 <= x < UD_PG_NLIST && x != l ==>
	      p->pg.list[x].npages == \at(p->pg.list[x].npages, Pre); */
	/*@ assert ents: st == UD_OK ==> \forall integer x, j; 0 <= x < UD_PG_NLIST && x != l &&
	      0 <= j < p->pg.list[x].npages ==> ud_pg_entry(&p->pg, x, j) == ud_pg_entry{Pre}(&p->pg, x, j); */
	/*@ assert pfns: st == UD_OK ==> \forall integer x, j; 0 <= x < UD_PG_NLIST && x != l &&
	      0 <= j < p->pg.list[x].npages ==> ud_lpfn(p, x, j) == ud_lpfn{Pre}(p, x, j); */
	/*@ assert linkx: ud_link_x(p, l); */
	return st;
}

/* Give list l (no pin held) back to the pools.  When l was the one list
 * out of step with its region (ud_link_x), every list is in step after. */
/*@ requires valid: \valid(p);
    requires fill: ud_fill(p, l, 0);
    requires core: ud_prot_core(p);
    assigns p->pg;
    ensures pages: ud_mpg_inv(&p->pg) && ud_pins_exact(&p->pg);
    ensures core: ud_prot_core(p);
    ensures empty: p->pg.list[l].npages == 0;
    ensures kept: ud_lists_kept2{Pre, Post}(p, l, l);
    ensures mr: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \old(p->mr[k]);
    ensures link: ud_link_x{Pre}(p, l) ==> ud_pg_link(p);
*/
static void list_close(struct ud_prot *p, uint32_t l)
{
	ud_mpin_free(&p->pg, l);
	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==> p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert qp_same: \forall integer q; 0 <= q < UD_PROT_NQP ==>
	      p->qp_live[q] == \at(p->qp_live[q], Pre) && p->qp_pd[q] == \at(p->qp_pd[q], Pre); */
	/*@ assert ah_same: \forall integer a; 0 <= a < UD_PROT_NAH ==>
	      p->ah_live[a] == \at(p->ah_live[a], Pre) && p->ah_pd[a] == \at(p->ah_pd[a], Pre); */
	/*@ assert mr_f: ud_mr_same{Pre, Here}(p); */
	/*@ assert mw_f: ud_mw_same{Pre, Here}(p); */
	/*@ assert pd_f: ud_pdl_same{Pre, Here}(p); */
	/*@ assert qp_f: ud_qpl_same{Pre, Here}(p); */
	/*@ assert ah_f: ud_ahl_same{Pre, Here}(p); */
	/*@ assert tables: ud_tables_same{Pre, Here}(p); */
	/*@ assert core: ud_prot_core(p); */
	/*@ assert np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert lens: \forall integer x; 0 <= x < UD_PG_NLIST && x != l ==>
	      p->pg.list[x].npages == \at(p->pg.list[x].npages, Pre); */
	/*@ assert ents: \forall integer x, j; 0 <= x < UD_PG_NLIST && x != l &&
	      0 <= j < p->pg.list[x].npages ==> ud_pg_entry(&p->pg, x, j) == ud_pg_entry{Pre}(&p->pg, x, j); */
	/*@ assert pfns: \forall integer x, j; 0 <= x < UD_PG_NLIST && x != l &&
	      0 <= j < p->pg.list[x].npages ==> ud_lpfn(p, x, j) == ud_lpfn{Pre}(p, x, j); */
	/*@ assert link_x: ud_link_x{Pre}(p, l) ==> ud_link_x(p, l); */
	/*@ assert link: ud_link_x{Pre}(p, l) ==> ud_pg_link(p); */
}

/* ------------------------------------------------------------ slot steps */

/* Fill region slot i (free, or live without windows) with new fields and
 * a new generation: the tables' part of the invariant (no page predicate
 * in its context: they only slow the provers).  One store of the whole
 * entry: its frame is immediate. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires core: ud_prot_core(p);
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->mr[i];
    ensures core: ud_prot_core(p);
    ensures set: ud_mr_set(p, i, pd, access, iova, len, off);
    ensures half: p->mr[i].half == half && p->mr[i].npages == npages;
    ensures gen: p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> p->mr[k] == \old(p->mr[k]);
    ensures others: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
      p->mr[k].live == \old(p->mr[k].live) && p->mr[k].npages == \old(p->mr[k].npages) &&
      p->mr[k].half == \old(p->mr[k].half);
    ensures pg_top: p->pg.ch_top == \old(p->pg.ch_top) && p->pg.dr_top == \old(p->pg.dr_top);
    ensures pg_list: \forall integer l; 0 <= l < UD_PG_NLIST ==>
      p->pg.list[l].npages == \old(p->pg.list[l].npages) &&
      p->pg.list[l].nc == \old(p->pg.list[l].nc) && p->pg.list[l].nd == \old(p->pg.list[l].nd);
    ensures pg_tops: \forall integer l, y; 0 <= l < UD_PG_NLIST && 0 <= y < 64 ==>
      p->pg.list[l].top[y] == \old(p->pg.list[l].top[y]);
    ensures pg_pfn: \forall integer s; 0 <= s < UD_PG_POOL ==> p->pg.pfn[s] == \old(p->pg.pfn[s]);
    ensures pg_dir: \forall integer d, x; 0 <= d < UD_PG_NDIR && 0 <= x < 64 ==>
      p->pg.dir[d][x] == \old(p->pg.dir[d][x]);
    ensures pg_ch: \forall integer c; 0 <= c < UD_PG_NCHUNK ==>
      p->pg.ch_list[c] == \old(p->pg.ch_list[c]) && p->pg.ch_q[c] == \old(p->pg.ch_q[c]) &&
      p->pg.ch_perm[c] == \old(p->pg.ch_perm[c]) && p->pg.ch_pos[c] == \old(p->pg.ch_pos[c]);
    ensures pg_dr: \forall integer d; 0 <= d < UD_PG_NDIR ==>
      p->pg.dr_list[d] == \old(p->pg.dr_list[d]) && p->pg.dr_q[d] == \old(p->pg.dr_q[d]) &&
      p->pg.dr_perm[d] == \old(p->pg.dr_perm[d]) && p->pg.dr_pos[d] == \old(p->pg.dr_pos[d]);
*/
static void mr_store(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                     uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                     uint32_t half)
{
	struct ud_mr m;

	m.pd = pd;
	m.access = access;
	m.iova = iova;
	m.len = len;
	m.off = off;
	m.npages = npages;
	m.half = half;
	m.gen = p->mr[i].gen + 1u;
	m.live = 1;
	p->mr[i] = m;
	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_same: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
}


/* mr_store, with the page part: slot i's pages are list 2 i + half, built
 * and pinned, its other list empty. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires core: ud_prot_core(p);
    requires pages: ud_mpg_inv(&p->pg) && ud_pins_exact(&p->pg) && ud_pg_link_but(p, i);
    requires half: half <= 1 && p->pg.list[2 * i + half].npages == npages &&
      p->pg.list[2 * i + 1 - half].npages == 0;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures set: ud_mr_set(p, i, pd, access, iova, len, off);
    ensures half: p->mr[i].half == half && p->mr[i].npages == npages;
    ensures gen: p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> p->mr[k] == \old(p->mr[k]);
    ensures pg: ud_mr_pg_same{Pre, Post}(p);
*/
static void mr_commit(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                      uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                      uint32_t half)
{
	mr_store(p, i, pd, access, iova, len, off, npages, half);
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert mpg: ud_mpg_inv(&p->pg); */
	/*@ assert exact: ud_pins_exact(&p->pg); */
	/*@ assert lens_c: \forall integer x; 0 <= x < UD_PG_NLIST ==>
	      p->pg.list[x].npages == \at(p->pg.list[x].npages, Pre); */
	/*@ assert but_pre: ud_pg_link_but{Pre}(p, i); */
	/*@ assert but: ud_mr_use_frame(0) && ud_pg_link_but(p, i); */
	/*@ assert link_i: ud_pg_link_at(p, i); */
	/*@ assert link: ud_pg_link(p); */
}

/* Give live region i (no window bound to it) a new PD, new access flags
 * and a new generation; its translation and pages stay. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    assigns p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures fields: p->mr[i].live == 1 && p->mr[i].pd == pd && p->mr[i].access == access &&
      p->mr[i].gen == \old(p->mr[i].gen) + 1 &&
      p->mr[i].iova == \old(p->mr[i].iova) && p->mr[i].len == \old(p->mr[i].len) &&
      p->mr[i].off == \old(p->mr[i].off) && p->mr[i].npages == \old(p->mr[i].npages) &&
      p->mr[i].half == \old(p->mr[i].half);
    ensures frame: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> p->mr[k] == \old(p->mr[k]);
    ensures pg: ud_mr_pg_same{Pre, Post}(p);
*/
static void mr_retag(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access)
{
	struct ud_mr m = p->mr[i];

	/*@ assert pre_ok: ud_mr_ok(p, i); */
	/*@ assert pre_link: ud_pg_link_at(p, i); */
	m.pd = pd;
	m.access = access;
	m.gen = m.gen + 1u;
	p->mr[i] = m;
	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_same: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pg_top: p->pg.ch_top == \at(p->pg.ch_top, Pre) && p->pg.dr_top == \at(p->pg.dr_top, Pre); */
	/*@ assert pg_list: \forall integer l; 0 <= l < UD_PG_NLIST ==>
	      p->pg.list[l].npages == \at(p->pg.list[l].npages, Pre) &&
	      p->pg.list[l].nc == \at(p->pg.list[l].nc, Pre) && p->pg.list[l].nd == \at(p->pg.list[l].nd, Pre); */
	/*@ assert pg_tops: \forall integer l, y; 0 <= l < UD_PG_NLIST && 0 <= y < 64 ==>
	      p->pg.list[l].top[y] == \at(p->pg.list[l].top[y], Pre); */
	/*@ assert pg_pfn: \forall integer s; 0 <= s < UD_PG_POOL ==> p->pg.pfn[s] == \at(p->pg.pfn[s], Pre); */
	/*@ assert pg_dir: \forall integer d, x; 0 <= d < UD_PG_NDIR && 0 <= x < 64 ==>
	      p->pg.dir[d][x] == \at(p->pg.dir[d][x], Pre); */
	/*@ assert pg_ch: \forall integer c; 0 <= c < UD_PG_NCHUNK ==>
	      p->pg.ch_list[c] == \at(p->pg.ch_list[c], Pre) && p->pg.ch_q[c] == \at(p->pg.ch_q[c], Pre) &&
	      p->pg.ch_perm[c] == \at(p->pg.ch_perm[c], Pre) && p->pg.ch_pos[c] == \at(p->pg.ch_pos[c], Pre); */
	/*@ assert pg_dr: \forall integer d; 0 <= d < UD_PG_NDIR ==>
	      p->pg.dr_list[d] == \at(p->pg.dr_list[d], Pre) && p->pg.dr_q[d] == \at(p->pg.dr_q[d], Pre) &&
	      p->pg.dr_perm[d] == \at(p->pg.dr_perm[d], Pre) && p->pg.dr_pos[d] == \at(p->pg.dr_pos[d], Pre); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert np_same: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert pin_same: ud_pin_same{Pre, Here}(p); */
}

/* Free region i (live, no window bound to it, both its lists empty). */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires core: ud_prot_core(p);
    requires pages: ud_mpg_inv(&p->pg) && ud_pins_exact(&p->pg) && ud_pg_link_but(p, i);
    requires empty: (p->mr[i].half == 0 || p->mr[i].half == 1) &&
      p->pg.list[2 * i].npages == 0 && p->pg.list[2 * i + 1].npages == 0;
    requires live: p->mr[i].live == 1;
    requires nowin: !ud_mr_has_window(p, i);
    assigns p->mr[i].live;
    ensures inv: ud_prot_inv(p);
    ensures gone: p->mr[i].live == 0 && p->mr[i].gen == \old(p->mr[i].gen) &&
      p->mr[i].half == \old(p->mr[i].half);
    ensures frame: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> p->mr[k] == \old(p->mr[k]);
    ensures pg: ud_mr_pg_same{Pre, Post}(p);
*/
static void mr_kill(struct ud_prot *p, uint32_t i)
{
	/*@ assert k_gen: ud_mr_ok(p, i) && p->mr[i].gen <= UD_KEY_GEN_MAX; */
	p->mr[i].live = 0;
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	/*@ assert pg_same: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert pins_same: ud_pins_same{Pre, Here}(p); */
	/*@ assert mpg: ud_mpg_inv(&p->pg); */
	/*@ assert exact: ud_pins_exact(&p->pg); */
	/*@ assert but: ud_pg_link_but(p, i); */
	/*@ assert link_i: ud_pg_link_at(p, i); */
	/*@ assert link: ud_pg_link(p); */
}

/* Deregister live region i (no window bound to it): every entry of its
 * list lets its pin go, the list goes back to the pools, the slot is
 * freed. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires nowin: !ud_mr_has_window(p, i);
    assigns p->pg, p->mr[i].live, ud_env, ud_pg_pin_held[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures gone: p->mr[i].live == 0 && p->mr[i].gen == \old(p->mr[i].gen);
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
*/
static void mr_release(struct ud_prot *p, uint32_t i)
{
	uint32_t l = 2u * i + p->mr[i].half;

	/*@ assert r_link: ud_pg_link_at(p, i) && p->pg.list[l].npages == p->mr[i].npages; */
	/*@ assert r_upto: ud_pins_upto(&p->pg, l, p->pg.list[l].npages); */
	/*@ assert r_but0: ud_pg_link_but(p, i); */
	unpin_to(p, l, p->mr[i].npages);
	/*@ assert r_core: ud_prot_core(p); */
	list_close(p, l);
	/*@ assert r_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
	/*@ assert r_but: ud_pg_link_but(p, i); */
	/*@ assert r_empty: p->pg.list[2 * i].npages == 0 && p->pg.list[2 * i + 1].npages == 0; */
	/*@ assert r_wide: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	mr_kill(p, i);
	/*@ assert r_kept2: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert r_pages: ud_mr_pages_kept{Pre, Here}(p, i); */
	/*@ assert r_frame: ud_only_mr_changed{Pre, Here}(p, i); */
}

/* Register into free slot i the n pages whose list `fill` builds: the
 * state after a registration's fill, committed or rolled back.  Each verb
 * below is list_open, its fill_*, then this. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires core: ud_prot_core(p) && ud_link_x(p, 2 * i + p->mr[i].half);
    requires free: p->mr[i].live == 0 && (p->mr[i].half == 0 || p->mr[i].half == 1);
    requires list: p->pg.list[2 * i + p->mr[i].half].npages == npages;
    requires st: st == UD_OK || st == UD_E_PLATFORM;
    requires done: st == UD_OK ==> ud_fill(p, 2 * i + p->mr[i].half, npages);
    requires undone: st != UD_OK ==> ud_fill(p, 2 * i + p->mr[i].half, 0);
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->pg, p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures result: \result == st;
    ensures closed: \result != UD_OK ==>
      ud_lists_kept2{Pre, Post}(p, 2 * i + \old(p->mr[i].half), 2 * i + \old(p->mr[i].half)) &&
      \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \old(p->mr[k]);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, iova, len, off) &&
      p->mr[i].half == \old(p->mr[i].half) && p->mr[i].npages == npages;
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==>
      (\forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> p->mr[k] == \old(p->mr[k])) &&
      ud_mr_pg_same{Pre, Post}(p);
*/
static ud_status mr_finish(struct ud_prot *p, uint32_t i, ud_status st, uint32_t pd,
                           uint32_t access, uint64_t iova, uint32_t len, uint32_t off,
                           uint32_t npages)
{
	uint32_t h = p->mr[i].half;

	if (st != UD_OK) {
		list_close(p, 2u * i + h);
		return st;
	}
	/*@ assert c_exact: ud_pins_exact(&p->pg); */
	/*@ assert c_but: ud_pg_link_but(p, i); */
	mr_commit(p, i, pd, access, iova, len, off, npages, h);
	return UD_OK;
}

/* Reregister live region i with the n pages the OS routine gives from
 * base: the other list built and pinned first, then the old list
 * unpinned and closed, then the slot committed with the other half (a
 * page in both lists keeps a pin throughout).  An error leaves every
 * field, page and pin as it was. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova) && 1 <= npages;
    requires base: base + 4096 * npages <= 18446744073709551616;
    assigns p->pg, p->mr[i], ud_env,
            ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures full: \result == UD_E_NOSPC ==> !ud_pg_room{Pre}(p, npages);
    ensures unchanged: \result == UD_E_NOSPC ==> *p == \old(*p);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, iova, len, off);
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, i);
*/
static ud_status mr_replace(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                            uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                            uint64_t base)
{
	uint32_t h = p->mr[i].half;
	uint32_t lo = 2u * i + h;
	uint32_t ln = 2u * i + 1u - h;
	ud_status st;

	/*@ assert t_link: ud_pg_link_at(p, i) && p->pg.list[ln].npages == 0; */
	/*@ assert t_linkx: ud_link_x(p, ln); */
	if (list_open(p, ln, npages) != UD_OK)
		return UD_E_NOSPC;
	/*@ assert t_opened: ud_lists_kept2{Pre, Here}(p, ln, ln); */
	st = fill_plat(p, ln, base, npages);
	/*@ assert t_filled: ud_lists_kept2{Pre, Here}(p, ln, ln); */
	if (st != UD_OK) {
		list_close(p, ln);
		/*@ assert e_kept: ud_lists_kept2{Pre, Here}(p, ln, ln); */
		/*@ assert e_mr: \forall integer k; 0 <= k < UD_PROT_NMR ==> p->mr[k] == \at(p->mr[k], Pre); */
		/*@ assert e_pages: ud_mr_pages_kept{Pre, Here}(p, -1); */
		return UD_E_PLATFORM;
	}
	/*@ assert n_wide: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert n_exact: ud_pins_exact(&p->pg); */
	/*@ assert n_upto: ud_pins_upto(&p->pg, lo, p->pg.list[lo].npages); */
	/*@ assert n_lens: p->pg.list[lo].npages == p->mr[i].npages && p->pg.list[ln].npages == npages; */
	/*@ assert n_but: ud_pg_link_but(p, i); */
	unpin_to(p, lo, p->mr[i].npages);
	list_close(p, lo);
	/*@ assert o_kept: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert o_but: ud_pg_link_but(p, i); */
	/*@ assert o_lens: p->pg.list[lo].npages == 0 && p->pg.list[ln].npages == npages; */
	mr_commit(p, i, pd, access, iova, len, off, npages, 1u - h);
	/*@ assert c_kept: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert c_pages: ud_mr_pages_kept{Pre, Here}(p, i); */
	/*@ assert c_frame: ud_only_mr_changed{Pre, Here}(p, i); */
	return UD_OK;
}

/*@ assigns \nothing;
    ensures def: ud_rkey_is(access, key, \result); */
static uint32_t rkey_for(uint32_t access, uint32_t key)
{
	/* 1.3: "R_Key is returned only when remote access was requested". */
	if (UD_HAS(access, UD_ACC_REMOTE_WRITE) || UD_HAS(access, UD_ACC_REMOTE_READ) ||
	    UD_HAS(access, UD_ACC_REMOTE_ATOMIC))
		return key;
	return 0;
}

/*@ assigns \nothing;
    ensures def: \result <==> ud_mr_acc_ok(a); */
static bool acc_ok(uint32_t a)
{
	if (a > UD_ACC_ALL)
		return false;
	/* 1.2.1: remote write and remote atomic also need local write. */
	if ((UD_HAS(a, UD_ACC_REMOTE_WRITE) || UD_HAS(a, UD_ACC_REMOTE_ATOMIC)) &&
	    !UD_HAS(a, UD_ACC_LOCAL_WRITE))
		return false;
	return true;
}

/* ------------------------------------------------------------ verbs */

ud_status ud_reg_mr(struct ud_prot *p, uint32_t pd, uint64_t va, uint64_t len,
                    uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey)
{
	uint32_t off;
	uint32_t npages;
	uint32_t i;
	uint32_t l;
	ud_status st;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	if (!acc_ok(access) || len == 0u)
		return UD_E_INVAL;
	if (len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	/* 1.2.1: any byte address; the region starts at va's page offset. */
	off = (uint32_t)(va % UD_PAGE_SIZE);
	if (len > (uint64_t)UD_PROT_MAXPG * UD_PAGE_SIZE - off)
		return UD_E_RANGE;
	npages = (uint32_t)((off + len + (UD_PAGE_SIZE - 1u)) / UD_PAGE_SIZE);
	i = free_mr(p);
	if (i == UD_PROT_NMR) {
		/*@ assert full: !ud_mr_room{Pre}(p); */
		return UD_E_NOSPC;
	}
	/*@ assert v_ok: ud_mr_ok(p, i) && ud_pg_link_at(p, i); */
	l = 2u * i + p->mr[i].half;
	/*@ assert v_linkx: ud_link_x(p, l); */
	if (list_open(p, l, npages) != UD_OK)
		return UD_E_NOSPC;
	/* 1.2.2: the OS memory routine chooses the pages; checked, not trusted. */
	st = fill_plat(p, l, va - off, npages);
	/*@ assert v_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	st = mr_finish(p, i, st, pd, access, va, (uint32_t)len, off, npages);
	if (st != UD_OK) {
		/*@ assert e_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
		/*@ assert e_pages: ud_mr_pages_kept{Pre, Here}(p, -1); */
		return st;
	}
	/*@ assert o_kept: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert o_pages: ud_mr_pages_kept{Pre, Here}(p, i); */
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	return UD_OK;
}

ud_status ud_reg_phys_mr(struct ud_prot *p, uint32_t pd, const uint64_t *pages,
                         uint32_t npages, uint64_t iova, uint32_t off, uint64_t len,
                         uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey)
{
	uint32_t i;
	uint32_t l;
	ud_status st;

	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	if (!acc_ok(access) || len == 0u || npages == 0u || off >= UD_PAGE_SIZE)
		return UD_E_INVAL;
	if (npages > UD_PROT_MAXPG)
		return UD_E_RANGE;
	if (len > UINT64_MAX - iova)
		return UD_E_OVERFLOW;
	/* 1.3: pages start and end on page boundaries; the region ends
	 * anywhere inside the last listed page. */
	if (len > (uint64_t)npages * UD_PAGE_SIZE - off ||
	    off + len <= (uint64_t)(npages - 1u) * UD_PAGE_SIZE ||
	    !pages_ok(pages, npages))
		return UD_E_INVAL;
	i = free_mr(p);
	if (i == UD_PROT_NMR) {
		/*@ assert full: !ud_mr_room{Pre}(p); */
		return UD_E_NOSPC;
	}
	/*@ assert v_ok: ud_mr_ok(p, i) && ud_pg_link_at(p, i); */
	l = 2u * i + p->mr[i].half;
	/*@ assert v_linkx: ud_link_x(p, l); */
	if (list_open(p, l, npages) != UD_OK)
		return UD_E_NOSPC;
	st = fill_phys(p, l, pages, npages);
	/*@ assert v_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	st = mr_finish(p, i, st, pd, access, iova, (uint32_t)len, off, npages);
	if (st != UD_OK) {
		/*@ assert e_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
		/*@ assert e_pages: ud_mr_pages_kept{Pre, Here}(p, -1); */
		return st;
	}
	/*@ assert o_kept: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert o_pages: ud_mr_pages_kept{Pre, Here}(p, i); */
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	return UD_OK;
}

ud_status ud_reg_shared_mr(struct ud_prot *p, uint32_t mr, uint32_t pd, uint64_t va,
                           uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey)
{
	uint32_t i;
	uint32_t l;
	uint32_t sl;
	ud_status st;

	if (mr >= UD_PROT_NMR || p->mr[mr].live != 1u)
		return UD_E_NOENT;
	if (pd >= UD_PROT_NPD || p->pd_live[pd] != 1u)
		return UD_E_NOENT;
	if (!acc_ok(access))
		return UD_E_INVAL;
	if (p->mr[mr].len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	i = free_mr(p);
	if (i == UD_PROT_NMR)
		return UD_E_NOSPC;
	/*@ assert src_ok: ud_mr_ok(p, mr) && ud_pg_link_at(p, mr) && mr != i; */
	/*@ assert v_ok: ud_mr_ok(p, i) && ud_pg_link_at(p, i); */
	l = 2u * i + p->mr[i].half;
	sl = 2u * mr + p->mr[mr].half;
	/*@ assert v_linkx: ud_link_x(p, l); */
	if (list_open(p, l, p->mr[mr].npages) != UD_OK)
		return UD_E_NOSPC;
	/* 1.2.4: each registration pins again, even pages already pinned. */
	st = fill_copy(p, l, sl, p->mr[mr].npages);
	/*@ assert v_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	st = mr_finish(p, i, st, pd, access, va, p->mr[mr].len, p->mr[mr].off, p->mr[mr].npages);
	if (st != UD_OK) {
		/*@ assert e_kept: ud_lists_kept2{Pre, Here}(p, l, l); */
		/*@ assert e_pages: ud_mr_pages_kept{Pre, Here}(p, -1); */
		return st;
	}
	/*@ assert o_kept: ud_lists_kept2{Pre, Here}(p, 2 * i, 2 * i + 1); */
	/*@ assert o_pages: ud_mr_pages_kept{Pre, Here}(p, i); */
	/*@ assert o_src: \forall integer j; 0 <= j < p->mr[i].npages ==>
	      ud_lpfn{Pre}(p, sl, j) == ud_mr_pfn{Pre}(p, mr, j); */
	/*@ assert o_copy: \forall integer j; 0 <= j < p->mr[i].npages ==>
	      ud_mr_pfn(p, i, j) == ud_lpfn(p, l, j); */
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	return UD_OK;
}

/* Reregistration's new translation (1.2.5): the range checked, then
 * mr_replace.  Its own function so that ud_rereg_mr's two branches come
 * back to one point (docs/METHOD.md, "One test per branch"). */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    assigns p->pg, p->mr[i], ud_env,
            ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_INVAL || \result == UD_E_OVERFLOW ||
      \result == UD_E_RANGE || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures full: \result == UD_E_NOSPC ==> !ud_pg_room{Pre}(p, ud_npages(va % 4096, len));
    ensures unchanged: \result != UD_OK && \result != UD_E_PLATFORM ==> *p == \old(*p);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, va, len, va % 4096);
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, i);
*/
static ud_status rereg_trans(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                             uint64_t va, uint64_t len)
{
	uint32_t off;
	uint32_t npages;

	if (len == 0u)
		return UD_E_INVAL;
	if (len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	off = (uint32_t)(va % UD_PAGE_SIZE);
	if (len > (uint64_t)UD_PROT_MAXPG * UD_PAGE_SIZE - off)
		return UD_E_RANGE;
	npages = (uint32_t)((off + len + (UD_PAGE_SIZE - 1u)) / UD_PAGE_SIZE);
	return mr_replace(p, i, pd, access, va, (uint32_t)len, off, npages, va - off);
}

ud_status ud_rereg_mr(struct ud_prot *p, uint32_t mr, uint32_t flags, uint32_t pd,
                      uint64_t va, uint64_t len, uint32_t access,
                      uint32_t *lkey, uint32_t *rkey)
{
	uint32_t npd;
	uint32_t nacc;
	ud_status st;

	if (mr >= UD_PROT_NMR || p->mr[mr].live != 1u)
		return UD_E_NOENT;
	if (flags == 0u || flags > 7u)
		return UD_E_INVAL;
	if (has_window(p, mr))
		return UD_E_BUSY;             /* 2.5: no orphans */
	/*@ assert rr_ok0: ud_mr_ok(p, mr); */
	npd = UD_HAS(flags, UD_REREG_PD) ? pd : p->mr[mr].pd;
	nacc = UD_HAS(flags, UD_REREG_ACCESS) ? access : p->mr[mr].access;
	if (npd >= UD_PROT_NPD || p->pd_live[npd] != 1u)
		return UD_E_NOENT;
	if (!acc_ok(nacc))
		return UD_E_INVAL;
	if (p->mr[mr].gen >= UD_KEY_GEN_MAX)
		return UD_E_NOSPC;            /* slot retired: keys exhausted */
	if (UD_HAS(flags, UD_REREG_TRANS)) {
		st = rereg_trans(p, mr, npd, nacc, va, len);
	} else {
		mr_retag(p, mr, npd, nacc);
		/*@ assert rr_kept: ud_lists_kept2{Pre, Here}(p, 2 * mr, 2 * mr + 1); */
		/*@ assert rr_pages: ud_mr_pages_kept{Pre, Here}(p, mr); */
		/*@ assert rr_frame: ud_only_mr_changed{Pre, Here}(p, mr); */
		st = UD_OK;
	}
	if (st != UD_OK)
		return st;
	*lkey = p->mr[mr].gen * UD_KEY_IDX_SPAN + mr;
	*rkey = rkey_for(p->mr[mr].access, *lkey);
	return UD_OK;
}

ud_status ud_query_mr(const struct ud_prot *p, uint32_t mr, struct ud_mr_attr *a)
{
	if (mr >= UD_PROT_NMR || p->mr[mr].live != 1u)
		return UD_E_NOENT;
	/*@ assert q_ok: ud_mr_ok(p, mr); */
	a->pd = p->mr[mr].pd;
	a->access = p->mr[mr].access;
	a->lkey = p->mr[mr].gen * UD_KEY_IDX_SPAN + mr;
	a->rkey = rkey_for(p->mr[mr].access, a->lkey);
	a->iova = p->mr[mr].iova;
	a->len = p->mr[mr].len;
	return UD_OK;
}

ud_status ud_dereg_mr(struct ud_prot *p, uint32_t mr)
{
	if (mr >= UD_PROT_NMR || p->mr[mr].live != 1u)
		return UD_E_NOENT;
	if (has_window(p, mr))
		return UD_E_BUSY;             /* 2.5: no orphans */
	mr_release(p, mr);
	return UD_OK;
}
