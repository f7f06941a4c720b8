/* proofs/memmodel/fault_handler_handle_harness.c -- issue 19 item 3:
 * ud_fh_handle's stated precondition implies the Typed+ref model's
 * hypotheses at a call (see mw_alloc_harness.c; docs/METHOD.md,
 * "Per-module memory model"). */
/* memmodel-target: ud_fh_handle */
#include "fault_handler.h"
struct mm_fh_handle_args {
	struct ud_fh *h;
	const struct ud_fh_map *map;
	const struct ud_fh_fault *f;
	struct ud_fh_action *act;
};
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->h) && \valid_read(a->map) && \valid_read(a->f) && \valid(a->act);
    requires sep: \separated(a->h, a->map, a->f) && \separated(a->act, a->f + (..)) &&
      \separated(a->act, a->h + (..)) && \separated(a->act, a->map + (..));
    requires inv: ud_fh_inv(a->h);
    requires map_inv: ud_fh_map_inv(a->map);
    requires room: ud_fh_log_room(1);
*/
ud_status mm_fh_handle(struct mm_fh_handle_args *a)
{
	return ud_fh_handle(a->h, a->map, a->f, a->act);
}
