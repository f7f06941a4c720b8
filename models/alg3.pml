/* SPDX-License-Identifier: MIT */
/*
 * models/alg3.pml -- algorithm 3 of seed 000 (shadow-address DMA initiation
 * without context-id bits) under every interleaving of several processes.
 *
 * Seed: /work/shared/seeds/000_84f077e385ac0b00.txt, "THIRD ALGORITHM"
 * (Fig. 3 and its retry loop) and "PROOF OF CORRECTNESS" (the threat
 * model: P1 starts a DMA from A1 to A2; other processes may have read-only
 * access to A1; they do not have access to A2).
 *
 * The engine is the real recogniser, src/shadow.c, called through SPIN's
 * embedded C: its state (struct ud_sh_alg3) is part of the SPIN state
 * vector and every bus access is ONE atomic step that calls
 * ud_sh_alg3_step() on it -- which is all the hardware sees: STORE/LOAD,
 * physical address, data.  The processes only issue accesses their page
 * rights allow (the MMU faults any other access before it reaches the
 * bus: assumption A-MODEL-MMU in spec/ASSUMPTIONS.md; A-MODEL-BUS for the atomic step).
 *
 * Compile-time parameters (scripts/models.py passes them with spin -D):
 *   FORM    0 = Fig. 3, STORE dst, LOAD src, STORE dst, LOAD src, LOAD dst
 *           1 = LOAD src, STORE dst, LOAD src (the form the seed calls
 *               abusable)
 *           2 = Fig. 3 with its fifth access (LOAD dst) removed
 *   THREAT  0 = the seed's: P1 (victim) A1 -> A2; P2, another application,
 *               A1 -> B2 (read-shares A1); X, malicious, may read A1 and
 *               owns page M.  Nobody but P1 touches A2.
 *           1 = weaker: P1 and P2 belong to one application and both DMA
 *               into the write-shared A2 (P2: B1 -> A2), unsynchronised
 *           2 = as 1, but the application serialises its DMA calls with a
 *               lock (the synchronisation the seed asks for)
 *   PROP    1 = MIX:  every started DMA's (src, dst, size) is one process's
 *                     intended transfer (an honest process's call, or one
 *                     the malicious process has the rights to ask for)
 *           2 = ONE:  the accesses that make up a started DMA were all
 *                     issued by one process (the seed's closing claim)
 *           3 = ONCE: an honest process's DMA starts exactly once per call,
 *                     and only when its own status says so (no start that
 *                     it reads as FAILURE and retries, no success without
 *                     a start)
 *           4 = DI:   destination integrity: every started DMA whose
 *                     destination X cannot write is an honest process's
 *                     intended transfer
 *           5 = SC:   source confidentiality: every started DMA whose
 *                     destination X can read either has a source X can
 *                     read or is an honest process's intended transfer
 *           (MIX is DI and SC together: a started DMA that is no honest
 *           process's call must have a source X reads and a destination
 *           X writes)
 *   MAXTRY  attempts per honest call (the Fig. 3 retry loop, bounded)
 *   XBUDGET accesses the malicious process may issue
 *   P2SIZE  the size P2 transfers (THREAT 1, 2); 1 = the same as P1's
 *   Rights (issue 20: the configurations beside the seed's), THREAT 0 only:
 *   XRDSRC  1 = X may read A1, the victim's source (the seed's "other
 *               processes may have read only access to A1"); 0 = it may not
 *   P2SRC   1 = P2 (another application) DMAs from A1, which it
 *               read-shares with P1 (the seed's); 3 = from B1, its own
 *               private page (then nobody but P1 LOADs shadow(A1))
 *   XRDDST  1 = X may also read A2, the victim's destination (outside the
 *               seed's "they do not have access to A2"); default 0
 *   LOCK    1 = the honest processes hold one lock around each DMA call
 *               (default: 1 for THREAT 2, else 0)
 *   STATUS  0 = a LOAD returns the engine's own status word
 *               (ud_sh_alg3_status: FAILURE / SUCCESS so far / DONE) and
 *               the honest process reads it as src/shadow_lib.c does
 *               (accesses 2, 4 go on only on SUCCESS, access 5 finishes
 *               only on DONE);
 *           1 = what-if: the seed's binary word (SUCCESS also when the
 *               DMA started) read as the seed's Fig. 3 reads it (retry
 *               only on FAILURE)
 *           2 = what-if: the engine's word, but the call's last check read
 *               literally as Fig. 3 prints it ("5: LOAD return_stat.3 ...
 *               If (return_stat.2==FAILURE) go to 1"): stat.2 is the
 *               status of access 4, already not FAILURE, so nothing after
 *               access 5 sends the call back
 *   OSMAP   1 = the shadow mappings are the real OS's (src/shadow_sys.c,
 *               ud_sh_sys_*, with the owner record of SHADOW-M15: at most
 *               one readable context-0 shadow mapping of a physical page
 *               in the system) and every access goes through the real
 *               MMU translation (ud_sh_os_translate); an access that does
 *               not translate faults and never reaches the bus.  Each
 *               honest call asks the OS for a readable shadow mapping of
 *               its source first (refused while another address space
 *               holds one: the call waits and asks again, or gives up --
 *               falls back to the kernel's DMA path, outside the model)
 *               and removes it when the call is over.  Destinations and
 *               X's pages are mapped once at start.  THREAT 0 only.
 *   NCALLS  DMA calls each honest process makes, one after the other
 *           (default 1; issue 20 item 3: processes that loop)
 */

