/* SPDX-License-Identifier: MIT */
/*
 * kmod/uldma_va.h -- the doors of the VA fault path (src/ud_platform.h
 * sections r5_sched, fault_handler, va_piece and va_rx), implemented in
 * kmod/uldma_va.c on the path's state; the kmod/plat_linux_<module>.c
 * files only forward to them.  Every one is
 * called by the core under the VA path's lock.
 */
#ifndef ULDMA_VA_H
#define ULDMA_VA_H

#include <linux/types.h>

#include "ud_common.h"

u64 ud_kmod_va_walk(u32 cb, u64 va, bool wnr);
ud_status ud_kmod_va_page_in(u16 pdid, u32 vpn, u32 npages, bool write);
ud_status ud_kmod_va_rapf(u32 node, u16 pdid, u32 w0, u32 w1);
void ud_kmod_va_fail(u32 node, u16 pdid, u16 trid, u16 seq, ud_status err);
void ud_kmod_va_post(u16 trid, u16 seq, u8 pd, u8 vc, u8 kind, u32 node,
		     u64 src, u64 dst, u32 len);
void ud_kmod_va_notify(u8 pd, u8 vc, u8 kind, ud_status status);
void ud_kmod_va_reply(u32 node, u16 trid, u16 seq, u8 kind);

#endif /* ULDMA_VA_H */
