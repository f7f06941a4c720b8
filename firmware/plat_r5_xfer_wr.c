/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_xfer_wr.c -- the Cortex-R5 home of the completion door
 * (src/ud_platform.h, section xfer_wr), used by src/xfer_wr.c.
 *
 * The firmware runs one loop on one core: a completion is stored in a ring
 * of the last R5_CQ_RING completions in TCM and counted; the host side of
 * the mailbox reads them from there (issue 23's board model).  A completion
 * that finds the ring full overwrites the oldest, and the count tells how
 * many were written in all.  [A-PLAT-CQ]
 */
#include "r5_home.h"

#define R5_CQ_RING 32u

struct r5_cqe {
	uint32_t qp;
	ud_status st;
	uint32_t len;
};

static struct r5_cqe r5_cq[R5_CQ_RING];
static uint32_t r5_cq_n;

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	r5_cq[r5_cq_n % R5_CQ_RING] = (struct r5_cqe){ qp, st, len };
	r5_cq_n++;
}

uint32_t ud_r5_cq_count(void)
{
	return r5_cq_n;
}

uint32_t ud_r5_cq_last_len(void)
{
	return r5_cq_n ? r5_cq[(r5_cq_n - 1u) % R5_CQ_RING].len : 0u;
}
