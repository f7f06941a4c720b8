/* SPDX-License-Identifier: MIT */
/*
 * shadow.h -- shadow addressing and the engine side of the three user-level
 * DMA initiation algorithms of seed 000_84f077e385ac0b00.txt (first half).
 *
 * Shadow addressing (seed: "For each virtual address vaddr correspond
 * physical - paddr and shadow(paddr) ... The difference is shadow bit in
 * address /for example 0x0FFFF -> regular address; 0x1FFFF -> its shadow
 * address/"): a physical address p < 2^UD_SH_PA_BITS has the shadow address
 *
 *     sa = 2^PA | ctx << (PA + 1) | p          (bit PA = the shadow bit)
 *
 * where ctx is the algorithm-2 context id, UD_SH_CTX_BITS = 2 bits (seed:
 * "Part of the shadow physical address is now the context_id /2 bits/, i.e.
 * 4 processes").  Algorithms 1 and 3 use ctx = 0.  The shadow range is
 * [2^PA, 2^(PA+1+CTX_BITS)); ud_sh_decode rejects anything else.
 *
 * The engine side is one recogniser per algorithm: an explicit state
 * machine fed one bus access at a time -- (kind, physical address, data),
 * which is all real hardware sees -- answering UD_SH_NOTHING ("nothing
 * yet"), UD_SH_STARTED (DMA started, *out set) or a negative UD_E_* error,
 * and keeping the status word the next LOAD returns (UD_SH_SUCCESS /
 * UD_SH_FAILURE).  Every recogniser is a plain fixed-size struct with no
 * pointers, so a SPIN model can put it in its state vector (models/).
 *
 * Contracts sit beside each declaration; the vocabulary (invariants,
 * "atomic", "protected") is spec/shadow.acsl.  Design: docs/shadow.md.
 */
#ifndef UD_SHADOW_H
#define UD_SHADOW_H

#include "ud_common.h"

/* ---------------------------------------------------------- parameters */

/* Physical address width: bit UD_SH_PA_BITS is the shadow bit. */
#ifndef UD_SH_PA_BITS
#define UD_SH_PA_BITS 40
#endif
/* Virtual address width of a user process; shadow(v) = 2^VA + v. */
#ifndef UD_SH_VA_BITS
#define UD_SH_VA_BITS 46
#endif
/* Algorithm-2 context-id bits in the shadow physical address (seed: 2). */
#define UD_SH_CTX_BITS 2
#define UD_SH_NCTX2    4u                               /* 2^CTX_BITS */

#define UD_SH_BIT   (1ull << UD_SH_PA_BITS)                  /* shadow bit */
#define UD_SH_TOP   (1ull << (UD_SH_PA_BITS + 1 + UD_SH_CTX_BITS))
#define UD_SH_VBIT  (1ull << UD_SH_VA_BITS)

/* Algorithm 1 (seed: "The DMA engine is equipped with 4 to 8 register
 * contexts").  Data word of an address-argument STORE: key#context_id =
 * key * 8 + ctx (3 bits of context id, 29 bits of key).  Key 0 means "no
 * owner": it never validates. */
#define UD_SH_A1_NCTX_MIN 4u
#define UD_SH_A1_NCTX_MAX 8u
#define UD_SH_A1_CTX_LIM  8u             /* 2^3: context-id field       */
#define UD_SH_A1_KEY_LIM  536870912u     /* 2^29: key field             */

/* Bus access kinds UD_BUS_STORE / UD_BUS_LOAD: ud_common.h. */

/* Step results (non-negative); a negative result is a UD_E_* error. */
#define UD_SH_NOTHING 0      /* step result: nothing yet            */
#define UD_SH_STARTED 1      /* step result: DMA started, *out set  */

/* The status word a LOAD returns (seed Fig. 1-3 "return_status"). */
#define UD_SH_FAILURE 0u     /* the sequence broke / the DMA did not start  */
#define UD_SH_SUCCESS 1u     /* the sequence is intact so far; on the
                                access that completes it (algorithms 1, 2):
                                the DMA started                             */
