/* SPDX-License-Identifier: MIT */
/*
 * xfer_packet.h -- one packet of a keyed transfer into or out of memory
 * (issue 18, "Translation and protection, per page of every segment";
 * seed 001_7ab1209d0a9249cf.txt 2.5, seed 004 1.3).
 *
 *   (pd, key, va, kind, n bytes) -> UD_OK and the bytes moved, page by page,
 *                                   or the access check's error and nothing
 *
 * The engine's receive side writes a packet with ud_pkt_write (an RDMA
 * write's or a send's payload arriving; a read response scattered locally),
 * its send side reads one with ud_pkt_read.  Each call:
 *   1. checks the whole packet [va, va + n) against the protection state
 *      *now* (ud_prot_check): a rebind, deregister or invalidate between two
 *      packets of one transfer makes every later packet fail (seed 001 2.5);
 *   2. translates it page by page: a packet of at most UD_PKT_MAX bytes
 *      (at most one page) crosses at most one page boundary of its region,
 *      and the second piece gets its own translation (never the first
 *      page's frame plus an offset);
 *   3. moves each piece through the memory door (ud_plat_dma_write / _read),
 *      whose ghost log records it.
 * The issuing pd comes from trusted state (the QP or channel the packet
 * arrived on), never from the packet; the key and va come from the packet.
 *
 * E-PROT (spec/REQUIREMENTS.md): every entry either call appends to the
 * memory log is an access the protection state allowed at that moment, at
 * the key's translation of its virtual address, inside one page
 * (ud_dma_ok, spec/xfer.acsl); a refused packet appends nothing.
 */
#ifndef UD_XFER_PACKET_H
#define UD_XFER_PACKET_H

#include "access.h"
#include "ud_platform.h"
#include "xfer.acsl"

/* The largest packet the core accepts: one page, so that a packet has at
 * most two page pieces.  Not the packet size of any home: the PLDMA wire
 * (seed 004, the board model) carries 256 B packets, the work-request engine
 * cuts its requests into UD_WR_PKT-byte packets (src/xfer_wr.h; the
 * kernel's soft engine, which has no wire, uses whole pages).  The
 * protection check runs once per packet whatever its size (seed 001 2.5). */
#define UD_PKT_MAX 4096u
_Static_assert(UD_PKT_MAX >= 1u && UD_PKT_MAX <= UD_PAGE_SIZE,
	       "a packet is at most one page: at most two page pieces");

/*@ predicate ud_pkt_args_ok(integer n) = 1 <= n <= UD_PKT_MAX; */

/*@
  requires valid: \valid_read(p) && \valid_read(data + (0 .. n - 1));
  requires inv: ud_prot_inv(p);
  requires room: ud_dma_n <= UD_DMA_LOG - 2;
  assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
          ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
          ud_dma_va[ud_dma_n .. ud_dma_n + 1];
  behavior malformed:
    assumes !ud_pkt_args_ok(n) || !ud_kind_writes(kind);
    ensures inval: \result == UD_E_INVAL;
    ensures nothing: ud_dma_n == \old(ud_dma_n);
  behavior refused:
    assumes ud_pkt_args_ok(n) && ud_kind_writes(kind);
    assumes !ud_prot_allows(p, pd, key, va, n, kind);
    ensures error: \result != UD_OK;
    ensures nothing: ud_dma_n == \old(ud_dma_n);
  behavior moved:
    assumes ud_pkt_args_ok(n) && ud_kind_writes(kind);
    assumes ud_prot_allows(p, pd, key, va, n, kind);
    ensures ok: \result == UD_OK;
    ensures e_prot: ud_dma_all_ok(p, pd, key, kind, \old(ud_dma_n), ud_dma_n);
    ensures covers: ud_dma_covers(\old(ud_dma_n), ud_dma_n, va, n, 1);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_pkt_write(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
		       uint32_t kind, const uint8_t *data, uint32_t n);

/*@
  requires valid: \valid_read(p) && \valid(buf + (0 .. n - 1));
  requires sep: \separated(p, buf + (0 .. n - 1));
  requires inv: ud_prot_inv(p);
  requires room: ud_dma_n <= UD_DMA_LOG - 2;
  assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n .. ud_dma_n + 1],
          ud_dma_len[ud_dma_n .. ud_dma_n + 1], ud_dma_wr[ud_dma_n .. ud_dma_n + 1],
          ud_dma_va[ud_dma_n .. ud_dma_n + 1], buf[0 .. n - 1];
  behavior malformed:
    assumes !ud_pkt_args_ok(n) || !ud_kind_reads(kind);
    ensures inval: \result == UD_E_INVAL;
    ensures nothing: ud_dma_n == \old(ud_dma_n);
    ensures buf_kept: \forall integer j; 0 <= j < n ==> buf[j] == \old(buf[j]);
  behavior refused:
    assumes ud_pkt_args_ok(n) && ud_kind_reads(kind);
    assumes !ud_prot_allows(p, pd, key, va, n, kind);
    ensures error: \result != UD_OK;
    ensures nothing: ud_dma_n == \old(ud_dma_n);
    ensures buf_kept: \forall integer j; 0 <= j < n ==> buf[j] == \old(buf[j]);
  behavior moved:
    assumes ud_pkt_args_ok(n) && ud_kind_reads(kind);
    assumes ud_prot_allows(p, pd, key, va, n, kind);
    ensures ok: \result == UD_OK;
    ensures e_prot: ud_dma_all_ok(p, pd, key, kind, \old(ud_dma_n), ud_dma_n);
    ensures covers: ud_dma_covers(\old(ud_dma_n), ud_dma_n, va, n, 0);
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_pkt_read(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
		      uint32_t kind, uint8_t *buf, uint32_t n);

#endif /* UD_XFER_PACKET_H */
