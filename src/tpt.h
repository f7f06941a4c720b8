/* SPDX-License-Identifier: MIT */
/*
 * tpt.h -- the translation-and-protection tables of a PCI-SCI bridge with
 * VIA-style memory management (seed 002_ffb04a49a005edd4.txt, 3.1-3.3 and
 * 4.1-4.3).
 *
 *   upstream table (export, 3.1 and 4.1): page i of the node's virtual
 *     local PCI address space -> local physical page, protection tag.
 *     "Accesses to sensitive address ranges are prevented by just not
 *     including them into the translation table."  Page = host page, 4 kB;
 *     window 128 MB ("128MB is the planned maximum window size"), so
 *     32768 entries.
 *   downstream table (import, 3.2 and 4.2): page j of the imported window
 *     -> (remote node id, offset in that node's virtual local PCI space),
 *     protection tag.  "Our targeted amount of imported SCI memory is 1GB
 *     with a page granularity of 16kB": 65536 entries.
 *
 * Protection tags (3.2, 4.3): the tag of the accessed page is compared
 * with the tag of the virtual interface whose descriptor the engine runs;
 * "a check for right protection tags is really made only for the DMA
 * engine and only on the active node ... In all other cases the same
 * translation and protection tables are used, but the protection tags
 * inside are ignored".  So every translation takes a mode:
 * UD_TPT_ENGINE (tag compared) or UD_TPT_PIO (programmed I/O, or a
 * transaction arriving from another node: tag ignored).
 *
 * The seed does not give the tag's width: 16 bits here (docs/tpt.md).
 * Physical pages: below 2^40 (52-bit physical addresses).
 */
#ifndef UD_TPT_H
#define UD_TPT_H

#include "ud_common.h"

#ifndef UD_TPT_UP_ENTRIES
#define UD_TPT_UP_ENTRIES   32768u   /* 128 MB / 4 kB (seed 002, 4.1) */
#endif
#ifndef UD_TPT_DOWN_ENTRIES
#define UD_TPT_DOWN_ENTRIES 65536u   /* 1 GB / 16 kB (seed 002, 4.1)  */
#endif
#define UD_TPT_UP_SHIFT     12u      /* 4 kB export pages  */
#define UD_TPT_DOWN_SHIFT   14u      /* 16 kB import pages */
#define UD_TPT_UP_PAGE      4096u
#define UD_TPT_DOWN_PAGE    16384u
#define UD_TPT_UP_WIN   ((uint64_t)UD_TPT_UP_ENTRIES * UD_TPT_UP_PAGE)
#define UD_TPT_DOWN_WIN ((uint64_t)UD_TPT_DOWN_ENTRIES * UD_TPT_DOWN_PAGE)
#define UD_TPT_PPN_LIM      0x10000000000ull   /* 2^40 physical pages */

/* Who performs the access (section 4.3). */
#define UD_TPT_ENGINE 0u   /* the DMA engine on the active node: tag checked */
#define UD_TPT_PIO    1u   /* programmed I/O or a remote node's transaction:
			      tag ignored */

struct ud_tpt_up {
	uint64_t ppn;    /* local physical page number */
	uint16_t tag;    /* protection tag             */
	bool     valid;
};

struct ud_tpt_down {
	uint64_t roff;   /* 16 kB-aligned offset in the remote node's virtual
			    local PCI space (below its export window) */
	uint16_t node;   /* remote SCI node id */
	uint16_t tag;    /* protection tag     */
	bool     valid;
};

/* One bridge's tables. */
struct ud_tpt {
	uint16_t node;                               /* this node's SCI id */
	struct ud_tpt_up   up[UD_TPT_UP_ENTRIES];
	struct ud_tpt_down down[UD_TPT_DOWN_ENTRIES];
};

#include "tpt.acsl"

/*@ requires valid: \valid(t);
    assigns *t;
    ensures inv: ud_tpt_inv(t);
    ensures node: t->node == node;
    ensures empty_up: \forall integer i; 0 <= i < UD_TPT_UP_ENTRIES ==> !t->up[i].valid;
    ensures empty_down: \forall integer j; 0 <= j < UD_TPT_DOWN_ENTRIES ==> !t->down[j].valid;
*/
void ud_tpt_init(struct ud_tpt *t, uint16_t node);

/* Export one local physical page as page idx of the node's virtual local
 * PCI space (4.2: "Registering memory is done on a by-page basis"). */
