// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_engine.c -- the soft engine of /dev/uldma: a send queue per
 * QP and one kernel thread that runs the verified engine (src/xfer_wr.c,
 * ud_wr_run) on the requests, in the order they were posted on each QP.
 *
 *   POST (ioctl, device mutex)   ud_kmod_engine_post: reserve the
 *                                completion's slot on the file's queue
 *                                (ENOBUFS), append to the QP's ring
 *                                (EAGAIN when full); the ioctl then wakes
 *                                the thread (ud_kmod_engine_kick) and
 *                                returns
 *   DOORBELL (ioctl, dev mutex)  ud_kmod_engine_run_qp: the QP's ring just
 *                                taken (kmod/uldma_ring.c), its queued
 *                                requests run here, in the caller's
 *                                context, oldest first, at most
 *                                UD_KMOD_DB_BUDGET; the thread is woken for
 *                                what is left
 *   thread "uldma-engine"        take the device mutex; pick the next QP
 *                                with work (round robin over QPs, FIFO
 *                                within one); record its wr_id for the
 *                                completion door; ud_wr_run; drop the mutex
 *   DESTROY_QP (device mutex)    ud_kmod_engine_flush(qp, true): what is
 *                                still queued completes with ECANCELED
 *   release() (device mutex)     ud_kmod_engine_flush(qp, false): dropped
 *                                with the file's completion queue
 *
 * One request runs at a time and only under the device mutex, so a verb
 * (DEREG_MR, DEALLOC_MW, DESTROY_QP, release()) either precedes a request
 * -- which then finds the state changed and the core refuses what is no
 * longer allowed -- or waits for it to finish; a request of a closed file
 * is gone from its ring before its regions are deregistered.  Nothing the
 * thread holds outlives the mutex, so there is nothing to refcount.  The
 * target QP is re-checked when the request runs: if it was destroyed (and
 * its number perhaps reused by another file) since the post, the request
 * completes with ENOENT and the core never sees it; so does a request
 * whose target is another file's QP once the two are no longer connected
 * both ways (CONNECT_QP; destroying either end disconnects it).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include "pd.h"
#include "xfer_wr.h"
#include "uldma_kmod.h"
#include "uldma_sm.h"

struct ud_kmod_req {
	u64 wr_id;
	u32 dest_qp;
	struct ud_wr w;
};

struct ud_kmod_sq {
	unsigned int head;		/* oldest request                   */
	unsigned int count;
	struct ud_kmod_req r[UD_KMOD_SQ_DEPTH];
};

static struct {
	struct mutex *lock;		/* the device mutex                 */
	struct ud_prot *prot;
	/*
	 * The core's staging buffer for one packet (ud_wr_run's scratch):
	 * UD_WR_PKT bytes, a page here (kmod/Kbuild), so not on the stack.
	 * Only the thread uses it, under the device mutex.
	 */
	u8 pkt[UD_WR_PKT] __aligned(64);
	struct task_struct *task;
	wait_queue_head_t wq;
	bool paused;
	bool kicked;			/* look at the rings now            */
	unsigned int pending;		/* requests in all rings            */
	unsigned int next;		/* QP to look at first              */
	struct ud_kmod_sq sq[UD_PROT_NQP];
} ud_eng;

static bool ud_kmod_engine_has_work(void)
{
	return (READ_ONCE(ud_eng.pending) || ud_kmod_sm_pending()) &&
	       !READ_ONCE(ud_eng.paused);
}

/* Under the device mutex: run the oldest request of qp's queue. */
static void ud_kmod_engine_run_head(u32 qp)
{
	struct ud_kmod_sq *sq = &ud_eng.sq[qp];
	struct ud_kmod_req req;
	struct ud_kmod_cq *cq;
	u64 t0;

	lockdep_assert_held(ud_eng.lock);
	if (WARN_ON_ONCE(!sq->count))
		return;
	req = sq->r[sq->head];
	sq->head = (sq->head + 1) % UD_KMOD_SQ_DEPTH;
	sq->count--;
	ud_eng.pending--;

	cq = ud_kmod_qp_cq(qp);
	if (WARN_ON_ONCE(!cq || !ud_eng.prot->qp_live[qp])) {
		/* A destroyed QP's ring is flushed first: cannot happen. */
		if (cq)
			ud_kmod_cq_unreserve(cq);
		atomic_long_inc(&ud_kmod_stats.cancelled);
		return;
	}
	if (!ud_kmod_qp_reaches(qp, req.dest_qp)) {
		/*
		 * The target QP is gone: no longer this file's, or another
		 * file's no longer connected both ways with qp.
		 */
		atomic_long_inc(&ud_kmod_stats.target_gone);
		ud_kmod_cq_home_complete(qp, req.wr_id, req.w.opcode, -ENOENT);
		return;
	}
	ud_kmod_wr_begin(qp, req.wr_id, req.w.opcode);
	/* No region whose memory went is still registered while it runs. */
	ud_kmod_mrn_run_begin(ud_eng.prot);
	t0 = ktime_get_ns();
	/* The verdict is the completion the core emits through the door. */
	ud_wr_run(ud_eng.prot, qp, ud_eng.prot, req.dest_qp, &req.w, ud_eng.pkt);
	atomic64_add((s64)(ktime_get_ns() - t0), &ud_kmod_stats.run_ns);
	ud_kmod_mrn_run_end();
	atomic_long_inc(&ud_kmod_stats.run);
}

