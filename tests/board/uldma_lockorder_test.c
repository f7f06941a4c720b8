// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_lockorder_test.c -- the lock order of the kernel home
 * (docs/homes.md "Lock order"): the device mutex comes before mmap_lock,
 * so no path that holds mmap_lock may wait for the device mutex.
 *
 * Before session 21 the mmap of a QP's send ring took the device mutex
 * while Linux held mmap_lock (for writing) for the mmap, and REG_MR,
 * SEND_MODE and every verb copying to user memory hold the device mutex
 * and then take mmap_lock (pin_user_pages_fast's slow path, the DMA
 * buffer's SEND, a fault in copy_to_user): two threads of one process
 * could deadlock (ABBA).  Here, in one process, for a bounded number of
 * iterations each:
 *   mapper     maps and unmaps the send ring and its status page, the
 *              completion ring and its consumer page and a page of the DMA
 *              buffer (touched, so its fault handler runs)
 *   registrar  drops its buffer's pages (MADV_DONTNEED, so the pin takes
 *              mmap_lock), REG_MR, DEREG_MR
 *   sender     SEND_MODE SEND of a page of its own DMA-buffer mapping
 *              (mmap_lock taken for writing under the device mutex), POLL
 *              for its completion, RECV the message (copy_to_user)
 *   cycler     (session 22) CREATE_QP, maps and touches the new QP's send
 *              ring and status page, unmaps them, DESTROY_QP: the file's
 *              QP set changes under the device mutex AND the file's
 *              map_lock, taken inside the device mutex (HOME-LOCK-1), while
 *              the mapper holds mmap_lock and waits for map_lock and the
 *              registrar holds the device mutex and waits for mmap_lock
 * and every thread must finish.  The threads run in a child; the parent
 * is the watchdog: after ULDMA_LO_WATCHDOG seconds (alarm) it prints a
 * FAIL line, where each thread stopped and the kernel stack of each, and
 * exits (the child, stuck in the kernel, cannot be killed; the boot goes
 * on and init.sh fails the run, the module staying in use).  One line
 * per check, then "lockorder: N/N checks passed".  The outcome does not
 * depend on scheduling: with one lock order every interleaving finishes.
 */
#define BOARD_CHECK_PREFIX "lockorder"
#include "board_check.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "uldma.h"

#define ULDMA_LO_WATCHDOG	60
#define ULDMA_LO_MAPS		1500
#define ULDMA_LO_REGS		1500
#define ULDMA_LO_SENDS		300
#define ULDMA_LO_QPS		1500
#define ULDMA_LO_N		4

static int fd;
static uint32_t pd, qp;
static const long pg = 4096;

struct lo_thread {
	const char *name;
	unsigned int want, done;	/* iterations asked, finished       */
	unsigned int errs;		/* calls that failed                */
	char first[96];			/* the first failure                */
};

/* In memory shared with the parent, which reports the progress. */
static struct lo_thread *lo_t;
static const char *const lo_name[ULDMA_LO_N] = { "mapper", "registrar",
						 "sender", "cycler" };
static const unsigned int lo_want[ULDMA_LO_N] = { ULDMA_LO_MAPS,
						  ULDMA_LO_REGS,
						  ULDMA_LO_SENDS,
						  ULDMA_LO_QPS };

static void lo_fail(struct lo_thread *t, const char *what, int err)
{
	if (!t->errs++)
		snprintf(t->first, sizeof(t->first), "%s at %u: %s", what,
			 t->done, strerror(err));
}

static void *lo_map(int prot, uint64_t off, struct lo_thread *t,
		    const char *what)
{
	void *p = mmap(NULL, pg, prot, MAP_SHARED, fd, (off_t)off);

	if (p == MAP_FAILED) {
		lo_fail(t, what, errno);
		return NULL;
	}
	return p;
}

static void *lo_mapper(void *arg)
{
	struct lo_thread *t = arg;
	volatile uint8_t *sm;
	void *p[5];
	unsigned int i;

	for (; t->done < t->want; t->done++) {
		p[0] = lo_map(PROT_READ | PROT_WRITE, ULDMA_MMAP_SQ(qp), t,
			      "mmap ring");
		p[1] = lo_map(PROT_READ, ULDMA_MMAP_SQ_STATUS(qp), t,
			      "mmap ring status");
		p[2] = lo_map(PROT_READ, ULDMA_MMAP_CQ, t, "mmap cq");
		p[3] = lo_map(PROT_READ | PROT_WRITE, ULDMA_MMAP_CQ_DB, t,
			      "mmap cq db");
		p[4] = lo_map(PROT_READ | PROT_WRITE, ULDMA_MMAP_SM, t,
			      "mmap dma buffer");
		if (p[4]) {
			sm = p[4];
			(void)sm[0];	/* the DMA buffer's fault handler */
		}
		for (i = 0; i < 5; i++) {
			if (p[i] && munmap(p[i], pg))
				lo_fail(t, "munmap", errno);
		}
	}
	return NULL;
}

