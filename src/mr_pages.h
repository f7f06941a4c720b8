/* SPDX-License-Identifier: MIT */
/*
 * mr_pages.h -- the page lists of memory regions at real scale (issue 21,
 * docs/scale.md 2.2; seed 001_7ab1209d0a9249cf.txt 1.2.2: a registration
 * records "each page's physical start address").
 *
 * List i (the page list of region slot i) of n pages is a three-level
 * radix tree of 64-way nodes drawn from two pools:
 *
 *   list[i].top[t]   directory block of pages 4096 t .. 4096 t + 4095
 *   dir[d][x]        chunk of the 64 pages after 64 (64 t + x)
 *   pfn[c * 64 + y]  the page frame of one page: an *entry* of the pool
 *
 *   page j of list i  ->  entry  dir[list[i].top[j / 4096]][(j / 64) % 64] * 64 + j % 64
 *
 * so a translation is three loads, whatever the number of lists or their
 * lengths (issue 21: the access path O(1)).  64^3 pages = 1 GiB is the
 * longest list.  Chunks and directory blocks come from free sets
 * (src/free_set.h): taking and giving one is O(1), so a list of n pages
 * costs O(n / 64) to build and to free, plus O(n) for its entries.
 *
 * Ownership makes every proof a quantified fact, for any pool size: a
 * chunk in use records its list and its position in it (ch_list, ch_q), a
 * directory block likewise (dr_list, dr_q); the invariant says the tree of
 * each list reaches exactly the chunks and blocks it owns (nc chunks under
 * nd blocks, the least that hold its npages).  Two lists never share an
 * entry, and one list never names an entry twice (ud_mpg_entry's owner).
 * The invariant is a conjunction of named parts (ud_pg_fs, ud_pg_shapes,
 * ud_pg_lblocks, ud_pg_lchunks, ud_pg_drs, ud_pg_chs, ud_pg_tights), each
 * re-established by an assert of its own after every step.
 *
 * The module does not know regions, keys or pins: src/mr.c (docs/scale.md
 * step 3) keeps one platform pin per listed entry.
 */
#ifndef UD_MR_PAGES_H
#define UD_MR_PAGES_H

#include "ud_common.h"
#include "free_set.h"

#define UD_PG_FAN     64u                    /* entries of a node           */
#define UD_PG_DIRPG   (UD_PG_FAN * UD_PG_FAN) /* pages under one dir block   */
#define UD_PG_MAXPG   (UD_PG_DIRPG * UD_PG_FAN) /* 262,144 pages: 1 GiB       */

#ifndef UD_PG_NLIST
#define UD_PG_NLIST   4096u     /* lists (region slots)                     */
#endif
#ifndef UD_PG_NCHUNK
#define UD_PG_NCHUNK  16384u    /* chunks: 2^20 entries, 4 GiB of pages     */
#endif
#ifndef UD_PG_NDIR
#define UD_PG_NDIR    4096u     /* directory blocks: one per list at least  */
#endif
#define UD_PG_POOL    (UD_PG_NCHUNK * UD_PG_FAN)

_Static_assert(UD_PG_NLIST >= 1u && UD_PG_NLIST <= 65535u, "list ids fit ch_list");
_Static_assert(UD_PG_NCHUNK >= 1u && UD_PG_NCHUNK <= 65535u, "chunk ids fit dir[][]");
_Static_assert(UD_PG_NDIR >= 1u && UD_PG_NDIR <= 65535u, "block ids fit top[]");

struct ud_pglist {
	uint32_t npages;                 /* 0 = empty                           */
	uint16_t nc;                     /* chunks held: ceil(npages / 64)      */
	uint16_t nd;                     /* blocks held: ceil(nc / 64)          */
	uint16_t top[UD_PG_FAN];         /* directory blocks (first nd used)    */
};

