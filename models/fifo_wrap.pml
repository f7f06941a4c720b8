/* SPDX-License-Identifier: MIT */
/*
 * models/fifo_wrap.pml -- the fault FIFO at a small depth, against an
 * adversarial reader and a hardware that re-faults any entry at any time:
 * full, overflow, index wrap, re-fault of a popped entry (issue 20 item 6).
 *
 * Seed: /work/shared/seeds/004_2c0be60bc8bfaeb5.txt, section 3.2.3.1 (the
 * 512 x 128-bit FIFO, the dedup against the last pushed entry, the
 * two-read pop FSM).  docs/fault_fifo.md: what overflow and the filter do
 * (decisions where the seed is silent).
 *
 * The FIFO is the real struct ud_ff and the real, unmodified
 * src/fault_fifo.c (ud_ff_push, ud_ff_read_lo, ud_ff_read_hi,
 * ud_ff_clear_overflow) compiled at depth MF_DEPTH (models/fifo_depth.h);
 * each call is one atomic step (assumption A-MODEL-FIFO).
 *
 * Processes (no bound on the number of operations; see OVFMAX):
 *   Hardware  forever: push any of the entries e1 .. eMF_K (so a push may
 *             repeat the last pushed entry, re-fault an entry still queued,
 *             or re-fault one already popped, or meet a full FIFO);
 *   Reader    forever: a LOW read, a HIGH read, or a clear of the overflow
 *             counter, in any order (an adversarial reader: the FIFO sees
 *             only the sequence of bus reads, so one reader free to issue
 *             any read at any time covers every interleaving of any
 *             number of readers, as far as the FIFO's state goes).
 * OVFMAX: a push into a full FIFO is offered only while fewer than OVFMAX
 * overflows are counted (the counter is the one unbounded part of the
 * state; the reader's clear resets it).  With it, the state space is
 * finite and the search covers every sequence of operations.
 *
 * Property REF, checked after every step: the real FIFO agrees with a
 * reference queue kept in Promela (q, qh, qn; the spec of
 * src/fault_fifo.h and docs/fault_fifo.md):
 *   push e:  e == the last accepted entry -> UD_E_STALE, nothing changes
 *            (the register survives pops: a re-fault of the last entry,
 *            popped or not, is dropped);
 *            else full -> UD_E_FULL, queue and register intact, counter +1,
 *            sticky flag set;
 *            else -> UD_OK, e appended at the tail, register = e;
 *   LOW:     half read -> UD_E_SEQ, word 0, FSM back to idle;
 *            empty -> UD_E_EMPTY, word 0;
 *            else -> UD_OK, the LOW word of the head entry, FSM armed;
 *   HIGH:    not armed -> UD_E_SEQ, word 0, nothing popped;
 *            armed -> UD_OK, the HIGH word of the head entry (the one whose
 *            LOW word was delivered), head popped;
 *   clear:   returns the counter, clears counter and flag;
 * and after every step the struct equals the reference: count, head, tail
 * = (head + count) mod depth, the entry in every queued slot (so none lost,
 * none duplicated, order kept, across the wrap), FSM state, counter and
 * flag, the filter's register, and no slot written outside the ring.
 *
 * REACH=1: a witness that the search reaches what the property is about:
 * asserts that no run has seen all of {head wrapped, tail wrapped, an
 * overflow, a popped entry re-faulted and queued again, the last entry
 * re-faulted after its pop and dropped} -- expected to FAIL.
 */

#ifndef MF_DEPTH
#define MF_DEPTH 3
#endif
#ifndef MF_K
#define MF_K 3
#endif
#ifndef OVFMAX
#define OVFMAX 2
#endif
#ifndef REACH
#define REACH 0
#endif

#define ST_OK 0
#define ST_SEQ (-12)
#define ST_FULL (-13)
#define ST_EMPTY (-14)
#define ST_STALE (-15)

c_decl {
\#include "fifo_wrap_glue.h"
}
c_track "&m_ff" "sizeof(struct ud_ff)" "UnMatched"

/* the exact mirror of m_ff that states are matched on */
byte f_head; byte f_tail; byte f_count; byte f_rd; byte f_ovf; bit f_sticky; byte f_last;
byte s_lo[MF_DEPTH]; byte s_hi[MF_DEPTH];

/* the reference */
byte q[MF_DEPTH]; byte qh; byte qn; byte r_last; bit r_armed; byte r_ovf;

#if REACH
byte popped;                  /* bit i: entry i has been popped (ever) */
bit w_head; bit w_tail; bit w_ovf; bit w_requeue; bit w_redrop;
#endif

/* scratch of one step, 0 between steps */
byte g_op; byte g_arg; byte g_id; int g_st; byte g_ok;

inline mirror()
{
	c_code {
		int k;
		now.f_head = (uchar)m_ff.head;
		now.f_tail = (uchar)m_ff.tail;
		now.f_count = (uchar)m_ff.count;
		now.f_rd = (uchar)m_ff.rd;
		now.f_ovf = (uchar)(m_ff.ovf_count > 255u ? 255u : m_ff.ovf_count);
		now.f_sticky = m_ff.ovf_sticky ? 1 : 0;
		now.f_last = (uchar)mf_last_id();
		for (k = 0; k < MF_DEPTH; k++) {
			now.s_lo[k] = (uchar)mf_id(m_ff.lo[k], m_lo);
			now.s_hi[k] = (uchar)mf_id(m_ff.hi[k], m_hi);
		}
	}
}