#ifndef FORM
#define FORM 0
#endif
#ifndef THREAT
#define THREAT 0
#endif
#ifndef PROP
#define PROP 1
#endif
#ifndef MAXTRY
#define MAXTRY 2
#endif
#ifndef STATUS
#define STATUS 0
#endif
#ifndef P2SIZE
#define P2SIZE 2
#endif
#ifndef XBUDGET
#define XBUDGET 6
#endif
#ifndef XRDSRC
#define XRDSRC 1
#endif
#ifndef P2SRC
#define P2SRC 1
#endif
#ifndef XRDDST
#define XRDDST 0
#endif
#ifndef OSMAP
#define OSMAP 0
#endif
#ifndef NCALLS
#define NCALLS 1
#endif
#ifndef LOCK
#if THREAT == 2
#define LOCK 1
#else
#define LOCK 0
#endif
#endif

#if FORM == 1
#define SEQLEN 3
#elif FORM == 2
#define SEQLEN 4
#else
#define SEQLEN 5
#endif

/* processes */
#define P1 1
#define P2 2
#define PX 3
#define NPROC 4
/* pages */
#define A1 1
#define A2 2
#define B1 3
#define B2 4
#define M  5
#define NPG 6
/* access kinds, as in src/shadow.h */
#define ST 0
#define LD 1

c_decl {
\#include "alg3_glue.h"
}
c_state "struct ud_sh_alg3 eng" "Global"
#if OSMAP
c_state "struct ud_sh_sys os" "Global"
#endif

/* Rights: rd/wr[proc * NPG + page].  Constant after init. */
bool rd[NPROC * NPG];
bool wr[NPROC * NPG];
/* Intended transfer of each honest process. */
byte isrc[NPROC];
byte idst[NPROC];
byte isz[NPROC];

/* Scratch of one bus access: set and cleared inside the atomic step, so
 * it is always 0 between steps and costs no states. */
byte g_who; byte g_kind; byte g_pg; byte g_data;
byte g_res;                   /* 0 nothing, 1 started, 2 refused (error), 3 MMU fault */
byte g_st;                    /* status a LOAD returns: 0 pending, 1 started, 2 FAILURE */
byte g_src; byte g_dst; byte g_size;

#if PROP == 2
byte win[SEQLEN];             /* issuers of the last SEQLEN accesses */
#endif
#if PROP == 3
bool incall[NPROC];           /* inside its DMA() call */
byte cnt[NPROC];              /* DMAs started with its arguments */
#endif
#if LOCK
byte lock;                    /* the honest processes' DMA lock */
#endif
byte nstarted;                /* DMAs started so far (for the replay) */