/*@ requires valid: \valid(t);
    requires inv: ud_tpt_inv(t);
    assigns t->up[idx];
    ensures inv: ud_tpt_inv(t);
    behavior range:
      assumes idx >= UD_TPT_UP_ENTRIES || ppn >= UD_TPT_PPN_LIM;
      ensures status: \result == UD_E_RANGE;
      ensures unchanged: idx < UD_TPT_UP_ENTRIES ==> t->up[idx] == \old(t->up[idx]);
    behavior busy:
      assumes idx < UD_TPT_UP_ENTRIES && ppn < UD_TPT_PPN_LIM && t->up[idx].valid;
      ensures status: \result == UD_E_BUSY;
      ensures unchanged: t->up[idx] == \old(t->up[idx]);
    behavior exported:
      assumes idx < UD_TPT_UP_ENTRIES && ppn < UD_TPT_PPN_LIM && !t->up[idx].valid;
      ensures status: \result == UD_OK;
      ensures entry: t->up[idx].valid && t->up[idx].ppn == ppn && t->up[idx].tag == tag;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_export(struct ud_tpt *t, uint32_t idx, uint64_t ppn, uint16_t tag);

/* Withdraw page idx: from now on no access, from any node, translates. */
/*@ requires valid: \valid(t);
    requires inv: ud_tpt_inv(t);
    assigns t->up[idx];
    ensures inv: ud_tpt_inv(t);
    behavior range:
      assumes idx >= UD_TPT_UP_ENTRIES;
      ensures status: \result == UD_E_RANGE;
    behavior not_exported:
      assumes idx < UD_TPT_UP_ENTRIES && !t->up[idx].valid;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: t->up[idx] == \old(t->up[idx]);
    behavior withdrawn:
      assumes idx < UD_TPT_UP_ENTRIES && t->up[idx].valid;
      ensures status: \result == UD_OK;
      ensures gone: !t->up[idx].valid;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_unexport(struct ud_tpt *t, uint32_t idx);

/* Import: page idx of the import window maps the 16 kB at offset roff of
 * node's virtual local PCI space (4.2: "set up entries inside its
 * downstream address translation table so that they point to the region
 * inside the global SCI memory that belongs to the exporter"). */
/*@ requires valid: \valid(t);
    requires inv: ud_tpt_inv(t);
    assigns t->down[idx];
    ensures inv: ud_tpt_inv(t);
    behavior range:
      assumes idx >= UD_TPT_DOWN_ENTRIES || roff >= UD_TPT_UP_WIN;
      ensures status: \result == UD_E_RANGE;
      ensures unchanged: idx < UD_TPT_DOWN_ENTRIES ==> t->down[idx] == \old(t->down[idx]);
    behavior misaligned:
      assumes idx < UD_TPT_DOWN_ENTRIES && roff < UD_TPT_UP_WIN && roff % 16384 != 0;
      ensures status: \result == UD_E_INVAL;
      ensures unchanged: t->down[idx] == \old(t->down[idx]);
    behavior busy:
      assumes idx < UD_TPT_DOWN_ENTRIES && roff < UD_TPT_UP_WIN && roff % 16384 == 0;
      assumes t->down[idx].valid;
      ensures status: \result == UD_E_BUSY;
      ensures unchanged: t->down[idx] == \old(t->down[idx]);
    behavior imported:
      assumes idx < UD_TPT_DOWN_ENTRIES && roff < UD_TPT_UP_WIN && roff % 16384 == 0;
      assumes !t->down[idx].valid;
      ensures status: \result == UD_OK;
      ensures entry: t->down[idx].valid && t->down[idx].node == node &&
                     t->down[idx].roff == roff && t->down[idx].tag == tag;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_import(struct ud_tpt *t, uint32_t idx, uint16_t node, uint64_t roff,
			uint16_t tag);

/*@ requires valid: \valid(t);
    requires inv: ud_tpt_inv(t);
    assigns t->down[idx];
    ensures inv: ud_tpt_inv(t);
    behavior range:
      assumes idx >= UD_TPT_DOWN_ENTRIES;
      ensures status: \result == UD_E_RANGE;
    behavior not_imported:
      assumes idx < UD_TPT_DOWN_ENTRIES && !t->down[idx].valid;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: t->down[idx] == \old(t->down[idx]);
    behavior withdrawn:
      assumes idx < UD_TPT_DOWN_ENTRIES && t->down[idx].valid;
      ensures status: \result == UD_OK;
      ensures gone: !t->down[idx].valid;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_unimport(struct ud_tpt *t, uint32_t idx);

/* Upstream translation of one byte address of the node's virtual local PCI
 * space, for an access by `mode` on behalf of a virtual interface with
 * protection tag `tag` (ignored unless mode is UD_TPT_ENGINE). */
