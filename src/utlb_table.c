/* SPDX-License-Identifier: MIT */
/*
 * utlb_table.c -- the UTLB's driver side: per-process translation tables in
 * NIC memory (seed 000_84f077e385ac0b00.txt, "DESIGN OF UTLB", b/ and the
 * paragraph after c/).  Contracts: utlb_table.h.  Invariant: spec/utlb.acsl.
 */
#include "utlb_table.h"

/* A point between two of the driver's writes to NIC memory at which the
 * NIC may translate: a NIC does not stop for the driver.  Nothing here (and
 * nothing for the proofs: they are sequential); models/utlb_iso.pml forces
 * a definition (models/utlb_iso_point.h) that runs one NIC translation
 * there, so that the model checks the order of the writes around it. */
#ifndef UD_UTLB_NIC_MAY_READ
#define UD_UTLB_NIC_MAY_READ() ((void)0)
#endif

/* Two different entries of the NIC tables are disjoint memory: a lemma
 * function (ghost, proved like any function), called only where a proof
 * frames the other entries across stores to one (the end of
 * ud_utlb_drv_map, for its `others` clause).  Not a top-level lemma: that
 * would join every goal of this unit (docs/METHOD.md). */
/*@ ghost
  /@ assigns \nothing;
     ensures separated: \forall integer p, k, q, j;
       0 <= p < UD_UTLB_NPROC && 0 <= k < UD_UTLB_ENTRIES &&
       0 <= q < UD_UTLB_NPROC && 0 <= j < UD_UTLB_ENTRIES && (p != q || k != j) ==>
       \separated(&n->tab[p][k], &n->tab[q][j]);
  @/
  static void entry_separated(struct ud_utlb_nic *n) { }
*/

/*@ predicate tab_empty_upto{L}(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
                                 integer p) =
      \forall integer q, j; 0 <= q < p && 0 <= j < UD_UTLB_ENTRIES ==>
        n->tab[q][j].valid == 0 && a->seen[q][j] == 0;
    predicate offs_upto{L}(struct ud_utlb_nic *n, integer p, integer on) =
      \forall integer q; 0 <= q < p ==>
        n->off[q] == (on != 0 ?
          (q * UD_UTLB_CACHE_SETS / UD_UTLB_NPROC) % UD_UTLB_CACHE_SETS : 0);
*/

/* Empty row p of the tables. */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    requires row: p < UD_UTLB_NPROC;
    assigns n->tab[p][0 .. UD_UTLB_ENTRIES - 1], a->seen[p][0 .. UD_UTLB_ENTRIES - 1];
    ensures empty: \forall integer j; 0 <= j < UD_UTLB_ENTRIES ==>
      n->tab[p][j].valid == 0 && a->seen[p][j] == 0;
*/
static void init_row(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a, uint32_t p)
{
	uint32_t i;

	/*@ loop invariant bound: 0 <= i <= UD_UTLB_ENTRIES;
	    loop invariant row: \forall integer j; 0 <= j < i ==>
	      n->tab[p][j].valid == 0 && a->seen[p][j] == 0;
	    loop assigns i, n->tab[p][0 .. UD_UTLB_ENTRIES - 1],
	      a->seen[p][0 .. UD_UTLB_ENTRIES - 1];
	    loop variant UD_UTLB_ENTRIES - i;
	*/
	for (i = 0; i < UD_UTLB_ENTRIES; i++) {
		n->tab[p][i].ppn = 0u;
		n->tab[p][i].vpn = 0u;
		n->tab[p][i].valid = 0u;
		a->seen[p][i] = 0u;
	}
}

