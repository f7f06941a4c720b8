// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_main.c -- module init/exit and /dev/uldma of uldma.ko, the
 * kernel home.
 *
 * The verified core (src/) does the deciding; this file only moves data
 * between the kernel and the core.  At load it runs a small self-check of
 * the core (kmod/uldma_selftest.c) and reports the result twice, so a test
 * harness can observe it without a debugger:
 *   - one line in the kernel log:  "uldma: self-check passed (N checks)"
 *   - the same line from `cat /dev/uldma`.
 * A failed self-check fails the load (-EIO): a module whose core misbehaves
 * on this kernel/compiler must not sit in the kernel looking healthy.
 *
 * /dev/uldma also carries the verbs of the core (kmod/uapi/uldma.h): one
 * struct ud_prot for the device (the engine checks every DMA against one
 * table), one mutex around it, and per open file the sets of PDs and QPs
 * it created and its completion queue.  A file reaches only its own PDs,
 * the regions and windows in them and its own QPs; a work request posted
 * on one of its QPs is queued for the soft engine (kmod/uldma_engine.c, a
 * kernel thread running the core's ud_wr_run under the same mutex), to a
 * QP of the same file or of another file connected both ways with it
 * (CONNECT_QP; initiator and target are the device's one protection
 * state).
 * release() drops the file's queued requests, destroys its QPs,
 * deallocates its windows, deregisters every region of the file
 * (unpinning its pages) and frees its PDs.  Since ABI 9 a message may
 * also be sent in one of seed 003's five send modes (SEND_MODE and the
 * file's DMA buffer, kmod/uldma_sm.c), and since ABI 10 a file may have
 * a shadow context through which one SHADOW ioctl stands in for one load
 * or store of seed 000's shadow window (kmod/uldma_shadow.c; its own
 * lock, not the device mutex), and since ABI 11 it may own virtual
 * interfaces of seed 002 whose descriptors the engine's VIA entry runs
 * through the two nodes' translation-and-protection tables
 * (kmod/uldma_via.c; its own lock too).  Counters are in debugfs
 * (kmod/uldma_stats.c).  See docs/homes.md, "/dev/uldma".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/capability.h>
#include <linux/compat.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#include "access.h"
#include "mr.h"
#include "mw.h"
#include "pd.h"
#include "xfer_wr.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"
#include "uldma_sm.h"

struct uldma_dev {
	struct miscdevice misc;
	char report[UD_KMOD_REPORT_LEN];
	size_t report_len;
	/*
	 * The device mutex: prot, the files' PD and QP sets, the send
	 * queues, and every request the engine runs.
	 *
	 * Lock order of the kernel home (docs/homes.md "Lock order"), outer
	 * first; a lock is only ever taken while holding locks to its left:
	 *
	 *   device mutex -> va.lock -> mmap_lock -> { a file's map_lock,
	 *     ud_kmod_sm_lock, the run lock } -> a completion queue's lock
	 *
	 * mmap_lock (any process's) is taken under the device mutex by
	 * REG_MR and POST_RECV (pin_user_pages_fast), SEND_MODE SEND
	 * (mmap_write_lock for the DMA buffer; copy_from_user), RECV and
	 * every copy_to_user / copy_from_user (a fault), and under va.lock
	 * by the VA fault path (get_user_pages_remote, the snapshot).  So
	 * NOTHING that runs with mmap_lock held takes the device mutex or
	 * va.lock: not the mmap handler (Linux holds mmap_lock for writing:
	 * it takes only the file's map_lock, the sm lock or the queue's
	 * lock), not the DMA buffer's vm_ops (fault, pfn_mkwrite: sm lock),
	 * not the region notifier's invalidate (run lock).  A file's
	 * release never runs under mmap_lock (the last fput of a mapping is
	 * deferred to task work).
	 */
	struct mutex lock;
	struct ud_prot prot;		/* PDs, QPs, regions, pin table       */
};

/* One open file of /dev/uldma: one process context. */
struct uldma_file {
	u32 pds;			/* bit d: PD d is this file's         */
	u32 qps;			/* bit q: QP q is this file's: written
					 * under the device mutex and map_lock,
					 * read under either
					 */
	/*
	 * The mmap path's lock (it runs under mmap_lock, so it may not take
	 * the device mutex): the QP set against the rings created and freed
	 * -- a QP's ring is created only under its file's map_lock with the
	 * QP in the set, and freed with the QP leaving the set under both.
	 */
	struct mutex map_lock;
	struct ud_kmod_cq cq;		/* completions of this file's QPs     */
	struct mm_struct *mm;		/* the opener's (mmgrab): VA_WRITE's  */
	struct ud_kmod_smfile sm;	/* send modes: the DMA buffer (ABI 9) */
	struct ud_kmod_shfile *sh;	/* shadow context (ABI 10), its lock's */
	struct ud_kmod_viafile *via;	/* VIs (ABI 11), the VIA lock's       */
};

static struct uldma_dev *uldma;

static ssize_t uldma_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, uldma->report,
				       uldma->report_len);
}

