/* SPDX-License-Identifier: MIT */
/*
 * mr.h -- memory regions, their page lists and pins (seed
 * 001_7ab1209d0a9249cf.txt, section 1): register (virtual), register
 * physical, register shared, reregister, query, deregister.
 *
 *  - Access flags (1.2.1): local read always; UD_ACC_REMOTE_WRITE and
 *    UD_ACC_REMOTE_ATOMIC need UD_ACC_LOCAL_WRITE; UD_ACC_MW_BIND enables
 *    window binding (1.2.3).  Anything else: UD_E_INVAL.
 *  - Keys: L_Key = key of the slot; R_Key = the same key when a remote right
 *    was asked for, else 0 (a key that never validates: generation 0).
 *  - A region is 1 byte .. 1 GiB (UD_PROT_MAXPG 4 KB pages), its
 *    iova + len never passes 2^64 (UD_E_OVERFLOW).
 *  - Pages (1.2.2, 1.2.4; docs/scale.md 2.1, 2.2): the region's page list
 *    in the pools of src/mr_pages.h; each registration makes one pin
 *    request per page of its list, even for pages already pinned, and
 *    releases exactly those when it goes: the OS counts (src/mr_pin.h).
 *    UD_E_NOSPC exactly when no region slot can be had or the pools lack
 *    the list's chunks or blocks (PROT-MR-10, PROT-MR-11).
 *  - Deregistering or reregistering a region with a window bound to it is
 *    refused with UD_E_BUSY (2.5, "orphans").
 *  - Every error leaves the whole state unchanged; after a pin the OS
 *    refused (UD_E_PLATFORM), the pins taken are released and the pools
 *    given back: every field, page and pin is as before (ud_prot_same),
 *    only the pools' bookkeeping of free chunks may be in another order.
 */
#ifndef UD_MR_H
#define UD_MR_H

#include "prot.h"
#include "ud_platform.h"

/* rdma-core's IBV_REREG_MR_CHANGE_* values. */
#define UD_REREG_TRANS  1u
#define UD_REREG_PD     2u
#define UD_REREG_ACCESS 4u

struct ud_mr_attr {
	uint32_t pd;
	uint32_t access;
	uint32_t lkey;
	uint32_t rkey;
	uint64_t iova;
	uint64_t len;
};

