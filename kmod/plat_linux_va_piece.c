// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_va_piece.c -- the kernel home of the page-table walk door
 * (src/ud_platform.h, section va_piece), used by src/va_piece.c.
 *
 * Not wired yet: the module binds no iommu_domain to a PD, so there is no
 * SMMU page table to walk.  Until it does (iommu_iova_to_phys() on the PD's
 * domain plus the VMA's rights, docs/engine.md 1.2), every walk answers a
 * translation fault -- the "unmapped" verdict, which A-PLAT-PTW allows for
 * any page (it never grants a right) and which makes ud_va_xlate move no
 * byte.  The walks are counted so a caller that arrives early is visible.
 * [A-PLAT-PTW]
 */
#include <linux/atomic.h>

#include "smmu.h"
#include "ud_platform.h"

static atomic_long_t ud_kmod_pt_walks = ATOMIC_LONG_INIT(0);

uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr)
{
	(void)cb;
	(void)va;
	(void)wnr;
	atomic_long_inc(&ud_kmod_pt_walks);
	return UD_SMMU_XLATE_TF;
}
