/* SPDX-License-Identifier: MIT */
/*
 * utlb_table.h -- the driver side of the UTLB (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB"): the per-process translation
 * tables in NIC memory, "invisible to the user process", written only here.
 *
 * "The user process asks OS to pin certain virtual pages and install their
 * physical translations at defined locations in its translation table.
 * This can be done with a device driver call."  ud_utlb_drv_map is that
 * call; ud_utlb_drv_unmap is "ask OS to unpin corresponding virtual pages
 * and invalidate the entries".  The process id is the driver's (the file
 * the call came through), never the caller's word: the kernel home passes
 * the id it allocated at open().  Each call touches only tab[pid][...]
 * (its assigns clause), so no process can reach another's table or pages.
 *
 * Every call takes the NIC state n (tables, cache: ud_utlb_nic_wf) and, as
 * a separate object a, its bookkeeping (classifier, LRU stamps, counters;
 * utlb.h), so that writes to the bookkeeping frame out of the invariant.
 * The two calls that may take an entry away (map, which may replace it,
 * and unmap) also read f, the NIC's DMAs in flight per entry (struct
 * ud_utlb_flight, UTLB-19), and refuse while one is in flight.
 */
#ifndef UD_UTLB_TABLE_H
#define UD_UTLB_TABLE_H

#include "utlb.h"

/* Empty tables and caches.  offset_on != 0 gives process p the cache index
 * offset (p * SETS / NPROC) % SETS (seed: "offset a translation table index
 * by process-dependent constant"); 0 gives every process offset 0 (the
 * un-hashed baseline, for measurement). */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    assigns *n, *a;
    ensures wf: ud_utlb_nic_wf(n);
    ensures empty: \forall integer p, i; 0 <= p < UD_UTLB_NPROC &&
      0 <= i < UD_UTLB_ENTRIES ==> !ud_utlb_installed(n, p, i);
    ensures offsets: \forall integer p; 0 <= p < UD_UTLB_NPROC ==>
      n->off[p] == (offset_on != 0 ?
        (p * UD_UTLB_CACHE_SETS / UD_UTLB_NPROC) % UD_UTLB_CACHE_SETS : 0);
    ensures cold: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES ==>
      n->line[k].valid == 0;
    ensures counters: a->st.hits == 0 && a->st.miss_compulsory == 0 &&
      a->st.miss_capacity == 0 && a->st.miss_conflict == 0 &&
      a->st.pins == 0 && a->st.unpins == 0;
*/
void ud_utlb_nic_init(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
		      uint32_t offset_on);

