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
 *
 * Mapped (ABI 6, kmod/uapi/uldma.h "Polling with no system call"): from a
 * file's first mmap of its completion queue on, the door writes each
 * completion into the ring page (read-only for user space) and publishes
 * the producer index with release order; user space takes completions and
 * stores its consumer index in the other page.  The kernel keeps both
 * indices itself (prod, cons) and reads the user's consumer once per
 * refresh, believing it only when it lies in [cons, prod]: a slot is
 * written only when the kernel's own cons says it was consumed, so a lying
 * index can stall the file's own queue, never make the kernel overwrite
 * a completion.  The reservation rule is the same, with the ring's depth.
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include "pd.h"
#include "ud_platform.h"
#include "uapi/uldma.h"
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
	mutex_init(&cq->poll_lock);
	init_waitqueue_head(&cq->wq);
	cq->head = 0;
	cq->count = 0;
	cq->reserved = 0;
	cq->ring_pg = NULL;
	cq->db_pg = NULL;
	cq->prod = 0;
	cq->cons = 0;
}

void ud_kmod_cq_destroy(struct ud_kmod_cq *cq)
{
	/* A process still mapping them holds its own references. */
	if (cq->ring_pg)
		put_page(cq->ring_pg);
	if (cq->db_pg)
		put_page(cq->db_pg);
	mutex_destroy(&cq->poll_lock);
	mutex_destroy(&cq->lock);
}

static struct uldma_cq_ring *ud_kmod_cq_ring(struct ud_kmod_cq *cq)
{
	return page_address(cq->ring_pg);
}

static struct uldma_cq_db *ud_kmod_cq_db(struct ud_kmod_cq *cq)
{
	return page_address(cq->db_pg);
}

/* cq->lock, mapped: believe the user's consumer index if it is sane. */
static void ud_kmod_cq_refresh(struct ud_kmod_cq *cq)
{
	struct uldma_cq_ring *ring = ud_kmod_cq_ring(cq);
	u32 c = READ_ONCE(ud_kmod_cq_db(cq)->consumer);

	if (c - cq->cons <= cq->prod - cq->cons) {
		cq->cons = c;
		WRITE_ONCE(ring->error, 0);
	} else if (READ_ONCE(ring->error) != -ERANGE) {
		WRITE_ONCE(ring->error, -ERANGE);
		atomic_long_inc(&ud_kmod_stats.cq_bad_index);
	}
}

/* cq->lock: completions queued and not yet taken. */
static unsigned int ud_kmod_cq_used(struct ud_kmod_cq *cq)
{
	if (!cq->ring_pg)
		return cq->count;
	ud_kmod_cq_refresh(cq);
	return cq->prod - cq->cons;
}

static unsigned int ud_kmod_cq_depth(struct ud_kmod_cq *cq)
{
	return cq->ring_pg ? ULDMA_CQ_DEPTH : UD_KMOD_CQ_DEPTH;
}

bool ud_kmod_cq_reserve(struct ud_kmod_cq *cq)
{
	bool room;

	mutex_lock(&cq->lock);
	room = ud_kmod_cq_used(cq) + cq->reserved < ud_kmod_cq_depth(cq);
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
	/* Pairs with the mapping's release: db_pg is set when ring_pg is. */
	if (smp_load_acquire(&cq->ring_pg))
		return READ_ONCE(cq->prod) !=
		       READ_ONCE(ud_kmod_cq_db(cq)->consumer);
	return READ_ONCE(cq->count) != 0;
}

bool ud_kmod_cq_peek(struct ud_kmod_cq *cq, struct uldma_wc *wc)
{
	const struct ud_kmod_cqe *e;

	lockdep_assert_held(&cq->lock);
	if (cq->ring_pg) {
		if (!ud_kmod_cq_used(cq))
			return false;
		*wc = ud_kmod_cq_ring(cq)->wc[cq->cons % ULDMA_CQ_DEPTH];
		return true;
	}
	if (!cq->count)
		return false;
	e = &cq->e[cq->head];
	*wc = (struct uldma_wc){ .wr_id = e->wr_id, .qp = e->qp,
				 .opcode = e->opcode, .byte_len = e->len,
				 .status = ud_kmod_wc_status(e->status, e->err),
				 .core_status = e->status };
	return true;
}

