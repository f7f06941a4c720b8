// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_verbs_test.c -- the verbs of /dev/uldma from user space
 * (kmod/uapi/uldma.h), run by tests/board/init.sh in the booted guest after
 * insmod.  Built static for each board architecture.
 *
 *   uldma_verbs_test          every check; one line each, then
 *                             "verbs: N/N checks passed"; exit 0 iff all held
 *   uldma_verbs_test hold     allocate a PD, register 16 KB, create a
 *                             QP and run one RDMA write on it, print
 *                             "verbs: holding", then sleep until killed
 *                             (init.sh kills it and checks that rmmod finds
 *                             nothing pinned)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "uldma.h"

#define BUF_LEN 16384u
#define PG 4096u


#define BOARD_CHECK_PREFIX "verbs"
#include "board_check.h"

/* ioctl -> 0 or -errno */
static int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) == 0 ? 0 : -errno;
}

static int alloc_pd(int fd, uint32_t *pd)
{
	struct uldma_pd a = { 0 };
	int r = xioctl(fd, ULDMA_IOC_ALLOC_PD, &a);

	*pd = a.pd;
	return r;
}

static int dealloc_pd(int fd, uint32_t pd)
{
	struct uldma_pd a = { .pd = pd };

	return xioctl(fd, ULDMA_IOC_DEALLOC_PD, &a);
}

static int reg_mr(int fd, uint32_t pd, uint64_t addr, uint64_t len,
		  uint32_t access, uint32_t *lkey, uint32_t *rkey)
{
	struct uldma_reg_mr r = { .addr = addr, .length = len, .pd = pd,
				  .access = access };
	int e = xioctl(fd, ULDMA_IOC_REG_MR, &r);

	if (lkey)
		*lkey = r.lkey;
	if (rkey)
		*rkey = r.rkey;
	return e;
}

static int dereg_mr(int fd, uint32_t lkey)
{
	struct uldma_dereg_mr d = { .lkey = lkey };

	return xioctl(fd, ULDMA_IOC_DEREG_MR, &d);
}

/* CHECK: the ioctl's own result; c->status is the verdict. */
static int chk(int fd, uint32_t pd, uint32_t key, uint64_t addr, uint64_t len,
	       uint32_t kind, struct uldma_check *c)
{
	memset(c, 0, sizeof(*c));
	c->pd = pd;
	c->key = key;
	c->addr = addr;
	c->length = len;
	c->kind = kind;
	c->status = 1;	/* must be overwritten */
	return xioctl(fd, ULDMA_IOC_CHECK, c);
}

/* One CHECK whose verdict must be `want` (0 or -errno). */
static void check_verdict(const char *name, int fd, uint32_t pd, uint32_t key,
			  uint64_t addr, uint64_t len, uint32_t kind, int want)
{
	struct uldma_check c;
	int r = chk(fd, pd, key, addr, len, kind, &c);

	check(name, r == 0 && c.status == want,
	      "ioctl %d, status %d (%s), core %d, want %d", r, c.status,
	      c.status ? strerror(-c.status) : "ok", c.core_status, want);
}

static int open_dev(void)
{
	int fd = open("/dev/uldma", O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		printf("verbs: FAIL open /dev/uldma: %s\n", strerror(errno));
		printf("verbs: 0/1 checks passed\n");
		exit(1);
	}
	return fd;
}