#define UD_SH_DONE    2u     /* algorithm 3 only: THIS access completed the
                                sequence and started the DMA.  The seed's
                                word is binary (SUCCESS for both), which
                                lets a call read SUCCESS with no DMA started
                                (SHADOW-M6, docs/shadow.md); the library
                                finishes only on DONE                       */

/* Algorithm-3 sequence forms (seed, THIRD ALGORITHM). */
#define UD_SH_FORM_SLSLL 0u  /* the seed's Fig. 3: STORE dst, LOAD src, STORE dst, LOAD src, LOAD dst */
#define UD_SH_FORM_LSL   1u  /* the abusable LOAD src, STORE dst, LOAD src (two loads same address)  */
#define UD_SH_FORM_SLSL  2u  /* Fig. 3 with its fifth access removed                                 */
#define UD_SH_A3_MAX     5u  /* longest form                                                        */

/* ---------------------------------------------------------- types */

/* Engine configuration (set once at initialisation, ud_sh_cfg_init). */
struct ud_sh_cfg {
	uint32_t nctx;          /* algorithm-1 register contexts, 4..8        */
	uint32_t max_size;      /* largest DMA size accepted, 1..4096 bytes   */
	uint64_t a1_reg_base;   /* physical address of algorithm-1 context 0's
	                           register page; context c at base + c*4096  */
};

/* A started DMA: physical (unshadowed) addresses. */
struct ud_sh_dma {
	uint64_t src;
	uint64_t dst;
	uint32_t size;
	uint32_t ctx;
};

/* Algorithm 1: one register context. */
struct ud_sh_a1ctx {
	uint32_t key;       /* set by the OS; 0 = unowned                      */
	uint32_t nargs;     /* address arguments held: 0, 1 (dst), 2 (dst,src) */
	uint64_t dst;       /* shadow physical address of the 1st STORE        */
	uint64_t src;       /* shadow physical address of the 2nd STORE        */
	uint32_t dst_data;  /* the key#ctx data word each carried              */
	uint32_t src_data;
	uint32_t st;        /* status word a LOAD of the register page returns */
};
struct ud_sh_alg1 {
	struct ud_sh_a1ctx c[UD_SH_A1_NCTX_MAX];
};

/* Algorithm 2: the engine without register contexts (seed: "If there are
 * no register contexts and DMA engine receives pairs of STORE and LOAD
 * instructions, it checks for the context_id value of the two physical
 * addresses"): one pending STORE. */
struct ud_sh_alg2 {
	uint32_t pend;      /* 1: a STORE is pending                          */
	uint32_t size;      /* its data: the size                             */
	uint64_t addr;      /* its shadow physical address                    */
	uint32_t st;        /* status word the last LOAD returned             */
};

/* Algorithm 3: the accepted prefix of the current sequence, as received. */
struct ud_sh_alg3 {
	uint32_t form;                  /* UD_SH_FORM_*                       */
	uint32_t n;                     /* accepted accesses of the prefix    */
	uint32_t st;                    /* status word the last LOAD returned */
	uint32_t kind[UD_SH_A3_MAX];    /* the accesses: kind, address, data  */
	uint64_t addr[UD_SH_A3_MAX];
	uint32_t data[UD_SH_A3_MAX];
};

/* The OS side (shadow_os.c): one process's address space as the OS sees
 * it -- its page table (regular pages) and the shadow mappings the OS
 * created for it.  Defined here because the shared vocabulary
 * (spec/shadow.acsl) speaks of it. */
#ifndef UD_SH_PT_N
#define UD_SH_PT_N 16u
#endif
#ifndef UD_SH_ST_N
#define UD_SH_ST_N 16u
#endif
struct ud_sh_pte {
	uint64_t vpage;     /* virtual page number                            */
	uint64_t ppage;     /* physical page number                           */
	uint32_t rights;    /* UD_SH_R_READ | UD_SH_R_WRITE                   */
	uint32_t valid;
};
struct ud_sh_ste {
	uint64_t svpage;    /* shadow virtual page: page of shadow(vaddr)     */
	uint64_t spage;     /* shadow physical page                           */
	uint32_t rights;
	uint32_t pti;       /* the page-table entry it mirrors                */
	uint32_t valid;
};
struct ud_sh_as {
	uint32_t ctx;       /* algorithm-2 context id of this process (2 bits) */
	struct ud_sh_pte pt[UD_SH_PT_N];
	struct ud_sh_ste st[UD_SH_ST_N];
};
#define UD_SH_R_READ  1u
#define UD_SH_R_WRITE 2u

