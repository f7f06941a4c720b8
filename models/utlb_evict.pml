/* SPDX-License-Identifier: MIT */
/*
 * models/utlb_evict.pml -- the UTLB's eviction against transfers the NIC
 * has not finished, under every interleaving (UTLB-20).
 *
 * Seed: /work/shared/seeds/000_84f077e385ac0b00.txt, "DESIGN OF UTLB" to
 * the end: "UTLB must only select virtual pages that will not be involved
 * in any outstanding send requests".
 *
 * The UTLB is the real src/utlb_lookup.c (ud_utlb_get, ud_utlb_put,
 * ud_utlb_evict), src/utlb_table.c (ud_utlb_drv_map / _unmap, called by
 * the library) and src/utlb_cache.c (ud_utlb_nic_translate), one call per
 * atomic step; models/utlb_glue.h tracks their state and defines the pin
 * doors over a book of physical frames.  Geometry (-D, models/expected.json):
 * 2 table entries, 4 virtual pages, NIC cache of 2 sets x 1 way (or 1 x 1).
 *
 * Library (process 0 of the UTLB, one thread): at most NOPS times, any of
 *   - get page p (p < NPAGES; NPAGES > entries, so a miss evicts a CLOCK
 *     victim) -- with PINFAIL the OS may refuse the pin -- and on success
 *     post a transfer (index, page, the frame pinned for the page at post
 *     time) into a free slot of the NIC's queue (NQ slots);
 *   - evict page p explicitly (ud_utlb_evict; off with EVICT=0, leaving
 *     the CLOCK evictions of get's miss path only);
 * and, whenever the NIC has signalled a transfer complete, ud_utlb_put its
 * index.
 * NIC: takes any posted transfer, in any order, at any later time, and
 * translates its index (ud_utlb_nic_translate) up to BURSTS times (a DMA in
 * several bursts); after at least one translation it may signal completion
 * (its last use of the index).
 *
 * Property (asserted at every translation of a posted, not yet completed
 * transfer): the NIC gets UD_OK and the physical page the transfer was
 * posted with, and that frame is still held by the pin taken for the
 * transfer's page (same pin, by the book's generation: the frame was not
 * unpinned -- and maybe re-used -- since the post).  Also asserted: at post
 * time the index get returned holds the page's pinned translation; the
 * calls return only the statuses their contracts allow; after every step
 * every installed table entry names the frame pinned for its page, and the
 * pin doors are only called within their contracts (no double pin, no
 * release of a pin not held).
 *
 * Weaker forms that must fail (-D):
 *   EARLY=1  the library calls ud_utlb_put as soon as it posts, not when
 *            the NIC completes (a library that releases early);
 *   UNMAP=1  the process calls the driver's ud_utlb_drv_unmap directly (once)
 *            on the index of a transfer in flight (docs/utlb.md, "Limits":
 *            the driver trusts the library's counts).
 */

#ifndef NPAGES
#define NPAGES 3
#endif
#ifndef NQ
#define NQ 3
#endif
#ifndef NOPS
#define NOPS 6
#endif
#ifndef BURSTS
#define BURSTS 2
#endif
#ifndef PINFAIL
#define PINFAIL 1
#endif
#ifndef EVICT
#define EVICT 1
#endif
#ifndef EARLY
#define EARLY 0
#endif
#ifndef UNMAP
#define UNMAP 0
#endif

#if NQ < 1 || NQ > 3
#error "NQ: 1 to 3 queue slots"
#endif
#if NPAGES < 1 || NPAGES > 4
#error "NPAGES: at most the 4 pages of the window"
#endif

c_decl {
\#include "utlb_glue.h"
}
c_track "&m_u" "sizeof(struct ud_utlb_lib)"
c_track "&m_book" "sizeof(struct mu_book)"
c_track "&m_n" "sizeof(struct ud_utlb_nic)" "UnMatched"
c_track "&m_a" "sizeof(struct ud_utlb_nic_aux)" "UnMatched"
c_track "&m_f" "sizeof(struct ud_utlb_flight)"
c_track "&m_c" "sizeof(struct ud_utlb_lib_aux)" "UnMatched"

byte mir[36];                 /* = MU_MIRROR: the exact mirror of m_n, m_a, m_c */

/* The NIC's queue.  q_st: 0 free, 1 posted (the NIC may use it), 2 completed
 * (the NIC is done with it; the library has not yet released it). */
byte q_st[3]; byte q_idx[3]; byte q_vpn[3]; byte q_fr[3]; byte q_gen[3]; byte q_uses[3];

/* scratch of one step, 0 between steps */
byte g_k; byte g_p; byte g_ok; byte g_ref; byte g_post;
byte unmapped;                /* UNMAP: the process's direct driver call was made */

