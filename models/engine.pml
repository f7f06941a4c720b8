/* SPDX-License-Identifier: MIT */
/*
 * models/engine.pml -- the virtual-address write path end to end (issue 20
 * item 7): initiation, translation, fault, RAPF and completion, with two
 * honest processes and an attacker, over the real, unmodified code
 * (src/r5_sched.c, va_tx.c, va_piece.c, smmu.c, va_rx.c, fault_fifo.c,
 * fault_drain.c, fault_handler.c, fault_policy.c, fault_msg.c; the glue
 * and the property checks are in models/engine_glue.h).
 *
 * Seed: /work/shared/seeds/004_2c0be60bc8bfaeb5.txt 1.3.2 (the R5 posts
 * blocks, 256-byte packets), 3.2.1 (SMMU context bank per PD), 3.2.2
 * (source translation), 3.2.3 (destination translation, fault FIFO,
 * pf_rcv_tasklet, PF-NACK, RAPF wired by the packetizer).  One real call
 * per atomic step (A-MODEL-R5, A-MODEL-FIFO): a submit, one packet sent
 * by the packetizer (ud_va_tx_packet), one network item delivered (a
 * packet to ud_va_rx_packet, an ACK / PF-NACK / RAPF / failure report to
 * the R5), node 1's kernel step (the SMMU interrupt, then ud_fh_drain of
 * one entry), an R5 timer tick, an attacker's move.
 *
 * Processes: PD 0 and PD 1 (honest) each submit one transfer of NPK
 * packets (one block) from source VA E_SV:SOFF to destination VA
 * E_DV:DOFF on node 1; destination pages missing at start per PRESp.
 * PD 2, the attacker, may at any point (or never): submit the same
 * transfer -- the victims' very addresses -- in its own PD (ATKXDST 1:
 * or the next page), forge RAPFs through its own packetizer (FORGE of
 * them: transaction of PD 0 or 1, its current sequence number or the
 * next, PD field the victim's or its own), and (ACKFORGE, what-if outside
 * A-R5-EVENTS) make an ACK for a victim's current (trid, seq) reach the
 * R5.  The network reorders freely, loses LOSS items and duplicates DUP
 * items (packets, replies, RAPFs, failure reports).
 *
 * Properties (asserted at every step, checked by the doors of the glue):
 *   E-PROT  every byte written lands in a frame the writing transfer's PD's
 *           bank maps writable at that virtual address;
 *   E-ATOM  every write carries its own transfer's source bytes at the
 *           right offset, inside its destination;
 *   ONCE    every transfer is notified at most once, UD_OK only when every
 *           byte of it landed; a RAPF wired with another PD is never
 *           accepted; a page-in only inside the owner's VMA;
 *   END     (LIVE 0) every end state has both honest transfers notified;
 *           (LIVE 1) LTL <> alldone under weak fairness (pan -a -f).
 * Witnesses (REACH, a counterexample expected): 1 = every honest transfer
 * notified UD_OK (the success path is reachable); 2 = a byte of the
 * attacker's transfer landed (in its own frame: E-PROT holds).
 */

#ifndef ATK
#define ATK 1
#endif
#ifndef FORGE
#define FORGE 1
#endif
#ifndef ACKFORGE
#define ACKFORGE 0
#endif
#ifndef LOSS
#define LOSS 1
#endif
#ifndef DUP
#define DUP 1
#endif
#ifndef LIVE
#define LIVE 0
#endif
#ifndef ATKXDST
#define ATKXDST 0
#endif
#ifndef REACH
#define REACH 0
#endif

c_decl {
\#include "engine_glue.h"
}
c_track "&e_g" "sizeof(struct e_glob)"
/* The real structs: only the parts this configuration can write are
 * tracked (restored on backtracking); e_mirror (engine_glue.h) fails the
 * model (E_BAD_MODEL) if any part outside them changes.  R5: transactions
 * 0 .. 257 (PDs 0, 1, 2, vc 0), channels 0 .. 128, the timer set's dense
 * prefix; fault FIFO: slots 0 .. 15 and the registers; rx: slots 0, 128. */
