/* SPDX-License-Identifier: MIT */
/*
 * models/engine_glue.h -- the C side of models/engine.pml: the virtual-
 * address write path end to end over the real, unmodified code
 *
 *   src/r5_sched.c    the initiator's R5 (submit, event, tick, abort)
 *   src/va_tx.c       the packetizer: one packet's source through the
 *   src/va_piece.c      issuing PD's bank of node 0's SMMU (src/smmu.c)
 *   src/va_rx.c       the receiver: the destination through the header
 *                     PD's bank of node 1's SMMU, ACK / PF-NACK, the
 *   src/fault_fifo.c    fault FIFO push
 *   src/fault_drain.c the destination tasklet: FIFO pop, then
 *   src/fault_handler.c the fault handler (src/fault_policy.c): lookup in
 *                       the owner's mapping, page-in, RAPF or failure
 *   src/fault_msg.c   the RAPF words decoded at the R5
 *
 * Two nodes: node 0 runs the R5, the packetizer and the source SMMU;
 * node 1 the receiver, its SMMU, the fault FIFO and the fault handler.
 * Three PDs, each its own context bank on both nodes (bank = PD): PD 0 and
 * PD 1 honest, PD 2 the attacker.  Every PD uses the SAME virtual
 * addresses: source pages E_SV, E_SV + 1 on node 0 (resident, read), and
 * destination pages E_DV, E_DV + 1 on node 1 (in the PD's VMA with write
 * right, present or not); PD 2's VMA on node 1 is the pages of ATKMAP
 * only.  Frames differ per (PD, page): E_FS / E_FD below.
 *
 * The real structs live here, c_track'ed "UnMatched" (restored on
 * backtracking, not compared); e_g, c_track'ed "Matched", holds the
 * network, the engine's queue of posted blocks, the page tables'
 * presence bits, the property books, and an exact mirror (e_mirror) of
 * every field of the real structs this configuration can change.  Fields
 * the mirror leaves out are checked to stay at their initial values
 * (E_BAD_MODEL otherwise): state matching never merges two states the
 * real code could tell apart.
 *
 * The doors record what each call did; the checks of the properties are
 * made in the doors, at the moment of the effect:
 *   ud_plat_dma_write  E-PROT: the frame written is the one the writing
 *                      transfer's PD's bank maps (present, writable) at
 *                      that virtual address; E-ATOM: the bytes are that
 *                      transfer's source bytes at that offset (its own
 *                      PD's source frames), inside its destination range;
 *   ud_plat_dma_read   the frame read is the issuing PD's source frame;
 *   ud_plat_r5_notify  once per transfer; UD_OK only when every byte of
 *                      the transfer landed;
 *   ud_plat_page_in    only pages in the owner's VMA;
 *   (a RAPF wired with PD w accepted only for a transaction of PD w).
 */
#ifndef UD_MODELS_ENGINE_GLUE_H
#define UD_MODELS_ENGINE_GLUE_H

#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <stdlib.h>
#include "r5_sched.h"
#include "va_tx.h"
#include "va_rx.h"
#include "fault_drain.h"
#include "fault_msg.h"

#ifndef NPK
#define NPK 2            /* packets of each transfer (one block) */
#endif
#ifndef DOFF
#define DOFF 0xF00       /* destination offset in page E_DV */
#endif
#ifndef SOFF
#define SOFF 0           /* source offset in page E_SV */
#endif
#ifndef PRES0
#define PRES0 0          /* destination pages present at start (bit v: E_DV + v) */
#endif
#ifndef PRES1
#define PRES1 1
#endif
#ifndef PRES2
#define PRES2 0
#endif
#ifndef ATKMAP
#define ATKMAP 1         /* PD 2's destination VMA (bit v: E_DV + v) */
#endif
#ifndef AHEAD
#define AHEAD 1          /* fault handler: Touch-Ahead (1) or Touch-A-Page (0) */
#endif
#ifndef HUPCF
#define HUPCF 1          /* SCTLR.HUPCF of every bank (the board model's default) */
#endif
#ifndef PERIOD
#define PERIOD 2
#endif
#ifndef ATKXDST
#define ATKXDST 0        /* 1: the attacker may also name E_DV + 1 as its destination */
#endif
#ifndef NHON
#define NHON 2           /* honest processes: PD 0, and PD 1 when 2 */
#endif

#if NPK < 1 || NPK > 2
#error "NPK: 1 or 2"
#endif
#if DOFF % 64 != 0 || SOFF % 64 != 0 || DOFF + NPK * 256 > 8192 || SOFF + NPK * 256 > 8192
#error "DOFF, SOFF: multiples of 64, the transfer inside two pages"
#endif

