/* SPDX-License-Identifier: MIT */
/*
 * models/utlb_iso_glue.h -- the C side of models/utlb_iso.pml: two UTLB
 * processes on one NIC, frames shared between them, NIC reads in the middle
 * of driver calls.
 *
 * As models/utlb_glue.h: the real state of src/utlb.h driven by the real,
 * unmodified src/utlb_lookup.c, src/utlb_table.c and src/utlb_cache.c at a
 * tiny geometry (-D: 2 processes, 2 entries, 4 virtual pages, a NIC cache
 * of 2 x 1 or 1 x 1 lines).  Both libraries (m_u[p], tracked and matched
 * as they are) and the NIC (tracked UnMatched, matched on the exact mirror
 * mu_mirror, the same fields as models/utlb_glue.h plus process 1's CLOCK
 * state).
 *
 * The OS (the pin doors of src/ud_platform.h) over a book of MU_NFR
 * physical frames, with SHARING: virtual page 0 of both processes is one
 * shared memory object (object 0); every other page (p, v) is a private
 * object of its own.  A pin of (p, v) takes the frame already holding the
 * page's object if there is one (a second pin on a shared frame), else the
 * lowest free frame (so a freed frame is re-used at once), and bumps the
 * generation of the pin (p, v).  An unpin must release exactly a pin it
 * holds; a frame is free when its last pin is gone.
 *
 * NIC reads inside a driver call.  The model may ask for one NIC
 * translation to happen inside the next driver call (mu_rd_run): at the
 * pin door, before the OS pins; at the unpin door, after the OS released
 * the pin; or at the driver's own point UD_UTLB_NIC_MAY_READ() of
 * src/utlb_table.c (mu_nic_point, forced in by models/utlb_iso_point.h),
 * between its clear of an entry and its drop of that entry's cache lines.
 * ud_utlb_drv_map pins (reads at the pin door see the old entry), then
 * clears the old entry (reads at the point see it cleared, its cache line
 * maybe still there), drops its cache lines and unpins it (reads at the
 * unpin door see the entry gone and its frame released), then installs;
 * ud_utlb_drv_unmap clears, drops the lines, then unpins.  The read is
 * checked on the spot (mu_posted_ok / mu_stray_ok).
 */
#ifndef UD_MODELS_UTLB_ISO_GLUE_H
#define UD_MODELS_UTLB_ISO_GLUE_H

#include "utlb_lookup.h"
#include "utlb_cache.h"

#if UD_UTLB_NPROC != 2u || UD_UTLB_ENTRIES != 2u || UD_UTLB_VPAGES != 4u || \
	UD_UTLB_CACHE_WAYS != 1u || UD_UTLB_CACHE_SETS > 2u
#error "models/utlb_iso_glue.h is written for the geometries of models/expected.json"
#endif

#include "trail_print.h"

#ifndef CAP0
#define CAP0 2                       /* table entries process 0 may use (lib_init's cap) */
#endif
#ifndef CAP1
#define CAP1 2
#endif

#ifndef SHARED_WITNESS
#define SHARED_WITNESS 0
#endif

#define MU_NFR   6                   /* 2 processes x (2 entries + 1 while replacing) */
#define MU_PPN0  0x40u
#define MU_PPN(f) ((uint64_t)(MU_PPN0 + (uint32_t)(f)))
#define MU_OBJ(p, v) ((v) == 0u ? 0 : 1 + (int)(p) * 4 + (int)(v))   /* page 0 shared */

static struct ud_utlb_lib m_u[2];       /* c_track, matched */
static struct ud_utlb_lib_aux m_c[2];   /* UnMatched + mirror */
static struct ud_utlb_nic m_n;          /* UnMatched + mirror */
static struct ud_utlb_nic_aux m_a;      /* UnMatched + mirror */
static struct ud_utlb_flight m_f;       /* no DMA in flight: this model's NIC
                                         * translates (ud_utlb_nic_translate)
                                         * and never starts one; constant */

