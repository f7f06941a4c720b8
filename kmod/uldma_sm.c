// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_sm.c -- the five send modes of seed 003 in the kernel home
 * (ABI 9, SEND_MODE; kmod/uapi/uldma.h "Send modes"; docs/send-modes.md
 * "The kernel home").  The verified core (src/send_mode.c) decides every
 * step of a send buffer -- ud_sm_init, ud_sm_post at the call, ud_sm_write
 * at a write fault, ud_sm_complete when the NI is done, ud_sm_may_reuse
 * for DMA-Ready -- and where a message goes at the receiver
 * (ud_sm_rx_place, ud_sm_rx_deliver); this file stages the user's pages
 * for the doors (kmod/plat_linux_send_mode.c), maps the file's DMA buffer
 * and plays the NI.
 *
 *   SEND (ioctl, device mutex)
 *     the DMA buffer (a page of this file's ULDMA_MMAP_SM mapping): the
 *       page's own send buffer (EBUSY while in flight); under mmap_lock
 *       (write) the core posts it and, if the COW door marked the page,
 *       its PTE is zapped before mmap_lock is dropped: the next write to
 *       it faults into ud_kmod_sm_write_page, i.e. ud_sm_write, whose COW
 *       door gives the writer a copy
 *     other user memory: staged first (PIO, CopyDMA: the page copied with
 *       copy_from_user; V2PDMA, PEXDMA: pin_user_pages_fast, plus PEXDMA's
 *       spare page for its snapshot), then the core posts a send buffer of
 *       its own
 *   NI (the engine thread, device mutex; held by engine_pause)
 *     the oldest send: ud_sm_rx_place at dest_qp, the bytes read from the
 *     frame the core says the NI reads (b->sfr) into the place, then
 *     ud_sm_complete (unpin, free, release), then the completion
 *
 * Locks: device mutex -> mmap_lock -> ud_kmod_sm_lock (uldma_sm.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "eng_send.h"
#include "pd.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"
#include "uldma_sm.h"

DEFINE_MUTEX(ud_kmod_sm_lock);

struct ud_kmod_sm_send {
	bool used;
	u8 gen;				/* handle = gen << 8 | index        */
	u32 qp, dest_qp;
	u64 wr_id;
	u64 seq;			/* FIFO order at the NI             */
	u32 off, len;			/* the message inside the page      */
	struct ud_kmod_cq *cq;
	struct ud_kmod_smarena *arena;	/* the DMA buffer's page, or NULL   */
	unsigned int aidx;
	struct ud_sm_buf own;		/* the send buffer (user memory)    */
	struct ud_sm_buf *b;		/* &own, or the DMA buffer page's   */
};

/*
 * One receive slot of a QP: its page is the NI's receive buffer (the
 * "buffer address in NI memory"), allocated at the slot's first message
 * and kept until the QP goes -- so the receive side's DMA buffer has a
 * constant size; a page exchange (RECV, PEXDMA) swaps it with the
 * application's page.  len: the message it holds (while queued).
 */
struct ud_kmod_sm_msg {
	struct page *pg;
	u32 len;
};

struct ud_kmod_sm_rx {
	u32 mode;			/* receive mode (default CopyDMA)  */
	/* The posted receive buffer (V2PDMA) / inbound mapping (DirectDMA). */
	u32 post_len, post_off, post_np;
	struct page *post_pg[2];
	/* Messages buffered in the DMA buffer: slots head .. head+count-1. */
	unsigned int head, count;
	struct ud_kmod_sm_msg q[ULDMA_SM_RXQ];
};

static struct {
	struct ud_kmod_sm_send s[ULDMA_SM_INFLIGHT];
	struct ud_kmod_sm_rx rx[UD_PROT_NQP];
	u64 seq;
	unsigned int inflight;
	atomic_long_t sent, delivered, cow, snapshots, refused, rx_bad;
	atomic_long_t exchanged, rx_pages;
	/* The NI's read of the oldest send (ud_eng_sm_fetch), under
	 * ud_kmod_sm_lock. */
	u8 nibuf[UD_SM_MTU];
} ud_sm = {
	.rx = { [0 ... UD_PROT_NQP - 1] = { .mode = UD_SM_COPYDMA } },
};

static const struct vm_operations_struct ud_kmod_sm_vm_ops;

/* The core's status as an errno (the ioctl's table), or the home's. */
static int ud_kmod_sm_errno(ud_status st, int home)
{
	if (st == UD_OK)
		return 0;
	if (st == UD_E_PLATFORM && home)
		return home;
	return ud_kmod_wc_status(st, 0);
}

void ud_kmod_sm_arena_replace(struct ud_kmod_smarena *a, unsigned int i,
			      struct page *pg)
{
	lockdep_assert_held(&ud_kmod_sm_lock);
	put_page(a->pg[i]);	/* the arena's reference to the original */
	a->pg[i] = pg;
}

/* ------------------------------------------------------- the DMA buffer */

static struct ud_kmod_smarena *ud_kmod_sm_arena_new(void)
{
	struct ud_kmod_smarena *a = kzalloc(sizeof(*a), GFP_KERNEL);
	unsigned int i;

	if (!a)
		return NULL;
	for (i = 0; i < UD_KMOD_SM_ARENA; i++) {
		a->pg[i] = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!a->pg[i])
			goto err_free;
	}
	a->npages = UD_KMOD_SM_ARENA;
	return a;
err_free:
	while (i--)
		__free_page(a->pg[i]);
	kfree(a);
	return NULL;
}

/*
 * A write to page i of the DMA buffer (sm lock): the core's ud_sm_write
 * when a send of it is in flight -- under PEXDMA with the NI on the same
 * frame that is the COW break (its door makes a->pg[i] a copy).  0, or
 * -ENOMEM when the copy failed (nothing written).
 */
static int ud_kmod_sm_write_page(struct ud_kmod_smarena *a, unsigned int i)
{
	struct ud_sm_buf *b = &a->b[i];
	ud_status st;

	lockdep_assert_held(&ud_kmod_sm_lock);
	if (b->st != UD_SM_FLIGHT)
		return 0;
	st = ud_sm_write(b, ++a->tok[i]);
	if (st == UD_SM_W_COW)
		atomic_long_inc(&ud_sm.cow);
	return st < 0 ? -ENOMEM : 0;
}

/* Page i is COW-marked: in flight, PEXDMA, the NI on the user's frame. */
static bool ud_kmod_sm_cow_marked(struct ud_kmod_smarena *a, unsigned int i)
{
	struct ud_sm_buf *b = &a->b[i];
	struct ud_kmod_smf *f;

	if (b->st != UD_SM_FLIGHT || b->ufr != b->sfr)
		return false;
	f = ud_kmod_smf_get(b->ufr);
	return f && f->cow;
}

/*
 * Zap every mapping of page i of a DMA buffer -- in every vma and every
 * process mapping that offset of /dev/uldma, aliases included -- so the
 * next access to it faults into the module.  (Another file's buffer at the
 * same offset is zapped too; its next access maps its own page again.)
 */
static void ud_kmod_sm_zap(struct vm_area_struct *vma, unsigned long i)
{
	unmap_mapping_range(vma->vm_file->f_mapping,
			    (loff_t)ULDMA_MMAP_SM + ((loff_t)i << PAGE_SHIFT),
			    PAGE_SIZE, 1);
}

static vm_fault_t ud_kmod_sm_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct ud_kmod_smarena *a = vma->vm_private_data;
	unsigned long i = vmf->pgoff - (ULDMA_MMAP_SM >> PAGE_SHIFT);
	bool write = vmf->flags & FAULT_FLAG_WRITE;
	struct page *old;
	pgprot_t prot;
	vm_fault_t ret;

	if (i >= a->npages)
		return VM_FAULT_SIGBUS;
	mutex_lock(&ud_kmod_sm_lock);
	old = a->pg[i];
	if (write && ud_kmod_sm_write_page(a, i)) {
		mutex_unlock(&ud_kmod_sm_lock);
		return VM_FAULT_OOM;
	}
	if (a->pg[i] != old) {
		/* A COW copy: no alias may keep mapping the NI's original. */
		mutex_unlock(&ud_kmod_sm_lock);
		ud_kmod_sm_zap(vma, i);
		mutex_lock(&ud_kmod_sm_lock);
	}
	/* Writable unless COW-marked: the first write must fault. */
	prot = (write || !ud_kmod_sm_cow_marked(a, i)) ?
		vm_get_page_prot(vma->vm_flags) : vma->vm_page_prot;
	ret = vmf_insert_pfn_prot(vma, vmf->address, page_to_pfn(a->pg[i]),
				  prot);
	mutex_unlock(&ud_kmod_sm_lock);
	return ret;
}

