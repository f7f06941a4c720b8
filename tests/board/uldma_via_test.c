// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_via_test.c -- the virtual interfaces of uldma.ko (ABI
 * 11, VIA; kmod/uldma_via.c; docs/homes.md "Virtual interfaces"): seed
 * 002's descriptors run by the verified src/eng_via.c through the two
 * nodes' translation-and-protection tables, one ioctl per doorbell write.
 *
 *   - a granted descriptor moves exactly its bytes (the bytes around
 *     untouched), also cut across page ends on both sides, and a whole
 *     1 MiB descriptor;
 *   - a wrong tag is refused with EACCES and moves nothing: another VI of
 *     ours (its tag differs) naming the pages of the first, on the source
 *     and on the destination side;
 *   - a descriptor that runs into a page not exported (destination, then
 *     source) stops there: the bytes before it moved, one completion
 *     carrying ENOENT;
 *   - another process (forked, its own file): cannot use our file
 *     (EINVAL), post on our VI (ENOENT), move our pages with its own VI
 *     (EACCES), name a tag in a request (EINVAL), import by a guessed
 *     handle (ENOKEY), withdraw our export or destroy our VI (ENOENT),
 *     write through a window it never imported (ENOENT) -- our pages
 *     untouched; and a page it exported and handed us the handle of is
 *     written by our descriptor;
 *   - malformed descriptors (len 0, above 1 MiB, la or ra wrapping)
 *     complete once with EINVAL / EOVERFLOW, nothing moved; bad requests
 *     refused with a defined error;
 *   - withdrawing an export takes its import windows with it; destroying
 *     a VI takes its entries; an exported page stays the exported one
 *     across fork (the pin); closing leaves via_pins_held 0;
 *   - the memory changing under an export (its interval notifier): a page
 *     exported for importers to write then unmapped (a memfd page, still
 *     mapped at a second address to watch its frame), made read-only
 *     (mprotect) or dropped (MADV_DONTNEED), a source page unmapped, and
 *     an exporting process exiting while another holds its file and an
 *     import of its page: each later descriptor onto it is refused with
 *     one completion and writes nothing into the frame that was there;
 *     the pins go at the next VIA call.  What leaves the frames mapped as
 *     they were (a VMA split in the export's 2 MB, an mprotect lowering
 *     nothing) keeps the export: its descriptors land.
 * Every descriptor's completion is counted: exactly one per POST that
 * reached the engine (debugfs via_posts, via_completed_ok/_err).
 * One line per check, then "via: N/N checks passed"; exit 0 iff all held.
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
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "via"
#include "board_check.h"

#define PG	4096u
#define MIB	0x100000u

static uint8_t *pages(unsigned int n, int fill)
{
	void *m = mmap(NULL, (size_t)n * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED) {
		printf("via: mmap: %s\n", strerror(errno));
		exit(1);
	}
	memset(m, fill, (size_t)n * PG);
	return m;
}

static void pattern(uint8_t *p, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7u + seed + (i >> 8));
}

/* [p, p + n) all equal to c. */
static int all(const uint8_t *p, size_t n, int c)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] != (uint8_t)c)
			return 0;
	}
	return 1;
}

/* Completions counted by the module so far. */
static long completions(void)
{
	return counter("via_completed_ok") + counter("via_completed_err");
}

/* POST one descriptor; the completion in *v; and exactly one counted. */
static int post1(int fd, uint32_t vi, uint64_t la, uint64_t ra, uint32_t len,
		 struct uldma_via *v, int *one)
{
	long c0 = completions(), p0 = counter("via_posts");
	int r = uldma_via_post(fd, vi, la, ra, len, v);

	*one = completions() == c0 + 1 && counter("via_posts") == p0 + 1;
	return r;
}