/* The OS's book (c_track, matched; all bytes, no padding). */
struct mu_book {
	uint8_t cnt[MU_NFR];         /* pins held on the frame (0: free)        */
	uint8_t fobj[MU_NFR];        /* memory object the frame holds           */
	uint8_t fgen[MU_NFR];        /* allocations of this frame so far        */
	int8_t  frame_of[2][4];      /* pin (p, v) -> frame, -1                 */
	uint8_t pgen[2][4];          /* pins of (p, v) so far                   */
	uint8_t refuse;              /* the next pin is refused (set by the model) */
	uint8_t bad;                 /* a door was called against its contract  */
	/* one NIC read inside the next driver call (scratch, 0 between steps) */
	uint8_t rd_at;               /* 0 none, 1 at the pin door, 2 at the unpin door,
	                                3 at the driver's point (entry cleared, lines not yet dropped) */
	uint8_t rd_pid, rd_idx;      /* what the NIC translates                 */
	uint8_t rd_posted;           /* 1: a posted transfer (rd_vpn, rd_fr, rd_pgen) */
	uint8_t rd_vpn, rd_fr, rd_pgen;
	uint8_t rd_done;             /* the read happened                       */
	int8_t  rd_r;                /* its status                              */
	uint8_t rd_ok;               /* its check passed                        */
};
static struct mu_book m_book;

static int mu_frame(uint64_t ppn)
{
	return (ppn >= MU_PPN0 && ppn < MU_PPN0 + MU_NFR) ? (int)(ppn - MU_PPN0) : -1;
}

/* Isolation: a translation the NIC makes for process pid is a frame that
 * pid itself holds a pin on right now (its own page, or the shared one). */
static int mu_owned(uint32_t pid, int f)
{
	int v;
	if (f < 0 || pid > 1u)
		return 0;
	for (v = 0; v < 4; v++)
		if (m_book.frame_of[pid][v] == f && m_book.cnt[f] > 0 &&
		    m_book.fobj[f] == MU_OBJ(pid, (uint32_t)v))
			return 1;
	return 0;
}

/* A posted, uncompleted transfer of (pid, page vpn) posted with frame fr
 * under pin generation pg: the NIC must get exactly that frame, still held
 * by that same pin. */
static int mu_posted_ok(int32_t r, uint64_t ppn, uint32_t pid, uint32_t vpn, int fr, int pg)
{
	return r == UD_OK && fr < MU_NFR && ppn == MU_PPN(fr) &&
	       m_book.frame_of[pid][vpn] == fr && m_book.pgen[pid][vpn] == pg &&
	       m_book.cnt[fr] > 0 && m_book.fobj[fr] == MU_OBJ(pid, vpn);
}

/* Any other translation (an index the process holds no reference for, a
 * stale one, one being evicted): a fault, or a frame the process owns. */
static int mu_stray_ok(int32_t r, uint64_t ppn, uint32_t pid)
{
	if (r == UD_E_NOENT)
		return 1;
	return r == UD_OK && mu_owned(pid, mu_frame(ppn));
}

static void mu_rd_run(uint8_t door)
{
	uint64_t ppn = 0;
	uint32_t cls = 0;
	int32_t r;

	if (m_book.rd_at != door || m_book.rd_done)
		return;
	m_book.rd_done = 1;
	r = ud_utlb_nic_translate(&m_n, &m_a, m_book.rd_pid, m_book.rd_idx, &ppn, &cls);
	m_book.rd_r = (int8_t)r;
	m_book.rd_ok = (uint8_t)(m_book.rd_posted ?
		mu_posted_ok(r, ppn, m_book.rd_pid, m_book.rd_vpn, m_book.rd_fr, m_book.rd_pgen) :
		mu_stray_ok(r, ppn, m_book.rd_pid));
	TRAIL_PR("UTLB nic translate-in-driver at=%s pid=%d idx=%d r=%d ppn=0x%llx ok=%d\n",
	       door == 1 ? "pin" : door == 2 ? "unpin" : "clear", m_book.rd_pid, m_book.rd_idx, r,
	       (unsigned long long)ppn, m_book.rd_ok);
}

