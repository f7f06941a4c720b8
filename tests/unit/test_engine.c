/* uldma-links: pd mr mw access xfer_packet xfer_wr eng_shadow shadow eng_via tpt eng_va va_rx va_tx va_piece smmu fault_fifo r5_sched send_mode eng_send */
/*
 * tests/unit/test_engine.c -- the whole engine on the host (issue 18, "Done
 * when"): real bytes moved between two processes' buffers through every
 * entry point -- a work request (RDMA write and read, xfer_wr), the shadow
 * window (algorithms 1, 2 and 3, eng_shadow), a VIA descriptor (eng_via),
 * a virtual-address transfer (r5_sched posting blocks into eng_va) -- and
 * through every send mode of send_mode (PIO, CopyDMA, DirectDMA, V2PDMA,
 * PEXDMA, the NI's side run by eng_send), with faults injected at the
 * source and at the destination.  After every run EVERY byte of both
 * buffers, and the bytes around them (the rest of each registered region,
 * page or window, and a third process's buffer), is compared with what the
 * run must have done.
 *
 * The platform: the host homes of each module linked together (no door is
 * defined twice).  The send modes' frames (plat_host_send_mode.c) are
 * aliased into the DMA doors' memory (host_dma_alias) at HOST_SM_PA(frame), so
 * the engine reads the very frame the send mode chose.  Faults mid-run are
 * injected through host_dma.hook, called at every door call before the
 * access: a key invalidated or an export withdrawn between two packets.
 *
 * Payloads are random from a fixed seed (SEED, printed in every failure);
 * each check derives its stream from SEED and its own number.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pd.h"
#include "mr.h"
#include "mw.h"
#include "xfer_wr.h"
#include "eng_shadow.h"
#include "eng_via.h"
#include "eng_va.h"
#include "r5_sched.h"
#include "send_mode.h"
#include "eng_send.h"
#include "plat_host_mr.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_xfer_wr.h"
#include "plat_host_va_piece.h"
#include "plat_host_va_rx.h"
#include "plat_host_r5_sched.h"
#include "plat_host_send_mode.h"

#define SEED 20261128u

/* ------------------------------------------------------------ helpers */

static uint64_t rs;

static void rng(uint32_t check)
{
	rs = (uint64_t)SEED * 0x9E3779B97F4A7C15ull + check * 0xD1B54A32D192ED03ull + 1u;
}

static uint64_t rnd(void)
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 2685821657736338717ull;
}

static void fill(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(rnd() >> 56);
}

/* got[0, n) == want[0, n), else fail naming the first byte that differs. */
static void same(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			ck_abort_msg("%s: byte %zu of %zu is 0x%02x, expected 0x%02x (seed %u)",
				     what, i, n, got[i], want[i], SEED);
}

static void eq(const char *what, long long got, long long want)
{
	if (got != want)
		ck_abort_msg("%s: %lld, expected %lld (seed %u)", what, got, want, SEED);
}

/* A buffer of a process: n bytes of virtual memory at va, each page at
 * its own (scattered) frame. */
struct vbuf {
	uint64_t va;            /* page aligned */
	uint32_t n;             /* bytes, a multiple of 4096 */
	const uint64_t *frames;
};

static uint64_t vb_pa(const struct vbuf *b, uint64_t va)
{
	uint64_t o = va - b->va;

	return b->frames[o / 4096u] + o % 4096u;
}

static void vb_write(const struct vbuf *b, const uint8_t *src)
{
	for (uint32_t i = 0; i < b->n; i++)
		host_dma_poke(vb_pa(b, b->va + i), src[i]);
}

/* Every byte of the whole buffer against the test's mirror of it. */
static void vb_check(const char *what, const struct vbuf *b, const uint8_t *want)
{
	static uint8_t got[65536];

	ck_assert_uint_le(b->n, sizeof got);
	for (uint32_t i = 0; i < b->n; i++)
		got[i] = host_dma_peek(vb_pa(b, b->va + i));
	same(what, got, want, b->n);
}

/* The door hook: fires `act` once, at the first door call of packet k
 * (of its loads when wr == 0, of its stores when wr == 1).  A packet (a
 * VIA piece) is its loads followed by its stores. */
static struct {
	int armed;
	uint32_t k;
	uint8_t wr;
	void (*act)(void);
	uint32_t pkt;           /* packets begun so far */
	int last_wr;            /* -1: no access yet */
	uint32_t fired_at;      /* door index it fired at */
} hk;

static void hook(uint32_t i, uint64_t pa, uint32_t len, uint8_t wr)
{
	(void)pa;
	(void)len;
	if (wr == 0 && hk.last_wr != 0)
		hk.pkt++;
	hk.last_wr = wr;
	if (hk.armed && hk.pkt == hk.k + 1u && wr == hk.wr) {
		hk.armed = 0;
		hk.fired_at = i;
		hk.act();
	}
}

static void arm(uint32_t k, uint8_t wr, void (*act)(void))
{
	hk.armed = 1;
	hk.k = k;
	hk.wr = wr;
	hk.act = act;
	hk.pkt = 0;
	hk.last_wr = -1;
	hk.fired_at = 0xFFFFFFFFu;
	host_dma.hook = hook;
}

/* ------------------------------------------------- work requests (xfer_wr) */

/* Node A: process P (PD apd, QP aqp).  Node B: process Q (PD bpd, QP bqp)
 * and process R (PD rpd), whose buffer no request names. */
