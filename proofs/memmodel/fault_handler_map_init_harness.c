/* proofs/memmodel/fault_handler_map_init_harness.c -- issue 19 item 3:
 * ud_fh_map_init has no out-parameter, so Typed+ref adds no hypothesis at a
 * call; the harness shows it (its call goals are the stated `requires`
 * only) and fails if a change gives it one (see mw_alloc_harness.c). */
/* memmodel-target: ud_fh_map_init */
#include "fault_handler.h"
struct mm_fh_map_init_args { struct ud_fh_map *m; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->m);
*/
void mm_fh_map_init(struct mm_fh_map_init_args *a)
{
	ud_fh_map_init(a->m);
}
