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
 * Workers 0 and 1 are also linked across their processes (struct link
 * below): RDMA writes and reads into each other's public region through
 * connected QPs, every byte checked by the reader and, at the end, by the
 * owner of the region against its writer's model.
 * Even workers and the link post through their QPs' mapped send rings and
 * poll their mapped completion ring (uldma_map_qp, uldma_map_cq: no system
 * call per request or completion), odd workers through the ioctls, so
 * both paths run side by side.
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
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "stress"
#include "board_check.h"

#define PG	4096u
#define NPG	16u
#define ARENA	(NPG * PG)
#define NREG	4
#define NWIN	2
#define BATCH	8
#define LPG	2u		/* pages of a link's local and public regions */
#define LLEN	(LPG * PG)

/*
 * Workers 0 and 1 are linked: besides the main context each has a link
 * context (one PD, one QP, a local region and a public one with remote
 * write and read) that is never churned, its QP connected to the
 * other's.  Each writes into and reads from the other's public region,
 * keeping a model of it (it is its only writer), and at the end sends
 * that model over their socket; each compares its public region with the
 * other's model of it, byte for byte.  The device has 8 PDs: a linked
 * worker's main context has one PD (2 + 2 + 2 x 2 = 8).
 */
struct link {
	int fd, sock;
	uint32_t pd, qp, ll, pl, pr;
	uint8_t *loc, *loc_e;	/* local region and its model              */
	uint8_t *pub;		/* public region (the peer writes it)      */
	uint8_t *ppub_e;	/* model of the peer's public region       */
	uint64_t ppub;		/* the peer's: address, rkey, QP           */
	uint32_t ppr, pqp;
	unsigned long posts, ok, refused, bytes;
};

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
	uint32_t npd;		/* PDs (and QPs) of the main context: 1 or 2 */
	uint32_t pd[2], qp[2];
	int qp_live[2];
	struct link *l;		/* linked workers only                    */
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

/*
 * Post one request: through qp's mapped send ring when it has one (the
 * home then judges the copy as POST would), else the POST ioctl.
 */
static int post_wr(int fd, const struct uldma_post *p)
{
	if (!uldma_qp_mapped(fd, p->qp))
		return uldma_post(fd, p);
	return uldma_post_ring(fd, p->qp, &(struct uldma_wqe){
		.wr_id = p->wr_id, .local_addr = p->local_addr,
		.remote_addr = p->remote_addr, .dest_qp = p->dest_qp,
		.opcode = p->opcode, .lkey = p->lkey, .rkey = p->rkey,
		.length = p->length });
}

