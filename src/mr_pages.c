/* SPDX-License-Identifier: MIT */
/*
 * mr_pages.c -- the page lists of memory regions (src/mr_pages.h).
 *
 * A list grows and shrinks one node at a time: add_block, add_chunk,
 * drop_chunk, drop_block, each keeping ud_pg_core (the pools and trees,
 * whatever the lengths) and every other list (ud_pg_kept); set_len sets
 * the length under the chunks held.  Building and freeing are loops over
 * these steps; the counts are tight again (ud_pg_tights) at their ends.
 */
#include "mr_pages.h"

/*@ requires n <= UD_PG_MAXPG;
    assigns \nothing;
    ensures \result == ud_pg_nch(n) && \result <= UD_PG_MAXPG / 64; */
static uint32_t nch(uint32_t n)
{
	return (n + 63u) / 64u;
}

/*@ requires n <= UD_PG_MAXPG;
    assigns \nothing;
    ensures \result == ud_pg_ndir(n) && \result <= UD_PG_FAN; */
static uint32_t ndir(uint32_t n)
{
	return (nch(n) + 63u) / 64u;
}

/* Lemma functions (ghost, proved in their own small context): a pool's
 * free test through free_set's pointer (&m->ch_pos[0]) is the test on the
 * field (m->ch_pos[x]).  WP writes the two addresses differently and Qed
 * does not unfold ud_fs_free; in a large context the provers did not make
 * the step (give_ch's others timed out, 2026-11-28). */
/*@ ghost
  /@ requires \valid_read(m);
     assigns \nothing;
     ensures conv: \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
       (ud_fs_free(&m->ch_pos[0], t, x) <==> m->ch_pos[x] < t); @/
  static void ch_conv(struct ud_mpg *m, uint32_t t) { }
*/
/*@ ghost
  /@ requires \valid_read(m);
     assigns \nothing;
     ensures conv: \forall integer x; 0 <= x < UD_PG_NDIR ==>
       (ud_fs_free(&m->dr_pos[0], t, x) <==> m->dr_pos[x] < t); @/
  static void dr_conv(struct ud_mpg *m, uint32_t t) { }
*/

/* Lemma function: the block side of the invariant (ud_pg_drs) from its
 * case facts after add_block's stores -- the new block d (drs_d), every
 * other block in use (drs_h, drs_top, drs_nd).  In add_block's context
 * the join timed out (both provers, session 23) although each fact
 * proved; here it is proved from the four facts alone. */
/*@ ghost
  /@ requires \valid_read(m);
     requires d: i < UD_PG_NLIST && d < UD_PG_NDIR && m->dr_list[d] == i && m->dr_q[d] == t &&
       t < m->list[i].nd && m->list[i].top[t] == d;
     requires h: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
       m->dr_list[x] < UD_PG_NLIST && m->dr_q[x] < 64 &&
       (m->dr_list[x] != i || m->dr_q[x] != t);
     requires top: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
       m->list[m->dr_list[x]].top[m->dr_q[x]] == x;
     requires nd: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
       m->dr_q[x] < m->list[m->dr_list[x]].nd;
     assigns \nothing;
     ensures drs: ud_pg_drs(m); @/
  static void drs_join(struct ud_mpg *m, uint32_t i, uint32_t t, uint32_t d) { }
*/

/* Take a free block: free_set's take, its frame stated on the fields
 * (the separation proofs stay in this small context). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires room: m->dr_top >= 1;
    assigns m->dr_top;
    ensures fs: ud_pg_fs(m);
    ensures slot: \result < UD_PG_NDIR;
    ensures taken: m->dr_pos[\result] < \old(m->dr_top) && m->dr_pos[\result] >= m->dr_top;
    ensures room: m->dr_top == \old(m->dr_top) - 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NDIR && x != \result ==>
      (m->dr_pos[x] < m->dr_top <==> \old(m->dr_pos[x] < m->dr_top));
    ensures pos_same: \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \old(m->dr_pos[x]);
    ensures ch_same: m->ch_top == \old(m->ch_top) &&
      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \old(m->ch_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
    ensures chside: ud_pg_chside{Pre, Post}(m);
*/
static uint32_t take_dr(struct ud_mpg *m)
{
	uint32_t d = ud_fs_take(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top);

	/*@ assert others_fs: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      (ud_fs_free(&m->dr_pos[0], m->dr_top, x) <==>
	       \at(ud_fs_free(&m->dr_pos[0], m->dr_top, x), Pre)); */
	return d;
}

/* Take a free chunk: free_set's take, its frame stated on the fields
 * (the separation proofs stay in this small context). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires room: m->ch_top >= 1;
    assigns m->ch_top;
    ensures fs: ud_pg_fs(m);
    ensures slot: \result < UD_PG_NCHUNK;
    ensures taken: m->ch_pos[\result] < \old(m->ch_top) && m->ch_pos[\result] >= m->ch_top;
    ensures room: m->ch_top == \old(m->ch_top) - 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != \result ==>
      (m->ch_pos[x] < m->ch_top <==> \old(m->ch_pos[x] < m->ch_top));
    ensures pos_same: \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \old(m->ch_pos[x]);
    ensures dr_same: m->dr_top == \old(m->dr_top) &&
      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \old(m->dr_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
*/
static uint32_t take_ch(struct ud_mpg *m)
{
	uint32_t c = ud_fs_take(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top);

	/*@ assert others_fs: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      (ud_fs_free(&m->ch_pos[0], m->ch_top, x) <==>
	       \at(ud_fs_free(&m->ch_pos[0], m->ch_top, x), Pre)); */
	return c;
}