#define E_SV 0x10u
#define E_DV 0x20u
#define E_NP 3
#define E_NW 4
#define E_NQ 4
#define E_LEN (NPK * 256u)
#define E_SRC ((uint64_t)E_SV * 4096u + SOFF)
#define E_DST ((uint64_t)E_DV * 4096u + DOFF)
#define E_FS(pd, v) (0x100u + (uint32_t)(pd) * 4u + (uint32_t)(v))
#define E_FD(pd, v) (0x200u + (uint32_t)(pd) * 4u + (uint32_t)(v))
#define E_FULL ((uint8_t)((1u << (E_LEN / 64u)) - 1u))

/* network items */
#define E_DATA 1
#define E_ACK 2
#define E_PFNACK 3
#define E_RAPF 4
#define E_ABORT 5

/* violations (e_g.bad) */
#define E_BAD_PROT 1     /* E-PROT */
#define E_BAD_ATOM 2     /* E-ATOM */
#define E_BAD_TWICE 3    /* a transfer notified twice */
#define E_BAD_OK 4       /* success with a byte not landed */
#define E_BAD_READ 5     /* a source read outside the issuer's frames */
#define E_BAD_PAGEIN 6   /* a page-in outside the owner's VMA */
#define E_BAD_FORGED 7   /* a RAPF wired with another PD accepted */
#define E_BAD_MODEL 99   /* a field the mirror leaves out changed */

struct e_net {
	uint8_t  kind, pd;
	uint16_t trid, seq, off, blen, n, k0;
	int16_t  err;
	uint32_t from, a0, a1;
	uint64_t dst;
};

struct e_blk {
	uint8_t  on, pd;
	uint16_t trid, seq, len, next;
	uint64_t src, dst;
};

struct e_mr5 {          /* one transaction of the R5 */
	int8_t   st;
	uint8_t  ntry, dl;
	uint16_t seq;
	int16_t  pos;
	uint32_t off;
	int32_t  blen;
};

struct e_mx {           /* one channel of the R5 */
	uint8_t  active, complete, kind;
	uint16_t nposts;
	uint32_t posted, acked, len, node;
	uint64_t src, dst;
};

struct e_mcb {          /* one SMMU bank */
	uint8_t  stall, hupcf, tf, pf, ss, multi, wnr;
	uint64_t far;
};

struct e_mrd {          /* va_tx's read-error report of one bank */
	uint8_t  valid;
	uint16_t trid, seq;
	uint64_t va;
};

struct e_mrxb {         /* one rx slot */
	uint8_t  valid, faulted, acked;
	uint32_t from;
	uint16_t trid, seq;
	uint32_t blen;
	uint8_t  got[2];
};

struct e_mrec {
	uint8_t  valid, proc, npages, dir;
	uint16_t trid, seq, pdid;
	uint32_t vpn;
};

struct e_mirror {
	struct e_mr5 t[6];          /* trids 0, 1, 128, 129, 256, 257 */
	int16_t dense[6];
	uint32_t narmed;
	struct e_mx x[3];           /* channels 0, 64, 128 */
	struct e_mcb cb[2][3];      /* node, bank 0..2 */
	struct e_mrd rd[3];
	struct e_mrxb rx[2];        /* slots 0 and 128 */
	uint32_t ff_head, ff_tail, ff_count, ff_rd, ff_ovf;
	uint8_t  ff_sticky, ff_lvalid;
	uint32_t ff_lsrc, ff_liova;
	uint16_t ff_ltrid, ff_lseq;
	uint64_t ff_lo[8], ff_hi[8];
	uint64_t fh_victim;
	uint8_t  fh_used;
	uint32_t fh_node;
	struct e_mrec fh_new, fh_old;
};

struct e_glob {
	struct e_net net[E_NW];
	struct e_blk q[E_NQ];
	uint8_t  pres[E_NP];        /* node 1: destination pages present (bits) */
	uint8_t  sub[E_NP], notes[E_NP], ok[E_NP], landed[E_NP];
	uint64_t xsrc[E_NP], xdst[E_NP];
	uint32_t xlen[E_NP];
	uint8_t  bad;
	struct e_mirror m;
};

static struct e_glob e_g;                     /* c_track Matched */
static struct ud_r5_sched e_r5;               /* the rest: c_track UnMatched */
static uint64_t e_now;
static struct ud_smmu e_s0, e_s1;
static struct ud_va_tx e_tx;
static struct ud_va_rx e_rx;
static struct ud_ff e_ff;
static struct ud_fh e_fh;
static struct ud_fh_map e_map;

/* not state: the context of the call in progress */
static int e_node;                            /* which node's doors */
static int e_txpd;                            /* va_tx: the post's PD */
static int e_nrd;
static uint64_t e_rdpa[2];
static uint32_t e_rdn[2];
static int e_rxtr;                            /* va_rx: the packet's transfer (its PD) */

#include "trail_print.h"

static int e_trid_of(int pd) { return pd * 128; }

