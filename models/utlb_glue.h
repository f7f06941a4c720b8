/* SPDX-License-Identifier: MIT */
/*
 * models/utlb_glue.h -- the C side of models/utlb_evict.pml.
 *
 * The UTLB is the real state of src/utlb.h (struct ud_utlb_lib, _lib_aux,
 * _nic, _nic_aux, _flight) driven by the real, unmodified src/utlb_lookup.c,
 * src/utlb_table.c and src/utlb_cache.c, compiled with a tiny geometry
 * (-D: 2 processes, 2 table entries, 1 + 1 tree bits = 4 virtual pages,
 * a NIC cache of 2 sets x 1 way, or 1 x 1 so that the process's two
 * indices evict each other's cache line).
 *
 * State tracking.  The library's tree (m_u) and the NIC's DMAs in flight
 * (m_f, UTLB-19) are tracked as they are (c_track, matched: they are
 * written field by field, so their padding stays zero; m_f has none).
 * The NIC state and both bookkeeping objects are tracked "UnMatched" (saved and restored on backtracking) and states are matched on
 * an exact mirror (mu_mirror) of what the code's future behaviour depends
 * on: every table entry (ppn, vpn, valid), every cache line (ppn, pid, idx,
 * valid), the classifier's shadow lines, the order of their LRU stamps and
 * the first-use bits, the CLOCK hand and reference bits.  Left out: the
 * counters (read only to saturate them at 2^64 - 1), the LRU clock (read only at
 * saturation, 2^64 translations away) and the cache lines' LRU stamps (with
 * one way per set the victim is always way 0: cache_victim never compares
 * them); with one line the shadow's victim is line 0 and its stamps are
 * not compared either.  The NIC structs are copied by whole-struct stores (install_entry,
 * fill_line), whose padding bytes are indeterminate: one more reason not to
 * match on their raw bytes.
 *
 * The platform doors of the utlb section of src/ud_platform.h are defined
 * here over a book of MU_NFR physical frames (c_track, matched): a pin takes
 * the lowest free frame (so a frame is re-used as soon as it is freed, the
 * case the property must catch), records which page holds it and bumps its
 * generation; an unpin checks it releases exactly the pin it names
 * (ud_plat_utlb_unpin's `held` precondition) and frees the frame.
 */
#ifndef UD_MODELS_UTLB_GLUE_H
#define UD_MODELS_UTLB_GLUE_H

#include "utlb_lookup.h"
#include "utlb_cache.h"

#include "trail_print.h"

#if UD_UTLB_NPROC != 2u || UD_UTLB_ENTRIES != 2u || UD_UTLB_VPAGES != 4u || \
	UD_UTLB_CACHE_WAYS != 1u || UD_UTLB_CACHE_SETS > 2u
#error "models/utlb_glue.h is written for the geometries of models/expected.json"
#endif

#define MU_NFR   3                   /* frames: ENTRIES pinned + 1 while replacing */
#define MU_PPN0  0x40u               /* frame f is physical page MU_PPN0 + f */
#define MU_PPN(f) ((uint64_t)(MU_PPN0 + (uint32_t)(f)))

static struct ud_utlb_lib m_u;       /* c_track, matched */
static struct ud_utlb_lib_aux m_c;   /* c_track UnMatched + mirror */
static struct ud_utlb_nic m_n;       /* c_track UnMatched + mirror */
static struct ud_utlb_nic_aux m_a;   /* c_track UnMatched + mirror */
static struct ud_utlb_flight m_f;    /* c_track, matched: the NIC's DMAs in
                                      * flight (UTLB-19), all bytes */

/* The OS's pin book (c_track, matched).  All bytes: no padding. */
struct mu_book {
	uint8_t pinned[MU_NFR];      /* frame held by a pin                     */
	uint8_t pid[MU_NFR];         /* ... of this process                     */
	uint8_t vpn[MU_NFR];         /* ... for this virtual page               */
	uint8_t gen[MU_NFR];         /* pins of this frame so far               */
	int8_t  frame_of[UD_UTLB_NPROC][UD_UTLB_VPAGES]; /* page -> frame, -1  */
	uint8_t refuse;              /* the next pin is refused (set by the model) */
	uint8_t bad;                 /* a door was called against its contract  */
};
static struct mu_book m_book;

ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	int f;

	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES) {
		m_book.bad = 1;
		return UD_E_PLATFORM;
	}
	if (m_book.refuse)
		return UD_E_PLATFORM;        /* the OS refuses: nothing changes */
	if (m_book.frame_of[pid][vpn] >= 0)
		m_book.bad = 2;              /* pinned twice: the books would drift */
	for (f = 0; f < MU_NFR; f++)
		if (!m_book.pinned[f])
			break;
	if (f == MU_NFR)
		return UD_E_PLATFORM;        /* out of frames */
	m_book.pinned[f] = 1;
	m_book.pid[f] = (uint8_t)pid;
	m_book.vpn[f] = (uint8_t)vpn;
	m_book.gen[f]++;
	m_book.frame_of[pid][vpn] = (int8_t)f;
	*ppn = MU_PPN(f);
	return UD_OK;
}

