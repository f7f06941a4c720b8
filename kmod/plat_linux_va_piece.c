// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_va_piece.c -- the kernel home of the page-table walk door
 * (src/ud_platform.h, section va_piece), used by src/va_piece.c on the VA
 * fault path (kmod/uldma_va.c, under its lock).
 *
 * Bank cb is PD cb's context bank; its page table is the page table of the
 * process that owns the PD (the mm recorded when it submitted a VA
 * transfer).  The walk reads it as it is now and faults nothing in:
 * vma_lookup() for the VMA's rights (none, or not the right the access
 * needs: PF), then get_user_pages_remote(FOLL_NOFAULT [| FOLL_WRITE]) for
 * the page (present with the right: OK and its frame; not present, or a
 * copy-on-write page for a write: TF).  The page found is held until the
 * packet's access is done, so the frame cannot be reused under it (the
 * OS's SMMU TLB invalidation of A-PLAT-PTW); a written page is marked
 * dirty when it is released.  [A-PLAT-PTW]
 */
#include "smmu.h"
#include "ud_platform.h"
#include "uldma_va.h"

uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr)
{
	return ud_kmod_va_walk(cb, va, wnr);
}