/* Under the device mutex: run the next request, if any. */
static void ud_kmod_engine_run_one(void)
{
	unsigned int i;
	u32 qp;

	lockdep_assert_held(ud_eng.lock);
	if (!ud_eng.pending || ud_eng.paused)
		return;
	for (i = 0; i < UD_PROT_NQP; i++) {
		qp = (ud_eng.next + i) % UD_PROT_NQP;
		if (ud_eng.sq[qp].count) {
			ud_eng.next = (qp + 1) % UD_PROT_NQP;
			ud_kmod_engine_run_head(qp);
			return;
		}
	}
	WARN_ON_ONCE(1);
}

/*
 * The doorbell's half (device mutex held, qp's ring just taken): run qp's
 * queued requests here, oldest first, at most UD_KMOD_DB_BUDGET of them,
 * unless the engine is held; how many ran.  What is left, on qp or any
 * other QP, is the thread's: it is woken.  The requests of one QP still
 * run one at a time and in post order (the thread takes them from the
 * same queue, under the same mutex), so nothing but who runs them and
 * when changes.
 */
unsigned int ud_kmod_engine_run_qp(u32 qp)
{
	unsigned int n = 0;

	lockdep_assert_held(ud_eng.lock);
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return 0;
	if (!ud_eng.paused) {
		/* Regions whose memory went leave the core first. */
		ud_kmod_mrn_reap(ud_eng.prot);
		while (n < UD_KMOD_DB_BUDGET && ud_eng.sq[qp].count) {
			ud_kmod_engine_run_head(qp);
			n++;
		}
	}
	if (ud_eng.pending)
		wake_up_interruptible(&ud_eng.wq);
	return n;
}

/*
 * The doorbell of the mapped rings is the producer index itself: no
 * system call, so nothing wakes the thread.  While some QP has a ring,
 * the thread looks at the rings before each request and, when idle, every
 * UD_KMOD_RING_POLL_NS (hrtimer: 50 us) for UD_KMOD_RING_HOT scans after the
 * last WQE it found, then once a jiffy: a bounded busy poll that costs one
 * scan of UD_PROT_NQP indices per wake-up and nothing once no ring
 * exists.  A POST ioctl still wakes it at once, and so does (ABI 7) a
 * DOORBELL ioctl that leaves work behind; a doorbell that finds the
 * requests itself runs them itself.
 */
#define UD_KMOD_RING_POLL_NS	(50 * NSEC_PER_USEC)
#define UD_KMOD_RING_HOT	2000

static int ud_kmod_engine_fn(void *unused)
{
	unsigned int idle = UD_KMOD_RING_HOT;

	while (!kthread_should_stop()) {
		if (!ud_kmod_rings_active())
			wait_event_interruptible(ud_eng.wq,
						 kthread_should_stop() ||
						 READ_ONCE(ud_eng.kicked) ||
						 ud_kmod_rings_active() ||
						 ud_kmod_mrn_pending() ||
						 ud_kmod_engine_has_work());
		else if (idle < UD_KMOD_RING_HOT)
			wait_event_interruptible_hrtimeout(ud_eng.wq,
				kthread_should_stop() ||
				READ_ONCE(ud_eng.kicked) ||
				ud_kmod_mrn_pending() ||
				ud_kmod_engine_has_work(),
				ns_to_ktime(UD_KMOD_RING_POLL_NS));
		else
			wait_event_interruptible_timeout(ud_eng.wq,
				kthread_should_stop() ||
				READ_ONCE(ud_eng.kicked) ||
				ud_kmod_mrn_pending() ||
				ud_kmod_engine_has_work(), 1);
		if (kthread_should_stop())
			break;
		WRITE_ONCE(ud_eng.kicked, false);
		mutex_lock(ud_eng.lock);
		/* Regions whose memory went leave the core, held or not. */
		ud_kmod_mrn_reap(ud_eng.prot);
		if (ud_kmod_ring_drain(ud_eng.prot))
			idle = 0;
		else if (idle < UD_KMOD_RING_HOT)
			idle++;
		ud_kmod_engine_run_one();
		/* The NI of the send modes (ABI 9): one send per pass. */
		if (!ud_eng.paused)
			ud_kmod_sm_run_one();
		mutex_unlock(ud_eng.lock);
		cond_resched();
	}
	return 0;
}