struct ud_mpg {
	struct ud_pglist list[UD_PG_NLIST];
	uint32_t pfn[UD_PG_POOL];        /* page frame numbers, by entry        */
	uint16_t dir[UD_PG_NDIR][UD_PG_FAN];
	uint16_t ch_list[UD_PG_NCHUNK];  /* owner of a chunk in use ...         */
	uint16_t ch_q[UD_PG_NCHUNK];     /* ... and its position in the list    */
	uint16_t dr_list[UD_PG_NDIR];    /* owner of a block in use ...         */
	uint16_t dr_q[UD_PG_NDIR];       /* ... and its position in top[]       */
	uint32_t ch_perm[UD_PG_NCHUNK], ch_pos[UD_PG_NCHUNK], ch_top;  /* free chunks */
	uint32_t dr_perm[UD_PG_NDIR], dr_pos[UD_PG_NDIR], dr_top;      /* free blocks */
};

/*@
  // The vocabulary sits in axiomatic blocks (no axioms): WP gives a block
  // only to the goals that name one of its symbols (docs/METHOD.md).
  axiomatic UdPgShape {
    // Chunks and directory blocks a list of n pages holds.
    logic integer ud_pg_nch(integer n) = (n + 63) / 64;
    logic integer ud_pg_ndir(integer n) = (ud_pg_nch(n) + 63) / 64;
  }

  // Arithmetic of the tree's shape: division by 64 (the provers see C
  // division through axioms only).  A goal carries these lemmas when it
  // names the marker ud_pg_use_div.
  axiomatic UdPgDiv {
    predicate ud_pg_use_div(integer x) = x == x;
    lemma ud_pg_div_lt: \forall integer q, d; 0 <= q && q < 64 * d ==> q / 64 < d;
    lemma ud_pg_div_eq: \forall integer y, q; 0 <= y && 0 <= q &&
      y / 64 == q / 64 && y % 64 == q % 64 ==> y == q;
    lemma ud_pg_div_nest: \forall integer j; 0 <= j ==> j / 4096 == (j / 64) / 64;
    lemma ud_pg_div_in: \forall integer j, n; 0 <= j < n ==> j / 64 < (n + 63) / 64;
    lemma ud_pg_div_id: \forall integer j; 0 <= j ==> (j / 64) * 64 + j % 64 == j && 0 <= j % 64 < 64;
    lemma ud_pg_div_up: \forall integer n; 0 <= n ==> n <= 64 * ((n + 63) / 64);
    lemma ud_pg_div_entry: \forall integer c, r; 0 <= c && 0 <= r < 64 ==>
      (c * 64 + r) / 64 == c && (c * 64 + r) % 64 == r;
    lemma ud_pg_div_whole: \forall integer n; 0 <= n && n % 64 == 0 ==>
      (n + 63) / 64 == n / 64 && (n + 64) / 64 == n / 64 + 1 &&
      (n + 127) / 64 == n / 64 + 1;
    lemma ud_pg_div_part: \forall integer n; 0 <= n && n % 64 != 0 ==>
      (n + 64) / 64 == (n + 63) / 64 && (n + 63) / 64 == n / 64 + 1;
  }

  axiomatic UdPgVocab {
    // Chunk c / block d is free (free_set's ud_fs_free, on the fields).
    predicate ud_pg_ch_free{L}(struct ud_mpg *m, integer c) = m->ch_pos[c] < m->ch_top;
    predicate ud_pg_dr_free{L}(struct ud_mpg *m, integer d) = m->dr_pos[d] < m->dr_top;

    // Chunk q of list i (q < nc), through its directory block.
    logic integer ud_pg_chunk{L}(struct ud_mpg *m, integer i, integer q) =
      m->dir[m->list[i].top[q / 64]][q % 64];
    // The entry of page j of list i.
    logic integer ud_pg_entry{L}(struct ud_mpg *m, integer i, integer j) =
      ud_pg_chunk(m, i, j / 64) * 64 + j % 64;

    // The counts of list i fit its tree: its pages in its chunks, its
    // chunks under its blocks.
    predicate ud_pg_shape{L}(struct ud_mpg *m, integer i) =
      m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
      m->list[i].npages <= 64 * m->list[i].nc;
    // The counts are the least that hold the pages.
    predicate ud_pg_tight{L}(struct ud_mpg *m, integer i) =
      m->list[i].nc == ud_pg_nch(m->list[i].npages) &&
      m->list[i].nd == ud_pg_ndir(m->list[i].npages);

    // The parts of the invariant, each its own predicate.  A quantifier's
    // body reads the fields itself (no predicate of the bound variable):
    // the provers instantiate a quantified hypothesis only through terms
    // of the goal, and a field read is one (docs/METHOD.md).
    predicate ud_pg_fs{L}(struct ud_mpg *m) =
      ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top) &&
      ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top);
    predicate ud_pg_shapes{L}(struct ud_mpg *m) =
      \forall integer i; 0 <= i < UD_PG_NLIST ==>
        m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
        m->list[i].npages <= 64 * m->list[i].nc;
    // List i's blocks are in use and owned by it, at their positions.
    predicate ud_pg_lblocks{L}(struct ud_mpg *m) =
      \forall integer i, t; 0 <= i < UD_PG_NLIST && 0 <= t < m->list[i].nd ==>
        m->list[i].top[t] < UD_PG_NDIR && m->dr_pos[m->list[i].top[t]] >= m->dr_top &&
        m->dr_list[m->list[i].top[t]] == i && m->dr_q[m->list[i].top[t]] == t;
    // List i's chunks likewise.
    predicate ud_pg_lchunks{L}(struct ud_mpg *m) =
      \forall integer i, q; 0 <= i < UD_PG_NLIST && 0 <= q < m->list[i].nc ==>
        ud_pg_chunk(m, i, q) < UD_PG_NCHUNK && m->ch_pos[ud_pg_chunk(m, i, q)] >= m->ch_top &&
        m->ch_list[ud_pg_chunk(m, i, q)] == i && m->ch_q[ud_pg_chunk(m, i, q)] == q;
    // A block in use is reached by its owner's tree at its position.
    predicate ud_pg_drs{L}(struct ud_mpg *m) =
      \forall integer d; 0 <= d < UD_PG_NDIR && m->dr_pos[d] >= m->dr_top ==>
        m->dr_list[d] < UD_PG_NLIST &&
        m->dr_q[d] < m->list[m->dr_list[d]].nd &&
        m->list[m->dr_list[d]].top[m->dr_q[d]] == d;
    // A chunk in use likewise.
    predicate ud_pg_chs{L}(struct ud_mpg *m) =
      \forall integer c; 0 <= c < UD_PG_NCHUNK && m->ch_pos[c] >= m->ch_top ==>
        m->ch_list[c] < UD_PG_NLIST &&
        m->ch_q[c] < m->list[m->ch_list[c]].nc &&
        ud_pg_chunk(m, m->ch_list[c], m->ch_q[c]) == c;
    predicate ud_pg_tights{L}(struct ud_mpg *m) =
      \forall integer i; 0 <= i < UD_PG_NLIST ==>
        m->list[i].nc == ud_pg_nch(m->list[i].npages) &&
        m->list[i].nd == ud_pg_ndir(m->list[i].npages);

    // Every list but i has tight counts (what a step of list i keeps).
    predicate ud_pg_tights_but{L}(struct ud_mpg *m, integer i) =
      \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
        m->list[k].nc == ud_pg_nch(m->list[k].npages) &&
        m->list[k].nd == ud_pg_ndir(m->list[k].npages);

    // The pools and trees, whatever the lengths (what a step keeps).
    predicate ud_pg_core{L}(struct ud_mpg *m) =
      ud_pg_fs(m) && ud_pg_shapes(m) && ud_pg_lblocks(m) && ud_pg_lchunks(m) &&
      ud_pg_drs(m) && ud_pg_chs(m);

    // The invariant of the pools.
    predicate ud_mpg_inv{L}(struct ud_mpg *m) = ud_pg_core(m) && ud_pg_tights(m);

    // Entry s is listed: its chunk is in use and s's place in it is below
    // its owner's length.
    predicate ud_pg_listed{L}(struct ud_mpg *m, integer s) =
      m->ch_pos[s / 64] >= m->ch_top &&
      m->ch_q[s / 64] * 64 + s % 64 < m->list[m->ch_list[s / 64]].npages;

    // What the pages of list i are, as at L1 and L2 (the frame other lists
    // keep across a change of list i).
    predicate ud_pg_same_list{L1, L2}(struct ud_mpg *m, integer i) =
      \at(m->list[i].npages, L1) == \at(m->list[i].npages, L2) &&
      \forall integer j; 0 <= j < \at(m->list[i].npages, L1) ==>
        ud_pg_entry{L1}(m, i, j) == ud_pg_entry{L2}(m, i, j);

    // Every list but i keeps its counts and its chunks (field by field:
    // what one step of a build or a free keeps).
    predicate ud_pg_kept{L1, L2}(struct ud_mpg *m, integer i) =
      \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
        \at(m->list[k].npages, L1) == \at(m->list[k].npages, L2) &&
        \at(m->list[k].nc, L1) == \at(m->list[k].nc, L2) &&
        \at(m->list[k].nd, L1) == \at(m->list[k].nd, L2) &&
        \forall integer q; 0 <= q < \at(m->list[k].nc, L1) ==>
          ud_pg_chunk{L1}(m, k, q) == ud_pg_chunk{L2}(m, k, q);
  }

  // Frames of the chunk side of the invariant across a step that keeps
  // every list's chunks (add_block, drop_block, set_len): stated as a named
  // two-state predicate, so that in a step's large context p_lchunks and
  // p_chs are one lemma application each (docs/METHOD.md, "a lemma's
  // conclusion may name the terms").  A goal carries these when it names
  // ud_pg_chside (a hypothesis asserted just before the parts).
  axiomatic UdPgFrame {
    predicate ud_pg_chside{L1, L2}(struct ud_mpg *m) =
      \at(m->ch_top, L1) == \at(m->ch_top, L2) &&
      (\forall integer x; 0 <= x < UD_PG_NCHUNK ==>
        \at(m->ch_pos[x], L1) == \at(m->ch_pos[x], L2) &&
        \at(m->ch_list[x], L1) == \at(m->ch_list[x], L2) &&
        \at(m->ch_q[x], L1) == \at(m->ch_q[x], L2)) &&
      (\forall integer k; 0 <= k < UD_PG_NLIST ==>
        \at(m->list[k].nc, L1) == \at(m->list[k].nc, L2)) &&
      (\forall integer k, q; 0 <= k < UD_PG_NLIST && 0 <= q < \at(m->list[k].nc, L1) ==>
        ud_pg_chunk{L1}(m, k, q) == ud_pg_chunk{L2}(m, k, q));
    lemma ud_pg_lchunks_fr{L1, L2}: \forall struct ud_mpg *m;
      ud_pg_lchunks{L1}(m) && ud_pg_chside{L1, L2}(m) ==> ud_pg_lchunks{L2}(m);
    lemma ud_pg_chs_fr{L1, L2}: \forall struct ud_mpg *m;
      ud_pg_chs{L1}(m) && ud_pg_chside{L1, L2}(m) ==> ud_pg_chs{L2}(m);
  }

  // Likewise the block side, across a step that keeps every list's blocks
  // (add_chunk, drop_chunk, set_len).  The tops are compared below 64 only:
  // the lemmas need the shapes (nd <= 64) at L1 (without, both timed out:
  // they are false).
  axiomatic UdPgFrameDr {
    predicate ud_pg_drside{L1, L2}(struct ud_mpg *m) =
      \at(m->dr_top, L1) == \at(m->dr_top, L2) &&
      (\forall integer x; 0 <= x < UD_PG_NDIR ==>
        \at(m->dr_pos[x], L1) == \at(m->dr_pos[x], L2) &&
        \at(m->dr_list[x], L1) == \at(m->dr_list[x], L2) &&
        \at(m->dr_q[x], L1) == \at(m->dr_q[x], L2)) &&
      (\forall integer k; 0 <= k < UD_PG_NLIST ==>
        \at(m->list[k].nd, L1) == \at(m->list[k].nd, L2) &&
        \forall integer y; 0 <= y < 64 ==> \at(m->list[k].top[y], L1) == \at(m->list[k].top[y], L2));
    lemma ud_pg_lblocks_fr{L1, L2}: \forall struct ud_mpg *m;
      ud_pg_lblocks{L1}(m) && ud_pg_shapes{L1}(m) && ud_pg_drside{L1, L2}(m) ==> ud_pg_lblocks{L2}(m);
    lemma ud_pg_drs_fr{L1, L2}: \forall struct ud_mpg *m;
      ud_pg_drs{L1}(m) && ud_pg_shapes{L1}(m) && ud_pg_drside{L1, L2}(m) ==> ud_pg_drs{L2}(m);
  }
*/