/* free_set's give on the pool, its frame stated on the fields but the
 * free test in free_set's words (give_ch converts it).  The conversion
 * in this context made other_inv time out (2026-11-28). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires used: c < UD_PG_NCHUNK && m->ch_pos[c] >= m->ch_top;
    assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1], m->ch_top;
    ensures fs: ud_pg_fs(m);
    ensures freed: m->ch_pos[c] < m->ch_top;
    ensures room: m->ch_top == \old(m->ch_top) + 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
      (ud_fs_free(&m->ch_pos[0], m->ch_top, x) <==>
       \old(ud_fs_free(&m->ch_pos[0], m->ch_top, x)));
    ensures dr_same: m->dr_top == \old(m->dr_top) &&
      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \old(m->dr_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
*/
static void fs_give_ch(struct ud_mpg *m, uint32_t c)
{
	/*@ assert pre_other: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
	ud_fs_give(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top, c);
	/*@ assert others_fs: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      (ud_fs_free(&m->ch_pos[0], m->ch_top, x) <==>
	       \at(ud_fs_free(&m->ch_pos[0], m->ch_top, x), Pre)); */
	/*@ assert own_inv: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert other_frame: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==>
	      *(&m->dr_perm[0] + x) == \at(*(&m->dr_perm[0] + x), Pre) &&
	      *(&m->dr_pos[0] + x) == \at(*(&m->dr_pos[0] + x), Pre); */
	/*@ assert other_inv: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
}

/* Give back chunk c (in use): free_set's give, its frame stated on the
 * fields. */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires used: c < UD_PG_NCHUNK && m->ch_pos[c] >= m->ch_top;
    assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1], m->ch_top;
    ensures fs: ud_pg_fs(m);
    ensures freed: m->ch_pos[c] < m->ch_top;
    ensures room: m->ch_top == \old(m->ch_top) + 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
      (m->ch_pos[x] < m->ch_top <==> \old(m->ch_pos[x] < m->ch_top));
    ensures dr_same: m->dr_top == \old(m->dr_top) &&
      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \old(m->dr_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
    ensures drside: ud_pg_drside{Pre, Post}(m);
*/
static void give_ch(struct ud_mpg *m, uint32_t c)
{
	/*@ ghost ch_conv(m, m->ch_top); */
	fs_give_ch(m, c);
	/*@ ghost ch_conv(m, m->ch_top); */
}

/* free_set's give on the pool, its frame stated on the fields but the
 * free test in free_set's words (give_dr converts it).  The conversion
 * in this context made other_inv time out (2026-11-28). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires used: d < UD_PG_NDIR && m->dr_pos[d] >= m->dr_top;
    assigns m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1], m->dr_top;
    ensures fs: ud_pg_fs(m);
    ensures freed: m->dr_pos[d] < m->dr_top;
    ensures room: m->dr_top == \old(m->dr_top) + 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
      (ud_fs_free(&m->dr_pos[0], m->dr_top, x) <==>
       \old(ud_fs_free(&m->dr_pos[0], m->dr_top, x)));
    ensures ch_same: m->ch_top == \old(m->ch_top) &&
      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \old(m->ch_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
*/
static void fs_give_dr(struct ud_mpg *m, uint32_t d)
{
	/*@ assert pre_other: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	ud_fs_give(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top, d);
	/*@ assert others_fs: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      (ud_fs_free(&m->dr_pos[0], m->dr_top, x) <==>
	       \at(ud_fs_free(&m->dr_pos[0], m->dr_top, x), Pre)); */
	/*@ assert own_inv: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
	/*@ assert other_frame: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	      *(&m->ch_perm[0] + x) == \at(*(&m->ch_perm[0] + x), Pre) &&
	      *(&m->ch_pos[0] + x) == \at(*(&m->ch_pos[0] + x), Pre); */
	/*@ assert other_inv: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
}

/* Give back block d (in use): free_set's give, its frame stated on the
 * fields. */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires used: d < UD_PG_NDIR && m->dr_pos[d] >= m->dr_top;
    assigns m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1], m->dr_top;
    ensures fs: ud_pg_fs(m);
    ensures freed: m->dr_pos[d] < m->dr_top;
    ensures room: m->dr_top == \old(m->dr_top) + 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
      (m->dr_pos[x] < m->dr_top <==> \old(m->dr_pos[x] < m->dr_top));
    ensures ch_same: m->ch_top == \old(m->ch_top) &&
      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \old(m->ch_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
*/
static void give_dr(struct ud_mpg *m, uint32_t d)
{
	/*@ ghost dr_conv(m, m->dr_top); */
	fs_give_dr(m, d);
	/*@ ghost dr_conv(m, m->dr_top); */
}

/* The count stores of drop_chunk and drop_block alone, each with the
 * frame its caller needs stated on the fields: every chunk of every list
 * (ud_pg_chunk, a logic function of the uint16 memory the store writes),
 * the tops, the directory blocks, the owners.  Proved in this small
 * context; in the steps' contexts chunks_kept and the two-state frame
 * predicates across the store timed out (2026-11-28). */
/*@ requires valid: \valid(m);
    requires list: i < UD_PG_NLIST;
    assigns m->list[i].nc;
    ensures nc: m->list[i].nc == v;
    ensures tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 ==>
      m->list[k].top[y] == \old(m->list[k].top[y]);
    ensures nds: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].nd == \old(m->list[k].nd) &&
      (k != i ==> m->list[k].nc == \old(m->list[k].nc));
    ensures dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
      m->dir[x][y] == \old(m->dir[x][y]);
    ensures owners: (\forall integer x; 0 <= x < UD_PG_NCHUNK ==>
        m->ch_list[x] == \old(m->ch_list[x]) && m->ch_q[x] == \old(m->ch_q[x])) &&
      (\forall integer x; 0 <= x < UD_PG_NDIR ==>
        m->dr_list[x] == \old(m->dr_list[x]) && m->dr_q[x] == \old(m->dr_q[x]));
    ensures chunks: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 4096 ==>
      ud_pg_chunk(m, k, y) == \old(ud_pg_chunk(m, k, y));
    ensures drside: ud_pg_drside{Pre, Post}(m);
*/
static void put_nc(struct ud_mpg *m, uint32_t i, uint16_t v)
{
	m->list[i].nc = v;
	/*@ assert w_tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 ==>
	      m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert w_dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
	      m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert w_div: \forall integer y; 0 <= y < 4096 ==> 0 <= y / 64 < 64 && 0 <= y % 64 < 64; */
}

/*@ requires valid: \valid(m);
    requires list: i < UD_PG_NLIST;
    assigns m->list[i].nd;
    ensures nd: m->list[i].nd == v;
    ensures tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 ==>
      m->list[k].top[y] == \old(m->list[k].top[y]);
    ensures ncs: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].nc == \old(m->list[k].nc) &&
      (k != i ==> m->list[k].nd == \old(m->list[k].nd));
    ensures dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
      m->dir[x][y] == \old(m->dir[x][y]);
    ensures owners: (\forall integer x; 0 <= x < UD_PG_NCHUNK ==>
        m->ch_list[x] == \old(m->ch_list[x]) && m->ch_q[x] == \old(m->ch_q[x])) &&
      (\forall integer x; 0 <= x < UD_PG_NDIR ==>
        m->dr_list[x] == \old(m->dr_list[x]) && m->dr_q[x] == \old(m->dr_q[x]));
    ensures chunks: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 4096 ==>
      ud_pg_chunk(m, k, y) == \old(ud_pg_chunk(m, k, y));
*/
static void put_nd(struct ud_mpg *m, uint32_t i, uint16_t v)
{
	m->list[i].nd = v;
	/*@ assert w_tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 ==>
	      m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert w_dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
	      m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert w_div: \forall integer y; 0 <= y < 4096 ==> 0 <= y / 64 < 64 && 0 <= y % 64 < 64; */
}

/* add_block's four stores: block d at position t of list i.  Its
 * contract carries the chunk side's frame as the predicate ud_pg_chside,
 * proved in this small context; with take_dr's, add_block's chside is the
 * two joined, conjunct by conjunct (in add_block's context, with the
 * stores inline, it timed out: the predicate's body must be proved on the
 * memories themselves, where Qed no longer helps). */
/*@ requires valid: \valid(m);
    requires list: i < UD_PG_NLIST && t < 64 && d < UD_PG_NDIR && m->list[i].nc <= 64 * t;
    requires ncs: \forall integer k; 0 <= k < UD_PG_NLIST ==> m->list[k].nc <= 4096;
    requires cells: \forall integer k, q; 0 <= k < UD_PG_NLIST && 0 <= q < m->list[k].nc ==>
      m->list[k].top[q / 64] < UD_PG_NDIR;
    assigns m->dr_list[d], m->dr_q[d], m->list[i].top[t], m->list[i].nd;
    ensures vals: m->list[i].top[t] == d && m->dr_list[d] == i && m->dr_q[d] == t &&
      m->list[i].nd == t + 1;
    ensures tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 && (k != i || y != t) ==>
      m->list[k].top[y] == \old(m->list[k].top[y]);
    ensures counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].nc == \old(m->list[k].nc) && (k != i ==> m->list[k].nd == \old(m->list[k].nd));
    ensures owners: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
      m->dr_list[x] == \old(m->dr_list[x]) && m->dr_q[x] == \old(m->dr_q[x]);
    ensures dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
      m->dir[x][y] == \old(m->dir[x][y]);
    ensures chside: ud_pg_chside{Pre, Post}(m);
*/
static void put_block(struct ud_mpg *m, uint32_t i, uint32_t t, uint32_t d)
{
	m->dr_list[d] = (uint16_t)i;
	m->dr_q[d] = (uint16_t)t;
	m->list[i].top[t] = (uint16_t)d;
	m->list[i].nd = (uint16_t)(t + 1u);
	/*@ assert w_div: \forall integer y; 0 <= y < 4096 ==> 0 <= y / 64 < 64 && 0 <= y % 64 < 64; */
	/*@ assert w_own: \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	      \at(m->ch_list[x], Pre) == m->ch_list[x] && \at(m->ch_q[x], Pre) == m->ch_q[x]; */
	/*@ assert w_nc: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      \at(m->list[k].nc, Pre) == m->list[k].nc; */
	/*@ assert w_chunks: \forall integer k, q; 0 <= k < UD_PG_NLIST && 0 <= q < \at(m->list[k].nc, Pre) ==>
	      \at(ud_pg_chunk(m, k, q), Pre) == ud_pg_chunk(m, k, q); */
}

/* Take a free directory block for position nd of list i. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nd < 64;
    requires room: m->dr_top >= 1;
    assigns m->dr_top, m->dr_list[0 .. UD_PG_NDIR - 1], m->dr_q[0 .. UD_PG_NDIR - 1],
            m->list[i].top[0 .. UD_PG_FAN - 1], m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures grown: m->list[i].nd == \old(m->list[i].nd) + 1;
    ensures room: m->dr_top == \old(m->dr_top) - 1;
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void add_block(struct ud_mpg *m, uint32_t i)
{
	uint32_t t = m->list[i].nd;
	uint32_t d;

	/*@ assert used_blocks: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nd ==> m->list[k].top[y] < UD_PG_NDIR &&
	      m->dr_pos[m->list[k].top[y]] >= m->dr_top; */
	d = take_dr(m);
	/*@ assert fresh: d < UD_PG_NDIR && m->dr_pos[d] < \at(m->dr_top, Pre) &&
	      m->dr_pos[d] >= m->dr_top; */
	/*@ assert others_free: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      (m->dr_pos[x] < m->dr_top <==> \at(m->dr_pos[x] < m->dr_top, Pre)); */
	/*@ assert fresh2: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nd ==> m->list[k].top[y] != d; */
	/*@ assert cells0: ud_pg_use_div(0) && m->list[i].nc <= 64 * t &&
	      (\forall integer k; 0 <= k < UD_PG_NLIST ==> m->list[k].nc <= 4096) &&
	      \forall integer k, q; 0 <= k < UD_PG_NLIST && 0 <= q < m->list[k].nc ==>
	      m->list[k].top[q / 64] < UD_PG_NDIR; */
	put_block(m, i, t, d);
	/*@ assert tops: \forall integer k, integer y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 &&
	      (k != i || y != t) ==> m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre) &&
	      m->list[k].nc == \at(m->list[k].nc, Pre) &&
	      (k != i ==> m->list[k].nd == \at(m->list[k].nd, Pre)); */
	/*@ assert owners: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert dir_same: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
	      m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert below: ud_pg_use_div(0) && \forall integer k, q; 0 <= k < UD_PG_NLIST &&
	      0 <= q < m->list[k].nc ==> q / 64 < \at(m->list[k].nd, Pre); */
	/*@ assert tops_used: \forall integer k, q; 0 <= k < UD_PG_NLIST &&
	      0 <= q < m->list[k].nc ==> m->list[k].top[q / 64] == \at(m->list[k].top[q / 64], Pre); */
	/*@ assert cells: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> \at(m->list[k].top[y / 64], Pre) < UD_PG_NDIR &&
	      0 <= y % 64 < 64 && y / 64 < 64; */
	/*@ assert chunks_kept: \forall integer k, integer q; 0 <= k < UD_PG_NLIST &&
	      0 <= q < \at(m->list[k].nc, Pre) ==> ud_pg_chunk(m, k, q) == \at(ud_pg_chunk(m, k, q), Pre); */
	/*@ assert ch_same: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \at(m->ch_pos[x], Pre) &&
	      m->ch_list[x] == \at(m->ch_list[x], Pre) && m->ch_q[x] == \at(m->ch_q[x], Pre); */
	/*@ assert shape_i: m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
	      m->list[i].npages <= 64 * m->list[i].nc; */
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert nc_same: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      \at(m->list[k].nc, Pre) == m->list[k].nc; */
	/*@ assert chside: ud_pg_chside{Pre, Here}(m); */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert drs_d: m->dr_list[d] == i && m->dr_q[d] == t && t < m->list[i].nd &&
	      m->list[i].top[t] == d; */
	/*@ assert drs_q: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
	      \at(m->dr_list[x], Pre) < UD_PG_NLIST &&
	      \at(m->dr_q[x], Pre) < \at(m->list[m->dr_list[x]].nd, Pre) &&
	      \at(m->list[m->dr_list[x]].top[m->dr_q[x]], Pre) == x; */
	/*@ assert drs_eq: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert drs_h: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_list[x] < UD_PG_NLIST && m->dr_q[x] < 64 &&
	      (m->dr_list[x] != i || m->dr_q[x] != t); */
	/*@ assert drs_top: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
	      m->list[m->dr_list[x]].top[m->dr_q[x]] == x; */
	/*@ assert drs_nd: \forall integer x; 0 <= x < UD_PG_NDIR && x != d && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_q[x] < m->list[m->dr_list[x]].nd; */
	/*@ ghost drs_join(m, i, t, d); */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert p_tb: ud_pg_tights_but(m, i); */
}

/* Take a free chunk for position nc of list i (under its blocks). */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nc < 64 * m->list[i].nd;
    requires room: m->ch_top >= 1;
    assigns m->ch_top, m->ch_list[0 .. UD_PG_NCHUNK - 1], m->ch_q[0 .. UD_PG_NCHUNK - 1],
            m->dir[0 .. UD_PG_NDIR - 1][0 .. UD_PG_FAN - 1], m->list[i].nc;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures grown: m->list[i].nc == \old(m->list[i].nc) + 1;
    ensures room: m->ch_top == \old(m->ch_top) - 1;
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void add_chunk(struct ud_mpg *m, uint32_t i)
{
	uint32_t q = m->list[i].nc;
	uint32_t t = q / 64u;
	uint32_t d = m->list[i].top[t];
	uint32_t c;

	/*@ assert blk: ud_pg_use_div(0) && t < m->list[i].nd && d < UD_PG_NDIR && m->dr_list[d] == i && m->dr_q[d] == t; */
	/*@ assert other_cells: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> y / 64 < m->list[k].nd &&
	      (m->list[k].top[y / 64] != d || y % 64 != q % 64); */
	/*@ assert used_chunks: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) < UD_PG_NCHUNK &&
	      m->ch_pos[ud_pg_chunk(m, k, y)] >= m->ch_top; */
	c = take_ch(m);
	/*@ assert fresh: c < UD_PG_NCHUNK && m->ch_pos[c] < \at(m->ch_top, Pre) &&
	      m->ch_pos[c] >= m->ch_top; */
	/*@ assert others_free: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      (m->ch_pos[x] < m->ch_top <==> \at(m->ch_pos[x] < m->ch_top, Pre)); */
	/*@ assert fresh2: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) != c; */
	m->ch_list[c] = (uint16_t)i;
	m->ch_q[c] = (uint16_t)q;
	m->dir[d][q % 64u] = (uint16_t)c;
	m->list[i].nc = (uint16_t)(q + 1u);
	/*@ assert counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre) &&
	      m->list[k].nd == \at(m->list[k].nd, Pre) &&
	      (k != i ==> m->list[k].nc == \at(m->list[k].nc, Pre)) &&
	      \forall integer y; 0 <= y < 64 ==> m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert owners: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      m->ch_list[x] == \at(m->ch_list[x], Pre) && m->ch_q[x] == \at(m->ch_q[x], Pre); */
	/*@ assert dir_others: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 &&
	      (x != d || y != q % 64) ==> m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert cells: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < \at(m->list[k].nc, Pre) ==> \at(m->list[k].top[y / 64], Pre) < UD_PG_NDIR &&
	      0 <= y % 64 < 64 && y / 64 < 64; */
	/*@ assert chunks_kept: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < \at(m->list[k].nc, Pre) ==>
	      ud_pg_chunk(m, k, y) == \at(ud_pg_chunk(m, k, y), Pre); */
	/*@ assert new_chunk: ud_pg_chunk(m, i, q) == c; */
	/*@ assert dr_same: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \at(m->dr_pos[x], Pre) &&
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert shape_i: m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
	      m->list[i].npages <= 64 * m->list[i].nc; */
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert drside: ud_pg_drside{Pre, Here}(m); */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert p_tb: ud_pg_tights_but(m, i); */
}

/* drop_chunk's two writes, the chunk given back and the count: give_ch
 * and put_nc with their block-side frames (ud_pg_drside) joined here, so
 * drop_chunk's context holds one such predicate, not two (with both, its
 * chunk-side parts still_used, p_lchunks, p_chs timed out, 2026-11-28). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires used: c < UD_PG_NCHUNK && m->ch_pos[c] >= m->ch_top;
    requires list: i < UD_PG_NLIST;
    assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1], m->ch_top,
            m->list[i].nc;
    ensures fs: ud_pg_fs(m);
    ensures freed: m->ch_pos[c] < m->ch_top;
    ensures room: m->ch_top == \old(m->ch_top) + 1;
    ensures others: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
      (m->ch_pos[x] < m->ch_top <==> \old(m->ch_pos[x] < m->ch_top));
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
    ensures nc: m->list[i].nc == v;
    ensures tops: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 64 ==>
      m->list[k].top[y] == \old(m->list[k].top[y]);
    ensures nds: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].nd == \old(m->list[k].nd) &&
      (k != i ==> m->list[k].nc == \old(m->list[k].nc));
    ensures dirs: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
      m->dir[x][y] == \old(m->dir[x][y]);
    ensures owners: (\forall integer x; 0 <= x < UD_PG_NCHUNK ==>
        m->ch_list[x] == \old(m->ch_list[x]) && m->ch_q[x] == \old(m->ch_q[x])) &&
      (\forall integer x; 0 <= x < UD_PG_NDIR ==>
        m->dr_list[x] == \old(m->dr_list[x]) && m->dr_q[x] == \old(m->dr_q[x]));
    ensures chunks: \forall integer k, y; 0 <= k < UD_PG_NLIST && 0 <= y < 4096 ==>
      ud_pg_chunk(m, k, y) == \old(ud_pg_chunk(m, k, y));
    ensures drside: ud_pg_drside{Pre, Post}(m);
*/
static void drop_store(struct ud_mpg *m, uint32_t i, uint32_t c, uint16_t v)
{
	give_ch(m, c);
	put_nc(m, i, v);
}

/* Give back the last chunk of list i; its pages must fit in the others. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nc >= 1 &&
      m->list[i].npages <= 64 * (m->list[i].nc - 1);
    assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1],
            m->ch_top, m->list[i].nc;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures shrunk: m->list[i].nc == \old(m->list[i].nc) - 1;
    ensures room: m->ch_top == \old(m->ch_top) + 1;
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void drop_chunk(struct ud_mpg *m, uint32_t i)
{
	uint32_t q = m->list[i].nc - 1u;
	uint32_t d = m->list[i].top[q / 64u];
	uint32_t c;

	/*@ assert blk: ud_pg_use_div(0) && q / 64 < m->list[i].nd && d < UD_PG_NDIR; */
	c = m->dir[d][q % 64u];
	/*@ assert mine: c == ud_pg_chunk(m, i, q) && c < UD_PG_NCHUNK && m->ch_pos[c] >= m->ch_top &&
	      m->ch_list[c] == i && m->ch_q[c] == q; */
	/*@ assert others_differ: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc && (k != i || y != q) ==> ud_pg_chunk(m, k, y) != c; */
	/*@ assert nc_bound: \forall integer k; 0 <= k < UD_PG_NLIST ==> m->list[k].nc <= 4096; */
	drop_store(m, i, c, (uint16_t)q);
	/*@ assert others_free: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      (m->ch_pos[x] < m->ch_top <==> \at(m->ch_pos[x] < m->ch_top, Pre)); */
	/*@ assert counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre) &&
	      m->list[k].nd == \at(m->list[k].nd, Pre) &&
	      (k != i ==> m->list[k].nc == \at(m->list[k].nc, Pre)) &&
	      \forall integer y; 0 <= y < 64 ==> m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert dir_same: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
	      m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert below: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> y / 64 < m->list[k].nd; */
	/*@ assert cells: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> \at(m->list[k].top[y / 64], Pre) < UD_PG_NDIR &&
	      0 <= y % 64 < 64 && y / 64 < 64; */
	/*@ assert chunks_kept: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) == \at(ud_pg_chunk(m, k, y), Pre); */
	/*@ assert dr_same: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \at(m->dr_pos[x], Pre) &&
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert own_same: \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	      m->ch_list[x] == \at(m->ch_list[x], Pre) && m->ch_q[x] == \at(m->ch_q[x], Pre); */
	/*@ assert shape_i: m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
	      m->list[i].npages <= 64 * m->list[i].nc; */
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert su_pre: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> y < \at(m->list[k].nc, Pre) && (k != i || y != q); */
	/*@ assert su_old: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> \at(ud_pg_chunk(m, k, y), Pre) != c &&
	      \at(ud_pg_chunk(m, k, y), Pre) < UD_PG_NCHUNK &&
	      \at(m->ch_pos[ud_pg_chunk(m, k, y)] >= m->ch_top, Pre); */
	/*@ assert still_used: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) != c &&
	      m->ch_pos[ud_pg_chunk(m, k, y)] >= m->ch_top; */
	/*@ assert own_used: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) < UD_PG_NCHUNK &&
	      m->ch_list[ud_pg_chunk(m, k, y)] == k && m->ch_q[ud_pg_chunk(m, k, y)] == y; */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert drside: ud_pg_drside{Pre, Here}(m); */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_tb: ud_pg_tights_but(m, i); */
}

