/* SPDX-License-Identifier: MIT */
/*
 * utlb_lookup.h -- the UTLB's user-level library (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB", a/ and c/): demand pinning,
 * the two-level lookup tree, CLOCK eviction that never touches an entry with
 * an outstanding transfer.
 *
 *   ud_utlb_get(va)   before posting a transfer on va's page: returns the
 *                     table index to give the NIC and takes one outstanding
 *                     reference.  Hit: two memory references
 *                     (l1[vpn / L2_SIZE], l2[leaf][vpn % L2_SIZE]) and the
 *                     reference count; no driver call.  Miss ("demand-driven
 *                     page-pinning"): choose an index (a free one, else a
 *                     CLOCK victim with no outstanding reference), ask the
 *                     driver to pin the page and install it there
 *                     (ud_utlb_drv_map), record it in the tree.
 *   ud_utlb_put(idx)  when that transfer completed: drops the reference and
 *                     sets the CLOCK reference bit.
 *   ud_utlb_evict(va) explicit eviction (e.g. before munmap).
 *
 * Every operation requires and ensures ud_utlb_inv(u, n) (spec/utlb.acsl):
 * the tree and the process's table agree, every installed entry is pinned;
 * and ud_utlb_clock_wf(u, c) over the library's bookkeeping c (CLOCK state,
 * counters).  The bookkeeping of both sides (c, and the NIC's a) are
 * separate objects, \separated from u and n, so that writes to them frame
 * out of the invariant.  The two calls that may reach the driver (get's
 * miss, evict) also read f, the NIC's DMAs in flight per entry (struct
 * ud_utlb_flight, UTLB-19), and require ud_utlb_idle(u, f): the NIC has no
 * DMA in flight through an index the library holds no reference to -- so
 * the driver, which refuses to unmap or replace an entry under a DMA in
 * flight, never refuses the library's own calls.
 */
#ifndef UD_UTLB_LOOKUP_H
#define UD_UTLB_LOOKUP_H

#include "utlb.h"
#include "utlb_table.h"

#define UD_UTLB_VA_LIMIT ((uint64_t)UD_UTLB_VPAGES * UD_PAGE_SIZE)

