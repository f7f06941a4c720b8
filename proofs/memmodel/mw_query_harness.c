/* proofs/memmodel/mw_query_harness.c -- issue 19 item 3: ud_query_mw's stated
 * precondition implies the Typed+ref model's hypotheses at a call (see
 * mw_alloc_harness.c; docs/METHOD.md, "Per-module memory model"). */
/* memmodel-target: ud_query_mw */
#include "mw.h"
struct mm_query_args { const struct ud_prot *p; uint32_t mw; struct ud_mw_attr *a; };
/*@ requires args: \valid_read(q);
    requires valid: \valid_read(q->p) && \valid(q->a);
    requires sep: \separated(q->a, q->p + (..));
    requires inv: ud_prot_inv(q->p);
*/
ud_status mm_query(struct mm_query_args *q)
{
	return ud_query_mw(q->p, q->mw, q->a);
}
