/* SPDX-License-Identifier: MIT */
/*
 * shadow_lib.h -- the user-library side of shadow-address DMA initiation:
 * the issuing sequences of seed 000's Fig. 1, 2 and 3, including Fig. 3's
 * retry loop, over the bus of src/ud_platform.h (section shadow_lib).
 *
 * The library runs in the user process.  It knows only virtual addresses:
 * shadow(v) = 2^UD_SH_VA_BITS + v for a buffer address v (the OS maps the
 * shadow page to the shadow physical page of v's page, src/shadow_os.h),
 * and, for algorithm 1, the virtual address of its register-context page.
 * It never computes a physical address, and it touches no address but
 * those of the one DMA it was asked for: that, and the exact access
 * sequences, are its contracts, stated over the bus's ghost log.
 *
 * Each call begins a fresh ghost log (ud_bus_n = 0), so "the accesses this
 * call issued" is ud_bus_*[0 .. ud_bus_n - 1].  Bad arguments (an address
 * outside the user range, a zero size, a key or context id outside its
 * field, a retry budget of 0 or above UD_SHL_TRIES_MAX) give UD_E_INVAL
 * and issue nothing.  Success means the engine's last status LOAD returned
 * exactly UD_SH_SUCCESS (Fig. 1, 2) or UD_SH_DONE (Fig. 3: this access
 * started the DMA -- the seed's binary word cannot say so, SHADOW-M6); any
 * other word is a failure (the seed: "if (return_stat == FAILURE)"; an
 * unknown word is a failure too).
 *
 * Design and the seed's typo in Fig. 3: docs/shadow.md.
 */
#ifndef UD_SHADOW_LIB_H
#define UD_SHADOW_LIB_H

#include "shadow.h"
#include "ud_platform.h"

/* Largest Fig. 3 retry budget: 5 accesses per attempt must fit the log. */
#define UD_SHL_TRIES_MAX 8u

/*@
  // Access i of the log is (kind, addr, data).
  predicate ud_shl_acc{L}(integer i, integer kind, integer addr, integer data) =
    ud_bus_kind[i] == kind && ud_bus_addr[i] == addr && ud_bus_data[i] == data;

  // Access i is a LOAD from addr (whatever it returned).
  predicate ud_shl_ld{L}(integer i, integer addr) =
    ud_bus_kind[i] == UD_BUS_LOAD && ud_bus_addr[i] == addr;

  // Accesses [b, b+5) are the whole Fig. 3 sequence for shadow source ss,
  // shadow destination sd and size, the two source LOADs answered SUCCESS
  // and the last LOAD answered DONE (this access started the DMA):
  //   STORE size TO sd; LOAD ss; STORE size TO sd; LOAD ss; LOAD sd.
  predicate ud_shl_fig3_ok{L}(integer b, integer ss, integer sd, integer size) =
    ud_shl_acc(b, UD_BUS_STORE, sd, size) &&
    ud_shl_acc(b + 1, UD_BUS_LOAD, ss, UD_SH_SUCCESS) &&
    ud_shl_acc(b + 2, UD_BUS_STORE, sd, size) &&
    ud_shl_acc(b + 3, UD_BUS_LOAD, ss, UD_SH_SUCCESS) &&
    ud_shl_acc(b + 4, UD_BUS_LOAD, sd, UD_SH_DONE);

  // Accesses [b, b+m) are one failed Fig. 3 attempt: the sequence up to
  // the first LOAD that did not answer as it must ("go to 1"): SUCCESS for
  // the source LOADs, DONE for the last; m = 2, 4 or 5.
  predicate ud_shl_fig3_fail{L}(integer b, integer m, integer ss, integer sd,
                             integer size) =
    ud_shl_acc(b, UD_BUS_STORE, sd, size) &&
    ud_shl_ld(b + 1, ss) &&
    ((m == 2 && ud_bus_data[b + 1] != UD_SH_SUCCESS) ||
     (3 <= m && ud_bus_data[b + 1] == UD_SH_SUCCESS &&
      ud_shl_acc(b + 2, UD_BUS_STORE, sd, size) &&
      ud_shl_ld(b + 3, ss) &&
      ((m == 4 && ud_bus_data[b + 3] != UD_SH_SUCCESS) ||
       (m == 5 && ud_bus_data[b + 3] == UD_SH_SUCCESS &&
        ud_shl_ld(b + 4, sd) && ud_bus_data[b + 4] != UD_SH_DONE))));

  // Access i is one of Fig. 3's three: STORE size TO sd, LOAD ss, LOAD sd.
  predicate ud_shl_fig3_acc{L}(integer i, integer ss, integer sd, integer size) =
    ud_shl_acc(i, UD_BUS_STORE, sd, size) || ud_shl_ld(i, ss) || ud_shl_ld(i, sd);

  // The first n log entries are the same in states L1 and L2.
  predicate ud_shl_log_same{L1, L2}(integer n) =
    \forall integer i; 0 <= i < n ==>
      \at(ud_bus_kind[i], L1) == \at(ud_bus_kind[i], L2) &&
      \at(ud_bus_addr[i], L1) == \at(ud_bus_addr[i], L2) &&
      \at(ud_bus_data[i], L1) == \at(ud_bus_data[i], L2);

  // A failed attempt inside the first n entries stays one while those
  // entries do (proved by WP; used by the retry loop).
  lemma ud_shl_fail_frame{L1, L2}:
    \forall integer b, m, n, ss, sd, size;
      0 <= b && b + m <= n && 2 <= m <= 5 &&
      ud_shl_log_same{L1, L2}(n) &&
      ud_shl_fig3_fail{L1}(b, m, ss, sd, size) ==>
      ud_shl_fig3_fail{L2}(b, m, ss, sd, size);
*/

