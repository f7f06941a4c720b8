/* SPDX-License-Identifier: MIT */
/*
 * models/fifo_read.pml -- the fault FIFO's two-read pop FSM against a
 * second reader, with the hardware pushing at the same time.
 *
 * Seed: /work/shared/seeds/004_2c0be60bc8bfaeb5.txt, section 3.2.3.1: "The
 * 64-bit mechanism includes a Finite State Machine (FSM), that makes sure
 * that when a user has consumed/read the related data, only then it pops
 * this information (FIFO entry).  But since we need two (2) read requests to
 * pop the entry from the FIFO, the FSM ensures that this happens in a safe
 * order and way".  The depth is 512, the width 128 bits.
 *
 * The FIFO is the real struct ud_ff driven by the real src/fault_fifo.c
 * (ud_ff_push, ud_ff_read_lo, ud_ff_read_hi); each call is one atomic step
 * (a bus read or a hardware push).  See models/fifo_glue.h for how the 8 KB
 * struct is tracked and matched exactly.
 *
 * Processes: the hardware pushes entries 1..MF_K in order (and may repeat
 * the last one: the duplicate filter must drop it); NREADERS software
 * readers each pop with a LOW read then a HIGH read, at most RB attempts.
 * LOCK=1: the readers hold a lock around their two reads (the driver's
 * spinlock around ud_ff_pop).
 *
 * Property INTACT, checked on every delivered entry and at the end:
 *   - a reader whose LOW and HIGH reads both succeeded holds the two words
 *     of ONE entry (no torn entry);
 *   - no entry is delivered twice;
 *   - at the end, every entry the FIFO accepted was delivered or is still
 *     queued (none lost).
 */

#ifndef NREADERS
#define NREADERS 2
#endif
#ifndef LOCK
#define LOCK 0
#endif
#ifndef RB
#define RB 3
#endif
#define K 3          /* = MF_K in fifo_glue.h */

c_decl {
\#include "fifo_glue.h"
}
c_track "&m_ff" "sizeof(struct ud_ff)" "UnMatched"

/* The exact mirror of m_ff that states are matched on. */
byte f_head; byte f_tail; byte f_count; byte f_rd; byte f_ovf; byte f_last;
byte s_lo[K]; byte s_hi[K];

byte got[K + 1];            /* times entry i was delivered whole */
byte accepted;              /* pushes the FIFO accepted (UD_OK) */
byte delivered;             /* entries delivered whole */
#if LOCK
byte lock;
#endif

/* scratch of one step, 0 between steps */
byte g_op; byte g_who; byte g_arg; byte g_id; int g_st;

inline mirror()
{
	c_code {
		int k;
		now.f_head = (uchar)m_ff.head;
		now.f_tail = (uchar)m_ff.tail;
		now.f_count = (uchar)m_ff.count;
		now.f_rd = (uchar)m_ff.rd;
		now.f_ovf = (uchar)(m_ff.ovf_count + (m_ff.ovf_sticky ? 100u : 0u));
		now.f_last = (uchar)mf_last_id();
		for (k = 0; k < K; k++) {
			now.s_lo[k] = (uchar)mf_id_lo(m_ff.lo[k]);
			now.s_hi[k] = (uchar)mf_id_hi(m_ff.hi[k]);
		}
	}
}

/* op 0 push entry arg, 1 read LOW, 2 read HIGH; id gets the entry the
 * word read belongs to, st the status. */
inline ffop(who, op, arg, id, st)
{
	atomic {
		g_who = who; g_op = op; g_arg = arg;
		c_code {
			uint64_t w = 0;
			int32_t r;
			if (now.g_op == 0) {
				r = ud_ff_push(&m_ff, &m_e[now.g_arg]);
				now.g_id = now.g_arg;
			} else if (now.g_op == 1) {
				r = ud_ff_read_lo(&m_ff, &w);
				now.g_id = (uchar)mf_id_lo(w);
			} else {
				r = ud_ff_read_hi(&m_ff, &w);
				now.g_id = (uchar)mf_id_hi(w);
			}
			now.g_st = r;
		};
		mirror();
		printf("FF who=%d op=%d arg=%d id=%d st=%d count=%d rd=%d\n",
		       g_who, g_op, g_arg, g_id, g_st, f_count, f_rd);
		id = g_id; st = g_st;
		g_who = 0; g_op = 0; g_arg = 0; g_id = 0; g_st = 0
	}
}

proctype Hardware()
{
	byte i = 1;
	byte id; int st;
	do
	:: i <= K ->
		ffop(0, 0, i, id, st);
		if
		:: st == 0 -> accepted++
		:: else -> skip
		fi;
		if
		:: skip
		:: ffop(0, 0, i, id, st);       /* an exact repeat: must be dropped */
		   assert(st != 0)
		fi;
		i++
	:: else -> break
	od
}

proctype Reader(byte me)
{
	byte tries, lo, hi;
	int st;
	do
	:: tries < RB ->
		tries++;
#if LOCK
		atomic { lock == 0 -> lock = me };
#endif
		ffop(me, 1, 0, lo, st);
		if
		:: st == 0 ->
			ffop(me, 2, 0, hi, st);
			if
			:: st == 0 ->
				atomic {
					assert(lo == hi && lo >= 1 && lo <= K);   /* not torn */
					got[lo]++;
					assert(got[lo] == 1);                       /* once */
					delivered++
				}
			:: else -> skip
			fi
		:: else -> skip
		fi;
#if LOCK
		lock = 0;
#endif
		lo = 0; hi = 0; st = 0
	:: else -> break
	od
}

init {
	atomic {
		c_code { mf_init(); };
		mirror();
		run Hardware();
		run Reader(1);
#if NREADERS >= 2
		run Reader(2);
#endif
	}
	_nr_pr == 1;
	/* nothing lost: every accepted entry was delivered or is still queued */
	assert(delivered + f_count == accepted)
}
