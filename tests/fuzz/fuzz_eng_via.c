/* uldma-links: eng_via tpt pd mr mw access xfer_packet xfer_wr */
/*
 * tests/fuzz/fuzz_eng_via.c -- the engine's VIA entry (src/eng_via.c,
 * ud_eng_via_write; issue 18) against a plain reference model written here
 * from seed 002_ffb04a49a005edd4.txt (3.1-3.3, 4.1-4.3, Fig. 3) and
 * docs/engine.md "The VIA entry": two bridges (node 1, the active node and
 * importer; the exporter, another node or -- loopback -- the same tables),
 * virtual interfaces with their tags, exports/imports with tags, withdrawn
 * ones, and random descriptors (lengths 0, 1 .. over 1 MiB, addresses that
 * wrap 2^64, cross pages or leave a window, dead and out-of-range VIs,
 * tags that differ), each run through ud_eng_via_write.
 *
 * The model: an export/import table is a list of (page -> entry) pairs
 * over a small universe of pages (no struct ud_tpt); a descriptor is cut
 * at every 4 kB end of either side; each piece translates its source
 * (upstream, the VI's tag compared: outside the window RANGE, not exported
 * NOENT, another tag PERM) then its destination (downstream, tag
 * compared; another node than the exporter's NOENT; the exporter's
 * upstream with tags ignored), and moves its bytes from the source's
 * physical page to the exporter's -- in the model's own copy of memory.
 * Checked after every step: the status; exactly one completion (none on a
 * dead or out-of-range VI) with the status and the bytes moved; the
 * memory-door log exactly the model's (read of each piece at the source's
 * translation, then its write at the destination's, up to the first
 * refused piece; nothing for a malformed descriptor); no door called
 * outside its contract, no other frame touched; and every byte of every
 * physical page -- the four pages exports may name and a fifth nobody
 * names -- equal to the model's.  Table operations: the model's status,
 * and every entry of the universe equal to the model's (an invalid entry
 * clean).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "eng_via.h"
#include "tpt.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_xfer_wr.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

/* ---- the universe ---- */
/* Upstream pages the fuzzer may name: the first UP_LO (a 1 MiB run and
 * more) and the last UP_HI of the window (runs that leave it). */
#define UP_LO 300u
#define UP_HI 4u
#define NUP (UP_LO + UP_HI)
#define DN_LO 72u
#define DN_HI 4u
#define NDN (DN_LO + DN_HI)
static uint32_t up_idx(uint32_t s) { return s < UP_LO ? s : UD_TPT_UP_ENTRIES - UP_HI + (s - UP_LO); }
static uint32_t dn_idx(uint32_t s) { return s < DN_LO ? s : UD_TPT_DOWN_ENTRIES - DN_HI + (s - DN_LO); }
/* Slot of a page index, or -1 outside the universe. */
static int up_slot(uint64_t i)
{
	if (i < UP_LO) return (int)i;
	if (i >= UD_TPT_UP_ENTRIES - UP_HI && i < UD_TPT_UP_ENTRIES) return (int)(UP_LO + i - (UD_TPT_UP_ENTRIES - UP_HI));
	return -1;
}
static int dn_slot(uint64_t i)
{
	if (i < DN_LO) return (int)i;
	if (i >= UD_TPT_DOWN_ENTRIES - DN_HI && i < UD_TPT_DOWN_ENTRIES) return (int)(DN_LO + i - (UD_TPT_DOWN_ENTRIES - DN_HI));
	return -1;
}

/* Physical memory: the pages exports may name, and one nobody names. */
#define NPHYS 5u
static const uint64_t PPN[NPHYS] = { 0x100, 0x101, 0x102, 0x103, 0x1ff };
#define NAMED 4u
static uint8_t real[NPHYS][4096];   /* the doors' memory (host_dma_alias) */
static uint8_t mmem[NPHYS][4096];   /* the model's */

static const uint16_t TAGS[4] = { 0x1234, 0x4321, 0x0000, 0xffff };

/* ---- the reference model ---- */
struct m_up { int valid; uint64_t ppn; uint16_t tag; };
struct m_dn { int valid; uint64_t roff; uint16_t node, tag; };
struct m_node { uint16_t node; struct m_up up[NUP]; struct m_dn dn[NDN]; };
static struct m_node MA, MB;
static int m_live[UD_VIA_NVI];
static uint16_t m_tag[UD_VIA_NVI];

static struct ud_tpt A, B;          /* 2 MB each: static, reset slot by slot */
static struct ud_via_vis vis;
static uint8_t buf[UD_VIA_PIECE];

