/* SPDX-License-Identifier: MIT */
/*
 * hw/model/board.c -- the board model: event loop, nodes, engines, driver,
 * network, and this home's platform doors (src/ud_platform.h).  What is
 * modelled and how: docs/board-model.md.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "board.h"
#include "ud_platform.h"
#include "ff_dedup_ref.h"
#include "fwloop_proto.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static void fw_cleanup(void);
#define BM_DIE(...) do { fprintf(stderr, "board-model: FAIL: " __VA_ARGS__); \
	fputc('\n', stderr); fw_cleanup(); abort(); } while (0)
#define BM_ASSERT(c, ...) do { if (!(c)) BM_DIE(__VA_ARGS__); } while (0)

struct bm_stats bm_st;

/* ------------------------------------------------------------ events */
enum {
	EV_SUBMIT = 1,    /* A53 mailbox -> R5: ud_r5_sched_submit             */
	EV_R5_ENG,        /* ACK / NACK / PF-NACK reaches the initiator's R5   */
	EV_R5_RAPF,       /* RAPF (opcode 2) reaches an R5 mailbox             */
	EV_R5_ABORT,      /* ud_plat_fail_transfer reaches the initiator's R5  */
	EV_R5_TICK,       /* R5 timer                                          */
	EV_TX,            /* send engine: next packet                          */
	EV_RX,            /* a data packet reaches the receive engine          */
	EV_IRQ,           /* SMMU context fault interrupt                      */
	EV_TASK_DST,      /* pf_rcv_tasklet: one FIFO entry per step           */
	EV_TASK_SRC,      /* pf_send_handler                                   */
	EV_RESUME,        /* stall mode: the driver writes RESUME              */
};

struct bm_pkt {
	uint32_t from, to;
	uint16_t trid, seq;
	uint8_t  pd;
	uint32_t off;        /* offset of this packet in its block */
	uint32_t blen;       /* block length                       */
	uint64_t dst;        /* destination VA of this packet      */
	uint32_t len;
	bool     keyed;
	uint32_t rkey;
	uint8_t  data[BM_PKT];
};

struct bm_ev {
	bm_time  t;
	uint64_t order;     /* FIFO among equal times: determinism */
	uint32_t type, node;
	union {
		struct bm_xfer *x;                         /* SUBMIT   */
		struct ud_r5_sched_ev e;                   /* R5_ENG   */
		struct { uint32_t w0, w1; } rapf;          /* R5_RAPF  */
		struct { uint16_t pd, trid, seq; ud_status err; } ab;
		uint32_t cb;                               /* IRQ      */
		struct { uint32_t cb, action; } rs;        /* RESUME   */
		struct ud_fh_fault f;                      /* TASK_SRC */
		struct bm_pkt *pkt;                        /* RX       */
	} u;
};

/* One block in the send engine. */
struct bm_blk {
	uint16_t trid, seq;
	uint8_t  pd, vc;
	uint32_t to;
	uint64_t src, dst;
	uint32_t len, next;
	bm_time  ready;
	bool     wait;      /* stall mode: its read is stalled / held */
};

/* Receive-side progress of one block (per initiator node and trid). */
struct bm_rxb {
	uint16_t seq;
	bool     valid, faulted, acked;
	uint64_t got;       /* bitmap of the <= 64 packets */
};

#define BM_TXQ 512u
#define BM_NTRID UD_R5_SCHED_NTX

struct bm_node {
	uint32_t id;
	struct ud_smmu smmu;
	struct ud_r5_sched *r5;
	struct ud_ff ff;
	struct ud_fh fh;
	struct ud_fh_map map;
	struct ud_prot prot;  /* seed 001 protection state (keyed transfers) */
	uint32_t prot_pd;
	/* R5 */
	bm_time r5_free, tick_at;
	bool    tick_set;
	/* send engine */
	struct bm_blk txq[BM_TXQ];
	uint32_t ntx, rr;
	bool     tx_sched;
	bm_time  link_free;
	/* the engine's read-error report, per context bank (3.2.2; the SMMU
	 * record has no trid/seq -- docs/fault_handler.md) */
	struct { bool valid; uint16_t trid, seq; uint64_t va; } rderr[UD_SMMU_NCB];
	/* receive engine */
	struct bm_rxb *rxb;   /* [BM_MAX_NODES][BM_NTRID] */
	/* stall mode: the stalled packet of each bank, packets not accepted
	 * (HELD: bank stalled, HUPCF = 0) waiting for the RESUME */
	struct bm_pkt *stalled[UD_SMMU_NCB];
	struct bm_pkt **held;
	size_t nheld, capheld;
	/* A53: kernel (IRQ, tasklets) and the user thread of Touch-A-Page */
	bm_time kern_free, user_free;
	bool    task_dst_pending;
	/* counters the runner reads as deltas */
	bm_time kernel_ns, pagein_real_ns;
	uint64_t pageins, pages_in, src_faults, dst_faults, irqs;
	uint64_t r5_msgs;
};

struct bm_board {
	uint32_t n;
	struct bm_param p;
	struct bm_policy pol;
	struct bm_node node[BM_MAX_NODES];
	struct bm_ev *heap;
	size_t nheap, capheap;
	uint64_t order;
	bm_time now;
	uint64_t rng;
	struct bm_xfer *live[BM_MAX_XFERS];
	uint32_t nlive;
};

static struct bm_board board;
struct bm_board *bm = &board;

/* Planted faults, so make test can show the checks catch them
 * (BM_PLANT=data|skip|twice; hw/model/Makefile, smoke). */
static int plant;      /* 0 none, 1 data, 2 skip, 3 twice */
static uint64_t plant_n;

/* The node whose code runs, and the clocks the doors advance. */
static struct bm_node *bm_cur;
static bm_time g_t;        /* R5 code: the time it runs at        */
static struct bm_node *g_rx_node;   /* receive engine inside ud_pkt_write */
static bm_time g_kern;     /* driver code: kernel clock            */
static bm_time g_user;     /* Touch-A-Page user thread clock       */
static bool    g_in_src;   /* inside the source-fault handler      */

static uint64_t rnd(void)
{
	uint64_t x = bm->rng;
	x ^= x << 13; x ^= x >> 7; x ^= x << 17;
	return bm->rng = x;
}

static double rnd01(void)
{
	return (double)(rnd() >> 11) / 9007199254740992.0;
}

static bm_time wall_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (bm_time)ts.tv_sec * 1000000000ull + (bm_time)ts.tv_nsec;
}

static void push(struct bm_ev e)
{
	if (bm->nheap == bm->capheap) {
		bm->capheap = bm->capheap ? 2 * bm->capheap : 4096;
		bm->heap = realloc(bm->heap, bm->capheap * sizeof *bm->heap);
		BM_ASSERT(bm->heap, "out of memory");
	}
	e.order = bm->order++;
	size_t i = bm->nheap++;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		struct bm_ev *q = &bm->heap[p];
		if (q->t < e.t || (q->t == e.t && q->order < e.order))
			break;
		bm->heap[i] = *q;
		i = p;
	}
	bm->heap[i] = e;
}

static bool before(const struct bm_ev *a, const struct bm_ev *b)
{
	return a->t < b->t || (a->t == b->t && a->order < b->order);
}

static struct bm_ev pop(void)
{
	struct bm_ev top = bm->heap[0];
	struct bm_ev last = bm->heap[--bm->nheap];
	size_t i = 0, n = bm->nheap;
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		const struct bm_ev *cm = &last;
		if (l < n && before(&bm->heap[l], cm)) { m = l; cm = &bm->heap[l]; }
		if (r < n && before(&bm->heap[r], cm)) { m = r; }
		if (m == i)
			break;
		bm->heap[i] = bm->heap[m];
		i = m;
	}
	if (n)
		bm->heap[i] = last;
	return top;
}

static void at(bm_time t, uint32_t type, uint32_t node, struct bm_ev e)
{
	e.t = t;
	e.type = type;
	e.node = node;
	push(e);
}

/* ------------------------------------------------------------ params */
void bm_param_default(struct bm_param *p)
{
	memset(p, 0, sizeof *p);
	p->link_gbps   = 10.0;     /* seed 004 1.3.1.2: 10 Gb/s per HSS link   */
	p->hop_ns      = 100;      /* seed 004 ch. 4: hop-to-hop ~100 ns        */
	p->hdr_bytes   = 16;       /* assumed                                   */
	p->submit_ns   = 1000;     /* calibrated: 16 B ideal = 4 us (ch. 4)     */
	p->r5_event_ns = 400;      /* calibrated, as above                      */
	p->post_ns     = 300;      /* calibrated, as above                      */
	p->dma_rd_ns   = 400;      /* calibrated, as above                      */
	p->rx_wr_ns    = 300;      /* calibrated, as above                      */
	p->notify_ns   = 800;      /* calibrated, as above                      */
	p->irq_ns      = 3000;     /* assumed (not in seed 004)                 */
	p->irq_cost_ns = 2000;     /* assumed                                   */
	p->tasklet_ns  = 5000;     /* assumed                                   */
	p->fifo_pop_ns = 500;      /* assumed: two AXI-lite 64-bit reads        */
	p->netlink_ns  = 5000;     /* assumed                                   */
	p->wakeup_ns   = 20000;    /* assumed: user thread wake-up              */
	p->gup_ns      = 2000;     /* assumed fixed part; populate is measured  */
	p->pkz_ns      = 1000;     /* assumed: packetizer -> network            */
	p->mbox_ns     = 500;      /* assumed: R5 poll of its mailbox           */
	p->timeout_ns  = 1000000;  /* seed 004 ch. 4: 25 / 2.5 / 1 ms           */
}