#include "shadow.acsl"

/* ---------------------------------------------------------- addressing */

/*@
  requires valid_cfg: \valid(cfg);
  assigns *cfg;
  behavior ok:
    assumes args_ok: UD_SH_A1_NCTX_MIN <= nctx <= UD_SH_A1_NCTX_MAX &&
      1 <= max_size <= 4096 && a1_reg_base % 4096 == 0 &&
      a1_reg_base + nctx * 4096 <= ud_sh_bit;
    ensures result: \result == UD_OK;
    ensures set: cfg->nctx == nctx && cfg->max_size == max_size &&
      cfg->a1_reg_base == a1_reg_base;
    ensures cfg_ok: ud_sh_cfg_ok(cfg);
  behavior bad:
    assumes args_bad: !(UD_SH_A1_NCTX_MIN <= nctx <= UD_SH_A1_NCTX_MAX &&
      1 <= max_size <= 4096 && a1_reg_base % 4096 == 0 &&
      a1_reg_base + nctx * 4096 <= ud_sh_bit);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_cfg_init(struct ud_sh_cfg *cfg, uint32_t nctx, uint32_t max_size,
			 uint64_t a1_reg_base);

/*@
  requires valid_sa: \valid(sa);
  assigns *sa;
  behavior ok:
    assumes in_range: ud_sh_is_pa(paddr) && ctx < UD_SH_NCTX2;
    ensures result: \result == UD_OK;
    ensures encoded: *sa == ud_sh_addr(paddr, ctx);
    ensures shadow: ud_sh_is_shadow(*sa);
  behavior bad:
    assumes out_of_range: !(ud_sh_is_pa(paddr) && ctx < UD_SH_NCTX2);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_encode(uint64_t paddr, uint32_t ctx, uint64_t *sa);

/*@
  requires valid_out: \valid(paddr) && \valid(ctx);
  requires sep_out: \separated(paddr, ctx);
  assigns *paddr, *ctx;
  behavior ok:
    assumes shadow: ud_sh_is_shadow(sa);
    ensures result: \result == UD_OK;
    ensures decoded: *paddr == ud_sh_pa(sa) && *ctx == ud_sh_ctx(sa);
    ensures inverse: sa == ud_sh_addr(*paddr, *ctx) && ud_sh_is_pa(*paddr) &&
      *ctx < UD_SH_NCTX2;
  behavior bad:
    assumes not_shadow: !ud_sh_is_shadow(sa);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_decode(uint64_t sa, uint64_t *paddr, uint32_t *ctx);

/* ---------------------------------------------------------- algorithm 1 */

/*@
  requires valid_r: \valid(r);
  assigns *r;
  ensures inv: ud_sh_alg1_inv(r);
  ensures empty: \forall integer c; 0 <= c < UD_SH_A1_NCTX_MAX ==>
    r->c[c].key == 0 && r->c[c].nargs == 0 && r->c[c].st == UD_SH_FAILURE;
*/
void ud_sh_alg1_init(struct ud_sh_alg1 *r);

/* The OS gives context ctx the key `key` (0: take the context away).  Any
 * argument held under the old key is dropped. */