void ud_kmod_cq_pop(struct ud_kmod_cq *cq)
{
	lockdep_assert_held(&cq->lock);
	if (cq->ring_pg) {
		if (WARN_ON_ONCE(cq->cons == cq->prod))
			return;
		cq->cons++;
		WRITE_ONCE(ud_kmod_cq_db(cq)->consumer, cq->cons);
		return;
	}
	if (WARN_ON_ONCE(!cq->count))
		return;
	cq->head = (cq->head + 1) % UD_KMOD_CQ_DEPTH;
	cq->count--;
}

/*
 * cq->lock: rpg and dpg (allocated before the lock: no reclaim, which may
 * run a region notifier, under cq->lock) become the ring pages, the queued
 * completions moved into them; they are the caller's to free unless taken.
 */
static int ud_kmod_cq_map_ring(struct ud_kmod_cq *cq, struct page **rpg,
			       struct page **dpg)
{
	struct uldma_cq_ring *ring;

	BUILD_BUG_ON(sizeof(struct uldma_cq_ring) > ULDMA_MMAP_LEN);
	BUILD_BUG_ON(ULDMA_MMAP_LEN > PAGE_SIZE);
	BUILD_BUG_ON(ULDMA_CQ_DEPTH & (ULDMA_CQ_DEPTH - 1));
	if (cq->ring_pg)
		return 0;
	if (cq->count + cq->reserved > ULDMA_CQ_DEPTH)
		return -EBUSY;
	if (!*rpg || !*dpg)
		return -ENOMEM;
	ring = page_address(*rpg);
	ring->depth = ULDMA_CQ_DEPTH;
	ring->wc_size = sizeof(struct uldma_wc);
	cq->prod = 0;
	cq->cons = 0;
	while (ud_kmod_cq_peek(cq, &ring->wc[cq->prod % ULDMA_CQ_DEPTH])) {
		ud_kmod_cq_pop(cq);
		cq->prod++;
	}
	cq->head = 0;
	ring->producer = cq->prod;
	cq->db_pg = *dpg;
	/* cq_ready reads ring_pg without the lock: db_pg is set first. */
	smp_store_release(&cq->ring_pg, *rpg);
	*rpg = NULL;
	*dpg = NULL;
	return 0;
}

