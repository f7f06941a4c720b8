// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_shadow_test.c -- the shadow window of uldma.ko (ABI
 * 10, SHADOW; kmod/uldma_shadow.c; docs/homes.md "The shadow window"):
 * seed 000's three user-level DMA initiation algorithms through the
 * verified src/eng_shadow.c, one ioctl per load or store of the window.
 * Buffers live below 2^46 (the shadow VA width), mapped at fixed
 * addresses.
 *
 *   - each algorithm moves the bytes exactly at the access that completes
 *     its sequence, and not one access before (the destination checked
 *     byte for byte after every access: algorithm 1 at the size STORE,
 *     2 at the LOAD, 3 at the fifth access), the bytes around untouched;
 *     uldma_shadow_copy does the same in one call;
 *   - a second process (forked, its own /dev/uldma file and its own
 *     pages, driven over a socketpair so the interleaving is exact)
 *     interleaving its accesses with ours: no DMA with mixed arguments
 *     (each destination holds its own source's bytes or is untouched),
 *     a wrong key refused (ENOKEY), a context id forged in the request
 *     refused (EINVAL), and its DMA to the very virtual address of our
 *     destination lands in its own page, never in ours;
 *   - bad input with a defined error and memory unchanged: an address
 *     outside the shadow range (ERANGE), an unshadowed page (ENOENT), a
 *     read-only page shadowed for write (EACCES) or shadowed read-only and
 *     stored to (EACCES), a size of 0, above 4096 or crossing a page (the
 *     engine's EFAULT), rights 0 or 4, kind 2, op 9, flags (EINVAL), a
 *     second OPEN (EBUSY), no OPEN (EBADFD), a page above 2^46 (ERANGE),
 *     unmapped memory (EFAULT), a page twice (EBUSY), 17 pages (ENOSPC),
 *     every context of algorithm 1 or 2 taken (ENOSPC), the file used by a
 *     forked child (EINVAL); after closing, sh_pins_held is 0;
 *   - the memory changing under a shadow: a page shadowed for write made
 *     read-only (mprotect) keeps a read-only shadow before the call
 *     returns (a copy into it EACCES, nothing written, a copy from it
 *     moves, a STORE pending to it forgotten); a page made PROT_NONE,
 *     unmapped with a STORE pending to it, or dropped (MADV_DONTNEED)
 *     loses its shadow before the call returns (ENOENT, nothing written,
 *     the pending STORE forgotten) and its pin at the next call; an
 *     mprotect leaving every right, fork and a child's exit leave
 *     shadows alive;
 *   - a VMA split in a shadowed page's 2 MB block (munmap or mprotect of a
 *     page 1 MB away: Linux 6.1 sends a clear over the whole block) keeps
 *     the shadows and a STORE pending to one (held, looked at, kept).
 * One line per check, then "shadow: N/N checks passed"; exit 0 iff all
 * held.  Built static for each guest (tests/board/Makefile).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "shadow"
#include "board_check.h"

#define PG	4096u
#define ARENA	0x200000000ull		/* 8 GB: below 2^46              */
#define SLOT	0x10000ull

/* A page at fixed slot i (of either process), filled with fill. */
static uint8_t *page_at(unsigned int i, int prot, int fill)
{
	void *want = (void *)(uintptr_t)(ARENA + SLOT * i);
	void *m = mmap(want, PG, prot | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
		       MAP_FIXED_NOREPLACE, -1, 0);

	if (m != want) {
		printf("shadow: mmap at %p: %s\n", want, strerror(errno));
		exit(1);
	}
	memset(m, fill, PG);
	if (!(prot & PROT_WRITE) && mprotect(m, PG, prot)) {
		printf("shadow: mprotect: %s\n", strerror(errno));
		exit(1);
	}
	return m;
}

static uint8_t *slot(unsigned int i)
{
	return (uint8_t *)(uintptr_t)(ARENA + SLOT * i);
}

/* Bytes of [p, p + n) not equal to v. */
static unsigned int differ(const uint8_t *p, size_t n, int v)
{
	unsigned int d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		d += p[i] != (uint8_t)v;
	return d;
}

/* dst holds v in [off, off + n) and z elsewhere: how many bytes do not. */
static unsigned int moved(const uint8_t *dst, size_t off, size_t n, int v,
			  int z)
{
	return differ(dst, off, z) + differ(dst + off, n, v) +
	       differ(dst + off + n, PG - off - n, z);
}

/* The ioctl itself, with every field in our hands. */
static int raw(int fd, struct uldma_shadow *s)
{
	return ioctl(fd, ULDMA_IOC_SHADOW, s) == 0 ? 0 : -errno;
}

/* ------------------------------------------------ the other process */

enum { C_OPEN, C_MAP, C_ACCESS, C_COPY, C_COUNT, C_CLOSE, C_QUIT };

struct cmd {
	uint32_t op;
	uint32_t kind;		/* C_OPEN: alg; C_MAP: rights          */
	uint64_t addr;		/* C_COPY: src                         */
	uint64_t addr2;		/* C_COPY: dst                         */
	uint32_t data;		/* C_MAP: fill; C_COUNT: the byte      */
	uint32_t forge;		/* C_ACCESS: the request's ctx field   */
};

struct rep {
	int32_t r;
	int32_t step;
	int32_t status;
	uint32_t value;
	uint32_t ctx;
	uint32_t key;
};

static int peer_sock;

static void peer_serve(int s)
{
	struct uldma_shadow_ctx sc = { -1, 0, 0, 0 };
	struct uldma_shadow q;
	struct cmd c;
	struct rep a;
	int fd = -1;

	while (sock_io(s, &c, sizeof(c), 0) == 0) {
		memset(&a, 0, sizeof(a));
		switch (c.op) {
		case C_OPEN:
			fd = uldma_open();
			a.r = fd < 0 ? fd : uldma_shadow_open(fd, c.kind, &sc);
			a.ctx = sc.ctx;
			a.key = sc.key;
			break;
		case C_MAP:
			if (mmap((void *)(uintptr_t)c.addr, PG,
				 PROT_READ | PROT_WRITE, MAP_PRIVATE |
				 MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) {
				a.r = -errno;
				break;
			}
			memset((void *)(uintptr_t)c.addr, (int)c.data, PG);
			a.r = uldma_shadow_map(fd, (void *)(uintptr_t)c.addr,
					       c.kind);
			break;
		case C_ACCESS:
			memset(&q, 0, sizeof(q));
			q.op = ULDMA_SH_ACCESS;
			q.kind = c.kind;
			q.addr = c.addr;
			q.data = c.data;
			q.ctx = c.forge;
			a.r = raw(fd, &q);
			a.step = q.step;
			a.status = q.status;
			a.value = q.value;
			break;
		case C_COPY:
			a.r = uldma_shadow_copy(&sc, (void *)(uintptr_t)c.addr,
						(void *)(uintptr_t)c.addr2,
						c.kind);
			break;
		case C_COUNT:
			a.r = (int32_t)differ((void *)(uintptr_t)c.addr, PG,
					      (int)c.data);
			break;
		case C_CLOSE:
			a.r = uldma_close(fd);
			fd = -1;
			break;
		default:
			exit(0);
		}
		if (sock_io(s, &a, sizeof(a), 1))
			exit(1);
	}
	exit(0);
}

static pid_t peer_start(void)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(sv[0]);
		peer_serve(sv[1]);
	}
	close(sv[1]);
	peer_sock = sv[0];
	return pid;
}