/* The driver's point between clearing an entry and dropping its cache
 * lines (UD_UTLB_NIC_MAY_READ() in src/utlb_table.c). */
void mu_nic_point(void)
{
	mu_rd_run(3);
}

ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	int f, o;

	mu_rd_run(1);
	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES) {
		m_book.bad = 1;
		return UD_E_PLATFORM;
	}
	if (m_book.refuse)
		return UD_E_PLATFORM;
	if (m_book.frame_of[pid][vpn] >= 0)
		m_book.bad = 2;
	o = MU_OBJ(pid, vpn);
	for (f = 0; f < MU_NFR; f++)
		if (m_book.cnt[f] > 0 && m_book.fobj[f] == o)
			break;                   /* the shared object is in memory */
	if (f == MU_NFR) {
		for (f = 0; f < MU_NFR; f++)
			if (m_book.cnt[f] == 0)
				break;
		if (f == MU_NFR)
			return UD_E_PLATFORM;
		m_book.fobj[f] = (uint8_t)o;
		m_book.fgen[f]++;
	}
	m_book.cnt[f]++;
#if SHARED_WITNESS
	if (m_book.cnt[f] == 2)
		m_book.bad = 9;              /* witness: a frame pinned by both processes */
#endif
	m_book.frame_of[pid][vpn] = (int8_t)f;
	m_book.pgen[pid][vpn]++;
	*ppn = MU_PPN(f);
	return UD_OK;
}

void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	int f;

	if (pid >= UD_UTLB_NPROC || vpn >= UD_UTLB_VPAGES) {
		m_book.bad = 3;
	} else {
		f = m_book.frame_of[pid][vpn];
		if (f < 0 || m_book.cnt[f] == 0 || MU_PPN(f) != ppn) {
			m_book.bad = 4;
		} else {
			m_book.cnt[f]--;
			m_book.frame_of[pid][vpn] = -1;
		}
	}
	mu_rd_run(2);
}

static void mu_init(void)
{
	int p, v;

	for (p = 0; p < 2; p++)
		for (v = 0; v < 4; v++)
			m_book.frame_of[p][v] = -1;
	ud_utlb_nic_init(&m_n, &m_a, 1u);
	ud_utlb_flight_init(&m_f);
	for (p = 0; p < 2; p++)
		if (ud_utlb_lib_init(&m_u[p], &m_c[p], &m_n, (uint32_t)p,
				     p == 0 ? CAP0 : CAP1) != UD_OK)
			m_book.bad = 5;
}

/* Every installed entry of either table names the frame pinned for its
 * page by that process; the doors were called within their contracts. */
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
			if (e->vpn >= UD_UTLB_VPAGES || f < 0 || m_book.cnt[f] == 0 ||
			    m_book.frame_of[p][e->vpn] != f || m_book.fobj[f] != MU_OBJ(p, e->vpn))
				return 0;
		}
	return 1;
}

#define MU_MIRROR 40

static uint8_t mu_b(uint64_t x)
{
	return (uint8_t)(x > 0xFEu ? 0xFFu : x);
}

/* The exact mirror (as models/utlb_glue.h, both processes' CLOCK state). */
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
	for (p = 0; p < 2; p++) {
		m[j++] = mu_b(m_c[p].hand);
		for (i = 0; i < UD_UTLB_ENTRIES; i++)
			m[j++] = m_c[p].refbit[i];
	}
	/* j == 12 + 8 * LINES + (LINES == 2) + 4 + 2 * 3 <= MU_MIRROR */
	while (j < MU_MIRROR)
		m[j++] = 0;
}

#endif
