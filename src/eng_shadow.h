/* SPDX-License-Identifier: MIT */
/*
 * eng_shadow.h -- the engine's shadow entry (issue 18, item 1a): a bus
 * access into the NIC's shadow window goes to the recogniser of the
 * configured algorithm (src/shadow.c); when the recogniser starts a DMA,
 * the engine moves its bytes at once -- one read of the source through the
 * memory door into the staging buffer, one write of the destination out of
 * it -- and when it does not, the engine touches no memory.
 *
 *   ud_eng_sh_move(d, buf)                     the mover: 2 memory-log entries
 *   ud_eng_sh_a1 / _a2 / _a3(r, cfg, kind, paddr, data, buf, out)
 *       one bus access through algorithm 1, 2 or 3, then the mover when
 *       the access started a DMA.  Returns the recogniser's result.
 *
 * What the contracts say, over the ghost memory log of the doors
 * (src/ud_platform.h, ud_dma_*):
 *   - moved / quiet: an access that starts a DMA appends exactly a read of
 *     (out->src, out->size) then a write of (out->dst, out->size); any
 *     other access appends nothing (ENG-SH-1).
 *   - issuer: those two entries are at the addresses the starting context
 *     itself recorded, of the size its own accesses named -- for algorithm
 *     1 the two STOREs that carried that context's key, for algorithm 2 the
 *     pending STORE and the LOAD of the same context, for algorithm 3 the
 *     completed access sequence (ENG-ATOM-1, shadow entry; ENG-SH-2).  The
 *     NIC cannot know which process issued a bus access: that the recorded
 *     accesses are one process's is what the algorithms (SHADOW-M*) and the
 *     OS's shadow mappings (src/shadow_os.c) establish; this module closes
 *     the last link, from the recogniser's verdict to the bytes moved.
 *   - in_page: each entry lies inside one page and is at most the
 *     configured maximum size (ENG-SH-3).
 *
 * No byte moves before the verdict: the recogniser runs first, and the
 * mover only on UD_SH_STARTED.  The staging buffer is the caller's (a home
 * keeps one page per engine), \separated from the recogniser's state.
 */
#ifndef UD_ENG_SHADOW_H
#define UD_ENG_SHADOW_H

#include "ud_common.h"
#include "ud_platform.h"
#include "shadow.h"

/* Bytes of the staging buffer: the largest DMA any configuration accepts
 * (ud_sh_cfg_ok: max_size <= 4096). */
#define UD_ENG_SH_BUF 4096u

/*@
  // The memory log grew by exactly d's move from n0: a read of the source,
  // then a write of the destination, d.size bytes each.
  predicate ud_eng_sh_moved(integer n0, struct ud_sh_dma d) =
    ud_dma_n == n0 + 2 &&
    ud_dma_is(n0, d.src, d.size, 0) && ud_dma_is(n0 + 1, d.dst, d.size, 1);

  // The caller's side of every entry point: a staging buffer of one page,
  // room for two log entries.
  predicate ud_eng_sh_buf(uint8_t *buf) =
    \valid(buf + (0 .. UD_ENG_SH_BUF - 1)) && ud_dma_n <= UD_DMA_LOG - 2;
*/

/*@ requires valid_d: \valid_read(d);
    requires size: 1 <= d->size <= UD_ENG_SH_BUF;
    requires src_page: d->src % 4096 + d->size <= 4096;
    requires dst_page: d->dst % 4096 + d->size <= 4096;
    requires buf: ud_eng_sh_buf(buf);
    requires sep: \separated(d, buf + (0 .. UD_ENG_SH_BUF - 1));
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            buf[0 .. UD_ENG_SH_BUF - 1];
    ensures moved: ud_eng_sh_moved(\old(ud_dma_n), *d);
*/
void ud_eng_sh_move(const struct ud_sh_dma *d, uint8_t *buf);

/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires valid_out: \valid(out);
    requires buf: ud_eng_sh_buf(buf);
    requires sep: \separated(r, cfg, out, buf + (0 .. UD_ENG_SH_BUF - 1));
    requires inv: ud_sh_alg1_inv(r);
    assigns *r, *out, ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            buf[0 .. UD_ENG_SH_BUF - 1];
    ensures inv_kept: ud_sh_alg1_inv(r);
    ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
      \result == UD_E_INVAL || \result == UD_E_RANGE || \result == UD_E_KEY ||
      \result == UD_E_SEQ || \result == UD_E_BOUNDS;
    ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE ||
      \result == UD_E_KEY) ==> *r == \old(*r);
    ensures quiet: \result != UD_SH_STARTED ==>
      ud_dma_n == \old(ud_dma_n) && *out == \old(*out);
    ensures moved: \result == UD_SH_STARTED ==> ud_eng_sh_moved(\old(ud_dma_n), *out);
    ensures issuer: \let k = out->ctx; \result == UD_SH_STARTED ==>
      kind == UD_BUS_STORE && k < cfg->nctx && paddr == ud_sh_a1_reg(cfg, k) &&
      \old(r->c[k].nargs) == 2 && \old(r->c[k].key) != 0 &&
      \old(r->c[k].dst_data) == ud_sh_a1_word(\old(r->c[k].key), k) &&
      \old(r->c[k].src_data) == ud_sh_a1_word(\old(r->c[k].key), k) &&
      ud_dma_pa[\old(ud_dma_n)] == ud_sh_pa0(\old(r->c[k].src)) &&
      ud_dma_pa[\old(ud_dma_n) + 1] == ud_sh_pa0(\old(r->c[k].dst)) &&
      ud_dma_len[\old(ud_dma_n)] == data;
    ensures in_page: \result == UD_SH_STARTED ==>
      ud_sh_xfer_ok(cfg, out->src, out->size) && ud_sh_xfer_ok(cfg, out->dst, out->size);
