/* SPDX-License-Identifier: MIT */
/*
 * models/r5_race.pml -- the R5 retransmit scheduler against a network that
 * reorders, loses and duplicates, under every order of ACK, NACK, PF-NACK,
 * RAPF and timeout.
 *
 * Seed: /work/shared/seeds/004_2c0be60bc8bfaeb5.txt, 1.3.2 (16 KB blocks,
 * 2 outstanding per transfer), 3.2.3.3 (PF-NACK pauses; retransmit on
 * timeout, or on a mailbox message with opcode 2 whose sequence number
 * matches, with the wired PDID).
 *
 * The scheduler is the real src/r5_sched.c (ud_r5_sched_event,
 * ud_r5_sched_tick), one call per atomic step (the R5 poll loop handles one
 * event at a time); models/r5_glue.h tracks its state and defines the two
 * platform doors.  One transfer of NB blocks on channel (pd 0, vc 0), window
 * 2, timeout PERIOD ticks.
 *
 * The environment (one process, so every order is explored): the network
 * holds up to NW packets in flight -- posted blocks (trid, seq, block) and
 * RAPF messages; at each step it may answer any in-flight block with ACK,
 * NACK or PF-NACK (a PF-NACK also queues the receiver's RAPF for it, sent
 * later), deliver a queued RAPF, lose a packet, answer a block a second time
 * (duplicate, at most DUP times), inject a RAPF forged by another PD (at most
 * once), or let the clock tick (at most TMAX ticks).
 *
 * Property (asserted on every step):
 *   - an ACK is counted (acked grows) only for the block the ACKed packet
 *     carried -- a late ACK of an old block never counts a newer block;
 *   - no block is counted twice;
 *   - the completion is notified at most once, and only when every block
 *     has been counted.
 */

#ifndef NB
#define NB 3
#endif
#ifndef NW
#define NW 3
#endif
#ifndef DUP
#define DUP 1
#endif
#ifndef TMAX
#define TMAX 3
#endif
#ifndef PERIOD
#define PERIOD 2
#endif
#ifndef STEPS
#define STEPS 10
#endif

#define EV_ACK 1
#define EV_NACK 2
#define EV_PFNACK 3
#define EV_RAPF 4

c_decl {
\#include "r5_glue.h"
}
c_track "&m_s" "sizeof(struct ud_r5_sched)" "UnMatched"

/* exact mirror of the part of m_s the model can change */
byte r_st[2]; short r_seq[2]; byte r_blk[2]; byte r_dl[2]; short r_pos[2]; short r_dense[2];
byte r_narmed; byte x_posted; byte x_acked; byte x_complete;
byte c_acks; byte c_comp; byte c_nack; byte c_tmo; byte c_rapf; byte c_pause;
byte c_forged; byte c_stale; byte c_unknown;

/* the network: nk 0 empty, 1 posted block, 2 RAPF message */
byte nk[NW]; byte ntr[NW]; short nsq[NW]; byte nbk[NW];

byte now;
byte counted[NB];
byte notified;
byte g_credit;                    /* scratch: block credited + 1, 0 = none */
byte g_k;                         /* scratch: chosen packet */
byte g_kind; byte g_wpd; byte g_upd;   /* scratch: event kind, wired and written PDID */

inline mirror()
{
	c_code {
		int t, k, j;
		for (t = 0; t < 2; t++) {
			now.r_st[t] = m_s.st[t];
			now.r_seq[t] = (short)m_s.seq[t];
			now.r_blk[t] = (uchar)(m_s.off[t] / UD_R5_SCHED_BLOCK);
			now.r_dl[t] = (uchar)(m_s.dl[t] > 200u ? 200u : m_s.dl[t]);
			now.r_pos[t] = (short)m_s.pos[t];
			now.r_dense[t] = (short)m_s.dense[t];
		}
		now.r_narmed = (uchar)m_s.narmed;
		now.x_posted = (uchar)(m_s.x[0].posted / UD_R5_SCHED_BLOCK);
		now.x_acked = (uchar)(m_s.x[0].acked / UD_R5_SCHED_BLOCK);
		now.x_complete = m_s.x[0].complete;
		now.c_acks = (uchar)m_s.cnt.acks; now.c_comp = (uchar)m_s.cnt.completions;
		now.c_nack = (uchar)m_s.cnt.rtx_nack; now.c_tmo = (uchar)m_s.cnt.rtx_timeout;
		now.c_rapf = (uchar)m_s.cnt.rtx_rapf; now.c_pause = (uchar)m_s.cnt.pauses;
		now.c_forged = (uchar)m_s.cnt.ign_forged; now.c_stale = (uchar)m_s.cnt.ign_stale;
		now.c_unknown = (uchar)m_s.cnt.ign_unknown;
		/* the posts of this step enter the network (a full network loses them) */
		for (j = 0; j < m_npost; j++) {
			for (k = 0; k < NW; k++)
				if (now.nk[k] == 0) {
					now.nk[k] = 1; now.ntr[k] = (uchar)m_post_trid[j];
					now.nsq[k] = (short)m_post_seq[j]; now.nbk[k] = (uchar)m_post_blk[j];
					TRAIL_PR("R5 post trid=%d seq=%d blk=%d slot=%d\n", m_post_trid[j],
					       m_post_seq[j], m_post_blk[j], k);
					break;
				}
			if (k == NW)
				TRAIL_PR("R5 post trid=%d seq=%d blk=%d lost(full)\n", m_post_trid[j],
				       m_post_seq[j], m_post_blk[j]);
		}
		now.notified = (uchar)(now.notified + m_nnotify);
		m_npost = 0; m_nnotify = 0;
	}
}

