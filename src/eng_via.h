/* SPDX-License-Identifier: MIT */
/*
 * eng_via.h -- the engine's VIA entry (issue 18, item 1c; seed 002 3.2, 4.3,
 * Fig. 3): an RDMA write that a virtual interface's descriptor asks of the
 * DMA engine, from the active node's local VIA address space into imported
 * SCI memory, with the protection tags checked on every page it touches.
 *
 *   ud_eng_via_write(v, vi, imp, exp, d, buf)
 *       a descriptor d = (la, ra, len) of virtual interface vi: the
 *       interface whose doorbell page received it (one doorbell page per
 *       VI, mapped by the host's MMU to its owner alone: seed 002 3.2).  The
 *       tag is the interface's, v->tag[vi], never a field of the
 *       descriptor.  The descriptor is cut into pieces at every page end of
 *       either side, run piece by piece up to the first refused one, and
 *       completed once on the interface (ud_plat_complete(vi, status,
 *       bytes moved)).  A dead interface gets UD_E_NOENT and no completion.
 *   ud_eng_via_piece(tag, imp, exp, la, ra, n, buf)
 *       one piece: n bytes from la (a byte of the active node's virtual
 *       local PCI space: imp's upstream table) to ra (a byte of imp's
 *       import window: imp's downstream table, then the exporter exp's
 *       upstream table), neither side crossing a 4 kB page.  Both
 *       translations are made before either byte moves; a refused one
 *       moves nothing.
 *
 * What the contract says, over the ghost memory log of the doors
 * (src/ud_platform.h, ud_dma_*):
 *   - granted (ENG-VIA-1): when the source page is exported upstream with
 *     the tag and the destination page is imported downstream
 *     with that tag from an exporter that exports the page it names, the
 *     piece appends exactly a read of n bytes at the source's physical
 *     translation and a write of n bytes at the destination's, and answers
 *     UD_OK;
 *   - refused (ENG-VIA-2): otherwise -- a page not in a table, a tag that
 *     differs -- the piece answers the translation's error and appends
 *     nothing.
 *   - the descriptor (ENG-VIA-3, ENG-VIA-4): every memory access of the run
 *     is granted to the interface's tag at its own address and inside the
 *     descriptor's range on its side (E-PROT, E-ATOM over the run), and the
 *     interface gets exactly one completion: UD_OK after len bytes, or the
 *     first refused piece's error after the bytes before it.
 *   On the remote node the tags are ignored (4.3: "a check for right
 *   protection tags is really made only for the DMA engine and only on the
 *   active node"): the exporter's side is its upstream table only.
 *
 * The destination's physical address is the exporter's: the write is the
 * SCI transaction that reaches node exp, whose bridge performs it.  In a
 * one-host home (the host tests; loopback) both nodes' memory is the one
 * the door writes.
 */
#ifndef UD_ENG_VIA_H
#define UD_ENG_VIA_H

#include "ud_common.h"
#include "ud_platform.h"
#include "tpt.h"

#define UD_VIA_NVI 64u        /* virtual interfaces (doorbell pages) of a node */
#define UD_VIA_PIECE 4096u    /* largest piece: one page, the staging buffer */
#define UD_VIA_MAX_LEN 0x100000u  /* largest descriptor: 1 MiB */
/* Memory-log entries a descriptor may append: 2 per piece, and a piece ends
 * at a page end of either side or at the descriptor's end, so at most
 * 2 * (len / 4096) + 3 pieces. */
#define UD_VIA_LOG_MAX (2u * (2u * (UD_VIA_MAX_LEN / 4096u) + 3u))

/* A descriptor as the interface posted it (seed 002 3.2: an RDMA write
 * from the local VIA address space into imported memory). */
struct ud_via_desc {
	uint64_t la;     /* source: the active node's virtual local PCI space */
	uint64_t ra;     /* destination: the import window */
	uint32_t len;    /* bytes, 1 .. UD_VIA_MAX_LEN */
};

/* The virtual interfaces of a node, as its kernel set them up: whether the
 * interface is live and its protection tag (seed 002 3.2). */
struct ud_via_vis {
	uint8_t live[UD_VIA_NVI];
	uint16_t tag[UD_VIA_NVI];
};