/* The attempts of the last ud_shl_dma3 call: ud_shl_used of them, attempt
 * k being ud_bus_*[ud_shl_at[k] .. ud_shl_at[k+1] - 1]. */
/*@ ghost uint32_t ud_shl_used;
          uint32_t ud_shl_at[UD_SHL_TRIES_MAX + 1]; */

/* Fig. 1 (algorithm 1): STORE key#ctx TO shadow(vdst); STORE key#ctx TO
 * shadow(vsrc); STORE size TO reg; LOAD status FROM reg.  reg_va is the
 * virtual address of the process's register-context page (context ctx),
 * key the key the OS gave that context.  UD_OK when the status is
 * SUCCESS, UD_E_SEQ otherwise. */
/*@
  assigns ud_env, ud_bus_n, ud_bus_kind[0 .. 3], ud_bus_addr[0 .. 3],
          ud_bus_data[0 .. 3];
  behavior issued:
    assumes args_ok: ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0 &&
      1 <= key < UD_SH_A1_KEY_LIM && ctx < UD_SH_A1_CTX_LIM;
    ensures fig1: ud_bus_n == 4 &&
      ud_shl_acc(0, UD_BUS_STORE, ud_sh_vshadow(vdst), ud_sh_a1_word(key, ctx)) &&
      ud_shl_acc(1, UD_BUS_STORE, ud_sh_vshadow(vsrc), ud_sh_a1_word(key, ctx)) &&
      ud_shl_acc(2, UD_BUS_STORE, reg_va, size) &&
      ud_shl_ld(3, reg_va);
    ensures result: \result == UD_OK || \result == UD_E_SEQ;
    ensures ok_iff: \result == UD_OK <==> ud_bus_data[3] == UD_SH_SUCCESS;
  behavior refused:
    assumes args_bad: !(ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0 &&
      1 <= key < UD_SH_A1_KEY_LIM && ctx < UD_SH_A1_CTX_LIM);
    ensures nothing_issued: ud_bus_n == 0;
    ensures result: \result == UD_E_INVAL;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_shl_dma1(uint64_t reg_va, uint32_t key, uint32_t ctx,
		      uint64_t vsrc, uint64_t vdst, uint32_t size);

/* Fig. 2 (algorithm 2): STORE size TO shadow(vdst); LOAD status FROM
 * shadow(vsrc).  The context id is in the shadow physical addresses (the
 * OS's business), so the library passes none.  UD_OK when the status is
 * SUCCESS, UD_E_SEQ otherwise. */
