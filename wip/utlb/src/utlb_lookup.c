/* SPDX-License-Identifier: MIT */
/*
 * utlb_lookup.c -- the UTLB's user-level library (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB").  Contracts: utlb_lookup.h.
 * Invariant: spec/utlb.acsl (ud_utlb_inv).  Eviction policy: CLOCK over the
 * cap entries, skipping every entry with an outstanding reference
 * (docs/utlb.md, "Eviction").
 */
#include "utlb_lookup.h"

/*@ predicate room{L}(struct ud_utlb_lib *u, integer v) =
      u->l1[v / UD_UTLB_L2_SIZE] != 0 ||
      \exists integer t; 0 <= t < UD_UTLB_POOL && u->leaf_dir[t] == UD_UTLB_NO_LEAF;
*/

/* A free leaf, or UD_UTLB_POOL. */
/*@ requires valid: \valid_read(u);
    assigns \nothing;
    ensures found: \result < UD_UTLB_POOL ==> u->leaf_dir[\result] == UD_UTLB_NO_LEAF;
    ensures none: \result >= UD_UTLB_POOL ==> \result == UD_UTLB_POOL &&
      \forall integer t; 0 <= t < UD_UTLB_POOL ==> u->leaf_dir[t] != UD_UTLB_NO_LEAF;
*/
static uint32_t leaf_alloc_find(const struct ud_utlb_lib *u)
{
	uint32_t t;

	/*@ loop invariant bound: 0 <= t <= UD_UTLB_POOL;
	    loop invariant none: \forall integer a; 0 <= a < t ==> u->leaf_dir[a] != UD_UTLB_NO_LEAF;
	    loop assigns t;
	    loop variant UD_UTLB_POOL - t;
	*/
	for (t = 0; t < UD_UTLB_POOL; t++) {
		if (u->leaf_dir[t] == UD_UTLB_NO_LEAF)
			return t;
	}
	return UD_UTLB_POOL;
}

/*@ requires valid: \valid_read(u);
    requires leaf: t < UD_UTLB_POOL;
    assigns \nothing;
    ensures empty: \result != 0 <==>
      (\forall integer j; 0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t][j] == 0);
*/
static int leaf_empty(const struct ud_utlb_lib *u, uint32_t t)
{
	uint32_t j;

	/*@ loop invariant bound: 0 <= j <= UD_UTLB_L2_SIZE;
	    loop invariant zero: \forall integer b; 0 <= b < j ==> u->l2[t][b] == 0;
	    loop assigns j;
	    loop variant UD_UTLB_L2_SIZE - j;
	*/
	for (j = 0; j < UD_UTLB_L2_SIZE; j++) {
		if (u->l2[t][j] != 0u)
			return 0;
	}
	return 1;
}

