/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_fault_handler.c -- host home of the fault_handler
 * platform calls: log and (optionally) refuse.  See the .h. */
#include <string.h>
#include "ud_platform.h"
#include "plat_host_fault_handler.h"

struct ud_host_fh_log ud_host_fh;

void ud_host_fh_reset(void)
{
	memset(&ud_host_fh, 0, sizeof ud_host_fh);
}

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	if (ud_host_fh.npagein < UD_HOST_FH_LOG)
		ud_host_fh.pagein[ud_host_fh.npagein] =
			(struct ud_host_fh_pagein){ pdid, proc, vpn, npages, write };
	ud_host_fh.npagein++;
	return ud_host_fh.pagein_fails ? UD_E_PLATFORM : UD_OK;
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1)
{
	if (ud_host_fh.nrapf < UD_HOST_FH_LOG)
		ud_host_fh.rapf[ud_host_fh.nrapf] = (struct ud_host_fh_rapf){ node, pdid, w0, w1 };
	ud_host_fh.nrapf++;
	return UD_OK;
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	if (ud_host_fh.nfail < UD_HOST_FH_LOG)
		ud_host_fh.fail[ud_host_fh.nfail] =
			(struct ud_host_fh_fail){ node, pdid, trid, seq, err };
	ud_host_fh.nfail++;
}