/* Give back the last directory block of list i; its chunks must fit under
 * the others. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nd >= 1 &&
      m->list[i].nc <= 64 * (m->list[i].nd - 1);
    assigns m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1],
            m->dr_top, m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures shrunk: m->list[i].nd == \old(m->list[i].nd) - 1;
    ensures room: m->dr_top == \old(m->dr_top) + 1;
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void drop_block(struct ud_mpg *m, uint32_t i)
{
	uint32_t t = m->list[i].nd - 1u;
	uint32_t d = m->list[i].top[t];

	/*@ assert mine: d < UD_PG_NDIR && m->dr_pos[d] >= m->dr_top &&
	      m->dr_list[d] == i && m->dr_q[d] == t; */
	/*@ assert others_differ: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nd && (k != i || y != t) ==> m->list[k].top[y] != d; */
	give_dr(m, d);
	/*@ assert others_free: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      (m->dr_pos[x] < m->dr_top <==> \at(m->dr_pos[x] < m->dr_top, Pre)); */
	/*@ assert nc_bound: \forall integer k; 0 <= k < UD_PG_NLIST ==> m->list[k].nc <= 4096; */
	put_nd(m, i, (uint16_t)t);
	/*@ assert counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre) &&
	      m->list[k].nc == \at(m->list[k].nc, Pre) &&
	      (k != i ==> m->list[k].nd == \at(m->list[k].nd, Pre)) &&
	      \forall integer y; 0 <= y < 64 ==> m->list[k].top[y] == \at(m->list[k].top[y], Pre); */
	/*@ assert dir_same: \forall integer x, y; 0 <= x < UD_PG_NDIR && 0 <= y < 64 ==>
	      m->dir[x][y] == \at(m->dir[x][y], Pre); */
	/*@ assert below: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> y / 64 < m->list[k].nd; */
	/*@ assert cells: ud_pg_use_div(0) && \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> \at(m->list[k].top[y / 64], Pre) < UD_PG_NDIR &&
	      0 <= y % 64 < 64 && y / 64 < 64; */
	/*@ assert chunks_kept: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==>
	      ud_pg_chunk(m, k, y) == \at(ud_pg_chunk(m, k, y), Pre); */
	/*@ assert ch_same: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \at(m->ch_pos[x], Pre) &&
	      m->ch_list[x] == \at(m->ch_list[x], Pre) && m->ch_q[x] == \at(m->ch_q[x], Pre); */
	/*@ assert own_same: \forall integer x; 0 <= x < UD_PG_NDIR ==>
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert shape_i: m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
	      m->list[i].npages <= 64 * m->list[i].nc; */
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert blocks_used: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nd ==> m->list[k].top[y] != d &&
	      m->dr_pos[m->list[k].top[y]] >= m->dr_top; */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert lch_used: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < m->list[k].nc ==> ud_pg_chunk(m, k, y) < UD_PG_NCHUNK &&
	      m->ch_pos[ud_pg_chunk(m, k, y)] >= m->ch_top &&
	      m->ch_list[ud_pg_chunk(m, k, y)] == k && m->ch_q[ud_pg_chunk(m, k, y)] == y; */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert d_at: m->list[i].top[t] == d && m->dr_pos[d] < m->dr_top; */
	/*@ assert drs_pre: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      x != d && \at(m->dr_pos[x], Pre) >= \at(m->dr_top, Pre); */
	/*@ assert drs_q: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      \at(m->dr_list[x], Pre) < UD_PG_NLIST &&
	      \at(m->dr_q[x], Pre) < \at(m->list[m->dr_list[x]].nd, Pre) &&
	      \at(m->dr_q[x], Pre) < 64 &&
	      \at(m->list[m->dr_list[x]].top[m->dr_q[x]], Pre) == x; */
	/*@ assert drs_eq: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert drs_h: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_list[x] < UD_PG_NLIST && m->dr_q[x] < 64; */
	/*@ assert drs_top: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      m->list[m->dr_list[x]].top[m->dr_q[x]] == x; */
	/*@ assert drs_nd: \forall integer x; 0 <= x < UD_PG_NDIR && m->dr_pos[x] >= m->dr_top ==>
	      m->dr_q[x] < m->list[m->dr_list[x]].nd; */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_tb: ud_pg_tights_but(m, i); */
}