static struct ud_prot A, B;
static uint8_t scratch[UD_WR_PKT];
static uint32_t apd, aqp, bpd, bqp, rpd;
static uint32_t pmr, plk, prk, qmr, qlk, qrk, rmr, rlk, rrk;
static const uint64_t pfr[4] = { 0x300000, 0x120000, 0x5A0000, 0x233000 };
static const uint64_t qfr[5] = { 0x910000, 0x222000, 0x777000, 0x404000, 0x615000 };
static const uint64_t rfr[2] = { 0x881000, 0x880000 };
static const struct vbuf PB = { 0x10000, 16384, pfr };     /* P's region: all of it */
static const struct vbuf QB = { 0x7F0000, 20480, qfr };    /* Q's region: 0x7F0100 + 16384 */
static const struct vbuf RB = { 0x7F8000, 8192, rfr };     /* R's region */
#define QVA 0x7F0100ull
static uint8_t pm[16384], qm[20480], rm[8192];             /* the mirrors */

/* The send modes' frames live in DMA memory at HOST_SM_PA(frame), the
 * address their door (ud_plat_sm_pa) names. */
#define SM_PA(f) HOST_SM_PA(f)

static void alias_sm(void)
{
	for (uint32_t f = 0; f < HOST_SM_FRAMES; f++)
		ck_assert_int_eq(host_dma_alias(SM_PA(f), host_sm.f[f].data), 0);
}

static void nodes(void)
{
	host_mr_reset();
	host_dma_reset();
	host_cq_reset();
	host_sm_reset();
	alias_sm();
	ud_prot_init(&A);
	ud_prot_init(&B);
	ck_assert_int_eq(ud_alloc_pd(&A, &apd), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&A, apd, &aqp), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&B, &bpd), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&B, bpd, &bqp), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&B, &rpd), UD_OK);
	host_mr_queue(pfr, 4);
	ck_assert_int_eq(ud_reg_mr(&A, apd, PB.va, PB.n, UD_ACC_LOCAL_WRITE | UD_ACC_MW_BIND,
				   &pmr, &plk, &prk), UD_OK);
	host_mr_queue(qfr, 5);
	ck_assert_int_eq(ud_reg_mr(&B, bpd, QVA, 16384,
				   UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ |
				   UD_ACC_MW_BIND, &qmr, &qlk, &qrk), UD_OK);
	host_mr_queue(rfr, 2);
	ck_assert_int_eq(ud_reg_mr(&B, rpd, RB.va, RB.n,
				   UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ,
				   &rmr, &rlk, &rrk), UD_OK);
	fill(pm, sizeof pm);
	fill(qm, sizeof qm);
	fill(rm, sizeof rm);
	vb_write(&PB, pm);
	vb_write(&QB, qm);
	vb_write(&RB, rm);
	host_dma.n = 0;
}

static void teardown(void)
{
	host_dma.hook = NULL;
	host_dma_reset();
}

/* All three processes' buffers, every byte, against the mirrors. */
static void wr_check(const char *what)
{
	char m[160];

	snprintf(m, sizeof m, "%s: P's buffer", what);
	vb_check(m, &PB, pm);
	snprintf(m, sizeof m, "%s: Q's buffer", what);
	vb_check(m, &QB, qm);
	snprintf(m, sizeof m, "%s: R's buffer", what);
	vb_check(m, &RB, rm);
	eq("door violations", host_dma.violations, 0);
}

static void completion(uint32_t i, uint32_t qp, ud_status st, uint32_t len)
{
	eq("completions", host_cq.n, i + 1);
	eq("completion qp", host_cq.e[i].qp, qp);
	eq("completion status", host_cq.e[i].st, st);
	eq("completion length", host_cq.e[i].len, len);
}

/* P writes 9000 bytes from its buffer into Q's; Q's bytes around them, P's
 * and R's buffers unchanged. */
START_TEST(wr_write_moves_every_byte)
{
	rng(1);
	nodes();
	struct ud_wr w = { UD_WR_WRITE, plk, qrk, PB.va + 7, QVA + 1000, 9000 };

	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_OK);
	memcpy(qm + (w.rva - QB.va), pm + (w.lva - PB.va), w.len);
	wr_check("rdma write");
	completion(0, aqp, UD_OK, w.len);
}
END_TEST

/* P reads 11111 bytes of Q's buffer into its own. */
START_TEST(wr_read_moves_every_byte)
{
	rng(2);
	nodes();
	struct ud_wr w = { UD_WR_READ, plk, qrk, PB.va + 4001, QVA + 3, 11111 };

	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_OK);
	memcpy(pm + (w.lva - PB.va), qm + (w.rva - QB.va), w.len);
	wr_check("rdma read");
	completion(0, aqp, UD_OK, w.len);
}
END_TEST

static void dereg_q(void) { ck_assert_int_eq(ud_dereg_mr(&B, qmr), UD_OK); }
static void dereg_p(void) { ck_assert_int_eq(ud_dereg_mr(&A, pmr), UD_OK); }
static uint32_t qwin;
static void dealloc_qwin(void) { ck_assert_int_eq(ud_dealloc_mw(&B, qwin), UD_OK); }

/* A fault at the destination: Q deregisters its region while P's write is
 * in its packet 10.  Packets 0..9 landed; packet 10 and every later one
 * write nothing; one completion with the check's error and 10 packets. */
START_TEST(wr_write_dst_dereg_midrun)
{
	rng(3);
	nodes();
	struct ud_wr w = { UD_WR_WRITE, plk, qrk, PB.va + 300, QVA + 77, 9000 };
	const uint32_t moved = 10u * UD_WR_PKT;

	arm(10, 0, dereg_q);
	ud_status st = ud_wr_run(&A, aqp, &B, bqp, &w, scratch);
	host_dma.hook = NULL;
	ck_assert_int_ne(st, UD_OK);
	eq("hook fired", hk.armed, 0);
	memcpy(qm + (w.rva - QB.va), pm + (w.lva - PB.va), moved);
	wr_check("write, destination deregistered at packet 10");
	completion(0, aqp, st, moved);
	eq("status: key of a deregistered region", st, UD_E_KEY);
}
END_TEST

/* A fault at the source: P deregisters its region while its write stores
 * packet 5: packet 6 is refused at the source. */