static int m_export(struct m_node *m, uint64_t idx, uint64_t ppn, uint16_t tag)
{
	int s;
	if (idx >= UD_TPT_UP_ENTRIES || ppn >= UD_TPT_PPN_LIM) return UD_E_RANGE;
	s = up_slot(idx);
	CHECK(s >= 0);
	if (m->up[s].valid) return UD_E_BUSY;
	m->up[s] = (struct m_up){ 1, ppn, tag };
	return UD_OK;
}
static int m_unexport(struct m_node *m, uint64_t idx)
{
	int s;
	if (idx >= UD_TPT_UP_ENTRIES) return UD_E_RANGE;
	s = up_slot(idx);
	CHECK(s >= 0);
	if (!m->up[s].valid) return UD_E_NOENT;
	m->up[s] = (struct m_up){ 0, 0, 0 };
	return UD_OK;
}
static int m_import(struct m_node *m, uint64_t idx, uint16_t node, uint64_t roff, uint16_t tag)
{
	int s;
	if (idx >= UD_TPT_DOWN_ENTRIES || roff >= UD_TPT_UP_WIN) return UD_E_RANGE;
	if (roff % 16384 != 0) return UD_E_INVAL;
	s = dn_slot(idx);
	CHECK(s >= 0);
	if (m->dn[s].valid) return UD_E_BUSY;
	m->dn[s] = (struct m_dn){ 1, roff, node, tag };
	return UD_OK;
}
static int m_unimport(struct m_node *m, uint64_t idx)
{
	int s;
	if (idx >= UD_TPT_DOWN_ENTRIES) return UD_E_RANGE;
	s = dn_slot(idx);
	CHECK(s >= 0);
	if (!m->dn[s].valid) return UD_E_NOENT;
	m->dn[s] = (struct m_dn){ 0, 0, 0, 0 };
	return UD_OK;
}

/* Upstream: the byte's physical address, tag compared when check. */
static int m_up(const struct m_node *m, uint64_t a, int check, uint16_t tag, uint64_t *pa)
{
	int s;
	if (a >= UD_TPT_UP_WIN) return UD_E_RANGE;
	s = up_slot(a / 4096);
	if (s < 0 || !m->up[s].valid) return UD_E_NOENT;
	if (check && m->up[s].tag != tag) return UD_E_PERM;
	*pa = m->up[s].ppn * 4096 + a % 4096;
	return UD_OK;
}
/* Import path: downstream on the importer (tag compared), then the
 * exporter's upstream (tag ignored). */
static int m_path(const struct m_node *imp, const struct m_node *exp, uint64_t a, uint16_t tag, uint64_t *pa)
{
	int s;
	if (a >= UD_TPT_DOWN_WIN) return UD_E_RANGE;
	s = dn_slot(a / 16384);
	if (s < 0 || !imp->dn[s].valid) return UD_E_NOENT;
	if (imp->dn[s].tag != tag) return UD_E_PERM;
	if (imp->dn[s].node != exp->node) return UD_E_NOENT;
	return m_up(exp, imp->dn[s].roff + a % 16384, 0, 0, pa);
}
static uint8_t *m_byte(uint64_t pa)
{
	for (uint32_t f = 0; f < NAMED; f++)
		if (pa / 4096 == PPN[f])
			return &mmem[f][pa % 4096];
	abort();   /* the model never translates to another page */
}

static struct host_dma_access want[HOST_DMA_LOG];
static uint32_t nwant;
static void want_access(uint64_t pa, uint32_t len, uint8_t wr)
{
	if (nwant < HOST_DMA_LOG)
		want[nwant] = (struct host_dma_access){ pa, len, wr };
	nwant++;
}

/* The model's descriptor: status, bytes moved, accesses, memory. */
static int m_write(const struct m_node *imp, const struct m_node *exp, uint32_t vi,
		   const struct ud_via_desc *d, int *complete, uint32_t *moved)
{
	static uint8_t tmp[4096];
	uint64_t off = 0;

	*complete = 0;
	*moved = 0;
	if (vi >= UD_VIA_NVI || !m_live[vi]) return UD_E_NOENT;
	*complete = 1;
	if (d->len == 0 || d->len > UD_VIA_MAX_LEN) return UD_E_INVAL;
	if ((unsigned __int128)d->la + d->len > UINT64_MAX || (unsigned __int128)d->ra + d->len > UINT64_MAX)
		return UD_E_OVERFLOW;
	while (off < d->len) {
		uint64_t la = d->la + off, ra = d->ra + off, spa = 0, dpa = 0, k = d->len - off;
		int r;
		if (k > 4096 - la % 4096) k = 4096 - la % 4096;
		if (k > 4096 - ra % 4096) k = 4096 - ra % 4096;
		r = m_up(imp, la, 1, m_tag[vi], &spa);
		if (r == UD_OK)
			r = m_path(imp, exp, ra, m_tag[vi], &dpa);
		if (r != UD_OK) { *moved = (uint32_t)off; return r; }
		memcpy(tmp, m_byte(spa), k);
		want_access(spa, (uint32_t)k, 0);
		memcpy(m_byte(dpa), tmp, k);
		want_access(dpa, (uint32_t)k, 1);
		off += k;
	}
	*moved = (uint32_t)off;
	return UD_OK;
}

