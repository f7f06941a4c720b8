/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_mr.h -- the host home of the prot platform calls,
 * instrumented: tests choose the pages the "OS" returns, make calls fail,
 * and read back which pages are pinned. */
#ifndef PLAT_HOST_MR_H
#define PLAT_HOST_MR_H
#include <stdint.h>

#define HOST_MR_QMAX   64
#define HOST_MR_PINMAX 1024

struct host_mr {
	uint64_t q[HOST_MR_QMAX];   /* pages the next ud_plat_prot_pages returns */
	unsigned q_len, q_pos;
	int fail_pages;             /* next ud_plat_prot_pages fails             */
	int fail_pin_at;            /* the n-th next pin fails (1 = next), 0 off */
	uint64_t pinned[HOST_MR_PINMAX]; /* pages currently pinned               */
	unsigned npinned;
	unsigned pins, unpins;      /* calls made                                */
	unsigned violations;        /* pin of a pinned page, unpin of an unpinned */
};
extern struct host_mr host_mr;

void host_mr_reset(void);
void host_mr_queue(const uint64_t *pages, unsigned n);
int host_mr_is_pinned(uint64_t page);
#endif
