/* SPDX-License-Identifier: MIT */
/*
 * shadow_lib.c -- the issuing sequences of seed 000 Fig. 1, 2 and 3 over
 * the platform bus.  Contracts and the meaning of the ghost log:
 * shadow_lib.h.
 */
#include "shadow_lib.h"

/* The virtual shadow address of a user address v < 2^UD_SH_VA_BITS. */
/*@ requires va: ud_sh_is_va(v);
    assigns \nothing;
    ensures shadow: \result == ud_sh_vshadow(v);
*/
static uint64_t shl_vshadow(uint64_t v)
{
	return UD_SH_VBIT + v;
}

ud_status ud_shl_dma1(uint64_t reg_va, uint32_t key, uint32_t ctx,
		      uint64_t vsrc, uint64_t vdst, uint32_t size)
{
	uint32_t word;

	/*@ ghost ud_bus_n = 0; */
	if (vsrc >= UD_SH_VBIT || vdst >= UD_SH_VBIT || size == 0u ||
	    key == 0u || key >= UD_SH_A1_KEY_LIM || ctx >= UD_SH_A1_CTX_LIM)
		return UD_E_INVAL;
	word = key * UD_SH_A1_CTX_LIM + ctx;
	ud_plat_bus_store(shl_vshadow(vdst), word);   /* pass the destination */
	ud_plat_bus_store(shl_vshadow(vsrc), word);   /* pass the source      */
	ud_plat_bus_store(reg_va, size);              /* pass the size        */
	if (ud_plat_bus_load(reg_va) != UD_SH_SUCCESS) /* did it succeed?     */
		return UD_E_SEQ;
	return UD_OK;
}

ud_status ud_shl_dma2(uint64_t vsrc, uint64_t vdst, uint32_t size)
{
	/*@ ghost ud_bus_n = 0; */
	if (vsrc >= UD_SH_VBIT || vdst >= UD_SH_VBIT || size == 0u)
		return UD_E_INVAL;
	ud_plat_bus_store(shl_vshadow(vdst), size);
	if (ud_plat_bus_load(shl_vshadow(vsrc)) != UD_SH_SUCCESS)
		return UD_E_SEQ;
	return UD_OK;
}

/* One Fig. 3 attempt: accesses 1..5, stopping at the first LOAD that does
 * not answer SUCCESS (accesses 2, 4) or DONE (access 5). */
/*@ requires room: ud_bus_n + 5 <= UD_BUS_LOG;
    assigns ud_env, ud_bus_n, ud_bus_kind[ud_bus_n .. ud_bus_n + 4],
            ud_bus_addr[ud_bus_n .. ud_bus_n + 4],
            ud_bus_data[ud_bus_n .. ud_bus_n + 4];
    ensures grows: \old(ud_bus_n) + 2 <= ud_bus_n <= \old(ud_bus_n) + 5;
    ensures kept: ud_shl_log_same{Pre, Post}(\old(ud_bus_n));
    ensures only_these: \forall integer i; \old(ud_bus_n) <= i < ud_bus_n ==>
      ud_shl_fig3_acc(i, ss, sd, size);
    ensures result: \result == UD_OK || \result == UD_E_SEQ;
    ensures ok: \result == UD_OK ==> ud_bus_n == \old(ud_bus_n) + 5 &&
      ud_shl_fig3_ok(\old(ud_bus_n), ss, sd, size);
    ensures failed: \result == UD_E_SEQ ==>
      ud_shl_fig3_fail(\old(ud_bus_n), ud_bus_n - \old(ud_bus_n), ss, sd, size);
*/
static ud_status shl_attempt3(uint64_t ss, uint64_t sd, uint32_t size)
{
	ud_plat_bus_store(sd, size);                  /* 1 */
	/*@ assert a1: ud_shl_log_same{Pre, Here}(\at(ud_bus_n, Pre)) &&
	      \forall integer i; \at(ud_bus_n, Pre) <= i < ud_bus_n ==>
	        ud_shl_fig3_acc(i, ss, sd, size); */
	if (ud_plat_bus_load(ss) != UD_SH_SUCCESS)    /* 2 */
		return UD_E_SEQ;
	/*@ assert a2: ud_shl_log_same{Pre, Here}(\at(ud_bus_n, Pre)) &&
	      \forall integer i; \at(ud_bus_n, Pre) <= i < ud_bus_n ==>
	        ud_shl_fig3_acc(i, ss, sd, size); */
	ud_plat_bus_store(sd, size);                  /* 3 */
	/*@ assert a3: ud_shl_log_same{Pre, Here}(\at(ud_bus_n, Pre)) &&
	      \forall integer i; \at(ud_bus_n, Pre) <= i < ud_bus_n ==>
	        ud_shl_fig3_acc(i, ss, sd, size); */
	if (ud_plat_bus_load(ss) != UD_SH_SUCCESS)    /* 4 */
		return UD_E_SEQ;
	/*@ assert a4: ud_shl_log_same{Pre, Here}(\at(ud_bus_n, Pre)) &&
	      \forall integer i; \at(ud_bus_n, Pre) <= i < ud_bus_n ==>
	        ud_shl_fig3_acc(i, ss, sd, size); */
	if (ud_plat_bus_load(sd) != UD_SH_DONE)       /* 5 */
		return UD_E_SEQ;
	return UD_OK;
}

