/* SPDX-License-Identifier: MIT */
/*
 * utlb_cache.c -- the NIC's translation cache and miss classifier (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB", last paragraph).
 * Contracts: utlb_cache.h.  Invariant: spec/utlb.acsl.
 */
#include "utlb_cache.h"

/* The way of set s holding (pid, idx), or UD_UTLB_CACHE_WAYS. */
/*@ requires valid: \valid_read(n);
    requires set: s < UD_UTLB_CACHE_SETS;
    assigns \nothing;
    ensures found: \result < UD_UTLB_CACHE_WAYS ==> n->line[s * UD_UTLB_CACHE_WAYS + \result].valid != 0 &&
      n->line[s * UD_UTLB_CACHE_WAYS + \result].pid == pid && n->line[s * UD_UTLB_CACHE_WAYS + \result].idx == idx;
    ensures absent: \result >= UD_UTLB_CACHE_WAYS ==>
      \result == UD_UTLB_CACHE_WAYS && !ud_utlb_cached(n, s, pid, idx);
*/
static uint32_t cache_find(const struct ud_utlb_nic *n, uint32_t s, uint32_t pid,
			   uint32_t idx)
{
	uint32_t w;

	/*@ loop invariant bound: 0 <= w <= UD_UTLB_CACHE_WAYS;
	    loop invariant none: \forall integer b; 0 <= b < w ==>
	      !(n->line[s * UD_UTLB_CACHE_WAYS + b].valid != 0 && n->line[s * UD_UTLB_CACHE_WAYS + b].pid == pid && n->line[s * UD_UTLB_CACHE_WAYS + b].idx == idx);
	    loop assigns w;
	    loop variant UD_UTLB_CACHE_WAYS - w;
	*/
	for (w = 0; w < UD_UTLB_CACHE_WAYS; w++) {
		if (n->line[s * UD_UTLB_CACHE_WAYS + w].valid != 0u && n->line[s * UD_UTLB_CACHE_WAYS + w].pid == pid &&
		    n->line[s * UD_UTLB_CACHE_WAYS + w].idx == idx)
			return w;
	}
	return UD_UTLB_CACHE_WAYS;
}

/* The shadow line holding (pid, idx), or UD_UTLB_CACHE_LINES. */
/*@ requires valid: \valid_read(a);
    assigns \nothing;
    ensures found: \result < UD_UTLB_CACHE_LINES ==> a->fa[\result].valid != 0 &&
      a->fa[\result].pid == pid && a->fa[\result].idx == idx;
    ensures absent: \result >= UD_UTLB_CACHE_LINES ==>
      \result == UD_UTLB_CACHE_LINES && !ud_utlb_fa_has(a, pid, idx);
*/
static uint32_t fa_find(const struct ud_utlb_nic_aux *a, uint32_t pid, uint32_t idx)
{
	uint32_t k;

	/*@ loop invariant bound: 0 <= k <= UD_UTLB_CACHE_LINES;
	    loop invariant none: \forall integer b; 0 <= b < k ==>
	      !(a->fa[b].valid != 0 && a->fa[b].pid == pid && a->fa[b].idx == idx);
	    loop assigns k;
	    loop variant UD_UTLB_CACHE_LINES - k;
	*/
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		if (a->fa[k].valid != 0u && a->fa[k].pid == pid && a->fa[k].idx == idx)
			return k;
	}
	return UD_UTLB_CACHE_LINES;
}

/* LRU victim of set s: the first invalid way, else the least recently used
 * (stamps from the bookkeeping a). */