/* Even workers map their rings (a failure keeps the ioctls). */
static void map_rings(struct worker *w, uint32_t qp)
{
	if (w->id % 2 == 0)
		uldma_map_qp(w->fd, qp);
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
	w->qp_live[1] = 0;
	for (i = 0; i < (int)w->npd; i++) {
		/* Another worker may be between close and open: retry. */
		int tries = 0;

		while ((r = uldma_alloc_pd(w->fd, &w->pd[i])) == -ENOSPC &&
		       tries++ < 2000)
			usleep(5000);
		if (r)
			die(w, "alloc_pd", r);
		while ((r = uldma_create_qp(w->fd, w->pd[i], &w->qp[i])) ==
		       -ENOSPC && tries++ < 2000)
			usleep(5000);
		if (r)
			die(w, "create_qp", r);
		w->qp_live[i] = 1;
		map_rings(w, w->qp[i]);
	}
	if (w->id % 2 == 0)
		uldma_map_cq(w->fd);
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
	g->pd = rnd(w, w->npd);
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
		v->pd = rnd(w, w->npd);
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
	uint32_t i = rnd(w, w->npd);
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
	map_rings(w, w->qp[i]);
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
		if (w->npd == 1 && w->l && write) {
			/* the linked peer's public key, at its address */
			if (len > LLEN)
				return 0;
			q->p.rkey = w->l->ppr;
			q->p.remote_addr = w->l->ppub + rnd(w, LLEN - len + 1);
			q->want = -EPERM;
			break;
		}
		if (w->npd == 1 || !w->qp_live[1 - t.pd])
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
	uint32_t ip = rnd(w, w->npd), n = 0, i, k, tries;
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
		r = post_wr(w->fd, &q[i].p);
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


static void link_die(struct worker *w, const char *what, int err)
{
	die(w, what, err);
}

static uint8_t pub_pat(uint32_t i, int id)
{
	return (uint8_t)(i * 5u + (uint32_t)id * 17u + 1u);
}

/* The link context, the exchange of keys, both QPs connected. */
static void link_setup(struct worker *w, int sock)
{
	struct link *l = calloc(1, sizeof(*l));
	struct { uint64_t pub; uint32_t pr, qp; int id; } me, peer;
	uint32_t i;
	char c = 'c';
	int r;

	if (!l)
		exit(1);
	w->l = l;
	l->sock = sock;
	l->loc = aligned_alloc(PG, LLEN);
	l->pub = aligned_alloc(PG, LLEN);
	l->loc_e = malloc(LLEN);
	l->ppub_e = malloc(LLEN);
	if (!l->loc || !l->pub || !l->loc_e || !l->ppub_e)
		exit(1);
	for (i = 0; i < LLEN; i++) {
		l->loc[i] = l->loc_e[i] = (uint8_t)rnd(w, 256);
		l->pub[i] = pub_pat(i, w->id);
	}
	l->fd = uldma_open_device();
	r = l->fd < 0 ? l->fd : uldma_alloc_pd(l->fd, &l->pd);
	if (!r)
		r = uldma_reg_mr(l->fd, l->pd, l->loc, LLEN,
				 ULDMA_ACC_LOCAL_WRITE, &l->ll, NULL);
	if (!r)
		r = uldma_reg_mr(l->fd, l->pd, l->pub, LLEN,
				 ULDMA_ACC_LOCAL_WRITE | ULDMA_ACC_REMOTE_WRITE |
				 ULDMA_ACC_REMOTE_READ, &l->pl, &l->pr);
	if (!r)
		r = uldma_create_qp(l->fd, l->pd, &l->qp);
	if (r)
		link_die(w, "link setup", r);
	/* The link posts and polls through its mapped rings. */
	r = uldma_map_qp(l->fd, l->qp);
	if (!r)
		r = uldma_map_cq(l->fd);
	if (r)
		link_die(w, "link map rings", r);
	me.pub = (uintptr_t)l->pub;
	me.pr = l->pr;
	me.qp = l->qp;
	me.id = w->id;
	if (sock_io(sock, &me, sizeof(me), 1) ||
	    sock_io(sock, &peer, sizeof(peer), 0))
		link_die(w, "link socket", -EPIPE);
	l->ppub = peer.pub;
	l->ppr = peer.pr;
	l->pqp = peer.qp;
	for (i = 0; i < LLEN; i++)
		l->ppub_e[i] = pub_pat(i, peer.id);
	r = uldma_connect_qp(l->fd, l->qp, l->pqp);
	if (r)
		link_die(w, "link connect_qp", r);
	if (sock_io(sock, &c, 1, 1) || sock_io(sock, &c, 1, 0))
		link_die(w, "link socket", -EPIPE);
}

/*
 * A batch on the link QP, in order: writes from the local region into
 * the peer's public one and reads back, valid or with a forged key or a
 * range starting before the peer's region; then the local region is
 * compared with its model.
 */
static void op_link(struct worker *w)
{
	struct link *l = w->l;
	struct uldma_post p[BATCH];
	int want[BATCH];
	struct uldma_wc wc[BATCH];
	uint32_t n = 1 + rnd(w, BATCH), i, len, a, b, k;
	int got = 0, c, r;

	for (i = 0; i < n; i++) {
		len = 1 + rnd(w, rnd(w, 4) ? 512 : LLEN);
		a = rnd(w, LLEN - len + 1);
		b = rnd(w, LLEN - len + 1);
		p[i] = (struct uldma_post){
			.wr_id = i, .qp = l->qp, .dest_qp = l->pqp,
			.opcode = rnd(w, 2) ? ULDMA_WR_RDMA_WRITE :
					      ULDMA_WR_RDMA_READ,
			.local_addr = (uintptr_t)(l->loc + a), .lkey = l->ll,
			.remote_addr = l->ppub + b, .rkey = l->ppr,
			.length = len };
		want[i] = 0;
		switch (rnd(w, 8)) {
		case 0:
			p[i].rkey ^= 0x5a00u;
			want[i] = -ENOKEY;
			break;
		case 1:
			p[i].remote_addr = l->ppub - 1;
			p[i].length = len < 2 ? 2 : len;
			want[i] = -EFAULT;
			break;
		}
	}
	for (k = 0; k < 64; k++) {	/* new source bytes */
		a = rnd(w, LLEN);
		l->loc[a] = l->loc_e[a] = (uint8_t)rnd(w, 256);
	}
	for (i = 0; i < n; i++) {
		r = post_wr(l->fd, &p[i]);
		if (r)
			link_die(w, "link post", r);
		l->posts++;
	}
	while (got < (int)n) {
		c = uldma_poll_wait(l->fd, wc + got, n - (uint32_t)got, 5000);
		if (c <= 0)
			link_die(w, "link poll: a completion missing after 5 s", c);
		got += c;
	}
	for (i = 0; i < n; i++) {
		a = (uint32_t)(p[i].local_addr - (uintptr_t)l->loc);
		b = (uint32_t)(p[i].remote_addr - l->ppub);
		if (wc[i].wr_id != i || wc[i].status != want[i] ||
		    wc[i].byte_len != (want[i] ? 0 : p[i].length)) {
			printf("stress: worker %d: link request %u: status %d bytes %u, want %d\n",
			       w->id, i, wc[i].status, wc[i].byte_len, want[i]);
			link_die(w, "link completion not as predicted",
				 wc[i].status);
		}
		if (want[i]) {
			l->refused++;
			continue;
		}
		if (p[i].opcode == ULDMA_WR_RDMA_WRITE)
			memmove(l->ppub_e + b, l->loc_e + a, p[i].length);
		else
			memmove(l->loc_e + a, l->ppub_e + b, p[i].length);
		l->ok++;
		l->bytes += p[i].length;
	}
	w->checked += LLEN;
	if (memcmp(l->loc, l->loc_e, LLEN))
		link_die(w, "link: local region differs from its model", -EIO);
}

/* Both done: swap models of each other's public region, compare. */
static void link_finish(struct worker *w)
{
	struct link *l = w->l;
	uint8_t *mine = malloc(LLEN);
	char c = 'f';
	uint32_t i, bad = 0;

	if (!mine || sock_io(l->sock, &c, 1, 1) || sock_io(l->sock, &c, 1, 0) ||
	    sock_io(l->sock, l->ppub_e, LLEN, 1) ||
	    sock_io(l->sock, mine, LLEN, 0))
		link_die(w, "link socket at the end", -EPIPE);
	for (i = 0; i < LLEN; i++)
		bad += l->pub[i] != mine[i];
	w->checked += LLEN;
	if (bad) {
		printf("stress: worker %d: FAIL its public region: %u bytes differ from the peer's model\n",
		       w->id, bad);
		exit(1);
	}
	uldma_close_device(l->fd);
	printf("stress: worker %d: link with its peer (mapped rings): %lu requests (%lu ok, %lu refused as predicted), %lu bytes moved, its public region as the peer's model, byte for byte\n",
	       w->id, l->posts, l->ok, l->refused, l->bytes);
}

static int work(int id, unsigned int seconds, int sock)
{
	struct worker w = { .id = id, .npd = sock >= 0 ? 1 : 2 };
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
	if (sock >= 0)
		link_setup(&w, sock);
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
		} else if (w.l && op < 45) {
			op_link(&w);
		} else {
			op_batch(&w);
		}
	}
	if (w.l)
		link_finish(&w);
	uldma_close_device(w.fd);
	compare(&w, "close");
	printf("stress: worker %d (%s): %lu ops, %lu requests (%lu as predicted ok, %lu refused as predicted), %lu bytes moved, %lu binds, %lu reopens, %lu ENOSPC, %lu bytes compared\n",
	       id, id % 2 ? "ioctls" : "mapped rings", w.ops, w.posts, w.ok, w.refused, w.bytes, w.binds, w.reopen,
	       w.nospc, w.checked);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	unsigned int secs = argc > 2 ? (unsigned int)atoi(argv[2]) : 15;
	int i, st, bad = 0, sv[2] = { -1, -1 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (n < 1 || n > 8)
		n = 4;
	printf("stress: %d workers x %u s\n", n, secs);
	if (n >= 2 && socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	for (i = 0; i < n; i++) {
		pid_t c = fork();

		if (c < 0)
			return 1;
		if (c == 0) {
			/* Only its own end: a dead peer's is then EOF. */
			if (n >= 2 && i < 2) {
				close(sv[1 - i]);
			} else if (n >= 2) {
				close(sv[0]);
				close(sv[1]);
			}
			_exit(work(i, secs, n >= 2 && i < 2 ? sv[i] : -1));
		}
	}
	if (n >= 2) {
		close(sv[0]);
		close(sv[1]);
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
