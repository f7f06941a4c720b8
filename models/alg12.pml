/* SPDX-License-Identifier: MIT */
/*
 * models/alg12.pml -- algorithms 1 and 2 of seed 000 under every
 * interleaving of three processes, the engine being the real
 * ud_sh_alg1_step / ud_sh_alg2_step (src/shadow.c) through embedded C.
 *
 * Seed: /work/shared/seeds/000_84f077e385ac0b00.txt, "FIRST USER-LEVEL DMA
 * ALGORITHM" (register contexts, STORE key#context_id TO shadow(v), Fig. 1)
 * and "SECOND DMA ALGORITHM" (context id in the shadow physical address,
 * STORE size TO shadow(dst) + LOAD status FROM shadow(src), Fig. 2): "it may
 * be broken by a lucky user, who manages to guess another user's key".
 *
 * Parameters (-D):
 *   ALG     1 or 2
 *   GUESS   1 = the malicious process knows P1's key (algorithm 1 only);
 *           0 = it tries its own key and a wrong one
 *   PROP    1 = MIX, 3 = ONCE (as in alg3.pml)
 *   MAXTRY  attempts per honest call;  XBUDGET  malicious accesses
 *   XRDSRC  1 = X may read A1, P1's source (default); 0 = it may not
 *   P2SRC   3 = P2 DMAs from B1, its own page (default); 1 = from A1,
 *           which it read-shares with P1 (algorithm 2 only: algorithm 1
 *           passes the source by a STORE, which needs write access, so a
 *           read-only sharer cannot name A1 as a source at all)
 *
 * Processes: P1 A1 -> A2 size 1, context 1; P2 B1 -> B2 size 2, context 2;
 * X, malicious, context 3, owns M and may read A1.  In algorithm 1 an
 * address argument is passed by a STORE, so it needs write access to the
 * page (the seed: "We used store / not load instructions to load address
 * arguments"); the register page of context c is mapped to c's owner only.
 * In algorithm 2 the OS puts the process's context id into every shadow
 * mapping it creates, so a process's accesses carry its own id only.
 * Accesses go through the MMU (A-MODEL-MMU) one at a time (A-MODEL-BUS).
 */

#ifndef ALG
#define ALG 1
#endif
#ifndef GUESS
#define GUESS 0
#endif
#ifndef PROP
#define PROP 1
#endif
#ifndef MAXTRY
#define MAXTRY 2
#endif
#ifndef XBUDGET
#define XBUDGET 5
#endif
#ifndef XRDSRC
#define XRDSRC 1
#endif
#ifndef NCALLS
#define NCALLS 1          /* DMA calls per honest process, one after the other */
#endif
#ifndef P2SRC
#define P2SRC 3
#endif
#if ALG == 1 && P2SRC == 1
#error "algorithm 1 passes the source by a STORE: P2 cannot name a page it only reads"
#endif

#define P1 1
#define P2 2
#define PX 3
#define NPROC 4
#define A1 1
#define A2 2
#define B1 3
#define B2 4
#define M  5
#define REG 8        /* page REG + c: algorithm-1 register page of context c */
#define NPG 12
#define ST 0
#define LD 1
/* algorithm-1 keys (OS-assigned); K_WRONG is a key nobody has */
#define K1 5
#define K2 6
#define K3 7
#define K_WRONG 1

c_decl {
\#include "alg12_glue.h"
}
#if ALG == 1
c_state "struct ud_sh_alg1 eng" "Global"
#else
c_state "struct ud_sh_alg2 eng" "Global"
#endif

bool rd[NPROC * NPG];
bool wr[NPROC * NPG];
byte isrc[NPROC]; byte idst[NPROC]; byte isz[NPROC];

/* scratch of one access, 0 between steps */
byte g_who; byte g_kind; byte g_pg; byte g_ctx; int g_data;
byte g_res; byte g_st; byte g_src; byte g_dst; byte g_size;

#if PROP == 3
bool incall[NPROC];
byte cnt[NPROC];
#endif

#define LEGIT_HONEST(q) (g_src == isrc[q] && g_dst == idst[q] && g_size == isz[q])
#define LEGIT_X (rd[PX * NPG + g_src] && wr[PX * NPG + g_dst])

/* One bus access by `who` with its context `ctx`; f gets 2 if a LOAD
 * returned FAILURE, 0 if SUCCESS. */