/*@
  requires valid_r: \valid(r);
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  requires inv: ud_sh_alg1_inv(r);
  assigns r->c[0 .. UD_SH_A1_NCTX_MAX - 1];
  ensures inv_kept: ud_sh_alg1_inv(r);
  behavior ok:
    assumes args_ok: ctx < cfg->nctx && key < UD_SH_A1_KEY_LIM;
    ensures result: \result == UD_OK;
    ensures set: r->c[ctx].key == key && r->c[ctx].nargs == 0 &&
      r->c[ctx].st == UD_SH_FAILURE;
    ensures others: \forall integer c; 0 <= c < UD_SH_A1_NCTX_MAX && c != ctx ==>
      r->c[c] == \old(r->c[c]);
  behavior bad:
    assumes args_bad: !(ctx < cfg->nctx && key < UD_SH_A1_KEY_LIM);
    assigns \nothing;
    ensures range: \result == UD_E_RANGE;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_sh_alg1_set_key(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg,
			     uint32_t ctx, uint32_t key);

/* One bus access to the algorithm-1 engine.
 *   STORE key#c TO shadow(p)   p (context-0 shadow address) becomes context
 *                              c's dst (first) or src (second) argument --
 *                              only if key is c's key (else UD_E_KEY,
 *                              nothing changes).  A third one starts a new
 *                              argument set (dst again).
 *   STORE size TO reg(c)       with dst and src held and the size valid for
 *                              both: the DMA starts (UD_SH_STARTED, status
 *                              SUCCESS); otherwise UD_E_SEQ / UD_E_BOUNDS,
 *                              status FAILURE.  Either way the context's
 *                              arguments are consumed.
 *   LOAD FROM reg(c)           returns context c's status word (read it
 *                              with ud_sh_alg1_status); nothing changes.
 *   anything else              UD_E_INVAL / UD_E_RANGE, nothing changes. */
/*@
  requires valid_r: \valid(r);
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  requires valid_out: \valid(out);
  requires sep: \separated(r, cfg, out);
  requires inv: ud_sh_alg1_inv(r);
  assigns *r, *out;
  ensures inv_kept: ud_sh_alg1_inv(r);
  ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
    \result == UD_E_INVAL || \result == UD_E_RANGE || \result == UD_E_KEY ||
    \result == UD_E_SEQ || \result == UD_E_BOUNDS;
  ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE ||
    \result == UD_E_KEY) ==> *r == \old(*r);
  ensures out_kept: \result != UD_SH_STARTED ==> *out == \old(*out);
  ensures wrong_key: \result == UD_E_KEY ==> kind == UD_BUS_STORE &&
    ud_sh_is_shadow0(paddr) && data % UD_SH_A1_CTX_LIM < cfg->nctx &&
    (data / UD_SH_A1_CTX_LIM == 0 ||
     \old(r->c[data % UD_SH_A1_CTX_LIM].key) != data / UD_SH_A1_CTX_LIM);
  ensures fill: (\result == UD_SH_NOTHING && ud_sh_is_shadow0(paddr)) ==>
    kind == UD_BUS_STORE && data % UD_SH_A1_CTX_LIM < cfg->nctx &&
    \old(r->c[data % UD_SH_A1_CTX_LIM].key) == data / UD_SH_A1_CTX_LIM &&
    data / UD_SH_A1_CTX_LIM != 0;
  ensures atomic: \let k = out->ctx; \result == UD_SH_STARTED ==>
    kind == UD_BUS_STORE && !ud_sh_is_shadow0(paddr) &&
    out->ctx < cfg->nctx && paddr == ud_sh_a1_reg(cfg, out->ctx) &&
    \old(r->c[k].nargs) == 2 &&
    \old(r->c[k].key) != 0 &&
    \old(r->c[k].dst_data) == ud_sh_a1_word(\old(r->c[k].key), out->ctx) &&
    \old(r->c[k].src_data) == ud_sh_a1_word(\old(r->c[k].key), out->ctx) &&
    out->dst == ud_sh_pa0(\old(r->c[k].dst)) &&
    out->src == ud_sh_pa0(\old(r->c[k].src)) &&
    out->size == data;
  ensures protect: \let k = out->ctx; \result == UD_SH_STARTED ==>
    ud_sh_is_shadow0(\old(r->c[k].dst)) &&
    ud_sh_is_shadow0(\old(r->c[k].src)) &&
    ud_sh_xfer_ok(cfg, out->dst, out->size) &&
    ud_sh_xfer_ok(cfg, out->src, out->size);
  ensures started_status: \result == UD_SH_STARTED ==>
    r->c[out->ctx].st == UD_SH_SUCCESS && r->c[out->ctx].nargs == 0;
*/
int32_t ud_sh_alg1_step(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out);