/*@ predicate ud_pd_ok{L}(struct ud_prot *p, integer pd) =
      0 <= pd < UD_PROT_NPD && p->pd_live[pd] == 1;

    // R_Key returned: the key when a remote right was asked for, else 0.
    predicate ud_rkey_is(integer acc, integer key, integer rk) =
      (ud_has(acc, 2) || ud_has(acc, 4) || ud_has(acc, 8)) ? rk == key : rk == 0;

    // The pages of every live region but i, as at L1.
    predicate ud_mr_pages_kept{L1, L2}(struct ud_prot *p, integer i) =
      \forall integer k, j; 0 <= k < UD_PROT_NMR && k != i && \at(p->mr[k].live, L1) == 1 &&
        0 <= j < \at(p->mr[k].npages, L1) ==> ud_mr_pfn{L1}(p, k, j) == ud_mr_pfn{L2}(p, k, j);

    // Everything but region slot i (its fields, its pages) is as at L1,
    // the pages of every other region included.
    predicate ud_only_mr_changed{L1, L2}(struct ud_prot *p, integer i) =
      (\forall integer d; 0 <= d < UD_PROT_NPD ==> \at(p->pd_live[d], L1) == \at(p->pd_live[d], L2)) &&
      (\forall integer k; 0 <= k < UD_PROT_NMR && k != i ==> \at(p->mr[k], L1) == \at(p->mr[k], L2)) &&
      (\forall integer w; 0 <= w < UD_PROT_NMW ==> \at(p->mw[w], L1) == \at(p->mw[w], L2)) &&
      ud_mr_pages_kept{L1, L2}(p, i);

    // Everything a verb shows is as at L1: the tables, every region's
    // fields and pages (the pins follow: ud_pins_exact at both).  What an
    // error after a refused pin leaves: the pools' free-chunk order and
    // the entries of no list may differ.
    predicate ud_prot_same{L1, L2}(struct ud_prot *p) =
      (\forall integer d; 0 <= d < UD_PROT_NPD ==> \at(p->pd_live[d], L1) == \at(p->pd_live[d], L2)) &&
      (\forall integer q; 0 <= q < UD_PROT_NQP ==> \at(p->qp_live[q], L1) == \at(p->qp_live[q], L2) &&
         \at(p->qp_pd[q], L1) == \at(p->qp_pd[q], L2)) &&
      (\forall integer a; 0 <= a < UD_PROT_NAH ==> \at(p->ah_live[a], L1) == \at(p->ah_live[a], L2) &&
         \at(p->ah_pd[a], L1) == \at(p->ah_pd[a], L2)) &&
      (\forall integer k; 0 <= k < UD_PROT_NMR ==> \at(p->mr[k], L1) == \at(p->mr[k], L2)) &&
      (\forall integer w; 0 <= w < UD_PROT_NMW ==> \at(p->mw[w], L1) == \at(p->mw[w], L2)) &&
      ud_mr_pages_kept{L1, L2}(p, -1);

    // Region i after a successful registration / reregistration.
    predicate ud_mr_set{L}(struct ud_prot *p, integer i, integer pd, integer acc,
                           integer iova, integer len, integer off) =
      p->mr[i].live == 1 && p->mr[i].pd == pd && p->mr[i].access == acc &&
      p->mr[i].iova == iova && p->mr[i].len == len && p->mr[i].off == off &&
      p->mr[i].npages == (off + len + 4095) / 4096;

    // ---- room (PROT-MR-10)
    // A region slot can be had: free, and its generation can still grow.
    predicate ud_mr_room{L}(struct ud_prot *p) =
      \exists integer k; 0 <= k < UD_PROT_NMR && p->mr[k].live == 0 && p->mr[k].gen < UD_KEY_GEN_MAX;

    // The pools can take a list of n pages (src/mr_pages.h).
    predicate ud_pg_room{L}(struct ud_prot *p, integer n) =
      p->pg.ch_top >= ud_pg_nch(n) && p->pg.dr_top >= ud_pg_ndir(n);

    // Pages of a region of len bytes from offset off in its first page.
    logic integer ud_npages(integer off, integer len) = (off + len + 4095) / 4096;
*/

/* ibv_reg_mr: register [va, va+len) of the calling process; the platform
 * chooses the physical pages (1.2.2); the region starts at va's offset in
 * the first page (1.2.1).  Seed example: va 0x141200, len 10000. */
/*@ requires valid: \valid(p) && \valid(h) && \valid(lkey) && \valid(rkey);
    requires sep: \separated(p + (..), h, lkey, rkey);
    requires inv: ud_prot_inv(p);
    assigns *p, *h, *lkey, *rkey, ud_env,
      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_INVAL ||
      \result == UD_E_OVERFLOW || \result == UD_E_RANGE || \result == UD_E_NOSPC ||
      \result == UD_E_PLATFORM;
    ensures e_pd: !ud_pd_ok(\old(p), pd) ==> \result == UD_E_NOENT;
    ensures e_acc: ud_pd_ok(\old(p), pd) && !ud_mr_acc_ok(access) ==> \result == UD_E_INVAL;
    ensures full: \result == UD_E_NOSPC ==>
      !ud_mr_room{Pre}(p) || !ud_pg_room{Pre}(p, ud_npages(va % 4096, len));
    ensures e_len: ud_pd_ok(\old(p), pd) && ud_mr_acc_ok(access) && len == 0 ==> \result == UD_E_INVAL;
    ensures e_wrap: ud_pd_ok(\old(p), pd) && ud_mr_acc_ok(access) && len >= 1 &&
      !ud_no_wrap64(va, len) ==> \result == UD_E_OVERFLOW;
    ensures ok: ud_pd_ok(\old(p), pd) && ud_mr_acc_ok(access) && 1 <= len &&
      va + len <= 18446744073709551615 && va % 4096 + len <= UD_PROT_MAXPG * 4096 &&
      ud_mr_room{Pre}(p) && ud_pg_room{Pre}(p, ud_npages(va % 4096, len)) ==>
      \result == UD_OK || \result == UD_E_PLATFORM;
    ensures unchanged: \result != UD_OK && \result != UD_E_PLATFORM ==>
      *p == \old(*p) && *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p) &&
      *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures ok_slot: \result == UD_OK ==> *h < UD_PROT_NMR && \at(p->mr[\at(*h, Post)].live, Pre) == 0 &&
      ud_mr_set(p, *h, pd, access, va, len, va % 4096) &&
      p->mr[*h].gen == \at(p->mr[\at(*h, Post)].gen, Pre) + 1;
    ensures ok_keys: \result == UD_OK ==> *lkey == ud_key_of(p->mr[*h].gen, *h) &&
      ud_rkey_is(access, *lkey, *rkey);
    ensures ok_frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, *h);
*/
ud_status ud_reg_mr(struct ud_prot *p, uint32_t pd, uint64_t va, uint64_t len,
                    uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey);