/*
 * A write to a page mapped read-only (COW-marked when it was read).  If
 * the PTE does not map the offset's page now (the write made a COW copy,
 * or an alias's copy was made before), zap it everywhere and let the
 * access fault the page in again.
 */
static vm_fault_t ud_kmod_sm_pfn_mkwrite(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct ud_kmod_smarena *a = vma->vm_private_data;
	unsigned long i = vmf->pgoff - (ULDMA_MMAP_SM >> PAGE_SHIFT);
	bool stale;
	int err;

	if (i >= a->npages)
		return VM_FAULT_SIGBUS;
	mutex_lock(&ud_kmod_sm_lock);
	err = ud_kmod_sm_write_page(a, i);
	stale = pte_pfn(vmf->orig_pte) != page_to_pfn(a->pg[i]);
	mutex_unlock(&ud_kmod_sm_lock);
	if (err)
		return VM_FAULT_OOM;
	if (stale) {
		ud_kmod_sm_zap(vma, i);
		return VM_FAULT_NOPAGE;
	}
	return 0;
}

static const struct vm_operations_struct ud_kmod_sm_vm_ops = {
	.fault		= ud_kmod_sm_fault,
	.pfn_mkwrite	= ud_kmod_sm_pfn_mkwrite,
};

/*
 * mmap of the DMA buffer: MAP_SHARED, at ULDMA_MMAP_SM, at most
 * ULDMA_SM_DMABUF_PAGES pages; PFN-mapped page by page at fault time (so
 * the module decides, per fault, which page and whether writable); not
 * inherited by fork.  mmap_lock is held (for writing) and the device
 * mutex is not (it comes before mmap_lock); the sm lock serialises the
 * buffer's creation.
 */
