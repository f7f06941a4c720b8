/* SPDX-License-Identifier: MIT */
/*
 * mr_pin.c -- one pin per listed page entry (src/mr_pin.h).
 *
 * Two facts of one state carry every proof here, both consequences of
 * mr_pages' invariant: a listed entry is the entry of its own (list,
 * page) (ud_pg_listed_at), and the entry of a page of a list is listed,
 * owned by that (list, page) (ud_pg_entry_at).  A list built or freed
 * keeps every other list's pages (mr_pages' others_len, others_at):
 * through the two facts at both states, an entry of another list is
 * listed before iff after (the asserts pre_place .. before_after).
 */
#include "mr_pin.h"

/*@
  axiomatic UdPinPlace {
    // A goal carries these when it names the marker ud_pin_use_place.
    predicate ud_pin_use_place(integer x) = x == x;

    lemma ud_pg_listed_at{L}: \forall struct ud_mpg *m, integer s;
      ud_pg_use_div(0) && ud_mpg_inv(m) && 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) ==>
        0 <= m->ch_list[s / 64] < UD_PG_NLIST &&
        0 <= m->ch_q[s / 64] * 64 + s % 64 < m->list[m->ch_list[s / 64]].npages &&
        ud_pg_entry(m, m->ch_list[s / 64], m->ch_q[s / 64] * 64 + s % 64) == s;

    lemma ud_pg_entry_at{L}: \forall struct ud_mpg *m, integer k, j;
      ud_pg_use_div(0) && ud_mpg_inv(m) && 0 <= k < UD_PG_NLIST && 0 <= j < m->list[k].npages ==>
        0 <= ud_pg_entry(m, k, j) < UD_PG_POOL &&
        ud_pg_listed(m, ud_pg_entry(m, k, j)) &&
        m->ch_list[ud_pg_entry(m, k, j) / 64] == k &&
        m->ch_q[ud_pg_entry(m, k, j) / 64] * 64 + ud_pg_entry(m, k, j) % 64 == j;

  }
*/

/* Store frame pfn in entry e: what the page lists are does not read the
 * entries (ud_mpg_inv and ud_pg_listed stay), but through free_set's
 * pointers the provers see that only with the arrays' frames stated
 * (without them the invariant timed out in ud_mpin_set's context). */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires e: e < UD_PG_POOL;
    assigns m->pfn[e];
    ensures inv: ud_mpg_inv(m);
    ensures stored: m->pfn[e] == v;
    ensures lists: \forall integer s; 0 <= s < UD_PG_POOL ==>
      (ud_pg_listed(m, s) <==> \old(ud_pg_listed(m, s))) &&
      m->ch_list[s / 64] == \old(m->ch_list[s / 64]) && m->ch_q[s / 64] == \old(m->ch_q[s / 64]);
    ensures others: \forall integer s; 0 <= s < UD_PG_POOL && s != e ==> m->pfn[s] == \old(m->pfn[s]);
*/
static void put_pfn(struct ud_mpg *m, uint32_t e, uint32_t v)
{
	m->pfn[e] = v;
	/*@ assert ch_same: m->ch_top == \at(m->ch_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NCHUNK ==>
	        m->ch_perm[x] == \at(m->ch_perm[x], Pre) && m->ch_pos[x] == \at(m->ch_pos[x], Pre); */
	/*@ assert dr_same: m->dr_top == \at(m->dr_top, Pre) &&
	      \forall integer x; 0 <= x < UD_PG_NDIR ==>
	        m->dr_perm[x] == \at(m->dr_perm[x], Pre) && m->dr_pos[x] == \at(m->dr_pos[x], Pre); */
	/*@ assert lens: \forall integer k; 0 <= k < UD_PG_NLIST ==>
	      m->list[k].npages == \at(m->list[k].npages, Pre); */
	/*@ assert ch_fs: ud_fs_inv(&m->ch_perm[0], &m->ch_pos[0], UD_PG_NCHUNK, m->ch_top); */
	/*@ assert dr_fs: ud_fs_inv(&m->dr_perm[0], &m->dr_pos[0], UD_PG_NDIR, m->dr_top); */
}

void ud_mpin_init(struct ud_mpg *m)
{
	ud_mpg_init(m);
	/*@ assert none_listed: \forall integer s; 0 <= s < UD_PG_POOL ==> !ud_pg_listed(m, s); */
}

