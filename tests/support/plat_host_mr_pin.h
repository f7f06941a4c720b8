/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_mr_pin.h -- the host home of the page lists' pin
 * door (src/mr_pin.c, A-PLAT-PG-PIN), instrumented: per pool entry whether
 * it holds a pin and on which page, per page how many pins the "OS" holds
 * (the count seed 001 1.2.4 gives the OS), a refusal on demand, and a
 * violation counter for a pin of an entry that holds one or an unpin of
 * an entry that does not hold that page. */
#ifndef PLAT_HOST_MR_PIN_H
#define PLAT_HOST_MR_PIN_H
#include <stdint.h>
#include "mr_pages.h"

struct host_pg {
	uint8_t held[UD_PG_POOL];
	uint64_t pa[UD_PG_POOL];
	uint64_t pins, unpins;     /* calls that took / released a pin         */
	uint64_t violations;
	uint64_t fail_at;          /* the n-th next pin is refused (1 = next)  */
};
extern struct host_pg host_pg;

void host_pg_reset(void);
/* Pins the OS holds on physical page pa (a scan: tests only). */
uint64_t host_pg_count(uint64_t pa);
#endif