/*
 * The one table from the core's ud_status to errno (kmod/uapi/uldma.h),
 * indexed by -status.  UD_E_PLATFORM: the kernel's own error when the
 * home recorded one, else EIO.
 */
static const int uldma_errno_tab[] = {
	[-UD_OK]		= 0,
	[-UD_E_INVAL]		= EINVAL,
	[-UD_E_RANGE]		= ERANGE,
	[-UD_E_KEY]		= ENOKEY,
	[-UD_E_PERM]		= EACCES,
	[-UD_E_BUSY]		= EBUSY,
	[-UD_E_NOSPC]		= ENOSPC,
	[-UD_E_NOENT]		= ENOENT,
	[-UD_E_STATE]		= EBADFD,
	[-UD_E_PD]		= EPERM,
	[-UD_E_BOUNDS]		= EFAULT,
	[-UD_E_OVERFLOW]	= EOVERFLOW,
	[-UD_E_SEQ]		= EPROTO,
	[-UD_E_FULL]		= ENOBUFS,
	[-UD_E_EMPTY]		= ENODATA,
	[-UD_E_STALE]		= ESTALE,
	[-UD_E_FORGED]		= EBADMSG,
	[-UD_E_FAULT]		= EFAULT,
	[-UD_E_PLATFORM]	= EIO,
};

static int uldma_errno(ud_status st, int plat_err)
{
	if (st == UD_E_PLATFORM && plat_err < 0)
		return plat_err;
	if (st > 0 || -st >= (int)ARRAY_SIZE(uldma_errno_tab))
		return -EIO;
	return -uldma_errno_tab[-st];
}

int ud_kmod_wc_status(s32 status, s32 err)
{
	return err ? err : uldma_errno(status, 0);
}

static bool uldma_owns(const struct uldma_file *uf, u32 pd)
{
	return pd < UD_PROT_NPD && (uf->pds & BIT(pd));
}

static bool uldma_owns_qp(const struct uldma_file *uf, u32 qp)
{
	return qp < UD_PROT_NQP && (uf->qps & BIT(qp));
}

/*
 * Copy an ioctl argument in: at least this header's struct (usize is the
 * size encoded in the command); a longer one must end in zeros.
 */
static int uldma_arg_in(void *k, size_t ksize, void __user *u, size_t usize)
{
	if (usize < ksize)
		return -EINVAL;
	return copy_struct_from_user(k, ksize, u, usize);
}

static int uldma_query(void __user *u, size_t usize)
{
	struct uldma_query q;
	size_t ksize = sizeof(q);
	int err;

	BUILD_BUG_ON(offsetofend(struct uldma_query, max_mr_len) !=
		     ULDMA_QUERY_SIZE_VER1);
	BUILD_BUG_ON(offsetofend(struct uldma_query, reserved) !=
		     ULDMA_QUERY_SIZE_VER2);
	/* An older caller's shorter struct is answered in its own size. */
	if (usize == ULDMA_QUERY_SIZE_VER1 || usize == ULDMA_QUERY_SIZE_VER2)
		ksize = usize;
	err = uldma_arg_in(&q, ksize, u, usize);
	if (err)
		return err;
	q.abi_version = ULDMA_ABI_VERSION;
	q.page_size = UD_PAGE_SIZE;
	q.max_pd = UD_PROT_NPD;
	q.max_mr = UD_PROT_NMR;
	q.max_mr_pages = UD_PROT_MAXPG;
	q.max_pinned_pages = UD_PROT_NPIN;
	q.max_mr_len = (u64)UD_PROT_MAXPG * UD_PAGE_SIZE;
	q.max_qp = UD_PROT_NQP;
	q.max_wr_len = UD_WR_MAX_LEN;
	q.cq_depth = UD_KMOD_CQ_DEPTH;
	q.reserved = 0;
	q.max_mw = UD_PROT_NMW;
	q.sq_depth = UD_KMOD_SQ_DEPTH;
	return copy_to_user(u, &q, ksize) ? -EFAULT : 0;
}