/* The length store of set_len alone: the pools' free sets kept across it
 * are proved in this small context (in set_len's, fs_both timed out at
 * 15 s: npages and the free sets' arrays share the uint32 memory). */
/*@ requires valid: \valid(m);
    requires fs: ud_pg_fs(m);
    requires list: i < UD_PG_NLIST;
    assigns m->list[i].npages;
    ensures fs: ud_pg_fs(m);
    ensures length: m->list[i].npages == n;
*/
static void set_npages(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	/*@ assert pre_ch: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert pre_dr: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
	m->list[i].npages = n;
	/*@ assert ch_frame: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	      *(&m->ch_perm[0] + x) == \at(*(&m->ch_perm[0] + x), Pre) &&
	      *(&m->ch_pos[0] + x) == \at(*(&m->ch_pos[0] + x), Pre); */
	/*@ assert ch_inv: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert dr_frame: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==>
	      *(&m->dr_perm[0] + x) == \at(*(&m->dr_perm[0] + x), Pre) &&
	      *(&m->dr_pos[0] + x) == \at(*(&m->dr_pos[0] + x), Pre); */
	/*@ assert dr_inv: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
}

/* Set the length of list i within the chunks it holds. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && n <= 64 * m->list[i].nc;
    assigns m->list[i].npages;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures length: m->list[i].npages == n;
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void set_len(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	set_npages(m, i, n);
	/*@ assert counts: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      (k != i ==> m->list[k].npages == \at(m->list[k].npages, Pre)) &&
	      m->list[k].nc == \at(m->list[k].nc, Pre) &&
	      m->list[k].nd == \at(m->list[k].nd, Pre); */
	/*@ assert ch_same: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \at(m->ch_pos[x], Pre) &&
	      m->ch_list[x] == \at(m->ch_list[x], Pre) && m->ch_q[x] == \at(m->ch_q[x], Pre); */
	/*@ assert dr_same: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] == \at(m->dr_pos[x], Pre) &&
	      m->dr_list[x] == \at(m->dr_list[x], Pre) && m->dr_q[x] == \at(m->dr_q[x], Pre); */
	/*@ assert shape_i: m->list[i].nd <= 64 && m->list[i].nc <= 64 * m->list[i].nd &&
	      m->list[i].npages <= 64 * m->list[i].nc; */
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert chside: ud_pg_chside{Pre, Here}(m); */
	/*@ assert drside: ud_pg_drside{Pre, Here}(m); */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert p_tb: ud_pg_tights_but(m, i); */
}

