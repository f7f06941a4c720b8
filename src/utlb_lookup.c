/* SPDX-License-Identifier: MIT */
/*
 * utlb_lookup.c -- the UTLB's user-level library (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB").  Contracts: utlb_lookup.h.
 * Invariant: spec/utlb.acsl (ud_utlb_inv).  Eviction policy: CLOCK over the
 * cap entries, skipping every entry with an outstanding reference
 * (docs/utlb.md, "Eviction").
 *
 * WP option: a goal the provers do not settle within the timeout is split
 * by WP's case-split strategy (wp:split) before it counts as failed -- a
 * handful of goals need it, e.g. get_miss's busy_kept, whose post-state
 * joins four return paths (docs/utlb-proof-log.md, session 10).
 */
/* uldma-wp: -wp-auto wp:split */
#include "utlb_lookup.h"

/*@ // Leaf t holds no translation.
    predicate leaf_clear{L}(struct ud_utlb_lib *u, integer t) =
      \forall integer j; 0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t].slot[j] == 0;

    // A slot in use is not in a clear leaf (proved on its own: inside a
    // function's context the provers did not find the case a == t).
    lemma leaf_clear_other{L}: \forall struct ud_utlb_lib *u, integer t, a, b;
      leaf_clear(u, t) && 0 <= b < UD_UTLB_L2_SIZE && u->l2[a].slot[b] != 0 ==> a != t;
*/

/*@ // Two different entries of the NIC tables are disjoint memory.
    lemma entry_separated: \forall struct ud_utlb_nic *n, integer p, k, q, j;
      0 <= p < UD_UTLB_NPROC && 0 <= k < UD_UTLB_ENTRIES &&
      0 <= q < UD_UTLB_NPROC && 0 <= j < UD_UTLB_ENTRIES && (p != q || k != j) ==>
      \separated(&n->tab[p][k], &n->tab[q][j]);
*/

/*@ predicate room{L}(struct ud_utlb_lib *u, integer v) =
      u->l1[v / UD_UTLB_L2_SIZE] != 0 ||
      \exists integer t; 0 <= t < UD_UTLB_POOL && u->leaf_dir[t] == UD_UTLB_LEAF_FREE;
*/

/* A free leaf, or UD_UTLB_POOL. */
/*@ requires valid: \valid_read(u);
    assigns \nothing;
    ensures found: \result < UD_UTLB_POOL ==> u->leaf_dir[\result] == UD_UTLB_LEAF_FREE;
    ensures none: \result >= UD_UTLB_POOL ==> \result == UD_UTLB_POOL &&
      \forall integer t; 0 <= t < UD_UTLB_POOL ==> u->leaf_dir[t] != UD_UTLB_LEAF_FREE;
*/
static uint32_t leaf_alloc_find(const struct ud_utlb_lib *u)
{
	uint32_t t;

	/*@ loop invariant bound: 0 <= t <= UD_UTLB_POOL;
	    loop invariant none: \forall integer a; 0 <= a < t ==> u->leaf_dir[a] != UD_UTLB_LEAF_FREE;
	    loop assigns t;
	    loop variant UD_UTLB_POOL - t;
	*/
	for (t = 0; t < UD_UTLB_POOL; t++) {
		if (u->leaf_dir[t] == UD_UTLB_LEAF_FREE)
			return t;
	}
	return UD_UTLB_POOL;
}

/* Whether page v has room in the tree (room(u, v)): its leaf is attached,
 * or a free leaf is left.  get_miss's first test as one value: written
 * there as `l1 == 0 && no free leaf`, the code after it was reached by two
 * paths and WP's goals carried the rest of the miss path once per path
 * (docs/METHOD.md, "One test per branch"). */
/*@ requires valid: \valid_read(u);
    requires page: v < UD_UTLB_VPAGES;
    assigns \nothing;
    ensures room: \result != 0 <==> room(u, v);
*/
static int leaf_room(const struct ud_utlb_lib *u, uint32_t v)
{
	if (u->l1[v / UD_UTLB_L2_SIZE] != 0)
		return 1;
	return leaf_alloc_find(u) < UD_UTLB_POOL;
}

/*@ requires valid: \valid_read(u);
    requires leaf: t < UD_UTLB_POOL;
    assigns \nothing;
    ensures empty: \result != 0 <==>
      (\forall integer j; 0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t].slot[j] == 0);
*/
static int leaf_empty(const struct ud_utlb_lib *u, uint32_t t)
{
	uint32_t j;

	/*@ loop invariant bound: 0 <= j <= UD_UTLB_L2_SIZE;
	    loop invariant zero: \forall integer b; 0 <= b < j ==> u->l2[t].slot[b] == 0;
	    loop assigns j;
	    loop variant UD_UTLB_L2_SIZE - j;
	*/
	for (j = 0; j < UD_UTLB_L2_SIZE; j++) {
		if (u->l2[t].slot[j] != 0u)
			return 0;
	}
	return 1;
}

/* Attach the free leaf f to the empty l1 slot h.  The tree maps nothing
 * new: a free leaf is all-invalid. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires slot: h < UD_UTLB_L1_SIZE && u->l1[h] == 0;
    requires leaf: f < UD_UTLB_POOL && u->leaf_dir[f] == UD_UTLB_LEAF_FREE;
    assigns u->l1[h], u->leaf_dir[f];
    ensures wf: ud_utlb_lib_wf(u);
    ensures attached: u->l1[h] == f + 1;
    ensures same: \forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
*/
static void leaf_attach(struct ud_utlb_lib *u, uint32_t h, uint32_t f)
{
	/*@ assert zero: \forall integer j; 0 <= j < UD_UTLB_L2_SIZE ==> u->l2[f].slot[j] == 0; */
	/*@ assert not_f: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE && u->l1[g] != 0 ==>
	      u->l1[g] != f + 1; */
	/*@ assert not_h: \forall integer t; 0 <= t < UD_UTLB_POOL &&
	      u->leaf_dir[t] != UD_UTLB_LEAF_FREE ==> u->leaf_dir[t] != h; */
	/*@ assert o_slots: ud_utlb_lib_slots(u); */
	/*@ assert nz: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] != 0 ==> a != f; */
	u->leaf_dir[f] = (int32_t)h;
	u->l1[h] = (int16_t)(f + 1u);
	/*@ assert l2_same: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE ==>
	      u->l2[a].slot[b] == \at(u->l2[a].slot[b], Pre); */
	/*@ assert dir_same: \forall integer a; 0 <= a < UD_UTLB_POOL && a != f ==>
	      u->leaf_dir[a] == \at(u->leaf_dir[a], Pre); */
	/*@ assert l1_same: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE && g != h ==>
	      u->l1[g] == \at(u->l1[g], Pre); */
	/*@ assert s1: \forall integer t, j; 0 <= t < UD_UTLB_POOL && 0 <= j < UD_UTLB_L2_SIZE &&
	      u->l2[t].slot[j] != 0 ==> t != f && u->leaf_dir[t] == \at(u->leaf_dir[t], Pre) &&
	      \at(u->l2[t].slot[j], Pre) != 0; */
	/*@ assert p_slots: ud_utlb_lib_slots(u); */
	/*@ assert same: \forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
	      ud_utlb_tree(u, w) == \at(ud_utlb_tree(u, w), Pre); */
	/*@ assert p_ids: ud_utlb_lib_ids(u); */
	/*@ assert p_l1: ud_utlb_lib_l1(u); */
	/*@ assert p_dir: ud_utlb_lib_dir(u); */
	/*@ assert p_used: ud_utlb_lib_used(u); */
	/*@ assert p_refs: ud_utlb_lib_refs(u); */
}