#define FREE_(k) ((k) < NQ && q_st[k] == 0)
#define DONE_(k) ((k) < NQ && q_st[k] == 2)
#define BURST_(k) ((k) < NQ && q_st[k] == 1 && q_uses[k] < BURSTS)
#define LAST_(k) ((k) < NQ && q_st[k] == 1 && q_uses[k] > 0)
#define FLIGHT_(k) ((k) < NQ && q_st[k] == 1)
#define ANY(c) (c(0) || c(1) || c(2))
#define PICK(c) if :: c(0) -> g_k = 0 :: c(1) -> g_k = 1 :: c(2) -> g_k = 2 fi
#define CLEAR(k) q_st[k] = 0; q_idx[k] = 0; q_vpn[k] = 0; q_fr[k] = 0; q_gen[k] = 0; q_uses[k] = 0

/* after every step: the table names pinned frames only, the doors were
 * called within their contracts; then the mirror */
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

active proctype Lib()
{
	byte ops, forged;
	atomic {
		c_code { mu_init(); };
		check()
	};
end:	do
	/* get a page; on success post a transfer on its index (lowest free slot) */
	:: atomic { ops < NOPS && ANY(FREE_) ->
		ops++;
		page();
#if PINFAIL
		if :: g_ref = 0 :: g_ref = 1 fi;   /* the OS may refuse the pin */
#endif
		if :: FREE_(0) -> g_k = 0 :: else -> if :: FREE_(1) -> g_k = 1 :: else -> g_k = 2 fi fi;
		c_code {
			uint32_t idx = 0;
			int32_t r;
			m_book.refuse = now.g_ref;
			r = ud_utlb_get(&m_u, &m_c, &m_n, &m_a, &m_f,
					(uint64_t)now.g_p * UD_PAGE_SIZE, &idx);
			m_book.refuse = 0;
			TRAIL_PR("UTLB lib get page=%d refuse=%d r=%d idx=%d\n",
			       now.g_p, now.g_ref, r, r == UD_OK ? (int)idx : -1);
			if (r == UD_OK) {
				int f = m_book.frame_of[0][now.g_p];
				/* the index holds the page's pinned translation now */
				now.g_ok = (uchar)(idx < UD_UTLB_ENTRIES && f >= 0 &&
					m_n.tab[0][idx].valid && m_n.tab[0][idx].vpn == now.g_p &&
					m_n.tab[0][idx].ppn == MU_PPN(f));
				/* UNMAP: once the process unmapped an index behind its
				 * library's back, the library's tree may still name it
				 * (its own state, corrupted by its own call): such a post
				 * names no entry and no frame, and its DMA must find no
				 * translation at its first burst (the Nic's g_ref) */
				if (UNMAP && now.unmapped && idx < UD_UTLB_ENTRIES && f < 0 &&
				    !m_n.tab[0][idx].valid)
					now.g_ok = 1;
				now.q_st[now.g_k] = 1;
				now.q_idx[now.g_k] = (uchar)idx;
				now.q_vpn[now.g_k] = now.g_p;
				now.q_fr[now.g_k] = (uchar)(f < 0 ? 255 : f);
				now.q_gen[now.g_k] = f < 0 ? 0 : m_book.gen[f];
				now.q_uses[now.g_k] = 0;
				now.g_post = 1;
				TRAIL_PR("UTLB lib post slot=%d idx=%d page=%d frame=%d gen=%d\n",
				       now.g_k, idx, now.g_p, f, f < 0 ? 0 : m_book.gen[f]);
			} else
				now.g_ok = (uchar)(r == UD_E_NOSPC || r == UD_E_PLATFORM);
		};
		assert(g_ok == 1);
#if EARLY
		/* the early-releasing library: put as soon as it posted */
		if
		:: g_post == 1 ->
			c_code {
				int32_t r = ud_utlb_put(&m_u, &m_c, &m_n, now.q_idx[now.g_k]);
				TRAIL_PR("UTLB lib put idx=%d r=%d (early: at post time)\n",
				       now.q_idx[now.g_k], r);
				now.g_ok = (uchar)(r == UD_OK);
			};
			assert(g_ok == 1)
		:: else -> skip
		fi;
#endif
		check();
		g_k = 0; g_p = 0; g_ref = 0; g_post = 0 }
	/* evict a page explicitly */
	:: atomic { EVICT && ops < NOPS ->
		ops++;
		page();
		c_code {
			int32_t r = ud_utlb_evict(&m_u, &m_c, &m_n, &m_a, &m_f,
						  (uint64_t)now.g_p * UD_PAGE_SIZE);
			TRAIL_PR("UTLB lib evict page=%d r=%d\n", now.g_p, r);
			now.g_ok = (uchar)(r == UD_OK || r == UD_E_NOENT || r == UD_E_BUSY);
		};
		assert(g_ok == 1);
		check();
		g_p = 0 }
	/* the NIC completed a transfer: release its index */
	:: atomic { ANY(DONE_) ->
		PICK(DONE_);
#if !EARLY
		c_code {
			int32_t r = ud_utlb_put(&m_u, &m_c, &m_n, now.q_idx[now.g_k]);
			TRAIL_PR("UTLB lib put idx=%d r=%d (slot %d completed)\n",
			       now.q_idx[now.g_k], r, now.g_k);
			now.g_ok = (uchar)(r == UD_OK);
		};
		assert(g_ok == 1);
#endif
		CLEAR(g_k);
		check();
		g_k = 0 }
#if UNMAP
	/* the process asks the driver to unmap the index of a transfer in flight */
	:: atomic { forged == 0 && ANY(FLIGHT_) ->
		forged = 1;
		unmapped = 1;
		PICK(FLIGHT_);
		c_code {
			int32_t r = ud_utlb_drv_unmap(&m_n, &m_a, &m_f, m_u.pid, now.q_idx[now.g_k]);
			TRAIL_PR("UTLB lib drv_unmap idx=%d r=%d (direct driver call, transfer in flight)\n",
			       now.q_idx[now.g_k], r);
		};
		check();
		g_k = 0 }
#endif
	od
}