/* Pin page vpn of process pid and install its translation at tab[pid][idx].
 * If tab[pid][idx] held another page, that translation is invalidated (in
 * the table and the NIC cache) and its page unpinned -- after the new page
 * is pinned, so a refused pin changes nothing.  An installed entry the NIC
 * has a DMA in flight through (f->busy, UTLB-19) is not replaced:
 * UD_E_BUSY, before any pin. */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires flight: \valid_read(f) && \separated(f, n) && \separated(f, a);
    assigns ud_env, ud_utlb_pinned[pid][vpn], ud_utlb_frame[pid][vpn],
            ud_utlb_pinned[pid][n->tab[pid][idx].vpn],
            n->tab[pid][idx], a->seen[pid][idx],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.pins, a->st.unpins;
    ensures wf: ud_utlb_nic_wf(n);
    behavior bad_range:
      assumes pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES || vpn >= UD_UTLB_VPAGES;
      assigns \nothing;
      ensures status: \result == UD_E_RANGE;
    behavior already_mapped:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && vpn < UD_UTLB_VPAGES;
      assumes dup: \exists integer k; 0 <= k < UD_UTLB_ENTRIES &&
        ud_utlb_installed(n, pid, k) && n->tab[pid][k].vpn == vpn;
      assigns \nothing;
      ensures status: \result == UD_E_STATE;
    behavior busy:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && vpn < UD_UTLB_VPAGES;
      assumes fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
        ud_utlb_installed(n, pid, k) ==> n->tab[pid][k].vpn != vpn;
      assumes in_flight: ud_utlb_installed(n, pid, idx) && f->busy[pid][idx] != 0;
      assigns \nothing;
      ensures status: \result == UD_E_BUSY;
    behavior install:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && vpn < UD_UTLB_VPAGES;
      assumes fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
        ud_utlb_installed(n, pid, k) ==> n->tab[pid][k].vpn != vpn;
      assumes no_flight: !(ud_utlb_installed(n, pid, idx) && f->busy[pid][idx] != 0);
      ensures status: \result == UD_OK || \result == UD_E_PLATFORM;
      ensures installed: \result == UD_OK ==> ud_utlb_installed(n, pid, idx) &&
        n->tab[pid][idx].vpn == vpn && ud_utlb_pinned[pid][vpn] == 1;
      ensures installed_frame: \result == UD_OK ==>
        n->tab[pid][idx].ppn == ud_utlb_frame[pid][vpn];
      ensures others: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
        0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
        n->tab[q][k] == \old(n->tab[q][k]);
      ensures replaced: \result == UD_OK && \old(ud_utlb_installed(n, pid, idx)) ==>
        ud_utlb_pinned[pid][\old(n->tab[pid][idx].vpn)] == 0;
      ensures first_use: \result == UD_OK ==> a->seen[pid][idx] == 0;
      ensures pins: \result == UD_OK ==> a->st.pins == ud_utlb_sat_inc(\old(a->st.pins));
      ensures unpins: \result == UD_OK ==>
        (\old(ud_utlb_installed(n, pid, idx)) ==>
          a->st.unpins == ud_utlb_sat_inc(\old(a->st.unpins))) &&
        (!\old(ud_utlb_installed(n, pid, idx)) ==> a->st.unpins == \old(a->st.unpins));
      ensures unchanged: \result != UD_OK ==>
        n->tab[pid][idx] == \old(n->tab[pid][idx]) &&
        a->seen[pid][idx] == \old(a->seen[pid][idx]) &&
        a->st.pins == \old(a->st.pins) && a->st.unpins == \old(a->st.unpins) &&
        (\forall integer k; 0 <= k < UD_UTLB_CACHE_LINES ==>
          n->line[k] == \old(n->line[k]) && a->fa[k] == \old(a->fa[k]));
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_drv_map(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			  const struct ud_utlb_flight *f, uint32_t pid, uint32_t vpn,
			  uint32_t idx);

/* Invalidate tab[pid][idx] (table and NIC cache), then unpin its page --
 * unless the NIC has a DMA in flight through it (f->busy, UTLB-19):
 * UD_E_BUSY, nothing changed. */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires flight: \valid_read(f) && \separated(f, n) && \separated(f, a);
    assigns ud_env, ud_utlb_pinned[pid][n->tab[pid][idx].vpn],
            n->tab[pid][idx].valid, a->seen[pid][idx],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.unpins;
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
    behavior busy:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes ud_utlb_installed(n, pid, idx) && f->busy[pid][idx] != 0;
      assigns \nothing;
      ensures status: \result == UD_E_BUSY;
    behavior unmap:
      assumes pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
      assumes ud_utlb_installed(n, pid, idx) && f->busy[pid][idx] == 0;
      ensures status: \result == UD_OK;
      ensures invalid: !ud_utlb_installed(n, pid, idx);
      ensures unpinned: ud_utlb_pinned[pid][n->tab[pid][idx].vpn] == 0;
      ensures uncached: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
        n->line[k].valid != 0 ==> !(n->line[k].pid == pid && n->line[k].idx == idx);
      ensures unpins: a->st.unpins == ud_utlb_sat_inc(\old(a->st.unpins));
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_utlb_drv_unmap(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			    const struct ud_utlb_flight *f, uint32_t pid, uint32_t idx);

#endif /* UD_UTLB_TABLE_H */
