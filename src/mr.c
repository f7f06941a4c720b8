/* SPDX-License-Identifier: MIT */
/*
 * mr.c -- memory regions and the pin table (seed 001_7ab1209d0a9249cf.txt,
 * section 1).  Contracts in mr.h; invariant ud_prot_inv in spec/prot.acsl.
 * Proved under Typed+ref, as mw.c: out-parameters are their own variables.
 */
/* uldma-wp: -wp-model Typed+ref */
#include "mr.h"

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

/* Check physical page addresses (4 KB aligned, below 2^44) and convert
 * them to page frame numbers. */
/*@ requires n: n <= UD_PROT_MAXPG;
    requires valid: \valid_read(pg + (0 .. n - 1)) && \valid(pfn + (0 .. n - 1));
    requires sep: \separated(pg + (0 .. n - 1), pfn + (0 .. n - 1));
    assigns pfn[0 .. n - 1];
    ensures def: \result <==> \forall integer j; 0 <= j < n ==>
      pg[j] % 4096 == 0 && pg[j] <= UD_PROT_PA_MAX;
    ensures pfn: \result ==> \forall integer j; 0 <= j < n ==> pfn[j] * 4096 == pg[j];
*/
static bool to_pfns(const uint64_t *pg, uint32_t n, uint32_t *pfn)
{
	uint32_t j;

	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant ok: \forall integer k; 0 <= k < j ==>
	      pg[k] % 4096 == 0 && pg[k] <= UD_PROT_PA_MAX && pfn[k] * 4096 == pg[k];
	    loop assigns j, pfn[0 .. n - 1];
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		if (pg[j] % UD_PAGE_SIZE != 0u || pg[j] > UD_PROT_PA_MAX)
			return false;
		pfn[j] = (uint32_t)(pg[j] / UD_PAGE_SIZE);
	}
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

/* Is entry e already reserved by one of idx[0 .. j-1]? */
/*@ requires j: j <= UD_PROT_MAXPG;
    requires valid: \valid_read(idx + (0 .. j - 1));
    assigns \nothing;
    ensures def: \result <==> \exists integer k; 0 <= k < j && idx[k] == e;
*/
static bool reserved(const uint32_t *idx, uint32_t j, uint32_t e)
{
	uint32_t k;

	/*@ loop invariant bound: 0 <= k <= j;
	    loop invariant none: \forall integer m; 0 <= m < k ==> idx[m] != e;
	    loop assigns k;
	    loop variant j - k; */
	for (k = 0; k < j; k++)
		if (idx[k] == e)
			return true;
	return false;
}

/* Page j is the first to take a free pin entry: the platform pins it. */
/*@ requires valid: \valid_read(p) && \valid_read(idx + (0 .. j));
    requires j: j < UD_PROT_MAXPG && idx[j] < UD_PROT_NPIN;
    assigns \nothing;
    ensures def: \result <==> p->pin[idx[j]].count == 0 &&
      !(\exists integer k; 0 <= k < j && idx[k] == idx[j]);
*/
static bool first_pin(const struct ud_prot *p, const uint32_t *idx, uint32_t j)
{
	return p->pin[idx[j]].count == 0u && !reserved(idx, j, idx[j]);
}

/* Add one registration to the pin count of each of pg[0 .. n-1]; the
 * platform pins a page whose count leaves 0 (seed 001 1.2.4).  All or
 * nothing: on error the pin table is unchanged and every page this call
 * pinned is unpinned again. */
