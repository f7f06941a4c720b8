/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_send_mode.c -- host home of the send modes' page
 * doors (see .h). */
#include <string.h>
#include "ud_platform.h"
#include "eng_send.h"
#include "plat_host_send_mode.h"

struct host_sm host_sm;

void host_sm_reset(void)
{
	uint32_t i;

	/* The books, not the pages' bytes: a frame's bytes are set when it is
	 * allocated (copied or filled), so a fuzzer's reset stays cheap. */
	for (i = 0; i < HOST_SM_FRAMES; i++) {
		host_sm.f[i].used = 0;
		host_sm.f[i].pool = 0;
		host_sm.f[i].cow = 0;
		host_sm.f[i].pins = 0;
	}
	memset(host_sm.log, 0, sizeof host_sm.log);
	host_sm.n = 0;
	host_sm.fail_copy = host_sm.fail_pin = host_sm.echo_copy = host_sm.no_pa = 0;
	host_sm.released = 0;
}

static void host_sm_log(uint32_t op, uint32_t fr, uint32_t arg, uint32_t res)
{
	if (host_sm.n < HOST_SM_LOG)
		host_sm.log[host_sm.n] = (struct host_sm_call){ op, fr, arg, res };
	host_sm.n++;
}

static uint32_t host_sm_alloc(uint8_t pool)
{
	uint32_t i;

	for (i = 0; i < HOST_SM_FRAMES; i++) {
		if (!host_sm.f[i].used) {
			host_sm.f[i].cow = 0;
			host_sm.f[i].pins = 0;
			host_sm.f[i].used = 1;
			host_sm.f[i].pool = pool;
			return i;
		}
	}
	return UD_SM_NOFRAME;
}

void host_sm_fill(uint32_t fr, uint32_t v)
{
	uint32_t i;

	for (i = 0; i < 4096u; i++)
		host_sm.f[fr].data[i] = (uint8_t)((v * 2654435761u + i * 31u) >> 3);
}

int host_sm_holds(uint32_t fr, uint32_t v)
{
	uint32_t i;

	if (fr >= HOST_SM_FRAMES || !host_sm.f[fr].used)
		return 0;
	for (i = 0; i < 4096u; i++)
		if (host_sm.f[fr].data[i] != (uint8_t)((v * 2654435761u + i * 31u) >> 3))
			return 0;
	return 1;
}

uint32_t host_sm_user_page(uint32_t v)
{
	uint32_t f = host_sm_alloc(HOST_SM_POOL_NONE);

	if (f != UD_SM_NOFRAME)
		host_sm_fill(f, v);
	return f;
}

uint32_t ud_plat_sm_copy(uint32_t frame, uint32_t to)
{
	uint32_t f = UD_SM_NOFRAME;

	if (host_sm.echo_copy) {
		host_sm.echo_copy--;
		f = frame;
	} else if (host_sm.fail_copy) {
		host_sm.fail_copy--;
	} else if (frame < HOST_SM_FRAMES && host_sm.f[frame].used) {
		f = host_sm_alloc(to == UD_SM_TO_USER ? HOST_SM_POOL_NONE : (uint8_t)to);
		if (f != UD_SM_NOFRAME)
			memcpy(host_sm.f[f].data, host_sm.f[frame].data, 4096u);
	}
	host_sm_log(UD_SM_OP_COPY, frame, to, f);
	return f;
}

ud_status ud_plat_sm_pin(uint32_t frame)
{
	ud_status st = UD_E_PLATFORM;

	if (host_sm.fail_pin) {
		host_sm.fail_pin--;
	} else if (frame < HOST_SM_FRAMES && host_sm.f[frame].used) {
		host_sm.f[frame].pins++;
		st = UD_OK;
	}
	host_sm_log(UD_SM_OP_PIN, frame, 0u, st == UD_OK ? 0u : 1u);
	return st;
}

void ud_plat_sm_cow(uint32_t frame, uint32_t on)
{
	if (frame < HOST_SM_FRAMES)
		host_sm.f[frame].cow = on != 0u;
	host_sm_log(UD_SM_OP_COW, frame, on, 0u);
}

void ud_plat_sm_put(uint32_t frame, uint32_t how)
{
	if (frame < HOST_SM_FRAMES) {
		struct host_sm_frame *f = &host_sm.f[frame];

		if (how == UD_SM_PUT_FREE) {
			f->used = 0;
		} else {
			if (f->pins)
				f->pins--;
			if (how == UD_SM_PUT_RELEASE) {
				f->used = 0;
				host_sm.released++;
			}
		}
	}
	host_sm_log(UD_SM_OP_PUT, frame, how, 0u);
}

uint64_t ud_plat_sm_pa(uint32_t frame)
{
	if (frame >= HOST_SM_FRAMES || !host_sm.f[frame].used)
		return UD_SM_NOPA;
	if (host_sm.no_pa) {
		host_sm.no_pa--;
		return UD_SM_NOPA;
	}
	return HOST_SM_PA(frame);
}