/* Pass the descriptor fd over the Unix socket s (SCM_RIGHTS): 0 or -1. */
static int fd_send(int s, int fd)
{
	char c = 'f', buf[CMSG_SPACE(sizeof(int))];
	struct iovec io = { .iov_base = &c, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &io, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm;

	memset(buf, 0, sizeof(buf));
	cm = CMSG_FIRSTHDR(&m);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(s, &m, 0) == 1 ? 0 : -1;
}

/* The descriptor fd_send sent, or -1. */
static int fd_recv(int s)
{
	char c, buf[CMSG_SPACE(sizeof(int))];
	struct iovec io = { .iov_base = &c, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &io, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm;
	int fd = -1;

	if (recvmsg(s, &m, 0) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&m);
	if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

/*
 * The exporter that exits: its own file and VI export the shared page s
 * for importers to write, hand the handle and the file (SCM_RIGHTS, so
 * the file outlives this process) to the parent, and exit when told.
 */
static void exiter(int sk, uint8_t *s)
{
	uint64_t h = 0;
	int fd = uldma_open(), b;
	char go;

	b = fd >= 0 ? uldma_via_create(fd, NULL) : -1;
	if (b < 0 || uldma_via_export(fd, (uint32_t)b, ULDMA_VIA_NODE_REMOTE,
				      s, PG, NULL, &h))
		_exit(2);
	if (sock_io(sk, &h, sizeof(h), 1) || fd_send(sk, fd))
		_exit(3);
	if (sock_io(sk, &go, 1, 0))
		_exit(4);
	_exit(0);
}

/* A memfd page mapped twice (shared): *watch sees the frame of the other. */
static uint8_t *twice(uint8_t **watch, int fill)
{
	int mfd = (int)syscall(SYS_memfd_create, "via", 0);
	void *a, *b;

	if (mfd < 0 || ftruncate(mfd, PG)) {
		printf("via: memfd: %s\n", strerror(errno));
		exit(1);
	}
	a = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	b = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	close(mfd);
	if (a == MAP_FAILED || b == MAP_FAILED) {
		printf("via: memfd mmap: %s\n", strerror(errno));
		exit(1);
	}
	memset(a, fill, PG);
	*watch = b;
	return a;
}

/*
 * The memory under an export changes (its interval notifier, before the
 * call returns): every later descriptor onto it refused, nothing written
 * into the frame that was there; the pins go at the next VIA call.
 */
static void memory_changes(int fd, uint32_t a)
{
	uint8_t *s, *m, *watch, *p, *sh, *big, *b2;
	uint64_t las = 0, ls = 0, h = 0, ra = 0, ra1;
	struct uldma_via v;
	long pins0, inv0, held0, kept0;
	int r, ok, one, sk[2], efd, st;
	pid_t pid;

	s = pages(1, 0);
	pattern(s, PG, 3);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_LOCAL, s, PG, &las, NULL);
	check("memory changes: a source of VI a exported", r == 0, "%d", r);
	pins0 = counter("via_pins_held");
	inv0 = counter("via_invalidated");

	/* munmap of a page exported for importers to write. */
	m = twice(&watch, 0x61);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, m, PG, NULL, &h);
	ok = r == 0 && uldma_via_import(fd, a, h, &ra) == 0;
	r = post1(fd, a, las, ra + 100, 50, &v, &one);
	check("memfd page exported and imported: 50 bytes land in its frame",
	      ok && r == 0 && one && v.status == 0 && v.moved == 50 &&
	      memcmp(watch + 100, s, 50) == 0 && all(watch, 100, 0x61) &&
	      counter("via_pins_held") == pins0 + 1,
	      "%d, status %d moved %u", r, v.status, v.moved);
	munmap(m, PG);
	check("munmap of the exported page: withdrawn before munmap returns",
	      counter("via_invalidated") == inv0 + 1 &&
	      uldma_via_unexport(fd, h) == -ENOENT, "invalidated %ld",
	      counter("via_invalidated") - inv0);
	r = post1(fd, a, las + 200, ra + 1000, 64, &v, &one);
	check("munmap: a descriptor onto it refused (ENOENT, one completion), nothing written into its frame",
	      r == 0 && one && v.status == -ENOENT && v.moved == 0 &&
	      memcmp(watch + 100, s, 50) == 0 && all(watch, 100, 0x61) &&
	      all(watch + 150, PG - 150, 0x61),
	      "%d, status %d moved %u", r, v.status, v.moved);
	check("munmap: its pin dropped at the next VIA call",
	      counter("via_pins_held") == pins0, "pins %ld",
	      counter("via_pins_held") - pins0);

	/*
	 * munmap of an exported source page.  The new export for writing
	 * takes the withdrawn one's entries (first fit): the old window
	 * must not reach it.
	 */
	ra1 = ra;
	munmap(watch, PG);
	p = pages(1, 0x13);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_LOCAL, p, PG, &ls, NULL);
	m = twice(&watch, 0x62);
	ok = r == 0 &&
	     uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, m, PG, NULL,
			      &h) == 0;
	r = post1(fd, a, las, ra1, 100, &v, &one);
	check("munmap: the old window ENOENT, also after a new export took its entries",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 0 &&
	      all(watch, PG, 0x62), "%d, status %d moved %u", r, v.status,
	      v.moved);
	ok = ok && uldma_via_import(fd, a, h, &ra) == 0;
	munmap(p, PG);
	r = post1(fd, a, ls, ra, 100, &v, &one);
	check("munmap of an exported source page: a descriptor from it ENOENT, nothing moved",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 0 &&
	      all(watch, PG, 0x62), "%d, status %d moved %u", r, v.status,
	      v.moved);
	uldma_via_unexport(fd, h);
	munmap(m, PG);
	munmap(watch, PG);

	/* mprotect read-only of a page exported for writing. */
	p = pages(1, 0x55);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, p, PG, NULL, &h);
	ok = r == 0 && uldma_via_import(fd, a, h, &ra) == 0;
	r = mprotect(p, PG, PROT_READ);
	ok = ok && r == 0;
	r = post1(fd, a, las, ra, 100, &v, &one);
	check("mprotect read-only of a page exported for writing: a descriptor into it ENOENT, page unchanged",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 0 &&
	      all(p, PG, 0x55), "%d, status %d moved %u", r, v.status,
	      v.moved);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, p, PG, NULL, NULL);
	check("mprotect: exported again for writing EACCES",
	      r == -EACCES, "%d", r);
	munmap(p, PG);

	/* MADV_DONTNEED of a page exported for writing. */
	p = pages(1, 0x66);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, p, PG, NULL, &h);
	ok = r == 0 && uldma_via_import(fd, a, h, &ra) == 0;
	ok = ok && madvise(p, PG, MADV_DONTNEED) == 0;
	/* A new frame at the same address before the next VIA call. */
	p[PG - 1] = 0x5a;
	r = post1(fd, a, las, ra, 100, &v, &one);
	check("MADV_DONTNEED of an exported page, then a write (a new frame there): a descriptor into it ENOENT, the new page zero but our byte",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 0 &&
	      all(p, PG - 1, 0) && p[PG - 1] == 0x5a,
	      "%d, status %d moved %u", r, v.status, v.moved);
	munmap(p, PG);

	/*
	 * What leaves the frames mapped as they were keeps the export (held
	 * by the notifier, found in place at the next VIA call): a VMA
	 * split within the same 2 MB (the kernel then "splits" a huge PMD
	 * over those 2 MB, whether or not one is there -- this was the
	 * spurious withdrawal of session 22), and an mprotect that lowers
	 * nothing.
	 */
	big = mmap(NULL, 6 * MIB, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (big == MAP_FAILED) {
		check("6 MB mapping", 0, "%s", strerror(errno));
		return;
	}
	b2 = (uint8_t *)(((uintptr_t)big + 2 * MIB - 1) &
			 ~(uintptr_t)(2 * MIB - 1));
	p = b2 + 2 * MIB - 2 * PG;	/* in the 2 MB block [b2, b2 + 2 MB) */
	memset(p, 0x77, PG);
	r = uldma_via_export(fd, a, ULDMA_VIA_NODE_REMOTE, p, PG, NULL, &h);
	ok = r == 0 && uldma_via_import(fd, a, h, &ra) == 0;
	inv0 = counter("via_invalidated");
	held0 = counter("via_inval_held");
	kept0 = counter("via_inval_kept");
	ok = ok && munmap(b2 + MIB, PG) == 0;	/* same block, not the export */
	r = post1(fd, a, las, ra + 100, 50, &v, &one);
	check("a VMA split in the export's 2 MB (a huge-PMD split that is not there): export kept, 50 bytes land",
	      ok && r == 0 && one && v.status == 0 && v.moved == 50 &&
	      memcmp(p + 100, s, 50) == 0 && all(p, 100, 0x77) &&
	      all(p + 150, PG - 150, 0x77) &&
	      counter("via_invalidated") == inv0 &&
	      counter("via_inval_kept") - kept0 ==
	      counter("via_inval_held") - held0,
	      "%d, status %d moved %u, held %ld kept %ld", r, v.status,
	      v.moved, counter("via_inval_held") - held0,
	      counter("via_inval_kept") - kept0);
	ok = mprotect(p, PG, PROT_READ | PROT_WRITE | PROT_EXEC) == 0;
	r = post1(fd, a, las + 300, ra + 300, 40, &v, &one);
	check("mprotect adding exec (nothing lowered): export kept, 40 bytes land",
	      ok && r == 0 && one && v.status == 0 && v.moved == 40 &&
	      memcmp(p + 300, s + 300, 40) == 0 &&
	      counter("via_invalidated") == inv0 &&
	      uldma_via_unexport(fd, h) == 0, "%d, status %d moved %u", r,
	      v.status, v.moved);
	munmap(big, 6 * MIB);

	/* An exporter exits while we hold its file and an import of it. */
	sh = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		  -1, 0);
	if (sh == MAP_FAILED || socketpair(AF_UNIX, SOCK_STREAM, 0, sk)) {
		check("exiter: shared page, socketpair", 0, "%s",
		      strerror(errno));
		return;
	}
	memset(sh, 0x24, PG);
	pid = fork();
	if (pid == 0) {
		close(sk[0]);
		exiter(sk[1], sh);
	}
	close(sk[1]);
	h = 0;
	r = sock_io(sk[0], &h, sizeof(h), 0);
	efd = r ? -1 : fd_recv(sk[0]);
	ok = efd >= 0 && uldma_via_import(fd, a, h, &ra) == 0;
	r = post1(fd, a, las, ra + 500, 80, &v, &one);
	check("another process's export imported: 80 bytes land in its page",
	      ok && r == 0 && one && v.status == 0 && v.moved == 80 &&
	      memcmp(sh + 500, s, 80) == 0, "%d, status %d moved %u", r,
	      v.status, v.moved);
	inv0 = counter("via_invalidated");
	r = sock_io(sk[0], "x", 1, 1);
	waitpid(pid, &st, 0);
	ok = counter("via_invalidated") == inv0 + 1;
	r = post1(fd, a, las + 1000, ra + 2000, 80, &v, &one);
	check("it exited (its file still open, held by us): our descriptor onto its page ENOENT, nothing written",
	      ok && WIFEXITED(st) && WEXITSTATUS(st) == 0 && r == 0 && one &&
	      v.status == -ENOENT && v.moved == 0 &&
	      memcmp(sh + 500, s, 80) == 0 && all(sh, 500, 0x24) &&
	      all(sh + 580, PG - 580, 0x24),
	      "exit %#x, %d, status %d moved %u", st, r, v.status, v.moved);
	close(efd);
	close(sk[0]);
	munmap(sh, PG);
	check("its file closed by us: the pins back",
	      counter("via_pins_held") == pins0, "pins %ld",
	      counter("via_pins_held") - pins0);
	/* Not a check: which events withdrew exports (for a failing run). */
	printf("via: withdrawals by event: unmap %ld clear %ld mprotect %ld release %ld (held %ld, kept %ld)\n",
	       counter("via_inval_unmap"), counter("via_inval_clear"),
	       counter("via_inval_mprotect"), counter("via_inval_release"),
	       counter("via_inval_held"), counter("via_inval_kept"));
}