void ud_utlb_nic_init(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
		      uint32_t offset_on)
{
	uint32_t p, k;

	/*@ loop invariant bound: 0 <= p <= UD_UTLB_NPROC;
	    loop invariant empty: tab_empty_upto(n, a, p);
	    loop invariant offs: offs_upto(n, p, offset_on);
	    loop assigns p, *n, *a;
	    loop variant UD_UTLB_NPROC - p;
	*/
	for (p = 0; p < UD_UTLB_NPROC; p++) {
		n->off[p] = offset_on != 0u ?
			(p * UD_UTLB_CACHE_SETS / UD_UTLB_NPROC) % UD_UTLB_CACHE_SETS : 0u;
		init_row(n, a, p);
		/*@ assert row_p: \forall integer j; 0 <= j < UD_UTLB_ENTRIES ==>
		      n->tab[p][j].valid == 0 && a->seen[p][j] == 0; */
	}
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_CACHE_LINES;
	    loop invariant cold: \forall integer b; 0 <= b < k ==>
	      n->line[b].valid == 0 && a->fa[b].valid == 0;
	    loop invariant empty: tab_empty_upto(n, a, UD_UTLB_NPROC);
	    loop invariant offs: offs_upto(n, UD_UTLB_NPROC, offset_on);
	    loop assigns k, n->line[0 .. UD_UTLB_CACHE_LINES - 1],
	      a->stamp[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
	      a->fa_stamp[0 .. UD_UTLB_CACHE_LINES - 1];
	    loop variant UD_UTLB_CACHE_LINES - k;
	*/
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		n->line[k].ppn = 0u;
		n->line[k].pid = 0u;
		n->line[k].idx = 0u;
		n->line[k].valid = 0u;
		a->stamp[k] = 0u;
		a->fa[k].ppn = 0u;
		a->fa[k].pid = 0u;
		a->fa[k].idx = 0u;
		a->fa[k].valid = 0u;
		a->fa_stamp[k] = 0u;
	}
	a->tick = 0u;
	a->st.hits = 0u;
	a->st.miss_compulsory = 0u;
	a->st.miss_capacity = 0u;
	a->st.miss_conflict = 0u;
	a->st.pins = 0u;
	a->st.unpins = 0u;
	/*@ assert w_off: ud_utlb_off_wf(n); */
	/*@ assert w_pin: ud_utlb_tab_pinned(n); */
	/*@ assert w_dist: ud_utlb_tab_distinct(n); */
	/*@ assert w_coh: ud_utlb_coherent(n); */
}

/* Drop shadow line k of the classifier if it holds (pid, idx).  n is only
 * read: the helper carries ud_utlb_nic_wf(n) across the store to a
 * (\separated from n) in its own small context, as account does in
 * src/utlb_cache.c -- in utlb_inval's loop, tab_distinct across this store
 * timed out at 15 s (z3 and cvc4). */
/*@ requires valid: \valid_read(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires line: k < UD_UTLB_CACHE_LINES;
    assigns a->fa[k].valid;
    ensures wf: ud_utlb_nic_wf(n);
    ensures dropped: a->fa[k].valid != 0 ==> !(a->fa[k].pid == pid && a->fa[k].idx == idx);
    ensures lines: \forall integer b; 0 <= b < UD_UTLB_CACHE_LINES ==>
      n->line[b] == \old(n->line[b]);
*/
static void fa_drop(const struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a, uint32_t k,
		    uint32_t pid, uint32_t idx)
{
	(void)n; /* read by the contract only */
	if (a->fa[k].valid != 0u && a->fa[k].pid == pid && a->fa[k].idx == idx) {
		a->fa[k].valid = 0u;
		/*@ assert f_off: ud_utlb_off_wf(n); */
		/*@ assert f_pin: ud_utlb_tab_pinned(n); */
		/*@ assert f_dist: ud_utlb_tab_distinct(n); */
		/*@ assert f_coh: ud_utlb_coherent(n); */
	}
}