int ud_kmod_sm_mmap(struct ud_kmod_smfile *sf, struct vm_area_struct *vma)
{
	unsigned long first = vma->vm_pgoff - (ULDMA_MMAP_SM >> PAGE_SHIFT);
	unsigned long n = vma_pages(vma);

	if (!(vma->vm_flags & VM_SHARED) || first >= UD_KMOD_SM_ARENA ||
	    n > UD_KMOD_SM_ARENA - first)
		return -EINVAL;
	mutex_lock(&ud_kmod_sm_lock);
	if (!sf->arena)
		WRITE_ONCE(sf->arena, ud_kmod_sm_arena_new());
	mutex_unlock(&ud_kmod_sm_lock);
	if (!sf->arena)
		return -ENOMEM;
	vma->vm_flags |= VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP | VM_DONTCOPY;
	vma->vm_private_data = sf->arena;
	vma->vm_ops = &ud_kmod_sm_vm_ops;
	return 0;
}

/* ------------------------------------------------------------- sending */

static void ud_kmod_sm_stage_free(struct page *pin, struct page *pre)
{
	if (pin) {
		unpin_user_page(pin);
		ud_kmod_sm_pin_count(-1);
	}
	if (pre)
		__free_page(pre);
}

/* Free the frames of buffer b (sm lock); a DMA buffer's b stays IDLE. */
static void ud_kmod_sm_frames_free(struct ud_sm_buf *b)
{
	if (b->sfr != b->ufr && b->sfr != UD_SM_NOFRAME)
		ud_kmod_smf_free(b->sfr);
	ud_kmod_smf_free(b->ufr);
	b->sfr = UD_SM_NOFRAME;
}

static int ud_kmod_sm_send_one(struct ud_kmod_smfile *sf,
			       struct ud_kmod_cq *cq, struct uldma_send_mode *s)
{
	struct mm_struct *mm = current->mm;
	struct ud_kmod_smarena *a = NULL;
	struct ud_kmod_sm_send *snd = NULL;
	struct vm_area_struct *vma;
	struct page *pin = NULL, *pre = NULL;
	struct ud_sm_buf scratch, *b;
	struct ud_kmod_smf *f;
	unsigned long aidx = 0, page = s->addr & PAGE_MASK;
	unsigned int i;
	ud_status st;
	u32 fid;
	int err = 0;