/* Record v -> i in the slot of v's leaf (attached), i unused, v absent. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires page: v < UD_UTLB_VPAGES;
    requires index: i < u->cap && u->used[i] == 0;
    requires absent: ud_utlb_tree(u, v) == 0;
    requires leaf: u->l1[v / UD_UTLB_L2_SIZE] != 0;
    assigns u->l2[0 .. UD_UTLB_POOL - 1], u->used[i], u->vpn_of[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures mapped: u->used[i] == 1 && u->vpn_of[i] == v && ud_utlb_tree(u, v) == i + 1;
    ensures others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != v ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
*/
static void slot_set(struct ud_utlb_lib *u, uint32_t v, uint32_t i)
{
	uint32_t h = v / UD_UTLB_L2_SIZE;
	uint32_t j = v % UD_UTLB_L2_SIZE;
	uint32_t t = (uint32_t)u->l1[h] - 1u;

	/*@ assert dir: t < UD_UTLB_POOL && u->leaf_dir[t] == h; */
	/*@ assert v_dec: v == h * UD_UTLB_L2_SIZE + j && j < UD_UTLB_L2_SIZE; */
	/*@ assert empty: u->l2[t].slot[j] == 0; */
	/*@ assert fresh: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE ==>
	      u->l2[a].slot[b] != i + 1; */
	/*@ assert split: \forall integer w; 0 <= w < UD_UTLB_VPAGES &&
	      w / UD_UTLB_L2_SIZE == h && w % UD_UTLB_L2_SIZE == j ==> w == v; */
	u->l2[t].slot[j] = (uint16_t)(i + 1u);
	u->vpn_of[i] = v;
	u->used[i] = 1;
	/*@ assert l1_same: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE ==>
	      u->l1[g] == \at(u->l1[g], Pre); */
	/*@ assert dir_same: \forall integer a; 0 <= a < UD_UTLB_POOL ==>
	      u->leaf_dir[a] == \at(u->leaf_dir[a], Pre); */
	/*@ assert l2_other: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      (a != t || b != j) ==> u->l2[a].slot[b] == \at(u->l2[a].slot[b], Pre); */
	/*@ assert idx_other: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
	      u->used[k] == \at(u->used[k], Pre) && u->vpn_of[k] == \at(u->vpn_of[k], Pre); */
	/*@ assert here: ud_utlb_tree(u, v) == i + 1; */
	/*@ assert others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != v ==>
	      ud_utlb_tree(u, w) == \at(ud_utlb_tree(u, w), Pre); */
	/*@ assert p_ids: ud_utlb_lib_ids(u); */
	/*@ assert p_l1: ud_utlb_lib_l1(u); */
	/*@ assert p_dir: ud_utlb_lib_dir(u); */
	/*@ assert n_one: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] == i + 1 ==> a == t && b == j; */
	/*@ assert n_new: u->l2[t].slot[j] == i + 1 && u->used[i] == 1 &&
	      u->vpn_of[i] == u->leaf_dir[t] * UD_UTLB_L2_SIZE + j; */
	/*@ assert n_old: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] != 0 && u->l2[a].slot[b] != i + 1 ==>
	      u->l2[a].slot[b] <= u->cap && u->used[u->l2[a].slot[b] - 1] != 0 &&
	      u->vpn_of[u->l2[a].slot[b] - 1] == u->leaf_dir[a] * UD_UTLB_L2_SIZE + b; */
	/*@ assert n_all: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] == i + 1 ==>
	      u->l2[a].slot[b] <= u->cap && u->used[u->l2[a].slot[b] - 1] != 0 &&
	      u->vpn_of[u->l2[a].slot[b] - 1] == u->leaf_dir[a] * UD_UTLB_L2_SIZE + b; */
	/*@ assert p_slots: ud_utlb_lib_slots(u); */
	/*@ assert p_used: ud_utlb_lib_used(u); */
	/*@ assert p_refs: ud_utlb_lib_refs(u); */
}

/* Record v -> i in the tree (i unused, v absent, a leaf available). */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires page: v < UD_UTLB_VPAGES;
    requires index: i < u->cap && u->used[i] == 0;
    requires absent: ud_utlb_tree(u, v) == 0;
    requires room: room(u, v);
    assigns u->l1[v / UD_UTLB_L2_SIZE],
            u->l2[0 .. UD_UTLB_POOL - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[i], u->vpn_of[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures mapped: u->used[i] == 1 && u->vpn_of[i] == v && ud_utlb_tree(u, v) == i + 1;
    ensures others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != v ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
*/
static void tree_insert(struct ud_utlb_lib *u, uint32_t v, uint32_t i)
{
	uint32_t h = v / UD_UTLB_L2_SIZE;

	if (u->l1[h] == 0) {
		uint32_t f = leaf_alloc_find(u);
		/*@ assert have: f < UD_UTLB_POOL; */
		leaf_attach(u, h, f);
	}
	/*@ assert mid: \forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
	      ud_utlb_tree(u, w) == \at(ud_utlb_tree(u, w), Pre); */
	slot_set(u, v, i);
}

/* Clear index i's slot (i used, no outstanding reference).  A slot holding
 * i + 1 is unique: it is the one for vpn_of[i]. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires index: i < UD_UTLB_ENTRIES && u->used[i] != 0 && u->refs[i] == 0;
    assigns u->l2[0 .. UD_UTLB_POOL - 1], u->used[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures removed: u->used[i] == 0 && ud_utlb_tree(u, u->vpn_of[i]) == 0;
    ensures others: \forall integer w; 0 <= w < UD_UTLB_VPAGES && w != u->vpn_of[i] ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
    ensures leaf: u->l1[u->vpn_of[i] / UD_UTLB_L2_SIZE] != 0;
*/
static void slot_clear(struct ud_utlb_lib *u, uint32_t i)
{
	uint32_t w = (uint32_t)u->vpn_of[i];
	uint32_t h = w / UD_UTLB_L2_SIZE;
	uint32_t j = w % UD_UTLB_L2_SIZE;
	uint32_t t = (uint32_t)u->l1[h] - 1u;

	/*@ assert s_l1: ud_utlb_lib_l1(u); */
	/*@ assert s_dir: ud_utlb_lib_dir(u); */
	/*@ assert s_part: ud_utlb_lib_slots(u); */
	/*@ assert s_used: ud_utlb_lib_used(u); */
	/*@ assert w_is: 0 <= u->vpn_of[i] < UD_UTLB_VPAGES && w == u->vpn_of[i]; */
	/*@ assert at: t < UD_UTLB_POOL && u->l2[t].slot[j] == i + 1 && u->leaf_dir[t] == h; */
	/*@ assert w_dec: w == h * UD_UTLB_L2_SIZE + j && j < UD_UTLB_L2_SIZE; */
	/*@ assert u1: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] == i + 1 ==> u->leaf_dir[a] * UD_UTLB_L2_SIZE + b == w; */
	/*@ assert u2: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] == i + 1 ==> u->leaf_dir[a] == h && b == j; */
	/*@ assert uniq: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] == i + 1 ==> a == t && b == j; */
	/*@ assert split: \forall integer x; 0 <= x < UD_UTLB_VPAGES &&
	      x / UD_UTLB_L2_SIZE == h && x % UD_UTLB_L2_SIZE == j ==> x == w; */
	u->l2[t].slot[j] = 0u;
	u->used[i] = 0;
	/*@ assert l1_same: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE ==>
	      u->l1[g] == \at(u->l1[g], Pre); */
	/*@ assert dir_same: \forall integer a; 0 <= a < UD_UTLB_POOL ==>
	      u->leaf_dir[a] == \at(u->leaf_dir[a], Pre); */
	/*@ assert l2_other: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      (a != t || b != j) ==> u->l2[a].slot[b] == \at(u->l2[a].slot[b], Pre); */
	/*@ assert idx_other: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
	      u->used[k] == \at(u->used[k], Pre); */
	/*@ assert here: ud_utlb_tree(u, w) == 0; */
	/*@ assert others: \forall integer x; 0 <= x < UD_UTLB_VPAGES && x != w ==>
	      ud_utlb_tree(u, x) == \at(ud_utlb_tree(u, x), Pre); */
	/*@ assert p_ids: ud_utlb_lib_ids(u); */
	/*@ assert p_l1: ud_utlb_lib_l1(u); */
	/*@ assert p_dir: ud_utlb_lib_dir(u); */
	/*@ assert c_old: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[b] != 0 ==> u->l2[a].slot[b] == \at(u->l2[a].slot[b], Pre) &&
	      u->l2[a].slot[b] != i + 1; */
	/*@ assert p_slots: ud_utlb_lib_slots(u); */
	/*@ assert p_used: ud_utlb_lib_used(u); */
	/*@ assert p_refs: ud_utlb_lib_refs(u); */
}

/* Detach the empty leaf t from l1 slot h, freeing it. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires slot: h < UD_UTLB_L1_SIZE && t < UD_UTLB_POOL && u->l1[h] == t + 1;
    requires empty: \forall integer j; 0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t].slot[j] == 0;
    assigns u->l1[h], u->leaf_dir[t];
    ensures wf: ud_utlb_lib_wf(u);
    ensures freed: u->leaf_dir[t] == UD_UTLB_LEAF_FREE;
    ensures same: \forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
      ud_utlb_tree(u, w) == \old(ud_utlb_tree(u, w));
*/
static void leaf_detach(struct ud_utlb_lib *u, uint32_t h, uint32_t t)
{
	/*@ assert dir: u->leaf_dir[t] == h; */
	/*@ assert only_h: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE && g != h ==>
	      u->l1[g] != t + 1; */
	/*@ assert only_t: \forall integer a; 0 <= a < UD_UTLB_POOL && a != t ==>
	      u->leaf_dir[a] != h; */
	/*@ assert o_slots: ud_utlb_lib_slots(u); */
	/*@ assert clear: leaf_clear(u, t); */
	u->l1[h] = 0;
	u->leaf_dir[t] = UD_UTLB_LEAF_FREE;
	/*@ assert l2_same: \forall integer a, b; 0 <= a < UD_UTLB_POOL && 0 <= b < UD_UTLB_L2_SIZE ==>
	      u->l2[a].slot[b] == \at(u->l2[a].slot[b], Pre); */
	/*@ assert dir_same: \forall integer a; 0 <= a < UD_UTLB_POOL && a != t ==>
	      u->leaf_dir[a] == \at(u->leaf_dir[a], Pre); */
	/*@ assert l1_same: \forall integer g; 0 <= g < UD_UTLB_L1_SIZE && g != h ==>
	      u->l1[g] == \at(u->l1[g], Pre); */
	/*@ assert s2: \forall integer a, j; 0 <= a < UD_UTLB_POOL && 0 <= j < UD_UTLB_L2_SIZE &&
	      u->l2[a].slot[j] != 0 ==> u->leaf_dir[a] == \at(u->leaf_dir[a], Pre); */
	/*@ assert p_slots: ud_utlb_lib_slots(u); */
	/*@ assert same: \forall integer w; 0 <= w < UD_UTLB_VPAGES ==>
	      ud_utlb_tree(u, w) == \at(ud_utlb_tree(u, w), Pre); */
	/*@ assert p_ids: ud_utlb_lib_ids(u); */
	/*@ assert p_l1: ud_utlb_lib_l1(u); */
	/*@ assert p_dir: ud_utlb_lib_dir(u); */
	/*@ assert p_used: ud_utlb_lib_used(u); */
	/*@ assert p_refs: ud_utlb_lib_refs(u); */
}

/* Forget index i (used, no outstanding reference); free its leaf when it
 * becomes empty. */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires index: i < UD_UTLB_ENTRIES && u->used[i] != 0 && u->refs[i] == 0;
    assigns u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1],
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
	uint32_t w = (uint32_t)u->vpn_of[i];
	uint32_t h = w / UD_UTLB_L2_SIZE;

	slot_clear(u, i);
	/*@ assert c_room: \forall integer x; 0 <= x < UD_UTLB_VPAGES &&
	      \at(room(u, x), Pre) ==> room(u, x); */
	{
		uint32_t t = (uint32_t)u->l1[h] - 1u;

		/*@ assert c_leaf: t < UD_UTLB_POOL && u->l1[h] == t + 1; */
		if (leaf_empty(u, t) != 0) {
			leaf_detach(u, h, t);
			/*@ assert d_room: \forall integer x; 0 <= x < UD_UTLB_VPAGES ==> room(u, x); */
		}
	}
}