/* free_set's init of the block pool, the chunk pool's free set kept
 * across it (proved here as fs_give_ch does; in ud_mpg_init's context
 * fs_both timed out, 2026-11-28). */
/*@ requires valid: \valid(m);
    requires ch: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top);
    assigns m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1], m->dr_top;
    ensures fs: ud_pg_fs(m);
    ensures all_free: m->dr_top == UD_PG_NDIR &&
      \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] < m->dr_top;
    ensures ch_same: m->ch_top == \old(m->ch_top) &&
      \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] == \old(m->ch_pos[x]);
    ensures lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
      m->list[k].npages == \old(m->list[k].npages);
*/
static void init_dr(struct ud_mpg *m)
{
	/*@ assert pre_other: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	ud_fs_init(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top);
	/*@ assert own_inv: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
	/*@ assert other_frame: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	      *(&m->ch_perm[0] + x) == \at(*(&m->ch_perm[0] + x), Pre) &&
	      *(&m->ch_pos[0] + x) == \at(*(&m->ch_pos[0] + x), Pre); */
	/*@ assert other_inv: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert free_conv: \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] < m->dr_top; */
}

void ud_mpg_init(struct ud_mpg *m)
{
	/*@ loop invariant range: 0 <= i <= UD_PG_NLIST;
	    loop invariant empty: \forall integer k; 0 <= k < i ==>
	      m->list[k].npages == 0 && m->list[k].nc == 0 && m->list[k].nd == 0;
	    loop assigns i, m->list[0 .. UD_PG_NLIST - 1].npages,
	      m->list[0 .. UD_PG_NLIST - 1].nc, m->list[0 .. UD_PG_NLIST - 1].nd;
	    loop variant UD_PG_NLIST - i;
	*/
	for (uint32_t i = 0; i < UD_PG_NLIST; i++) {
		m->list[i].npages = 0;
		m->list[i].nc = 0;
		m->list[i].nd = 0;
	}
	ud_fs_init(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top);
	/*@ assert ch_fs: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert ch_free: \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] < m->ch_top; */
	init_dr(m);
	/*@ assert p_fs: ud_pg_fs(m); */
	/*@ assert dr_free: \forall integer x; 0 <= x < UD_PG_NDIR ==> m->dr_pos[x] < m->dr_top; */
	/*@ assert ch_free2: \forall integer x; 0 <= x < UD_PG_NCHUNK ==> m->ch_pos[x] < m->ch_top; */
	/*@ assert zero: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == 0 && m->list[k].nc == 0 && m->list[k].nd == 0; */
	/*@ assert all_free: m->ch_top == UD_PG_NCHUNK && m->dr_top == UD_PG_NDIR; */
	/*@ assert p_shapes: ud_pg_shapes(m); */
	/*@ assert p_lblocks: ud_pg_lblocks(m); */
	/*@ assert p_lchunks: ud_pg_lchunks(m); */
	/*@ assert p_drs: ud_pg_drs(m); */
	/*@ assert p_chs: ud_pg_chs(m); */
	/*@ assert p_tights: ud_pg_tights(m); */
}

