/* SPDX-License-Identifier: MIT */
/*
 * xfer_packet.c -- one packet into or out of memory, checked and translated
 * page by page.  Contracts in xfer_packet.h.
 */
#include "xfer_packet.h"

/* Where the key's translation of an allowed access starts: at a position of
 * its region at or after the region's offset (a window lies inside its
 * region: ud_prot_inv).  A lemma function: proved once, from the invariant
 * alone, then used where the invariant is too large a context. */
/*@ ghost
  /@ requires inv: ud_prot_inv(p);
     requires allowed: ud_prot_allows(p, pd, key, va, n, kind);
     assigns \nothing;
     ensures region: 0 <= ud_key_mr(p, key) < UD_PROT_NMR;
     ensures pos: 0 <= ud_mr_pos(p, ud_key_mr(p, key), va);
  @/
  void l_inside(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
                uint64_t n, uint32_t kind)
  {
    /@ assert which: ud_allows_mr(p, pd, key, va, n, kind) ||
                     ud_allows_mw(p, pd, key, va, n, kind); @/
    /@ assert mw_ok: ud_allows_mw(p, pd, key, va, n, kind) ==>
                     ud_mw_ok(p, ud_key_idx(key) - UD_PROT_NMR); @/
  }
*/

/* A packet cut at its region's page boundary: rc, then k0 bytes at pa0 and
 * (when k0 < n) the rest at pa1.  Returned by value: no out-pointer whose
 * separation from the protection state each goal would have to argue. */
struct pieces {
	ud_status rc;
	uint32_t k0;
	uint64_t pa0, pa1;
};

/* The pieces of [va, va + n), each checked and translated on its own. */
/*@
  requires valid: \valid_read(p);
  requires inv: ud_prot_inv(p);
  requires args: ud_pkt_args_ok(n);
  assigns \nothing;
  behavior refused:
    assumes !ud_prot_allows(p, pd, key, va, n, kind);
    ensures error: \result.rc != UD_OK;
  behavior ok:
    assumes ud_prot_allows(p, pd, key, va, n, kind);
    ensures ok: \result.rc == UD_OK;
    ensures k0: 0 < \result.k0 <= n;
    ensures first: ud_piece_ok(p, pd, key, kind, va, \result.k0, \result.pa0);
    ensures second: \result.k0 < n ==>
      ud_piece_ok(p, pd, key, kind, va + \result.k0, n - \result.k0, \result.pa1);
  complete behaviors;
  disjoint behaviors;
*/
static struct pieces pieces(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
			    uint32_t kind, uint32_t n)
{
	struct pieces r = { UD_OK, 0, 0, 0 };
	uint64_t a0 = 0, a1 = 0;
	uint32_t room;

	r.rc = ud_prot_check(p, pd, key, va, n, kind, &a0);
	if (r.rc != UD_OK)
		return r;
	/*@ assert allowed: ud_prot_allows(p, pd, key, va, n, kind); */
	/*@ ghost l_inside(p, pd, key, va, n, kind); */
	/*@ assert maps0: a0 == ud_mr_pa(p, ud_key_mr(p, key), va); */
	/*@ assert off0: a0 % 4096 == ud_mr_pos(p, ud_key_mr(p, key), va) % 4096; */
	room = UD_PAGE_SIZE - (uint32_t)(a0 % UD_PAGE_SIZE);
	r.pa0 = a0;
	if (room >= n) {
		/*@ assert one: ud_piece_ok(p, pd, key, kind, va, n, a0); */
		r.k0 = n;
		return r;
	}
	/*@ assert piece0: ud_piece_ok(p, pd, key, kind, va, room, a0); */
	/* The rest starts a page of the region: its own translation. */
	/*@ assert pos1: ud_mr_pos(p, ud_key_mr(p, key), va + room) % 4096 == 0; */
	/*@ assert rest_allowed: ud_prot_allows(p, pd, key, va + room, n - room, kind); */
	r.rc = ud_prot_check(p, pd, key, va + room, n - room, kind, &a1);
	/*@ assert rest_ok: r.rc == UD_OK; */
	/*@ assert maps1: a1 == ud_mr_pa(p, ud_key_mr(p, key), va + room); */
	/*@ assert off1: a1 % 4096 == 0; */
	/*@ assert piece1: ud_piece_ok(p, pd, key, kind, va + room, n - room, a1); */
	r.pa1 = a1;
	r.k0 = room;
	return r;
}

ud_status ud_pkt_write(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
		       uint32_t kind, const uint8_t *data, uint32_t n)
{
	struct pieces c;

	if (n == 0u || n > UD_PKT_MAX ||
	    !(kind == UD_KIND_LOCAL_WRITE || kind == UD_KIND_REMOTE_WRITE ||
	      kind == UD_KIND_REMOTE_ATOMIC))
		return UD_E_INVAL;
	c = pieces(p, pd, key, va, kind, n);
	if (c.rc != UD_OK)
		return c.rc;
	ud_plat_dma_write(c.pa0, data, c.k0);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va; */
	/*@ assert e0: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre)); */
	if (c.k0 == n) {
		/*@ assert all1: ud_dma_all_ok(p, pd, key, kind, \at(ud_dma_n, Pre), ud_dma_n); */
		/*@ assert cov1: ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 1); */
		return UD_OK;
	}
	ud_plat_dma_write(c.pa1, data + c.k0, n - c.k0);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va + c.k0; */
	/*@ assert e0_kept: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre)); */
	/*@ assert e1: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre) + 1); */
	/*@ assert all2: ud_dma_all_ok(p, pd, key, kind, \at(ud_dma_n, Pre), ud_dma_n); */
	/*@ assert cov2: ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 1); */
	return UD_OK;
}

ud_status ud_pkt_read(const struct ud_prot *p, uint32_t pd, uint32_t key, uint64_t va,
		      uint32_t kind, uint8_t *buf, uint32_t n)
{
	struct pieces c;

	if (n == 0u || n > UD_PKT_MAX ||
	    !(kind == UD_KIND_LOCAL_READ || kind == UD_KIND_REMOTE_READ ||
	      kind == UD_KIND_REMOTE_ATOMIC))
		return UD_E_INVAL;
	c = pieces(p, pd, key, va, kind, n);
	if (c.rc != UD_OK)
		return c.rc;
	ud_plat_dma_read(c.pa0, buf, c.k0);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va; */
	/*@ assert e0: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre)); */
	if (c.k0 == n) {
		/*@ assert all1: ud_dma_all_ok(p, pd, key, kind, \at(ud_dma_n, Pre), ud_dma_n); */
		/*@ assert cov1: ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 0); */
		return UD_OK;
	}
	ud_plat_dma_read(c.pa1, buf + c.k0, n - c.k0);
	/*@ ghost ud_dma_va[ud_dma_n - 1] = va + c.k0; */
	/*@ assert e0_kept: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre)); */
	/*@ assert e1: ud_dma_ok(p, pd, key, kind, \at(ud_dma_n, Pre) + 1); */
	/*@ assert all2: ud_dma_all_ok(p, pd, key, kind, \at(ud_dma_n, Pre), ud_dma_n); */
	/*@ assert cov2: ud_dma_covers(\at(ud_dma_n, Pre), ud_dma_n, va, n, 0); */
	return UD_OK;
}