static void e_badset(int code, const char *why)
{
	if (e_g.bad == 0) {
		e_g.bad = (uint8_t)code;
		TRAIL_PR("ENG VIOLATION %d: %s\n", code, why);
	}
}

/* the byte at offset o of frame f (source memory is never written) */
static uint8_t e_byte(uint32_t f, uint32_t o)
{
	uint32_t x = f * 4096u + o;
	x ^= x >> 7;
	x *= 0x9E3779B1u;
	x ^= x >> 15;
	x *= 0x85EBCA77u;
	x ^= x >> 13;
	return (uint8_t)(x >> 11);
}

/* node 1: does PD pd's VMA hold destination page v (0, 1)? */
static int e_vma(int pd, int v)
{
	if (v < 0 || v > 1 || pd < 0 || pd >= E_NP)
		return 0;
	return pd < 2 ? 1 : (ATKMAP >> v) & 1;
}

static void e_net_add(struct e_net it, const char *what)
{
	int k;
	for (k = 0; k < E_NW; k++)
		if (e_g.net[k].kind == 0) {
			e_g.net[k] = it;
			TRAIL_PR("ENG net: %s trid %d seq %d -> slot %d\n", what, it.trid, it.seq, k);
			return;
		}
	TRAIL_PR("ENG net: %s trid %d seq %d LOST (network full)\n", what, it.trid, it.seq);
}

/* ------------------------------------------------------------ doors */
void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	int k;
	(void)vc; (void)kind; (void)node;
	for (k = 0; k < E_NQ; k++)
		if (!e_g.q[k].on) {
			e_g.q[k].on = 1; e_g.q[k].pd = pd; e_g.q[k].trid = trid;
			e_g.q[k].seq = seq; e_g.q[k].len = (uint16_t)len; e_g.q[k].next = 0;
			e_g.q[k].src = src; e_g.q[k].dst = dst;
			TRAIL_PR("ENG R5 post: trid %d seq %d pd %d src %#llx dst %#llx len %u (engine queue %d)\n",
			       trid, seq, pd, (unsigned long long)src, (unsigned long long)dst, len, k);
			return;
		}
	TRAIL_PR("ENG R5 post: trid %d seq %d LOST (engine queue full)\n", trid, seq);
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	(void)vc; (void)kind;
	TRAIL_PR("ENG R5 notify: PD %d status %d (landed %#x of %#x)\n", pd, (int)status,
	       pd < E_NP ? e_g.landed[pd] : 0, E_FULL);
	if (pd >= E_NP) {
		e_badset(E_BAD_MODEL, "notification for an unknown PD");
		return;
	}
	if (e_g.notes[pd] != 0)
		e_badset(E_BAD_TWICE, "a transfer notified twice");
	if (status == UD_OK && e_g.landed[pd] != E_FULL)
		e_badset(E_BAD_OK, "success notified with a byte not landed");
	e_g.notes[pd] = 1;
	e_g.ok[pd] = status == UD_OK;
}

uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr)
{
	uint64_t vpn = va / 4096u;
	if (e_node == 0) {
		/* node 0: every PD's source pages E_SV, E_SV + 1, resident, read only */
		if (!wnr && cb < E_NP && vpn >= E_SV && vpn < E_SV + 2u)
			return (uint64_t)E_FS(cb, vpn - E_SV) * 4096u + UD_SMMU_XLATE_OK;
		return UD_SMMU_XLATE_TF;
	}
	/* node 1: the destination pages of the PD's VMA, present or not */
	if (cb < E_NP && vpn >= E_DV && vpn < E_DV + 2u && e_vma((int)cb, (int)(vpn - E_DV))) {
		if (!((e_g.pres[cb] >> (vpn - E_DV)) & 1u))
			return UD_SMMU_XLATE_TF;
		return (uint64_t)E_FD(cb, vpn - E_DV) * 4096u + UD_SMMU_XLATE_OK;
	}
	return UD_SMMU_XLATE_TF;
}

void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n)
{
	uint32_t f = (uint32_t)(pa / 4096u), o = (uint32_t)(pa % 4096u), i;
	if (e_node != 0 || !(f == E_FS(e_txpd, 0) || f == E_FS(e_txpd, 1)))
		e_badset(E_BAD_READ, "a source read outside the issuing PD's source frames");
	for (i = 0; i < n; i++)
		buf[i] = e_byte(f, o + i);
	if (e_nrd < 2) {
		e_rdpa[e_nrd] = pa;
		e_rdn[e_nrd] = n;
	}
	e_nrd++;
}