static int hold(void)
{
	int fd = open_dev();
	uint32_t pd, lkey, rkey;
	char *buf = malloc(BUF_LEN);
	struct uldma_create_qp c = { 0 };
	struct uldma_post p = { 0 };

	if (!buf || alloc_pd(fd, &pd) ||
	    reg_mr(fd, pd, (uintptr_t)buf, BUF_LEN, ULDMA_ACC_LOCAL_WRITE |
		   ULDMA_ACC_REMOTE_WRITE, &lkey, &rkey)) {
		printf("verbs: holder: setup failed\n");
		return 1;
	}
	memset(buf, 0x5a, BUF_LEN);
	/* A QP with a completion left unpolled: release() must cope. */
	c.pd = pd;
	p.lkey = lkey;
	p.rkey = rkey;
	p.local_addr = (uintptr_t)buf;
	p.remote_addr = (uintptr_t)buf + BUF_LEN / 2;
	p.length = 1000;
	if (xioctl(fd, ULDMA_IOC_CREATE_QP, &c) == 0) {
		p.qp = c.qp;
		p.dest_qp = c.qp;
		if (xioctl(fd, ULDMA_IOC_POST, &p)) {
			printf("verbs: holder: post failed\n");
			return 1;
		}
	} else {
		printf("verbs: holder: create_qp failed\n");
		return 1;
	}
	printf("verbs: holding pd %u key 0x%x qp %u\n", pd, lkey, c.qp);
	fflush(stdout);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	int fd1, fd2, fd3, r, r2, distinct, offs;
	uint32_t pd1, pd2, lkey, rkey, key2, pds[16];
	struct uldma_query q;
	struct uldma_check c;
	uint64_t base, addr, pa[8];
	unsigned int i, j, np, n;
	char *buf, *buf2;
	long junk[8];

	if (argc > 1 && strcmp(argv[1], "hold") == 0)
		return hold();

	fd1 = open_dev();

	/* QUERY: the core's limits (src/prot.h). */
	memset(&q, 0, sizeof(q));
	r = xioctl(fd1, ULDMA_IOC_QUERY, &q);
	check("query", r == 0 && q.abi_version == ULDMA_ABI_VERSION &&
	      q.page_size == PG && q.max_pd == 8 && q.max_mr == 16 &&
	      q.max_mr_pages == 16 && q.max_pinned_pages == 64 &&
	      q.max_mr_len == 65536,
	      "abi %u page %u pd %u mr %u pages/mr %u pins %u max_len %llu",
	      q.abi_version, q.page_size, q.max_pd, q.max_mr, q.max_mr_pages,
	      q.max_pinned_pages, (unsigned long long)q.max_mr_len);

	/*
	 * Malformed requests: unknown ioctl, short struct, long struct with
	 * non-zero tail, wrong magic.
	 */
	r = xioctl(fd1, _IOWR(ULDMA_IOC_MAGIC, 0x3f, struct uldma_pd), junk);
	check("unknown ioctl -> ENOTTY", r == -ENOTTY, "%d", r);
	r = xioctl(fd1, _IOWR('x', 0x00, struct uldma_query), &q);
	check("other magic -> ENOTTY", r == -ENOTTY, "%d", r);
	r = xioctl(fd1, _IOWR(ULDMA_IOC_MAGIC, 0x01, __u32), junk);
	check("short struct -> EINVAL", r == -EINVAL, "%d", r);
	memset(junk, 0xff, sizeof(junk));
	r = xioctl(fd1, _IOWR(ULDMA_IOC_MAGIC, 0x01, long[4]), junk);
	check("long struct, non-zero tail -> E2BIG", r == -E2BIG, "%d", r);
	memset(junk, 0, sizeof(junk));
	r = xioctl(fd1, _IOWR(ULDMA_IOC_MAGIC, 0x00, long[8]), junk);
	check("long struct, zero tail -> accepted", r == 0 && junk[0] != 0,
	      "%d", r);

	/* PD and a 16 KB malloc'ed buffer (not page aligned: 5 pages). */
	r = alloc_pd(fd1, &pd1);
	check("alloc pd", r == 0 && pd1 < q.max_pd, "%d, pd %u", r, pd1);
	buf = malloc(BUF_LEN);
	buf2 = malloc(BUF_LEN);
	if (!buf || !buf2)
		return 1;
	memset(buf, 0xa5, BUF_LEN);
	memset(buf2, 0x3c, BUF_LEN);
	base = (uintptr_t)buf;
	r = reg_mr(fd1, pd1, base, BUF_LEN,
		   ULDMA_ACC_LOCAL_WRITE | ULDMA_ACC_REMOTE_READ |
		   ULDMA_ACC_REMOTE_WRITE, &lkey, &rkey);
	check("reg_mr 16 KB", r == 0 && lkey != 0 && rkey == lkey,
	      "%d, buf %p, lkey 0x%x rkey 0x%x", r, (void *)buf, lkey, rkey);

	/* In range: the whole buffer, both directions. */
	check_verdict("check local read, whole buffer", fd1, pd1, lkey, base,
		      BUF_LEN, ULDMA_KIND_LOCAL_READ, 0);
	check_verdict("check remote write, whole buffer", fd1, pd1, rkey, base,
		      BUF_LEN, ULDMA_KIND_REMOTE_WRITE, 0);
	/*
	 * One byte in each page: physical address page-distinct per page,
	 * same offset in the page as the virtual address.
	 */
	np = (unsigned int)(((base % PG) + BUF_LEN + PG - 1) / PG);
	distinct = 1;
	offs = 1;
	for (i = 0, n = 0; i < np && i < 8; i++, n++) {
		addr = i == 0 ? base : (base & ~(uint64_t)(PG - 1)) + i * PG;
		r = chk(fd1, pd1, lkey, addr, 1, ULDMA_KIND_LOCAL_WRITE, &c);
		pa[i] = c.phys;
		if (r || c.status || c.phys == 0 || c.phys % PG != addr % PG)
			offs = 0;
		for (j = 0; j < i; j++) {
			if (pa[j] / PG == pa[i] / PG)
				distinct = 0;
		}
	}
	check("check each page: ok, same offset", offs && n == np,
	      "%u pages, first pa 0x%llx", n, (unsigned long long)pa[0]);
	check("check each page: physical pages distinct", distinct, NULL);
	check_verdict("check last byte", fd1, pd1, lkey, base + BUF_LEN - 1, 1,
		      ULDMA_KIND_LOCAL_READ, 0);

	/* Out of range. */
	check_verdict("check past the end -> EFAULT (bounds)", fd1, pd1, lkey,
		      base + BUF_LEN - 8, 16, ULDMA_KIND_LOCAL_READ, -EFAULT);
	check_verdict("check before the start -> EFAULT (bounds)", fd1, pd1,
		      lkey, base - 1, 1, ULDMA_KIND_LOCAL_READ, -EFAULT);
	check_verdict("check atomic without the right -> EACCES", fd1, pd1,
		      rkey, base, 8, ULDMA_KIND_REMOTE_ATOMIC, -EACCES);
	check_verdict("check bad kind -> EINVAL", fd1, pd1, lkey, base, 8, 9,
		      -EINVAL);

	/* Wrong keys. */
	check_verdict("check wrong key (other generation) -> ENOKEY", fd1, pd1,
		      lkey + 256, base, 8, ULDMA_KIND_LOCAL_READ, -ENOKEY);
	check_verdict("check wrong key (other slot) -> ENOKEY", fd1, pd1,
		      lkey ^ 1u, base, 8, ULDMA_KIND_LOCAL_READ, -ENOKEY);
	check_verdict("check key 0 -> ENOKEY", fd1, pd1, 0, base, 8,
		      ULDMA_KIND_LOCAL_READ, -ENOKEY);

	/* Zero length, wrap past 2^64. */
	check_verdict("check zero length -> EINVAL", fd1, pd1, lkey, base, 0,
		      ULDMA_KIND_LOCAL_READ, -EINVAL);
	check_verdict("check addr+len past 2^64 -> EOVERFLOW", fd1, pd1, lkey,
		      UINT64_MAX - 15, 32, ULDMA_KIND_LOCAL_READ, -EOVERFLOW);
	r = reg_mr(fd1, pd1, base, 0, 0, NULL, NULL);
	check("reg_mr zero length -> EINVAL", r == -EINVAL, "%d", r);
	r = reg_mr(fd1, pd1, UINT64_MAX - 4095, 8192, 0, NULL, NULL);
	check("reg_mr addr+len past 2^64 -> EOVERFLOW", r == -EOVERFLOW, "%d",
	      r);
	r = reg_mr(fd1, pd1, base, 65537, 0, NULL, NULL);
	check("reg_mr longer than max_mr_len -> ERANGE", r == -ERANGE, "%d", r);
	r = reg_mr(fd1, pd1, base, BUF_LEN, ULDMA_ACC_REMOTE_WRITE, NULL, NULL);
	check("reg_mr remote write without local write -> EINVAL",
	      r == -EINVAL, "%d", r);
	r = reg_mr(fd1, pd1, 4096, 4096, ULDMA_ACC_LOCAL_WRITE, NULL, NULL);
	check("reg_mr unmapped range -> EFAULT", r == -EFAULT, "%d", r);
	r = reg_mr(fd1, pd1 ^ 1u, base, BUF_LEN, 0, NULL, NULL);
	check("reg_mr in a PD not allocated -> ENOENT", r == -ENOENT, "%d", r);

	/* A second open file: its own PD and region. */
	fd2 = open_dev();
	r = alloc_pd(fd2, &pd2);
	check("second file: alloc pd", r == 0 && pd2 != pd1, "%d, pd %u", r,
	      pd2);
	r = reg_mr(fd2, pd2, (uintptr_t)buf2, BUF_LEN, ULDMA_ACC_LOCAL_WRITE,
		   &key2, NULL);
	check("second file: reg_mr", r == 0 && key2 != lkey, "%d, key 0x%x", r,
	      key2);
	check_verdict("key of another PD -> EPERM", fd1, pd1, key2,
		      (uintptr_t)buf2, 8, ULDMA_KIND_LOCAL_READ, -EPERM);
	r = chk(fd1, pd2, key2, (uintptr_t)buf2, 8, ULDMA_KIND_LOCAL_READ, &c);
	check("check in another file's PD -> ENOENT", r == -ENOENT, "%d", r);
	r = dereg_mr(fd1, key2);
	check("dereg another file's key -> ENOKEY", r == -ENOKEY, "%d", r);
	r = dealloc_pd(fd1, pd2);
	check("dealloc another file's PD -> ENOENT", r == -ENOENT, "%d", r);
	r = reg_mr(fd1, pd2, base, BUF_LEN, 0, NULL, NULL);
	check("reg_mr in another file's PD -> ENOENT", r == -ENOENT, "%d", r);
	check_verdict("second file unchanged: its key still checks", fd2, pd2,
		      key2, (uintptr_t)buf2, BUF_LEN, ULDMA_KIND_LOCAL_WRITE,
		      0);

	/* PD with a region cannot go; stale key after dereg. */
	r = dealloc_pd(fd1, pd1);
	check("dealloc pd with a region -> EBUSY", r == -EBUSY, "%d", r);
	r = dereg_mr(fd1, lkey);
	check("dereg_mr", r == 0, "%d", r);
	check_verdict("stale key after dereg -> ENOKEY", fd1, pd1, lkey, base,
		      8, ULDMA_KIND_LOCAL_READ, -ENOKEY);
	r = dereg_mr(fd1, lkey);
	check("dereg stale key -> ENOKEY", r == -ENOKEY, "%d", r);
	r = reg_mr(fd1, pd1, base, BUF_LEN, ULDMA_ACC_LOCAL_WRITE, &rkey, NULL);
	check("re-register: new key, old one stays dead",
	      r == 0 && rkey != lkey, "%d, key 0x%x", r, rkey);
	check_verdict("old key still stale", fd1, pd1, lkey, base, 8,
		      ULDMA_KIND_LOCAL_READ, -ENOKEY);
	/*
	 * Two regions on the same pages: the second takes no new pin; either
	 * goes, the other still translates to the same frames.
	 */
	r = reg_mr(fd1, pd1, base, BUF_LEN, 0, &key2, NULL);
	r2 = chk(fd1, pd1, key2, base, 1, ULDMA_KIND_LOCAL_READ, &c);
	check("second region on the same pages: same frame",
	      r == 0 && r2 == 0 && c.status == 0 && c.phys == pa[0],
	      "%d %d status %d pa 0x%llx", r, r2, c.status,
	      (unsigned long long)c.phys);
	r = dereg_mr(fd1, rkey);
	check("dereg_mr again", r == 0, "%d", r);
	r2 = chk(fd1, pd1, key2, base, BUF_LEN, ULDMA_KIND_LOCAL_READ, &c);
	r = chk(fd1, pd1, key2, base, 1, ULDMA_KIND_LOCAL_READ, &c);
	check("the other region still checks, same frame",
	      r == 0 && r2 == 0 && c.status == 0 && c.phys == pa[0],
	      "%d status %d", r, c.status);
	r = dereg_mr(fd1, key2);
	check("dereg the other region", r == 0, "%d", r);
	r = dealloc_pd(fd1, pd1);
	check("dealloc pd", r == 0, "%d", r);
	r = dealloc_pd(fd1, pd1);
	check("dealloc pd twice -> ENOENT", r == -ENOENT, "%d", r);

	/*
	 * close() of the second file with a live region frees its PD and
	 * region: a fresh file can then allocate every PD.
	 */
	close(fd2);
	fd3 = open_dev();
	n = 0;
	while (n < 16 && alloc_pd(fd3, &pds[n]) == 0)
		n++;
	check("after close: every PD free again, then ENOSPC",
	      n == q.max_pd && alloc_pd(fd3, &pds[15]) == -ENOSPC, "%u PDs", n);
	close(fd3);
	close(fd1);

	printf("verbs: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