/* ------------------------------------------------------------ network */
static bm_time ser_ns(uint32_t bytes)
{
	return (bm_time)((double)(bytes + bm->p.hdr_bytes) * 8.0 / bm->p.link_gbps + 0.5);
}

/* Put `bytes` on `from`'s output link at time t; returns when it leaves,
 * *arr gets arrival times (0, 1 or 2 copies: loss, dup). */
static uint32_t net_send(uint32_t from, uint32_t to, bm_time t, uint32_t bytes,
			 bm_time arr[2])
{
	struct bm_node *nd = &bm->node[from];
	bm_time s = t > nd->link_free ? t : nd->link_free;
	nd->link_free = s + ser_ns(bytes);
	bm_time base = nd->link_free + (from == to ? 0 : bm->p.hop_ns);
	uint32_t k = 0;
	if (bm->p.loss > 0 && rnd01() < bm->p.loss) {
		bm_st.pkts_lost++;
		return 0;
	}
	arr[k++] = base + (bm->p.jitter_ns ? rnd() % bm->p.jitter_ns : 0);
	if (bm->p.dup > 0 && rnd01() < bm->p.dup) {
		bm_st.pkts_dup++;
		arr[k++] = base + (bm->p.jitter_ns ? rnd() % bm->p.jitter_ns : 0) + 1;
	}
	return k;
}

/* A message through the network, not a data packet: an ACK / NACK, a
 * RAPF or an abort.  Lost and duplicated like any packet. */
static void net_msg(uint32_t from, uint32_t to, bm_time t, uint32_t type, struct bm_ev e)
{
	bm_time arr[2];
	uint32_t k = net_send(from, to, t, 8, arr);
	for (uint32_t i = 0; i < k; i++)
		at(arr[i], type, to, e);
}

/* ------------------------------------------------------------ memory */
bool bm_resident(const uint8_t *va)
{
	unsigned char v = 0;
	uintptr_t a = (uintptr_t)va & ~(uintptr_t)(BM_PAGE - 1);
	if (mincore((void *)a, BM_PAGE, &v) != 0)
		return false;   /* not mapped at all: a translation fault too */
	return (v & 1u) != 0;
}

void bm_touch_page(uint8_t *va, bool write)
{
	volatile uint8_t *p = (volatile uint8_t *)((uintptr_t)va & ~(uintptr_t)(BM_PAGE - 1));
	if (write)
		p[0] = p[0];
	else
		(void)p[0];
}

void bm_buf_map(struct bm_buf *b, uint32_t node, uint32_t slot, size_t len, uint8_t pd,
		uint8_t rights)
{
	size_t maplen = (len + BM_PAGE - 1) / BM_PAGE * BM_PAGE;
	uint64_t va = BM_VA_BASE + (uint64_t)node * BM_VA_STRIDE + (uint64_t)slot * 0x100000ull;
	BM_ASSERT(len <= 0x100000u, "buffer larger than its 1 MB slot");
	void *m = mmap((void *)(uintptr_t)va, maplen, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	BM_ASSERT(m == (void *)(uintptr_t)va, "mmap at %#llx: %s",
		  (unsigned long long)va, strerror(errno));
	(void)madvise(m, maplen, MADV_NOHUGEPAGE);
	b->node = node;
	b->va = m;
	b->len = len;
	b->maplen = maplen;
	struct bm_node *nd = &bm->node[node];
	BM_ASSERT(rights == 0 ||
		  ud_fh_map_add(&nd->map, pd, 0, rights,
				(uint32_t)(va >> 12), (uint32_t)(maplen / BM_PAGE)) == UD_OK,
		  "owner's mapping table full");
}

void bm_map_reset(void)
{
	for (uint32_t i = 0; i < bm->n; i++)
		ud_fh_map_init(&bm->node[i].map);
}

void bm_buf_free(struct bm_buf *b)
{
	if (b->va)
		munmap(b->va, b->maplen);
	b->va = NULL;
}

/* Page in [va, va + n pages) for real; returns the wall time it took (or
 * the fixed cost per page, `param pagein`). */
static bm_time real_pagein(uint64_t va, uint32_t npages, bool write, bool populate)
{
	bm_time t0 = wall_ns();
	bool done = false;
	if (populate)
		done = madvise((void *)(uintptr_t)va, (size_t)npages * BM_PAGE,
			       write ? MADV_POPULATE_WRITE : MADV_POPULATE_READ) == 0;
	if (!done) {
		if (populate)
			bm_st.pagein_fallback_touch++;
		for (uint32_t i = 0; i < npages; i++)
			bm_touch_page((uint8_t *)(uintptr_t)(va + (uint64_t)i * BM_PAGE), write);
	}
	bm_time real = wall_ns() - t0;
	return bm->p.pagein_ns ? bm->p.pagein_ns * npages : real;
}

/* ------------------------------------------------------------ xfers */
static struct bm_xfer *xfer_of_channel(uint32_t node, uint8_t pd, uint8_t vc)
{
	for (uint32_t i = 0; i < bm->nlive; i++) {
		struct bm_xfer *x = bm->live[i];
		if (x->from == node && x->pd == pd && x->vc == vc)
			return x;
	}
	return NULL;
}

static struct bm_xfer *xfer_of_dst(uint32_t node, uint64_t va, uint32_t len)
{
	for (uint32_t i = 0; i < bm->nlive; i++) {
		struct bm_xfer *x = bm->live[i];
		uint64_t d = (uint64_t)(uintptr_t)x->dst.va;
		if (x->to == node && va >= d && va + len <= d + x->dst.len)
			return x;
	}
	return NULL;
}

/* ------------------------------------------------------------ trace */
/* The trace (bm_trace_open): every R5 step of every node, its result, its
 * outputs, and per run a digest of every event the loop ran (time, type,
 * node).  Two runs with the same behaviour write the same bytes. */
static FILE *g_trace;
static uint64_t g_digest = 0xcbf29ce484222325ull;   /* FNV-1a, 64 bit */

static void digest_u64(uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		g_digest ^= (v >> (8 * i)) & 0xff;
		g_digest *= 0x100000001b3ull;
	}
}

#define TRACE(...) do { if (g_trace) fprintf(g_trace, __VA_ARGS__); } while (0)

void bm_trace_open(const char *path)
{
	g_trace = fopen(path, "w");
	if (!g_trace) { perror(path); exit(2); }
}

void bm_trace_close(void)
{
	if (g_trace)
		fclose(g_trace);
	g_trace = NULL;
}

/* ------------------------------------------------------------ firmware */
/* Firmware in the loop (board.h bm_fw_use; protocol firmware/fwloop_proto.h;
 * docs/board-model.md).  One node's R5 steps go to uldma-r5-loop.elf on
 * qemu-system-arm -M none -cpu cortex-r5f over two named pipes that the
 * firmware opens through semihosting. */
static struct {
	int      node;               /* -1: every R5 is the linked r5_sched */
	char     elf[PATH_MAX], qemu[PATH_MAX], dir[64];
	pid_t    pid;
	int      in, out;            /* our ends: to / from the firmware     */
	uint32_t recno;              /* input records sent                   */
	bool     armed;              /* the firmware's next deadline         */
	uint64_t dl;
	struct ud_r5_sched_cnt cnt;  /* its counters, as of its last DONE    */
} fw = { .node = -1, .pid = -1, .in = -1, .out = -1 };

void bm_fw_use(uint32_t node, const char *elf, const char *qemu)
{
	BM_ASSERT(realpath(elf, fw.elf), "firmware ELF %s: %s", elf, strerror(errno));
	snprintf(fw.qemu, sizeof fw.qemu, "%s", qemu ? qemu : "qemu-system-arm");
	fw.node = (int)node;
}

static bool fw_on(const struct bm_node *nd)
{
	return fw.pid > 0 && (int)nd->id == fw.node;
}

/* On a failure: no QEMU or scratch directory is left behind. */
static void fw_cleanup(void)
{
	char path[PATH_MAX];
	if (fw.pid > 0) {
		kill(fw.pid, SIGKILL);
		waitpid(fw.pid, NULL, 0);
		fw.pid = -1;
	}
	if (!fw.dir[0])
		return;
	snprintf(path, sizeof path, "%s/" UD_FW_IN, fw.dir); unlink(path);
	snprintf(path, sizeof path, "%s/" UD_FW_OUT, fw.dir); unlink(path);
	snprintf(path, sizeof path, "%s/qemu.log", fw.dir); unlink(path);
	rmdir(fw.dir);
	fw.dir[0] = 0;
}

