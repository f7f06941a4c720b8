// SPDX-License-Identifier: MIT
/*
 * examples/rdma_pingpong.c -- RDMA-write ping-pong latency between two
 * processes (as ib_write_lat / ibv_rc_pingpong do over a real HCA).
 *
 * Two processes, each with its own /dev/uldma context, meet over a Unix
 * socket (examples/ex_pair.h).  For each size 16 B .. 64 KB (x4) the
 * client RDMA-writes a message into the server's buffer; the server sees
 * it land (its last word carries the round's number) and writes it back
 * into the client's buffer, marked as the answer; the client sees that
 * land.  Each side waits for its own write's completion, and spins (with
 * sched_yield) on its buffer for the other's.  After each size both sides
 * check every byte of the message they hold (it went there and back).
 * The client prints a table: size, round trips, half round trip (the
 * one-way latency) average, best and median, in microseconds (the median
 * is what perftest's ib_write_lat calls t_typical).
 *
 *   rdma_pingpong [-n ROUNDS]          both sides, forked
 *   rdma_pingpong server PATH          by hand, in two shells
 *   rdma_pingpong client PATH [-n ROUNDS]
 * ROUNDS (default 200) per size; the client's count is the one used.
 */
#include <sched.h>

#include "ex_pair.h"

#define PONG	0x80000000u

static uint8_t pat(uint32_t i, uint32_t size)
{
	return (uint8_t)(i * 29u + size);
}

static volatile uint32_t *last_word(const struct ex_pair *p, uint32_t size)
{
	return (volatile uint32_t *)(void *)(p->buf + size - 4);
}

/* Spin until this side's buffer's last word is want (5 s at most). */
static void wait_word(const struct ex_pair *p, uint32_t size, uint32_t want)
{
	double t0 = ex_now();
	unsigned long spins = 0;

	while (*last_word(p, size) != want) {
		sched_yield();
		if ((++spins & 1023) == 0 && ex_now() - t0 > 5.0)
			ex_die(p, "no message in 5 s", -ETIME);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int side(struct ex_pair *p, const char *path, int argc, char **argv)
{
	uint32_t rounds = 200, size, i, bad;
	double t0, t1, ts, best, total, last, *rtt = NULL;
	uint64_t id = 0;
	int err;

	if (argc >= 2 && !strcmp(argv[0], "-n"))
		rounds = (uint32_t)strtoul(argv[1], NULL, 0);
	if (rounds == 0)
		rounds = 1;
	ex_pair_setup(p, path, EX_MAX_SIZE);
	if (!p->server) {
		rtt = calloc(rounds, sizeof(*rtt));
		if (!rtt)
			ex_die(p, "no memory for the round-trip times", -ENOMEM);
	}
	if (p->server)
		ex_recv(p, &rounds, sizeof(rounds));
	else
		ex_send(p, &rounds, sizeof(rounds));
	if (!p->server) {
		printf("rdma_pingpong: %u round trips per size, pid %d <-> pid %u (RDMA write, both ways)\n",
		       rounds, (int)getpid(), p->peer.pid);
		printf("rdma_pingpong: %s\n", ex_path(p));
		printf("rdma_pingpong: %8s %8s %12s %12s %12s\n", "bytes", "rounds",
		       "avg us (1/2 RTT)", "best us", "median us");
	}
	for (size = EX_MIN_SIZE; size <= EX_MAX_SIZE; size *= 4) {
		for (i = 0; i < size - 4; i++)
			p->buf[i] = p->server ? 0 : pat(i, size);
		*last_word(p, size) = 0;
		ex_barrier(p);
		best = 1e9;
		total = 0;
		last = 0;
		ts = ex_now();
		for (i = 1; i <= rounds; i++) {
			t0 = ex_now();
			if (p->server) {
				wait_word(p, size, i);
				*last_word(p, size) = i | PONG;
			} else {
				*last_word(p, size) = i;
			}
			err = uldma_post_write(p->fd, p->qp, p->peer.qp, ++id,
					       p->buf, p->lkey,
					       (void *)(uintptr_t)p->peer.addr,
					       p->peer.rkey, size);
			if (err)
				ex_die(p, "post write", err);
			ex_complete(p, id, size);
			if (!p->server) {
				wait_word(p, size, i | PONG);
				t1 = ex_now() - t0;
				total += t1;
				rtt[i - 1] = t1;
				best = t1 < best ? t1 : best;
				ex_progress(p, ts, &last, "round trips", i,
					    rounds);
			}
		}
		/* Every byte went there and back. */
		for (i = 0, bad = 0; i < size - 4; i++)
			bad += p->buf[i] != pat(i, size);
		if (bad)
			ex_die(p, "message bytes differ", -EIO);
		ex_barrier(p);
		if (!p->server) {
			qsort(rtt, rounds, sizeof(*rtt), cmp_double);
			printf("rdma_pingpong: %8u %8u %12.1f %12.1f %12.1f\n",
			       size, rounds, total / rounds / 2 * 1e6,
			       best / 2 * 1e6,
			       (rtt[(rounds - 1) / 2] + rtt[rounds / 2]) / 4 * 1e6);
		}
	}
	free(rtt);
	ex_pair_teardown(p);
	if (!p->server)
		printf("rdma_pingpong: OK (every message checked byte for byte at both ends)\n");
	return 0;
}

int main(int argc, char **argv)
{
	return ex_main("rdma_pingpong", argc, argv, side);
}
