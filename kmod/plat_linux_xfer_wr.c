// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_xfer_wr.c -- the kernel home of the completion door
 * (src/ud_platform.h, section xfer_wr), used by src/xfer_wr.c.
 *
 * The door has no context argument: ud_plat_complete(qp, st, len).  The
 * home keys delivery by the QP number, which belongs to exactly one open
 * file of /dev/uldma (kmod/uldma_main.c): CREATE_QP binds the new QP to
 * its file's completion queue, DESTROY_QP and release() unbind it, and the
 * soft engine (kmod/uldma_engine.c) records the request's wr_id and opcode
 * on the QP (ud_kmod_wr_begin) just before the core runs it.  All of that,
 * and every core call that completes, happens under the device mutex, so
 * the table below needs no lock of its own; a queue has its own mutex
 * because POLL takes completions without the device mutex.
 *
 * None is lost silently: POST reserves the completion's slot when it
 * accepts a request (ENOBUFS when completions queued plus requests in
 * flight fill the queue), so the door always finds room; a completion for
 * a QP with no queue or a full queue is counted (module exit logs the
 * count, 0 unless the home is wrong) and warned about.  [A-PLAT-CQ]
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/limits.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include "pd.h"
#include "ud_platform.h"
#include "uldma_kmod.h"

struct ud_kmod_qp {
	struct ud_kmod_cq *cq;		/* NULL: no QP of a file            */
	u32 peer;			/* CONNECT_QP's, U32_MAX: none      */
	u64 wr_id;			/* of the request running on it     */
	u32 opcode;
};

static struct ud_kmod_qp ud_kmod_qps[UD_PROT_NQP];	/* device mutex */
static atomic_long_t ud_kmod_cq_lost = ATOMIC_LONG_INIT(0);

void ud_kmod_cq_init(struct ud_kmod_cq *cq)
{
	mutex_init(&cq->lock);
	init_waitqueue_head(&cq->wq);
	cq->head = 0;
	cq->count = 0;
	cq->reserved = 0;
}

void ud_kmod_cq_destroy(struct ud_kmod_cq *cq)
{
	mutex_destroy(&cq->lock);
}

bool ud_kmod_cq_reserve(struct ud_kmod_cq *cq)
{
	bool room;

	mutex_lock(&cq->lock);
	room = cq->count + cq->reserved < UD_KMOD_CQ_DEPTH;
	if (room)
		cq->reserved++;
	mutex_unlock(&cq->lock);
	return room;
}

void ud_kmod_cq_unreserve(struct ud_kmod_cq *cq)
{
	mutex_lock(&cq->lock);
	if (!WARN_ON_ONCE(!cq->reserved))
		cq->reserved--;
	mutex_unlock(&cq->lock);
}

bool ud_kmod_cq_ready(struct ud_kmod_cq *cq)
{
	return READ_ONCE(cq->count) != 0;
}

const struct ud_kmod_cqe *ud_kmod_cq_front(struct ud_kmod_cq *cq)
{
	lockdep_assert_held(&cq->lock);
	return cq->count ? &cq->e[cq->head] : NULL;
}

void ud_kmod_cq_pop(struct ud_kmod_cq *cq)
{
	lockdep_assert_held(&cq->lock);
	if (WARN_ON_ONCE(!cq->count))
		return;
	cq->head = (cq->head + 1) % UD_KMOD_CQ_DEPTH;
	cq->count--;
}

void ud_kmod_qp_bind(u32 qp, struct ud_kmod_cq *cq)
{
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return;
	ud_kmod_qps[qp] = (struct ud_kmod_qp){ .cq = cq, .peer = U32_MAX };
}

void ud_kmod_qp_unbind(u32 qp)
{
	u32 i;

	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return;
	ud_kmod_qps[qp] = (struct ud_kmod_qp){ .cq = NULL, .peer = U32_MAX };
	/* A later QP with this number is connected to nothing. */
	for (i = 0; i < UD_PROT_NQP; i++) {
		if (ud_kmod_qps[i].peer == qp)
			ud_kmod_qps[i].peer = U32_MAX;
	}
}

void ud_kmod_qp_connect(u32 qp, u32 peer)
{
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP || !ud_kmod_qps[qp].cq))
		return;
	ud_kmod_qps[qp].peer = peer < UD_PROT_NQP ? peer : U32_MAX;
}

bool ud_kmod_qp_reaches(u32 qp, u32 dest)
{
	struct ud_kmod_cq *cq = ud_kmod_qp_cq(qp);
	struct ud_kmod_cq *dcq = ud_kmod_qp_cq(dest);

	if (!cq || !dcq)
		return false;
	return dcq == cq || (ud_kmod_qps[qp].peer == dest &&
			     ud_kmod_qps[dest].peer == qp);
}

struct ud_kmod_cq *ud_kmod_qp_cq(u32 qp)
{
	return qp < UD_PROT_NQP ? ud_kmod_qps[qp].cq : NULL;
}

void ud_kmod_wr_begin(u32 qp, u64 wr_id, u32 opcode)
{
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return;
	ud_kmod_qps[qp].wr_id = wr_id;
	ud_kmod_qps[qp].opcode = opcode;
}

long ud_kmod_cq_dropped(void)
{
	return atomic_long_read(&ud_kmod_cq_lost);
}

/* Append to qp's queue in the slot its request reserved. */
static void ud_kmod_cq_add(u32 qp, const struct ud_kmod_cqe *e)
{
	struct ud_kmod_cq *cq;

	if (qp >= UD_PROT_NQP || !ud_kmod_qps[qp].cq) {
		WARN_ONCE(1, "uldma: completion for QP %u with no queue\n", qp);
		atomic_long_inc(&ud_kmod_cq_lost);
		return;
	}
	cq = ud_kmod_qps[qp].cq;
	mutex_lock(&cq->lock);
	if (cq->count < UD_KMOD_CQ_DEPTH) {
		cq->e[(cq->head + cq->count) % UD_KMOD_CQ_DEPTH] = *e;
		cq->count++;
		if (!WARN_ON_ONCE(!cq->reserved))
			cq->reserved--;
	} else {
		WARN_ONCE(1, "uldma: completion queue of QP %u full\n", qp);
		atomic_long_inc(&ud_kmod_cq_lost);
	}
	mutex_unlock(&cq->lock);
	wake_up_interruptible(&cq->wq);
}

void ud_kmod_cq_home_complete(u32 qp, u64 wr_id, u32 opcode, int err)
{
	struct ud_kmod_cqe e = { .wr_id = wr_id, .qp = qp, .opcode = opcode,
				 .len = 0, .status = UD_OK, .err = err };

	ud_kmod_cq_add(qp, &e);
}

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	struct ud_kmod_cqe e = { .qp = qp, .len = len, .status = st };

	if (qp < UD_PROT_NQP) {
		e.wr_id = ud_kmod_qps[qp].wr_id;
		e.opcode = ud_kmod_qps[qp].opcode;
	}
	ud_kmod_stats_count_completion(st);
	ud_kmod_cq_add(qp, &e);
}