static void fw_log_tail(void)
{
	char path[PATH_MAX], line[256];
	snprintf(path, sizeof path, "%s/qemu.log", fw.dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof line, f))
		fprintf(stderr, "  qemu: %s", line);
	fclose(f);
}

static void fw_read(uint32_t *r)
{
	size_t got = 0, n = UD_FW_REC_WORDS * 4u;
	int idle = 0;
	while (got < n) {
		struct pollfd pf = { .fd = fw.out, .events = POLLIN };
		int k = poll(&pf, 1, 1000);
		if (k == 0) {
			/* only a dead or hung QEMU gets here: the result never
			 * depends on how long an answer takes */
			int st;
			if (waitpid(fw.pid, &st, WNOHANG) == fw.pid) {
				fw.pid = -1;
				fw_log_tail();
				fw_cleanup();
				BM_DIE("the firmware's QEMU ended (status 0x%x) in the middle of a step", st);
			}
			/* 30 s for the HELLO of a firmware that does not
			 * speak the protocol (a wrong ELF) */
			BM_ASSERT(++idle < (fw.recno ? 120 : 30),
				  "no answer from the firmware for %d s (record %u)", idle, fw.recno);
			continue;
		}
		BM_ASSERT(k == 1, "poll: %s", strerror(errno));
		ssize_t m = read(fw.out, (char *)r + got, n - got);
		BM_ASSERT(m > 0, "read from the firmware: %s", m ? strerror(errno) : "end of file");
		got += (size_t)m;
	}
}

static void fw_write(const uint32_t *r)
{
	ssize_t m = write(fw.in, r, UD_FW_REC_WORDS * 4u);
	BM_ASSERT(m == (ssize_t)(UD_FW_REC_WORDS * 4u), "write to the firmware: %s", strerror(errno));
}

static void put64(uint32_t *r, uint32_t w, uint64_t v)
{
	r[w] = (uint32_t)v;
	r[w + 1] = (uint32_t)(v >> 32);
}

static uint64_t get64(const uint32_t *r, uint32_t w)
{
	return (uint64_t)r[w] | ((uint64_t)r[w + 1] << 32);
}

/* One step on the firmware: send the input (now = the R5's time), apply
 * every POST / NOTIFY it answers through this home's doors (bm_cur is the
 * node, as for a linked step), keep DONE's deadline and counters. */
static int32_t fw_step(uint32_t *in, uint64_t now)
{
	uint32_t r[UD_FW_REC_WORDS], posts = 0, notes = 0;
	in[1] = ++fw.recno;
	put64(in, 2, now);
	fw_write(in);
	for (;;) {
		fw_read(r);
		BM_ASSERT(r[1] == fw.recno, "firmware answered record %u to record %u", r[1], fw.recno);
		if (r[0] == UD_FW_OUT_POST) {
			ud_plat_r5_post((uint16_t)r[2], (uint16_t)r[3], (uint8_t)r[4], (uint8_t)r[5],
					(uint8_t)r[6], r[7], get64(r, 8), get64(r, 10), r[12]);
			posts++;
		} else if (r[0] == UD_FW_OUT_NOTIFY) {
			ud_plat_r5_notify((uint8_t)r[2], (uint8_t)r[3], (uint8_t)r[4], (ud_status)r[5]);
			notes++;
		} else {
			BM_ASSERT(r[0] == UD_FW_OUT_DONE, "firmware record kind %u", r[0]);
			break;
		}
	}
	BM_ASSERT(r[6] == posts && r[7] == notes, "firmware reported %u posts / %u notifications, "
		  "%u / %u arrived", r[6], r[7], posts, notes);
	fw.armed = r[3] != 0;
	fw.dl = get64(r, 4);
	int64_t *c = &fw.cnt.submits;
	const int64_t *ce = &fw.cnt.spent;
	BM_ASSERT(ce - c + 1 == (ptrdiff_t)UD_FW_NCNT, "counter layout");
	for (uint32_t i = 0; i < UD_FW_NCNT; i++)
		c[i] = (int64_t)get64(r, UD_FW_W_CNT + 2 * i);
	return (int32_t)r[2];
}

static void fw_start(void)
{
	char in[96], out[96], log[96], dev[PATH_MAX + 32];
	snprintf(fw.dir, sizeof fw.dir, "/tmp/bm-fwloop.XXXXXX");
	BM_ASSERT(mkdtemp(fw.dir), "mkdtemp: %s", strerror(errno));
	snprintf(in, sizeof in, "%s/" UD_FW_IN, fw.dir);
	snprintf(out, sizeof out, "%s/" UD_FW_OUT, fw.dir);
	snprintf(log, sizeof log, "%s/qemu.log", fw.dir);
	BM_ASSERT(mkfifo(in, 0600) == 0 && mkfifo(out, 0600) == 0, "mkfifo: %s", strerror(errno));
	/* O_RDWR: neither end's open waits for the other (Linux FIFOs) */
	fw.in = open(in, O_RDWR | O_CLOEXEC);
	fw.out = open(out, O_RDWR | O_CLOEXEC);
	BM_ASSERT(fw.in >= 0 && fw.out >= 0, "open the pipes: %s", strerror(errno));
	snprintf(dev, sizeof dev, "loader,file=%s,cpu-num=0", fw.elf);
	fflush(NULL);
	pid_t pid = fork();
	BM_ASSERT(pid >= 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		int lf = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (lf < 0 || chdir(fw.dir) != 0)
			_exit(127);
		dup2(lf, 1);
		dup2(lf, 2);
		/* -icount shift=0: the guest's own clock is deterministic too,
		 * though the firmware reads only the model's time */
		execlp(fw.qemu, fw.qemu, "-M", "none", "-cpu", "cortex-r5f", "-m", "1M",
		       "-display", "none", "-monitor", "none", "-serial", "none",
		       "-semihosting", "-icount", "shift=0", "-device", dev, (char *)NULL);
		_exit(127);
	}
	fw.pid = pid;
	fw.recno = 0;
	uint32_t r[UD_FW_REC_WORDS];
	fw_read(r);
	BM_ASSERT(r[0] == UD_FW_OUT_HELLO && r[2] == UD_FW_MAGIC, "firmware HELLO missing");
	(void)r;
}

static void fw_stop(void)
{
	if (fw.pid <= 0)
		return;
	uint32_t r[UD_FW_REC_WORDS] = { UD_FW_IN_QUIT, ++fw.recno };
	fw_write(r);
	int st;
	BM_ASSERT(waitpid(fw.pid, &st, 0) == fw.pid, "waitpid");
	fw.pid = -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fw_log_tail();
		BM_DIE("the firmware's QEMU exited with status 0x%x", st);
	}
	close(fw.in);
	close(fw.out);
	fw_cleanup();
}

/* ------------------------------------------------------------ R5 */
static void r5_rearm(struct bm_node *nd, bm_time now)
{
	struct ud_r5_sched *s = nd->r5;
	uint64_t m;
	if (fw_on(nd)) {
		/* the firmware's own ud_r5_next_deadline, from its DONE */
		if (!fw.armed)
			return;
		m = fw.dl;
	} else if (!ud_r5_next_deadline(s->dense, s->narmed, s->dl, &m)) {
		/* the verified next deadline (src/r5_timer.c, SCHED-22) */
		return;
	}
	if (m < now)
		m = now;
	if (nd->tick_set && nd->tick_at <= m)
		return;
	nd->tick_set = true;
	nd->tick_at = m;
	at(m, EV_R5_TICK, nd->id, (struct bm_ev){ 0 });
}

/* Run one R5 firmware step at time t: returns the time it starts. */
static bm_time r5_begin(struct bm_node *nd, bm_time t)
{
	bm_time s = t > nd->r5_free ? t : nd->r5_free;
	nd->r5_free = s + bm->p.r5_event_ns;
	g_t = nd->r5_free;
	bm_cur = nd;
	return s;
}

static void r5_end(struct bm_node *nd)
{
	r5_rearm(nd, nd->r5_free);
	bm_cur = NULL;
}

/* One input to an R5: a fw-protocol record (kind and words 4.. as
 * firmware/fwloop_proto.h; words 1-3 are filled in by fw_step).  The
 * linked r5_sched and the firmware get the very same input. */
static const char *const in_name[] = { "?", "INIT", "SUBMIT", "EVENT", "RAPF", "ABORT", "TICK" };

