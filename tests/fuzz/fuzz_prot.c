/* uldma-links: pd mr mw access xfer_packet xfer_wr */
/*
 * tests/fuzz/fuzz_prot.c -- random verb sequences against the protection
 * core (src/pd.c, mr.c, mw.c, access.c), compared step by step with a
 * plain executable reference model written here from seed
 * 001_7ab1209d0a9249cf.txt (lists of objects, no tables of slots, no keys
 * arithmetic: a key is valid iff it is the last one handed out for a live
 * object).  Checked after every step: same status, same grant/deny and
 * physical address, a page is pinned by the host iff the model counts a
 * live registration covering it, no double pin / unpin.  Packets through
 * src/xfer_packet.c: the same verdict as the model's check of the whole
 * packet; granted, the memory accesses are exactly the model's byte-by-byte
 * translation of the packet, in order, each inside one page, and the bytes
 * written (read) are the packet's (memory's); refused, no access at all and
 * the read buffer untouched.  Work requests through src/xfer_wr.c (in
 * loopback: initiator and target are the same protection state): the
 * model's outcome packet by packet (each packet's load, then its store,
 * the first refusal ends the run) -- same status, exactly one completion
 * (none on a dead QP) with the bytes moved, and the accesses exactly the
 * model's translation of each packet's bytes, load then store.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pd.h"
#include "mr.h"
#include "mw.h"
#include "access.h"
#include "xfer_packet.h"
#include "xfer_wr.h"
#include "plat_host_mr.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_xfer_wr.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

/* ---- the reference model ---- */
struct m_mr { int live; uint32_t pd, acc, key; uint64_t iova, len; uint32_t off, np; uint64_t pg[16]; };
struct m_mw { int live, bound; uint32_t pd, mr, acc, key; uint64_t va, len; };
static int m_pd[8], m_qp[16], m_ah[16];
static uint32_t m_qp_pd[16], m_ah_pd[16];
static struct m_mr M[16];
static struct m_mw W[16];
static uint32_t issued[4096]; static unsigned nissued;  /* every key ever handed out */

static int m_has_remote(uint32_t a) { return (a & 14u) != 0; }
static int m_acc_ok(uint32_t a) { return a <= 31 && (!(a & 10u) || (a & 1u)); }
static unsigned m_cover(uint64_t page)
{
	unsigned c = 0;
	for (int i = 0; i < 16; i++)
		if (M[i].live)
			for (unsigned j = 0; j < M[i].np; j++)
				c += M[i].pg[j] == page;
	return c;
}
static void remember(uint32_t k) { if (nissued < 4096) issued[nissued++] = k; }

static const uint8_t *in; static size_t left;
static uint64_t take(unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++) { v = v << 8 | (left ? (left--, *in++) : 0); }
	return v;
}

static struct ud_prot P;
static uint8_t wr_scratch[UD_WR_PKT];        /* the engine's staging buffer */

/* The model of the access check: granted iff the plain rule holds. */
static int m_check(uint32_t pd, uint32_t key, uint64_t a, uint64_t n, uint32_t kind, uint64_t *pa)
{
	if (kind > 4 || n == 0) return UD_E_INVAL;
	for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == key) {
		if (M[i].pd != pd) return UD_E_PD;
		if (a + (n - 1) < a) return UD_E_OVERFLOW;   /* a + n > 2^64 */
		if (a < M[i].iova || (unsigned __int128)a + n > (unsigned __int128)M[i].iova + M[i].len) return UD_E_BOUNDS;
		static const uint32_t need[5] = { 0, 1, 4, 2, 8 };
		if (kind && !(M[i].acc & need[kind])) return UD_E_PERM;
		uint64_t pos = M[i].off + (a - M[i].iova);
		*pa = M[i].pg[pos / 4096] + pos % 4096;
		return UD_OK;
	}
	for (int w = 0; w < 16; w++) if (W[w].live && W[w].bound && W[w].key == key) {
		if (W[w].pd != pd) return UD_E_PD;
		if (a + (n - 1) < a) return UD_E_OVERFLOW;   /* a + n > 2^64 */
		if (a < W[w].va || (unsigned __int128)a + n > (unsigned __int128)W[w].va + W[w].len) return UD_E_BOUNDS;
		static const uint32_t needw[5] = { 0, 0, 4, 2, 8 };
		if (!(W[w].acc & needw[kind])) return UD_E_PERM;
		struct m_mr *m = &M[W[w].mr];
		uint64_t pos = m->off + (a - m->iova);
		*pa = m->pg[pos / 4096] + pos % 4096;
		return UD_OK;
	}
	return UD_E_KEY;
}

