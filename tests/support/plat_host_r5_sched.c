/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_r5_sched.c -- host home of ud_plat_r5_post and
 * ud_plat_r5_notify (src/ud_platform.h, section r5_sched): a log. */
#include <string.h>
#include "ud_platform.h"
#include "plat_host_r5_sched.h"

struct ud_host_r5_log ud_host_r5;

void ud_host_r5_reset(void)
{
	memset(&ud_host_r5, 0, sizeof ud_host_r5);
}

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	if (ud_host_r5.nposts < UD_HOST_R5_LOG) {
		struct ud_host_r5_post *p = &ud_host_r5.post[ud_host_r5.nposts];
		p->trid = trid; p->seq = seq; p->pd = pd; p->vc = vc;
		p->kind = kind; p->node = node; p->src = src; p->dst = dst;
		p->len = len;
	}
	ud_host_r5.nposts++;
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	if (ud_host_r5.nnotes < UD_HOST_R5_LOG) {
		struct ud_host_r5_note *n = &ud_host_r5.note[ud_host_r5.nnotes];
		n->pd = pd; n->vc = vc; n->kind = kind; n->status = status;
	}
	ud_host_r5.nnotes++;
}
