/* SPDX-License-Identifier: MIT */
/*
 * models/r5_multi.pml -- the R5 retransmit scheduler (the real, unmodified
 * src/r5_sched.c) with several transfers on two channels of two
 * protection domains, a network that loses, duplicates and reorders
 * packets and RAPF messages, RAPFs forged by another PD with any sequence
 * number near the current one, the abort path, timeouts, and (LIVE=1) the
 * liveness property: every transfer completes or fails.
 *
 * Seed: /work/shared/seeds/004_2c0be60bc8bfaeb5.txt, 1.3.2 (blocks, 2
 * outstanding per transfer, 64 channels x 16 PDs), 3.2.3.3 (PF-NACK
 * pauses; retransmit on timeout or on a RAPF, opcode 2, "if the sequence
 * number matches", checked against the wired PDID); issue 17 (retry
 * budget, abort path).  One scheduler call per atomic step (A-MODEL-R5).
 *
 * Channels: ch 0 = (pd 0, vc 0), transactions 0 and 1; ch 1 = (pd 1,
 * vc 0), transactions 128 and 129.  Each channel runs NXFER transfers of
 * NB blocks one after the other (the next is submitted once the previous
 * one's completion was notified).  Mirror index i (0..3) is transaction
 * (i / 2) * 128 + i % 2.
 *
 * Parameters (-D): NCH channels (1, 2); NXFER transfers per channel
 * (NXFER1: on channel 1, default NXFER); NB
 * blocks per transfer (1, 2); NW packets the network holds; PERIOD
 * timeout; adversary budgets: LOSS (block packets or RAPFs lost), DUP
 * (block answered twice, or RAPF delivered twice), NNACK, NPF (PF-NACKs),
 * FORGE (RAPFs forged by PD 1), ABORT (a PF-NACKed block aborted by the
 * fault handler instead of its RAPF); UD_R5_SCHED_RETRY (retry budget);
 * MR_SEQLIM, MR_POSTS (models/r5_seq.h: the sequence space and the post
 * budget, to make a wrap reachable); LIVE 1 = check the LTL property
 * instead of the end-state assertion.
 * Issue 20 item 5, added: PFACK (a copy of a PF-NACKed packet stays in
 * flight -- the network duplicated it -- and may be ACKed later, before
 * or after the RAPF's retransmission, or after the abort); FORGEANY 1 =
 * the forger picks ANY sequence number of the (small, MR_SEQLIM <= 4)
 * sequence space instead of the current one and its neighbours; LIFE
 * (A-NET-LIFETIME): a packet or RAPF message in flight is gone by the
 * LIFE-th later post on its transaction (0 = no bound); REACH 1 =
 * assert that no run wraps a transaction's sequence number (more than
 * MR_SEQLIM posts on it) with a packet of it expired by LIFE (a witness:
 * the model must find one).
 *
 * Properties:
 *   - an accepted ACK counts exactly the block its packet carried, of the
 *     transfer now on that channel (no stale or duplicate ACK, from this
 *     transfer or an earlier one, counts a block), no block twice;
 *   - each transfer is notified once; a success only when all its blocks
 *     were counted;
 *   - every transfer completes or fails: LIVE=0, every end state has all
 *     NXFER transfers of each channel notified (the environment's fair
 *     moves -- an ACK of any packet in flight, a RAPF delivered, time
 *     advancing to the next deadline -- are unbounded, so the model ends
 *     only when none is enabled); LIVE=1, the LTL formula <> alldone,
 *     searched for acceptance cycles under weak fairness (pan -a -f).
 */