ud_status ud_shl_dma3(uint64_t vsrc, uint64_t vdst, uint32_t size, uint32_t tries)
{
	uint64_t ss, sd;
	uint32_t t;

	/*@ ghost ud_bus_n = 0; */
	/*@ ghost ud_shl_at[0] = 0; */
	if (vsrc >= UD_SH_VBIT || vdst >= UD_SH_VBIT || size == 0u ||
	    tries == 0u || tries > UD_SHL_TRIES_MAX)
		return UD_E_INVAL;
	ss = shl_vshadow(vsrc);
	sd = shl_vshadow(vdst);
	/*@ loop invariant count: 0 <= t <= tries;
	    loop invariant start: ud_shl_at[0] == 0;
	    loop invariant here: ud_shl_at[t] == ud_bus_n;
	    loop invariant used: t >= 1 ==> ud_shl_used == t;
	    loop invariant bounded: ud_bus_n <= 5 * t;
	    loop invariant below: \forall integer k; 0 <= k <= t ==> ud_shl_at[k] <= ud_bus_n;
	    loop invariant failed: \forall integer k; 0 <= k < t ==>
	      ud_shl_at[k] + 2 <= ud_shl_at[k + 1] <= ud_shl_at[k] + 5 &&
	      ud_shl_fig3_fail(ud_shl_at[k], ud_shl_at[k + 1] - ud_shl_at[k],
	                       ss, sd, size);
	    loop invariant only_these: \forall integer i; 0 <= i < ud_bus_n ==>
	      ud_shl_fig3_acc(i, ss, sd, size);
	    loop assigns t, ud_shl_used, ud_env, ud_bus_n, ud_bus_kind[0 .. UD_BUS_LOG - 1],
	      ud_bus_addr[0 .. UD_BUS_LOG - 1], ud_bus_data[0 .. UD_BUS_LOG - 1],
	      ud_shl_at[1 .. UD_SHL_TRIES_MAX];
	    loop variant tries - t;
	*/
	for (t = 0; t < tries; t++) {
		ud_status st = shl_attempt3(ss, sd, size);

		/*@ assert same: ud_shl_log_same{LoopCurrent, Here}(\at(ud_bus_n, LoopCurrent)); */
		/*@ assert old_failed: \forall integer k; 0 <= k < t ==>
		      ud_shl_fig3_fail(ud_shl_at[k], ud_shl_at[k + 1] - ud_shl_at[k],
		                       ss, sd, size); */
		/*@ ghost ud_shl_at[t + 1] = ud_bus_n; */
		/*@ ghost ud_shl_used = t + 1; */
		if (st == UD_OK)
			return UD_OK;
	}
	return UD_E_BUSY;
}