START_TEST(wr_write_src_dereg_midrun)
{
	rng(4);
	nodes();
	struct ud_wr w = { UD_WR_WRITE, plk, qrk, PB.va + 4095, QVA + 5000, 7000 };
	const uint32_t moved = 6u * UD_WR_PKT;

	arm(5, 1, dereg_p);
	ud_status st = ud_wr_run(&A, aqp, &B, bqp, &w, scratch);
	host_dma.hook = NULL;
	eq("hook fired", hk.armed, 0);
	memcpy(qm + (w.rva - QB.va), pm + (w.lva - PB.va), moved);
	wr_check("write, source deregistered at packet 5");
	completion(0, aqp, st, moved);
	eq("status: key of a deregistered region", st, UD_E_KEY);
}
END_TEST

/* An RDMA read through a window of Q's (its rkey is the window's): Q
 * invalidates the window (deallocates it) while the read is at packet 7
 * (a fault at the read's source, the target); and a read into P's region
 * deregistered at packet 3 (a fault at its destination). */
START_TEST(wr_read_key_invalidated_midrun)
{
	uint32_t wk0, wk1;

	rng(5);
	nodes();
	ck_assert_int_eq(ud_alloc_mw(&B, bpd, &qwin, &wk0), UD_OK);
	ck_assert_int_eq(ud_bind_mw(&B, bqp, qwin, wk0, qlk, QVA + 512, 12000,
				    UD_ACC_REMOTE_READ, &wk1), UD_OK);
	struct ud_wr w = { UD_WR_READ, plk, wk1, PB.va + 10, QVA + 600, 10000 };
	/* packet 7 is read before the window goes: 8 packets land */
	arm(7, 1, dealloc_qwin);
	ud_status st = ud_wr_run(&A, aqp, &B, bqp, &w, scratch);
	host_dma.hook = NULL;
	eq("hook fired", hk.armed, 0);
	memcpy(pm + (w.lva - PB.va), qm + (w.rva - QB.va), 8u * UD_WR_PKT);
	wr_check("read, window invalidated at packet 7");
	completion(0, aqp, st, 8u * UD_WR_PKT);
	eq("status: the window's key invalidated", st, UD_E_KEY);

	/* the destination (P's region) goes at packet 3's load */
	w = (struct ud_wr){ UD_WR_READ, plk, qrk, PB.va + 8000, QVA + 9, 5000 };
	arm(3, 0, dereg_p);
	st = ud_wr_run(&A, aqp, &B, bqp, &w, scratch);
	host_dma.hook = NULL;
	eq("hook fired", hk.armed, 0);
	memcpy(pm + (w.lva - PB.va), qm + (w.rva - QB.va), 3u * UD_WR_PKT);
	wr_check("read, destination deregistered at packet 3");
	completion(1, aqp, st, 3u * UD_WR_PKT);
	eq("status: key of a deregistered region", st, UD_E_KEY);
}
END_TEST

/* ------------------------------------------------------ the shadow entry */

#define SB  0x10000000000ull          /* 2^40: the shadow bit */
#define REG 0x100000ull               /* algorithm-1 register pages */
/* Process P's pages (src, dst) and process Q's, each a frame. */
#define PSRC 0x5000ull
#define PDST 0x2000ull
#define QSRC 0x9000ull
#define QDST 0xC000ull
static const uint64_t shp[4] = { PSRC, PDST, QSRC, QDST };
static uint8_t shm[4][4096];
static struct ud_sh_cfg cfg;
static uint8_t shbuf[UD_ENG_SH_BUF];
static struct ud_sh_dma shd;

static void sh_pages(void)
{
	host_dma_reset();
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 4, 4096, REG), UD_OK);
	for (int p = 0; p < 4; p++) {
		fill(shm[p], 4096);
		for (uint32_t i = 0; i < 4096; i++)
			host_dma_poke(shp[p] + i, shm[p][i]);
	}
	host_dma.n = 0;
}

static void sh_check(const char *what)
{
	static const char *nm[4] = { "P's source", "P's destination", "Q's source",
				     "Q's destination" };
	uint8_t got[4096];
	char m[160];

	for (int p = 0; p < 4; p++) {
		for (uint32_t i = 0; i < 4096; i++)
			got[i] = host_dma_peek(shp[p] + i);
		snprintf(m, sizeof m, "%s: %s page", what, nm[p]);
		same(m, got, shm[p], 4096);
	}
	eq("door violations", host_dma.violations, 0);
}

/* The mirror of a DMA of n bytes from page s offset so to page d offset do. */
static void sh_move(int s, uint32_t so, int d, uint32_t dof, uint32_t n)
{
	memmove(&shm[d][dof], &shm[s][so], n);
}

/* Algorithm 1: P (context 1, key 0x155) and Q (context 2, key 0x2AB), each
 * moving its own bytes, their STOREs interleaved; Q's STORE carrying P's
 * context with a wrong key is refused and moves nothing. */
START_TEST(shadow_alg1_two_processes)
{
	struct ud_sh_alg1 r;
	const uint32_t wp = 0x155u * 8 + 1, wq = 0x2ABu * 8 + 2;

	rng(6);
	sh_pages();
	ud_sh_alg1_init(&r);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 1, 0x155), UD_OK);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 2, 0x2AB), UD_OK);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + PDST + 0x30, wp, shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + QDST + 0x100, wq, shbuf, &shd), UD_SH_NOTHING);
	/* Q with context 1 and its own key: not context 1's key */
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + QSRC, 0x2ABu * 8 + 1, shbuf, &shd), UD_E_KEY);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + PSRC + 0x7, wp, shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, SB + QSRC + 0x20, wq, shbuf, &shd), UD_SH_NOTHING);
	eq("door calls before a go", host_dma.n, 0);
	sh_check("alg 1, before any go");
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 3000, shbuf, &shd), UD_SH_STARTED);
	sh_move(2, 0x20, 3, 0x100, 3000);
	sh_check("alg 1, Q's go");
	ck_assert_int_eq(ud_eng_sh_a1(&r, &cfg, UD_BUS_STORE, REG + 1 * 4096, 4000, shbuf, &shd), UD_SH_STARTED);
	sh_move(0, 0x7, 1, 0x30, 4000);
	sh_check("alg 1, P's go");
	eq("door calls: two DMAs", host_dma.n, 4);
}
END_TEST

