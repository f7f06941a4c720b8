/* proofs/memmodel/mr_rereg_harness.c -- issue 19 item 3: ud_rereg_mr's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_rereg_mr */
#include "mr.h"
struct mm_rereg_args {
	struct ud_prot *p;
	uint32_t mr, flags, pd;
	uint64_t va, len;
	uint32_t access;
	uint32_t *lkey, *rkey;
};
/*@ requires args: \valid_read(x);
    requires valid: \valid(x->p) && \valid(x->lkey) && \valid(x->rkey);
    requires sep: \separated(x->p + (..), x->lkey, x->rkey);
    requires inv: ud_prot_inv(x->p);
*/
ud_status mm_rereg(struct mm_rereg_args *x)
{
	return ud_rereg_mr(x->p, x->mr, x->flags, x->pd, x->va, x->len, x->access, x->lkey,
		x->rkey);
}