#ifndef NCH
#define NCH 2
#endif
#ifndef NXFER
#define NXFER 2
#endif
#ifndef NXFER1
#define NXFER1 NXFER
#endif
#define NX_OF(c) ((c) == 0 -> NXFER : NXFER1)
#ifndef NB
#define NB 2
#endif
#ifndef NW
#define NW 4
#endif
#ifndef PERIOD
#define PERIOD 2
#endif
#ifndef LOSS
#define LOSS 1
#endif
#ifndef DUP
#define DUP 1
#endif
#ifndef NNACK
#define NNACK 0
#endif
#ifndef NPF
#define NPF 1
#endif
#ifndef FORGE
#define FORGE 1
#endif
#ifndef ABORT
#define ABORT 1
#endif
#ifndef LIVE
#define LIVE 0
#endif
#ifndef PFACK
#define PFACK 0
#endif
#ifndef FORGEANY
#define FORGEANY 0
#endif
#ifndef LIFE
#define LIFE 0
#endif
#ifndef REACH
#define REACH 0
#endif
#if FORGEANY && !(defined(MR_SEQLIM) && MR_SEQLIM <= 4)
#error "FORGEANY needs a sequence space of at most 4 (MR_SEQLIM)"
#endif

#define EV_ACK 1
#define EV_NACK 2
#define EV_PFNACK 3
#define EV_RAPF 4

c_decl {
\#include "r5m_glue.h"
}
c_track "&m_s" "sizeof(struct ud_r5_sched)" "UnMatched"
c_track "m_cur" "sizeof(m_cur)" "UnMatched"
c_track "&m_now" "sizeof(m_now)" "UnMatched"

/* exact mirror of what the model can change in m_s (4 transactions, 2 channels) */
byte r_st[4]; short r_seq[4]; byte r_blk[4]; byte r_dl[4]; byte r_ntry[4];
short r_pos[4]; short r_dense[4]; byte r_narmed;
byte x_active[2]; byte x_complete[2]; byte x_posted[2]; byte x_acked[2]; byte x_nposts[2];

/* the network: nk 0 empty, 1 block packet, 2 RAPF message */
byte nk[NW]; byte ni[NW]; short nsq[NW]; byte nch[NW]; byte nx[NW]; byte nbk[NW];
#if LIFE
byte nage[NW];        /* later posts on its transaction since it was posted */
#endif
#if REACH
byte npo[4];          /* posts on each transaction (saturates at 9) */
bool wrapped;         /* a post reused a sequence number of its transaction */
bool expired;         /* a packet or RAPF was removed by the LIFE bound */
#endif

byte cur[2];          /* transfers submitted on the channel */
byte notes[2];        /* notifications of its current transfer */
byte nfail;           /* transfers that ended with an error */
byte counted[4];      /* [ch * 2 + blk]: counted for the current transfer */
bool alldone;
byte g_k; byte g_kind; byte g_wpd; byte g_upd; short g_sq; byte g_i;
byte g_credit;        /* block credited + 1, 0 none */
short g_r;