/*@ requires valid: \valid(p);
    requires n: n <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. n - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. n - 1));
    requires inv: ud_prot_inv(p);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures nospc: \result == UD_E_NOSPC ==> !ud_pin_empty{Pre}(p);
    ensures unchanged: \result != UD_OK ==>
      \forall integer e; 0 <= e < UD_PROT_NPIN ==> p->pin[e] == \old(p->pin[e]);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures dist: \result == UD_OK && ud_pin_distinct{Pre}(p) ==> ud_pin_distinct(p);
    ensures acct: \result == UD_OK && ud_pin_distinct{Pre}(p) ==>
      \forall integer e; 0 <= e < UD_PROT_NPIN ==>
        (\old(p->pin[e].count) > 0 ==> p->pin[e].pfn == \old(p->pin[e].pfn)) &&
        (\old(p->pin[e].count) > 0 || p->pin[e].count > 0 ==>
           p->pin[e].count == \old(p->pin[e].count) + ud_occ{Pre}(pg, p->pin[e].pfn, n));
    ensures covered: \result == UD_OK ==> \forall integer m; 0 <= m < n ==> ud_pinned(p, pg[m]);
*/
static ud_status pin_pages_acct(struct ud_prot *p, const uint32_t *pg, uint32_t n)
{
	uint32_t idx[UD_PROT_MAXPG];
	uint32_t j;
	uint32_t k;
	uint32_t e;

	/* 1. Reserve an entry per page: its own, an earlier page's, a free one. */
	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant idx: \forall integer m; 0 <= m < j ==> idx[m] < UD_PROT_NPIN &&
	      p->pin[idx[m]].count <= 4294967295 - UD_PROT_MAXPG;
	    loop invariant old_ent: \forall integer m; 0 <= m < j && p->pin[idx[m]].count > 0 ==>
	      p->pin[idx[m]].pfn == pg[m];
	    loop invariant first_ent: \forall integer m, integer e2; 0 <= m < j &&
	      p->pin[idx[m]].count > 0 && 0 <= e2 < idx[m] ==>
	      !(p->pin[e2].count > 0 && p->pin[e2].pfn == pg[m]);
	    loop invariant new_ent: \forall integer m, integer e2; 0 <= m < j &&
	      p->pin[idx[m]].count == 0 && 0 <= e2 < UD_PROT_NPIN && p->pin[e2].count > 0 ==>
	      p->pin[e2].pfn != pg[m];
	    loop invariant same_pg: \forall integer m1, integer m2; 0 <= m1 < j && 0 <= m2 < j &&
	      pg[m1] == pg[m2] ==> idx[m1] == idx[m2];
	    loop invariant same_idx: \forall integer m1, integer m2; 0 <= m1 < j && 0 <= m2 < j &&
	      idx[m1] == idx[m2] ==> pg[m1] == pg[m2];
	    loop invariant empty: ud_pin_empty(p) ==> \forall integer m; 0 <= m < j ==> idx[m] <= m;
	    loop assigns j, k, e, idx[0 .. UD_PROT_MAXPG - 1];
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		uint32_t found = UD_PROT_NPIN;

		/*@ loop invariant bound: 0 <= e <= UD_PROT_NPIN;
		    loop invariant f: found == UD_PROT_NPIN ||
		      (found < UD_PROT_NPIN && p->pin[found].count > 0 && p->pin[found].pfn == pg[j]);
		    loop invariant none: found == UD_PROT_NPIN ==> \forall integer e2; 0 <= e2 < e ==>
		      !(p->pin[e2].count > 0 && p->pin[e2].pfn == pg[j]);
		    loop invariant first: found != UD_PROT_NPIN ==> \forall integer e2; 0 <= e2 < found ==>
		      !(p->pin[e2].count > 0 && p->pin[e2].pfn == pg[j]);
		    loop assigns e, found;
		    loop variant UD_PROT_NPIN - e; */
		for (e = 0; e < UD_PROT_NPIN && found == UD_PROT_NPIN; e++)
			if (p->pin[e].count > 0u && p->pin[e].pfn == pg[j])
				found = e;
		/*@ assert s1: found == UD_PROT_NPIN ==> \forall integer e2; 0 <= e2 < UD_PROT_NPIN ==>
		      !(p->pin[e2].count > 0 && p->pin[e2].pfn == pg[j]); */
		/*@ loop invariant bound: 0 <= k <= j;
		    loop invariant f: found <= UD_PROT_NPIN;
		    loop invariant keep: \at(found, LoopEntry) != UD_PROT_NPIN ==> found == \at(found, LoopEntry);
		    loop invariant hit: \at(found, LoopEntry) == UD_PROT_NPIN && found != UD_PROT_NPIN ==>
		      \exists integer m; 0 <= m < j && pg[m] == pg[j] && found == idx[m];
		    loop invariant none: found == UD_PROT_NPIN ==> \forall integer m; 0 <= m < k ==> pg[m] != pg[j];
		    loop invariant empty: ud_pin_empty(p) ==> found == UD_PROT_NPIN || found < j;
		    loop assigns k, found;
		    loop variant j - k; */
		for (k = 0; k < j && found == UD_PROT_NPIN; k++)
			if (pg[k] == pg[j])
				found = idx[k];
		/*@ loop invariant bound: 0 <= e <= UD_PROT_NPIN;
		    loop invariant f: found <= UD_PROT_NPIN;
		    loop invariant keep: \at(found, LoopEntry) != UD_PROT_NPIN ==> found == \at(found, LoopEntry);
		    loop invariant free: \at(found, LoopEntry) == UD_PROT_NPIN && found != UD_PROT_NPIN ==>
		      p->pin[found].count == 0 && \forall integer m; 0 <= m < j ==> idx[m] != found;
		    loop invariant empty: ud_pin_empty(p) ==>
		      (found == UD_PROT_NPIN ==> e <= j) && (found != UD_PROT_NPIN ==> found <= j);
		    loop assigns e, found;
		    loop variant UD_PROT_NPIN - e; */
		for (e = 0; e < UD_PROT_NPIN && found == UD_PROT_NPIN; e++)
			if (p->pin[e].count == 0u && !reserved(idx, j, e))
				found = e;
		/*@ assert room: ud_pin_empty(p) ==> found < UD_PROT_NPIN && found <= j &&
		      p->pin[found].count == 0; */
		if (found == UD_PROT_NPIN ||
		    p->pin[found].count > UINT32_MAX - UD_PROT_MAXPG) {
			/*@ assert fr_nospc: ud_only_pin_changed{Pre, Here}(p); */
			/*@ assert full: !ud_pin_empty{Pre}(p); */
			return UD_E_NOSPC;
		}
		idx[j] = found;
	}
	/* 2. The platform pins each page whose count leaves 0. */
	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant idx2: \forall integer m; 0 <= m < n ==> idx[m] < UD_PROT_NPIN &&
	      p->pin[idx[m]].count <= 4294967295 - UD_PROT_MAXPG;
	    loop assigns j, k, ud_env;
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		if (first_pin(p, idx, j) && ud_plat_prot_pin((uint64_t)pg[j] * UD_PAGE_SIZE) != UD_OK) {
			/*@ loop invariant bound: 0 <= k <= j;
			    loop assigns k, ud_env;
			    loop variant j - k; */
			for (k = 0; k < j; k++)
				if (first_pin(p, idx, k))
					ud_plat_prot_unpin((uint64_t)pg[k] * UD_PAGE_SIZE);
			/*@ assert fr_plat: ud_only_pin_changed{Pre, Here}(p); */
			return UD_E_PLATFORM;
		}
	}
	/* 3. Commit the counts (cannot fail: checked in 1). */
	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant idx3: \forall integer m, integer e; 0 <= m < n && e == idx[m] ==>
	      e < UD_PROT_NPIN && \at(p->pin[e].count, Pre) <= 4294967295 - UD_PROT_MAXPG;
	    loop invariant cnt: \forall integer f; 0 <= f < UD_PROT_NPIN ==>
	      p->pin[f].count == \at(p->pin[f].count, Pre) ||
	      (\at(p->pin[f].count, Pre) <= 4294967295 - UD_PROT_MAXPG &&
	       p->pin[f].count <= \at(p->pin[f].count, Pre) + j);
	    loop invariant a3_unused: \forall integer f; 0 <= f < UD_PROT_NPIN &&
	      (\forall integer m; 0 <= m < j ==> idx[m] != f) ==>
	      p->pin[f].count == \at(p->pin[f].count, Pre) && p->pin[f].pfn == \at(p->pin[f].pfn, Pre);
	    loop invariant a3_pfn: \forall integer m; 0 <= m < j ==> p->pin[idx[m]].pfn == pg[m];
	    loop invariant a3_pos: \forall integer m; 0 <= m < j ==> p->pin[idx[m]].count > 0;
	    loop invariant a3_cnt: \forall integer f; 0 <= f < UD_PROT_NPIN &&
	      (\exists integer m; 0 <= m < j && idx[m] == f) ==>
	      p->pin[f].count == \at(p->pin[f].count, Pre) + ud_occ{Pre}(pg, p->pin[f].pfn, j);
	    loop invariant a3_zero: \forall integer x; (\forall integer m; 0 <= m < j ==> pg[m] != x) ==>
	      ud_occ{Pre}(pg, x, j) == 0;
	    loop assigns j, p->pin[0 .. UD_PROT_NPIN - 1];
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		/*@ assert c_used: \let f = idx[j]; (\exists integer m; 0 <= m < j && idx[m] == f) ==>
		      p->pin[f].pfn == pg[j] &&
		      p->pin[f].count == \at(p->pin[f].count, Pre) + ud_occ{Pre}(pg, pg[j], j); */
		/*@ assert c_fresh: \let f = idx[j]; !(\exists integer m; 0 <= m < j && idx[m] == f) ==>
		      p->pin[f].count == \at(p->pin[f].count, Pre); */
		/*@ assert c_fresh_pg: !(\exists integer m; 0 <= m < j && idx[m] == idx[j]) ==>
		      \forall integer m; 0 <= m < j ==> pg[m] != pg[j]; */
		/*@ assert c_fresh_occ: !(\exists integer m; 0 <= m < j && idx[m] == idx[j]) ==>
		      ud_occ{Pre}(pg, pg[j], j) == 0; */
		p->pin[idx[j]].pfn = pg[j];
		p->pin[idx[j]].count++;
		/*@ assert c_step: \let f = idx[j];
		      p->pin[f].count == \at(p->pin[f].count, Pre) + ud_occ{Pre}(pg, pg[j], j + 1); */
	}
	/*@ assert fr_ok: ud_only_pin_changed{Pre, Here}(p); */
	/*@ assert p_other: \forall integer e2, integer m; 0 <= e2 < UD_PROT_NPIN && 0 <= m < n &&
	      \at(p->pin[e2].count, Pre) > 0 && pg[m] == \at(p->pin[e2].pfn, Pre) &&
	      ud_pin_distinct{Pre}(p) ==> idx[m] == e2; */
	/*@ assert p_zero: ud_pin_distinct{Pre}(p) ==> \forall integer e2; 0 <= e2 < UD_PROT_NPIN &&
	      \at(p->pin[e2].count, Pre) > 0 && (\forall integer m; 0 <= m < n ==> idx[m] != e2) ==>
	      ud_occ{Pre}(pg, p->pin[e2].pfn, n) == 0; */
	/*@ assert acct_pfn: \forall integer e2; 0 <= e2 < UD_PROT_NPIN &&
	      \at(p->pin[e2].count, Pre) > 0 ==> p->pin[e2].pfn == \at(p->pin[e2].pfn, Pre); */
	/*@ assert acct_used: \forall integer e2; 0 <= e2 < UD_PROT_NPIN &&
	      (\exists integer m; 0 <= m < n && idx[m] == e2) ==>
	      p->pin[e2].count == \at(p->pin[e2].count, Pre) + ud_occ{Pre}(pg, p->pin[e2].pfn, n); */
	/*@ assert acct_unused: ud_pin_distinct{Pre}(p) ==> \forall integer e2; 0 <= e2 < UD_PROT_NPIN &&
	      (\forall integer m; 0 <= m < n ==> idx[m] != e2) && (\at(p->pin[e2].count, Pre) > 0 || p->pin[e2].count > 0) ==>
	      p->pin[e2].count == \at(p->pin[e2].count, Pre) + ud_occ{Pre}(pg, p->pin[e2].pfn, n); */
	/*@ assert d_used: \forall integer m1, integer m2; 0 <= m1 < n && 0 <= m2 < n &&
	      idx[m1] != idx[m2] ==> p->pin[idx[m1]].pfn != p->pin[idx[m2]].pfn; */
	/*@ assert d_mixed: ud_pin_distinct{Pre}(p) ==> \forall integer m, integer e2;
	      0 <= m < n && 0 <= e2 < UD_PROT_NPIN && p->pin[e2].count > 0 &&
	      (\forall integer m2; 0 <= m2 < n ==> idx[m2] != e2) ==>
	      p->pin[e2].pfn != p->pin[idx[m]].pfn; */
	/*@ assert d_unused: ud_pin_distinct{Pre}(p) ==> \forall integer e1, integer e2;
	      0 <= e1 < UD_PROT_NPIN && 0 <= e2 < UD_PROT_NPIN && e1 != e2 &&
	      p->pin[e1].count > 0 && p->pin[e2].count > 0 &&
	      (\forall integer m2; 0 <= m2 < n ==> idx[m2] != e1) &&
	      (\forall integer m2; 0 <= m2 < n ==> idx[m2] != e2) ==>
	      p->pin[e1].pfn != p->pin[e2].pfn; */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}

/* The first in-use pin entry on page frame x, or UD_PROT_NPIN. */
/*@ requires valid: \valid_read(p);
    assigns \nothing;
    ensures range: \result <= UD_PROT_NPIN;
    ensures found: \result < UD_PROT_NPIN ==>
      p->pin[\result].count > 0 && p->pin[\result].pfn == x;
    ensures first: \forall integer e; 0 <= e < \result && e < UD_PROT_NPIN ==>
      !(p->pin[e].count > 0 && p->pin[e].pfn == x);
*/
static uint32_t find_pin(const struct ud_prot *p, uint32_t x)
{
	uint32_t e;

	/*@ loop invariant bound: 0 <= e <= UD_PROT_NPIN;
	    loop invariant none: \forall integer e2; 0 <= e2 < e ==>
	      !(p->pin[e2].count > 0 && p->pin[e2].pfn == x);
	    loop assigns e;
	    loop variant UD_PROT_NPIN - e; */
	for (e = 0; e < UD_PROT_NPIN; e++)
		if (p->pin[e].count > 0u && p->pin[e].pfn == x)
			return e;
	return UD_PROT_NPIN;
}

/* Remove one registration from the pin count of each of pg[0 .. n-1]; the
 * platform unpins a page exactly when its count returns to 0.  When the
 * table accounts for the list (ud_unpin_ok: in-use entries on distinct
 * pages, every listed page in one, each count at least the page's
 * occurrences in the list), each count drops by exactly those
 * occurrences. */
