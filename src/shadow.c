/* SPDX-License-Identifier: MIT */
/*
 * shadow.c -- shadow address encode/decode and the engine-side recognisers
 * of the three user-level DMA initiation algorithms (seed
 * 000_84f077e385ac0b00.txt).  Contracts: src/shadow.h; vocabulary:
 * spec/shadow.acsl; design: docs/shadow.md.
 *
 * Arithmetic is written with / and % by power-of-two constants (the
 * compiler turns them into shifts and masks), so the code is literally the
 * arithmetic of the specification.
 */
#include "shadow.h"

ud_status ud_sh_cfg_init(struct ud_sh_cfg *cfg, uint32_t nctx, uint32_t max_size,
			 uint64_t a1_reg_base)
{
	if (nctx < UD_SH_A1_NCTX_MIN || nctx > UD_SH_A1_NCTX_MAX)
		return UD_E_RANGE;
	if (max_size < 1u || max_size > UD_PAGE_SIZE)
		return UD_E_RANGE;
	if (a1_reg_base % UD_PAGE_SIZE != 0u)
		return UD_E_RANGE;
	/* base + nctx * 4096 <= 2^PA, written so that nothing can wrap */
	if (a1_reg_base > UD_SH_BIT || (uint64_t)nctx * UD_PAGE_SIZE > UD_SH_BIT - a1_reg_base)
		return UD_E_RANGE;
	cfg->nctx = nctx;
	cfg->max_size = max_size;
	cfg->a1_reg_base = a1_reg_base;
	return UD_OK;
}

ud_status ud_sh_encode(uint64_t paddr, uint32_t ctx, uint64_t *sa)
{
	if (paddr >= UD_SH_BIT || ctx >= UD_SH_NCTX2)
		return UD_E_RANGE;
	*sa = UD_SH_BIT + (uint64_t)ctx * (2u * UD_SH_BIT) + paddr;
	return UD_OK;
}

/* The shadow-range test the recognisers share. */
/*@
  assigns \nothing;
  ensures shadow: \result == 1 <==> ud_sh_is_shadow(sa);
  ensures bool: \result == 0 || \result == 1;
*/
static int sh_is_shadow(uint64_t sa)
{
	if (sa < UD_SH_BIT || sa >= UD_SH_TOP)
		return 0;
	return (sa / UD_SH_BIT) % 2u == 1u;
}

/* context-0 shadow address */
/*@
  assigns \nothing;
  ensures shadow0: \result == 1 <==> ud_sh_is_shadow0(sa);
  ensures bool: \result == 0 || \result == 1;
*/
static int sh_is_shadow0(uint64_t sa)
{
	return sa >= UD_SH_BIT && sa < 2u * UD_SH_BIT;
}

ud_status ud_sh_decode(uint64_t sa, uint64_t *paddr, uint32_t *ctx)
{
	if (!sh_is_shadow(sa))
		return UD_E_RANGE;
	*paddr = sa % UD_SH_BIT;
	*ctx = (uint32_t)(sa / (2u * UD_SH_BIT));
	return UD_OK;
}

/* size valid for a transfer at physical address p (ud_sh_xfer_ok) */
/*@
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  assigns \nothing;
  ensures ok: \result == 1 <==> ud_sh_xfer_ok(cfg, p, size);
  ensures bool: \result == 0 || \result == 1;
*/
static int sh_xfer_ok(const struct ud_sh_cfg *cfg, uint64_t p, uint32_t size)
{
	if (size < 1u || size > cfg->max_size)
		return 0;
	return p % UD_PAGE_SIZE + size <= UD_PAGE_SIZE;
}

/* ---------------------------------------------------------- algorithm 1 */