/* the real FIFO equals the reference */
inline agree()
{
	c_code {
		int k, ok = 1;
		if (now.f_count != now.qn || now.f_head != now.qh ||
		    now.f_tail != (now.qh + now.qn) % MF_DEPTH ||
		    now.f_rd != now.r_armed || now.f_last != now.r_last ||
		    now.f_ovf != now.r_ovf || now.f_sticky != (now.r_ovf != 0))
			ok = 0;
		for (k = 0; k < now.qn && k < MF_DEPTH; k++) {
			int s = (now.qh + k) % MF_DEPTH;
			if (now.s_lo[s] != now.q[s] || now.s_hi[s] != now.q[s])
				ok = 0;
		}
		if (!mf_beyond_clean())
			ok = 0;
		now.g_ok = (uchar)ok;
	};
	assert(g_ok == 1);
	g_ok = 0
}

/* op 0 push entry arg, 1 read LOW, 2 read HIGH, 3 clear overflow */
inline ffop(op, arg)
{
	g_op = op; g_arg = arg;
	c_code {
		uint64_t w = 0;
		uint32_t n = 0;
		int32_t r;
		if (now.g_op == 0) {
			r = ud_ff_push(&m_ff, &m_e[now.g_arg]);
			now.g_id = now.g_arg;
		} else if (now.g_op == 1) {
			r = ud_ff_read_lo(&m_ff, &w);
			now.g_id = (uchar)mf_id(w, m_lo);
		} else if (now.g_op == 2) {
			r = ud_ff_read_hi(&m_ff, &w);
			now.g_id = (uchar)mf_id(w, m_hi);
		} else {
			r = ud_ff_clear_overflow(&m_ff, &n);
			now.g_id = (uchar)(n > 255u ? 255u : n);
		}
		now.g_st = r;
	};
	mirror();
	printf("FF who=%d op=%d arg=%d id=%d st=%d count=%d rd=%d\n",
	       (g_op == 0 -> 0 : 1), g_op, g_arg, g_id, g_st, f_count, f_rd);
	/* the reference step, and the status and word the spec gives */
	if
	:: g_op == 0 ->
		if
		:: r_last == g_arg ->
			assert(g_st == ST_STALE)
#if REACH
			; if :: (popped >> g_arg) & 1 -> w_redrop = 1 :: else -> skip fi
#endif
		:: r_last != g_arg && qn == MF_DEPTH ->
			assert(g_st == ST_FULL);
			r_ovf++
#if REACH
			; w_ovf = 1
#endif
		:: r_last != g_arg && qn < MF_DEPTH ->
			assert(g_st == ST_OK);
#if REACH
			if :: (popped >> g_arg) & 1 -> w_requeue = 1 :: else -> skip fi;
			if :: (qh + qn) % MF_DEPTH == MF_DEPTH - 1 -> w_tail = 1 :: else -> skip fi;
#endif
			q[(qh + qn) % MF_DEPTH] = g_arg;
			qn++;
			r_last = g_arg
		fi
	:: g_op == 1 ->
		if
		:: r_armed ->
			assert(g_st == ST_SEQ && g_id == 0);
			r_armed = 0
		:: !r_armed && qn == 0 ->
			assert(g_st == ST_EMPTY && g_id == 0)
		:: !r_armed && qn > 0 ->
			assert(g_st == ST_OK && g_id == q[qh]);
			r_armed = 1
		fi
	:: g_op == 2 ->
		if
		:: !r_armed ->
			assert(g_st == ST_SEQ && g_id == 0)
		:: r_armed ->
			assert(g_st == ST_OK && g_id == q[qh]);
#if REACH
			popped = popped | (1 << g_id);
			if :: qh == MF_DEPTH - 1 -> w_head = 1 :: else -> skip fi;
#endif
			q[qh] = 0;
			qh = (qh + 1) % MF_DEPTH;
			qn--;
			r_armed = 0
		fi
	:: g_op == 3 ->
		assert(g_st == ST_OK && g_id == r_ovf);
		r_ovf = 0
	fi;
	agree();
#if REACH
	assert(!(w_head && w_tail && w_ovf && w_requeue && w_redrop));
#endif
	g_op = 0; g_arg = 0; g_id = 0; g_st = 0
}

proctype Hardware()
{
end:	do
	:: atomic { (f_count < MF_DEPTH || r_ovf < OVFMAX) ->
		if
		:: g_arg = 1
#if MF_K >= 2
		:: g_arg = 2
#endif
#if MF_K >= 3
		:: g_arg = 3
#endif
#if MF_K >= 4
		:: g_arg = 4
#endif
#if MF_K >= 5
		:: g_arg = 5
#endif
#if MF_K >= 6
		:: g_arg = 6
#endif
		fi;
		ffop(0, g_arg) }
	od
}

proctype Reader()
{
end:	do
	:: atomic { ffop(1, 0) }
	:: atomic { ffop(2, 0) }
	:: atomic { ffop(3, 0) }
	od
}

init {
	atomic {
		c_code { mf_init(); };
		mirror();
		agree();
		run Hardware();
		run Reader()
	}
}
