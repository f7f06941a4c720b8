// SPDX-License-Identifier: MIT
/*
 * examples/rdma_loopback.c -- bytes moved by the verified engine, from user
 * space, through lib/libuldma.h.
 *
 * Registers two buffers in one PD, creates a QP, RDMA-writes a pattern
 * from the first into the second, clears the first, RDMA-reads it back,
 * checks every byte, then times a burst of 64 KB writes, each waited
 * for, and a burst posted at once, then polled.  Prints one line
 * per step and "rdma_loopback: OK ..." (exit 0) or "rdma_loopback: FAIL ..."
 * (exit 1).  Needs uldma.ko loaded and root (/dev/uldma is 0600).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libuldma.h"

#define LEN	5000u		/* not a multiple of the 256-byte packet */
#define BIG	65536u		/* the largest work request              */
#define BURST	64

static int fail(const char *what, int err)
{
	printf("rdma_loopback: FAIL %s (%d: %s)\n", what, err,
	       err < 0 ? strerror(-err) : "");
	return 1;
}

/*
 * Post is done (queued for the module's engine thread); wait for its one
 * completion and require success.
 */
static int complete(int fd, uint64_t wr_id, uint32_t len)
{
	struct uldma_wc wc;
	int n = uldma_poll_wait(fd, &wc, 1, 5000);

	if (n != 1)
		return fail("poll", n < 0 ? n : -EPROTO);
	if (wc.wr_id != wr_id || wc.status || wc.byte_len != len) {
		printf("rdma_loopback: completion wr_id %llu status %d (%s) len %u\n",
		       (unsigned long long)wc.wr_id, wc.status,
		       strerror(-wc.status), wc.byte_len);
		return fail("completion", wc.status);
	}
	return 0;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
	uint32_t pd, qp, alkey, arkey, blkey, brkey;
	uint8_t *a, *b;
	double t0, dt;
	unsigned int i;
	int fd, err;

	fd = uldma_open();
	if (fd < 0)
		return fail("open " ULDMA_DEV_PATH, fd);
	a = aligned_alloc(4096, BIG);
	b = aligned_alloc(4096, BIG);
	if (!a || !b)
		return fail("malloc", -ENOMEM);
	memset(a, 0, BIG);
	memset(b, 0, BIG);

	err = uldma_alloc_pd(fd, &pd);
	if (!err)
		err = uldma_reg_mr(fd, pd, a, BIG, ULDMA_ACC_LOCAL_WRITE |
				   ULDMA_ACC_REMOTE_READ, &alkey, &arkey);
	if (!err)
		err = uldma_reg_mr(fd, pd, b, BIG, ULDMA_ACC_LOCAL_WRITE |
				   ULDMA_ACC_REMOTE_WRITE |
				   ULDMA_ACC_REMOTE_READ, &blkey, &brkey);
	if (!err)
		err = uldma_create_qp(fd, pd, &qp);
	if (err)
		return fail("setup", err);
	printf("rdma_loopback: pd %u, a %p lkey 0x%x, b %p rkey 0x%x, qp %u\n",
	       pd, (void *)a, alkey, (void *)b, brkey, qp);

	for (i = 0; i < LEN; i++)
		a[i] = (uint8_t)(i * 7 + 3);
	err = uldma_post_write(fd, qp, qp, 1, a, alkey, b, brkey, LEN);
	if (err)
		return fail("post write", err);
	if (complete(fd, 1, LEN))
		return 1;
	if (memcmp(a, b, LEN) || b[LEN] != 0)
		return fail("write: bytes differ", 0);
	printf("rdma_loopback: RDMA write a -> b, %u bytes, every byte landed\n",
	       LEN);

	memset(a, 0, LEN);
	err = uldma_post_read(fd, qp, qp, 2, a, alkey, b, brkey, LEN);
	if (err)
		return fail("post read", err);
	if (complete(fd, 2, LEN))
		return 1;
	for (i = 0; i < LEN; i++) {
		if (a[i] != (uint8_t)(i * 7 + 3))
			return fail("read: bytes differ", (int)i);
	}
	printf("rdma_loopback: RDMA read b -> a, %u bytes, every byte back\n",
	       LEN);

	t0 = now();
	for (i = 0; i < BURST; i++) {
		err = uldma_post_write(fd, qp, qp, 100 + i, a, alkey, b, brkey,
				       BIG);
		if (err)
			return fail("post burst", err);
		if (complete(fd, 100 + i, BIG))
			return 1;
	}
	dt = now() - t0;
	printf("rdma_loopback: %d writes of %u bytes, each waited for, in %.3f s: %.1f us each, %.1f MB/s\n",
	       BURST, BIG, dt, dt * 1e6 / BURST,
	       BURST * (double)BIG / dt / 1e6);

	/* Pipelined: all posted first (the send queue holds 64), then polled. */
	t0 = now();
	for (i = 0; i < BURST; i++) {
		err = uldma_post_write(fd, qp, qp, 200 + i, a, alkey, b, brkey,
				       BIG);
		if (err)
			return fail("post pipelined", err);
	}
	for (i = 0; i < BURST; i++) {
		if (complete(fd, 200 + i, BIG))
			return 1;
	}
	dt = now() - t0;
	printf("rdma_loopback: %d writes of %u bytes posted, then polled, in %.3f s: %.1f us each, %.1f MB/s\n",
	       BURST, BIG, dt, dt * 1e6 / BURST,
	       BURST * (double)BIG / dt / 1e6);

	err = uldma_destroy_qp(fd, qp);
	if (!err)
		err = uldma_dereg_mr(fd, alkey);
	if (!err)
		err = uldma_dereg_mr(fd, blkey);
	if (!err)
		err = uldma_dealloc_pd(fd, pd);
	if (err)
		return fail("teardown", err);
	uldma_close(fd);
	printf("rdma_loopback: OK (write, read back, 2 x %d x 64 KB)\n", BURST);
	return 0;
}