/*@ requires valid: \valid(p);
    requires n: n <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. n - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. n - 1));
    requires inv: ud_prot_inv(p);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures pfn: \forall integer e; 0 <= e < UD_PROT_NPIN ==> p->pin[e].pfn == \old(p->pin[e].pfn);
    ensures free: \forall integer e; 0 <= e < UD_PROT_NPIN && \old(p->pin[e].count) == 0 ==>
      p->pin[e].count == 0;
    ensures acct: ud_unpin_ok{Pre}(p, pg, n) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
      \old(p->pin[e].count) > 0 ==>
      p->pin[e].count == \old(p->pin[e].count) - ud_occ{Pre}(pg, p->pin[e].pfn, n);
*/
static void unpin_pages_acct(struct ud_prot *p, const uint32_t *pg, uint32_t n)
{
	uint32_t j;
	uint32_t e;
	/*@ ghost uint32_t q; */

	/* Lemma (by a ghost loop: the provers do not do induction): a prefix
	 * of the list has no more occurrences of a page than the list. */
	/*@ ghost
	  /@ loop invariant qb: 0 <= q <= n;
	     loop invariant le: \forall integer x, integer i; q <= i <= n ==>
	       ud_occ{Pre}(pg, x, i) <= ud_occ{Pre}(pg, x, n);
	     loop assigns q;
	     loop variant q; @/
	  for (q = n; q > 0; q--) {
	    /@ assert step: \forall integer x; ud_occ{Pre}(pg, x, q - 1) <= ud_occ{Pre}(pg, x, q); @/
	  }
	*/
	/*@ assert mono: \forall integer x, integer i; 0 <= i <= n ==>
	      ud_occ{Pre}(pg, x, i) <= ud_occ{Pre}(pg, x, n); */
	/*@ loop invariant bound: 0 <= j <= n;
	    loop invariant u_pfn: \forall integer f; 0 <= f < UD_PROT_NPIN ==>
	      p->pin[f].pfn == \at(p->pin[f].pfn, Pre);
	    loop invariant u_free: \forall integer f; 0 <= f < UD_PROT_NPIN &&
	      \at(p->pin[f].count, Pre) == 0 ==> p->pin[f].count == 0;
	    loop invariant u_cnt: ud_unpin_ok{Pre}(p, pg, n) ==> \forall integer f;
	      0 <= f < UD_PROT_NPIN && \at(p->pin[f].count, Pre) > 0 ==>
	      p->pin[f].count == \at(p->pin[f].count, Pre) - ud_occ{Pre}(pg, p->pin[f].pfn, j);
	    loop invariant u_fr_pd: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre);
	    loop invariant u_fr_mr: \forall integer k; 0 <= k < UD_PROT_NMR ==>
	      p->mr[k] == \at(p->mr[k], Pre);
	    loop invariant u_fr_mw: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre);
	    loop assigns j, e, p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
	    loop variant n - j; */
	for (j = 0; j < n; j++) {
		e = find_pin(p, pg[j]);
		if (e < UD_PROT_NPIN) {
			p->pin[e].count--;
			if (p->pin[e].count == 0u) {
				/*@ assert unpin_at_zero: p->pin[e].count == 0; */
				ud_plat_prot_unpin((uint64_t)pg[j] * UD_PAGE_SIZE);
			}
		}
	}
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
}

/* ------------------------------------------------ pin accounting lemmas
 * PROT-PIN-2 at the verbs.  The sums of spec/prot.acsl are written out over
 * the 16 slots in groups of four, so these are proved by case analysis and
 * congruence, no induction (the one induction, the recursive list count
 * ud_occ against the written-out ud_occ16, is the ghost function occ_link).
 * ud_slot16 spells 0 <= x < 16 as sixteen cases, which the provers split. */
/*@ // Region k's pin-relevant fields (live, npages, pages) equal in two states;
    // the same for every region but x.
    predicate ud_mr_pin_same_at{L1, L2}(struct ud_prot *p, integer k) =
      \at(p->mr[k].live, L1) == \at(p->mr[k].live, L2) &&
      \at(p->mr[k].npages, L1) == \at(p->mr[k].npages, L2) &&
      (\forall integer j; 0 <= j < UD_PROT_MAXPG ==>
         \at(p->mr[k].pfn[j], L1) == \at(p->mr[k].pfn[j], L2));
    predicate ud_mr_pin_same_but{L1, L2}(struct ud_prot *p, integer x) =
      \forall integer k; 0 <= k < UD_PROT_NMR && k != x ==> ud_mr_pin_same_at{L1, L2}(p, k);
*/