/* Algorithm 2: P (context 1) STOREs its destination, Q (context 3) STOREs
 * its own in between (replacing the pending one): P's LOAD is refused
 * (UD_E_SEQ) and nothing moves anywhere; each process's own STORE, LOAD
 * pair then moves its own bytes. */
START_TEST(shadow_alg2_interleaved)
{
	struct ud_sh_alg2 r;
	uint64_t pd1, ps1, qd3, qs3;

	rng(7);
	sh_pages();
	ud_sh_alg2_init(&r);
	ck_assert_int_eq(ud_sh_encode(PDST + 0x200, 1, &pd1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(PSRC + 0x11, 1, &ps1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(QDST, 3, &qd3), UD_OK);
	ck_assert_int_eq(ud_sh_encode(QSRC + 0x400, 3, &qs3), UD_OK);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, pd1, 2500, shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, qd3, 1000, shbuf, &shd), UD_SH_NOTHING);
	int32_t st = ud_eng_sh_a2(&r, &cfg, UD_BUS_LOAD, ps1, 0, shbuf, &shd);
	sh_check("alg 2, interleaved");
	eq("door calls after the refused LOAD", host_dma.n, 0);
	eq("alg 2: P's LOAD after Q's STORE", st, UD_E_SEQ);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, pd1, 2500, shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_LOAD, ps1, 0, shbuf, &shd), UD_SH_STARTED);
	sh_move(0, 0x11, 1, 0x200, 2500);
	sh_check("alg 2, P's pair");
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_STORE, qd3, 3072, shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a2(&r, &cfg, UD_BUS_LOAD, qs3, 0, shbuf, &shd), UD_SH_STARTED);
	sh_move(2, 0x400, 3, 0, 3072);
	sh_check("alg 2, Q's pair");
}
END_TEST

/* Algorithm 3 (Fig. 3: STORE dst, LOAD src, STORE dst, LOAD src, LOAD
 * dst): Q's STORE to its own page interleaved in P's sequence: UD_E_SEQ,
 * nothing moves; P's whole sequence again moves P's bytes; then Q's. */
START_TEST(shadow_alg3_interleaved)
{
	struct ud_sh_alg3 r;
	const uint32_t K[5] = { UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_LOAD };

	rng(8);
	sh_pages();
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	const uint64_t PA_[5] = { SB + PDST + 0x80, SB + PSRC + 0x200, SB + PDST + 0x80,
				  SB + PSRC + 0x200, SB + PDST + 0x80 };
	const uint64_t QA_[5] = { SB + QDST + 0x10, SB + QSRC, SB + QDST + 0x10, SB + QSRC,
				  SB + QDST + 0x10 };
	const uint32_t PZ[5] = { 3500, 0, 3500, 0, 0 }, QZ[5] = { 4000, 0, 4000, 0, 0 };

	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[0], PA_[0], PZ[0], shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[1], PA_[1], PZ[1], shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, UD_BUS_STORE, QA_[0], QZ[0], shbuf, &shd), UD_E_SEQ);
	for (int i = 2; i < 5; i++)
		ck_assert_int_ne(ud_eng_sh_a3(&r, &cfg, K[i], PA_[i], PZ[i], shbuf, &shd), UD_SH_STARTED);
	eq("door calls after an interleaved sequence", host_dma.n, 0);
	sh_check("alg 3, interleaved");
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[i], PA_[i], PZ[i], shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[4], PA_[4], PZ[4], shbuf, &shd), UD_SH_STARTED);
	sh_move(0, 0x200, 1, 0x80, 3500);
	sh_check("alg 3, P's sequence");
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[i], QA_[i], QZ[i], shbuf, &shd), UD_SH_NOTHING);
	ck_assert_int_eq(ud_eng_sh_a3(&r, &cfg, K[4], QA_[4], QZ[4], shbuf, &shd), UD_SH_STARTED);
	sh_move(2, 0, 3, 0x10, 4000);
	sh_check("alg 3, Q's sequence");
}
END_TEST

/* ------------------------------------------------------ the VIA entry */

/* Node 1 (active): process P's VI 5 (tag TAG) exports P's pages 3..6
 * (frames 0x50..0x53) and imports node 7's window at import page 2; node 7:
 * process Q exports its pages 8..11 (frames 0x90..0x93).  Process R's VI 6
 * (tag OTHER) shares node 1. */
static struct ud_tpt TA, TB;
static struct ud_via_vis vis;
static uint8_t vbuf_[UD_VIA_PIECE];
#define TAG   0x1234u
#define OTHER 0x4321u
static const uint64_t vsf[4] = { 0x50000, 0x51000, 0x52000, 0x53000 };
static const uint64_t vdf[4] = { 0x90000, 0x91000, 0x92000, 0x93000 };
static const struct vbuf VS = { 3 * 4096, 16384, vsf };       /* P's local VIA pages */
static const struct vbuf VD = { 2 * 16384, 16384, vdf };      /* the import window */
static uint8_t vsm[16384], vdm[16384];

