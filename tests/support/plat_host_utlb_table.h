/* SPDX-License-Identifier: MIT */
/*
 * tests/support/plat_host_utlb_table.h -- the host home of the utlb
 * platform calls (src/ud_platform.h, section utlb): a fake OS pinning
 * facility that records every pin it holds, so tests and fuzzers can check
 * the UTLB against the OS's view, and can be told to refuse pins.
 */
#ifndef UD_PLAT_HOST_UTLB_TABLE_H
#define UD_PLAT_HOST_UTLB_TABLE_H

#include <stdint.h>
#include "utlb_param.h"

struct ud_host_utlb {
	uint8_t  held[UD_UTLB_NPROC][UD_UTLB_VPAGES]; /* pins held per page */
	uint64_t pins, unpins;      /* calls that succeeded                   */
	uint64_t refused;           /* pins refused (fail_next)               */
	uint64_t bad_unpins;        /* unpin of a page not pinned, or of the  */
	                            /* wrong physical page: must stay 0       */
	uint32_t fail_next;         /* refuse the next fail_next pins         */
};

extern struct ud_host_utlb ud_host_utlb;

/* The physical page the fake OS gives page vpn of process pid. */
uint64_t ud_host_utlb_ppn(uint32_t pid, uint32_t vpn);
void ud_host_utlb_reset(void);

#endif