/*@ axiomatic UdPinAcct {
    predicate ud_slot16(integer x) = x == 0 || x == 1 || x == 2 || x == 3 || x == 4 || x == 5 || x == 6 || x == 7 || x == 8 || x == 9 || x == 10 || x == 11 || x == 12 || x == 13 || x == 14 || x == 15;
      lemma ud_slot16_of: \forall integer x; 0 <= x < 16 ==> ud_slot16(x);
      // ---- ranges
      lemma ud_pgq_range{L}: \forall struct ud_prot *p, integer i, integer j, integer f, integer q;
        0 <= ud_pgq(p, i, j, f, q) <= 1;
      lemma ud_mr_occ_range{L}: \forall struct ud_prot *p, integer i, integer f;
        0 <= ud_mr_occ(p, i, f) <= 16;
      lemma ud_cov4_range{L}: \forall struct ud_prot *p, integer b, integer f;
        0 <= ud_cov4(p, b, f);
      // ---- one region is part of the sum
      lemma ud_cov4_ge0{L}: \forall struct ud_prot *p, integer b, integer f;
        ud_mr_occ(p, b, f) <= ud_cov4(p, b, f);
      lemma ud_cov4_ge1{L}: \forall struct ud_prot *p, integer b, integer f;
        ud_mr_occ(p, b + 1, f) <= ud_cov4(p, b, f);
      lemma ud_cov4_ge2{L}: \forall struct ud_prot *p, integer b, integer f;
        ud_mr_occ(p, b + 2, f) <= ud_cov4(p, b, f);
      lemma ud_cov4_ge3{L}: \forall struct ud_prot *p, integer b, integer f;
        ud_mr_occ(p, b + 3, f) <= ud_cov4(p, b, f);
      lemma ud_mr_occ_le{L}: \forall struct ud_prot *p, integer i, integer f;
        ud_slot16(i) ==> ud_mr_occ(p, i, f) <= ud_cov(p, f);
      // ---- a live region's page is registered by it
      lemma ud_occ4_ge0{L}: \forall struct ud_prot *p, integer i, integer b, integer f, integer q;
        ud_pgq(p, i, b, f, q) <= ud_occ4(p, i, b, f, q);
      lemma ud_occ4_ge1{L}: \forall struct ud_prot *p, integer i, integer b, integer f, integer q;
        ud_pgq(p, i, b + 1, f, q) <= ud_occ4(p, i, b, f, q);
      lemma ud_occ4_ge2{L}: \forall struct ud_prot *p, integer i, integer b, integer f, integer q;
        ud_pgq(p, i, b + 2, f, q) <= ud_occ4(p, i, b, f, q);
      lemma ud_occ4_ge3{L}: \forall struct ud_prot *p, integer i, integer b, integer f, integer q;
        ud_pgq(p, i, b + 3, f, q) <= ud_occ4(p, i, b, f, q);
      lemma ud_pgq_le{L}: \forall struct ud_prot *p, integer i, integer j, integer f, integer q;
        ud_slot16(j) ==> ud_pgq(p, i, j, f, q) <= ud_mr_occq(p, i, f, q);
      lemma ud_mr_occ_mem{L}: \forall struct ud_prot *p, integer i, integer j;
        p->mr[i].live == 1 && ud_slot16(j) && j < p->mr[i].npages ==>
        ud_mr_occ(p, i, p->mr[i].pfn[j]) >= 1;
      // ---- a page with a registration is a page of a live region
      lemma ud_occ4_wit{L}: \forall struct ud_prot *p, integer i, integer b, integer f, integer q;
        ud_occ4(p, i, b, f, q) > 0 ==>
        \exists integer j; b <= j <= b + 3 && j < q && p->mr[i].pfn[j] == f;
      lemma ud_mr_occ_wit{L}: \forall struct ud_prot *p, integer i, integer f;
        ud_mr_occ(p, i, f) > 0 ==> p->mr[i].live == 1 &&
        \exists integer j; 0 <= j < UD_PROT_MAXPG && j < p->mr[i].npages && p->mr[i].pfn[j] == f;
      lemma ud_cov4_wit{L}: \forall struct ud_prot *p, integer b, integer f;
        ud_cov4(p, b, f) > 0 ==> \exists integer k; b <= k <= b + 3 && ud_mr_occ(p, k, f) > 0;
      lemma ud_cov_wit{L}: \forall struct ud_prot *p, integer f; ud_cov(p, f) > 0 ==>
        \exists integer i; 0 <= i < UD_PROT_NMR && ud_mr_occ(p, i, f) > 0;
      // ---- region x changed, the others not: the sum moves by x's difference
      lemma ud_pgq_keep{L1, L2}: \forall struct ud_prot *p, integer k, integer j, integer f, integer q;
        ud_mr_pin_same_at{L1, L2}(p, k) && 0 <= j < UD_PROT_MAXPG ==>
        ud_pgq{L1}(p, k, j, f, q) == ud_pgq{L2}(p, k, j, f, q);
      lemma ud_occ4_keep{L1, L2}: \forall struct ud_prot *p, integer k, integer b, integer f, integer q;
        ud_mr_pin_same_at{L1, L2}(p, k) && 0 <= b && b + 3 < UD_PROT_MAXPG ==>
        ud_occ4{L1}(p, k, b, f, q) == ud_occ4{L2}(p, k, b, f, q);
      lemma ud_mr_occ_keep{L1, L2}: \forall struct ud_prot *p, integer k, integer f;
        ud_mr_pin_same_at{L1, L2}(p, k) ==> ud_mr_occ{L1}(p, k, f) == ud_mr_occ{L2}(p, k, f);
      lemma ud_mr_occ_keep_but{L1, L2}: \forall struct ud_prot *p, integer x, integer k, integer f;
        ud_mr_pin_same_but{L1, L2}(p, x) && 0 <= k < UD_PROT_NMR && k != x ==>
        ud_mr_occ{L1}(p, k, f) == ud_mr_occ{L2}(p, k, f);
      lemma ud_cov4_keep{L1, L2}: \forall struct ud_prot *p, integer x, integer b, integer f;
        ud_mr_pin_same_but{L1, L2}(p, x) && 0 <= b && b + 3 < UD_PROT_NMR &&
        (x < b || b + 3 < x) ==> ud_cov4{L1}(p, b, f) == ud_cov4{L2}(p, b, f);
      lemma ud_cov4_upd0{L1, L2}: \forall struct ud_prot *p, integer b, integer f;
        0 <= b && b + 3 < UD_PROT_NMR && ud_mr_pin_same_but{L1, L2}(p, b) ==>
        ud_cov4{L2}(p, b, f) == ud_cov4{L1}(p, b, f) - ud_mr_occ{L1}(p, b, f) +
          ud_mr_occ{L2}(p, b, f);
      lemma ud_cov4_upd1{L1, L2}: \forall struct ud_prot *p, integer b, integer f;
        0 <= b && b + 3 < UD_PROT_NMR && ud_mr_pin_same_but{L1, L2}(p, b + 1) ==>
        ud_cov4{L2}(p, b, f) == ud_cov4{L1}(p, b, f) - ud_mr_occ{L1}(p, b + 1, f) +
          ud_mr_occ{L2}(p, b + 1, f);
      lemma ud_cov4_upd2{L1, L2}: \forall struct ud_prot *p, integer b, integer f;
        0 <= b && b + 3 < UD_PROT_NMR && ud_mr_pin_same_but{L1, L2}(p, b + 2) ==>
        ud_cov4{L2}(p, b, f) == ud_cov4{L1}(p, b, f) - ud_mr_occ{L1}(p, b + 2, f) +
          ud_mr_occ{L2}(p, b + 2, f);
      lemma ud_cov4_upd3{L1, L2}: \forall struct ud_prot *p, integer b, integer f;
        0 <= b && b + 3 < UD_PROT_NMR && ud_mr_pin_same_but{L1, L2}(p, b + 3) ==>
        ud_cov4{L2}(p, b, f) == ud_cov4{L1}(p, b, f) - ud_mr_occ{L1}(p, b + 3, f) +
          ud_mr_occ{L2}(p, b + 3, f);
      lemma ud_cov_upd{L1, L2}: \forall struct ud_prot *p, integer x, integer f;
        ud_slot16(x) && ud_mr_pin_same_but{L1, L2}(p, x) ==>
        ud_cov{L2}(p, f) == ud_cov{L1}(p, f) - ud_mr_occ{L1}(p, x, f) + ud_mr_occ{L2}(p, x, f);
      // ---- the recursive list count, one step of the written-out one
      lemma ud_in4_step{L}: \forall uint32_t *a, integer b, integer f, integer q;
        q < b || b + 3 < q ==> ud_in4(a, b, f, q + 1) == ud_in4(a, b, f, q);
      lemma ud_in4_step0{L}: \forall uint32_t *a, integer b, integer f;
        ud_in4(a, b, f, b + 1) == ud_in4(a, b, f, b) + (a[b] == f ? 1 : 0);
      lemma ud_in4_step1{L}: \forall uint32_t *a, integer b, integer f;
        ud_in4(a, b, f, b + 1 + 1) == ud_in4(a, b, f, b + 1) + (a[b + 1] == f ? 1 : 0);
      lemma ud_in4_step2{L}: \forall uint32_t *a, integer b, integer f;
        ud_in4(a, b, f, b + 2 + 1) == ud_in4(a, b, f, b + 2) + (a[b + 2] == f ? 1 : 0);
      lemma ud_in4_step3{L}: \forall uint32_t *a, integer b, integer f;
        ud_in4(a, b, f, b + 3 + 1) == ud_in4(a, b, f, b + 3) + (a[b + 3] == f ? 1 : 0);
      lemma ud_occ16_step{L}: \forall uint32_t *a, integer f, integer q;
        ud_slot16(q) ==> ud_occ16(a, f, q + 1) == ud_occ16(a, f, q) + (a[q] == f ? 1 : 0);
      // ---- a list's count: range, and equal entries in two states
      lemma ud_in4_range{L}: \forall uint32_t *a, integer b, integer f, integer n;
        0 <= ud_in4(a, b, f, n) <= 4;
      lemma ud_occ16_range{L}: \forall uint32_t *a, integer f, integer n;
        0 <= ud_occ16(a, f, n) <= 16;
      lemma ud_in4_same{L1, L2}: \forall uint32_t *a, integer b, integer f, integer n;
        (\forall integer j; b <= j <= b + 3 && j < n ==> \at(a[j], L1) == \at(a[j], L2)) ==>
        ud_in4{L1}(a, b, f, n) == ud_in4{L2}(a, b, f, n);
      lemma ud_occ16_same{L1, L2}: \forall uint32_t *a, integer f, integer n;
        (\forall integer j; 0 <= j < n ==> \at(a[j], L1) == \at(a[j], L2)) ==>
        ud_occ16{L1}(a, f, n) == ud_occ16{L2}(a, f, n);
      // ---- a region's list read through a pointer; a list copied into a region
      lemma ud_in1_pgq{L}: \forall struct ud_prot *p, integer i, integer j, integer f, integer q;
        ud_in1(&p->mr[i].pfn[0], j, f, q) == ud_pgq(p, i, j, f, q);
      lemma ud_occ16_mr{L}: \forall struct ud_prot *p, integer i, integer f, integer q;
        ud_occ16(&p->mr[i].pfn[0], f, q) == ud_mr_occq(p, i, f, q);
      lemma ud_in1_copy{L1, L2}: \forall struct ud_prot *p, integer i, uint32_t *a, integer j, integer f, integer n;
        (j < n ==> \at(p->mr[i].pfn[j], L2) == \at(a[j], L1)) ==>
        ud_pgq{L2}(p, i, j, f, n) == ud_in1{L1}(a, j, f, n);
      lemma ud_in4_copy{L1, L2}: \forall struct ud_prot *p, integer i, uint32_t *a, integer b, integer f, integer n;
        (\forall integer j; b <= j <= b + 3 && j < n ==> \at(p->mr[i].pfn[j], L2) == \at(a[j], L1)) ==>
        ud_occ4{L2}(p, i, b, f, n) == ud_in4{L1}(a, b, f, n);
      lemma ud_occ16_copy{L1, L2}: \forall struct ud_prot *p, integer i, uint32_t *a, integer f, integer n;
        (\forall integer j; 0 <= j < n ==> \at(p->mr[i].pfn[j], L2) == \at(a[j], L1)) ==>
        ud_mr_occq{L2}(p, i, f, n) == ud_occ16{L1}(a, f, n);
  }

*/

/* Lemma (ghost, by induction on the list): the recursive count ud_occ of the
 * pin functions' contracts is the written-out count ud_occ16. */
/*@ ghost
  /@ requires n: n <= UD_PROT_MAXPG;
     assigns \nothing;
     ensures link: \forall integer f; ud_occ(a, f, n) == ud_occ16(a, f, n);
     ensures nonneg: \forall integer f; ud_occ(a, f, n) >= 0; @/
  static void occ_link(const uint32_t *a, uint32_t n)
  {
    uint32_t q;
    /@ loop invariant qb: 0 <= q <= n;
       loop invariant ln: \forall integer f; ud_occ(a, f, q) == ud_occ16(a, f, q);
       loop assigns q;
       loop variant n - q; @/
    for (q = 0; q < n; q++) {
      /@ assert s16: ud_slot16(q); @/
    }
    /@ assert s16n: ud_slot16(0); @/
  }
*/

/*@ // Pin counts after region i's registration went (region_unpin): each
    // in-use entry down by the region's registrations of its page.
    predicate ud_pin_dropped{L1, L2}(struct ud_prot *p, integer i) =
      \forall integer e; 0 <= e < UD_PROT_NPIN && \at(p->pin[e].count, L1) > 0 ==>
        \at(p->pin[e].count, L2) ==
          \at(p->pin[e].count, L1) - ud_mr_occ{L1}(p, i, \at(p->pin[e].pfn, L1));
*/

