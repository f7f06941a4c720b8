/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_va_rx.c -- the Cortex-R5 home of the reply door of the
 * receive engine (src/ud_platform.h, section va_rx), used by src/va_rx.c.
 *
 * The R5 only schedules VA transfers (src/r5_sched.c); the receive engine
 * runs where the SMMU is (docs/engine.md 1.2) and its replies come to the
 * R5 through the mailbox, not through this door.  The door exists so the
 * core links unchanged; a reply, should one be made here, is dropped (a
 * loss A-PLAT-VA-REPLY allows: the sender's timeout retransmits) and
 * counted.  [A-PLAT-VA-REPLY]
 */
#include "ud_platform.h"

static uint32_t r5_va_replies;

void ud_plat_va_reply(uint32_t node, uint16_t trid, uint16_t seq, uint8_t kind)
{
	(void)node;
	(void)trid;
	(void)seq;
	(void)kind;
	r5_va_replies++;
}