void ud_sh_alg1_init(struct ud_sh_alg1 *r)
{
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_A1_NCTX_MAX;
	  loop invariant done: \forall integer c; 0 <= c < i ==>
	    r->c[c].key == 0 && r->c[c].nargs == 0 && r->c[c].st == UD_SH_FAILURE &&
	    ud_sh_a1ctx_inv(&r->c[c], c);
	  loop assigns i, r->c[0 .. UD_SH_A1_NCTX_MAX - 1];
	  loop variant UD_SH_A1_NCTX_MAX - i;
	*/
	for (uint32_t i = 0; i < UD_SH_A1_NCTX_MAX; i++) {
		r->c[i].key = 0;
		r->c[i].nargs = 0;
		r->c[i].dst = 0;
		r->c[i].src = 0;
		r->c[i].dst_data = 0;
		r->c[i].src_data = 0;
		r->c[i].st = UD_SH_FAILURE;
	}
}

ud_status ud_sh_alg1_set_key(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg,
			     uint32_t ctx, uint32_t key)
{
	if (ctx >= cfg->nctx || key >= UD_SH_A1_KEY_LIM)
		return UD_E_RANGE;
	r->c[ctx].key = key;
	r->c[ctx].nargs = 0;
	r->c[ctx].st = UD_SH_FAILURE;
	return UD_OK;
}

/* STORE key#c TO shadow(p): context c's next address argument, only under
 * c's key. */
/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires sep: \separated(r, cfg);
    requires inv: ud_sh_alg1_inv(r);
    requires shadow0: ud_sh_is_shadow0(paddr);
    assigns r->c[data % UD_SH_A1_CTX_LIM];
    ensures inv_kept: ud_sh_alg1_inv(r);
    ensures result: \result == UD_SH_NOTHING || \result == UD_E_RANGE || \result == UD_E_KEY;
    ensures unchanged: \result != UD_SH_NOTHING ==> *r == \old(*r);
    ensures wrong_key: \result == UD_E_KEY ==> data % UD_SH_A1_CTX_LIM < cfg->nctx &&
      (data / UD_SH_A1_CTX_LIM == 0 ||
       \old(r->c[data % UD_SH_A1_CTX_LIM].key) != data / UD_SH_A1_CTX_LIM);
    ensures fill: \result == UD_SH_NOTHING ==> data % UD_SH_A1_CTX_LIM < cfg->nctx &&
      \old(r->c[data % UD_SH_A1_CTX_LIM].key) == data / UD_SH_A1_CTX_LIM &&
      data / UD_SH_A1_CTX_LIM != 0;
*/
static int32_t a1_arg(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint64_t paddr,
		      uint32_t data)
{
	uint32_t c = data % UD_SH_A1_CTX_LIM;
	uint32_t key = data / UD_SH_A1_CTX_LIM;

	if (c >= cfg->nctx)
		return UD_E_RANGE;
	if (key == 0u || key != r->c[c].key)
		return UD_E_KEY;       /* a wrong key never fills a context */
	//@ assert word: data == ud_sh_a1_word(r->c[c].key, c);
	if (r->c[c].nargs == 1u) {
		r->c[c].src = paddr;
		r->c[c].src_data = data;
		r->c[c].nargs = 2;
	} else {
		r->c[c].dst = paddr;
		r->c[c].dst_data = data;
		r->c[c].nargs = 1;
	}
	//@ assert ctx_ok: ud_sh_a1ctx_inv(&r->c[c], c);
	return UD_SH_NOTHING;
}

/* STORE size TO reg(c) of a context c < nctx: start the DMA if both
 * arguments are held and the size fits both pages. */
/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires valid_out: \valid(out);
    requires sep: \separated(r, cfg, out);
    requires inv: ud_sh_alg1_inv(r);
    requires ctx: c < cfg->nctx;
    assigns r->c[c], *out;
    ensures inv_kept: ud_sh_alg1_inv(r);
    ensures result: \result == UD_SH_STARTED || \result == UD_E_SEQ || \result == UD_E_BOUNDS;
    ensures out_kept: \result != UD_SH_STARTED ==> *out == \old(*out);
    ensures ctx_is: \result == UD_SH_STARTED ==> out->ctx == c;
    ensures atomic: \let k = out->ctx; \result == UD_SH_STARTED ==>
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
      r->c[c].st == UD_SH_SUCCESS && r->c[c].nargs == 0;