/*@ // The pin table after a registration of pg[0 .. n-1] was added to it
    // and before the region holding it is filled (mr_install): in-use
    // entries on distinct pages, each counting the registrations of its page
    // plus its occurrences in the list; every page of a live region and of
    // the list in an in-use entry.
    predicate ud_pin_added{L}(struct ud_prot *p, uint32_t *pg, integer n) =
      ud_pin_distinct(p) &&
      (\forall integer e; 0 <= e < UD_PROT_NPIN && p->pin[e].count > 0 ==>
         p->pin[e].count == ud_cov(p, p->pin[e].pfn) + ud_occ16(pg, p->pin[e].pfn, n)) &&
      (\forall integer m; 0 <= m < n ==> ud_pinned(p, pg[m])) &&
      ud_pin_covered(p);
*/

/* Take live region i's registration off the pin table: each of its pages'
 * counts drops by the region's registrations of that page (when the table
 * counts registrations, ud_pin_inv), a page is unpinned at zero. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures pfn: \forall integer e; 0 <= e < UD_PROT_NPIN ==> p->pin[e].pfn == \old(p->pin[e].pfn);
    ensures free: \forall integer e; 0 <= e < UD_PROT_NPIN && \old(p->pin[e].count) == 0 ==>
      p->pin[e].count == 0;
    ensures mr_np: ud_mr_np_same{Pre, Post}(p);
    ensures mr_pg: ud_mr_pg_same{Pre, Post}(p);
    ensures drop: ud_pin_inv{Pre}(p) ==> ud_pin_dropped{Pre, Post}(p, i);
*/
static void region_unpin(struct ud_prot *p, uint32_t i)
{
	/*@ assert np: ud_mr_ok(p, i) && p->mr[i].npages <= UD_PROT_MAXPG; */
	/*@ ghost occ_link(p->mr[i].pfn, p->mr[i].npages); */
	/*@ assert s16: ud_slot16(i); */
	/*@ assert link: \forall integer f;
	      ud_occ(&p->mr[i].pfn[0], f, p->mr[i].npages) == ud_mr_occ(p, i, f); */
	/*@ assert ok: ud_pin_inv(p) ==> ud_unpin_ok(p, &p->mr[i].pfn[0], p->mr[i].npages); */
	unpin_pages_acct(p, p->mr[i].pfn, p->mr[i].npages);
}

/* Fill region slot i (free, or live without windows) and give it a new
 * generation. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires pgv: \valid_read(pg + (0 .. npages - 1));
    requires sep: \separated(&p->mr[i], pg + (0 .. npages - 1));
    requires inv: ud_prot_inv(p);
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures set: ud_mr_set(p, i, pd, access, iova, len, off);
    ensures pages: \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j];
    ensures gen: p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pins: ud_pins_same{Pre, Post}(p);
    ensures but: ud_mr_pin_same_but{Pre, Post}(p, i);
*/
static void mr_commit(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                      uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                      const uint32_t *pg)
{
	/* The new entry is built in a local and stored in one go: one store
	 * to p->mr[i], whose frame (every other entry, window and PD
	 * unchanged) the provers see at once. */
	struct ud_mr m;
	uint32_t j;

	/*@ assert fits: off + len <= npages * 4096; */
	/*@ loop invariant bound: 0 <= j <= UD_PROT_MAXPG;
	    loop invariant copied: \forall integer k; 0 <= k < j && k < npages ==>
	      m.pfn[k] == pg[k];
	    loop assigns j, m.pfn[0 .. UD_PROT_MAXPG - 1];
	    loop variant UD_PROT_MAXPG - j; */
	for (j = 0; j < UD_PROT_MAXPG; j++)
		m.pfn[j] = j < npages ? pg[j] : 0u;
	m.pd = pd;
	m.access = access;
	m.iova = iova;
	m.len = len;
	m.off = off;
	m.npages = npages;
	m.gen = p->mr[i].gen + 1u;
	m.live = 1;
	p->mr[i] = m;
	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_same: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert this_fields: p->mr[i].live == 1 && p->mr[i].gen == \at(p->mr[i].gen, Pre) + 1 &&
	      p->mr[i].pd == pd && p->mr[i].access == access && p->mr[i].iova == iova &&
	      p->mr[i].len == len && p->mr[i].off == off && p->mr[i].npages == npages; */
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
}

/* Give live region i (no window bound to it) a new PD, new access flags
 * and a new generation; its translation and pages stay.  The one writer
 * of the reregistration without a new translation: its own small goals
 * carry the invariant, the verb uses this contract. */
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
      p->mr[i].off == \old(p->mr[i].off) && p->mr[i].npages == \old(p->mr[i].npages);
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pins: ud_pins_same{Pre, Post}(p);
    ensures np: ud_mr_np_same{Pre, Post}(p);
    ensures pg: ud_mr_pg_same{Pre, Post}(p);
*/
static void mr_retag(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access)
{
	struct ud_mr m = p->mr[i];

	/*@ assert pre_ok: ud_mr_ok(p, i); */
	/*@ assert pre_shape: ud_mr_shape_v(p->mr[i].npages, p->mr[i].off, p->mr[i].len,
	      p->mr[i].iova); */
	/*@ assert pg_m: \forall integer j; 0 <= j < UD_PROT_MAXPG ==>
	      m.pfn[j] == \at(p->mr[i].pfn[j], Pre); */
	m.pd = pd;
	m.access = access;
	m.gen = m.gen + 1u;
	p->mr[i] = m;
	/*@ assert pg_s: \forall integer j; 0 <= j < UD_PROT_MAXPG ==> p->mr[i].pfn[j] == m.pfn[j]; */
	/*@ assert pd_same: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert mr_same: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert mw_same: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert this_fields: p->mr[i].live == 1 && p->mr[i].gen == \at(p->mr[i].gen, Pre) + 1 &&
	      p->mr[i].pd == pd && p->mr[i].access == access &&
	      p->mr[i].iova == \at(p->mr[i].iova, Pre) && p->mr[i].len == \at(p->mr[i].len, Pre) &&
	      p->mr[i].off == \at(p->mr[i].off, Pre) && p->mr[i].npages == \at(p->mr[i].npages, Pre); */
	/*@ assert pg_i: \forall integer j; 0 <= j < UD_PROT_MAXPG ==>
	      p->mr[i].pfn[j] == \at(p->mr[i].pfn[j], Pre); */
	/*@ assert old_shape: ud_mr_shape_v(p->mr[i].npages, p->mr[i].off, p->mr[i].len,
	      p->mr[i].iova); */
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
}

/* Free live region i (no window bound to it): the one writer of a region's
 * death, with its own small goals. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires nowin: !ud_mr_has_window(p, i);
    assigns p->mr[i].live;
    ensures inv: ud_prot_inv(p);
    ensures gone: p->mr[i].live == 0 && p->mr[i].gen == \old(p->mr[i].gen);
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pins: ud_pins_same{Pre, Post}(p);
    ensures but: ud_mr_pin_same_but{Pre, Post}(p, i);
*/
static void mr_kill(struct ud_prot *p, uint32_t i)
{
	/*@ assert k_gen: ud_mr_ok(p, i) && p->mr[i].gen <= UD_KEY_GEN_MAX; */
	p->mr[i].live = 0;
	/*@ assert k_gen2: p->mr[i].live == 0 && p->mr[i].gen <= UD_KEY_GEN_MAX; */
	/*@ assert this_ok: ud_mr_ok(p, i); */
	/*@ assert others_ok: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      ud_mr_ok(p, k); */
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
}

/* Deregister live region i (no window bound to it): its pages' pin counts
 * drop by its registrations (PROT-PIN-2), then the slot is freed. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires nowin: !ud_mr_has_window(p, i);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], p->mr[i].live, ud_env;
    ensures inv: ud_prot_inv(p);
    ensures gone: p->mr[i].live == 0 && p->mr[i].gen == \old(p->mr[i].gen);
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
*/
static void mr_release(struct ud_prot *p, uint32_t i)
{
	region_unpin(p, i);
	/*@ assert r_unpin: ud_only_pin_changed{Pre, Here}(p); */
	mr_kill(p, i);
	/*@ assert r_pd: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert r_mr: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert r_mw: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert r_frame: ud_only_mr_changed{Pre, Here}(p, i); */
	/*@ assert r_but: ud_mr_pin_same_but{Pre, Here}(p, i); */
	/*@ assert r_pfn: \forall integer e; 0 <= e < UD_PROT_NPIN ==>
	      p->pin[e].pfn == \at(p->pin[e].pfn, Pre); */
	/*@ assert r_free: \forall integer e; 0 <= e < UD_PROT_NPIN && \at(p->pin[e].count, Pre) == 0 ==>
	      p->pin[e].count == 0; */
	/*@ assert r_drop: ud_pin_inv{Pre}(p) ==> ud_pin_dropped{Pre, Here}(p, i); */
	/*@ assert r_dist: ud_pin_inv{Pre}(p) ==> ud_pin_distinct(p); */
	/*@ assert r_s16: ud_slot16(i); */
	/*@ assert r_cov: \forall integer f; ud_cov(p, f) == ud_cov{Pre}(p, f) - ud_mr_occ{Pre}(p, i, f); */
	/*@ assert r_cnt: ud_pin_inv{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 ==> p->pin[e].count == ud_cov(p, p->pin[e].pfn); */
	/*@ assert r_counts: ud_pin_inv{Pre}(p) ==> ud_pin_counts(p); */
	/*@ assert r_live: \forall integer k, integer j; 0 <= k < UD_PROT_NMR && p->mr[k].live == 1 &&
	      0 <= j < UD_PROT_MAXPG && j < p->mr[k].npages ==> ud_cov(p, p->mr[k].pfn[j]) >= 1; */
	/*@ assert r_covered: ud_pin_inv{Pre}(p) ==> ud_pin_covered(p); */
}

