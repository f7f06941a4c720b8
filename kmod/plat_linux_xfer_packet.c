// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_xfer_packet.c -- the kernel home of the engine's memory
 * doors (src/ud_platform.h, section xfer_packet), used by
 * src/xfer_packet.c.
 *
 * The core names a physical address only after its access check found it in
 * a registered region, and a region's frames are pinned from registration
 * on (kmod/plat_linux_mr.c: pin_user_pages_fast with FOLL_LONGTERM), so the
 * frame is a pinned page of the process that registered it.  The door maps
 * that page for the copy (kmap_local_page) and copies the bytes (a write
 * leaves the page to be marked dirty when it is unpinned); the piece
 * never crosses the page (the door's contract).  A frame that is not
 * memory the kernel manages cannot come from a registration: it is counted
 * and refused with a warning, never touched.  [A-PLAT-DMA]
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/string.h>

#include "ud_platform.h"
#include "uldma_kmod.h"

static atomic_long_t ud_kmod_dma_refused = ATOMIC_LONG_INIT(0);

static struct page *ud_kmod_dma_page(uint64_t pa, uint32_t n)
{
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);

	if (n == 0 || (pa & ~PAGE_MASK) + n > PAGE_SIZE || !pfn_valid(pfn)) {
		WARN_ONCE(1, "uldma: DMA door refused pa %llx len %u\n",
			  (unsigned long long)pa, n);
		atomic_long_inc(&ud_kmod_dma_refused);
		return NULL;
	}
	return pfn_to_page(pfn);
}

void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n)
{
	struct page *pg = ud_kmod_dma_page(pa, n);
	u8 *kva;

	if (!pg)
		return;
	kva = kmap_local_page(pg);
	memcpy(kva + (pa & ~PAGE_MASK), data, n);
	kunmap_local(kva);
	/* The page may be mapped in user space: keep its view coherent. */
	flush_dcache_page(pg);
	/*
	 * No set_page_dirty_lock() here, per packet.  The page lock must
	 * not be taken under the engine's run lock (an invalidation may hold
	 * a page lock while it waits for that lock), and it is not needed:
	 * the frame is a page of a registered region, pinned FOLL_WRITE |
	 * FOLL_LONGTERM from registration on (kmod/plat_linux_mr.c), and
	 * the only way its pin
	 * is dropped is ud_plat_prot_unpin(), which releases it with
	 * unpin_user_pages_dirty_lock(.., make_dirty = true): the page is
	 * dirtied once, when the hardware's (here the engine's) access ends,
	 * as Linux rxe does (ib_umem_release() dirties a writable umem's
	 * pages at release, not per packet).  While pinned the page cannot
	 * be reclaimed, so a write cannot be lost before that release.  The
	 * VA path (src/va_piece.c, kmod/uldma_va.c) reaches here with a
	 * frame its walk door found and holds until the packet is done; the
	 * VA path marks that page dirty when it lets it go (under its own
	 * lock, which no invalidation waits for).
	 */
}

void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n)
{
	struct page *pg = ud_kmod_dma_page(pa, n);
	u8 *kva;

	if (!pg) {
		memset(buf, 0, n);
		return;
	}
	kva = kmap_local_page(pg);
	memcpy(buf, kva + (pa & ~PAGE_MASK), n);
	kunmap_local(kva);
}

long ud_kmod_dma_refusals(void)
{
	return atomic_long_read(&ud_kmod_dma_refused);
}