/* Record v -> i in the tree (i unused, v absent, a leaf available). */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires page: v < UD_UTLB_VPAGES;
    requires index: i < u->cap && u->used[i] == 0;
    requires absent: ud_utlb_tree(u, v) == 0;
    requires room: room(u, v);
    assigns u->l1[v / UD_UTLB_L2_SIZE],
            u->l2[0 .. UD_UTLB_POOL - 1][v % UD_UTLB_L2_SIZE],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[i], u->vpn_of[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures mapped: u->used[i] == 1 && u->vpn_of[i] == v && ud_utlb_tree(u, v) == i + 1;
    ensures others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != v ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
*/
static void tree_insert(struct ud_utlb_lib *u, uint32_t v, uint32_t i)
{
	uint32_t h = v / UD_UTLB_L2_SIZE;
	uint32_t j = v % UD_UTLB_L2_SIZE;
	uint32_t t = u->l1[h];

	if (t == 0u) {
		uint32_t f = leaf_alloc_find(u);
		/*@ assert have: f < UD_UTLB_POOL; */
		u->leaf_dir[f] = (uint16_t)h;
		u->l1[h] = (uint16_t)(f + 1u);
		t = f + 1u;
	}
	u->l2[t - 1u][j] = (uint16_t)(i + 1u);
	u->vpn_of[i] = v;
	u->used[i] = 1u;
}

/* Forget index i (used, no outstanding reference); free its leaf when it
 * becomes empty. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires index: i < UD_UTLB_ENTRIES && u->used[i] != 0 && u->refs[i] == 0;
    assigns u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1][0 .. UD_UTLB_L2_SIZE - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures removed: u->used[i] == 0 && ud_utlb_tree(u, u->vpn_of[i]) == 0;
    ensures others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != u->vpn_of[i] ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
    ensures room: \forall integer w; 0 <= w < UD_UTLB_VPAGES && \old(room(u, w)) ==>
      room(u, w);
*/
static void tree_remove(struct ud_utlb_lib *u, uint32_t i)
{
	uint32_t w = u->vpn_of[i];
	uint32_t h = w / UD_UTLB_L2_SIZE;
	uint32_t j = w % UD_UTLB_L2_SIZE;
	uint32_t t = (uint32_t)u->l1[h] - 1u;

	u->l2[t][j] = 0u;
	u->used[i] = 0u;
	if (leaf_empty(u, t) != 0) {
		u->l1[h] = 0u;
		u->leaf_dir[t] = UD_UTLB_NO_LEAF;
	}
}

/* The index a miss uses: the first unused one, else the CLOCK victim -- the
 * first entry from the hand with no outstanding reference and a clear
 * reference bit, else (every such bit set: a full sweep clears them) the
 * first from the hand with no outstanding reference.  Read-only; cap when
 * every entry has an outstanding reference. */
/*@ requires valid: \valid_read(u) && \valid_read(c);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    assigns \nothing;
    ensures found: \result < u->cap ==> u->refs[\result] == 0;
    ensures free_first: \result < u->cap && u->used[\result] != 0 ==>
      \forall integer k; 0 <= k < u->cap ==> u->used[k] != 0;
    ensures all_busy: \result >= u->cap ==> \result == u->cap &&
      \forall integer k; 0 <= k < u->cap ==> u->refs[k] != 0;
*/
static uint32_t pick_index(const struct ud_utlb_lib *u, const struct ud_utlb_lib_aux *c)
{
	uint32_t m, k;

	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop invariant none: \forall integer a; 0 <= a < m ==> u->used[a] != 0;
	    loop assigns m;
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		if (u->used[m] == 0u)
			return m;
	}
	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop assigns m, k;
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		k = (c->hand + m) % u->cap;
		if (u->refs[k] == 0u && c->refbit[k] == 0u)
			return k;
	}
	/* The same sweep from the hand with the wrap written out: k is
	 * (hand + m) mod cap, and the entries seen so far are stated without
	 * `%` (a symbolic modulus defeats the provers' case split). */
	k = c->hand;
	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop invariant k: k < u->cap &&
	      (c->hand + m < u->cap ? k == c->hand + m : k == c->hand + m - u->cap);
	    loop invariant none: \forall integer a; 0 <= a < u->cap &&
	      ((c->hand <= a && a < c->hand + m) || a + u->cap < c->hand + m) ==>
	      u->refs[a] != 0;
	    loop assigns m, k;
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		if (u->refs[k] == 0u)
			return k;
		k++;
		if (k == u->cap)
			k = 0;
	}
	return u->cap;
}

/* Move the CLOCK hand past victim v, clearing the reference bits it swept
 * (all of them when the victim itself had its bit set: a full sweep). */
