/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_mr.c -- host home of ud_plat_prot_* (see .h). */
#include <string.h>
#include "ud_platform.h"
#include "plat_host_mr.h"

struct host_mr host_mr;

void host_mr_reset(void)
{
	memset(&host_mr, 0, sizeof host_mr);
}

void host_mr_queue(const uint64_t *pages, unsigned n)
{
	host_mr.q_len = 0;
	host_mr.q_pos = 0;
	for (unsigned i = 0; i < n && i < HOST_MR_QMAX; i++)
		host_mr.q[host_mr.q_len++] = pages[i];
}

int host_mr_is_pinned(uint64_t page)
{
	for (unsigned i = 0; i < host_mr.npinned; i++)
		if (host_mr.pinned[i] == page)
			return 1;
	return 0;
}

ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page)
{
	if (host_mr.fail_pages) {
		host_mr.fail_pages = 0;
		return UD_E_PLATFORM;
	}
	for (uint32_t i = 0; i < npages; i++) {
		if (host_mr.q_pos < host_mr.q_len)
			page[i] = host_mr.q[host_mr.q_pos++];
		else	/* default: identity mapping of the first 2^32 pages */
			page[i] = ((va / 4096u + i) % 0x100000000ull) * 4096u;
	}
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t page)
{
	if (host_mr.fail_pin_at > 0 && --host_mr.fail_pin_at == 0)
		return UD_E_PLATFORM;
	host_mr.pins++;
	if (host_mr_is_pinned(page) || host_mr.npinned == HOST_MR_PINMAX) {
		host_mr.violations++;
		return UD_OK;
	}
	host_mr.pinned[host_mr.npinned++] = page;
	return UD_OK;
}

void ud_plat_prot_unpin(uint64_t page)
{
	host_mr.unpins++;
	for (unsigned i = 0; i < host_mr.npinned; i++) {
		if (host_mr.pinned[i] == page) {
			host_mr.pinned[i] = host_mr.pinned[--host_mr.npinned];
			return;
		}
	}
	host_mr.violations++;
}