*/
static int32_t a1_start(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t c,
			uint32_t data, struct ud_sh_dma *out)
{
	uint64_t dst, src;

	if (r->c[c].nargs != 2u) {
		r->c[c].nargs = 0;
		r->c[c].st = UD_SH_FAILURE;
		//@ assert ctx_ok: ud_sh_a1ctx_inv(&r->c[c], c);
		return UD_E_SEQ;
	}
	//@ assert held: ud_sh_is_shadow0(r->c[c].dst) && ud_sh_is_shadow0(r->c[c].src);
	dst = r->c[c].dst - UD_SH_BIT;   /* context-0 shadow addresses */
	src = r->c[c].src - UD_SH_BIT;
	r->c[c].nargs = 0;
	if (!sh_xfer_ok(cfg, dst, data) || !sh_xfer_ok(cfg, src, data)) {
		r->c[c].st = UD_SH_FAILURE;
		//@ assert ctx_ok: ud_sh_a1ctx_inv(&r->c[c], c);
		return UD_E_BOUNDS;
	}
	r->c[c].st = UD_SH_SUCCESS;
	//@ assert ctx_ok: ud_sh_a1ctx_inv(&r->c[c], c);
	out->src = src;
	out->dst = dst;
	out->size = data;
	out->ctx = c;
	/*@ assert old_c: \at(r->c[c].nargs, Pre) == 2 && \at(r->c[c].key, Pre) != 0 &&
	      \at(r->c[c].dst_data, Pre) == ud_sh_a1_word(\at(r->c[c].key, Pre), c) &&
	      \at(r->c[c].src_data, Pre) == ud_sh_a1_word(\at(r->c[c].key, Pre), c) &&
	      ud_sh_is_shadow0(\at(r->c[c].dst, Pre)) &&
	      ud_sh_is_shadow0(\at(r->c[c].src, Pre)); */
	//@ assert out_c: out->ctx == c && out->dst == dst && out->src == src && out->size == data;
	//@ assert pa_c: dst == ud_sh_pa0(\at(r->c[c].dst, Pre)) && src == ud_sh_pa0(\at(r->c[c].src, Pre));
	return UD_SH_STARTED;
}

/* An access to the register pages (not a shadow address). */
/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires valid_out: \valid(out);
    requires sep: \separated(r, cfg, out);
    requires inv: ud_sh_alg1_inv(r);
    requires not_shadow: !ud_sh_is_shadow0(paddr);
    requires kind: kind <= UD_BUS_LOAD;
    assigns r->c[0 .. UD_SH_A1_NCTX_MAX - 1], *out;
    ensures inv_kept: ud_sh_alg1_inv(r);
    ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
      \result == UD_E_RANGE || \result == UD_E_SEQ || \result == UD_E_BOUNDS;
    ensures unchanged: (\result == UD_E_RANGE || \result == UD_SH_NOTHING) ==> *r == \old(*r);
    ensures out_kept: \result != UD_SH_STARTED ==> *out == \old(*out);
    ensures atomic: \let k = out->ctx; \result == UD_SH_STARTED ==>
      kind == UD_BUS_STORE &&
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
static int32_t a1_reg(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		      uint64_t paddr, uint32_t data, struct ud_sh_dma *out)
{
	uint64_t idx;
	uint32_t c;
	int32_t st;

	if (paddr < cfg->a1_reg_base || paddr % UD_PAGE_SIZE != 0u)
		return UD_E_RANGE;
	idx = (paddr - cfg->a1_reg_base) / UD_PAGE_SIZE;
	if (idx >= cfg->nctx)
		return UD_E_RANGE;
	c = (uint32_t)idx;
	//@ assert reg: paddr == ud_sh_a1_reg(cfg, c);
	if (kind == UD_BUS_LOAD)
		return UD_SH_NOTHING;          /* the status word is r->c[c].st */
	st = a1_start(r, cfg, c, data, out);
	//@ assert ctx_reg: st == UD_SH_STARTED ==> out->ctx < cfg->nctx && paddr == ud_sh_a1_reg(cfg, out->ctx);
	return st;
}