void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n)
{
	int pd = e_rxtr, v, found = -1;
	uint32_t f = (uint32_t)(pa / 4096u), o = (uint32_t)(pa % 4096u), i;
	uint64_t va, k;

	TRAIL_PR("ENG write: transfer of PD %d, %u bytes at pa %#llx\n", pd, n, (unsigned long long)pa);
	/* E-PROT: the frame is the one PD pd's bank maps, writable, at some page */
	for (v = 0; v < 2; v++)
		if (e_vma(pd, v) && ((e_g.pres[pd] >> v) & 1u) && E_FD(pd, v) == f)
			found = v;
	if (e_node != 1 || pd < 0 || pd >= E_NP || found < 0) {
		e_badset(E_BAD_PROT, "a write to a frame the writing transfer's PD's bank does not map");
		return;
	}
	va = (uint64_t)(E_DV + found) * 4096u + o;
	/* E-ATOM: inside the transfer's destination, its own source bytes */
	if (!e_g.sub[pd] || va < e_g.xdst[pd] || va + n > e_g.xdst[pd] + e_g.xlen[pd]) {
		e_badset(E_BAD_ATOM, "a write outside the writing transfer's destination range");
		return;
	}
	k = va - e_g.xdst[pd];
	for (i = 0; i < n; i++) {
		uint64_t sva = e_g.xsrc[pd] + k + i;
		uint64_t sv = sva / 4096u;
		uint8_t want = (sv >= E_SV && sv < E_SV + 2u) ?
			e_byte(E_FS(pd, sv - E_SV), (uint32_t)(sva % 4096u)) : (uint8_t)~data[i];
		if (data[i] != want) {
			e_badset(E_BAD_ATOM, "a byte that is not the writing transfer's source byte at that offset");
			return;
		}
	}
	if (k % 64u != 0 || n % 64u != 0) {
		e_badset(E_BAD_MODEL, "a piece not on the 64-byte grid of the landed book");
		return;
	}
	for (i = 0; i < n / 64u; i++)
		e_g.landed[pd] |= (uint8_t)(1u << (k / 64u + i));
}

void ud_plat_va_reply(uint32_t node, uint16_t trid, uint16_t seq, uint8_t kind)
{
	struct e_net it;
	(void)node;
	memset(&it, 0, sizeof it);
	it.kind = kind == UD_VA_REP_ACK ? E_ACK : E_PFNACK;
	it.trid = trid; it.seq = seq;
	e_net_add(it, kind == UD_VA_REP_ACK ? "ACK" : "PF-NACK");
}

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	uint32_t i;
	(void)proc; (void)write;
	TRAIL_PR("ENG page-in: PD %d pages %#x + %u\n", pdid, vpn, npages);
	for (i = 0; i < npages; i++) {
		int v = (int)(vpn + i) - (int)E_DV;
		if (!e_vma(pdid, v)) {
			e_badset(E_BAD_PAGEIN, "a page-in outside the owner's VMA");
			continue;
		}
		e_g.pres[pdid] |= (uint8_t)(1u << v);
	}
	return UD_OK;
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1)
{
	struct e_net it;
	(void)node;
	memset(&it, 0, sizeof it);
	it.kind = E_RAPF;
	/* the packetizer wires the PDID it was allocated to (3.2.3.3) */
	it.a0 = (w0 & ~(0xFFFFu << 2)) | ((uint32_t)pdid << 2);
	it.a1 = w1;
	it.trid = (uint16_t)(w0 >> 18); it.seq = (uint16_t)(w1 % 16384u);
	e_net_add(it, "RAPF");
	return UD_OK;
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	struct e_net it;
	(void)node;
	memset(&it, 0, sizeof it);
	it.kind = E_ABORT; it.pd = (uint8_t)pdid; it.trid = trid; it.seq = seq;
	it.err = (int16_t)err;
	e_net_add(it, "failure report");
}

/* ------------------------------------------------------------ mirror */
static int e_cmp_net(const void *a, const void *b) { return memcmp(a, b, sizeof(struct e_net)); }
static int e_cmp_blk(const void *a, const void *b) { return memcmp(a, b, sizeof(struct e_blk)); }