/* pin_pages_acct with its accounting in the written-out count ud_occ16
 * (the recursive ud_occ in a caller's hypotheses sends the provers'
 * instantiation round in circles). */
/*@ requires valid: \valid(p);
    requires n: n <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. n - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. n - 1));
    requires inv: ud_prot_inv(p);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures nospc: \result == UD_E_NOSPC ==> !ud_pin_empty{Pre}(p);
    ensures unchanged: \result != UD_OK ==>
      \forall integer e; 0 <= e < UD_PROT_NPIN ==> p->pin[e] == \old(p->pin[e]);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures dist: \result == UD_OK && ud_pin_distinct{Pre}(p) ==> ud_pin_distinct(p);
    ensures acct: \result == UD_OK && ud_pin_distinct{Pre}(p) ==>
      \forall integer e; 0 <= e < UD_PROT_NPIN ==>
        (\old(p->pin[e].count) > 0 ==> p->pin[e].pfn == \old(p->pin[e].pfn)) &&
        (\old(p->pin[e].count) > 0 || p->pin[e].count > 0 ==>
           p->pin[e].count == \old(p->pin[e].count) + ud_occ16{Pre}(pg, p->pin[e].pfn, n));
    ensures covered: \result == UD_OK ==> \forall integer m; 0 <= m < n ==> ud_pinned(p, pg[m]);
*/
static ud_status pin_pages16(struct ud_prot *p, const uint32_t *pg, uint32_t n)
{
	/*@ ghost occ_link(pg, n); */
	return pin_pages_acct(p, pg, n);
}

/*@ ghost
  /@ requires n: n <= UD_PROT_MAXPG;
     requires valid: \valid_read(a + (0 .. n - 1));
     assigns \nothing;
     ensures pos: \forall integer f; ud_occ16(a, f, n) >= 0; @/
  static void occ16_pos(const uint32_t *a, uint32_t n)
  {
  }
*/

/* Add one registration of each of pg[0 .. n-1] to the pin table
 * (pin_pages_acct); when the table counted registrations, it then counts
 * them plus the list (ud_pin_added). */
/*@ requires valid: \valid(p);
    requires n: n <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. n - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. n - 1));
    requires inv: ud_prot_inv(p);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures nospc: \result == UD_E_NOSPC ==> !ud_pin_empty{Pre}(p);
    ensures unchanged: \result != UD_OK ==>
      \forall integer e; 0 <= e < UD_PROT_NPIN ==> p->pin[e] == \old(p->pin[e]);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures added: \result == UD_OK && ud_pin_inv{Pre}(p) ==> ud_pin_added(p, pg, n);
*/
static ud_status pin_list(struct ud_prot *p, const uint32_t *pg, uint32_t n)
{
	ud_status st;

	/*@ ghost occ16_pos(pg, n); */
	st = pin_pages16(p, pg, n);
	if (st != UD_OK)
		return st;
	/*@ assert l_pin: ud_only_pin_changed{Pre, Here}(p); */
	/*@ assert l_list: \forall integer m; 0 <= m < n ==> ud_pinned(p, pg[m]); */
	/*@ assert l_np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert l_pgs: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert l_d0: ud_pin_inv{Pre}(p) ==> ud_pin_distinct{Pre}(p); */
	/*@ assert l_keep_pfn: ud_pin_distinct{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 ==> p->pin[e].pfn == \at(p->pin[e].pfn, Pre); */
	/*@ assert l_occ_pos: \forall integer e; 0 <= e < UD_PROT_NPIN ==>
	      ud_occ16{Pre}(pg, p->pin[e].pfn, n) >= 0; */
	/*@ assert l_keep_cnt: ud_pin_distinct{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 ==> p->pin[e].count >= \at(p->pin[e].count, Pre); */
	/*@ assert l_keep: ud_pin_inv{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 ==> p->pin[e].count > 0 &&
	      p->pin[e].pfn == \at(p->pin[e].pfn, Pre); */
	/*@ assert l_covered: ud_pin_inv{Pre}(p) ==> ud_pin_covered(p); */
	/*@ assert l_s16: ud_slot16(0); */
	/*@ assert l_cov: \forall integer f; ud_cov(p, f) == ud_cov{Pre}(p, f); */
	/*@ assert l_pg: \forall integer j; 0 <= j < n ==> pg[j] == \at(pg[j], Pre); */
	/*@ assert l_occ: \forall integer f; ud_occ16(pg, f, n) == ud_occ16{Pre}(pg, f, n); */
	/*@ assert l_old: ud_pin_inv{Pre}(p) ==> \forall integer f; ud_cov{Pre}(p, f) > 0 ==>
	      ud_pinned{Pre}(p, f); */
	/*@ assert l_new: ud_pin_inv{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) == 0 && p->pin[e].count > 0 ==>
	      ud_cov{Pre}(p, p->pin[e].pfn) == 0; */
	/*@ assert l_dist: ud_pin_inv{Pre}(p) ==> ud_pin_distinct(p); */
	/*@ assert l_cnt: ud_pin_inv{Pre}(p) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      p->pin[e].count > 0 ==>
	      p->pin[e].count == ud_cov(p, p->pin[e].pfn) + ud_occ16(pg, p->pin[e].pfn, n); */
	return UD_OK;
}

/* mr_commit into a free slot, and the pin table: when it counted the
 * registrations plus pg's (ud_pin_added), it counts the registrations. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires pgv: \valid_read(pg + (0 .. npages - 1));
    requires sep: \separated(&p->mr[i], pg + (0 .. npages - 1));
    requires inv: ud_prot_inv(p);
    requires free: p->mr[i].live == 0;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures set: ud_mr_set(p, i, pd, access, iova, len, off);
    ensures pages: \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j];
    ensures gen: p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_inv(p);
*/
static void mr_fill(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                    uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                    const uint32_t *pg)
{
	mr_commit(p, i, pd, access, iova, len, off, npages, pg);
	/*@ assert f_np: npages <= UD_PROT_MAXPG; */
	/*@ assert f_pages: \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j]; */
	/*@ assert f_pg: \forall integer j; 0 <= j < npages ==> pg[j] == \at(pg[j], Pre); */
	/*@ assert f_dist: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_distinct(p); */
	/*@ assert f_cov_i: ud_pin_added{Pre}(p, pg, npages) ==> \forall integer j;
	      0 <= j < UD_PROT_MAXPG && j < p->mr[i].npages ==> ud_pinned(p, p->mr[i].pfn[j]); */
	/*@ assert f_cov_k: ud_pin_added{Pre}(p, pg, npages) ==> \forall integer k, integer j;
	      0 <= k < UD_PROT_NMR && k != i && p->mr[k].live == 1 &&
	      0 <= j < UD_PROT_MAXPG && j < p->mr[k].npages ==> ud_pinned(p, p->mr[k].pfn[j]); */
	/*@ assert f_covered: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_covered(p); */
	/*@ assert f_s16: ud_slot16(i); */
	/*@ assert f_occq: \forall integer f; ud_mr_occq(p, i, f, npages) == ud_occ16(pg, f, npages); */
	/*@ assert f_occ: \forall integer f; ud_mr_occ(p, i, f) == ud_occ16{Pre}(pg, f, npages); */
	/*@ assert f_cov: \forall integer f; ud_cov(p, f) == ud_cov{Pre}(p, f) + ud_occ16{Pre}(pg, f, npages); */
	/*@ assert f_counts: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_counts(p); */
}

/* Register into free slot i: one more registration of each of
 * pg[0 .. npages-1] in the pin table (pin_pages_acct), then the slot is
 * filled (mr_commit).  When the table counted registrations before, it
 * does after (PROT-PIN-2); an error leaves the state unchanged. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires n: npages <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. npages - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. npages - 1)) &&
      \separated(&p->mr[i], pg + (0 .. npages - 1));
    requires inv: ud_prot_inv(p);
    requires free: p->mr[i].live == 0;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], p->mr[i], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures nospc: \result == UD_E_NOSPC ==> !ud_pin_empty{Pre}(p);
    ensures unchanged: \result != UD_OK ==> *p == \old(*p);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, iova, len, off);
    ensures pages: \result == UD_OK ==>
      \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j];
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
*/
static ud_status mr_install(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                            uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                            const uint32_t *pg)
{
	ud_status st;

	st = pin_list(p, pg, npages);
	if (st != UD_OK) {
		/*@ assert e_all: *p == \at(*p, Pre); */
		/*@ assert e_pins: ud_pins_same{Pre, Here}(p); */
		/*@ assert e_np: ud_mr_np_same{Pre, Here}(p); */
		/*@ assert e_pg: ud_mr_pg_same{Pre, Here}(p); */
		/*@ assert e_same: ud_pin_same{Pre, Here}(p); */
		return st;
	}
	/*@ assert i_pin: ud_only_pin_changed{Pre, Here}(p); */
	mr_fill(p, i, pd, access, iova, len, off, npages, pg);
	/*@ assert c_pd: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert c_mr: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert c_mw: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert c_frame: ud_only_mr_changed{Pre, Here}(p, i); */
	return UD_OK;
}

