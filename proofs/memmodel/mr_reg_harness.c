/* proofs/memmodel/mr_reg_harness.c -- issue 19 item 3: ud_reg_mr's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_reg_mr */
#include "mr.h"
struct mm_reg_args {
	struct ud_prot *p;
	uint32_t pd;
	uint64_t va, len;
	uint32_t access;
	uint32_t *h, *lkey, *rkey;
};
/*@ requires args: \valid_read(x);
    requires valid: \valid(x->p) && \valid(x->h) && \valid(x->lkey) && \valid(x->rkey);
    requires sep: \separated(x->p + (..), x->h, x->lkey, x->rkey);
    requires inv: ud_prot_inv(x->p);
*/
ud_status mm_reg(struct mm_reg_args *x)
{
	return ud_reg_mr(x->p, x->pd, x->va, x->len, x->access, x->h, x->lkey, x->rkey);
}