int ud_kmod_engine_start(struct mutex *lock, struct ud_prot *prot)
{
	struct task_struct *t;

	memset(&ud_eng, 0, sizeof(ud_eng));
	ud_eng.lock = lock;
	ud_eng.prot = prot;
	init_waitqueue_head(&ud_eng.wq);
	t = kthread_run(ud_kmod_engine_fn, NULL, "uldma-engine");
	if (IS_ERR(t))
		return PTR_ERR(t);
	ud_eng.task = t;
	return 0;
}

/* Every file is closed: every ring is empty. */
void ud_kmod_engine_stop(void)
{
	if (!ud_eng.task)
		return;
	kthread_stop(ud_eng.task);
	ud_eng.task = NULL;
	WARN_ON(ud_eng.pending);
}

int ud_kmod_engine_post(u32 qp, u32 dest_qp, u64 wr_id,
			const struct ud_wr *w, struct ud_kmod_cq *cq)
{
	struct ud_kmod_sq *sq;

	lockdep_assert_held(ud_eng.lock);
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return -ENOENT;
	sq = &ud_eng.sq[qp];
	if (!ud_kmod_cq_reserve(cq))
		return -ENOBUFS;
	if (sq->count == UD_KMOD_SQ_DEPTH) {
		ud_kmod_cq_unreserve(cq);
		return -EAGAIN;
	}
	sq->r[(sq->head + sq->count) % UD_KMOD_SQ_DEPTH] =
		(struct ud_kmod_req){ .wr_id = wr_id, .dest_qp = dest_qp,
				      .w = *w };
	sq->count++;
	ud_eng.pending++;
	/* The caller wakes the thread (POST) or is the one running (ring). */
	return 0;
}

unsigned int ud_kmod_engine_flush(u32 qp, bool complete)
{
	struct ud_kmod_cq *cq = ud_kmod_qp_cq(qp);
	struct ud_kmod_sq *sq;
	struct ud_kmod_req *r;
	unsigned int n = 0;

	lockdep_assert_held(ud_eng.lock);
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return 0;
	sq = &ud_eng.sq[qp];
	while (sq->count) {
		r = &sq->r[sq->head];
		if (complete) {
			ud_kmod_cq_home_complete(qp, r->wr_id, r->w.opcode,
						 -ECANCELED);
			atomic_long_inc(&ud_kmod_stats.flushed);
		} else {
			if (cq)
				ud_kmod_cq_unreserve(cq);
			atomic_long_inc(&ud_kmod_stats.dropped);
		}
		atomic_long_inc(&ud_kmod_stats.cancelled);
		sq->head = (sq->head + 1) % UD_KMOD_SQ_DEPTH;
		sq->count--;
		ud_eng.pending--;
		n++;
	}
	sq->head = 0;
	return n;
}

/*
 * Look at the rings now: a ring appeared (the thread, asleep without a
 * timeout, starts polling), a region was invalidated, or a process waits
 * in POLL for a completion (it is in the kernel anyway: its WQEs need not
 * wait for the next poll).
 */
void ud_kmod_engine_kick(void)
{
	WRITE_ONCE(ud_eng.kicked, true);
	wake_up_interruptible(&ud_eng.wq);
}

/* When it returns, no request is running, and none starts while paused. */
void ud_kmod_engine_pause(bool pause)
{
	mutex_lock(ud_eng.lock);
	WRITE_ONCE(ud_eng.paused, pause);
	mutex_unlock(ud_eng.lock);
	wake_up_interruptible(&ud_eng.wq);
}

bool ud_kmod_engine_paused(void)
{
	return READ_ONCE(ud_eng.paused);
}