/* Drop every cached copy of (pid, idx), in the NIC cache and in the
 * classifier's shadow.  (Only the set (pid, idx) hashes to can hold it --
 * nic_wf -- but the driver scans all lines: an unmap calls the OS anyway.)
 *
 * Only after the entry is cleared (`unusable`): the NIC checks an entry's
 * valid byte before its cache, so once the entry is cleared no translation
 * can use or refill a line of it, and the lines dropped here stay dropped.
 * Dropped first, a NIC translation between the two steps would refill the
 * line from the still-valid entry, and that line would outlive the unpin
 * (the order of Linux's IOMMU drivers: clear the PTE, invalidate the
 * IOTLB, then free the page).  Between the two steps every other line is
 * coherent (`coh_but`); the lines of the cleared entry are what this
 * function removes. */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    requires off: ud_utlb_off_wf(n);
    requires pin: ud_utlb_tab_pinned(n);
    requires dist: ud_utlb_tab_distinct(n);
    requires coh_but: ud_utlb_coherent_but(n, pid, idx);
    requires range: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
    requires unusable: !ud_utlb_installed(n, pid, idx);
    assigns n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1];
    ensures wf: ud_utlb_nic_wf(n);
    ensures gone: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
      n->line[k].valid != 0 ==> !(n->line[k].pid == pid && n->line[k].idx == idx);
    ensures kept: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
      n->line[k].valid != 0 ==> n->line[k] == \old(n->line[k]);
    ensures fa_gone: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
      a->fa[k].valid != 0 ==> !(a->fa[k].pid == pid && a->fa[k].idx == idx);
    ensures row: \forall integer m; 0 <= m < UD_UTLB_ENTRIES ==>
      n->tab[pid][m].valid == \old(n->tab[pid][m].valid) &&
      n->tab[pid][m].vpn == \old(n->tab[pid][m].vpn);
*/
static void utlb_inval(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
		       uint32_t pid, uint32_t idx)
{
	uint32_t k;

	/* The NIC's lines (n), then the classifier's shadow (a, one line at a
	 * time by fa_drop, which carries ud_utlb_nic_wf(n) across its store). */
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_CACHE_LINES;
	    loop invariant done: \forall integer b; 0 <= b < k && n->line[b].valid != 0 ==>
	      !(n->line[b].pid == pid && n->line[b].idx == idx);
	    loop invariant kept: \forall integer b; 0 <= b < UD_UTLB_CACHE_LINES &&
	      n->line[b].valid != 0 ==> n->line[b] == \at(n->line[b], Pre);
	    loop invariant coh_but: ud_utlb_coherent_but(n, pid, idx);
	    loop invariant off: ud_utlb_off_wf(n);
	    loop invariant pin: ud_utlb_tab_pinned(n);
	    loop invariant dist: ud_utlb_tab_distinct(n);
	    loop assigns k, n->line[0 .. UD_UTLB_CACHE_LINES - 1];
	    loop variant UD_UTLB_CACHE_LINES - k;
	*/
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		if (n->line[k].valid != 0u && n->line[k].pid == pid && n->line[k].idx == idx)
			n->line[k].valid = 0u;
	}
	/*@ assert coh: ud_utlb_coherent(n); */
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_CACHE_LINES;
	    loop invariant fa_done: \forall integer b; 0 <= b < k && a->fa[b].valid != 0 ==>
	      !(a->fa[b].pid == pid && a->fa[b].idx == idx);
	    loop invariant gone: \forall integer b; 0 <= b < UD_UTLB_CACHE_LINES &&
	      n->line[b].valid != 0 ==> !(n->line[b].pid == pid && n->line[b].idx == idx);
	    loop invariant kept: \forall integer b; 0 <= b < UD_UTLB_CACHE_LINES &&
	      n->line[b].valid != 0 ==> n->line[b] == \at(n->line[b], Pre);
	    loop invariant wf: ud_utlb_nic_wf(n);
	    loop assigns k, a->fa[0 .. UD_UTLB_CACHE_LINES - 1];
	    loop variant UD_UTLB_CACHE_LINES - k;
	*/
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++)
		fa_drop(n, a, k, pid, idx);
}

/* Install the translation vpn -> ppn at the free slot tab[pid][idx]: one
 * store of the whole entry.  Carries ud_utlb_nic_wf(n) across the store in
 * its own small context (docs/utlb-proof-log.md, 2026-11-25 session 8). */