static int32_t r5_linked(struct bm_node *nd, const uint32_t *in, bm_time s)
{
	switch (in[0]) {
	case UD_FW_IN_SUBMIT: {
		struct ud_r5_sched_req q = { 0 };
		q.pd = (uint8_t)in[4]; q.vc = (uint8_t)in[5]; q.kind = (uint8_t)in[6];
		q.node = in[7]; q.src = get64(in, 8); q.dst = get64(in, 10); q.len = in[12];
		return ud_r5_sched_submit(nd->r5, &q, s);
	}
	case UD_FW_IN_EVENT: {
		struct ud_r5_sched_ev ev = { 0 };
		ev.kind = (uint8_t)in[4]; ev.trid = (uint16_t)in[5]; ev.seq = (uint16_t)in[6];
		ev.wired_pd = (uint16_t)in[7]; ev.pd = (uint16_t)in[8];
		return ud_r5_sched_event(nd->r5, &ev, s);
	}
	case UD_FW_IN_RAPF: {
		struct ud_rtx_msg m;
		struct ud_r5_sched_ev ev = { 0 };
		ud_status rc = ud_rtx_decode(in[4], in[5], &m);
		if (rc != UD_OK)
			return rc;
		ev.kind = UD_R5_SCHED_EV_RAPF; ev.trid = m.trid; ev.seq = m.seq;
		ev.wired_pd = m.wired_pdid; ev.pd = m.pdid;
		return ud_r5_sched_event(nd->r5, &ev, s);
	}
	case UD_FW_IN_ABORT:
		return ud_r5_sched_abort(nd->r5, (uint16_t)in[4], (uint16_t)in[5], (uint16_t)in[6],
					 (ud_status)in[7]);
	case UD_FW_IN_TICK:
		return ud_r5_sched_tick(nd->r5, s);
	default:
		BM_DIE("R5 input kind %u", in[0]);
	}
}

/* Run one R5 step on input `in` arriving at time t; the call's result. */
static int32_t r5_step(struct bm_node *nd, bm_time t, uint32_t *in)
{
	bm_time s = r5_begin(nd, t);
	nd->r5_msgs++;
	TRACE("%llu n%u %s", (unsigned long long)s, nd->id, in_name[in[0]]);
	for (uint32_t w = 4; w <= 12 && in[0] != UD_FW_IN_TICK; w++)
		TRACE(" %x", in[w]);
	TRACE("\n");
	int32_t rc = fw_on(nd) ? fw_step(in, s) : r5_linked(nd, in, s);
	TRACE("  = %d\n", rc);
	r5_end(nd);
	return rc;
}

/* ------------------------------------------------------------ engines */
static void tx_kick(struct bm_node *nd, bm_time t)
{
	if (nd->tx_sched || nd->ntx == 0)
		return;
	nd->tx_sched = true;
	at(t, EV_TX, nd->id, (struct bm_ev){ 0 });
}

static void irq_raise(struct bm_node *nd, uint32_t cb, bm_time t)
{
	struct bm_ev e = { 0 };
	e.u.cb = cb;
	bm_st.irqs++;
	nd->irqs++;
	at(t + bm->p.irq_ns, EV_IRQ, nd->id, e);
}

static bool cb_active(const struct ud_smmu_cb *c)
{
	return c->tf || c->pf || c->multi;
}

/* One transaction through node nd's SMMU, bank cb, at page of va:
 * returns the SMMU's outcome; raises the IRQ on a first fault. */
static uint32_t smmu_xact(struct bm_node *nd, uint32_t cb, uint64_t va, bool wnr, bm_time t)
{
	uint32_t out = 0;
	bool was = cb_active(&nd->smmu.cb[cb]);
	uint32_t xl = bm_resident((const uint8_t *)(uintptr_t)va) ? UD_SMMU_XLATE_OK
								  : UD_SMMU_XLATE_TF;
	BM_ASSERT(ud_smmu_access(&nd->smmu, cb, va, wnr, xl, &out) == UD_OK,
		  "ud_smmu_access refused va %#llx", (unsigned long long)va);
	if (xl != UD_SMMU_XLATE_OK && !was)
		irq_raise(nd, cb, t);        /* a first fault: terminated or stalled */
	else if (out == UD_SMMU_TERMINATED)
		bm_st.multi++;               /* under a fault, HUPCF = 1: MULTI */
	return out;
}

static void blk_remove(struct bm_node *nd, uint32_t i)
{
	nd->txq[i] = nd->txq[--nd->ntx];
	if (nd->rr >= nd->ntx)
		nd->rr = 0;
}

/* The send engine: one packet of a ready block, round robin over the
 * blocks (so two outstanding blocks interleave, as 4.2 observes). */
static void ev_tx(struct bm_node *nd, bm_time t)
{
	nd->tx_sched = false;
	if (nd->ntx == 0)
		return;
	bm_time t0 = t > nd->link_free ? t : nd->link_free;
	uint32_t pick = UINT32_MAX;
	bm_time soonest = UINT64_MAX;
	for (uint32_t k = 0; k < nd->ntx; k++) {
		uint32_t i = (nd->rr + k) % nd->ntx;
		if (nd->txq[i].wait)
			continue;
		if (nd->txq[i].ready <= t0) { pick = i; break; }
		if (nd->txq[i].ready < soonest)
			soonest = nd->txq[i].ready;
	}
	if (pick == UINT32_MAX) {
		if (soonest != UINT64_MAX) {
			nd->tx_sched = true;
			at(soonest, EV_TX, nd->id, (struct bm_ev){ 0 });
		}
		return;    /* every block waits for a RESUME: idle until then */
	}
	struct bm_blk *b = &nd->txq[pick];
	nd->rr = (pick + 1) % nd->ntx;
	uint32_t n = b->len - b->next < BM_PKT ? b->len - b->next : BM_PKT;
	uint64_t sva = b->src + b->next;
	struct bm_xfer *kx = xfer_of_channel(nd->id, b->pd, b->vc);
	bool keyed = kx && kx->keyed;
	/* source pages of this packet, read through the SMMU (WNR = 0); a
	 * keyed transfer's pages are pinned by its registration and checked
	 * and translated by xfer_packet instead (below) */
	for (uint64_t pg = sva & ~(uint64_t)(BM_PAGE - 1); !keyed && pg < sva + n; pg += BM_PAGE) {
		uint32_t out = smmu_xact(nd, b->pd, pg < sva ? sva : pg, false, t0);
		if (out == UD_SMMU_STALLED || out == UD_SMMU_HELD) {
			/* stall mode: the read waits for the driver's RESUME; the
			 * engine goes on with the other blocks */
			b->wait = true;
			nd->rr = (pick + 1) % nd->ntx;
			tx_kick(nd, t0);
			return;
		}
		if (out != UD_SMMU_DONE) {
			/* read error: the block stops (3.2.2: the modified PLDMA does
			 * not complete it; the R5's timeout retransmits). */
			nd->src_faults++;
			if (!nd->rderr[b->pd].valid) {
				nd->rderr[b->pd].valid = true;
				nd->rderr[b->pd].trid = b->trid;
				nd->rderr[b->pd].seq = b->seq;
				nd->rderr[b->pd].va = pg < sva ? sva : pg;
			}
			blk_remove(nd, pick);
			tx_kick(nd, t0);
			return;
		}
	}
	struct bm_pkt *p = malloc(sizeof *p);
	BM_ASSERT(p, "out of memory");
	p->from = nd->id; p->to = b->to; p->trid = b->trid; p->seq = b->seq;
	p->pd = b->pd; p->off = b->next; p->blen = b->len;
	p->dst = b->dst + b->next; p->len = n;
	p->keyed = keyed;
	p->rkey = keyed ? kx->rkey : 0;
	if (keyed) {
		ud_status r = ud_pkt_read(&nd->prot, nd->prot_pd, kx->lkey, sva,
					  UD_KIND_LOCAL_READ, p->data, n);
		BM_ASSERT(r == UD_OK, "ud_pkt_read refused its own source: %d", (int)r);
		bm_st.keyed_pkts++;
	} else {
		memcpy(p->data, (const void *)(uintptr_t)sva, n);
	}
	bm_time arr[2];
	uint32_t k = net_send(nd->id, b->to, t0, n, arr);
	bm_st.pkts_sent++;
	for (uint32_t i = 0; i < k; i++) {
		struct bm_ev e = { 0 };
		if (i == 0) {
			e.u.pkt = p;
		} else {
			e.u.pkt = malloc(sizeof *p);
			BM_ASSERT(e.u.pkt, "out of memory");
			memcpy(e.u.pkt, p, sizeof *p);
		}
		at(arr[i], EV_RX, b->to, e);
	}
	if (k == 0)
		free(p);
	b->next += n;
	if (b->next >= b->len)
		blk_remove(nd, pick);
	if (nd->ntx) {
		nd->tx_sched = true;
		at(nd->link_free, EV_TX, nd->id, (struct bm_ev){ 0 });
	}
}

static void reply(struct bm_node *nd, const struct bm_pkt *p, uint8_t kind, bm_time t)
{
	struct bm_ev e = { 0 };
	e.u.e.kind = kind;
	e.u.e.trid = p->trid;
	e.u.e.seq = p->seq;
	net_msg(nd->id, p->from, t, EV_R5_ENG, e);
}