static struct rep peer(uint32_t op, uint32_t kind, uint64_t addr,
		       uint64_t addr2, uint32_t data, uint32_t forge)
{
	struct cmd c = { op, kind, addr, addr2, data, forge };
	struct rep a = { -EIO, 0, 0, 0, 0, 0 };

	if (sock_io(peer_sock, &c, sizeof(c), 1) ||
	    sock_io(peer_sock, &a, sizeof(a), 0))
		a.r = -EPIPE;
	return a;
}

static void peer_stop(pid_t pid)
{
	int ws;

	peer(C_QUIT, 0, 0, 0, 0, 0);
	close(peer_sock);
	waitpid(pid, &ws, 0);
}

/* The other process's pages: slots 40.. (its own memory, never ours). */
#define B_SRC	(ARENA + SLOT * 40)
#define B_DST	(ARENA + SLOT * 41)

/* ------------------------------------------------ algorithm 1 */

static void alg1(void)
{
	uint8_t *src = page_at(0, PROT_READ | PROT_WRITE, 0x11);
	uint8_t *dst = page_at(1, PROT_READ | PROT_WRITE, 0);
	uint8_t *src2 = page_at(2, PROT_READ | PROT_WRITE, 0x22);
	uint8_t *dst2 = page_at(3, PROT_READ | PROT_WRITE, 0);
	struct uldma_shadow_ctx sc, sc2;
	uint32_t w, v = 9;
	struct rep a;
	pid_t pid;
	int fd = uldma_open(), fd2, r, r1, r2, r3;

	r = uldma_shadow_open(fd, 1, &sc);
	check("alg1: open", r == 0 && sc.ctx < 8 && sc.key != 0,
	      "%d, ctx %u key %#x", r, sc.ctx, sc.key);
	r = uldma_shadow_open(fd, 2, &sc2);
	check("alg1: a second OPEN on the file EBUSY", r == -EBUSY, "%d", r);
	r = uldma_shadow_map(fd, src, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 = uldma_shadow_map(fd, dst, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r2 = uldma_shadow_map(fd, src2, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r3 = uldma_shadow_map(fd, dst2, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	check("alg1: map 4 pages", !r && !r1 && !r2 && !r3, "%d %d %d %d",
	      r, r1, r2, r3);

	/* Fig. 1 access by access: the bytes move at the size STORE. */
	w = sc.key * 8u + sc.ctx;
	r = uldma_shadow_store(fd, uldma_shadow_addr(dst + 100), w);
	check("alg1: STORE key#ctx TO shadow(dst): nothing moved",
	      r == 0 && moved(dst, 0, 0, 0, 0) == 0, "%d", r);
	r = uldma_shadow_store(fd, uldma_shadow_addr(src + 200), w);
	check("alg1: STORE key#ctx TO shadow(src): nothing moved",
	      r == 0 && moved(dst, 0, 0, 0, 0) == 0, "%d", r);
	r = uldma_shadow_store(fd, ULDMA_SH_REG, 1000);
	check("alg1: STORE size TO reg: started, 1000 bytes at dst+100 exactly",
	      r == 1 && moved(dst, 100, 1000, 0x11, 0) == 0, "%d, %u wrong", r,
	      moved(dst, 100, 1000, 0x11, 0));
	r = uldma_shadow_load(fd, ULDMA_SH_REG, &v);
	check("alg1: LOAD reg reads SUCCESS", r == 0 && v == ULDMA_SH_SUCCESS,
	      "%d, %u", r, v);

	/* A wrong key never fills the context. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(dst2), (sc.key ^ 1u) * 8u + sc.ctx);
	r1 = uldma_shadow_store(fd, uldma_shadow_addr(src2), (sc.key ^ 1u) * 8u + sc.ctx);
	r2 = uldma_shadow_store(fd, ULDMA_SH_REG, 64);
	check("alg1: a wrong key ENOKEY, the size STORE then EPROTO, nothing moved",
	      r == -ENOKEY && r1 == -ENOKEY && r2 == -EPROTO &&
	      moved(dst2, 0, 0, 0, 0) == 0, "%d %d %d", r, r1, r2);

	/* Bad sizes: the engine's EFAULT, nothing moved. */
	uldma_shadow_store(fd, uldma_shadow_addr(dst2), w);
	uldma_shadow_store(fd, uldma_shadow_addr(src2), w);
	r = uldma_shadow_store(fd, ULDMA_SH_REG, 0);
	uldma_shadow_store(fd, uldma_shadow_addr(dst2 + 4000), w);
	uldma_shadow_store(fd, uldma_shadow_addr(src2), w);
	r1 = uldma_shadow_store(fd, ULDMA_SH_REG, 200);
	uldma_shadow_store(fd, uldma_shadow_addr(dst2), w);
	uldma_shadow_store(fd, uldma_shadow_addr(src2), w);
	r2 = uldma_shadow_store(fd, ULDMA_SH_REG, 4097);
	r3 = uldma_shadow_load(fd, ULDMA_SH_REG, &v);
	check("alg1: size 0, crossing a page, 4097: EFAULT, status FAILURE, nothing moved",
	      r == -EFAULT && r1 == -EFAULT && r2 == -EFAULT && r3 == 0 &&
	      v == ULDMA_SH_FAILURE && moved(dst2, 0, 0, 0, 0) == 0,
	      "%d %d %d, %u", r, r1, r2, v);

	r = uldma_shadow_copy(&sc, src2, dst2, PG);
	check("alg1: uldma_shadow_copy of a whole page", r == 0 &&
	      differ(dst2, PG, 0x22) == 0, "%d", r);

	/* Another process, its own context, interleaving. */
	memset(dst, 0, PG);
	pid = peer_start();
	a = peer(C_OPEN, 1, 0, 0, 0, 0);
	check("alg1: the other process opens another context",
	      a.r == 0 && a.ctx != sc.ctx, "%d, ctx %u", a.r, a.ctx);
	{
		uint32_t wb = a.key * 8u + a.ctx;
		struct rep m1 = peer(C_MAP, 3, B_SRC, 0, 0xbb, 0);
		struct rep m2 = peer(C_MAP, 3, B_DST, 0, 0, 0);
		struct rep x1, x2, x3, k1, k2, f1;

		r = uldma_shadow_store(fd, uldma_shadow_addr(dst), w);
		x1 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_DST, 0, wb, 0);
		x2 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_SRC, 0, wb, 0);
		/* its key with our context id, and our id in the request */
		k1 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_SRC, 0,
			  a.key * 8u + sc.ctx, 0);
		f1 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_SRC, 0, wb,
			  sc.ctx + 1u);
		x3 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_REG, 0, 300, 0);
		k2 = peer(C_COUNT, 0, B_DST, 0, 0, 0);
		r1 = uldma_shadow_store(fd, uldma_shadow_addr(src), w);
		r2 = uldma_shadow_store(fd, ULDMA_SH_REG, 500);
		check("alg1: interleaved with the other process: each DMA its own",
		      m1.r == 0 && m2.r == 0 && r == 0 && x1.r == 0 && x2.r == 0 &&
		      x3.r == 0 && x3.step == 1 && k2.r == 300 && r1 == 0 &&
		      r2 == 1 && moved(dst, 0, 500, 0x11, 0) == 0,
		      "%d %d, %d %d %d/%d, %d bytes of its dst, %d %d, %u wrong",
		      m1.r, m2.r, r, x1.r, x3.r, x3.step, k2.r, r1, r2,
		      moved(dst, 0, 500, 0x11, 0));
		check("alg1: its key with our context id ENOKEY",
		      k1.r == 0 && k1.status == -ENOKEY, "%d, %d", k1.r, k1.status);
		check("alg1: a context id in the request EINVAL",
		      f1.r == -EINVAL, "%d", f1.r);
	}
	peer_stop(pid);

	/* Every algorithm-1 context taken: ENOSPC. */
	{
		int fds[8], n, last = 0;

		for (n = 0; n < 8; n++) {
			fds[n] = uldma_open();
			last = uldma_shadow_open(fds[n], 1, &sc2);
			if (last)
				break;
		}
		check("alg1: 8 contexts, the 8th open ENOSPC", n == 7 &&
		      last == -ENOSPC, "%d opened, %d", n, last);
		for (; n >= 0; n--)
			uldma_close(fds[n]);
	}
	fd2 = uldma_open();
	r = uldma_shadow_open(fd2, 1, &sc2);
	check("alg1: a context is free again after a close", r == 0, "%d", r);
	uldma_close(fd2);
	uldma_close(fd);
}

