/* SPDX-License-Identifier: MIT */
/*
 * pd.h -- protection domains and their members (seed 001_7ab1209d0a9249cf.txt,
 * section 3): a PD is allocated before any QP, region, window or address
 * handle that is its member (3.2), and cannot be deallocated while any is
 * (3.3).  QPs and address handles are created by other parts of the stack;
 * they record their membership here (ud_qp_attach / ud_ah_attach) so the
 * deallocation rule and the bind rule (window, region and QP in one PD,
 * 2.4) can be checked.
 */
#ifndef UD_PD_H
#define UD_PD_H

#include "prot.h"

/* Every slot free, every generation 0 (no key is live). */
/*@ requires valid: \valid(p);
    requires none: \forall integer s; 0 <= s < UD_PG_POOL ==> ud_pg_pin_held[s] == 0;
    assigns *p;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv(p);
    ensures empty: (\forall integer d; 0 <= d < UD_PROT_NPD ==> p->pd_live[d] == 0) &&
      (\forall integer i; 0 <= i < UD_PROT_NMR ==> p->mr[i].live == 0 && p->mr[i].gen == 0) &&
      (\forall integer w; 0 <= w < UD_PROT_NMW ==> p->mw[w].live == 0 && p->mw[w].gen == 0) &&
      (\forall integer l; 0 <= l < UD_PG_NLIST ==> p->pg.list[l].npages == 0) &&
      (\forall integer q; 0 <= q < UD_PROT_NQP ==> p->qp_live[q] == 0) &&
      (\forall integer a; 0 <= a < UD_PROT_NAH ==> p->ah_live[a] == 0);
*/
void ud_prot_init(struct ud_prot *p);

/* ibv_alloc_pd.  Seed 001 3.2. */
/*@ requires valid: \valid(p) && \valid(pd);
    requires sep: \separated(p, pd);
    requires inv: ud_prot_inv(p);
    assigns p->pd_live[0 .. UD_PROT_NPD - 1], *pd;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior ok:
      assumes free: \exists integer d; 0 <= d < UD_PROT_NPD && p->pd_live[d] == 0;
      ensures status: \result == UD_OK;
      ensures fresh: *pd < UD_PROT_NPD && \at(p->pd_live[\at(*pd, Post)], Pre) == 0 && p->pd_live[*pd] == 1;
      ensures others: \forall integer d; 0 <= d < UD_PROT_NPD && d != *pd ==>
        p->pd_live[d] == \old(p->pd_live[d]);
    behavior full:
      assumes \forall integer d; 0 <= d < UD_PROT_NPD ==> p->pd_live[d] != 0;
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: *p == \old(*p) && *pd == \old(*pd);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_alloc_pd(struct ud_prot *p, uint32_t *pd);

/* A PD with a member (QP, region, window, address handle). */
/*@ predicate ud_pd_has_member{L}(struct ud_prot *p, integer d) =
      (\exists integer i; 0 <= i < UD_PROT_NMR && p->mr[i].live == 1 && p->mr[i].pd == d) ||
      (\exists integer w; 0 <= w < UD_PROT_NMW && p->mw[w].live == 1 && p->mw[w].pd == d) ||
      (\exists integer q; 0 <= q < UD_PROT_NQP && p->qp_live[q] == 1 && p->qp_pd[q] == d) ||
      (\exists integer a; 0 <= a < UD_PROT_NAH && p->ah_live[a] == 1 && p->ah_pd[a] == d);
*/

/* ibv_dealloc_pd.  Seed 001 3.3: fails while any QP, region, window or
 * address handle is a member. */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    assigns p->pd_live[0 .. UD_PROT_NPD - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_pd:
      assumes pd >= UD_PROT_NPD || p->pd_live[pd] != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p);
    behavior busy:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1 && ud_pd_has_member(p, pd);
      ensures status: \result == UD_E_BUSY;
      ensures unchanged: *p == \old(*p);
    behavior ok:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1 && !ud_pd_has_member(p, pd);
      ensures status: \result == UD_OK;
      ensures freed: p->pd_live[pd] == 0;
      ensures others: \forall integer d; 0 <= d < UD_PROT_NPD && d != pd ==>
        p->pd_live[d] == \old(p->pd_live[d]);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_dealloc_pd(struct ud_prot *p, uint32_t pd);