/*@ requires valid: \valid_read(n) && \valid_read(a);
    requires set: s < UD_UTLB_CACHE_SETS;
    assigns \nothing;
    ensures way: \result < UD_UTLB_CACHE_WAYS;
    ensures lru: n->line[s * UD_UTLB_CACHE_WAYS + \result].valid != 0 ==>
      \forall integer b; 0 <= b < UD_UTLB_CACHE_WAYS ==>
        n->line[s * UD_UTLB_CACHE_WAYS + b].valid != 0 && a->stamp[s * UD_UTLB_CACHE_WAYS + \result] <= a->stamp[s * UD_UTLB_CACHE_WAYS + b];
*/
static uint32_t cache_victim(const struct ud_utlb_nic *n, const struct ud_utlb_nic_aux *a,
			     uint32_t s)
{
	uint32_t w, best = 0u;

	/*@ loop invariant bound: 0 <= w <= UD_UTLB_CACHE_WAYS;
	    loop invariant best: 0 <= best < UD_UTLB_CACHE_WAYS;
	    loop invariant all_valid: \forall integer b; 0 <= b < w ==> n->line[s * UD_UTLB_CACHE_WAYS + b].valid != 0;
	    loop invariant least: \forall integer b; 0 <= b < w ==>
	      a->stamp[s * UD_UTLB_CACHE_WAYS + best] <= a->stamp[s * UD_UTLB_CACHE_WAYS + b];
	    loop invariant best_valid: w > 0 ==> n->line[s * UD_UTLB_CACHE_WAYS + best].valid != 0;
	    loop invariant start: w == 0 ==> best == 0;
	    loop assigns w, best;
	    loop variant UD_UTLB_CACHE_WAYS - w;
	*/
	for (w = 0; w < UD_UTLB_CACHE_WAYS; w++) {
		if (n->line[s * UD_UTLB_CACHE_WAYS + w].valid == 0u)
			return w;
		if (a->stamp[s * UD_UTLB_CACHE_WAYS + w] < a->stamp[s * UD_UTLB_CACHE_WAYS + best])
			best = w;
	}
	return best;
}

/* LRU victim of the fully associative shadow. */
/*@ requires valid: \valid_read(a);
    assigns \nothing;
    ensures line: \result < UD_UTLB_CACHE_LINES;
*/
static uint32_t fa_victim(const struct ud_utlb_nic_aux *a)
{
	uint32_t k, best = 0u;

	/*@ loop invariant bound: 0 <= k <= UD_UTLB_CACHE_LINES;
	    loop invariant best: 0 <= best < UD_UTLB_CACHE_LINES;
	    loop assigns k, best;
	    loop variant UD_UTLB_CACHE_LINES - k;
	*/
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		if (a->fa[k].valid == 0u)
			return k;
		if (a->fa_stamp[k] < a->fa_stamp[best])
			best = k;
	}
	return best;
}

ud_status ud_utlb_nic_translate(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
				uint32_t pid, uint32_t idx, uint64_t *ppn, uint32_t *cls)
{
	uint32_t s, w, k, c;
	struct ud_utlb_line l;

	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	if (n->tab[pid][idx].valid == 0u)
		return UD_E_NOENT;
	s = (idx + n->off[pid]) % UD_UTLB_CACHE_SETS;
	w = cache_find(n, s, pid, idx);
	k = fa_find(a, pid, idx);
	if (a->tick != UINT64_MAX)
		a->tick++;
	l.ppn = n->tab[pid][idx].ppn;
	l.pid = pid;
	l.idx = idx;
	l.valid = 1u;

	/* The classifier's shadow sees every access, hit or miss. */
	if (k < UD_UTLB_CACHE_LINES) {
		a->fa_stamp[k] = a->tick;
	} else {
		uint32_t v = fa_victim(a);
		a->fa[v] = l;
		a->fa_stamp[v] = a->tick;
	}

	if (w < UD_UTLB_CACHE_WAYS) {
		a->stamp[s * UD_UTLB_CACHE_WAYS + w] = a->tick;
		*ppn = n->line[s * UD_UTLB_CACHE_WAYS + w].ppn;
		*cls = UD_UTLB_HIT;
		if (a->st.hits != UINT64_MAX)
			a->st.hits++;
	} else {
		uint32_t v;

		if (a->seen[pid][idx] == 0u) {
			c = UD_UTLB_MISS_COMPULSORY;
			if (a->st.miss_compulsory != UINT64_MAX)
				a->st.miss_compulsory++;
		} else if (k < UD_UTLB_CACHE_LINES) {
			c = UD_UTLB_MISS_CONFLICT;
			if (a->st.miss_conflict != UINT64_MAX)
				a->st.miss_conflict++;
		} else {
			c = UD_UTLB_MISS_CAPACITY;
			if (a->st.miss_capacity != UINT64_MAX)
				a->st.miss_capacity++;
		}
		/* Miss: read the process's own table entry, fill the LRU way. */
		v = cache_victim(n, a, s);
		n->line[s * UD_UTLB_CACHE_WAYS + v] = l;
		a->stamp[s * UD_UTLB_CACHE_WAYS + v] = a->tick;
		*ppn = l.ppn;
		*cls = c;
	}
	/*@ assert w_coh: ud_utlb_coherent(n); */
	a->seen[pid][idx] = 1u;
	return UD_OK;
}
