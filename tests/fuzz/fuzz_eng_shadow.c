/* uldma-links: eng_shadow shadow pd mr mw access xfer_packet */
/*
 * tests/fuzz/fuzz_eng_shadow.c -- the engine's shadow entry (src/eng_shadow.c,
 * ud_eng_sh_a1 / _a2 / _a3; issue 18) against a plain reference model of
 * seed 000_84f077e385ac0b00.txt's three shadow-address algorithms, written
 * here from the seed and src/shadow.h (docs/shadow.md).  One input picks an
 * algorithm (for algorithm 3 a sequence form) and a configuration (4..8
 * register contexts, a maximum size), then feeds bus accesses: mostly the
 * next access of some context's proper sequence (algorithm 1: two argument
 * STOREs carrying key#ctx, then the STORE of the size into the context's
 * register page; algorithm 2: the STORE of (dst, size) then the LOAD of
 * src in one context's shadow range; algorithm 3: the form's accesses),
 * contexts interleaved at random, and mutated ones and stray accesses
 * (another key or context, a LOAD for a STORE, another address or size,
 * regular, misaligned or out-of-range addresses, sizes 0, over the
 * maximum or crossing a page, a bus kind that does not exist), plus the
 * OS setting algorithm-1 keys.
 *
 * The model keeps, per algorithm, what the seed says the engine holds
 * (algorithm 1: per context its key, the argument addresses received and
 * its status word; algorithm 2: the pending STORE; algorithm 3: the
 * accepted prefix) and predicts each access's result.  Checked after
 * every access: the result; the started DMA (source, destination, size,
 * context) and *out untouched otherwise; every status word; the memory
 * door log exactly one read of the source then one write of the
 * destination on a start and nothing otherwise; no door outside its
 * contract, no frame but the five; and every byte of the five physical
 * pages (four that sequences name, one nobody names) equal to the model's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "eng_shadow.h"
#include "shadow.h"
#include "plat_host_xfer_packet.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

#define SB   UD_SH_BIT                 /* 2^40: the shadow bit          */
#define REG  0x100000ull               /* algorithm-1 register pages     */
#define NPHYS 5u
#define NAMED 4u
static const uint64_t FR[NPHYS] = { 0x10000, 0x11000, 0x12000, 0x13000, 0x1f000 };
static uint8_t real[NPHYS][4096], mmem[NPHYS][4096];
static uint8_t buf[UD_ENG_SH_BUF];

/* ---- the reference model ---- */
static uint32_t alg, form, nctx, maxsz;
/* algorithm 1 */
static struct { uint32_t key, nargs, st; uint64_t dst, src; } C[8];
/* algorithm 2 */
static uint32_t p_pend, p_size, p_st; static uint64_t p_addr;
/* algorithm 3: the form's accesses and the accepted prefix */
static uint32_t q_n, q_st, q_kind[5], q_data[5]; static uint64_t q_addr[5];

static uint32_t f_len(void) { return form == 0 ? 5 : form == 1 ? 3 : 4; }
static uint32_t f_kind(uint32_t i)   /* SLSLL, LSL, SLSL */
{
	static const uint32_t k[3][5] = { { 0, 1, 0, 1, 1 }, { 1, 0, 1, 9, 9 }, { 0, 1, 0, 1, 9 } };
	return k[form][i];
}
static uint32_t f_fd(void) { return form == 1 ? 1 : 0; }   /* the STORE dst */
static uint32_t f_fs(void) { return form == 1 ? 0 : 1; }   /* the LOAD src  */

static int in_page(uint64_t p, uint32_t size)
{
	return size >= 1 && size <= maxsz && p % 4096 + size <= 4096;
}
static int shadow0(uint64_t a) { return a >= SB && a < 2 * SB; }