ud_status ud_mpin_alloc(struct ud_mpg *m, uint32_t i, uint32_t n)
{
	uint32_t nc = (n + 63u) / 64u;

	if (m->ch_top < nc)
		return UD_E_NOSPC;
	if (m->dr_top < (nc + 63u) / 64u)
		return UD_E_NOSPC;
	(void)ud_mpg_alloc(m, i, n);
	/*@ assert not_i: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) ==>
	        \at(m->ch_list[s / 64], Pre) != i; */
	/*@ assert pre_place: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) ==>
	        \let k = \at(m->ch_list[s / 64], Pre); \let p = \at(m->ch_q[s / 64] * 64 + s % 64, Pre);
	        0 <= k < UD_PG_NLIST && k != i && 0 <= p < \at(m->list[k].npages, Pre) &&
	        \at(ud_pg_entry(m, k, p), Pre) == s; */
	/*@ assert pre_moved: ud_pin_use_place(0) && \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) ==>
	        \let k = \at(m->ch_list[s / 64], Pre); \let p = \at(m->ch_q[s / 64] * 64 + s % 64, Pre);
	        p < m->list[k].npages && ud_pg_entry(m, k, p) == s; */
	/*@ assert before_after: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) ==>
	        ud_pg_listed(m, s) && m->ch_list[s / 64] == \at(m->ch_list[s / 64], Pre); */
	/*@ assert post_place: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) && m->ch_list[s / 64] != i ==>
	        \let k = m->ch_list[s / 64]; \let p = m->ch_q[s / 64] * 64 + s % 64;
	        0 <= k < UD_PG_NLIST && 0 <= p < m->list[k].npages && ud_pg_entry(m, k, p) == s; */
	/*@ assert post_moved: ud_pin_use_place(0) && \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) && m->ch_list[s / 64] != i ==>
	        \let k = m->ch_list[s / 64]; \let p = m->ch_q[s / 64] * 64 + s % 64;
	        p < \at(m->list[k].npages, Pre) && \at(ud_pg_entry(m, k, p), Pre) == s; */
	/*@ assert after_before: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) && m->ch_list[s / 64] != i ==>
	        \at(ud_pg_listed(m, s), Pre); */
	return UD_OK;
}

ud_status ud_mpin_set(struct ud_mpg *m, uint32_t i, uint32_t j, uint32_t pfn)
{
	uint32_t e = ud_mpg_entry(m, i, j);

	/*@ assert only_e: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) &&
	        m->ch_list[s / 64] == i && m->ch_q[s / 64] * 64 + s % 64 == j ==> s == e; */
	/*@ assert free: ud_pg_pin_held[e] == 0; */
	if (ud_plat_pg_pin(e, (uint64_t)pfn * 4096u) != UD_OK)
		return UD_E_PLATFORM;
	put_pfn(m, e, pfn);
	return UD_OK;
}

void ud_mpin_unset(struct ud_mpg *m, uint32_t i, uint32_t j)
{
	uint32_t e = ud_mpg_entry(m, i, j);

	/*@ assert only_e: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) &&
	        m->ch_list[s / 64] == i && m->ch_q[s / 64] * 64 + s % 64 == j ==> s == e; */
	/*@ assert held: ud_pg_pin_held[e] == 1 && ud_pg_pin_pa[e] == m->pfn[e] * 4096; */
	ud_plat_pg_unpin(e, (uint64_t)m->pfn[e] * 4096u);
}

void ud_mpin_free(struct ud_mpg *m, uint32_t i)
{
	ud_mpg_free(m, i);
	/*@ assert not_i: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) ==> m->ch_list[s / 64] != i; */
	/*@ assert post_place: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) ==>
	        \let k = m->ch_list[s / 64]; \let p = m->ch_q[s / 64] * 64 + s % 64;
	        0 <= k < UD_PG_NLIST && k != i && 0 <= p < m->list[k].npages && ud_pg_entry(m, k, p) == s; */
	/*@ assert post_moved: ud_pin_use_place(0) && \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) ==>
	        \let k = m->ch_list[s / 64]; \let p = m->ch_q[s / 64] * 64 + s % 64;
	        p < \at(m->list[k].npages, Pre) && \at(ud_pg_entry(m, k, p), Pre) == s; */
	/*@ assert after_before: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && ud_pg_listed(m, s) ==>
	        \at(ud_pg_listed(m, s), Pre) && \at(m->ch_list[s / 64], Pre) != i; */
	/*@ assert pre_place: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) &&
	        \at(m->ch_list[s / 64], Pre) != i ==>
	        \let k = \at(m->ch_list[s / 64], Pre); \let p = \at(m->ch_q[s / 64] * 64 + s % 64, Pre);
	        0 <= k < UD_PG_NLIST && 0 <= p < \at(m->list[k].npages, Pre) &&
	        \at(ud_pg_entry(m, k, p), Pre) == s; */
	/*@ assert pre_moved: ud_pin_use_place(0) && \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) &&
	        \at(m->ch_list[s / 64], Pre) != i ==>
	        \let k = \at(m->ch_list[s / 64], Pre); \let p = \at(m->ch_q[s / 64] * 64 + s % 64, Pre);
	        p < m->list[k].npages && ud_pg_entry(m, k, p) == s; */
	/*@ assert before_after: ud_pg_use_div(0) && ud_pin_use_place(0) &&
	      \forall integer s; 0 <= s < UD_PG_POOL && \at(ud_pg_listed(m, s), Pre) &&
	        \at(m->ch_list[s / 64], Pre) != i ==> ud_pg_listed(m, s); */
}
