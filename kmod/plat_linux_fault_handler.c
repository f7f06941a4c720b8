// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_fault_handler.c -- the kernel home of the fault_handler
 * platform calls (src/ud_platform.h, section fault_handler; seed
 * 004_2c0be60bc8bfaeb5.txt, 3.2.1-3.2.3), called by src/fault_handler.c
 * on the VA fault path's workqueue "uldma-fault" (kmod/uldma_va.c, under
 * its lock; docs/homes.md "The VA fault path"):
 *
 *   ud_plat_page_in   -- the mm of the process whose PD owns bank `pdid`
 *                        (recorded when it submitted a VA transfer), then
 *                        mmap_read_lock(mm); get_user_pages_remote(mm,
 *                        vpn << 12, npages, write ? FOLL_WRITE : 0, ...);
 *                        put_page() each; mmap_read_unlock(mm): the
 *                        kernel's own fault, a copy-on-write broken for a
 *                        write.  npages is the verified policy's: 1
 *                        (Touch-A-Page) or up to 4 in the 16 KB block
 *                        (Touch-Ahead, debugfs uldma/va_ahead).  The core
 *                        has limited the request to pages the owner maps
 *                        (the handler's mapping is a snapshot of the
 *                        process's VMAs), so the Fig. 3.2 segmentation
 *                        fault cannot occur; a page unmapped since the
 *                        snapshot makes the call fail (UD_E_PLATFORM: the
 *                        R5's timeout retransmits, the next fault finds
 *                        the page unmapped and fails the transfer).
 *   ud_plat_post_rapf -- the packetizer of PD `pdid`: wires the PDID into
 *                        word 0 and puts the two words in the R5's mailbox
 *                        (node 0, this machine: any other node is refused).
 *   ud_plat_fail_transfer -- an abort message to the R5's mailbox: the R5
 *                        (ud_r5_sched_abort) completes the transfer with
 *                        the error, once.
 * The process index `proc` is always 0 (one process per PD, as the thesis
 * ran; docs/engine.md section 5).
 */
#include "ud_platform.h"
#include "uldma_va.h"

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	if (proc)
		return UD_E_PLATFORM;
	return ud_kmod_va_page_in(pdid, vpn, npages, write);
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0,
			    uint32_t w1)
{
	return ud_kmod_va_rapf(node, pdid, w0, w1);
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	ud_kmod_va_fail(node, pdid, trid, seq, err);
}