/* What the other process saw, in order (the parent checks them). */
enum {
	C_OUR_FILE, C_OUR_VI, C_OWN_VI_OUR_PAGES, C_OWN_SRC_OUR_WIN,
	C_OWN_SRC_OUR_WIN_MOVED, C_TAG_IN_REQ, C_GUESS, C_UNEXPORT_OURS,
	C_DESTROY_OURS, C_NO_WINDOW, C_N
};

struct parent_info {
	int fd;
	uint32_t vi, tag;
	uint64_t la, ra, hsrc, hdst;
};

static int child(int sk, const struct parent_info *pi)
{
	struct uldma_via v;
	int res[C_N], fd, r, b, ok;
	uint64_t lb = 0, hb = 0;
	uint8_t *src = pages(1, 0x5a), *dst = pages(1, 0x11);
	uint32_t tb = 0;
	char go;

	memset(res, 0, sizeof(res));
	/* The parent's file in this process: not its opener. */
	res[C_OUR_FILE] = uldma_via_post(pi->fd, pi->vi, pi->la, pi->ra, 16,
					 NULL);
	fd = uldma_open();
	b = fd >= 0 ? uldma_via_create(fd, &tb) : -1;
	if (b < 0 || uldma_via_export(fd, (uint32_t)b, ULDMA_VIA_NODE_LOCAL,
				      src, PG, &lb, NULL))
		_exit(2);
	/* Our VI, our source, a part of our window nothing wrote yet. */
	res[C_OUR_VI] = uldma_via_post(fd, pi->vi, pi->la, pi->ra + 12200, 16,
				       NULL);
	r = uldma_via_post(fd, (uint32_t)b, pi->la, pi->ra, 100, &v);
	res[C_OWN_VI_OUR_PAGES] = r ? r : v.status;
	r = uldma_via_post(fd, (uint32_t)b, lb, pi->ra, 100, &v);
	res[C_OWN_SRC_OUR_WIN] = r ? r : v.status;
	res[C_OWN_SRC_OUR_WIN_MOVED] = r ? -1 : (int)v.moved;
	memset(&v, 0, sizeof(v));
	v.op = ULDMA_VIA_POST;
	v.vi = (uint32_t)b;
	v.tag = pi->tag;	/* our tag, our source, our window */
	v.la = pi->la;
	v.ra = pi->ra + 12100;
	v.plen = 100;
	res[C_TAG_IN_REQ] = ioctl(fd, ULDMA_IOC_VIA, &v) ? -errno : v.status;
	res[C_GUESS] = uldma_via_import(fd, (uint32_t)b, pi->hdst ^ 1, NULL);
	res[C_UNEXPORT_OURS] = uldma_via_unexport(fd, pi->hdst);
	res[C_DESTROY_OURS] = uldma_via_destroy(fd, pi->vi);
	r = uldma_via_post(fd, (uint32_t)b, lb, 1ull << 29, 100, &v);
	res[C_NO_WINDOW] = r ? r : v.status;
	if (sock_io(sk, res, sizeof(res), 1))
		_exit(3);
	/* A page of ours for the parent to write: its handle handed over. */
	if (uldma_via_export(fd, (uint32_t)b, ULDMA_VIA_NODE_REMOTE, dst, PG,
			     NULL, &hb) || sock_io(sk, &hb, sizeof(hb), 1))
		_exit(4);
	if (sock_io(sk, &go, 1, 0))
		_exit(5);
	/* The parent's source holds pattern 1: its first 600 bytes. */
	pattern(src, 600, 1);
	ok = memcmp(dst + 1000, src, 600) == 0 && all(dst, 1000, 0x11) &&
	     all(dst + 1600, PG - 1600, 0x11);
	if (sock_io(sk, &ok, sizeof(ok), 1))
		_exit(6);
	close(fd);
	_exit(0);
}