/* One access: result; *d the DMA when started. */
static int32_t m_step(uint32_t kind, uint64_t a, uint32_t data, struct ud_sh_dma *d)
{
	if (kind > 1) return UD_E_INVAL;
	if (alg == 1) {
		if (shadow0(a)) {               /* an argument STORE: key#ctx */
			uint32_t c = data % 8, key = data / 8;
			if (kind != UD_BUS_STORE) return UD_E_INVAL;
			if (c >= nctx) return UD_E_RANGE;
			if (key == 0 || key != C[c].key) return UD_E_KEY;
			if (C[c].nargs == 1) { C[c].src = a; C[c].nargs = 2; }
			else { C[c].dst = a; C[c].nargs = 1; }
			return UD_SH_NOTHING;
		}
		if (a < REG || a % 4096 || (a - REG) / 4096 >= nctx) return UD_E_RANGE;
		uint32_t c = (uint32_t)((a - REG) / 4096);
		if (kind == UD_BUS_LOAD) return UD_SH_NOTHING;   /* reads the status word */
		if (C[c].nargs != 2) { C[c].nargs = 0; C[c].st = UD_SH_FAILURE; return UD_E_SEQ; }
		C[c].nargs = 0;
		if (!in_page(C[c].dst - SB, data) || !in_page(C[c].src - SB, data)) {
			C[c].st = UD_SH_FAILURE; return UD_E_BOUNDS;
		}
		C[c].st = UD_SH_SUCCESS;
		*d = (struct ud_sh_dma){ C[c].src - SB, C[c].dst - SB, data, c };
		return UD_SH_STARTED;
	}
	if (alg == 2) {
		/* shadow range: bit 40 set, context in bits 41..42, nothing above */
		if (a >= UD_SH_TOP || !(a & SB)) return UD_E_RANGE;
		if (kind == UD_BUS_STORE) { p_pend = 1; p_size = data; p_addr = a; return UD_SH_NOTHING; }
		if (!p_pend) { p_st = UD_SH_FAILURE; return UD_E_SEQ; }
		p_pend = 0;
		if (p_addr >> 41 != a >> 41) { p_st = UD_SH_FAILURE; return UD_E_SEQ; }
		uint64_t dst = p_addr & (SB - 1), src = a & (SB - 1);
		if (!in_page(dst, p_size) || !in_page(src, p_size)) { p_st = UD_SH_FAILURE; return UD_E_BOUNDS; }
		p_st = UD_SH_SUCCESS;
		*d = (struct ud_sh_dma){ src, dst, p_size, (uint32_t)(a >> 41) };
		return UD_SH_STARTED;
	}
	/* algorithm 3 */
	if (!shadow0(a)) return UD_E_RANGE;
	if (kind != f_kind(q_n) ||
	    (q_n >= 2 && a != q_addr[q_n % 2]) ||                  /* repeats its first access's address */
	    (kind == UD_BUS_STORE && f_fd() < q_n && data != q_data[f_fd()])) {
		q_n = 0; q_st = UD_SH_FAILURE; return UD_E_SEQ;
	}
	q_kind[q_n] = kind; q_addr[q_n] = a; q_data[q_n] = data;
	if (++q_n < f_len()) { q_st = UD_SH_SUCCESS; return UD_SH_NOTHING; }
	q_n = 0;
	uint64_t dst = q_addr[f_fd()] - SB, src = q_addr[f_fs()] - SB;
	uint32_t size = q_data[f_fd()];
	if (!in_page(dst, size) || !in_page(src, size)) { q_st = UD_SH_FAILURE; return UD_E_BOUNDS; }
	q_st = UD_SH_DONE;
	*d = (struct ud_sh_dma){ src, dst, size, 0 };
	return UD_SH_STARTED;
}
static uint8_t *m_byte(uint64_t pa)
{
	for (uint32_t f = 0; f < NAMED; f++)
		if (pa / 4096 == FR[f] / 4096)
			return &mmem[f][pa % 4096];
	abort();    /* a started DMA names only the four pages */
}