c_track "&e_r5.st[0]" "258 * sizeof(e_r5.st[0])" "UnMatched"
c_track "&e_r5.seq[0]" "258 * sizeof(e_r5.seq[0])" "UnMatched"
c_track "&e_r5.off[0]" "258 * sizeof(e_r5.off[0])" "UnMatched"
c_track "&e_r5.blen[0]" "258 * sizeof(e_r5.blen[0])" "UnMatched"
c_track "&e_r5.dl[0]" "258 * sizeof(e_r5.dl[0])" "UnMatched"
c_track "&e_r5.narmed" "sizeof(e_r5.narmed)" "UnMatched"
c_track "&e_r5.pos[0]" "258 * sizeof(e_r5.pos[0])" "UnMatched"
c_track "&e_r5.dense[0]" "8 * sizeof(e_r5.dense[0])" "UnMatched"
c_track "&e_r5.ntry[0]" "258 * sizeof(e_r5.ntry[0])" "UnMatched"
c_track "&e_r5.x[0]" "129 * sizeof(e_r5.x[0])" "UnMatched"
c_track "&e_r5.cnt" "sizeof(e_r5.cnt)" "UnMatched"
c_track "&e_now" "sizeof(e_now)" "UnMatched"
c_track "&e_s0" "sizeof(struct ud_smmu)" "UnMatched"
c_track "&e_s1" "sizeof(struct ud_smmu)" "UnMatched"
c_track "&e_tx" "sizeof(struct ud_va_tx)" "UnMatched"
c_track "&e_rx.b[0]" "sizeof(e_rx.b[0])" "UnMatched"
c_track "&e_rx.b[128]" "sizeof(e_rx.b[128])" "UnMatched"
c_track "&e_ff.lo[0]" "16 * sizeof(e_ff.lo[0])" "UnMatched"
c_track "&e_ff.hi[0]" "16 * sizeof(e_ff.hi[0])" "UnMatched"
c_track "&e_ff.head" "sizeof(struct ud_ff) - offsetof(struct ud_ff, head)" "UnMatched"
c_track "&e_fh" "sizeof(struct ud_fh)" "UnMatched"
c_track "&e_map" "sizeof(struct ud_fh_map)" "UnMatched"

byte bad;
bool wit;
bool alldone;
byte loss, dup, forge, ackf;
byte g_a, g_b, g_c;

inline check()
{
	c_code { now.bad = e_g.bad; now.wit = e_witness (); };
	assert(bad == 0);
	/* REACH: a witness the search must find (a counterexample expected) */
	assert(!(REACH && wit))
}

#define TXQ(k) :: c_expr { e_g.q[k].on != 0 } -> atomic { c_code { e_tx_step(k); }; check() }
#define DELIVER(k) \
	:: c_expr { e_g.net[k].kind != 0 } -> \
		atomic { \
			if :: dup < DUP -> dup++; g_a = 1 :: true -> g_a = 0 fi; \
			c_code { e_deliver(k, now.g_a); }; g_a = 0; check() \
		}
#define LOSE(k) :: loss < LOSS && c_expr { e_g.net[k].kind != 0 } -> \
		atomic { loss++; c_code { e_lose(k); }; check() }
#define HONEST_DONE c_expr { e_g.notes[0] == 1 && e_g.notes[1] == 1 }

active proctype Env()
{
	atomic { c_code { e_init(); }; check() };
	do
	/* the honest processes: one transfer each */
	:: c_expr { e_g.sub[0] == 0 } -> atomic { c_code { e_submit(0, 0); }; check() }
	:: c_expr { e_g.sub[1] == 0 } -> atomic { c_code { e_submit(1, 0); }; check() }
	/* the packetizer: the next packet of any posted block */
	TXQ(0)
	TXQ(1)
	TXQ(2)
	TXQ(3)
	/* the network: any item in flight arrives (reordered), maybe twice */
	DELIVER(0)
	DELIVER(1)
	DELIVER(2)
	DELIVER(3)
	/* the network loses an item */
	LOSE(0)
	LOSE(1)
	LOSE(2)
	LOSE(3)
	/* node 1's kernel: the destination tasklet */
	:: c_expr { e_ff.count > 0 } -> atomic { c_code { e_os_step(); }; check() }
	/* time passes to the next deadline; the R5's tick fires it */
	:: c_expr { e_r5.narmed > 0 } -> atomic { c_code { e_tick(); }; check() }
#if ATK
	/* the attacker: the victims' addresses, in its own PD */
	:: c_expr { e_g.sub[2] == 0 } ->
		atomic {
			if :: g_a = 0 :: ATKXDST -> g_a = 1 fi;
			c_code { e_submit(2, now.g_a); };
			g_a = 0; check()
		}
	/* the attacker forges a RAPF for a victim's transaction */
	:: forge < FORGE ->
		atomic {
			forge++;
			select (g_a : 0 .. 1); select (g_b : 1 .. 2);
			if :: g_c = g_a :: g_c = 2 fi;
			c_code { e_forge(now.g_a, now.g_b, now.g_c); };
			g_a = 0; g_b = 0; g_c = 0; check()
		}
	/* what-if (outside A-R5-EVENTS): an ACK from no packet */
	:: ackf < ACKFORGE ->
		atomic {
			ackf++;
			select (g_a : 0 .. 1);
			c_code { e_ackforge(now.g_a); };
			g_a = 0; check()
		}
#endif
	:: else -> break
	od;
#if LIVE == 0
	/* nothing in flight, nothing queued, no timer armed: both honest
	 * transfers were notified (completed or failed) */
	c_code { now.g_a = (e_g.notes[0] == 1 && e_g.notes[1] == 1); };
	assert(g_a == 1)
#endif
}

#if LIVE
active proctype Done()
{
	end: atomic { HONEST_DONE -> alldone = true }
}
ltl live { <> alldone }
#endif
