// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_ring_test.c -- posting with no system call (ABI 5):
 * the mapped send ring and status page of a QP (kmod/uapi/uldma.h,
 * "Posting with no system call"; kmod/uldma_ring.c), through
 * lib/libuldma (uldma_map_qp, uldma_post_write / _read / _ring).
 *
 *   - the mmap refusals (status page writable, private ring, another
 *     context's QP, a bad offset, mprotect adding write);
 *   - writes and reads through the ring arrive byte-exact, completions in
 *     order with their wr_id;
 *   - a full ring answers EAGAIN and the index is unchanged; every request
 *     written then completes;
 *   - forged WQEs written straight into the ring (wrong key, another PD's
 *     key, bad opcode, length 0 / max+1 / 2^32-1, reserved set, another
 *     context's unconnected QP) each complete with their error and write
 *     nothing, and the ring goes on;
 *   - a producer index jumping past the ring: status error ERANGE,
 *     nothing taken, nothing written; a sane index again: it goes on;
 *   - a slot rewritten after the kernel took it (consumer passed it)
 *     changes nothing: the request that runs is the one copied (no second
 *     read of the shared page);
 *   - the doorbell (ABI 7; the checks above run with it off, on the
 *     engine's polling alone): with the engine held it takes the WQEs
 *     written (consumer == producer when it returns) and runs none; with
 *     the engine free, a write is complete when the doorbell returns (its
 *     completion there, bytes there), for one WQE, for 16 (its budget),
 *     and with more than 16 the first 16 are and the thread runs the rest;
 *     the library's own post rings it once it is on; a doorbell on another
 *     context's QP, a garbage QP or a destroyed one answers ENOENT, on a
 *     QP with no ring EBADFD, with the reserved field set EINVAL, on a
 *     ring whose producer index is refused ERANGE (nothing taken, nothing
 *     written).  No assertion depends on timing: the doorbell takes and
 *     runs under the device mutex before it returns, whatever the thread
 *     did before;
 *   - munmap while requests are queued: they complete; mapping again shows
 *     the same ring; close with requests queued and in the ring.
 * Prints "ring: N/N checks passed"; exit 0 only when all held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "ring"
#include "board_check.h"

#define BUF 16384u

static uint8_t pat(unsigned int i, unsigned int seed)
{
	return (uint8_t)(i * 131u + seed * 7u + 1u);
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

	for (i = 0; i < n; i++)
		if (p[i] != pat((unsigned int)i, seed))
			return 0;
	return 1;
}

static int is_zero(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* Wait up to ms for the status page's consumer index to reach want. */
static int wait_consumer(const struct uldma_sq_status *st, uint32_t want,
			 unsigned int ms)
{
	return WAIT_UNTIL(__atomic_load_n(&st->consumer, __ATOMIC_ACQUIRE) ==
			  want, ms);
}

/* Write one WQE into the ring by hand (as a forger would) and ring it. */
static void raw_post(struct uldma_sq_ring *ring, const struct uldma_wqe *w)
{
	uint32_t p = ring->producer;

	ring->wqe[p % ULDMA_RING_DEPTH] = *w;
	__atomic_store_n(&ring->producer, p + 1, __ATOMIC_RELEASE);
}

static int fd, fd2;
static uint32_t pd, pd2, qp, qp2, qpo, src_l, dst_l, dst_r, oth_l, oth_r,
	o_l, o_r;
static uint8_t *src, *dst, *oth, *obuf;
static struct uldma_sq_ring *ring;
static const struct uldma_sq_status *st;

/* One forged WQE: its completion's status is want, no byte written. */
static void forged(const char *name, struct uldma_wqe w, int want,
		   const uint8_t *watch, size_t wlen)
{
	struct uldma_wc wc;
	int c;

	w.wr_id = 0xf0f0;
	raw_post(ring, &w);
	c = uldma_poll_wait(fd, &wc, 1, 3000);
	check(name, c == 1 && wc.wr_id == 0xf0f0 && wc.status == want &&
	      wc.byte_len == 0 && is_zero(watch, wlen),
	      "poll %d, status %d want %d (%s), byte_len %u, target %s", c,
	      c == 1 ? wc.status : 0, want, uldma_strerror(want),
	      c == 1 ? wc.byte_len : 0,
	      is_zero(watch, wlen) ? "untouched" : "WRITTEN");
}

/* Post n 64-byte writes of src + 64 i to dst + 64 i, no doorbell. */
static int ring_n(uint32_t n, uint64_t id0)
{
	uint32_t i;
	int r = 0;

	for (i = 0; i < n && !r; i++)
		r = uldma_post_ring(fd, qp, &(struct uldma_wqe){
			.wr_id = id0 + i, .dest_qp = qp,
			.opcode = ULDMA_WR_RDMA_WRITE,
			.local_addr = (uintptr_t)(src + 64 * i), .lkey = src_l,
			.remote_addr = (uintptr_t)(dst + 64 * i), .rkey = dst_r,
			.length = 64 });
	return r;
}

/* Take completions (no wait): how many, all in order from id0, status 0. */
static int take_now(uint64_t id0, int *ok)
{
	struct uldma_wc wc[64];
	int c, i, got = 0;

	while ((c = uldma_poll(fd, wc, 64)) > 0) {
		for (i = 0; i < c; i++)
			*ok = *ok && wc[i].status == 0 && wc[i].byte_len == 64 &&
			      wc[i].wr_id == id0 + (uint64_t)got + (uint64_t)i;
		got += c;
	}
	return c < 0 ? c : got;
}

/* Wait for n completions in order from id0 (3 s at most each). */
static int take_wait(uint32_t n, uint64_t id0, int *ok)
{
	struct uldma_wc wc[64];
	int c, i, got = 0;

	while (got < (int)n) {
		c = uldma_poll_wait(fd, wc, 64, 3000);
		if (c <= 0)
			break;
		for (i = 0; i < c; i++)
			*ok = *ok && wc[i].status == 0 && wc[i].byte_len == 64 &&
			      wc[i].wr_id == id0 + (uint64_t)got + (uint64_t)i;
		got += c;
	}
	return got;
}

/* The doorbell (ABI 7). */
static void doorbell_checks(const struct uldma_query *q)
{
	struct uldma_doorbell d = { .qp = qp, .reserved = 1 };
	uint32_t prod0, cons0, qpd;
	int r, c, ok, ok2;

	check("ABI 7: the module has the doorbell", q->abi_version >= 7,
	      "abi %u", q->abi_version);

	/* Held: everything taken at once, nothing run. */
	memset(dst, 0, BUF);
	engine_pause(1);
	cons0 = st->consumer;
	r = ring_n(3, 500);
	prod0 = ring->producer;
	c = r ? r : uldma_ring_doorbell(fd, qp);
	ok = 1;
	check("doorbell, engine held: all 3 WQEs taken when it returns, none run",
	      r == 0 && c == 0 && prod0 == cons0 + 3 &&
	      __atomic_load_n(&st->consumer, __ATOMIC_ACQUIRE) == prod0 &&
	      take_now(500, &ok) == 0 && is_zero(dst, BUF),
	      "post %d doorbell %d, consumer %u of %u", r, c, st->consumer,
	      prod0);
	engine_pause(0);
	ok = 1;
	c = take_wait(3, 500, &ok);
	check("then released: the 3 complete in order, bytes there",
	      ok && c == 3 && !memcmp(dst, src, 192), "%d", c);

	/* Free: one write complete when the doorbell returns. */
	memset(dst, 0, BUF);
	r = ring_n(1, 510);
	c = r ? r : uldma_ring_doorbell(fd, qp);
	ok = 1;
	check("doorbell: the write is complete when it returns",
	      r == 0 && c == 0 && take_now(510, &ok) == 1 && ok &&
	      !memcmp(dst, src, 64) && is_zero(dst + 64, BUF - 64),
	      "post %d doorbell %d", r, c);

	/* 16 WQEs, one doorbell: all 16 complete when it returns. */
	memset(dst, 0, BUF);
	r = ring_n(16, 520);
	c = r ? r : uldma_ring_doorbell(fd, qp);
	ok = 1;
	check("16 WQEs, one doorbell: all 16 complete when it returns",
	      r == 0 && c == 0 && take_now(520, &ok) == 16 && ok &&
	      !memcmp(dst, src, 16 * 64), "post %d doorbell %d", r, c);

	/* 40: the first 16 (at least) when it returns, the thread the rest. */
	memset(dst, 0, BUF);
	r = ring_n(40, 600);
	c = r ? r : uldma_ring_doorbell(fd, qp);
	ok = ok2 = 1;
	cons0 = (uint32_t)take_now(600, &ok);
	check("40 WQEs, one doorbell: all taken, >= 16 complete when it returns, the rest later",
	      r == 0 && c == 0 && cons0 >= 16 && cons0 <= 40 && ok &&
	      take_wait(40 - cons0, 600 + cons0, &ok2) == (int)(40 - cons0) &&
	      ok2 && !memcmp(dst, src, 40 * 64),
	      "post %d doorbell %d, %u at once", r, c, cons0);

	/* The library rings it after its own posts once it is on. */
	memset(dst, 0, BUF);
	r = uldma_qp_doorbell(fd, qp, 1);
	c = r ? r : uldma_post_write(fd, qp, qp, 700, src, src_l, dst, dst_r,
				     3000);
	{
		struct uldma_wc wc;
		int n = uldma_poll(fd, &wc, 1);

		check("uldma_post_write with the doorbell on: complete when it returns",
		      r == 0 && c == 0 && n == 1 && wc.wr_id == 700 &&
		      wc.status == 0 && wc.byte_len == 3000 &&
		      !memcmp(dst, src, 3000) && is_zero(dst + 3000, BUF - 3000),
		      "on %d post %d poll %d", r, c, n);
	}

	/* Refusals: each a defined error, nothing taken. */
	r = uldma_ring_doorbell(fd, qpo);
	check("doorbell on another context's QP: ENOENT", r == -ENOENT, "%d",
	      r);
	r = uldma_ring_doorbell(fd, 0xdeadbeefu);
	check("doorbell on QP 0xdeadbeef: ENOENT", r == -ENOENT, "%d", r);
	r = uldma_ring_doorbell(fd, qp2);
	check("doorbell on a QP whose ring was never mapped: EBADFD",
	      r == -EBADFD, "%d", r);
	r = uldma_ring_doorbell(fd2, qpo);
	check("doorbell on the other context's own unmapped QP: EBADFD",
	      r == -EBADFD, "%d", r);
	r = ioctl(fd, ULDMA_IOC_DOORBELL, &d) ? -errno : 0;
	check("doorbell with the reserved field set: EINVAL", r == -EINVAL,
	      "%d", r);
	r = uldma_create_qp(fd, pd, &qpd);
	if (!r)
		r = uldma_map_qp(fd, qpd);
	if (!r)
		r = uldma_destroy_qp(fd, qpd);
	c = r ? r : uldma_ring_doorbell(fd, qpd);
	check("doorbell on a destroyed QP (ring mapped before): ENOENT",
	      r == 0 && c == -ENOENT, "%d %d", r, c);
	memset(dst, 0, BUF);
	cons0 = st->consumer;
	prod0 = ring->producer;
	__atomic_store_n(&ring->producer, prod0 + 1000, __ATOMIC_RELEASE);
	r = uldma_ring_doorbell(fd, qp);
	ok = 1;
	check("doorbell with the producer index 1000 ahead: ERANGE, nothing taken or written",
	      r == -ERANGE && st->error == -ERANGE && st->consumer == cons0 &&
	      take_now(0, &ok) == 0 && is_zero(dst, BUF), "%d error %d",
	      r, st->error);
	__atomic_store_n(&ring->producer, prod0, __ATOMIC_RELEASE);
	r = ring_n(1, 800);
	c = r ? r : uldma_ring_doorbell(fd, qp);
	ok = 1;
	check("index back: the doorbell works again, error 0",
	      r == 0 && c == 0 && st->error == 0 && take_now(800, &ok) == 1 &&
	      ok && !memcmp(dst, src, 64), "%d %d", r, c);
	uldma_qp_doorbell(fd, qp, 0);
}

int main(int argc, char **argv)
{
	struct uldma_wqe w;
	struct uldma_wc wc[128];
	struct uldma_query q;
	uint32_t i, n, prod0, cons0;
	void *m;
	int r, c, ok, got;

	(void)argc;
	(void)argv;
	src = aligned_alloc(4096, BUF);
	dst = aligned_alloc(4096, BUF);
	oth = aligned_alloc(4096, BUF);
	obuf = aligned_alloc(4096, BUF);
	memset(dst, 0, BUF);
	memset(oth, 0, BUF);
	memset(obuf, 0, BUF);
	fill(src, BUF, 1);
	fd = uldma_open();
	fd2 = uldma_open();
	r = fd < 0 ? fd : fd2 < 0 ? fd2 : uldma_query(fd, &q);
	if (!r)
		r = uldma_alloc_pd(fd, &pd);
	if (!r)
		r = uldma_alloc_pd(fd, &pd2);
	if (!r)
		r = uldma_reg_mr(fd, pd, src, BUF, 0, &src_l, NULL);
	if (!r)
		r = uldma_reg_mr(fd, pd, dst, BUF, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE | ULDMA_ACC_REMOTE_READ,
				 &dst_l, &dst_r);
	if (!r)		/* the same file's second PD */
		r = uldma_reg_mr(fd, pd2, oth, BUF, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE, &oth_l, &oth_r);
	if (!r)
		r = uldma_create_qp(fd, pd, &qp);
	if (!r)
		r = uldma_create_qp(fd, pd2, &qp2);
	if (!r) {	/* another context, its QP not connected */
		uint32_t opd;

		r = uldma_alloc_pd(fd2, &opd);
		if (!r)
			r = uldma_reg_mr(fd2, opd, obuf, BUF,
					 ULDMA_ACC_LOCAL_WRITE |
					 ULDMA_ACC_REMOTE_WRITE, &o_l, &o_r);
		if (!r)
			r = uldma_create_qp(fd2, opd, &qpo);
	}
	check("setup (two contexts, PDs, regions, QPs)", r == 0 &&
	      q.abi_version >= 5, "%d, abi %u", r, q.abi_version);
	if (r)
		goto out;

	/* The mmap refusals. */
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ_STATUS(qp));
	check("status page mapped writable: EACCES", m == MAP_FAILED &&
	      errno == EACCES, "%s", m == MAP_FAILED ? strerror(errno) : "mapped");
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		 (off_t)ULDMA_MMAP_SQ(qp));
	check("private ring mapping: EINVAL", m == MAP_FAILED &&
	      errno == EINVAL, "%s", m == MAP_FAILED ? strerror(errno) : "mapped");
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ(qpo));
	check("another context's QP ring: ENOENT", m == MAP_FAILED &&
	      errno == ENOENT, "%s", m == MAP_FAILED ? strerror(errno) : "mapped");
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)(ULDMA_MMAP_SQ(qp) + 0x8000));
	check("offset inside a QP's window: EINVAL", m == MAP_FAILED &&
	      errno == EINVAL, "%s", m == MAP_FAILED ? strerror(errno) : "mapped");
	m = mmap(NULL, 2 * 65536, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ(qp));
	check("two pages long: EINVAL", m == MAP_FAILED && errno == EINVAL,
	      "%s", m == MAP_FAILED ? strerror(errno) : "mapped");

	r = uldma_map_qp(fd, qp);
	check("map the QP's ring and status page", r == 0 &&
	      uldma_qp_mapped(fd, qp), "%d", r);
	if (r)
		goto out;
	/* The ring on the engine's polling alone, until the doorbell part. */
	r = uldma_qp_doorbell(fd, qp, 0);
	check("doorbell off for the polling checks", r == 0, "%d", r);
	/* The library's own mapping, read back as a forger would use it. */
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ(qp));
	ring = m == MAP_FAILED ? NULL : m;
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ_STATUS(qp));
	st = m == MAP_FAILED ? NULL : m;
	check("a second mapping of both", ring && st, NULL);
	if (!ring || !st)
		goto out;
	check("status page: depth, wqe_size, consumer 0, error 0",
	      st->depth == ULDMA_RING_DEPTH && st->wqe_size == 48 &&
	      st->consumer == 0 && st->error == 0, "%u %u %u %d", st->depth,
	      st->wqe_size, st->consumer, st->error);
	r = mprotect((void *)(uintptr_t)st, ULDMA_MMAP_LEN,
		     PROT_READ | PROT_WRITE);
	check("mprotect cannot make the status page writable", r != 0,
	      "%s", r ? strerror(errno) : "writable");

	/* Writes and reads through the ring, byte-exact, in order. */
	ok = 1;
	for (i = 0; i < 24; i++) {
		uint32_t len = 1u + (i * 977u) % (BUF - 64u), off = (i * 13u) % 64u;

		memset(dst, 0, BUF);
		r = uldma_post_write(fd, qp, qp, 100 + i, src + off, src_l,
				     dst + off, dst_r, len);
		c = uldma_poll_wait(fd, wc, 1, 3000);
		if (r || c != 1 || wc[0].status || wc[0].wr_id != 100 + i ||
		    wc[0].byte_len != len || memcmp(dst + off, src + off, len) ||
		    !is_zero(dst, off) || !is_zero(dst + off + len,
						   BUF - off - len)) {
			ok = 0;
			printf("ring: write %u len %u: post %d poll %d status %d\n",
			       i, len, r, c, c == 1 ? wc[0].status : 0);
		}
	}
	check("24 RDMA writes through the ring, byte-exact", ok,
	      "consumer %u", st->consumer);
	memset(src, 0, BUF);
	fill(dst, BUF, 2);
	r = uldma_reg_mr(fd, pd, src, BUF, ULDMA_ACC_LOCAL_WRITE, &n, NULL);
	ok = r == 0;
	for (i = 0; ok && i < 8; i++) {
		r = uldma_post_read(fd, qp, qp, 200 + i, src + i * 1024, n,
				    dst + i * 1024, dst_r, 1024);
		ok = r == 0;
	}
	got = 0;
	while (ok && got < 8) {
		c = uldma_poll_wait(fd, wc, 8, 3000);
		if (c <= 0)
			break;
		for (i = 0; i < (uint32_t)c; i++)
			ok = ok && wc[i].status == 0 &&
			     wc[i].wr_id == 200u + (uint32_t)got + i;
		got += c;
	}
	check("8 RDMA reads through the ring, in order, byte-exact",
	      ok && got == 8 && !memcmp(src, dst, 8192) &&
	      is_zero(src + 8192, BUF - 8192), "got %d", got);
	uldma_dereg_mr(fd, n);
	fill(src, BUF, 1);

	/* A full ring: EAGAIN, index unchanged, then everything completes. */
	memset(dst, 0, BUF);
	r = engine_pause(1);
	n = 0;
	/* until ring and send queue are full: the kernel takes what fits */
	for (i = 0; i < 5000 && r == 0 &&
		    n < ULDMA_RING_DEPTH + q.sq_depth; i++) {
		while ((r = uldma_post_write(fd, qp, qp, 1000 + n, src, src_l,
					     dst, dst_r, 64)) == 0)
			n++;
		if (r == -EAGAIN) {
			r = 0;
			board_nap_ms(1);
		}
	}
	prod0 = ring->producer;
	r = uldma_post_write(fd, qp, qp, 9999, src, src_l, dst, dst_r, 64);
	check("full ring (send queue full too): EAGAIN, index unchanged",
	      r == -EAGAIN && ring->producer == prod0 &&
	      n == ULDMA_RING_DEPTH + q.sq_depth, "%d, %u posted", r, n);
	engine_pause(0);
	got = 0;
	ok = 1;
	while (got < (int)n) {
		c = uldma_poll_wait(fd, wc, 128, 3000);
		if (c <= 0)
			break;
		for (i = 0; i < (uint32_t)c; i++)
			ok = ok && wc[i].status == 0 &&
			     wc[i].wr_id == 1000u + (uint32_t)got + i;
		got += c;
	}
	check("then all of them complete, in order", ok && got == (int)n &&
	      is_pat(dst, 64, 1), "%d of %u", got, n);

	/* Forged WQEs straight into the ring. */
	memset(dst, 0, BUF);
	w = (struct uldma_wqe){ .dest_qp = qp, .opcode = ULDMA_WR_RDMA_WRITE,
				.local_addr = (uintptr_t)src, .lkey = src_l,
				.remote_addr = (uintptr_t)dst,
				.rkey = dst_r ^ 0x5a00u, .length = 256 };
	forged("forged R_Key: ENOKEY, nothing written", w, -ENOKEY, dst, BUF);
	w.rkey = oth_r;
	w.remote_addr = (uintptr_t)oth;
	forged("another PD's R_Key: EPERM, nothing written", w, -EPERM, oth,
	       BUF);
	w.rkey = dst_r;
	w.remote_addr = (uintptr_t)dst;
	w.opcode = 7;
	forged("bad opcode 7: EINVAL, nothing written", w, -EINVAL, dst, BUF);
	w.opcode = ULDMA_WR_RDMA_WRITE;
	w.length = q.max_wr_len + 1;
	forged("length max_wr_len + 1: EINVAL, nothing written", w, -EINVAL,
	       dst, BUF);
	w.length = 0xffffffffu;
	forged("length 2^32 - 1: EINVAL, nothing written", w, -EINVAL, dst,
	       BUF);
	w.length = 0;
	forged("length 0: EINVAL, nothing written", w, -EINVAL, dst, BUF);
	w.length = 256;
	w.reserved = 1;
	forged("reserved field set: EINVAL, nothing written", w, -EINVAL,
	       dst, BUF);
	w.reserved = 0;
	w.dest_qp = qpo;
	w.remote_addr = (uintptr_t)obuf;
	w.rkey = o_r;
	forged("another context's unconnected QP: ENOENT, nothing written",
	       w, -ENOENT, obuf, BUF);
	w.dest_qp = 0xdeadbeefu;
	forged("dest_qp garbage: ENOENT, nothing written", w, -ENOENT, dst,
	       BUF);
	w.dest_qp = qp2;	/* this file's QP of the other PD */
	w.remote_addr = (uintptr_t)dst;
	w.rkey = dst_r;
	forged("dest_qp in another PD with this PD's R_Key: EPERM", w,
	       -EPERM, dst, BUF);
	r = uldma_post_write(fd, qp, qp, 77, src, src_l, dst, dst_r, 512);
	c = uldma_poll_wait(fd, wc, 1, 3000);
	check("after the forgeries the ring goes on", r == 0 && c == 1 &&
	      wc[0].status == 0 && wc[0].wr_id == 77 && is_pat(dst, 512, 1) &&
	      is_zero(dst + 512, BUF - 512), "%d %d", r, c);

	/* A producer index past the ring. */
	memset(dst, 0, BUF);
	cons0 = st->consumer;
	prod0 = ring->producer;
	__atomic_store_n(&ring->producer, prod0 + 1000, __ATOMIC_RELEASE);
	WAIT_UNTIL(st->error == -ERANGE, 5000);
	c = uldma_poll_wait(fd, wc, 128, 200);
	check("producer index 1000 ahead: ERANGE, nothing taken or written",
	      st->error == -ERANGE && st->consumer == cons0 && c == 0 &&
	      is_zero(dst, BUF), "error %d consumer %u -> %u, %d completions",
	      st->error, cons0, st->consumer, c);
	r = uldma_post_write(fd, qp, qp, 78, src, src_l, dst, dst_r, 64);
	check("the library answers ERANGE then", r == -ERANGE, "%d", r);
	__atomic_store_n(&ring->producer, prod0 - 5, __ATOMIC_RELEASE);
	WAIT_UNTIL(st->error == -ERANGE, 5000);
	c = uldma_poll_wait(fd, wc, 128, 100);
	check("producer index behind the consumer: ERANGE, nothing taken",
	      st->error == -ERANGE && st->consumer == cons0 && c == 0 &&
	      is_zero(dst, BUF), "error %d, %d completions", st->error, c);
	__atomic_store_n(&ring->producer, prod0, __ATOMIC_RELEASE);
	r = uldma_post_write(fd, qp, qp, 79, src, src_l, dst, dst_r, 64);
	c = uldma_poll_wait(fd, wc, 1, 3000);
	check("index back in range: error 0, the ring goes on", r == 0 &&
	      c == 1 && wc[0].status == 0 && wc[0].wr_id == 79 &&
	      st->error == 0 && is_pat(dst, 64, 1), "%d %d error %d", r, c,
	      st->error);

	/* A slot rewritten after the kernel took it changes nothing. */
	memset(dst, 0, BUF);
	memset(oth, 0, BUF);
	fill(src + 4096, 4096, 9);
	engine_pause(1);
	cons0 = st->consumer;
	prod0 = ring->producer;
	r = uldma_post_write(fd, qp, qp, 80, src, src_l, dst, dst_r, 100);
	ok = wait_consumer(st, cons0 + 1, 1000);
	w = (struct uldma_wqe){ .wr_id = 81, .dest_qp = qp2,
				.opcode = ULDMA_WR_RDMA_WRITE,
				.local_addr = (uintptr_t)(src + 4096),
				.lkey = src_l, .remote_addr = (uintptr_t)oth,
				.rkey = oth_r, .length = 3000 };
	ring->wqe[prod0 % ULDMA_RING_DEPTH] = w;	/* the taken slot */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	engine_pause(0);
	c = uldma_poll_wait(fd, wc, 1, 3000);
	check("slot rewritten after the kernel took it: the copy runs",
	      r == 0 && ok && c == 1 && wc[0].wr_id == 80 &&
	      wc[0].status == 0 && wc[0].byte_len == 100 &&
	      is_pat(dst, 100, 1) && is_zero(dst + 100, BUF - 100) &&
	      is_zero(oth, BUF), "%d taken %d, poll %d wr_id %llu len %u",
	      r, ok, c, c == 1 ? (unsigned long long)wc[0].wr_id : 0ULL,
	      c == 1 ? wc[0].byte_len : 0);

	doorbell_checks(&q);

	/* munmap with requests queued; map again; close with some left. */
	memset(dst, 0, BUF);
	engine_pause(1);
	cons0 = st->consumer;
	for (i = 0; i < 8; i++)
		uldma_post_write(fd, qp, qp, 300 + i, src + i * 512, src_l,
				 dst + i * 512, dst_r, 512);
	ok = wait_consumer(st, cons0 + 8, 1000);
	munmap(ring, ULDMA_MMAP_LEN);
	munmap((void *)(uintptr_t)st, ULDMA_MMAP_LEN);
	r = uldma_unmap_qp(fd, qp);
	engine_pause(0);
	got = 0;
	while (got < 8) {
		c = uldma_poll_wait(fd, wc + got, 8, 3000);
		if (c <= 0)
			break;
		got += c;
	}
	check("munmap with 8 requests queued: all complete, bytes there",
	      ok && r == 0 && got == 8 && wc[7].wr_id == 307 &&
	      !memcmp(dst, src, 4096), "taken %d unmap %d got %d", ok, r,
	      got);
	r = uldma_map_qp(fd, qp);
	m = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SQ_STATUS(qp));
	check("mapped again: the same ring (consumer index kept)",
	      r == 0 && m != MAP_FAILED &&
	      ((const struct uldma_sq_status *)m)->consumer == cons0 + 8,
	      "%d", r);
	engine_pause(1);
	for (i = 0; i < 100; i++)
		uldma_post_write(fd, qp, qp, 400 + i, src, src_l, dst, dst_r,
				 64);
	board_nap_ms(30);
	r = uldma_close(fd);	/* some queued, the rest still in the ring */
	fd = uldma_open();
	c = fd < 0 ? fd : uldma_query(fd, &q);
	engine_pause(0);
	check("close with requests queued and in the ring: 0, and the device opens and answers again",
	      r == 0 && fd >= 0 && c == 0, "close %d, open %d, query %d", r,
	      fd, c);
out:
	if (fd >= 0)
		uldma_close(fd);
	if (fd2 >= 0)
		uldma_close(fd2);
	printf("ring: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
