/* SPDX-License-Identifier: MIT */
/*
 * prot.h -- the state of the protection core (seed 001_7ab1209d0a9249cf.txt,
 * InfiniBand memory protection; seed 002_ffb04a49a005edd4.txt, VIA
 * protection tags): protection domains, memory regions (MR), memory windows
 * (MW), the membership of QPs and address handles, and the regions' page
 * lists with one OS pin per listed page (issue 21, docs/scale.md step 3:
 * the pools of src/mr_pages.h, the pin door of src/mr_pin.h).
 *
 * One struct, one invariant (ud_prot_inv in spec/prot.acsl), required and
 * ensured by every verb of src/pd.c, src/mr.c, src/mw.c, src/access.c.
 * Handles are slot indices; keys are generation-tagged (docs/protection.md):
 *
 *     key = gen * 8192 + idx     idx < 4096: region idx; 4096..8191: window idx-4096
 *
 * A slot's generation only grows and never wraps: a key, once invalidated,
 * never validates again (no horizon); a slot retires after
 * UD_KEY_GEN_MAX (2^19 - 1) keys (docs/scale.md 2.3).
 */
#ifndef UD_PROT_H
#define UD_PROT_H

#include "ud_common.h"

/* Table sizes (docs/scale.md 2.4: symbols no proof unfolds). */
#define UD_PROT_NPD    256u   /* protection domains                        */
#define UD_PROT_NQP    16u    /* QP membership slots                       */
#define UD_PROT_NAH    16u    /* address-handle membership slots           */
#define UD_PROT_NMR    4096u  /* memory regions (key idx 0..4095)          */
#define UD_PROT_NMW    4096u  /* memory windows (key idx 4096..8191)       */

/* Two page lists per region slot (2 i + half: the current one, and the
 * one a reregistration builds before the old pages go). */
#define UD_PG_NLIST    (2u * UD_PROT_NMR)
#include "mr_pin.h"
#define UD_PROT_MAXPG  UD_PG_MAXPG  /* pages per region: 262,144 (1 GiB)   */

_Static_assert(UD_PG_NLIST == 2u * UD_PROT_NMR, "two lists per region slot");
_Static_assert(UD_PROT_NMR + UD_PROT_NMW <= 8192u, "the key's index holds every slot");

/* Physical addresses: 44 bits (32-bit page frame numbers of 4 KB pages;
 * docs/protection.md).  The last page starts at 2^44 - 4096. */
#define UD_PROT_PA_MAX 0xFFFFFFFF000ull

/* Keys: 13-bit slot index, 19-bit generation (see the header comment). */
#define UD_KEY_IDX_SPAN 8192u
#define UD_KEY_GEN_MAX  524287u     /* 2^19 - 1 */

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
	uint32_t len;                /* length in bytes, 1 .. 2^30              */
	uint32_t off;                /* offset of iova in the first page        */
	uint32_t npages;             /* pages in its page list                  */
	uint32_t half;               /* its page list: pg.list[2 i + half]      */
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

struct ud_prot {
	uint32_t pd_live[UD_PROT_NPD];
	uint32_t qp_live[UD_PROT_NQP];
	uint32_t qp_pd[UD_PROT_NQP];
	uint32_t ah_live[UD_PROT_NAH];
	uint32_t ah_pd[UD_PROT_NAH];
	struct ud_mr mr[UD_PROT_NMR];
	struct ud_mw mw[UD_PROT_NMW];
	struct ud_mpg pg;            /* page lists, one pin per listed entry    */
};

#include "../spec/prot.acsl"

#endif /* UD_PROT_H */
