/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_xfer_packet.c -- the Cortex-R5 home of the engine's
 * memory doors (src/ud_platform.h, section xfer_packet), used by
 * src/xfer_packet.c.
 *
 * The R5 has no MMU: a physical address is a bus address (firmware/
 * plat_r5_mr.c gives a region's own addresses as its frames).  The door
 * copies byte by byte through volatile pointers, so the compiler neither
 * merges nor elides an access to memory another master may read.
 * Addresses above the 32-bit bus cannot come from a registration on the R5
 * (plat_r5_mr.c refuses them); such a piece is counted and not performed.
 * [A-PLAT-DMA]
 */
#include "ud_platform.h"

static uint32_t r5_dma_refused;

static int r5_dma_ok(uint64_t pa, uint32_t n)
{
	if (n == 0u || pa > 0xFFFFFFFFull || 0x100000000ull - pa < n) {
		r5_dma_refused++;
		return 0;
	}
	return 1;
}

void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n)
{
	volatile uint8_t *dst;
	uint32_t i;

	if (!r5_dma_ok(pa, n))
		return;
	dst = (volatile uint8_t *)(uintptr_t)pa;
	for (i = 0; i < n; i++)
		dst[i] = data[i];
}

void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n)
{
	const volatile uint8_t *src;
	uint32_t i;

	if (!r5_dma_ok(pa, n)) {
		volatile uint8_t *b = buf;   /* volatile: no memset call emitted */

		for (i = 0; i < n; i++)
			b[i] = 0;
		return;
	}
	src = (const volatile uint8_t *)(uintptr_t)pa;
	for (i = 0; i < n; i++)
		buf[i] = src[i];
}