/* The index a miss uses: the first unused one, else the CLOCK victim -- the
 * first entry from the hand with no outstanding reference and a clear
 * reference bit, else (every such bit set: a full sweep clears them) the
 * first from the hand with no outstanding reference.  Read-only; cap when
 * every entry has an outstanding reference.  The sweeps from the hand
 * write the wrap out: k is (hand + m) mod cap, stated without `%` (a
 * symbolic modulus defeats the provers' case split). */
/*@ requires valid: \valid_read(u) && \valid_read(c);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    assigns \nothing;
    ensures found: \result < u->cap ==> u->refs[\result] == 0;
    ensures free_first: \result < u->cap && u->used[\result] != 0 ==>
      \forall integer k; 0 <= k < u->cap ==> u->used[k] != 0;
    ensures pick: \result < u->cap ==> ud_utlb_clock_pick(u, c, \result);
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
		if (u->used[m] == 0)
			return m;
	}
	/*@ assert all_used: \forall integer a; 0 <= a < u->cap ==> u->used[a] != 0; */
	k = c->hand;
	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop invariant k: k < u->cap &&
	      (c->hand + m < u->cap ? k == c->hand + m : k == c->hand + m - u->cap);
	    loop invariant k_pos: m < u->cap ==> ud_utlb_clock_pos(c->hand, u->cap, k) == m;
	    loop invariant none: \forall integer a; 0 <= a < u->cap &&
	      ud_utlb_clock_pos(c->hand, u->cap, a) < m ==>
	      u->refs[a] != 0 || c->refbit[a] != 0;
	    loop assigns m, k;
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		if (u->refs[k] == 0 && c->refbit[k] == 0u)
			return k;
		k++;
		if (k == u->cap)
			k = 0;
	}
	/*@ assert all_set: \forall integer a; 0 <= a < u->cap && u->refs[a] == 0 ==>
	      c->refbit[a] != 0; */
	k = c->hand;
	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop invariant k: k < u->cap &&
	      (c->hand + m < u->cap ? k == c->hand + m : k == c->hand + m - u->cap);
	    loop invariant k_pos: m < u->cap ==> ud_utlb_clock_pos(c->hand, u->cap, k) == m;
	    loop invariant none: \forall integer a; 0 <= a < u->cap &&
	      ud_utlb_clock_pos(c->hand, u->cap, a) < m ==> u->refs[a] != 0;
	    loop assigns m, k;
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		if (u->refs[k] == 0)
			return k;
		k++;
		if (k == u->cap)
			k = 0;
	}
	return u->cap;
}

/* Move the CLOCK hand past victim v, clearing the reference bit of every
 * entry it passes over (from the hand up to v; every entry, v included,
 * when v's own bit was set: a full sweep).  The wrap is written out as in
 * pick_index. */
/*@ requires valid: \valid_read(u) && \valid(c);
    requires sep: \separated(u, c);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires victim: v < u->cap;
    assigns c->hand, c->refbit[0 .. UD_UTLB_ENTRIES - 1];
    ensures wf: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures hand: c->hand == (v + 1) % u->cap;
    ensures swept: ud_utlb_clock_swept{Pre, Here}(u, c, v);
*/
static void clock_advance(const struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			  uint32_t v)
{
	uint32_t m, k;
	uint32_t full = c->refbit[v];

	k = c->hand;
	/*@ loop invariant bound: 0 <= m <= u->cap;
	    loop invariant k: k < u->cap &&
	      (c->hand + m < u->cap ? k == c->hand + m : k == c->hand + m - u->cap);
	    loop invariant k_pos: m < u->cap ==> ud_utlb_clock_pos(c->hand, u->cap, k) == m;
	    loop invariant stop: full == 0 ==> m <= ud_utlb_clock_pos(c->hand, u->cap, v);
	    loop invariant bits: \forall integer a; 0 <= a < UD_UTLB_ENTRIES ==>
	      c->refbit[a] == (a < u->cap && ud_utlb_clock_pos(c->hand, u->cap, a) < m ?
	        0 : \at(c->refbit[a], Pre));
	    loop assigns m, k, c->refbit[0 .. UD_UTLB_ENTRIES - 1];
	    loop variant u->cap - m;
	*/
	for (m = 0; m < u->cap; m++) {
		if (k == v && full == 0u)
			break;
		c->refbit[k] = 0u;
		k++;
		if (k == u->cap)
			k = 0;
	}
	/*@ assert s_pos: full == 0 ==> m == ud_utlb_clock_pos(c->hand, u->cap, v); */
	/*@ assert s_full: full != 0 ==> m == u->cap; */
	c->hand = (v + 1u) % u->cap;
}