/* Every list empty, every chunk and block free. */
/*@ requires valid: \valid(m);
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures empty: \forall integer i; 0 <= i < UD_PG_NLIST ==> m->list[i].npages == 0;
    ensures all_free: m->ch_top == UD_PG_NCHUNK && m->dr_top == UD_PG_NDIR;
*/
void ud_mpg_init(struct ud_mpg *m);

/* Build list i (empty) for n pages: all or nothing.  Entries are not
 * written (the caller fills them). */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages == 0;
    requires n: 1 <= n <= UD_PG_MAXPG;
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
    ensures others_len: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      m->list[k].npages == \old(m->list[k].npages);
    ensures others_at: \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
      0 <= j < \old(m->list[k].npages) ==> ud_pg_entry(m, k, j) == \old(ud_pg_entry(m, k, j));
    behavior no_room:
      assumes m->ch_top < ud_pg_nch(n) || m->dr_top < ud_pg_ndir(n);
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: *m == \old(*m);
    behavior built:
      assumes m->ch_top >= ud_pg_nch(n) && m->dr_top >= ud_pg_ndir(n);
      ensures status: \result == UD_OK;
      ensures length: m->list[i].npages == n;
      ensures room: m->ch_top == \old(m->ch_top) - ud_pg_nch(n) &&
                    m->dr_top == \old(m->dr_top) - ud_pg_ndir(n);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_mpg_alloc(struct ud_mpg *m, uint32_t i, uint32_t n);