inline mirror()
{
	c_code {
		int i, j, k, t;
		for (i = 0; i < 4; i++) {
			t = m_tr(i);
			now.r_st[i] = m_s.st[t];
			now.r_seq[i] = (short)m_s.seq[t];
			now.r_blk[i] = (uchar)(m_s.off[t] / UD_R5_SCHED_BLOCK);
			/* relative to the clock: the scheduler only compares a
			 * deadline with the time and sets deadlines time + period,
			 * so states that differ by a shift of time behave alike */
			now.r_dl[i] = (uchar)(m_s.dl[t] <= m_now ? 0u :
			    (m_s.dl[t] - m_now > 250u ? 250u : m_s.dl[t] - m_now));
			now.r_ntry[i] = m_s.ntry[t];
			now.r_pos[i] = (short)m_s.pos[t];
			now.r_dense[i] = (short)m_s.dense[i];
		}
		now.r_narmed = (uchar)m_s.narmed;
		for (i = 0; i < 2; i++) {
			now.x_active[i] = m_s.x[i * 64].active;
			now.x_complete[i] = m_s.x[i * 64].complete;
			now.x_posted[i] = (uchar)(m_s.x[i * 64].posted / UD_R5_SCHED_BLOCK);
			now.x_acked[i] = (uchar)(m_s.x[i * 64].acked / UD_R5_SCHED_BLOCK);
			now.x_nposts[i] = (uchar)m_s.x[i * 64].nposts;
		}
		/* this step's posts enter the network (a full network loses them) */
		for (j = 0; j < m_npost; j++) {
#if LIFE || REACH
			int pi = (m_post_trid[j] / 128) * 2 + m_post_trid[j] % 2;
#endif
#if LIFE
			/* A-NET-LIFETIME: what is in flight on this transaction
			 * ages by one post; gone at the LIFE-th later post */
			for (k = 0; k < NW; k++)
				if (now.nk[k] != 0 && now.ni[k] == pi) {
					now.nage[k]++;
					if (now.nage[k] >= LIFE) {
						TRAIL_PR("R5 expired trid=%d seq=%d slot=%d (A-NET-LIFETIME)\n",
						       m_tr(pi), now.nsq[k], k);
						now.nk[k] = 0; now.ni[k] = 0; now.nsq[k] = 0; now.nch[k] = 0;
						now.nx[k] = 0; now.nbk[k] = 0; now.nage[k] = 0;
#if REACH
						now.expired = 1;
#endif
					}
				}
#endif
#if REACH
			if (now.npo[pi] < 9) now.npo[pi]++;
#ifdef MR_SEQLIM
			if (now.npo[pi] > MR_SEQLIM) now.wrapped = 1;
#endif
#endif
			for (k = 0; k < NW; k++)
				if (now.nk[k] == 0) {
					now.nk[k] = 1;
					now.ni[k] = (uchar)((m_post_trid[j] / 128) * 2 + m_post_trid[j] % 2);
					now.nsq[k] = (short)m_post_seq[j];
					now.nch[k] = (uchar)m_post_ch[j];
					now.nx[k] = (uchar)m_cur[m_post_ch[j]];
					now.nbk[k] = (uchar)m_post_blk[j];
					TRAIL_PR("R5 post trid=%d seq=%d blk=%d ch=%d xfer=%d slot=%d\n", m_post_trid[j],
					       m_post_seq[j], m_post_blk[j], m_post_ch[j], m_cur[m_post_ch[j]], k);
					break;
				}
			if (k == NW)
				TRAIL_PR("R5 post trid=%d seq=%d blk=%d lost(full)\n", m_post_trid[j],
				       m_post_seq[j], m_post_blk[j]);
		}
		/* notifications: once per transfer, success only when every block counted */
		for (j = 0; j < m_nnote; j++) {
			int ch = m_note_ch[j];
			TRAIL_PR("R5 notify ch=%d xfer=%d ok=%d\n", ch, m_cur[ch], m_note_ok[j]);
			if (now.notes[ch] != 0 || (m_note_ok[j] &&
			    !(now.counted[ch * 2] == 1 && (NB < 2 || now.counted[ch * 2 + 1] == 1))))
				now.notes[ch] = 9;      /* checked by the model: never */
			else
				now.notes[ch] = 1;
			if (!m_note_ok[j])
				now.nfail++;
		}
		m_npost = 0; m_nnote = 0;
	};
	assert(notes[0] <= 1 && notes[1] <= 1)
#if REACH
	;
	/* witness: no run wraps a sequence number with a packet expired */
	assert(!(wrapped && expired))
#endif
}

/* event `kind` for the packet in network slot k (a block: ACK, NACK,
 * PF-NACK; a RAPF message: RAPF), with wired and written PDID */