static int uldma_alloc_pd(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_pd a;
	uint32_t pd;
	int err = uldma_arg_in(&a, sizeof(a), u, usize);

	if (err)
		return err;
	if (a.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	err = uldma_errno(ud_alloc_pd(&uldma->prot, &pd), 0);
	if (!err) {
		a.pd = pd;
		if (copy_to_user(u, &a, sizeof(a))) {
			/* The caller never learns the PD: take it back. */
			ud_dealloc_pd(&uldma->prot, pd);
			err = -EFAULT;
		} else {
			uf->pds |= BIT(pd);
		}
	}
	mutex_unlock(&uldma->lock);
	return err;
}

static int uldma_dealloc_pd(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_pd a;
	int err = uldma_arg_in(&a, sizeof(a), u, usize);

	if (err)
		return err;
	if (a.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns(uf, a.pd)) {
		err = -ENOENT;
	} else {
		err = uldma_errno(ud_dealloc_pd(&uldma->prot, a.pd), 0);
		if (!err)
			uf->pds &= ~BIT(a.pd);
	}
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * REG_MR.  The range's notifier goes in first, outside the device mutex
 * (it may take mmap_lock); a range the core refuses anyway gets none.  If
 * the range is invalidated between the notifier's sequence read and the
 * commit -- the pin's own write fault breaking a copy-on-write share after
 * fork does that -- the region is taken back and registered again with a
 * fresh sequence, at most UD_KMOD_REG_TRIES times (then EAGAIN).
 */
#define UD_KMOD_REG_TRIES 4

static int uldma_reg_mr(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_reg_mr r;
	struct ud_kmod_stage *st;
	struct ud_kmod_mrn *m;
	uint32_t h, lkey, rkey;
	unsigned long seq = 0;
	unsigned int tries = 0;
	LIST_HEAD(gone);
	ud_status s;
	int err = uldma_arg_in(&r, sizeof(r), u, usize);

	if (err)
		return err;
	m = ud_kmod_mrn_new(r.addr, r.length, uf, &seq);
	if (IS_ERR(m)) {
		if (PTR_ERR(m) != -EINVAL)
			return PTR_ERR(m);
		m = NULL;
	}
	st = kmalloc(sizeof(*st), GFP_KERNEL);
	if (!st) {
		ud_kmod_mrn_discard(m);
		return -ENOMEM;
	}
again:
	mutex_lock(&uldma->lock);
	/* This file's notifiers of regions long gone go now. */
	ud_kmod_mrn_detach_owner(uf, true, &gone);
	ud_kmod_mrn_reap(&uldma->prot);
	if (!uldma_owns(uf, r.pd)) {
		err = -ENOENT;
		goto out_unlock;
	}
	ud_kmod_stage_begin(st);
	s = ud_reg_mr(&uldma->prot, r.pd, r.addr, r.length, r.access, &h,
		      &lkey, &rkey);
	ud_kmod_stage_end(st);
	err = uldma_errno(s, st->err);
	if (err)
		goto out_unlock;
	/* Invalidated while it was pinned: the pages may not be the range's. */
	err = m ? ud_kmod_mrn_commit(m, seq, h, lkey) : -EIO;
	if (err) {
		WARN_ON(!m);
		ud_dereg_mr(&uldma->prot, h);
		if (err == -EAGAIN && ++tries < UD_KMOD_REG_TRIES) {
			mutex_unlock(&uldma->lock);
			seq = ud_kmod_mrn_seq(m);
			goto again;
		}
		goto out_unlock;
	}
	r.lkey = lkey;
	r.rkey = rkey;
	if (copy_to_user(u, &r, sizeof(r))) {
		/* The caller never learns the key: take the region back. */
		ud_dereg_mr(&uldma->prot, h);
		ud_kmod_mrn_detach(uf, h, lkey, &gone);
		err = -EFAULT;
	}
	m = NULL;	/* committed: it is on the list */
out_unlock:
	mutex_unlock(&uldma->lock);
	ud_kmod_mrn_discard(m);
	ud_kmod_mrn_release(&gone);
	kfree(st);
	return err;
}

static int uldma_dereg_mr(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_dereg_mr d;
	struct ud_mr_attr a;
	LIST_HEAD(gone);
	uint32_t idx;
	int err = uldma_arg_in(&d, sizeof(d), u, usize);

	if (err)
		return err;
	if (d.reserved)
		return -EINVAL;
	idx = d.lkey % UD_KEY_IDX_SPAN;
	if (idx >= UD_PROT_NMR)
		return -ENOKEY;
	mutex_lock(&uldma->lock);
	ud_kmod_mrn_reap(&uldma->prot);
	/* The key must be the region's current L_Key, in a PD of this file. */
	if (ud_query_mr(&uldma->prot, idx, &a) != UD_OK || a.lkey != d.lkey ||
	    !uldma_owns(uf, a.pd)) {
		/* A region that went with its memory: deregistered already. */
		err = ud_kmod_mrn_detach_dead(uf, d.lkey, &gone) ? 0 : -ENOKEY;
	} else {
		err = uldma_errno(ud_dereg_mr(&uldma->prot, idx), 0);
		if (!err)
			ud_kmod_mrn_detach(uf, idx, d.lkey, &gone);
	}
	mutex_unlock(&uldma->lock);
	ud_kmod_mrn_release(&gone);
	return err;
}

static int uldma_check(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_check c;
	uint64_t pa = 0;
	ud_status st;
	int err = uldma_arg_in(&c, sizeof(c), u, usize);

	if (err)
		return err;
	if (c.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	ud_kmod_mrn_reap(&uldma->prot);
	if (!uldma_owns(uf, c.pd)) {
		mutex_unlock(&uldma->lock);
		return -ENOENT;
	}
	st = ud_prot_check(&uldma->prot, c.pd, c.key, c.addr, c.length,
			   c.kind, &pa);
	mutex_unlock(&uldma->lock);
	c.core_status = st;
	c.status = uldma_errno(st, 0);
	c.phys = (st == UD_OK && capable(CAP_SYS_ADMIN)) ? pa : 0;
	return copy_to_user(u, &c, sizeof(c)) ? -EFAULT : 0;
}

static int uldma_create_qp(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_create_qp c;
	uint32_t qp;
	int err = uldma_arg_in(&c, sizeof(c), u, usize);

	if (err)
		return err;
	mutex_lock(&uldma->lock);
	if (!uldma_owns(uf, c.pd)) {
		err = -ENOENT;
		goto out_unlock;
	}
	err = uldma_errno(ud_qp_attach(&uldma->prot, c.pd, &qp), 0);
	if (err)
		goto out_unlock;
	c.qp = qp;
	if (copy_to_user(u, &c, sizeof(c))) {
		/* The caller never learns the QP: take it back. */
		WARN_ON(ud_qp_detach(&uldma->prot, qp) != UD_OK);
		err = -EFAULT;
		goto out_unlock;
	}
	ud_kmod_qp_bind(qp, &uf->cq);
	mutex_lock(&uf->map_lock);
	uf->qps |= BIT(qp);
	mutex_unlock(&uf->map_lock);
out_unlock:
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * Under the device mutex: the QP's queued requests are flushed (flush:
 * each completes with ECANCELED) or dropped (the file is going), then the
 * QP leaves its PD and its file.
 */
static int uldma_qp_gone(struct uldma_file *uf, u32 qp, bool flush)
{
	int err;

	if (!uldma->prot.qp_live[qp])
		return -ENOENT;
	ud_kmod_engine_flush(qp, flush);
	/* Its VA transfer ends too (ECANCELED, or dropped with the file). */
	ud_kmod_va_cancel(qp, &uf->cq, flush);
	/* So do its sends in a send mode, and its receive side (ABI 9). */
	ud_kmod_sm_qp_gone(qp, flush);
	err = uldma_errno(ud_qp_detach(&uldma->prot, qp), 0);
	if (!err) {
		/* What is still in its ring is never taken. */
		mutex_lock(&uf->map_lock);
		ud_kmod_ring_free(qp);
		uf->qps &= ~BIT(qp);
		mutex_unlock(&uf->map_lock);
		ud_kmod_qp_unbind(qp);
	}
	return err;
}

static int uldma_destroy_qp(struct uldma_file *uf, void __user *u,
			    size_t usize)
{
	struct uldma_destroy_qp d;
	int err = uldma_arg_in(&d, sizeof(d), u, usize);

	if (err)
		return err;
	if (d.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, d.qp))
		err = -ENOENT;
	else
		err = uldma_qp_gone(uf, d.qp, true);
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * POST: the home only checks that qp is this file's and dest_qp is too or
 * is connected both ways with qp (the target is this device's own
 * protection state either way) and that the completion
 * will find room, and queues the request for the soft engine; everything
 * else -- opcode, length, keys, PDs, access, bounds -- is the core's to
 * decide, packet by packet, when the engine runs it, and its verdict is
 * the one completion ud_wr_run emits.
 */
static int uldma_post(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_post p;
	struct ud_wr w;
	int err = uldma_arg_in(&p, sizeof(p), u, usize);

	if (err)
		return err;
	BUILD_BUG_ON(ULDMA_WR_RDMA_WRITE != UD_WR_WRITE ||
		     ULDMA_WR_RDMA_READ != UD_WR_READ ||
		     ULDMA_WR_PKT != UD_WR_PKT);
	w = (struct ud_wr){ .opcode = p.opcode, .lkey = p.lkey,
			    .rkey = p.rkey, .lva = p.local_addr,
			    .rva = p.remote_addr, .len = p.length };
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, p.qp) ||
	    !ud_kmod_qp_reaches(p.qp, p.dest_qp))
		err = -ENOENT;
	else
		err = ud_kmod_engine_post(p.qp, p.dest_qp, p.wr_id, &w,
					  &uf->cq);
	mutex_unlock(&uldma->lock);
	switch (err) {
	case 0:
		ud_kmod_engine_kick();
		atomic_long_inc(&ud_kmod_stats.posted);
		break;
	case -ENOENT:
		atomic_long_inc(&ud_kmod_stats.post_noent);
		break;
	case -ENOBUFS:
		atomic_long_inc(&ud_kmod_stats.post_cq_full);
		break;
	case -EAGAIN:
		atomic_long_inc(&ud_kmod_stats.post_sq_full);
		break;
	}
	return err;
}

/*
 * VA_WRITE (ABI 8): the home checks the arguments, that qp is this
 * file's and that the completion will find room; the VA fault path
 * (kmod/uldma_va.c) runs the transfer through the verified scheduler,
 * engines, SMMU model and fault handler, on this process's page table.
 */
static int uldma_va_write(struct uldma_file *uf, void __user *u,
			  size_t usize)
{
	struct uldma_va_write v;
	int err = uldma_arg_in(&v, sizeof(v), u, usize);

	if (err)
		return err;
	if (v.flags || v.reserved || !v.length ||
	    v.length > ULDMA_VA_MAX_LEN ||
	    v.src >= ULDMA_VA_ADDR_LIM || v.dst >= ULDMA_VA_ADDR_LIM ||
	    v.length > ULDMA_VA_ADDR_LIM - v.src ||
	    v.length > ULDMA_VA_ADDR_LIM - v.dst)
		return -EINVAL;
	if (!uf->mm || uf->mm != current->mm)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, v.qp)) {
		err = -ENOENT;
	} else if (!ud_kmod_cq_reserve(&uf->cq)) {
		err = -ENOBUFS;
	} else {
		err = ud_kmod_va_submit(uf->mm, uldma->prot.qp_pd[v.qp], v.qp,
					v.wr_id, v.src, v.dst, v.length,
					&uf->cq);
		if (err)
			ud_kmod_cq_unreserve(&uf->cq);
	}
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * SEND_MODE (ABI 9): the home checks that qp is this file's and, for a
 * send, that dest_qp is reachable from it (as POST); the send modes'
 * home (kmod/uldma_sm.c) stages the pages and the verified core
 * (src/send_mode.c) decides.  A SEND whose answer cannot be written back
 * still goes out (its completion comes), as a POST would.
 */
