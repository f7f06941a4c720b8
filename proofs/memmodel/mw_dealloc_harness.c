/* proofs/memmodel/mw_dealloc_harness.c -- issue 19 item 3: ud_dealloc_mw has
 * no out-parameter, so Typed+ref adds no hypothesis at a call; the harness
 * shows that (its call goals are the stated `requires` only) and fails if
 * a change gives the verb one (see mw_alloc_harness.c). */
/* memmodel-target: ud_dealloc_mw */
#include "mw.h"
struct mm_dealloc_args { struct ud_prot *p; uint32_t mw; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_dealloc(struct mm_dealloc_args *a)
{
	return ud_dealloc_mw(a->p, a->mw);
}