/*@
  requires valid_r: \valid_read(r);
  requires inv: ud_sh_alg1_inv(r);
  assigns \nothing;
  ensures status: ctx < UD_SH_A1_NCTX_MAX ==> \result == r->c[ctx].st;
  ensures bad_ctx: ctx >= UD_SH_A1_NCTX_MAX ==> \result == UD_SH_FAILURE;
*/
uint32_t ud_sh_alg1_status(const struct ud_sh_alg1 *r, uint32_t ctx);

/* ---------------------------------------------------------- algorithm 2 */

/*@
  requires valid_r: \valid(r);
  assigns *r;
  ensures inv: ud_sh_alg2_inv(r);
  ensures empty: r->pend == 0 && r->st == UD_SH_FAILURE;
*/
void ud_sh_alg2_init(struct ud_sh_alg2 *r);

/* One bus access to the algorithm-2 engine.
 *   STORE size TO sa     sa becomes the pending destination (any earlier
 *                        pending STORE is replaced); UD_SH_NOTHING.
 *   LOAD FROM sa         with a pending STORE of the same context id and a
 *                        valid size: the DMA starts (src = pa(sa), dst =
 *                        the STORE's, ctx); otherwise UD_E_SEQ (no STORE,
 *                        or the ids differ: "DMA is not started and an
 *                        error is returned by the last LOAD") or
 *                        UD_E_BOUNDS.  The pending STORE is consumed.
 *   an address outside the shadow range or a bad kind: UD_E_RANGE /
 *                        UD_E_INVAL, nothing changes. */
/*@
  requires valid_r: \valid(r);
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  requires valid_out: \valid(out);
  requires sep: \separated(r, cfg, out);
  requires inv: ud_sh_alg2_inv(r);
  assigns *r, *out;
  ensures inv_kept: ud_sh_alg2_inv(r);
  ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
    \result == UD_E_INVAL || \result == UD_E_RANGE ||
    \result == UD_E_SEQ || \result == UD_E_BOUNDS;
  ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE) ==>
    *r == \old(*r);
  ensures out_kept: \result != UD_SH_STARTED ==> *out == \old(*out);
  ensures store: (\result == UD_SH_NOTHING) ==>
    kind == UD_BUS_STORE && r->pend == 1 && r->addr == paddr && r->size == data;
  ensures refused: (kind == UD_BUS_LOAD && ud_sh_is_shadow(paddr) &&
    \old(r->pend) == 1 && ud_sh_ctx(\old(r->addr)) != ud_sh_ctx(paddr)) ==>
    \result == UD_E_SEQ && r->st == UD_SH_FAILURE && r->pend == 0;
  ensures atomic: \result == UD_SH_STARTED ==>
    kind == UD_BUS_LOAD && \old(r->pend) == 1 &&
    ud_sh_ctx(\old(r->addr)) == ud_sh_ctx(paddr) &&
    out->ctx == ud_sh_ctx(paddr) &&
    out->dst == ud_sh_pa(\old(r->addr)) && out->src == ud_sh_pa(paddr) &&
    out->size == \old(r->size);
  ensures protect: \result == UD_SH_STARTED ==>
    ud_sh_is_shadow(\old(r->addr)) && ud_sh_is_shadow(paddr) &&
    ud_sh_xfer_ok(cfg, out->dst, out->size) &&
    ud_sh_xfer_ok(cfg, out->src, out->size);
  ensures status: (kind == UD_BUS_LOAD && \result != UD_E_INVAL &&
    \result != UD_E_RANGE) ==>
    (r->pend == 0 && (r->st == UD_SH_SUCCESS <==> \result == UD_SH_STARTED));
*/
int32_t ud_sh_alg2_step(struct ud_sh_alg2 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out);

/*@
  requires valid_r: \valid_read(r);
  assigns \nothing;
  ensures status: \result == r->st;
*/
uint32_t ud_sh_alg2_status(const struct ud_sh_alg2 *r);

/* ---------------------------------------------------------- algorithm 3 */

/* A form number out of range gives the Fig. 3 form (UD_SH_FORM_SLSLL). */
/*@
  requires valid_r: \valid(r);
  assigns *r;
  ensures inv: ud_sh_alg3_inv(r);
  ensures form: r->form == (form <= 2 ? form : UD_SH_FORM_SLSLL);
  ensures empty: r->n == 0 && r->st == UD_SH_FAILURE;
*/
void ud_sh_alg3_init(struct ud_sh_alg3 *r, uint32_t form);

