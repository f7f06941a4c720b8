/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_xfer_packet.h -- the host home of the engine's
 * memory doors (src/ud_platform.h, section xfer_packet): a simulated
 * physical memory of HOST_DMA_FRAMES 4 KB frames, allocated on first touch
 * and keyed by frame address, and a C log of every access (the ghost log
 * ud_dma_* of the proofs, as the tests see it). */
#ifndef PLAT_HOST_XFER_PACKET_H
#define PLAT_HOST_XFER_PACKET_H
#include <stdint.h>

#define HOST_DMA_FRAMES 1024u
#define HOST_DMA_LOG 1024u

struct host_dma_access {
	uint64_t pa;
	uint32_t len;
	uint8_t wr;
};

struct host_dma {
	uint64_t frame_pa[HOST_DMA_FRAMES];    /* frame address, valid if used */
	uint8_t *frame[HOST_DMA_FRAMES];
	uint32_t nframes;
	struct host_dma_access log[HOST_DMA_LOG];
	uint32_t n;                            /* accesses (log holds the first HOST_DMA_LOG) */
	uint32_t violations;                   /* a door called outside its contract */
	uint8_t ext[HOST_DMA_FRAMES];          /* frame memory the test owns (host_dma_alias) */
	/* Called at the start of every door call, before the access, with the
	 * access's index (the n it is logged at): a test injects a change of
	 * state between two packets of one run through it.  NULL: none. */
	void (*hook)(uint32_t i, uint64_t pa, uint32_t len, uint8_t wr);
};

extern struct host_dma host_dma;

void host_dma_reset(void);
/* The byte at physical address pa (0 for a frame never touched). */
uint8_t host_dma_peek(uint64_t pa);
void host_dma_poke(uint64_t pa, uint8_t v);
/* Make the 4 KB at page the memory of frame pa (pa % 4096 == 0): the doors
 * then read and write that page, which stays the test's (reset forgets it,
 * never frees it).  0, or -1 when pa is unaligned, taken or the table full. */
int host_dma_alias(uint64_t pa, uint8_t *page);
#endif
