/* SPDX-License-Identifier: MIT */
/* fault_drain.c -- see fault_drain.h (seed 004_2c0be60bc8bfaeb5.txt, 3.2.3.2). */
#include "fault_drain.h"

ud_status ud_fh_drain(struct ud_fh *h, struct ud_ff *ff, const struct ud_fh_map *map,
		      struct ud_fh_action *acts, uint32_t cap, uint32_t *n)
{
	uint32_t k = 0;
	struct ud_ff_entry e;
	struct ud_fh_fault f;

	/*@
	  loop invariant bound: 0 <= k <= cap;
	  loop invariant inv: ud_fh_inv(h) && ud_ff_inv(ff);
	  loop invariant map_inv: ud_fh_map_inv(map);
	  loop invariant popped: ff->count + k == \at(ff->count, Pre);
	  loop assigns k, e, f, *h, ff->rd, ff->head, ff->count, acts[0 .. cap - 1], ud_env;
	  loop variant 2 * ff->count + ff->rd + 2 * (cap - k);
	*/
	while (k < cap) {
#ifdef __FRAMAC__
	Top:;   /* a label for the frame asserts only (unused in C) */
#endif
		ud_status r = ud_ff_pop(ff, &e);
		//@ assert h_same: ud_fh_same{Top, Here}(h);
		//@ assert map_same: ud_fh_map_same{Top, Here}(map);
		//@ assert h_inv: ud_fh_inv(h);
		//@ assert m_inv: ud_fh_map_inv(map);
		if (r == UD_E_EMPTY)
			break;
		if (r != UD_OK)
			continue;  /* a half-read (LOW only) was reset: pop again */
		f.node = e.src_id;
		f.trid = e.tr_id;
		f.seq = e.seq;
		f.pdid = e.pdid;
		f.proc = e.proc;
		f.dir = (uint8_t)UD_FH_DIR_DST;
		f.vpn = e.vpn;
#ifdef __FRAMAC__
	Mid:;   /* a label for the frame asserts only (unused in C) */
#endif
		(void)ud_fh_handle(h, map, &f, &acts[k]);
		//@ assert ff_same: ud_ff_same{Mid, Here}(ff);
		//@ assert map_same2: ud_fh_map_same{Mid, Here}(map);
		//@ assert ff_inv: ud_ff_inv(ff);
		//@ assert m_inv2: ud_fh_map_inv(map);
		k++;
	}
	*n = k;
	return UD_OK;
}