static void *lo_registrar(void *arg)
{
	struct lo_thread *t = arg;
	uint8_t *buf = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct uldma_reg_mr r;
	struct uldma_dereg_mr d;

	if (buf == MAP_FAILED) {
		lo_fail(t, "mmap buffer", errno);
		return NULL;
	}
	for (; t->done < t->want; t->done++) {
		/* Not present: the pin's slow path takes mmap_lock. */
		if (madvise(buf, 2 * pg, MADV_DONTNEED))
			lo_fail(t, "madvise", errno);
		r = (struct uldma_reg_mr){ .addr = (uintptr_t)buf,
					   .length = 2 * pg, .pd = pd,
					   .access = ULDMA_ACC_LOCAL_WRITE };
		if (ioctl(fd, ULDMA_IOC_REG_MR, &r)) {
			lo_fail(t, "REG_MR", errno);
			continue;
		}
		d = (struct uldma_dereg_mr){ .lkey = r.lkey };
		if (ioctl(fd, ULDMA_IOC_DEREG_MR, &d))
			lo_fail(t, "DEREG_MR", errno);
	}
	munmap(buf, 2 * pg);
	return NULL;
}

static void *lo_sender(void *arg)
{
	struct lo_thread *t = arg;
	uint8_t *sm = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			   (off_t)(ULDMA_MMAP_SM + (uint64_t)pg));
	uint8_t got[64];
	struct uldma_send_mode s;
	struct uldma_poll p;
	struct uldma_wc wc;

	if (sm == MAP_FAILED) {
		lo_fail(t, "mmap dma buffer", errno);
		return NULL;
	}
	for (; t->done < t->want; t->done++) {
		memset(sm, (int)(t->done & 0xff), 64);
		s = (struct uldma_send_mode){ .op = ULDMA_SM_SEND, .qp = qp,
			.dest_qp = qp, .mode = ULDMA_SM_COPYDMA,
			.addr = (uintptr_t)sm, .length = 64,
			.wr_id = t->done };
		if (ioctl(fd, ULDMA_IOC_SEND_MODE, &s)) {
			lo_fail(t, "SEND", errno);
			continue;
		}
		p = (struct uldma_poll){ .wc = (uintptr_t)&wc,
			.wc_size = sizeof(wc), .max_wc = 1,
			.timeout_ms = 5000 };
		if (ioctl(fd, ULDMA_IOC_POLL, &p) || p.count != 1 ||
		    wc.status || wc.wr_id != t->done) {
			lo_fail(t, "POLL", p.count == 1 ? wc.status : ETIME);
			continue;
		}
		s = (struct uldma_send_mode){ .op = ULDMA_SM_RECV, .qp = qp,
			.addr = (uintptr_t)got, .length = sizeof(got) };
		if (ioctl(fd, ULDMA_IOC_SEND_MODE, &s) || s.length != 64 ||
		    got[0] != (uint8_t)(t->done & 0xff))
			lo_fail(t, "RECV", errno ? errno : EBADMSG);
	}
	munmap(sm, pg);
	return NULL;
}

/*
 * A QP made and ended over and over, its ring and status page mapped and
 * touched in between (the mmap path: mmap_lock, then map_lock).
 */
static void *lo_cycler(void *arg)
{
	struct lo_thread *t = arg;
	struct uldma_create_qp c;
	struct uldma_destroy_qp d;
	volatile uint8_t *r, *st;

	for (; t->done < t->want; t->done++) {
		c = (struct uldma_create_qp){ .pd = pd };
		if (ioctl(fd, ULDMA_IOC_CREATE_QP, &c)) {
			lo_fail(t, "CREATE_QP", errno);
			continue;
		}
		r = lo_map(PROT_READ | PROT_WRITE, ULDMA_MMAP_SQ(c.qp), t,
			   "mmap its ring");
		st = lo_map(PROT_READ, ULDMA_MMAP_SQ_STATUS(c.qp), t,
			    "mmap its status");
		if (r)
			(void)r[0];
		if (st)
			(void)st[0];
		if ((r && munmap((void *)r, pg)) ||
		    (st && munmap((void *)st, pg)))
			lo_fail(t, "munmap", errno);
		d = (struct uldma_destroy_qp){ .qp = c.qp };
		if (ioctl(fd, ULDMA_IOC_DESTROY_QP, &d))
			lo_fail(t, "DESTROY_QP", errno);
	}
	return NULL;
}