static void e_mirror(void)
{
	static const int tr[6] = { 0, 1, 128, 129, 256, 257 };
	static const int rs[2] = { 0, 128 };
	struct e_mirror *m = &e_g.m;
	uint32_t i, j;
	int k, t;

	memset(m, 0, sizeof *m);
	for (k = 0; k < 6; k++) {
		t = tr[k];
		m->t[k].st = e_r5.st[t];
		m->t[k].ntry = e_r5.ntry[t];
		m->t[k].dl = (uint8_t)(e_r5.dl[t] <= e_now ? 0u :
		    (e_r5.dl[t] - e_now > 250u ? 250u : e_r5.dl[t] - e_now));
		m->t[k].seq = e_r5.seq[t];
		m->t[k].pos = e_r5.pos[t];
		m->t[k].off = e_r5.off[t];
		m->t[k].blen = e_r5.blen[t];
		m->dense[k] = e_r5.dense[k];
	}
	m->narmed = e_r5.narmed;
	for (k = 0; k < 3; k++) {
		const struct ud_r5_sched_xfer *x = &e_r5.x[k * 64];
		m->x[k].active = x->active; m->x[k].complete = x->complete; m->x[k].kind = x->kind;
		m->x[k].nposts = x->nposts; m->x[k].posted = x->posted; m->x[k].acked = x->acked;
		m->x[k].len = x->len; m->x[k].node = x->node; m->x[k].src = x->src; m->x[k].dst = x->dst;
	}
	if (e_r5.narmed > 6u)
		e_badset(E_BAD_MODEL, "more armed timers than the tracked dense prefix");
	for (i = 0; i < 2048u; i++)
		if (i != 0 && i != 1 && i != 128 && i != 129 && i != 256 && i != 257 &&
		    (e_r5.st[i] != 0 || e_r5.seq[i] != 0 || e_r5.ntry[i] != 0 ||
		     (e_r5.off[i] != 0 || e_r5.blen[i] != 0 || e_r5.dl[i] != 0)))
			e_badset(E_BAD_MODEL, "an R5 transaction outside the mirror changed");
	for (i = 0; i < 1024u; i++)
		if (i != 0 && i != 64 && i != 128 && (e_r5.x[i].active != 0 || e_r5.x[i].nposts != 0 ||
		    e_r5.x[i].posted != 0 || e_r5.x[i].acked != 0))
			e_badset(E_BAD_MODEL, "an R5 channel outside the mirror changed");
	for (k = 0; k < 2; k++) {
		const struct ud_smmu *s = k == 0 ? &e_s0 : &e_s1;
		for (j = 0; j < 16u; j++) {
			const struct ud_smmu_cb *c = &s->cb[j];
			if (j < 3u) {
				struct e_mcb *d = &m->cb[k][j];
				d->stall = c->stall; d->hupcf = c->hupcf; d->tf = c->tf; d->pf = c->pf;
				d->ss = c->ss; d->multi = c->multi; d->wnr = c->wnr; d->far = c->far;
			} else if (c->tf || c->pf || c->ss || c->multi) {
				e_badset(E_BAD_MODEL, "an SMMU bank outside the mirror changed");
			}
		}
	}
	for (j = 0; j < 16u; j++) {
		if (j < 3u) {
			m->rd[j].valid = e_tx.rd[j].valid; m->rd[j].trid = e_tx.rd[j].trid;
			m->rd[j].seq = e_tx.rd[j].seq; m->rd[j].va = e_tx.rd[j].va;
		} else if (e_tx.rd[j].valid) {
			e_badset(E_BAD_MODEL, "a read-error report outside the mirror");
		}
	}
	for (i = 0; i < UD_VA_RX_NB; i++) {
		const struct ud_va_rxb *b = &e_rx.b[i];
		if (i == 0 || i == 128) {
			struct e_mrxb *d = &m->rx[i == 0 ? 0 : 1];
			d->valid = b->valid; d->faulted = b->faulted; d->acked = b->acked;
			d->from = b->from; d->trid = b->trid; d->seq = b->seq; d->blen = b->blen;
			d->got[0] = b->got[0]; d->got[1] = b->got[1];
			for (j = 2; j < UD_VA_NPK_MAX; j++)
				if (b->got[j] != 0)
					e_badset(E_BAD_MODEL, "an rx packet mark outside the mirror");
		} else if (b->valid) {
			e_badset(E_BAD_MODEL, "an rx slot outside the mirror changed");
		}
	}
	(void)rs;
	/* head and tail by their difference only: the code uses them as
	 * indices modulo 512, and no run comes near the wrap (tail < 16,
	 * checked), so two states that differ by a shift of both behave alike */
	m->ff_head = 0; m->ff_tail = (e_ff.tail + UD_FF_DEPTH - e_ff.head) % UD_FF_DEPTH;
	m->ff_count = e_ff.count;
	m->ff_rd = e_ff.rd; m->ff_ovf = e_ff.ovf_count; m->ff_sticky = e_ff.ovf_sticky;
	m->ff_lvalid = e_ff.last_valid; m->ff_lsrc = e_ff.last_src; m->ff_liova = e_ff.last_iova;
	m->ff_ltrid = e_ff.last_trid; m->ff_lseq = e_ff.last_seq;
	if (e_ff.count > 8u || e_ff.tail >= 16u || e_ff.head >= 16u)
		e_badset(E_BAD_MODEL, "FIFO slots beyond the tracked 16, or more entries than the mirror holds");
	for (i = 0; i < e_ff.count && i < 8u; i++) {
		m->ff_lo[i] = e_ff.lo[(e_ff.head + i) % UD_FF_DEPTH];
		m->ff_hi[i] = e_ff.hi[(e_ff.head + i) % UD_FF_DEPTH];
	}
	m->fh_victim = e_fh.victim;
	m->fh_used = e_fh.s[0].used; m->fh_node = e_fh.s[0].node;
	{
		const struct ud_fh_rec *a[2] = { &e_fh.s[0].newest, &e_fh.s[0].older };
		struct e_mrec *b[2] = { &m->fh_new, &m->fh_old };
		for (k = 0; k < 2; k++) {
			b[k]->valid = a[k]->valid; b[k]->proc = a[k]->proc; b[k]->npages = a[k]->npages;
			b[k]->dir = a[k]->dir; b[k]->trid = a[k]->trid; b[k]->seq = a[k]->seq;
			b[k]->pdid = a[k]->pdid; b[k]->vpn = a[k]->vpn;
		}
	}
	for (j = 1; j < UD_FH_NSRC; j++)
		if (e_fh.s[j].used)
			e_badset(E_BAD_MODEL, "a fault-handler source slot outside the mirror");
	/* symmetry: the network is a multiset (any item may arrive next) and
	 * the packetizer may serve any posted block next, so their slots are
	 * kept sorted (every item and block is built from zeroed memory) */
	qsort(e_g.net, E_NW, sizeof e_g.net[0], e_cmp_net);
	qsort(e_g.q, E_NQ, sizeof e_g.q[0], e_cmp_blk);
}

