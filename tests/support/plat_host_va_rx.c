/* SPDX-License-Identifier: MIT */
/* plat_host_va_rx.c -- host reply door: see plat_host_va_rx.h. */
#include <string.h>
#include "va_rx.h"
#include "plat_host_va_rx.h"

struct host_rep host_rep;

void host_rep_reset(void)
{
	memset(&host_rep, 0, sizeof host_rep);
}

void ud_plat_va_reply(uint32_t node, uint16_t trid, uint16_t seq, uint8_t kind)
{
	if (host_rep.n < HOST_REP_LOG)
		host_rep.log[host_rep.n] = (struct host_rep_entry){ node, trid, seq, kind };
	host_rep.n++;
}
