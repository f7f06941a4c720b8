/* SPDX-License-Identifier: MIT */
/*
 * models/utlb_iso.pml -- the UTLB with two processes on one NIC, a memory
 * page shared between them, NIC reads in the middle of driver calls, and
 * NIC reads of indices no transfer was posted with (issue 20 item 4).
 *
 * Seed: /work/shared/seeds/000_84f077e385ac0b00.txt, "DESIGN OF UTLB": a
 * protected translation table per process; "the network interface reads
 * the physical address directly from the translation table" by (process,
 * index); eviction "must only select virtual pages that will not be
 * involved in any outstanding send requests".
 *
 * The real src/utlb_lookup.c (ud_utlb_get, _put, _evict), src/utlb_table.c
 * (ud_utlb_drv_map / _unmap, called by them) and src/utlb_cache.c
 * (ud_utlb_nic_translate); models/utlb_iso_glue.h holds the state, the OS
 * book with a shared page, and the NIC reads made inside driver calls.
 *
 * Processes:
 *   Lib(p), p = 0, 1 (UTLB processes 0 and 1, one thread each), at most
 *     NOPS operations each: get one of pages 0 .. NPAGES-1 (page 0 is the
 *     SAME memory for both processes: a shared frame) -- the OS may refuse
 *     the pin (PINFAIL) -- and on success post a transfer (p, index, page,
 *     frame, pin generation) into a free slot of the NIC's queue (NQ slots,
 *     shared by both processes); evict a page (EVICT); release (put) the
 *     index of a transfer of its own that the NIC completed.
 *     With MID=1, any get or evict may carry ONE NIC read inside its driver
 *     call: at the pin door (before the OS pins; the old entry still in
 *     place), between the driver's clear of the entry it replaces or
 *     unmaps and its drop of that entry's cache lines (the point
 *     UD_UTLB_NIC_MAY_READ() of src/utlb_table.c), or at the unpin door
 *     (after the driver invalidated the entry and the OS released the
 *     pin), of a posted transfer in flight (either process's) or of either
 *     index of the calling process (a fault during the eviction: the NIC
 *     meets the entry being replaced or evicted).
 *   Nic: translates posted transfers (either process, any order, up to
 *     BURSTS times each) and signals completion after at least one; and up
 *     to NSTRAY times translates an arbitrary index of either process (a
 *     process posting an index it holds no reference for, or a stale one:
 *     the NIC does not know).
 *
 * Properties:
 *   POSTED  every translation of a posted, uncompleted transfer (between
 *           steps or inside a driver call) returns UD_OK and the frame it
 *           was posted with, still held by the same pin of that process's
 *           page (same pin generation): not released, not re-used;
 *   ISO     every other translation returns UD_E_NOENT or a frame that the
 *           translating process itself holds a pin on right now (its own
 *           page or the shared one) -- never the other process's private
 *           frame, never a released frame;
 *   and after every step: every installed entry of either table names the
 *   frame its process pinned for its page, the doors were called within
 *   their contracts, calls return only what their contracts allow.
 */

#ifndef NPAGES
#define NPAGES 3
#endif
#ifndef NQ
#define NQ 2
#endif
#ifndef NOPS0
#define NOPS0 3
#endif
#ifndef NOPS1
#define NOPS1 3
#endif
#ifndef CAP0
#define CAP0 2
#endif
#ifndef CAP1
#define CAP1 2
#endif
#define NOPS_(p) ((p) == 0 -> NOPS0 : NOPS1)
#ifndef BURSTS
#define BURSTS 1
#endif
#ifndef NSTRAY
#define NSTRAY 2
#endif
#ifndef PINFAIL
#define PINFAIL 1
#endif
#ifndef EVICT
#define EVICT 1
#endif
#ifndef MID
#define MID 1
#endif

#if NQ < 1 || NQ > 3
#error "NQ: 1 to 3 queue slots"
#endif
#if NPAGES < 1 || NPAGES > 4
#error "NPAGES: at most the 4 pages of the window"
#endif

c_decl {
\#include "utlb_iso_glue.h"
}
c_track "&m_u" "sizeof(m_u)"
c_track "&m_book" "sizeof(struct mu_book)"
c_track "&m_n" "sizeof(struct ud_utlb_nic)" "UnMatched"
c_track "&m_a" "sizeof(struct ud_utlb_nic_aux)" "UnMatched"
c_track "&m_c" "sizeof(m_c)" "UnMatched"

byte mir[40];                 /* = MU_MIRROR */

/* The NIC's queue.  q_st: 0 free, 1 posted, 2 completed (not yet put). */
byte q_st[3]; byte q_pid[3]; byte q_idx[3]; byte q_vpn[3]; byte q_fr[3]; byte q_pg[3]; byte q_uses[3];
byte strays;

/* scratch of one step, 0 between steps */
byte g_k; byte g_p; byte g_ok; byte g_ref; byte g_at; byte g_tgt; byte g_i;