static struct bm_rxb *rx_block(struct bm_node *nd, const struct bm_pkt *p)
{
	struct bm_rxb *rb = &nd->rxb[p->from * BM_NTRID + p->trid];
	return rb->valid && rb->seq == p->seq ? rb : NULL;
}

/* BM_HW_DEDUP=1: the FIFO has the proposed hardware dedup (the RTL's
 * DEDUP=1, docs/fault_fifo.md 5.3: a push whose key a queued entry has is
 * dropped), through its cosim reference hw/ff_dedup_ref.c; otherwise the
 * FIFO as built (src/fault_fifo.c: last pushed).  Same key in both. */
static int hw_dedup(void)
{
	static int v = -1;
	if (v < 0) {
		const char *e = getenv("BM_HW_DEDUP");
		v = e && e[0] == '1';
	}
	return v;
}

/* A write the SMMU terminated: AXI slave error.  Log it in the fault FIFO
 * (the hardware push; 3.2.3.1) and PF-NACK the initiator (3.2.3.3). */
static void rx_fault(struct bm_node *nd, struct bm_pkt *p, uint64_t a, bm_time t)
{
	struct ud_ff_entry fe = { 0 };
	struct bm_rxb *rb = rx_block(nd, p);
	fe.src_id = p->from; fe.tr_id = p->trid; fe.seq = p->seq;
	fe.pdid = p->pd; fe.proc = 0; fe.vpn = (uint32_t)(a >> 12);
	ud_status r = hw_dedup() ? ud_ffd_push(&nd->ff, &fe) : ud_ff_push(&nd->ff, &fe);
	if (r == UD_OK)
		bm_st.ff_pushed++;
	else if (r == UD_E_FULL)
		bm_st.ff_overflow++;
	else
		bm_st.ff_dup_filtered++;
	nd->dst_faults++;
	bm_st.pkts_rx_fault++;
	if (rb)
		rb->faulted = true;
	bm_st.pfnacks++;
	reply(nd, p, UD_R5_SCHED_EV_PFNACK, t + bm->p.rx_wr_ns);
	free(p);
}

/* Every byte the engines put in memory comes here: it must be the
 * transfer's byte for that offset, inside the destination buffer of a
 * live transfer (the model's check, and the planted faults' target). */
static void mem_write(struct bm_node *nd, uint64_t va, const uint8_t *data, uint32_t n)
{
	uint8_t tmp[BM_PKT];
	struct bm_xfer *x = xfer_of_dst(nd->id, va, n);
	BM_ASSERT(x && n <= BM_PKT, "engine wrote %u bytes at %#llx outside every live transfer",
		  n, (unsigned long long)va);
	size_t o = (size_t)(va - (uint64_t)(uintptr_t)x->dst.va);
	memcpy(tmp, data, n);
	if (plant == 1 && ++plant_n == 100)
		tmp[n / 2] ^= 0x40;              /* planted: a flipped bit in flight */
	BM_ASSERT(memcmp(tmp, x->expect + o, n) == 0,
		  "engine carried wrong bytes to %#llx", (unsigned long long)va);
	if (!(plant == 2 && ++plant_n == 100)) {   /* planted: a write lost */
		memcpy((void *)(uintptr_t)va, tmp, n);
		memset(x->wrote + o, 1, n);
	}
}

static void rx_count(struct bm_node *nd, const struct bm_pkt *p, struct bm_rxb *rb, bm_time t);

/* The receive engine: one data packet, written through the SMMU (WNR=1). */
static void ev_rx(struct bm_node *nd, struct bm_pkt *p, bm_time t)
{
	struct bm_rxb *rb = &nd->rxb[p->from * BM_NTRID + p->trid];
	bool fresh = !rb->valid || rb->seq != p->seq;
	if (fresh && rb->valid && ((uint16_t)(p->seq - rb->seq) & 0x3FFFu) >= 0x2000u)
		fresh = false, rb = NULL;        /* an older copy: write, don't count */
	if (rb && fresh) {
		memset(rb, 0, sizeof *rb);
		rb->valid = true;
		rb->seq = p->seq;
	}
	if (p->keyed) {
		/* seed 001: the packet's key, checked against the target's
		 * protection state now, page by page (src/xfer_packet.c); the
		 * bytes go through the memory door ud_plat_dma_write (below) */
		g_rx_node = nd;
		ud_status r = ud_pkt_write(&nd->prot, nd->prot_pd, p->rkey, p->dst,
					   UD_KIND_REMOTE_WRITE, p->data, p->len);
		g_rx_node = NULL;
		BM_ASSERT(r == UD_OK, "ud_pkt_write refused a keyed packet: %d", (int)r);
		bm_st.keyed_pkts++;
		rx_count(nd, p, rb, t);
		free(p);
		return;
	}
	for (uint64_t pg = p->dst & ~(uint64_t)(BM_PAGE - 1); pg < p->dst + p->len; pg += BM_PAGE) {
		uint64_t a = pg < p->dst ? p->dst : pg;
		uint32_t out = smmu_xact(nd, p->pd, a, true, t);
		if (out == UD_SMMU_STALLED) {
			/* stall mode: this write waits in the SMMU for RESUME */
			BM_ASSERT(!nd->stalled[p->pd], "two stalled writes in bank %u", p->pd);
			nd->stalled[p->pd] = p;
			return;
		}
		if (out == UD_SMMU_HELD) {
			/* bank stalled, HUPCF = 0: not accepted; retried after RESUME */
			if (nd->nheld == nd->capheld) {
				nd->capheld = nd->capheld ? 2 * nd->capheld : 256;
				nd->held = realloc(nd->held, nd->capheld * sizeof *nd->held);
				BM_ASSERT(nd->held, "out of memory");
			}
			nd->held[nd->nheld++] = p;
			return;
		}
		if (out != UD_SMMU_DONE) {
			rx_fault(nd, p, a, t);
			return;
		}
	}
	mem_write(nd, p->dst, p->data, p->len);
	rx_count(nd, p, rb, t);
	free(p);
}

/* A packet written: count it in its block; ACK the block when whole. */
static void rx_count(struct bm_node *nd, const struct bm_pkt *p, struct bm_rxb *rb, bm_time t)
{
	uint32_t npk = (p->blen + BM_PKT - 1) / BM_PKT;
	uint32_t bit = p->off / BM_PKT;
	bm_st.pkts_rx_ok++;
	if (rb) {
		rb->got |= 1ull << bit;
		uint64_t full = npk == 64 ? ~0ull : ((1ull << npk) - 1);
		if (!rb->faulted && !rb->acked && rb->got == full) {
			rb->acked = true;
			bm_st.acks++;
			reply(nd, p, UD_R5_SCHED_EV_ACK, t + bm->p.rx_wr_ns);
		}
	}
}

/* ------------------------------------------------------------ driver */
/* Stall mode (SCTLR.CFCFG = 1, seed 004 3.2.1 "Fix the fault and resume
 * (retry)"): the handler asks the verified policy which pages to bring in
 * (ud_fh_lookup, ud_fh_npages: Touch-A-Page 1, Touch-Ahead up to 4 in the
 * block), pages them in through the same door, and writes RESUME (retry)
 * when they are in; a page the owner does not map is RESUMEd with
 * terminate.  No RAPF: the stalled transaction itself is retried. */
static void irq_stalled(struct bm_node *nd, uint32_t cb, const struct ud_smmu_fault *f,
			bm_time s)
{
	struct ud_fh_fault ff = { 0 };
	struct bm_ev e = { 0 };
	ff.node = nd->id;
	ff.pdid = (uint16_t)cb;
	ff.dir = f->wnr ? UD_FH_DIR_DST : UD_FH_DIR_SRC;
	ff.vpn = (uint32_t)(f->far >> 12);
	g_kern = s + bm->p.irq_cost_ns;
	g_user = nd->user_free;
	e.u.rs.cb = cb;
	e.u.rs.action = UD_SMMU_RESUME_TERMINATE;
	bm_time when = g_kern;
	if (ud_fh_lookup(&nd->map, ff.pdid, 0, ff.vpn, ff.dir) == UD_OK) {
		uint32_t n = ud_fh_npages(nd->fh.mode, &nd->map, &ff);
		bm_cur = nd;
		ud_status r = ud_plat_page_in(ff.pdid, 0, ff.vpn, n, f->wnr);
		bm_cur = NULL;
		if (r == UD_OK)
			e.u.rs.action = UD_SMMU_RESUME_RETRY;
		when = bm->pol.ahead ? g_kern : g_user + bm->p.netlink_ns;
		if (when < g_kern)
			when = g_kern;
	}
	nd->kernel_ns += g_kern - s;
	nd->kern_free = g_kern;
	at(when, EV_RESUME, nd->id, e);
}

static void rx_fault(struct bm_node *nd, struct bm_pkt *p, uint64_t a, bm_time t);

