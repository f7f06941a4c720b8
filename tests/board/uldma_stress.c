// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_stress.c -- a bounded multi-process stress of
 * /dev/uldma in the booted guest.
 *
 *   uldma_stress [WORKERS [SECONDS]]     default 4 workers, 15 s
 *
 * Each worker is a process with its own context and a 64 KB arena, and a
 * model of it: what every byte of the arena must hold (E), which regions
 * and windows it has, with which keys, PDs and rights.  Until its time is
 * up it does random verbs and transfers:
 *   - register a random page range of the arena in one of its two PDs with
 *     random rights (ENOSPC tolerated: the tables and the 64-page pin
 *     table are shared by every worker), deregister (EBUSY while a window
 *     is bound to the region, as the core says);
 *   - allocate, bind (a random sub-range, random remote rights),
 *     deallocate windows;
 *   - destroy and re-create a QP, now and then close the whole context
 *     with everything live and open a new one (the release path);
 *   - batches of 1..8 work requests on one QP (so they run in order):
 *     RDMA writes and reads between its regions and through its windows,
 *     random offsets and lengths 1..65536, each either valid (the model
 *     predicts the bytes) or wrong in exactly one way that the first
 *     packet meets: a stale key, a forged key, another PD's key, a range
 *     starting before the region or window, a right not granted -- each
 *     must complete with its defined error and 0 bytes.
 * After every batch the arena is compared with the model, every byte.
 * A worker prints one summary line; the program prints "stress: OK ..."
 * and exits 0 iff every worker found every completion and every byte as
 * predicted.  init.sh then requires the module's counters to show no pin
 * left and no completion lost, and rmmod to unload clean.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define PG	4096u
#define NPG	16u
#define ARENA	(NPG * PG)
#define NREG	4
#define NWIN	2
#define BATCH	8

struct reg {
	int live;
	uint32_t pd;		/* 0 or 1: index into w->pd[]             */
	uint32_t lo, len;	/* arena offsets, page aligned            */
	uint32_t acc, lkey, rkey;
};

struct win {
	int live, bound;
	uint32_t pd, mw, rkey, reg;
	uint32_t lo, len, acc;
};

struct worker {
	int id, fd;
	uint64_t rng;
	uint8_t *m;		/* the arena                              */
	uint8_t *e;		/* what it must hold                      */
	uint32_t pd[2], qp[2];
	int qp_live[2];
	struct reg r[NREG];
	struct win w[NWIN];
	uint32_t dead[16];	/* keys of deregistered regions, deallocated windows */
	unsigned int ndead;
	unsigned long ops, posts, ok, refused, bytes, nospc, reopen, binds;
	unsigned long checked;
};

static uint32_t rnd(struct worker *w, uint32_t n)
{
	w->rng ^= w->rng << 13;
	w->rng ^= w->rng >> 7;
	w->rng ^= w->rng << 17;
	return n ? (uint32_t)(w->rng % n) : 0;
}

static void die(struct worker *w, const char *what, int err)
{
	printf("stress: worker %d: FAIL %s (%d: %s) after %lu ops\n", w->id,
	       what, err, uldma_strerror(err), w->ops);
	fflush(stdout);
	exit(1);
}

static void compare(struct worker *w, const char *after)
{
	uint32_t i;

	w->checked += ARENA;
	if (!memcmp(w->m, w->e, ARENA))
		return;
	for (i = 0; i < ARENA && w->m[i] == w->e[i]; i++)
		;
	printf("stress: worker %d: FAIL after %s: arena byte %u is 0x%02x, want 0x%02x\n",
	       w->id, after, i, w->m[i], w->e[i]);
	fflush(stdout);
	exit(1);
}

static void add_dead(struct worker *w, uint32_t key)
{
	w->dead[w->ndead++ % 16] = key;
}

/* A fresh context: two PDs, a QP in each, nothing registered. */
static void open_ctx(struct worker *w)
{
	int r, i;

	memset(w->r, 0, sizeof(w->r));
	memset(w->w, 0, sizeof(w->w));
	w->fd = uldma_open_device();
	if (w->fd < 0)
		die(w, "open", w->fd);
	for (i = 0; i < 2; i++) {
		/* Another worker may be between close and open: retry. */
		int tries = 0;

		while ((r = uldma_alloc_pd(w->fd, &w->pd[i])) == -ENOSPC &&
		       tries++ < 200)
			usleep(5000);
		if (r)
			die(w, "alloc_pd", r);
		while ((r = uldma_create_qp(w->fd, w->pd[i], &w->qp[i])) ==
		       -ENOSPC && tries++ < 200)
			usleep(5000);
		if (r)
			die(w, "create_qp", r);
		w->qp_live[i] = 1;
	}
}