#define FREE_(k) ((k) < NQ && q_st[k] == 0)
#define BURST_(k) ((k) < NQ && q_st[k] == 1 && q_uses[k] < BURSTS)
#define LAST_(k) ((k) < NQ && q_st[k] == 1 && q_uses[k] > 0)
#define FLIGHT_(k) ((k) < NQ && q_st[k] == 1)
#define ANY(c) (c(0) || c(1) || c(2))
#define PICK(c) if :: c(0) -> g_k = 0 :: c(1) -> g_k = 1 :: c(2) -> g_k = 2 fi
#define DONE_OF(p, k) ((k) < NQ && q_st[k] == 2 && q_pid[k] == (p))
#define CLEAR(k) q_st[k] = 0; q_pid[k] = 0; q_idx[k] = 0; q_vpn[k] = 0; q_fr[k] = 0; q_pg[k] = 0; q_uses[k] = 0

inline check()
{
	c_code { now.g_ok = (uchar)mu_books_agree(); mu_mirror(now.mir); };
	assert(g_ok == 1);
	g_ok = 0
}

inline page()
{
	if
	:: g_p = 0
#if NPAGES >= 2
	:: g_p = 1
#endif
#if NPAGES >= 3
	:: g_p = 2
#endif
#if NPAGES >= 4
	:: g_p = 3
#endif
	fi
}

/* MID: choose a NIC read to happen inside the coming driver call (g_at:
 * 0 none, 1 pin door, 2 unpin door, 3 the driver's point between clearing
 * an entry and dropping its cache lines; g_tgt: slot 0..2, or 3/4 = index
 * 0/1 of the calling process me) */
inline midread(me)
{
#if MID
	if
	:: g_at = 0
	:: g_at = 1
	:: g_at = 2
	:: g_at = 3
	fi;
	if
	:: g_at == 0 -> skip
	:: g_at != 0 && FLIGHT_(0) -> g_tgt = 0
	:: g_at != 0 && FLIGHT_(1) -> g_tgt = 1
	:: g_at != 0 && FLIGHT_(2) -> g_tgt = 2
	:: g_at != 0 -> g_tgt = 3
	:: g_at != 0 -> g_tgt = 4
	fi;
	c_code {
		m_book.rd_at = now.g_at;
		m_book.rd_done = 0; m_book.rd_ok = 0; m_book.rd_r = 0;
		if (now.g_tgt < 3) {
			m_book.rd_posted = 1;
			m_book.rd_pid = now.q_pid[now.g_tgt];
			m_book.rd_idx = now.q_idx[now.g_tgt];
			m_book.rd_vpn = now.q_vpn[now.g_tgt];
			m_book.rd_fr = now.q_fr[now.g_tgt];
			m_book.rd_pgen = now.q_pg[now.g_tgt];
		} else {
			m_book.rd_posted = 0;
			m_book.rd_pid = (uchar)PLib->me;
			m_book.rd_idx = (uchar)(now.g_tgt - 3);
		}
	}
#else
	skip
#endif
}

/* after the call: the read inside it (if it happened) passed its check */
inline midcheck()
{
#if MID
	c_code {
		now.g_ok = (uchar)(!m_book.rd_done || m_book.rd_ok);
		m_book.rd_at = 0; m_book.rd_pid = 0; m_book.rd_idx = 0; m_book.rd_posted = 0;
		m_book.rd_vpn = 0; m_book.rd_fr = 0; m_book.rd_pgen = 0; m_book.rd_done = 0;
		m_book.rd_r = 0; m_book.rd_ok = 0;
	};
	assert(g_ok == 1);
	g_ok = 0; g_at = 0; g_tgt = 0
#else
	skip
#endif
}