#define LEGIT_HONEST(q) (isrc[q] != 0 && g_src == isrc[q] && g_dst == idst[q] && g_size == isz[q])
#define LEGIT_X (rd[PX * NPG + g_src] && wr[PX * NPG + g_dst])
#define LEGIT_ANY_HONEST (LEGIT_HONEST(P1) || LEGIT_HONEST(P2))
/* DI: a destination X cannot write is written only by an honest call */
#define DI_OK (wr[PX * NPG + g_dst] || LEGIT_ANY_HONEST)
/* SC: a page X can read receives only a source X can read, or an honest call */
#define SC_OK (!rd[PX * NPG + g_dst] || rd[PX * NPG + g_src] || LEGIT_ANY_HONEST)

/* One bus access, one atomic step of the engine: the real
 * ud_sh_alg3_step() on the engine state in the state vector.  `f` gets the
 * status class a LOAD returns to its issuer (STORE: 0). */
inline bus(who, kind, pg, data, f)
{
	atomic {
		g_who = who; g_kind = kind; g_pg = pg; g_data = data;
#if OSMAP
		/* the real MMU: the process's shadow mapping, or a fault */
		c_code {
			struct ud_sh_dma o;
			int32_t r;
			uint64_t sa = m_os_translate(&now.os, now.g_who, now.g_pg, (uint32_t)now.g_kind);
			o.src = 0; o.dst = 0; o.size = 0; o.ctx = 0;
			if (sa == 0) {
				now.g_res = 3;
			} else {
			r = ud_sh_alg3_step(&now.eng, &m_cfg, (uint32_t)now.g_kind,
					    sa, (uint32_t)now.g_data, &o);
			now.g_res = (r == UD_SH_STARTED) ? 1 : (r < 0 ? 2 : 0);
			now.g_st = (uchar)m_load_status(r, &now.eng);
			if (r == UD_SH_STARTED) {
				now.g_src = (uchar)m_page(o.src);
				now.g_dst = (uchar)m_page(o.dst);
				now.g_size = (o.size < 255u) ? (uchar)o.size : 255;
			}
			}
		};
		/* an honest process only issues accesses its mappings allow; what
		 * does reach the bus is within the page rights */
		assert(g_res != 3 || who == PX);
		assert(g_res == 3 || kind == ST && wr[who * NPG + pg] || kind == LD && rd[who * NPG + pg]);
#else
		/* the MMU lets through only what the page rights allow */
		assert(kind == ST && wr[who * NPG + pg] || kind == LD && rd[who * NPG + pg]);
		c_code {
			struct ud_sh_dma o;
			int32_t r;
			o.src = 0; o.dst = 0; o.size = 0; o.ctx = 0;
			r = ud_sh_alg3_step(&now.eng, &m_cfg, (uint32_t)now.g_kind,
					    m_addr(now.g_pg), (uint32_t)now.g_data, &o);
			now.g_res = (r == UD_SH_STARTED) ? 1 : (r < 0 ? 2 : 0);
			now.g_st = (uchar)m_load_status(r, &now.eng);
			if (r == UD_SH_STARTED) {
				now.g_src = (uchar)m_page(o.src);
				now.g_dst = (uchar)m_page(o.dst);
				now.g_size = (o.size < 255u) ? (uchar)o.size : 255;
			}
		};
#endif
		printf("BUS who=%d kind=%d page=%d data=%d res=%d st=%d src=%d dst=%d size=%d\n",
		       g_who, g_kind, g_pg, g_data, g_res, g_st, g_src, g_dst, g_size);
#if PROP == 2
		win[0] = win[1]; win[1] = win[2];
#if SEQLEN >= 4
		win[2] = win[3];
#endif
#if SEQLEN >= 5
		win[3] = win[4];
#endif
		win[SEQLEN - 1] = who;
#endif
		if
		:: g_res == 1 ->
			nstarted++;
#if PROP == 1
			assert(LEGIT_HONEST(P1) || LEGIT_HONEST(P2) || LEGIT_X);
#elif PROP == 4
			assert(DI_OK);
#elif PROP == 5
			assert(SC_OK);
#elif PROP == 2
			assert(win[0] == who && win[1] == who && win[2] == who
#if SEQLEN >= 4
			       && win[3] == who
#endif
#if SEQLEN >= 5
			       && win[4] == who
#endif
			       );
#else
			if
			:: LEGIT_HONEST(P1) -> assert(incall[P1] && cnt[P1] == 0); cnt[P1]++
			:: LEGIT_HONEST(P2) -> assert(incall[P2] && cnt[P2] == 0); cnt[P2]++
			:: else -> skip
			fi;
#endif
		:: else -> skip
		fi;
		f = (kind == LD -> g_st : 0);
		g_who = 0; g_kind = 0; g_pg = 0; g_data = 0;
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

/* Status classes a LOAD returns (alg3_glue.h, m_load_status). */
#define ST_SUCCESS 0
#define ST_STARTED 1
#define ST_FAILED  2

/* After an intermediate LOAD: go on only on SUCCESS (with the binary
 * word that is "If (return_stat == FAILURE) go to 1"). */
#define MID(f)  if :: f != ST_SUCCESS -> goto failed :: else -> skip fi
/* After the last LOAD ("did it succeed?").  STATUS=0: the call is over
 * only when the status says DONE (this access started the DMA), as
 * src/shadow_lib.c reads it.  STATUS=1 (what-if, the seed's binary word):
 * only FAILURE sends the process back to 1. */
#if STATUS == 1
#define LAST(f) if :: f == ST_FAILED -> goto failed :: else -> skip fi
#elif STATUS == 2
/* what-if: Fig. 3 read literally -- after access 5 it tests return_stat.2,
 * which access 4 already found not FAILURE: the call ends after access 5
 * whatever access 5 returned */
#define LAST(f) skip
#else
#define LAST(f) if :: f == ST_STARTED -> skip :: else -> goto failed fi
#endif

/* An honest process: one DMA() call of the seed's user library, with the
 * Fig. 3 retry loop ("If (return_stat==FAILURE) go to 1"), at most MAXTRY
 * attempts. */
proctype Honest(byte me)
{
	byte tries;
	byte f;
#if OSMAP
	int mr;
#endif
#if NCALLS > 1
	byte calls;
nextcall:
#endif
#if LOCK
	atomic { lock == 0 -> lock = me };
#endif
#if OSMAP
	/* ask the OS for a readable shadow mapping of the source */
mapsrc:
	c_code { PHonest->mr = m_os_map(&now.os, PHonest->me, now.isrc[PHonest->me]); };
	if
	:: mr == 0 -> skip
	:: else ->
		assert(mr == -5);          /* UD_E_BUSY: another holds the page */
		if
		:: goto mapsrc             /* wait and ask again */
		:: goto gaveup             /* the kernel's DMA path instead */
		fi
	fi;
#endif
#if PROP == 3
	incall[me] = true;
#endif
again:
	if
	:: tries == MAXTRY -> goto done
	:: else -> tries++
	fi;
#if FORM == 0
	bus(me, ST, idst[me], isz[me], f);       /* 1: STORE size TO shadow(dst) */
	bus(me, LD, isrc[me], 0, f);             /* 2: LOAD stat.1 FROM shadow(src) */
	MID(f);
	bus(me, ST, idst[me], isz[me], f);       /* 3: STORE size TO shadow(dst) */
	bus(me, LD, isrc[me], 0, f);             /* 4: LOAD stat.2 FROM shadow(src) */
	MID(f);
	bus(me, LD, idst[me], 0, f);             /* 5: LOAD stat.3 FROM shadow(dst) */
	LAST(f);
#elif FORM == 1
	bus(me, LD, isrc[me], 0, f);             /* 1: LOAD FROM shadow(src) */
	MID(f);
	bus(me, ST, idst[me], isz[me], f);       /* 2: STORE size TO shadow(dst) */
	bus(me, LD, isrc[me], 0, f);             /* 3: LOAD FROM shadow(src) */
	LAST(f);
#else
	bus(me, ST, idst[me], isz[me], f);       /* 1: STORE size TO shadow(dst) */
	bus(me, LD, isrc[me], 0, f);             /* 2: LOAD FROM shadow(src) */
	MID(f);
	bus(me, ST, idst[me], isz[me], f);       /* 3: STORE size TO shadow(dst) */
	bus(me, LD, isrc[me], 0, f);             /* 4: LOAD FROM shadow(src) */
	LAST(f);
#endif
	ON_SUCCESS(me);
	goto done;
failed:
	ON_FAIL(me);
	f = 0;
	goto again;
done:
#if OSMAP
	c_code { PHonest->mr = m_os_unmap(&now.os, PHonest->me, now.isrc[PHonest->me]); };
	assert(mr == 0);
gaveup:
#endif
#if PROP == 3
	incall[me] = false;
#endif
#if LOCK
	lock = 0;
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

/* The malicious process: any access its rights allow -- LOAD shadow(A1)
 * (XRDSRC), LOAD shadow(A2) (XRDDST), LOAD or STORE shadow(M) -- in any
 * order, at most XBUDGET of them.  The
 * data of its STOREs: 3 (a valid size of its own) or 0 (an invalid one).
 * The recogniser compares a STORE's data only with STOREs of the same
 * (destination) role, and X can STORE only to M, so which valid size it
 * writes does not matter; docs/models.md. */
proctype Malicious()
{
	byte n;
	byte f;
	do
	:: n < XBUDGET ->
		n++;
		if
#if XRDSRC
		:: bus(PX, LD, A1, 0, f)
#endif
#if XRDDST
		:: bus(PX, LD, A2, 0, f)
#endif
		:: bus(PX, LD, M, 0, f)
		:: bus(PX, ST, M, 0, f)
		:: bus(PX, ST, M, 3, f)
		fi;
		f = 0
	:: break
	od
}

init {
	atomic {
		c_code {
			m_engine_init(&now.eng, FORM);
		};
#if OSMAP
		c_code {
			now.g_res = (uchar)(m_os_init(&now.os, XRDSRC, P2SRC, XRDDST) != 0);
		};
		assert(g_res == 0);
		g_res = 0;
#endif
		/* P1, the victim: A1 -> A2, size 1.  It owns A1 and A2. */
		rd[P1 * NPG + A1] = 1; wr[P1 * NPG + A1] = 1;
		rd[P1 * NPG + A2] = 1; wr[P1 * NPG + A2] = 1;
		isrc[P1] = A1; idst[P1] = A2; isz[P1] = 1;
		/* X, malicious: may read A1 (seed: "other processes may have read
		 * only access to A1") if XRDSRC, A2 if XRDDST; owns M. */
		rd[PX * NPG + A1] = XRDSRC;
		rd[PX * NPG + A2] = XRDDST;
		rd[PX * NPG + M] = 1; wr[PX * NPG + M] = 1;
#if THREAT == 0
#if P2SRC == 1
		/* P2, another application: A1 -> B2, size 2; reads A1, owns B2. */
		rd[P2 * NPG + A1] = 1;
		isrc[P2] = A1;
#else
		/* P2, another application: B1 -> B2, size 2; owns both, private. */
		rd[P2 * NPG + B1] = 1; wr[P2 * NPG + B1] = 1;
		isrc[P2] = B1;
#endif
		rd[P2 * NPG + B2] = 1; wr[P2 * NPG + B2] = 1;
		idst[P2] = B2; isz[P2] = 2;
#else
		/* P2, same application as P1: B1 -> A2, size 2; A2 write-shared. */
		rd[P2 * NPG + B1] = 1; wr[P2 * NPG + B1] = 1;
		rd[P2 * NPG + A2] = 1; wr[P2 * NPG + A2] = 1;
		isrc[P2] = B1; idst[P2] = A2; isz[P2] = P2SIZE;
#endif
		run Honest(P1);
		run Honest(P2);
		run Malicious()
	}
}
