/* SPDX-License-Identifier: MIT */
/*
 * prot.h -- the state of the protection core (seed 001_7ab1209d0a9249cf.txt,
 * InfiniBand memory protection; seed 002_ffb04a49a005edd4.txt, VIA
 * protection tags): protection domains, memory regions (MR), memory windows
 * (MW), the membership of QPs and address handles, and the pin table.
 *
 * One struct, one invariant (ud_prot_inv in spec/prot.acsl), required and
 * ensured by every verb of src/pd.c, src/mr.c, src/mw.c, src/access.c.
 * Handles are slot indices; keys are generation-tagged (docs/protection.md):
 *
 *     key = gen * 256 + idx      idx < 16: region idx; 16..31: window idx-16
 *
 * A slot's generation only grows and never wraps: a key, once invalidated,
 * never validates again (no horizon); a slot retires after
 * UD_KEY_GEN_MAX (2^24 - 1) keys.
 */
#ifndef UD_PROT_H
#define UD_PROT_H

#include "ud_common.h"

/* Table sizes (fixed: the key layout gives 16 region and 16 window slots). */
#define UD_PROT_NPD    8u     /* protection domains                        */
#define UD_PROT_NQP    16u    /* QP membership slots                       */
#define UD_PROT_NAH    16u    /* address-handle membership slots           */
#define UD_PROT_NMR    16u    /* memory regions (key idx 0..15)            */
#define UD_PROT_NMW    16u    /* memory windows (key idx 16..31)           */
#define UD_PROT_MAXPG  16u    /* pages per region (64 KB of 4 KB pages)    */
#define UD_PROT_NPIN   64u    /* distinct pinned pages                     */

/* spec/prot.acsl writes the pin-count sums out over 16 pages and 16
 * regions (a closed form the provers frame without induction). */
_Static_assert(UD_PROT_NMR == 16u && UD_PROT_MAXPG == 16u,
	       "spec/prot.acsl: ud_occ16 and ud_cov are written for 16 slots");

/* Physical addresses: 44 bits (32-bit page frame numbers of 4 KB pages;
 * docs/protection.md).  The last page starts at 2^44 - 4096. */
#define UD_PROT_PA_MAX 0xFFFFFFFF000ull

/* Keys: 8-bit slot index, 24-bit generation (see the header comment). */
#define UD_KEY_IDX_SPAN 256u
#define UD_KEY_GEN_MAX  16777215u   /* 2^24 - 1 */

/* Access flags: rdma-core's IBV_ACCESS_* values (seed 001, 1.2.1). */
#define UD_ACC_LOCAL_WRITE   1u
#define UD_ACC_REMOTE_WRITE  2u
#define UD_ACC_REMOTE_READ   4u
#define UD_ACC_REMOTE_ATOMIC 8u
#define UD_ACC_MW_BIND       16u
#define UD_ACC_ALL           31u
#define UD_ACC_REMOTE (UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ | UD_ACC_REMOTE_ATOMIC)

/* Bit test written arithmetically, as spec/prot.acsl's ud_has. */
#define UD_HAS(a, bit) ((((a) / (bit)) % 2u) == 1u)

/* Access kinds presented to the check. */
#define UD_KIND_LOCAL_READ    0u
#define UD_KIND_LOCAL_WRITE   1u
#define UD_KIND_REMOTE_READ   2u
#define UD_KIND_REMOTE_WRITE  3u
#define UD_KIND_REMOTE_ATOMIC 4u

struct ud_mr {
	uint32_t live;               /* 1 while registered                      */
	uint32_t pd;                 /* owning protection domain                */
	uint32_t access;             /* UD_ACC_* flags                          */
	uint32_t gen;                /* key generation (grows, never wraps)     */
	uint64_t iova;               /* first byte's virtual address / IOVA     */
	uint32_t len;                /* length in bytes, 1 .. 65536             */
	uint32_t off;                /* offset of iova in the first page        */
	uint32_t npages;             /* pages in page[]                         */
	uint32_t pfn[UD_PROT_MAXPG]; /* page frame numbers (physical >> 12)     */
};

struct ud_mw {
	uint32_t live;               /* 1 while allocated                       */
	uint32_t bound;              /* 1 while bound to a region               */
	uint32_t pd;                 /* owning protection domain                */
	uint32_t mr;                 /* region bound to (when bound)            */
	uint32_t access;             /* remote rights of the binding            */
	uint32_t gen;                /* key generation (grows, never wraps)     */
	uint64_t va;                 /* first byte of the bound range           */
	uint64_t len;                /* bytes in the bound range                */
};

/* One pinned physical page and the number of registrations covering it. */
struct ud_pin {
	uint32_t pfn;                /* page frame number (when count > 0)      */
	uint32_t count;              /* 0 = free entry                          */
};

struct ud_prot {
	uint32_t pd_live[UD_PROT_NPD];
	uint32_t qp_live[UD_PROT_NQP];
	uint32_t qp_pd[UD_PROT_NQP];
	uint32_t ah_live[UD_PROT_NAH];
	uint32_t ah_pd[UD_PROT_NAH];
	struct ud_mr mr[UD_PROT_NMR];
	struct ud_mw mw[UD_PROT_NMW];
	struct ud_pin pin[UD_PROT_NPIN];
};

#include "prot.acsl"

#endif /* UD_PROT_H */