void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	int f;

	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES) {
		m_book.bad = 3;
		return;
	}
	f = m_book.frame_of[pid][vpn];
	if (f < 0 || !m_book.pinned[f] || MU_PPN(f) != ppn) {
		m_book.bad = 4;              /* releases a pin it does not hold */
		return;
	}
	m_book.pinned[f] = 0;
	m_book.frame_of[pid][vpn] = -1;
}

static void mu_init(void)
{
	int p, v;

	for (p = 0; p < (int)UD_UTLB_NPROC; p++)
		for (v = 0; v < (int)UD_UTLB_VPAGES; v++)
			m_book.frame_of[p][v] = -1;
	ud_utlb_nic_init(&m_n, &m_a, 1u);
	ud_utlb_flight_init(&m_f);
	if (ud_utlb_lib_init(&m_u, &m_c, &m_n, 0u, UD_UTLB_ENTRIES) != UD_OK)
		m_book.bad = 5;
}

/* The frame a physical page number names, or -1. */
static int mu_frame(uint64_t ppn)
{
	return (ppn >= MU_PPN0 && ppn < MU_PPN0 + MU_NFR) ? (int)(ppn - MU_PPN0) : -1;
}

/* Every installed table entry translates its page to the frame pinned for
 * that page (ud_utlb_tab_pinned, over the model's book); the doors were
 * called within their contracts. */
static int mu_books_agree(void)
{
	uint32_t p, i;

	if (m_book.bad)
		return 0;
	for (p = 0; p < UD_UTLB_NPROC; p++)
		for (i = 0; i < UD_UTLB_ENTRIES; i++) {
			const struct ud_utlb_entry *e = &m_n.tab[p][i];
			int f;
			if (!e->valid)
				continue;
			f = mu_frame(e->ppn);
			if (e->vpn >= UD_UTLB_VPAGES || f < 0 || !m_book.pinned[f] ||
			    m_book.pid[f] != p || m_book.vpn[f] != e->vpn ||
			    m_book.frame_of[p][e->vpn] != f)
				return 0;
		}
	return 1;
}

#define MU_MIRROR 36

static uint8_t mu_b(uint64_t x)
{
	return (uint8_t)(x > 0xFEu ? 0xFFu : x);   /* values here are all < 0x80 */
}

/* The exact mirror states are matched on (see the head of this file). */
static void mu_mirror(uint8_t *m)
{
	uint32_t p, i, k;
	int j = 0;

	for (p = 0; p < UD_UTLB_NPROC; p++)
		for (i = 0; i < UD_UTLB_ENTRIES; i++) {
			m[j++] = m_n.tab[p][i].valid;
			m[j++] = mu_b(m_n.tab[p][i].vpn);
			m[j++] = mu_b(m_n.tab[p][i].ppn);
		}
	for (k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		m[j++] = m_n.line[k].valid;
		m[j++] = mu_b(m_n.line[k].pid);
		m[j++] = mu_b(m_n.line[k].idx);
		m[j++] = mu_b(m_n.line[k].ppn);
		m[j++] = m_a.fa[k].valid;
		m[j++] = mu_b(m_a.fa[k].pid);
		m[j++] = mu_b(m_a.fa[k].idx);
		m[j++] = mu_b(m_a.fa[k].ppn);
	}
#if UD_UTLB_CACHE_LINES == 2u
	m[j++] = m_a.fa_stamp[0] < m_a.fa_stamp[1] ? 0 :
		 (m_a.fa_stamp[0] == m_a.fa_stamp[1] ? 1 : 2);
#endif
	for (p = 0; p < UD_UTLB_NPROC; p++)
		for (i = 0; i < UD_UTLB_ENTRIES; i++)
			m[j++] = m_a.seen[p][i];
	m[j++] = mu_b(m_c.hand);
	for (i = 0; i < UD_UTLB_ENTRIES; i++)
		m[j++] = m_c.refbit[i];
	/* j == 12 + 8 * LINES + (LINES == 2) + 4 + 1 + 2 <= MU_MIRROR */
	while (j < MU_MIRROR)
		m[j++] = 0;
}

#endif
