// SPDX-License-Identifier: MIT
/*
 * tests/bench/bench_engine.c -- the verified engine's copy on the host,
 * natively, against memcpy of 64 KB (issue 22: engine_copy_vs_memcpy_64k).
 * Built once per packet size (tests/bench/engine.mk: -DUD_WR_PKT=256, 1024,
 * 4096), with the unchanged src/ modules; the memory doors are plain
 * memcpy into a simulated physical memory (an arena: pa = offset), as the
 * kernel's are memcpy into a pinned page (kmod/plat_linux_xfer_packet.c).
 *
 *   pkt   ud_pkt_write of 64 KB in UD_WR_PKT-byte packets into a registered
 *         region: per packet the access check, the translation of each page
 *         piece, the memory door (one copy) -- the path the lead measured
 *   wr    ud_wr_run: one 64 KB RDMA write between two regions, packet by
 *         packet: read (lkey) into the staging buffer, write (rkey) out of
 *         it -- what the kernel's soft engine runs (two copies a packet)
 *   memcpy  64 KB between the same two arena ranges
 *
 * Rounds interleaved in one run; the best of ROUNDS batches of each.  One
 * output line:
 *   pkt_bytes P pkt_ns_per_packet X pkt_ratio A wr_ratio B memcpy_mbs M
 * ratio = memcpy time / engine time (1.0: as fast as memcpy).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pd.h"
#include "mr.h"
#include "xfer_wr.h"

#define LEN      65536u
#define SRC_VA   0x10000000ull
#define DST_VA   0x20000000ull
#define SRC_PA   0x100000ull
#define DST_PA   0x200000ull
#define ARENA    (4u << 20)

static uint8_t *arena;                  /* "physical memory": pa = offset */
static uint32_t completions;

/* The doors, as the kernel's: a copy into or out of one page. */
void ud_plat_dma_write(uint64_t pa, const uint8_t *d, uint32_t n)
{
	memcpy(arena + pa, d, n);
}

void ud_plat_dma_read(uint64_t pa, uint8_t *b, uint32_t n)
{
	memcpy(b, arena + pa, n);
}

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	(void)qp;
	(void)st;
	(void)len;
	completions++;
}

/* Registration: the region at SRC_VA lives at SRC_PA, the one at DST_VA at
 * DST_PA, page after page. */
ud_status ud_plat_prot_pages(uint64_t va, uint32_t np, uint64_t *pg)
{
	uint64_t base = (va >> 28) == 1 ? SRC_PA : DST_PA;
	uint64_t vbase = (va >> 28) == 1 ? SRC_VA : DST_VA;

	for (uint32_t i = 0; i < np; i++)
		pg[i] = base + ((va & ~4095ull) - vbase) + (uint64_t)i * 4096u;
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t p)
{
	(void)p;
	return UD_OK;
}

void ud_plat_prot_unpin(uint64_t p)
{
	(void)p;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint8_t scratch[UD_WR_PKT] __attribute__((aligned(64)));

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 1000;
	int rounds = argc > 2 ? atoi(argv[2]) : 9;
	static struct ud_prot P;
	uint32_t pd, qp, mr, slk, srk, dlk, drk;
	double best_p = 1e9, best_w = 1e9, best_m = 1e9;
	struct ud_wr w;

	arena = aligned_alloc(4096, ARENA);
	if (!arena)
		return 1;
	memset(arena, 0, ARENA);
	for (unsigned i = 0; i < LEN; i++)
		arena[SRC_PA + i] = (uint8_t)(i * 7u + 1u);
	ud_prot_init(&P);
	if (ud_alloc_pd(&P, &pd) || ud_qp_attach(&P, pd, &qp) ||
	    ud_reg_mr(&P, pd, SRC_VA, LEN, 0u, &mr, &slk, &srk) ||
	    ud_reg_mr(&P, pd, DST_VA, LEN, UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE,
		      &mr, &dlk, &drk)) {
		fprintf(stderr, "setup failed\n");
		return 1;
	}
	w = (struct ud_wr){ UD_WR_WRITE, slk, drk, SRC_VA, DST_VA, LEN };
	for (int k = 0; k < rounds; k++) {
		double t0, t1, t2, t3;

		t0 = now();
		for (int i = 0; i < reps; i++)
			for (uint32_t o = 0; o < LEN; o += UD_WR_PKT)
				if (ud_pkt_write(&P, pd, drk, DST_VA + o, UD_KIND_REMOTE_WRITE,
						 arena + SRC_PA + o, UD_WR_PKT))
					return 2;
		t1 = now();
		for (int i = 0; i < reps; i++)
			if (ud_wr_run(&P, qp, &P, qp, &w, scratch) != UD_OK)
				return 3;
		t2 = now();
		for (int i = 0; i < reps; i++) {
			memcpy(arena + DST_PA, arena + SRC_PA, LEN);
			__asm__ volatile("" ::: "memory");
		}
		t3 = now();
		if (t1 - t0 < best_p)
			best_p = t1 - t0;
		if (t2 - t1 < best_w)
			best_w = t2 - t1;
		if (t3 - t2 < best_m)
			best_m = t3 - t2;
	}
	if (memcmp(arena + DST_PA, arena + SRC_PA, LEN) ||
	    completions != (uint32_t)(reps * rounds)) {
		fprintf(stderr, "bytes or completions wrong\n");
		return 4;
	}
	printf("pkt_bytes %u pkt_ns_per_packet %.1f pkt_ratio %.2f wr_ratio %.2f memcpy_mbs %.0f\n",
	       UD_WR_PKT, best_p / ((double)reps * (LEN / UD_WR_PKT)) * 1e9,
	       best_m / best_p, best_m / best_w, (double)reps * LEN / best_m / 1e6);
	return 0;
}