/* ---- comparisons ---- */
static void same_tables(const struct m_node *m, const struct ud_tpt *t)
{
	CHECK(t->node == m->node);
	for (uint32_t s = 0; s < NUP; s++) {
		const struct ud_tpt_up *e = &t->up[up_idx(s)];
		CHECK(!!e->valid == m->up[s].valid);
		CHECK(e->ppn == m->up[s].ppn && e->tag == m->up[s].tag);
	}
	for (uint32_t s = 0; s < NDN; s++) {
		const struct ud_tpt_down *e = &t->down[dn_idx(s)];
		CHECK(!!e->valid == m->dn[s].valid);
		CHECK(e->roff == m->dn[s].roff && e->node == m->dn[s].node && e->tag == m->dn[s].tag);
	}
}
static void same_memory(void)
{
	CHECK(host_dma.violations == 0);
	CHECK(host_dma.nframes == NPHYS);        /* no other frame touched */
	for (uint32_t f = 0; f < NPHYS; f++)
		CHECK(memcmp(real[f], mmem[f], 4096) == 0);
}

/* ---- input ---- */
static const uint8_t *in; static size_t left;
static uint64_t take(unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++) { v = v << 8 | (left ? (left--, *in++) : 0); }
	return v;
}

static uint64_t pick_ppn(void)
{
	uint32_t b = (uint32_t)take(1);
	if (b % 16 == 15) return UD_TPT_PPN_LIM + (b >> 4);   /* refused: RANGE */
	return PPN[b % NAMED];
}
static uint64_t pick_up_idx(void)
{
	uint32_t b = (uint32_t)take(2);
	if (b % 64 == 63) return UD_TPT_UP_ENTRIES + (b >> 6);   /* outside: RANGE */
	return up_idx(b % NUP);
}
static uint64_t pick_dn_idx(void)
{
	uint32_t b = (uint32_t)take(1);
	if (b == 255) return UD_TPT_DOWN_ENTRIES;
	return dn_idx(b % NDN);
}
static uint16_t pick_tag(void)
{
	uint32_t b = (uint32_t)take(1);
	return b < 240 ? TAGS[b % 4] : (uint16_t)take(2);
}
static uint64_t pick_roff(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 8) {
	case 0: case 1: case 2: case 3: return (uint64_t)(take(1) % (UP_LO / 4)) * 16384;
	case 4: return UD_TPT_UP_WIN - 16384;
	case 5: return (uint64_t)(take(1) % (UP_LO / 4)) * 16384 + 4096 * (1 + b / 8 % 3); /* INVAL */
	case 6: return UD_TPT_UP_WIN + (b / 8) * 16384;                                  /* RANGE */
	default: return take(8);
	}
}
static uint16_t pick_node(void)
{
	uint32_t b = (uint32_t)take(1);
	return b % 4 == 3 ? 9 : MB.node;   /* mostly the exporter's */
}
static uint64_t pick_la(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 8) {
	case 0: case 1: case 2: return (take(2) % UP_LO) * 4096 + take(2) % 4096;
	case 3: return UD_TPT_UP_WIN - UP_HI * 4096 + take(2) % (UP_HI * 4096 + 64);
	case 4: return take(8);
	case 5: return UINT64_MAX - take(3);
	case 6: return (take(1) % 40) * 4096 + take(2) % 4096;   /* room for 1 MiB */
	default: return (take(2) % UP_LO) * 4096 + 4096 - 1 - take(1) % 64;
	}
}
static uint64_t pick_ra(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 8) {
	case 0: case 1: case 2: return (take(1) % DN_LO) * 16384 + take(2) % 16384;
	case 3: return UD_TPT_DOWN_WIN - DN_HI * 16384 + take(2) % (DN_HI * 16384 + 64);
	case 4: return take(8);
	case 5: return UINT64_MAX - take(3);
	case 6: return (take(1) % 8) * 16384 + take(2) % 16384;   /* room for 1 MiB */
	default: return (take(1) % DN_LO) * 16384 + 4096 * (take(1) % 4) + 4096 - 1 - take(1) % 64;
	}
}
static uint32_t pick_len(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 8) {
	case 0: return 0;
	case 1: case 2: return 1 + (uint32_t)(take(2) % 8192);
	case 3: return 1 + (uint32_t)take(1);
	case 4: return 1 + (uint32_t)(take(3) % UD_VIA_MAX_LEN);
	case 5: return UD_VIA_MAX_LEN - (b / 8) % 2;
	case 6: return UD_VIA_MAX_LEN + 1 + (uint32_t)take(1);
	default: return (uint32_t)take(4);
	}
}
static uint32_t pick_vi(void)
{
	uint32_t b = (uint32_t)take(1);
	if (b < 128) return 0;                       /* the prefilled pages' tag */
	if (b < 160) return b % 4;
	if (b < 240) return b % UD_VIA_NVI;
	if (b < 250) return UD_VIA_NVI + b % 4;      /* out of range */
	return (uint32_t)take(4);
}

