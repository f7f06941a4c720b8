// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_cq_test.c -- polling with no system call (ABI 6): the
 * mapped completion ring of a context (kmod/uapi/uldma.h, "Polling with no
 * system call"; kmod/plat_linux_xfer_wr.c), through lib/libuldma
 * (uldma_map_cq, uldma_poll_cq).
 *
 *   - the mmap refusals (writable ring, mprotect adding write, private
 *     consumer page, bad offset) and EBUSY with more completions pending
 *     than the ring holds;
 *   - completions queued before the mapping are moved into the ring;
 *   - ordering and wrap: 300 writes of varied lengths through a 64-slot
 *     ring, every wr_id in order, every byte, and no POLL ioctl used;
 *   - overflow: 64 completions not consumed, then POST -> ENOBUFS and a
 *     WQE in the send ring waits; nothing lost once consumed;
 *   - a consumer index past the producer: ERANGE, nothing overwritten;
 *     sane again: the ring goes on;
 *   - POLL with a timeout on a mapped ring waits and takes from it.
 * Prints "cq: N/N checks passed"; exit 0 only when all held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "cq"
#include "board_check.h"

#define BUF 65536u

static uint8_t pat(unsigned int i, unsigned int seed)
{
	return (uint8_t)(i * 131u + seed * 7u + 1u);
}

/* Spin on the ring (no system call) for n completions, 5 s at most. */
static int ring_take(int fd, struct uldma_wc *wc, int n)
{
	int got = 0, c, spins = 0;

	while (got < n && spins < 500000) {
		c = uldma_poll_cq(fd, (unsigned int)(n - got), wc + got);
		if (c < 0)
			return c;
		if (c == 0) {
			spins++;
			sched_yield();
		}
		got += c;
	}
	return got;
}

static int fd, fd2;
static uint32_t pd, qp, sl, dl, dr;
static uint8_t *src, *dst;
static const struct uldma_cq_ring *ring;
static struct uldma_cq_db *db;

int main(void)
{
	struct uldma_wc wc[ULDMA_CQ_DEPTH + 8];
	uint32_t pd2, qp2, qp3, l2, r2, prod, i, len, off, bad;
	uint8_t *b2;
	long polls, done0;
	void *m;
	int r, r2x, got, k;

	fd = uldma_open();
	src = aligned_alloc(4096, BUF);
	dst = aligned_alloc(4096, BUF);
	r = fd < 0 || !src || !dst || uldma_alloc_pd(fd, &pd) ||
	    uldma_create_qp(fd, pd, &qp) ||
	    uldma_reg_mr(fd, pd, src, BUF, ULDMA_ACC_LOCAL_WRITE, &sl, NULL) ||
	    uldma_reg_mr(fd, pd, dst, BUF, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_REMOTE_WRITE, &dl, &dr);
	check("setup: a context, a PD, a QP, two registered buffers", !r,
	      "fd %d", fd);
	if (r)
		goto out;
	for (i = 0; i < BUF; i++)
		src[i] = pat(i, 1);

	/* The mmap refusals. */
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_CQ);
	r = m == MAP_FAILED ? -errno : 0;
	check("map the ring writable -> EACCES", r == -EACCES, "%d", r);
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		 (off_t)ULDMA_MMAP_CQ_DB);
	r = m == MAP_FAILED ? -errno : 0;
	check("map the consumer page private -> EINVAL", r == -EINVAL, "%d", r);
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd,
		 (off_t)(ULDMA_MMAP_CQ | 4096));
	r = m == MAP_FAILED ? -errno : 0;
	check("map inside the ring's window -> EINVAL", r == -EINVAL, "%d", r);

	/* A second context: more pending than the ring holds -> EBUSY. */
	fd2 = uldma_open();
	b2 = aligned_alloc(4096, 4096);
	r = fd2 < 0 || !b2 || uldma_alloc_pd(fd2, &pd2) ||
	    uldma_create_qp(fd2, pd2, &qp2) ||
	    uldma_create_qp(fd2, pd2, &qp3) ||
	    uldma_reg_mr(fd2, pd2, b2, 4096, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_REMOTE_WRITE, &l2, &r2) || engine_pause(1);
	for (k = 0; k < 65 && !r; k++)
		r = uldma_post_write(fd2, k < 33 ? qp2 : qp3, qp2,
				     (uint64_t)k, b2, l2,
				     b2 + 2048, r2, 16);
	r2x = r ? r : uldma_map_cq(fd2);
	engine_pause(0);
	check("map with 65 requests in flight on two QPs (ring: 64) -> EBUSY", !r &&
	      r2x == -EBUSY, "%d %d", r, r2x);
	uldma_close(fd2);

	/* Completions queued before the mapping move into the ring. */
	r = 0;
	done0 = counter("completions");
	for (k = 0; k < 3 && !r; k++)
		r = uldma_post_write(fd, qp, qp, 1000u + (uint64_t)k, src, sl,
				     dst, dr, 100);
	/* they complete on the kernel's queue */
	WAIT_UNTIL(counter("completions") >= done0 + 3, 5000);
	r2x = r ? r : uldma_map_cq(fd);
	polls = counter("polls");
	if (!r2x) {
		ring = NULL;
		m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd,
			 (off_t)ULDMA_MMAP_CQ);
		ring = m == MAP_FAILED ? NULL : m;
		m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 (off_t)ULDMA_MMAP_CQ_DB);
		db = m == MAP_FAILED ? NULL : m;
	}
	got = r2x ? 0 : ring_take(fd, wc, 3);
	check("map after 3 completions: they are in the ring, in order, taken with no POLL ioctl",
	      !r && !r2x && ring && db && got == 3 && wc[0].wr_id == 1000 &&
	      wc[1].wr_id == 1001 && wc[2].wr_id == 1002 && !wc[2].status &&
	      ring->depth == ULDMA_CQ_DEPTH && counter("polls") == polls,
	      "post %d map %d, %d taken, depth %u, polls %ld -> %ld", r, r2x,
	      got, ring ? ring->depth : 0, polls, counter("polls"));
	if (!ring || !db)
		goto out;
	r = mprotect((void *)(uintptr_t)ring, 4096, PROT_READ | PROT_WRITE);
	check("mprotect adding write to the ring fails", r != 0, "%d", r);

	/* Ordering and wrap: 300 writes through the 64-slot ring. */
	polls = counter("polls");
	bad = 0;
	prod = ring->producer;
	for (k = 0; k < 300;) {
		int batch = 300 - k < 32 ? 300 - k : 32, j;

		for (j = 0; j < batch; j++) {
			len = 1 + (uint32_t)((k + j) * 997) % 2000;
			off = (uint32_t)((k + j) % 30) * 2048;
			r = uldma_post_write(fd, qp, qp, 2000u + (uint64_t)(k + j),
					     src + off, sl, dst + off, dr, len);
			if (r)
				break;
		}
		got = ring_take(fd, wc, j);
		for (i = 0; i < (uint32_t)(got > 0 ? got : 0); i++) {
			len = 1 + (uint32_t)((k + (int)i) * 997) % 2000;
			bad += wc[i].wr_id != 2000u + (uint64_t)(k + (int)i) ||
			       wc[i].status || wc[i].byte_len != len;
		}
		if (r || got != j) {
			bad++;
			break;
		}
		k += batch;
	}
	check("300 writes through the 64-slot ring: every completion in order, full length, no POLL ioctl",
	      !bad && k == 300 && ring->producer - prod == 300 &&
	      counter("polls") == polls,
	      "%d done, %u wrong, producer +%u, polls %ld -> %ld", k, bad,
	      ring->producer - prod, polls, counter("polls"));
	bad = 0;
	for (i = 0; i < 30; i++) {
		uint32_t j, n = 1 + ((270 + i) * 997) % 2000;

		/* the last write to each offset was number 270 + i */
		for (j = 0; j < n; j++)
			bad += dst[i * 2048 + j] != pat(i * 2048 + j, 1);
	}
	check("  ... the bytes landed", !bad, "%u wrong", bad);

	/* Overflow: 64 completions not consumed. */
	r = 0;
	for (k = 0; k < ULDMA_CQ_DEPTH && !r; k++)
		r = uldma_post_write(fd, qp, qp, 3000u + (uint64_t)k, src, sl,
				     dst, dr, 64);
	for (k = 0; k < 500 && ring->producer - db->consumer < ULDMA_CQ_DEPTH;
	     k++)
		board_nap_ms(10);
	r2x = uldma_post_write(fd, qp, qp, 3999, src, sl, dst, dr, 64);
	check("64 completions not consumed: the ring is full, the next POST -> ENOBUFS",
	      !r && ring->producer - db->consumer == ULDMA_CQ_DEPTH &&
	      r2x == -ENOBUFS, "post %d, in ring %u, 65th %d", r,
	      ring->producer - db->consumer, r2x);
	r = uldma_map_qp(fd, qp) ||
	    uldma_post_write(fd, qp, qp, 4000, src, sl, dst, dr, 64);
	board_nap_ms(200);
	prod = ring->producer;
	check("  ... a WQE in the send ring waits: no completion written over an unconsumed one",
	      !r && prod - db->consumer == ULDMA_CQ_DEPTH, "%d, in ring %u", r,
	      prod - db->consumer);
	got = ring_take(fd, wc, ULDMA_CQ_DEPTH + 1);
	bad = 0;
	for (k = 0; k < got; k++)
		bad += wc[k].wr_id != (k < ULDMA_CQ_DEPTH ?
				       3000u + (uint64_t)k : 4000u) ||
		       wc[k].status;
	check("  ... consumed: all 64 and then the waiting one, in order, none lost",
	      got == ULDMA_CQ_DEPTH + 1 && !bad, "%d taken, %u wrong", got,
	      bad);

	/* A consumer index past the producer is not believed. */
	prod = ring->producer;
	__atomic_store_n(&db->consumer, prod + 5, __ATOMIC_RELEASE);
	r = uldma_post_write(fd, qp, qp, 5000, src, sl, dst, dr, 64);
	WAIT_UNTIL(ring->error == -ERANGE, 5000);
	r2x = uldma_poll_cq(fd, 1, wc);
	check("consumer index past the producer: the ring says ERANGE, the library too",
	      ring->error == -ERANGE && r2x == -ERANGE, "post %d error %d poll %d",
	      r, ring->error, r2x);
	__atomic_store_n(&db->consumer, prod, __ATOMIC_RELEASE);
	r = uldma_post_write(fd, qp, qp, 5001, src, sl, dst, dr, 64);
	got = ring_take(fd, wc, 2);
	check("  ... sane again: error 0, both completions there, in order",
	      !r && got == 2 && wc[0].wr_id == 5000 && wc[1].wr_id == 5001 &&
	      ring->error == 0, "post %d, %d taken, error %d", r, got,
	      ring->error);

	/* POLL with a timeout on a mapped ring. */
	engine_pause(1);
	r = uldma_post_write(fd, qp, qp, 6000, src, sl, dst, dr, 64);
	got = uldma_poll_cq(fd, 1, wc);
	r2x = got;
	engine_pause(0);
	got = uldma_poll_wait(fd, wc, 1, 3000);
	check("empty ring: poll 0; poll_wait sleeps in POLL and takes from the ring",
	      !r && r2x == 0 && got == 1 && wc[0].wr_id == 6000 &&
	      db->consumer == ring->producer, "post %d, %d then %d", r, r2x,
	      got);

out:
	if (fd >= 0)
		uldma_close(fd);
	printf("cq: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
