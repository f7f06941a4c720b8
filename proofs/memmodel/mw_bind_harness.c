/* proofs/memmodel/mw_bind_harness.c -- issue 19 item 3: ud_bind_mw's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_bind_mw */
#include "mw.h"
struct mm_bind_args {
	struct ud_prot *p;
	uint32_t qp, mw, rkey, lkey;
	uint64_t va, len;
	uint32_t access;
	uint32_t *new_rkey;
};
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->new_rkey);
    requires sep: \separated(a->new_rkey, a->p + (..));
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_bind(struct mm_bind_args *a)
{
	return ud_bind_mw(a->p, a->qp, a->mw, a->rkey, a->lkey, a->va, a->len,
			  a->access, a->new_rkey);
}
