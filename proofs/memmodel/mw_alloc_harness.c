/* proofs/memmodel/mw_alloc_harness.c -- issue 19 item 3: does ud_alloc_mw's stated
 * precondition imply the Typed+ref model's hypotheses?  Run:
 *   frama-c -c11 -machdep x86_32 -pp-annot proofs/memmodel/mw_alloc_harness.c src/mw.c -cpp-extra-args="-Isrc -Ispec -DUD_PLATFORM_PROOF" \
 *     -wp -wp-model Typed+ref -wp-check-memory-model -wp-fct mm_alloc -wp-prover z3
 * Today: 5/6, the block separation (wp_typed_ref_requires_3) fails
 * (docs/METHOD.md, "Per-module memory model").  Not in the gate yet. */
#include "mw.h"
struct mm_alloc_args { struct ud_prot *p; uint32_t pd; uint32_t *h, *rkey; };
/*@ requires args: \valid_read(a);
    requires valid: \valid(a->p) && \valid(a->h) && \valid(a->rkey);
    requires sep: \separated(a->p, a->h, a->rkey);
    requires sep_a: \separated(a, a->p, a->h, a->rkey);
    requires inv: ud_prot_inv(a->p);
*/
ud_status mm_alloc(struct mm_alloc_args *a)
{
	return ud_alloc_mw(a->p, a->pd, a->h, a->rkey);
}