inline bus(who, ctx, kind, pg, data, f)
{
	atomic {
		assert(kind == ST && wr[who * NPG + pg] || kind == LD && rd[who * NPG + pg]);
		g_who = who; g_ctx = ctx; g_kind = kind; g_pg = pg; g_data = data;
		c_code {
			struct ud_sh_dma o;
			int32_t r;
			o.src = 0; o.dst = 0; o.size = 0; o.ctx = 0;
			r = m_step(&now.eng, (uint32_t)now.g_kind, m_addr(now.g_pg, now.g_ctx),
				   (uint32_t)now.g_data, &o);
			now.g_res = (r == UD_SH_STARTED) ? 1 : (r < 0 ? 2 : 0);
			now.g_st = (uchar)(m_status(&now.eng, now.g_pg) == UD_SH_FAILURE ? 2 : 0);
			if (r == UD_SH_STARTED) {
				now.g_src = (uchar)m_page(o.src);
				now.g_dst = (uchar)m_page(o.dst);
				now.g_size = (o.size < 255u) ? (uchar)o.size : 255;
			}
		};
		printf("BUS who=%d kind=%d page=%d data=%d res=%d st=%d src=%d dst=%d size=%d\n",
		       g_who, g_kind, g_pg, g_data, g_res, g_st, g_src, g_dst, g_size);
		if
		:: g_res == 1 ->
#if PROP == 1
			assert(LEGIT_HONEST(P1) || LEGIT_HONEST(P2) || LEGIT_X)
#else
			if
			:: LEGIT_HONEST(P1) -> assert(incall[P1] && cnt[P1] == 0); cnt[P1]++
			:: LEGIT_HONEST(P2) -> assert(incall[P2] && cnt[P2] == 0); cnt[P2]++
			:: else -> skip
			fi
#endif
		:: else -> skip
		fi;
		f = (kind == LD -> g_st : 0);
		g_who = 0; g_ctx = 0; g_kind = 0; g_pg = 0; g_data = 0;
		g_res = 0; g_st = 0; g_src = 0; g_dst = 0; g_size = 0
	}
}

#if PROP == 3
#define ON_FAIL(me)    assert(cnt[me] == 0)
#define ON_SUCCESS(me) assert(cnt[me] == 1)
#else
#define ON_FAIL(me)    skip
#define ON_SUCCESS(me) skip
#endif

/* An honest process: one DMA() call, Fig. 1 or Fig. 2, retried while the
 * status LOAD returns FAILURE, at most MAXTRY attempts. */
proctype Honest(byte me; byte key)
{
	byte tries, f;
#if NCALLS > 1
	byte calls;
nextcall:
#endif
#if PROP == 3
	incall[me] = true;
#endif
again:
	if
	:: tries == MAXTRY -> goto done
	:: else -> tries++
	fi;
#if ALG == 1
	bus(me, 0, ST, idst[me], key * 8 + me, f);   /* STORE KEY#CTX TO shadow(dst) */
	bus(me, 0, ST, isrc[me], key * 8 + me, f);   /* STORE KEY#CTX TO shadow(src) */
	bus(me, 0, ST, REG + me, isz[me], f);        /* STORE size TO REGISTER_CONTEXT */
	bus(me, 0, LD, REG + me, 0, f);              /* LOAD return_status */
#else
	bus(me, me, ST, idst[me], isz[me], f);       /* STORE size TO shadow(dst) */
	bus(me, me, LD, isrc[me], 0, f);             /* LOAD return_status FROM shadow(src) */
#endif
	if :: f == 2 -> goto failed :: else -> skip fi;
	ON_SUCCESS(me);
	goto done;
failed:
	ON_FAIL(me);
	f = 0;
	goto again;
done:
#if PROP == 3
	incall[me] = false;
#endif
#if NCALLS > 1
	/* the next call of a looping process (issue 20 item 3) */
#if PROP == 3
	cnt[me] = 0;
#endif
	calls++;
	if
	:: calls < NCALLS -> tries = 0; f = 0; goto nextcall
	:: else -> skip
	fi;
#endif
	skip
}

proctype Malicious()
{
	byte n, f;
	do
	:: n < XBUDGET ->
		n++;
		if
#if ALG == 1
		:: bus(PX, 0, ST, M, K3 * 8 + PX, f)              /* its own context */
#if GUESS
		:: bus(PX, 0, ST, M, K1 * 8 + P1, f)              /* P1's context, guessed key */
#else
		:: bus(PX, 0, ST, M, K_WRONG * 8 + P1, f)         /* P1's context, wrong key */
#endif
		:: bus(PX, 0, ST, REG + PX, 3, f)
		:: bus(PX, 0, LD, REG + PX, 0, f)
#else
		:: bus(PX, PX, ST, M, 3, f)
		:: bus(PX, PX, ST, M, 0, f)
		:: bus(PX, PX, LD, M, 0, f)
#if XRDSRC
		:: bus(PX, PX, LD, A1, 0, f)
#endif
#endif
		fi;
		f = 0
	:: break
	od
}

init {
	atomic {
		c_code { m_engine_init(&now.eng, K1, K2, K3); };
		rd[P1 * NPG + A1] = 1; wr[P1 * NPG + A1] = 1;
		rd[P1 * NPG + A2] = 1; wr[P1 * NPG + A2] = 1;
		rd[P1 * NPG + REG + P1] = 1; wr[P1 * NPG + REG + P1] = 1;
		isrc[P1] = A1; idst[P1] = A2; isz[P1] = 1;
#if P2SRC == 1
		rd[P2 * NPG + A1] = 1;
		isrc[P2] = A1;
#else
		rd[P2 * NPG + B1] = 1; wr[P2 * NPG + B1] = 1;
		isrc[P2] = B1;
#endif
		rd[P2 * NPG + B2] = 1; wr[P2 * NPG + B2] = 1;
		rd[P2 * NPG + REG + P2] = 1; wr[P2 * NPG + REG + P2] = 1;
		idst[P2] = B2; isz[P2] = 2;
		rd[PX * NPG + A1] = XRDSRC;
		rd[PX * NPG + M] = 1; wr[PX * NPG + M] = 1;
		rd[PX * NPG + REG + PX] = 1; wr[PX * NPG + REG + PX] = 1;
		run Honest(P1, K1);
		run Honest(P2, K2);
		run Malicious()
	}
}