/* Lemma (empty body, proved in its own small context): an empty tree over
 * valid ids is well formed.  In ud_utlb_lib_init's context the same
 * implication, asserted after the parts, timed out. */
/*@ requires ids: u->pid < UD_UTLB_NPROC && 1 <= u->cap <= UD_UTLB_ENTRIES;
    requires l1: \forall integer h; 0 <= h < UD_UTLB_L1_SIZE ==> u->l1[h] == 0;
    requires free: \forall integer t; 0 <= t < UD_UTLB_POOL ==>
      u->leaf_dir[t] == UD_UTLB_LEAF_FREE;
    requires l2: \forall integer t, j; 0 <= t < UD_UTLB_POOL &&
      0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t].slot[j] == 0;
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
		u->l1[k] = 0;
	/*@ loop invariant bound: 0 <= t <= UD_UTLB_POOL;
	    loop invariant l1: \forall integer a; 0 <= a < UD_UTLB_L1_SIZE ==> u->l1[a] == 0;
	    loop invariant free: \forall integer a; 0 <= a < t ==> u->leaf_dir[a] == UD_UTLB_LEAF_FREE;
	    loop invariant zero: \forall integer a, b; 0 <= a < t && 0 <= b < UD_UTLB_L2_SIZE ==>
	      u->l2[a].slot[b] == 0;
	    loop assigns t, j, u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->l2[0 .. UD_UTLB_POOL - 1];
	    loop variant UD_UTLB_POOL - t;
	*/
	for (t = 0; t < UD_UTLB_POOL; t++) {
		u->leaf_dir[t] = UD_UTLB_LEAF_FREE;
		/*@ loop invariant bound: 0 <= j <= UD_UTLB_L2_SIZE;
		    loop invariant row: \forall integer b; 0 <= b < j ==> u->l2[t].slot[b] == 0;
		    loop invariant zero: \forall integer a, b; 0 <= a < t && 0 <= b < UD_UTLB_L2_SIZE ==>
		      u->l2[a].slot[b] == 0;
		    loop assigns j, u->l2[t].slot[0 .. UD_UTLB_L2_SIZE - 1];
		    loop variant UD_UTLB_L2_SIZE - j;
		*/
		for (j = 0; j < UD_UTLB_L2_SIZE; j++)
			u->l2[t].slot[j] = 0u;
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
		u->used[k] = 0;
		u->refs[k] = 0;
		c->refbit[k] = 0u;
		u->vpn_of[k] = 0;
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
	      u->leaf_dir[t] == UD_UTLB_LEAF_FREE; */
	/*@ assert l_l2: \forall integer t, j; 0 <= t < UD_UTLB_POOL &&
	      0 <= j < UD_UTLB_L2_SIZE ==> u->l2[t].slot[j] == 0; */
	/*@ assert l_used: \forall integer i; 0 <= i < UD_UTLB_ENTRIES ==>
	      u->used[i] == 0 && u->refs[i] == 0; */
	lib_empty_wf(u);
	/*@ assert l_wf: ud_utlb_lib_wf(u); */
	/*@ assert l_agree: ud_utlb_agree(u, n); */
	return UD_OK;
}

/*@ // Tree and table agree at every index but i (the one a miss is
    // re-installing): the part of ud_utlb_agree the driver call keeps.
    predicate agree_but{L}(struct ud_utlb_lib *u, struct ud_utlb_nic *n, integer i) =
      \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
        (ud_utlb_installed(n, u->pid, k) <==> u->used[k] != 0) &&
        (u->used[k] != 0 ==> n->tab[u->pid][k].vpn == u->vpn_of[k]);
*/

/* The NIC-side facts a miss carries across the library's stores: n's
 * invariant, the tree/table agreement at every index but i, and the new
 * translation at i.  (n is only read; the stores to u land in memories of
 * other C types than n's fields (utlb.h), the stores to c do not, hence
 * the helpers below state these facts in their own small contexts.) */
/*@ predicate nic_kept{L}(struct ud_utlb_lib *u, struct ud_utlb_nic *n, integer v,
                          integer i) =
      ud_utlb_off_wf(n) && ud_utlb_tab_pinned(n) && ud_utlb_tab_distinct(n) &&
      ud_utlb_coherent(n) && agree_but(u, n, i) &&
      ud_utlb_installed(n, u->pid, i) && n->tab[u->pid][i].vpn == v &&
      ud_utlb_pinned[u->pid][v] == 1;
*/

/* Count an eviction and move the CLOCK hand past the victim i. */
/*@ requires valid: \valid_read(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires victim: i < u->cap;
    requires kept: nic_kept(u, n, v, i);
    assigns c->hand, c->refbit[0 .. UD_UTLB_ENTRIES - 1], c->st.evictions;
    ensures wf: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures kept: nic_kept(u, n, v, i);
    ensures evictions: c->st.evictions == (\old(c->st.evictions) == UINT64_MAX ?
      \old(c->st.evictions) : \old(c->st.evictions) + 1);
    ensures swept: ud_utlb_clock_swept{Pre, Here}(u, c, i);
*/
static void clock_count(const struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			const struct ud_utlb_nic *n, uint32_t v, uint32_t i)
{
	(void)n; (void)v; /* read by the contract only */
	if (c->st.evictions != UINT64_MAX)
		c->st.evictions++;
	/*@ assert e_off: ud_utlb_off_wf(n); */
	/*@ assert e_pin: ud_utlb_tab_pinned(n); */
	/*@ assert e_dist: ud_utlb_tab_distinct(n); */
	/*@ assert e_coh: ud_utlb_coherent(n); */
	/*@ assert e_but: agree_but(u, n, i); */
	/*@ assert e_kept: nic_kept(u, n, v, i); */
	clock_advance(u, c, i);
	/*@ assert a_off: ud_utlb_off_wf(n); */
	/*@ assert a_pin: ud_utlb_tab_pinned(n); */
	/*@ assert a_dist: ud_utlb_tab_distinct(n); */
	/*@ assert a_coh: ud_utlb_coherent(n); */
	/*@ assert a_but: agree_but(u, n, i); */
}

/* Forget the page index i held (a CLOCK victim, no outstanding reference)
 * before it is reused for v: tree, CLOCK hand, eviction counter.  The
 * driver has already replaced the table entry. */
/*@ requires valid: \valid(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires index: i < u->cap && u->used[i] != 0 && u->refs[i] == 0;
    requires page: v < UD_UTLB_VPAGES;
    requires absent: ud_utlb_tree(u, v) == 0;
    requires room: room(u, v);
    requires kept: nic_kept(u, n, v, i);
    assigns u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[i],
            c->hand, c->refbit[0 .. UD_UTLB_ENTRIES - 1], c->st.evictions;
    ensures wf: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures freed: u->used[i] == 0;
    ensures absent: ud_utlb_tree(u, v) == 0;
    ensures room: room(u, v);
    ensures kept: nic_kept(u, n, v, i);
    ensures evictions: c->st.evictions == (\old(c->st.evictions) == UINT64_MAX ?
      \old(c->st.evictions) : \old(c->st.evictions) + 1);
    ensures swept: ud_utlb_clock_swept{Pre, Here}(u, c, i);
*/
static void drop_old(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		     const struct ud_utlb_nic *n, uint32_t v, uint32_t i)
{
	tree_remove(u, i);
	/*@ assert r_kept: nic_kept(u, n, v, i); */
	/*@ assert r_clock: ud_utlb_clock_same{Pre, Here}(c) && u->cap == \at(u->cap, Pre); */
	clock_count(u, c, n, v, i);
}

/* Count a lookup and hand out its index: the last stores of ud_utlb_get,
 * on the hit path (ctr == &c->st.hits) and on the miss path (ctr ==
 * &c->st.misses).  Both stores land in memories of n's C types (uint64,
 * uint32): n and u are only read, and the facts the caller needs are
 * stated here, in a small context. */