/* the witness of REACH (engine.pml) */
static int e_witness(void)
{
#if defined(REACH) && REACH == 1
	return e_g.notes[0] && e_g.ok[0] && (NHON < 2 || (e_g.notes[1] && e_g.ok[1]));
#elif defined(REACH) && REACH == 2
	return e_g.landed[2] != 0;
#else
	return 0;
#endif
}

/* ------------------------------------------------------------ steps */
static void e_init(void)
{
	uint32_t b;
	int p;
	memset(&e_g, 0, sizeof e_g);
	e_now = 0;
	(void)ud_r5_sched_init(&e_r5, 2u, PERIOD);
	ud_smmu_init(&e_s0);
	ud_smmu_init(&e_s1);
	for (b = 0; b < 16u; b++) {
		(void)ud_smmu_configure(&e_s0, b, false, HUPCF != 0);
		(void)ud_smmu_configure(&e_s1, b, false, HUPCF != 0);
	}
	memset(&e_tx, 0, sizeof e_tx);
	ud_va_rx_init(&e_rx);
	ud_ff_init(&e_ff);
	ud_fh_init(&e_fh, AHEAD != 0);
	ud_fh_map_init(&e_map);
	for (p = 0; p < E_NP; p++) {
		int v;
		for (v = 0; v < 2; v++)
			if (e_vma(p, v))
				(void)ud_fh_map_add(&e_map, (uint16_t)p, 0u, UD_FH_R_READ | UD_FH_R_WRITE,
						    E_DV + (uint32_t)v, 1u);
	}
	e_g.pres[0] = PRES0; e_g.pres[1] = PRES1; e_g.pres[2] = PRES2 & ATKMAP;
	if (NHON < 2) {                      /* PD 1 stays idle */
		e_g.sub[1] = 1;
		e_g.notes[1] = 1;
	}
	e_mirror();
}

/* PD p submits its transfer (to node 1, channel (p, 0)); dsel 1: the
 * attacker names destination page E_DV + 1 instead */
static int e_submit(int p, int dsel)
{
	struct ud_r5_sched_req q;
	ud_status r;
	memset(&q, 0, sizeof q);
	q.pd = (uint8_t)p; q.vc = 0; q.kind = UD_R5_SCHED_WRITE; q.node = 1;
	q.src = E_SRC; q.dst = E_DST + (dsel ? 4096u : 0u); q.len = E_LEN;
	e_g.sub[p] = 1; e_g.xsrc[p] = q.src; e_g.xdst[p] = q.dst; e_g.xlen[p] = q.len;
	TRAIL_PR("ENG PD %d submits: src %#llx dst %#llx len %u\n", p, (unsigned long long)q.src,
	       (unsigned long long)q.dst, q.len);
	r = ud_r5_sched_submit(&e_r5, &q, e_now);
	TRAIL_PR("ENG   = %d\n", (int)r);
	e_mirror();
	return r;
}