static int uldma_send_mode(struct uldma_file *uf, void __user *u,
			   size_t usize)
{
	struct uldma_send_mode s;
	int err = uldma_arg_in(&s, sizeof(s), u, usize);

	if (err)
		return err;
	if (s.flags || s.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, s.qp) ||
	    (s.op == ULDMA_SM_SEND && !ud_kmod_qp_reaches(s.qp, s.dest_qp)))
		err = -ENOENT;
	else
		err = ud_kmod_sm_op(&uf->sm, &uf->cq, &s);
	mutex_unlock(&uldma->lock);
	if (!err && s.op == ULDMA_SM_SEND)
		ud_kmod_engine_kick();
	if (!err && copy_to_user(u, &s, sizeof(s)))
		err = -EFAULT;
	return err;
}

/*
 * SHADOW (ABI 10): the shadow window's home (kmod/uldma_shadow.c) under
 * its own lock.  The context is the file's, and only its opener may use
 * it (the shadow mappings are of the opener's address space).
 */
static int uldma_shadow(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_shadow s;
	int err = uldma_arg_in(&s, sizeof(s), u, usize);

	if (err)
		return err;
	if (current->mm != uf->mm)
		return -EINVAL;
	err = ud_kmod_sh_op(&uf->sh, &s);
	if (!err && copy_to_user(u, &s, sizeof(s)))
		err = -EFAULT;
	return err;
}

