/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_xfer_wr.h -- the host home of the completion door
 * (src/ud_platform.h, section xfer_wr): every completion, in order. */
#ifndef PLAT_HOST_XFER_WR_H
#define PLAT_HOST_XFER_WR_H
#include <stdint.h>
#include "ud_common.h"

#define HOST_CQ_LOG 256u

struct host_cqe {
	uint32_t qp;
	ud_status st;
	uint32_t len;
};

struct host_cq {
	struct host_cqe e[HOST_CQ_LOG];
	uint32_t n;
};

extern struct host_cq host_cq;
void host_cq_reset(void);
#endif
