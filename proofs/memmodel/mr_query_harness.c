/* proofs/memmodel/mr_query_harness.c -- issue 19 item 3: ud_query_mr's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_query_mr */
#include "mr.h"
struct mm_query_args {
	const struct ud_prot *p;
	uint32_t mr;
	struct ud_mr_attr *a;
};
/*@ requires args: \valid_read(x);
    requires valid: \valid_read(x->p) && \valid(x->a);
    requires sep: \separated(x->p + (..), x->a);
    requires inv: ud_prot_inv(x->p);
*/
ud_status mm_query(struct mm_query_args *x)
{
	return ud_query_mr(x->p, x->mr, x->a);
}