int32_t ud_sh_alg1_step(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out)
{
	if (kind > UD_BUS_LOAD)
		return UD_E_INVAL;
	if (sh_is_shadow0(paddr)) {
		/* STORE key#ctx TO shadow(v): an address argument */
		if (kind != UD_BUS_STORE)
			return UD_E_INVAL;
		return a1_arg(r, cfg, paddr, data);
	}
	/* the register pages: context c's size (STORE) / status (LOAD) */
	return a1_reg(r, cfg, kind, paddr, data, out);
}

uint32_t ud_sh_alg1_status(const struct ud_sh_alg1 *r, uint32_t ctx)
{
	if (ctx >= UD_SH_A1_NCTX_MAX)
		return UD_SH_FAILURE;
	return r->c[ctx].st;
}

/* ---------------------------------------------------------- algorithm 2 */

void ud_sh_alg2_init(struct ud_sh_alg2 *r)
{
	r->pend = 0;
	r->size = 0;
	r->addr = 0;
	r->st = UD_SH_FAILURE;
}

int32_t ud_sh_alg2_step(struct ud_sh_alg2 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out)
{
	if (kind > UD_BUS_LOAD)
		return UD_E_INVAL;
	if (!sh_is_shadow(paddr))
		return UD_E_RANGE;
	if (kind == UD_BUS_STORE) {
		/* STORE size TO shadow(vdestination) */
		r->pend = 1;
		r->size = data;
		r->addr = paddr;
		return UD_SH_NOTHING;
	}
	/* LOAD return_status FROM shadow(vsource) */
	if (r->pend != 1u) {
		r->st = UD_SH_FAILURE;
		return UD_E_SEQ;
	}
	r->pend = 0;
	uint32_t ctx = (uint32_t)(paddr / (2u * UD_SH_BIT));
	if (r->addr / (2u * UD_SH_BIT) != ctx) {
		r->st = UD_SH_FAILURE;
		return UD_E_SEQ;
	}
	uint64_t dst = r->addr % UD_SH_BIT;
	uint64_t src = paddr % UD_SH_BIT;
	if (!sh_xfer_ok(cfg, dst, r->size) || !sh_xfer_ok(cfg, src, r->size)) {
		r->st = UD_SH_FAILURE;
		return UD_E_BOUNDS;
	}
	r->st = UD_SH_SUCCESS;
	out->src = src;
	out->dst = dst;
	out->size = r->size;
	out->ctx = ctx;
	return UD_SH_STARTED;
}

uint32_t ud_sh_alg2_status(const struct ud_sh_alg2 *r)
{
	return r->st;
}

/* ---------------------------------------------------------- algorithm 3 */

/* The form tables (ud_sh_a3_len / _kind / _first / _fd / _fs). */
/*@
  requires form: f <= 2;
  assigns \nothing;
  ensures len: \result == ud_sh_a3_len(f);
*/
static uint32_t a3_len(uint32_t f)
{
	return f == UD_SH_FORM_SLSLL ? 5u : (f == UD_SH_FORM_LSL ? 3u : 4u);
}

/*@
  requires form: f <= 2;
  requires idx: i < 5;
  assigns \nothing;
  ensures kind: \result == ud_sh_a3_kind(f, i);
*/
static uint32_t a3_kind(uint32_t f, uint32_t i)
{
	if (f == UD_SH_FORM_LSL)
		return i == 1u ? UD_BUS_STORE : UD_BUS_LOAD;
	if (i % 2u == 1u || i == 4u)
		return UD_BUS_LOAD;
	return UD_BUS_STORE;
}

/*@
  requires form: f <= 2;
  assigns \nothing;
  ensures fd: \result == ud_sh_a3_fd(f);
*/
static uint32_t a3_fd(uint32_t f)
{
	return f == UD_SH_FORM_LSL ? 1u : 0u;
}

/*@
  requires form: f <= 2;
  assigns \nothing;
  ensures fs: \result == ud_sh_a3_fs(f);
*/
static uint32_t a3_fs(uint32_t f)
{
	return f == UD_SH_FORM_LSL ? 0u : 1u;
}

/* Index of the first access with access i's role: in every form the roles
 * alternate, and the first two accesses are one of each (LSL: src, dst;
 * the others: dst, src), so it is i % 2. */
