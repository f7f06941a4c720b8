/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_send_mode.c -- the Cortex-R5 home of the send modes'
 * page doors (src/ud_platform.h, section send_mode), used by
 * src/send_mode.c.
 *
 * The R5 owns no user pages: pinning, copy-on-write and the DMA buffer are
 * the host kernel's.  The doors exist so the core links unchanged; a copy
 * answers UD_SM_NOFRAME and a pin UD_E_PLATFORM (refusals A-PLAT-SM allows:
 * the core then changes nothing), the COW mark and the put do nothing, and
 * every call is counted.  [A-PLAT-SM]
 */
#include "ud_platform.h"
#include "eng_send.h"

static uint32_t r5_sm_calls;

uint32_t ud_plat_sm_copy(uint32_t frame, uint32_t to)
{
	(void)frame;
	(void)to;
	r5_sm_calls++;
	return UD_SM_NOFRAME;
}

ud_status ud_plat_sm_pin(uint32_t frame)
{
	(void)frame;
	r5_sm_calls++;
	return UD_E_PLATFORM;
}

void ud_plat_sm_cow(uint32_t frame, uint32_t on)
{
	(void)frame;
	(void)on;
	r5_sm_calls++;
}

void ud_plat_sm_put(uint32_t frame, uint32_t how)
{
	(void)frame;
	(void)how;
	r5_sm_calls++;
}

/* No send-mode frames here (every copy and pin is refused): no address. */
uint64_t ud_plat_sm_pa(uint32_t frame)
{
	(void)frame;
	r5_sm_calls++;
	return UD_SM_NOPA;
}
