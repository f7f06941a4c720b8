/* proofs/memmodel/mr_phys_harness.c -- issue 19 item 3: ud_reg_phys_mr's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_reg_phys_mr */
#include "mr.h"
struct mm_phys_args {
	struct ud_prot *p;
	uint32_t pd;
	const uint64_t *pages;
	uint32_t npages;
	uint64_t iova;
	uint32_t off;
	uint64_t len;
	uint32_t access;
	uint32_t *h, *lkey, *rkey;
};
/*@ requires args: \valid_read(x);
    requires valid: \valid(x->p) && \valid(x->h) && \valid(x->lkey) && \valid(x->rkey);
    requires list: x->npages <= UD_PROT_MAXPG ==> \valid_read(x->pages + (0 .. x->npages - 1));
    requires sep: \separated(x->p + (..), x->h, x->lkey, x->rkey) &&
      \separated(x->pages + (..), x->h, x->lkey, x->rkey) &&
      (x->npages <= UD_PROT_MAXPG ==> \separated(x->pages + (0 .. x->npages - 1), x->p));
    requires inv: ud_prot_inv(x->p);
*/
ud_status mm_phys(struct mm_phys_args *x)
{
	return ud_reg_phys_mr(x->p, x->pd, x->pages, x->npages, x->iova, x->off, x->len,
		x->access, x->h, x->lkey, x->rkey);
}