static uint32_t pick_key(void)
{
	uint32_t sel = (uint32_t)take(1);
	if (sel < 128 && nissued) return issued[(sel * 7u + (uint32_t)take(1)) % nissued];
	return (uint32_t)take(4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	in = data; left = size;
	host_mr_reset();
	host_dma_reset();
	host_cq_reset();
	ud_prot_init(&P);
	memset(m_pd, 0, sizeof m_pd); memset(m_qp, 0, sizeof m_qp); memset(m_ah, 0, sizeof m_ah);
	memset(M, 0, sizeof M); memset(W, 0, sizeof W); nissued = 0;

	while (left) {
		uint32_t op = (uint32_t)take(1) % 15;
		uint32_t h = 0, k1 = 0, k2 = 0;
		ud_status st;
		switch (op) {
		case 0: {                                  /* alloc_pd */
			st = ud_alloc_pd(&P, &h);
			int f = -1; for (int d = 0; d < 8; d++) if (!m_pd[d]) { f = d; break; }
			CHECK(st == (f < 0 ? UD_E_NOSPC : UD_OK));
			if (!st) { CHECK(h == (uint32_t)f); m_pd[h] = 1; }
			break; }
		case 1: {                                  /* dealloc_pd */
			uint32_t d = (uint32_t)take(1) % 9;
			st = ud_dealloc_pd(&P, d);
			int want = UD_OK;
			if (d >= 8 || !m_pd[d]) want = UD_E_NOENT;
			else {
				for (int i = 0; i < 16; i++)
					if ((M[i].live && M[i].pd == d) || (W[i].live && W[i].pd == d) ||
					    (m_qp[i] && m_qp_pd[i] == d) || (m_ah[i] && m_ah_pd[i] == d))
						want = UD_E_BUSY;
			}
			CHECK(st == want);
			if (!st) m_pd[d] = 0;
			break; }
		case 2: {                                  /* qp / ah attach, detach */
			uint32_t d = (uint32_t)take(1) % 9, which = (uint32_t)take(1) % 4;
			if (which == 0) { st = ud_qp_attach(&P, d, &h);
				if (!st) { CHECK(!m_qp[h]); m_qp[h] = 1; m_qp_pd[h] = d; } else CHECK(d >= 8 || !m_pd[d] || st == UD_E_NOSPC); }
			else if (which == 1) { st = ud_ah_attach(&P, d, &h);
				if (!st) { CHECK(!m_ah[h]); m_ah[h] = 1; m_ah_pd[h] = d; } else CHECK(d >= 8 || !m_pd[d] || st == UD_E_NOSPC); }
			else if (which == 2) { uint32_t q = d % 17; st = ud_qp_detach(&P, q);
				CHECK(st == ((q < 16 && m_qp[q]) ? UD_OK : UD_E_NOENT)); if (!st) m_qp[q] = 0; }
			else { uint32_t q = d % 17; st = ud_ah_detach(&P, q);
				CHECK(st == ((q < 16 && m_ah[q]) ? UD_OK : UD_E_NOENT)); if (!st) m_ah[q] = 0; }
			break; }
		case 3: case 4: {                          /* reg_mr (virtual, host pages) */
			uint32_t d = (uint32_t)take(1) % 9, acc = (uint32_t)take(1) % 34;
			uint64_t va = take(1) < 250 ? take(3) : take(8);
			uint64_t len = take(1) < 250 ? take(2) % 20000 : take(8);
			uint64_t q[16]; unsigned nq = (unsigned)(take(1) % 17);
			for (unsigned j = 0; j < nq; j++) q[j] = (take(1) % 24) * 4096;  /* few pages: overlap */
			host_mr_queue(q, nq);
			st = ud_reg_mr(&P, d, va, len, acc, &h, &k1, &k2);
			if (!st) {
				CHECK(h < 16 && !M[h].live);
				CHECK(m_pd[d] && m_acc_ok(acc) && len >= 1);
				struct m_mr *m = &M[h];
				m->live = 1; m->pd = d; m->acc = acc; m->key = k1; m->iova = va; m->len = len;
				m->off = (uint32_t)(va % 4096); m->np = (uint32_t)((m->off + len + 4095) / 4096);
				for (unsigned j = 0; j < m->np; j++)
					m->pg[j] = j < nq ? q[j] : ((va / 4096 + j) % 0x100000000ull) * 4096;
				for (unsigned i = 0; i < nissued; i++) CHECK(issued[i] != k1);   /* fresh key */
				CHECK(k2 == (m_has_remote(acc) ? k1 : 0));
				remember(k1);
			} else if (d >= 8 || !m_pd[d]) CHECK(st == UD_E_NOENT);
			else if (!m_acc_ok(acc) || len == 0) CHECK(st == UD_E_INVAL);
			else if (va + len < va) CHECK(st == UD_E_OVERFLOW);
			break; }
		case 5: {                                  /* reg_shared_mr */
			uint32_t src = (uint32_t)take(1) % 17, d = (uint32_t)take(1) % 9, acc = (uint32_t)take(1) % 34;
			uint64_t va = take(3);
			st = ud_reg_shared_mr(&P, src, d, va, acc, &h, &k1, &k2);
			if (!st) {
				CHECK(M[src].live && m_pd[d] && m_acc_ok(acc) && !M[h].live);
				M[h] = M[src]; M[h].pd = d; M[h].acc = acc; M[h].iova = va; M[h].key = k1;
				for (unsigned i = 0; i < nissued; i++) CHECK(issued[i] != k1);
				remember(k1);
			} else if (src >= 16 || !M[src].live) CHECK(st == UD_E_NOENT);
			break; }
		case 6: {                                  /* dereg_mr */
			uint32_t i = (uint32_t)take(1) % 17;
			st = ud_dereg_mr(&P, i);
			int want = (i < 16 && M[i].live) ? UD_OK : UD_E_NOENT;
			if (!want) for (int w = 0; w < 16; w++) if (W[w].bound && W[w].mr == i) want = UD_E_BUSY;
			CHECK(st == want);
			if (!st) M[i].live = 0;
			break; }
		case 7: {                                  /* rereg_mr: pd / access */
			uint32_t i = (uint32_t)take(1) % 17, fl = (uint32_t)take(1) % 7, d = (uint32_t)take(1) % 9,
				 acc = (uint32_t)take(1) % 34;
			fl &= 6u;                           /* translation changes: unit tests */
			st = ud_rereg_mr(&P, i, fl, d, 0, 0, acc, &k1, &k2);
			if (!st) {
				CHECK(i < 16 && M[i].live);
				if (fl & 2) M[i].pd = d;
				if (fl & 4) M[i].acc = acc;
				M[i].key = k1;
				for (unsigned j = 0; j < nissued; j++) CHECK(issued[j] != k1);
				remember(k1);
			} else if (i >= 16 || !M[i].live) CHECK(st == UD_E_NOENT);
			break; }
		case 8: {                                  /* alloc_mw / dealloc_mw */
			uint32_t d = (uint32_t)take(1) % 9;
			if (d & 1) {
				st = ud_alloc_mw(&P, d, &h, &k1);
				if (!st) { CHECK(m_pd[d] && !W[h].live); W[h].live = 1; W[h].bound = 0; W[h].pd = d; W[h].key = k1;
					for (unsigned j = 0; j < nissued; j++) CHECK(issued[j] != k1); remember(k1); }
				else CHECK(st == UD_E_NOSPC || !m_pd[d] || d >= 8);
			} else {
				uint32_t w = (uint32_t)take(1) % 17;
				st = ud_dealloc_mw(&P, w);
				CHECK(st == ((w < 16 && W[w].live) ? UD_OK : UD_E_NOENT));
				if (!st) { W[w].live = 0; W[w].bound = 0; }
			}
			break; }
		case 9: case 10: {                         /* bind_mw */
			uint32_t q = (uint32_t)take(1) % 17, w = (uint32_t)take(1) % 17;
			uint32_t rk = (take(1) < 200 && w < 16) ? W[w].key : pick_key();
			uint32_t lk = pick_key();
			uint64_t va = take(3), len = take(1) < 40 ? 0 : take(2);
			uint32_t mi0 = (uint32_t)take(1);
			if (mi0 < 200 && M[mi0 % 16].live) {    /* aim inside a live region */
				struct m_mr *m = &M[mi0 % 16];
				lk = m->key;
				va = m->iova + take(2) % (m->len + 2);
				if (len) len = 1 + take(2) % (m->len + 1);
			}
			uint32_t acc = (uint32_t)take(1) % 17;
			st = ud_bind_mw(&P, q, w, rk, lk, va, len, acc, &k1);
			if (!st) {
				CHECK(w < 16 && W[w].live && W[w].key == rk && q < 16 && m_qp[q] && m_qp_pd[q] == W[w].pd);
				int mi = -1; for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == lk) mi = i;
				CHECK(mi >= 0 && M[mi].pd == W[w].pd && (M[mi].acc & 16u));
				CHECK(k1 != rk);
				for (unsigned j = 0; j < nissued; j++) CHECK(issued[j] != k1);
				remember(k1);
				W[w].key = k1;
				if (len == 0) W[w].bound = 0;
				else {
					CHECK(va >= M[mi].iova && va + len <= M[mi].iova + M[mi].len);
					CHECK(!(acc & 1u) && (!(acc & 10u) || (M[mi].acc & 1u)));
					W[w].bound = 1; W[w].mr = (uint32_t)mi; W[w].va = va; W[w].len = len; W[w].acc = acc;
				}
			} else if (w >= 16 || !W[w].live) CHECK(st == UD_E_NOENT);
			else if (rk != W[w].key) CHECK(st == UD_E_KEY);
			break; }
		case 11: {                                 /* the access check */
			uint32_t d = (uint32_t)take(1) % 9, key = pick_key(), kind = (uint32_t)take(1) % 6;
			uint64_t a, n;
			int mi = -1;
			for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == key) mi = i;
			int wi = -1;
			for (int w = 0; w < 16; w++) if (W[w].live && W[w].bound && W[w].key == key) wi = w;
			if (mi >= 0 && take(1) < 200) { a = M[mi].iova + take(2) % (M[mi].len + 2); n = take(1) % 64; }
			else if (wi >= 0 && take(1) < 230) {       /* around the window's edges */
				a = W[wi].va + take(1) % (W[wi].len + 32) - 16; n = 1 + take(1) % 48;
			}
			else { a = take(8); n = take(2); }
			uint64_t pa1 = 0, pa2 = 0;
			ud_status want = m_check(d, key, a, n, kind, &pa2);
			st = ud_prot_check(&P, d, key, a, n, kind, &pa1);
			CHECK(st == want);
			if (!st) CHECK(pa1 == pa2);
			break; }
		case 12: case 13: {                        /* one packet, written or read */
			uint32_t d = (uint32_t)take(1) % 9, key = pick_key(), kind = (uint32_t)take(1) % 6;
			int wr = op == 12;
			uint64_t a;
			uint32_t n;
			int mi = -1, wi = -1;
			for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == key) mi = i;
			for (int w = 0; w < 16; w++) if (W[w].live && W[w].bound && W[w].key == key) wi = w;
			if (mi >= 0 && take(1) < 220) { a = M[mi].iova + take(2) % (M[mi].len + 2); n = (uint32_t)(take(2) % 300); }
			else if (wi >= 0 && take(1) < 230) { a = W[wi].va + take(1) % (W[wi].len + 32) - 16; n = (uint32_t)(take(2) % 300); }
			else { a = take(8); n = (uint32_t)(take(2) % 300); }
			uint8_t buf[300], out[300], keep[300];
			for (uint32_t i = 0; i < n; i++) buf[i] = (uint8_t)take(1);
			memset(out, 0xC3, sizeof out); memcpy(keep, out, sizeof out);
			int kind_ok = wr ? (kind == 1 || kind == 3 || kind == 4) : (kind == 0 || kind == 2 || kind == 4);
			uint64_t pa = 0;
			ud_status want = (n == 0 || n > UD_PKT_MAX || !kind_ok) ? UD_E_INVAL : m_check(d, key, a, n, kind, &pa);
			uint32_t before = host_dma.n;
			st = wr ? ud_pkt_write(&P, d, key, a, kind, buf, n) : ud_pkt_read(&P, d, key, a, kind, out, n);
			CHECK(st == want);
			if (st) {
				CHECK(host_dma.n == before);
				CHECK(memcmp(out, keep, sizeof out) == 0);
				break;
			}
			CHECK(host_dma.n == before + 1 || host_dma.n == before + 2);
			if (host_dma.n > HOST_DMA_LOG) break;       /* log full: the accesses are unrecorded */
			/* the accesses are the model's translation of each byte, in order */
			uint32_t e = before, o = 0;
			uint64_t pb[300];
			for (uint32_t i = 0; i < n; i++) {
				CHECK(m_check(d, key, a + i, 1, kind, &pb[i]) == UD_OK);
				CHECK(e < host_dma.n && host_dma.log[e].wr == wr);
				CHECK(host_dma.log[e].pa + o == pb[i]);
				CHECK((host_dma.log[e].pa % 4096) + host_dma.log[e].len <= 4096);
				if (++o == host_dma.log[e].len) { e++; o = 0; }
			}
			CHECK(e == host_dma.n && o == 0);
			/* the bytes: a later byte of the packet at the same frame wins */
			for (uint32_t i = 0; i < n; i++) {
				if (!wr) { CHECK(out[i] == host_dma_peek(pb[i])); continue; }
				uint8_t v = buf[i];
				for (uint32_t j = i + 1; j < n; j++) if (pb[j] == pb[i]) v = buf[j];
				CHECK(host_dma_peek(pb[i]) == v);
			}
			CHECK(host_dma.violations == 0);
			break; }
		case 14: {                                 /* a work request, loopback */
			uint32_t q = (uint32_t)take(1) % 17, tq = (uint32_t)take(1) % 17;
			if (take(1) < 200)                          /* mostly a live QP at each end */
				for (uint32_t j = 0; j < 16; j++) {
					if (q < 16 && m_qp[q]) break;
					q = (q + 1) % 16;
				}
			if (take(1) < 200)
				for (uint32_t j = 0; j < 16; j++) {
					if (tq < 16 && m_qp[tq]) break;
					tq = (tq + 1) % 16;
				}
			struct ud_wr w = { (uint32_t)take(1) % 3, pick_key(), pick_key(), take(8), take(8), 0 };
			int li = -1, ri = -1;
			for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == w.lkey) li = i;
			for (int i = 0; i < 16; i++) if (M[i].live && M[i].key == w.rkey) ri = i;
			if (li >= 0 && take(1) < 230) w.lva = M[li].iova + take(2) % (M[li].len + 2);
			if (ri >= 0 && take(1) < 230) w.rva = M[ri].iova + take(2) % (M[ri].len + 2);
			w.len = take(1) < 8 ? (uint32_t)take(3) % (UD_WR_MAX_LEN + 2) : (uint32_t)take(2) % 2100;
			int qok = q < 16 && m_qp[q];
			ud_status want = UD_OK;
			uint32_t moved = 0;
			if (!qok) want = UD_E_NOENT;
			else if (w.opcode > UD_WR_READ || w.len == 0 || w.len > UD_WR_MAX_LEN) want = UD_E_INVAL;
			else if (tq >= 16 || !m_qp[tq]) want = UD_E_NOENT;
			else if (w.lva > UINT64_MAX - w.len || w.rva > UINT64_MAX - w.len) want = UD_E_OVERFLOW;
			/* the source and destination side of each packet */
			uint32_t spd = 0, skey = 0, skind = 0, dpd = 0, dkey = 0, dkind = 0;
			uint64_t sva = 0, dva = 0, pa;
			int ran = want == UD_OK;                   /* the request reached its packets */
			if (ran) {
				int wrt = w.opcode == UD_WR_WRITE;
				spd = wrt ? m_qp_pd[q] : m_qp_pd[tq]; skey = wrt ? w.lkey : w.rkey;
				sva = wrt ? w.lva : w.rva; skind = wrt ? UD_KIND_LOCAL_READ : UD_KIND_REMOTE_READ;
				dpd = wrt ? m_qp_pd[tq] : m_qp_pd[q]; dkey = wrt ? w.rkey : w.lkey;
				dva = wrt ? w.rva : w.lva; dkind = wrt ? UD_KIND_REMOTE_WRITE : UD_KIND_LOCAL_WRITE;
				while (moved < w.len) {
					uint32_t k = w.len - moved < UD_WR_PKT ? w.len - moved : UD_WR_PKT;
					want = m_check(spd, skey, sva + moved, k, skind, &pa);
					if (!want) want = m_check(dpd, dkey, dva + moved, k, dkind, &pa);
					if (want) break;
					moved += k;
				}
			}
			uint32_t before = host_dma.n, cq0 = host_cq.n;
			st = ud_wr_run(&P, q, &P, tq, &w, wr_scratch);
			CHECK(st == want);
			if (!qok) { CHECK(host_cq.n == cq0 && host_dma.n == before); break; }
			CHECK(host_cq.n == cq0 + 1);
			if (cq0 < HOST_CQ_LOG)
				CHECK(host_cq.e[cq0].qp == q && host_cq.e[cq0].st == st && host_cq.e[cq0].len == moved);
			if (host_dma.n > HOST_DMA_LOG) break;       /* log full: the accesses are unrecorded */
			/* the accesses: per packet, its load then its store, each the model's
			 * translation of every byte, in order; a refused packet's load may be
			 * there (its store refused), nothing after it */
			uint32_t e = before;
			for (uint32_t off = 0; ran && off <= moved && off < w.len; off += UD_WR_PKT) {
				uint32_t k = w.len - off < UD_WR_PKT ? w.len - off : UD_WR_PKT;
				for (int side = 0; side < 2; side++) {
					uint32_t key = side ? dkey : skey, pdx = side ? dpd : spd, kind = side ? dkind : skind;
					uint64_t va = (side ? dva : sva) + off;
					if (m_check(pdx, key, va, k, kind, &pa))
						goto done_wr;              /* the refused side: no access */
					uint32_t o = 0;
					for (uint32_t i = 0; i < k; i++) {
						uint64_t pb;
						CHECK(m_check(pdx, key, va + i, 1, kind, &pb) == UD_OK);
						CHECK(e < host_dma.n && host_dma.log[e].wr == (uint32_t)side);
						CHECK(host_dma.log[e].pa + o == pb);
						CHECK((host_dma.log[e].pa % 4096) + host_dma.log[e].len <= 4096);
						if (++o == host_dma.log[e].len) { e++; o = 0; }
					}
					CHECK(o == 0);
				}
			}
		done_wr:
			CHECK(e == host_dma.n);
			CHECK(host_dma.violations == 0);
			break; }
		}
		/* pin counts: pinned at the host iff some live registration covers it */
		for (unsigned j = 0; j < host_mr.npinned; j++)
			CHECK(m_cover(host_mr.pinned[j]) > 0);
		for (int i = 0; i < 16; i++)
			if (M[i].live)
				for (unsigned j = 0; j < M[i].np; j++)
					CHECK(host_mr_is_pinned(M[i].pg[j]));
		CHECK(host_mr.violations == 0);
	}
	return 0;
}