/*@
  assigns ud_env, ud_bus_n, ud_bus_kind[0 .. 1], ud_bus_addr[0 .. 1],
          ud_bus_data[0 .. 1];
  behavior issued:
    assumes args_ok: ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0;
    ensures fig2: ud_bus_n == 2 &&
      ud_shl_acc(0, UD_BUS_STORE, ud_sh_vshadow(vdst), size) &&
      ud_shl_ld(1, ud_sh_vshadow(vsrc));
    ensures result: \result == UD_OK || \result == UD_E_SEQ;
    ensures ok_iff: \result == UD_OK <==> ud_bus_data[1] == UD_SH_SUCCESS;
  behavior refused:
    assumes args_bad: !(ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0);
    ensures nothing_issued: ud_bus_n == 0;
    ensures result: \result == UD_E_INVAL;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_shl_dma2(uint64_t vsrc, uint64_t vdst, uint32_t size);

/* Fig. 3 (algorithm 3) with its retry loop, at most `tries` attempts:
 *   1: STORE size TO shadow(vdst)
 *   2: LOAD st FROM shadow(vsrc)   if st != SUCCESS go to 1
 *   3: STORE size TO shadow(vdst)
 *   4: LOAD st FROM shadow(vsrc)   if st != SUCCESS go to 1
 *   5: LOAD st FROM shadow(vdst)   if st != DONE go to 1
 * UD_OK when an attempt's LOADs answered SUCCESS, SUCCESS, DONE; UD_E_BUSY when
 * `tries` attempts failed (the seed loops forever; a library must not).
 * The contract is the whole log: attempts back to back, each a failed
 * prefix except a successful last one, and no other address touched. */
/*@
  assigns ud_env, ud_bus_n, ud_bus_kind[0 .. UD_BUS_LOG - 1],
          ud_bus_addr[0 .. UD_BUS_LOG - 1], ud_bus_data[0 .. UD_BUS_LOG - 1],
          ud_shl_used, ud_shl_at[0 .. UD_SHL_TRIES_MAX];
  behavior issued:
    assumes args_ok: ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0 &&
      1 <= tries <= UD_SHL_TRIES_MAX;
    ensures result: \result == UD_OK || \result == UD_E_BUSY;
    ensures only_these: \forall integer i; 0 <= i < ud_bus_n ==>
      ud_shl_fig3_acc(i, ud_sh_vshadow(vsrc), ud_sh_vshadow(vdst), size);
    ensures attempts: 1 <= ud_shl_used <= tries &&
      ud_shl_at[0] == 0 && ud_shl_at[ud_shl_used] == ud_bus_n;
    ensures failed_before: \forall integer k; 0 <= k < ud_shl_used - 1 ==>
      ud_shl_fig3_fail(ud_shl_at[k], ud_shl_at[k + 1] - ud_shl_at[k],
                       ud_sh_vshadow(vsrc), ud_sh_vshadow(vdst), size);
    ensures ok_last: \result == UD_OK ==>
      ud_shl_at[ud_shl_used] == ud_shl_at[ud_shl_used - 1] + 5 &&
      ud_shl_fig3_ok(ud_shl_at[ud_shl_used - 1], ud_sh_vshadow(vsrc),
                     ud_sh_vshadow(vdst), size);
    ensures busy_last: \result == UD_E_BUSY ==> ud_shl_used == tries &&
      ud_shl_fig3_fail(ud_shl_at[ud_shl_used - 1],
                       ud_shl_at[ud_shl_used] - ud_shl_at[ud_shl_used - 1],
                       ud_sh_vshadow(vsrc), ud_sh_vshadow(vdst), size);
    ensures ok_tail: \result == UD_OK ==> 5 <= ud_bus_n &&
      ud_shl_fig3_ok(ud_bus_n - 5, ud_sh_vshadow(vsrc), ud_sh_vshadow(vdst), size);
    ensures bounded: ud_bus_n <= 5 * tries;
  behavior refused:
    assumes args_bad: !(ud_sh_is_va(vsrc) && ud_sh_is_va(vdst) && size != 0 &&
      1 <= tries <= UD_SHL_TRIES_MAX);
    ensures nothing_issued: ud_bus_n == 0;
    ensures result: \result == UD_E_INVAL;
  complete behaviors;
  disjoint behaviors;
*/
ud_status ud_shl_dma3(uint64_t vsrc, uint64_t vdst, uint32_t size, uint32_t tries);

#endif /* UD_SHADOW_LIB_H */
