// SPDX-License-Identifier: MIT
/*
 * examples/rdma_bw.c -- RDMA-write bandwidth between two processes (as
 * ib_write_bw does over a real HCA).
 *
 * Two processes, each with its own /dev/uldma context, meet over a Unix
 * socket (examples/ex_pair.h).  For each size 16 B .. 64 KB (x4) the
 * client keeps up to DEPTH writes of that size in flight into the
 * server's buffer (the module's send queue holds 64) until it has moved
 * the byte budget, polling completions as they come; every completion
 * must be a success of the full size.  Then the server checks every byte
 * of its buffer (the pattern of that size where the writes landed, its
 * old contents after it).  The client prints a table: size, writes, MB/s,
 * microseconds per write; long runs print progress on stderr.
 *
 *   rdma_bw [-m MB] [-d DEPTH] [-w MAX]  both sides, forked
 *   rdma_bw server PATH                  by hand, in two shells
 *   rdma_bw client PATH [-m MB] [-d DEPTH] [-w MAX]
 * MB: bytes per size, in MB (default 16); DEPTH: writes in flight
 * (default 32, at most 64); at least 16 and at most MAX (default 100000)
 * writes a size.  The client's options are the ones used.
 */
#include "ex_pair.h"

static uint8_t pat(uint32_t i, uint32_t size)
{
	return (uint8_t)(i * 13u + size / 16u + 1u);
}

struct bw_opts {
	uint32_t mb;
	uint32_t depth;
	uint32_t max_writes;
};

static void run_size(struct ex_pair *p, uint32_t size, uint32_t writes,
		     uint32_t depth)
{
	struct uldma_wc wc[64];
	uint32_t posted = 0, done = 0, j;
	double t0 = ex_now(), last = 0;
	int n, err;

	while (done < writes) {
		while (posted < writes && posted - done < depth) {
			err = uldma_post_write(p->fd, p->qp, p->peer.qp, posted,
					       p->buf, p->lkey,
					       (void *)(uintptr_t)p->peer.addr,
					       p->peer.rkey, size);
			if (err == -EAGAIN)
				break;	/* the send ring is full: poll first */
			if (err)
				ex_die(p, "post write", err);
			posted++;
		}
		n = uldma_poll_wait(p->fd, wc, 64, 5000);
		if (n <= 0)
			ex_die(p, "poll (no completion in 5 s)",
			       n < 0 ? n : -ETIME);
		for (j = 0; j < (uint32_t)n; j++) {
			if (wc[j].status || wc[j].byte_len != size ||
			    wc[j].wr_id != done + j)
				ex_die(p, "completion", wc[j].status ?
				       wc[j].status : -EPROTO);
		}
		done += (uint32_t)n;
		ex_progress(p, t0, &last, "writes", done, writes);
	}
}

static int side(struct ex_pair *p, const char *path, int argc, char **argv)
{
	struct bw_opts o = { .mb = 16, .depth = 32, .max_writes = 100000 };
	uint32_t size, i, writes, bad;
	double t0, dt;
	int a;

	for (a = 0; a + 1 < argc; a += 2) {
		if (!strcmp(argv[a], "-m"))
			o.mb = (uint32_t)strtoul(argv[a + 1], NULL, 0);
		else if (!strcmp(argv[a], "-d"))
			o.depth = (uint32_t)strtoul(argv[a + 1], NULL, 0);
		else if (!strcmp(argv[a], "-w"))
			o.max_writes = (uint32_t)strtoul(argv[a + 1], NULL, 0);
	}
	if (o.max_writes < 16)
		o.max_writes = 16;
	if (o.depth == 0 || o.depth > 64)
		o.depth = 32;
	ex_pair_setup(p, path, EX_MAX_SIZE);
	if (p->server)
		ex_recv(p, &o, sizeof(o));
	else
		ex_send(p, &o, sizeof(o));
	if (!p->server) {
		printf("rdma_bw: %u MB per size, %u writes in flight, pid %d -> pid %u\n",
		       o.mb, o.depth, (int)getpid(), p->peer.pid);
		printf("rdma_bw: %s\n", ex_path(p));
		printf("rdma_bw: %8s %8s %10s %10s\n", "bytes", "writes",
		       "MB/s", "us/write");
	}
	for (size = EX_MIN_SIZE; size <= EX_MAX_SIZE; size *= 4) {
		writes = (uint32_t)(((uint64_t)o.mb << 20) / size);
		writes = writes < 16 ? 16 : writes > o.max_writes ?
			 o.max_writes : writes;
		for (i = 0; i < EX_MAX_SIZE; i++)
			p->buf[i] = p->server ? 0xee : pat(i, size);
		ex_barrier(p);
		if (!p->server) {
			t0 = ex_now();
			run_size(p, size, writes, o.depth);
			dt = ex_now() - t0;
			ex_send(p, &writes, sizeof(writes));
			ex_recv(p, &bad, sizeof(bad));
			if (bad)
				ex_die(p, "the server found bytes wrong", -EIO);
			printf("rdma_bw: %8u %8u %10.1f %10.2f\n", size, writes,
			       (double)size * writes / dt / 1e6,
			       dt * 1e6 / writes);
		} else {
			ex_recv(p, &writes, sizeof(writes));
			for (i = 0, bad = 0; i < EX_MAX_SIZE; i++)
				bad += p->buf[i] != (i < size ? pat(i, size) :
						     0xee);
			ex_send(p, &bad, sizeof(bad));
			if (bad)
				ex_die(p, "bytes differ after the writes", -EIO);
		}
	}
	ex_pair_teardown(p);
	if (!p->server)
		printf("rdma_bw: OK (every completion full size, the target's bytes checked after each size)\n");
	return 0;
}

int main(int argc, char **argv)
{
	return ex_main("rdma_bw", argc, argv, side);
}
