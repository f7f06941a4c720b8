/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_mr_pin.c -- see plat_host_mr_pin.h. */
#include <string.h>
#include "plat_host_mr_pin.h"
#include "ud_platform.h"

struct host_pg host_pg;

void host_pg_reset(void)
{
	memset(&host_pg, 0, sizeof(host_pg));
}

uint64_t host_pg_count(uint64_t pa)
{
	uint64_t n = 0;

	for (uint32_t s = 0; s < UD_PG_POOL; s++)
		n += host_pg.held[s] && host_pg.pa[s] == pa;
	return n;
}

ud_status ud_plat_pg_pin(uint32_t s, uint64_t pa)
{
	if (host_pg.fail_at > 0 && --host_pg.fail_at == 0)
		return UD_E_PLATFORM;
	if (s >= UD_PG_POOL || host_pg.held[s] || pa % 4096u != 0) {
		host_pg.violations++;
		return UD_E_PLATFORM;
	}
	host_pg.held[s] = 1;
	host_pg.pa[s] = pa;
	host_pg.pins++;
	return UD_OK;
}

void ud_plat_pg_unpin(uint32_t s, uint64_t pa)
{
	if (s >= UD_PG_POOL || !host_pg.held[s] || host_pg.pa[s] != pa) {
		host_pg.violations++;
		return;
	}
	host_pg.held[s] = 0;
	host_pg.unpins++;
}
