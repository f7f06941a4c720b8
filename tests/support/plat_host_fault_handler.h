/* SPDX-License-Identifier: MIT */
/*
 * tests/support/plat_host_fault_handler.h -- the host home of the
 * fault_handler platform calls (src/ud_platform.h): every page-in, RAPF and
 * failed transfer is logged so tests can assert exactly what the handler
 * asked of the home; page-in can be made to fail.
 */
#ifndef UD_PLAT_HOST_FAULT_HANDLER_H
#define UD_PLAT_HOST_FAULT_HANDLER_H

#include <stdint.h>
#include <stdbool.h>

#define UD_HOST_FH_LOG 4096u

struct ud_host_fh_pagein { uint16_t pdid; uint8_t proc; uint32_t vpn, npages; bool write; };
struct ud_host_fh_rapf   { uint32_t node; uint16_t pdid; uint32_t w0, w1; };
struct ud_host_fh_fail   { uint32_t node; uint16_t pdid, trid, seq; int32_t err; };

struct ud_host_fh_log {
	uint32_t npagein, nrapf, nfail;
	struct ud_host_fh_pagein pagein[UD_HOST_FH_LOG];
	struct ud_host_fh_rapf rapf[UD_HOST_FH_LOG];
	struct ud_host_fh_fail fail[UD_HOST_FH_LOG];
	bool pagein_fails;   /* make ud_plat_page_in return UD_E_PLATFORM */
};

extern struct ud_host_fh_log ud_host_fh;

void ud_host_fh_reset(void);

#endif