/*@ requires valid: \valid_read(t) && \valid(pa);
    requires sep: \separated(t, pa);
    requires inv: ud_tpt_inv(t);
    assigns *pa;
    behavior bad_mode:
      assumes mode > UD_TPT_PIO;
      ensures status_inval: \result == UD_E_INVAL;
      ensures unchanged: *pa == \old(*pa);
    behavior outside:
      assumes mode <= UD_TPT_PIO && addr >= UD_TPT_UP_WIN;
      ensures status_range: \result == UD_E_RANGE;
      ensures unchanged: *pa == \old(*pa);
    behavior unmapped:
      assumes mode <= UD_TPT_PIO && addr < UD_TPT_UP_WIN && !t->up[addr / 4096].valid;
      ensures status_noent: \result == UD_E_NOENT;
      ensures unchanged: *pa == \old(*pa);
    behavior wrong_tag:
      assumes mode <= UD_TPT_PIO && addr < UD_TPT_UP_WIN && t->up[addr / 4096].valid;
      assumes ud_tpt_checks(mode) && t->up[addr / 4096].tag != tag;
      ensures status_perm: \result == UD_E_PERM;
      ensures unchanged: *pa == \old(*pa);
    behavior granted:
      assumes mode <= UD_TPT_PIO && ud_tpt_up_grants(t, addr, mode, tag);
      ensures status_ok: \result == UD_OK;
      ensures translated: *pa == ud_tpt_up_pa(t, addr);
      ensures same_offset: *pa % 4096 == addr % 4096;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_up_xlate(const struct ud_tpt *t, uint64_t addr, uint32_t mode,
			  uint16_t tag, uint64_t *pa);

/* Downstream translation of one byte address of the import window: the
 * remote node and the offset in its virtual local PCI space. */
/*@ requires valid: \valid_read(t) && \valid(node) && \valid(roff);
    requires sep: \separated(t, node, roff);
    requires inv: ud_tpt_inv(t);
    assigns *node, *roff;
    behavior bad_mode:
      assumes mode > UD_TPT_PIO;
      ensures status_inval: \result == UD_E_INVAL;
      ensures unchanged: *node == \old(*node) && *roff == \old(*roff);
    behavior outside:
      assumes mode <= UD_TPT_PIO && addr >= UD_TPT_DOWN_WIN;
      ensures status_range: \result == UD_E_RANGE;
      ensures unchanged: *node == \old(*node) && *roff == \old(*roff);
    behavior unmapped:
      assumes mode <= UD_TPT_PIO && addr < UD_TPT_DOWN_WIN && !t->down[addr / 16384].valid;
      ensures status_noent: \result == UD_E_NOENT;
      ensures unchanged: *node == \old(*node) && *roff == \old(*roff);
    behavior wrong_tag:
      assumes mode <= UD_TPT_PIO && addr < UD_TPT_DOWN_WIN && t->down[addr / 16384].valid;
      assumes ud_tpt_checks(mode) && t->down[addr / 16384].tag != tag;
      ensures status_perm: \result == UD_E_PERM;
      ensures unchanged: *node == \old(*node) && *roff == \old(*roff);
    behavior granted:
      assumes mode <= UD_TPT_PIO && ud_tpt_down_grants(t, addr, mode, tag);
      ensures status_ok: \result == UD_OK;
      ensures translated: *node == ud_tpt_down_node(t, addr) &&
                          *roff == ud_tpt_down_off(t, addr);
      ensures in_window: *roff < ud_tpt_up_win;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_tpt_down_xlate(const struct ud_tpt *t, uint64_t addr, uint32_t mode,
			    uint16_t tag, uint16_t *node, uint64_t *roff);

/* The bridge translations of one access to imported memory (Fig. 2 for
 * programmed I/O, Fig. 3 for the DMA engine): downstream on the importer
 * (tag checked when mode is UD_TPT_ENGINE), the transaction reaches node
 * exp, upstream there with tags ignored.  The first translation (the
 * importing process's virtual address -> PCI address, by the host MMU) is
 * the platform's ([A-TPT-MMU] in spec/ASSUMPTIONS.md). */
/*@ requires valid: \valid_read(imp) && \valid_read(exp) && \valid(pa);
    requires sep: \separated(imp, pa) && \separated(exp, pa);
    requires inv: ud_tpt_inv(imp) && ud_tpt_inv(exp);
    assigns *pa;
    ensures grant_iff: \result == UD_OK <==> (mode <= UD_TPT_PIO &&
                        ud_tpt_path_grants(imp, exp, addr, mode, tag));
    ensures translated: \result == UD_OK ==>
                        *pa == ud_tpt_up_pa(exp, ud_tpt_down_off(imp, addr));
    ensures unchanged: \result != UD_OK ==> *pa == \old(*pa);
    ensures codes: \result == UD_E_NOENT || \result == UD_OK ||
                        \result == UD_E_RANGE || \result == UD_E_PERM ||
                        \result == UD_E_INVAL;
    ensures mode_ok: mode <= UD_TPT_PIO ==> \result != UD_E_INVAL;
*/
ud_status ud_tpt_path(const struct ud_tpt *imp, const struct ud_tpt *exp, uint64_t addr,
		      uint32_t mode, uint16_t tag, uint64_t *pa);

#endif /* UD_TPT_H */
