// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_bench.c -- issue 22's figure engine_copy_vs_memcpy_64k,
 * measured in the booted guest (make bench, tests/bench/guest.mk).
 *
 * In one run, rounds interleaved (memcpy, engine, memcpy, engine, ...):
 *   memcpy   N copies of 64 KB between two page-aligned buffers
 *   engine   N RDMA writes of 64 KB between the same two buffers,
 *            registered, posted with up to 32 in flight and polled: what
 *            a user program gets from the soft engine (ioctl, queue, the
 *            kernel thread, ud_wr_run's per-packet checks, completion)
 * and, from the module's counters (debugfs engine_run_ns), the time the
 * engine spent inside ud_wr_run for those writes.  Median of the rounds.
 * The destination is checked byte for byte after the engine's rounds.
 * Then issue 22's dma_start_user_vs_ioctl: the user-space time to START
 * one transfer (a 64-byte RDMA write) two ways, batches interleaved in one
 * run (ring, ioctl, ring, ioctl, ...):
 *   ring     uldma_post_ring on a QP whose send ring is mapped (ABI 5):
 *            write the 48-byte slot, store the producer index; no system
 *            call
 *   ioctl    uldma_post (the POST ioctl) on a second, unmapped QP
 * each batch is DB_BATCH posts timed together (clock_gettime around the
 * batch only); the completions are then waited for and checked, untimed.
 * Median per-post time of the batches.
 * Then the poll path (ABI 6): the user-space time to TAKE one completion
 * two ways, batches interleaved: a batch of DB_BATCH 64-byte writes posted
 * on each of two contexts and run to completion (debugfs engine_run, all
 * untimed), then taken one at a time, timed:
 *   ring     uldma_poll_cq on a context whose completion ring is mapped:
 *            loads of the producer index and the slot, one store of the
 *            consumer index; no system call
 *   ioctl    uldma_poll_cq on a context without the mapping: POLL
 * Median per-completion time of the batches.
 * Then issue 22's fault_path_vs_bare_pagein (ABI 7, the VA fault path):
 * rounds interleaved (touched, untouched, bare, ...), each timed from the
 * post to the completion (or around the loop):
 *   touched    a VA write of 64 KB between a touched source and a
 *              destination every page of which was written first
 *   untouched  the same into a destination never touched (a fresh
 *              anonymous mapping): every page faults in the engine, the
 *              handler pages it in (Touch-Ahead, the module's default),
 *              the R5 retransmits
 *   bare       the same 16 pages of a fresh mapping touched (one write
 *              a page) from user space
 * Z = (median untouched - median touched) / median bare; the same with
 * Touch-A-Page (debugfs va_ahead = N) printed beside it.  Every destination
 * is checked byte for byte.
 * Prints "bench: ..." lines and the headline lines
 *   engine_copy_vs_memcpy_64k: Y          (user-visible / memcpy)
 *   engine_copy_vs_memcpy_64k_inside: Y'  (inside ud_wr_run / memcpy)
 *   dma_start_user_vs_ioctl: X            (ioctl post / ring post)
 *   poll_ring_vs_ioctl: P                 (POLL ioctl / ring poll)
 *   fault_path_vs_bare_pagein: Z          (extra time into untouched pages
 *                                          / user-space touch of them,
 *                                          Touch-Ahead: the default)
 *   fault_path_vs_bare_pagein_touch_a_page: Z'  (the same, Touch-A-Page)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "libuldma.h"

#define LEN	65536u
#define DEPTH	32u
#define DB_BATCH	32u
#define DB_ROUNDS	301u

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static long long counter(const char *name)
{
	char line[128];
	size_t n = strlen(name);
	long long v = -1;
	FILE *f = fopen("/sys/kernel/debug/uldma/stats", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, name, n) && line[n] == ' ')
			v = atoll(line + n + 1);
	}
	if (f)
		fclose(f);
	return v;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Wait for n completions, each status 0; 0 when so. */
static int drain(int fd, unsigned int n)
{
	struct uldma_wc wc[64];
	unsigned int got = 0;
	int c, i;

	while (got < n) {
		c = uldma_poll_wait(fd, wc, 64, 5000);
		if (c <= 0)
			return -1;
		for (i = 0; i < c; i++)
			if (wc[i].status || wc[i].byte_len != 64)
				return -1;
		got += (unsigned int)c;
	}
	return 0;
}

/*
 * dma_start_user_vs_ioctl: per-post seconds of DB_ROUNDS batches each way,
 * interleaved; a and b registered (al; br) in fd's PD, qr mapped, qi not.
 */
static int start_bench(int fd, uint32_t qr, uint32_t qi, uint8_t *a,
		       uint32_t al, uint8_t *b, uint32_t br)
{
	static double tr[DB_ROUNDS], ti[DB_ROUNDS];
	struct uldma_wqe w = { .dest_qp = qr, .opcode = ULDMA_WR_RDMA_WRITE,
			       .local_addr = (uintptr_t)a, .lkey = al,
			       .remote_addr = (uintptr_t)b, .rkey = br,
			       .length = 64 };
	struct uldma_post p = { .qp = qi, .dest_qp = qi,
				.opcode = ULDMA_WR_RDMA_WRITE,
				.local_addr = (uintptr_t)a, .lkey = al,
				.remote_addr = (uintptr_t)b, .rkey = br,
				.length = 64 };
	unsigned int r, i;
	int err = 0;
	double t0;

	for (r = 0; r < DB_ROUNDS; r++) {
		t0 = now();
		for (i = 0; i < DB_BATCH && !err; i++) {
			w.wr_id = i;
			err = uldma_post_ring(fd, qr, &w);
		}
		tr[r] = (now() - t0) / DB_BATCH;
		if (err || drain(fd, DB_BATCH)) {
			printf("bench: FAIL ring post (%d)\n", err);
			return 1;
		}
		t0 = now();
		for (i = 0; i < DB_BATCH && !err; i++) {
			p.wr_id = i;
			err = uldma_post(fd, &p);
		}
		ti[r] = (now() - t0) / DB_BATCH;
		if (err || drain(fd, DB_BATCH)) {
			printf("bench: FAIL ioctl post (%d)\n", err);
			return 1;
		}
	}
	if (memcmp(a, b, 64)) {
		printf("bench: FAIL the posted writes' bytes differ\n");
		return 1;
	}
	qsort(tr, DB_ROUNDS, sizeof(double), cmp_d);
	qsort(ti, DB_ROUNDS, sizeof(double), cmp_d);
	printf("bench: start one 64-byte RDMA write, %u batches of %u each way, interleaved, medians per post: ring (mapped, no system call) %.0f ns [p10 %.0f, p90 %.0f], POST ioctl %.0f ns [p10 %.0f, p90 %.0f]\n",
	       DB_ROUNDS, DB_BATCH, tr[DB_ROUNDS / 2] * 1e9,
	       tr[DB_ROUNDS / 10] * 1e9, tr[DB_ROUNDS * 9 / 10] * 1e9,
	       ti[DB_ROUNDS / 2] * 1e9, ti[DB_ROUNDS / 10] * 1e9,
	       ti[DB_ROUNDS * 9 / 10] * 1e9);
	printf("dma_start_user_vs_ioctl: %.1f\n",
	       ti[DB_ROUNDS / 2] / tr[DB_ROUNDS / 2]);
	return 0;
}

/* Wait until the engine has run n more requests than at run0. */
static int run_to(long long run0, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < 5000; i++) {
		if (counter("engine_run") >= run0 + (long long)n)
			return 0;
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	return -1;
}

/*
 * poll_ring_vs_ioctl: per-completion seconds of taking DB_BATCH
 * completions one at a time from fdr's mapped ring and through fdi's POLL
 * ioctl, DB_ROUNDS batches each, interleaved.  Each context has qp (its
 * own), a (lkey), b (rkey) registered.
 */
struct poll_ctx {
	int fd;
	uint32_t qp, al, br;
};

static int poll_bench(const struct poll_ctx *cr, const struct poll_ctx *ci,
		      uint8_t *a, uint8_t *b)
{
	static double tr[DB_ROUNDS], ti[DB_ROUNDS];
	const struct poll_ctx *cx[2] = { cr, ci };
	double *tt[2] = { tr, ti };
	struct uldma_wc wc;
	unsigned int r, i, k;
	long long run0;
	int err = 0, c;
	double t0;

	for (r = 0; r < DB_ROUNDS; r++) {
		run0 = counter("engine_run");
		for (k = 0; k < 2; k++)
			for (i = 0; i < DB_BATCH && !err; i++)
				err = uldma_post_write(cx[k]->fd, cx[k]->qp,
						       cx[k]->qp, i, a,
						       cx[k]->al, b,
						       cx[k]->br, 64);
		if (err || run_to(run0, 2 * DB_BATCH)) {
			printf("bench: FAIL poll bench post (%d)\n", err);
			return 1;
		}
		for (k = 0; k < 2; k++) {
			t0 = now();
			for (i = 0; i < DB_BATCH; i++) {
				c = uldma_poll_cq(cx[k]->fd, 1, &wc);
				if (c != 1 || wc.status || wc.wr_id != i)
					err = -EPROTO;
			}
			tt[k][r] = (now() - t0) / DB_BATCH;
			if (err) {
				printf("bench: FAIL poll bench %s (%d)\n",
				       k ? "ioctl" : "ring", c);
				return 1;
			}
		}
	}
	qsort(tr, DB_ROUNDS, sizeof(double), cmp_d);
	qsort(ti, DB_ROUNDS, sizeof(double), cmp_d);
	printf("bench: take one completion, %u batches of %u each way, interleaved, medians per completion: ring (mapped, no system call) %.0f ns [p10 %.0f, p90 %.0f], POLL ioctl %.0f ns [p10 %.0f, p90 %.0f]\n",
	       DB_ROUNDS, DB_BATCH, tr[DB_ROUNDS / 2] * 1e9,
	       tr[DB_ROUNDS / 10] * 1e9, tr[DB_ROUNDS * 9 / 10] * 1e9,
	       ti[DB_ROUNDS / 2] * 1e9, ti[DB_ROUNDS / 10] * 1e9,
	       ti[DB_ROUNDS * 9 / 10] * 1e9);
	printf("poll_ring_vs_ioctl: %.1f\n",
	       ti[DB_ROUNDS / 2] / tr[DB_ROUNDS / 2]);
	return 0;
}

#define VA_ARENA	0x1000000000ull	/* below 2^39 (ULDMA_VA_ADDR_LIM) */
#define VA_ROUNDS	31u

/* A fresh anonymous mapping of LEN bytes at slot k of the VA arena. */
static uint8_t *va_map(unsigned int k)
{
	void *want = (void *)(uintptr_t)(VA_ARENA + (uint64_t)k * 0x1000000u);
	void *m = mmap(want, LEN, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (m != want)
		return NULL;
	madvise(m, LEN, MADV_NOHUGEPAGE);
	return m;
}

/* One VA write of LEN bytes, post to completion: seconds, < 0 on error. */
static double va_time(int fd, uint32_t qp, const uint8_t *src, uint8_t *dst)
{
	struct uldma_wc wc;
	double t0 = now();
	int c;

	if (uldma_post_va_write(fd, qp, 7, src, dst, LEN))
		return -1;
	c = uldma_poll_wait(fd, &wc, 1, 60000);
	if (c != 1 || wc.status || wc.byte_len != LEN)
		return -1;
	return now() - t0;
}

static int set_ahead(int on)
{
	FILE *f = fopen("/sys/kernel/debug/uldma/va_ahead", "w");
	int r;

	if (!f)
		return -1;
	r = fputs(on ? "Y\n" : "N\n", f) < 0;
	return fclose(f) || r ? -1 : 0;
}

/*
 * fault_path_vs_bare_pagein: VA_ROUNDS rounds of (touched, untouched,
 * bare), interleaved, with Touch-A-Page (ahead 0) or Touch-Ahead; the
 * figure and the medians, or < 0 on an error.
 */
static double fault_bench(int fd, uint32_t qp, const uint8_t *src, int ahead)
{
	static double tt[VA_ROUNDS], tu[VA_ROUNDS], tb[VA_ROUNDS];
	long long pg0 = counter("va_pageins"), n0 = counter("va_pages_in");
	long long f0 = counter("va_dst_faults");
	unsigned int r, i;
	uint8_t *d;
	double t0, z;

	if (set_ahead(ahead))
		return -1;
	for (r = 0; r < VA_ROUNDS; r++) {
		d = va_map(1);
		if (!d)
			return -1;
		for (i = 0; i < LEN; i += 4096)
			d[i] = 1;		/* every page touched */
		tt[r] = va_time(fd, qp, src, d);
		if (tt[r] < 0 || memcmp(d, src, LEN))
			return -1;
		munmap(d, LEN);
		d = va_map(1);
		if (!d)
			return -1;
		tu[r] = va_time(fd, qp, src, d);	/* none touched */
		if (tu[r] < 0 || memcmp(d, src, LEN))
			return -1;
		munmap(d, LEN);
		d = va_map(1);
		if (!d)
			return -1;
		t0 = now();
		for (i = 0; i < LEN; i += 4096)
			((volatile uint8_t *)d)[i] = 1;
		tb[r] = now() - t0;
		munmap(d, LEN);
	}
	set_ahead(1);	/* the module's default */
	qsort(tt, VA_ROUNDS, sizeof(double), cmp_d);
	qsort(tu, VA_ROUNDS, sizeof(double), cmp_d);
	qsort(tb, VA_ROUNDS, sizeof(double), cmp_d);
	z = (tu[VA_ROUNDS / 2] - tt[VA_ROUNDS / 2]) / tb[VA_ROUNDS / 2];
	printf("bench: VA write of 64 KB (%s), %u rounds interleaved, Z from the p10s (the least disturbed rounds) %.1f; medians: into touched pages %.1f us [p10 %.1f, p90 %.1f], into untouched pages %.1f us [p10 %.1f, p90 %.1f], user-space touch of the 16 pages %.1f us [p10 %.1f, p90 %.1f]; %lld destination faults, %lld page-ins of %lld pages\n",
	       ahead ? "Touch-Ahead" : "Touch-A-Page", VA_ROUNDS,
	       (tu[VA_ROUNDS / 10] - tt[VA_ROUNDS / 10]) / tb[VA_ROUNDS / 10],
	       tt[VA_ROUNDS / 2] * 1e6, tt[VA_ROUNDS / 10] * 1e6,
	       tt[VA_ROUNDS * 9 / 10] * 1e6, tu[VA_ROUNDS / 2] * 1e6,
	       tu[VA_ROUNDS / 10] * 1e6, tu[VA_ROUNDS * 9 / 10] * 1e6,
	       tb[VA_ROUNDS / 2] * 1e6, tb[VA_ROUNDS / 10] * 1e6,
	       tb[VA_ROUNDS * 9 / 10] * 1e6, counter("va_dst_faults") - f0,
	       counter("va_pageins") - pg0, counter("va_pages_in") - n0);
	return z;
}

int main(int argc, char **argv)
{
	unsigned int n = argc > 1 ? (unsigned int)atoi(argv[1]) : 200;
	unsigned int rounds = argc > 2 ? (unsigned int)atoi(argv[2]) : 5;
	double mc[16], en[16], in[16], t0, dt;
	uint32_t pd, qp, al, bl, br, posted, done, i, r;
	uint8_t *a = aligned_alloc(4096, LEN), *b = aligned_alloc(4096, LEN);
	struct uldma_wc wc[64];
	long long ns0;
	int fd, err = 0, c;

	if (rounds > 16)
		rounds = 16;
	if (!a || !b)
		return 1;
	for (i = 0; i < LEN; i++) {
		a[i] = (uint8_t)(i * 31u + 7u);
		b[i] = 0;
	}
	fd = uldma_open_device();
	err = fd < 0 ? fd : uldma_alloc_pd(fd, &pd);
	if (!err)
		err = uldma_reg_mr(fd, pd, a, LEN, 0, &al, NULL);
	if (!err)
		err = uldma_reg_mr(fd, pd, b, LEN, ULDMA_ACC_LOCAL_WRITE |
				   ULDMA_ACC_REMOTE_WRITE, &bl, &br);
	if (!err)
		err = uldma_create_qp(fd, pd, &qp);
	if (err) {
		printf("bench: FAIL setup (%d: %s)\n", err, uldma_strerror(err));
		return 1;
	}
	for (r = 0; r < rounds; r++) {
		/* memcpy, the same buffers */
		t0 = now();
		for (i = 0; i < n; i++) {
			memcpy(b, a, LEN);
			__asm__ __volatile__("" : : "r"(b) : "memory");
		}
		mc[r] = n * (double)LEN / (now() - t0) / 1e6;
		memset(b, 0, LEN);

		/* the engine, pipelined */
		ns0 = counter("engine_run_ns");
		t0 = now();
		posted = done = 0;
		while (done < n) {
			while (posted < n && posted - done < DEPTH) {
				err = uldma_post_write(fd, qp, qp, posted, a, al,
						       b, br, LEN);
				if (err) {
					printf("bench: FAIL post (%d)\n", err);
					return 1;
				}
				posted++;
			}
			c = uldma_poll_wait(fd, wc, 64, 5000);
			if (c <= 0) {
				printf("bench: FAIL poll (%d)\n", c);
				return 1;
			}
			for (i = 0; i < (uint32_t)c; i++) {
				if (wc[i].status || wc[i].byte_len != LEN) {
					printf("bench: FAIL completion %d\n",
					       wc[i].status);
					return 1;
				}
			}
			done += (uint32_t)c;
		}
		dt = now() - t0;
		en[r] = n * (double)LEN / dt / 1e6;
		in[r] = n * (double)LEN /
			((double)(counter("engine_run_ns") - ns0) * 1e-9) / 1e6;
		if (memcmp(a, b, LEN)) {
			printf("bench: FAIL the engine's bytes differ\n");
			return 1;
		}
		printf("bench: round %u: memcpy %.1f MB/s, engine %.1f MB/s (inside ud_wr_run %.1f MB/s)\n",
		       r, mc[r], en[r], in[r]);
	}
	qsort(mc, rounds, sizeof(double), cmp_d);
	qsort(en, rounds, sizeof(double), cmp_d);
	qsort(in, rounds, sizeof(double), cmp_d);
	printf("bench: 64 KB, %u copies a round, %u rounds, medians: memcpy %.1f MB/s, engine %.1f MB/s (%u in flight, user-visible), inside ud_wr_run %.1f MB/s\n",
	       n, rounds, mc[rounds / 2], en[rounds / 2], DEPTH,
	       in[rounds / 2]);
	printf("engine_copy_vs_memcpy_64k: %.3f\n", en[rounds / 2] / mc[rounds / 2]);
	printf("engine_copy_vs_memcpy_64k_inside: %.3f\n",
	       in[rounds / 2] / mc[rounds / 2]);
	{
		uint32_t qr;

		err = uldma_create_qp(fd, pd, &qr);
		if (!err)
			err = uldma_map_qp(fd, qr);
		if (err) {
			printf("bench: FAIL ring setup (%d)\n", err);
			return 1;
		}
		if (start_bench(fd, qr, qp, a, al, b, br))
			return 1;
	}
	{
		struct poll_ctx ci = { .fd = fd, .qp = qp, .al = al, .br = br };
		struct poll_ctx cr = { .fd = uldma_open_device() };
		uint32_t pd2, bl2;

		err = cr.fd < 0 ? cr.fd : uldma_alloc_pd(cr.fd, &pd2);
		if (!err)
			err = uldma_reg_mr(cr.fd, pd2, a, LEN, 0, &cr.al, NULL);
		if (!err)
			err = uldma_reg_mr(cr.fd, pd2, b, LEN,
					   ULDMA_ACC_LOCAL_WRITE |
					   ULDMA_ACC_REMOTE_WRITE, &bl2, &cr.br);
		if (!err)
			err = uldma_create_qp(cr.fd, pd2, &cr.qp);
		if (!err)
			err = uldma_map_cq(cr.fd);
		if (err) {
			printf("bench: FAIL poll setup (%d)\n", err);
			return 1;
		}
		if (poll_bench(&cr, &ci, a, b))
			return 1;
		uldma_close_device(cr.fd);
	}
	{
		uint8_t *src = va_map(0);
		double z, za;

		if (!src) {
			printf("bench: FAIL VA source mapping\n");
			return 1;
		}
		memcpy(src, a, LEN);
		z = fault_bench(fd, qp, src, 0);
		za = z < 0 ? z : fault_bench(fd, qp, src, 1);
		if (z < 0 || za < 0) {
			printf("bench: FAIL VA fault bench\n");
			return 1;
		}
		printf("fault_path_vs_bare_pagein: %.1f\n", za);
		printf("fault_path_vs_bare_pagein_touch_a_page: %.1f\n", z);
	}
	uldma_close_device(fd);
	return 0;
}
