// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_ring.c -- the mapped send rings of /dev/uldma (ABI 5): a
 * transfer posted with a few stores, no system call (kmod/uapi/uldma.h,
 * "Posting with no system call").
 *
 * Per QP, created on its first mmap (under the QP's file's map_lock, not
 * the device mutex: mmap runs under mmap_lock, which comes after the
 * device mutex -- docs/homes.md "Lock order") and freed when the QP goes
 * (device mutex and the file's map_lock): a ring page (struct
 * uldma_sq_ring: user writes the slots and the producer index) and a
 * status page (struct uldma_sq_status: the kernel writes the consumer
 * index and the ring's error; mapped read-only).  The pages are inserted with vm_insert_page, so each mapping holds its own
 * reference: munmap, close or exit never frees a page the kernel still
 * reads, and freeing the QP never frees a page a process still maps.
 *
 * The engine thread calls ud_kmod_ring_drain() under the device mutex
 * before each request it runs; a DOORBELL ioctl (ABI 7) calls
 * ud_kmod_ring_doorbell() for its own QP's ring and runs what it took. For
 * each ring, the producer index is read once; if it is more than
 * ULDMA_RING_DEPTH ahead of the kernel's own consumer index (kept in
 * kernel memory, never read back from the page) the ring is refused
 * (-ERANGE in the status page) and nothing is taken. Otherwise each new
 * slot is copied ONCE into a kernel struct (no field is read from the
 * shared page again: user space may rewrite the slot at any time), the
 * consumer index is published, and the copy is judged as a POST ioctl is:
 * reserved field (EINVAL) and dest_qp (ENOENT) by the home, completing at
 * once; else queued with ud_kmod_engine_post, and the verified core
 * decides opcode, length, keys and bounds when it runs.  A slot is taken
 * only when its completion has room (the file's queue) and the QP's send
 * queue has room; otherwise it waits in the ring.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include "pd.h"
#include "xfer_wr.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"

/*
 * ring_pg is published last (smp_store_release, under the file's
 * map_lock) once st_pg and cons are set, and read with smp_load_acquire
 * under the device mutex (drain, doorbell): a ring seen there is whole,
 * and stays until the device mutex is dropped (only ud_kmod_ring_free,
 * device mutex and map_lock, takes it away).  cons: device mutex once
 * published.
 */
struct ud_kmod_ring {
	struct page *ring_pg;		/* struct uldma_sq_ring (user rw)   */
	struct page *st_pg;		/* struct uldma_sq_status (user ro) */
	u32 cons;			/* the kernel's consumer index      */
};

static struct ud_kmod_ring ud_rings[UD_PROT_NQP];
static atomic_t ud_rings_live;	/* rings published, not yet freed */

bool ud_kmod_rings_active(void)
{
	return atomic_read(&ud_rings_live) != 0;
}

/* qp's ring, or NULL (device mutex, or qp's file's map_lock). */
static struct page *ud_kmod_ring_page(struct ud_kmod_ring *r)
{
	/* Pairs with ud_kmod_ring_get's release: st_pg, cons set. */
	return smp_load_acquire(&r->ring_pg);
}

static struct uldma_sq_ring *ud_ring_of(struct ud_kmod_ring *r)
{
	return page_address(r->ring_pg);
}

static struct uldma_sq_status *ud_status_of(struct ud_kmod_ring *r)
{
	return page_address(r->st_pg);
}

/*
 * qp's file's map_lock (qp in the file: no free meanwhile), NOT the
 * device mutex: qp's ring, created if it has none; NULL: no memory.
 */
static struct ud_kmod_ring *ud_kmod_ring_get(u32 qp)
{
	struct ud_kmod_ring *r = &ud_rings[qp];
	struct uldma_sq_status *st;
	struct page *rp;

	BUILD_BUG_ON(sizeof(struct uldma_wqe) != 48);
	BUILD_BUG_ON(sizeof(struct uldma_sq_ring) > ULDMA_MMAP_LEN);
	BUILD_BUG_ON(ULDMA_MMAP_LEN > PAGE_SIZE);
	BUILD_BUG_ON(ULDMA_RING_DEPTH & (ULDMA_RING_DEPTH - 1));
	if (ud_kmod_ring_page(r))
		return r;
	rp = alloc_page(GFP_KERNEL | __GFP_ZERO);
	r->st_pg = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!rp || !r->st_pg) {
		if (rp)
			__free_page(rp);
		if (r->st_pg)
			__free_page(r->st_pg);
		r->st_pg = NULL;
		return NULL;
	}
	r->cons = 0;
	st = page_address(r->st_pg);
	st->depth = ULDMA_RING_DEPTH;
	st->wqe_size = sizeof(struct uldma_wqe);
	/* Whole before the engine (device mutex) can see it. */
	smp_store_release(&r->ring_pg, rp);
	atomic_inc(&ud_rings_live);
	ud_kmod_engine_kick();
	return r;
}

/* Device mutex and qp's file's map_lock. */
void ud_kmod_ring_free(u32 qp)
{
	struct ud_kmod_ring *r;

	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return;
	r = &ud_rings[qp];
	if (!ud_kmod_ring_page(r))
		return;
	/* A process still mapping them holds its own references. */
	put_page(r->ring_pg);
	put_page(r->st_pg);
	WRITE_ONCE(r->ring_pg, NULL);
	r->st_pg = NULL;
	r->cons = 0;
	atomic_dec(&ud_rings_live);
}

