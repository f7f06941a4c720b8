/* SPDX-License-Identifier: MIT */
/*
 * mr_pages.c -- the page lists of memory regions (src/mr_pages.h).
 *
 * A list grows and shrinks one chunk at a time (append_chunk, drop_chunk),
 * and each step keeps the whole invariant, so building and freeing are
 * loops whose invariant is ud_mpg_inv itself.
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

/* Add one chunk of `add` pages at the end of list i, whose pages so far
 * fill whole chunks; a new directory block when the chunk opens one. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages % 64 == 0;
    requires add: 1 <= add <= 64 && m->list[i].npages + add <= UD_PG_MAXPG;
    requires room: m->ch_top >= 1 && (m->list[i].npages % 4096 == 0 ==> m->dr_top >= 1);
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures grown: m->list[i].npages == \old(m->list[i].npages) + add;
    ensures room: m->ch_top == \old(m->ch_top) - 1 &&
      m->dr_top == \old(m->dr_top) - (\old(m->list[i].npages) % 4096 == 0 ? 1 : 0);
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
*/
static void append_chunk(struct ud_mpg *m, uint32_t i, uint32_t add)
{
	uint32_t np = m->list[i].npages;
	uint32_t q = np / 64u;          /* the new chunk's position       */
	uint32_t t = q / 64u;           /* its directory block's position */
	uint32_t d, c;

	/*@ assert shape: ud_pg_nch(np) == q && ud_pg_nch(np + add) == q + 1 &&
	      ud_pg_ndir(np + add) == ud_pg_ndir(np) + (np % 4096 == 0 ? 1 : 0) &&
	      (q % 64 == 0 <==> np % 4096 == 0) && t < 64 &&
	      (q % 64 == 0 ==> ud_pg_ndir(np) == t) && (q % 64 != 0 ==> ud_pg_ndir(np) == t + 1); */
	/*@ assert mine: ud_pg_list_ok(m, i); */
	/*@ assert used_blocks: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < ud_pg_ndir(m->list[k].npages) ==>
	      m->list[k].top[y] < UD_PG_NDIR && m->dr_pos[m->list[k].top[y]] >= m->dr_top; */
	/*@ assert used_chunks: \forall integer k, integer y; 0 <= k < UD_PG_NLIST &&
	      0 <= y < ud_pg_nch(m->list[k].npages) ==>
	      ud_pg_chunk(m, k, y) < UD_PG_NCHUNK && m->ch_pos[ud_pg_chunk(m, k, y)] >= m->ch_top; */
	if (q % 64u == 0u) {
		d = ud_fs_take(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top);
		/*@ assert fresh: d < UD_PG_NDIR && m->dr_pos[d] < \at(m->dr_top, Pre); */
		/*@ assert fresh2: \forall integer k, integer y; 0 <= k < UD_PG_NLIST && 0 <= y < ud_pg_ndir(m->list[k].npages) ==> m->list[k].top[y] != d; */
		m->dr_list[d] = (uint16_t)i;
		m->dr_q[d] = (uint16_t)t;
		m->list[i].top[t] = (uint16_t)d;
	} else {
		d = m->list[i].top[t];
		/*@ assert owned: d < UD_PG_NDIR && !ud_pg_dr_free(m, d) && m->dr_list[d] == i; */
	}
	/*@ assert blocks_kept: \forall integer x; 0 <= x < UD_PG_NDIR && x != d ==>
	      (ud_pg_dr_free(m, x) <==> \at(ud_pg_dr_free(m, x), Pre)); */
	/*@ assert d_used: !ud_pg_dr_free(m, d) && m->dr_list[d] == i && m->dr_q[d] == t &&
	      m->list[i].top[t] == d; */
	c = ud_fs_take(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top);
	/*@ assert c_fresh: c < UD_PG_NCHUNK && m->ch_pos[c] < \at(m->ch_top, Pre); */
	/*@ assert c_fresh2: \forall integer k, integer y; 0 <= k < UD_PG_NLIST && 0 <= y < ud_pg_nch(m->list[k].npages) ==> ud_pg_chunk(m, k, y) != c; */
	m->ch_list[c] = (uint16_t)i;
	m->ch_q[c] = (uint16_t)q;
	m->dir[d][q % 64u] = (uint16_t)c;
	m->list[i].npages = np + add;
	/*@ assert chunks_kept: \forall integer x; 0 <= x < UD_PG_NCHUNK && x != c ==>
	      (ud_pg_ch_free(m, x) <==> \at(ud_pg_ch_free(m, x), Pre)); */
	/*@ assert other_trees: \forall integer k, integer y; 0 <= k < UD_PG_NLIST && k != i &&
	      0 <= y < ud_pg_nch(m->list[k].npages) ==>
	      ud_pg_chunk(m, k, y) == \at(ud_pg_chunk(m, k, y), Pre); */
	/*@ assert my_tree: \forall integer y; 0 <= y < q ==>
	      ud_pg_chunk(m, i, y) == \at(ud_pg_chunk(m, i, y), Pre); */
	/*@ assert new_chunk: ud_pg_chunk(m, i, q) == c; */
	/*@ assert lists_ok: \forall integer k; 0 <= k < UD_PG_NLIST ==> ud_pg_list_ok(m, k); */
	/*@ assert dr_all: \forall integer x; 0 <= x < UD_PG_NDIR ==> ud_pg_dr_ok(m, x); */
	/*@ assert ch_all: \forall integer x; 0 <= x < UD_PG_NCHUNK ==> ud_pg_ch_ok(m, x); */
}

