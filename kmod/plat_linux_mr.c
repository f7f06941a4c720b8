// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_mr.c -- the kernel home of the prot platform calls
 * (src/ud_platform.h, section prot), used by src/mr.c.
 *
 * ud_plat_prot_pages resolves the pages backing the calling process's
 * virtual range (seed 001 1.2.2, "the OS memory routine returns each page's
 * physical start address"); ud_plat_prot_pin / _unpin take and drop one
 * page reference, which keeps the page from being freed while the core's
 * pin count for it is non-zero.  The core counts registrations per page
 * and calls pin on a page's first registration, unpin after its last.
 *
 * Known limit (docs/protection.md): resolution and pin are two steps; the
 * verb must run under the caller's mmap read lock for the pair to be atomic
 * against migration.  [A-PROT-PAGES] [A-PROT-PIN]
 */
#include <linux/mm.h>
#include <linux/sched.h>

#include "ud_platform.h"

ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page)
{
	uint32_t i;

	if (!current->mm || npages == 0 || npages > 16)
		return UD_E_PLATFORM;
	for (i = 0; i < npages; i++) {
		struct page *pg;
		unsigned long addr = (unsigned long)((va & PAGE_MASK) + ((uint64_t)i << PAGE_SHIFT));

		if (pin_user_pages_fast(addr, 1, FOLL_WRITE, &pg) != 1)
			return UD_E_PLATFORM;
		page[i] = (uint64_t)page_to_pfn(pg) << PAGE_SHIFT;
		unpin_user_page(pg);
	}
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t pa)
{
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);

	if (!pfn_valid(pfn))
		return UD_E_PLATFORM;
	get_page(pfn_to_page(pfn));
	return UD_OK;
}

void ud_plat_prot_unpin(uint64_t pa)
{
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);

	if (pfn_valid(pfn))
		put_page(pfn_to_page(pfn));
}