/* Register Physical Memory Region (1.3): page list (4 KB aligned physical
 * addresses), IOVA of the first byte, its offset in the first page, length
 * ending anywhere inside the last page. */
/*@ requires valid: \valid(p) && \valid(h) && \valid(lkey) && \valid(rkey);
    requires list: npages <= UD_PROT_MAXPG ==> \valid_read(pages + (0 .. npages - 1));
    requires sep: \separated(p + (..), h, lkey, rkey) && \separated(pages + (..), h, lkey, rkey) &&
      (npages <= UD_PROT_MAXPG ==> \separated(pages + (0 .. npages - 1), p));
    requires inv: ud_prot_inv(p);
    assigns *p, *h, *lkey, *rkey, ud_env,
      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_INVAL ||
      \result == UD_E_OVERFLOW || \result == UD_E_RANGE || \result == UD_E_NOSPC ||
      \result == UD_E_PLATFORM;
    ensures e_pd: !ud_pd_ok(\old(p), pd) ==> \result == UD_E_NOENT;
    ensures e_acc: ud_pd_ok(\old(p), pd) && !ud_mr_acc_ok(access) ==> \result == UD_E_INVAL;
    ensures full: \result == UD_E_NOSPC ==> !ud_mr_room{Pre}(p) || !ud_pg_room{Pre}(p, npages);
    ensures ok: ud_pd_ok(\old(p), pd) && ud_mr_acc_ok(access) && 1 <= len && 1 <= npages &&
      off < 4096 && npages <= UD_PROT_MAXPG && iova + len <= 18446744073709551615 &&
      off + len <= npages * 4096 && npages * 4096 < off + len + 4096 &&
      (\forall integer j; 0 <= j < npages ==> pages[j] % 4096 == 0 && pages[j] <= UD_PROT_PA_MAX) &&
      ud_mr_room{Pre}(p) && ud_pg_room{Pre}(p, npages) ==>
      \result == UD_OK || \result == UD_E_PLATFORM;
    ensures unchanged: \result != UD_OK && \result != UD_E_PLATFORM ==>
      *p == \old(*p) && *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p) &&
      *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures ok_slot: \result == UD_OK ==> *h < UD_PROT_NMR && \at(p->mr[\at(*h, Post)].live, Pre) == 0 &&
      ud_mr_set(p, *h, pd, access, iova, len, off) && p->mr[*h].npages == npages &&
      (\forall integer j; 0 <= j < npages ==> ud_mr_pfn(p, *h, j) * 4096 == pages[j]) &&
      p->mr[*h].gen == \at(p->mr[\at(*h, Post)].gen, Pre) + 1;
    ensures ok_keys: \result == UD_OK ==> *lkey == ud_key_of(p->mr[*h].gen, *h) &&
      ud_rkey_is(access, *lkey, *rkey);
    ensures ok_frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, *h);
*/
ud_status ud_reg_phys_mr(struct ud_prot *p, uint32_t pd, const uint64_t *pages,
                         uint32_t npages, uint64_t iova, uint32_t off, uint64_t len,
                         uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey);

/* Register Shared Memory Region (1.2.6): a new region on the same physical
 * pages as region `mr` (same length, same offset in the first page), with
 * its own VA, PD and access. */
