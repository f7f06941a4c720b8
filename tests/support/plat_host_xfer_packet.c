/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_xfer_packet.c -- host home of ud_plat_dma_* (see .h). */
#include <stdlib.h>
#include <string.h>
#include "ud_platform.h"
#include "plat_host_xfer_packet.h"

struct host_dma host_dma;

void host_dma_reset(void)
{
	for (uint32_t i = 0; i < host_dma.nframes; i++)
		if (!host_dma.ext[i])
			free(host_dma.frame[i]);
	memset(&host_dma, 0, sizeof host_dma);
}

static uint8_t *frame_of(uint64_t pa, int create)
{
	uint64_t f = pa & ~(uint64_t)4095u;

	for (uint32_t i = 0; i < host_dma.nframes; i++)
		if (host_dma.frame_pa[i] == f)
			return host_dma.frame[i];
	if (!create || host_dma.nframes == HOST_DMA_FRAMES)
		return NULL;
	host_dma.frame_pa[host_dma.nframes] = f;
	host_dma.frame[host_dma.nframes] = calloc(1, 4096);
	if (!host_dma.frame[host_dma.nframes])
		abort();
	return host_dma.frame[host_dma.nframes++];
}

int host_dma_alias(uint64_t pa, uint8_t *page)
{
	if ((pa & 4095u) != 0 || frame_of(pa, 0) || host_dma.nframes == HOST_DMA_FRAMES)
		return -1;
	host_dma.frame_pa[host_dma.nframes] = pa;
	host_dma.frame[host_dma.nframes] = page;
	host_dma.ext[host_dma.nframes++] = 1;
	return 0;
}

uint8_t host_dma_peek(uint64_t pa)
{
	uint8_t *f = frame_of(pa, 0);

	return f ? f[pa & 4095u] : 0;
}

void host_dma_poke(uint64_t pa, uint8_t v)
{
	uint8_t *f = frame_of(pa, 1);

	if (f)
		f[pa & 4095u] = v;
	else
		host_dma.violations++;
}

static uint8_t *door(uint64_t pa, uint32_t n, uint8_t wr)
{
	if (host_dma.hook)
		host_dma.hook(host_dma.n, pa, n, wr);
	if (host_dma.n < HOST_DMA_LOG)
		host_dma.log[host_dma.n] = (struct host_dma_access){ pa, n, wr };
	host_dma.n++;
	if (n == 0 || n > 4096 || (pa & 4095u) + n > 4096) {
		host_dma.violations++;
		return NULL;
	}
	uint8_t *f = frame_of(pa, 1);
	if (!f)
		host_dma.violations++;
	return f ? f + (pa & 4095u) : NULL;
}

void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n)
{
	uint8_t *d = door(pa, n, 1);

	if (d)
		memcpy(d, data, n);
}

void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n)
{
	uint8_t *s = door(pa, n, 0);

	if (s)
		memcpy(buf, s, n);
	else
		memset(buf, 0, n);
}