	/* The mode: the core's verdict (ud_sm_init refuses an unknown one). */
	st = ud_sm_init(&scratch, s->mode, 0, 0);
	if (st != UD_OK)
		return ud_kmod_sm_errno(st, 0);
	if (!s->length || s->length > ULDMA_SM_MTU ||
	    (s->addr & ~PAGE_MASK) + s->length > PAGE_SIZE ||
	    s->addr >= TASK_SIZE)
		return -EINVAL;
	for (i = 0; i < ULDMA_SM_INFLIGHT && ud_sm.s[i].used; i++)
		;
	if (i == ULDMA_SM_INFLIGHT)
		return -EAGAIN;
	snd = &ud_sm.s[i];
	if (!mm || !ud_kmod_cq_reserve(cq))
		return mm ? -ENOBUFS : -EINVAL;

	mmap_write_lock(mm);
	vma = vma_lookup(mm, s->addr);
	a = READ_ONCE(sf->arena);
	if (a && vma && vma->vm_ops == &ud_kmod_sm_vm_ops &&
	    vma->vm_private_data == a) {
		aidx = vma->vm_pgoff - (ULDMA_MMAP_SM >> PAGE_SHIFT) +
		       ((page - vma->vm_start) >> PAGE_SHIFT);
		if (aidx >= a->npages) {
			err = -EFAULT;
			goto out_mm;
		}
	} else {
		a = NULL;
		mmap_write_unlock(mm);
		mm = NULL;
		if (s->mode == UD_SM_DIRECTDMA) {
			/* Not memory pinned for DMA at startup. */
			err = -ENXIO;
			goto out_cq;
		}
		/* Staged now, outside the sm lock (they take mmap_lock). */
		if (s->mode == UD_SM_PIO || s->mode == UD_SM_COPYDMA) {
			pre = alloc_page(GFP_KERNEL);
			if (!pre) {
				err = -ENOMEM;
				goto out_cq;
			}
			if (copy_from_user(page_address(pre),
					   (void __user *)page, PAGE_SIZE)) {
				err = -EFAULT;
				goto out_stage;
			}
		} else {
			if (pin_user_pages_fast(page, 1, 0, &pin) != 1) {
				pin = NULL;
				err = -EFAULT;
				goto out_cq;
			}
			ud_kmod_sm_pin_count(1);
			if (s->mode == UD_SM_PEXDMA) {
				pre = alloc_page(GFP_KERNEL);
				if (!pre) {
					err = -ENOMEM;
					goto out_stage;
				}
			}
		}
	}

	mutex_lock(&ud_kmod_sm_lock);
	if (a) {
		b = &a->b[aidx];
		if (b->st == UD_SM_FLIGHT) {
			/* The core's double post: UD_E_BUSY, no door. */
			err = ud_kmod_sm_errno(ud_sm_post(b), 0);
			goto out_unlock;
		}
		fid = ud_kmod_smf_new(UD_KMOD_SMF_DMABUF);
		if (fid == UD_SM_NOFRAME) {
			err = -EAGAIN;
			goto out_unlock;
		}
		f = ud_kmod_smf_get(fid);
		get_page(a->pg[aidx]);
		f->pg = a->pg[aidx];
		f->held = true;
		f->arena = a;
		f->idx = aidx;
	} else {
		b = &snd->own;
		fid = ud_kmod_smf_new(UD_KMOD_SMF_USER);
		if (fid == UD_SM_NOFRAME) {
			err = -EAGAIN;
			goto out_unlock;
		}
		f = ud_kmod_smf_get(fid);
		f->pg = pin;
		f->held = pin != NULL;
		f->pre = pre;
		pin = NULL;	/* the frame's now */
		pre = NULL;
	}
	WARN_ON(ud_sm_init(b, s->mode, fid, a ? ++a->tok[aidx] : 0) != UD_OK);
	st = ud_sm_post(b);
	if (st != UD_OK) {
		/* The buffer is as it was (IDLE): its frame goes. */
		ud_kmod_smf_free(fid);
		err = ud_kmod_sm_errno(st, -EIO);
		goto out_unlock;
	}
	if (!a && ud_kmod_smf_get(b->ufr)->snap)
		atomic_long_inc(&ud_sm.snapshots);
	*snd = (struct ud_kmod_sm_send){
		.used = true, .gen = (u8)(snd->gen + 1), .qp = s->qp,
		.dest_qp = s->dest_qp, .wr_id = s->wr_id, .seq = ud_sm.seq++,
		.off = (u32)(s->addr & ~PAGE_MASK), .len = s->length, .cq = cq,
		.arena = a, .aidx = aidx, .own = snd->own,
	};
	snd->b = a ? &a->b[aidx] : &snd->own;
	ud_sm.inflight++;
	s->handle = (u32)snd->gen << 8 | i;
	s->ready = (u32)ud_sm_may_reuse(snd->b);
	atomic_long_inc(&ud_sm.sent);
	/*
	 * COW-marked: zap the page's PTEs (every mapping of it, in every
	 * process) before SEND returns, still under the sm lock, so a fault
	 * in between waits and then finds the mark.  From the zap on every
	 * write faults into ud_sm_write; a write of another thread through
	 * its old PTE before the zap is a write before SEND returned.
	 */
	if (a && ud_kmod_sm_cow_marked(a, aidx))
		ud_kmod_sm_zap(vma, aidx);
	cq = NULL;	/* the reservation is the send's */
out_unlock:
	mutex_unlock(&ud_kmod_sm_lock);
out_stage:
	ud_kmod_sm_stage_free(pin, pre);
out_mm:
	if (mm)
		mmap_write_unlock(mm);
out_cq:
	if (cq)
		ud_kmod_cq_unreserve(cq);
	return err;
}