static void ev_resume(struct bm_node *nd, uint32_t cb, uint32_t action, bm_time t)
{
	uint32_t out = 0;
	uint64_t far = nd->smmu.cb[cb].far;
	uint32_t xl = bm_resident((const uint8_t *)(uintptr_t)far) ? UD_SMMU_XLATE_OK
								   : UD_SMMU_XLATE_TF;
	BM_ASSERT(ud_smmu_resume(&nd->smmu, cb, action, xl, &out) == UD_OK, "resume");
	if (out == UD_SMMU_STALLED) {    /* retried and faulted again */
		irq_raise(nd, cb, t);
		return;
	}
	struct bm_pkt *p = nd->stalled[cb];
	nd->stalled[cb] = NULL;
	if (p) {
		if (out == UD_SMMU_DONE)
			at(t, EV_RX, nd->id, (struct bm_ev){ .u.pkt = p });
		else
			rx_fault(nd, p, far, t);
	}
	/* writes not accepted meanwhile are offered again, in order */
	for (size_t i = 0; i < nd->nheld; i++)
		at(t, EV_RX, nd->id, (struct bm_ev){ .u.pkt = nd->held[i] });
	nd->nheld = 0;
	/* reads of this bank's blocks go on (a terminated read stops its
	 * block, as in terminate mode: the R5's timeout retransmits it) */
	for (uint32_t i = 0; i < nd->ntx; i++)
		if (nd->txq[i].pd == cb && nd->txq[i].wait) {
			nd->txq[i].wait = false;
			if (out != UD_SMMU_DONE && (nd->txq[i].src + nd->txq[i].next) >> 12 == far >> 12) {
				nd->src_faults++;
				blk_remove(nd, i);
				i--;
			}
		}
	tx_kick(nd, t);
	/* writes terminated while the bank was stalled (HUPCF = 1) were
	 * logged in the fault FIFO without an interrupt of their own: after
	 * RESUME the driver runs the destination tasklet if the FIFO holds
	 * anything (our driver's choice; docs/board-model.md) */
	if (nd->ff.count > 0 && !nd->task_dst_pending) {
		nd->task_dst_pending = true;
		at(t + bm->p.tasklet_ns, EV_TASK_DST, nd->id, (struct bm_ev){ 0 });
	}
}

static void ev_irq(struct bm_node *nd, uint32_t cb, bm_time t)
{
	bm_time s = t > nd->kern_free ? t : nd->kern_free;
	struct ud_smmu_fault f;
	BM_ASSERT(ud_smmu_read_fault(&nd->smmu, cb, &f) == UD_OK, "read_fault");
	if (f.stalled) {
		irq_stalled(nd, cb, &f, s);
		return;
	}
	BM_ASSERT(ud_smmu_clear_fault(&nd->smmu, cb) == UD_OK, "clear_fault");
	nd->kern_free = s + bm->p.irq_cost_ns;
	nd->kernel_ns += bm->p.irq_cost_ns;
	bm_time run = nd->kern_free + bm->p.tasklet_ns;
	if (!f.tf && !f.pf)
		return;
	if (!f.wnr) {
		/* source fault: pf_send_handler with the engine's read-error
		 * report (trid, seq) for the address FAR names */
		if (nd->rderr[cb].valid && (nd->rderr[cb].va >> 12) == (f.far >> 12)) {
			struct bm_ev e = { 0 };
			e.u.f.node = nd->id;
			e.u.f.trid = nd->rderr[cb].trid;
			e.u.f.seq = nd->rderr[cb].seq;
			e.u.f.pdid = (uint16_t)cb;
			e.u.f.proc = 0;
			e.u.f.dir = UD_FH_DIR_SRC;
			e.u.f.vpn = (uint32_t)(f.far >> 12);
			at(run, EV_TASK_SRC, nd->id, e);
		}
		nd->rderr[cb].valid = false;
	}
	/* the destination tasklet: for a write fault, and after a source
	 * fault as well (3.2.2.1: "we also schedule the tasklet responsible
	 * for page faults in the destination buffer") */
	if (!nd->task_dst_pending) {
		nd->task_dst_pending = true;
		at(run, EV_TASK_DST, nd->id, (struct bm_ev){ 0 });
	}
}

static void ev_task_dst(struct bm_node *nd, bm_time t)
{
	bm_time s = t > nd->kern_free ? t : nd->kern_free;
	struct ud_fh_action act;
	uint32_t n = 0;
	g_kern = s + bm->p.fifo_pop_ns;
	g_user = nd->user_free;
	g_in_src = false;
	/* The mapping is read only; a local copy keeps it apart from the
	 * blocks of fh and ff, as ud_fh_drain's `sep` asks (WP's Typed+ref
	 * hypotheses, docs/METHOD.md): nd->map shares nd's block. */
	struct ud_fh_map map = nd->map;
	bm_cur = nd;
	ud_status r = ud_fh_drain(&nd->fh, &nd->ff, &map, &act, 1, &n);
	bm_cur = NULL;
	BM_ASSERT(r == UD_OK || r == UD_E_EMPTY, "ud_fh_drain: %d", (int)r);
	if (n == 0) {
		nd->task_dst_pending = false;
		nd->kern_free = s + bm->p.fifo_pop_ns;
		nd->kernel_ns += bm->p.fifo_pop_ns;
		return;
	}
	nd->kernel_ns += g_kern - s;
	nd->kern_free = g_kern;
	at(g_kern, EV_TASK_DST, nd->id, (struct bm_ev){ 0 });
}

static void ev_task_src(struct bm_node *nd, const struct ud_fh_fault *f, bm_time t)
{
	bm_time s = t > nd->kern_free ? t : nd->kern_free;
	struct ud_fh_action act;
	g_kern = s;
	g_user = nd->user_free;
	g_in_src = true;
	bm_cur = nd;
	ud_status r = ud_fh_handle(&nd->fh, &nd->map, f, &act);
	bm_cur = NULL;
	g_in_src = false;
	(void)r;    /* a duplicate (UD_E_STALE) or a failed page-in is fine */
	nd->kernel_ns += g_kern - s;
	nd->kern_free = g_kern;
}

/* ------------------------------------------------------------ doors */
uint64_t ud_plat_now(void)
{
	return g_t;
}

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	struct bm_node *nd = bm_cur;
	(void)kind;
	BM_ASSERT(nd && node < bm->n, "post outside an R5 step / to node %u", node);
	BM_ASSERT(nd->ntx < BM_TXQ, "send engine queue full");
	BM_ASSERT(len >= 1 && len <= BM_BLOCK, "block of %u bytes", len);
	TRACE("  post trid %u seq %u pd %u vc %u node %u src %llx dst %llx len %u\n", trid, seq,
	      pd, vc, node, (unsigned long long)src, (unsigned long long)dst, len);
	struct bm_blk *b = &nd->txq[nd->ntx++];
	b->trid = trid; b->seq = seq; b->pd = pd; b->vc = vc; b->to = node;
	b->src = src; b->dst = dst; b->len = len; b->next = 0;
	b->ready = g_t + bm->p.post_ns + bm->p.dma_rd_ns;
	tx_kick(nd, b->ready);
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	(void)kind;
	BM_ASSERT(bm_cur, "notify outside an R5 step");
	struct bm_xfer *x = xfer_of_channel(bm_cur->id, pd, vc);
	BM_ASSERT(x, "completion for channel (%u,%u) of node %u with no transfer",
		  pd, vc, bm_cur->id);
	TRACE("  notify pd %u vc %u status %d\n", pd, vc, (int)status);
	x->notes++;
	if (plant == 3 && ++plant_n == 3)
		x->notes++;                      /* planted: a second completion */
	BM_ASSERT(x->notes == 1, "transfer on (%u,%u) completed %u times", pd, vc, x->notes);
	x->status = status;
	x->done = true;
	x->t_done = g_t + bm->p.notify_ns;
}

ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write)
{
	struct bm_node *nd = bm_cur;
	(void)pdid; (void)proc;
	BM_ASSERT(nd, "page-in outside the driver");
	uint64_t va = (uint64_t)vpn << 12;
	nd->pageins++;
	nd->pages_in += npages;
	if (bm->pol.ahead) {
		/* Touch-Ahead: get_user_pages in the tasklet (3.2.1) */
		bm_time real = real_pagein(va, npages, write, true);
		g_kern += bm->p.gup_ns + real;
		nd->pagein_real_ns += real;
	} else {
		/* Touch-A-Page: a Netlink message wakes the PD's user thread,
		 * which touches the page (3.2.1, Table 3.1) */
		g_kern += bm->p.netlink_ns;
		bm_time u = g_kern + bm->p.wakeup_ns;
		g_user = (u > nd->user_free ? u : nd->user_free);
		bm_time real = real_pagein(va, npages, write, false);
		g_user += real;
		nd->user_free = g_user;
		nd->pagein_real_ns += real;
	}
	return UD_OK;
}

ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1)
{
	struct bm_node *nd = bm_cur;
	BM_ASSERT(nd && node < bm->n, "RAPF outside the driver / to node %u", node);
	if ((g_in_src && !bm->pol.src_rapf) || (!g_in_src && !bm->pol.dst_rapf)) {
		bm_st.rapfs_dropped++;
		return UD_E_PLATFORM;   /* this configuration has no such path */
	}
	if (bm->pol.ahead) {
		/* the RAPF still goes through the user thread (3.2.1) */
		g_kern += bm->p.netlink_ns;
		bm_time u = g_kern + bm->p.wakeup_ns;
		g_user = u > nd->user_free ? u : nd->user_free;
	} else if (g_user < nd->user_free) {
		g_user = nd->user_free;
	}
	g_user += bm->p.pkz_ns;
	nd->user_free = g_user;
	/* the packetizer wires the PDID it was allocated to (3.2.3.3) */
	w0 = (w0 & ~(0xFFFFu << 2)) | ((uint32_t)pdid << 2);
	struct bm_ev e = { 0 };
	e.u.rapf.w0 = w0;
	e.u.rapf.w1 = w1;
	bm_st.rapfs_sent++;
	net_msg(nd->id, node, g_user + bm->p.mbox_ns, EV_R5_RAPF, e);
	return UD_OK;
}