/* Remove the last chunk of list i (not empty); its directory block too
 * when the chunk was the block's first.  The list keeps whole chunks. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages >= 1;
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures shrunk: m->list[i].npages == (ud_pg_nch(\old(m->list[i].npages)) - 1) * 64;
    ensures room: m->ch_top == \old(m->ch_top) + 1 &&
      m->dr_top == \old(m->dr_top) + ud_pg_ndir(\old(m->list[i].npages)) -
                   ud_pg_ndir(m->list[i].npages);
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
*/
static void drop_chunk(struct ud_mpg *m, uint32_t i)
{
	uint32_t q = nch(m->list[i].npages) - 1u;   /* the last chunk's position */
	uint32_t t = q / 64u;
	uint32_t d = m->list[i].top[t];
	uint32_t c = m->dir[d][q % 64u];

	ud_fs_give(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top, c);
	if (q % 64u == 0u)
		ud_fs_give(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top, d);
	m->list[i].npages = q * 64u;
}

void ud_mpg_init(struct ud_mpg *m)
{
	/*@ loop invariant range: 0 <= i <= UD_PG_NLIST;
	    loop invariant empty: \forall integer k; 0 <= k < i ==> m->list[k].npages == 0;
	    loop assigns i, m->list[0 .. UD_PG_NLIST - 1].npages;
	    loop variant UD_PG_NLIST - i;
	*/
	for (uint32_t i = 0; i < UD_PG_NLIST; i++)
		m->list[i].npages = 0;
	ud_fs_init(m->ch_perm, m->ch_pos, UD_PG_NCHUNK, &m->ch_top);
	/*@ assert fs_ch: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	ud_fs_init(m->dr_perm, m->dr_pos, UD_PG_NDIR, &m->dr_top);
	/*@ assert fs_both: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top) &&
	      ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
	/*@ assert lists: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == 0 && ud_pg_list_ok(m, k); */
	/*@ assert chunks: \forall integer c; 0 <= c < UD_PG_NCHUNK ==>
	      ud_pg_ch_free(m, c) && ud_pg_ch_ok(m, c); */
	/*@ assert blocks: \forall integer d; 0 <= d < UD_PG_NDIR ==>
	      ud_pg_dr_free(m, d) && ud_pg_dr_ok(m, d); */
}

ud_status ud_mpg_alloc(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	uint32_t done = 0;

	if (m->ch_top < nch(n) || m->dr_top < ndir(n))
		return UD_E_NOSPC;
	/*@ loop invariant inv: ud_mpg_inv(m);
	    loop invariant length: m->list[i].npages == done && done <= n;
	    loop invariant whole: done < n ==> done % 64 == 0;
	    loop invariant chunks: m->ch_top == \at(m->ch_top, Pre) - ud_pg_nch(done);
	    loop invariant blocks: m->dr_top == \at(m->dr_top, Pre) - ud_pg_ndir(done);
	    loop invariant others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      ud_pg_same_list{Pre, Here}(m, k);
	    loop invariant entries: \forall integer s; 0 <= s < UD_PG_POOL ==>
	      m->pfn[s] == \at(m->pfn[s], Pre);
	    loop assigns done, *m;
	    loop variant n - done;
	*/
	while (done < n) {
		uint32_t add = n - done < 64u ? n - done : 64u;

		append_chunk(m, i, add);
		done += add;
	}
	return UD_OK;
}

void ud_mpg_free(struct ud_mpg *m, uint32_t i)
{
	/*@ loop invariant inv: ud_mpg_inv(m);
	    loop invariant chunks: m->ch_top == \at(m->ch_top, Pre) +
	      ud_pg_nch(\at(m->list[i].npages, Pre)) - ud_pg_nch(m->list[i].npages);
	    loop invariant blocks: m->dr_top == \at(m->dr_top, Pre) +
	      ud_pg_ndir(\at(m->list[i].npages, Pre)) - ud_pg_ndir(m->list[i].npages);
	    loop invariant others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
	      ud_pg_same_list{Pre, Here}(m, k);
	    loop invariant entries: \forall integer s; 0 <= s < UD_PG_POOL ==>
	      m->pfn[s] == \at(m->pfn[s], Pre);
	    loop assigns *m;
	    loop variant m->list[i].npages;
	*/
	while (m->list[i].npages > 0u)
		drop_chunk(m, i);
}

uint32_t ud_mpg_entry(const struct ud_mpg *m, uint32_t i, uint32_t j)
{
	/*@ assert shape: j / 64 < ud_pg_nch(m->list[i].npages) &&
	      j / 4096 == (j / 64) / 64 && j / 4096 < ud_pg_ndir(m->list[i].npages); */
	/*@ assert mine: ud_pg_list_ok(m, i); */
	uint32_t d = m->list[i].top[j / UD_PG_DIRPG];
	/*@ assert block: d < UD_PG_NDIR; */
	uint32_t c = m->dir[d][(j / UD_PG_FAN) % UD_PG_FAN];
	/*@ assert chunk: c == ud_pg_chunk(m, i, j / 64) && c < UD_PG_NCHUNK &&
	      m->ch_list[c] == i && m->ch_q[c] == j / 64 && !ud_pg_ch_free(m, c); */

	return c * UD_PG_FAN + j % UD_PG_FAN;
}
