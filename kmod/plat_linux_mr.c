// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_mr.c -- the kernel home of the prot platform calls
 * (src/ud_platform.h, section prot), used by src/mr.c.
 *
 * The pages are pinned once, in the REG_MR ioctl of the process whose
 * range it is (kmod/uldma_main.c), and that one pin is what the core's pin
 * table accounts for:
 *
 *   ud_kmod_stage_begin(st)     the ioctl (under the device mutex) opens a
 *                               stage for this one core call
 *   ud_plat_prot_pages(va, n)   pin_user_pages_fast(FOLL_WRITE |
 *                               FOLL_LONGTERM) of the n pages in
 *                               current->mm; the pins are held by the stage
 *                               and their frames returned to the core
 *   ud_plat_prot_pin(pa)        (the core, on a page's first registration)
 *                               takes one staged pin of that frame over:
 *                               from now on the core's pin table owns it
 *   ud_kmod_stage_end(st)       the ioctl drops every staged pin the core
 *                               did not take (a page already pinned by an
 *                               earlier registration, or a refused call)
 *   ud_plat_prot_unpin(pa)      (the core, after a page's last
 *                               registration) unpin_user_pages_dirty_lock
 *
 * So resolution and pin are one step: a frame the core is told about stays
 * pinned from resolution on, never migrated in between.  Outside a stage
 * (nothing in the kernel registers except the ioctl) pages and pin refuse
 * with UD_E_PLATFORM.  ud_kmod_pins counts every pin this file holds,
 * staged or the core's; module exit reports it (0 unless something
 * leaked).
 * [A-PROT-PAGES] [A-PROT-PIN]
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "ud_platform.h"
#include "uldma_kmod.h"

static struct ud_kmod_stage *ud_kmod_stage_cur;
static atomic_long_t ud_kmod_pins = ATOMIC_LONG_INIT(0);

void ud_kmod_stage_begin(struct ud_kmod_stage *st)
{
	memset(st, 0, sizeof(*st));
	WARN_ON_ONCE(ud_kmod_stage_cur);
	ud_kmod_stage_cur = st;
}

void ud_kmod_stage_end(struct ud_kmod_stage *st)
{
	unsigned int i;

	for (i = 0; i < st->npages; i++) {
		if (!st->taken[i]) {
			unpin_user_page(st->pages[i]);
			atomic_long_dec(&ud_kmod_pins);
		}
	}
	st->npages = 0;
	ud_kmod_stage_cur = NULL;
}

long ud_kmod_pins_held(void)
{
	return atomic_long_read(&ud_kmod_pins);
}

ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page)
{
	struct ud_kmod_stage *st = ud_kmod_stage_cur;
	unsigned long start = (unsigned long)(va & PAGE_MASK);
	int got;
	uint32_t i;

	BUILD_BUG_ON(PAGE_SIZE != UD_PAGE_SIZE);
	if (!st || st->npages || !current->mm || npages == 0 ||
	    npages > UD_KMOD_STAGE_PAGES)
		return UD_E_PLATFORM;
	got = pin_user_pages_fast(start, (int)npages,
				  FOLL_WRITE | FOLL_LONGTERM, st->pages);
	if (got < 0) {
		st->err = got;
		return UD_E_PLATFORM;
	}
	if ((uint32_t)got != npages) {
		unpin_user_pages(st->pages, (unsigned long)got);
		st->err = -EFAULT;
		return UD_E_PLATFORM;
	}
	st->npages = npages;
	atomic_long_add((long)npages, &ud_kmod_pins);
	for (i = 0; i < npages; i++)
		page[i] = (uint64_t)page_to_pfn(st->pages[i]) << PAGE_SHIFT;
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t pa)
{
	struct ud_kmod_stage *st = ud_kmod_stage_cur;
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);
	unsigned int i;

	if (!st)
		return UD_E_PLATFORM;
	for (i = 0; i < st->npages; i++) {
		if (!st->taken[i] && page_to_pfn(st->pages[i]) == pfn) {
			st->taken[i] = true;
			return UD_OK;
		}
	}
	return UD_E_PLATFORM;
}

void ud_plat_prot_unpin(uint64_t pa)
{
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);
	struct page *page;

	if (WARN_ON_ONCE(!pfn_valid(pfn)))
		return;
	page = pfn_to_page(pfn);
	unpin_user_pages_dirty_lock(&page, 1, true);
	atomic_long_dec(&ud_kmod_pins);
}

/* The page lists' pin door (src/mr_pin.c, A-PLAT-PG-PIN): entry s takes
 * over one staged pin of pa (the kernel counts pins per page, so the same
 * page under two entries is pinned twice), and gives it back. */
ud_status ud_plat_pg_pin(uint32_t s, uint64_t pa)
{
	(void)s;
	return ud_plat_prot_pin(pa);
}

void ud_plat_pg_unpin(uint32_t s, uint64_t pa)
{
	(void)s;
	ud_plat_prot_unpin(pa);
}
