/* proofs/memmodel/mr_reg_harness.c -- issue 19 item 3: the stated
 * preconditions of mr's verbs with out-parameters imply the Typed+ref
 * model's hypotheses (docs/METHOD.md, "Per-module memory model").  Each
 * harness calls one verb under exactly its stated `requires`, its arguments
 * passed in a struct so that the harness's own parameters are not refs;
 * proved with -wp-model Typed+ref -wp-check-memory-model. */
#include "mr.h"

struct mm_reg_args { struct ud_prot *p; uint32_t pd; uint64_t va, len; uint32_t access;
	uint32_t *h, *lkey, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->h) && \valid(a->lkey) && \valid(a->rkey);
    requires sep: \separated(a->p + (..), a->h, a->lkey, a->rkey);
    requires sep_a: \separated(a, a->p + (..), a->h, a->lkey, a->rkey);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_reg(struct mm_reg_args *a)
{
	return ud_reg_mr(a->p, a->pd, a->va, a->len, a->access, a->h, a->lkey, a->rkey);
}

struct mm_phys_args { struct ud_prot *p; uint32_t pd; const uint64_t *pages; uint32_t npages;
	uint64_t iova; uint32_t off; uint64_t len; uint32_t access; uint32_t *h, *lkey, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->h) && \valid(a->lkey) && \valid(a->rkey);
    requires list: a->npages <= UD_PROT_MAXPG ==> \valid_read(a->pages + (0 .. a->npages - 1));
    requires sep: \separated(a->p + (..), a->h, a->lkey, a->rkey) &&
      \separated(a->pages + (..), a->h, a->lkey, a->rkey) &&
      (a->npages <= UD_PROT_MAXPG ==> \separated(a->pages + (0 .. a->npages - 1), a->p));
    requires sep_a: \separated(a, a->p + (..), a->pages + (..), a->h, a->lkey, a->rkey);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_phys(struct mm_phys_args *a)
{
	return ud_reg_phys_mr(a->p, a->pd, a->pages, a->npages, a->iova, a->off, a->len,
	                      a->access, a->h, a->lkey, a->rkey);
}

struct mm_shared_args { struct ud_prot *p; uint32_t mr, pd; uint64_t va; uint32_t access;
	uint32_t *h, *lkey, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->h) && \valid(a->lkey) && \valid(a->rkey);
    requires sep: \separated(a->p + (..), a->h, a->lkey, a->rkey);
    requires sep_a: \separated(a, a->p + (..), a->h, a->lkey, a->rkey);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_shared(struct mm_shared_args *a)
{
	return ud_reg_shared_mr(a->p, a->mr, a->pd, a->va, a->access, a->h, a->lkey, a->rkey);
}

struct mm_rereg_args { struct ud_prot *p; uint32_t mr, flags, pd; uint64_t va, len;
	uint32_t access; uint32_t *lkey, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->lkey) && \valid(a->rkey);
    requires sep: \separated(a->p + (..), a->lkey, a->rkey);
    requires sep_a: \separated(a, a->p + (..), a->lkey, a->rkey);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_rereg(struct mm_rereg_args *a)
{
	return ud_rereg_mr(a->p, a->mr, a->flags, a->pd, a->va, a->len, a->access,
	                   a->lkey, a->rkey);
}

struct mm_query_args { const struct ud_prot *p; uint32_t mr; struct ud_mr_attr *at; };
/*@ requires args: \valid_read(a);
    requires valid: \valid_read(a->p) && \valid(a->at);
    requires sep: \separated(a->p + (..), a->at);
    requires sep_a: \separated(a, a->p + (..), a->at);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_query(struct mm_query_args *a)
{
	return ud_query_mr(a->p, a->mr, a->at);
}
