// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_vafault_test.c -- virtual-address transfers through
 * the VA fault path of uldma.ko (ABI 7, VA_WRITE; kmod/uldma_va.c;
 * docs/homes.md "The VA fault path").  Buffers live below 2^39 (mapped
 * at fixed addresses); nothing is registered or pinned.
 *
 *   - touched source and destination: byte-exact, and no fault at all
 *     (the va_ counters: no terminated packet, no page-in);
 *   - a destination never touched (fresh anonymous memory), a source never
 *     touched (a memfd's pages, in the page cache but not in this
 *     process's page table), both, a transfer of several 16 KB blocks,
 *     and an unaligned one crossing pages: byte-exact, the bytes around
 *     untouched, faults taken and served (page-ins, RAPF retransmits);
 *   - Touch-Ahead (debugfs va_ahead): the same, fewer page-ins than pages;
 *   - a read-only destination: completes EACCES, writes nothing; a
 *     source the process may only write (PROT_WRITE): EACCES; a source
 *     with no access (PROT_NONE): EFAULT; nothing written;
 *   - forged addresses: a kernel address (EINVAL at the ioctl), an
 *     unmapped source or destination below 2^39 (EFAULT, nothing
 *     written);
 *   - a QP not this file's (ENOENT), length 0 or too long, flags set
 *     (EINVAL);
 *   - with the R5 thread held (debugfs va_pause) so the transfer is
 *     certainly outstanding: the destination unmapped (EFAULT), the
 *     source unmapped (EFAULT, nothing written), a second VA write on the
 *     busy QP (EBUSY), the QP destroyed (ECANCELED, nothing written), a
 *     process exiting (cancelled, no completion, nothing written).
 * Every wait is for a completion (uldma_poll_wait), never a fixed sleep.
 * Prints "vafault: N/N checks passed"; exit 0 only when all held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "vafault"
#include "board_check.h"

#define ARENA 0x1000000000ull		/* 64 GB: below 2^39            */
#define SLOT 0x1000000ull		/* 16 MB per buffer             */
#define PG 4096u

static int set_ahead(int on)
{
	return board_dbg_set("va_ahead", on ? "Y\n" : "N\n");
}

static int set_pause(int on)
{
	return board_dbg_set("va_pause", on ? "1\n" : "0\n");
}

static unsigned int nslot;

/* A fresh anonymous mapping at the next fixed slot, never touched. */
static uint8_t *fresh(size_t len, int prot)
{
	void *want = (void *)(uintptr_t)(ARENA + SLOT * nslot++);
	void *m = mmap(want, len, prot, MAP_PRIVATE | MAP_ANONYMOUS |
		       MAP_FIXED_NOREPLACE, -1, 0);

	if (m != want) {
		printf("vafault: mmap at %p: %s\n", want, strerror(errno));
		exit(1);
	}
	madvise(m, len, MADV_NOHUGEPAGE);
	return m;
}

static void pattern(uint8_t *p, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (uint8_t)(i * 7u + seed + (i >> 12) * 13u);
}

/*
 * A source never touched by this process: len bytes of pattern(seed)
 * written into a memfd with write(2), mapped shared at the next slot --
 * the pages are in the page cache, not in this page table.
 */
static uint8_t *untouched_source(size_t len, unsigned int seed)
{
	uint8_t *tmp = malloc(len);
	int fd = (int)syscall(SYS_memfd_create, "vafault", 0);
	void *want = (void *)(uintptr_t)(ARENA + SLOT * nslot++);
	void *m;

	if (!tmp || fd < 0) {
		printf("vafault: memfd: %s\n", strerror(errno));
		exit(1);
	}
	pattern(tmp, len, seed);
	if (write(fd, tmp, len) != (ssize_t)len) {
		printf("vafault: memfd write: %s\n", strerror(errno));
		exit(1);
	}
	m = mmap(want, len, PROT_READ, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	if (m != want) {
		printf("vafault: memfd mmap: %s\n", strerror(errno));
		exit(1);
	}
	close(fd);
	free(tmp);
	return m;
}

/*
 * Pages of [p, p + len) present in this process's page table: bit 63 of
 * their /proc/self/pagemap entries (mincore would count a memfd's pages
 * in the page cache, mapped here or not).
 */
static unsigned int resident(const uint8_t *p, size_t len)
{
	size_t i, np = (len + PG - 1) / PG;
	unsigned int n = 0;
	uint64_t e;
	int pm = open("/proc/self/pagemap", O_RDONLY);

	if (pm < 0)
		return 9999;
	for (i = 0; i < np; i++) {
		if (pread(pm, &e, sizeof(e),
			  (off_t)(((uintptr_t)p / PG + i) * sizeof(e))) !=
		    (ssize_t)sizeof(e)) {
			n = 9999;
			break;
		}
		n += (unsigned int)(e >> 63);
	}
	close(pm);
	return n;
}

static int fd;
static uint32_t qp;
static uint64_t wrid;

/* Post one VA write and wait for its completion: the completion status. */
static int va_write(const void *src, void *dst, uint32_t len,
		    struct uldma_wc *wc)
{
	int r = uldma_post_va_write(fd, qp, ++wrid, src, dst, len);

	memset(wc, 0, sizeof(*wc));
	if (r)
		return 1000 + r;
	r = uldma_poll_wait(fd, wc, 1, 60000);
	if (r != 1 || wc->wr_id != wrid || wc->opcode != ULDMA_WR_VA_WRITE)
		return 2000 + r;
	return wc->status;
}

/* Wait for the completion of wr_id: its status. */
static int wait_wc(struct uldma_wc *wc, uint64_t id)
{
	int r = uldma_poll_wait(fd, wc, 1, 60000);

	if (r != 1 || wc->wr_id != id || wc->opcode != ULDMA_WR_VA_WRITE)
		return 2000 + r;
	return wc->status;
}

struct snap {
	long src_faults, dst_faults, pageins, pages_in, rapf, failed, walks;
};

static void snap(struct snap *s)
{
	s->src_faults = counter("va_src_faults");
	s->dst_faults = counter("va_dst_faults");
	s->pageins = counter("va_pageins");
	s->pages_in = counter("va_pages_in");
	s->rapf = counter("va_r5_rtx_rapf");
	s->failed = counter("va_failed");
	s->walks = counter("va_walks");
}

static int all_eq(const uint8_t *p, size_t len, uint8_t v)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

/* One transfer into and/or out of untouched pages: byte-exact. */
static void untouched_case(const char *name, size_t len, int src_fresh,
			   int dst_fresh, int ahead)
{
	uint8_t *src, *dst, *want = malloc(len);
	struct snap a, b;
	struct uldma_wc wc;
	unsigned int before;
	int st;

	pattern(want, len, (unsigned int)len);
	if (src_fresh) {
		src = untouched_source(len, (unsigned int)len);
	} else {
		src = fresh(len, PROT_READ | PROT_WRITE);
		pattern(src, len, (unsigned int)len);
	}
	dst = fresh(len, PROT_READ | PROT_WRITE);
	if (!dst_fresh)
		memset(dst, 0xee, len);
	before = (src_fresh ? resident(src, len) : 0) +
		 (dst_fresh ? resident(dst, len) : 0);
	set_ahead(ahead);
	snap(&a);
	st = va_write(src, dst, (uint32_t)len, &wc);
	snap(&b);
	set_ahead(1);	/* the module's default */
	check(name, before == 0 && st == 0 && wc.byte_len == len &&
	      !memcmp(dst, want, len) &&
	      (src_fresh ? b.src_faults > a.src_faults : 1) &&
	      (dst_fresh ? b.dst_faults > a.dst_faults : 1) &&
	      b.pageins > a.pageins && b.rapf > a.rapf &&
	      (!ahead || b.pages_in - a.pages_in > b.pageins - a.pageins),
	      "untouched pages present before %u, status %d, %u bytes, faults src %ld dst %ld, page-ins %ld (%ld pages), RAPF retransmits %ld",
	      before, st, wc.byte_len, b.src_faults - a.src_faults,
	      b.dst_faults - a.dst_faults, b.pageins - a.pageins,
	      b.pages_in - a.pages_in, b.rapf - a.rapf);
	munmap(src, len);
	munmap(dst, len);
	free(want);
}

int main(void)
{
	struct uldma_query q;
	struct uldma_va_write v;
	struct uldma_wc wc;
	struct snap a, b;
	uint8_t *src, *dst, *ro, *hole;
	uint32_t pd;
	int r, st, c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = uldma_open();
	r = fd < 0 ? fd : uldma_query(fd, &q);
	check("open, query ABI 8", r == 0 && q.abi_version >= 8, "%d, abi %u",
	      r, r == 0 ? q.abi_version : 0);
	if (r)
		return 1;
	r = uldma_alloc_pd(fd, &pd);
	r = r ? r : uldma_create_qp(fd, pd, &qp);
	check("PD and QP", r == 0, "%d, pd %u qp %u", r, pd, qp);
	if (r)
		return 1;

	/* Touched pages: present with the right, no fault at all. */
	src = fresh(65536, PROT_READ | PROT_WRITE);
	dst = fresh(65536, PROT_READ | PROT_WRITE);
	pattern(src, 65536, 1);
	memset(dst, 0, 65536);
	r = (int)(resident(src, 65536) + resident(dst, 65536));
	snap(&a);
	st = va_write(src, dst, 65536, &wc);
	snap(&b);
	check("touched 64 KB: byte-exact, no fault", r == 32 && st == 0 &&
	      wc.byte_len == 65536 && !memcmp(src, dst, 65536) &&
	      b.src_faults == a.src_faults && b.dst_faults == a.dst_faults &&
	      b.pageins == a.pageins && b.walks > a.walks,
	      "%d of 32 pages present, status %d, %u bytes, faults src %ld dst %ld, page-ins %ld, walks %ld",
	      r, st, wc.byte_len, b.src_faults - a.src_faults,
	      b.dst_faults - a.dst_faults, b.pageins - a.pageins,
	      b.walks - a.walks);

	/* Untouched pages: the fault path pages them in. */
	untouched_case("untouched destination 64 KB (Touch-A-Page)", 65536,
		       0, 1, 0);
	untouched_case("untouched source 64 KB (memfd, not in the page table)",
		       65536, 1, 0, 0);
	untouched_case("untouched source and destination 64 KB", 65536, 1, 1,
		       0);
	untouched_case("untouched source and destination 1 MB (64 blocks)",
		       1u << 20, 1, 1, 0);
	untouched_case("untouched source and destination 64 KB, Touch-Ahead",
		       65536, 1, 1, 1);

	/* Unaligned, crossing pages, into untouched memory. */
	src = fresh(4 * PG, PROT_READ | PROT_WRITE);
	pattern(src, 4 * PG, 9);
	dst = fresh(4 * PG, PROT_READ | PROT_WRITE);
	st = va_write(src + 100, dst + 3000, 10000, &wc);
	check("unaligned 10000 B at +100 -> +3000, untouched: exact, nothing around",
	      st == 0 && wc.byte_len == 10000 &&
	      !memcmp(src + 100, dst + 3000, 10000) && all_eq(dst, 3000, 0) &&
	      all_eq(dst + 13000, 4 * PG - 13000, 0),
	      "status %d, %u bytes", st, wc.byte_len);

	/* A read-only destination: EACCES, nothing written. */
	ro = fresh(65536, PROT_READ | PROT_WRITE);
	memset(ro, 0x5a, 65536);
	mprotect(ro, 65536, PROT_READ);
	snap(&a);
	st = va_write(src, ro, 3 * PG, &wc);
	snap(&b);
	check("read-only destination: EACCES, nothing written",
	      st == -EACCES && wc.byte_len == 0 && all_eq(ro, 65536, 0x5a) &&
	      b.failed > a.failed,
	      "status %d, %u bytes, handler failures %ld", st, wc.byte_len,
	      b.failed - a.failed);
	/* Half writable, half read-only: the read-only page is never written. */
	mprotect(ro, PG, PROT_READ | PROT_WRITE);
	st = va_write(src, ro, 2 * PG, &wc);
	check("destination writable then read-only: EACCES, the read-only page untouched",
	      st == -EACCES && wc.byte_len == 0 &&
	      all_eq(ro + PG, 65536 - PG, 0x5a),
	      "status %d, %u bytes", st, wc.byte_len);

	/* A source the process may only write, or not access at all. */
	dst = fresh(PG, PROT_READ | PROT_WRITE);
	memset(dst, 0x33, PG);
	hole = fresh(PG, PROT_WRITE);
	st = va_write(hole, dst, 512, &wc);
	check("write-only source: EACCES, nothing written",
	      st == -EACCES && wc.byte_len == 0 && all_eq(dst, PG, 0x33),
	      "status %d, %u bytes", st, wc.byte_len);
	hole = fresh(PG, PROT_NONE);
	snap(&a);
	st = va_write(hole, dst, 512, &wc);
	snap(&b);
	check("no-access source: EFAULT from the handler, nothing written",
	      st == -EFAULT && wc.byte_len == 0 && all_eq(dst, PG, 0x33) &&
	      b.failed > a.failed,
	      "status %d, %u bytes, handler failures %ld", st, wc.byte_len,
	      b.failed - a.failed);

	/* Forged addresses. */
	r = uldma_post_va_write(fd, qp, 99, (void *)(uintptr_t)0xffff888000000000ull,
				dst, 512);
	check("kernel source address: EINVAL at the ioctl", r == -EINVAL,
	      "%d", r);
	r = uldma_post_va_write(fd, qp, 99, src,
				(void *)(uintptr_t)(ULDMA_VA_ADDR_LIM - 256), 512);
	check("destination reaching 2^39: EINVAL", r == -EINVAL, "%d", r);
	hole = (uint8_t *)(uintptr_t)(ARENA + SLOT * nslot++);	/* unmapped */
	snap(&a);
	st = va_write(hole, dst, 512, &wc);
	snap(&b);
	check("unmapped source below 2^39: EFAULT from the handler, nothing written",
	      st == -EFAULT && wc.byte_len == 0 && all_eq(dst, PG, 0x33) &&
	      b.failed > a.failed,
	      "status %d, %u bytes, handler failures %ld", st, wc.byte_len,
	      b.failed - a.failed);
	snap(&a);
	st = va_write(src, hole, 512, &wc);
	snap(&b);
	check("unmapped destination below 2^39: EFAULT from the handler",
	      st == -EFAULT && wc.byte_len == 0 && resident(hole, PG) == 0 &&
	      b.failed > a.failed,
	      "status %d, %u bytes, handler failures %ld", st, wc.byte_len,
	      b.failed - a.failed);

	/* The home's refusals. */
	r = uldma_post_va_write(fd, qp + 1, 99, src, dst, 512);
	check("a QP not this file's: ENOENT", r == -ENOENT, "%d", r);
	r = uldma_post_va_write(fd, qp, 99, src, dst, 0);
	check("length 0: EINVAL", r == -EINVAL, "%d", r);
	r = uldma_post_va_write(fd, qp, 99, src, dst, ULDMA_VA_MAX_LEN + 1);
	check("length above the maximum: EINVAL", r == -EINVAL, "%d", r);
	v = (struct uldma_va_write){ .src = (uintptr_t)src,
				     .dst = (uintptr_t)dst, .qp = qp,
				     .length = 512, .flags = 1 };
	r = ioctl(fd, ULDMA_IOC_VA_WRITE, &v) ? -errno : 0;
	check("flags set: EINVAL", r == -EINVAL, "%d", r);

	/*
	 * Memory and QPs going under an outstanding VA write, made certain
	 * by holding the R5 thread (debugfs va_pause): nothing of the
	 * transfer has run when the test acts.
	 */
	src = fresh(65536, PROT_READ | PROT_WRITE);
	pattern(src, 65536, 3);
	dst = fresh(65536, PROT_READ | PROT_WRITE);
	memset(dst, 0x77, 65536);
	hole = fresh(65536, PROT_READ | PROT_WRITE);	/* untouched */
	r = set_pause(1);
	snap(&a);
	r = r ? r : uldma_post_va_write(fd, qp, 11, src, hole, 65536);
	r = r ? r : munmap(hole, 65536);
	r = r ? r : set_pause(0);
	st = r ? -9999 : wait_wc(&wc, 11);
	snap(&b);
	check("destination unmapped under a held VA write: EFAULT from the handler",
	      r == 0 && st == -EFAULT && wc.byte_len == 0 && b.failed > a.failed,
	      "%d, status %d, %u bytes, handler failures %ld", r, st,
	      wc.byte_len, b.failed - a.failed);
	hole = fresh(65536, PROT_READ | PROT_WRITE);
	pattern(hole, 65536, 4);
	r = set_pause(1);
	r = r ? r : uldma_post_va_write(fd, qp, 12, hole, dst, 65536);
	r = r ? r : munmap(hole, 65536);
	r = r ? r : set_pause(0);
	st = r ? -9999 : wait_wc(&wc, 12);
	check("source unmapped under a held VA write: EFAULT, the destination untouched",
	      r == 0 && st == -EFAULT && wc.byte_len == 0 &&
	      all_eq(dst, 65536, 0x77),
	      "%d, status %d, %u bytes", r, st, wc.byte_len);
	{
		uint32_t q2;
		long c0 = counter("va_cancelled");

		r = uldma_create_qp(fd, pd, &q2);
		r = r ? r : set_pause(1);
		r = r ? r : uldma_post_va_write(fd, q2, 4242, src, dst, 65536);
		st = r ? r : uldma_post_va_write(fd, q2, 4243, src, dst, 512);
		r = r ? r : uldma_destroy_qp(fd, q2);
		r = r ? r : set_pause(0);
		c = r ? -1 : uldma_poll_wait(fd, &wc, 1, 60000);
		check("a second VA write on a busy QP: EBUSY; the QP destroyed under the held first: ECANCELED, nothing written",
		      st == -EBUSY && r == 0 && c == 1 && wc.wr_id == 4242 &&
		      wc.status == -ECANCELED && wc.byte_len == 0 &&
		      all_eq(dst, 65536, 0x77) && uldma_poll(fd, &wc, 1) == 0 &&
		      counter("va_cancelled") == c0 + 1,
		      "%d %d, %d completion(s), status %d", st, r, c,
		      wc.status);
	}

	/*
	 * A process that exits with a VA write outstanding (held, never
	 * polled): its file goes, the transfer with it, without a completion
	 * anywhere; then the R5 goes on and the device works.
	 */
	{
		long c0 = counter("va_cancelled");
		pid_t pid;
		int ws = -1;

		r = set_pause(1);
		pid = r ? -1 : fork();
		if (pid == 0) {
			int cfd = uldma_open();
			uint32_t cpd, cqp;

			if (cfd < 0 || uldma_alloc_pd(cfd, &cpd) ||
			    uldma_create_qp(cfd, cpd, &cqp) ||
			    uldma_post_va_write(cfd, cqp, 1, src, dst, 65536))
				_exit(1);
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, &ws, 0);
		r = r ? r : set_pause(0);
		check("a process exits with a held VA write: cancelled, nothing written",
		      r == 0 && pid > 0 && WIFEXITED(ws) &&
		      WEXITSTATUS(ws) == 0 && counter("va_cancelled") == c0 + 1 &&
		      all_eq(dst, 65536, 0x77),
		      "%d, status %#x", r, ws);
	}

	/* Still working after all that. */
	memset(dst, 0, PG);
	st = va_write(src, dst, PG, &wc);
	check("a transfer after the errors: byte-exact", st == 0 &&
	      !memcmp(src, dst, PG), "status %d", st);
	r = uldma_close(fd);
	check("close", r == 0, "%d", r);
	printf("vafault: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