/*@ requires valid: \valid(p) && \valid(h) && \valid(lkey) && \valid(rkey);
    requires sep: \separated(p + (..), h, lkey, rkey);
    requires inv: ud_prot_inv(p);
    assigns *p, *h, *lkey, *rkey, ud_env,
      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_INVAL ||
      \result == UD_E_OVERFLOW || \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures e_mr: (mr >= UD_PROT_NMR || \old(p->mr[mr].live) != 1) ==> \result == UD_E_NOENT;
    ensures full: \result == UD_E_NOSPC ==>
      !ud_mr_room{Pre}(p) || !ud_pg_room{Pre}(p, \at(p->mr[mr].npages, Pre));
    ensures ok: mr < UD_PROT_NMR && \old(p->mr[mr].live) == 1 && ud_pd_ok(\old(p), pd) &&
      ud_mr_acc_ok(access) && va + \old(p->mr[mr].len) <= 18446744073709551615 &&
      ud_mr_room{Pre}(p) && ud_pg_room{Pre}(p, \at(p->mr[mr].npages, Pre)) ==>
      \result == UD_OK || \result == UD_E_PLATFORM;
    ensures unchanged: \result != UD_OK && \result != UD_E_PLATFORM ==>
      *p == \old(*p) && *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p) &&
      *h == \old(*h) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures ok_slot: \result == UD_OK ==> *h < UD_PROT_NMR && \at(p->mr[\at(*h, Post)].live, Pre) == 0 &&
      ud_mr_set(p, *h, pd, access, va, \old(p->mr[mr].len), \old(p->mr[mr].off)) &&
      p->mr[*h].npages == \old(p->mr[mr].npages) &&
      (\forall integer j; 0 <= j < p->mr[*h].npages ==> ud_mr_pfn(p, *h, j) == ud_mr_pfn{Pre}(p, mr, j)) &&
      p->mr[*h].gen == \at(p->mr[\at(*h, Post)].gen, Pre) + 1;
    ensures ok_keys: \result == UD_OK ==> *lkey == ud_key_of(p->mr[*h].gen, *h) &&
      ud_rkey_is(access, *lkey, *rkey);
    ensures ok_frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, *h);
*/
ud_status ud_reg_shared_mr(struct ud_prot *p, uint32_t mr, uint32_t pd, uint64_t va,
                           uint32_t access, uint32_t *h, uint32_t *lkey, uint32_t *rkey);

/* A window is bound to region i. */
/*@ predicate ud_mr_has_window{L}(struct ud_prot *p, integer i) =
      \exists integer w; 0 <= w < UD_PROT_NMW && p->mw[w].bound == 1 && p->mw[w].mr == i;
*/

/* ibv_rereg_mr (1.2.5): change the translation (new va, len; pages chosen
 * again), the PD and/or the access flags, as `flags` says.  The region
 * gets a new generation: every earlier key of it stops validating.
 * Refused with UD_E_BUSY while a window is bound to it (2.5). */