inline event(kind, k, wpd, upd)
{
	atomic {
		g_k = k; g_kind = kind; g_wpd = wpd; g_upd = upd;
		c_code {
			int cr;
			int32_t r = mr_event(now.g_kind, m_tr(now.ni[now.g_k]), now.nsq[now.g_k],
					     now.g_wpd, now.g_upd, (int)m_now, &cr);
			now.g_credit = (uchar)(cr + 1);
			TRAIL_PR("R5 event kind=%d trid=%d seq=%d blk=%d wpd=%d r=%d credited=%d now=%d\n",
			       now.g_kind, m_tr(now.ni[now.g_k]), now.nsq[now.g_k], now.nbk[now.g_k],
			       now.g_wpd, r, cr, (int)m_now);
		};
		if
		:: g_credit > 0 ->
			/* the ACKed packet carried this block of the transfer now on its channel */
			assert(kind == EV_ACK && nx[k] + 1 == cur[nch[k]] && g_credit - 1 == nbk[k]);
			counted[nch[k] * 2 + g_credit - 1]++;
			assert(counted[nch[k] * 2 + g_credit - 1] == 1)
		:: else -> skip
		fi;
		mirror();
		g_credit = 0; g_k = 0; g_kind = 0; g_wpd = 0; g_upd = 0
	}
}

#if LIFE
#define FREE(k) nk[k] = 0; ni[k] = 0; nsq[k] = 0; nch[k] = 0; nx[k] = 0; nbk[k] = 0; nage[k] = 0
#define COPYAGE(j, k) nage[j] = nage[k]
#else
#define FREE(k) nk[k] = 0; ni[k] = 0; nsq[k] = 0; nch[k] = 0; nx[k] = 0; nbk[k] = 0
#define COPYAGE(j, k) skip
#endif
/* a copy of the block packet in slot k into the free slot j */
#define COPY(j, k) nk[j] = 1; ni[j] = ni[k]; nsq[j] = nsq[k]; nch[j] = nch[k]; nx[j] = nx[k]; nbk[j] = nbk[k]; COPYAGE(j, k)
#define PICKFREE(j) if :: nk[0] == 0 -> j = 0 :: nk[1] == 0 -> j = 1 :: nk[2] == 0 -> j = 2 :: nk[3] == 0 -> j = 3 fi
#define ANY(v)  (nk[0] == v || nk[1] == v || nk[2] == v || nk[3] == v)
#define PICK(v) if :: nk[0] == v -> k = 0 :: nk[1] == v -> k = 1 :: nk[2] == v -> k = 2 :: nk[3] == v -> k = 3 fi
#if NW != 4
#error "ANY/PICK are written for NW == 4"
#endif
#define CH_DONE(c) (cur[c] == NX_OF(c) && notes[c] == 1)
#if NCH == 2
#define ALLDONE (CH_DONE(0) && CH_DONE(1))
#else
#define ALLDONE CH_DONE(0)
#endif

inline submit(c)
{
	atomic {
		g_i = c;
		c_code {
			int32_t r = mr_submit(now.g_i, now.cur[now.g_i], NB, (int)m_now);
			now.g_r = (short)r;
			TRAIL_PR("R5 submit ch=%d xfer=%d r=%d\n", now.g_i, now.cur[now.g_i], r);
		};
		assert(g_r == 0);
		cur[c]++; notes[c] = 0; counted[c * 2] = 0; counted[c * 2 + 1] = 0;
		mirror();
		g_i = 0; g_r = 0
	}
}