static void op_reg(struct worker *w)
{
	uint32_t i, pg0, npg, acc;
	struct reg *g = NULL;
	int r;

	for (i = 0; i < NREG; i++)
		if (!w->r[i].live)
			g = &w->r[i];
	if (!g)
		return;
	pg0 = rnd(w, NPG);
	npg = 1 + rnd(w, NPG - pg0);
	switch (rnd(w, 4)) {
	case 0:
		acc = ULDMA_ACC_REMOTE_READ;	/* no local write */
		break;
	default:
		acc = ULDMA_ACC_LOCAL_WRITE;
		if (rnd(w, 2))
			acc |= ULDMA_ACC_REMOTE_WRITE;
		if (rnd(w, 2))
			acc |= ULDMA_ACC_REMOTE_READ;
		if (rnd(w, 2))
			acc |= ULDMA_ACC_MW_BIND;
	}
	g->pd = rnd(w, 2);
	r = uldma_reg_mr(w->fd, w->pd[g->pd], w->m + pg0 * PG, npg * PG, acc,
			 &g->lkey, &g->rkey);
	if (r == -ENOSPC) {
		w->nospc++;
		return;
	}
	if (r)
		die(w, "reg_mr", r);
	g->live = 1;
	g->lo = pg0 * PG;
	g->len = npg * PG;
	g->acc = acc;
}

static void op_dereg(struct worker *w)
{
	struct reg *g = &w->r[rnd(w, NREG)];
	uint32_t i;
	int r, busy = 0;

	if (!g->live)
		return;
	for (i = 0; i < NWIN; i++)
		busy |= w->w[i].live && w->w[i].bound &&
			&w->r[w->w[i].reg] == g;
	r = uldma_dereg_mr(w->fd, g->lkey);
	if (busy) {
		if (r != -EBUSY)
			die(w, "dereg_mr of a region with a window bound: want EBUSY", r);
		return;
	}
	if (r)
		die(w, "dereg_mr", r);
	g->live = 0;
	add_dead(w, g->rkey ? g->rkey : g->lkey);
}

static void op_win(struct worker *w)
{
	struct win *v = &w->w[rnd(w, NWIN)];
	struct reg *g = &w->r[rnd(w, NREG)];
	uint32_t key, lo, len, acc;
	int r;

	if (v->live && rnd(w, 3) == 0) {
		r = uldma_dealloc_mw(w->fd, v->mw);
		if (r)
			die(w, "dealloc_mw", r);
		add_dead(w, v->rkey);
		v->live = 0;
		return;
	}
	if (!v->live) {
		v->pd = rnd(w, 2);
		r = uldma_alloc_mw(w->fd, w->pd[v->pd], &v->mw, &v->rkey);
		if (r == -ENOSPC) {
			w->nospc++;
			return;
		}
		if (r)
			die(w, "alloc_mw", r);
		v->live = 1;
		v->bound = 0;
	}
	/* Bind to a region of its PD that allows binding. */
	if (!g->live || g->pd != v->pd || !(g->acc & ULDMA_ACC_MW_BIND) ||
	    !w->qp_live[v->pd])
		return;
	lo = g->lo + rnd(w, g->len);
	len = 1 + rnd(w, g->lo + g->len - lo);
	acc = rnd(w, 2) ? ULDMA_ACC_REMOTE_WRITE : ULDMA_ACC_REMOTE_READ;
	if (rnd(w, 2))
		acc = ULDMA_ACC_REMOTE_WRITE | ULDMA_ACC_REMOTE_READ;
	key = v->rkey;
	r = uldma_bind_mw(w->fd, w->qp[v->pd], v->mw, &key, g->lkey,
			  w->m + lo, len, acc);
	if (r == -ENOSPC) {
		w->nospc++;
		return;
	}
	if (r)
		die(w, "bind_mw", r);
	add_dead(w, v->rkey);
	w->binds++;
	v->rkey = key;
	v->bound = 1;
	v->reg = (uint32_t)(g - w->r);
	v->lo = lo;
	v->len = len;
	v->acc = acc;
}