/* The library of process pid over its (fresh) table, using cap entries. */
/*@ requires valid: \valid(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires nic: ud_utlb_nic_wf(n);
    assigns *u, *c;
    behavior bad_range:
      assumes pid >= UD_UTLB_NPROC || cap == 0 || cap > UD_UTLB_ENTRIES;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior table_in_use:
      assumes pid < UD_UTLB_NPROC && 1 <= cap <= UD_UTLB_ENTRIES;
      assumes \exists integer i; 0 <= i < UD_UTLB_ENTRIES && ud_utlb_installed(n, pid, i);
      assigns \nothing;
      ensures status: \result == UD_E_BUSY;
    behavior init:
      assumes pid < UD_UTLB_NPROC && 1 <= cap <= UD_UTLB_ENTRIES;
      assumes \forall integer i; 0 <= i < UD_UTLB_ENTRIES ==> !ud_utlb_installed(n, pid, i);
      ensures status: \result == UD_OK;
      ensures inv: ud_utlb_inv(u, n);
      ensures clock: ud_utlb_clock_wf(u, c);
      ensures ids: u->pid == pid && u->cap == cap;
      ensures empty: \forall integer v; 0 <= v < UD_UTLB_VPAGES ==> ud_utlb_tree(u, v) == 0;
      ensures counters: c->st.hits == 0 && c->st.misses == 0 && c->st.evictions == 0;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_lib_init(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			   const struct ud_utlb_nic *n, uint32_t pid, uint32_t cap);

/*@ requires valid: \valid(u) && \valid(c) && \valid(n) && \valid(a) && \valid(idx);
    requires sep: \separated(u, c, n, a, idx);
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    requires flight: \valid_read(f) && \separated(f, u) && \separated(f, c) &&
      \separated(f, n) && \separated(f, a) && \separated(f, idx);
    requires idle: ud_utlb_idle(u, f);
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
    behavior bad_range:
      assumes va >= UD_UTLB_VA_LIMIT;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior hit:
      assumes va < UD_UTLB_VA_LIMIT && ud_utlb_tree(u, va / UD_PAGE_SIZE) != 0;
      assigns u->refs[0 .. UD_UTLB_ENTRIES - 1], c->st.hits, *idx;
      ensures status: \result == UD_OK || \result == UD_E_OVERFLOW;
      ensures translates: \result == UD_OK ==>
        *idx == \old(ud_utlb_tree(u, va / UD_PAGE_SIZE)) - 1 &&
        ud_utlb_maps(u, n, va / UD_PAGE_SIZE, *idx) &&
        (\let i = *idx; u->refs[i] == \old(u->refs[i]) + 1);
      ensures ref_overflow: \result == UD_E_OVERFLOW ==>
        \forall integer k; 0 <= k < UD_UTLB_ENTRIES ==> u->refs[k] == \old(u->refs[k]);
      ensures hits_counted: c->st.hits == (\result == UD_OK ?
        ud_utlb_sat_inc(\old(c->st.hits)) : \old(c->st.hits));
    behavior miss:
      assumes va < UD_UTLB_VA_LIMIT && ud_utlb_tree(u, va / UD_PAGE_SIZE) == 0;
      ensures status: \result == UD_OK || \result == UD_E_NOSPC ||
        \result == UD_E_PLATFORM;
      ensures translates: \result == UD_OK ==> *idx < u->cap &&
        ud_utlb_maps(u, n, va / UD_PAGE_SIZE, *idx) && u->refs[*idx] == 1;
      ensures unchanged: \result != UD_OK ==>
        (\forall integer k; 0 <= k < UD_UTLB_ENTRIES ==>
          u->used[k] == \old(u->used[k]) && u->vpn_of[k] == \old(u->vpn_of[k]) &&
          u->refs[k] == \old(u->refs[k]) &&
          n->tab[u->pid][k] == \old(n->tab[u->pid][k])) &&
        (\forall integer v; 0 <= v < UD_UTLB_VPAGES ==>
          ud_utlb_tree(u, v) == \old(ud_utlb_tree(u, v)));
    ensures clock_order: \result == UD_OK ==> ud_utlb_clock_step{Old, Here}(u, c, *idx);
    ensures clock_kept: \result != UD_OK ==> ud_utlb_clock_same{Old, Here}(c);
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
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_get(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		      struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
		      const struct ud_utlb_flight *f, uint64_t va, uint32_t *idx);

/*@ requires valid: \valid(u) && \valid(c) && \valid_read(n);
    requires sep: \separated(u, c, n);
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    assigns u->refs[idx], c->refbit[idx];
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    behavior bad_range:
      assumes idx >= u->cap;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior idle:
      assumes idx < u->cap && u->refs[idx] == 0;
      assigns \nothing;
      ensures status: \result == UD_E_STATE;
    behavior release:
      assumes idx < u->cap && u->refs[idx] != 0;
      ensures status: \result == UD_OK;
      ensures released: u->refs[idx] == \old(u->refs[idx]) - 1;
      ensures counters: c->st.hits == \old(c->st.hits) &&
        c->st.misses == \old(c->st.misses) && c->st.evictions == \old(c->st.evictions);
      ensures referenced: c->refbit[idx] == 1;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_put(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
		      const struct ud_utlb_nic *n, uint32_t idx);

/*@ requires valid: \valid(u) && \valid(c) && \valid(n) && \valid(a);
    requires sep: \separated(u, c, n, a);
    requires inv: ud_utlb_inv(u, n);
    requires clock: ud_utlb_clock_wf(u, c);
    requires flight: \valid_read(f) && \separated(f, u) && \separated(f, c) &&
      \separated(f, n) && \separated(f, a);
    requires idle: ud_utlb_idle(u, f);
    assigns ud_env, ud_utlb_pinned[u->pid][0 .. UD_UTLB_VPAGES - 1],
            n->tab[u->pid][0 .. UD_UTLB_ENTRIES - 1].valid,
            a->seen[u->pid][0 .. UD_UTLB_ENTRIES - 1],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.unpins,
            u->l1[0 .. UD_UTLB_L1_SIZE - 1],
            u->l2[0 .. UD_UTLB_POOL - 1],
            u->leaf_dir[0 .. UD_UTLB_POOL - 1], u->used[0 .. UD_UTLB_ENTRIES - 1],
            c->st.evictions;
    ensures inv: ud_utlb_inv(u, n);
    ensures clock: ud_utlb_clock_wf(u, c);
    behavior bad_range:
      assumes va >= UD_UTLB_VA_LIMIT;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior not_mapped:
      assumes va < UD_UTLB_VA_LIMIT && ud_utlb_tree(u, va / UD_PAGE_SIZE) == 0;
      assigns \nothing;
      ensures status: \result == UD_E_NOENT;
    behavior busy:
      assumes va < UD_UTLB_VA_LIMIT && ud_utlb_tree(u, va / UD_PAGE_SIZE) != 0;
      assumes u->refs[ud_utlb_tree(u, va / UD_PAGE_SIZE) - 1] != 0;
      assigns \nothing;
      ensures status: \result == UD_E_BUSY;
    behavior evict:
      assumes va < UD_UTLB_VA_LIMIT && ud_utlb_tree(u, va / UD_PAGE_SIZE) != 0;
      assumes u->refs[ud_utlb_tree(u, va / UD_PAGE_SIZE) - 1] == 0;
      ensures status: \result == UD_OK;
      ensures gone: ud_utlb_tree(u, va / UD_PAGE_SIZE) == 0 &&
        !ud_utlb_installed(n, u->pid, \old(ud_utlb_tree(u, va / UD_PAGE_SIZE)) - 1);
      ensures unpinned: ud_utlb_pinned[u->pid][va / UD_PAGE_SIZE] == 0;
      ensures counted: c->st.evictions == ud_utlb_sat_inc(\old(c->st.evictions)) &&
        a->st.unpins == ud_utlb_sat_inc(\old(a->st.unpins));
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_evict(struct ud_utlb_lib *u, struct ud_utlb_lib_aux *c,
			struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			const struct ud_utlb_flight *f, uint64_t va);

#endif /* UD_UTLB_LOOKUP_H */