/* ------------------------------------------------ algorithm 2 */

static void alg2(void)
{
	uint8_t *src = page_at(4, PROT_READ | PROT_WRITE, 0x33);
	uint8_t *dst = page_at(5, PROT_READ | PROT_WRITE, 0);
	uint8_t *ro = page_at(6, PROT_READ, 0x5a);
	struct uldma_shadow_ctx sc;
	struct rep b, m1, m2, x1, x2, x3, f1, c1;
	uint32_t v = 9;
	int fd, r, r1, r2;
	pid_t pid;

	/* The other process takes context id 0 first: ours is not 0. */
	pid = peer_start();
	b = peer(C_OPEN, 2, 0, 0, 0, 0);
	m1 = peer(C_MAP, 3, B_SRC, 0, 0xbb, 0);
	m2 = peer(C_MAP, 3, B_DST, 0, 0, 0);
	fd = uldma_open();
	r = uldma_shadow_open(fd, 2, &sc);
	check("alg2: two processes, two context ids", b.r == 0 && m1.r == 0 &&
	      m2.r == 0 && r == 0 && sc.ctx != b.ctx && sc.ctx != 0,
	      "%d %d %d %d, ctx %u and %u", b.r, m1.r, m2.r, r, b.ctx, sc.ctx);
	r = uldma_shadow_map(fd, src, ULDMA_SH_R_READ);
	r1 = uldma_shadow_map(fd, dst, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	check("alg2: map src read-only, dst read-write", !r && !r1, "%d %d", r, r1);

	r = uldma_shadow_store(fd, uldma_shadow_addr(dst + 3000), 1096);
	check("alg2: STORE size TO shadow(dst): nothing moved",
	      r == 0 && moved(dst, 0, 0, 0, 0) == 0, "%d", r);
	r = uldma_shadow_load(fd, uldma_shadow_addr(src + 7), &v);
	check("alg2: LOAD FROM shadow(src): started, 1096 bytes at dst+3000, SUCCESS",
	      r == 1 && v == ULDMA_SH_SUCCESS && moved(dst, 3000, 1096, 0x33, 0) == 0,
	      "%d, %u, %u wrong", r, v, moved(dst, 3000, 1096, 0x33, 0));
	memset(dst, 0, PG);

	/* Interleaved: its LOAD meets our pending STORE: refused, no DMA. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(dst), 512);
	x1 = peer(C_ACCESS, ULDMA_SH_LOAD, ULDMA_SH_VBIT + B_SRC, 0, 0, 0);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	check("alg2: our STORE, its LOAD: EPROTO (ids differ), then our LOAD EPROTO, nothing moved",
	      r == 0 && x1.r == 0 && x1.status == -EPROTO &&
	      x1.value == ULDMA_SH_FAILURE && r1 == -EPROTO &&
	      differ(dst, PG, 0) == 0, "%d, %d/%d/%u, %d, %u moved", r, x1.r,
	      x1.status, x1.value, r1, differ(dst, PG, 0));
	/* Its STORE, our LOAD: refused, nothing in its memory either. */
	x2 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_DST, 0, 512, 0);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	c1 = peer(C_COUNT, 0, B_DST, 0, 0, 0);
	check("alg2: its STORE, our LOAD: EPROTO, its page untouched",
	      x2.r == 0 && r1 == -EPROTO && c1.r == 0, "%d, %d, %d moved",
	      x2.r, r1, c1.r);
	/* Our context id in its request: refused before the engine. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(dst), 512);
	f1 = peer(C_ACCESS, ULDMA_SH_LOAD, ULDMA_SH_VBIT + B_SRC, 0, 0, sc.ctx);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	check("alg2: its LOAD naming our context id: EINVAL, then our own LOAD starts ours",
	      f1.r == -EINVAL && r == 0 && r1 == 1 &&
	      moved(dst, 0, 512, 0x33, 0) == 0, "%d, %d %d, %u wrong", f1.r, r,
	      r1, moved(dst, 0, 512, 0x33, 0));
	memset(dst, 0, PG);
	/* Its DMA to the virtual address of our destination: its own page. */
	x3 = peer(C_MAP, 3, (uint64_t)(uintptr_t)dst, 0, 0x77, 0);
	c1 = peer(C_COPY, 256, B_SRC, (uint64_t)(uintptr_t)dst, 0, 0);
	x1 = peer(C_COUNT, 0, (uint64_t)(uintptr_t)dst, 0, 0xbb, 0);
	check("alg2: its DMA to our dst's address lands in its page, not ours",
	      x3.r == 0 && c1.r == 0 && x1.r == PG - 256 &&
	      differ(dst, PG, 0) == 0, "%d %d, %d not 0xbb there, %u here",
	      x3.r, c1.r, x1.r, differ(dst, PG, 0));
	/*
	 * No recorded argument outlives its page's pin: its STORE pending,
	 * it closes; a new context gets its id and LOADs: nothing starts,
	 * and the page it left (still its memory) is not written.
	 */
	x2 = peer(C_ACCESS, ULDMA_SH_STORE, ULDMA_SH_VBIT + B_DST, 0, 128, 0);
	x3 = peer(C_CLOSE, 0, 0, 0, 0, 0);
	{
		struct uldma_shadow_ctx s3;
		int fd3 = uldma_open();

		r = uldma_shadow_open(fd3, 2, &s3);
		r1 = uldma_shadow_map(fd3, src, ULDMA_SH_R_READ);
		r2 = uldma_shadow_load(fd3, uldma_shadow_addr(src), &v);
		c1 = peer(C_COUNT, 0, B_DST, 0, 0, 0);
		check("alg2: its STORE pending, it closes, a new context with its id LOADs: EPROTO, its old page not written",
		      x2.r == 0 && x3.r == 0 && r == 0 && s3.ctx == b.ctx &&
		      r1 == 0 && r2 == -EPROTO && c1.r == 0,
		      "%d %d %d, ctx %u, %d %d, %d written", x2.r, x3.r, r,
		      s3.ctx, r1, r2, c1.r);
		uldma_close(fd3);
	}
	peer_stop(pid);
	/* The same within one file: our STORE pending, its page unshadowed. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(dst), 128);
	r1 = uldma_shadow_unmap(fd, dst);
	r2 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	check("alg2: our STORE pending, its page unshadowed, then the LOAD: EPROTO, nothing written",
	      r == 0 && r1 == 0 && r2 == -EPROTO && differ(dst, PG, 0) == 0,
	      "%d %d %d, %u written", r, r1, r2, differ(dst, PG, 0));
	r = uldma_shadow_map(fd, dst, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	check("alg2: shadowed again", r == 0, "%d", r);

	/* Bad sizes: the engine's EFAULT, nothing moved. */
	uldma_shadow_store(fd, uldma_shadow_addr(dst), 0);
	r = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	uldma_shadow_store(fd, uldma_shadow_addr(dst + 4000), 100);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	uldma_shadow_store(fd, uldma_shadow_addr(dst), 5000);
	r2 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	check("alg2: size 0, crossing a page, 5000: EFAULT, FAILURE, nothing moved",
	      r == -EFAULT && r1 == -EFAULT && r2 == -EFAULT &&
	      v == ULDMA_SH_FAILURE && differ(dst, PG, 0) == 0, "%d %d %d, %u",
	      r, r1, r2, v);

	/* A read-only page: not shadowed for write, not written. */
	r = uldma_shadow_map(fd, ro, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 = uldma_shadow_map(fd, ro, ULDMA_SH_R_READ);
	r2 = uldma_shadow_store(fd, uldma_shadow_addr(ro), 64);
	check("alg2: a read-only page: shadowed for write EACCES, read-only 0, a STORE to it EACCES",
	      r == -EACCES && r1 == 0 && r2 == -EACCES, "%d %d %d", r, r1, r2);
	r = uldma_shadow_copy(&sc, src, ro, 64);
	check("alg2: a copy into it fails, the page unchanged",
	      r < 0 && differ(ro, PG, 0x5a) == 0, "%d, %u changed", r,
	      differ(ro, PG, 0x5a));
	r = uldma_shadow_store(fd, uldma_shadow_addr(src), 64);
	check("alg2: a STORE to the page shadowed read-only (src) EACCES",
	      r == -EACCES, "%d", r);
	r = uldma_shadow_copy(&sc, dst, src, 64);
	check("alg2: and a copy into it fails, unchanged", r == -EACCES &&
	      differ(src, PG, 0x33) == 0, "%d", r);

	/* Every algorithm-2 context id taken: ENOSPC. */
	{
		struct uldma_shadow_ctx s2;
		int fds[4], n, last = 0;

		for (n = 0; n < 4; n++) {
			fds[n] = uldma_open();
			last = uldma_shadow_open(fds[n], 2, &s2);
			if (last)
				break;
		}
		check("alg2: 4 context ids, the 4th open ENOSPC", n == 3 &&
		      last == -ENOSPC, "%d opened, %d", n, last);
		for (; n >= 0; n--)
			uldma_close(fds[n]);
	}
	uldma_close(fd);
}

/* ------------------------------------------------ algorithm 3 */

static void alg3(void)
{
	uint8_t *src = page_at(7, PROT_READ | PROT_WRITE, 0x44);
	uint8_t *dst = page_at(8, PROT_READ | PROT_WRITE, 0);
	struct uldma_shadow_ctx sc;
	uint64_t ss = uldma_shadow_addr(src + 50), sd = uldma_shadow_addr(dst + 10);
	uint32_t v[5] = { 9, 9, 9, 9, 9 };
	int fd = uldma_open(), r, rr[5], ok, i;
	struct rep b, x1, c1;
	pid_t pid;

	r = uldma_shadow_open(fd, 3, &sc);
	check("alg3: open", r == 0 && sc.ctx == 0 && sc.key == 0, "%d", r);
	r = uldma_shadow_map(fd, src, ULDMA_SH_R_READ);
	rr[0] = uldma_shadow_map(fd, dst, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	check("alg3: map", r == 0 && rr[0] == 0, "%d %d", r, rr[0]);

	/* Fig. 3 access by access: the bytes move at the fifth. */
	ok = 1;
	rr[0] = uldma_shadow_store(fd, sd, 2000);
	ok &= differ(dst, PG, 0) == 0;
	rr[1] = uldma_shadow_load(fd, ss, &v[1]);
	ok &= differ(dst, PG, 0) == 0;
	rr[2] = uldma_shadow_store(fd, sd, 2000);
	ok &= differ(dst, PG, 0) == 0;
	rr[3] = uldma_shadow_load(fd, ss, &v[3]);
	ok &= differ(dst, PG, 0) == 0;
	check("alg3: STORE, LOAD, STORE, LOAD: nothing moved, the LOADs SUCCESS",
	      ok && !rr[0] && !rr[1] && !rr[2] && !rr[3] &&
	      v[1] == ULDMA_SH_SUCCESS && v[3] == ULDMA_SH_SUCCESS,
	      "%d %d %d %d, %u %u", rr[0], rr[1], rr[2], rr[3], v[1], v[3]);
	rr[4] = uldma_shadow_load(fd, sd, &v[4]);
	check("alg3: the fifth (LOAD shadow(dst)): started, DONE, 2000 bytes at dst+10",
	      rr[4] == 1 && v[4] == ULDMA_SH_DONE &&
	      moved(dst, 10, 2000, 0x44, 0) == 0, "%d, %u, %u wrong", rr[4],
	      v[4], moved(dst, 10, 2000, 0x44, 0));
	memset(dst, 0, PG);

	/* The other process's access in the middle breaks our sequence. */
	pid = peer_start();
	b = peer(C_OPEN, 3, 0, 0, 0, 0);
	x1 = peer(C_MAP, 3, B_SRC, 0, 0xbb, 0);
	c1 = peer(C_MAP, 3, B_DST, 0, 0, 0);
	rr[0] = uldma_shadow_store(fd, sd, 100);
	rr[1] = uldma_shadow_load(fd, ss, &v[1]);
	rr[2] = uldma_shadow_store(fd, sd, 100);
	x1 = peer(C_ACCESS, ULDMA_SH_LOAD, ULDMA_SH_VBIT + B_SRC, 0, 0, 0);
	rr[3] = uldma_shadow_load(fd, ss, &v[3]);
	rr[4] = uldma_shadow_load(fd, sd, &v[4]);
	c1 = peer(C_COUNT, 0, B_DST, 0, 0, 0);
	check("alg3: its LOAD inside our sequence: EPROTO, ours fails (FAILURE), nothing moved anywhere",
	      b.r == 0 && x1.r == 0 && x1.status == -EPROTO && rr[3] == -EPROTO &&
	      v[3] == ULDMA_SH_FAILURE && rr[4] <= 0 && v[4] != ULDMA_SH_DONE &&
	      differ(dst, PG, 0) == 0 && c1.r == 0,
	      "%d, %d/%d, %d/%u, %d/%u, %u here, %d there", b.r, x1.r,
	      x1.status, rr[3], v[3], rr[4], v[4], differ(dst, PG, 0), c1.r);
	/* Both copy, interleaved access by access from our side. */
	rr[0] = uldma_shadow_store(fd, sd, 100);
	rr[1] = uldma_shadow_load(fd, ss, &v[1]);
	c1 = peer(C_COPY, 300, B_SRC, B_DST, 0, 0);
	r = uldma_shadow_copy(&sc, src + 50, dst + 10, 100);
	x1 = peer(C_COUNT, 0, B_DST, 0, 0xbb, 0);
	check("alg3: its whole copy between our accesses, then our copy: each its own bytes",
	      c1.r == 0 && r == 0 && moved(dst, 10, 100, 0x44, 0) == 0 &&
	      x1.r == PG - 300, "%d %d, %u wrong here, %d not 0xbb there",
	      c1.r, r, moved(dst, 10, 100, 0x44, 0), x1.r);
	peer_stop(pid);

	/* Bad size at the fifth: EFAULT, nothing moved. */
	memset(dst, 0, PG);
	for (i = 0; i < 2; i++) {
		uldma_shadow_store(fd, sd, 0);
		uldma_shadow_load(fd, ss, &v[1]);
	}
	rr[4] = uldma_shadow_load(fd, sd, &v[4]);
	check("alg3: size 0: EFAULT at the fifth, FAILURE, nothing moved",
	      rr[4] == -EFAULT && v[4] == ULDMA_SH_FAILURE &&
	      differ(dst, PG, 0) == 0, "%d, %u", rr[4], v[4]);
	r = uldma_shadow_copy(&sc, src, dst + 4000, 200);
	check("alg3: a copy crossing a page EFAULT, nothing moved",
	      r == -EFAULT && differ(dst, PG, 0) == 0, "%d", r);
	uldma_close(fd);
}

/* ------------------------------------------------ refusals at the door */

static void door(void)
{
	uint8_t *pg = page_at(9, PROT_READ | PROT_WRITE, 0x66);
	uint8_t *never = slot(10);	/* never mapped */
	struct uldma_shadow s;
	struct uldma_shadow_ctx sc;
	int fd = uldma_open(), r, r1, r2, n, last = 0;
	pid_t pid;

	memset(&s, 0, sizeof(s));
	s.op = ULDMA_SH_ACCESS;
	s.addr = uldma_shadow_addr(pg);
	r = raw(fd, &s);
	r1 = uldma_shadow_map(fd, pg, ULDMA_SH_R_READ);
	check("door: ACCESS and MAP before OPEN EBADFD", r == -EBADFD &&
	      r1 == -EBADFD, "%d %d", r, r1);
	r = uldma_shadow_open(fd, 4, &sc);
	r1 = uldma_shadow_open(fd, 0, &sc);
	check("door: algorithm 4 and 0 EINVAL", r == -EINVAL && r1 == -EINVAL,
	      "%d %d", r, r1);
	r = uldma_shadow_open(fd, 2, &sc);
	check("door: open algorithm 2", r == 0, "%d", r);
	r = uldma_shadow_map(fd, pg, 0);
	r1 = uldma_shadow_map(fd, pg, 4);
	r2 = uldma_shadow_map(fd, (void *)(uintptr_t)ULDMA_SH_VBIT, 1);
	check("door: rights 0 and 4 EINVAL, a page at 2^46 ERANGE",
	      r == -EINVAL && r1 == -EINVAL && r2 == -ERANGE, "%d %d %d", r,
	      r1, r2);
	r = uldma_shadow_map(fd, never, ULDMA_SH_R_READ);
	check("door: unmapped memory EFAULT", r == -EFAULT, "%d", r);
	r = uldma_shadow_map(fd, pg, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 = uldma_shadow_map(fd, pg + 100, ULDMA_SH_R_READ);
	check("door: map, the same page again EBUSY", r == 0 && r1 == -EBUSY,
	      "%d %d", r, r1);
	r = uldma_shadow_store(fd, uldma_shadow_addr(never), 8);
	r1 = uldma_shadow_store(fd, (uint64_t)(uintptr_t)pg, 8);
	r2 = uldma_shadow_store(fd, 2 * ULDMA_SH_VBIT + (uint64_t)(uintptr_t)pg, 8);
	check("door: an unshadowed page ENOENT, a plain VA and past the shadow range ERANGE",
	      r == -ENOENT && r1 == -ERANGE && r2 == -ERANGE, "%d %d %d", r,
	      r1, r2);
	r = uldma_shadow_store(fd, ULDMA_SH_REG, 8);
	check("door: the register page without algorithm 1 ERANGE",
	      r == -ERANGE, "%d", r);
	r = uldma_shadow_access(fd, 2, uldma_shadow_addr(pg), 8, NULL);
	memset(&s, 0, sizeof(s));
	s.op = 9;
	r1 = raw(fd, &s);
	memset(&s, 0, sizeof(s));
	s.op = ULDMA_SH_ACCESS;
	s.addr = uldma_shadow_addr(pg);
	s.flags = 1;
	r2 = raw(fd, &s);
	check("door: kind 2, op 9, flags EINVAL", r == -EINVAL && r1 == -EINVAL &&
	      r2 == -EINVAL, "%d %d %d", r, r1, r2);
	memset(&s, 0, sizeof(s));
	s.op = ULDMA_SH_ACCESS;
	s.addr = uldma_shadow_addr(pg);
	s.key = 5;
	r = raw(fd, &s);
	check("door: a key in the request EINVAL", r == -EINVAL, "%d", r);
	pid = fork();
	if (pid == 0)
		_exit(uldma_shadow_store(fd, uldma_shadow_addr(pg), 8) == -EINVAL ?
		      0 : 1);
	{
		int ws = 0;

		waitpid(pid, &ws, 0);
		check("door: the file used by a forked child EINVAL",
		      WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "status %#x", ws);
	}
	r = uldma_shadow_unmap(fd, pg);
	r1 = uldma_shadow_store(fd, uldma_shadow_addr(pg), 8);
	r2 = uldma_shadow_unmap(fd, pg);
	check("door: unmapped shadow: ENOENT, unmap again ENOENT", r == 0 &&
	      r1 == -ENOENT && r2 == -ENOENT, "%d %d %d", r, r1, r2);
	for (n = 0; n < 17; n++) {
		last = uldma_shadow_map(fd, page_at(11 + (unsigned int)n,
						    PROT_READ, 0), ULDMA_SH_R_READ);
		if (last)
			break;
	}
	check("door: 16 pages shadowed, the 17th ENOSPC", n == 16 &&
	      last == -ENOSPC, "%d, %d", n, last);
	check("door: sh_pins_held 16", counter("sh_pins_held") == 16, "%ld",
	      counter("sh_pins_held"));
	uldma_close(fd);
	check("door: closed: sh_pins_held 0", counter("sh_pins_held") == 0,
	      "%ld", counter("sh_pins_held"));
}

/* ------------------------------------------------ the memory changes */

static void inval(void)
{
	uint8_t *src = page_at(30, PROT_READ | PROT_WRITE, 0x55);
	uint8_t *d1 = page_at(31, PROT_READ | PROT_WRITE, 0);
	uint8_t *d2 = page_at(32, PROT_READ | PROT_WRITE, 0);
	uint8_t *d3 = page_at(33, PROT_READ | PROT_WRITE, 0);
	uint8_t *d4 = page_at(34, PROT_READ | PROT_WRITE, 0);
	uint8_t *d5 = page_at(35, PROT_READ | PROT_WRITE, 0x77);
	long inv0 = counter("sh_invalidated"), dg0 = counter("sh_downgraded");
	struct uldma_shadow_ctx sc;
	int fd = uldma_open(), r, r1, r2, ws = 0;
	uint32_t v = 9;
	pid_t pid;

	r = uldma_shadow_open(fd, 2, &sc);
	r1 = uldma_shadow_map(fd, src, ULDMA_SH_R_READ);
	r1 |= uldma_shadow_map(fd, d1, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 |= uldma_shadow_map(fd, d2, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 |= uldma_shadow_map(fd, d3, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 |= uldma_shadow_map(fd, d4, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 |= uldma_shadow_map(fd, d5, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	check("inval: open, 6 pages shadowed", r == 0 && r1 == 0 &&
	      counter("sh_pins_held") == 6, "%d %d, %ld pinned", r, r1,
	      counter("sh_pins_held"));
	/* Made read-only after it was shadowed for write: read-only shadow. */
	mprotect(d1, PG, PROT_READ);
	r = uldma_shadow_copy(&sc, src, d1, 64);
	r1 = uldma_shadow_copy(&sc, d1, d5, 64);
	check("inval: mprotect read-only: its shadow lowered to read (a copy into it EACCES, not written, one from it moves), still pinned",
	      r == -EACCES && differ(d1, PG, 0) == 0 && r1 == 0 &&
	      moved(d5, 0, 64, 0, 0x77) == 0 &&
	      counter("sh_downgraded") - dg0 == 1 &&
	      counter("sh_pins_held") == 6, "%d %d, %u written, %ld pinned",
	      r, r1, differ(d1, PG, 0), counter("sh_pins_held"));
	r = uldma_shadow_map(fd, d1, ULDMA_SH_R_READ | ULDMA_SH_R_WRITE);
	r1 = uldma_shadow_map(fd, d1, ULDMA_SH_R_READ);
	check("inval: shadowed again: for write EACCES, read-only EBUSY (it is)",
	      r == -EACCES && r1 == -EBUSY, "%d %d", r, r1);
	/* Our STORE pending to a page then made read-only: forgotten. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(d5), 128);
	mprotect(d5, PG, PROT_READ);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	check("inval: mprotect read-only with a STORE pending to it: the LOAD EPROTO, nothing written",
	      r == 0 && r1 == -EPROTO && v == ULDMA_SH_FAILURE &&
	      moved(d5, 0, 64, 0, 0x77) == 0, "%d %d/%u, %u differ", r, r1,
	      v, moved(d5, 0, 64, 0, 0x77));
	/* No right left: the shadow goes. */
	mprotect(d1, PG, PROT_NONE);
	r = uldma_shadow_load(fd, uldma_shadow_addr(d1), &v);
	check("inval: mprotect PROT_NONE: its shadow gone (ENOENT), unpinned",
	      r == -ENOENT && counter("sh_pins_held") == 5, "%d, %ld pinned",
	      r, counter("sh_pins_held"));
	/* Unmapped with our STORE pending to it. */
	r = uldma_shadow_store(fd, uldma_shadow_addr(d2), 128);
	munmap(d2, PG);
	r1 = uldma_shadow_load(fd, uldma_shadow_addr(src), &v);
	r2 = uldma_shadow_store(fd, uldma_shadow_addr(d2), 8);
	check("inval: munmap with a STORE pending to it: the LOAD EPROTO, then ENOENT",
	      r == 0 && r1 == -EPROTO && v == ULDMA_SH_FAILURE &&
	      r2 == -ENOENT, "%d %d/%u %d", r, r1, v, r2);
	madvise(d3, PG, MADV_DONTNEED);
	/* A new frame at the same address before the next call looks. */
	d3[100] = 0x5a;
	r = uldma_shadow_store(fd, uldma_shadow_addr(d3), 8);
	check("inval: MADV_DONTNEED, then a write (a new frame there): ENOENT",
	      r == -ENOENT, "%d", r);
	/* Every right kept (exec added): the shadow stays as it is. */
	mprotect(d4, PG, PROT_READ | PROT_WRITE | PROT_EXEC);
	r = uldma_shadow_copy(&sc, src, d4, 100);
	check("inval: mprotect leaving every right: its shadow kept, a copy into it moves",
	      r == 0 && moved(d4, 0, 100, 0x55, 0) == 0, "%d", r);
	pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, &ws, 0);
	r = uldma_shadow_copy(&sc, src, d4, 4096);
	check("inval: a fork and its child's exit leave a shadow alive",
	      r == 0 && differ(d4, PG, 0x55) == 0, "%d", r);
	check("inval: 3 invalidations, 2 downgrades counted, 3 pages pinned",
	      counter("sh_invalidated") - inv0 == 3 &&
	      counter("sh_downgraded") - dg0 == 2 &&
	      counter("sh_pins_held") == 3, "%ld, %ld, %ld",
	      counter("sh_invalidated") - inv0,
	      counter("sh_downgraded") - dg0, counter("sh_pins_held"));
	uldma_close(fd);
}

/*
 * A VMA split in the same 2 MB block as a shadowed page changes none of
 * its frames, but Linux 6.1 "splits" a huge PMD over the whole block
 * first (vma_adjust_trans_huge -> __split_huge_pmd), sending
 * MMU_NOTIFY_CLEAR to every notifier over it whether or not one is there
 * -- when the block lies inside the VMA being split.  The shadows must
 * stay, and so must a STORE pending to one: a munmap of a page 1 MB away
 * (one 6 MB mapping) and an mprotect of a page 1 MB away (another) leave
 * the shadows of two pages near the end of the block.  sh_held must grow
 * in each (else the kernel sent no clear and the case proved nothing).
 */
#define SPLIT_BASE	(ARENA + 0x4000000ull)	/* 64 MB up: 2 MB-aligned */
#define MIB		0x100000u

static void split(void)
{
	long inv0 = counter("sh_invalidated"), h;
	struct uldma_shadow_ctx sc;
	uint8_t *big, *b2, *src, *dst;
	int fd = uldma_open(), r, r1, r2, c;
	uint32_t v = 9;

	r = uldma_shadow_open(fd, 2, &sc);
	for (c = 0; c < 2; c++) {
		big = mmap((void *)(uintptr_t)(SPLIT_BASE + c * 8ull * MIB),
			   6 * MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			   MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (big != (void *)(uintptr_t)(SPLIT_BASE + c * 8ull * MIB)) {
			check("split: 6 MB mapping", 0, "%s", strerror(errno));
			return;
		}
		b2 = big + 2 * MIB;	/* the block [b2, b2 + 2 MB)    */
		src = b2 + 2 * MIB - 3 * PG;
		dst = b2 + 2 * MIB - 2 * PG;
		memset(src, 0x3c, PG);
		memset(dst, 0, PG);
		r1 = uldma_shadow_map(fd, src, ULDMA_SH_R_READ);
		r1 |= uldma_shadow_map(fd, dst, ULDMA_SH_R_READ |
				       ULDMA_SH_R_WRITE);
		h = counter("sh_held");
		if (c == 0) {
			/* A STORE pending to dst, a split, then the LOAD. */
			r2 = uldma_shadow_store(fd,
						uldma_shadow_addr(dst + 100),
						300);
			r2 |= munmap(b2 + MIB, PG);
			h = counter("sh_held") - h;
			r2 |= uldma_shadow_load(fd, uldma_shadow_addr(src),
						&v) != 1;
			check("split: munmap of a page 1 MB away in the 2 MB block of a STORE pending to a shadowed page: the LOAD starts it, 300 bytes land",
			      r == 0 && r1 == 0 && r2 == 0 && h >= 2 &&
			      v == ULDMA_SH_SUCCESS &&
			      moved(dst, 100, 300, 0x3c, 0) == 0,
			      "%d %d %d/%u, held %ld, %u wrong", r, r1, r2, v,
			      h, moved(dst, 100, 300, 0x3c, 0));
		} else {
			r2 = mprotect(b2 + MIB, PG, PROT_READ);
			h = counter("sh_held") - h;
			r2 |= uldma_shadow_copy(&sc, src, dst, 64);
			check("split: mprotect of a page 1 MB away in the block: shadows kept, a copy moves 64 bytes",
			      r1 == 0 && r2 == 0 && h >= 2 &&
			      moved(dst, 0, 64, 0x3c, 0) == 0,
			      "%d %d, held %ld, %u wrong", r1, r2, h,
			      moved(dst, 0, 64, 0x3c, 0));
		}
		r = uldma_shadow_map(fd, dst, ULDMA_SH_R_READ);
		r1 = uldma_shadow_unmap(fd, src);
		r1 |= uldma_shadow_unmap(fd, dst);
		check(c ? "split: ... (mprotect) no shadow invalidated, still there (MAP again EBUSY)" :
		      "split: ... (munmap) no shadow invalidated, still there (MAP again EBUSY)",
		      r == -EBUSY && r1 == 0 &&
		      counter("sh_invalidated") == inv0,
		      "%d %d, %ld invalidated", r, r1,
		      counter("sh_invalidated") - inv0);
		munmap(big, 6 * MIB);
	}
	uldma_close(fd);
}

int main(void)
{
	struct uldma_query q;
	int fd = uldma_open(), r;

	r = fd < 0 ? fd : uldma_query(fd, &q);
	check("open, query ABI 10", r == 0 && q.abi_version >= 10, "%d, abi %u",
	      r, r == 0 ? q.abi_version : 0);
	if (r)
		return 1;
	uldma_close(fd);
	alg1();
	alg2();
	alg3();
	inval();
	split();
	door();
	printf("shadow: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