active proctype Nic()
{
end:	do
	/* one burst of a posted transfer: its first starts the DMA through
	 * the index (ud_utlb_nic_begin: translate, one more DMA in flight, so
	 * the driver neither unmaps nor replaces the entry, UTLB-19); later
	 * bursts translate it (ud_utlb_nic_translate) */
	:: atomic { ANY(BURST_) ->
		PICK(BURST_);
		c_code {
			uint64_t ppn = 0;
			uint32_t cls = 0;
			int f = now.q_fr[now.g_k];
			int first = now.q_uses[now.g_k] == 0;
			int32_t r = first ?
				ud_utlb_nic_begin(&m_n, &m_a, &m_f, 0u, now.q_idx[now.g_k], &ppn, &cls) :
				ud_utlb_nic_translate(&m_n, &m_a, 0u, now.q_idx[now.g_k], &ppn, &cls);
			TRAIL_PR("UTLB nic %s slot=%d idx=%d r=%d ppn=0x%llx cls=%d "
			       "posted(page=%d frame=%d gen=%d) frame-now(pinned=%d page=%d gen=%d)\n",
			       first ? "begin" : "translate",
			       now.g_k, now.q_idx[now.g_k], r, (unsigned long long)ppn, cls,
			       now.q_vpn[now.g_k], f, now.q_gen[now.g_k],
			       f < MU_NFR ? m_book.pinned[f] : -1, f < MU_NFR ? m_book.vpn[f] : -1,
			       f < MU_NFR ? m_book.gen[f] : -1);
			/* the property: the frame the transfer was posted with, held
			 * by the same pin -- or, only for a DMA not yet started whose
			 * entry the process itself unmapped (UNMAP), no translation
			 * at all (never another frame): the transfer fails */
			now.g_ok = (uchar)(r == UD_OK && f < MU_NFR && ppn == MU_PPN(f) &&
				m_book.pinned[f] && m_book.pid[f] == 0 &&
				m_book.vpn[f] == now.q_vpn[now.g_k] &&
				m_book.gen[f] == now.q_gen[now.g_k]);
			now.g_ref = (uchar)(UNMAP && first && r == UD_E_NOENT &&
				!m_n.tab[0][now.q_idx[now.g_k]].valid);
		};
		assert(g_ok == 1 || g_ref == 1);
		if
		:: g_ref == 1 -> q_st[g_k] = 2; q_uses[g_k] = BURSTS   /* failed, nothing in flight */
		:: else -> q_uses[g_k]++
		fi;
		g_ref = 0;
		check();
		g_k = 0 }
	/* after its last burst: the DMA ends (ud_utlb_nic_end), then the NIC
	 * signals completion */
	:: atomic { ANY(LAST_) ->
		PICK(LAST_);
		c_code {
			int32_t r = ud_utlb_nic_end(&m_f, 0u, now.q_idx[now.g_k]);
			TRAIL_PR("UTLB nic end+complete slot=%d idx=%d r=%d\n", now.g_k,
			       now.q_idx[now.g_k], r);
			now.g_ok = (uchar)(r == UD_OK);
		};
		assert(g_ok == 1);
		g_ok = 0;
		q_st[g_k] = 2;
		check();
		g_k = 0 }
	od
}
