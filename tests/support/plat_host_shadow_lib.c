/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_shadow_lib.c -- see plat_host_shadow_lib.h. */
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include "ud_platform.h"
#include "plat_host_shadow_lib.h"

struct host_sh host_sh;

void host_sh_reset(uint32_t alg, uint32_t form)
{
	uint32_t p;

	memset(&host_sh, 0, sizeof(host_sh));
	host_sh.alg = alg;
	if (ud_sh_cfg_init(&host_sh.cfg, 8, 4096, 0x100000ull) != UD_OK)
		abort();
	ud_sh_alg1_init(&host_sh.a1);
	ud_sh_alg2_init(&host_sh.a2);
	ud_sh_alg3_init(&host_sh.a3, form);
	for (p = 0; p < HOST_SH_NPROC; p++)
		if (ud_sh_os_init(&host_sh.as[p], alg == 2 ? p : 0) != UD_OK)
			abort();
}

void host_sh_page(uint32_t p, uint64_t vpage, uint64_t ppage, uint32_t rights,
		  uint32_t srights)
{
	uint64_t sv;

	if (ud_sh_os_pt_add(&host_sh.as[p], vpage, ppage, rights) != UD_OK)
		abort();
	if (srights && ud_sh_os_map(&host_sh.as[p], vpage * 4096, srights, &sv) != UD_OK)
		abort();
}

void host_sh_a1_ctx(uint32_t p, uint32_t ctx, uint32_t key, uint64_t va)
{
	if (ud_sh_alg1_set_key(&host_sh.a1, &host_sh.cfg, ctx, key) != UD_OK)
		abort();
	host_sh.reg_va[p] = va;
	host_sh.reg_ctx[p] = ctx;
}

static void record(uint32_t p, uint32_t kind, uint64_t va, uint32_t data)
{
	if (host_sh.nlog < HOST_SH_MAXLOG)
		host_sh.log[host_sh.nlog++] = (struct host_sh_access){ p, kind, va, data };
}

uint32_t host_sh_access(uint32_t p, uint32_t kind, uint64_t va, uint32_t data)
{
	struct ud_sh_dma out;
	uint64_t pa;
	uint32_t ret = UD_SH_FAILURE;
	int32_t r;

	if (host_sh.alg == 1 && host_sh.reg_va[p] != 0 && va == host_sh.reg_va[p]) {
		/* the register page: a device page the OS mapped to p alone */
		pa = host_sh.cfg.a1_reg_base + (uint64_t)host_sh.reg_ctx[p] * 4096u;
	} else if (ud_sh_os_translate(&host_sh.as[p], va, kind, &pa) != UD_OK) {
		host_sh.mmu_faults++;       /* SIGSEGV: never reaches the bus */
		record(p, kind, va, kind == UD_BUS_LOAD ? UD_SH_FAILURE : data);
		return UD_SH_FAILURE;
	}
	switch (host_sh.alg) {
	case 1:
		r = ud_sh_alg1_step(&host_sh.a1, &host_sh.cfg, kind, pa, data, &out);
		if (kind == UD_BUS_LOAD)
			ret = ud_sh_alg1_status(&host_sh.a1, host_sh.reg_ctx[p]);
		break;
	case 2:
		r = ud_sh_alg2_step(&host_sh.a2, &host_sh.cfg, kind, pa, data, &out);
		ret = ud_sh_alg2_status(&host_sh.a2);
		break;
	default:
		r = ud_sh_alg3_step(&host_sh.a3, &host_sh.cfg, kind, pa, data, &out);
		ret = ud_sh_alg3_status(&host_sh.a3);
		break;
	}
	if (r == UD_SH_STARTED && host_sh.ndma < HOST_SH_MAXDMA) {
		host_sh.dma_by[host_sh.ndma] = p;
		host_sh.dma[host_sh.ndma++] = out;
	}
	record(p, kind, va, kind == UD_BUS_LOAD ? ret : data);
	return kind == UD_BUS_LOAD ? ret : 0;
}

static void before(void)
{
	if (host_sh.hook)
		host_sh.hook(host_sh.nth);
	host_sh.nth++;
}

void ud_plat_bus_store(uint64_t va, uint32_t data)
{
	before();
	(void)host_sh_access(host_sh.cur, UD_BUS_STORE, va, data);
}

uint32_t ud_plat_bus_load(uint64_t va)
{
	before();
	return host_sh_access(host_sh.cur, UD_BUS_LOAD, va, 0);
}
