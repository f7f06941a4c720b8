// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_send_mode.c -- the kernel home of the send modes' page
 * doors (src/ud_platform.h, section send_mode), used by src/send_mode.c.
 *
 * Not wired yet: no path of the module sends through ud_sm_post (issue 22
 * item 1 built the verified core only; docs/send-modes.md, "How the kernel
 * module would use it").  Until then every copy answers UD_SM_NOFRAME and
 * every pin UD_E_PLATFORM -- the refusals A-PLAT-SM allows, on which the
 * core changes nothing -- and the COW mark and the put do nothing.  Every
 * call is counted so an early caller is visible.  [A-PLAT-SM]
 */
#include <linux/atomic.h>

#include "ud_platform.h"

static atomic_long_t ud_kmod_sm_calls = ATOMIC_LONG_INIT(0);

uint32_t ud_plat_sm_copy(uint32_t frame, uint32_t to)
{
	(void)frame;
	(void)to;
	atomic_long_inc(&ud_kmod_sm_calls);
	return UD_SM_NOFRAME;
}

ud_status ud_plat_sm_pin(uint32_t frame)
{
	(void)frame;
	atomic_long_inc(&ud_kmod_sm_calls);
	return UD_E_PLATFORM;
}

void ud_plat_sm_cow(uint32_t frame, uint32_t on)
{
	(void)frame;
	(void)on;
	atomic_long_inc(&ud_kmod_sm_calls);
}

void ud_plat_sm_put(uint32_t frame, uint32_t how)
{
	(void)frame;
	(void)how;
	atomic_long_inc(&ud_kmod_sm_calls);
}