/*@ // The pin table after a region was refilled (mr_refill) and before its
    // old list pg[0 .. n-1] is unpinned: in-use entries on distinct pages,
    // each counting the registrations of its page plus its occurrences in
    // the old list; every page of the old list and of a live region in an
    // in-use entry.
    predicate ud_pin_extra{L}(struct ud_prot *p, uint32_t *pg, integer n) =
      ud_pin_distinct(p) &&
      (\forall integer e; 0 <= e < UD_PROT_NPIN && p->pin[e].count > 0 ==>
         p->pin[e].count == ud_cov(p, p->pin[e].pfn) + ud_occ16(pg, p->pin[e].pfn, n)) &&
      (\forall integer m; 0 <= m < n ==> ud_pinned(p, pg[m])) &&
      ud_pin_covered(p);
*/

/* mr_commit into live slot i whose pages old[0 .. on-1] are still counted
 * in the pin table next to the new list's (pin_list): the table then counts
 * the registrations plus the old list (ud_pin_extra). */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires pgv: \valid_read(pg + (0 .. npages - 1));
    requires oldv: \valid_read(old + (0 .. UD_PROT_MAXPG - 1));
    requires sep: \separated(&p->mr[i], pg + (0 .. npages - 1)) &&
      \separated(&p->mr[i], old + (0 .. UD_PROT_MAXPG - 1));
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires on: on == p->mr[i].npages;
    requires copy: \forall integer j; 0 <= j < on ==> old[j] == p->mr[i].pfn[j];
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->mr[i];
    ensures inv: ud_prot_inv(p);
    ensures set: ud_mr_set(p, i, pd, access, iova, len, off);
    ensures pages: \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j];
    ensures gen: p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_extra(p, old, on);
*/
static void mr_refill(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                      uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                      const uint32_t *pg, const uint32_t *old, uint32_t on)
{
	(void)old;	/* the old list is the contract's: read by the proof only */
	(void)on;
	/*@ assert f_ok: ud_mr_ok(p, i); */
	/*@ assert f_on: on <= UD_PROT_MAXPG; */
	mr_commit(p, i, pd, access, iova, len, off, npages, pg);
	/*@ assert f_pins: ud_pins_same{Pre, Here}(p); */
	/*@ assert f_np: npages <= UD_PROT_MAXPG; */
	/*@ assert f_pages: \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j]; */
	/*@ assert f_pg: \forall integer j; 0 <= j < npages ==> pg[j] == \at(pg[j], Pre); */
	/*@ assert f_old: \forall integer j; 0 <= j < on ==> old[j] == \at(old[j], Pre); */
	/*@ assert f_dist: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_distinct(p); */
	/*@ assert f_list: ud_pin_added{Pre}(p, pg, npages) ==>
	      \forall integer m; 0 <= m < on ==> ud_pinned(p, old[m]); */
	/*@ assert f_cov_i: ud_pin_added{Pre}(p, pg, npages) ==> \forall integer j;
	      0 <= j < UD_PROT_MAXPG && j < p->mr[i].npages ==> ud_pinned(p, p->mr[i].pfn[j]); */
	/*@ assert f_cov_k: ud_pin_added{Pre}(p, pg, npages) ==> \forall integer k, integer j;
	      0 <= k < UD_PROT_NMR && k != i && p->mr[k].live == 1 &&
	      0 <= j < UD_PROT_MAXPG && j < p->mr[k].npages ==> ud_pinned(p, p->mr[k].pfn[j]); */
	/*@ assert f_covered: ud_pin_added{Pre}(p, pg, npages) ==> ud_pin_covered(p); */
	/*@ assert f_s16: ud_slot16(i); */
	/*@ assert f_occq: \forall integer f; ud_mr_occq(p, i, f, npages) == ud_occ16(pg, f, npages); */
	/*@ assert f_occ: \forall integer f; ud_mr_occ(p, i, f) == ud_occ16{Pre}(pg, f, npages); */
	/*@ assert f_oldq: \forall integer f; ud_mr_occq{Pre}(p, i, f, on) == ud_occ16{Pre}(old, f, on); */
	/*@ assert f_oldo: \forall integer f; ud_occ16(old, f, on) == ud_occ16{Pre}(old, f, on); */
	/*@ assert f_cov: \forall integer f; ud_cov(p, f) == ud_cov{Pre}(p, f) -
	      ud_occ16(old, f, on) + ud_occ16{Pre}(pg, f, npages); */
	/*@ assert f_counts: ud_pin_added{Pre}(p, pg, npages) ==> \forall integer e;
	      0 <= e < UD_PROT_NPIN && p->pin[e].count > 0 ==>
	      p->pin[e].count == ud_cov(p, p->pin[e].pfn) + ud_occ16(old, p->pin[e].pfn, on); */
}

/* Take the old list pg[0 .. n-1] of a refilled region off the pin table
 * (unpin_pages_acct): when the table counted the registrations plus the
 * list (ud_pin_extra), it counts the registrations. */
/*@ requires valid: \valid(p);
    requires n: n <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. n - 1));
    requires sep: \separated(p->pin + (0 .. UD_PROT_NPIN - 1), pg + (0 .. n - 1));
    requires inv: ud_prot_inv(p);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures frame: ud_only_pin_changed{Pre, Post}(p);
    ensures pin: ud_pin_extra{Pre}(p, pg, n) ==> ud_pin_inv(p);
*/
static void unpin_list(struct ud_prot *p, const uint32_t *pg, uint32_t n)
{
	/*@ ghost occ_link(pg, n); */
	/*@ assert u_s16a: ud_slot16(0); */
	/*@ assert u_ok1: ud_pin_extra(p, pg, n) ==> \forall integer m; 0 <= m < n ==>
	      \exists integer e; 0 <= e < UD_PROT_NPIN && p->pin[e].count > 0 && p->pin[e].pfn == pg[m]; */
	/*@ assert u_ok2: ud_pin_extra(p, pg, n) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      p->pin[e].count > 0 ==> p->pin[e].count >= ud_occ(pg, p->pin[e].pfn, n); */
	/*@ assert u_ok: ud_pin_extra(p, pg, n) ==> ud_unpin_ok(p, pg, n); */
	unpin_pages_acct(p, pg, n);
	/*@ assert u_np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert u_pgs: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert u_s16: ud_slot16(0); */
	/*@ assert u_cov: \forall integer f; ud_cov(p, f) == ud_cov{Pre}(p, f); */
	/*@ assert u_cnt: ud_pin_extra{Pre}(p, pg, n) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 ==> p->pin[e].count == ud_cov(p, p->pin[e].pfn); */
	/*@ assert u_dist: ud_pin_extra{Pre}(p, pg, n) ==> ud_pin_distinct(p); */
	/*@ assert u_counts: ud_pin_extra{Pre}(p, pg, n) ==> ud_pin_counts(p); */
	/*@ assert u_live: \forall integer k, integer j; 0 <= k < UD_PROT_NMR && p->mr[k].live == 1 &&
	      0 <= j < UD_PROT_MAXPG && j < p->mr[k].npages ==> ud_cov(p, p->mr[k].pfn[j]) >= 1; */
	/*@ assert u_keep: ud_pin_extra{Pre}(p, pg, n) ==> \forall integer e; 0 <= e < UD_PROT_NPIN &&
	      \at(p->pin[e].count, Pre) > 0 && ud_cov(p, p->pin[e].pfn) >= 1 ==> p->pin[e].count > 0; */
	/*@ assert u_pinned: ud_pin_extra{Pre}(p, pg, n) ==> \forall integer f;
	      ud_pinned{Pre}(p, f) && ud_cov(p, f) >= 1 ==> ud_pinned(p, f); */
	/*@ assert u_was: ud_pin_extra{Pre}(p, pg, n) ==> \forall integer k, integer j;
	      0 <= k < UD_PROT_NMR && p->mr[k].live == 1 && 0 <= j < UD_PROT_MAXPG &&
	      j < p->mr[k].npages ==> ud_pinned{Pre}(p, p->mr[k].pfn[j]); */
	/*@ assert u_covered: ud_pin_extra{Pre}(p, pg, n) ==> ud_pin_covered(p); */
}