int ud_kmod_ring_mmap(u32 qp, struct vm_area_struct *vma)
{
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	struct ud_kmod_ring *r;
	bool status;

	if ((off & 0xffff) || (off >> 17) != qp ||
	    vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	status = off & (1u << 16);
	if (status) {
		if (vma->vm_flags & VM_WRITE)
			return -EACCES;
		vma->vm_flags &= ~VM_MAYWRITE;
	} else if (!(vma->vm_flags & VM_SHARED)) {
		return -EINVAL;
	}
	/* qp's file's map_lock held (uldma_mmap): mmap_lock is too. */
	r = ud_kmod_ring_get(qp);
	if (!r)
		return -ENOMEM;
	/* A child of fork shares the pages, as it shares the file. */
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
	return vm_insert_page(vma, vma->vm_start,
			      status ? r->st_pg : r->ring_pg);
}

/*
 * Take one WQE copied out of qp's ring: 0 taken (queued or completed by
 * the home), -ENOBUFS / -EAGAIN: no room, leave it in the ring.
 */
static int ud_kmod_ring_take(u32 qp, const struct uldma_wqe *q)
{
	struct ud_kmod_cq *cq = ud_kmod_qp_cq(qp);
	struct ud_wr w;
	int err;

	if (WARN_ON_ONCE(!cq))
		return -ENOBUFS;
	if (q->reserved || !ud_kmod_qp_reaches(qp, q->dest_qp)) {
		if (!ud_kmod_cq_reserve(cq))
			return -ENOBUFS;
		atomic_long_inc(&ud_kmod_stats.ring_refused);
		ud_kmod_cq_home_complete(qp, q->wr_id, q->opcode,
					 q->reserved ? -EINVAL : -ENOENT);
		return 0;
	}
	w = (struct ud_wr){ .opcode = q->opcode, .lkey = q->lkey,
			    .rkey = q->rkey, .lva = q->local_addr,
			    .rva = q->remote_addr, .len = q->length };
	err = ud_kmod_engine_post(qp, q->dest_qp, q->wr_id, &w, cq);
	if (!err)
		atomic_long_inc(&ud_kmod_stats.ring_taken);
	return err;
}

/* Device mutex: take what qp's ring holds; how many taken. */
static unsigned int ud_kmod_ring_drain_one(u32 qp, struct ud_kmod_ring *r)
{
	struct uldma_sq_ring *ring = ud_ring_of(r);
	struct uldma_sq_status *st = ud_status_of(r);
	struct uldma_wqe q;
	unsigned int n = 0;
	u32 prod = READ_ONCE(ring->producer);

	if (prod - r->cons > ULDMA_RING_DEPTH) {
		if (READ_ONCE(st->error) != -ERANGE) {
			WRITE_ONCE(st->error, -ERANGE);
			atomic_long_inc(&ud_kmod_stats.ring_bad_index);
		}
		return 0;
	}
	WRITE_ONCE(st->error, 0);
	/* The slots are read after the producer index that covers them. */
	smp_rmb();
	while (r->cons != prod) {
		/* The one read of the slot: from here on, only q. */
		memcpy(&q, &ring->wqe[r->cons % ULDMA_RING_DEPTH], sizeof(q));
		barrier();
		if (ud_kmod_ring_take(qp, &q))
			break;
		r->cons++;
		n++;
		/* The slot is free again once the copy is made. */
		smp_store_release(&st->consumer, r->cons);
	}
	return n;
}

/*
 * The doorbell (ABI 7), device mutex held, qp this file's: take what qp's
 * ring holds now -- the same one copy of each slot and the same checks as
 * the thread's drain -- then run qp's queued requests in this context
 * (ud_kmod_engine_run_qp: at most UD_KMOD_DB_BUDGET, none while the engine
 * is held).  0; -EBADFD: qp has no ring (never mapped); -ERANGE: the
 * producer index is not believed (nothing taken; status.error says so).
 */
int ud_kmod_ring_doorbell(struct ud_prot *prot, u32 qp)
{
	struct ud_kmod_ring *r;

	if (WARN_ON_ONCE(qp >= UD_PROT_NQP))
		return -ENOENT;
	r = &ud_rings[qp];
	atomic_long_inc(&ud_kmod_stats.doorbells);
	if (!ud_kmod_ring_page(r) || !prot->qp_live[qp])
		return -EBADFD;
	ud_kmod_ring_drain_one(qp, r);
	if (READ_ONCE(ud_status_of(r)->error) == -ERANGE)
		return -ERANGE;
	atomic_long_add(ud_kmod_engine_run_qp(qp), &ud_kmod_stats.db_run);
	return 0;
}

unsigned int ud_kmod_ring_drain(struct ud_prot *prot)
{
	unsigned int qp, n = 0;

	if (!ud_kmod_rings_active())
		return 0;
	for (qp = 0; qp < UD_PROT_NQP; qp++) {
		if (ud_kmod_ring_page(&ud_rings[qp]) && prot->qp_live[qp])
			n += ud_kmod_ring_drain_one(qp, &ud_rings[qp]);
	}
	return n;
}
