/* SPDX-License-Identifier: MIT */
/*
 * utlb.h -- the UTLB's state (seed 000_84f077e385ac0b00.txt, "DESIGN OF
 * UTLB"): the NIC-side per-process translation tables and translation
 * cache, and the user-level lookup tree.  The operations and their
 * contracts are in utlb_table.h (driver side), utlb_cache.h (NIC side) and
 * utlb_lookup.h (user library); the invariant is spec/utlb.acsl.
 *
 *   process                      driver (kmod)                NIC
 *   ud_utlb_get(va) --hit------------------------------------> index
 *        | miss: pick index i (free, or CLOCK victim with no
 *        |       outstanding reference)
 *        +--> ud_utlb_drv_map(pid, vpn, i): pin, install tab[pid][i]
 *   post DMA with index i  ------------------> ud_utlb_nic_translate(pid, i)
 *                                               cache (set = (i+off[pid]) % SETS)
 *                                               miss -> read tab[pid][i]
 */
#ifndef UD_UTLB_H
#define UD_UTLB_H

#include "ud_common.h"
#include "ud_platform.h"
#include "utlb_param.h"

_Static_assert(UD_UTLB_ENTRIES >= 1u && UD_UTLB_ENTRIES < 0xFFFFu,
	       "tree leaves store index + 1 in 16 bits");
_Static_assert(UD_UTLB_POOL >= 1u && UD_UTLB_POOL < 0x7FFFu,
	       "l1 (int16_t) stores leaf + 1");
/* leaf_dir's "no l1 slot" value, as the int32_t the field holds (utlb_param.h
 * has it unsigned, for the 16-bit layout it had before). */
#define UD_UTLB_LEAF_FREE ((int32_t)UD_UTLB_NO_LEAF)
_Static_assert(UD_UTLB_L1_SIZE < UD_UTLB_NO_LEAF, "leaf_dir sentinel");
_Static_assert(UD_UTLB_CACHE_SETS >= 1u && UD_UTLB_CACHE_WAYS >= 1u, "cache");

/* Keeps a cold path out of line (the hit path stays a leaf function). */
#define UD_UTLB_COLD __attribute__((__noinline__, __cold__))

/* One entry of a process's translation table (NIC memory).  The NIC uses
 * ppn; vpn is the driver's record of the page it pinned (to unpin it). */
struct ud_utlb_entry {
	uint64_t ppn;     /* physical page number                 */
	uint32_t vpn;     /* virtual page number it translates    */
	uint8_t  valid;   /* 0: no translation                    */
};

/* One line of the NIC's translation cache (and, the tag fields only, of
 * the classifier's shadow).  The LRU stamps live in struct ud_utlb_nic_aux. */
struct ud_utlb_line {
	uint64_t ppn;     /* cached translation                   */
	uint32_t pid;     /* tag: process ...                     */
	uint32_t idx;     /* ... and table index                  */
	uint8_t  valid;
};

/* Counters a user can read (NIC side). */
struct ud_utlb_nic_stats {
	uint64_t hits;             /* NIC cache hits                     */
	uint64_t miss_compulsory;  /* first use of an installed entry    */
	uint64_t miss_capacity;    /* would miss fully associative too   */
	uint64_t miss_conflict;    /* would hit fully associative        */
	uint64_t pins;             /* pages pinned by the driver side    */
	uint64_t unpins;           /* pages unpinned by the driver side  */
};

/* NIC memory: invisible to processes, written by the driver side and by
 * the NIC's own cache logic.  Only what the translated physical page
 * depends on: the tables, the offsets and the cache lines (ud_utlb_nic_wf
 * is over exactly this).  Initialise with ud_utlb_nic_init. */
struct ud_utlb_nic {
	struct ud_utlb_entry tab[UD_UTLB_NPROC][UD_UTLB_ENTRIES];
	uint32_t off[UD_UTLB_NPROC];      /* per-process index offset */
	/* The translation cache: way w of set s is line[s * WAYS + w]. */
	struct ud_utlb_line line[UD_UTLB_CACHE_LINES];
};

/* The rest of the NIC's memory: its bookkeeping, which no translated
 * physical page depends on -- the cache's LRU stamps and clock, the miss
 * classifier, the counters.  A separate object (every operation requires
 * \separated(n, a)), so that a write to it is a write to another object
 * than the ones ud_utlb_nic_wf reads (docs/utlb-proof-log.md, 2026-11-25). */