/* the packetizer sends the next packet of posted block k */
static void e_tx_step(int k)
{
	struct e_blk *q = &e_g.q[k];
	struct ud_va_blk b;
	struct ud_va_tx_out r;
	uint8_t buf[256];
	uint32_t off = q->next;

	memset(&b, 0, sizeof b);
	b.trid = q->trid; b.seq = q->seq; b.pd = q->pd; b.vc = 0; b.kind = 0; b.node = 1;
	b.src = q->src; b.dst = q->dst; b.len = q->len;
	e_node = 0; e_txpd = q->pd; e_nrd = 0;
	r = ud_va_tx_packet(&e_s0, &e_tx, 0u, &b, off, buf);
	TRAIL_PR("ENG packetizer: trid %d seq %d PD %d packet at %u -> %d\n", b.trid, b.seq, b.pd, off,
	       (int)r.st);
	if (r.st == UD_OK) {
		struct e_net it;
		memset(&it, 0, sizeof it);
		it.kind = E_DATA; it.from = r.h.from; it.trid = r.h.trid; it.seq = r.h.seq;
		it.pd = r.h.pd; it.dst = r.h.dst; it.off = (uint16_t)r.h.off;
		it.blen = (uint16_t)r.h.blen; it.n = (uint16_t)r.h.n;
		it.a0 = (uint32_t)e_rdpa[0]; it.k0 = (uint16_t)e_rdn[0];
		it.a1 = e_nrd > 1 ? (uint32_t)e_rdpa[1] : 0u;
		if (e_nrd < 1 || e_nrd > 2 || e_rdn[0] + (e_nrd > 1 ? e_rdn[1] : 0u) != r.h.n)
			e_badset(E_BAD_MODEL, "a packet's reads do not make its payload");
		e_net_add(it, "packet");
		q->next = (uint16_t)(q->next + r.h.n);
	}
	if (r.st != UD_OK || q->next >= q->len)
		memset(q, 0, sizeof *q);              /* sent, or stopped by a source fault */
	e_node = -1;
	e_mirror();
}

/* node 1's SMMU interrupt: read and clear each faulted bank (taken in the
 * step of the fault: with HUPCF = 1 a bank's fault state changes no
 * outcome the engine sees -- a hit under fault is DONE, a fault under
 * fault TERMINATED as a first fault is -- so its timing is unobservable
 * to the write path; the FIFO entry is what the tasklet handles) */
static void e_irq(void)
{
	uint32_t b;
	for (b = 0; b < (uint32_t)E_NP; b++)
		if (e_s1.cb[b].tf || e_s1.cb[b].pf) {
			struct ud_smmu_fault f;
			(void)ud_smmu_read_fault(&e_s1, b, &f);
			(void)ud_smmu_clear_fault(&e_s1, b);
			TRAIL_PR("ENG node 1 IRQ: bank %u FAR %#llx cleared\n", b, (unsigned long long)f.far);
		}
}

/* node 1's destination tasklet handles one FIFO entry (ud_fh_drain, cap 1) */
static void e_os_step(void)
{
	struct ud_fh_action act;
	uint32_t n = 0;
	ud_status r;
	memset(&act, 0, sizeof act);
	r = ud_fh_drain(&e_fh, &e_ff, &e_map, &act, 1u, &n);
	TRAIL_PR("ENG node 1 tasklet: drain -> %d, %u entry: PD %d trid %d seq %d page %#x outcome %u\n",
	     (int)r, n, act.fault.pdid, act.fault.trid, act.fault.seq, act.fault.vpn,
	     n ? act.outcome : 0u);
	e_mirror();
}

/* a RAPF's two mailbox words reach the R5: decoded (src/fault_msg.c),
 * then the scheduler's event */
static void e_rapf_in(uint32_t w0, uint32_t w1)
{
	struct ud_rtx_msg mm;
	ud_status r;
	memset(&mm, 0, sizeof mm);
	r = ud_rtx_decode(w0, w1, &mm);
	if (r == UD_OK) {
		struct ud_r5_sched_ev ev;
		memset(&ev, 0, sizeof ev);
		ev.kind = UD_R5_SCHED_EV_RAPF; ev.trid = mm.trid; ev.seq = mm.seq;
		ev.wired_pd = mm.wired_pdid; ev.pd = mm.pdid;
		r = ud_r5_sched_event(&e_r5, &ev, e_now);
		if (r == UD_OK && (uint32_t)mm.wired_pdid != (uint32_t)mm.trid / 128u)
			e_badset(E_BAD_FORGED, "a RAPF wired with another PD was accepted");
	}
	TRAIL_PR("ENG R5 RAPF trid %d seq %d wired PD %d PD %d -> %d\n", mm.trid, mm.seq,
	     mm.wired_pdid, mm.pdid, (int)r);
}