static int ud_kmod_sm_send(struct ud_kmod_smfile *sf, struct ud_kmod_cq *cq,
			   struct uldma_send_mode *s)
{
	int err = ud_kmod_sm_send_one(sf, cq, s);

	if (err)
		atomic_long_inc(&ud_sm.refused);
	return err;
}

static int ud_kmod_sm_ready(struct ud_kmod_cq *cq, struct uldma_send_mode *s)
{
	unsigned int i = s->handle & 0xff;
	struct ud_kmod_sm_send *snd = &ud_sm.s[i % ULDMA_SM_INFLIGHT];

	s->ready = 1;
	if (i >= ULDMA_SM_INFLIGHT || !snd->used || snd->cq != cq ||
	    snd->gen != (u8)(s->handle >> 8) || s->handle >> 16)
		return 0;
	mutex_lock(&ud_kmod_sm_lock);
	s->ready = (u32)ud_sm_may_reuse(snd->b);
	mutex_unlock(&ud_kmod_sm_lock);
	return 0;
}

/* ----------------------------------------------------------- receiving */

static void ud_kmod_sm_unpost(struct ud_kmod_sm_rx *rx)
{
	/* Written by the NI, maybe: unpinned dirty. */
	unpin_user_pages_dirty_lock(rx->post_pg, rx->post_np, true);
	ud_kmod_sm_pin_count(-(long)rx->post_np);
	rx->post_np = 0;
	rx->post_len = 0;
}

static int ud_kmod_sm_post_recv(struct ud_kmod_sm_rx *rx,
				struct uldma_send_mode *s)
{
	unsigned long first = s->addr & PAGE_MASK;
	int np, n;

	if (!s->length) {
		ud_kmod_sm_unpost(rx);
		return 0;
	}
	if (s->length > ULDMA_SM_MTU || s->addr >= TASK_SIZE ||
	    s->length > TASK_SIZE - s->addr)
		return -EINVAL;
	if (rx->post_np)
		return -EBUSY;
	np = (int)(((s->addr + s->length - 1) >> PAGE_SHIFT) -
		   (first >> PAGE_SHIFT) + 1);
	n = pin_user_pages_fast(first, np, FOLL_WRITE, rx->post_pg);
	if (n != np) {
		if (n > 0)
			unpin_user_pages(rx->post_pg, n);
		return -EFAULT;
	}
	ud_kmod_sm_pin_count(np);
	rx->post_np = (u32)np;
	rx->post_off = (u32)(s->addr & ~PAGE_MASK);
	rx->post_len = s->length;
	return 0;
}

/* Copy len bytes at src into the posted buffer (its first bytes). */
static void ud_kmod_sm_to_posted(struct ud_kmod_sm_rx *rx, const u8 *src,
				 u32 len)
{
	u32 off = rx->post_off, done = 0, n;
	unsigned int p = 0;
	u8 *d;

	while (done < len && p < rx->post_np) {
		n = min_t(u32, len - done, (u32)PAGE_SIZE - off);
		d = kmap_local_page(rx->post_pg[p]);
		memcpy(d + off, src + done, n);
		kunmap_local(d);
		done += n;
		off = 0;
		p++;
	}
}