/*
 * VIA (ABI 11): virtual interfaces, exports, imports and descriptors
 * through the engine's VIA entry (kmod/uldma_via.c) under its own lock.
 * The VIs are the file's; only its opener may use them (an export pins
 * the opener's memory).
 */
static int uldma_via(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_via v;
	int err = uldma_arg_in(&v, sizeof(v), u, usize);

	if (err)
		return err;
	if (current->mm != uf->mm)
		return -EINVAL;
	err = ud_kmod_via_op(&uf->via, &v);
	if (!err && copy_to_user(u, &v, sizeof(v)))
		err = -EFAULT;
	return err;
}

static int uldma_poll(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_wc wc;
	struct uldma_poll p;
	bool some = false;
	u8 __user *out;
	u32 n = 0;
	int err = uldma_arg_in(&p, sizeof(p), u, usize);

	if (err)
		return err;
	if (p.wc_size < sizeof(wc))
		return -EINVAL;
	atomic_long_inc(&ud_kmod_stats.polls);
	out = u64_to_user_ptr(p.wc);
	if (p.timeout_ms && p.max_wc) {
		long left;

		/* About to sleep: the engine takes this file's WQEs now. */
		if (!ud_kmod_cq_ready(&uf->cq))
			ud_kmod_engine_kick();
		left = wait_event_interruptible_timeout(uf->cq.wq,
				ud_kmod_cq_ready(&uf->cq),
				msecs_to_jiffies(p.timeout_ms));
		if (left < 0)
			return -EINTR;
	}
	/*
	 * cq.lock is never held across the user copy: a fault there may wait
	 * for mmap_lock, whose holder (munmap) may be waiting in the region
	 * notifier for the engine, which completes under cq.lock.  poll_lock
	 * keeps the peeked completion the oldest until it is popped (only
	 * POLL pops; the door appends, a mapping moves it in order).
	 */
	mutex_lock(&uf->cq.poll_lock);
	while (n < p.max_wc) {
		mutex_lock(&uf->cq.lock);
		some = ud_kmod_cq_peek(&uf->cq, &wc);
		mutex_unlock(&uf->cq.lock);
		/* Taken only once written. */
		if (!some || copy_to_user(out, &wc, sizeof(wc)) ||
		    clear_user(out + sizeof(wc), p.wc_size - sizeof(wc)))
			break;
		mutex_lock(&uf->cq.lock);
		ud_kmod_cq_pop(&uf->cq);
		mutex_unlock(&uf->cq.lock);
		out += p.wc_size;
		n++;
	}
	mutex_unlock(&uf->cq.poll_lock);
	if (n == 0 && p.max_wc && some)
		return -EFAULT;
	p.count = n;
	return copy_to_user(u, &p, sizeof(p)) ? -EFAULT : 0;
}