int main(void)
{
	struct uldma_query q;
	struct uldma_via v;
	struct parent_info pi;
	uint8_t *src, *dst, *dst2, *dst3, *src2, *big, *bigd, *ro, *want;
	uint64_t la0 = 0, hs = 0, hd = 0, ra0 = 0, la2 = 0, hd2 = 0, ra2 = 0;
	uint64_t lab = 0, rab = 0, hbs = 0, hbd = 0, h = 0, la = 0, ra = 0;
	uint32_t ta = 0, ta2 = 0, moved = 0;
	int fd, a, a2, r, one, sk[2], res[C_N], ok, i, vis[ULDMA_VIA_NVI], n;
	long pins0, c0;
	pid_t pid;

	fd = uldma_open();
	r = fd >= 0 ? uldma_query(fd, &q) : fd;
	check("open, query ABI 11", r == 0 && q.abi_version >= 11,
	      "%d, abi %u", r, r == 0 ? q.abi_version : 0);
	if (r)
		goto out;
	a = uldma_via_create(fd, &ta);
	a2 = uldma_via_create(fd, &ta2);
	check("two VIs: distinct numbers and tags, tags from the kernel",
	      a >= 0 && a2 >= 0 && a != a2 && ta && ta2 && ta != ta2,
	      "vi %d tag %u, vi %d tag %u", a, ta, a2, ta2);
	if (a < 0 || a2 < 0)
		goto out;

	src = pages(4, 0);
	pattern(src, 4 * PG, 1);
	dst = pages(4, 0xee);
	want = pages(4, 0xee);
	pins0 = counter("via_pins_held");
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_LOCAL, src, 4 * PG,
			     &la0, &hs);
	ok = r == 0;
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_REMOTE, dst,
			     4 * PG, NULL, &hd);
	ok = ok && r == 0 && hs && hd && hs != hd;
	r = uldma_via_import(fd, (uint32_t)a, hd, &ra0);
	check("export the source (node 0) and the destination (node 1), import it",
	      ok && r == 0 && ra0 % ULDMA_VIA_IMPORT_PAGE == 0 &&
	      counter("via_pins_held") == pins0 + 8,
	      "%d, la %#llx ra %#llx, pins %ld", r, (unsigned long long)la0,
	      (unsigned long long)ra0, counter("via_pins_held") - pins0);

	/* Granted: exactly the bytes. */
	r = post1(fd, (uint32_t)a, la0, ra0, 1000, &v, &one);
	memcpy(want, src, 1000);
	check("granted: 1000 bytes moved, one completion OK, nothing else",
	      r == 0 && one && v.status == 0 && v.core_status == 0 &&
	      v.moved == 1000 && memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d moved %u one %d", r, v.status, v.moved, one);
	/* Cut at the page ends of both sides (source +100, destination
	 * +3000: 9000 bytes, pieces end at 3996, 4096 - 3000 ...). */
	r = post1(fd, (uint32_t)a, la0 + 100, ra0 + 3000, 9000, &v, &one);
	memcpy(want + 3000, src + 100, 9000);
	check("granted across pages on both sides: 9000 bytes exact",
	      r == 0 && one && v.status == 0 && v.moved == 9000 &&
	      memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);

	/* A tag that differs: VI a2 naming a's pages. */
	r = post1(fd, (uint32_t)a2, la0, ra0, 100, &v, &one);
	check("wrong tag (our other VI, both sides a's): EACCES, nothing moved",
	      r == 0 && one && v.status == -EACCES && v.moved == 0 &&
	      memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);
	src2 = pages(1, 0);
	pattern(src2, PG, 9);
	r = uldma_via_export(fd, (uint32_t)a2, ULDMA_VIA_NODE_LOCAL, src2, PG,
			     &la2, NULL);
	ok = r == 0;
	r = post1(fd, (uint32_t)a2, la2, ra0, 100, &v, &one);
	check("wrong tag on the destination (a2's source, a's window): EACCES, nothing moved",
	      ok && r == 0 && one && v.status == -EACCES && v.moved == 0 &&
	      memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);
	r = post1(fd, (uint32_t)a, la2, ra0, 100, &v, &one);
	check("wrong tag on the source (a2's source, a's window, on a): EACCES",
	      r == 0 && one && v.status == -EACCES && v.moved == 0 &&
	      memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);

	/* Runs into a page not exported: destination (2 pages exported of
	 * the 16 kB window), then source (1 page). */
	dst2 = pages(2, 0x77);
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_REMOTE, dst2,
			     2 * PG, NULL, &hd2);
	ok = r == 0 && uldma_via_import(fd, (uint32_t)a, hd2, &ra2) == 0;
	r = post1(fd, (uint32_t)a, la0, ra2 + PG + 96, 8000, &v, &one);
	check("destination runs into a page not exported: 4000 bytes, then one ENOENT",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 4000 &&
	      all(dst2, PG + 96, 0x77) &&
	      memcmp(dst2 + PG + 96, src, 4000) == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);
	r = post1(fd, (uint32_t)a2, la2 + 2000, ra2, 5000, &v, &one);
	check("a2 into a's window: EACCES before any byte",
	      r == 0 && one && v.status == -EACCES && v.moved == 0,
	      "%d, status %d moved %u", r, v.status, v.moved);
	r = uldma_via_import(fd, (uint32_t)a2, hd2, &h);
	ok = r == 0;
	r = post1(fd, (uint32_t)a2, la2 + 2000, h, 5000, &v, &one);
	check("source runs into a page not exported: 2096 bytes, then one ENOENT",
	      ok && r == 0 && one && v.status == -ENOENT && v.moved == 2096 &&
	      memcmp(dst2, src2 + 2000, 2096) == 0 &&
	      all(dst2 + 2096, PG + 96 - 2096, 0x77),
	      "%d, status %d moved %u", r, v.status, v.moved);
	r = post1(fd, (uint32_t)a, 200ull << 20, ra0, 10, &v, &one);
	check("source past node 0's 128 MB window: ERANGE",
	      r == 0 && one && v.status == -ERANGE && v.moved == 0,
	      "%d, status %d", r, v.status);

	/* Malformed descriptors: one completion each, nothing moved. */
	r = post1(fd, (uint32_t)a, la0, ra0, 0, &v, &one);
	check("len 0: one completion EINVAL",
	      r == 0 && one && v.status == -EINVAL && v.moved == 0,
	      "%d, status %d", r, v.status);
	r = post1(fd, (uint32_t)a, la0, ra0, MIB + 1, &v, &one);
	check("len 1 MiB + 1: one completion EINVAL",
	      r == 0 && one && v.status == -EINVAL && v.moved == 0,
	      "%d, status %d", r, v.status);
	r = post1(fd, (uint32_t)a, UINT64_MAX - 10, ra0, 100, &v, &one);
	check("la wrapping: one completion EOVERFLOW",
	      r == 0 && one && v.status == -EOVERFLOW && v.moved == 0,
	      "%d, status %d", r, v.status);
	r = post1(fd, (uint32_t)a, la0, UINT64_MAX - 50, 100, &v, &one);
	check("ra wrapping: one completion EOVERFLOW, memory unchanged",
	      r == 0 && one && v.status == -EOVERFLOW && v.moved == 0 &&
	      memcmp(dst, want, 4 * PG) == 0,
	      "%d, status %d", r, v.status);

	/* A whole 1 MiB descriptor (257 source pages: it starts at +5). */
	big = pages(260, 0);
	pattern(big, 260 * PG, 5);
	bigd = pages(260, 0x3c);
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_LOCAL, big,
			     260 * PG, &lab, &hbs);
	ok = r == 0;
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_REMOTE, bigd,
			     260 * PG, NULL, &hbd);
	ok = ok && r == 0 && uldma_via_import(fd, (uint32_t)a, hbd, &rab) == 0;
	r = post1(fd, (uint32_t)a, lab + 5, rab + 4000, MIB, &v, &one);
	check("1 MiB descriptor: all of it, exactly",
	      ok && r == 0 && one && v.status == 0 && v.moved == MIB &&
	      all(bigd, 4000, 0x3c) && memcmp(bigd + 4000, big + 5, MIB) == 0 &&
	      all(bigd + 4000 + MIB, 260 * PG - 4000 - MIB, 0x3c),
	      "%d, status %d moved %u", r, v.status, v.moved);
	check("withdraw the 1 MiB pair (their 520 pins go)",
	      uldma_via_unexport(fd, hbs) == 0 &&
	      uldma_via_unexport(fd, hbd) == 0 &&
	      counter("via_pins_held") == pins0 + 11, "pins %ld",
	      counter("via_pins_held") - pins0);

	/* Another process. */
	pi = (struct parent_info){ .fd = fd, .vi = (uint32_t)a, .tag = ta,
				   .la = la0, .ra = ra0, .hsrc = hs,
				   .hdst = hd };
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sk)) {
		check("socketpair", 0, "%s", strerror(errno));
		goto out;
	}
	pid = fork();
	if (pid == 0) {
		close(sk[0]);
		child(sk[1], &pi);
	}
	close(sk[1]);
	memset(res, 0, sizeof(res));
	r = sock_io(sk[0], res, sizeof(res), 0);
	check("other process: our file in it EINVAL",
	      !r && res[C_OUR_FILE] == -EINVAL, "%d", res[C_OUR_FILE]);
	check("other process: POST on our VI ENOENT (not its VI), nothing run",
	      !r && res[C_OUR_VI] == -ENOENT, "%d", res[C_OUR_VI]);
	check("other process: its VI on our source and window EACCES",
	      !r && res[C_OWN_VI_OUR_PAGES] == -EACCES, "%d",
	      res[C_OWN_VI_OUR_PAGES]);
	check("other process: its source into our window EACCES, 0 moved",
	      !r && res[C_OWN_SRC_OUR_WIN] == -EACCES &&
	      res[C_OWN_SRC_OUR_WIN_MOVED] == 0, "%d moved %d",
	      res[C_OWN_SRC_OUR_WIN], res[C_OWN_SRC_OUR_WIN_MOVED]);
	check("other process: our tag named in its request EINVAL",
	      !r && res[C_TAG_IN_REQ] == -EINVAL, "%d", res[C_TAG_IN_REQ]);
	check("other process: import by a guessed handle ENOKEY",
	      !r && res[C_GUESS] == -ENOKEY, "%d", res[C_GUESS]);
	check("other process: withdraw our export ENOENT",
	      !r && res[C_UNEXPORT_OURS] == -ENOENT, "%d",
	      res[C_UNEXPORT_OURS]);
	check("other process: destroy our VI ENOENT",
	      !r && res[C_DESTROY_OURS] == -ENOENT, "%d",
	      res[C_DESTROY_OURS]);
	check("other process: a window it never imported ENOENT",
	      !r && res[C_NO_WINDOW] == -ENOENT, "%d", res[C_NO_WINDOW]);
	check("other process: our pages untouched",
	      memcmp(dst, want, 4 * PG) == 0 &&
	      all(dst2 + 2096, PG + 96 - 2096, 0x77) &&
	      memcmp(dst2 + PG + 96, src, 4000) == 0, NULL);
	/* Its page, handed over by handle: our descriptor writes it. */
	h = 0;
	r = sock_io(sk[0], &h, sizeof(h), 0);
	ok = !r && uldma_via_import(fd, (uint32_t)a, h, &ra) == 0;
	r = post1(fd, (uint32_t)a, la0, ra + 1000, 600, &v, &one);
	check("its page imported by handle: our descriptor moved 600 bytes",
	      ok && r == 0 && one && v.status == 0 && v.moved == 600,
	      "%d, status %d moved %u", r, v.status, v.moved);
	ok = 0;
	r = sock_io(sk[0], "g", 1, 1);
	r = r ? r : sock_io(sk[0], &ok, sizeof(ok), 0);
	waitpid(pid, &n, 0);
	check("its page holds exactly our 600 bytes, it exited 0",
	      !r && ok && WIFEXITED(n) && WEXITSTATUS(n) == 0,
	      "ok %d status %#x", ok, n);
	close(sk[0]);
	/* Its file is closed: its export and our import of it are gone. */
	r = post1(fd, (uint32_t)a, la0, ra + 1000, 600, &v, &one);
	check("its file closed: our window onto its page ENOENT",
	      r == 0 && one && v.status == -ENOENT && v.moved == 0,
	      "%d, status %d", r, v.status);

	/* Bad requests: a defined error, nothing changed. */
	memset(want, 0xee, 4 * PG);
	memcpy(want, src, 1000);
	memcpy(want + 3000, src + 100, 9000);
	memset(&v, 0, sizeof(v));
	v.op = 9;
	r = ioctl(fd, ULDMA_IOC_VIA, &v) ? -errno : 0;
	v.op = ULDMA_VIA_CREATE;
	v.flags = 1;
	n = ioctl(fd, ULDMA_IOC_VIA, &v) ? -errno : 0;
	v.flags = 0;
	v.vi = 3;
	i = ioctl(fd, ULDMA_IOC_VIA, &v) ? -errno : 0;
	check("op 9, flags, a VI number in CREATE: EINVAL",
	      r == -EINVAL && n == -EINVAL && i == -EINVAL, "%d %d %d", r, n,
	      i);
	check("export: misaligned address EINVAL, length EINVAL, node 2 EINVAL, 0 EINVAL",
	      uldma_via_export(fd, (uint32_t)a, 0, src + 1, PG, NULL, NULL) ==
	      -EINVAL &&
	      uldma_via_export(fd, (uint32_t)a, 0, src, 100, NULL, NULL) ==
	      -EINVAL &&
	      uldma_via_export(fd, (uint32_t)a, 2, src, PG, NULL, NULL) ==
	      -EINVAL &&
	      uldma_via_export(fd, (uint32_t)a, 0, src, 0, NULL, NULL) ==
	      -EINVAL, NULL);
	check("export: 513 pages ERANGE, a VI not ours ENOENT",
	      uldma_via_export(fd, (uint32_t)a, 0, big, 513ull * PG, NULL,
			       NULL) == -ERANGE &&
	      uldma_via_export(fd, 63, 0, src, PG, NULL, NULL) == -ENOENT,
	      NULL);
	ro = mmap(NULL, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	r = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_REMOTE, ro, PG,
			     NULL, NULL);
	n = uldma_via_export(fd, (uint32_t)a, ULDMA_VIA_NODE_LOCAL, ro, PG,
			     NULL, &h);
	check("read-only memory: for importers to write EACCES, as a source 0",
	      r == -EACCES && n == 0 && uldma_via_unexport(fd, h) == 0,
	      "%d %d", r, n);
	munmap(big, 260 * PG);
	check("unmapped memory: EFAULT",
	      uldma_via_export(fd, (uint32_t)a, 0, big, PG, NULL, NULL) ==
	      -EFAULT, NULL);
	check("import: a source export EINVAL, an unknown handle ENOKEY, a VI not ours ENOENT",
	      uldma_via_import(fd, (uint32_t)a, hs, NULL) == -EINVAL &&
	      uldma_via_import(fd, (uint32_t)a, 0, NULL) == -ENOKEY &&
	      uldma_via_import(fd, 63, hd, NULL) == -ENOENT, NULL);
	c0 = completions();
	r = uldma_via_post(fd, 63, la0, ra0, 10, NULL);
	check("post on a VI not ours: ENOENT, no completion",
	      r == -ENOENT && completions() == c0, "%d", r);
	check("unexport twice: ENOENT",
	      uldma_via_unexport(fd, hbs) == -ENOENT, NULL);
	for (n = 0; n < (int)ULDMA_VIA_NVI; n++) {
		vis[n] = uldma_via_create(fd, NULL);
		if (vis[n] < 0)
			break;
	}
	r = n < (int)ULDMA_VIA_NVI ? vis[n] : 0;
	for (i = 0; i < n; i++)
		uldma_via_destroy(fd, (uint32_t)vis[i]);
	check("64 VIs: the next ENOSPC", n == (int)ULDMA_VIA_NVI - 2 &&
	      r == -ENOSPC, "%d created, %d", n, r);
	check("memory unchanged by the bad requests",
	      memcmp(dst, want, 4 * PG) == 0, NULL);

	/* Fork leaves the exported page the exported one (its pin): a
	 * write by us after fork, then a descriptor, both in our page. */
	pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	dst[0] = 0x42;
	want[0] = 0x42;
	r = post1(fd, (uint32_t)a, la0 + 2000, ra0 + 1, 99, &v, &one);
	memcpy(want + 1, src + 2000, 99);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	check("after fork: our write and the descriptor both land in our page",
	      r == 0 && v.status == 0 && v.moved == 99 &&
	      memcmp(dst, want, 4 * PG) == 0, "%d, status %d", r, v.status);

	/* Withdrawing an export takes its windows; a VI destroyed, its
	 * entries. */
	r = uldma_via_unexport(fd, hd2);
	n = post1(fd, (uint32_t)a, la0, ra2, 10, &v, &one);
	check("export withdrawn: its window ENOENT",
	      r == 0 && n == 0 && v.status == -ENOENT && v.moved == 0,
	      "%d %d, status %d", r, n, v.status);
	/* Its node-1 entries are free again: the next export (a2's) takes
	 * them (first fit), and the old window must not reach it. */
	dst3 = pages(1, 0x99);
	r = uldma_via_export(fd, (uint32_t)a2, ULDMA_VIA_NODE_REMOTE, dst3, PG,
			     NULL, NULL);
	n = post1(fd, (uint32_t)a, la0, ra2, 10, &v, &one);
	check("a new export on the withdrawn one's entries: the old window still ENOENT",
	      r == 0 && n == 0 && v.status == -ENOENT && v.moved == 0 &&
	      all(dst3, PG, 0x99), "%d %d, status %d", r, n, v.status);
	r = uldma_via_destroy(fd, (uint32_t)a);
	a = uldma_via_create(fd, &ta);
	n = post1(fd, (uint32_t)a, la0, ra0, 10, &v, &one);
	check("VI destroyed: its exports and imports gone (a new VI: ENOENT)",
	      r == 0 && a >= 0 && n == 0 && v.status == -ENOENT &&
	      memcmp(dst, want, 4 * PG) == 0 &&
	      counter("via_pins_held") == pins0 + 2,
	      "%d, status %d, pins %ld", r, v.status,
	      counter("via_pins_held") - pins0);
	r = uldma_via_write(fd, (uint32_t)a2, la2, 0, 1, &moved);
	check("uldma_via_write returns the completion's status",
	      r == -ENOENT && moved == 0, "%d", r);
	memory_changes(fd, (uint32_t)a);
	(void)la;
	close(fd);
	check("closed: via_pins_held back", counter("via_pins_held") == pins0,
	      "%ld", counter("via_pins_held"));
out:
	printf("via: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
