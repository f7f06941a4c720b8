/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_shadow_lib.h -- the host home of the library's bus
 * (src/ud_platform.h, section shadow_lib): a small machine with up to
 * HOST_SH_NPROC processes, each with its own address space (the proved OS
 * side, src/shadow_os.c, doing what the MMU does) and one DMA engine running
 * one of the three recognisers (src/shadow.c).  ud_plat_bus_store/_load are
 * accesses of the current process; a test hook may slip other processes'
 * accesses in before any of them (an interleaving), and every started DMA
 * and every access the MMU refused is recorded. */
#ifndef PLAT_HOST_SHADOW_LIB_H
#define PLAT_HOST_SHADOW_LIB_H
#include <stdint.h>
#include "shadow.h"
#include "shadow_os.h"

#define HOST_SH_NPROC 4u
#define HOST_SH_MAXDMA 64u
#define HOST_SH_MAXLOG 256u

struct host_sh_access {
	uint32_t proc, kind;
	uint64_t va;
	uint32_t data;            /* stored, or returned by the load */
};

struct host_sh {
	uint32_t alg;                         /* 1, 2 or 3                      */
	struct ud_sh_cfg cfg;
	struct ud_sh_alg1 a1;
	struct ud_sh_alg2 a2;
	struct ud_sh_alg3 a3;
	struct ud_sh_as as[HOST_SH_NPROC];    /* each process's mappings        */
	uint64_t reg_va[HOST_SH_NPROC];       /* alg 1: register page VA        */
	uint32_t reg_ctx[HOST_SH_NPROC];      /* alg 1: its context             */
	uint32_t cur;                         /* the library's process          */
	/* observations */
	struct ud_sh_dma dma[HOST_SH_MAXDMA]; /* DMAs started, in order         */
	uint32_t dma_by[HOST_SH_MAXDMA];      /* process whose access started it*/
	uint32_t ndma;
	uint32_t mmu_faults;                  /* accesses the MMU refused       */
	struct host_sh_access log[HOST_SH_MAXLOG];
	uint32_t nlog;
	/* interference: called before each access of the current process,
	 * with the number of accesses it has made so far in this run */
	void (*hook)(uint32_t nth);
	uint32_t nth;
};
extern struct host_sh host_sh;

/* A machine running algorithm alg (1, 2, 3; form for 3), no processes. */
void host_sh_reset(uint32_t alg, uint32_t form);
/* Give process p (address-space context ctx) page vpage -> ppage with
 * rights, and its shadow mapping with srights (0: no shadow mapping). */
void host_sh_page(uint32_t p, uint64_t vpage, uint64_t ppage, uint32_t rights,
		  uint32_t srights);
/* Algorithm 1: process p owns context ctx with key, register page at va. */
void host_sh_a1_ctx(uint32_t p, uint32_t ctx, uint32_t key, uint64_t va);
/* One access by process p, as the CPU issues it. */
uint32_t host_sh_access(uint32_t p, uint32_t kind, uint64_t va, uint32_t data);
#endif