/* One bus access to the algorithm-3 engine.  The access must be the next
 * one of the configured form: right kind, a context-0 shadow address equal
 * to the earlier accesses of its role (accesses 1, 3, 5 = destination, 2, 4
 * = source for Fig. 3), and a STORE's size equal to the first STORE's.
 * Then it is recorded (UD_SH_NOTHING, status SUCCESS) or, being the last,
 * starts the DMA (UD_SH_STARTED, status DONE) if the size is valid for
 * both pages (else UD_E_BOUNDS, status FAILURE).  Anything else resets the
 * recogniser and fails (UD_E_SEQ, status FAILURE) -- except an access that
 * is not an engine access at all (bad kind: UD_E_INVAL; outside the
 * context-0 shadow range: UD_E_RANGE), which changes nothing. */
/*@
  requires valid_r: \valid(r);
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  requires valid_out: \valid(out);
  requires sep: \separated(r, cfg, out);
  requires inv: ud_sh_alg3_inv(r);
  assigns *r, *out;
  ensures inv_kept: ud_sh_alg3_inv(r);
  ensures form_kept: r->form == \old(r->form);
  ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
    \result == UD_E_INVAL || \result == UD_E_RANGE ||
    \result == UD_E_SEQ || \result == UD_E_BOUNDS;
  ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE) ==>
    *r == \old(*r);
  ensures out_kept: \result != UD_SH_STARTED ==> *out == \old(*out);
  ensures reset: (\result == UD_E_SEQ || \result == UD_E_BOUNDS) ==>
    r->n == 0 && r->st == UD_SH_FAILURE;
  ensures extend: \result == UD_SH_NOTHING ==>
    r->n == \old(r->n) + 1 && r->st == UD_SH_SUCCESS &&
    r->kind[\old(r->n)] == kind && r->addr[\old(r->n)] == paddr &&
    r->data[\old(r->n)] == data &&
    (\forall integer i; 0 <= i < \old(r->n) ==>
      r->kind[i] == \old(r->kind[i]) && r->addr[i] == \old(r->addr[i]) &&
      r->data[i] == \old(r->data[i]));
  ensures atomic: \result == UD_SH_STARTED ==>
    \old(r->n) == ud_sh_a3_len(r->form) - 1 &&
    (\forall integer i; 0 <= i < \old(r->n) ==>
      r->kind[i] == \old(r->kind[i]) && r->addr[i] == \old(r->addr[i]) &&
      r->data[i] == \old(r->data[i])) &&
    r->kind[\old(r->n)] == kind && r->addr[\old(r->n)] == paddr &&
    r->data[\old(r->n)] == data &&
    ud_sh_a3_prefix(r, ud_sh_a3_len(r->form)) &&
    out->dst == ud_sh_pa0(r->addr[ud_sh_a3_fd(r->form)]) &&
    out->src == ud_sh_pa0(r->addr[ud_sh_a3_fs(r->form)]) &&
    out->size == r->data[ud_sh_a3_fd(r->form)] && out->ctx == 0;
  ensures protect: \result == UD_SH_STARTED ==>
    r->kind[ud_sh_a3_fd(r->form)] == UD_BUS_STORE &&
    r->kind[ud_sh_a3_fs(r->form)] == UD_BUS_LOAD &&
    ud_sh_xfer_ok(cfg, out->dst, out->size) &&
    ud_sh_xfer_ok(cfg, out->src, out->size);
  ensures started: \result == UD_SH_STARTED ==>
    r->n == 0 && r->st == UD_SH_DONE;
  ensures done_only: r->st == UD_SH_DONE ==> \result == UD_SH_STARTED ||
    ((\result == UD_E_INVAL || \result == UD_E_RANGE) && \old(r->st) == UD_SH_DONE);
*/
int32_t ud_sh_alg3_step(struct ud_sh_alg3 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out);

/*@
  requires valid_r: \valid_read(r);
  assigns \nothing;
  ensures status: \result == r->st;
*/
uint32_t ud_sh_alg3_status(const struct ud_sh_alg3 *r);

#endif /* UD_SHADOW_H */