static void op_qp(struct worker *w)
{
	uint32_t i = rnd(w, 2);
	int r;

	if (w->qp_live[i]) {
		/* Windows are bound through a QP but do not need it after. */
		r = uldma_destroy_qp(w->fd, w->qp[i]);
		if (r)
			die(w, "destroy_qp", r);
		w->qp_live[i] = 0;
	}
	r = uldma_create_qp(w->fd, w->pd[i], &w->qp[i]);
	if (r == -ENOSPC) {
		w->nospc++;
		return;
	}
	if (r)
		die(w, "create_qp", r);
	w->qp_live[i] = 1;
}

/* One planned request and what it must give. */
struct req {
	struct uldma_post p;
	int want;		/* completion status                      */
	uint32_t src, dst, len;	/* arena offsets of the copy, when want 0 */
};

/* A target the request may name: a region or a window, with its key. */
struct tgt {
	uint32_t pd, lo, len, acc, key;
};

static int pick_target(struct worker *w, struct tgt *t)
{
	uint32_t i = rnd(w, NREG + NWIN);

	if (i < NREG) {
		struct reg *g = &w->r[i];

		if (!g->live || !g->rkey)
			return 0;
		*t = (struct tgt){ g->pd, g->lo, g->len, g->acc, g->rkey };
		return 1;
	}
	if (!w->w[i - NREG].live || !w->w[i - NREG].bound)
		return 0;
	*t = (struct tgt){ w->w[i - NREG].pd, w->w[i - NREG].lo,
			   w->w[i - NREG].len, w->w[i - NREG].acc,
			   w->w[i - NREG].rkey };
	return 1;
}

/* Plan one request on initiator PD ip; 0: none could be planned. */
static int plan(struct worker *w, uint32_t ip, struct req *q)
{
	struct reg *l = &w->r[rnd(w, NREG)];
	struct tgt t;
	uint32_t len, lo, ro, kind, write, need;

	if (!l->live || l->pd != ip || !pick_target(w, &t) ||
	    !w->qp_live[t.pd])
		return 0;
	write = rnd(w, 2);
	need = write ? ULDMA_ACC_REMOTE_WRITE : ULDMA_ACC_REMOTE_READ;
	if (!write && !(l->acc & ULDMA_ACC_LOCAL_WRITE))
		return 0;
	len = 1 + rnd(w, l->len < t.len ? l->len : t.len);
	if (rnd(w, 4) == 0)
		len = 1 + rnd(w, 300);
	if (len > l->len || len > t.len)
		return 0;
	lo = l->lo + rnd(w, l->len - len + 1);
	ro = t.lo + rnd(w, t.len - len + 1);
	/* The engine copies packet by packet: no overlap of the two. */
	if (lo < ro + len && ro < lo + len)
		return 0;
	memset(q, 0, sizeof(*q));
	q->p.qp = w->qp[ip];
	q->p.dest_qp = w->qp[t.pd];
	q->p.opcode = write ? ULDMA_WR_RDMA_WRITE : ULDMA_WR_RDMA_READ;
	q->p.lkey = l->lkey;
	q->p.local_addr = (uintptr_t)(w->m + lo);
	q->p.rkey = t.key;
	q->p.remote_addr = (uintptr_t)(w->m + ro);
	q->p.length = len;
	kind = rnd(w, 10);
	if (kind < 6) {			/* valid, if the right is there */
		if (!(t.acc & need))
			q->want = -EACCES;
		q->src = write ? lo : ro;
		q->dst = write ? ro : lo;
		q->len = len;
		return 1;
	}
	q->len = 0;
	/* One fault only: the right is there, so nothing else refuses. */
	if (!(t.acc & need))
		return 0;
	switch (kind) {
	case 6:				/* a stale key */
		if (!w->ndead)
			return 0;
		q->p.rkey = w->dead[rnd(w, w->ndead < 16 ? w->ndead : 16)];
		q->want = -ENOKEY;
		break;
	case 7:				/* a forged key */
		q->p.rkey = t.key ^ 0x5a00u;
		q->want = -ENOKEY;
		break;
	case 8:				/* another PD's: the other QP as target */
		if (!w->qp_live[1 - t.pd])
			return 0;
		q->p.dest_qp = w->qp[1 - t.pd];
		q->want = -EPERM;
		break;
	default:			/* starting before the target */
		if (t.lo == 0)
			return 0;
		q->p.remote_addr = (uintptr_t)(w->m + t.lo - 1);
		q->want = -EFAULT;
		if (len == 1)
			q->p.length = 2;
	}
	return 1;
}

