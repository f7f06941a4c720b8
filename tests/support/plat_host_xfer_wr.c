/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_xfer_wr.c -- host home of ud_plat_complete (see .h). */
#include <string.h>
#include "ud_platform.h"
#include "plat_host_xfer_wr.h"

struct host_cq host_cq;

void host_cq_reset(void)
{
	memset(&host_cq, 0, sizeof host_cq);
}

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	if (host_cq.n < HOST_CQ_LOG)
		host_cq.e[host_cq.n] = (struct host_cqe){ qp, st, len };
	host_cq.n++;
}