inline check()
{
	assert(notified <= 1);
	assert(notified == 0 || (x_acked == NB && counted[0] == 1 && counted[1] == 1
#if NB >= 3
	       && counted[2] == 1
#endif
	       ))
}

/* Deliver event `kind` for in-flight packet k (block: ACK/NACK/PF-NACK;
 * RAPF: the RAPF message). */
inline event(kind, k, wpd, upd)
{
	atomic {
		g_k = k; g_kind = kind; g_wpd = wpd; g_upd = upd;
		c_code {
			int cr;
			int32_t r = mr_event(now.g_kind, now.ntr[now.g_k], now.nsq[now.g_k],
					     now.g_wpd, now.g_upd, now.now, &cr);
			now.g_credit = (uchar)(cr + 1);
			TRAIL_PR("R5 event kind=%d trid=%d seq=%d blk=%d wpd=%d r=%d credited=%d now=%d\n",
			       now.g_kind, now.ntr[now.g_k], now.nsq[now.g_k], now.nbk[now.g_k],
			       now.g_wpd, r, cr, now.now);
		};
		mirror();
		if
		:: g_credit > 0 ->
			/* an ACK counts exactly the block its packet carried */
			assert(kind == EV_ACK && g_credit - 1 == nbk[k]);
			counted[g_credit - 1]++;
			assert(counted[g_credit - 1] == 1)
		:: else -> skip
		fi;
		check();
		g_credit = 0; g_k = 0; g_kind = 0; g_wpd = 0; g_upd = 0
	}
}

#if NW != 3
#error "ANY/PICK below are written for NW == 3"
#endif
#define ANY(v)  (nk[0] == v || nk[1] == v || nk[2] == v)
#define PICK(v) if :: nk[0] == v -> k = 0 :: nk[1] == v -> k = 1 :: nk[2] == v -> k = 2 fi
#define FREE(k) nk[k] = 0; ntr[k] = 0; nsq[k] = 0; nbk[k] = 0

active proctype Env()
{
	byte k, steps, dups, forged;
	atomic {
		c_code { mr_init(PERIOD, NB); };
		mirror()
	};
	do
	/* answer a posted block */
	:: steps < STEPS && ANY(1) ->
		steps++;
		PICK(1);
		if
		:: event(EV_ACK, k, 0, 0);
		   if
		   :: dups < DUP -> dups++             /* answered again later */
		   :: true -> FREE(k)
		   fi
		:: event(EV_NACK, k, 0, 0); FREE(k)
		:: event(EV_PFNACK, k, 0, 0); nk[k] = 2   /* the receiver's RAPF follows */
		:: FREE(k)                                /* lost */
		fi;
		k = 0
	/* the receiver's RAPF (opcode 2), wired PDID 0 */
	:: steps < STEPS && ANY(2) ->
		steps++;
		PICK(2);
		event(EV_RAPF, k, 0, 0);
		FREE(k);
		k = 0
	/* a RAPF forged by PD 1 for a block in flight */
	:: steps < STEPS && ANY(1) && forged == 0 ->
		steps++;
		forged = 1;
		PICK(1);
		event(EV_RAPF, k, 1, 0);
		k = 0
	/* time passes: timeouts */
	:: steps < STEPS && now < TMAX ->
		steps++;
		atomic {
			now++;
			c_code { TRAIL_PR("R5 tick now=%d\n", now.now); mr_tick(now.now); };
			mirror();
			check()
		}
	:: else -> break
	od
}