/*
 * DOORBELL (ABI 7): take qp's mapped send ring now and run what it held
 * (kmod/uldma_ring.c ud_kmod_ring_doorbell).  The home checks that qp is
 * this file's; the ring's own checks are the engine's, as when it polls.
 */
static int uldma_doorbell(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_doorbell d;
	int err = uldma_arg_in(&d, sizeof(d), u, usize);

	if (err)
		return err;
	if (d.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, d.qp))
		err = -ENOENT;
	else
		err = ud_kmod_ring_doorbell(&uldma->prot, d.qp);
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * CONNECT_QP: qp (this file's) names remote_qp (any live QP) as its peer,
 * or none.  Only both ends naming each other let a request cross files.
 */
static int uldma_connect_qp(struct uldma_file *uf, void __user *u,
			    size_t usize)
{
	struct uldma_connect_qp c;
	int err = uldma_arg_in(&c, sizeof(c), u, usize);

	if (err)
		return err;
	if (c.reserved || c.reserved2)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_qp(uf, c.qp) ||
	    (c.remote_qp != ULDMA_QP_NONE &&
	     (c.remote_qp >= UD_PROT_NQP || !ud_kmod_qp_cq(c.remote_qp))))
		err = -ENOENT;
	else
		ud_kmod_qp_connect(c.qp, c.remote_qp);
	mutex_unlock(&uldma->lock);
	return err;
}

/* Window mw is live and in a PD of this file. */
static bool uldma_owns_mw(const struct uldma_file *uf, u32 mw)
{
	struct ud_mw_attr a;

	return ud_query_mw(&uldma->prot, mw, &a) == UD_OK &&
	       uldma_owns(uf, a.pd);
}

static int uldma_alloc_mw(struct uldma_file *uf, void __user *u,
			  size_t usize)
{
	struct uldma_alloc_mw a;
	uint32_t h, rkey;
	int err = uldma_arg_in(&a, sizeof(a), u, usize);

	if (err)
		return err;
	if (a.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns(uf, a.pd)) {
		err = -ENOENT;
		goto out_unlock;
	}
	err = uldma_errno(ud_alloc_mw(&uldma->prot, a.pd, &h, &rkey), 0);
	if (err)
		goto out_unlock;
	a.mw = h;
	a.rkey = rkey;
	if (copy_to_user(u, &a, sizeof(a))) {
		/* The caller never learns the window: take it back. */
		WARN_ON(ud_dealloc_mw(&uldma->prot, h) != UD_OK);
		err = -EFAULT;
	}
out_unlock:
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * BIND_MW, synchronously under the device mutex (between two requests of
 * the engine, never inside one).  The home checks only that the QP and the
 * window are this file's; the core checks the rest (src/mw.h).
 */
static int uldma_bind_mw(struct uldma_file *uf, void __user *u, size_t usize)
{
	struct uldma_bind_mw b;
	uint32_t nkey, dead;
	int err = uldma_arg_in(&b, sizeof(b), u, usize);

	if (err)
		return err;
	if (b.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	ud_kmod_mrn_reap(&uldma->prot);
	if (!uldma_owns_qp(uf, b.qp) || !uldma_owns_mw(uf, b.mw)) {
		err = -ENOENT;
		goto out_unlock;
	}
	err = uldma_errno(ud_bind_mw(&uldma->prot, b.qp, b.mw, b.rkey, b.lkey,
				     b.addr, b.length, b.access, &nkey), 0);
	if (err)
		goto out_unlock;
	atomic_long_inc(&ud_kmod_stats.binds);
	b.rkey = nkey;
	if (copy_to_user(u, &b, sizeof(b))) {
		/* Nobody learns the new key: invalidate the binding. */
		WARN_ON(b.length &&
			ud_bind_mw(&uldma->prot, b.qp, b.mw, nkey, b.lkey,
				   b.addr, 0, b.access, &dead) != UD_OK);
		err = -EFAULT;
	}
out_unlock:
	mutex_unlock(&uldma->lock);
	return err;
}

static int uldma_dealloc_mw(struct uldma_file *uf, void __user *u,
			    size_t usize)
{
	struct uldma_dealloc_mw d;
	int err = uldma_arg_in(&d, sizeof(d), u, usize);

	if (err)
		return err;
	if (d.reserved)
		return -EINVAL;
	mutex_lock(&uldma->lock);
	if (!uldma_owns_mw(uf, d.mw))
		err = -ENOENT;
	else
		err = uldma_errno(ud_dealloc_mw(&uldma->prot, d.mw), 0);
	mutex_unlock(&uldma->lock);
	return err;
}

/*
 * mmap (ABI 5): a QP's send ring or its status page (kmod/uldma_ring.c,
 * kmod/uapi/uldma.h "Posting with no system call").  The page offset
 * names the QP, which must be this file's.  Linux holds mmap_lock (for
 * writing) here, and the device mutex comes before mmap_lock (REG_MR
 * pins under it): so never the device mutex here, only the file's
 * map_lock, which keeps the QP in the file until its ring is mapped.
 */
static int uldma_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct uldma_file *uf = file->private_data;
	u64 qp = vma->vm_pgoff >> (17 - PAGE_SHIFT);
	int err;

	BUILD_BUG_ON(PAGE_SHIFT > 16);
	/* The file's completion ring (ABI 6): the queue's lock only. */
	if (qp == ULDMA_MMAP_CQ >> 17)
		return ud_kmod_cq_mmap(&uf->cq, vma);
	/* The file's DMA buffer of the send modes (ABI 9): the sm lock. */
	if (qp == ULDMA_MMAP_SM >> 17)
		return ud_kmod_sm_mmap(&uf->sm, vma);
	mutex_lock(&uf->map_lock);
	if (qp >= UD_PROT_NQP || !uldma_owns_qp(uf, (u32)qp))
		err = -ENOENT;
	else
		err = ud_kmod_ring_mmap((u32)qp, vma);
	mutex_unlock(&uf->map_lock);
	return err;
}

static long uldma_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct uldma_file *uf = file->private_data;
	void __user *u = (void __user *)arg;
	size_t usize = _IOC_SIZE(cmd);

	if (_IOC_TYPE(cmd) != ULDMA_IOC_MAGIC ||
	    _IOC_DIR(cmd) != (_IOC_READ | _IOC_WRITE))
		return -ENOTTY;
	switch (_IOC_NR(cmd)) {
	case _IOC_NR(ULDMA_IOC_QUERY):
		return uldma_query(u, usize);
	case _IOC_NR(ULDMA_IOC_ALLOC_PD):
		return uldma_alloc_pd(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_DEALLOC_PD):
		return uldma_dealloc_pd(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_REG_MR):
		return uldma_reg_mr(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_DEREG_MR):
		return uldma_dereg_mr(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_CHECK):
		return uldma_check(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_CREATE_QP):
		return uldma_create_qp(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_DESTROY_QP):
		return uldma_destroy_qp(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_POST):
		return uldma_post(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_POLL):
		return uldma_poll(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_ALLOC_MW):
		return uldma_alloc_mw(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_BIND_MW):
		return uldma_bind_mw(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_DEALLOC_MW):
		return uldma_dealloc_mw(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_CONNECT_QP):
		return uldma_connect_qp(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_DOORBELL):
		return uldma_doorbell(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_VA_WRITE):
		return uldma_va_write(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_SEND_MODE):
		return uldma_send_mode(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_SHADOW):
		return uldma_shadow(uf, u, usize);
	case _IOC_NR(ULDMA_IOC_VIA):
		return uldma_via(uf, u, usize);
	default:
		return -ENOTTY;
	}
}