*/
int32_t ud_eng_sh_a1(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out);

/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires valid_out: \valid(out);
    requires buf: ud_eng_sh_buf(buf);
    requires sep: \separated(r, cfg, out, buf + (0 .. UD_ENG_SH_BUF - 1));
    requires inv: ud_sh_alg2_inv(r);
    assigns *r, *out, ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            buf[0 .. UD_ENG_SH_BUF - 1];
    ensures inv_kept: ud_sh_alg2_inv(r);
    ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
      \result == UD_E_INVAL || \result == UD_E_RANGE ||
      \result == UD_E_SEQ || \result == UD_E_BOUNDS;
    ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE) ==>
      *r == \old(*r);
    ensures quiet: \result != UD_SH_STARTED ==>
      ud_dma_n == \old(ud_dma_n) && *out == \old(*out);
    ensures moved: \result == UD_SH_STARTED ==> ud_eng_sh_moved(\old(ud_dma_n), *out);
    ensures issuer: \result == UD_SH_STARTED ==>
      kind == UD_BUS_LOAD && \old(r->pend) == 1 &&
      ud_sh_ctx(\old(r->addr)) == ud_sh_ctx(paddr) && out->ctx == ud_sh_ctx(paddr) &&
      ud_dma_pa[\old(ud_dma_n)] == ud_sh_pa(paddr) &&
      ud_dma_pa[\old(ud_dma_n) + 1] == ud_sh_pa(\old(r->addr)) &&
      ud_dma_len[\old(ud_dma_n)] == \old(r->size);
    ensures in_page: \result == UD_SH_STARTED ==>
      ud_sh_xfer_ok(cfg, out->src, out->size) && ud_sh_xfer_ok(cfg, out->dst, out->size);
*/
int32_t ud_eng_sh_a2(struct ud_sh_alg2 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out);

/*@ requires valid_r: \valid(r);
    requires valid_cfg: \valid_read(cfg) && ud_sh_cfg_ok(cfg);
    requires valid_out: \valid(out);
    requires buf: ud_eng_sh_buf(buf);
    requires sep: \separated(r, cfg, out, buf + (0 .. UD_ENG_SH_BUF - 1));
    requires inv: ud_sh_alg3_inv(r);
    assigns *r, *out, ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            buf[0 .. UD_ENG_SH_BUF - 1];
    ensures inv_kept: ud_sh_alg3_inv(r);
    ensures form_kept: r->form == \old(r->form);
    ensures result: \result == UD_SH_NOTHING || \result == UD_SH_STARTED ||
      \result == UD_E_INVAL || \result == UD_E_RANGE ||
      \result == UD_E_SEQ || \result == UD_E_BOUNDS;
    ensures unchanged: (\result == UD_E_INVAL || \result == UD_E_RANGE) ==>
      *r == \old(*r);
    ensures quiet: \result != UD_SH_STARTED ==>
      ud_dma_n == \old(ud_dma_n) && *out == \old(*out);
    ensures moved: \result == UD_SH_STARTED ==> ud_eng_sh_moved(\old(ud_dma_n), *out);
    ensures issuer: \result == UD_SH_STARTED ==>
      \old(r->n) == ud_sh_a3_len(r->form) - 1 &&
      (\forall integer i; 0 <= i < \old(r->n) ==>
        r->kind[i] == \old(r->kind[i]) && r->addr[i] == \old(r->addr[i]) &&
        r->data[i] == \old(r->data[i])) &&
      r->kind[\old(r->n)] == kind && r->addr[\old(r->n)] == paddr &&
      r->data[\old(r->n)] == data &&
      r->kind[ud_sh_a3_fd(r->form)] == UD_BUS_STORE &&
      r->kind[ud_sh_a3_fs(r->form)] == UD_BUS_LOAD &&
      ud_dma_pa[\old(ud_dma_n)] == ud_sh_pa0(r->addr[ud_sh_a3_fs(r->form)]) &&
      ud_dma_pa[\old(ud_dma_n) + 1] == ud_sh_pa0(r->addr[ud_sh_a3_fd(r->form)]) &&
      ud_dma_len[\old(ud_dma_n)] == r->data[ud_sh_a3_fd(r->form)];
    ensures in_page: \result == UD_SH_STARTED ==>
      ud_sh_xfer_ok(cfg, out->src, out->size) && ud_sh_xfer_ok(cfg, out->dst, out->size);
*/
int32_t ud_eng_sh_a3(struct ud_sh_alg3 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out);

#endif /* UD_ENG_SHADOW_H */