static int lo_child(unsigned int mask)
{
	void *(*fn[ULDMA_LO_N])(void *) = { lo_mapper, lo_registrar,
					    lo_sender, lo_cycler };
	struct lo_thread *ts[ULDMA_LO_N] = { &lo_t[0], &lo_t[1], &lo_t[2],
					     &lo_t[3] };
	struct uldma_create_qp c;
	struct uldma_pd a = { 0 };
	pthread_t th[ULDMA_LO_N];
	unsigned int i;

	fd = open("/dev/uldma", O_RDWR);
	if (fd < 0) {
		check("open /dev/uldma", 0, "%s", strerror(errno));
		return 1;
	}
	check("open /dev/uldma", 1, NULL);
	check("ALLOC_PD", !ioctl(fd, ULDMA_IOC_ALLOC_PD, &a), NULL);
	pd = a.pd;
	c = (struct uldma_create_qp){ .pd = pd };
	check("CREATE_QP", !ioctl(fd, ULDMA_IOC_CREATE_QP, &c), NULL);
	qp = c.qp;
	for (i = 0; i < ULDMA_LO_N; i++) {
		if (!(mask & (1u << i)))
			ts[i]->done = ts[i]->want;	/* not run */
		else if (pthread_create(&th[i], NULL, fn[i], ts[i])) {
			check("pthread_create", 0, "%s", ts[i]->name);
			return 1;
		}
	}
	for (i = 0; i < ULDMA_LO_N; i++) {
		if (!(mask & (1u << i)))
			continue;
		pthread_join(th[i], NULL);
		check(ts[i]->name, ts[i]->done == ts[i]->want && !ts[i]->errs,
		      "%u/%u iterations, %u failed%s%s", ts[i]->done,
		      ts[i]->want, ts[i]->errs, ts[i]->errs ? ", first: " : "",
		      ts[i]->first);
	}
	close(fd);
	printf("lockorder: %u/%u checks passed\n", passed, total);
	return passed == total ? 0 : 1;
}

static volatile sig_atomic_t lo_expired;

static void lo_alarm(int sig)
{
	(void)sig;
	lo_expired = 1;
}

/* Where each thread of the stuck child waits in the kernel. */
static void lo_show_stuck(pid_t pid)
{
	char path[96], line[128];
	unsigned int i;
	FILE *f;
	int tid;

	for (i = 0; i < ULDMA_LO_N; i++)
		printf("lockorder: %s stopped at %u/%u\n", lo_t[i].name,
		       lo_t[i].done, lo_t[i].want);
	for (tid = pid; tid < pid + 10; tid++) {
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stack", pid,
			 tid);
		f = fopen(path, "r");
		if (!f)
			continue;
		printf("lockorder: task %d:\n", tid);
		while (fgets(line, sizeof(line), f))
			printf("lockorder:   %s", line);
		fclose(f);
	}
}

/*
 * argv[1], optional: which threads run, a mask (1 mapper, 2 registrar,
 * 4 sender, 8 cycler; default 15, all: what init.sh runs).
 */
int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = lo_alarm };
	unsigned int i, mask = argc > 1 ? (unsigned int)atoi(argv[1]) & 15 :
			   15;
	int st = 0;
	pid_t pid, w;

	lo_t = mmap(NULL, sizeof(*lo_t) * ULDMA_LO_N, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lo_t == MAP_FAILED)
		return 1;
	for (i = 0; i < ULDMA_LO_N; i++)
		lo_t[i] = (struct lo_thread){ .name = lo_name[i],
					      .want = lo_want[i] };
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		st = lo_child(mask);
		fflush(stdout);	/* _exit flushes nothing */
		_exit(st);
	}
	/* The watchdog: a stuck child fails the test, not the boot. */
	sigaction(SIGALRM, &sa, NULL);	/* no SA_RESTART: waitpid -> EINTR */
	alarm(ULDMA_LO_WATCHDOG);
	do {
		w = waitpid(pid, &st, 0);
	} while (w < 0 && errno == EINTR && !lo_expired);
	alarm(0);
	if (w != pid) {
		printf("lockorder: FAIL watchdog: the threads did not finish in %d s (deadlock)\n",
		       ULDMA_LO_WATCHDOG);
		lo_show_stuck(pid);
		return 1;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
