// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_va_rx.c -- the kernel home of the reply door of the
 * receive engine (ud_plat_va_reply, src/ud_platform.h, section va_rx).  One node:
 * the ACK or PF-NACK goes to this machine's R5 mailbox (the kernel thread
 * "uldma-r5", kmod/uldma_va.c); a PF-NACK also stops the engine sending
 * the rest of that copy of the block.  [A-PLAT-VA-REPLY]
 */
#include "va_rx.h"
#include "uldma_va.h"

void ud_plat_va_reply(uint32_t node, uint16_t trid, uint16_t seq, uint8_t kind)
{
	ud_kmod_va_reply(node, trid, seq, kind);
}