void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err)
{
	struct bm_node *nd = bm_cur;
	BM_ASSERT(nd && node < bm->n, "fail_transfer outside the driver");
	struct bm_ev e = { 0 };
	e.u.ab.pd = pdid; e.u.ab.trid = trid; e.u.ab.seq = seq; e.u.ab.err = err;
	bm_st.fail_transfer++;
	net_msg(nd->id, node, g_kern + bm->p.mbox_ns, EV_R5_ABORT, e);
}

/* The memory doors of src/xfer_packet.c: physical addresses are this
 * process's addresses (ud_plat_prot_pages is the identity below). */
void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n)
{
	BM_ASSERT(g_rx_node, "dma_write outside the receive engine");
	BM_ASSERT(pa % BM_PAGE + n <= BM_PAGE, "dma_write across a page");
	mem_write(g_rx_node, pa, data, n);
}

void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n)
{
	BM_ASSERT(pa % BM_PAGE + n <= BM_PAGE, "dma_read across a page");
	memcpy(buf, (const void *)(uintptr_t)pa, n);
}

/* The OS memory routine of seed 001 for the protection core: the frames
 * of this process's pages are the pages themselves; pinning is mlock. */
ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page)
{
	for (uint32_t i = 0; i < npages; i++)
		page[i] = (va & ~(uint64_t)(BM_PAGE - 1)) + (uint64_t)i * BM_PAGE;
	return UD_OK;
}

ud_status ud_plat_prot_pin(uint64_t page)
{
	if (mlock((void *)(uintptr_t)page, BM_PAGE) != 0)
		return UD_E_PLATFORM;
	bm_st.pins++;
	return UD_OK;
}

void ud_plat_prot_unpin(uint64_t page)
{
	munlock((void *)(uintptr_t)page, BM_PAGE);
	bm_st.unpins++;
}

void bm_keyed_register(struct bm_xfer *x)
{
	struct bm_node *s = &bm->node[x->from], *d = &bm->node[x->to];
	uint32_t k;
	x->keyed = true;
	BM_ASSERT(ud_reg_mr(&s->prot, s->prot_pd, (uint64_t)(uintptr_t)x->src.va, x->src.len,
			    0, &x->src_mr, &x->lkey, &k) == UD_OK, "reg_mr (source)");
	BM_ASSERT(ud_reg_mr(&d->prot, d->prot_pd, (uint64_t)(uintptr_t)x->dst.va, x->dst.len,
			    UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE,
			    &x->dst_mr, &k, &x->rkey) == UD_OK, "reg_mr (destination)");
}

void bm_keyed_release(struct bm_xfer *x)
{
	if (!x->keyed)
		return;
	BM_ASSERT(ud_dereg_mr(&bm->node[x->from].prot, x->src_mr) == UD_OK, "dereg_mr");
	BM_ASSERT(ud_dereg_mr(&bm->node[x->to].prot, x->dst_mr) == UD_OK, "dereg_mr");
	x->keyed = false;
}

/* ------------------------------------------------------------ board */
static void node_r5_init(struct bm_node *nd)
{
	BM_ASSERT(ud_r5_sched_init(nd->r5, UD_R5_SCHED_WIN, bm->p.timeout_ns) == UD_OK,
		  "ud_r5_sched_init");
	nd->tick_set = false;
	TRACE("n%u INIT period %llu\n", nd->id, (unsigned long long)bm->p.timeout_ns);
	if (fw_on(nd)) {
		uint32_t in[UD_FW_REC_WORDS] = { UD_FW_IN_INIT };
		put64(in, 4, bm->p.timeout_ns);
		in[6] = UD_R5_SCHED_WIN;
		BM_ASSERT(fw_step(in, 0) == UD_OK, "the firmware's ud_r5_sched_init");
		BM_ASSERT(!fw.armed, "a deadline armed after init");
	}
}

void bm_init(uint32_t n, const struct bm_param *p, const struct bm_policy *pol,
	     uint64_t seed)
{
	BM_ASSERT(n >= 1 && n <= BM_MAX_NODES, "nodes: %u", n);
	const char *pl = getenv("BM_PLANT");
	plant = !pl ? 0 : !strcmp(pl, "data") ? 1 : !strcmp(pl, "skip") ? 2 :
		!strcmp(pl, "twice") ? 3 : 0;
	plant_n = 0;
	memset(&board, 0, sizeof board);
	memset(&bm_st, 0, sizeof bm_st);
	bm->n = n;
	bm->p = *p;
	bm->pol = *pol;
	bm->rng = seed ? seed : 0x9E3779B97F4A7C15ull;
	g_digest = 0xcbf29ce484222325ull;
	if (fw.node >= 0) {
		BM_ASSERT((uint32_t)fw.node < n, "firmware node %d of %u", fw.node, n);
		fw_start();
	}
	for (uint32_t i = 0; i < n; i++) {
		struct bm_node *nd = &bm->node[i];
		nd->id = i;
		ud_smmu_init(&nd->smmu);
		for (uint32_t cb = 0; cb < UD_SMMU_NCB; cb++)
			/* the thesis's setting: terminate, HUPCF = 1 (3.2.1) */
			BM_ASSERT(ud_smmu_configure(&nd->smmu, cb, pol->stall, !pol->no_hupcf) == UD_OK,
				  "smmu");
		nd->r5 = calloc(1, sizeof *nd->r5);
		nd->rxb = calloc((size_t)BM_MAX_NODES * BM_NTRID, sizeof *nd->rxb);
		BM_ASSERT(nd->r5 && nd->rxb, "out of memory");
		node_r5_init(nd);
		ud_ff_init(&nd->ff);
		ud_fh_init(&nd->fh, pol->ahead);
		ud_fh_map_init(&nd->map);
		ud_prot_init(&nd->prot);
		BM_ASSERT(ud_alloc_pd(&nd->prot, &nd->prot_pd) == UD_OK, "alloc_pd");
	}
}

void bm_set_policy(const struct bm_policy *pol, bm_time timeout_ns)
{
	BM_ASSERT(bm->nheap == 0, "policy change with events pending");
	bm->pol = *pol;
	bm->p.timeout_ns = timeout_ns;
	/* a reset of every node's firmware and fault path: the R5 starts its
	 * sequence numbers again, so the receive engines, the FIFOs and the
	 * handlers' histories must forget the old ones */
	for (uint32_t i = 0; i < bm->n; i++) {
		struct bm_node *nd = &bm->node[i];
		node_r5_init(nd);
		ud_ff_init(&nd->ff);
		ud_fh_init(&nd->fh, pol->ahead);
		memset(nd->rxb, 0, (size_t)BM_MAX_NODES * BM_NTRID * sizeof *nd->rxb);
		memset(nd->rderr, 0, sizeof nd->rderr);
		for (uint32_t cb = 0; cb < UD_SMMU_NCB; cb++) {
			BM_ASSERT(!cb_active(&nd->smmu.cb[cb]) && !nd->stalled[cb],
				  "bank %u still faulted", cb);
			BM_ASSERT(ud_smmu_configure(&nd->smmu, cb, pol->stall, !pol->no_hupcf) == UD_OK,
				  "smmu");
		}
		BM_ASSERT(nd->nheld == 0, "writes still held");
	}
}

