/* SPDX-License-Identifier: MIT */
/*
 * ff_dedup_ref.h -- C reference of the fault FIFO with the proposed
 * hardware dedup (hw/ud_fault_fifo.v, DEDUP = 1): the co-simulation
 * reference of hw/vl_cosim.cpp built with -DUD_DEDUP=1.  Not a src/ module
 * (no WP contract): it is the verified src/fault_fifo.c (storage, Table 3.2
 * packing, read FSM, overflow) with the "last pushed" filter replaced by a
 * scan of the live entries, decoded by the verified ud_ff_entry_decode.
 *
 * Duplicate key (seed 004 3.2.3.1, as src/fault_fifo.c's filter): src_ID,
 * tr_ID, seq_num and the virtual page (process index and VPN); PDID and
 * EXA_ACK are not key.
 */
#ifndef UD_FF_DEDUP_REF_H
#define UD_FF_DEDUP_REF_H

#include "fault_fifo.h"

/* 1 iff an entry still in f (queued, not popped) has e's key. */
int ud_ffd_live_dup(const struct ud_ff *f, const struct ud_ff_entry *e);

/* Push with the dedup: UD_E_STALE (nothing changes) if a live entry has
 * e's key, else exactly ud_ff_push without its last-pushed filter
 * (UD_OK queued, UD_E_FULL dropped and counted, UD_E_RANGE). */
ud_status ud_ffd_push(struct ud_ff *f, const struct ud_ff_entry *e);

#endif