/* add_block and add_chunk with grow's loop-assigns set as their assigns.
 * The directory cells are written in that set as ONE flat range,
 * (&m->dir[0][0])[0 .. UD_PG_NDIR * UD_PG_FAN - 1]: the same cells as
 * m->dir[0 .. UD_PG_NDIR - 1][0 .. UD_PG_FAN - 1] (the rows are
 * contiguous), but WP checks the inclusion of a cell in a 2-D range as
 * an existential over the row (exists r; 64 r <= off <= 64 r + 63), which
 * timed out in grow's context (loop_assigns part1-3, assigns_exit
 * part4-5, sessions 19-23); in the flat range the inclusion is linear and
 * every assigns goal of grow and of these wrappers is Qed (session 24). */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nd < 64;
    requires room: m->dr_top >= 1;
    assigns m->ch_top, m->ch_list[0 .. UD_PG_NCHUNK - 1], m->ch_q[0 .. UD_PG_NCHUNK - 1],
            (&m->dir[0][0])[0 .. UD_PG_NDIR * UD_PG_FAN - 1], m->list[i].nc,
            m->dr_top, m->dr_list[0 .. UD_PG_NDIR - 1], m->dr_q[0 .. UD_PG_NDIR - 1],
            m->list[i].top[0 .. UD_PG_FAN - 1], m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures grown: m->list[i].nd == \old(m->list[i].nd) + 1;
    ensures room: m->dr_top == \old(m->dr_top) - 1;
    ensures same: m->ch_top == \old(m->ch_top) && m->list[i].nc == \old(m->list[i].nc) &&
      m->list[i].npages == \old(m->list[i].npages);
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void grow_block(struct ud_mpg *m, uint32_t i)
{
	add_block(m, i);
}