static void op_batch(struct worker *w)
{
	struct req q[BATCH];
	struct uldma_wc wc[BATCH];
	uint32_t ip = rnd(w, 2), n = 0, i, k, tries;
	int r, got = 0, c;

	if (!w->qp_live[ip])
		return;
	for (tries = 0; n < 1 + rnd(w, BATCH) && tries < 40; tries++) {
		if (plan(w, ip, &q[n]))
			n++;
	}
	if (!n)
		return;
	/* New source bytes, in the arena and in the model alike. */
	for (i = 0; i < n; i++) {
		if (q[i].want || !q[i].len)
			continue;
		for (k = 0; k < q[i].len; k += 64) {
			uint8_t b = (uint8_t)rnd(w, 256);

			w->m[q[i].src + k] = b;
			w->e[q[i].src + k] = b;
		}
		break;	/* once per batch: later sources may be earlier dsts */
	}
	for (i = 0; i < n; i++) {
		q[i].p.wr_id = ((uint64_t)w->ops << 8) | i;
		r = uldma_post(w->fd, &q[i].p);
		if (r)
			die(w, "post", r);
		w->posts++;
	}
	while (got < (int)n) {
		c = uldma_poll_wait(w->fd, wc + got, n - (uint32_t)got, 5000);
		if (c <= 0)
			die(w, "poll: a completion missing after 5 s", c);
		got += c;
	}
	/* One QP: in order.  Apply the model in the same order. */
	for (i = 0; i < n; i++) {
		if (wc[i].wr_id != q[i].p.wr_id)
			die(w, "completion out of order", -EPROTO);
		if (wc[i].status != q[i].want ||
		    wc[i].byte_len != (q[i].want ? 0 : q[i].p.length)) {
			printf("stress: worker %d: request %u of %u: opcode %u len %u: status %d bytes %u, want %d\n",
			       w->id, i, n, q[i].p.opcode, q[i].p.length,
			       wc[i].status, wc[i].byte_len, q[i].want);
			die(w, "completion not as predicted", wc[i].status);
		}
		if (q[i].want) {
			w->refused++;
			continue;
		}
		memmove(w->e + q[i].dst, w->e + q[i].src, q[i].len);
		w->ok++;
		w->bytes += q[i].len;
	}
	compare(w, "a batch");
}

static int work(int id, unsigned int seconds)
{
	struct worker w = { .id = id };
	time_t end = time(NULL) + seconds;
	uint32_t op;

	w.rng = 0x9e3779b97f4a7c15ull * (uint64_t)(id + 1);
	w.m = aligned_alloc(PG, ARENA);
	w.e = malloc(ARENA);
	if (!w.m || !w.e)
		return 1;
	for (op = 0; op < ARENA; op++)
		w.m[op] = w.e[op] = (uint8_t)rnd(&w, 256);
	open_ctx(&w);
	while (time(NULL) < end) {
		w.ops++;
		op = rnd(&w, 100);
		if (op < 12)
			op_reg(&w);
		else if (op < 20)
			op_dereg(&w);
		else if (op < 28)
			op_win(&w);
		else if (op < 30)
			op_qp(&w);
		else if (op < 31) {
			uldma_close_device(w.fd);	/* everything live */
			w.reopen++;
			open_ctx(&w);
		} else {
			op_batch(&w);
		}
	}
	uldma_close_device(w.fd);
	compare(&w, "close");
	printf("stress: worker %d: %lu ops, %lu requests (%lu as predicted ok, %lu refused as predicted), %lu bytes moved, %lu binds, %lu reopens, %lu ENOSPC, %lu bytes compared\n",
	       id, w.ops, w.posts, w.ok, w.refused, w.bytes, w.binds, w.reopen,
	       w.nospc, w.checked);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	unsigned int secs = argc > 2 ? (unsigned int)atoi(argv[2]) : 15;
	int i, st, bad = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (n < 1 || n > 8)
		n = 4;
	printf("stress: %d workers x %u s\n", n, secs);
	for (i = 0; i < n; i++) {
		pid_t c = fork();

		if (c < 0)
			return 1;
		if (c == 0)
			_exit(work(i, secs));
	}
	for (i = 0; i < n; i++) {
		if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			bad++;
	}
	if (bad) {
		printf("stress: FAIL (%d of %d workers)\n", bad, n);
		return 1;
	}
	printf("stress: OK (%d workers x %u s, every completion and every byte as predicted)\n",
	       n, secs);
	return 0;
}