/*
 * The page exchange (XFER-7; seed 2.2), device mutex held: if page addr
 * (page aligned) lies in this file's mapped DMA buffer, writable, and no
 * send of that page is in flight, the received page in rx's head slot
 * and the application's page there change places: the DMA buffer's
 * offset maps the received page from now on (every PTE of the offset
 * zapped, so the next access faults it in), and the application's old
 * page becomes the slot's receive page, the NI's buffer for the next
 * message (its buffer address updated; the pool keeps its size).  Both
 * pages are the module's (held by one reference each: the DMA buffer's
 * pages are pinned for DMA from the start), so the exchange moves the
 * two references and unpins / pins nothing.  1: not carried out (not the
 * DMA buffer, or a send of the page in flight: the caller copies); 0:
 * exchanged; -EFAULT: the mapping is not writable (the message stays).
 * Locks: mmap_lock (read) then the sm lock, as SEND.
 */
static int ud_kmod_sm_exchange(struct ud_kmod_smfile *sf,
			       struct ud_kmod_sm_rx *rx, u64 addr)
{
	struct mm_struct *mm = current->mm;
	struct ud_kmod_smarena *a = READ_ONCE(sf->arena);
	struct ud_kmod_sm_msg *m = &rx->q[rx->head];
	struct vm_area_struct *vma;
	unsigned long i;
	struct page *old;
	int ret = 1;

	if (!a || !mm)
		return 1;
	mmap_read_lock(mm);
	vma = vma_lookup(mm, addr);
	if (!vma || vma->vm_ops != &ud_kmod_sm_vm_ops ||
	    vma->vm_private_data != a)
		goto out;
	if (!(vma->vm_flags & VM_WRITE)) {
		ret = -EFAULT;
		goto out;
	}
	i = vma->vm_pgoff - (ULDMA_MMAP_SM >> PAGE_SHIFT) +
	    ((addr - vma->vm_start) >> PAGE_SHIFT);
	if (i >= a->npages)
		goto out;
	mutex_lock(&ud_kmod_sm_lock);
	/* A send's frame holds the page (and the NI may read it): copy. */
	if (a->b[i].st != UD_SM_FLIGHT) {
		old = a->pg[i];
		a->pg[i] = m->pg;
		m->pg = old;
		a->tok[i]++;	/* the offset's content changed */
		/* No PTE keeps the old page (a fault now maps the new). */
		ud_kmod_sm_zap(vma, i);
		atomic_long_inc(&ud_sm.exchanged);
		ret = 0;
	}
	mutex_unlock(&ud_kmod_sm_lock);
out:
	mmap_read_unlock(mm);
	return ret;
}

static int ud_kmod_sm_recv(struct ud_kmod_smfile *sf,
			   struct ud_kmod_sm_rx *rx, struct uldma_send_mode *s)
{
	struct ud_kmod_sm_msg m;
	s32 how;
	void *src;
	int err = 1;

	if (s->addr >= TASK_SIZE)
		return -EFAULT;

	if (!rx->count)
		return -ENODATA;
	m = rx->q[rx->head];
	if (m.len > s->length)
		return -EMSGSIZE;
	/* The core decides: a page exchange (PEXDMA, aligned) or a copy. */
	how = ud_sm_rx_deliver(rx->mode == UD_SM_V2PDMA ? UD_SM_COPYDMA :
			       rx->mode, s->addr);
	if (how < 0)
		return ud_kmod_sm_errno(how, 0);
	/* An exchange is carried out in the DMA buffer, else copied. */
	if (how == UD_SM_RX_EXCHANGE)
		err = ud_kmod_sm_exchange(sf, rx, s->addr);
	if (err < 0)
		return err;
	if (err) {
		src = kmap_local_page(m.pg);
		err = copy_to_user(u64_to_user_ptr(s->addr), src, m.len) ?
		      -EFAULT : 1;
		kunmap_local(src);
		if (err < 0)
			return err;
	}
	/* The slot's page (received, or the exchanged one) stays its own. */
	rx->head = (rx->head + 1) % ULDMA_SM_RXQ;
	rx->count--;
	s->length = m.len;
	s->how = how != UD_SM_RX_EXCHANGE ? ULDMA_SM_RX_COPY :
		 err ? ULDMA_SM_RX_EXCHANGE : ULDMA_SM_RX_EXCHANGED;
	return 0;
}

