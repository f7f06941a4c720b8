// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_xfer_test.c -- bytes moved through the verified engine
 * (src/xfer_wr.c, src/xfer_packet.c) from user space: QPs, RDMA write and
 * read in loopback, completions, and every refusal, through
 * lib/libuldma.h.  Run by tests/board/init.sh in the booted guest after
 * uldma_verbs_test; built static for each board architecture.
 *
 * One line per check, then "xfer: N/N checks passed"; exit 0 iff all held.
 * Every check asserts behaviour: the completion's status and byte count,
 * which bytes landed and which did not (guard bytes around every
 * destination), and that each accepted post gave exactly one completion.
 *
 * Since ABI 3 a post only queues the request for the module's engine
 * thread, so a completion is waited for (POLL with a timeout).  Where a
 * check needs requests to stay queued (a full send queue, a QP destroyed
 * or a file closed with requests queued, a window rebound between post
 * and run) the test holds the engine through debugfs
 * (/sys/kernel/debug/uldma/engine_pause) and reads the module's counters
 * there (uldma/stats).
 *
 *   uldma_xfer_test          the checks
 *   uldma_xfer_test hold     register, bind a window, hold the engine,
 *                            queue 32 writes, print "xfer: holding", then
 *                            sleep until killed (init.sh kills it: the
 *                            queued requests are dropped, nothing stays
 *                            pinned)
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define PG	4096u
#define GUARD	0xeeu
#define WAIT_MS	2000u		/* longest wait for one completion      */

static unsigned long posted, polled;	/* accepted posts, completions taken */

#define BOARD_CHECK_PREFIX "xfer"
#include "board_check.h"

static uint8_t *page_buf(unsigned int pages)
{
	uint8_t *p = aligned_alloc(PG, (size_t)pages * PG);

	if (!p) {
		printf("xfer: FAIL out of memory\n");
		exit(1);
	}
	memset(p, GUARD, (size_t)pages * PG);
	return p;
}

/* Every byte of [p, p + n) is v. */
static int all(const uint8_t *p, size_t n, uint8_t v)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] != v)
			return 0;
	}
	return 1;
}

static uint8_t pat(unsigned int i, unsigned int seed)
{
	return (uint8_t)(i * 13u + seed);
}

static void fill(uint8_t *p, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = pat((unsigned int)i, seed);
}

static int is_pat(const uint8_t *p, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] != pat((unsigned int)i, seed))
			return 0;
	}
	return 1;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* Take completions until n arrived (or WAIT_MS passes without one). */
static int take(int fd, struct uldma_wc *wc, int n)
{
	int got = 0, r;

	while (got < n) {
		r = uldma_poll_wait(fd, wc + got, (unsigned int)(n - got),
				    WAIT_MS);
		if (r <= 0)
			break;
		got += r;
	}
	return got;
}

/*
 * Post one work request; when accepted, wait for its completion: exactly
 * one must come (a second poll finds none).  Returns the post's result;
 * *wc is the completion (status 1 when there was none).
 */
static int run(int fd, uint32_t qp, uint32_t dqp, uint32_t op, uint64_t id,
	       const void *l, uint32_t lkey, const void *r, uint32_t rkey,
	       uint32_t len, struct uldma_wc *wc, int *ncomp)
{
	struct uldma_post p = { .wr_id = id, .qp = qp, .dest_qp = dqp,
				.opcode = op, .local_addr = (uintptr_t)l,
				.lkey = lkey, .remote_addr = (uintptr_t)r,
				.rkey = rkey, .length = len };
	struct uldma_wc more[4];
	int err = uldma_post(fd, &p), n, m;

	memset(wc, 0, sizeof(*wc));
	wc->status = 1;
	*ncomp = 0;
	if (err == 0)
		posted++;
	n = err == 0 ? uldma_poll_wait(fd, more, 4, WAIT_MS) :
		       uldma_poll(fd, more, 4);
	if (n > 0) {
		*wc = more[0];
		m = uldma_poll(fd, more + n, (unsigned int)(4 - n));
		n += m > 0 ? m : 0;
		polled += (unsigned long)n;
	}
	*ncomp = n;
	return err;
}

/* An accepted post whose one completion has status want and len bytes. */
static void expect(const char *name, int fd, uint32_t qp, uint32_t dqp,
		   uint32_t op, const void *l, uint32_t lkey, const void *r,
		   uint32_t rkey, uint32_t len, int want, uint32_t want_len)
{
	static uint64_t id = 1000;
	struct uldma_wc wc;
	int n, err;

	id++;
	err = run(fd, qp, dqp, op, id, l, lkey, r, rkey, len, &wc, &n);
	check(name, err == 0 && n == 1 && wc.wr_id == id && wc.qp == qp &&
	      wc.opcode == op && wc.status == want &&
	      wc.byte_len == want_len,
	      "post %d, %d completion(s), status %d (%s) core %d, %u bytes, want %d / %u",
	      err, n, wc.status, wc.status ? strerror(-wc.status) : "ok",
	      wc.core_status, wc.byte_len, want, want_len);
}

/*
 * The holder: a PD, a 16 KB region, a QP, a window bound to half of the
 * region, the engine held and 32 writes through the window queued; then
 * it waits to be killed.  init.sh kills it (SIGKILL), lets the engine run
 * again and requires the module to unload with nothing pinned.
 */