/* Empty list i, its chunks and blocks back to the pools. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires list: i < UD_PG_NLIST;
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures empty: m->list[i].npages == 0;
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
    ensures others_len: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      m->list[k].npages == \old(m->list[k].npages);
    ensures others_at: \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
      0 <= j < \old(m->list[k].npages) ==> ud_pg_entry(m, k, j) == \old(ud_pg_entry(m, k, j));
    ensures room: m->ch_top == \old(m->ch_top) + ud_pg_nch(\old(m->list[i].npages)) &&
                  m->dr_top == \old(m->dr_top) + ud_pg_ndir(\old(m->list[i].npages));
*/
void ud_mpg_free(struct ud_mpg *m, uint32_t i);

/* The entry of page j of list i: O(1), three loads. */
/*@ requires valid: \valid_read(m);
    requires inv: ud_mpg_inv(m);
    requires page: i < UD_PG_NLIST && j < m->list[i].npages;
    assigns \nothing;
    ensures entry: \result == ud_pg_entry(m, i, j) && \result < UD_PG_POOL;
    ensures listed: ud_pg_listed(m, \result);
    ensures owner: m->ch_list[\result / 64] == i && m->ch_q[\result / 64] * 64 + \result % 64 == j;
*/
uint32_t ud_mpg_entry(const struct ud_mpg *m, uint32_t i, uint32_t j);

#endif /* UD_MR_PAGES_H */