/*@ requires valid: \valid_read(u) && \valid(c) && \valid_read(n) && \valid(idx);
    requires sep: \separated(u, c, n, idx);
    requires ctr: ctr == &c->st.hits || ctr == &c->st.misses;
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    requires maps: ud_utlb_maps(u, n, v, i);
    assigns *ctr, *idx;
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures maps: ud_utlb_maps(u, n, v, i);
    ensures ids: u->pid == \old(u->pid) && u->cap == \old(u->cap);
    ensures tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC && 0 <= k < UD_UTLB_ENTRIES ==>
      n->tab[q][k] == \old(n->tab[q][k]);
    ensures index: *idx == i;
    ensures counted: *ctr == (\old(*ctr) == UINT64_MAX ? \old(*ctr) : \old(*ctr) + 1);
*/
static void count_hand(const struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		       const struct ud_utlb_nic *n, uint32_t v, uint32_t i, uint32_t *idx,
		       uint64_t *ctr)
{
	(void)u; (void)c; (void)n; (void)v; /* read by the contract only */
	if (*ctr != UINT64_MAX)
		(*ctr)++;
	/*@ assert m_lib: ud_utlb_lib_wf(u); */
	/*@ assert m_off: ud_utlb_off_wf(n); */
	/*@ assert m_pin: ud_utlb_tab_pinned(n); */
	/*@ assert m_dist: ud_utlb_tab_distinct(n); */
	/*@ assert m_coh: ud_utlb_coherent(n); */
	/*@ assert m_agree: ud_utlb_agree(u, n); */
	/*@ assert m_maps: ud_utlb_maps(u, n, v, i); */
	/*@ assert m_clock: ud_utlb_clock_wf(u, c); */
	*idx = i;
	/*@ assert i_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert i_tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC && 0 <= k < UD_UTLB_ENTRIES ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	/*@ assert i_lib: ud_utlb_lib_wf(u); */
	/*@ assert i_off: ud_utlb_off_wf(n); */
	/*@ assert i_pin: ud_utlb_tab_pinned(n); */
	/*@ assert i_dist: ud_utlb_tab_distinct(n); */
	/*@ assert i_coh: ud_utlb_coherent(n); */
	/*@ assert i_agree: ud_utlb_agree(u, n); */
	/*@ assert i_maps: ud_utlb_maps(u, n, v, i); */
	/*@ assert i_clock: ud_utlb_clock_wf(u, c); */
}

/* The first outstanding reference to the index a miss just recorded.
 * (refs shares its memory with leaf_dir, utlb.h: the invariant's parts
 * are carried across the store here, in a small context.) */
/*@ requires valid: \valid(u);
    requires wf: ud_utlb_lib_wf(u);
    requires index: i < UD_UTLB_ENTRIES && u->used[i] != 0 && u->refs[i] == 0;
    assigns u->refs[i];
    ensures wf: ud_utlb_lib_wf(u);
    ensures ref: u->refs[i] == 1;
*/
static void take_ref(struct ud_utlb_lib *u, uint32_t i)
{
	u->refs[i] = 1;
	/*@ assert r_ids: ud_utlb_lib_ids(u); */
	/*@ assert r_l1: ud_utlb_lib_l1(u); */
	/*@ assert r_dir: ud_utlb_lib_dir(u); */
	/*@ assert r_slots: ud_utlb_lib_slots(u); */
	/*@ assert r_used: ud_utlb_lib_used(u); */
	/*@ assert r_refs: ud_utlb_lib_refs(u); */
}

/* The library's half of a miss, after the driver installed v at index i:
 * drop what i held (if anything), record v -> i, take the caller's
 * reference, count the miss.  n is only read: the helper carries the
 * invariant's parts over n across its stores to u and c in a small
 * context. */
/*@ requires valid: \valid(u) && \valid(c) && \valid_read(n) && \valid(idx);
    requires sep: \separated(u, c, n, idx);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires nic: ud_utlb_nic_wf(n);
    requires page: v < UD_UTLB_VPAGES;
    requires absent: ud_utlb_tree(u, v) == 0;
    requires room: room(u, v);
    requires index: i < u->cap && u->refs[i] == 0;
    requires others: agree_but(u, n, i);
    requires new: ud_utlb_installed(n, u->pid, i) && n->tab[u->pid][i].vpn == v &&
      ud_utlb_pinned[u->pid][v] == 1;
    assigns u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[i], u->vpn_of[i], u->refs[i],
            c->hand, c->refbit[0 .. UD_UTLB_ENTRIES - 1], c->st.evictions, c->st.misses, *idx;
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures maps: ud_utlb_maps(u, n, v, i) && u->refs[i] == 1;
    ensures index: *idx == i;
    ensures ids: u->pid == \old(u->pid) && u->cap == \old(u->cap);
    ensures tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC && 0 <= k < UD_UTLB_ENTRIES ==>
      n->tab[q][k] == \old(n->tab[q][k]);
    ensures kept: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
      u->used[k] == \old(u->used[k]);
    ensures clock_moved: \old(u->used[i]) != 0 ==> ud_utlb_clock_swept{Pre, Here}(u, c, i);
    ensures clock_kept: \old(u->used[i]) == 0 ==> ud_utlb_clock_same{Pre, Here}(c);
    ensures hits: c->st.hits == \old(c->st.hits);
    ensures misses: c->st.misses == ud_utlb_sat_inc(\old(c->st.misses));
    ensures evictions: c->st.evictions == (\old(u->used[i]) != 0 ?
      ud_utlb_sat_inc(\old(c->st.evictions)) : \old(c->st.evictions));
*/
static void miss_record(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			const struct ud_utlb_nic *n, uint32_t v, uint32_t i, uint32_t *idx)
{
	/*@ assert k0: nic_kept(u, n, v, i); */
	if (u->used[i] != 0) {
		drop_old(u, c, n, v, i);
		/*@ assert d_swept: ud_utlb_clock_swept{Pre, Here}(u, c, i); */
	}
	/*@ assert d_ev: c->st.hits == \at(c->st.hits, Pre) &&
	      c->st.misses == \at(c->st.misses, Pre) &&
	      c->st.evictions == (\at(u->used[i], Pre) != 0 ?
	        ud_utlb_sat_inc(\at(c->st.evictions, Pre)) : \at(c->st.evictions, Pre)); */
	/*@ assert d_clock: (\at(u->used[i], Pre) != 0 ==> ud_utlb_clock_swept{Pre, Here}(u, c, i)) &&
	      (\at(u->used[i], Pre) == 0 ==> ud_utlb_clock_same{Pre, Here}(c)); */
	/*@ assert d_free: u->used[i] == 0; */
	/*@ assert d_kept: nic_kept(u, n, v, i); */
	tree_insert(u, v, i);
	/*@ assert t_nic: ud_utlb_off_wf(n) && ud_utlb_tab_pinned(n) &&
	      ud_utlb_tab_distinct(n) && ud_utlb_coherent(n); */
	/*@ assert t_idx: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
	      u->used[k] == \at(u->used[k], Pre) && u->vpn_of[k] == \at(u->vpn_of[k], Pre); */
	/*@ assert t_but: agree_but(u, n, i); */
	/*@ assert t_new: ud_utlb_installed(n, u->pid, i) && n->tab[u->pid][i].vpn == v &&
	      ud_utlb_pinned[u->pid][v] == 1; */
	/*@ assert t_kept: nic_kept(u, n, v, i); */
	/*@ assert t_lib: ud_utlb_lib_wf(u); */
	take_ref(u, i);
	/*@ assert r_kept: nic_kept(u, n, v, i); */
	/*@ assert r_lib: ud_utlb_lib_wf(u); */
	/*@ assert r_agree: ud_utlb_agree(u, n); */
	/*@ assert r_maps: ud_utlb_maps(u, n, v, i); */
	/*@ assert r_clock: ud_utlb_clock_wf(u, c); */
	/*@ assert r_moved: (\at(u->used[i], Pre) != 0 ==> ud_utlb_clock_swept{Pre, Here}(u, c, i)) &&
	      (\at(u->used[i], Pre) == 0 ==> ud_utlb_clock_same{Pre, Here}(c)); */
	count_hand(u, c, n, v, i, idx, &c->st.misses);
}