int ud_kmod_cq_mmap(struct ud_kmod_cq *cq, struct vm_area_struct *vma)
{
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	struct page *rpg = NULL, *dpg = NULL;
	bool db = off & (1u << 16);
	int err;

	if ((off & 0xffff) || (off & ~(u64)(1u << 16)) != ULDMA_MMAP_CQ ||
	    vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	if (!db) {
		if (vma->vm_flags & VM_WRITE)
			return -EACCES;
		vma->vm_flags &= ~VM_MAYWRITE;
	} else if (!(vma->vm_flags & VM_SHARED)) {
		return -EINVAL;
	}
	if (!READ_ONCE(cq->ring_pg)) {
		rpg = alloc_page(GFP_KERNEL | __GFP_ZERO);
		dpg = alloc_page(GFP_KERNEL | __GFP_ZERO);
	}
	mutex_lock(&cq->lock);
	err = ud_kmod_cq_map_ring(cq, &rpg, &dpg);
	mutex_unlock(&cq->lock);
	if (rpg)
		__free_page(rpg);
	if (dpg)
		__free_page(dpg);
	if (err)
		return err;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
	return vm_insert_page(vma, vma->vm_start,
			      db ? cq->db_pg : cq->ring_pg);
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

/*
 * Append to cq in the slot its request reserved (cq->lock inside every
 * caller's lock: the device mutex here, the VA path's lock in
 * kmod/uldma_va.c).
 */
void ud_kmod_cq_complete(struct ud_kmod_cq *cq, const struct ud_kmod_cqe *e)
{
	struct uldma_cq_ring *ring;

	mutex_lock(&cq->lock);
	if (ud_kmod_cq_used(cq) < ud_kmod_cq_depth(cq)) {
		if (cq->ring_pg) {
			ring = ud_kmod_cq_ring(cq);
			ring->wc[cq->prod % ULDMA_CQ_DEPTH] = (struct uldma_wc){
				.wr_id = e->wr_id, .qp = e->qp,
				.opcode = e->opcode, .byte_len = e->len,
				.status = ud_kmod_wc_status(e->status, e->err),
				.core_status = e->status };
			cq->prod++;
			/* The slot is visible before the index showing it. */
			smp_store_release(&ring->producer, cq->prod);
		} else {
			cq->e[(cq->head + cq->count) % UD_KMOD_CQ_DEPTH] = *e;
			cq->count++;
		}
		if (!WARN_ON_ONCE(!cq->reserved))
			cq->reserved--;
	} else {
		WARN_ONCE(1, "uldma: completion queue of QP %u full\n", e->qp);
		atomic_long_inc(&ud_kmod_cq_lost);
	}
	mutex_unlock(&cq->lock);
	wake_up_interruptible(&cq->wq);
}

/* Append to qp's queue in the slot its request reserved. */
static void ud_kmod_cq_add(u32 qp, const struct ud_kmod_cqe *e)
{
	if (qp >= UD_PROT_NQP || !ud_kmod_qps[qp].cq) {
		WARN_ONCE(1, "uldma: completion for QP %u with no queue\n", qp);
		atomic_long_inc(&ud_kmod_cq_lost);
		return;
	}
	ud_kmod_cq_complete(ud_kmod_qps[qp].cq, e);
}

void ud_kmod_cq_home_complete(u32 qp, u64 wr_id, u32 opcode, int err)
{
	struct ud_kmod_cqe e = { .wr_id = wr_id, .qp = qp, .opcode = opcode,
				 .len = 0, .status = UD_OK, .err = err };

	ud_kmod_cq_add(qp, &e);
}

/*
 * The VIA entry's completions (kmod/uldma_via.c, ABI 11): src/eng_via.c
 * completes a descriptor through this same door, ud_plat_complete(vi,
 * ...), with a VI number, not a QP.  While a VIA run is under way its
 * task captures the door: a completion made by that task goes to the
 * capture, never to a QP's queue.  Only the capturing task reads or writes
 * cap and cap_n; any other task (the engine thread, a doorbell) reads
 * cap_task only, and never finds itself there.
 */
static struct task_struct *ud_kmod_cap_task;
static struct ud_kmod_cqe *ud_kmod_cap;
static unsigned int ud_kmod_cap_n;

unsigned int ud_kmod_complete_capture(struct ud_kmod_cqe *sink)
{
	unsigned int n = ud_kmod_cap_n;

	ud_kmod_cap = sink;
	ud_kmod_cap_n = 0;
	WRITE_ONCE(ud_kmod_cap_task, sink ? current : NULL);
	return n;
}

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	struct ud_kmod_cqe e = { .qp = qp, .len = len, .status = st };

	if (READ_ONCE(ud_kmod_cap_task) == current) {
		if (!ud_kmod_cap_n)
			*ud_kmod_cap = e;
		ud_kmod_cap_n++;
		return;
	}
	if (qp < UD_PROT_NQP) {
		e.wr_id = ud_kmod_qps[qp].wr_id;
		e.opcode = ud_kmod_qps[qp].opcode;
	}
	ud_kmod_stats_count_completion(st);
	ud_kmod_cq_add(qp, &e);
}