/* ---- input ---- */
static const uint8_t *in; static size_t left;
static uint64_t take(unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++) { v = v << 8 | (left ? (left--, *in++) : 0); }
	return v;
}
/* A physical address in one of the four pages. */
static uint64_t pick_p(void)
{
	uint32_t b = (uint32_t)take(1);
	uint64_t page = FR[b % NAMED];
	switch (b / NAMED % 4) {
	case 0: return page;
	case 1: return page + 4096 - 1 - take(1) % 64;
	default: return page + take(2) % 4096;
	}
}
static uint32_t pick_size(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 8) {
	case 0: return 0;
	case 1: return maxsz;
	case 2: return maxsz + 1;
	case 3: case 4: case 5: return 1 + (uint32_t)take(1);
	case 6: return 1 + (uint32_t)take(2) % 4096;
	default: return (uint32_t)take(4);
	}
}
/* A stray address: regular, the wrong shadow half, beyond the range, random. */
static uint64_t pick_stray(void)
{
	uint32_t b = (uint32_t)take(1);
	switch (b % 6) {
	case 0: return pick_p();                          /* regular memory    */
	case 1: return REG + (b / 6 % 10) * 4096 + (b / 60) % 2 * 8;  /* register pages, misaligned, past nctx */
	case 2: return 2 * SB + pick_p();                 /* context bits, no shadow bit */
	case 3: return UD_SH_TOP + pick_p();
	case 4: return SB + (uint64_t)(b / 6 % 4) * 2 * SB + pick_p();  /* another context's shadow */
	default: return take(8) | 1ull << 63;             /* far above every range */
	}
}
static uint32_t pick_key(void)
{
	uint32_t b = (uint32_t)take(1);
	if (b < 200) return 1 + b % 5;
	if (b < 230) return 0;
	if (b < 245) return UD_SH_A1_KEY_LIM - 1 - b % 2;
	return UD_SH_A1_KEY_LIM + b % 3;            /* refused: RANGE */
}

static int32_t eng(void *r, const struct ud_sh_cfg *cfg, uint32_t kind, uint64_t a, uint32_t data,
		   struct ud_sh_dma *out)
{
	if (alg == 1) return ud_eng_sh_a1(r, cfg, kind, a, data, buf, out);
	if (alg == 2) return ud_eng_sh_a2(r, cfg, kind, a, data, buf, out);
	return ud_eng_sh_a3(r, cfg, kind, a, data, buf, out);
}