struct ud_utlb_nic_aux {
	uint64_t stamp[UD_UTLB_CACHE_LINES]; /* last use of line[k], for LRU */
	uint64_t tick;                    /* LRU clock (saturating)   */
	/* Miss classifier (not on the translation path): a fully associative
	 * LRU cache of the same number of lines (tags and stamps), and a
	 * first-use bit per entry since its installation. */
	struct ud_utlb_line fa[UD_UTLB_CACHE_LINES];
	uint64_t fa_stamp[UD_UTLB_CACHE_LINES];
	uint8_t  seen[UD_UTLB_NPROC][UD_UTLB_ENTRIES];
	struct ud_utlb_nic_stats st;
};

/* The most DMAs in flight through one entry (ud_utlb_nic_begin refuses
 * one more with UD_E_OVERFLOW). */
#define UD_UTLB_BUSY_MAX 65535u

/* The NIC's DMAs in flight through each entry (UTLB-19), NIC memory like
 * the tables but an object of its own: one more when the NIC starts a DMA
 * through an entry (ud_utlb_nic_begin), one less when that DMA ends
 * (ud_utlb_nic_end); the driver refuses to unmap or replace an entry while
 * its count is not zero.  Passed only to the calls that read or write it,
 * so every other call's contract (and proof) is the one it had before.
 * Initialise with ud_utlb_flight_init. */
struct ud_utlb_flight {
	uint16_t busy[UD_UTLB_NPROC][UD_UTLB_ENTRIES];
};

/* Counters a user can read (library side). */
struct ud_utlb_lib_stats {
	uint64_t hits;       /* lookups found in the tree                 */
	uint64_t misses;     /* lookups that asked the driver (user-level  */
	                     /* check misses)                              */
	uint64_t evictions;  /* translations evicted to make room          */
};

/* One leaf of the lookup tree: slot j of the leaf for l1 slot h stands
 * for virtual page h * L2_SIZE + j.  A struct, not a row of a 2-D array,
 * so that a contract can name a range of leaves as one block
 * (`u->l2[0 .. POOL - 1]`): with a 2-D range every caller's assigns goal
 * needed a witness row for each slot and timed out
 * (docs/utlb-proof-log.md, 2026-11-25 session 9). */
struct ud_utlb_leaf {
	uint16_t slot[UD_UTLB_L2_SIZE];    /* 0, or index + 1              */
};

/* The field types of the library are chosen for the proof as well as for
 * the values they hold: under Frama-C WP's typed memory model each C
 * integer type is a memory of its own, so a store to l1 (int16_t), a leaf
 * slot (uint16_t), leaf_dir (int32_t), used (int8_t) or vpn_of (int64_t)
 * provably leaves the other four -- and every unsigned field of the NIC
 * state, which ud_utlb_nic_wf reads -- unchanged, with no separation
 * reasoning.  refs (int32_t) shares leaf_dir's memory: eight integer kinds
 * are not enough for all.  With l1, l2 and leaf_dir all uint16_t, the
 * frame goals of the tree updates took 10-30 s each
 * (docs/utlb-proof-log.md, 2026-11-25 session 9). */
/* The user-level library of one process: the lookup tree and the reverse
 * map (ud_utlb_lib_wf is over exactly this).  Initialise with
 * ud_utlb_lib_init. */
struct ud_utlb_lib {
	uint32_t pid;                      /* process (table) id           */
	uint32_t cap;                      /* table entries used, <= ENTRIES */
	int16_t  l1[UD_UTLB_L1_SIZE];      /* 0, or leaf + 1               */
	struct ud_utlb_leaf l2[UD_UTLB_POOL]; /* slots: 0, or index + 1 */
	int32_t  leaf_dir[UD_UTLB_POOL];   /* l1 slot of a leaf, or NO_LEAF */
	int64_t  vpn_of[UD_UTLB_ENTRIES];  /* reverse map index -> page    */
	int32_t  refs[UD_UTLB_ENTRIES];    /* outstanding transfers        */
	int8_t   used[UD_UTLB_ENTRIES];    /* index holds a translation    */
};

/* The library's bookkeeping (the process's memory too, a separate object:
 * \separated(u, c, n, a)): the CLOCK state and the counters. */
struct ud_utlb_lib_aux {
	uint32_t hand;                     /* CLOCK hand, < cap            */
	uint8_t  refbit[UD_UTLB_ENTRIES];  /* CLOCK reference bit          */
	struct ud_utlb_lib_stats st;
};

#include "utlb.acsl"

#endif /* UD_UTLB_H */