/*@
  requires form: f <= 2;
  requires idx: i < 5;
  assigns \nothing;
  ensures first: \result == ud_sh_a3_first(f, i);
  ensures le: \result <= i;
*/
static uint32_t a3_first(uint32_t f, uint32_t i)
{
	(void)f;
	return i % 2u;
}

void ud_sh_alg3_init(struct ud_sh_alg3 *r, uint32_t form)
{
	r->form = form <= 2u ? form : UD_SH_FORM_SLSLL;
	r->n = 0;
	r->st = UD_SH_FAILURE;
	/*@
	  loop invariant bound: 0 <= i <= UD_SH_A3_MAX;
	  loop assigns i, r->kind[0 .. UD_SH_A3_MAX - 1], r->addr[0 .. UD_SH_A3_MAX - 1],
	    r->data[0 .. UD_SH_A3_MAX - 1];
	  loop variant UD_SH_A3_MAX - i;
	*/
	for (uint32_t i = 0; i < UD_SH_A3_MAX; i++) {
		r->kind[i] = 0;
		r->addr[i] = 0;
		r->data[i] = 0;
	}
}

/* Record access n (already checked against the form) in the history. */
/*@
  requires valid_r: \valid(r);
  requires inv: ud_sh_alg3_inv(r);
  requires kind_ok: kind == ud_sh_a3_kind(r->form, r->n);
  requires shadow0: ud_sh_is_shadow0(paddr);
  requires addr_ok: ud_sh_a3_first(r->form, r->n) < r->n ==>
    paddr == r->addr[ud_sh_a3_first(r->form, r->n)];
  requires data_ok: (kind == UD_BUS_STORE && ud_sh_a3_fd(r->form) < r->n) ==>
    data == r->data[ud_sh_a3_fd(r->form)];
  assigns r->kind[r->n], r->addr[r->n], r->data[r->n];
  ensures prefix: ud_sh_a3_prefix(r, r->n + 1);
  ensures written: r->kind[r->n] == kind && r->addr[r->n] == paddr && r->data[r->n] == data;
  ensures older: \forall integer i; 0 <= i < r->n ==>
    r->kind[i] == \old(r->kind[i]) && r->addr[i] == \old(r->addr[i]) &&
    r->data[i] == \old(r->data[i]);
*/
static void a3_record(struct ud_sh_alg3 *r, uint32_t kind, uint64_t paddr, uint32_t data)
{
	uint32_t n = r->n;

	//@ assert first_le: ud_sh_a3_first(r->form, n) <= n;
	//@ assert fd_store: kind == UD_BUS_STORE ==> ud_sh_a3_fd(r->form) <= n;
	r->kind[n] = kind;
	r->addr[n] = paddr;
	r->data[n] = data;
	/*@ assert same: \forall integer i; 0 <= i < n ==>
	      r->kind[i] == \at(r->kind[i], Pre) && r->addr[i] == \at(r->addr[i], Pre) &&
	      r->data[i] == \at(r->data[i], Pre); */
	//@ assert old_prefix: ud_sh_a3_prefix(r, n);
	//@ assert new_fits: ud_sh_a3_fits(r, n);
}

/* The last access of the form was recorded: start the DMA if the size
 * is valid for both pages. */