static void via_nodes(void)
{
	ud_tpt_init(&TA, 1);
	ud_tpt_init(&TB, 7);
	memset(&vis, 0, sizeof vis);
	vis.live[5] = 1;
	vis.tag[5] = TAG;
	vis.live[6] = 1;
	vis.tag[6] = OTHER;
	for (uint32_t p = 0; p < 4; p++) {
		ck_assert_int_eq(ud_tpt_export(&TA, 3 + p, 0x50 + p, TAG), UD_OK);
		ck_assert_int_eq(ud_tpt_export(&TB, 8 + p, 0x90 + p, 0x7777), UD_OK);
	}
	ck_assert_int_eq(ud_tpt_import(&TA, 2, 7, 8ull * 4096, TAG), UD_OK);
	host_dma_reset();
	host_cq_reset();
	fill(vsm, sizeof vsm);
	fill(vdm, sizeof vdm);
	vb_write(&VS, vsm);
	vb_write(&VD, vdm);
	host_dma.n = 0;
}

static void via_check(const char *what)
{
	char m[160];

	snprintf(m, sizeof m, "%s: P's exported pages", what);
	vb_check(m, &VS, vsm);
	snprintf(m, sizeof m, "%s: Q's exported pages", what);
	vb_check(m, &VD, vdm);
	eq("door violations", host_dma.violations, 0);
}

/* A 3-page descriptor, unaligned on both sides, moves every byte; R's VI
 * (another tag) naming the same pages moves nothing. */
START_TEST(via_descriptor_every_byte)
{
	rng(9);
	via_nodes();
	struct ud_via_desc d = { VS.va + 0x123, VD.va + 0x456, 3 * 4096 + 0x321 };

	ud_status st = ud_eng_via_write(&vis, 6, &TA, &TB, &d, vbuf_);
	via_check("VIA, another VI's tag");
	eq("VIA, another VI's tag", st, UD_E_PERM);
	completion(0, 6, UD_E_PERM, 0);
	st = ud_eng_via_write(&vis, 5, &TA, &TB, &d, vbuf_);
	memcpy(vdm + 0x456, vsm + 0x123, d.len);
	via_check("VIA descriptor");
	eq("VIA descriptor", st, UD_OK);
	completion(1, 5, UD_OK, d.len);
}
END_TEST

static void unexport_q9(void) { ck_assert_int_eq(ud_tpt_unexport(&TB, 9), UD_OK); }
static void unexport_p5(void) { ck_assert_int_eq(ud_tpt_unexport(&TA, 5), UD_OK); }

/* Exports withdrawn mid-run: Q withdraws its page 9 (the window's second
 * page) while the first piece moves -- the run stops at the first piece in
 * that page, UD_E_NOENT, with the bytes before it; P withdraws its page 5
 * (its third) -- the run stops at the first piece reading it. */
START_TEST(via_export_withdrawn_midrun)
{
	rng(10);
	via_nodes();
	struct ud_via_desc d = { VS.va + 0x200, VD.va + 0x800, 3 * 4096 };
	uint32_t moved = 4096 - 0x800;              /* up to the window's page 1 */

	arm(0, 0, unexport_q9);
	ud_status st = ud_eng_via_write(&vis, 5, &TA, &TB, &d, vbuf_);
	host_dma.hook = NULL;
	eq("hook fired", hk.armed, 0);
	memcpy(vdm + 0x800, vsm + 0x200, moved);
	via_check("VIA, destination export withdrawn");
	eq("VIA, destination export withdrawn", st, UD_E_NOENT);
	completion(0, 5, UD_E_NOENT, moved);

	ck_assert_int_eq(ud_tpt_export(&TB, 9, 0x91, 0), UD_OK);
	d = (struct ud_via_desc){ VS.va + 0x10, VD.va + 0x20, 3 * 4096 + 0x100 };
	moved = 2 * 4096 - 0x10;                     /* up to P's page 5 */
	arm(1, 0, unexport_p5);
	st = ud_eng_via_write(&vis, 5, &TA, &TB, &d, vbuf_);
	host_dma.hook = NULL;
	eq("hook fired", hk.armed, 0);
	memcpy(vdm + 0x20, vsm + 0x10, moved);
	via_check("VIA, source export withdrawn");
	eq("VIA, source export withdrawn", st, UD_E_NOENT);
	completion(1, 5, UD_E_NOENT, moved);
}
END_TEST

/* ------------------------------------------- virtual-address transfers */

static struct ud_smmu S;
static struct ud_ff FF;
static struct ud_va_rx RX;
static struct ud_va_tx TX;
static struct ud_eng_va E;
static struct ud_r5_sched R5;
static uint8_t PKT[UD_VA_PKT];

#define VPD 3u                 /* the issuing process's PD = its SMMU bank */
#define OPD 4u                 /* another process: the same VAs, its own frames */
#define VSRC 0x1000000ull
#define VDST 0x2003000ull      /* 12 KB into a 16 KB block: a short first block */
#define VLEN 40000u
#define VPERIOD 1000u
#define VSF(p) (0x100000ull + (p) * 0x3000ull)   /* source frames, scattered */
#define VDF(p) (0x800000ull + (p) * 0x5000ull)   /* destination frames */
#define VOF(p) (0xC00000ull + (p) * 0x1000ull)   /* the other PD's frames */
#define NVP 11u                /* pages of each buffer mapped */
static const uint64_t vsrc_fr[NVP] = { VSF(0), VSF(1), VSF(2), VSF(3), VSF(4), VSF(5),
				       VSF(6), VSF(7), VSF(8), VSF(9), VSF(10) };
static const uint64_t vdst_fr[NVP] = { VDF(0), VDF(1), VDF(2), VDF(3), VDF(4), VDF(5),
				       VDF(6), VDF(7), VDF(8), VDF(9), VDF(10) };
static const uint64_t voth_fr[NVP] = { VOF(0), VOF(1), VOF(2), VOF(3), VOF(4), VOF(5),
				       VOF(6), VOF(7), VOF(8), VOF(9), VOF(10) };
static const struct vbuf VAS = { VSRC, NVP * 4096, vsrc_fr };
static const struct vbuf VAD = { VDST, NVP * 4096, vdst_fr };
static const struct vbuf VAO = { VDST, NVP * 4096, voth_fr };
static uint8_t vasm[NVP * 4096], vadm[NVP * 4096], vaom[NVP * 4096];

