/* proofs/memmodel/mr_shared_harness.c -- issue 19 item 3: ud_reg_shared_mr's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_reg_shared_mr */
#include "mr.h"
struct mm_shared_args {
	struct ud_prot *p;
	uint32_t mr, pd;
	uint64_t va;
	uint32_t access;
	uint32_t *h, *lkey, *rkey;
};
/*@ requires args: \valid_read(x);
    requires valid: \valid(x->p) && \valid(x->h) && \valid(x->lkey) && \valid(x->rkey);
    requires sep: \separated(x->p + (..), x->h, x->lkey, x->rkey);
    requires inv: ud_prot_inv(x->p);
*/
ud_status mm_shared(struct mm_shared_args *x)
{
	return ud_reg_shared_mr(x->p, x->mr, x->pd, x->va, x->access, x->h, x->lkey, x->rkey);
}