/*@
  // vi names a live virtual interface of v.
  predicate ud_via_live(struct ud_via_vis *v, integer vi) =
    0 <= vi < UD_VIA_NVI && v->live[vi] != 0;

  // The piece's two pages are granted to the interface's tag: the source
  // upstream on the active node, the destination along the import path.
  predicate ud_via_grants(struct ud_tpt *imp, struct ud_tpt *exp, integer tag,
                          integer la, integer ra) =
    ud_tpt_up_grants(imp, la, UD_TPT_ENGINE, tag) &&
    ud_tpt_path_grants(imp, exp, ra, UD_TPT_ENGINE, tag);

  // The piece's physical destination: the exporter's upstream translation
  // of the offset the import entry names.
  logic integer ud_via_dst(struct ud_tpt *imp, struct ud_tpt *exp, integer ra) =
    ud_tpt_up_pa(exp, ud_tpt_down_off(imp, ra));

  // E-PROT of one memory-log entry (stated on the entry's values: wr, the
  // address va it was translated from, len, pa): inside one page of va, a
  // read granted upstream to tag at va's translation, or a write granted
  // along the import path to tag at the exporter's translation.
  predicate ud_via_entry_ok(struct ud_tpt *imp, struct ud_tpt *exp, integer tag,
                            integer wr, integer va, integer len, integer pa) =
    1 <= len && va % 4096 + len <= 4096 &&
    (wr == 0 ==> ud_tpt_up_grants(imp, va, UD_TPT_ENGINE, tag) &&
                 pa == ud_tpt_up_pa(imp, va)) &&
    (wr == 1 ==> ud_tpt_path_grants(imp, exp, va, UD_TPT_ENGINE, tag) &&
                 pa == ud_via_dst(imp, exp, va)) &&
    (wr == 0 || wr == 1);

  // E-ATOM of one entry: a read inside [la, la + off), a write inside
  // [ra, ra + off).
  predicate ud_via_entry_in(integer la, integer ra, integer off,
                            integer wr, integer va, integer len) =
    (wr == 0 ==> la <= va && va + len <= la + off) &&
    (wr == 1 ==> ra <= va && va + len <= ra + off);

  // Entries [from, to) of the memory log: each E-PROT (ud_via_entry_ok) and
  // E-ATOM (ud_via_entry_in) for a run of tag from (la, ra) that has moved
  // off bytes.
  predicate ud_via_all{L}(struct ud_tpt *imp, struct ud_tpt *exp, integer tag,
                          integer la, integer ra, integer off, integer from, integer to) =
    \forall integer i; from <= i < to ==>
      ud_via_entry_ok(imp, exp, tag, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]) &&
      ud_via_entry_in(la, ra, off, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);

  // Page ends of [a, a + off] crossed: the pieces bound.
  logic integer ud_via_ends(integer a, integer off) = (a + off) / 4096 - a / 4096;
*/