/*@ requires valid: \valid(n);
    requires range: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
    requires wf: ud_utlb_nic_wf(n);
    requires free_slot: !ud_utlb_installed(n, pid, idx);
    requires fresh: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != vpn;
    requires new_ok: vpn < UD_UTLB_VPAGES && ppn <= UD_UTLB_PPN_MAX &&
      ud_utlb_pinned[pid][vpn] == 1;
    requires no_line: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
      n->line[k].valid != 0 ==> !(n->line[k].pid == pid && n->line[k].idx == idx);
    assigns n->tab[pid][idx];
    ensures wf: ud_utlb_nic_wf(n);
    ensures entry: n->tab[pid][idx].ppn == ppn && n->tab[pid][idx].vpn == vpn &&
      n->tab[pid][idx].valid == 1;
*/
static void install_entry(struct ud_utlb_nic *n, uint32_t pid, uint32_t idx,
			  uint32_t vpn, uint64_t ppn)
{
	struct ud_utlb_entry e;

	e.ppn = ppn;
	e.vpn = vpn;
	e.valid = 1u;
	n->tab[pid][idx] = e;
	/*@ assert i_off: ud_utlb_off_wf(n); */
	/*@ assert i_pin: ud_utlb_tab_pinned(n); */
	/*@ assert i_dist: ud_utlb_tab_distinct(n); */
	/*@ assert i_coh: ud_utlb_coherent(n); */
}

/* The bookkeeping of an installation: entry tab[pid][idx] not yet used
 * since (classifier's first-use bit), one more page pinned (saturating).
 * n is only read: the helper states that ud_utlb_nic_wf(n) and the entry
 * survive the stores to a (\separated from n). */
/*@ requires valid: \valid_read(n) && \valid(a);
    requires sep: \separated(n, a);
    requires range: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES;
    requires wf: ud_utlb_nic_wf(n);
    assigns a->seen[pid][idx], a->st.pins;
    ensures wf: ud_utlb_nic_wf(n);
    ensures entry: n->tab[pid][idx] == \old(n->tab[pid][idx]);
    ensures first_use: a->seen[pid][idx] == 0;
    ensures pins: a->st.pins == (\old(a->st.pins) == UINT64_MAX ?
      \old(a->st.pins) : \old(a->st.pins) + 1);
*/
static void note_install(const struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			 uint32_t pid, uint32_t idx)
{
	(void)n; /* read by the contract only */
	a->seen[pid][idx] = 0u;
	/*@ assert s_off: ud_utlb_off_wf(n); */
	/*@ assert s_pin: ud_utlb_tab_pinned(n); */
	/*@ assert s_dist: ud_utlb_tab_distinct(n); */
	/*@ assert s_coh: ud_utlb_coherent(n); */
	/*@ assert s_wf: ud_utlb_nic_wf(n); */
	if (a->st.pins != UINT64_MAX)
		a->st.pins++;
	/*@ assert c_off: ud_utlb_off_wf(n); */
	/*@ assert c_pin: ud_utlb_tab_pinned(n); */
	/*@ assert c_dist: ud_utlb_tab_distinct(n); */
	/*@ assert c_coh: ud_utlb_coherent(n); */
}

/* The bookkeeping of an unpin: one more page unpinned (saturating).  n is
 * only read: the helper carries ud_utlb_nic_wf(n) across the counter's
 * store (a is \separated from n) in its own small context, as
 * note_install does. */
/*@ requires valid: \valid_read(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    assigns a->st.unpins;
    ensures wf: ud_utlb_nic_wf(n);
    ensures unpins: a->st.unpins == (\old(a->st.unpins) == UINT64_MAX ?
      \old(a->st.unpins) : \old(a->st.unpins) + 1);
*/
static void note_unpin(const struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a)
{
	(void)n; /* read by the contract only */
	if (a->st.unpins != UINT64_MAX)
		a->st.unpins++;
	/*@ assert u_off: ud_utlb_off_wf(n); */
	/*@ assert u_pin: ud_utlb_tab_pinned(n); */
	/*@ assert u_dist: ud_utlb_tab_distinct(n); */
	/*@ assert u_coh: ud_utlb_coherent(n); */
}

/* The install behaviour of ud_utlb_drv_map once its checks passed (range,
 * a page not yet in the table, no DMA in flight through a replaced entry):
 * pin, replace, install.  Out of line so that its goals do not carry the
 * checks' paths (UTLB-19's busy check, on branch s22-utlb19, made the
 * `others` frame time out when it stood in this body). */
