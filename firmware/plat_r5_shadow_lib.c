/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_shadow_lib.c -- the Cortex-R5 home of the library's bus
 * (src/ud_platform.h, section shadow_lib), used by src/shadow_lib.c.
 *
 * Shadow-address initiation is a host-CPU mechanism: it needs an MMU to
 * give each process its own shadow mappings, and the R5 has only an MPU and
 * a 32-bit address space.  The firmware links the library (the same
 * sources) and its bus is real: an address below 2^32 is one volatile
 * 32-bit MMIO access; a shadow address (at or above 2^46) cannot exist on
 * the R5's bus, so a store to one goes nowhere and a load reads FAILURE.
 * [A-PLAT-BUS]
 */
#include "ud_platform.h"
#include "shadow.h"

void ud_plat_bus_store(uint64_t va, uint32_t data)
{
	if (va <= 0xFFFFFFFCull && (va & 3u) == 0u)
		*(volatile uint32_t *)(uintptr_t)va = data;
}

uint32_t ud_plat_bus_load(uint64_t va)
{
	if (va <= 0xFFFFFFFCull && (va & 3u) == 0u)
		return *(volatile uint32_t *)(uintptr_t)va;
	return UD_SH_FAILURE;
}
