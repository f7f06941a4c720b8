/* uldma-links: tpt */
/*
 * tests/fuzz/fuzz_tpt.c -- random operation sequences on two bridges'
 * translation-and-protection tables (src/tpt.c), compared step by step
 * with a plain reference model written here from seed
 * 002_ffb04a49a005edd4.txt (4 kB export pages, 16 kB import pages, tags
 * compared only for the engine on the active node, ignored on the remote
 * node).  Indices are drawn mostly from the first 64 entries (where the
 * model keeps its state) and sometimes from anywhere in 32 bits; addresses
 * from those pages or anywhere in 64 bits.  Checked after every step: the
 * same status, the same translation, out-parameters untouched on error.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tpt.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)
#define NM 64u

struct m_up { int valid; uint64_t ppn; uint16_t tag; };
struct m_dn { int valid; uint64_t roff; uint16_t node, tag; };
struct m_br { uint16_t node; struct m_up up[NM]; struct m_dn dn[NM]; };

static struct ud_tpt T[2];
static struct m_br M[2];

struct in { const uint8_t *p; size_t n; };

static uint64_t take(struct in *in, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++) {
		v = v << 8 | (in->n ? *in->p : 0u);
		if (in->n) { in->p++; in->n--; }
	}
	return v;
}

static uint32_t pick_idx(struct in *in)
{
	uint8_t b = (uint8_t)take(in, 1);
	if (b < 0xf0u)
		return b % NM;
	return (uint32_t)take(in, 4);
}

static uint64_t pick_addr(struct in *in, uint64_t page)
{
	uint8_t b = (uint8_t)take(in, 1);
	if (b < 0xe0u)
		return (b % NM) * page + take(in, 2) % page;
	return take(in, 8);
}

static int m_up_xlate(const struct m_br *m, uint64_t addr, uint32_t mode, uint16_t tag,
		      uint64_t *pa)
{
	if (mode > 1u) return UD_E_INVAL;
	if (addr >= 128ull * 1024 * 1024) return UD_E_RANGE;
	uint64_t i = addr / 4096;
	if (i >= NM || !m->up[i].valid) return UD_E_NOENT;
	if (mode == 0u && m->up[i].tag != tag) return UD_E_PERM;
	*pa = m->up[i].ppn * 4096 + addr % 4096;
	return UD_OK;
}

static int m_dn_xlate(const struct m_br *m, uint64_t addr, uint32_t mode, uint16_t tag,
		      uint16_t *node, uint64_t *roff)
{
	if (mode > 1u) return UD_E_INVAL;
	if (addr >= 1ull << 30) return UD_E_RANGE;
	uint64_t j = addr / 16384;
	if (j >= NM || !m->dn[j].valid) return UD_E_NOENT;
	if (mode == 0u && m->dn[j].tag != tag) return UD_E_PERM;
	*node = m->dn[j].node;
	*roff = m->dn[j].roff + addr % 16384;
	return UD_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };

	static int once;

	/* ud_tpt_init writes 2 x 2 MB: once.  Every later input starts from
	 * the same state by cleaning the only entries a step can leave set
	 * (index < NM: a set entry outside it is undone in the step). */
	if (!once) {
		ud_tpt_init(&T[0], 1);
		ud_tpt_init(&T[1], 2);
		once = 1;
	}
	for (unsigned b = 0; b < 2; b++)
		for (unsigned i = 0; i < NM; i++) {
			memset(&T[b].up[i], 0, sizeof T[b].up[i]);
			memset(&T[b].down[i], 0, sizeof T[b].down[i]);
		}
	memset(M, 0, sizeof M);
	M[0].node = 1; M[1].node = 2;
	for (unsigned step = 0; step < 256 && in.n; step++) {
		unsigned op = (unsigned)take(&in, 1);
		unsigned b = op >> 7;
		struct ud_tpt *t = &T[b];
		struct m_br *m = &M[b];
		uint32_t mode = (uint32_t)(take(&in, 1) % 3u);   /* 2: invalid */
		uint16_t tag = (uint16_t)(take(&in, 1) % 4u);
		switch (op % 7u) {
		case 0: {	/* export */
			uint32_t idx = pick_idx(&in);
			uint64_t ppn = take(&in, 1) < 0xf0u ? take(&in, 2) : take(&in, 8);
			int want = idx >= UD_TPT_UP_ENTRIES || ppn >= UD_TPT_PPN_LIM ? UD_E_RANGE
				 : idx < NM && m->up[idx].valid ? UD_E_BUSY : UD_OK;
			CHECK(ud_tpt_export(t, idx, ppn, tag) == want);
			if (want == UD_OK && idx < NM)
				m->up[idx] = (struct m_up){ 1, ppn, tag };
			if (want == UD_OK && idx >= NM)	/* outside the model: undo */
				CHECK(ud_tpt_unexport(t, idx) == UD_OK);
			break;
		}
		case 1: {	/* unexport */
			uint32_t idx = pick_idx(&in);
			int want = idx >= UD_TPT_UP_ENTRIES ? UD_E_RANGE
				 : idx < NM && m->up[idx].valid ? UD_OK : UD_E_NOENT;
			CHECK(ud_tpt_unexport(t, idx) == want);
			if (want == UD_OK)
				m->up[idx].valid = 0;
			break;
		}
		case 2: {	/* import */
			uint32_t idx = pick_idx(&in);
			uint16_t node = (uint16_t)(take(&in, 1) % 4u);
			uint64_t roff = take(&in, 1) < 0xf0u ? (take(&in, 1) % NM) * 4096 : take(&in, 8);
			int want = idx >= UD_TPT_DOWN_ENTRIES || roff >= UD_TPT_UP_WIN ? UD_E_RANGE
				 : roff % 16384 ? UD_E_INVAL
				 : idx < NM && m->dn[idx].valid ? UD_E_BUSY : UD_OK;
			CHECK(ud_tpt_import(t, idx, node, roff, tag) == want);
			if (want == UD_OK && idx < NM)
				m->dn[idx] = (struct m_dn){ 1, roff, node, tag };
			if (want == UD_OK && idx >= NM)
				CHECK(ud_tpt_unimport(t, idx) == UD_OK);
			break;
		}
		case 3: {	/* unimport */
			uint32_t idx = pick_idx(&in);
			int want = idx >= UD_TPT_DOWN_ENTRIES ? UD_E_RANGE
				 : idx < NM && m->dn[idx].valid ? UD_OK : UD_E_NOENT;
			CHECK(ud_tpt_unimport(t, idx) == want);
			if (want == UD_OK)
				m->dn[idx].valid = 0;
			break;
		}
		case 4: {	/* upstream translation */
			uint64_t addr = pick_addr(&in, 4096), pa = 0x5a5a, mpa = 0x5a5a;
			int want = m_up_xlate(m, addr, mode, tag, &mpa);
			CHECK(ud_tpt_up_xlate(t, addr, mode, tag, &pa) == want);
			CHECK(pa == mpa);
			break;
		}
		case 5: {	/* downstream translation */
			uint64_t addr = pick_addr(&in, 16384), ro = 9, mro = 9;
			uint16_t nd = 9, mnd = 9;
			int want = m_dn_xlate(m, addr, mode, tag, &mnd, &mro);
			CHECK(ud_tpt_down_xlate(t, addr, mode, tag, &nd, &ro) == want);
			CHECK(nd == mnd && ro == mro);
			break;
		}
		default: {	/* Fig. 2 / 3 path from bridge b to the other one */
			uint64_t addr = pick_addr(&in, 16384), pa = 0x77, mpa = 0x77, ro = 0;
			uint16_t nd = 0;
			int want = m_dn_xlate(m, addr, mode, tag, &nd, &ro);
			if (want == UD_OK && nd != M[!b].node)
				want = UD_E_NOENT;
			if (want == UD_OK)
				want = m_up_xlate(&M[!b], ro, 1u, 0, &mpa);
			CHECK(ud_tpt_path(t, &T[!b], addr, mode, tag, &pa) == want);
			CHECK(pa == mpa);
			break;
		}
		}
	}
	return 0;
}