void bm_fini(void)
{
	TRACE("END xfers_ok %llu spent %llu failed %llu bytes %llu events %llu pkts %llu lost %llu dup %llu "
	      "rx_ok %llu rx_fault %llu acks %llu pfnacks %llu rapfs %llu irqs %llu multi %llu "
	      "ff %llu/%llu/%llu fail %llu\n",
	      (unsigned long long)bm_st.xfers_ok, (unsigned long long)bm_st.xfers_spent,
	      (unsigned long long)bm_st.xfers_failed,
	      (unsigned long long)bm_st.bytes_checked, (unsigned long long)bm_st.events,
	      (unsigned long long)bm_st.pkts_sent, (unsigned long long)bm_st.pkts_lost,
	      (unsigned long long)bm_st.pkts_dup, (unsigned long long)bm_st.pkts_rx_ok,
	      (unsigned long long)bm_st.pkts_rx_fault, (unsigned long long)bm_st.acks,
	      (unsigned long long)bm_st.pfnacks, (unsigned long long)bm_st.rapfs_sent,
	      (unsigned long long)bm_st.irqs, (unsigned long long)bm_st.multi,
	      (unsigned long long)bm_st.ff_pushed, (unsigned long long)bm_st.ff_dup_filtered,
	      (unsigned long long)bm_st.ff_overflow, (unsigned long long)bm_st.fail_transfer);
	for (uint32_t i = 0; i < bm->n; i++) {
		const struct ud_r5_sched_cnt *c = bm_r5_cnt(i);
		TRACE("END n%u r5_msgs %llu submits %lld acks %lld completions %lld nack %lld "
		      "timeout %lld rapf %lld pauses %lld ign %lld/%lld/%lld/%lld aborts %lld spent %lld\n",
		      i, (unsigned long long)bm->node[i].r5_msgs, (long long)c->submits,
		      (long long)c->acks, (long long)c->completions, (long long)c->rtx_nack,
		      (long long)c->rtx_timeout, (long long)c->rtx_rapf, (long long)c->pauses,
		      (long long)c->ign_inval, (long long)c->ign_unknown, (long long)c->ign_forged,
		      (long long)c->ign_stale, (long long)c->aborts, (long long)c->spent);
	}
	fw_stop();
	for (uint32_t i = 0; i < bm->n; i++) {
		free(bm->node[i].r5);
		free(bm->node[i].rxb);
		free(bm->node[i].held);
	}
	free(bm->heap);
	memset(&board, 0, sizeof board);
}

bm_time bm_now(void)
{
	return bm->now;
}

const struct ud_r5_sched_cnt *bm_r5_cnt(uint32_t n)
{
	if (fw_on(&bm->node[n]))
		return &fw.cnt;
	return &bm->node[n].r5->cnt;
}

void bm_node_cnt(uint32_t n, struct bm_node_cnt *c)
{
	const struct bm_node *nd = &bm->node[n];
	c->kernel_ns = nd->kernel_ns;
	c->pagein_real_ns = nd->pagein_real_ns;
	c->pageins = nd->pageins;
	c->pages_in = nd->pages_in;
	c->src_faults = nd->src_faults;
	c->dst_faults = nd->dst_faults;
	c->irqs = nd->irqs;
	c->r5_msgs = nd->r5_msgs;
}

void bm_submit(struct bm_xfer *x)
{
	BM_ASSERT(bm->nlive < BM_MAX_XFERS, "too many live transfers");
	BM_ASSERT(x->from < bm->n && x->to < bm->n, "node out of range");
	bm->live[bm->nlive++] = x;
	x->notes = 0;
	x->done = false;
	x->status = UD_E_STATE;
	x->t_start = bm->now;
	struct bm_ev e = { 0 };
	e.u.x = x;
	at(bm->now + bm->p.submit_ns, EV_SUBMIT, x->from, e);
}

static void dispatch(struct bm_ev *e)
{
	struct bm_node *nd = &bm->node[e->node];
	uint32_t in[UD_FW_REC_WORDS] = { 0 };
	switch (e->type) {
	case EV_SUBMIT: {
		struct bm_xfer *x = e->u.x;
		in[0] = UD_FW_IN_SUBMIT;
		in[4] = x->pd; in[5] = x->vc; in[6] = UD_R5_SCHED_WRITE; in[7] = x->to;
		put64(in, 8, (uint64_t)(uintptr_t)x->src.va);
		put64(in, 10, (uint64_t)(uintptr_t)x->dst.va);
		in[12] = (uint32_t)x->src.len;
		BM_ASSERT(r5_step(nd, e->t, in) == UD_OK, "submit refused");
		break;
	}
	case EV_R5_ENG:
		in[0] = UD_FW_IN_EVENT;
		in[4] = e->u.e.kind; in[5] = e->u.e.trid; in[6] = e->u.e.seq;
		in[7] = e->u.e.wired_pd; in[8] = e->u.e.pd;
		(void)r5_step(nd, e->t, in);   /* stale ones are counted */
		break;
	case EV_R5_RAPF: {
		struct ud_rtx_msg m;
		BM_ASSERT(ud_rtx_decode(e->u.rapf.w0, e->u.rapf.w1, &m) == UD_OK, "RAPF words");
		in[0] = UD_FW_IN_RAPF;
		in[4] = e->u.rapf.w0; in[5] = e->u.rapf.w1;
		(void)r5_step(nd, e->t, in);
		break;
	}
	case EV_R5_ABORT:
		in[0] = UD_FW_IN_ABORT;
		in[4] = e->u.ab.pd; in[5] = e->u.ab.trid; in[6] = e->u.ab.seq;
		in[7] = (uint32_t)e->u.ab.err;
		(void)r5_step(nd, e->t, in);
		break;
	case EV_R5_TICK:
		if (!nd->tick_set || nd->tick_at != e->t)
			break;           /* superseded by an earlier tick */
		nd->tick_set = false;
		in[0] = UD_FW_IN_TICK;
		(void)r5_step(nd, e->t, in);
		break;
	case EV_TX:
		ev_tx(nd, e->t);
		break;
	case EV_RX:
		ev_rx(nd, e->u.pkt, e->t);
		break;
	case EV_IRQ:
		ev_irq(nd, e->u.cb, e->t);
		break;
	case EV_TASK_DST:
		ev_task_dst(nd, e->t);
		break;
	case EV_TASK_SRC:
		ev_task_src(nd, &e->u.f, e->t);
		break;
	case EV_RESUME:
		ev_resume(nd, e->u.rs.cb, e->u.rs.action, e->t);
		break;
	default:
		BM_DIE("event type %u", e->type);
	}
}

uint64_t bm_run(void)
{
	uint64_t n = 0;
	while (bm->nheap) {
		struct bm_ev e = pop();
		BM_ASSERT(e.t >= bm->now, "time went back");
		bm->now = e.t;
		digest_u64(e.t);
		digest_u64((uint64_t)e.type << 32 | e.node);
		dispatch(&e);
		n++;
		BM_ASSERT(n < 200000000ull, "event loop does not end");
	}
	bm_st.events += n;
	TRACE("RUN %llu events, digest %016llx\n", (unsigned long long)n,
	      (unsigned long long)g_digest);
	return n;
}

uint64_t bm_check_spent(struct bm_xfer *const *x, uint32_t n, bool allow_spent)
{
	uint64_t bytes = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct bm_xfer *t = x[i];
		BM_ASSERT(t->notes == 1, "transfer %u: %u completions", i, t->notes);
		if (t->expect_status != UD_OK) {
			/* a failure the scenario provoked (the owner's mapping
			 * refuses the page): exactly that status, and every
			 * byte that did land is right */
			BM_ASSERT(t->status == t->expect_status, "transfer %u: status %d, expected %d",
				  i, (int)t->status, (int)t->expect_status);
			for (size_t k = 0; k < t->dst.len; k++)
				if (t->wrote[k])
					BM_ASSERT(t->dst.va[k] == t->expect[k],
						  "transfer %u: byte %zu wrong", i, k);
			bm_st.xfers_failed++;
			continue;
		}
		if (allow_spent && t->status == UD_R5_SCHED_E_SPENT) {
			/* the retry budget ran out (a storm): the transfer ended
			 * once, with the defined error; every byte it did write
			 * was checked when written (mem_write), the rest may be
			 * missing -- counted, not checked */
			size_t got = 0;
			for (size_t k = 0; k < t->dst.len; k++)
				if (t->wrote[k]) {
					BM_ASSERT(t->dst.va[k] == t->expect[k],
						  "transfer %u: byte %zu wrong", i, k);
					got++;
				}
			bm_st.xfers_spent++;
			bm_st.bytes_spent_missing += t->dst.len - got;
			bytes += got;
			continue;
		}
		BM_ASSERT(t->status == UD_OK, "transfer %u: status %d", i, (int)t->status);
		for (size_t k = 0; k < t->dst.len; k++) {
			BM_ASSERT(t->wrote[k], "transfer %u: byte %zu never written", i, k);
			BM_ASSERT(t->dst.va[k] == t->expect[k], "transfer %u: byte %zu wrong", i, k);
		}
		bytes += t->dst.len;
		bm_st.xfers_ok++;
	}
	bm->nlive = 0;
	bm_st.bytes_checked += bytes;
	return bytes;
}

uint64_t bm_check(struct bm_xfer *const *x, uint32_t n)
{
	return bm_check_spent(x, n, false);
}
