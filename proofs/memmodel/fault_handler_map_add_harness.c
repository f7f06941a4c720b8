/* proofs/memmodel/fault_handler_map_add_harness.c -- issue 19 item 3:
 * ud_fh_map_add has no out-parameter, so Typed+ref adds no hypothesis at a
 * call; the harness shows it (its call goals are the stated `requires`
 * only) and fails if a change gives it one (see mw_alloc_harness.c). */
/* memmodel-target: ud_fh_map_add */
#include "fault_handler.h"
struct mm_fh_map_add_args {
	struct ud_fh_map *m;
	uint16_t pdid;
	uint8_t proc, rights;
	uint32_t vpn, npages;
};
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->m);
    requires inv: ud_fh_map_inv(a->m);
*/
ud_status mm_fh_map_add(struct mm_fh_map_add_args *a)
{
	return ud_fh_map_add(a->m, a->pdid, a->proc, a->rights, a->vpn, a->npages);
}
