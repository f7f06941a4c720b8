// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_fault_handler.c -- the kernel home of the fault_handler
 * platform calls (src/ud_platform.h, section fault_handler; seed
 * 004_2c0be60bc8bfaeb5.txt, 3.2.1-3.2.3).
 *
 * What a full home does (the thesis's get_user_pages() path):
 *   ud_plat_page_in   -- find the mm of process `proc` of PD `pdid` (the
 *                        association the thesis kept in iommu_domain), then
 *                        mmap_read_lock(mm); get_user_pages_remote(mm,
 *                        vpn << 12, npages, write ? FOLL_WRITE : 0, ...);
 *                        put_page() each; mmap_read_unlock(mm).  The core
 *                        has already limited the request to pages the owner
 *                        maps, so the Fig. 3.2 segmentation fault cannot
 *                        occur.
 *   ud_plat_post_rapf -- write the two words to the packetizer channel
 *                        allocated for PD `pdid` (mmap'ed at vma.off = PDID in
 *                        the thesis), addressed to node's mailbox.
 *   ud_plat_fail_transfer -- tell the owner (and the initiator's R5) that
 *                        the transaction completes with an error.
 *
 * This module has no PD -> mm registry and no packetizer yet (no PLDMA in a
 * QEMU guest), so page-in refuses with UD_E_PLATFORM -- the core then leaves
 * the transfer to the R5 timeout, as its contract allows -- and the other
 * two only count.  docs/fault_handler.md ("Homes") records this.
 */
#include "ud_platform.h"

static u32 ud_fh_kpagein_refused, ud_fh_krapf, ud_fh_kfail;

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	ud_fh_kpagein_refused++;
	return UD_E_PLATFORM;
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1)
{
	ud_fh_krapf++;
	return UD_E_PLATFORM;
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	ud_fh_kfail++;
}