proctype Lib(byte me)
{
	byte ops;
end:	do
	/* get a page; on success post a transfer on its index (lowest free slot) */
	:: atomic { ops < NOPS_(me) && ANY(FREE_) ->
		ops++;
		page();
#if PINFAIL
		if :: g_ref = 0 :: g_ref = 1 fi;
#endif
		if :: FREE_(0) -> g_k = 0 :: else -> if :: FREE_(1) -> g_k = 1 :: else -> g_k = 2 fi fi;
		midread(me);
		c_code {
			uint32_t idx = 0;
			int32_t r;
			uint32_t p = PLib->me;
			m_book.refuse = now.g_ref;
			r = ud_utlb_get(&m_u[p], &m_c[p], &m_n, &m_a, &m_f,
					(uint64_t)now.g_p * UD_PAGE_SIZE, &idx);
			m_book.refuse = 0;
			TRAIL_PR("UTLB lib get pid=%d page=%d refuse=%d r=%d idx=%d\n",
			       p, now.g_p, now.g_ref, r, r == UD_OK ? (int)idx : -1);
			if (r == UD_OK) {
				int f = m_book.frame_of[p][now.g_p];
				now.g_ok = (uchar)(idx < UD_UTLB_ENTRIES && f >= 0 &&
					m_n.tab[p][idx].valid && m_n.tab[p][idx].vpn == now.g_p &&
					m_n.tab[p][idx].ppn == MU_PPN(f));
				now.q_st[now.g_k] = 1;
				now.q_pid[now.g_k] = (uchar)p;
				now.q_idx[now.g_k] = (uchar)idx;
				now.q_vpn[now.g_k] = now.g_p;
				now.q_fr[now.g_k] = (uchar)(f < 0 ? 255 : f);
				now.q_pg[now.g_k] = m_book.pgen[p][now.g_p];
				now.q_uses[now.g_k] = 0;
				TRAIL_PR("UTLB lib post pid=%d slot=%d idx=%d page=%d frame=%d gen=%d\n",
				       p, now.g_k, idx, now.g_p, f, m_book.pgen[p][now.g_p]);
			} else
				now.g_ok = (uchar)(r == UD_E_NOSPC || r == UD_E_PLATFORM);
		};
		assert(g_ok == 1);
		g_ok = 0;
		midcheck();
		check();
		g_k = 0; g_p = 0; g_ref = 0 }
	/* evict a page explicitly */
	:: atomic { EVICT && ops < NOPS_(me) ->
		ops++;
		page();
		midread(me);
		c_code {
			uint32_t p = PLib->me;
			int32_t r = ud_utlb_evict(&m_u[p], &m_c[p], &m_n, &m_a, &m_f,
						  (uint64_t)now.g_p * UD_PAGE_SIZE);
			TRAIL_PR("UTLB lib evict pid=%d page=%d r=%d\n", p, now.g_p, r);
			now.g_ok = (uchar)(r == UD_OK || r == UD_E_NOENT || r == UD_E_BUSY);
		};
		assert(g_ok == 1);
		g_ok = 0;
		midcheck();
		check();
		g_p = 0 }
	/* the NIC completed one of this process's transfers: release its index */
	:: atomic { (DONE_OF(me, 0) || DONE_OF(me, 1) || DONE_OF(me, 2)) ->
		if :: DONE_OF(me, 0) -> g_k = 0 :: DONE_OF(me, 1) -> g_k = 1 :: DONE_OF(me, 2) -> g_k = 2 fi;
		c_code {
			uint32_t p = PLib->me;
			int32_t r = ud_utlb_put(&m_u[p], &m_c[p], &m_n, now.q_idx[now.g_k]);
			TRAIL_PR("UTLB lib put pid=%d idx=%d r=%d (slot %d completed)\n",
			       p, now.q_idx[now.g_k], r, now.g_k);
			now.g_ok = (uchar)(r == UD_OK);
		};
		assert(g_ok == 1);
		g_ok = 0;
		CLEAR(g_k);
		check();
		g_k = 0 }
	od
}

proctype Nic()
{
end:	do
	/* one burst of a posted transfer: translate its (process, index) */
	:: atomic { ANY(BURST_) ->
		PICK(BURST_);
		c_code {
			uint64_t ppn = 0;
			uint32_t cls = 0;
			int k = now.g_k;
			int32_t r = ud_utlb_nic_translate(&m_n, &m_a, now.q_pid[k], now.q_idx[k],
							  &ppn, &cls);
			now.g_ok = (uchar)mu_posted_ok(r, ppn, now.q_pid[k], now.q_vpn[k],
						       now.q_fr[k], now.q_pg[k]);
			TRAIL_PR("UTLB nic translate pid=%d slot=%d idx=%d r=%d ppn=0x%llx cls=%d "
			       "posted(page=%d frame=%d gen=%d) ok=%d\n",
			       now.q_pid[k], k, now.q_idx[k], r, (unsigned long long)ppn, cls,
			       now.q_vpn[k], now.q_fr[k], now.q_pg[k], now.g_ok);
		};
		assert(g_ok == 1);
		g_ok = 0;
		q_uses[g_k]++;
		check();
		g_k = 0 }
	:: atomic { ANY(LAST_) ->
		PICK(LAST_);
		q_st[g_k] = 2;
		c_code { TRAIL_PR("UTLB nic complete pid=%d slot=%d idx=%d\n", now.q_pid[now.g_k],
				now.g_k, now.q_idx[now.g_k]); };
		g_k = 0 }
	/* a translation of an index no transfer in flight was posted with */
	:: atomic { strays < NSTRAY ->
		strays++;
		if :: g_p = 0 :: g_p = 1 fi;
		if :: g_i = 0 :: g_i = 1 fi;
		c_code {
			uint64_t ppn = 0;
			uint32_t cls = 0;
			int32_t r = ud_utlb_nic_translate(&m_n, &m_a, now.g_p, now.g_i, &ppn, &cls);
			now.g_ok = (uchar)mu_stray_ok(r, ppn, now.g_p);
			TRAIL_PR("UTLB nic stray pid=%d idx=%d r=%d ppn=0x%llx ok=%d\n",
			       now.g_p, now.g_i, r, (unsigned long long)ppn, now.g_ok);
		};
		assert(g_ok == 1);
		g_ok = 0;
		check();
		g_p = 0; g_i = 0 }
	od
}

init {
	atomic {
		c_code { mu_init(); };
		check();
		run Lib(0);
		run Lib(1);
		run Nic()
	}
}
