/* SPDX-License-Identifier: MIT */
/*
 * mr_pin.h -- one pin per listed page entry (issue 21, docs/scale.md 2.1;
 * seed 001_7ab1209d0a9249cf.txt 1.2.4: "for each registration the verb
 * must issue a pin request to the OS Memory Management Routine, even for
 * pages already pinned by earlier registrations; when all regions using a
 * page are deregistered the OS must unpin it").
 *
 * The OS counts the pins of a page; the core makes one pin request per
 * entry of a page list (src/mr_pages.h) and releases exactly that one.
 * What the core proves is the requests, entry by entry, with no sums:
 *
 *   ud_pins_exact(m)   entry s holds a pin  <==>  s is listed,
 *                      and then the pin is on the page the entry names.
 *
 * so the OS's count of a page is the number of listed entries naming it
 * (A-PLAT-PG-PIN): the number of live registrations covering it.  While
 * list i is being filled (or emptied) its pages j.. hold none yet (no
 * more): ud_pins_upto(m, i, j).  A list's life:
 *
 *   ud_mpin_alloc(i, n)    exact             -> upto(i, 0)     (no pin yet)
 *   ud_mpin_set(i, j, pfn) upto(i, j)        -> upto(i, j + 1) (or refused, unchanged)
 *   ud_mpin_unset(i, j)    upto(i, j + 1)    -> upto(i, j)
 *   ud_mpin_free(i)        upto(i, 0)        -> exact          (the list gone)
 *
 * Registration is alloc, set for each page, and on a refused pin unset
 * back to 0 and free; deregistration unset for each page and free.
 */
#ifndef UD_MR_PIN_H
#define UD_MR_PIN_H

#include "mr_pages.h"
#include "ud_platform.h"

_Static_assert(UD_PG_POOL <= UD_PG_PIN_SLOTS, "every entry has a pin slot");

/*@
  axiomatic UdPinVocab {
    // Entry s's place: the list owning its chunk and its page in that list.
    logic integer ud_pg_owner{L}(struct ud_mpg *m, integer s) = m->ch_list[s / 64];
    logic integer ud_pg_page{L}(struct ud_mpg *m, integer s) = m->ch_q[s / 64] * 64 + s % 64;

    // Every listed entry holds one pin, on its page, and no other entry
    // holds one -- except list i's pages from j on, which hold none.
    predicate ud_pins_upto{L}(struct ud_mpg *m, integer i, integer j) =
      \forall integer s; 0 <= s < UD_PG_POOL ==>
        (ud_pg_pin_held[s] == 1 <==>
           (ud_pg_listed(m, s) &&
            (m->ch_list[s / 64] != i || m->ch_q[s / 64] * 64 + s % 64 < j))) &&
        (ud_pg_pin_held[s] == 0 || ud_pg_pin_held[s] == 1) &&
        (ud_pg_pin_held[s] == 1 ==> ud_pg_pin_pa[s] == m->pfn[s] * 4096);

    // Every listed entry holds one pin, on its page; no other entry does.
    predicate ud_pins_exact{L}(struct ud_mpg *m) =
      \forall integer s; 0 <= s < UD_PG_POOL ==>
        (ud_pg_pin_held[s] == 1 <==> ud_pg_listed(m, s)) &&
        (ud_pg_pin_held[s] == 0 || ud_pg_pin_held[s] == 1) &&
        (ud_pg_pin_held[s] == 1 ==> ud_pg_pin_pa[s] == m->pfn[s] * 4096);
  }
*/

/* Every list empty, no pin held: the pools of mr_pages and the pins. */
/*@ requires valid: \valid(m);
    requires none: \forall integer s; 0 <= s < UD_PG_POOL ==> ud_pg_pin_held[s] == 0;
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures exact: ud_pins_exact(m);
    ensures empty: \forall integer i; 0 <= i < UD_PG_NLIST ==> m->list[i].npages == 0;
*/
void ud_mpin_init(struct ud_mpg *m);

/* Build list i (empty) for n pages, no pin taken yet: all or nothing. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires exact: ud_pins_exact(m);
    requires list: i < UD_PG_NLIST && m->list[i].npages == 0;
    requires n: 1 <= n <= UD_PG_MAXPG;
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
    behavior no_room:
      assumes m->ch_top < ud_pg_nch(n) || m->dr_top < ud_pg_ndir(n);
      ensures status: \result == UD_E_NOSPC;
      ensures unchanged: *m == \old(*m);
      ensures exact: ud_pins_exact(m);
    behavior built:
      assumes m->ch_top >= ud_pg_nch(n) && m->dr_top >= ud_pg_ndir(n);
      ensures status: \result == UD_OK;
      ensures length: m->list[i].npages == n;
      ensures upto: ud_pins_upto(m, i, 0);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_mpin_alloc(struct ud_mpg *m, uint32_t i, uint32_t n);

/* Page j of list i names frame pfn and takes its pin (the next page of a
 * fill).  Refused by the OS: nothing held, nothing changed. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires page: i < UD_PG_NLIST && j < m->list[i].npages;
    requires upto: ud_pins_upto(m, i, j);
    assigns m->pfn[ud_pg_entry(m, i, j)], ud_env,
            ud_pg_pin_held[ud_pg_entry(m, i, j)], ud_pg_pin_pa[ud_pg_entry(m, i, j)];
    ensures inv: ud_mpg_inv(m);
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures named: \result == UD_OK ==> m->pfn[ud_pg_entry(m, i, j)] == pfn;
    ensures pinned: \result == UD_OK ==> ud_pins_upto(m, i, j + 1);
    ensures refused: \result != UD_OK ==> ud_pins_upto(m, i, j) &&
      m->pfn[ud_pg_entry(m, i, j)] == \old(m->pfn[ud_pg_entry(m, i, j)]);
*/
ud_status ud_mpin_set(struct ud_mpg *m, uint32_t i, uint32_t j, uint32_t pfn);

/* Page j of list i (the last pinned of a fill or an empty) lets its pin go. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires page: i < UD_PG_NLIST && j < m->list[i].npages;
    requires upto: ud_pins_upto(m, i, j + 1);
    assigns ud_env, ud_pg_pin_held[ud_pg_entry(m, i, j)];
    ensures upto: ud_pins_upto(m, i, j);
    ensures released: ud_pg_pin_held[ud_pg_entry(m, i, j)] == 0;
*/
void ud_mpin_unset(struct ud_mpg *m, uint32_t i, uint32_t j);

/* Empty list i, none of whose pages holds a pin. */
/*@ requires valid: \valid(m);
    requires inv: ud_mpg_inv(m);
    requires list: i < UD_PG_NLIST;
    requires upto: ud_pins_upto(m, i, 0);
    assigns *m;
    ensures inv: ud_mpg_inv(m);
    ensures exact: ud_pins_exact(m);
    ensures empty: m->list[i].npages == 0;
    ensures others: \forall integer k; 0 <= k < UD_PG_NLIST && k != i ==>
      ud_pg_same_list{Pre, Post}(m, k);
    ensures entries: \forall integer s; 0 <= s < UD_PG_POOL ==> m->pfn[s] == \old(m->pfn[s]);
*/
void ud_mpin_free(struct ud_mpg *m, uint32_t i);

#endif /* UD_MR_PIN_H */