static int hold(void)
{
	uint32_t pd, qp, lkey, mw, rkey;
	uint8_t *buf = page_buf(4);
	int fd = uldma_open(), r, i;

	r = fd < 0 ? fd : uldma_alloc_pd(fd, &pd);
	if (!r)
		r = uldma_reg_mr(fd, pd, buf, 4 * PG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_MW_BIND, &lkey, NULL);
	if (!r)
		r = uldma_create_qp(fd, pd, &qp);
	if (!r)
		r = uldma_alloc_mw(fd, pd, &mw, &rkey);
	if (!r)
		r = uldma_bind_mw(fd, qp, mw, &rkey, lkey, buf + 2 * PG,
				  2 * PG, ULDMA_ACC_REMOTE_WRITE);
	if (!r)
		r = engine_pause(1);
	for (i = 0; !r && i < 32; i++)
		r = uldma_post_write(fd, qp, qp, (unsigned int)i, buf, lkey,
				     buf + 2 * PG, rkey, 1000);
	if (r) {
		printf("xfer: holder: setup failed (%d)\n", r);
		return 1;
	}
	printf("xfer: holding pd %u qp %u mw %u, 32 writes queued\n", pd, qp,
	       mw);
	fflush(stdout);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	uint32_t pd1, pd2, pd3, qp1, qp1b, qp2, qp3, q2, q4 = 99, fpd;
	uint32_t sl, sr, dl, dr, rl, xl, xr, yl, yr, zl, zr, al, bl, br;
	uint32_t wl, vl, mw, mw2, mk, mk2, k1, k2, k3;
	uint8_t *S, *D, *R, *X, *Y, *Z, *A, *B, *W, *V, *C;
	struct uldma_wc wc, many[200];
	struct uldma_query q;
	unsigned char q1[32];
	uint32_t abi1;
	int fd, fd2, fd3, r, n, i, ok;
	uint32_t qps[20];

	if (argc > 1 && !strcmp(argv[1], "hold"))
		return hold();
	fd = uldma_open();
	if (fd < 0) {
		printf("xfer: FAIL open: %s\nxfer: 0/1 checks passed\n",
		       strerror(-fd));
		return 1;
	}

	/* QUERY: ABI 4's limits (ABI 3's); ABI-1, ABI-2 sized QUERYs answered. */
	r = uldma_query(fd, &q);
	check("query: abi 4, QPs, work request, queue and window limits",
	      r == 0 && q.abi_version >= 5 && q.max_qp == 16 &&
	      q.max_wr_len == 65536 && q.cq_depth == 128 && q.reserved == 0 &&
	      q.max_mw == 16 && q.sq_depth == 64,
	      "%d, abi %u qp %u wr %u cq %u mw %u sq %u", r, q.abi_version,
	      q.max_qp, q.max_wr_len, q.cq_depth, q.max_mw, q.sq_depth);
	{
		unsigned char q2b[48];

		memset(q2b, 0, sizeof(q2b));
		r = ioctl(fd, _IOWR(ULDMA_IOC_MAGIC, 0x00, unsigned char[48]),
			  q2b);
		memcpy(&abi1, q2b, sizeof(abi1));
		check("query with the ABI-2 struct (48 bytes) answered",
		      r == 0 && abi1 == ULDMA_ABI_VERSION, "%d, abi %u", r,
		      abi1);
	}
	memset(q1, 0, sizeof(q1));
	r = ioctl(fd, _IOWR(ULDMA_IOC_MAGIC, 0x00, unsigned char[32]), q1);
	memcpy(&abi1, q1, sizeof(abi1));
	check("query with the ABI-1 struct (32 bytes) answered",
	      r == 0 && abi1 == ULDMA_ABI_VERSION, "%d, abi %u", r, abi1);

	/* Two PDs of this file; regions; QPs. */
	S = page_buf(2);	/* source: local read                    */
	D = page_buf(3);	/* destination: remote write + read      */
	R = page_buf(2);	/* read-back: local write                */
	X = page_buf(1);	/* registered, then deregistered         */
	Y = page_buf(1);	/* in the second PD                      */
	Z = page_buf(1);	/* no remote write                       */
	A = page_buf(16);
	B = page_buf(16);
	W = page_buf(4);	/* windows                               */
	V = page_buf(1);	/* the second file's window              */
	C = page_buf(2);	/* a file closed with requests queued    */
	fill(S, 2 * PG, 1);
	ok = !uldma_alloc_pd(fd, &pd1) && !uldma_alloc_pd(fd, &pd2) &&
	     !uldma_reg_mr(fd, pd1, S, 2 * PG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_READ, &sl, &sr) &&
	     !uldma_reg_mr(fd, pd1, D, 3 * PG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE | ULDMA_ACC_REMOTE_READ,
			   &dl, &dr) &&
	     !uldma_reg_mr(fd, pd1, R, 2 * PG, ULDMA_ACC_LOCAL_WRITE, &rl,
			   NULL) &&
	     !uldma_reg_mr(fd, pd2, Y, PG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE, &yl, &yr) &&
	     !uldma_reg_mr(fd, pd1, Z, PG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_READ, &zl, &zr) &&
	     !uldma_reg_mr(fd, pd1, A, 16 * PG, 0, &al, NULL) &&
	     !uldma_reg_mr(fd, pd1, B, 16 * PG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE, &bl, &br);
	check("setup: 2 PDs, 7 regions", ok, NULL);
	if (!ok)
		return 1;

	r = uldma_create_qp(fd, pd1, &qp1);
	n = uldma_create_qp(fd, pd1, &qp1b);
	check("create_qp: two QPs in the first PD", r == 0 && n == 0 &&
	      qp1 < 16 && qp1b < 16 && qp1 != qp1b, "%d %d, qp %u %u", r, n,
	      qp1, qp1b);
	r = uldma_create_qp(fd, pd2, &qp2);
	check("create_qp: one in the second PD", r == 0 && qp2 < 16, "%d, qp %u",
	      r, qp2);
	r = uldma_create_qp(fd, 7, &qp3);
	check("create_qp in a PD not this file's -> ENOENT", r == -ENOENT, "%d",
	      r);

	n = uldma_poll(fd, many, 16);
	check("poll on empty -> 0 completions", n == 0, "%d", n);
	n = uldma_poll(fd, many, 0);
	check("poll for 0 -> 0", n == 0, "%d", n);

	/* 5000 bytes S -> D + 100: every byte, and only those. */
	expect("RDMA write 5000 B: completion ok, 5000 bytes", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, D + 100, dr, 5000, 0, 5000);
	check("RDMA write: every byte landed", is_pat(D + 100, 5000, 1), NULL);
	check("RDMA write: guard bytes before and after unchanged",
	      all(D, 100, GUARD) && all(D + 5100, 3 * PG - 5100, GUARD), NULL);
	check("RDMA write: source unchanged", is_pat(S, 2 * PG, 1), NULL);

	/* Read it back: D + 100 -> R + 7. */
	expect("RDMA read 5000 B: completion ok, 5000 bytes", fd, qp1, qp1,
	       ULDMA_WR_RDMA_READ, R + 7, rl, D + 100, dr, 5000, 0, 5000);
	check("RDMA read: every byte back, guards unchanged",
	      is_pat(R + 7, 5000, 1) && all(R, 7, GUARD) &&
	      all(R + 5007, 2 * PG - 5007, GUARD), NULL);

	/* The target QP is another QP; its PD (the second) judges rkey. */
	expect("write, target another QP of the same PD", fd, qp1, qp1b,
	       ULDMA_WR_RDMA_WRITE, S, sl, D + 6000, dr, 300, 0, 300);
	check("  ... 300 bytes landed", is_pat(D + 6000, 300, 1) &&
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);
	expect("write into the second PD's region, target QP in that PD",
	       fd, qp1, qp2, ULDMA_WR_RDMA_WRITE, S, sl, Y + 10, yr, 256, 0,
	       256);
	check("  ... 256 bytes landed, the rest unchanged",
	      is_pat(Y + 10, 256, 1) && all(Y, 10, GUARD) &&
	      all(Y + 266, PG - 266, GUARD), NULL);
	memset(Y, GUARD, PG);

	/* A key whose region was deregistered. */
	r = uldma_reg_mr(fd, pd1, X, PG, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_REMOTE_WRITE, &xl, &xr);
	n = uldma_dereg_mr(fd, xl);
	check("register and deregister a region", r == 0 && n == 0, "%d %d",
	      r, n);
	expect("write through a deregistered rkey -> ENOKEY, 0 bytes", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, X, xr, 1000, -ENOKEY, 0);
	check("  ... no byte landed", all(X, PG, GUARD), NULL);
	expect("write from a deregistered lkey -> ENOKEY, 0 bytes", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, X, xl, D + 8000, dr, 1000, -ENOKEY, 0);
	expect("read into a deregistered lkey -> ENOKEY, 0 bytes", fd, qp1,
	       qp1, ULDMA_WR_RDMA_READ, X, xl, D, dr, 1000, -ENOKEY, 0);
	check("  ... no byte landed anywhere", all(X, PG, GUARD) &&
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);

	/* Forged keys: another generation, a slot beyond every table. */
	expect("write through a forged rkey (other generation) -> ENOKEY", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, D + 8000, dr ^ 0x5a00u,
	       100, -ENOKEY, 0);
	expect("write through a forged rkey (slot 0xff) -> ENOKEY", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, S, sl, D + 8000, (dr & ~0xffu) | 0xff,
	       100, -ENOKEY, 0);
	check("  ... no byte landed",
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);

	/* Keys of another PD: the QP's PD decides, not the request. */
	expect("write through a key of another PD -> EPERM", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, Y, yr, 100, -EPERM, 0);
	check("  ... no byte landed in the other PD's region",
	      all(Y, PG, GUARD), NULL);
	expect("write from a local key of another PD -> EPERM", fd, qp2, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, D + 8000, dr, 100, -EPERM, 0);
	check("  ... no byte landed",
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);

	/* A region without remote write. */
	expect("write into a region without remote write -> EACCES", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, S, sl, Z, zr, 100, -EACCES, 0);
	check("  ... no byte landed", all(Z, PG, GUARD), NULL);
	expect("read from a region without remote read -> EACCES", fd, qp1,
	       qp1, ULDMA_WR_RDMA_READ, R, rl, B, br, 100, -EACCES, 0);
	check("  ... read-back buffer unchanged",
	      all(R + 5007, 2 * PG - 5007, GUARD), NULL);
	expect("read into a region without local write -> EACCES", fd, qp1,
	       qp1, ULDMA_WR_RDMA_READ, A, al, D, dr, 100, -EACCES, 0);
	check("  ... no byte landed", all(A, 16 * PG, GUARD), NULL);

	/* Outside the region: nothing, or the whole packets before it. */
	expect("write past the region's end -> EFAULT, 0 bytes", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, D + 3 * PG - 10, dr, 100, -EFAULT,
	       0);
	check("  ... no byte landed",
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);
	expect("write before the region's start -> EFAULT, 0 bytes", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, S, sl, D - 1, dr, 100, -EFAULT, 0);
	check("  ... no byte landed", all(D, 100, GUARD), NULL);
	/*
	 * A packet is ULDMA_WR_PKT bytes (a page): the first whole packet
	 * lands, the second crosses the region's end and is refused whole.
	 */
	expect("write running off the end -> EFAULT after 1 whole packet",
	       fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl,
	       D + 3 * PG - ULDMA_WR_PKT - 88, dr, ULDMA_WR_PKT + 400, -EFAULT,
	       ULDMA_WR_PKT);
	check("  ... one packet landed, the last 88 bytes did not",
	      is_pat(D + 3 * PG - ULDMA_WR_PKT - 88, ULDMA_WR_PKT, 1) &&
	      all(D + 3 * PG - 88, 88, GUARD) &&
	      all(D + 6300, 3 * PG - ULDMA_WR_PKT - 88 - 6300, GUARD), NULL);
	memset(D + 3 * PG - ULDMA_WR_PKT - 88, GUARD, ULDMA_WR_PKT + 88);
	expect("write at addr + len past 2^64 -> EOVERFLOW", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, (void *)(uintptr_t)(UINT64_MAX - 10),
	       dr, 100, -EOVERFLOW, 0);

	/* Malformed requests: refused by the core, nothing moved. */
	expect("length 0 -> EINVAL", fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl,
	       D + 8000, dr, 0, -EINVAL, 0);
	expect("length 65537 -> EINVAL", fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, A,
	       al, B, br, 65537, -EINVAL, 0);
	check("  ... no byte landed", all(B, 16 * PG, GUARD), NULL);
	expect("unknown opcode -> EINVAL", fd, qp1, qp1, 7, S, sl, D + 8000,
	       dr, 100, -EINVAL, 0);
	check("  ... no byte landed",
	      all(D + 6300, 3 * PG - 6300, GUARD), NULL);

	/* The largest request. */
	fill(A, 16 * PG, 9);
	expect("RDMA write 65536 B (16 packets, 16 pages)", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, A, al, B, br, 65536, 0, 65536);
	check("  ... every byte landed", is_pat(B, 16 * PG, 9), NULL);

	/* QPs of another file, and QPs that are not. */
	fd2 = uldma_open();
	r = fd2 < 0 ? fd2 : uldma_alloc_pd(fd2, &fpd);
	if (!r)
		r = uldma_create_qp(fd2, fpd, &q2);
	check("second file: a PD and a QP", r == 0 && q2 != qp1 && q2 != qp2,
	      "%d, qp %u", r, q2);
	n = run(fd, q2, q2, ULDMA_WR_RDMA_WRITE, 1, S, sl, D + 8000, dr, 100,
		&wc, &i);
	check("post on another file's QP -> ENOENT, no completion",
	      n == -ENOENT && i == 0, "%d, %d completion(s)", n, i);
	n = run(fd, qp1, q2, ULDMA_WR_RDMA_WRITE, 2, S, sl, D + 8000, dr, 100,
		&wc, &i);
	check("post to another file's QP as target -> ENOENT, no completion",
	      n == -ENOENT && i == 0, "%d, %d completion(s)", n, i);
	n = run(fd2, q2, qp1, ULDMA_WR_RDMA_WRITE, 3, S, sl, D + 8000, dr, 100,
		&wc, &i);
	check("the other file posting to this file's QP -> ENOENT",
	      n == -ENOENT && i == 0, "%d, %d completion(s)", n, i);
	r = uldma_destroy_qp(fd, q2);
	n = uldma_poll(fd2, many, 16);
	check("destroy another file's QP -> ENOENT; its queue empty",
	      r == -ENOENT && n == 0, "%d, %d", r, n);
	n = run(fd, 15, 15, ULDMA_WR_RDMA_WRITE, 4, S, sl, D, dr, 1, &wc, &i);
	r = run(fd, 1000, qp1, ULDMA_WR_RDMA_WRITE, 5, S, sl, D, dr, 1, &wc,
		&i);
	check("post on a QP never created, on QP 1000 -> ENOENT",
	      n == -ENOENT && r == -ENOENT && i == 0, "%d %d", n, r);
	check("  ... no byte landed", all(D + 6300, 3 * PG - 6300, GUARD),
	      NULL);

	/*
	 * Queues, with the engine held: a send queue takes 64 requests, the
	 * 65th is EAGAIN; the completion queue's 128 slots are reserved by
	 * requests in flight, the 129th post is ENOBUFS; nothing runs while
	 * held; then all 128 complete, each QP's in post order.
	 */
	r = engine_pause(1);
	check("hold the engine (debugfs engine_pause)", r == 0, "%d", r);
	for (i = 0, r = 0; i < 128 && r == 0; i++) {
		struct uldma_post p = { .wr_id = 5000 + (unsigned int)i,
					.qp = i < 64 ? qp1 : qp1b,
					.dest_qp = qp1,
					.opcode = ULDMA_WR_RDMA_WRITE,
					.local_addr = (uintptr_t)S, .lkey = sl,
					.remote_addr = (uintptr_t)D + 8000,
					.rkey = dr, .length = 1 };
		r = uldma_post(fd, &p);
		posted += r == 0;
		if (i == 63)
			n = uldma_post_write(fd, qp1, qp1, 9998, S, sl,
					     D + 8000, dr, 1);
	}
	check("64 posts on one QP queued, the 65th -> EAGAIN (send queue full)",
	      i == 128 && r == 0 && n == -EAGAIN, "%d posts, %d, %d", i, r,
	      n);
	n = uldma_post_write(fd, qp2, qp2, 9999, S, sl, Y, yr, 1);
	check("64 more on another QP, the 129th post -> ENOBUFS (queue full)",
	      n == -ENOBUFS, "%d", n);
	{
		double t0 = now_ms(), dt;

		n = uldma_poll_wait(fd, many, 200, 100);
		dt = now_ms() - t0;
		check("nothing runs while held: a 100 ms wait returns 0 after 100 ms",
		      n == 0 && dt >= 90 && dt < 1000, "%d, %.1f ms", n, dt);
	}
	r = engine_pause(0);
	n = uldma_poll_wait(fd, (struct uldma_wc *)8, 4, WAIT_MS);
	check("engine runs again; poll into a bad pointer -> EFAULT",
	      r == 0 && n == -EFAULT, "%d %d", r, n);
	n = take(fd, many, 128);
	polled += n > 0 ? (unsigned long)n : 0;
	{
		unsigned int n1 = 0, n2 = 0;

		for (i = 0, ok = n == 128; ok && i < 128; i++) {
			if (many[i].qp == qp1)
				ok = many[i].wr_id == 5000u + n1++;
			else
				ok = many[i].qp == qp1b &&
				     many[i].wr_id == 5064u + n2++;
			ok = ok && many[i].status == 0 &&
			     many[i].byte_len == 1;
		}
		check("  ... none lost: 128 completions, each QP's in order, then empty",
		      ok && n1 == 64 && n2 == 64 &&
		      uldma_poll(fd, many, 200) == 0, "%d (%u + %u)", n, n1,
		      n2);
	}
	memset(D + 6300, GUARD, 3 * PG - 6300);
	{
		unsigned char big[2][40];
		uint64_t id77 = 77;	/* wr_id: the entry's first field */
		struct uldma_poll p = { .wc = (uintptr_t)big, .wc_size = 40,
					.max_wc = 2, .timeout_ms = WAIT_MS };

		r = uldma_post_write(fd, qp1, qp1, 77, S, sl, D + 8000, dr, 1);
		posted += r == 0;
		memset(big, 0xff, sizeof(big));
		n = ioctl(fd, ULDMA_IOC_POLL, &p);
		polled += n == 0 ? p.count : 0;
		check("poll with 40-byte entries: tail zeroed",
		      r == 0 && n == 0 && p.count == 1 &&
		      !memcmp(big[0], &id77, sizeof(id77)) &&
		      all(big[0] + sizeof(struct uldma_wc), 8, 0) &&
		      big[1][0] == 0xff, "%d %d count %u", r, n, p.count);
		p.wc_size = 16;
		n = ioctl(fd, ULDMA_IOC_POLL, &p);
		check("poll with entries shorter than uldma_wc -> EINVAL",
		      n == -1 && errno == EINVAL, "%d", n);
	}

	/* A QP keeps its PD; destroyed, it is gone. */
	r = uldma_alloc_pd(fd, &pd3);
	if (!r)
		r = uldma_create_qp(fd, pd3, &qp3);
	n = uldma_dealloc_pd(fd, pd3);
	check("dealloc a PD with a QP -> EBUSY", r == 0 && n == -EBUSY,
	      "%d %d", r, n);
	r = uldma_destroy_qp(fd, qp3);
	n = uldma_destroy_qp(fd, qp3);
	check("destroy_qp, then again -> ENOENT", r == 0 && n == -ENOENT,
	      "%d %d", r, n);
	n = run(fd, qp3, qp3, ULDMA_WR_RDMA_WRITE, 6, S, sl, D, dr, 1, &wc,
		&i);
	r = uldma_dealloc_pd(fd, pd3);
	check("post on a destroyed QP -> ENOENT; its PD then freed",
	      n == -ENOENT && i == 0 && r == 0, "%d %d", n, r);


	/* Asynchronous: 32 writes posted, then all polled, in order. */
	fill(A, 16 * PG, 21);
	memset(B, GUARD, 16 * PG);
	for (i = 0, r = 0; i < 32 && r == 0; i++) {
		r = uldma_post_write(fd, qp1, qp1, 7000 + (unsigned int)i,
				     A + i * 2048, al, B + i * 2048, br,
				     2048 - 37u * (unsigned int)(i % 5));
		posted += r == 0;
	}
	n = uldma_poll(fd, many, 200);
	check("32 writes posted without waiting", i == 32 && r == 0,
	      "%d posted, %d; %d completed by the last post's return", i, r,
	      n > 0 ? n : 0);
	n = n > 0 ? n : 0;
	n += take(fd, many + n, 32 - n);
	polled += (unsigned long)n;
	for (i = 0, ok = n == 32; ok && i < 32; i++)
		ok = many[i].wr_id == 7000u + (unsigned int)i &&
		     many[i].qp == qp1 && many[i].status == 0 &&
		     many[i].byte_len == 2048 - 37u * (unsigned int)(i % 5);
	check("  ... 32 completions, in post order, wr_id and length matched",
	      ok && uldma_poll(fd, many, 200) == 0, "%d", n);
	for (i = 0, ok = 1; ok && i < 32; i++) {
		unsigned int l = 2048 - 37u * (unsigned int)(i % 5);

		ok = !memcmp(B + i * 2048, A + i * 2048, l) &&
		     all(B + i * 2048 + l, 2048 - l, GUARD);
	}
	check("  ... every byte landed, and nothing between the requests", ok,
	      "request %d", i - 1);

	/* DESTROY_QP with requests queued: each completes with ECANCELED. */
	memset(D + 6300, GUARD, 3 * PG - 6300);	/* the 1-byte writes above */
	r = uldma_create_qp(fd, pd1, &qp3);
	n = engine_pause(1);
	for (i = 0; r == 0 && n == 0 && i < 5; i++) {
		r = uldma_post_write(fd, qp3, qp3, 7100 + (unsigned int)i, S,
				     sl, D + 8000, dr, 100);
		posted += r == 0;
	}
	n = r ? r : uldma_destroy_qp(fd, qp3);
	engine_pause(0);
	r = take(fd, many, 5);
	polled += r > 0 ? (unsigned long)r : 0;
	for (i = 0, ok = r == 5; ok && i < 5; i++)
		ok = many[i].wr_id == 7100u + (unsigned int)i &&
		     many[i].qp == qp3 && many[i].status == -ECANCELED &&
		     many[i].byte_len == 0 && many[i].core_status == 0;
	check("destroy a QP with 5 requests queued: 5 ECANCELED, in order",
	      n == 0 && ok && uldma_poll(fd, many, 200) == 0, "%d, %d", n, r);
	check("  ... no byte landed", all(D + 6300, 3 * PG - 6300, GUARD),
	      NULL);

	/* The target QP destroyed between post and run: ENOENT, nothing. */
	r = uldma_create_qp(fd, pd1, &qp3);
	n = engine_pause(1);
	if (r == 0 && n == 0) {
		r = uldma_post_write(fd, qp1, qp3, 7200, S, sl, D + 9000, dr,
				     100);
		posted += r == 0;
		n = uldma_destroy_qp(fd, qp3);
	}
	engine_pause(0);
	i = take(fd, many, 1);
	polled += (unsigned long)i;
	check("target QP destroyed before the request ran -> ENOENT, 0 bytes",
	      r == 0 && n == 0 && i == 1 && many[0].wr_id == 7200 &&
	      many[0].status == -ENOENT && many[0].byte_len == 0 &&
	      many[0].core_status == 0,
	      "%d %d, %d completion(s), status %d", r, n, i, many[0].status);
	check("  ... no byte landed", all(D + 6300, 3 * PG - 6300, GUARD),
	      NULL);

	/* Memory windows. */
	r = uldma_reg_mr(fd, pd1, W, 4 * PG, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_MW_BIND, &wl, NULL);
	n = uldma_alloc_mw(fd, pd1, &mw, &mk);
	check("window: a region with MW_BIND, a window allocated",
	      r == 0 && n == 0 && mw < 16, "%d %d, mw %u rkey 0x%x", r, n, mw,
	      mk);
	expect("write through an unbound window's rkey -> ENOKEY", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + PG, mk, 100, -ENOKEY, 0);
	k1 = mk;
	r = uldma_bind_mw(fd, qp1, mw, &k1, wl, W + PG + 100, 1000,
			  ULDMA_ACC_REMOTE_WRITE | ULDMA_ACC_REMOTE_READ);
	check("bind the window to [W + 4196, +1000): a new rkey",
	      r == 0 && k1 != mk, "%d, rkey 0x%x -> 0x%x", r, mk, k1);
	expect("write 1000 B through the window's rkey", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S, sl, W + PG + 100, k1, 1000, 0, 1000);
	check("  ... every byte landed inside the window, nothing outside",
	      is_pat(W + PG + 100, 1000, 1) && all(W, PG + 100, GUARD) &&
	      all(W + PG + 1100, 3 * PG - 1100, GUARD), NULL);
	expect("write running 50 B past the window's end -> EFAULT, 0 bytes",
	       fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S + 8, sl, W + PG + 1050, k1,
	       100, -EFAULT, 0);
	expect("write 1 B before the window's start -> EFAULT", fd, qp1, qp1,
	       ULDMA_WR_RDMA_WRITE, S + 8, sl, W + PG + 99, k1, 10, -EFAULT,
	       0);
	expect("write through the window elsewhere in its region -> EFAULT",
	       fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + 3 * PG, k1, 10,
	       -EFAULT, 0);
	check("  ... the window's bytes unchanged, nothing outside",
	      is_pat(W + PG + 100, 1000, 1) && all(W, PG + 100, GUARD) &&
	      all(W + PG + 1100, 3 * PG - 1100, GUARD), NULL);
	expect("read 1000 B back through the window", fd, qp1, qp1,
	       ULDMA_WR_RDMA_READ, R + 6000, rl, W + PG + 100, k1, 1000, 0,
	       1000);
	check("  ... every byte back", is_pat(R + 6000, 1000, 1), NULL);
	k2 = k1;
	r = uldma_bind_mw(fd, qp2, mw, &k2, wl, W + PG, 10,
			  ULDMA_ACC_REMOTE_WRITE);
	n = uldma_bind_mw(fd, qp1, mw, &k2, dl, D, 10, ULDMA_ACC_REMOTE_WRITE);
	i = uldma_bind_mw(fd, qp1, mw, &k2, wl, W + 4 * PG - 5, 10,
			  ULDMA_ACC_REMOTE_WRITE);
	check("bind through a QP of another PD -> EPERM; to a region without MW_BIND -> EACCES; past the region -> EFAULT",
	      r == -EPERM && n == -EACCES && i == -EFAULT && k2 == k1,
	      "%d %d %d", r, n, i);
	r = uldma_dereg_mr(fd, wl);
	check("deregister a region with a window bound -> EBUSY",
	      r == -EBUSY, "%d", r);
	k2 = k1;
	r = uldma_bind_mw(fd, qp1, mw, &k2, wl, W + 2 * PG, 500,
			  ULDMA_ACC_REMOTE_WRITE);
	check("rebind to [W + 8192, +500): another new rkey",
	      r == 0 && k2 != k1 && k2 != mk, "%d, 0x%x", r, k2);
	memset(W + PG + 100, GUARD, 1000);
	expect("write through the old rkey after the rebind -> ENOKEY", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + PG + 100, k1, 100,
	       -ENOKEY, 0);
	expect("write through the old rkey into the new range -> ENOKEY", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + 2 * PG, k1, 100,
	       -ENOKEY, 0);
	expect("write through the new rkey into the old range -> EFAULT", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + PG + 100, k2, 100,
	       -EFAULT, 0);
	check("  ... nothing landed anywhere in the region",
	      all(W, 4 * PG, GUARD), NULL);
	expect("write 500 B through the new rkey into the new range", fd, qp1,
	       qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + 2 * PG, k2, 500, 0, 500);
	check("  ... landed there only", is_pat(W + 2 * PG, 500, 1) &&
	      all(W, 2 * PG, GUARD) && all(W + 2 * PG + 500, 2 * PG - 500,
					   GUARD), NULL);
	memset(W, GUARD, 4 * PG);
	/* A rebind between post and run fails the queued request. */
	r = engine_pause(1);
	n = r ? r : uldma_post_write(fd, qp1, qp1, 7300, S, sl, W + 2 * PG,
				     k2, 100);
	posted += n == 0;
	k3 = k2;
	i = uldma_bind_mw(fd, qp1, mw, &k3, wl, W + 2 * PG, 500,
			  ULDMA_ACC_REMOTE_WRITE);
	engine_pause(0);
	ok = take(fd, many, 1);
	polled += (unsigned long)ok;
	check("rebind while a write through the old rkey is queued -> ENOKEY, 0 bytes",
	      r == 0 && n == 0 && i == 0 && ok == 1 &&
	      many[0].wr_id == 7300 && many[0].status == -ENOKEY &&
	      many[0].byte_len == 0 && all(W, 4 * PG, GUARD),
	      "%d %d %d, %d, status %d", r, n, i, ok, many[0].status);
	r = uldma_dealloc_mw(fd, mw);
	check("dealloc the window", r == 0, "%d", r);
	expect("write through the deallocated window's rkey -> ENOKEY", fd,
	       qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, W + 2 * PG, k3, 100,
	       -ENOKEY, 0);
	check("  ... nothing landed", all(W, 4 * PG, GUARD), NULL);
	r = uldma_dealloc_mw(fd, mw);
	k1 = k3;
	n = uldma_bind_mw(fd, qp1, mw, &k1, wl, W, 10, ULDMA_ACC_REMOTE_WRITE);
	i = uldma_dereg_mr(fd, wl);
	check("dealloc again, bind after dealloc -> ENOENT; the region then deregisters",
	      r == -ENOENT && n == -ENOENT && i == 0, "%d %d %d", r, n, i);
	/* Another file's window: not this file's. */
	r = uldma_reg_mr(fd2, fpd, V, PG, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_MW_BIND, &vl, NULL);
	if (!r)
		r = uldma_alloc_mw(fd2, fpd, &mw2, &mk2);
	k1 = mk2;
	if (!r)
		r = uldma_bind_mw(fd2, q2, mw2, &k1, vl, V, PG,
				  ULDMA_ACC_REMOTE_WRITE);
	k2 = k1;
	n = uldma_bind_mw(fd, qp1, mw2, &k2, wl, W, 10,
			  ULDMA_ACC_REMOTE_WRITE);
	i = uldma_dealloc_mw(fd, mw2);
	check("another file's window: bind, dealloc -> ENOENT",
	      r == 0 && n == -ENOENT && i == -ENOENT, "%d %d %d", r, n, i);
	i = uldma_alloc_mw(fd, fpd, &mw, &mk);
	check("alloc a window in another file's PD -> ENOENT", i == -ENOENT,
	      "%d", i);
	expect("its rkey from this file's QP -> EPERM (another PD), nothing",
	       fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, V, k1, 100, -EPERM,
	       0);
	check("  ... no byte landed", all(V, PG, GUARD), NULL);

	/*
	 * The target QP destroyed after the post and its number taken by
	 * another file whose window grants remote write: the request must
	 * not reach that file's memory (the engine re-checks the target).
	 */
	r = uldma_create_qp(fd, pd1, &qp3);
	n = r ? r : engine_pause(1);
	if (!n) {
		n = uldma_post_write(fd, qp1, qp3, 7400, S, sl, V, k1, 100);
		posted += n == 0;
	}
	if (!n)
		n = uldma_destroy_qp(fd, qp3);
	if (!n)
		n = uldma_create_qp(fd2, fpd, &q4);
	engine_pause(0);
	i = take(fd, many, 1);
	polled += (unsigned long)i;
	check("target QP number reused by another file before the run -> ENOENT",
	      r == 0 && n == 0 && q4 == qp3 && i == 1 &&
	      many[0].wr_id == 7400 && many[0].status == -ENOENT &&
	      many[0].core_status == 0 && many[0].byte_len == 0,
	      "%d %d, qp %u now the other file's qp %u, %d completion(s), status %d core %d",
	      r, n, qp3, q4, i, many[0].status, many[0].core_status);
	check("  ... no byte landed in the other file's window",
	      all(V, PG, GUARD), NULL);
	uldma_destroy_qp(fd2, q4);

	/* close() with requests queued: they are dropped, never run. */
	{
		long pins0 = counter("pins_held");
		long drop0 = counter("engine_dropped");
		long run0, drop1, pins1, pinsmid;
		uint32_t cpd, cqp, csl, cl, cr;
		int fd4 = uldma_open();

		r = fd4 < 0 ? fd4 : uldma_alloc_pd(fd4, &cpd);
		if (!r)
			r = uldma_reg_mr(fd4, cpd, S, 2 * PG, 0, &csl, NULL);
		if (!r)
			r = uldma_reg_mr(fd4, cpd, C, 2 * PG,
					 ULDMA_ACC_LOCAL_WRITE |
					 ULDMA_ACC_REMOTE_WRITE, &cl, &cr);
		if (!r)
			r = uldma_create_qp(fd4, cpd, &cqp);
		pinsmid = counter("pins_held");
		n = r ? r : engine_pause(1);
		for (i = 0; n == 0 && i < 10; i++)
			n = uldma_post_write(fd4, cqp, cqp, (unsigned int)i,
					     S, csl, C + i * 100, cr, 100);
		uldma_close(fd4);
		engine_pause(0);
		WAIT_UNTIL(counter("engine_dropped") - drop0 >= 10 &&
			   counter("pins_held") == pins0, 5000);
		drop1 = counter("engine_dropped");
		pins1 = counter("pins_held");
		check("close with 10 requests queued: 10 dropped, none ran, pins back",
		      r == 0 && n == 0 && drop1 - drop0 == 10 &&
		      all(C, 2 * PG, GUARD) && pins0 >= 0 &&
		      pinsmid == pins0 + 2 && pins1 == pins0,
		      "%d %d, dropped %ld, pins %ld -> %ld -> %ld", r, n,
		      drop1 - drop0, pins0, pinsmid, pins1);

		/* close() while the engine runs: the one running finishes. */
		fd4 = uldma_open();
		run0 = counter("engine_run");
		drop0 = drop1;
		r = fd4 < 0 ? fd4 : uldma_alloc_pd(fd4, &cpd);
		if (!r)
			r = uldma_reg_mr(fd4, cpd, A, 16 * PG, 0, &csl, NULL);
		if (!r)
			r = uldma_reg_mr(fd4, cpd, B, 16 * PG,
					 ULDMA_ACC_LOCAL_WRITE |
					 ULDMA_ACC_REMOTE_WRITE, &cl, &cr);
		if (!r)
			r = uldma_create_qp(fd4, cpd, &cqp);
		for (i = 0, n = r; n == 0 && i < 32; i++)
			n = uldma_post_write(fd4, cqp, cqp, (unsigned int)i,
					     A, csl, B, cr, 65536);
		uldma_close(fd4);
		WAIT_UNTIL(counter("engine_run") - run0 +
			   counter("engine_dropped") - drop0 >= 32 &&
			   counter("pins_held") == pins0, 5000);
		drop1 = counter("engine_dropped");
		pins1 = counter("pins_held");
		check("close with 32 x 64 KB in flight: run + dropped = 32, pins back",
		      r == 0 && n == 0 &&
		      counter("engine_run") - run0 + drop1 - drop0 == 32 &&
		      pins1 == pins0,
		      "%d %d, %ld run, %ld dropped, pins %ld -> %ld", r, n,
		      counter("engine_run") - run0, drop1 - drop0, pins0,
		      pins1);
	}

	/* Exactly one completion per accepted post, over the whole test. */
	n = uldma_poll(fd, many, 200);
	check("one completion per accepted post, none left over",
	      n == 0 && posted == polled && posted > 150,
	      "%lu posted, %lu completions", posted, polled);

	/* close() with QPs live destroys them: a fresh file gets all 16. */
	uldma_close(fd2);
	uldma_close(fd);
	fd3 = uldma_open();
	r = fd3 < 0 ? fd3 : uldma_alloc_pd(fd3, &pd1);
	n = 0;
	while (r == 0 && n < 20 && uldma_create_qp(fd3, pd1, &qps[n]) == 0)
		n++;
	i = r == 0 ? uldma_create_qp(fd3, pd1, &qps[19]) : r;
	check("after close: every QP free again, then ENOSPC",
	      r == 0 && n == 16 && i == -ENOSPC, "%d, %d QPs, then %d", r, n,
	      i);
	n = 0;
	while (r == 0 && n < 20 && uldma_alloc_mw(fd3, pd1, &mw, &mk) == 0)
		n++;
	i = r == 0 ? uldma_alloc_mw(fd3, pd1, &mw, &mk) : r;
	check("  ... every window free again (one was left bound), then ENOSPC",
	      r == 0 && n == 16 && i == -ENOSPC, "%d, %d windows, then %d", r,
	      n, i);
	uldma_close(fd3);

	printf("xfer: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