static uint64_t posts_fed, now_;
static uint32_t reps_fed;
static uint32_t src_faults, dst_faults, bad_faults;
static uint64_t unmapped_src, unmapped_dst;   /* the pages not mapped (va) */

/* The home's loop: posts to the queue, one step, replies to the R5; the
 * faults the steps report are counted (and must name an unmapped page).
 * Returns when the R5 notified or nothing is left to run. */
static void va_run(void)
{
	for (uint32_t n = 0; n < 5000; n++) {
		while (posts_fed < ud_host_r5.nposts) {
			const struct ud_host_r5_post *p = &ud_host_r5.post[posts_fed++];
			struct ud_va_blk b = { .trid = p->trid, .seq = p->seq, .pd = p->pd,
					       .vc = p->vc, .kind = p->kind, .node = p->node,
					       .src = p->src, .dst = p->dst, .len = p->len };
			ck_assert_int_eq(ud_eng_va_post(&E, &b), UD_OK);
		}
		struct ud_eng_va_out o = ud_eng_va_step(&E, &S, &TX, &RX, &FF, 0, PKT);
		if (o.ran && o.tx == UD_VA_FAULTED) {
			src_faults++;
			if (TX.rd[VPD].valid && TX.rd[VPD].va / 4096 != unmapped_src / 4096)
				bad_faults++;
		}
		if (o.ran && o.tx == UD_OK && o.rx.st == UD_VA_FAULTED) {
			dst_faults++;
			if (o.rx.fvpn != unmapped_dst / 4096)
				bad_faults++;
		}
		while (reps_fed < host_rep.n) {
			const struct host_rep_entry *r = &host_rep.log[reps_fed++];
			struct ud_r5_sched_ev ev = { .kind = r->kind, .trid = r->trid,
						     .seq = r->seq };
			(void)ud_r5_sched_event(&R5, &ev, now_);
		}
		if (ud_host_r5.nnotes || (!o.ran && posts_fed == ud_host_r5.nposts))
			return;
	}
}

static void va_map(const struct vbuf *b, uint32_t pd, uint32_t p, bool w)
{
	host_pt_map(pd, b->va + p * 4096u, b->frames[p], true, w);
}

static void va_check(const char *what)
{
	char m[160];

	snprintf(m, sizeof m, "%s: the source buffer", what);
	vb_check(m, &VAS, vasm);
	snprintf(m, sizeof m, "%s: the destination buffer", what);
	vb_check(m, &VAD, vadm);
	snprintf(m, sizeof m, "%s: the other PD's buffer at the same VAs", what);
	vb_check(m, &VAO, vaom);
	eq("door violations", host_dma.violations, 0);
}

/* A 40,000-byte VA transfer of PD 3 through r5_sched and eng_va: source
 * page 5 and destination page 7 not mapped.  The source page faults (the
 * block stops, nothing of it read or stored), the destination page faults
 * (nothing stored on it, PF-NACK); the OS then maps both pages, the bank's
 * fault is cleared, and the R5's timeout retransmits: the transfer
 * completes UD_OK once, every destination byte the source's, the bytes
 * before and after it and the other PD's frames at the same VAs untouched,
 * every walk on bank 3. */
START_TEST(va_transfer_faults_then_completes)
{
	const uint32_t sp = 5, dp = 7;
	const uint32_t doff = (uint32_t)(VDST % 4096u);

	rng(11);
	host_pt_reset();
	host_dma_reset();
	host_rep_reset();
	ud_host_r5_reset();
	ud_smmu_init(&S);
	ck_assert_int_eq(ud_smmu_configure(&S, VPD, false, true), UD_OK);   /* HUPCF: precise faults */
	ud_ff_init(&FF);
	ud_va_rx_init(&RX);
	memset(&TX, 0, sizeof TX);
	ud_eng_va_init(&E);
	ck_assert_int_eq(ud_r5_sched_init(&R5, 2, VPERIOD), UD_OK);
	posts_fed = 0;
	reps_fed = 0;
	now_ = 0;
	src_faults = dst_faults = bad_faults = 0;
	unmapped_src = VSRC + sp * 4096u;
	unmapped_dst = (VDST & ~0xfffull) + dp * 4096u;
	fill(vasm, sizeof vasm);
	fill(vadm, sizeof vadm);
	fill(vaom, sizeof vaom);
	vb_write(&VAS, vasm);
	vb_write(&VAD, vadm);
	vb_write(&VAO, vaom);
	for (uint32_t p = 0; p < NVP; p++) {
		if (p != sp)
			va_map(&VAS, VPD, p, false);
		if (p != dp)
			va_map(&VAD, VPD, p, true);
		va_map(&VAO, OPD, p, true);
	}
	host_dma.n = 0;
	struct ud_r5_sched_req rq = { .pd = VPD, .vc = 1, .kind = UD_R5_SCHED_WRITE,
				      .node = 0, .src = VSRC, .dst = VDST, .len = VLEN };
	ck_assert_int_eq(ud_r5_sched_submit(&R5, &rq, now_), UD_OK);

	/* Run until nothing more moves; while a page is unmapped, fault, the
	 * OS maps the faulted pages, clears the bank, and the timeout fires. */
	uint32_t rounds = 0;
	int dst_mapped = 0;
	while (ud_host_r5.nnotes == 0 && rounds < 64) {
		va_run();
		if (ud_host_r5.nnotes)
			break;
		rounds++;
		/* nothing was stored on the unmapped destination page's frame,
		 * and every byte stored so far is the source's, where it goes */
		/* mid-way: every destination byte is its old byte or the
		 * source's byte for that place, the other PD's frames untouched */
		for (uint32_t i = 0; i < VAD.n; i++) {
			uint8_t g = host_dma_peek(vb_pa(&VAD, VAD.va + i));
			int src_byte = i >= doff && i - doff < VLEN && g == vasm[i - doff];
			if (g != vadm[i] && !src_byte)
				ck_abort_msg("VA round %u: destination byte %u is 0x%02x, neither its old "
					     "0x%02x nor the source's (seed %u)", rounds, i, g, vadm[i], SEED);
		}
		vb_check("VA mid-way: the other PD's buffer", &VAO, vaom);
		vb_check("VA mid-way: the source buffer", &VAS, vasm);
		if (dst_faults && !dst_mapped) {
			uint8_t got[4096];
			for (uint32_t i = 0; i < 4096; i++)
				got[i] = host_dma_peek(vdst_fr[dp] + i);
			same("VA: the unmapped destination page's frame", got, &vadm[dp * 4096], 4096);
		}
		if (src_faults)
			va_map(&VAS, VPD, sp, false);
		if (dst_faults) {
			va_map(&VAD, VPD, dp, true);
			dst_mapped = 1;
		}
		(void)ud_smmu_clear_fault(&S, VPD);
		memset(&TX.rd[VPD], 0, sizeof TX.rd[VPD]);
		now_ += VPERIOD + 1u;
		(void)ud_r5_sched_tick(&R5, now_);
	}
	memcpy(vadm + doff, vasm, VLEN);
	va_check("VA transfer");
	eq("VA notifications", ud_host_r5.nnotes, 1);
	eq("VA status", ud_host_r5.note[0].status, UD_OK);
	ck_assert_msg(src_faults >= 1, "VA: the unmapped source page never faulted (seed %u)", SEED);
	ck_assert_msg(dst_faults >= 1, "VA: the unmapped destination page never faulted (seed %u)", SEED);
	eq("VA faults naming a mapped page", bad_faults, 0);
	fprintf(stderr, "va_transfer_faults_then_completes: %u rounds, %u source and %u destination "
		"faults, %llu posts (seed %u)\n", rounds, src_faults, dst_faults,
		(unsigned long long)ud_host_r5.nposts, SEED);
	for (uint32_t w = 0; w < host_pt.n && w < HOST_PT_LOG; w++)
		eq("VA walk bank", host_pt.log[w].cb, VPD);
}
END_TEST