/*@
  requires valid_r: \valid(r);
  requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
  requires valid_out: \valid(out);
  requires sep: \separated(r, cfg, out);
  requires form: r->form <= 2;
  requires full: ud_sh_a3_prefix(r, ud_sh_a3_len(r->form));
  assigns r->n, r->st, *out;
  ensures n0: r->n == 0;
  ensures form_kept: r->form == \old(r->form);
  ensures kind_kept: \forall integer i; 0 <= i < UD_SH_A3_MAX ==> r->kind[i] == \old(r->kind[i]);
  ensures addr_kept: \forall integer i; 0 <= i < UD_SH_A3_MAX ==> r->addr[i] == \old(r->addr[i]);
  ensures data_kept: \forall integer i; 0 <= i < UD_SH_A3_MAX ==> r->data[i] == \old(r->data[i]);
  ensures full_kept: ud_sh_a3_prefix(r, ud_sh_a3_len(r->form));
  ensures fd_fs: r->kind[ud_sh_a3_fd(r->form)] == UD_BUS_STORE &&
    r->kind[ud_sh_a3_fs(r->form)] == UD_BUS_LOAD;
  ensures result: \result == UD_SH_STARTED || \result == UD_E_BOUNDS;
  ensures bounds: \result == UD_E_BOUNDS ==> r->st == UD_SH_FAILURE && *out == \old(*out);
  ensures started: \result == UD_SH_STARTED ==> r->st == UD_SH_DONE &&
    out->dst == ud_sh_pa0(r->addr[ud_sh_a3_fd(r->form)]) &&
    out->src == ud_sh_pa0(r->addr[ud_sh_a3_fs(r->form)]) &&
    out->size == r->data[ud_sh_a3_fd(r->form)] && out->ctx == 0 &&
    ud_sh_xfer_ok(cfg, out->dst, out->size) &&
    ud_sh_xfer_ok(cfg, out->src, out->size);
*/
static int32_t a3_finish(struct ud_sh_alg3 *r, const struct ud_sh_cfg *cfg,
			 struct ud_sh_dma *out)
{
	uint32_t fd = a3_fd(r->form);
	uint32_t fs = a3_fs(r->form);

	//@ assert held: ud_sh_is_shadow0(r->addr[fd]) && ud_sh_is_shadow0(r->addr[fs]);
	uint64_t dst = r->addr[fd] - UD_SH_BIT;     /* context-0 shadow address */
	uint64_t src = r->addr[fs] - UD_SH_BIT;
	uint32_t size = r->data[fd];

	r->n = 0;
	if (!sh_xfer_ok(cfg, dst, size) || !sh_xfer_ok(cfg, src, size)) {
		r->st = UD_SH_FAILURE;
		return UD_E_BOUNDS;
	}
	r->st = UD_SH_DONE;
	out->src = src;
	out->dst = dst;
	out->size = size;
	out->ctx = 0;
	//@ assert full_here: ud_sh_a3_prefix(r, ud_sh_a3_len(r->form));
	return UD_SH_STARTED;
}

int32_t ud_sh_alg3_step(struct ud_sh_alg3 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
			uint64_t paddr, uint32_t data, struct ud_sh_dma *out)
{
	int32_t st;

	if (kind > UD_BUS_LOAD)
		return UD_E_INVAL;
	if (!sh_is_shadow0(paddr))
		return UD_E_RANGE;
	uint32_t f = r->form;
	uint32_t n = r->n;
	uint32_t first = a3_first(f, n);
	uint32_t fd = a3_fd(f);
	if (kind != a3_kind(f, n) ||
	    (first < n && paddr != r->addr[first]) ||
	    (kind == UD_BUS_STORE && fd < n && data != r->data[fd])) {
		/* not the next access of the form: reset and fail */
		r->n = 0;
		r->st = UD_SH_FAILURE;
		//@ assert inv_seq: ud_sh_alg3_inv(r);
		//@ assert out_seq: *out == \at(*out, Pre);
		return UD_E_SEQ;
	}
	a3_record(r, kind, paddr, data);
	//@ assert grown: ud_sh_a3_prefix(r, n + 1);
	if (n + 1u < a3_len(f)) {
		r->n = n + 1u;
		r->st = UD_SH_SUCCESS;
		//@ assert inv_more: ud_sh_alg3_inv(r);
		//@ assert out_more: *out == \at(*out, Pre);
		return UD_SH_NOTHING;
	}
	/* the sequence is complete */
	//@ assert full: ud_sh_a3_prefix(r, ud_sh_a3_len(r->form));
	//@ assert last: n + 1 == ud_sh_a3_len(r->form);
	st = a3_finish(r, cfg, out);
	//@ assert inv_done: ud_sh_alg3_inv(r);
	//@ assert out_done: st != UD_SH_STARTED ==> *out == \at(*out, Pre);
	return st;
}

uint32_t ud_sh_alg3_status(const struct ud_sh_alg3 *r)
{
	return r->st;
}
