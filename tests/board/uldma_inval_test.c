// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_inval_test.c -- a registered buffer whose memory goes
 * while transfers are outstanding (kmod/uldma_mrn.c: one
 * mmu_interval_notifier per region; docs/homes.md, "Invalidation").
 *
 *   - munmap of a source with 8 writes queued (engine held): its 16 pins
 *     are released by the engine thread, CHECK of its key is ENOKEY, then
 *     every write completes with ENOKEY and 0 bytes, the target untouched;
 *   - munmap of a target while 32 writes of 64 KB into it run: in order,
 *     whole until the first refusal, every one from it refused (ENOKEY,
 *     0 bytes), no crash, pins released (how many land first is timing:
 *     a fast host may land all 32); then 8 land, the engine is held, 24
 *     more queue and the target goes: exactly 8 whole, 24 refused;
 *   - DEREG_MR of a region that went with its memory answers 0 once, then
 *     ENOKEY;
 *   - mprotect to read-only: the key is dead, a write into it is ENOKEY
 *     and the buffer unchanged; MADV_DONTNEED, then writes (new frames):
 *     the key is dead;
 *   - a window bound to a region whose memory went: its R_Key is dead;
 *   - a VMA split in a region's 2 MB block (munmap or mprotect of a page
 *     1 MB away: Linux 6.1 sends a clear over the whole block), also with
 *     writes queued, an mprotect adding exec, one to read-only of a
 *     region with only remote read: the region stays (held, looked at,
 *     kept), its writes land;
 *   - fork (a child that exits) leaves a region alive and writable;
 *   - a child that registers, queues 16 writes (engine held) and exits:
 *     its pins all come back;
 * then everything is closed and no page stays pinned.
 * Prints "inval: N/N checks passed"; exit 0 only when all held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "inval"
#include "board_check.h"

#define BIG 65536u

/* Wait up to 2 s for pins_held to come back to want. */
static long pins_settle(long want)
{
	WAIT_UNTIL(counter("pins_held") == want, 2000);
	return counter("pins_held");
}

static uint8_t *map_buf(size_t n, uint8_t fillc)
{
	uint8_t *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	memset(p, fillc, n);
	return p;
}

