/* SPDX-License-Identifier: MIT */
/*
 * examples/ex_pair.h -- what the two-process examples share: two
 * processes, each with its own /dev/uldma context (PD, one registered
 * buffer, one QP), meet over a Unix socket, send each other their QP
 * number, the buffer's address, length and R_Key, connect their QPs to
 * each other (uldma_connect_qp: both ends must), and keep the socket for
 * their own small messages (ex_send / ex_recv).  Where the module offers
 * them (ABI 5 and 6), each side maps its QP's send ring and its completion
 * ring (uldma_map_qp, uldma_map_cq): every post is then a few stores and
 * every poll a few loads, with no system call; only a wait on an empty
 * completion ring enters the kernel -- and, where the module has it (ABI
 * 7), the doorbell after each post, one system call that has the kernel
 * take and run the request at once instead of on its next poll.
 * EX_NO_MAP=1 in the environment keeps both on the ioctls, EX_NO_DB=1 the
 * rings without the doorbell (to compare the three).
 *
 *   prog                  runs both sides: forks, the child is the client,
 *                         the socket a fresh path under /tmp
 *   prog server PATH      one side by hand: listens on PATH
 *   prog client PATH      the other: connects to PATH
 */
#ifndef EX_PAIR_H
#define EX_PAIR_H

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

struct ex_peer {		/* what one side sends the other           */
	uint64_t addr;		/* its buffer                              */
	uint32_t len;
	uint32_t rkey;		/* remote write + read on the buffer       */
	uint32_t qp;
	uint32_t pid;
};

struct ex_pair {
	const char *name;	/* program name, prefixes every line      */
	int server;		/* 1: listened; 0: connected               */
	int sock;		/* the Unix socket to the other side       */
	int fd;			/* /dev/uldma                              */
	uint32_t pd, qp, lkey, rkey;
	uint8_t *buf;		/* this side's registered buffer           */
	uint32_t len;
	struct ex_peer peer;	/* the other side's                        */
	int mapped;		/* bit 0: send ring, bit 1: completion ring,
				 * bit 2: doorbell after each ring post
				 */
};

/* "mapped rings" / "ioctls": how this side posts and polls. */
static inline const char *ex_path(const struct ex_pair *p)
{
	switch (p->mapped) {
	case 7:
		return "posts through the mapped send ring and rings the doorbell (one system call), polls the mapped completion ring";
	case 3:
		return "posts and polls through the mapped rings, no system call";
	case 5:
		return "posts through the mapped send ring and rings the doorbell, polls by ioctl";
	case 1:
		return "posts through the mapped send ring, polls by ioctl";
	case 2:
		return "posts by ioctl, polls the mapped completion ring";
	default:
		return "posts and polls by ioctl";
	}
}

static inline double ex_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline void ex_die(const struct ex_pair *p, const char *what, int err)
{
	printf("%s: %s: FAIL %s (%d: %s)\n", p->name,
	       p->server ? "server" : "client", what, err,
	       uldma_strerror(err));
	fflush(stdout);
	exit(1);
}

/* A system call's error (strerror), not the device's. */
static inline void ex_die_sys(const struct ex_pair *p, const char *what,
			      int err)
{
	printf("%s: %s: FAIL %s (%d: %s)\n", p->name,
	       p->server ? "server" : "client", what, err, strerror(-err));
	fflush(stdout);
	exit(1);
}

static inline void ex_say(const struct ex_pair *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void ex_say(const struct ex_pair *p, const char *fmt, ...)
{
	va_list ap;

	printf("%s: %s: ", p->name, p->server ? "server" : "client");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static inline void ex_send(const struct ex_pair *p, const void *m, size_t n)
{
	if (write(p->sock, m, n) != (ssize_t)n)
		ex_die_sys(p, "socket write", -errno);
}

static inline void ex_recv(const struct ex_pair *p, void *m, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = read(p->sock, (char *)m + got, n - got);
		if (r <= 0)
			ex_die_sys(p, "socket read (the other side went away)",
			       r < 0 ? -errno : -EPIPE);
		got += (size_t)r;
	}
}

/* Both sides reach this point before either goes on. */
static inline void ex_barrier(const struct ex_pair *p)
{
	char c = 'b';

	ex_send(p, &c, 1);
	ex_recv(p, &c, 1);
}

static inline int ex_socket(struct ex_pair *p, const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), c, i;

	if (s < 0 || strlen(path) >= sizeof(a.sun_path))
		return -EINVAL;
	strcpy(a.sun_path, path);
	if (p->server) {
		unlink(path);
		if (bind(s, (struct sockaddr *)&a, sizeof(a)) ||
		    listen(s, 1))
			return -errno;
		c = accept(s, NULL, NULL);
		close(s);
		unlink(path);
		return c < 0 ? -errno : c;
	}
	for (i = 0; i < 500; i++) {	/* the server may not listen yet */
		if (connect(s, (struct sockaddr *)&a, sizeof(a)) == 0)
			return s;
		usleep(10000);
	}
	return -errno;
}

/*
 * This side's context, the meeting, the connection of the two QPs: on
 * return each side may post to the other's QP with the other's R_Key.
 */
