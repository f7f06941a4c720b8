/* SPDX-License-Identifier: MIT */
/*
 * utlb_param.h -- the compile-time geometry of the UTLB (seed
 * 000_84f077e385ac0b00.txt, "DESIGN OF UTLB").  The seed fixes no sizes;
 * the defaults below are our choice (docs/utlb.md, "Decisions").  Each is
 * overridable with -D; the invariants in spec/utlb.acsl are written
 * against the macros, so a different geometry re-proves unchanged.
 *
 * Kept apart from utlb.h because src/ud_platform.h needs the process count
 * and the virtual-page window for the ghost pin state of its utlb section.
 */
#ifndef UD_UTLB_PARAM_H
#define UD_UTLB_PARAM_H

/* Processes that can hold a translation table ("UTLB allocates for each
 * process" a table). */
#ifndef UD_UTLB_NPROC
#define UD_UTLB_NPROC        8u
#endif

/* Entries of one process's translation table ("a fixed-sized translation
 * table for each started process"). */
#ifndef UD_UTLB_ENTRIES
#define UD_UTLB_ENTRIES      1024u
#endif

/* The user-level two-level lookup tree ("a standard two-level page table
 * architecture"): a virtual page number is L1 index (high bits) : L2 index
 * (low bits).  12 + 8 bits of 4 KB pages = a 4 GB virtual window. */
#ifndef UD_UTLB_L1_BITS
#define UD_UTLB_L1_BITS      12u
#endif
#ifndef UD_UTLB_L2_BITS
#define UD_UTLB_L2_BITS      8u
#endif
#define UD_UTLB_L1_SIZE      (1u << UD_UTLB_L1_BITS)
#define UD_UTLB_L2_SIZE      (1u << UD_UTLB_L2_BITS)
#define UD_UTLB_VPAGES       (UD_UTLB_L1_SIZE * UD_UTLB_L2_SIZE)

/* Second-level (leaf) tables available to one process.  A leaf is freed
 * when its last entry is evicted, so at most min(ENTRIES, L1_SIZE) leaves
 * are ever live: ENTRIES + 1 means a leaf is always free (the code still
 * checks and returns UD_E_NOSPC; tests override it small). */
#ifndef UD_UTLB_POOL
#define UD_UTLB_POOL         (UD_UTLB_ENTRIES + 1u)
#endif
#define UD_UTLB_NO_LEAF      0xFFFFu

/* The NIC's translation cache: set-associative ("Conflict misses can be
 * reduced by making UTLB a set-associative"). */
#ifndef UD_UTLB_CACHE_SETS
#define UD_UTLB_CACHE_SETS   64u
#endif
#ifndef UD_UTLB_CACHE_WAYS
#define UD_UTLB_CACHE_WAYS   4u
#endif
#define UD_UTLB_CACHE_LINES  (UD_UTLB_CACHE_SETS * UD_UTLB_CACHE_WAYS)

/* Physical page numbers the platform may return: 52-bit physical
 * addresses (x86_64 and AArch64 maximum) of 4 KB pages. */
#define UD_UTLB_PPN_MAX      0xFFFFFFFFFFull

/* Miss classes (the seed's three categories, after Hill [11]). */
#define UD_UTLB_HIT          0u
#define UD_UTLB_MISS_COMPULSORY 1u
#define UD_UTLB_MISS_CAPACITY   2u
#define UD_UTLB_MISS_CONFLICT   3u

#endif /* UD_UTLB_PARAM_H */
