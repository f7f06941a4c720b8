// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_r5_sched.c -- the kernel home of the r5_sched platform
 * calls.  On the board the retransmit scheduler runs on the Cortex-R5
 * (seed 004_2c0be60bc8bfaeb5.txt, 1.3.2); here the same src/r5_sched.c
 * runs in the kernel thread "uldma-r5" of the VA fault path
 * (kmod/uldma_va.c, under its lock): a post is one block descriptor for
 * the VA engine (a newer post of the same transaction replaces the old
 * descriptor), a notification is the transfer's one completion on its
 * QP's file queue.
 */
#include "ud_platform.h"
#include "uldma_va.h"

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	ud_kmod_va_post(trid, seq, pd, vc, kind, node, src, dst, len);
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	ud_kmod_va_notify(pd, vc, kind, status);
}