/*@ requires valid: \valid(n) && \valid(a);
    requires sep: \separated(n, a);
    requires wf: ud_utlb_nic_wf(n);
    requires range: pid < UD_UTLB_NPROC && idx < UD_UTLB_ENTRIES && vpn < UD_UTLB_VPAGES;
    requires fresh: \forall integer k; 0 <= k < UD_UTLB_ENTRIES &&
      ud_utlb_installed(n, pid, k) ==> n->tab[pid][k].vpn != vpn;
    assigns ud_env, ud_utlb_pinned[pid][vpn], ud_utlb_frame[pid][vpn],
            ud_utlb_pinned[pid][n->tab[pid][idx].vpn],
            n->tab[pid][idx], a->seen[pid][idx],
            n->line[0 .. UD_UTLB_CACHE_LINES - 1], a->fa[0 .. UD_UTLB_CACHE_LINES - 1],
            a->st.pins, a->st.unpins;
    ensures wf: ud_utlb_nic_wf(n);
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
*/
static ud_status map_install(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			     uint32_t pid, uint32_t vpn, uint32_t idx)
{
	uint64_t ppn = 0u;

	if (ud_plat_utlb_pin(pid, vpn, &ppn) != UD_OK)
		return UD_E_PLATFORM;
	/*@ assert fresh2: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != vpn; */
	/*@ assert wf2: ud_utlb_tab_distinct(n); */
	/*@ assert pin2: ud_utlb_tab_pinned(n); */
	if (n->tab[pid][idx].valid != 0u) {
		uint32_t ov = n->tab[pid][idx].vpn;
		uint64_t op = n->tab[pid][idx].ppn;

		/*@ assert other_ov: \forall integer m; 0 <= m < UD_UTLB_ENTRIES && m != idx &&
		      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != ov; */
		/* Clear the entry, then drop its cache lines, then unpin
		 * (utlb_inval). */
		n->tab[pid][idx].valid = 0u;
		/*@ assert r_but: ud_utlb_coherent_but(n, pid, idx); */
		/*@ assert ov_free0: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
		      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != ov; */
		UD_UTLB_NIC_MAY_READ();
		utlb_inval(n, a, pid, idx);
		/*@ assert ov_free: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
		      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != ov; */
		/*@ assert pin_a: ud_utlb_tab_pinned(n); */
		ud_plat_utlb_unpin(pid, ov, op);
		if (a->st.unpins != UINT64_MAX)
			a->st.unpins++;
		/*@ assert c_unpins: a->st.unpins == ud_utlb_sat_inc(\at(a->st.unpins, Pre)); */
		/* pin_b holds after the counter write now that the counter is
		 * in a (\separated from n); pin3 after the join follows. */
		/*@ assert pin_b: ud_utlb_tab_pinned(n); */
	}
	/*@ assert free_slot: !ud_utlb_installed(n, pid, idx); */
	/*@ assert c_pins: a->st.pins == \at(a->st.pins, Pre) &&
	      (\at(ud_utlb_installed(n, pid, idx), Pre) ==>
	        a->st.unpins == ud_utlb_sat_inc(\at(a->st.unpins, Pre))) &&
	      (!\at(ud_utlb_installed(n, pid, idx), Pre) ==>
	        a->st.unpins == \at(a->st.unpins, Pre)); */
	/*@ assert fresh3: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != vpn; */
	/*@ assert dist3: ud_utlb_tab_distinct(n); */
	/*@ assert coh3: ud_utlb_coherent(n); */
	/*@ assert pin3: ud_utlb_tab_pinned(n); */
	/*@ assert new_pinned: ud_utlb_pinned[pid][vpn] == 1 && ppn <= UD_UTLB_PPN_MAX; */
	/*@ assert new_frame: ppn == ud_utlb_frame[pid][vpn]; */
	/*@ assert no_line: \forall integer k; 0 <= k < UD_UTLB_CACHE_LINES &&
	      n->line[k].valid != 0 ==> !(n->line[k].pid == pid && n->line[k].idx == idx); */
	/* `others`: every store so far and the one below are to entry
	 * (pid, idx).  The lemma after the wf asserts above, so that their
	 * goals keep their own small context. */
	/*@ ghost entry_separated(n); */
	/*@ assert o_join: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	/* The entry, then the bookkeeping, each by a helper that carries
	 * ud_utlb_nic_wf(n) across its stores in its own small context. */
	install_entry(n, pid, idx, vpn, ppn);
	/* One frame per memory chunk first (valid: uint8, vpn: uint32, ppn:
	 * uint64), then the struct equality from the three. */
	/*@ assert o_valid: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
	      n->tab[q][k].valid == \at(n->tab[q][k].valid, Pre); */
	/*@ assert o_vpn: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
	      n->tab[q][k].vpn == \at(n->tab[q][k].vpn, Pre); */
	/*@ assert o_ppn: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
	      n->tab[q][k].ppn == \at(n->tab[q][k].ppn, Pre); */
	/*@ assert o_inst: \forall integer q, k; 0 <= q < UD_UTLB_NPROC &&
	      0 <= k < UD_UTLB_ENTRIES && (q != pid || k != idx) ==>
	      n->tab[q][k] == \at(n->tab[q][k], Pre); */
	note_install(n, a, pid, idx);
	return UD_OK;
}