static void same_status(const struct ud_sh_alg1 *r1, const struct ud_sh_alg2 *r2, const struct ud_sh_alg3 *r3)
{
	if (alg == 1)
		for (uint32_t c = 0; c < 8; c++)
			CHECK(ud_sh_alg1_status(r1, c) == (c < nctx ? C[c].st : UD_SH_FAILURE));
	else if (alg == 2)
		CHECK(ud_sh_alg2_status(r2) == p_st);
	else
		CHECK(ud_sh_alg3_status(r3) == q_st && r3->n == q_n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ud_sh_alg1 r1;
	static struct ud_sh_alg2 r2;
	static struct ud_sh_alg3 r3;
	struct ud_sh_cfg cfg;
	uint32_t hdr, steps = 0;
	void *r;

	in = data; left = size;
	hdr = (uint32_t)take(2);
	alg = 1 + hdr % 3;
	form = hdr / 3 % 3;
	nctx = 4 + hdr / 9 % 5;
	maxsz = (hdr >> 7) % 4 == 0 ? 4096 : (hdr >> 7) % 4 == 1 ? 64 : 1 + (hdr >> 9) % 4096;
	CHECK(ud_sh_cfg_init(&cfg, nctx, maxsz, REG) == UD_OK);
	ud_sh_alg1_init(&r1);
	ud_sh_alg2_init(&r2);
	ud_sh_alg3_init(&r3, form);
	memset(C, 0, sizeof C);
	for (uint32_t c = 0; c < 8; c++) C[c].st = UD_SH_FAILURE;
	p_pend = p_size = 0; p_addr = 0; p_st = UD_SH_FAILURE;
	q_n = 0; q_st = UD_SH_FAILURE;
	r = alg == 1 ? (void *)&r1 : alg == 2 ? (void *)&r2 : (void *)&r3;
	if (alg == 1)   /* the OS gives every context a key: ctx c key c + 1 */
		for (uint32_t c = 0; c < nctx; c++) {
			CHECK(ud_sh_alg1_set_key(&r1, &cfg, c, c + 1) == UD_OK);
			C[c].key = c + 1;
		}
	host_dma_reset();
	for (uint32_t f = 0; f < NPHYS; f++) {
		CHECK(host_dma_alias(FR[f], real[f]) == 0);
		for (uint32_t i = 0; i < 4096; i++)
			real[f][i] = mmem[f][i] = (uint8_t)(i * 13 + f * 71 + (hdr >> 4));
	}
	while (left && steps++ < 256) {
		uint32_t op = (uint32_t)take(1), kind = UD_BUS_STORE, d = 0;
		uint32_t c = (uint32_t)take(1) % 8, mut = op >> 4;   /* mutate when mut == 15 */
		uint64_t a = 0;
		struct ud_sh_dma out, was, md = { 0, 0, 0, 0 };
		int32_t st, mst;

		if (alg == 1 && op % 8 == 0) {        /* the OS (re)keys a context */
			uint32_t key = pick_key(), cc = c + (op >> 3) % 2;   /* cc may be >= nctx */
			st = ud_sh_alg1_set_key(&r1, &cfg, cc, key);
			if (cc >= nctx || key >= UD_SH_A1_KEY_LIM)
				CHECK(st == UD_E_RANGE);
			else {
				CHECK(st == UD_OK);
				C[cc].key = key; C[cc].nargs = 0; C[cc].st = UD_SH_FAILURE;
			}
			same_status(&r1, &r2, &r3);
			continue;
		}
		if (op % 8 == 1) {                     /* a stray access */
			kind = (uint32_t)take(1) % 3;      /* 2: no such bus kind */
			a = pick_stray();
			d = (uint32_t)take(1) % 2 ? pick_size() : (uint32_t)take(4);
		} else if (alg == 1) {                 /* context c's next access */
			c %= nctx;
			if (C[c].nargs < 2 && op % 8 != 7) {
				a = SB + pick_p();
				d = C[c].key * 8 + c;
			} else {
				a = REG + (uint64_t)c * 4096;
				d = pick_size();
			}
			if (mut == 15) {
				switch (take(1) % 5) {
				case 0: d = (C[c].key + 1) * 8 + c; break;        /* another key    */
				case 1: d = C[(c + 1) % nctx].key * 8 + c; break; /* another ctx's key, this ctx */
				case 2: kind = UD_BUS_LOAD; break;
				case 3: d = C[c].key * 8 + nctx + (uint32_t)take(1) % (8 - nctx + 1); break;
				default: a = REG + (uint64_t)((c + 1) % nctx) * 4096; break; /* another ctx's page */
				}
			}
		} else if (alg == 2) {                 /* context c % 4: STORE dst, then LOAD src */
			uint32_t cx = c % 4;
			if (p_pend && op % 4 != 2) {
				kind = UD_BUS_LOAD;
				cx = mut == 15 ? cx : (uint32_t)(p_addr >> 41);   /* mostly the pending one's */
			} else
				d = pick_size();
			a = SB + (uint64_t)cx * 2 * SB + pick_p();
			if (kind == UD_BUS_LOAD)
				d = (uint32_t)take(1);
		} else {                               /* algorithm 3: the form's next access */
			uint32_t n = q_n;
			kind = f_kind(n);
			a = n >= 2 ? q_addr[n % 2] : SB + pick_p();
			d = kind == UD_BUS_STORE ? (f_fd() < n ? q_data[f_fd()] : pick_size()) : (uint32_t)take(1);
			if (mut == 15) {
				switch (take(1) % 4) {
				case 0: kind ^= 1u; break;
				case 1: a = SB + pick_p(); break;
				case 2: d = pick_size(); break;
				default: ud_sh_alg3_init(&r3, form); q_n = 0; q_st = UD_SH_FAILURE;
					 kind = f_kind(0); a = SB + pick_p(); break;   /* a fresh recogniser */
				}
			}
		}
		memset(&out, 0xa5, sizeof out);
		was = out;
		host_dma.n = 0;
		mst = m_step(kind, a, d, &md);
		st = eng(r, &cfg, kind, a, d, &out);
		CHECK(st == mst);
		if (mst == UD_SH_STARTED) {
			static uint8_t tmp[4096];
			CHECK(out.src == md.src && out.dst == md.dst && out.size == md.size && out.ctx == md.ctx);
			CHECK(host_dma.n == 2);
			CHECK(host_dma.log[0].pa == md.src && host_dma.log[0].len == md.size && host_dma.log[0].wr == 0);
			CHECK(host_dma.log[1].pa == md.dst && host_dma.log[1].len == md.size && host_dma.log[1].wr == 1);
			memcpy(tmp, m_byte(md.src), md.size);
			memcpy(m_byte(md.dst), tmp, md.size);
		} else {
			CHECK(memcmp(&out, &was, sizeof out) == 0);
			CHECK(host_dma.n == 0);
		}
		same_status(&r1, &r2, &r3);
		CHECK(host_dma.violations == 0 && host_dma.nframes == NPHYS);
		for (uint32_t f = 0; f < NPHYS; f++)
			CHECK(memcmp(real[f], mmem[f], 4096) == 0);
	}
	return 0;
}
