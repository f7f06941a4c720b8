/* proofs/memmodel/mw_alloc_harness.c -- issue 19 item 3: ud_alloc_mw's stated
 * precondition implies the Typed+ref model's hypotheses (docs/METHOD.md,
 * "Per-module memory model").  The harness calls the verb under exactly its
 * stated `requires` (clause by clause, each argument read from the struct
 * `a`, so that the harness's own parameter is not a ref; scripts/prove.py
 * checks the clauses against mw.h).  Run by scripts/prove.py (`make
 * prove-one M=mw`) with src/mw.c under -wp-model Typed+ref
 * -wp-check-memory-model -wp-fct mm_alloc: every goal must be proved; the
 * model's hypotheses at the call are the goals
 * typed_ref_mm_alloc_call_ud_alloc_mw_wp_typed_ref_requires*. */
/* memmodel-target: ud_alloc_mw */
#include "mw.h"
struct mm_alloc_args { struct ud_prot *p; uint32_t pd; uint32_t *h, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->h) && \valid(a->rkey);
    requires sep: \separated(a->h, a->rkey, a->p + (..));
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_alloc(struct mm_alloc_args *a)
{
	return ud_alloc_mw(a->p, a->pd, a->h, a->rkey);
}