/*@ requires valid: \valid_read(u) && \valid(c);
    requires sep: \separated(u, c);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires victim: v < u->cap;
    assigns c->hand, c->refbit[0 .. UD_UTLB_ENTRIES - 1];
    ensures wf: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures hand: c->hand == (v + 1) % u->cap;
*/
static void clock_advance(const struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			  uint32_t v)
{
	uint32_t m, k;
	uint32_t full = c->refbit[v];

	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop assigns m, k, c->refbit[0 .. UD_UTLB_ENTRIES - 1];
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		k = (c->hand + m) % u->cap;
		if (k == v && full == 0u)
			break;
		if (u->refs[k] == 0u)
			c->refbit[k] = 0u;
	}
	c->hand = (v + 1u) % u->cap;
}

/* Lemma (empty body, proved in its own small context): an empty tree over
 * valid ids is well formed.  In ud_utlb_lib_init's context the same
 * implication, asserted after the parts, timed out. */
/*@ requires ids: u->pid < UD_UTLB_NPROC && 1 <= u->cap <= UD_UTLB_ENTRIES;
    requires l1: \forall integer h; 0 <= h < UD_UTLB_L1_SIZE ==> u->l1[h] == 0;
    requires free: \forall integer t; 0 <= t < UD_UTLB_POOL ==>
      u->leaf_dir[t] == UD_UTLB_NO_LEAF;
    requires l2: \forall integer t, j; 0 <= t < UD_UTLB_POOL &&
      0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t][j] == 0;
    requires used: \forall integer i; 0 <= i < UD_UTLB_ENTRIES ==>
      u->used[i] == 0 && u->refs[i] == 0;
    assigns \nothing;
    ensures wf: ud_utlb_lib_wf(u);
*/
static void lib_empty_wf(const struct ud_utlb_lib *u)
{
	(void)u; /* read by the contract only */
}

/* The scalar fields of a fresh library: ids, CLOCK hand, counters.  n is
 * only read: the helper states that ud_utlb_nic_wf(n) survives the stores
 * to u and c (\separated from n) in its own small context (after the same
 * stores inline in ud_utlb_lib_init, `tab_pinned` timed out). */
/*@ requires valid: \valid(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires nic: ud_utlb_nic_wf(n);
    assigns u->pid, u->cap, c->hand, c->st;
    ensures nic: ud_utlb_nic_wf(n);
    ensures ids: u->pid == pid && u->cap == cap;
    ensures hand: c->hand == 0;
    ensures counters: c->st.hits == 0 && c->st.misses == 0 && c->st.evictions == 0;
*/
static void lib_set_ids(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			const struct ud_utlb_nic *n, uint32_t pid, uint32_t cap)
{
	(void)n; /* read by the contract only */
	u->pid = pid;
	u->cap = cap;
	/*@ assert a_off: ud_utlb_off_wf(n); */
	/*@ assert a_pin: ud_utlb_tab_pinned(n); */
	/*@ assert a_dist: ud_utlb_tab_distinct(n); */
	/*@ assert a_coh: ud_utlb_coherent(n); */
	c->hand = 0u;
	c->st.hits = 0u;
	c->st.misses = 0u;
	c->st.evictions = 0u;
	/*@ assert b_off: ud_utlb_off_wf(n); */
	/*@ assert b_pin: ud_utlb_tab_pinned(n); */
	/*@ assert b_dist: ud_utlb_tab_distinct(n); */
	/*@ assert b_coh: ud_utlb_coherent(n); */
}