static int all_are(const uint8_t *p, size_t n, uint8_t c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

/* CHECK of key over [addr, +len) for kind: the check's status. */
static int check_key(int fd, uint32_t pd, uint32_t key, const void *addr,
		     uint32_t len, uint32_t kind)
{
	struct uldma_check c = { .addr = (uint64_t)(uintptr_t)addr,
				 .length = len, .pd = pd, .key = key,
				 .kind = kind };

	if (ioctl(fd, ULDMA_IOC_CHECK, &c))
		return -errno;
	return c.status;
}

/* Poll n completions (3 s each at most); how many arrived. */
static int poll_n(int fd, struct uldma_wc *wc, int n)
{
	int got = 0, c;

	while (got < n) {
		c = uldma_poll_wait(fd, wc + got, (unsigned int)(n - got), 3000);
		if (c <= 0)
			break;
		got += c;
	}
	return got;
}

/*
 * Completions wc[0..n) of writes wr_id base.. of len bytes each: in order,
 * whole (status 0, len bytes) until the first refusal, every one from it
 * refused (ENOKEY, 0 bytes). Returns how many break that shape; *first is
 * the index of the first refusal or -1.
 */
static int refused_shape(const struct uldma_wc *wc, int n, uint64_t base,
			 uint32_t len, int *first)
{
	int i, bad = 0;

	*first = -1;
	for (i = 0; i < n; i++) {
		if (wc[i].wr_id != base + (uint64_t)i)
			bad++;
		if (wc[i].status && *first < 0)
			*first = i;
		if (*first >= 0 ? wc[i].status != -ENOKEY || wc[i].byte_len
				 : wc[i].byte_len != len)
			bad++;
	}
	return bad;
}

/* A child: register, queue 16 writes with the engine held, exit. */
static int child_exit_holding(void)
{
	uint32_t cpd, cqp, l, r;
	uint8_t *a = map_buf(BIG, 1), *b = map_buf(BIG, 2);
	int fd = uldma_open(), i;

	if (!a || !b || fd < 0 || uldma_alloc_pd(fd, &cpd) ||
	    uldma_create_qp(fd, cpd, &cqp) ||
	    uldma_reg_mr(fd, cpd, a, BIG, ULDMA_ACC_LOCAL_WRITE, &l, NULL) ||
	    uldma_reg_mr(fd, cpd, b, BIG, ULDMA_ACC_LOCAL_WRITE |
			 ULDMA_ACC_REMOTE_WRITE, NULL, &r))
		return 1;
	for (i = 0; i < 16; i++)
		if (uldma_post_write(fd, cqp, cqp, (uint64_t)i, a, l, b, r, BIG))
			return 2;
	return 0;	/* exit with the file open: the mm goes first */
}

#define MIB (1024u * 1024u)
#define PG 4096u

/*
 * A VMA split in the same 2 MB block as a region changes none of its
 * pages, but Linux 6.1 "splits" a huge PMD over the whole block first
 * (vma_adjust_trans_huge -> __split_huge_pmd), sending MMU_NOTIFY_CLEAR
 * to every notifier over it whether or not a huge PMD is there -- when
 * the block lies inside the VMA being split.  So each case takes a fresh
 * 6 MB mapping and registers a 64 KB region near the end of its second
 * 2 MB block; the region must stay (CHECK 0, writes into it land) after
 * a munmap of one page 1 MB away, an mprotect of one page 1 MB away
 * (both split the VMA), and a munmap with 4 writes queued while the
 * engine is held.  mr_held must grow in each (else the kernel sent no
 * clear and the case proved nothing).  Then an mprotect adding exec
 * (nothing lowered) keeps a region, and one to read-only keeps a region
 * with only remote read.
 */
static uint8_t *split_map(uint8_t **block)
{
	uint8_t *big = mmap(NULL, 6 * MIB, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (big == MAP_FAILED)
		return NULL;
	memset(big, 0x11, 6 * MIB);
	/* The 2 MB block [*block, *block + 2 MB) lies inside the mapping. */
	*block = (uint8_t *)(((uintptr_t)big + 2 * MIB - 1) &
			     ~(uintptr_t)(2 * MIB - 1));
	return big;
}

static void split_near(int fd, uint32_t pd, uint32_t qp, uint8_t *src,
		       uint32_t sl)
{
	uint32_t l = 0, r = 0, l2 = 0, r2 = 0;
	struct uldma_wc wc[8];
	uint8_t *big, *b2 = NULL, *x, *y;
	long inv0 = counter("mr_invalidated"), held0 = counter("mr_held");
	long kept0 = counter("mr_kept"), h;
	int err, err2, got, i, bad, st, c;

	for (c = 0; c < 3; c++) {
		big = split_map(&b2);
		x = b2 + 2 * MIB - 2 * BIG;	/* a 64 KB region in it */
		err = !big || uldma_reg_mr(fd, pd, x, BIG,
					   ULDMA_ACC_LOCAL_WRITE |
					   ULDMA_ACC_REMOTE_WRITE, &l, &r);
		h = counter("mr_held");
		if (c == 2 && !err) {
			err = engine_pause(1);
			for (i = 0; i < 4 && !err; i++)
				err = uldma_post_write(fd, qp, qp,
						       460u + (uint64_t)i, src,
						       sl, x + 4096 * (i + 2),
						       r, 4096);
		}
		if (err)
			err2 = -1;
		else if (c == 1)	/* same block, same VMA */
			err2 = mprotect(b2 + MIB, PG, PROT_READ);
		else
			err2 = munmap(b2 + MIB, PG);
		h = counter("mr_held") - h;
		if (c == 2) {
			engine_pause(0);
			got = poll_n(fd, wc, 4);
			bad = 0;
			for (i = 0; i < got; i++)
				bad += wc[i].wr_id != 460u + (uint64_t)i ||
				       wc[i].status || wc[i].byte_len != 4096;
			check("split: 4 writes queued (engine held), then a munmap 1 MB away in the region's 2 MB block: all 4 land",
			      !err && !err2 && h >= 1 && got == 4 && !bad &&
			      all_are(x + 2 * 4096, 4 * 4096, 0x5b),
			      "post %d munmap %d, held %ld, %d, %d wrong",
			      err, err2, h, got, bad);
		} else {
			st = err ? -1 : check_key(fd, pd, r, x, BIG,
						  ULDMA_KIND_REMOTE_WRITE);
			err = err ? err : uldma_post_write(fd, qp, qp, 450,
							   src, sl, x + 100, r,
							   1000);
			got = poll_n(fd, wc, 1);
			check(c ? "split: mprotect of a page 1 MB away in the region's 2 MB block: its key checks (0), a write into it lands" :
			      "split: munmap of a page 1 MB away in the region's 2 MB block: its key checks (0), a write into it lands",
			      !err && !err2 && h >= 1 && st == 0 && got == 1 &&
			      wc[0].status == 0 && wc[0].byte_len == 1000 &&
			      all_are(x + 100, 1000, 0x5b) &&
			      all_are(x, 100, 0x11) &&
			      all_are(x + 1100, BIG - 1100, 0x11),
			      "reg/post %d split %d, held %ld, check %d, %d, status %d",
			      err, err2, h, st, got, got ? wc[0].status : 0);
		}
		uldma_dereg_mr(fd, l);
		if (big)
			munmap(big, 6 * MIB);
	}
	/* What lowers nothing keeps a region; read-only keeps a read one. */
	x = map_buf(BIG, 0x11);
	y = map_buf(BIG, 0x22);
	err = !x || !y || uldma_reg_mr(fd, pd, x, BIG, ULDMA_ACC_LOCAL_WRITE |
				       ULDMA_ACC_REMOTE_WRITE, &l, &r) ||
	      uldma_reg_mr(fd, pd, y, BIG, ULDMA_ACC_REMOTE_READ, &l2, &r2);
	h = counter("mr_held");
	err2 = err ? -1 : mprotect(x, BIG, PROT_READ | PROT_WRITE | PROT_EXEC);
	st = check_key(fd, pd, r, x, BIG, ULDMA_KIND_REMOTE_WRITE);
	check("split: mprotect of a region adding exec (nothing lowered): its key checks (0)",
	      !err && !err2 && st == 0 && counter("mr_held") > h,
	      "reg %d mprotect %d check %d", err, err2, st);
	h = counter("mr_held");
	err2 = err ? -1 : mprotect(y, BIG, PROT_READ);
	st = check_key(fd, pd, r2, y, BIG, ULDMA_KIND_REMOTE_READ);
	check("split: mprotect to read-only of a region with only remote read: its key checks (0)",
	      !err2 && st == 0 && counter("mr_held") > h,
	      "mprotect %d check %d", err2, st);
	uldma_dereg_mr(fd, l);
	uldma_dereg_mr(fd, l2);
	check("split: no region invalidated by any of it, as many kept as held",
	      counter("mr_invalidated") == inv0 &&
	      counter("mr_held") - held0 == counter("mr_kept") - kept0,
	      "invalidated %ld, held %ld, kept %ld",
	      counter("mr_invalidated") - inv0, counter("mr_held") - held0,
	      counter("mr_kept") - kept0);
	if (x)
		munmap(x, BIG);
	if (y)
		munmap(y, BIG);
}

int main(void)
{
	uint32_t pd, qp, al, bl, br, tl, tr, sl, cl, cr, dl, el, er, mw, mr;
	struct uldma_wc wc[64];
	uint8_t *a, *b, *s, *t, *c, *d, *e;
	long pins0, p, q;
	int fd, i, got, bad, first_bad, err, err2, st;
	pid_t pid;

	fd = uldma_open();
	pins0 = counter("pins_held");
	a = map_buf(BIG, 0xa1);
	b = map_buf(BIG, 0x5b);
	err = fd < 0 || pins0 < 0 || !a || !b || uldma_alloc_pd(fd, &pd) ||
	      uldma_create_qp(fd, pd, &qp) ||
	      uldma_reg_mr(fd, pd, a, BIG, ULDMA_ACC_LOCAL_WRITE, &al, NULL) ||
	      uldma_reg_mr(fd, pd, b, BIG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE, &bl, &br);
	p = counter("pins_held");
	check("setup: a context, a PD, a QP, two 64 KB buffers registered",
	      !err && p == pins0 + 32, "fd %d, pins before %ld, now %ld", fd,
	      pins0, p);
	if (fd < 0 || total != passed)
		goto out;

	/* 1. The source goes while 8 writes from it are queued. */
	err = engine_pause(1);
	for (i = 0; i < 8 && !err; i++)
		err = uldma_post_write(fd, qp, qp, 100u + (uint64_t)i, a, al,
				       b, br, BIG);
	p = counter("pins_held");
	err2 = munmap(a, BIG);
	/* No ioctl yet: the engine thread, held, releases them. */
	q = pins_settle(p - 16);
	st = check_key(fd, pd, al, a, 1, ULDMA_KIND_LOCAL_READ);
	check("munmap of a source with 8 writes queued (engine held): its 16 pins released by the engine thread, its key dead (CHECK -> ENOKEY)",
	      !err && !err2 && q == p - 16 && st == -ENOKEY,
	      "posts %d munmap %d, pins %ld -> %ld, check %d", err, err2, p, q,
	      st);
	engine_pause(0);
	got = poll_n(fd, wc, 8);
	bad = 0;
	for (i = 0; i < got; i++)
		bad += wc[i].wr_id != 100u + (uint64_t)i ||
		       wc[i].status != -ENOKEY || wc[i].byte_len != 0;
	check("  ... the 8 writes complete with ENOKEY, 0 bytes, in order; the target untouched",
	      got == 8 && !bad && all_are(b, BIG, 0x5b),
	      "%d completions, %d not ENOKEY/0, first status %d", got, bad,
	      got ? wc[0].status : 0);
	err = uldma_dereg_mr(fd, al);
	err2 = uldma_dereg_mr(fd, al);
	check("dereg of the region that went with its memory: 0, then ENOKEY",
	      err == 0 && err2 == -ENOKEY, "%d %d", err, err2);

	/*
	 * 2. The target goes while 32 writes of 64 KB into it run. How many
	 * land before the munmap takes effect is the scheduler's business
	 * (on a fast host all 32 may): the check is the shape -- in order,
	 * whole ones, then refused ones -- and 2b below makes the refusal
	 * certain.
	 */
	s = map_buf(BIG, 0x33);
	t = map_buf(BIG, 0);
	err = !s || !t ||
	      uldma_reg_mr(fd, pd, s, BIG, 0, &sl, NULL) ||
	      uldma_reg_mr(fd, pd, t, BIG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE, &tl, &tr);
	p = counter("pins_held");
	for (i = 0; i < 32 && !err; i++)
		err = uldma_post_write(fd, qp, qp, 200u + (uint64_t)i, s, sl,
				       t, tr, BIG);
	err2 = munmap(t, BIG);
	got = poll_n(fd, wc, 32);
	bad = refused_shape(wc, got, 200u, BIG, &first_bad);
	check("munmap of a target while 32 writes of 64 KB into it run: all complete, in order, whole until the first refusal, every one from it refused on ENOKEY with 0 bytes",
	      !err && !err2 && got == 32 && !bad,
	      "posts %d munmap %d, %d completions, %d whole before the munmap took effect, %d wrong",
	      err, err2, got, first_bad < 0 ? got : first_bad, bad);
	check("  ... the target's 16 pins released",
	      pins_settle(p - 16) == p - 16, "pins %ld -> %ld", p,
	      counter("pins_held"));
	/* 2b. 8 writes land, the engine is held, 24 more queue, the target goes. */
	t = map_buf(BIG, 0);
	err = !t || uldma_reg_mr(fd, pd, t, BIG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE, &tl, &tr);
	for (i = 0; i < 8 && !err; i++)
		err = uldma_post_write(fd, qp, qp, 250u + (uint64_t)i, s, sl,
				       t, tr, BIG);
	got = poll_n(fd, wc, 8);
	err = err ? err : engine_pause(1);
	for (i = 8; i < 32 && !err; i++)
		err = uldma_post_write(fd, qp, qp, 250u + (uint64_t)i, s, sl,
				       t, tr, BIG);
	err2 = err ? -1 : munmap(t, BIG);
	engine_pause(0);
	got += poll_n(fd, wc + 8, 24);
	bad = refused_shape(wc, got, 250u, BIG, &first_bad);
	check("  ... 8 land, the engine is held, 24 more queue, the target goes: 8 whole, then 24 refused (ENOKEY, 0 bytes), in order",
	      !err && !err2 && got == 32 && !bad && first_bad == 8,
	      "posts %d munmap %d, %d completions, first refusal at %d, %d wrong",
	      err, err2, got, first_bad, bad);
	check("  ... the source still registered and unchanged",
	      check_key(fd, pd, sl, s, BIG, ULDMA_KIND_LOCAL_READ) == 0 &&
	      all_are(s, BIG, 0x33) && !uldma_dereg_mr(fd, sl) &&
	      !uldma_dereg_mr(fd, tl), NULL);

	/* 3. mprotect to read-only, MADV_DONTNEED. */
	c = map_buf(BIG, 0xcc);
	d = map_buf(BIG, 0xdd);
	err = !c || !d ||
	      uldma_reg_mr(fd, pd, c, BIG, ULDMA_ACC_LOCAL_WRITE |
			   ULDMA_ACC_REMOTE_WRITE, &cl, &cr) ||
	      uldma_reg_mr(fd, pd, d, BIG, ULDMA_ACC_LOCAL_WRITE, &dl, NULL);
	err2 = err ? -1 : mprotect(c, BIG, PROT_READ);
	st = check_key(fd, pd, cr, c, 1, ULDMA_KIND_REMOTE_WRITE);
	check("mprotect of a target to read-only: its key is dead (ENOKEY)",
	      !err && !err2 && st == -ENOKEY, "%d %d check %d", err, err2, st);
	err = uldma_post_write(fd, qp, qp, 300, b, bl, c, cr, 4096);
	got = poll_n(fd, wc, 1);
	check("  ... a write into it -> ENOKEY, 0 bytes, the buffer unchanged",
	      !err && got == 1 && wc[0].status == -ENOKEY &&
	      wc[0].byte_len == 0 && all_are(c, BIG, 0xcc),
	      "post %d, %d completion(s), status %d", err, got,
	      got ? wc[0].status : 0);
	err = madvise(d, BIG, MADV_DONTNEED);
	/* New frames at the same addresses before the next call looks. */
	memset(d, 0x5a, BIG);
	st = check_key(fd, pd, dl, d, 1, ULDMA_KIND_LOCAL_READ);
	check("MADV_DONTNEED of a source, then writes (new frames there): its key is dead (ENOKEY)",
	      !err && st == -ENOKEY, "%d check %d", err, st);
	uldma_dereg_mr(fd, cl);
	uldma_dereg_mr(fd, dl);
	munmap(c, BIG);
	munmap(d, BIG);

	/* 4. A window bound to a region whose memory goes. */
	e = map_buf(BIG, 0xee);
	err = !e || uldma_reg_mr(fd, pd, e, BIG, ULDMA_ACC_LOCAL_WRITE |
				 ULDMA_ACC_REMOTE_WRITE | ULDMA_ACC_MW_BIND,
				 &el, &er) ||
	      uldma_alloc_mw(fd, pd, &mw, &mr) ||
	      uldma_bind_mw(fd, qp, mw, &mr, el, e + 4096, 8192,
			    ULDMA_ACC_REMOTE_WRITE);
	err2 = err ? -1 : munmap(e, BIG);
	err = err ? err : uldma_post_write(fd, qp, qp, 400, b, bl, e + 4096,
					   mr, 100);
	got = poll_n(fd, wc, 1);
	check("munmap of a region with a window bound: a write through the window -> ENOKEY, 0 bytes",
	      !err && !err2 && got == 1 && wc[0].status == -ENOKEY &&
	      wc[0].byte_len == 0, "post %d munmap %d, %d, status %d", err,
	      err2, got, got ? wc[0].status : 0);
	err = uldma_dealloc_mw(fd, mw);
	err2 = uldma_dereg_mr(fd, el);
	check("  ... the window went with it (dealloc -> ENOENT), dereg 0",
	      err == -ENOENT && err2 == 0, "%d %d", err, err2);

	/* 4b. A VMA split near a region leaves it alone. */
	split_near(fd, pd, qp, b, bl);

	/* 5. fork leaves a region alone. */
	pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, &st, 0);
	st = check_key(fd, pd, br, b, BIG, ULDMA_KIND_REMOTE_WRITE);
	s = map_buf(4096, 0x77);
	err = !s || uldma_reg_mr(fd, pd, s, 4096, 0, &sl, NULL) ||
	      uldma_post_write(fd, qp, qp, 500, s, sl, b, br, 4096);
	got = poll_n(fd, wc, 1);
	check("fork (a child that exits) leaves a region alive: its key checks, a write into it lands",
	      st == 0 && !err && got == 1 && wc[0].status == 0 &&
	      all_are(b, 4096, 0x77),
	      "check %d post %d, %d, status %d", st, err, got,
	      got ? wc[0].status : 0);
	uldma_dereg_mr(fd, sl);

	/* 6. A process exits with regions and 16 writes queued. */
	p = counter("pins_held");
	engine_pause(1);
	pid = fork();
	if (pid == 0)
		_exit(child_exit_holding());
	waitpid(pid, &st, 0);
	engine_pause(0);
	check("a process exits with 2 regions and 16 writes queued: its 32 pins come back",
	      WIFEXITED(st) && WEXITSTATUS(st) == 0 && pins_settle(p) == p,
	      "status 0x%x, pins %ld -> %ld", st, p, counter("pins_held"));

out:
	if (fd >= 0)
		uldma_close(fd);
	p = pins_settle(pins0);
	check("closed: pins back to where they were", p == pins0,
	      "%ld -> %ld; invalidated %ld, reaped %ld", pins0, p,
	      counter("mr_invalidated"), counter("mr_reaped"));
	printf("inval: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}