int ud_kmod_sm_op(struct ud_kmod_smfile *sf, struct ud_kmod_cq *cq,
		  struct uldma_send_mode *s)
{
	struct ud_kmod_sm_rx *rx = &ud_sm.rx[s->qp];
	s32 r;

	switch (s->op) {
	case ULDMA_SM_SEND:
		return ud_kmod_sm_send(sf, cq, s);
	case ULDMA_SM_READY:
		return ud_kmod_sm_ready(cq, s);
	case ULDMA_SM_RX_MODE:
		/* The core refuses PIO and unknown modes for receiving. */
		r = ud_sm_rx_place(s->mode, 0, ULDMA_SM_MTU, 1);
		if (r < 0)
			return ud_kmod_sm_errno(r, 0);
		rx->mode = s->mode;
		return 0;
	case ULDMA_SM_POST_RECV:
		return ud_kmod_sm_post_recv(rx, s);
	case ULDMA_SM_RECV:
		return ud_kmod_sm_recv(sf, rx, s);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------- the NI */

bool ud_kmod_sm_pending(void)
{
	return READ_ONCE(ud_sm.inflight) != 0;
}

/* The send is over (sm lock): the core gives back what post took. */
static void ud_kmod_sm_finish(struct ud_kmod_sm_send *snd)
{
	struct ud_sm_done d = ud_sm_complete(snd->b);

	WARN_ON(d.status != UD_OK);
	ud_kmod_sm_frames_free(snd->b);
	snd->used = false;
	ud_sm.inflight--;
}

/*
 * Deliver one message of len bytes at src to qp's receive side (sm lock):
 * the core's placement; 0 or the core's refusal.
 */
static ud_status ud_kmod_sm_place(u32 qp, const u8 *src, u32 len)
{
	struct ud_kmod_sm_rx *rx = &ud_sm.rx[qp];
	struct ud_kmod_sm_msg *m;
	s32 where;
	u8 *dst;

	/* A DirectDMA inbound mapping is used when it covers the message. */
	where = ud_sm_rx_place(rx->mode, rx->post_np && len <= rx->post_len &&
			       rx->mode == UD_SM_DIRECTDMA, rx->post_len, len);
	switch (where) {
	case UD_SM_RX_DIRECT:
	case UD_SM_RX_POSTED:
		ud_kmod_sm_to_posted(rx, src, len);
		/* A pre-posted receive takes one message; a mapping stays. */
		if (where == UD_SM_RX_POSTED)
			ud_kmod_sm_unpost(rx);
		return UD_OK;
	case UD_SM_RX_BUFFER:
		if (rx->count == ULDMA_SM_RXQ)
			return UD_E_FULL;
		m = &rx->q[(rx->head + rx->count) % ULDMA_SM_RXQ];
		if (!m->pg) {
			/* The slot's receive page, kept until the QP goes. */
			m->pg = alloc_page(GFP_KERNEL);
			if (!m->pg)
				return UD_E_PLATFORM;
			atomic_long_inc(&ud_sm.rx_pages);
		}
		/* The whole page: an exchange hands all of it over. */
		dst = kmap_local_page(m->pg);
		memcpy(dst, src, len);
		memset(dst + len, 0, PAGE_SIZE - len);
		kunmap_local(dst);
		m->len = len;
		rx->count++;
		return UD_OK;
	default:
		return where;
	}
}

static void ud_kmod_sm_complete(struct ud_kmod_sm_send *snd, ud_status st,
				int err)
{
	struct ud_kmod_cqe e = {
		.wr_id = snd->wr_id, .qp = snd->qp,
		.opcode = ULDMA_WR_SEND_MODE,
		.len = st == UD_OK && !err ? snd->len : 0,
		.status = st, .err = err,
	};

	if (st != UD_OK || err)
		atomic_long_inc(&ud_sm.rx_bad);
	else
		atomic_long_inc(&ud_sm.delivered);
	if (!err)
		ud_kmod_stats_count_completion(st);
	ud_kmod_cq_complete(snd->cq, &e);
}

bool ud_kmod_sm_run_one(void)
{
	struct ud_kmod_sm_send *snd = NULL;
	ud_status st = UD_OK;
	unsigned int i;
	int err = 0;

	if (!ud_sm.inflight)
		return false;
	mutex_lock(&ud_kmod_sm_lock);
	for (i = 0; i < ULDMA_SM_INFLIGHT; i++) {
		if (ud_sm.s[i].used && (!snd || ud_sm.s[i].seq < snd->seq))
			snd = &ud_sm.s[i];
	}
	if (WARN_ON_ONCE(!snd)) {
		mutex_unlock(&ud_kmod_sm_lock);
		return false;
	}
	if (!ud_kmod_qp_reaches(snd->qp, snd->dest_qp)) {
		err = -ENOENT;
	} else {
		/*
		 * The NI reads the message from the frame the core says it
		 * reads, through the memory door (src/eng_send.c: the frame's
		 * address from ud_plat_sm_pa); SEND checked off and len.
		 */
		st = ud_eng_sm_fetch(snd->b, snd->off, snd->len, ud_sm.nibuf);
		if (!WARN_ON_ONCE(st != UD_OK))
			st = ud_kmod_sm_place(snd->dest_qp, ud_sm.nibuf,
					      snd->len);
	}
	ud_kmod_sm_finish(snd);
	ud_kmod_sm_complete(snd, st, err);
	mutex_unlock(&ud_kmod_sm_lock);
	return true;
}

void ud_kmod_sm_qp_gone(u32 qp, bool complete)
{
	struct ud_kmod_sm_rx *rx = &ud_sm.rx[qp];
	unsigned int i;

	mutex_lock(&ud_kmod_sm_lock);
	for (i = 0; i < ULDMA_SM_INFLIGHT; i++) {
		struct ud_kmod_sm_send *snd = &ud_sm.s[i];

		if (!snd->used || snd->qp != qp)
			continue;
		ud_kmod_sm_finish(snd);
		if (complete)
			ud_kmod_sm_complete(snd, UD_OK, -ECANCELED);
		else
			ud_kmod_cq_unreserve(snd->cq);
	}
	ud_kmod_sm_unpost(rx);
	/* Its receive pages go with it (buffered messages dropped). */
	for (i = 0; i < ULDMA_SM_RXQ; i++) {
		if (rx->q[i].pg) {
			__free_page(rx->q[i].pg);
			rx->q[i].pg = NULL;
			atomic_long_dec(&ud_sm.rx_pages);
		}
	}
	rx->count = 0;
	rx->head = 0;
	rx->mode = UD_SM_COPYDMA;
	mutex_unlock(&ud_kmod_sm_lock);
}

void ud_kmod_sm_file_gone(struct ud_kmod_smfile *sf)
{
	struct ud_kmod_smarena *a = sf->arena;
	unsigned int i;

	if (!a)
		return;
	mutex_lock(&ud_kmod_sm_lock);
	for (i = 0; i < a->npages; i++) {
		/* Every send of the file ended with its QPs. */
		WARN_ON(a->b[i].st == UD_SM_FLIGHT);
		put_page(a->pg[i]);
	}
	mutex_unlock(&ud_kmod_sm_lock);
	kfree(a);
	sf->arena = NULL;
}

void ud_kmod_sm_stats_show(struct seq_file *m)
{
	seq_printf(m, "sm_sent %ld\n", atomic_long_read(&ud_sm.sent));
	seq_printf(m, "sm_delivered %ld\n", atomic_long_read(&ud_sm.delivered));
	seq_printf(m, "sm_failed %ld\n", atomic_long_read(&ud_sm.rx_bad));
	seq_printf(m, "sm_refused %ld\n", atomic_long_read(&ud_sm.refused));
	seq_printf(m, "sm_cow_copies %ld\n", atomic_long_read(&ud_sm.cow));
	seq_printf(m, "sm_snapshots %ld\n",
		   atomic_long_read(&ud_sm.snapshots));
	seq_printf(m, "sm_exchanges %ld\n",
		   atomic_long_read(&ud_sm.exchanged));
	seq_printf(m, "sm_rx_pages %ld\n", atomic_long_read(&ud_sm.rx_pages));
	seq_printf(m, "sm_inflight %u\n", READ_ONCE(ud_sm.inflight));
	seq_printf(m, "sm_pins_held %ld\n", ud_kmod_sm_pins());
	seq_printf(m, "sm_frames %ld\n", ud_kmod_smf_used());
	seq_printf(m, "sm_late_unpins %ld\n", ud_kmod_smf_late_unpins());
}