static int uldma_open(struct inode *inode, struct file *file)
{
	struct uldma_file *uf = kzalloc(sizeof(*uf), GFP_KERNEL);

	if (!uf)
		return -ENOMEM;
	ud_kmod_cq_init(&uf->cq);
	mutex_init(&uf->map_lock);
	uf->mm = current->mm;
	if (uf->mm)
		mmgrab(uf->mm);
	file->private_data = uf;
	return 0;
}

/*
 * The file's last reference went (close, exit, kill).  Under the device
 * mutex -- so the engine is between two requests: one of this file that
 * was running has finished and completed on this file's queue -- the
 * requests still queued on its QPs are dropped (they never run; the queue
 * they would complete on goes with the file), its QPs are destroyed, its
 * windows deallocated (so no region is held by a binding), every region
 * in its PDs is deregistered (the core unpins each page after its last
 * registration), then its PDs are freed.  After the unlock the engine can
 * find nothing of this file.
 */
static int uldma_release(struct inode *inode, struct file *file)
{
	struct uldma_file *uf = file->private_data;
	struct ud_mw_attr w;
	struct ud_mr_attr a;
	LIST_HEAD(gone);
	uint32_t i;

	mutex_lock(&uldma->lock);
	for (i = 0; i < UD_PROT_NQP; i++) {
		if (uldma_owns_qp(uf, i))
			WARN_ON(uldma_qp_gone(uf, i, false));
	}
	for (i = 0; i < UD_PROT_NMW; i++) {
		if (ud_query_mw(&uldma->prot, i, &w) == UD_OK &&
		    uldma_owns(uf, w.pd))
			WARN_ON(ud_dealloc_mw(&uldma->prot, i) != UD_OK);
	}
	for (i = 0; i < UD_PROT_NMR; i++) {
		if (ud_query_mr(&uldma->prot, i, &a) == UD_OK &&
		    uldma_owns(uf, a.pd))
			WARN_ON(ud_dereg_mr(&uldma->prot, i) != UD_OK);
	}
	for (i = 0; i < UD_PROT_NPD; i++) {
		if (uldma_owns(uf, i))
			WARN_ON(ud_dealloc_pd(&uldma->prot, i) != UD_OK);
	}
	uf->pds = 0;
	/* No vma maps its DMA buffer (each holds the file); no send is left. */
	ud_kmod_sm_file_gone(&uf->sm);
	ud_kmod_mrn_detach_owner(uf, false, &gone);
	/* Its QPs' VA transfers ended above; no bank names its mm now. */
	ud_kmod_va_forget_mm(uf->mm);
	mutex_unlock(&uldma->lock);
	/* Its shadow context and pins (the shadow lock only). */
	ud_kmod_sh_file_gone(&uf->sh);
	/* Its VIs, exports, imports and pins (the VIA lock only). */
	ud_kmod_via_file_gone(&uf->via);
	if (uf->mm)
		mmdrop(uf->mm);
	/* Its regions' notifiers, outside the device mutex. */
	ud_kmod_mrn_release(&gone);
	ud_kmod_cq_destroy(&uf->cq);
	mutex_destroy(&uf->map_lock);
	kfree(uf);
	return 0;
}