/*@ requires valid: \valid(p) && \valid(lkey) && \valid(rkey);
    requires sep: \separated(p + (..), lkey, rkey);
    requires inv: ud_prot_inv(p);
    assigns *p, *lkey, *rkey, ud_env,
      ud_pg_pin_held[0 .. UD_PG_POOL - 1], ud_pg_pin_pa[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    ensures codes: \result == UD_OK || \result == UD_E_NOENT || \result == UD_E_INVAL ||
      \result == UD_E_BUSY || \result == UD_E_OVERFLOW || \result == UD_E_RANGE ||
      \result == UD_E_NOSPC || \result == UD_E_PLATFORM;
    ensures e_mr: (mr >= UD_PROT_NMR || \old(p->mr[mr].live) != 1) ==> \result == UD_E_NOENT;
    ensures e_busy: mr < UD_PROT_NMR && \old(p->mr[mr].live) == 1 && 1 <= flags <= 7 &&
      ud_mr_has_window{Pre}(p, mr) ==> \result == UD_E_BUSY;
    ensures full: \result == UD_E_NOSPC ==> \old(p->mr[mr].gen) >= UD_KEY_GEN_MAX ||
      (ud_has(flags, 1) && !ud_pg_room{Pre}(p, ud_npages(va % 4096, len)));
    ensures unchanged: \result != UD_OK && \result != UD_E_PLATFORM ==>
      *p == \old(*p) && *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures restored: \result == UD_E_PLATFORM ==> ud_prot_same{Pre, Post}(p) &&
      *lkey == \old(*lkey) && *rkey == \old(*rkey);
    ensures ok_pages: \result == UD_OK && !ud_has(flags, 1) ==>
      p->mr[mr].npages == \old(p->mr[mr].npages) && p->mr[mr].off == \old(p->mr[mr].off) &&
      \forall integer j; 0 <= j < p->mr[mr].npages ==> ud_mr_pfn(p, mr, j) == ud_mr_pfn{Pre}(p, mr, j);
    ensures ok_new_gen: \result == UD_OK ==> p->mr[mr].live == 1 &&
      p->mr[mr].gen == \old(p->mr[mr].gen) + 1;
    ensures ok_fields: \result == UD_OK ==>
      (ud_has(flags, 2) ? p->mr[mr].pd == pd : p->mr[mr].pd == \old(p->mr[mr].pd)) &&
      (ud_has(flags, 4) ? p->mr[mr].access == access : p->mr[mr].access == \old(p->mr[mr].access)) &&
      (ud_has(flags, 1) ? p->mr[mr].iova == va && p->mr[mr].len == len :
         p->mr[mr].iova == \old(p->mr[mr].iova) && p->mr[mr].len == \old(p->mr[mr].len));
    ensures ok_keys: \result == UD_OK ==> *lkey == ud_key_of(p->mr[mr].gen, mr) &&
      ud_rkey_is(p->mr[mr].access, *lkey, *rkey);
    ensures ok_frame: \result == UD_OK ==> ud_only_mr_changed{Pre, Post}(p, mr);
*/
ud_status ud_rereg_mr(struct ud_prot *p, uint32_t mr, uint32_t flags, uint32_t pd,
                      uint64_t va, uint64_t len, uint32_t access,
                      uint32_t *lkey, uint32_t *rkey);

/* Query Memory Region (1.2.5): L_Key, R_Key, access, PD (and range). */
/*@ requires valid: \valid_read(p) && \valid(a);
    requires sep: \separated(p + (..), a);
    requires inv: ud_prot_inv(p);
    assigns *a;
    behavior no_mr:
      assumes mr >= UD_PROT_NMR || p->mr[mr].live != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *a == \old(*a);
    behavior ok:
      assumes mr < UD_PROT_NMR && p->mr[mr].live == 1;
      ensures status: \result == UD_OK;
      ensures attr: a->pd == p->mr[mr].pd && a->access == p->mr[mr].access &&
        a->lkey == ud_key_of(p->mr[mr].gen, mr) &&
        ud_rkey_is(p->mr[mr].access, a->lkey, a->rkey) &&
        a->iova == p->mr[mr].iova && a->len == p->mr[mr].len;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_query_mr(const struct ud_prot *p, uint32_t mr, struct ud_mr_attr *a);

/* ibv_dereg_mr (1.2.5 Destroy): refused while a window is bound (2.5). */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    assigns *p, ud_env, ud_pg_pin_held[0 .. UD_PG_POOL - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_mr:
      assumes mr >= UD_PROT_NMR || p->mr[mr].live != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p);
    behavior busy:
      assumes mr < UD_PROT_NMR && p->mr[mr].live == 1 && ud_mr_has_window(p, mr);
      ensures status: \result == UD_E_BUSY;
      ensures unchanged: *p == \old(*p);
    behavior ok:
      assumes mr < UD_PROT_NMR && p->mr[mr].live == 1 && !ud_mr_has_window(p, mr);
      ensures status: \result == UD_OK;
      ensures gone: p->mr[mr].live == 0 && p->mr[mr].gen == \old(p->mr[mr].gen);
      ensures keys_dead: \forall integer k; ud_key_idx(k) == mr ==> !ud_mr_key_live(p, k);
      ensures ok_frame: ud_only_mr_changed{Pre, Post}(p, mr);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_dereg_mr(struct ud_prot *p, uint32_t mr);

#endif /* UD_MR_H */
