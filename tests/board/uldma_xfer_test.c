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
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "libuldma.h"

#define PG	4096u
#define GUARD	0xeeu

static unsigned int total, passed;
static unsigned long posted, polled;	/* accepted posts, completions taken */

static void check(const char *name, int ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	total++;
	passed += ok ? 1u : 0u;
	printf("xfer: %s %s", ok ? "ok  " : "FAIL", name);
	if (fmt) {
		printf(" (");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf(")");
	}
	printf("\n");
	fflush(stdout);
}

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

/*
 * Post one work request; when accepted, take its completion: exactly one
 * must be there (a second poll finds none).  Returns the post's result;
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
	int err = uldma_post(fd, &p), n;

	memset(wc, 0, sizeof(*wc));
	wc->status = 1;
	*ncomp = 0;
	if (err == 0)
		posted++;
	n = uldma_poll(fd, more, 4);
	if (n > 0) {
		*wc = more[0];
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

int main(void)
{
	uint32_t pd1, pd2, pd3, qp1, qp1b, qp2, qp3, q2, fpd;
	uint32_t sl, sr, dl, dr, rl, xl, xr, yl, yr, zl, zr, al, bl, br;
	uint8_t *S, *D, *R, *X, *Y, *Z, *A, *B;
	struct uldma_wc wc, many[200];
	struct uldma_query q;
	unsigned char q1[32];
	uint32_t abi1;
	int fd, fd2, fd3, r, n, i, ok;
	uint32_t qps[20];

	fd = uldma_open();
	if (fd < 0) {
		printf("xfer: FAIL open: %s\nxfer: 0/1 checks passed\n",
		       strerror(-fd));
		return 1;
	}

	/* QUERY: ABI 2's new limits; an ABI-1 sized QUERY still answered. */
	r = uldma_query(fd, &q);
	check("query: abi 2, QPs, work request and queue limits",
	      r == 0 && q.abi_version == 2 && q.max_qp == 16 &&
	      q.max_wr_len == 65536 && q.cq_depth == 128 && q.reserved == 0,
	      "%d, abi %u qp %u wr %u cq %u", r, q.abi_version, q.max_qp,
	      q.max_wr_len, q.cq_depth);
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
	expect("write running off the end -> EFAULT after 2 whole packets",
	       fd, qp1, qp1, ULDMA_WR_RDMA_WRITE, S, sl, D + 3 * PG - 600, dr,
	       1000, -EFAULT, 512);
	check("  ... 512 bytes landed, the last 88 did not",
	      is_pat(D + 3 * PG - 600, 512, 1) &&
	      all(D + 3 * PG - 88, 88, GUARD) &&
	      all(D + 6300, 3 * PG - 600 - 6300, GUARD), NULL);
	memset(D + 3 * PG - 600, GUARD, 600);
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
	expect("RDMA write 65536 B (256 packets, 16 pages)", fd, qp1, qp1,
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

	/* The completion queue: full -> ENOBUFS; taken in order. */
	for (i = 0, r = 0; i < 128 && r == 0; i++) {
		struct uldma_post p = { .wr_id = 5000 + (unsigned int)i,
					.qp = qp1, .dest_qp = qp1,
					.opcode = ULDMA_WR_RDMA_WRITE,
					.local_addr = (uintptr_t)S, .lkey = sl,
					.remote_addr = (uintptr_t)D + 8000,
					.rkey = dr, .length = 1 };
		r = uldma_post(fd, &p);
		posted += r == 0;
	}
	n = uldma_post_write(fd, qp1, qp1, 9999, S, sl, D + 8000, dr, 1);
	check("128 posts unpolled accepted, the 129th -> ENOBUFS",
	      i == 128 && r == 0 && n == -ENOBUFS, "%d posts, %d, %d", i, r, n);
	n = uldma_poll(fd, (struct uldma_wc *)8, 4);
	check("poll into a bad pointer -> EFAULT", n == -EFAULT, "%d", n);
	n = uldma_poll(fd, many, 200);
	polled += n > 0 ? (unsigned long)n : 0;
	for (i = 0, ok = n == 128; ok && i < 128; i++)
		ok = many[i].wr_id == 5000u + (unsigned int)i &&
		     many[i].status == 0 && many[i].byte_len == 1;
	check("  ... none lost: 128 completions in order, then empty",
	      ok && uldma_poll(fd, many, 200) == 0, "%d", n);
	{
		unsigned char big[2][40];
		uint64_t id77 = 77;	/* wr_id: the entry's first field */
		struct uldma_poll p = { .wc = (uintptr_t)big, .wc_size = 40,
					.max_wc = 2 };

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
	uldma_close(fd3);

	printf("xfer: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
