// SPDX-License-Identifier: MIT
/*
 * examples/rdma_xproc.c -- an RDMA write between two processes.
 *
 * The server registers a 64 KB buffer (remote write and read) in its own
 * /dev/uldma context and sends its address, R_Key and QP number over a
 * Unix socket; the client, in another process with its own context,
 * connects its QP to the server's (both ends connect: examples/ex_pair.h)
 * and RDMA-writes a pattern into the server's buffer at an offset; the
 * server checks every byte -- the pattern where it was written, zeros
 * everywhere else -- and tells the client; the client reads the bytes
 * back with an RDMA read and checks them too.  Then the server disconnects
 * its end, and the client's next write must be refused (ENOENT), with not
 * a byte landing.  Prints "rdma_xproc: OK ..." (exit 0) or a FAIL line.
 *
 *   rdma_xproc                   both sides, forked (as make board runs it)
 *   rdma_xproc server PATH       by hand, in two shells:
 *   rdma_xproc client PATH
 */
#include "ex_pair.h"

#define LEN	65536u
#define OFF	1000u		/* where the client writes               */
#define N	5000u		/* how much: not a multiple of 256       */

static uint8_t pat(uint32_t i, uint32_t seed)
{
	return (uint8_t)(i * 131u + seed * 7u + 1u);
}

static int server(struct ex_pair *p)
{
	uint32_t i, bad = 0, msg;

	ex_say(p, "pid %d: buffer %p rkey 0x%x qp %u; client pid %u qp %u",
	       (int)getpid(), (void *)p->buf, p->rkey, p->qp, p->peer.pid,
	       p->peer.qp);
	ex_recv(p, &msg, sizeof(msg));		/* "written", with the seed */
	for (i = 0; i < LEN; i++) {
		uint8_t want = i >= OFF && i < OFF + N ? pat(i - OFF, msg) : 0;

		bad += p->buf[i] != want;
	}
	ex_say(p, "client's RDMA write: %u bytes at +%u, %s", N, OFF,
	       bad ? "BYTES WRONG" : "every byte as written, nothing else touched");
	ex_send(p, &bad, sizeof(bad));
	if (bad)
		ex_die(p, "bytes differ", -EIO);
	ex_recv(p, &msg, sizeof(msg));		/* "read back" */
	/* Undo the connection at this end: the client's QP reaches no more. */
	i = (uint32_t)uldma_connect_qp(p->fd, p->qp, ULDMA_QP_NONE);
	ex_send(p, &i, sizeof(i));
	ex_recv(p, &msg, sizeof(msg));		/* "tried" */
	for (i = 0, bad = 0; i < LEN; i++)
		bad += p->buf[i] != (i >= OFF && i < OFF + N ?
				     pat(i - OFF, 42) : 0);
	ex_send(p, &bad, sizeof(bad));
	if (bad)
		ex_die(p, "a write after the disconnect changed the buffer",
		       -EIO);
	ex_say(p, "after the disconnect: the buffer unchanged");
	return 0;
}

static int client(struct ex_pair *p)
{
	uint8_t *src = p->buf;		/* its own registered buffer */
	uint32_t i, seed = 42, bad, r;
	struct uldma_wc wc;
	int err, n;

	for (i = 0; i < N; i++)
		src[i] = pat(i, seed);
	err = uldma_post_write(p->fd, p->qp, p->peer.qp, 1, src, p->lkey,
			       (void *)(uintptr_t)(p->peer.addr + OFF),
			       p->peer.rkey, N);
	if (err)
		ex_die(p, "post write", err);
	ex_complete(p, 1, N);
	ex_say(p, "pid %d: RDMA write of %u bytes into pid %u's buffer, completed",
	       (int)getpid(), N, p->peer.pid);
	ex_send(p, &seed, sizeof(seed));
	ex_recv(p, &bad, sizeof(bad));
	if (bad)
		ex_die(p, "the server found bytes wrong", -EIO);

	memset(src + LEN / 2, 0, N);
	err = uldma_post_read(p->fd, p->qp, p->peer.qp, 2, src + LEN / 2,
			      p->lkey, (void *)(uintptr_t)(p->peer.addr + OFF),
			      p->peer.rkey, N);
	if (err)
		ex_die(p, "post read", err);
	ex_complete(p, 2, N);
	for (i = 0, bad = 0; i < N; i++)
		bad += src[LEN / 2 + i] != pat(i, seed);
	if (bad)
		ex_die(p, "RDMA read: bytes differ", -EIO);
	ex_say(p, "RDMA read of the same %u bytes back: every byte", N);
	ex_send(p, &seed, sizeof(seed));

	ex_recv(p, &r, sizeof(r));		/* the server disconnected */
	if (r)
		ex_die(p, "server's disconnect", (int)r);
	for (i = 0; i < N; i++)
		src[i] = 0x5a;
	err = uldma_post_write(p->fd, p->qp, p->peer.qp, 3, src, p->lkey,
			       (void *)(uintptr_t)(p->peer.addr + OFF),
			       p->peer.rkey, N);
	n = err ? 0 : uldma_poll_wait(p->fd, &wc, 1, 5000);
	ex_send(p, &seed, sizeof(seed));
	ex_recv(p, &bad, sizeof(bad));
	/*
	 * ENOENT from the POST ioctl, or, posted through the mapped send ring
	 * (no system call to return it), as the completion's status.
	 */
	if (!err && n == 1 && wc.wr_id == 3 && wc.status == -ENOENT &&
	    wc.byte_len == 0)
		err = -ENOENT;
	if (err != -ENOENT || bad)
		ex_die(p, "write after the server disconnected: want ENOENT and no byte",
		       err ? err : (n == 1 ? wc.status : -EPROTO));
	ex_say(p, "write after the server disconnected its end: %s, no byte landed",
	       uldma_strerror(err));
	return 0;
}

static int side(struct ex_pair *p, const char *path, int argc, char **argv)
{
	int rc;

	(void)argc;
	(void)argv;
	ex_pair_setup(p, path, LEN);
	rc = p->server ? server(p) : client(p);
	ex_pair_teardown(p);
	if (!rc && p->server)
		printf("rdma_xproc: OK (two processes, keys over a Unix socket: write checked byte for byte by the target, read back, refused after disconnect)\n");
	return rc;
}

int main(int argc, char **argv)
{
	return ex_main("rdma_xproc", argc, argv, side);
}
