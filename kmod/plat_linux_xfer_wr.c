// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_xfer_wr.c -- the kernel home of the completion door
 * (src/ud_platform.h, section xfer_wr), used by src/xfer_wr.c.
 *
 * The door has no context argument: ud_plat_complete(qp, st, len).  The
 * home keys delivery by the QP number, which belongs to exactly one open
 * file of /dev/uldma (kmod/uldma_main.c): CREATE_QP binds the new QP to
 * its file's completion queue, DESTROY_QP and release() unbind it, and the
 * POST ioctl records the request's wr_id and opcode on the QP
 * (ud_kmod_wr_begin) just before the core runs it.  All of that, and every
 * core call that completes, happens under the device mutex, so the table
 * below needs no lock of its own; a queue has its own mutex because POLL
 * takes completions without the device mutex.  (A kernel-thread engine
 * will keep the same keying: the engine knows the QP, the QP knows its
 * file.)
 *
 * None is lost silently: the POST ioctl refuses (ENOBUFS) before the core
 * runs when the queue has no room, so the door always finds room; a
 * completion for a QP with no queue or a full queue is counted (module
 * exit logs the count, 0 unless the home is wrong) and warned about.
 * [A-PLAT-CQ]
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/mutex.h>

#include "pd.h"
#include "ud_platform.h"
#include "uldma_kmod.h"

struct ud_kmod_qp {
	struct ud_kmod_cq *cq;		/* NULL: no QP of a file            */
	u64 wr_id;			/* of the request running on it     */
	u32 opcode;
};

static struct ud_kmod_qp ud_kmod_qps[UD_PROT_NQP];	/* device mutex */
static atomic_long_t ud_kmod_cq_lost = ATOMIC_LONG_INIT(0);

void ud_kmod_cq_init(struct ud_kmod_cq *cq)
{
	mutex_init(&cq->lock);
	cq->head = 0;
	cq->count = 0;
}

void ud_kmod_cq_destroy(struct ud_kmod_cq *cq)
{
	mutex_destroy(&cq->lock);
}

bool ud_kmod_cq_room(struct ud_kmod_cq *cq)
{
	bool room;

	mutex_lock(&cq->lock);
	room = cq->count < UD_KMOD_CQ_DEPTH;
	mutex_unlock(&cq->lock);
	return room;
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
	ud_kmod_qps[qp] = (struct ud_kmod_qp){ .cq = cq };
}

void ud_kmod_qp_unbind(u32 qp)
{
	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return;
	ud_kmod_qps[qp] = (struct ud_kmod_qp){ .cq = NULL };
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

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	struct ud_kmod_qp *q;
	struct ud_kmod_cq *cq;

	if (qp >= UD_PROT_NQP || !ud_kmod_qps[qp].cq) {
		WARN_ONCE(1, "uldma: completion for QP %u with no queue\n", qp);
		atomic_long_inc(&ud_kmod_cq_lost);
		return;
	}
	q = &ud_kmod_qps[qp];
	cq = q->cq;
	mutex_lock(&cq->lock);
	if (cq->count < UD_KMOD_CQ_DEPTH) {
		cq->e[(cq->head + cq->count) % UD_KMOD_CQ_DEPTH] =
			(struct ud_kmod_cqe){ .wr_id = q->wr_id, .qp = qp,
					      .opcode = q->opcode, .len = len,
					      .status = st };
		cq->count++;
	} else {
		WARN_ONCE(1, "uldma: completion queue of QP %u full\n", qp);
		atomic_long_inc(&ud_kmod_cq_lost);
	}
	mutex_unlock(&cq->lock);
}
