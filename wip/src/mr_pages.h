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
 * each list reaches exactly the chunks and blocks it owns.  Two lists never
 * share an entry, and one list never names an entry twice
 * (ud_pg_entry_owner below).
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
	uint16_t top[UD_PG_FAN];         /* directory blocks (first ndir used)  */
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
  // Chunks and directory blocks a list of n pages holds.
  logic integer ud_pg_nch(integer n) = (n + 63) / 64;
  logic integer ud_pg_ndir(integer n) = (ud_pg_nch(n) + 63) / 64;

  // Chunk q of list i (q < ud_pg_nch(npages)), through its directory block.
  logic integer ud_pg_chunk{L}(struct ud_mpg *m, integer i, integer q) =
    m->dir[m->list[i].top[q / 64]][q % 64];
  // The entry of page j of list i.
  logic integer ud_pg_entry{L}(struct ud_mpg *m, integer i, integer j) =
    ud_pg_chunk(m, i, j / 64) * 64 + j % 64;

  // Arithmetic of the tree's shape (proved by the provers from the
  // definitions: division by constants).
  lemma ud_pg_div_nest: \forall integer j; 0 <= j ==> j / 4096 == (j / 64) / 64;
  lemma ud_pg_in_chunk: \forall integer n, j; 0 <= j < n ==> j / 64 < ud_pg_nch(n);
  lemma ud_pg_in_dir: \forall integer n, q; 0 <= q < ud_pg_nch(n) ==> q / 64 < ud_pg_ndir(n);
  lemma ud_pg_nch_step: \forall integer n, a; 0 <= n && n % 64 == 0 && 1 <= a <= 64 ==>
    ud_pg_nch(n) == n / 64 && ud_pg_nch(n + a) == n / 64 + 1;
  lemma ud_pg_ndir_step: \forall integer n, a; 0 <= n && n % 64 == 0 && 1 <= a <= 64 ==>
    ud_pg_ndir(n + a) == ud_pg_ndir(n) + (n % 4096 == 0 ? 1 : 0);

  predicate ud_pg_ch_free{L}(struct ud_mpg *m, integer c) = ud_fs_free(&m->ch_pos[0], m->ch_top, c);
  predicate ud_pg_dr_free{L}(struct ud_mpg *m, integer d) = ud_fs_free(&m->dr_pos[0], m->dr_top, d);

  // List i's tree: its blocks and chunks are in use and owned by it, at
  // their positions.
  predicate ud_pg_list_ok{L}(struct ud_mpg *m, integer i) =
    m->list[i].npages <= UD_PG_MAXPG &&
    (\forall integer t; 0 <= t < ud_pg_ndir(m->list[i].npages) ==>
       m->list[i].top[t] < UD_PG_NDIR && !ud_pg_dr_free(m, m->list[i].top[t]) &&
       m->dr_list[m->list[i].top[t]] == i && m->dr_q[m->list[i].top[t]] == t) &&
    (\forall integer q; 0 <= q < ud_pg_nch(m->list[i].npages) ==>
       ud_pg_chunk(m, i, q) < UD_PG_NCHUNK && !ud_pg_ch_free(m, ud_pg_chunk(m, i, q)) &&
       m->ch_list[ud_pg_chunk(m, i, q)] == i && m->ch_q[ud_pg_chunk(m, i, q)] == q);

  // A block / chunk in use is reached by its owner's tree at its position.
  predicate ud_pg_dr_ok{L}(struct ud_mpg *m, integer d) =
    !ud_pg_dr_free(m, d) ==>
      m->dr_list[d] < UD_PG_NLIST &&
      m->dr_q[d] < ud_pg_ndir(m->list[m->dr_list[d]].npages) &&
      m->list[m->dr_list[d]].top[m->dr_q[d]] == d;
  predicate ud_pg_ch_ok{L}(struct ud_mpg *m, integer c) =
    !ud_pg_ch_free(m, c) ==>
      m->ch_list[c] < UD_PG_NLIST &&
      m->ch_q[c] < ud_pg_nch(m->list[m->ch_list[c]].npages) &&
      ud_pg_chunk(m, m->ch_list[c], m->ch_q[c]) == c;

  // The invariant of the pools.
  predicate ud_mpg_inv{L}(struct ud_mpg *m) =
    ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top) &&
    ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top) &&
    (\forall integer i; 0 <= i < UD_PG_NLIST ==> ud_pg_list_ok(m, i)) &&
    (\forall integer d; 0 <= d < UD_PG_NDIR ==> ud_pg_dr_ok(m, d)) &&
    (\forall integer c; 0 <= c < UD_PG_NCHUNK ==> ud_pg_ch_ok(m, c));

  // Entry s is listed: its chunk is in use and s's place in it is below
  // its owner's length.
  predicate ud_pg_listed{L}(struct ud_mpg *m, integer s) =
    !ud_pg_ch_free(m, s / 64) &&
    m->ch_q[s / 64] * 64 + s % 64 < m->list[m->ch_list[s / 64]].npages;

  // What the pages of list i are, as at L1 and L2 (the frame other lists
  // keep across a change of list i).
  predicate ud_pg_same_list{L1, L2}(struct ud_mpg *m, integer i) =
    \at(m->list[i].npages, L1) == \at(m->list[i].npages, L2) &&
    \forall integer j; 0 <= j < \at(m->list[i].npages, L1) ==>
      ud_pg_entry{L1}(m, i, j) == ud_pg_entry{L2}(m, i, j);

  // The frame of a list is transitive (what the loops of alloc and free
  // carry from step to step).
  lemma ud_pg_same_list_trans{L1, L2, L3}: \forall struct ud_mpg *m, integer i;
    ud_pg_same_list{L1, L2}(m, i) && ud_pg_same_list{L2, L3}(m, i) ==>
    ud_pg_same_list{L1, L3}(m, i);
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
