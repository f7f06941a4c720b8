// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_attack_test.c -- attacks from another process (ABI 4:
 * QPs of two open files connected to each other), in the booted guest.
 *
 * uldma_xfer_test.c attacks from inside one process (wrong, forged, stale
 * keys, another PD's key, outside the region and the window, another
 * file's QP refused as a target).  Here the target is a separate process
 * with its own /dev/uldma context: it registers regions and a window,
 * sends their addresses and R_Keys, and its QP number, to the attacker
 * over a Unix socket (socketpair), and after every attack checks its own
 * memory byte for byte against what it expects (guard bytes 0xee
 * everywhere but where a legitimate write was allowed to land) and sends
 * back how many bytes differ.  The attacker (this process) makes every
 * check: the error the post or the completion returns, and the target's
 * verdict on its memory.
 *
 *   target's regions (PD t1 unless said):  T 4 pages, remote write+read;
 *   U 1 page, remote read only; Q 1 page, remote write only; X 1 page,
 *   remote write, deregistered on request; P2 1 page, remote write, in
 *   PD t2; W 4 pages with MW_BIND and a window over [W+4196, +1000)
 *   with remote write.  Its QP tq is in t1.
 *
 * Then CONNECT_QP's own refusals, and the target destroying its QP with
 * a write to it queued (the engine held through debugfs) while a third
 * context takes the QP number and connects it to the attacker's QP.
 *
 * One line per check, then "attack: N/N checks passed"; exit 0 iff all
 * held.  Built static for each guest (tests/board/Makefile), run by
 * init.sh after uldma_xfer_test.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libuldma.h"

#define PG	4096u
#define GUARD	0xeeu
#define WAIT_MS	2000u

#define BOARD_CHECK_PREFIX "attack"
#include "board_check.h"

/* What the target sends once. */
struct keys {
	uint64_t t, u, q, x, p2, w;	/* addresses                        */
	uint32_t tr, ur, qr, xr, p2r, wk;
	uint32_t tq;
};

/* Commands to the target; each is answered with one int32. */
enum { C_VERIFY, C_CONNECT, C_DISCONNECT, C_DEREG_X, C_REBIND, C_DESTROY_QP,
       C_EXIT };
struct cmd {
	uint32_t op;
	uint32_t arg;
};
/* C_VERIFY's arg: which legitimate writes the target must find. */
#define OK_T	1u	/* T[0, 100): pattern                             */
#define OK_W	2u	/* W[PG + 100, +1000): pattern                    */

static uint8_t pat(uint32_t i)
{
	return (uint8_t)(i * 7u + 3u);
}

static uint8_t *page_buf(unsigned int pages)
{
	uint8_t *p = aligned_alloc(PG, (size_t)pages * PG);

	if (!p)
		exit(2);
	memset(p, GUARD, (size_t)pages * PG);
	return p;
}

/* Bytes of [p, p + n) that are not what they should be. */
static uint32_t diff(const uint8_t *p, uint32_t n, uint32_t from,
		     uint32_t to)
{
	uint32_t i, bad = 0;

	for (i = 0; i < n; i++)
		bad += p[i] != (i >= from && i < to ? pat(i - from) : GUARD);
	return bad;
}

/* The target process: set up, send the keys, answer commands. */
static int target(int s)
{
	uint8_t *T = page_buf(4), *U = page_buf(1), *Q = page_buf(1);
	uint8_t *X = page_buf(1), *P2 = page_buf(1), *W = page_buf(4);
	uint32_t t1, t2, tl, ul, ql, xl, p2l, wl, mw, wk0;
	struct keys k = { 0 };
	struct cmd c;
	int32_t ans;
	uint32_t peer;
	int fd = uldma_open_device(), r;

	r = fd < 0 ? fd : uldma_alloc_pd(fd, &t1);
	if (!r)
		r = uldma_alloc_pd(fd, &t2);
	if (!r)
		r = uldma_reg_mr(fd, t1, T, 4 * PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE |
				 ULDMA_ACC_REMOTE_READ, &tl, &k.tr);
	if (!r)
		r = uldma_reg_mr(fd, t1, U, PG, ULDMA_ACC_REMOTE_READ, &ul,
				 &k.ur);
	if (!r)
		r = uldma_reg_mr(fd, t1, Q, PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE, &ql, &k.qr);
	if (!r)
		r = uldma_reg_mr(fd, t1, X, PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE, &xl, &k.xr);
	if (!r)
		r = uldma_reg_mr(fd, t2, P2, PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE, &p2l, &k.p2r);
	if (!r)
		r = uldma_reg_mr(fd, t1, W, 4 * PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_MW_BIND, &wl, NULL);
	if (!r)
		r = uldma_create_qp(fd, t1, &k.tq);
	if (!r)
		r = uldma_alloc_mw(fd, t1, &mw, &wk0);
	k.wk = wk0;
	if (!r)
		r = uldma_bind_mw(fd, k.tq, mw, &k.wk, wl, W + PG + 100, 1000,
				  ULDMA_ACC_REMOTE_WRITE);
	if (r) {
		printf("attack: target: setup failed (%d)\n", r);
		return 1;
	}
	k.t = (uintptr_t)T;
	k.u = (uintptr_t)U;
	k.q = (uintptr_t)Q;
	k.x = (uintptr_t)X;
	k.p2 = (uintptr_t)P2;
	k.w = (uintptr_t)W;
	if (sock_io(s, &k, sizeof(k), 1) || sock_io(s, &peer, sizeof(peer), 0))
		return 1;
	for (;;) {
		if (sock_io(s, &c, sizeof(c), 0))
			return 1;
		switch (c.op) {
		case C_VERIFY:
			ans = (int32_t)(diff(T, 4 * PG, 0, c.arg & OK_T ? 100 : 0) +
					diff(U, PG, 0, 0) + diff(Q, PG, 0, 0) +
					diff(X, PG, 0, 0) + diff(P2, PG, 0, 0) +
					diff(W, 4 * PG, PG + 100, c.arg & OK_W ?
					     PG + 1100 : PG + 100));
			break;
		case C_CONNECT:
			ans = uldma_connect_qp(fd, k.tq, peer);
			break;
		case C_DISCONNECT:
			ans = uldma_connect_qp(fd, k.tq, ULDMA_QP_NONE);
			break;
		case C_DEREG_X:
			ans = uldma_dereg_mr(fd, xl);
			break;
		case C_REBIND:	/* the window moves to [W + 2 PG, +500) */
			ans = uldma_bind_mw(fd, k.tq, mw, &k.wk, wl,
					    W + 2 * PG, 500,
					    ULDMA_ACC_REMOTE_WRITE);
			break;
		case C_DESTROY_QP:
			ans = uldma_destroy_qp(fd, k.tq);
			break;
		case C_EXIT:
		default:
			return 0;	/* exit closes the file: all released */
		}
		if (sock_io(s, &ans, sizeof(ans), 1))
			return 1;
	}
}

static int sock;

static int32_t ask(uint32_t op, uint32_t arg)
{
	struct cmd c = { .op = op, .arg = arg };
	int32_t ans = -9999;

	if (sock_io(sock, &c, sizeof(c), 1) || sock_io(sock, &ans, sizeof(ans), 0))
		return -9999;
	return ans;
}

/*
 * Post; when accepted, its one completion.  Returns the post's result;
 * *st the completion's status (1: none), *len its bytes.
 */
static int run(int fd, uint32_t qp, uint32_t dqp, uint32_t op,
	       const void *l, uint32_t lkey, uint64_t r, uint32_t rkey,
	       uint32_t len, int *st, uint32_t *blen)
{
	static uint64_t id = 1;
	struct uldma_post p = { .wr_id = ++id, .qp = qp, .dest_qp = dqp,
				.opcode = op, .local_addr = (uintptr_t)l,
				.lkey = lkey, .remote_addr = r,
				.rkey = rkey, .length = len };
	struct uldma_wc wc[2];
	int err = uldma_post(fd, &p), n;

	*st = 1;
	*blen = 0;
	n = err ? uldma_poll(fd, wc, 2) : uldma_poll_wait(fd, wc, 2, WAIT_MS);
	if (n == 1 && wc[0].wr_id == id) {
		*st = wc[0].status;
		*blen = wc[0].byte_len;
	} else if (n != 0) {
		*st = 2;	/* more than one, or another's: wrong */
	}
	return err;
}

/*
 * An attack: the post is accepted and completes with want (0 bytes), or
 * (want_post) the post itself is refused with no completion; then the
 * target finds its memory as expected (ok: the legitimate writes so far).
 */
static void attack(const char *name, int fd, uint32_t qp, uint32_t dqp,
		   uint32_t op, const void *l, uint32_t lkey, uint64_t r,
		   uint32_t rkey, uint32_t len, int want_post, int want,
		   uint32_t ok)
{
	uint32_t blen;
	int st, err = run(fd, qp, dqp, op, l, lkey, r, rkey, len, &st, &blen);
	int32_t bad = ask(C_VERIFY, ok);
	int good = want_post ? err == want_post && st == 1 :
			       err == 0 && st == want && blen == 0;

	check(name, good && bad == 0,
	      "post %d, completion %d (%s), %u bytes; target: %d bytes changed",
	      err, st, st == 1 ? "none" : uldma_strerror(st), blen, bad);
}

int main(void)
{
	uint32_t a1, a2, aq, aq2, al, fq, fpd, blen;
	uint8_t *A = page_buf(2);
	struct keys k;
	int sv[2], fd, fd3, st, r, n;
	int32_t v;
	pid_t child;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		close(sv[0]);
		_exit(target(sv[1]));
	}
	close(sv[1]);
	sock = sv[0];

	/* The attacker: its own context, a source buffer, a QP. */
	fd = uldma_open_device();
	r = fd < 0 ? fd : uldma_alloc_pd(fd, &a1);
	if (!r)
		r = uldma_alloc_pd(fd, &a2);
	if (!r)
		r = uldma_reg_mr(fd, a1, A, 2 * PG, ULDMA_ACC_LOCAL_WRITE, &al,
				 NULL);
	if (!r)
		r = uldma_create_qp(fd, a1, &aq);
	if (!r)
		r = uldma_create_qp(fd, a2, &aq2);
	n = r ? -1 : sock_io(sock, &k, sizeof(k), 0);
	if (!n)
		n = sock_io(sock, &aq, sizeof(aq), 1);
	check("setup: target process (own context, 6 regions, a window, a QP), attacker (own context, 2 QPs), keys over a Unix socket",
	      r == 0 && n == 0 && k.tq != aq, "%d %d, target qp %u, attacker qp %u",
	      r, n, k.tq, aq);
	if (r || n)
		return 1;
	for (n = 0; n < 1000; n++)
		A[n] = pat((uint32_t)n);

	/* No connection yet; then only the attacker's end. */
	attack("write to the target's QP, no connection -> ENOENT, nothing",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100,
	       -ENOENT, 0, 0);
	r = uldma_connect_qp(fd, aq, k.tq);
	check("connect the attacker's end", r == 0, "%d", r);
	attack("  ... the target not connected back -> ENOENT, nothing",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100,
	       -ENOENT, 0, 0);
	v = ask(C_CONNECT, 0);
	check("the target connects back", v == 0, "%d", v);

	/* Legitimate: what the target granted works, byte for byte. */
	r = run(fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100, &st,
		&blen);
	v = ask(C_VERIFY, OK_T);
	check("connected: 100 B into T through its rkey land, nothing else",
	      r == 0 && st == 0 && blen == 100 && v == 0,
	      "%d %d %u, target: %d bytes differ", r, st, blen, v);
	r = run(fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + PG + 100, k.wk,
		1000, &st, &blen);
	v = ask(C_VERIFY, OK_T | OK_W);
	check("connected: 1000 B through the window's rkey land inside it",
	      r == 0 && st == 0 && blen == 1000 && v == 0,
	      "%d %d %u, target: %d bytes differ", r, st, blen, v);

	/* Wrong keys. */
	attack("forged rkey (other generation) -> ENOKEY, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr ^ 0x5a00u,
	       100, 0, -ENOKEY, OK_T | OK_W);
	attack("forged rkey (slot 0xff) -> ENOKEY, target unchanged", fd, aq,
	       k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, (k.tr & ~0xffu) | 0xff,
	       100, 0, -ENOKEY, OK_T | OK_W);
	attack("T's address with U's rkey (another region's) -> EFAULT, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.ur, 100, 0,
	       -EFAULT, OK_T | OK_W);

	/* Another PD's key: the target QP's PD judges it. */
	attack("rkey of the target's other PD -> EPERM, target unchanged", fd,
	       aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.p2, k.p2r, 100, 0,
	       -EPERM, OK_T | OK_W);

	/* Outside the region, outside the window. */
	attack("past T's end -> EFAULT, target unchanged", fd, aq, k.tq,
	       ULDMA_WR_RDMA_WRITE, A, al, k.t + 4 * PG - 10, k.tr, 100, 0,
	       -EFAULT, OK_T | OK_W);
	attack("before T's start -> EFAULT, target unchanged", fd, aq, k.tq,
	       ULDMA_WR_RDMA_WRITE, A, al, k.t - 1, k.tr, 100, 0, -EFAULT,
	       OK_T | OK_W);
	attack("window: 50 B past its end -> EFAULT, target unchanged", fd, aq,
	       k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + PG + 1050, k.wk, 100, 0,
	       -EFAULT, OK_T | OK_W);
	attack("window: 1 B before its start -> EFAULT, target unchanged", fd,
	       aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + PG + 99, k.wk, 10,
	       0, -EFAULT, OK_T | OK_W);
	attack("window: elsewhere in its region -> EFAULT, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + 3 * PG, k.wk,
	       10, 0, -EFAULT, OK_T | OK_W);

	/* Rights the target did not grant. */
	attack("write into a remote-read-only region -> EACCES, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.u, k.ur, 100, 0,
	       -EACCES, OK_T | OK_W);
	memset(A + PG, GUARD, PG);
	attack("read from a remote-write-only region -> EACCES", fd, aq, k.tq,
	       ULDMA_WR_RDMA_READ, A + PG, al, k.q, k.qr, 100, 0, -EACCES,
	       OK_T | OK_W);
	check("  ... nothing of it reached the attacker's buffer",
	      diff(A + PG, PG, 0, 0) == 0, NULL);
	attack("read through a forged rkey -> ENOKEY", fd, aq, k.tq,
	       ULDMA_WR_RDMA_READ, A + PG, al, k.t, k.tr ^ 0x5a00u, 100, 0,
	       -ENOKEY, OK_T | OK_W);
	check("  ... nothing of it reached the attacker's buffer",
	      diff(A + PG, PG, 0, 0) == 0, NULL);

	/* Stale keys. */
	v = ask(C_DEREG_X, 0);
	check("the target deregisters X", v == 0, "%d", v);
	attack("X's rkey after its deregistration -> ENOKEY, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.x, k.xr, 100, 0,
	       -ENOKEY, OK_T | OK_W);
	v = ask(C_REBIND, 0);
	check("the target rebinds its window elsewhere", v == 0, "%d", v);
	attack("the window's old rkey after the rebind -> ENOKEY, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + PG + 100, k.wk,
	       100, 0, -ENOKEY, OK_T | OK_W);
	attack("  ... and into the new range -> ENOKEY, target unchanged", fd,
	       aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.w + 2 * PG, k.wk, 100,
	       0, -ENOKEY, OK_T | OK_W);

	/* The target's key through the attacker's own QPs (its own PDs). */
	attack("target's rkey, target QP the attacker's own -> EPERM, target unchanged",
	       fd, aq, aq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100, 0,
	       -EPERM, OK_T | OK_W);
	attack("  ... from the attacker's QP in its other PD -> EPERM", fd,
	       aq2, aq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100, 0,
	       -EPERM, OK_T | OK_W);

	/* A third context that knows the keys, connected at its end only. */
	fd3 = uldma_open_device();
	r = fd3 < 0 ? fd3 : uldma_alloc_pd(fd3, &fpd);
	if (!r)
		r = uldma_create_qp(fd3, fpd, &fq);
	if (!r)
		r = uldma_connect_qp(fd3, fq, k.tq);
	attack("a third context, connected at its end only -> ENOENT, target unchanged",
	       fd3, fq, k.tq, ULDMA_WR_RDMA_WRITE, A, 0, k.t, k.tr, 100,
	       -ENOENT, 0, OK_T | OK_W);
	uldma_close_device(fd3);

	/* The target disconnects; then it exits. */
	v = ask(C_DISCONNECT, 0);
	attack("after the target disconnects: its valid rkey -> ENOENT, target unchanged",
	       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100,
	       -ENOENT, 0, OK_T | OK_W);
	v = ask(C_CONNECT, 0);
	r = run(fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100, &st,
		&blen);
	check("reconnected: the valid rkey works again", v == 0 && r == 0 &&
	      st == 0 && blen == 100, "%d %d %d %u", v, r, st, blen);
	/* CONNECT_QP's own refusals. */
	{
		struct uldma_connect_qp c = { .qp = aq, .remote_qp = k.tq,
					      .reserved = 1 };
		int e1 = uldma_connect_qp(fd, k.tq, aq);
		int e2 = uldma_connect_qp(fd, aq, 1000);
		int e3 = ioctl(fd, ULDMA_IOC_CONNECT_QP, &c) ? -errno : 0;

		check("connect_qp: a QP not this file's -> ENOENT, a remote QP not live -> ENOENT, reserved set -> EINVAL",
		      e1 == -ENOENT && e2 == -ENOENT && e3 == -EINVAL,
		      "%d %d %d", e1, e2, e3);
	}

	/*
	 * The target destroys its QP while a write to it is queued, and a
	 * third context takes the QP's number and connects it to the
	 * attacker's QP: the queued write and a new one find no connection
	 * (destroying a QP disconnects every QP connected to it).
	 */
	{
		uint32_t f3pd, f3q = 99;
		int e, d, c3 = -1, got;
		struct uldma_wc wc;

		e = engine_pause(1);
		if (!e)
			e = uldma_post_write(fd, aq, k.tq, 77, A, al,
					     (void *)(uintptr_t)k.t, k.tr, 100);
		d = ask(C_DESTROY_QP, 0);
		fd3 = uldma_open_device();
		r = fd3 < 0 ? fd3 : uldma_alloc_pd(fd3, &f3pd);
		if (!r)
			r = uldma_create_qp(fd3, f3pd, &f3q);
		if (!r)
			c3 = uldma_connect_qp(fd3, f3q, aq);
		engine_pause(0);
		got = uldma_poll_wait(fd, &wc, 1, WAIT_MS);
		v = ask(C_VERIFY, OK_T | OK_W);
		check("the target's QP destroyed with a write to it queued, its number taken by a third context connected to the attacker's QP: the write -> ENOENT, 0 bytes, target unchanged",
		      e == 0 && d == 0 && r == 0 && c3 == 0 && f3q == k.tq &&
		      got == 1 && wc.wr_id == 77 && wc.status == -ENOENT &&
		      wc.byte_len == 0 && v == 0,
		      "%d %d %d %d, qp %u (was %u), %d completion(s), status %d, %u bytes; target: %d bytes changed",
		      e, d, r, c3, f3q, k.tq, got, wc.status, wc.byte_len, v);
		attack("  ... a new write to that QP number -> ENOENT, target unchanged",
		       fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100,
		       -ENOENT, 0, OK_T | OK_W);
		uldma_close_device(fd3);
	}

	ask(C_EXIT, 0);
	n = -1;
	waitpid(child, &n, 0);
	check("the target process exits", WIFEXITED(n) && WEXITSTATUS(n) == 0,
	      "status 0x%x", n);
	r = run(fd, aq, k.tq, ULDMA_WR_RDMA_WRITE, A, al, k.t, k.tr, 100, &st,
		&blen);
	check("after the target exited: its rkey, its QP -> ENOENT", r == -ENOENT
	      && st == 1, "%d %d", r, st);
	uldma_close_device(fd);

	printf("attack: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