static const struct file_operations uldma_fops = {
	.owner		= THIS_MODULE,
	.open		= uldma_open,
	.release	= uldma_release,
	.read		= uldma_read,
	.unlocked_ioctl	= uldma_ioctl,
	.mmap		= uldma_mmap,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= default_llseek,
};

static int __init uldma_init(void)
{
	struct ud_kmod_selftest st;
	int err;

	uldma = kzalloc(sizeof(*uldma), GFP_KERNEL);
	if (!uldma)
		return -ENOMEM;

	err = ud_kmod_selftest(&st);
	if (err) {
		pr_err("self-check FAILED: %s (%u of %u checks failed)\n",
		       st.failed ? st.failed : "?", st.total - st.passed, st.total);
		goto err_free;
	}
	mutex_init(&uldma->lock);
	ud_prot_init(&uldma->prot);
	err = ud_kmod_engine_start(&uldma->lock, &uldma->prot);
	if (err) {
		pr_err("engine thread: %d\n", err);
		goto err_free;
	}
	err = ud_kmod_va_start();
	if (err) {
		pr_err("VA fault path: %d\n", err);
		ud_kmod_engine_stop();
		goto err_free;
	}
	err = ud_kmod_sh_init();
	if (err) {
		pr_err("shadow window: %d\n", err);
		goto err_va;
	}
	err = ud_kmod_via_init();
	if (err) {
		pr_err("virtual interfaces: %d\n", err);
		ud_kmod_sh_exit();
		goto err_va;
	}
	ud_kmod_debugfs_init();
	uldma->report_len = scnprintf(uldma->report, sizeof(uldma->report),
				      "uldma: self-check passed (%u checks)\n",
				      st.passed);

	uldma->misc.minor = MISC_DYNAMIC_MINOR;
	uldma->misc.name = "uldma";
	uldma->misc.fops = &uldma_fops;
	/* It pins memory and shows physical addresses: root only. */
	uldma->misc.mode = 0600;
	err = misc_register(&uldma->misc);
	if (err) {
		pr_err("misc_register failed: %d\n", err);
		goto err_engine;
	}

	pr_info("self-check passed (%u checks)\n", st.passed);
	return 0;

err_engine:
	ud_kmod_debugfs_exit();
	ud_kmod_via_exit();
	ud_kmod_sh_exit();
err_va:
	ud_kmod_va_stop();
	ud_kmod_engine_stop();
err_free:
	kfree(uldma);
	uldma = NULL;
	return err;
}

static void __exit uldma_exit(void)
{
	long pins, lost, refused;

	misc_deregister(&uldma->misc);
	/* Every file is closed (the module was in use until then). */
	ud_kmod_debugfs_exit();
	ud_kmod_va_stop();
	ud_kmod_engine_stop();
	ud_kmod_sh_exit();
	ud_kmod_via_exit();
	pins = ud_kmod_pins_held();
	lost = ud_kmod_cq_dropped();
	refused = ud_kmod_dma_refusals();
	if (ud_kmod_sm_pins() || ud_kmod_smf_used())
		pr_err("unload: send modes: %ld pages pinned, %ld frames held\n",
		       ud_kmod_sm_pins(), ud_kmod_smf_used());
	pins += ud_kmod_sm_pins();
	if (ud_kmod_sh_pins())
		pr_err("unload: shadow window: %ld pages pinned\n",
		       ud_kmod_sh_pins());
	pins += ud_kmod_sh_pins();
	if (ud_kmod_via_pins())
		pr_err("unload: virtual interfaces: %ld pages pinned\n",
		       ud_kmod_via_pins());
	pins += ud_kmod_via_pins();
	if (pins)
		pr_err("unload: %ld pages still pinned\n", pins);
	if (lost || refused)
		pr_err("unload: %ld completions lost, %ld DMA pieces refused\n",
		       lost, refused);
	mutex_destroy(&uldma->lock);
	kfree(uldma);
	uldma = NULL;
	pr_info("unloaded, %ld pages pinned, %ld completions lost, %ld DMA pieces refused; engine stopped after %ld requests run, %ld cancelled\n",
		pins, lost, refused, atomic_long_read(&ud_kmod_stats.run),
		atomic_long_read(&ud_kmod_stats.cancelled));
}

module_init(uldma_init);
module_exit(uldma_exit);

MODULE_LICENSE("Dual MIT/GPL");
MODULE_AUTHOR("uldma");
MODULE_DESCRIPTION("uldma: verified protected user-level DMA core, kernel home");