/*@ requires valid_t: \valid_read(imp) && \valid_read(exp);
    requires inv: ud_tpt_inv(imp) && ud_tpt_inv(exp);
    requires n: 1 <= n <= UD_VIA_PIECE;
    requires src_page: la % 4096 + n <= 4096;
    requires dst_page: ra % 4096 + n <= 4096;
    requires buf: \valid(buf + (0 .. UD_VIA_PIECE - 1));
    requires sep: \separated(buf + (0 .. UD_VIA_PIECE - 1), imp, exp);
    requires room: ud_dma_n <= UD_DMA_LOG - 2;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            ud_dma_va[ud_dma_n .. ud_dma_n + 1], buf[0 .. UD_VIA_PIECE - 1];
    behavior granted:
      assumes ud_via_grants(imp, exp, tag, la, ra);
      ensures ok: \result == UD_OK;
      ensures moved: ud_dma_n == \old(ud_dma_n) + 2 &&
        ud_dma_is(\old(ud_dma_n), ud_tpt_up_pa(imp, la), n, 0) &&
        ud_dma_is(\old(ud_dma_n) + 1, ud_via_dst(imp, exp, ra), n, 1) &&
        ud_dma_va[\old(ud_dma_n)] == la && ud_dma_va[\old(ud_dma_n) + 1] == ra;
      ensures e_prot: \forall integer i; \old(ud_dma_n) <= i < ud_dma_n ==>
        ud_via_entry_ok(imp, exp, tag, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i], ud_dma_pa[i]) &&
        ud_via_entry_in(la, ra, n, ud_dma_wr[i], ud_dma_va[i], ud_dma_len[i]);
    behavior refused:
      assumes !ud_via_grants(imp, exp, tag, la, ra);
      ensures error: \result == UD_E_RANGE || \result == UD_E_NOENT ||
                     \result == UD_E_PERM;
      ensures nothing: ud_dma_n == \old(ud_dma_n);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_eng_via_piece(uint16_t tag, const struct ud_tpt *imp, const struct ud_tpt *exp,
			   uint64_t la, uint64_t ra, uint32_t n, uint8_t *buf);

/*@ requires valid_v: \valid_read(v);
    requires valid_d: \valid_read(d);
    requires valid_t: \valid_read(imp) && \valid_read(exp);
    requires inv: ud_tpt_inv(imp) && ud_tpt_inv(exp);
    requires buf: \valid(buf + (0 .. UD_VIA_PIECE - 1));
    requires sep: \separated(buf + (0 .. UD_VIA_PIECE - 1), v, d, imp, exp);
    requires room: ud_dma_n <= UD_DMA_LOG - UD_VIA_LOG_MAX;
    requires cq_room: ud_cq_n < UD_CQ_LOG;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_len[ud_dma_n .. UD_DMA_LOG - 1], ud_dma_wr[ud_dma_n .. UD_DMA_LOG - 1],
            ud_dma_va[ud_dma_n .. UD_DMA_LOG - 1], buf[0 .. UD_VIA_PIECE - 1],
            ud_cq_n, ud_cq_qp[ud_cq_n], ud_cq_st[ud_cq_n], ud_cq_len[ud_cq_n];
    behavior dead:
      assumes !ud_via_live(v, vi);
      ensures noent: \result == UD_E_NOENT;
      ensures nothing: ud_dma_n == \old(ud_dma_n) && ud_cq_n == \old(ud_cq_n);
    behavior malformed:
      assumes ud_via_live(v, vi);
      assumes d->len == 0 || d->len > UD_VIA_MAX_LEN ||
              d->la > 0xffffffffffffffff - d->len || d->ra > 0xffffffffffffffff - d->len;
      ensures error: \result == UD_E_INVAL || \result == UD_E_OVERFLOW;
      ensures nothing: ud_dma_n == \old(ud_dma_n);
      ensures one_completion: ud_cq_n == \old(ud_cq_n) + 1 &&
        ud_cq_qp[\old(ud_cq_n)] == vi && ud_cq_st[\old(ud_cq_n)] == \result &&
        ud_cq_len[\old(ud_cq_n)] == 0;
    behavior run:
      assumes ud_via_live(v, vi);
      assumes 1 <= d->len <= UD_VIA_MAX_LEN &&
              d->la <= 0xffffffffffffffff - d->len && d->ra <= 0xffffffffffffffff - d->len;
      ensures e_run: ud_via_all(imp, exp, v->tag[vi], d->la, d->ra, ud_cq_len[\old(ud_cq_n)],
                                \old(ud_dma_n), ud_dma_n);
      ensures one_completion: ud_cq_n == \old(ud_cq_n) + 1 &&
        ud_cq_qp[\old(ud_cq_n)] == vi && ud_cq_st[\old(ud_cq_n)] == \result &&
        ud_cq_len[\old(ud_cq_n)] <= d->len;
      ensures whole: \result == UD_OK <==> ud_cq_len[\old(ud_cq_n)] == d->len;
      ensures codes: \result == UD_OK || \result == UD_E_RANGE || \result == UD_E_NOENT ||
                     \result == UD_E_PERM;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_eng_via_write(const struct ud_via_vis *v, uint32_t vi,
			   const struct ud_tpt *imp, const struct ud_tpt *exp,
			   const struct ud_via_desc *d, uint8_t *buf);

#endif /* UD_ENG_VIA_H */