active proctype Env()
{
	byte k, j, loss, dup, nack, pf, forge, abrt, pfack;
	atomic {
		c_code { mr_init(PERIOD); };
		mirror()
	};
	do
	/* the application: the next transfer on a channel */
	:: cur[0] < NXFER && (cur[0] == 0 || notes[0] == 1) -> submit(0)
#if NCH == 2
	:: cur[1] < NXFER1 && (cur[1] == 0 || notes[1] == 1) -> submit(1)
#endif
	/* fair: the receiver ACKs a block in flight (any, so reordered) */
	:: ANY(1) ->
		PICK(1);
		event(EV_ACK, k, 0, 0);
		if
		:: dup < DUP -> dup++                /* answered again later */
		:: true -> FREE(k)
		fi;
		k = 0
	/* fair: the receiver's RAPF (opcode 2) arrives, wired with its PD */
	:: ANY(2) ->
		PICK(2);
		event(EV_RAPF, k, nch[k], nch[k]);
		if
		:: dup < DUP -> dup++                /* delivered again later */
		:: true -> FREE(k)
		fi;
		k = 0
	/* fair: time passes to the next deadline; the tick fires it */
	:: r_narmed > 0 ->
		atomic {
			c_code {
				uint64_t d = mr_next_deadline();
				if (d > m_now) m_now = d;
				TRAIL_PR("R5 tick now=%d\n", (int)m_now);
				mr_tick((int)m_now);
			};
			mirror()
		}
	/* adversary: a packet or RAPF lost */
	:: loss < LOSS && (ANY(1) || ANY(2)) ->
		loss++;
		if :: ANY(1) -> PICK(1) :: ANY(2) -> PICK(2) fi;
		FREE(k); k = 0
	/* adversary: a NACK (transmission error) */
	:: nack < NNACK && ANY(1) ->
		nack++; PICK(1); event(EV_NACK, k, 0, 0); FREE(k); k = 0
	/* a page fault at the destination: PF-NACK, then the receiver's RAPF
	 * (queued), or the fault handler aborts the transfer */
	:: pf < NPF && ANY(1) ->
		pf++; PICK(1);
		event(EV_PFNACK, k, 0, 0);
		/* PFACK: a copy of the PF-NACKed packet stays in flight and
		 * may be ACKed later (by the fair ACK move, in any order with
		 * the RAPF, the retransmission and its ACK, or the abort) */
#if PFACK
		if
		:: pfack < PFACK && ANY(0) -> atomic { pfack++; PICKFREE(j); COPY(j, k); j = 0 }
		:: true -> skip
		fi;
#endif
		if
		:: nk[k] = 2
		:: abrt < ABORT ->
			abrt++;
			atomic {
				g_k = k;
				c_code {
					int32_t r = mr_abort(now.nch[now.g_k], m_tr(now.ni[now.g_k]), now.nsq[now.g_k]);
					TRAIL_PR("R5 abort trid=%d seq=%d r=%d\n", m_tr(now.ni[now.g_k]), now.nsq[now.g_k], r);
				};
				mirror();
				g_k = 0
			};
			FREE(k)
		fi;
		k = 0
	/* adversary: PD 1 forges a RAPF for any of the 4 transactions, with
	 * the transaction's current sequence number or the one before or
	 * after, claiming either PD (the packetizer wires PD 1) */
	:: forge < FORGE ->
		forge++;
		atomic {
			if :: g_i = 0 :: g_i = 1 :: g_i = 2 :: g_i = 3 fi;
#if FORGEANY
			/* any sequence number of the sequence space */
			g_sq = 0;
			do :: g_sq < MR_SEQLIM - 1 -> g_sq++ :: break od;
#else
			if :: g_sq = r_seq[g_i] :: g_sq = r_seq[g_i] + 1 :: g_sq = r_seq[g_i] - 1 fi;
#endif
			if :: g_upd = 0 :: g_upd = 1 fi;
			c_code {
				int cr;
				int32_t r = mr_event(EV_RAPF, m_tr(now.g_i), (uint16_t)now.g_sq, 1, now.g_upd,
						     (int)m_now, &cr);
				TRAIL_PR("R5 forged RAPF trid=%d seq=%d pd=%d r=%d\n", m_tr(now.g_i), now.g_sq,
				       now.g_upd, r);
				now.g_r = (short)r;
			};
			/* a RAPF wired with PD 1 for a transaction of PD 0 is refused */
			assert(g_i >= 2 || g_r < 0);   /* UD_E_FORGED, or UD_E_NOENT for an idle one */
			mirror();
			g_r = 0;
			g_i = 0; g_sq = 0; g_upd = 0
		}
	:: else -> break
	od;
#if LIVE == 0
	/* the end: nothing is in flight, no timer armed: every transfer of
	 * every channel was submitted and notified (completed or failed) */
	assert(ALLDONE)
#endif
}

#if LIVE
active proctype Done()
{
	end: atomic { ALLDONE -> alldone = true }
}
ltl live { <> alldone }
#endif
