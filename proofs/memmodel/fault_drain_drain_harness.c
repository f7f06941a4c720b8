/* proofs/memmodel/fault_drain_drain_harness.c -- issue 19 item 3:
 * ud_fh_drain's stated precondition implies the Typed+ref model's
 * hypotheses at a call (see mw_alloc_harness.c; docs/METHOD.md,
 * "Per-module memory model"). */
/* memmodel-target: ud_fh_drain */
#include "fault_drain.h"
struct mm_fd_drain_args {
	struct ud_fh *h;
	struct ud_ff *ff;
	const struct ud_fh_map *map;
	struct ud_fh_action *acts;
	uint32_t cap;
	uint32_t *n;
};
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->h) && \valid(a->ff) && \valid_read(a->map) && \valid(a->n) &&
      \valid(a->acts + (0 .. a->cap - 1));
    requires sep: \separated(a->h, a->ff, a->map, a->n, a->acts + (0 .. a->cap - 1)) &&
      \separated(a->n, a->acts + (..)) && \separated(a->n, a->ff + (..)) &&
      \separated(a->n, a->h + (..)) && \separated(a->n, a->map + (..)) &&
      \separated(a->map, a->acts + (..)) && \separated(a->map, a->ff + (..)) &&
      \separated(a->map, a->h + (..));
    requires inv: ud_fh_inv(a->h) && ud_ff_inv(a->ff);
    requires map_inv: ud_fh_map_inv(a->map);
    requires room: ud_fh_log_room(a->cap);
*/
ud_status mm_fd_drain(struct mm_fd_drain_args *a)
{
	return ud_fh_drain(a->h, a->ff, a->map, a->acts, a->cap, a->n);
}