/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].nc < 64 * m->list[i].nd;
    requires room: m->ch_top >= 1;
    assigns m->ch_top, m->ch_list[0 .. UD_PG_NCHUNK - 1], m->ch_q[0 .. UD_PG_NCHUNK - 1],
            (&m->dir[0][0])[0 .. UD_PG_NDIR * UD_PG_FAN - 1], m->list[i].nc,
            m->dr_top, m->dr_list[0 .. UD_PG_NDIR - 1], m->dr_q[0 .. UD_PG_NDIR - 1],
            m->list[i].top[0 .. UD_PG_FAN - 1], m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures grown: m->list[i].nc == \old(m->list[i].nc) + 1;
    ensures room: m->ch_top == \old(m->ch_top) - 1;
    ensures same: m->dr_top == \old(m->dr_top) && m->list[i].nd == \old(m->list[i].nd) &&
      m->list[i].npages == \old(m->list[i].npages);
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void grow_chunk(struct ud_mpg *m, uint32_t i)
{
	add_chunk(m, i);
}

/* Chunks and blocks for n pages on list i (empty), enough free: the
 * loop of ud_mpg_alloc. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages == 0 &&
      m->list[i].nc == 0 && m->list[i].nd == 0;
    requires n: 1 <= n <= UD_PG_MAXPG;
    requires room: m->ch_top >= ud_pg_nch(n) && m->dr_top >= ud_pg_ndir(n);
    assigns m->ch_top, m->ch_list[0 .. UD_PG_NCHUNK - 1], m->ch_q[0 .. UD_PG_NCHUNK - 1],
            (&m->dir[0][0])[0 .. UD_PG_NDIR * UD_PG_FAN - 1], m->list[i].nc,
            m->dr_top, m->dr_list[0 .. UD_PG_NDIR - 1], m->dr_q[0 .. UD_PG_NDIR - 1],
            m->list[i].top[0 .. UD_PG_FAN - 1], m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures counts: m->list[i].npages == 0 && m->list[i].nc == ud_pg_nch(n) &&
      m->list[i].nd == ud_pg_ndir(n);
    ensures room: m->ch_top == \old(m->ch_top) - ud_pg_nch(n) &&
      m->dr_top == \old(m->dr_top) - ud_pg_ndir(n);
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void grow(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	uint32_t want = nch(n);

	/*@ loop invariant core: ud_pg_core(m);
	    loop invariant tb: ud_pg_tights_but(m, i);
	    loop invariant len: m->list[i].npages == 0;
	    loop invariant nc: m->list[i].nc <= want;
	    loop invariant nd: m->list[i].nd == (m->list[i].nc + 63) / 64;
	    loop invariant chunks: m->ch_top == \at(m->ch_top, Pre) - m->list[i].nc;
	    loop invariant blocks: m->dr_top == \at(m->dr_top, Pre) - m->list[i].nd;
	    loop invariant kept: ud_pg_kept{Pre, Here}(m, i);
	    loop assigns m->ch_top, m->ch_list[0 .. UD_PG_NCHUNK - 1], m->ch_q[0 .. UD_PG_NCHUNK - 1],
            (&m->dir[0][0])[0 .. UD_PG_NDIR * UD_PG_FAN - 1], m->list[i].nc,
            m->dr_top, m->dr_list[0 .. UD_PG_NDIR - 1], m->dr_q[0 .. UD_PG_NDIR - 1],
            m->list[i].top[0 .. UD_PG_FAN - 1], m->list[i].nd;
	    loop variant want - m->list[i].nc;
	*/
	while (m->list[i].nc < want) {
		if (m->list[i].nc % 64u == 0u) {
			/*@ assert need_block: ud_pg_use_div(0) && m->list[i].nd == m->list[i].nc / 64 &&
			      m->list[i].nd < 64 && m->list[i].nd < ud_pg_ndir(n); */
			grow_block(m, i);
		}
		/*@ assert under: ud_pg_use_div(0) && m->list[i].nc < 64 * m->list[i].nd &&
		      m->list[i].nd == m->list[i].nc / 64 + 1; */
		grow_chunk(m, i);
		/*@ assert step: ud_pg_use_div(0) && m->list[i].nd == (m->list[i].nc + 63) / 64; */
	}
}