/* Reregister live region i with a new translation: the new pages are pinned
 * before the old ones go (a page in both lists never reaches count 0), and
 * the pin table keeps counting registrations (PROT-PIN-2).  An error leaves
 * the state unchanged. */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires n: npages <= UD_PROT_MAXPG;
    requires pgv: \valid_read(pg + (0 .. npages - 1));
    requires oldv: \valid_read(old + (0 .. UD_PROT_MAXPG - 1));
    requires sep: \separated(p, pg + (0 .. npages - 1)) &&
      \separated(p, old + (0 .. UD_PROT_MAXPG - 1));
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires copy: \forall integer j; 0 <= j < UD_PROT_MAXPG ==> old[j] == p->mr[i].pfn[j];
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    requires shape: ud_mr_shape_v(npages, off, len, iova);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], p->mr[i], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures unchanged: \result != UD_OK ==> *p == \old(*p);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, iova, len, off);
    ensures pages: \result == UD_OK ==>
      \forall integer j; 0 <= j < npages ==> p->mr[i].pfn[j] == pg[j];
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
*/
static ud_status mr_replace(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                            uint64_t iova, uint32_t len, uint32_t off, uint32_t npages,
                            const uint32_t *pg, const uint32_t *old)
{
	ud_status st;
	uint32_t on = p->mr[i].npages;

	/*@ assert r_ok: ud_mr_ok(p, i) && on <= UD_PROT_MAXPG; */
	st = pin_list(p, pg, npages);
	if (st != UD_OK) {
		/*@ assert e_all: *p == \at(*p, Pre); */
		/*@ assert e_pins: ud_pins_same{Pre, Here}(p); */
		/*@ assert e_np: ud_mr_np_same{Pre, Here}(p); */
		/*@ assert e_pg: ud_mr_pg_same{Pre, Here}(p); */
		/*@ assert e_same: ud_pin_same{Pre, Here}(p); */
		return st;
	}
	/*@ assert r_pin: ud_only_pin_changed{Pre, Here}(p); */
	mr_refill(p, i, pd, access, iova, len, off, npages, pg, old, on);
	unpin_list(p, old, on);
	/*@ assert c_pd: \forall integer d; 0 <= d < UD_PROT_NPD ==>
	      p->pd_live[d] == \at(p->pd_live[d], Pre); */
	/*@ assert c_mr: \forall integer k; 0 <= k < UD_PROT_NMR && k != i ==>
	      p->mr[k] == \at(p->mr[k], Pre); */
	/*@ assert c_mw: \forall integer w; 0 <= w < UD_PROT_NMW ==>
	      p->mw[w] == \at(p->mw[w], Pre); */
	/*@ assert c_frame: ud_only_mr_changed{Pre, Here}(p, i); */
	return UD_OK;
}

/* Reregistration's new translation (1.2.5): the range checked, the pages
 * chosen again by the OS memory routine (checked, not trusted), then
 * mr_replace.  An error leaves the state unchanged.  Its own function so
 * that ud_rereg_mr's two branches come back to one point with nothing
 * returned inside them: the keys and the invariant's parts after them are
 * then one path in each of the verb's goals, not one per branch
 * (docs/METHOD.md, "One test per branch"). */
/*@ requires valid: \valid(p) && i < UD_PROT_NMR;
    requires inv: ud_prot_inv(p);
    requires live: p->mr[i].live == 1;
    requires gen: p->mr[i].gen < UD_KEY_GEN_MAX;
    requires nowin: !ud_mr_has_window(p, i);
    requires pd: ud_pd_ok(p, pd);
    requires acc: ud_mr_acc_ok(access);
    assigns p->pin[0 .. UD_PROT_NPIN - 1], p->mr[i], ud_env;
    ensures inv: ud_prot_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_INVAL || \result == UD_E_OVERFLOW ||
      \result == UD_E_RANGE || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures unchanged: \result != UD_OK ==> *p == \old(*p);
    ensures set: \result == UD_OK ==> ud_mr_set(p, i, pd, access, va, len, va % 4096);
    ensures gen: \result == UD_OK ==> p->mr[i].gen == \old(p->mr[i].gen) + 1;
    ensures frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, i);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
*/
static ud_status rereg_trans(struct ud_prot *p, uint32_t i, uint32_t pd, uint32_t access,
                             uint64_t va, uint64_t len)
{
	uint64_t pg[UD_PROT_MAXPG];
	uint32_t pfn[UD_PROT_MAXPG];
	uint32_t old[UD_PROT_MAXPG];
	uint32_t off;
	uint32_t npages;
	uint32_t j;
	ud_status st;

	/*@ assert t_ok0: ud_mr_ok(p, i) && p->mr[i].npages <= UD_PROT_MAXPG; */
	if (len == 0u)
		return UD_E_INVAL;
	if (len > UINT64_MAX - va)
		return UD_E_OVERFLOW;
	off = (uint32_t)(va % UD_PAGE_SIZE);
	if (len > (uint64_t)UD_PROT_MAXPG * UD_PAGE_SIZE - off)
		return UD_E_RANGE;
	npages = (uint32_t)((off + len + (UD_PAGE_SIZE - 1u)) / UD_PAGE_SIZE);
	if (ud_plat_prot_pages(va, npages, pg) != UD_OK || !to_pfns(pg, npages, pfn))
		return UD_E_PLATFORM;
	/* New pages pinned before the old ones go: a page in both sets
	 * never reaches count 0 (mr_replace). */
	/*@ loop invariant bound: 0 <= j <= UD_PROT_MAXPG;
	    loop invariant copied: \forall integer k; 0 <= k < j ==> old[k] == p->mr[i].pfn[k];
	    loop assigns j, old[0 .. UD_PROT_MAXPG - 1];
	    loop variant UD_PROT_MAXPG - j; */
	for (j = 0; j < UD_PROT_MAXPG; j++)
		old[j] = p->mr[i].pfn[j];
	/*@ assert rr_nowin: !ud_mr_has_window(p, i); */
	/*@ assert rr_pins: ud_pins_same{Pre, Here}(p); */
	/*@ assert rr_np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert rr_pg: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert rr_same: ud_pin_same{Pre, Here}(p); */
	st = mr_replace(p, i, pd, access, va, (uint32_t)len, off, npages, pfn, old);
	if (st != UD_OK) {
		/*@ assert rr_e_pin: *p == \at(*p, Pre); */
		return st;
	}
	/*@ assert rr_frame: ud_only_mr_changed{Pre, Here}(p, i); */
	/*@ assert rr_inv: ud_prot_inv(p); */
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
	uint64_t pg[UD_PROT_MAXPG];
	uint32_t pfn[UD_PROT_MAXPG];
	uint32_t off;
	uint32_t npages;
	uint32_t i;
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
	/* 1.2.2: the OS memory routine chooses the pages; checked, not trusted. */
	if (ud_plat_prot_pages(va, npages, pg) != UD_OK || !to_pfns(pg, npages, pfn))
		return UD_E_PLATFORM;
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	/*@ assert v_pins: ud_pins_same{Pre, Here}(p); */
	/*@ assert v_np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert v_pg: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert v_same: ud_pin_same{Pre, Here}(p); */
	/*@ assert v_empty: ud_pin_empty{Pre}(p) ==> ud_pin_empty(p); */
	st = mr_install(p, i, pd, access, va, (uint32_t)len, off, npages, pfn);
	if (st != UD_OK)
		return st;
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}

ud_status ud_reg_phys_mr(struct ud_prot *p, uint32_t pd, const uint64_t *pages,
                         uint32_t npages, uint64_t iova, uint32_t off, uint64_t len,
                         uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey)
{
	uint32_t pfn[UD_PROT_MAXPG];
	uint32_t i;
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
	    !to_pfns(pages, npages, pfn))
		return UD_E_INVAL;
	i = free_mr(p);
	if (i == UD_PROT_NMR) {
		/*@ assert full: !ud_mr_room{Pre}(p); */
		return UD_E_NOSPC;
	}
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	/*@ assert v_pins: ud_pins_same{Pre, Here}(p); */
	/*@ assert v_np: ud_mr_np_same{Pre, Here}(p); */
	/*@ assert v_pg: ud_mr_pg_same{Pre, Here}(p); */
	/*@ assert v_same: ud_pin_same{Pre, Here}(p); */
	/*@ assert v_empty: ud_pin_empty{Pre}(p) ==> ud_pin_empty(p); */
	st = mr_install(p, i, pd, access, iova, (uint32_t)len, off, npages, pfn);
	if (st != UD_OK)
		return st;
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
}

ud_status ud_reg_shared_mr(struct ud_prot *p, uint32_t mr, uint32_t pd, uint64_t va,
                           uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey)
{
	uint32_t i;
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
	/*@ assert src_ok: ud_mr_ok(p, mr); */
	/*@ assert src_np: p->mr[mr].npages <= UD_PROT_MAXPG; */
	/* 1.2.4: each registration pins again, even pages already pinned. */
	/*@ assert v_nowin: \forall integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 ==>
	      ud_mw_ok(p, w) && p->mw[w].mr != i; */
	st = mr_install(p, i, pd, access, va, p->mr[mr].len, p->mr[mr].off,
			p->mr[mr].npages, p->mr[mr].pfn);
	if (st != UD_OK)
		return st;
	*h = i;
	*lkey = p->mr[i].gen * UD_KEY_IDX_SPAN + i;
	*rkey = rkey_for(access, *lkey);
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
	return UD_OK;
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
	/*@ assert rr_ok0: ud_mr_ok(p, mr) && p->mr[mr].npages <= UD_PROT_MAXPG; */
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
		/* One store of the whole entry, as in mr_commit: the frame
		 * (every other entry unchanged) is then immediate. */
		mr_retag(p, mr, npd, nacc);
		/*@ assert rr_frame: ud_only_mr_changed{Pre, Here}(p, mr); */
		/*@ assert rr_inv: ud_prot_inv(p); */
		/*@ assert rr_same2: ud_pin_same{Pre, Here}(p); */
		st = UD_OK;
	}
	if (st != UD_OK)
		return st;
	*lkey = p->mr[mr].gen * UD_KEY_IDX_SPAN + mr;
	*rkey = rkey_for(p->mr[mr].access, *lkey);
	/*@ assert inv_pd: ud_inv_pd(p); */
	/*@ assert inv_qp: ud_inv_qp(p); */
	/*@ assert inv_ah: ud_inv_ah(p); */
	/*@ assert inv_mr: ud_inv_mr(p); */
	/*@ assert inv_mw: ud_inv_mw(p); */
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