/* ---------------------------------------------------------- send modes */

/* Process P's send buffer is a page of its own (a send-mode frame, in DMA
 * memory at HOST_SM_PA); the engine's send (ud_eng_sm_send) reads the
 * message from the frame P's mode chose and writes it, packet by packet,
 * into Q's region on node B through Q's rkey. */
#define MOFF 0x123u            /* the message inside the page */
#define MLEN 3500u
#define RVA  (QVA + 0x901u)    /* where it lands in Q's buffer */

enum sm_fault { SM_NONE, SM_NOFRAME, SM_DST_MIDRUN, SM_DOOR };

/* Fires `act` at the start of the store door call that ends the message's
 * first `bytes` bytes: that packet has passed its check, the next has not. */
static struct {
	uint32_t bytes, seen;
	void (*act)(void);
} sk;

static void store_hook(uint32_t i, uint64_t pa, uint32_t len, uint8_t wr)
{
	(void)i;
	(void)pa;
	if (wr != 1 || !sk.act)
		return;
	sk.seen += len;
	if (sk.seen == sk.bytes) {
		void (*act)(void) = sk.act;

		sk.act = NULL;
		act();
	}
}

static void sm_run(uint32_t mode, enum sm_fault fault)
{
	static const char *names[5] = { "PIO", "CopyDMA", "DirectDMA", "V2PDMA", "PEXDMA" };
	static uint8_t nibuf[UD_SM_MTU];
	struct ud_sm_buf b;
	uint8_t p1[4096], p2[4096], got[4096];
	uint32_t user, sent = 0xFFFFFFFFu;
	char m[160];

	rng(100 + mode * 4 + fault);
	nodes();
	user = host_sm_user_page(0);
	ck_assert_uint_ne(user, UD_SM_NOFRAME);
	fill(p1, sizeof p1);
	fill(p2, sizeof p2);
	memcpy(host_sm.f[user].data, p1, 4096);
	ck_assert_int_eq(ud_sm_init(&b, mode, user, 1), UD_OK);
	if (fault == SM_DOOR) {
		/* the home's copy or pin fails at the send call (DirectDMA
		 * has no door: nothing to fail) */
		host_sm.fail_copy = 1;
		host_sm.fail_pin = 1;
		ud_status st = ud_sm_post(&b);
		snprintf(m, sizeof m, "%s: post with a failing door", names[mode]);
		eq(m, st, mode == UD_SM_DIRECTDMA ? UD_OK : UD_E_PLATFORM);
		if (st != UD_OK) {
			eq("nothing in flight", b.st, UD_SM_IDLE);
			eq("no completion", host_cq.n, 0);
			eq("no memory access", host_dma.n, 0);
			same("the sender's page", host_sm.f[user].data, p1, 4096);
			wr_check("send mode, door failed");
			return;
		}
	} else {
		ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	}
	/* the user writes its whole page while the send is in flight */
	ud_status w = ud_sm_write(&b, 2);
	ck_assert_int_ge(w, 0);
	memcpy(host_sm.f[b.ufr].data, p2, 4096);
	const uint32_t nifr = b.sfr;
	struct ud_eng_sm_msg msg = { aqp, bqp, qrk, MOFF, MLEN, RVA };
	uint32_t moved = MLEN;
	ud_status want = UD_OK;
	if (fault == SM_NOFRAME) {
		host_sm.no_pa = 1;            /* the home cannot name the frame */
		moved = 0;
		want = UD_E_PLATFORM;
	} else if (fault == SM_DST_MIDRUN) {
		sk.bytes = 9u * UD_WR_PKT;    /* packet 9 refused */
		sk.seen = 0;
		sk.act = dereg_q;
		host_dma.hook = store_hook;
		moved = 9u * UD_WR_PKT;
		want = UD_E_KEY;
	}
	ud_status st = ud_eng_sm_send(&b, &A, &B, &msg, nibuf, &sent);
	host_dma.hook = NULL;
	/* classical modes deliver the bytes of the call, in-place modes the
	 * bytes the user wrote before the NI read them */
	const int classical = mode == UD_SM_PIO || mode == UD_SM_COPYDMA || mode == UD_SM_PEXDMA;
	memcpy(qm + (RVA - QB.va), (classical ? p1 : p2) + MOFF, moved);
	snprintf(m, sizeof m, "%s send (fault %d)", names[mode], (int)fault);
	wr_check(m);
	snprintf(m, sizeof m, "%s: the send's status", names[mode]);
	eq(m, st, want);
	completion(0, aqp, want, moved);
	eq("the buffer given back", b.st, UD_SM_IDLE);
	eq("the content the core says was sent", sent, classical ? 1 : 2);
	if (fault != SM_NOFRAME) {
		/* the one load: the frame the mode chose, the message's bytes */
		eq("the NI's load", host_dma.log[0].wr, 0);
		eq("the NI's load address", host_dma.log[0].pa == SM_PA(nifr) + MOFF, 1);
		eq("the NI's load length", host_dma.log[0].len, MLEN);
		eq("a copying mode reads a copy", (nifr != user) ==
		   (mode == UD_SM_PIO || mode == UD_SM_COPYDMA), 1);
	}
	/* the sender's page now holds what the user wrote */
	memcpy(got, host_sm.f[b.ufr].data, 4096);
	snprintf(m, sizeof m, "%s: the sender's page after the send", names[mode]);
	same(m, got, p2, 4096);
}

