// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_shadow_lib.c -- the kernel home of the library's bus
 * (src/ud_platform.h, section shadow_lib), used by src/shadow_lib.c.
 *
 * The library issues one uncached 32-bit access at an address of the
 * caller's view of the DMA engine's shadow window.  In the kernel that
 * window is the device's MMIO aperture, ioremapped by the probe and
 * published with uldma_shadow_window(); an access inside it is one
 * iowrite32/ioread32.  Without a device (the emulated board has none) or
 * outside the window, a store goes nowhere and a load reads FAILURE -- the
 * library then reports UD_E_SEQ / UD_E_BUSY, never a started DMA.
 * [A-PLAT-BUS]
 */
#include <linux/io.h>
#include <linux/compiler.h>

#include "ud_platform.h"
#include "shadow.h"
#include "uldma_kmod.h"

static void __iomem *shadow_io;
static u64 shadow_va, shadow_len;

void uldma_shadow_window(void __iomem *io, u64 va, u64 len)
{
	WRITE_ONCE(shadow_len, 0);
	shadow_io = io;
	shadow_va = va;
	WRITE_ONCE(shadow_len, io ? len : 0);
}

static void __iomem *shadow_at(uint64_t va)
{
	u64 len = READ_ONCE(shadow_len);

	if (!shadow_io || va < shadow_va || va - shadow_va >= len ||
	    len - (va - shadow_va) < 4 || (va & 3))
		return NULL;
	return shadow_io + (va - shadow_va);
}

void ud_plat_bus_store(uint64_t va, uint32_t data)
{
	void __iomem *p = shadow_at(va);

	if (p)
		iowrite32(data, p);
}

uint32_t ud_plat_bus_load(uint64_t va)
{
	void __iomem *p = shadow_at(va);

	return p ? ioread32(p) : UD_SH_FAILURE;
}