ud_status ud_mpg_alloc(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	if (m->ch_top < nch(n) || m->dr_top < ndir(n))
		return UD_E_NOSPC;
	/*@ assert empty: ud_pg_tight(m, i) && m->list[i].nc == 0 && m->list[i].nd == 0; */
	/*@ assert tb0: ud_pg_tights_but(m, i); */
	grow(m, i, n);
	/*@ assert fits: ud_pg_use_div(0) && n <= 64 * ud_pg_nch(n); */
	set_len(m, i, n);
	/*@ assert kept: ud_pg_kept{Pre, Here}(m, i); */
	/*@ assert tight_i: ud_pg_tight(m, i); */
	/*@ assert tb1: ud_pg_tights_but(m, i); */
	/*@ assert p_tights: ud_pg_tights(m); */
	/*@ assert o_counts: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre) &&
	      m->list[k].nc == \at(m->list[k].nc, Pre); */
	/*@ assert o_in: ud_pg_use_div(0) && \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= j < \at(m->list[k].npages, Pre) ==> 0 <= j / 64 < \at(m->list[k].nc, Pre); */
	/*@ assert o_chunk: \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= j < \at(m->list[k].npages, Pre) ==>
	      \at(ud_pg_chunk(m, k, j / 64), Pre) == ud_pg_chunk(m, k, j / 64); */
	/*@ assert o_entry: \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= j < \at(m->list[k].npages, Pre) ==>
	      \at(ud_pg_entry(m, k, j), Pre) == ud_pg_entry(m, k, j); */
	/*@ assert others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      ud_pg_same_list{Pre, Here}(m, k); */
	return UD_OK;
}

/* Every chunk and block of list i (length 0) back to the pools: the loop
 * of ud_mpg_free. */
/*@ requires valid: \valid(m);
    requires tb: ud_pg_tights_but(m, i);
    requires core: ud_pg_core(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages == 0;
    assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1],
            m->ch_top, m->list[i].nc,
            m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1],
            m->dr_top, m->list[i].nd;
    ensures tb: ud_pg_tights_but(m, i);
    ensures core: ud_pg_core(m);
    ensures counts: m->list[i].npages == 0 && m->list[i].nc == 0 && m->list[i].nd == 0;
    ensures room: m->ch_top == \old(m->ch_top) + \old(m->list[i].nc) &&
      m->dr_top == \old(m->dr_top) + \old(m->list[i].nd);
    ensures kept: ud_pg_kept{Pre, Post}(m, i);
*/
static void shrink(struct ud_mpg *m, uint32_t i)
{
	/*@ loop invariant core: ud_pg_core(m);
	    loop invariant tb: ud_pg_tights_but(m, i);
	    loop invariant len: m->list[i].npages == 0;
	    loop invariant chunks: m->ch_top == \at(m->ch_top, Pre) + \at(m->list[i].nc, Pre) -
	      m->list[i].nc;
	    loop invariant blocks: m->dr_top == \at(m->dr_top, Pre) + \at(m->list[i].nd, Pre) -
	      m->list[i].nd;
	    loop invariant kept: ud_pg_kept{Pre, Here}(m, i);
	    loop assigns m->ch_perm[0 .. UD_PG_NCHUNK - 1], m->ch_pos[0 .. UD_PG_NCHUNK - 1],
            m->ch_top, m->list[i].nc,
            m->dr_perm[0 .. UD_PG_NDIR - 1], m->dr_pos[0 .. UD_PG_NDIR - 1],
            m->dr_top, m->list[i].nd;
	    loop variant m->list[i].nc + m->list[i].nd;
	*/
	while (m->list[i].nd > 0u) {
		if (m->list[i].nc > 64u * (m->list[i].nd - 1u))
			drop_chunk(m, i);
		else
			drop_block(m, i);
	}
	/*@ assert none: m->list[i].nc == 0; */
}

void ud_mpg_free(struct ud_mpg *m, uint32_t i)
{
	/*@ assert was: ud_pg_tight(m, i); */
	/*@ assert tb0: ud_pg_tights_but(m, i); */
	set_len(m, i, 0);
	shrink(m, i);
	/*@ assert kept: ud_pg_kept{Pre, Here}(m, i); */
	/*@ assert o_len: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre); */
	/*@ assert tight_i: ud_pg_tight(m, i); */
	/*@ assert tb1: ud_pg_tights_but(m, i); */
	/*@ assert p_tights: ud_pg_tights(m); */
	/*@ assert others: ud_pg_use_div(0) && \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      ud_pg_same_list{Pre, Here}(m, k); */
	/*@ assert o_in: ud_pg_use_div(0) && \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= j < \at(m->list[k].npages, Pre) ==> 0 <= j / 64 < \at(m->list[k].nc, Pre); */
	/*@ assert o_entry: \forall integer k, j; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= j < \at(m->list[k].npages, Pre) ==>
	      \at(ud_pg_entry(m, k, j), Pre) == ud_pg_entry(m, k, j); */
}

uint32_t ud_mpg_entry(const struct ud_mpg *m, uint32_t i, uint32_t j)
{
	/*@ assert shape: ud_pg_use_div(0) && j / 64 < m->list[i].nc && j / 4096 == (j / 64) / 64 &&
	      j / 4096 < m->list[i].nd; */
	uint32_t d = m->list[i].top[j / UD_PG_DIRPG];
	/*@ assert block: d < UD_PG_NDIR; */
	uint32_t c = m->dir[d][(j / UD_PG_FAN) % UD_PG_FAN];
	/*@ assert chunk: ud_pg_use_div(0) && c == ud_pg_chunk(m, i, j / 64) && c < UD_PG_NCHUNK &&
	      m->ch_list[c] == i && m->ch_q[c] == j / 64 && m->ch_pos[c] >= m->ch_top; */

	/*@ assert res: ud_pg_use_div(0) && (c * 64 + j % 64) / 64 == c &&
	      (c * 64 + j % 64) % 64 == j % 64 && (j / 64) * 64 + j % 64 == j; */
	return c * UD_PG_FAN + j % UD_PG_FAN;
}