static void reset(int loop)
{
	for (uint32_t s = 0; s < NUP; s++) {
		memset(&A.up[up_idx(s)], 0, sizeof A.up[0]);
		memset(&B.up[up_idx(s)], 0, sizeof B.up[0]);
	}
	for (uint32_t s = 0; s < NDN; s++) {
		memset(&A.down[dn_idx(s)], 0, sizeof A.down[0]);
		memset(&B.down[dn_idx(s)], 0, sizeof B.down[0]);
	}
	A.node = 1;
	B.node = loop ? 1 : 7;
	memset(&MA, 0, sizeof MA);
	memset(&MB, 0, sizeof MB);
	MA.node = 1;
	MB.node = B.node;
	memset(&vis, 0, sizeof vis);
	memset(m_live, 0, sizeof m_live);
	memset(m_tag, 0, sizeof m_tag);
	for (uint32_t v = 0; v < 4; v++) {     /* four live VIs, one per tag */
		vis.live[v] = 1; vis.tag[v] = TAGS[v];
		m_live[v] = 1; m_tag[v] = TAGS[v];
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t hdr, steps = 0;
	int loop;
	struct ud_tpt *E;
	struct m_node *ME;

	in = data; left = size;
	hdr = (uint32_t)take(2);
	loop = (hdr & 1u) != 0;        /* loopback: the exporter is the importer */
	reset(loop);
	E = loop ? &A : &B;
	ME = loop ? &MA : &MB;
	host_dma_reset();
	host_cq_reset();
	for (uint32_t f = 0; f < NPHYS; f++) {
		CHECK(host_dma_alias(PPN[f] * 4096, real[f]) == 0);
		for (uint32_t i = 0; i < 4096; i++)
			real[f][i] = mmem[f][i] = (uint8_t)(i * (2 * (hdr >> 8) + 1) + f * 37 + (hdr >> 1));
	}
	if (hdr & 6u) {   /* a prefilled home: every page of the universe's low part
			   exported and imported with TAGS[0] (a 1 MiB run fits), or
			   with every 7th export / 5th import another VI's tag */
		uint32_t nu = hdr & 4u ? UP_LO : 8, nd = hdr & 4u ? DN_LO : 2;
		for (uint32_t i = 0; i < nu; i++) {
			uint16_t t = (hdr & 16u) && i % 7 == 6 ? TAGS[1] : TAGS[0];
			CHECK(ud_tpt_export(&A, i, PPN[i % NAMED], t) == m_export(&MA, i, PPN[i % NAMED], t));
			if (!loop)
				CHECK(ud_tpt_export(&B, i, PPN[(i + 1) % NAMED], 0x7777) ==
				      m_export(&MB, i, PPN[(i + 1) % NAMED], 0x7777));
		}
		for (uint32_t j = 0; j < nd; j++) {
			uint16_t t = (hdr & 8u) && j % 5 == 4 ? TAGS[1] : TAGS[0];
			CHECK(ud_tpt_import(&A, j, MB.node, j * 16384, t) == m_import(&MA, j, MB.node, j * 16384, t));
		}
		same_tables(&MA, &A);
		if (!loop)
			same_tables(&MB, &B);
	}
	while (left && steps++ < 64) {
		uint32_t op = (uint32_t)take(1) % 12u;
		struct ud_tpt *T = op & 1u ? E : &A;        /* odd table ops: the exporter */
		struct m_node *MT = op & 1u ? ME : &MA;
		ud_status st;

		switch (op) {
		case 0: case 1: {   /* export */
			uint64_t idx = pick_up_idx(), ppn = pick_ppn();
			uint16_t tag = pick_tag();
			st = ud_tpt_export(T, (uint32_t)idx, ppn, tag);
			CHECK(st == m_export(MT, idx, ppn, tag));
			break;
		}
		case 2: case 3: {   /* withdraw an export */
			uint64_t idx = pick_up_idx();
			st = ud_tpt_unexport(T, (uint32_t)idx);
			CHECK(st == m_unexport(MT, idx));
			break;
		}
		case 4: {           /* import */
			uint64_t idx = pick_dn_idx(), roff = pick_roff();
			uint16_t node = pick_node(), tag = pick_tag();
			st = ud_tpt_import(&A, (uint32_t)idx, node, roff, tag);
			CHECK(st == m_import(&MA, idx, node, roff, tag));
			break;
		}
		case 5: {           /* withdraw an import */
			uint64_t idx = pick_dn_idx();
			st = ud_tpt_unimport(&A, (uint32_t)idx);
			CHECK(st == m_unimport(&MA, idx));
			break;
		}
		case 6: case 7: {   /* export a run of pages (a long descriptor's) */
			uint32_t s0 = (uint32_t)take(2) % NUP, k = 1 + (uint32_t)take(2) % 280u;
			uint16_t tag = pick_tag();
			uint32_t f0 = (uint32_t)take(1);
			for (uint32_t s = s0; s < s0 + k && s < NUP; s++) {
				uint64_t ppn = PPN[(f0 + s) % NAMED];
				CHECK(ud_tpt_export(T, up_idx(s), ppn, tag) == m_export(MT, up_idx(s), ppn, tag));
			}
			break;
		}
		case 8: {           /* import a run of 16 kB pages */
			uint32_t s0 = (uint32_t)take(1) % NDN, k = 1 + (uint32_t)take(1) % 72u;
			uint64_t roff = pick_roff();
			uint16_t node = pick_node(), tag = pick_tag();
			for (uint32_t s = s0; s < s0 + k && s < NDN; s++) {
				uint64_t r = roff + (uint64_t)(s - s0) * 16384;
				CHECK(ud_tpt_import(&A, dn_idx(s), node, r, tag) == m_import(&MA, dn_idx(s), node, r, tag));
			}
			break;
		}
		case 9: {           /* a VI is set up or torn down by its kernel */
			uint32_t v = (uint32_t)take(1) % UD_VIA_NVI;
			uint32_t b = (uint32_t)take(1);
			vis.live[v] = (uint8_t)(b & 1u);
			m_live[v] = (int)(b & 1u);
			vis.tag[v] = m_tag[v] = pick_tag();
			break;
		}
		default: {          /* a descriptor */
			struct ud_via_desc d;
			uint32_t vi = pick_vi(), moved;
			uint32_t cq0 = host_cq.n;
			int complete, mst;

			d.la = pick_la();
			d.ra = pick_ra();
			d.len = pick_len();
			if (take(1) % 4 == 0)    /* the destination right after the source's page offset */
				d.ra = (d.ra & ~(uint64_t)4095u) | (d.la & 4095u);
			nwant = 0;
			host_dma.n = 0;
			mst = m_write(&MA, ME, vi, &d, &complete, &moved);
			st = ud_eng_via_write(&vis, vi, &A, E, &d, buf);
			CHECK(st == mst);
			CHECK(host_cq.n == cq0 + (uint32_t)complete);
			if (complete && cq0 < HOST_CQ_LOG) {
				CHECK(host_cq.e[cq0].qp == vi);
				CHECK(host_cq.e[cq0].st == mst);
				CHECK(host_cq.e[cq0].len == moved);
			}
			CHECK(host_dma.n == nwant);
			for (uint32_t i = 0; i < nwant && i < HOST_DMA_LOG; i++)
				CHECK(host_dma.log[i].pa == want[i].pa && host_dma.log[i].len == want[i].len &&
				      host_dma.log[i].wr == want[i].wr);
			if (host_cq.n >= HOST_CQ_LOG - 1)
				host_cq_reset();
			break;
		}
		}
		if (op < 9) {
			same_tables(&MA, &A);
			if (!loop)
				same_tables(&MB, &B);
		}
		same_memory();
	}
	return 0;
}
