/* SPDX-License-Identifier: MIT */
/*
 * eng_via.h -- the engine's VIA entry (issue 18, item 1c; seed 002 3.2, 4.3,
 * Fig. 3): an RDMA write that a virtual interface's descriptor asks of the
 * DMA engine, from the active node's local VIA address space into imported
 * SCI memory, with the protection tags checked on every page it touches.
 *
 *   ud_eng_via_piece(v, vi, imp, exp, la, ra, n, buf)
 *       one piece of a descriptor: n bytes from la (a byte of the active
 *       node's virtual local PCI space: imp's upstream table) to ra (a byte
 *       of imp's import window: imp's downstream table, then the exporter
 *       exp's upstream table), neither side crossing a 4 kB page.  The tag
 *       is the virtual interface's, v->tag[vi] -- vi is the interface whose
 *       doorbell page received the descriptor (one doorbell page per VI,
 *       mapped by the host's MMU to its owner alone: seed 002 3.2), never a
 *       field of the descriptor.  Both translations are made before either
 *       byte moves; a refused one moves nothing.
 *
 * What the contract says, over the ghost memory log of the doors
 * (src/ud_platform.h, ud_dma_*):
 *   - granted (ENG-VIA-1): when the source page is exported upstream with
 *     the interface's tag and the destination page is imported downstream
 *     with that tag from an exporter that exports the page it names, the
 *     piece appends exactly a read of n bytes at the source's physical
 *     translation and a write of n bytes at the destination's, and answers
 *     UD_OK;
 *   - refused (ENG-VIA-2): otherwise -- a dead or out-of-range interface, a
 *     page not in a table, a tag that differs -- the piece answers the
 *     translation's error and appends nothing.
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
*/

/*@ requires valid_v: \valid_read(v);
    requires valid_t: \valid_read(imp) && \valid_read(exp);
    requires inv: ud_tpt_inv(imp) && ud_tpt_inv(exp);
    requires n: 1 <= n <= UD_VIA_PIECE;
    requires src_page: la % 4096 + n <= 4096;
    requires dst_page: ra % 4096 + n <= 4096;
    requires buf: \valid(buf + (0 .. UD_VIA_PIECE - 1));
    requires sep: \separated(buf + (0 .. UD_VIA_PIECE - 1), v, imp, exp);
    requires room: ud_dma_n <= UD_DMA_LOG - 2;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
            ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
            buf[0 .. UD_VIA_PIECE - 1];
    behavior granted:
      assumes ud_via_live(v, vi) && ud_via_grants(imp, exp, v->tag[vi], la, ra);
      ensures ok: \result == UD_OK;
      ensures moved: ud_dma_n == \old(ud_dma_n) + 2 &&
        ud_dma_is(\old(ud_dma_n), ud_tpt_up_pa(imp, la), n, 0) &&
        ud_dma_is(\old(ud_dma_n) + 1, ud_via_dst(imp, exp, ra), n, 1);
    behavior refused:
      assumes !(ud_via_live(v, vi) && ud_via_grants(imp, exp, v->tag[vi], la, ra));
      ensures error: \result == UD_E_RANGE || \result == UD_E_NOENT ||
                     \result == UD_E_PERM || \result == UD_E_INVAL;
      ensures nothing: ud_dma_n == \old(ud_dma_n);
      ensures dead_vi: !ud_via_live(v, vi) ==> \result == UD_E_NOENT;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_eng_via_piece(const struct ud_via_vis *v, uint32_t vi,
			   const struct ud_tpt *imp, const struct ud_tpt *exp,
			   uint64_t la, uint64_t ra, uint32_t n, uint8_t *buf);

#endif /* UD_ENG_VIA_H */
