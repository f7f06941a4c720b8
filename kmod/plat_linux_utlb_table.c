// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_utlb_table.c -- the kernel home of the utlb platform
 * calls (src/ud_platform.h, section utlb): the OS pinning facility the
 * UTLB's driver side uses (seed 000_84f077e385ac0b00.txt: "only a device
 * driver that access the OS pinning and unpinning facility is required").
 *
 * Called from src/utlb_table.c inside the ioctl of the process that owns
 * table `pid` (the driver derives pid from the open file, never from the
 * caller's arguments), so the page is pinned in current->mm.  The pin is
 * FOLL_LONGTERM (the NIC may use the page for as long as the entry lives)
 * and FOLL_WRITE (the NIC may write into it); the unpin marks the page
 * dirty for the same reason.  [A-UTLB-PIN] [A-UTLB-UNPIN]
 */
#include <linux/mm.h>
#include <linux/sched.h>

#include "ud_platform.h"

ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	struct page *page;
	unsigned long addr = (unsigned long)vpn << PAGE_SHIFT;
	unsigned long pfn;

	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES || !current->mm)
		return UD_E_PLATFORM;
	if (pin_user_pages_fast(addr, 1, FOLL_WRITE | FOLL_LONGTERM, &page) != 1)
		return UD_E_PLATFORM;
	pfn = page_to_pfn(page);
	if (pfn > UD_UTLB_PPN_MAX) {
		unpin_user_page(page);
		return UD_E_PLATFORM;
	}
	*ppn = pfn;
	return UD_OK;
}

void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	struct page *page;

	if (!pfn_valid(ppn))
		return;
	page = pfn_to_page(ppn);
	unpin_user_pages_dirty_lock(&page, 1, true);
}