/* The driver call of a miss: pin v and install it at index i of u's
 * table.  u and c are only read: the helper states, in its own small
 * context, that the library's state survives the call (the call writes
 * NIC memory of the same C types as u->pid, u->cap and c->hand). */
/*@ requires valid: \valid_read(u) && \valid_read(c) && \valid(n) && \valid(a);
    requires sep: \separated(u, c, n, a);
    requires flight: \valid_read(f) && \separated(f, n) && \separated(f, a);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires nic: ud_utlb_nic_wf(n);
    requires page: v < UD_UTLB_VPAGES;
    requires index: i < u->cap;
    requires fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
      ud_utlb_installed(n, u->pid, k) ==> n->tab[u->pid][k].vpn != v;
    requires idle_i: ud_utlb_installed(n, u->pid, i) ==> f->busy[u->pid][i] == 0;
    assigns ud_env, ud_utlb_pinned[u->pid][v], ud_utlb_frame[u->pid][v],
            ud_utlb_pinned[u->pid][n->tab[u->pid][i].vpn],
            n->tab[u->pid][i], a->seen[u->pid][i],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.pins, a->st.unpins;
    ensures ids: u->pid == \old(u->pid) && u->cap == \old(u->cap);
    ensures lib: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures nic: ud_utlb_nic_wf(n);
    ensures others: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
      0 <= k < UD_UTLB_ENTRIES && (q != u->pid || k != i) ==>
      n->tab[q][k] == \old(n->tab[q][k]);
    ensures status: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures installed: \result == UD_OK ==> ud_utlb_installed(n, u->pid, i) &&
      n->tab[u->pid][i].vpn == v && ud_utlb_pinned[u->pid][v] == 1;
    ensures unchanged: \result != UD_OK ==> n->tab[u->pid][i] == \old(n->tab[u->pid][i]);
    ensures clock_same: ud_utlb_clock_same{Pre, Here}(c);
    ensures pins: a->st.pins == (\result == UD_OK ?
      ud_utlb_sat_inc(\old(a->st.pins)) : \old(a->st.pins));
    ensures unpins: (\result == UD_OK && \old(ud_utlb_installed(n, u->pid, i)) ==>
        a->st.unpins == ud_utlb_sat_inc(\old(a->st.unpins))) &&
      (!(\result == UD_OK && \old(ud_utlb_installed(n, u->pid, i))) ==>
        a->st.unpins == \old(a->st.unpins));
*/
static ud_status miss_map(const struct ud_utlb_lib *u, const struct ud_utlb_lib_aux *c,
			  struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			  const struct ud_utlb_flight *f, uint32_t v, uint32_t i)
{
	ud_status st;

	(void)c; /* read by the contract only */
	st = ud_utlb_drv_map(n, a, f, u->pid, v, i);
	/*@ assert m_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert m_hand: c->hand == \at(c->hand, Pre); */
	/*@ assert m_bits: \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
	      c->refbit[k] == \at(c->refbit[k], Pre); */
	/*@ assert m_rows: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && q != u->pid ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	/*@ assert m_row: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
	      n->tab[u->pid][k] == \at(n->tab[u->pid][k], Pre); */
	/*@ assert m_others: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != u->pid || k != i) ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	return st == UD_OK ? UD_OK : UD_E_PLATFORM;
}

/* The miss path of ud_utlb_get, out of line so that the hit path compiles
 * to a leaf function (no call, no saved registers): choose an index, ask
 * the driver to pin v and install it there, then record it
 * (miss_record).  Nothing is written before the driver call succeeds. */
/*@ requires valid: \valid(u) && \valid(c) && \valid(n) && \valid(a) && \valid(idx);
    requires sep: \separated(u, c, n, a, idx);
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    requires flight: \valid_read(f) && \separated(f, u) && \separated(f, c) &&
      \separated(f, n) && \separated(f, a) && \separated(f, idx);
    requires idle: ud_utlb_idle(u, f);
    requires page: v < UD_UTLB_VPAGES;
    requires absent: ud_utlb_tree(u, v) == 0;
    assigns ud_env, ud_utlb_pinned[u->pid][0 .. UD_UTLB_VPAGES - 1],
            ud_utlb_frame[u->pid][0 .. UD_UTLB_VPAGES - 1],
            n->tab[u->pid][0 .. UD_UTLB_ENTRIES - 1],
            a->seen[u->pid][0 .. UD_UTLB_ENTRIES - 1],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.pins, a->st.unpins, *u, *c, *idx;
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures ids: u->pid == \old(u->pid) && u->cap == \old(u->cap);
    ensures isolation: \forall integer q, k; 0 <= q < UD_UTLB_NPROC && q != u->pid &&
      0 <= k < UD_UTLB_ENTRIES ==> n->tab[q][k] == \old(n->tab[q][k]);
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
    ensures clock_order: \result == UD_OK ==> ud_utlb_clock_step{Pre, Here}(u, c, *idx);
    ensures clock_kept: \result != UD_OK ==> ud_utlb_clock_same{Pre, Here}(c);
    ensures hits_kept: c->st.hits == \old(c->st.hits);
    ensures misses_counted: \result == UD_OK ==>
      c->st.misses == ud_utlb_sat_inc(\old(c->st.misses));
    ensures evictions_counted: \result == UD_OK ==> (\let i = *idx;
      c->st.evictions == (\old(u->used[i]) != 0 ?
        ud_utlb_sat_inc(\old(c->st.evictions)) : \old(c->st.evictions)));
    ensures pins_counted: \result == UD_OK ==>
      a->st.pins == ud_utlb_sat_inc(\old(a->st.pins));
    ensures unpins_counted: \result == UD_OK ==> (\let i = *idx;
      a->st.unpins == (\old(u->used[i]) != 0 ?
        ud_utlb_sat_inc(\old(a->st.unpins)) : \old(a->st.unpins)));
    ensures counters_kept: \result != UD_OK ==>
      c->st.misses == \old(c->st.misses) && c->st.evictions == \old(c->st.evictions) &&
      a->st.pins == \old(a->st.pins) && a->st.unpins == \old(a->st.unpins);
*/
static UD_UTLB_COLD ud_status get_miss(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
				       struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
				       const struct ud_utlb_flight *f, uint32_t v,
				       uint32_t *idx)
{
	uint32_t i;
	ud_status st;

	/* a leaf for v, an index, then the driver call */
	if (leaf_room(u, v) == 0)
		return UD_E_NOSPC; /* nothing written */
	/*@ assert room: room(u, v); */
	i = pick_index(u, c);
	/*@ assert k_pick: i < u->cap ==> ud_utlb_clock_pick(u, c, i); */
	if (i >= u->cap) {
		/*@ assert n_busy: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
		      \at(u->refs[k], Pre) != 0 ==>
		      n->tab[u->pid][k] == \at(n->tab[u->pid][k], Pre) && u->used[k] != 0; */
		return UD_E_NOSPC;
	}
	/*@ assert fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, u->pid, k) ==> n->tab[u->pid][k].vpn != v; */
	/*@ assert g_inst: ud_utlb_installed(n, u->pid, i) <==> u->used[i] != 0; */
	/* A victim has no outstanding reference, so no DMA in flight (idle) */
	/*@ assert g_idle: ud_utlb_installed(n, u->pid, i) ==> u->refs[i] == 0 &&
	      f->busy[u->pid][i] == 0; */
	st = miss_map(u, c, n, a, f, v, i);
	if (st != UD_OK) {
		/*@ assert f_tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
		      0 <= k < UD_UTLB_ENTRIES ==> n->tab[q][k] == \at(n->tab[q][k], Pre); */
		/*@ assert f_u: u->pid == \at(u->pid, Pre) && \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
		      u->used[k] == \at(u->used[k], Pre) && u->vpn_of[k] == \at(u->vpn_of[k], Pre); */
		/*@ assert f_pre: ud_utlb_agree{Pre}(u, n); */
		/*@ assert f_agree: ud_utlb_agree(u, n); */
		/*@ assert f_inv: ud_utlb_inv(u, n); */
		/*@ assert f_busy: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
		      \at(u->refs[k], Pre) != 0 ==>
		      n->tab[u->pid][k] == \at(n->tab[u->pid][k], Pre) && u->used[k] != 0 &&
		      u->vpn_of[k] == \at(u->vpn_of[k], Pre) && u->refs[k] >= \at(u->refs[k], Pre); */
		return UD_E_PLATFORM;
	}
	/* u and c untouched by the driver; n's invariant from its contract */
	/*@ assert g_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert g_lib: ud_utlb_lib_wf(u); */
	/*@ assert g_clock: ud_utlb_clock_wf(u, c); */
	/*@ assert g_tree: ud_utlb_tree(u, v) == 0 && room(u, v); */
	/*@ assert g_refs: \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
	      u->refs[k] == \at(u->refs[k], Pre) && u->used[k] == \at(u->used[k], Pre) &&
	      u->vpn_of[k] == \at(u->vpn_of[k], Pre); */
	/*@ assert g_tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != u->pid || k != i) ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	/*@ assert g_pre: agree_but{Pre}(u, n, i); */
	/*@ assert g_others: agree_but(u, n, i); */
	/*@ assert g_same: ud_utlb_clock_same{Pre, Here}(c); */
	/*@ assert g_pick: ud_utlb_clock_pick{Pre}(u, c, i); */
	/*@ assert g_ctr: c->st.hits == \at(c->st.hits, Pre) &&
	      c->st.misses == \at(c->st.misses, Pre) &&
	      c->st.evictions == \at(c->st.evictions, Pre); */
	/*@ assert g_pins: \let j = i; a->st.pins == ud_utlb_sat_inc(\at(a->st.pins, Pre)) &&
	      a->st.unpins == (\at(u->used[j], Pre) != 0 ?
	        ud_utlb_sat_inc(\at(a->st.unpins, Pre)) : \at(a->st.unpins, Pre)); */
	miss_record(u, c, n, v, i, idx);
	/* e_step in steps: miss_record's clock_moved / clock_kept are stated
	 * from the call's state; g_same and g_ids carry them back to Pre. */
	/*@ assert e_hand: \let j = i; \at(u->used[j], Pre) != 0 ==>
	      c->hand == (j + 1) % \at(u->cap, Pre); */
	/*@ assert e_bits: \let j = i; \at(u->used[j], Pre) != 0 ==>
	      \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
	      c->refbit[k] == (k < \at(u->cap, Pre) && (\at(c->refbit[j], Pre) != 0 ||
	        ud_utlb_clock_pos(\at(c->hand, Pre), \at(u->cap, Pre), k) <
	        ud_utlb_clock_pos(\at(c->hand, Pre), \at(u->cap, Pre), j)) ?
	        0 : \at(c->refbit[k], Pre)); */
	/*@ assert e_moved: \let j = i; \at(u->used[j], Pre) != 0 ==>
	      ud_utlb_clock_swept{Pre, Here}(u, c, j); */
	/*@ assert e_kept: \let j = i; \at(u->used[j], Pre) == 0 ==> ud_utlb_clock_same{Pre, Here}(c); */
	/*@ assert e_step: ud_utlb_clock_step{Pre, Here}(u, c, i); */
	/*@ assert e_ctr: \let j = i; c->st.hits == \at(c->st.hits, Pre) &&
	      c->st.misses == ud_utlb_sat_inc(\at(c->st.misses, Pre)) &&
	      c->st.evictions == (\at(u->used[j], Pre) != 0 ?
	        ud_utlb_sat_inc(\at(c->st.evictions, Pre)) : \at(c->st.evictions, Pre)); */
	/*@ assert e_pins: \let j = i; a->st.pins == ud_utlb_sat_inc(\at(a->st.pins, Pre)) &&
	      a->st.unpins == (\at(u->used[j], Pre) != 0 ?
	        ud_utlb_sat_inc(\at(a->st.unpins, Pre)) : \at(a->st.unpins, Pre)); */
	/*@ assert e_inv: ud_utlb_inv(u, n); */
	/*@ assert e_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert e_tab: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != u->pid || k != i) ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	/*@ assert e_busy: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
	      \at(u->refs[k], Pre) != 0 ==> k != i && u->used[k] != 0 &&
	      u->vpn_of[k] == \at(u->vpn_of[k], Pre) && u->refs[k] == \at(u->refs[k], Pre); */
	/*@ assert e_busy2: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
	      \at(u->refs[k], Pre) != 0 ==>
	      n->tab[u->pid][k] == \at(n->tab[u->pid][k], Pre) && u->used[k] != 0 &&
	      u->vpn_of[k] == \at(u->vpn_of[k], Pre) && u->refs[k] >= \at(u->refs[k], Pre); */
	return UD_OK;
}

/* Page v's entry in the tree (ud_utlb_tree: 0 for none, else the index
 * + 1), read as the hit path reads it: l1, then the leaf -- two memory
 * references (static and called once: inlined).  As one value, ud_utlb_get's
 * miss path is one path: with the two tests inline (l1 empty, or the slot
 * empty) WP's goals carried get_miss's call once per path (docs/METHOD.md,
 * "One test per branch"). */
/*@ requires valid: \valid_read(u);
    requires wf: ud_utlb_lib_wf(u);
    requires page: v < UD_UTLB_VPAGES;
    assigns \nothing;
    ensures tree: \result == ud_utlb_tree(u, v);
*/
static uint32_t tree_at(const struct ud_utlb_lib *u, uint32_t v)
{
	uint32_t t = (uint32_t)u->l1[v / UD_UTLB_L2_SIZE];

	if (t == 0u)
		return 0u;
	return u->l2[t - 1u].slot[v % UD_UTLB_L2_SIZE];
}

ud_status ud_utlb_get(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		      struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
		      const struct ud_utlb_flight *f, uint64_t va, uint32_t *idx)
{
	uint32_t v, e;
	ud_status st;

	if (va >= UD_UTLB_VA_LIMIT)
		return UD_E_RANGE;
	v = (uint32_t)(va / UD_PAGE_SIZE);
	/* The hit path: two memory references, l1 then the leaf. */
	e = tree_at(u, v);
	if (e != 0u) {
		/*@ assert h_leaf: u->l1[v / UD_UTLB_L2_SIZE] != 0 &&
		      u->l2[u->l1[v / UD_UTLB_L2_SIZE] - 1].slot[v % UD_UTLB_L2_SIZE] == e; */
		if (u->refs[e - 1u] == INT32_MAX)
			return UD_E_OVERFLOW;
		/*@ assert h_tree: ud_utlb_tree(u, v) == e; */
		/*@ assert h_div: v == (v / UD_UTLB_L2_SIZE) * UD_UTLB_L2_SIZE +
		      v % UD_UTLB_L2_SIZE; */
		/*@ assert h_dir: u->leaf_dir[u->l1[v / UD_UTLB_L2_SIZE] - 1] ==
		      v / UD_UTLB_L2_SIZE; */
		/*@ assert h_slot: e <= u->cap && u->used[e - 1] != 0 &&
		      u->vpn_of[e - 1] == v; */
		/*@ assert h_tab: ud_utlb_installed(n, u->pid, e - 1) &&
		      n->tab[u->pid][e - 1].vpn == v && ud_utlb_pinned[u->pid][v] == 1; */
		/*@ assert h_pre: ud_utlb_maps(u, n, v, e - 1); */
		u->refs[e - 1u]++;
		/* refs has a memory of its own kind: tree and NIC facts hold */
		/*@ assert h_w_ids: ud_utlb_lib_ids(u); */
		/*@ assert h_w_l1: ud_utlb_lib_l1(u); */
		/*@ assert h_w_dir: ud_utlb_lib_dir(u); */
		/*@ assert h_w_ldir: \forall integer t2; 0 <= t2 < UD_UTLB_POOL ==>
		      u->leaf_dir[t2] == \at(u->leaf_dir[t2], Pre); */
		/*@ assert h_w_slots: ud_utlb_lib_slots(u); */
		/*@ assert h_w_used: ud_utlb_lib_used(u); */
		/*@ assert h_w_refs: ud_utlb_lib_refs(u); */
		/*@ assert h_lib0: ud_utlb_lib_wf(u); */
		/*@ assert h_nic0: ud_utlb_nic_wf(n); */
		/*@ assert h_agree0: ud_utlb_agree(u, n); */
		/*@ assert h_maps0: ud_utlb_maps(u, n, v, e - 1); */
		count_hand(u, c, n, v, e - 1u, idx, &c->st.hits);
		/* the postconditions on this path, part by part */
		/*@ assert h_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
		/*@ assert h_lib: ud_utlb_lib_wf(u); */
		/*@ assert h_nic: ud_utlb_nic_wf(n); */
		/*@ assert h_agree: ud_utlb_agree(u, n); */
		/*@ assert h_clock: ud_utlb_clock_wf(u, c); */
		/*@ assert h_maps: *idx == e - 1 && ud_utlb_maps(u, n, v, *idx); */
		/*@ assert h_hits: c->st.hits == ud_utlb_sat_inc(\at(c->st.hits, Pre)); */
		/*@ assert h_iso: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
		      0 <= k < UD_UTLB_ENTRIES ==> n->tab[q][k] == \at(n->tab[q][k], Pre); */
		/*@ assert h_busy: \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
		      u->used[k] == \at(u->used[k], Pre) &&
		      u->vpn_of[k] == \at(u->vpn_of[k], Pre) &&
		      u->refs[k] >= \at(u->refs[k], Pre); */
		return UD_OK;
	}
	st = get_miss(u, c, n, a, f, v, idx);
	/*@ assert m_v: v == va / UD_PAGE_SIZE; */
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
	if (u->refs[idx] == 0)
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

/* The driver call of an explicit eviction: invalidate and unpin entry i
 * of u's table (installed, i used in the tree for page v).  u and c are
 * only read: the helper states that the library's state and the
 * agreement at every other index survive the call. */
/*@ requires valid: \valid_read(u) && \valid_read(c) && \valid(n) && \valid(a);
    requires sep: \separated(u, c, n, a);
    requires wf: ud_utlb_lib_wf(u);
    requires clock: ud_utlb_clock_wf(u, c);
    requires nic: ud_utlb_nic_wf(n);
    requires agree: ud_utlb_agree(u, n);
    requires index: i < UD_UTLB_ENTRIES && u->used[i] != 0 && u->vpn_of[i] == v;
    requires flight: \valid_read(f) && \separated(f, n) && \separated(f, a);
    requires idle_i: f->busy[u->pid][i] == 0;
    assigns ud_env, ud_utlb_pinned[u->pid][n->tab[u->pid][i].vpn],
            n->tab[u->pid][i].valid, a->seen[u->pid][i],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.unpins;
    ensures ids: u->pid == \old(u->pid) && u->cap == \old(u->cap);
    ensures lib: ud_utlb_lib_wf(u);
    ensures clock: ud_utlb_clock_wf(u, c);
    ensures nic: ud_utlb_nic_wf(n);
    ensures but: agree_but(u, n, i);
    ensures gone: !ud_utlb_installed(n, u->pid, i);
    ensures unpinned: ud_utlb_pinned[u->pid][v] == 0;
    ensures unpins: a->st.unpins == ud_utlb_sat_inc(\old(a->st.unpins));
    ensures evictions: c->st.evictions == \old(c->st.evictions);
*/
static void evict_unmap(const struct ud_utlb_lib *u, const struct ud_utlb_lib_aux *c,
			struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			const struct ud_utlb_flight *f, uint32_t v, uint32_t i)
{
	ud_status st;

	(void)c; (void)v; /* read by the contract only */
	/*@ assert tab_v: ud_utlb_installed(n, u->pid, i) && n->tab[u->pid][i].vpn == v; */
	st = ud_utlb_drv_unmap(n, a, f, u->pid, i);
	/*@ assert unmapped: st == UD_OK; */
	(void)st;
	/*@ assert x_ids: u->pid == \at(u->pid, Pre) && u->cap == \at(u->cap, Pre); */
	/*@ assert x_hand: c->hand == \at(c->hand, Pre); */
	/*@ assert x_row: \forall integer k; 0 <= k < UD_UTLB_ENTRIES && k != i ==>
	      n->tab[u->pid][k] == \at(n->tab[u->pid][k], Pre); */
	/*@ assert x_vpn: n->tab[u->pid][i].vpn == v; */
}

/* Count an explicit eviction (the last store of ud_utlb_evict). */
/*@ requires valid: \valid_read(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires inv: ud_utlb_inv(u, n);
    assigns c->st.evictions;
    ensures inv: ud_utlb_inv(u, n);
    ensures evictions: c->st.evictions == ud_utlb_sat_inc(\old(c->st.evictions));
*/
static void count_evict(const struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			const struct ud_utlb_nic *n)
{
	(void)u; (void)n; /* read by the contract only */
	if (c->st.evictions != UINT64_MAX)
		c->st.evictions++;
	/*@ assert v_lib: ud_utlb_lib_wf(u); */
	/*@ assert v_off: ud_utlb_off_wf(n); */
	/*@ assert v_pin: ud_utlb_tab_pinned(n); */
	/*@ assert v_dist: ud_utlb_tab_distinct(n); */
	/*@ assert v_coh: ud_utlb_coherent(n); */
	/*@ assert v_agree: ud_utlb_agree(u, n); */
}

ud_status ud_utlb_evict(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			const struct ud_utlb_flight *f, uint64_t va)
{
	uint32_t v, t, e;

	if (va >= UD_UTLB_VA_LIMIT)
		return UD_E_RANGE;
	v = (uint32_t)(va / UD_PAGE_SIZE);
	t = (uint32_t)u->l1[v / UD_UTLB_L2_SIZE];
	if (t == 0u)
		return UD_E_NOENT;
	e = u->l2[t - 1u].slot[v % UD_UTLB_L2_SIZE];
	if (e == 0u)
		return UD_E_NOENT;
	if (u->refs[e - 1u] != 0)
		return UD_E_BUSY;
	/*@ assert page1: ud_utlb_tree(u, v) == e && u->leaf_dir[t - 1] == v / UD_UTLB_L2_SIZE; */
	/* The slot's instance of ud_utlb_lib_slots, named: with the flight
	 * precondition in the context (UTLB-19) page2 and the call's `index`
	 * timed out at 15 s without it. */
	/*@ assert page1s: t - 1 < UD_UTLB_POOL && u->l2[t - 1].slot[v % UD_UTLB_L2_SIZE] == e; */
	/*@ assert page1v: e <= u->cap && u->used[e - 1] != 0 &&
	      u->vpn_of[e - 1] == u->leaf_dir[t - 1] * UD_UTLB_L2_SIZE + v % UD_UTLB_L2_SIZE; */
	/*@ assert page2: u->vpn_of[e - 1] ==
	      (v / UD_UTLB_L2_SIZE) * UD_UTLB_L2_SIZE + v % UD_UTLB_L2_SIZE; */
	/*@ assert page3: (v / UD_UTLB_L2_SIZE) * UD_UTLB_L2_SIZE + v % UD_UTLB_L2_SIZE == v; */
	/*@ assert page: ud_utlb_tree(u, v) == e && u->vpn_of[e - 1] == v; */
	/* no reference, so no DMA in flight (idle): the driver will not refuse */
	/*@ assert idle_e: f->busy[u->pid][e - 1] == 0; */
	/*@ assert index_e: e - 1 < UD_UTLB_ENTRIES && u->used[e - 1] != 0 && u->vpn_of[e - 1] == v; */
	evict_unmap(u, c, n, a, f, v, e - 1u);
	tree_remove(u, e - 1u);
	/*@ assert z_nic: ud_utlb_off_wf(n) && ud_utlb_tab_pinned(n) &&
	      ud_utlb_tab_distinct(n) && ud_utlb_coherent(n); */
	/*@ assert z_agree: ud_utlb_agree(u, n); */
	/*@ assert z_gone: ud_utlb_tree(u, v) == 0; */
	/*@ assert z_inst: !ud_utlb_installed(n, u->pid, e - 1); */
	count_evict(u, c, n);
	/*@ assert y_v: v == va / UD_PAGE_SIZE && e == \at(ud_utlb_tree(u, va / UD_PAGE_SIZE), Pre); */
	/*@ assert y_tree: ud_utlb_tree(u, v) == 0; */
	/*@ assert y_inst: !ud_utlb_installed(n, u->pid, e - 1); */
	return UD_OK;
}