/* Bad input to the engine's send: nothing accepted (a dead QP, a buffer not
 * in flight) changes nothing and completes nothing; a bad message gives the
 * buffer back and completes once with its error, nothing moved. */
START_TEST(send_bad_input)
{
	static uint8_t nibuf[UD_SM_MTU];
	struct ud_sm_buf b;
	uint32_t user, sent = 77;

	rng(140);
	nodes();
	user = host_sm_user_page(0);
	ck_assert_int_eq(ud_sm_init(&b, UD_SM_COPYDMA, user, 1), UD_OK);
	struct ud_eng_sm_msg msg = { aqp, bqp, qrk, 0, 100, QVA };
	eq("idle buffer", ud_eng_sm_send(&b, &A, &B, &msg, nibuf, &sent), UD_E_STATE);
	ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	const struct ud_sm_buf kept = b;
	const uint32_t smn = host_sm.n;
	msg.qp = aqp + 1;
	eq("dead QP", ud_eng_sm_send(&b, &A, &B, &msg, nibuf, &sent), UD_E_NOENT);
	eq("dead QP: buffer kept", memcmp(&b, &kept, sizeof b), 0);
	eq("dead QP: no door", host_sm.n, smn);
	eq("nothing completed", host_cq.n, 0);
	eq("nothing moved", host_dma.n, 0);
	eq("sent untouched", sent, 77);
	static const struct { uint32_t tqp, off, len; uint64_t rva; ud_status st; } bad[] = {
		{ 0, 0, 0, QVA, UD_E_INVAL },                 /* empty            */
		{ 0, 1, UD_SM_MTU, QVA, UD_E_INVAL },         /* past the page    */
		{ 0, UD_SM_MTU, 1, QVA, UD_E_INVAL },         /* offset at the end */
		{ 5, 0, 100, QVA, UD_E_NOENT },               /* dead target QP   */
		{ 0, 0, 100, 0xFFFFFFFFFFFFFFC0ull, UD_E_OVERFLOW }, /* wraps 2^64 */
	};
	for (uint32_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (i)
			ck_assert_int_eq(ud_sm_post(&b), UD_OK);
		struct ud_eng_sm_msg bm = { aqp, bad[i].tqp ? bad[i].tqp : bqp, qrk,
					    bad[i].off, bad[i].len, bad[i].rva };
		eq("bad message", ud_eng_sm_send(&b, &A, &B, &bm, nibuf, &sent), bad[i].st);
		eq("bad message: buffer given back", b.st, UD_SM_IDLE);
		completion(i, aqp, bad[i].st, 0);
		eq("bad message: nothing moved", host_dma.n, 0);
	}
	wr_check("bad sends");
}
END_TEST

START_TEST(send_modes_move_every_byte)
{
	for (uint32_t mode = UD_SM_PIO; mode <= UD_SM_PEXDMA; mode++) {
		teardown();
		sm_run(mode, SM_NONE);
	}
}
END_TEST

START_TEST(send_modes_faults)
{
	for (uint32_t mode = UD_SM_PIO; mode <= UD_SM_PEXDMA; mode++) {
		teardown();
		sm_run(mode, SM_NOFRAME);
		teardown();
		sm_run(mode, SM_DST_MIDRUN);
		teardown();
		sm_run(mode, SM_DOOR);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("whole engine");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, wr_write_moves_every_byte);
	tcase_add_test(tc, wr_read_moves_every_byte);
	tcase_add_test(tc, wr_write_dst_dereg_midrun);
	tcase_add_test(tc, wr_write_src_dereg_midrun);
	tcase_add_test(tc, wr_read_key_invalidated_midrun);
	tcase_add_test(tc, shadow_alg1_two_processes);
	tcase_add_test(tc, shadow_alg2_interleaved);
	tcase_add_test(tc, shadow_alg3_interleaved);
	tcase_add_test(tc, via_descriptor_every_byte);
	tcase_add_test(tc, via_export_withdrawn_midrun);
	tcase_add_test(tc, va_transfer_faults_then_completes);
	tcase_add_test(tc, send_modes_move_every_byte);
	tcase_add_test(tc, send_modes_faults);
	tcase_add_test(tc, send_bad_input);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
