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
    ensures cached: \result < UD_UTLB_CACHE_WAYS ==> ud_utlb_cached(n, s, pid, idx);
*/
static uint32_t cache_find(const struct ud_utlb_nic *n, uint32_t s, uint32_t pid,
			   uint32_t idx)
{
	uint32_t w;

	/*@ loop invariant bound: 0 <= w <= UD_UTLB_CACHE_WAYS;
	    loop invariant none: \forall integer k; s * UD_UTLB_CACHE_WAYS <= k < s * UD_UTLB_CACHE_WAYS + w ==>
	      !(n->line[k].valid != 0 && n->line[k].pid == pid && n->line[k].idx == idx);
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
	    loop invariant all_valid: \forall integer k; s * UD_UTLB_CACHE_WAYS <= k < s * UD_UTLB_CACHE_WAYS + w ==>
	      n->line[k].valid != 0;
	    loop invariant least: \forall integer k; s * UD_UTLB_CACHE_WAYS <= k < s * UD_UTLB_CACHE_WAYS + w ==>
	      a->stamp[s * UD_UTLB_CACHE_WAYS + best] <= a->stamp[k];
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

/* Fill way v of set s with the translation of (pid, idx) read from pid's
 * own table: the NIC's only write to its cache lines.  a is only read: the
 * line's valid byte and a->seen share a memory in WP's typed model, so the
 * first-use bit's frame and the counters' (uint64, as a line's ppn) are
 * proved here, in a small context.  One store, with the
 * invariant carried in its own small context (docs/METHOD.md, "one writer
 * function per table entry"). */
/*@ requires valid: \valid(n) && \valid_read(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires set: s < UD_UTLB_CACHE_SETS;
    requires way: v < UD_UTLB_CACHE_WAYS;
    requires entry: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES &&
      ud_utlb_installed(n, pid, idx);
    requires hash: ud_utlb_set(n, pid, idx) == s;
    assigns n->line[s * UD_UTLB_CACHE_WAYS + v];
    ensures wf: ud_utlb_nic_wf(n);
    ensures line: n->line[s * UD_UTLB_CACHE_WAYS + v].valid == 1 &&
      n->line[s * UD_UTLB_CACHE_WAYS + v].pid == pid &&
      n->line[s * UD_UTLB_CACHE_WAYS + v].idx == idx &&
      n->line[s * UD_UTLB_CACHE_WAYS + v].ppn == n->tab[pid][idx].ppn;
    ensures filled: ud_utlb_cached(n, s, pid, idx);
    ensures entry: n->tab[pid][idx] == \old(n->tab[pid][idx]);
    ensures entry_ppn: n->tab[pid][idx].ppn == \old(n->tab[pid][idx].ppn);
    ensures hash: ud_utlb_set(n, pid, idx) == s;
    ensures seen: a->seen[pid][idx] == \old(a->seen[pid][idx]);
    ensures counters: a->st.hits == \old(a->st.hits) &&
      a->st.miss_compulsory == \old(a->st.miss_compulsory) &&
      a->st.miss_conflict == \old(a->st.miss_conflict) &&
      a->st.miss_capacity == \old(a->st.miss_capacity);
*/
static void fill_line(struct ud_utlb_nic *n, const struct ud_utlb_nic_aux *a, uint32_t s,
		      uint32_t v, uint32_t pid, uint32_t idx)
{
	struct ud_utlb_line l;

	(void)a; /* read by the contract only */
	l.ppn = n->tab[pid][idx].ppn;
	l.pid = pid;
	l.idx = idx;
	l.valid = 1u;
	n->line[s * UD_UTLB_CACHE_WAYS + v] = l;
	/*@ assert off: ud_utlb_off_wf(n); */
	/*@ assert pin: ud_utlb_tab_pinned(n); */
	/*@ assert dist: ud_utlb_tab_distinct(n); */
	/*@ assert new_ok: ud_utlb_line_ok(n, s * UD_UTLB_CACHE_WAYS + v); */
	/*@ assert coh: ud_utlb_coherent(n); */
}

/* The bookkeeping of one translation of (pid, idx), in the NIC's own memory
 * a (no translated page depends on it): advance the LRU clock, stamp line j
 * (the way used), update the classifier's shadow (line k holds the entry,
 * or k == LINES: fill the shadow's LRU line with l), count the class c,
 * set the first-use bit.  n is only read: the helper carries
 * ud_utlb_nic_wf(n) across these writes in its own small context, so that
 * its caller crosses one call instead of every store. */
/*@ requires valid: \valid_read(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires line: j < UD_UTLB_CACHE_LINES;
    requires shadow: k <= UD_UTLB_CACHE_LINES;
    requires entry: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
    assigns a->tick, a->stamp[j], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->fa_stamp[0 .. UD_UTLB_CACHE_LINES - 1], a->seen[pid][idx],
            a->st.hits, a->st.miss_compulsory, a->st.miss_capacity,
            a->st.miss_conflict;
    ensures wf: ud_utlb_nic_wf(n);
    ensures entry: n->tab[pid][idx] == \old(n->tab[pid][idx]);
    ensures entry_ppn: n->tab[pid][idx].ppn == \old(n->tab[pid][idx].ppn);
    ensures tick: a->tick == (\old(a->tick) == UINT64_MAX ? UINT64_MAX : \old(a->tick) + 1);
    ensures stamp: a->stamp[j] == a->tick;
    ensures shadow: k < UD_UTLB_CACHE_LINES ==> a->fa_stamp[k] == a->tick;
    ensures hits: c == UD_UTLB_HIT ==> a->st.hits ==
      (\old(a->st.hits) == UINT64_MAX ? UINT64_MAX : \old(a->st.hits) + 1);
    ensures seen: a->seen[pid][idx] == 1;
    ensures cnt_hit: c == UD_UTLB_HIT ==>
      a->st.hits == (\old(a->st.hits) == UINT64_MAX ? \old(a->st.hits) : \old(a->st.hits) + 1) &&
      a->st.miss_compulsory == \old(a->st.miss_compulsory) &&
      a->st.miss_conflict == \old(a->st.miss_conflict) &&
      a->st.miss_capacity == \old(a->st.miss_capacity);
    ensures cnt_compulsory: c == UD_UTLB_MISS_COMPULSORY ==>
      a->st.miss_compulsory == (\old(a->st.miss_compulsory) == UINT64_MAX ?
        \old(a->st.miss_compulsory) : \old(a->st.miss_compulsory) + 1) &&
      a->st.hits == \old(a->st.hits) &&
      a->st.miss_conflict == \old(a->st.miss_conflict) &&
      a->st.miss_capacity == \old(a->st.miss_capacity);
    ensures cnt_conflict: c == UD_UTLB_MISS_CONFLICT ==>
      a->st.miss_conflict == (\old(a->st.miss_conflict) == UINT64_MAX ?
        \old(a->st.miss_conflict) : \old(a->st.miss_conflict) + 1) &&
      a->st.hits == \old(a->st.hits) &&
      a->st.miss_compulsory == \old(a->st.miss_compulsory) &&
      a->st.miss_capacity == \old(a->st.miss_capacity);
    ensures cnt_capacity: c == UD_UTLB_MISS_CAPACITY ==>
      a->st.miss_capacity == (\old(a->st.miss_capacity) == UINT64_MAX ?
        \old(a->st.miss_capacity) : \old(a->st.miss_capacity) + 1) &&
      a->st.hits == \old(a->st.hits) &&
      a->st.miss_compulsory == \old(a->st.miss_compulsory) &&
      a->st.miss_conflict == \old(a->st.miss_conflict);
    ensures fa_holds: (l.valid != 0 && l.pid == pid && l.idx == idx &&
      (k < UD_UTLB_CACHE_LINES ==> \old(a->fa[k].valid) != 0 &&
         \old(a->fa[k].pid) == pid && \old(a->fa[k].idx) == idx)) ==>
      ud_utlb_fa_has(a, pid, idx);
*/
static void account(const struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a, uint32_t j,
		    uint32_t k, uint32_t c, uint32_t pid, uint32_t idx,
		    struct ud_utlb_line l)
{
	(void)n; /* read by the contract only */
	a->seen[pid][idx] = 1u;
	/*@ assert off1: ud_utlb_off_wf(n); */
	/*@ assert pin1: ud_utlb_tab_pinned(n); */
	/*@ assert dist1: ud_utlb_tab_distinct(n); */
	/*@ assert coh1: ud_utlb_coherent(n); */
	if (a->tick != UINT64_MAX)
		a->tick++;
	/*@ assert wf1: ud_utlb_nic_wf(n); */
	if (k < UD_UTLB_CACHE_LINES) {
		a->fa_stamp[k] = a->tick;
		/*@ assert wf_k: ud_utlb_nic_wf(n); */
	} else {
		uint32_t f = fa_victim(a);

		a->fa[f] = l;
		/*@ assert off2: ud_utlb_off_wf(n); */
		/*@ assert pin2: ud_utlb_tab_pinned(n); */
		/*@ assert dist2: ud_utlb_tab_distinct(n); */
		/*@ assert coh2: ud_utlb_coherent(n); */
		/*@ assert wf2: ud_utlb_nic_wf(n); */
		a->fa_stamp[f] = a->tick;
		/*@ assert wf_f: ud_utlb_nic_wf(n); */
	}
	/*@ assert wf3: ud_utlb_nic_wf(n); */
	a->stamp[j] = a->tick;
	if (c == UD_UTLB_HIT) {
		if (a->st.hits != UINT64_MAX)
			a->st.hits++;
	} else if (c == UD_UTLB_MISS_COMPULSORY) {
		if (a->st.miss_compulsory != UINT64_MAX)
			a->st.miss_compulsory++;
	} else if (c == UD_UTLB_MISS_CONFLICT) {
		if (a->st.miss_conflict != UINT64_MAX)
			a->st.miss_conflict++;
	} else {
		if (a->st.miss_capacity != UINT64_MAX)
			a->st.miss_capacity++;
	}
}

/* Hand the translation p and its class c to the caller.  n and a are only
 * read: the helper carries what its caller states about n (the invariant,
 * the used line j of set s, the entry) and a's counters across the two
 * stores in a small context. */
/*@ requires valid: \valid_read(n) && \valid_read(a) && \valid(ppn) && \valid(cls);
    requires sep: \separated(n, a, ppn, cls);
    requires wf: ud_utlb_nic_wf(n);
    requires set: s < UD_UTLB_CACHE_SETS;
    requires way: v < UD_UTLB_CACHE_WAYS;
    requires entry: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
    requires hash: ud_utlb_set(n, pid, idx) == s;
    requires used: n->line[s * UD_UTLB_CACHE_WAYS + v].valid != 0 &&
      n->line[s * UD_UTLB_CACHE_WAYS + v].pid == pid &&
      n->line[s * UD_UTLB_CACHE_WAYS + v].idx == idx;
    assigns *ppn, *cls;
    ensures ppn: *ppn == p;
    ensures cls: *cls == c;
    ensures wf: ud_utlb_nic_wf(n);
    ensures entry: n->tab[pid][idx] == \old(n->tab[pid][idx]);
    ensures entry_ppn: n->tab[pid][idx].ppn == \old(n->tab[pid][idx].ppn);
    ensures filled: ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx);
    ensures counters: a->st.hits == \old(a->st.hits) &&
      a->st.miss_compulsory == \old(a->st.miss_compulsory) &&
      a->st.miss_conflict == \old(a->st.miss_conflict) &&
      a->st.miss_capacity == \old(a->st.miss_capacity);
*/
static void hand_out(const struct ud_utlb_nic *n, const struct ud_utlb_nic_aux *a,
		     uint64_t *ppn, uint32_t *cls,
		     uint64_t p, uint32_t c, uint32_t s, uint32_t v, uint32_t pid,
		     uint32_t idx)
{
	(void)n; /* read by the contract only */
	(void)a;
	(void)s;
	(void)v;
	(void)pid;
	(void)idx;
	*ppn = p;
	*cls = c;
	/*@ assert off: ud_utlb_off_wf(n); */
	/*@ assert pin: ud_utlb_tab_pinned(n); */
	/*@ assert dist: ud_utlb_tab_distinct(n); */
	/*@ assert coh: ud_utlb_coherent(n); */
	/*@ assert hash: ud_utlb_set(n, pid, idx) == s; */
	/*@ assert used: n->line[s * UD_UTLB_CACHE_WAYS + v].valid != 0 &&
	      n->line[s * UD_UTLB_CACHE_WAYS + v].pid == pid &&
	      n->line[s * UD_UTLB_CACHE_WAYS + v].idx == idx; */
}

ud_status ud_utlb_nic_translate(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
				uint32_t pid, uint32_t idx, uint64_t *ppn, uint32_t *cls)
{
	uint32_t s, w, k, c, v;
	uint64_t p;
	struct ud_utlb_line l;

	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	if (n->tab[pid][idx].valid == 0u)
		return UD_E_NOENT;
	s = (idx + n->off[pid]) % UD_UTLB_CACHE_SETS;
	w = cache_find(n, s, pid, idx);
	k = fa_find(a, pid, idx);
	l.ppn = n->tab[pid][idx].ppn;
	l.pid = pid;
	l.idx = idx;
	l.valid = 1u;

	/* Translate and classify, reading only: the cache on a hit, the
	 * process's own table entry on a miss (v: the way to fill). */
	if (w < UD_UTLB_CACHE_WAYS) {
		c = UD_UTLB_HIT;
		p = n->line[s * UD_UTLB_CACHE_WAYS + w].ppn;
		v = w;
	} else {
		if (a->seen[pid][idx] == 0u)
			c = UD_UTLB_MISS_COMPULSORY;
		else if (k < UD_UTLB_CACHE_LINES)
			c = UD_UTLB_MISS_CONFLICT;
		else
			c = UD_UTLB_MISS_CAPACITY;
		v = cache_victim(n, a, s);
		p = l.ppn;
	}
	/*@ assert own: p == n->tab[pid][idx].ppn; */
	/* The class, stated on the state before any write (= Pre). */
	/*@ assert c_hit: c == UD_UTLB_HIT <==>
	      ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx); */
	/*@ assert c_conflict: c == UD_UTLB_MISS_CONFLICT <==>
	      (!ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx) &&
	       a->seen[pid][idx] != 0 && ud_utlb_fa_has(a, pid, idx)); */

	/* The bookkeeping: LRU stamps, the classifier's shadow (it sees every
	 * access, hit or miss), the counters, the first-use bit. */
	account(n, a, s * UD_UTLB_CACHE_WAYS + v, k, c, pid, idx, l);
	/*@ assert counted_a: ud_utlb_counted{Pre, Here}(a, c); */
	/*@ assert own_a: p == n->tab[pid][idx].ppn; */
	/*@ assert tab_a: n->tab[pid][idx] == \at(n->tab[pid][idx], Pre); */
	/*@ assert seen_a: a->seen[pid][idx] == 1; */

	if (w < UD_UTLB_CACHE_WAYS) {
		/*@ assert hit_line: n->line[s * UD_UTLB_CACHE_WAYS + w].valid != 0 &&
		      n->line[s * UD_UTLB_CACHE_WAYS + w].pid == pid &&
		      n->line[s * UD_UTLB_CACHE_WAYS + w].idx == idx; */
	} else {
		/* Miss: fill the LRU way of the set (last: nothing is carried
		 * across the only write to the cache lines). */
		fill_line(n, a, s, v, pid, idx);
		/*@ assert own_f: p == n->tab[pid][idx].ppn; */
		/*@ assert tab_f: n->tab[pid][idx] == \at(n->tab[pid][idx], Pre); */
		/*@ assert seen_f: a->seen[pid][idx] == 1; */
		/*@ assert counted_f: ud_utlb_counted{Pre, Here}(a, c); */
	}
	/*@ assert used_line: n->line[s * UD_UTLB_CACHE_WAYS + v].valid != 0 &&
	      n->line[s * UD_UTLB_CACHE_WAYS + v].pid == pid &&
	      n->line[s * UD_UTLB_CACHE_WAYS + v].idx == idx; */
	/*@ assert own2: p == n->tab[pid][idx].ppn; */
	/*@ assert seen_2: a->seen[pid][idx] == 1; */
	/* The out-parameters last: nothing above is carried across a call
	 * or the bookkeeping's writes after they are set. */
	hand_out(n, a, ppn, cls, p, c, s, v, pid, idx);
	/*@ assert own3: *ppn == n->tab[pid][idx].ppn; */
	/*@ assert tab_h: n->tab[pid][idx] == \at(n->tab[pid][idx], Pre); */
	/*@ assert counted_h: *cls == c && ud_utlb_counted{Pre, Here}(a, c); */
	return UD_OK;
}

void ud_utlb_flight_init(struct ud_utlb_flight *f)
{
	uint32_t p, i;

	/*@ loop invariant bound: 0 <= p <= UD_UTLB_NPROC;
	    loop invariant done: \forall integer q, j; 0 <= q < p &&
	      0 <= j < UD_UTLB_ENTRIES ==> f->busy[q][j] == 0;
	    loop assigns p, i, f->busy[0 .. UD_UTLB_NPROC - 1][0 .. UD_UTLB_ENTRIES - 1];
	    loop variant UD_UTLB_NPROC - p;
	*/
	for (p = 0; p < UD_UTLB_NPROC; p++) {
		/*@ loop invariant bound: 0 <= i <= UD_UTLB_ENTRIES;
		    loop invariant row: \forall integer j; 0 <= j < i ==> f->busy[p][j] == 0;
		    loop invariant done: \forall integer q, j; 0 <= q < p &&
		      0 <= j < UD_UTLB_ENTRIES ==> f->busy[q][j] == 0;
		    loop assigns i, f->busy[p][0 .. UD_UTLB_ENTRIES - 1];
		    loop variant UD_UTLB_ENTRIES - i;
		*/
		for (i = 0; i < UD_UTLB_ENTRIES; i++)
			f->busy[p][i] = 0u;
	}
}

ud_status ud_utlb_nic_begin(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			    struct ud_utlb_flight *f, uint32_t pid, uint32_t idx,
			    uint64_t *ppn, uint32_t *cls)
{
	ud_status r;

	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	if (f->busy[pid][idx] == UD_UTLB_BUSY_MAX)
		return UD_E_OVERFLOW;
	if (n->tab[pid][idx].valid == 0u)
		return UD_E_NOENT;    /* as the translation would: nothing counted */
	r = ud_utlb_nic_translate(n, a, pid, idx, ppn, cls);
	/* installed: the translation's `translate` behaviour, UD_OK */
	/*@ assert t_ok: r == UD_OK; */
	(void)r;
	/*@ assert t_own: *ppn == n->tab[pid][idx].ppn &&
	      n->tab[pid][idx] == \at(n->tab[pid][idx], Pre); */
	/*@ assert t_busy: f->busy[pid][idx] == \at(f->busy[pid][idx], Pre); */
	/* f is an object of its own, and the only uint16_t memory here: the
	 * store leaves n (ud_utlb_nic_wf), a and the out-parameters alone. */
	f->busy[pid][idx] = (uint16_t)(f->busy[pid][idx] + 1u);
	return UD_OK;
}

ud_status ud_utlb_nic_end(struct ud_utlb_flight *f, uint32_t pid, uint32_t idx)
{
	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	if (f->busy[pid][idx] == 0u)
		return UD_E_STATE;
	f->busy[pid][idx] = (uint16_t)(f->busy[pid][idx] - 1u);
	return UD_OK;
}