/* Record a QP created in pd (ibv_create_qp's PD argument).  Seed 001 3.4. */
/*@ requires valid: \valid(p) && \valid(qp);
    requires sep: \separated(p, qp);
    requires inv: ud_prot_inv(p);
    assigns p->qp_live[0 .. UD_PROT_NQP - 1], p->qp_pd[0 .. UD_PROT_NQP - 1], *qp;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_pd:
      assumes pd >= UD_PROT_NPD || p->pd_live[pd] != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p) && *qp == \old(*qp);
    behavior full:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1;
      assumes \forall integer q; 0 <= q < UD_PROT_NQP ==> p->qp_live[q] != 0;
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: *p == \old(*p) && *qp == \old(*qp);
    behavior ok:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1;
      assumes \exists integer q; 0 <= q < UD_PROT_NQP && p->qp_live[q] == 0;
      ensures status: \result == UD_OK;
      ensures member: *qp < UD_PROT_NQP && \at(p->qp_live[\at(*qp, Post)], Pre) == 0 &&
        p->qp_live[*qp] == 1 && p->qp_pd[*qp] == pd;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_qp_attach(struct ud_prot *p, uint32_t pd, uint32_t *qp);

/* The QP is destroyed: it leaves its PD. */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    assigns p->qp_live[0 .. UD_PROT_NQP - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_qp:
      assumes qp >= UD_PROT_NQP || p->qp_live[qp] != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p);
    behavior ok:
      assumes qp < UD_PROT_NQP && p->qp_live[qp] == 1;
      ensures status: \result == UD_OK;
      ensures gone: p->qp_live[qp] == 0;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_qp_detach(struct ud_prot *p, uint32_t qp);

/* Record an address handle created in pd (ibv_create_ah).  Seed 001 3.2. */
/*@ requires valid: \valid(p) && \valid(ah);
    requires sep: \separated(p, ah);
    requires inv: ud_prot_inv(p);
    assigns p->ah_live[0 .. UD_PROT_NAH - 1], p->ah_pd[0 .. UD_PROT_NAH - 1], *ah;
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_pd:
      assumes pd >= UD_PROT_NPD || p->pd_live[pd] != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p) && *ah == \old(*ah);
    behavior full:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1;
      assumes \forall integer a; 0 <= a < UD_PROT_NAH ==> p->ah_live[a] != 0;
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: *p == \old(*p) && *ah == \old(*ah);
    behavior ok:
      assumes pd < UD_PROT_NPD && p->pd_live[pd] == 1;
      assumes \exists integer a; 0 <= a < UD_PROT_NAH && p->ah_live[a] == 0;
      ensures status: \result == UD_OK;
      ensures member: *ah < UD_PROT_NAH && \at(p->ah_live[\at(*ah, Post)], Pre) == 0 &&
        p->ah_live[*ah] == 1 && p->ah_pd[*ah] == pd;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ah_attach(struct ud_prot *p, uint32_t pd, uint32_t *ah);

/* ibv_destroy_ah: the address handle leaves its PD. */
/*@ requires valid: \valid(p);
    requires inv: ud_prot_inv(p);
    assigns p->ah_live[0 .. UD_PROT_NAH - 1];
    ensures inv: ud_prot_inv(p);
    ensures pin: ud_pin_inv{Pre}(p) ==> ud_pin_inv(p);
    behavior no_ah:
      assumes ah >= UD_PROT_NAH || p->ah_live[ah] != 1;
      ensures status: \result == UD_E_NOENT;
      ensures unchanged: *p == \old(*p);
    behavior ok:
      assumes ah < UD_PROT_NAH && p->ah_live[ah] == 1;
      ensures status: \result == UD_OK;
      ensures gone: p->ah_live[ah] == 0;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_ah_detach(struct ud_prot *p, uint32_t ah);

#endif /* UD_PD_H */
