/* SPDX-License-Identifier: MIT */
/*
 * utlb_cache.h -- the NIC side of the UTLB (seed 000_84f077e385ac0b00.txt,
 * "DESIGN OF UTLB"): translating a (process, index) through that process's
 * own table, behind a set-associative translation cache.
 *
 * "To transfer data on a virtual page, the user process specifies to the
 * network interface the index in the translation table ...; using the
 * index, the network interface reads the physical address directly from the
 * translation table."  "When a miss occurs the network interface simply
 * reads the entry from the translation table."  The cache is
 * UD_UTLB_CACHE_SETS x UD_UTLB_CACHE_WAYS (way w of set s is line[s * WAYS +
 * w]), LRU within a set; (pid, idx) lives in set (idx + off[pid]) % SETS ("offset a translation table index by
 * process-dependent constant").  Every miss is classified (the seed's "three
 * categories, capacity misses, conflict misses and compulsory misses"):
 *   compulsory  first NIC use of the entry since it was installed;
 *   conflict    not compulsory, and a fully associative LRU cache with the
 *               same number of lines (the shadow a->fa) holds it;
 *   capacity    not compulsory, and the fully associative cache misses too.
 * The LRU stamps, the classifier and the counters are the NIC's bookkeeping
 * (struct ud_utlb_nic_aux, a separate object): no translated physical page
 * depends on them, and writing them frames out of ud_utlb_nic_wf.
 */
#ifndef UD_UTLB_CACHE_H
#define UD_UTLB_CACHE_H

#include "utlb.h"

/*@ requires valid: \valid(n) && \valid(a) && \valid(ppn) && \valid(cls);
    requires sep: \separated(n, a, ppn, cls);
    requires wf: ud_utlb_nic_wf(n);
    assigns *ppn, *cls, n->line[0 .. UD_UTLB_CACHE_LINES - 1],
            a->tick, a->stamp[0 .. UD_UTLB_CACHE_LINES - 1],
            a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->fa_stamp[0 .. UD_UTLB_CACHE_LINES - 1], a->seen[pid][idx],
            a->st.hits, a->st.miss_compulsory, a->st.miss_capacity,
            a->st.miss_conflict;
    ensures wf: ud_utlb_nic_wf(n);
    behavior bad_range:
      assumes pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior not_installed:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes !ud_utlb_installed(n, pid, idx);
      assigns \nothing;
      ensures status: \result == UD_E_NOENT;
    behavior translate:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes ud_utlb_installed(n, pid, idx);
      ensures status: \result == UD_OK;
      ensures own_table: *ppn == n->tab[pid][idx].ppn &&
        n->tab[pid][idx] == \old(n->tab[pid][idx]);
      ensures hit: *cls == UD_UTLB_HIT <==>
        \old(ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx));
      ensures compulsory: *cls == UD_UTLB_MISS_COMPULSORY <==>
        (!\old(ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx)) &&
         \old(a->seen[pid][idx]) == 0);
      ensures conflict: *cls == UD_UTLB_MISS_CONFLICT <==>
        (!\old(ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx)) &&
         \old(a->seen[pid][idx]) != 0 && \old(ud_utlb_fa_has(a, pid, idx)));
      ensures capacity: *cls == UD_UTLB_MISS_CAPACITY <==>
        (!\old(ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx)) &&
         \old(a->seen[pid][idx]) != 0 && !\old(ud_utlb_fa_has(a, pid, idx)));
      ensures filled: ud_utlb_cached(n, ud_utlb_set(n, pid, idx), pid, idx);
      ensures seen: a->seen[pid][idx] == 1;
      ensures counted: ud_utlb_counted{Old, Here}(a, *cls);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_nic_translate(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
				uint32_t pid, uint32_t idx, uint64_t *ppn, uint32_t *cls);

/* No DMA in flight through any entry (UTLB-19).  The NIC's state f is an
 * object of its own (struct ud_utlb_flight, utlb.h), beside n and a. */
/*@ requires valid: \valid(f);
    assigns f->busy[0 .. UD_UTLB_NPROC - 1][0 .. UD_UTLB_ENTRIES - 1];
    ensures idle: \forall integer p, i; 0 <= p < UD_UTLB_NPROC &&
      0 <= i < UD_UTLB_ENTRIES ==> f->busy[p][i] == 0;
*/
void ud_utlb_flight_init(struct ud_utlb_flight *f);

/* The NIC starts a DMA through entry idx of process pid (UTLB-19): the
 * translation of ud_utlb_nic_translate and, when it succeeds, one more DMA
 * in flight through the entry (f->busy), so that the driver neither unmaps
 * nor replaces it (UD_E_BUSY) until the NIC calls ud_utlb_nic_end.  Later
 * bursts of the same DMA translate with ud_utlb_nic_translate.  A refused
 * start (range, the count's bound, no entry) translates and counts
 * nothing. */
/*@ requires valid: \valid(n) && \valid(a) && \valid(f) && \valid(ppn) && \valid(cls);
    requires sep: \separated(n, a, f, ppn, cls);
    requires wf: ud_utlb_nic_wf(n);
    assigns *ppn, *cls, n->line[0 .. UD_UTLB_CACHE_LINES - 1],
            a->tick, a->stamp[0 .. UD_UTLB_CACHE_LINES - 1],
            a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->fa_stamp[0 .. UD_UTLB_CACHE_LINES - 1], a->seen[pid][idx],
            a->st.hits, a->st.miss_compulsory, a->st.miss_capacity,
            a->st.miss_conflict, f->busy[pid][idx];
    ensures wf: ud_utlb_nic_wf(n);
    behavior bad_range:
      assumes pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior full:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes f->busy[pid][idx] == UD_UTLB_BUSY_MAX;
      assigns \nothing;
      ensures status: \result == UD_E_OVERFLOW;
    behavior not_installed:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes f->busy[pid][idx] < UD_UTLB_BUSY_MAX;
      assumes !ud_utlb_installed(n, pid, idx);
      assigns \nothing;
      ensures status: \result == UD_E_NOENT;
    behavior start:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes f->busy[pid][idx] < UD_UTLB_BUSY_MAX;
      assumes ud_utlb_installed(n, pid, idx);
      ensures status: \result == UD_OK;
      ensures own_table: *ppn == n->tab[pid][idx].ppn &&
        n->tab[pid][idx] == \old(n->tab[pid][idx]);
      ensures in_flight: f->busy[pid][idx] == \old(f->busy[pid][idx]) + 1;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_nic_begin(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			    struct ud_utlb_flight *f, uint32_t pid, uint32_t idx,
			    uint64_t *ppn, uint32_t *cls);

/* The NIC ends a DMA it started through entry idx of process pid: one DMA
 * fewer in flight.  An end with none in flight is refused (UD_E_STATE). */
/*@ requires valid: \valid(f);
    assigns f->busy[pid][idx];
    behavior bad_range:
      assumes pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior none:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && f->busy[pid][idx] == 0;
      assigns \nothing;
      ensures status: \result == UD_E_STATE;
    behavior end:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && f->busy[pid][idx] != 0;
      ensures status: \result == UD_OK;
      ensures ended: f->busy[pid][idx] == \old(f->busy[pid][idx]) - 1;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_nic_end(struct ud_utlb_flight *f, uint32_t pid, uint32_t idx);

#endif /* UD_UTLB_CACHE_H */