ud_status ud_utlb_drv_map(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			  const struct ud_utlb_flight *f, uint32_t pid, uint32_t vpn,
			  uint32_t idx)
{
	uint32_t k;

	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES || vpn >= UD_UTLB_VPAGES)
		return UD_E_RANGE;
	/* One translation per page per process (nic_wf): a page already in
	 * the table is not pinned twice. */
	/*@ loop invariant bound: 0 <= k <= UD_UTLB_ENTRIES;
	    loop invariant fresh: \forall integer m; 0 <= m < k &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != vpn;
	    loop assigns k;
	    loop variant UD_UTLB_ENTRIES - k;
	*/
	for (k = 0; k < UD_UTLB_ENTRIES; k++) {
		if (n->tab[pid][k].valid != 0u && n->tab[pid][k].vpn == vpn)
			return UD_E_STATE;
	}
	/* UTLB-19: never replace an entry under a DMA in flight (before any
	 * pin: a refusal changes nothing). */
	if (n->tab[pid][idx].valid != 0u && f->busy[pid][idx] != 0u)
		return UD_E_BUSY;
	return map_install(n, a, pid, vpn, idx);
}

ud_status ud_utlb_drv_unmap(struct ud_utlb_nic *n, struct ud_utlb_nic_aux *a,
			    const struct ud_utlb_flight *f, uint32_t pid, uint32_t idx)
{
	uint32_t v;
	uint64_t p;

	if (pid >= UD_UTLB_NPROC || idx >= UD_UTLB_ENTRIES)
		return UD_E_RANGE;
	if (n->tab[pid][idx].valid == 0u)
		return UD_E_NOENT;
	if (f->busy[pid][idx] != 0u)
		return UD_E_BUSY;     /* UTLB-19: a DMA in flight through it */
	v = n->tab[pid][idx].vpn;
	p = n->tab[pid][idx].ppn;
	/*@ assert other_v: \forall integer m; 0 <= m < UD_UTLB_ENTRIES && m != idx &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != v; */
	/* Clear the entry, then drop its cache lines, then unpin: the NIC never
	 * uses, nor refills a line from, a translation whose page is being
	 * unpinned (utlb_inval). */
	n->tab[pid][idx].valid = 0u;
	a->seen[pid][idx] = 0u;
	/*@ assert w_but: ud_utlb_coherent_but(n, pid, idx); */
	/*@ assert v_free0: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != v; */
	UD_UTLB_NIC_MAY_READ();
	utlb_inval(n, a, pid, idx);
	/*@ assert w_coh: ud_utlb_coherent(n); */
	/*@ assert w_dist: ud_utlb_tab_distinct(n); */
	/*@ assert v_free: \forall integer m; 0 <= m < UD_UTLB_ENTRIES &&
	      ud_utlb_installed(n, pid, m) ==> n->tab[pid][m].vpn != v; */
	/*@ assert pin_a: ud_utlb_tab_pinned(n); */
	ud_plat_utlb_unpin(pid, v, p);
	/*@ assert w_off: ud_utlb_off_wf(n); */
	/*@ assert w_pin: ud_utlb_tab_pinned(n); */
	note_unpin(n, a);
	return UD_OK;
}