ud_status ud_utlb_lib_init(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			   const struct ud_utlb_nic *n, uint32_t pid, uint32_t cap)
{
	uint32_t k, t, j;

	if (pid >= UD_UTLB_NPROC || cap == 0u || cap > UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	/* A fresh table (the driver's open() hands out only empty ones; the
	 * check keeps a stale one from ever being trusted). */
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_ENTRIES;
	    loop invariant fresh: \forall integer a; 0 <= a < k ==> !ud_utlb_installed(n, pid, a);
	    loop assigns k;
	    loop variant UD_UTLB_ENTRIES - k;
	*/
	for (k = 0; k < UD_UTLB_ENTRIES; k++) {
		if (n->tab[pid][k].valid != 0u)
			return UD_E_BUSY;
	}
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_L1_SIZE;
	    loop invariant zero: \forall integer a; 0 <= a < k ==> u->l1[a] == 0;
	    loop assigns k, u->l1[0 .. UD_UTLB_L1_SIZE - 1];
	    loop variant UD_UTLB_L1_SIZE - k;
	*/
	for (k = 0; k < UD_UTLB_L1_SIZE; k++)
		u->l1[k] = 0u;
	/*@ loop invariant bound: 0 <= t <= UD_UTLB_POOL;
	    loop invariant l1: \forall integer a; 0 <= a < UD_UTLB_L1_SIZE ==> u->l1[a] == 0;
	    loop invariant free: \forall integer a; 0 <= a < t ==> u->leaf_dir[a] == UD_UTLB_NO_LEAF;
	    loop invariant zero: \forall integer a, b; 0 <= a < t && 0 <= b < UD_UTLB_L2_SIZE ==>
	      u->l2[a][b] == 0;
	    loop assigns t, j, u->leaf_dir[0 .. UD_UTLB_POOL - 1],
	      u->l2[0 .. UD_UTLB_POOL - 1][0 .. UD_UTLB_L2_SIZE - 1];
	    loop variant UD_UTLB_POOL - t;
	*/
	for (t = 0; t < UD_UTLB_POOL; t++) {
		u->leaf_dir[t] = UD_UTLB_NO_LEAF;
		/*@ loop invariant bound: 0 <= j <= UD_UTLB_L2_SIZE;
		    loop invariant row: \forall integer b; 0 <= b < j ==> u->l2[t][b] == 0;
		    loop invariant zero: \forall integer a, b; 0 <= a < t && 0 <= b < UD_UTLB_L2_SIZE ==>
		      u->l2[a][b] == 0;
		    loop assigns j, u->l2[t][0 .. UD_UTLB_L2_SIZE - 1];
		    loop variant UD_UTLB_L2_SIZE - j;
		*/
		for (j = 0; j < UD_UTLB_L2_SIZE; j++)
			u->l2[t][j] = 0u;
	}
	/*@ assert n_wf0: ud_utlb_nic_wf(n); */
	/* n is not written; the loop carries ud_utlb_nic_wf(n) part by part
	 * across its stores to u and c (the whole predicate after the loop
	 * timed out). */
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_ENTRIES;
	    loop invariant zero: \forall integer a; 0 <= a < k ==>
	      u->used[a] == 0 && u->refs[a] == 0;
	    loop invariant n_off: ud_utlb_off_wf(n);
	    loop invariant n_pin: ud_utlb_tab_pinned(n);
	    loop invariant n_dist: ud_utlb_tab_distinct(n);
	    loop invariant n_coh: ud_utlb_coherent(n);
	    loop assigns k, u->used[0 .. UD_UTLB_ENTRIES - 1], u->refs[0 .. UD_UTLB_ENTRIES - 1],
	      c->refbit[0 .. UD_UTLB_ENTRIES - 1], u->vpn_of[0 .. UD_UTLB_ENTRIES - 1];
	    loop variant UD_UTLB_ENTRIES - k;
	*/
	for (k = 0; k < UD_UTLB_ENTRIES; k++) {
		u->used[k] = 0u;
		u->refs[k] = 0u;
		c->refbit[k] = 0u;
		u->vpn_of[k] = 0u;
	}
	/*@ assert n_wf1: ud_utlb_nic_wf(n); */
	lib_set_ids(u, c, n, pid, cap);
	/* ud_utlb_inv(u, n) in parts: n was not written (lib_set_ids carries
	 * ud_utlb_nic_wf(n) across its stores), u is all empty. */
	/*@ assert n_wf: ud_utlb_nic_wf(n); */
	/*@ assert n_fresh: \forall integer i; 0 <= i < UD_UTLB_ENTRIES ==>
	      !ud_utlb_installed(n, u->pid, i); */
	/*@ assert l_ids: u->pid < UD_UTLB_NPROC && 1 <= u->cap <= UD_UTLB_ENTRIES; */
	/*@ assert l_l1: \forall integer h; 0 <= h < UD_UTLB_L1_SIZE ==> u->l1[h] == 0; */
	/*@ assert l_free: \forall integer t; 0 <= t < UD_UTLB_POOL ==>
	      u->leaf_dir[t] == UD_UTLB_NO_LEAF; */
	/*@ assert l_l2: \forall integer t, j; 0 <= t < UD_UTLB_POOL &&
	      0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t][j] == 0; */
	/*@ assert l_used: \forall integer i; 0 <= i < UD_UTLB_ENTRIES ==>
	      u->used[i] == 0 && u->refs[i] == 0; */
	lib_empty_wf(u);
	/*@ assert l_wf: ud_utlb_lib_wf(u); */
	/*@ assert l_agree: ud_utlb_agree(u, n); */
	return UD_OK;
}

/* The miss path of ud_utlb_get, out of line so that the hit path compiles
 * to a leaf function (no call, no saved registers). */
/*@ requires valid: \valid(u) && \valid(c) && \valid(n) && \valid(a) && \valid(idx);
    requires sep: \separated(u, c, n, a, idx);
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    requires page: v < UD_UTLB_VPAGES;
    requires absent: ud_utlb_tree(u, v) == 0;
    assigns ud_env, ud_utlb_pinned[u->pid][0 .. UD_UTLB_VPAGES - 1],
            n->tab[u->pid][0 .. UD_UTLB_ENTRIES - 1],
            a->seen[u->pid][0 .. UD_UTLB_ENTRIES - 1],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.pins, a->st.unpins,
            u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1][0 .. UD_UTLB_L2_SIZE - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->vpn_of[0 .. UD_UTLB_ENTRIES - 1],
            u->refs[0 .. UD_UTLB_ENTRIES - 1], u->used[0 .. UD_UTLB_ENTRIES - 1],
            c->refbit[0 .. UD_UTLB_ENTRIES - 1], c->hand, c->st, *idx;
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures busy_kept: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
      \old(u->refs[k]) != 0 ==>
      n->tab[u->pid][k] == \old(n->tab[u->pid][k]) && u->used[k] != 0 &&
      u->vpn_of[k] == \old(u->vpn_of[k]) && u->refs[k] >= \old(u->refs[k]);
    ensures status: \result == UD_OK || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures translates: \result == UD_OK ==> *idx < u->cap &&
      ud_utlb_maps(u, n, v, *idx) && u->refs[*idx] == 1;
    ensures unchanged: \result != UD_OK ==>
      (\forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
        u->used[k] == \old(u->used[k]) && u->vpn_of[k] == \old(u->vpn_of[k]) &&
        u->refs[k] == \old(u->refs[k]) &&
        n->tab[u->pid][k] == \old(n->tab[u->pid][k])) &&
      (\forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
        ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w)));
*/
static UD_UTLB_COLD ud_status get_miss(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
				       struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
				       uint32_t v, uint32_t *idx)
{
	uint32_t i;
	ud_status st;

	/* a leaf for v, an index, then the driver call */
	if (u->l1[v / UD_UTLB_L2_SIZE] == 0u && leaf_alloc_find(u) >= UD_UTLB_POOL)
		return UD_E_NOSPC;
	i = pick_index(u, c);
	if (i >= u->cap)
		return UD_E_NOSPC;
	/*@ assert fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, u->pid, k) ==> n->tab[u->pid][k].vpn != v; */
	st = ud_utlb_drv_map(n, a, u->pid, v, i);
	if (st != UD_OK)
		return UD_E_PLATFORM;
	if (u->used[i] != 0u) {
		tree_remove(u, i);
		if (c->st.evictions != UINT64_MAX)
			c->st.evictions++;
		clock_advance(u, c, i);
	}
	tree_insert(u, v, i);
	u->refs[i] = 1u;
	if (c->st.misses != UINT64_MAX)
		c->st.misses++;
	*idx = i;
	return UD_OK;
}

ud_status ud_utlb_get(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		      struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a, uint64_t va,
		      uint32_t *idx)
{
	uint32_t v, t, e;
	ud_status st;

	if (va >= UD_UTLB_VA_LIMIT)
		return UD_E_RANGE;
	v = (uint32_t)(va / UD_PAGE_SIZE);
	/* The hit path: two memory references, l1 then the leaf. */
	t = u->l1[v / UD_UTLB_L2_SIZE];
	if (t != 0u) {
		e = u->l2[t - 1u][v % UD_UTLB_L2_SIZE];
		if (e != 0u) {
			if (u->refs[e - 1u] == UINT32_MAX)
				return UD_E_OVERFLOW;
			u->refs[e - 1u]++;
			if (c->st.hits != UINT64_MAX)
				c->st.hits++;
			*idx = e - 1u;
			/* the postconditions on this path, part by part */
			/*@ assert h_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
			/*@ assert h_lib: ud_utlb_lib_wf(u); */
			/*@ assert h_nic: ud_utlb_nic_wf(n); */
			/*@ assert h_agree: ud_utlb_agree(u, n); */
			/*@ assert h_clock: ud_utlb_clock_wf(u, c); */
			/*@ assert h_iso: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
			      0 <= k < UD_UTLB_ENTRIES ==> n->tab[q][k] == \at(n->tab[q][k], Pre); */
			/*@ assert h_busy: \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
			      u->used[k] == \at(u->used[k], Pre) &&
			      u->vpn_of[k] == \at(u->vpn_of[k], Pre) &&
			      u->refs[k] >= \at(u->refs[k], Pre); */
			return UD_OK;
		}
	}
	st = get_miss(u, c, n, a, v, idx);
	/*@ assert m_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert m_iso: \forall integer q, k; 0 <= q < UD_UTLB_NPROC && q != u->pid &&
	      0 <= k < UD_UTLB_ENTRIES ==> n->tab[q][k] == \at(n->tab[q][k], Pre); */
	return st;
}

ud_status ud_utlb_put(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		      const struct ud_utlb_nic *n, uint32_t idx)
{
	(void)n;
	if (idx >= u->cap)
		return UD_E_RANGE;
	if (u->refs[idx] == 0u)
		return UD_E_STATE;
	u->refs[idx]--;
	c->refbit[idx] = 1u;
	/* ud_utlb_inv part by part, after the last write: one goal for the
	 * whole invariant times out, each part proves on its own
	 * (PROOF_STATUS.md, 2026-11-25). */
	/*@ assert p_lib: ud_utlb_lib_wf(u); */
	/*@ assert p_nic: ud_utlb_nic_wf(n); */
	/*@ assert p_agree: ud_utlb_agree(u, n); */
	return UD_OK;
}

ud_status ud_utlb_evict(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a, uint64_t va)
{
	uint32_t v, t, e;
	ud_status st;

	if (va >= UD_UTLB_VA_LIMIT)
		return UD_E_RANGE;
	v = (uint32_t)(va / UD_PAGE_SIZE);
	t = u->l1[v / UD_UTLB_L2_SIZE];
	if (t == 0u)
		return UD_E_NOENT;
	e = u->l2[t - 1u][v % UD_UTLB_L2_SIZE];
	if (e == 0u)
		return UD_E_NOENT;
	if (u->refs[e - 1u] != 0u)
		return UD_E_BUSY;
	st = ud_utlb_drv_unmap(n, a, u->pid, e - 1u);
	/*@ assert unmapped: st == UD_OK; */
	(void)st;
	tree_remove(u, e - 1u);
	if (c->st.evictions != UINT64_MAX)
		c->st.evictions++;
	return UD_OK;
}