static inline void ex_pair_setup(struct ex_pair *p, const char *path, uint32_t len)
{
	struct ex_peer me;
	int r;

	p->len = len;
	p->buf = aligned_alloc(4096, len);
	if (!p->buf)
		ex_die_sys(p, "aligned_alloc", -ENOMEM);
	memset(p->buf, 0, len);
	p->fd = uldma_open_device();
	if (p->fd < 0)
		ex_die(p, "open " ULDMA_DEV_PATH, p->fd);
	r = uldma_alloc_pd(p->fd, &p->pd);
	if (!r)
		r = uldma_reg_mr(p->fd, p->pd, p->buf, len,
				 ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE |
				 ULDMA_ACC_REMOTE_READ, &p->lkey, &p->rkey);
	if (!r)
		r = uldma_create_qp(p->fd, p->pd, &p->qp);
	if (r)
		ex_die(p, "setup (pd, reg_mr, create_qp)", r);
	/* The mapped rings where the module has them; else the ioctls. */
	p->mapped = 0;
	if (!getenv("EX_NO_MAP")) {
		p->mapped |= uldma_map_qp(p->fd, p->qp) ? 0 : 1;
		p->mapped |= uldma_map_cq(p->fd) ? 0 : 2;
		/* The doorbell is on where the module has one; or off. */
		if ((p->mapped & 1) &&
		    uldma_qp_doorbell(p->fd, p->qp, !getenv("EX_NO_DB")) == 0 &&
		    !getenv("EX_NO_DB"))
			p->mapped |= 4;
	}
	p->sock = ex_socket(p, path);
	if (p->sock < 0)
		ex_die_sys(p, "unix socket", p->sock);
	me = (struct ex_peer){ .addr = (uint64_t)(uintptr_t)p->buf,
			       .len = len, .rkey = p->rkey, .qp = p->qp,
			       .pid = (uint32_t)getpid() };
	ex_send(p, &me, sizeof(me));
	ex_recv(p, &p->peer, sizeof(p->peer));
	r = uldma_connect_qp(p->fd, p->qp, p->peer.qp);
	if (r)
		ex_die(p, "connect_qp", r);
	ex_barrier(p);	/* both ends connected */
}

static inline void ex_pair_teardown(struct ex_pair *p)
{
	int r;

	ex_barrier(p);	/* neither side's buffer goes while the other posts */
	r = uldma_destroy_qp(p->fd, p->qp);
	if (!r)
		r = uldma_dereg_mr(p->fd, p->lkey);
	if (!r)
		r = uldma_dealloc_pd(p->fd, p->pd);
	if (r)
		ex_die(p, "teardown", r);
	uldma_close_device(p->fd);
	close(p->sock);
	free(p->buf);
}

/*
 * A progress line on stderr at most once a second once a step has run
 * for more than a second (long runs show they are alive); *last is the
 * time of the previous line, 0 at the step's start.
 */
static inline void ex_progress(const struct ex_pair *p, double t0,
			       double *last, const char *what, unsigned long i,
			       unsigned long n)
{
	double t = ex_now();

	if (*last == 0)
		*last = t0;
	if (t - *last < 1.0)
		return;
	*last = t;
	fprintf(stderr, "%s: ... %s: %lu/%lu after %.1f s\n", p->name, what,
		i, n, t - t0);
}

/* The table's sizes: 16 B, 64 B, ... 64 KB (x4). */
#define EX_MIN_SIZE	16u
#define EX_MAX_SIZE	65536u

/* Wait for this side's completion of wr_id, require success. */
static inline void ex_complete(const struct ex_pair *p, uint64_t wr_id,
			uint32_t len)
{
	struct uldma_wc wc;
	int n = uldma_poll_wait(p->fd, &wc, 1, 5000);

	if (n != 1)
		ex_die(p, "poll (no completion in 5 s)", n < 0 ? n : -ETIME);
	if (wc.wr_id != wr_id || wc.status || wc.byte_len != len) {
		ex_say(p, "completion wr_id %llu (want %llu) status %d len %u (want %u)",
		       (unsigned long long)wc.wr_id,
		       (unsigned long long)wr_id, wc.status, wc.byte_len, len);
		ex_die(p, "completion", wc.status ? wc.status : -EPROTO);
	}
}

/*
 * main's dispatch: "server PATH", "client PATH", or nothing (both, forked;
 * exit 0 iff both sides did).  side(p, path, argc, argv) runs one side,
 * argv its options.
 */
static inline int ex_main(const char *name, int argc, char **argv,
		   int (*side)(struct ex_pair *p, const char *path, int argc,
			       char **argv))
{
	struct ex_pair p = { .name = name };
	char path[108];
	int st = 0, rc;
	pid_t child;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && (!strcmp(argv[1], "server") ||
			  !strcmp(argv[1], "client"))) {
		p.server = !strcmp(argv[1], "server");
		p.sock = -1;
		return side(&p, argv[2], argc - 3, argv + 3) ? 1 : 0;
	}
	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: %s [options]                 both sides, forked\n"
		       "       %s server PATH [options]     one side, listens on PATH\n"
		       "       %s client PATH [options]     the other side\n",
		       name, name, name);
		return 0;
	}
	snprintf(path, sizeof(path), "/tmp/%s.%d.sock", name, (int)getpid());
	fflush(stdout);
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		p.server = 0;
		rc = side(&p, path, argc - 1, argv + 1);
		fflush(stdout);
		_exit(rc ? 1 : 0);
	}
	p.server = 1;
	rc = side(&p, path, argc - 1, argv + 1);
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) ||
	    WEXITSTATUS(st)) {
		printf("%s: FAIL the client side (status 0x%x)\n", name, st);
		return 1;
	}
	return rc ? 1 : 0;
}

#endif /* EX_PAIR_H */