/* network item k arrives; keep: a copy stays in flight (duplicated) */
static void e_deliver(int k, int keep)
{
	struct e_net it = e_g.net[k];
	if (!keep)
		memset(&e_g.net[k], 0, sizeof e_g.net[k]);
	if (it.kind == E_DATA) {
		struct ud_va_hdr h;
		struct ud_va_rx_out r;
		uint8_t data[256];
		uint32_t i;
		memset(&h, 0, sizeof h);
		memset(data, 0, sizeof data);
		h.from = it.from; h.trid = it.trid; h.seq = it.seq; h.pd = it.pd; h.dst = it.dst;
		h.off = it.off; h.blen = it.blen; h.n = it.n;
		for (i = 0; i < it.n && i < 256u; i++)
			data[i] = i < it.k0 ? e_byte(it.a0 / 4096u, it.a0 % 4096u + i)
					    : e_byte(it.a1 / 4096u, it.a1 % 4096u + (i - it.k0));
		e_node = 1;
		e_rxtr = it.trid / 128;               /* the transfer the packet belongs to */
		r = ud_va_rx_packet(&e_s1, &e_ff, &e_rx, &h, data);
		e_irq();
		TRAIL_PR("ENG receiver: trid %d seq %d PD %d dst %#llx (%u bytes) -> %d%s\n", it.trid,
		       it.seq, it.pd, (unsigned long long)it.dst, it.n, (int)r.st,
		       keep ? " (a copy stays in flight)" : "");
		e_node = -1;
	} else if (it.kind == E_ACK || it.kind == E_PFNACK) {
		struct ud_r5_sched_ev ev;
		ud_status r;
		memset(&ev, 0, sizeof ev);
		ev.kind = it.kind == E_ACK ? UD_R5_SCHED_EV_ACK : UD_R5_SCHED_EV_PFNACK;
		ev.trid = it.trid; ev.seq = it.seq;
		r = ud_r5_sched_event(&e_r5, &ev, e_now);
		TRAIL_PR("ENG R5 %s trid %d seq %d -> %d%s\n", it.kind == E_ACK ? "ACK" : "PF-NACK",
		       it.trid, it.seq, (int)r, keep ? " (a copy stays in flight)" : "");
	} else if (it.kind == E_RAPF) {
		e_rapf_in(it.a0, it.a1);
	} else if (it.kind == E_ABORT) {
		ud_status r = ud_r5_sched_abort(&e_r5, it.pd, it.trid, it.seq, it.err);
		TRAIL_PR("ENG R5 failure report PD %d trid %d seq %d err %d -> %d\n", it.pd, it.trid,
		       it.seq, it.err, (int)r);
	}
	e_mirror();
}

static void e_lose(int k)
{
	TRAIL_PR("ENG net: slot %d (kind %d trid %d seq %d) LOST\n", k, e_g.net[k].kind,
	       e_g.net[k].trid, e_g.net[k].seq);
	memset(&e_g.net[k], 0, sizeof e_g.net[k]);
	e_mirror();
}

static uint64_t e_next_deadline(void)
{
	uint32_t i;
	uint64_t best = e_r5.narmed > 0u ? e_r5.dl[e_r5.dense[0]] : e_now;
	for (i = 0; i < e_r5.narmed; i++) {
		uint16_t t = (uint16_t)e_r5.dense[i];
		if (e_r5.dl[t] < best)
			best = e_r5.dl[t];
	}
	return best;
}

static void e_tick(void)
{
	uint64_t d = e_next_deadline();
	int32_t r;
	if (d > e_now)
		e_now = d;
	r = ud_r5_sched_tick(&e_r5, e_now);
	TRAIL_PR("ENG R5 tick at %llu -> %d\n", (unsigned long long)e_now, r);
	e_mirror();
}

/* the attacker (PD 2) posts a RAPF through its own packetizer (which
 * wires PD 2): transaction of PD tp, sequence number current + ds - 1,
 * PD field pf */
static void e_forge(int tp, int ds, int pf)
{
	struct ud_rtx_msg mm;
	uint32_t w0 = 0, w1 = 0;
	int t = e_trid_of(tp);
	mm.wired_pdid = 2; mm.trid = (uint16_t)t;
	mm.seq = (uint16_t)((e_r5.seq[t] + 16384u + (uint32_t)ds - 1u) % 16384u);
	mm.pdid = (uint16_t)pf;
	(void)ud_rtx_encode(&mm, &w0, &w1);
	TRAIL_PR("ENG PD 2 forges a RAPF: trid %d seq %d PD field %d\n", t, mm.seq, pf);
	/* through PD 2's packetizer, which wires PD 2 (3.2.3.3), to the R5 at
	 * once (the attacker may forge at any moment: any delay is covered) */
	w0 = (w0 & ~(0xFFFFu << 2)) | (2u << 2);
	e_rapf_in(w0, w1);
	e_mirror();
}

/* what-if, outside A-R5-EVENTS: an ACK for PD tp's current (trid, seq)
 * reaches the R5 from no packet */
static void e_ackforge(int tp)
{
	struct ud_r5_sched_ev ev;
	ud_status r;
	memset(&ev, 0, sizeof ev);
	ev.kind = UD_R5_SCHED_EV_ACK; ev.trid = (uint16_t)e_trid_of(tp);
	ev.seq = e_r5.seq[ev.trid];
	r = ud_r5_sched_event(&e_r5, &ev, e_now);
	TRAIL_PR("ENG forged ACK trid %d seq %d -> %d\n", ev.trid, ev.seq, (int)r);
	e_mirror();
}

#endif
