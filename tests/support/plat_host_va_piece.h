/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_va_piece.h -- the host home of the page-table
 * walk door (src/ud_platform.h, section va_piece): one small page table per
 * SMMU context bank (= PD), each entry a virtual page mapped to a frame
 * with read and write rights, and a C log of every walk (the ghost log
 * ud_pt_* of the proofs, as the tests see it).  A test may also plant a raw
 * walk word for one page, to exercise the core's validation of the word. */
#ifndef PLAT_HOST_VA_PIECE_H
#define PLAT_HOST_VA_PIECE_H
#include <stdbool.h>
#include <stdint.h>

#define HOST_PT_ENTRIES 256u
#define HOST_PT_LOG 1024u

struct host_pte {
	uint8_t used, cb, r, w, raw;
	uint64_t vpn;
	uint64_t frame;   /* frame number (pa / 4096) */
	uint64_t word;    /* when raw: the word answered as is */
};

struct host_pt_walk {
	uint32_t cb;
	uint64_t va;
	uint8_t wnr;
	uint64_t res;
};

struct host_pt {
	struct host_pte e[HOST_PT_ENTRIES];
	struct host_pt_walk log[HOST_PT_LOG];
	uint32_t n;       /* walks (log holds the first HOST_PT_LOG) */
};

extern struct host_pt host_pt;

void host_pt_reset(void);
/* Map virtual page va / 4096 of bank cb to frame pa / 4096 with rights r, w
 * (replaces an existing mapping of that page). */
void host_pt_map(uint32_t cb, uint64_t va, uint64_t pa, bool r, bool w);
/* Remove the mapping of va's page in bank cb (the page goes absent). */
void host_pt_unmap(uint32_t cb, uint64_t va);
/* Answer the walk of va's page in bank cb with this word, whatever it is. */
void host_pt_raw(uint32_t cb, uint64_t va, uint64_t word);
#endif
