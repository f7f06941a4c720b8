/* SPDX-License-Identifier: MIT */
/* ff_dedup_ref.c -- see ff_dedup_ref.h. */
#include "ff_dedup_ref.h"

int ud_ffd_live_dup(const struct ud_ff *f, const struct ud_ff_entry *e)
{
	for (uint32_t k = 0; k < f->count; k++) {
		uint32_t s = (f->head + k) % UD_FF_DEPTH;
		struct ud_ff_entry q;
		if (ud_ff_entry_decode(f->lo[s], f->hi[s], &q) != UD_OK)
			return -1;   /* a live slot not well formed: cannot happen */
		if (q.src_id == e->src_id && q.tr_id == e->tr_id && q.seq == e->seq &&
		    q.proc == e->proc && q.vpn == e->vpn)
			return 1;
	}
	return 0;
}

ud_status ud_ffd_push(struct ud_ff *f, const struct ud_ff_entry *e)
{
	uint64_t lo, hi;
	if (ud_ff_entry_encode(e, &lo, &hi) != UD_OK)
		return UD_E_RANGE;
	int d = ud_ffd_live_dup(f, e);
	if (d < 0)
		return UD_E_INVAL;
	if (d)
		return UD_E_STALE;
	/* The dedup replaces the last-pushed register: clear it so that
	 * ud_ff_push compares with nothing (an entry popped may come again). */
	f->last_valid = false;
	return ud_ff_push(f, e);
}
