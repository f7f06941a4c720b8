// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_via.c -- the VIA entry of the kernel home (ABI 11,
 * ULDMA_IOC_VIA; seed 002 "Memory Management in a combined VIA/SCI
 * Hardware", 3.2 and 4.3; docs/homes.md "Virtual interfaces").
 *
 * What a node with a combined PCI-SCI/VIA bridge has, and who plays it:
 *   - the bridge's two translation-and-protection tables (src/tpt.h): the
 *     active node's (node 0: its upstream table holds the pages the
 *     descriptors read, its downstream table the import windows) and the
 *     exporter node's (node 1: its upstream table holds the pages
 *     importers write).  In this one-host home both nodes' memory is this
 *     host's (loopback, src/eng_via.h): every page is a pinned page of
 *     some process on this machine;
 *   - the virtual interfaces (struct ud_via_vis: live, tag): 64 for the
 *     device.  A VI belongs to the open file that created it, and its tag
 *     is chosen here (a tag no live VI has), never by the caller;
 *   - the kernel entering pages: EXPORT pins a range of the caller's
 *     memory with the rights the caller has on it and enters each page
 *     with the tag of one of the caller's VIs (ud_tpt_export); IMPORT
 *     enters an import window on node 0 that maps an export of node 1
 *     (ud_tpt_import), named by the handle its exporter got;
 *   - the doorbell page of a VI: one POST ioctl on a VI of this file
 *     stands in for ONE doorbell write; the engine's VIA entry
 *     (src/eng_via.c, ud_eng_via_write) then runs the descriptor in the
 *     ioctl, piece by piece, each piece's two pages translated and
 *     tag-checked before a byte moves, through the memory doors of
 *     kmod/plat_linux_xfer_packet.c (kmap_local_page of the pinned
 *     frame);
 *   - the completion: the engine gives exactly one,
 *     ud_plat_complete(vi, status, moved); the home's completion door
 *     (kmod/plat_linux_xfer_wr.c) hands it to this file's capture while
 *     the run is under way (ud_kmod_complete_capture), and POST returns
 *     it in its reply.
 *
 * No entry outlives what it names: a VI destroyed takes its exports (and
 * every import of them, any file's) and its imports out of the tables
 * before its tag can be given to another VI; an export withdrawn takes
 * its imports with it before its indices can be reused; pages are
 * unpinned only after their entries are gone.  An interval notifier on
 * each export's range takes its entries out of the table when its
 * process unmaps, mprotects or drops any of its pages or exits, before
 * that call returns: the engine never reaches a frame the process no
 * longer maps with the export's rights.  Unmap and exit withdraw the
 * export (its entries and every import window onto them) at once.  A
 * page-table clear or a protection change only holds it (its entries
 * out, its windows and reservation kept): the kernel sends those also
 * when the process's frames stay where they were (a VMA split near the
 * export "splits" a huge PMD that is not there, migration of a page it
 * cannot move), so the next VIA call (any file's) looks at the process's
 * page tables and puts the entries back if every page still maps the
 * pinned frame with the rights the table needs, else withdraws it.  The
 * pins of a withdrawn export go at the next VIA call or the close of its
 * file.
 *
 * Locks: mmap_lock -> (a page lock) -> ud_kmod_via_lock.  The notifier
 * takes ud_kmod_via_lock under mmap_lock, sometimes under a page lock
 * (reclaim's try_to_unmap) and in reclaim.  So under ud_kmod_via_lock
 * nothing takes mmap_lock, a page lock (no unpin: pins go after it is
 * dropped), the device mutex, or allocates with reclaim; notifiers are
 * inserted and removed with no lock held.  The lock is independent of
 * the device mutex (this path never takes it) and of the shadow lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmu_notifier.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "eng_via.h"
#include "tpt.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"

#define VIA_NODE_ACT	0u		/* the active node (importer)  */
#define VIA_NODE_EXP	1u		/* the exporter node           */
/* Export ranges start at a 16 kB import page and are reserved whole. */
#define VIA_GROUP	(UD_TPT_DOWN_PAGE / UD_TPT_UP_PAGE)

/* One file's virtual interfaces. */
struct ud_kmod_viafile {
	u64 vis;			/* bit i: VI i is this file's      */
	u32 pages;			/* pages it has pinned (exports)   */
};

/*
 * One exported range: its pins, its table entries and the interval
 * notifier on its range.  live: its entries are in the table.  held: a
 * page-table clear or protection change came, its entries are out until
 * the next VIA call looks (via_recheck); its reservation and import
 * windows stay, and its handle still names it.  Neither: withdrawn (its
 * memory changed), it stays on via_exports, still pinned, with no entry
 * and no import, until the next VIA call or its file's close unpins it.
 * ref: via_exports (or a gone list) holds one, a recheck under way one.
 */
struct via_export {
	struct mmu_interval_notifier mn;
	struct list_head link;		/* via_exports, then a gone list   */
	struct ud_kmod_viafile *owner;
	unsigned long addr;		/* the process's first byte        */
	u32 vi;				/* whose tag the entries carry     */
	u32 node;			/* VIA_NODE_ACT or VIA_NODE_EXP    */
	u32 idx;			/* first upstream entry            */
	u32 npages;
	u64 handle;
	struct page **pages;
	refcount_t ref;
	bool live;
	bool held;
	int held_ev;			/* via_inval_ev index that held it */
};

/* One import window: entries [idx, idx + n) of node 0's downstream table. */
struct via_import {
	struct list_head link;		/* via_imports                     */
	struct via_export *ex;		/* the export it maps              */
	u32 vi;				/* whose tag the entries carry     */
	u32 idx;
	u32 n;
};

static DEFINE_MUTEX(ud_kmod_via_lock);
static struct ud_tpt *via_tpt[2];		/* node 0, node 1 */
static struct ud_via_vis via_vis;
static struct ud_kmod_viafile *via_owner[UD_VIA_NVI];
static unsigned long *via_up_used[2];		/* reserved upstream entries */
static unsigned long *via_down_used;		/* node 0's downstream      */
static LIST_HEAD(via_exports);
static LIST_HEAD(via_imports);
static u16 via_next_tag;
static u32 via_nheld;				/* exports held           */
static u8 *via_buf;				/* the engine's staging page */
static atomic_long_t via_pins = ATOMIC_LONG_INIT(0);
static atomic_long_t via_posts = ATOMIC_LONG_INIT(0);
static atomic_long_t via_done = ATOMIC_LONG_INIT(0);
static atomic_long_t via_failed = ATOMIC_LONG_INIT(0);
static atomic_long_t via_bytes = ATOMIC_LONG_INIT(0);
static atomic_long_t via_inval = ATOMIC_LONG_INIT(0);
/* The same by event: unmap, clear, protection (VMA), release. */
static atomic_long_t via_inval_ev[4];
static const char *const via_ev_name[4] = { "unmap", "clear", "mprotect",
					    "release" };
/* Exports held (a clear or protection change), and held ones kept. */
static atomic_long_t via_inval_held = ATOMIC_LONG_INIT(0);
static atomic_long_t via_inval_kept = ATOMIC_LONG_INIT(0);

int ud_kmod_via_init(void)
{
	int i;

	BUILD_BUG_ON(PAGE_SIZE != UD_TPT_UP_PAGE);
	BUILD_BUG_ON(ULDMA_VIA_NVI != UD_VIA_NVI);
	BUILD_BUG_ON(ULDMA_VIA_MAX_LEN != UD_VIA_MAX_LEN);
	BUILD_BUG_ON(ULDMA_VIA_IMPORT_PAGE != UD_TPT_DOWN_PAGE);
	via_buf = kzalloc(UD_VIA_PIECE, GFP_KERNEL);
	via_down_used = bitmap_zalloc(UD_TPT_DOWN_ENTRIES, GFP_KERNEL);
	for (i = 0; i < 2; i++) {
		via_tpt[i] = vzalloc(sizeof(struct ud_tpt));
		via_up_used[i] = bitmap_zalloc(UD_TPT_UP_ENTRIES, GFP_KERNEL);
	}
	if (!via_buf || !via_down_used || !via_tpt[0] || !via_tpt[1] ||
	    !via_up_used[0] || !via_up_used[1]) {
		ud_kmod_via_exit();
		return -ENOMEM;
	}
	ud_tpt_init(via_tpt[0], VIA_NODE_ACT);
	ud_tpt_init(via_tpt[1], VIA_NODE_EXP);
	via_next_tag = 1;
	return 0;
}

void ud_kmod_via_exit(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		vfree(via_tpt[i]);
		via_tpt[i] = NULL;
		bitmap_free(via_up_used[i]);
		via_up_used[i] = NULL;
	}
	bitmap_free(via_down_used);
	via_down_used = NULL;
	kfree(via_buf);
	via_buf = NULL;
}

long ud_kmod_via_pins(void)
{
	return atomic_long_read(&via_pins);
}

void ud_kmod_via_stats_show(struct seq_file *m)
{
	int i;

	seq_printf(m, "via_pins_held %ld\n", atomic_long_read(&via_pins));
	seq_printf(m, "via_posts %ld\n", atomic_long_read(&via_posts));
	seq_printf(m, "via_completed_ok %ld\n", atomic_long_read(&via_done));
	seq_printf(m, "via_completed_err %ld\n",
		   atomic_long_read(&via_failed));
	seq_printf(m, "via_bytes %ld\n", atomic_long_read(&via_bytes));
	seq_printf(m, "via_invalidated %ld\n", atomic_long_read(&via_inval));
	for (i = 0; i < 4; i++)
		seq_printf(m, "via_inval_%s %ld\n", via_ev_name[i],
			   atomic_long_read(&via_inval_ev[i]));
	seq_printf(m, "via_inval_held %ld\n",
		   atomic_long_read(&via_inval_held));
	seq_printf(m, "via_inval_kept %ld\n",
		   atomic_long_read(&via_inval_kept));
}

static bool via_owns(const struct ud_kmod_viafile *vf, u32 vi)
{
	return vi < UD_VIA_NVI && via_owner[vi] == vf;
}

/* Take one import out of the table and free it.  Lock held. */
static void via_import_drop(struct via_import *im)
{
	u32 i;

	for (i = 0; i < im->n; i++)
		WARN_ON(ud_tpt_unimport(via_tpt[VIA_NODE_ACT], im->idx + i) !=
			UD_OK);
	bitmap_clear(via_down_used, im->idx, im->n);
	list_del(&im->link);
	kfree(im);
}

/* Its upstream entries out of the table (the reservation stays).  Lock. */
static void via_export_unenter(struct via_export *ex)
{
	u32 i;

	for (i = 0; i < ex->npages; i++)
		WARN_ON(ud_tpt_unexport(via_tpt[ex->node], ex->idx + i) !=
			UD_OK);
}

/*
 * Take one export out of the tables: first every import of it (so no
 * window reaches its indices once they are free), then its entries (a
 * held one has none).  Its pins stay.  Nothing here sleeps on anything
 * but the lock: the notifier calls it.  Lock held.
 */
static void via_export_withdraw(struct via_export *ex)
{
	struct via_import *im, *t;

	if (!ex->live && !ex->held)
		return;
	list_for_each_entry_safe(im, t, &via_imports, link) {
		if (im->ex == ex)
			via_import_drop(im);
	}
	if (ex->live)
		via_export_unenter(ex);
	if (ex->held)
		via_nheld--;
	ex->live = false;
	ex->held = false;
	bitmap_clear(via_up_used[ex->node], ex->idx,
		     round_up(ex->npages, VIA_GROUP));
}

/*
 * Hold a live export: its entries out, its windows and reservation kept,
 * until via_recheck puts them back or withdraws it.  Lock held.
 */
static void via_export_hold(struct via_export *ex, int ev)
{
	if (ex->live) {
		via_export_unenter(ex);
		ex->live = false;
		ex->held = true;
		via_nheld++;
		atomic_long_inc(&via_inval_held);
	}
	if (ex->held)
		ex->held_ev = ev;
}

/* A held export whose pages were found in place: entries back.  Lock. */
static void via_export_restore(struct via_export *ex)
{
	u32 i;

	for (i = 0; i < ex->npages; i++)
		WARN_ON(ud_tpt_export(via_tpt[ex->node], ex->idx + i,
				      page_to_pfn(ex->pages[i]),
				      via_vis.tag[ex->vi]) != UD_OK);
	ex->held = false;
	ex->live = true;
	via_nheld--;
	atomic_long_inc(&via_inval_kept);
}

/* Withdrawn because its memory changed: counted by event.  Lock held. */
static void via_export_invalidated(struct via_export *ex, int ev)
{
	if (!ex->live && !ex->held)
		return;
	via_export_withdraw(ex);
	atomic_long_inc(&via_inval);
	atomic_long_inc(&via_inval_ev[ev]);
}

/*
 * Withdraw one export and move it to gone, whose pins via_release drops
 * once the lock is released.  Lock held.
 */
static void via_export_drop(struct via_export *ex, struct list_head *gone)
{
	via_export_withdraw(ex);
	ex->owner->pages -= ex->npages;
	list_move(&ex->link, gone);
}

/* Every export withdrawn by its notifier (any file's) to gone.  Lock. */
static void via_reap(struct list_head *gone)
{
	struct via_export *ex, *t;

	list_for_each_entry_safe(ex, t, &via_exports, link) {
		if (!ex->live && !ex->held)
			via_export_drop(ex, gone);
	}
}

static void via_put(struct via_export *ex)
{
	if (refcount_dec_and_test(&ex->ref)) {
		kvfree(ex->pages);
		kfree(ex);
	}
}

/*
 * Unpin and free the exports of gone.  No lock held: the notifier's
 * removal waits for a callback under way (which takes the lock), the
 * unpin may take a page lock.
 */
static void via_release(struct list_head *gone)
{
	struct via_export *ex, *t;

	list_for_each_entry_safe(ex, t, gone, link) {
		mmu_interval_notifier_remove(&ex->mn);
		unpin_user_pages_dirty_lock(ex->pages, ex->npages,
					    ex->node == VIA_NODE_EXP);
		atomic_long_sub(ex->npages, &via_pins);
		list_del(&ex->link);
		via_put(ex);
	}
}

/* Which via_inval_ev counts an event (the four that act). */
static int via_ev_index(enum mmu_notifier_event ev)
{
	switch (ev) {
	case MMU_NOTIFY_UNMAP:
		return 0;
	case MMU_NOTIFY_CLEAR:
		return 1;
	case MMU_NOTIFY_PROTECTION_VMA:
		return 2;
	default:
		return 3;
	}
}

/*
 * The process's memory under an export may change.  Unmapped (munmap,
 * mremap away, exit) or its address space going (release): the export
 * leaves the tables with every import window onto it before this
 * returns, so no later descriptor reaches its frames (the table's
 * ENOENT, one completion); its pins go at the next VIA call or close.
 * A page-table clear (MADV_DONTNEED, a truncation, a COW break -- and
 * also a huge-PMD split at a VMA split within the same 2 MB, THP or not,
 * and a migration attempt that a pin makes fail) or a protection change
 * (mprotect): its entries leave the table before this returns (held),
 * and the next VIA call decides from the page tables (via_recheck).
 * Other events (fork's write protection of the parent, soft-dirty) leave
 * a pinned page where it is, mapped as it was.  Runs under mmap_lock,
 * maybe under a page lock: mmap_lock -> ud_kmod_via_lock, never the
 * other way round.
 */
static bool via_invalidate(struct mmu_interval_notifier *mn,
			   const struct mmu_notifier_range *range,
			   unsigned long cur_seq)
{
	struct via_export *ex = container_of(mn, struct via_export, mn);
	int ev = via_ev_index(range->event);

	if (range->event != MMU_NOTIFY_UNMAP &&
	    range->event != MMU_NOTIFY_CLEAR &&
	    range->event != MMU_NOTIFY_PROTECTION_VMA &&
	    range->event != MMU_NOTIFY_RELEASE)
		return true;
	if (mmu_notifier_range_blockable(range))
		mutex_lock(&ud_kmod_via_lock);
	else if (!mutex_trylock(&ud_kmod_via_lock))
		return false;
	mmu_interval_set_seq(mn, cur_seq);
	if (range->event == MMU_NOTIFY_UNMAP ||
	    range->event == MMU_NOTIFY_RELEASE)
		via_export_invalidated(ex, ev);
	else
		via_export_hold(ex, ev);
	mutex_unlock(&ud_kmod_via_lock);
	return true;
}

static const struct mmu_interval_notifier_ops via_mn_ops = {
	.invalidate = via_invalidate,
};

/*
 * Does every page of ex still map its pinned frame, in a VMA giving the
 * right the node's table is used for (ud_kmod_page_at)?  mmap_lock held
 * for read, not the VIA lock.
 */
static bool via_same_pages(struct mm_struct *mm, struct via_export *ex)
{
	unsigned long need = ex->node == VIA_NODE_EXP ? VM_WRITE : VM_READ;
	unsigned long a = ex->addr;
	u32 i;

	for (i = 0; i < ex->npages; i++, a += PAGE_SIZE)
		if (ud_kmod_page_at(mm, a, need) != ex->pages[i])
			return false;
	return true;
}

/*
 * Decide one held export: its entries back if its pages are in place,
 * withdrawn (counted by the event that held it) if not; left held if
 * another invalidation came while we looked.  No lock held; ex has a
 * reference of ours.
 */
static void via_recheck_one(struct via_export *ex)
{
	struct mm_struct *mm = ex->mn.mm;
	unsigned long seq;
	bool same;

	/* A held export's notifier is in: its mm is grabbed. */
	mutex_lock(&ud_kmod_via_lock);
	same = ex->held && mmget_not_zero(mm);
	mutex_unlock(&ud_kmod_via_lock);
	if (!same)
		return;
	seq = mmu_interval_read_begin(&ex->mn);
	mmap_read_lock(mm);
	same = via_same_pages(mm, ex);
	mmap_read_unlock(mm);
	mmput(mm);
	mutex_lock(&ud_kmod_via_lock);
	if (ex->held && !mmu_interval_read_retry(&ex->mn, seq)) {
		if (same)
			via_export_restore(ex);
		else
			via_export_invalidated(ex, ex->held_ev);
	}
	mutex_unlock(&ud_kmod_via_lock);
}

#define VIA_RECHECK_BATCH	8

/*
 * Decide the held exports (any file's: an importer's descriptor needs
 * them), a few passes at most.  No lock held: this takes the exporters'
 * mmap_lock, then the VIA lock.
 */
static void via_recheck(void)
{
	struct via_export *batch[VIA_RECHECK_BATCH], *ex;
	u32 pass, n, i;

	for (pass = 0; pass < 4; pass++) {
		n = 0;
		mutex_lock(&ud_kmod_via_lock);
		list_for_each_entry(ex, &via_exports, link) {
			if (n == VIA_RECHECK_BATCH || n == via_nheld)
				break;
			if (ex->held) {
				refcount_inc(&ex->ref);
				batch[n++] = ex;
			}
		}
		mutex_unlock(&ud_kmod_via_lock);
		if (!n)
			return;
		for (i = 0; i < n; i++) {
			via_recheck_one(batch[i]);
			via_put(batch[i]);
		}
	}
}

/*
 * A VI goes: its exports (with every import of them) and its imports
 * leave the tables before its tag may be given again.  Lock held.
 */
static void via_vi_drop(u32 vi, struct list_head *gone)
{
	struct via_export *ex, *et;
	struct via_import *im, *it;

	list_for_each_entry_safe(im, it, &via_imports, link) {
		if (im->vi == vi)
			via_import_drop(im);
	}
	list_for_each_entry_safe(ex, et, &via_exports, link) {
		if (ex->vi == vi)
			via_export_drop(ex, gone);
	}
	via_vis.live[vi] = 0;
	via_vis.tag[vi] = 0;
	via_owner[vi] = NULL;
}

/* A tag no live VI carries (1 .. 65535).  Lock held. */
static u16 via_new_tag(void)
{
	u32 vi, tries;
	u16 t;

	for (tries = 0; tries <= U16_MAX; tries++) {
		t = via_next_tag++;
		if (!t)
			continue;
		for (vi = 0; vi < UD_VIA_NVI; vi++) {
			if (via_vis.live[vi] && via_vis.tag[vi] == t)
				break;
		}
		if (vi == UD_VIA_NVI)
			return t;
	}
	return 0;	/* cannot be: 64 VIs, 65535 tags */
}

static int via_create(struct ud_kmod_viafile *vf, struct uldma_via *v)
{
	u32 vi = 0;

	while (vi < UD_VIA_NVI && via_vis.live[vi])
		vi++;
	if (vi == UD_VIA_NVI)
		return -ENOSPC;
	via_vis.tag[vi] = via_new_tag();
	via_vis.live[vi] = 1;
	via_owner[vi] = vf;
	vf->vis |= BIT_ULL(vi);
	v->vi = vi;
	v->tag = via_vis.tag[vi];
	return 0;
}

static int via_destroy(struct ud_kmod_viafile *vf, struct uldma_via *v,
		       struct list_head *gone)
{
	if (!via_owns(vf, v->vi))
		return -ENOENT;
	via_vi_drop(v->vi, gone);
	vf->vis &= ~BIT_ULL(v->vi);
	return 0;
}

/*
 * Pin [addr, addr + n pages) with the rights the process has on it now:
 * every VMA of the range must allow what the node's table is used for
 * (node 1, written by importers: write; node 0, read by descriptors:
 * read), and the pin asks for write when the page is to be written or
 * the VMA is writable (so the pinned page is the one the process sees).
 */
static int via_pin(u64 addr, u32 n, u32 node, struct page **pages)
{
	struct mm_struct *mm = current->mm;
	unsigned long need = node == VIA_NODE_EXP ? VM_WRITE : VM_READ;
	unsigned long a = (unsigned long)addr;
	unsigned long end = a + (unsigned long)n * PAGE_SIZE;
	unsigned int foll = FOLL_LONGTERM;
	struct vm_area_struct *vma;
	long got;
	int err = 0;

	if (node == VIA_NODE_EXP)
		foll |= FOLL_WRITE;
	mmap_read_lock(mm);
	while (a < end) {
		vma = vma_lookup(mm, a);
		if (!vma) {
			err = -EFAULT;
			break;
		}
		if ((vma->vm_flags & need) != need) {
			err = -EACCES;
			break;
		}
		if (vma->vm_flags & VM_WRITE)
			foll |= FOLL_WRITE;
		a = vma->vm_end;
	}
	if (!err) {
		got = pin_user_pages((unsigned long)addr, n, foll, pages, NULL);
		if (got >= 0 && got != n) {
			unpin_user_pages(pages, got);
			got = -EFAULT;
		}
		if (got < 0)
			err = (int)got;
	}
	mmap_read_unlock(mm);
	return err;
}

static int via_export(struct ud_kmod_viafile *vf, struct uldma_via *v)
{
	struct via_export *ex;
	struct page **pages;
	unsigned long start, seq;
	u32 n, i, rsv;
	int err, tries;

	if (v->node > VIA_NODE_EXP || (v->addr & ~PAGE_MASK) ||
	    (v->len & ~PAGE_MASK) || !v->len)
		return -EINVAL;
	if (v->len > (u64)ULDMA_VIA_EXPORT_PAGES * PAGE_SIZE)
		return -ERANGE;
	n = (u32)(v->len >> PAGE_SHIFT);
	if (v->addr > TASK_SIZE_MAX || v->len > TASK_SIZE_MAX - v->addr)
		return -EFAULT;
	mutex_lock(&ud_kmod_via_lock);
	err = via_owns(vf, v->vi) ? 0 : -ENOENT;
	if (!err && vf->pages + n > ULDMA_VIA_FILE_PAGES)
		err = -ENOSPC;
	mutex_unlock(&ud_kmod_via_lock);
	if (err)
		return err;
	pages = kvcalloc(n, sizeof(*pages), GFP_KERNEL);
	ex = kzalloc(sizeof(*ex), GFP_KERNEL);
	if (!pages || !ex) {
		kvfree(pages);
		kfree(ex);
		return -ENOMEM;
	}
	err = mmu_interval_notifier_insert(&ex->mn, current->mm,
					   (unsigned long)v->addr,
					   (unsigned long)v->len, &via_mn_ops);
	if (err) {
		kvfree(pages);
		kfree(ex);
		return err;
	}
	/*
	 * The pages must not change between the pin and their entries: an
	 * invalidation in between (the pin's own write fault on a page
	 * shared copy-on-write after fork sends one) pins them again.
	 */
	for (tries = 0; ; tries++) {
		seq = mmu_interval_read_begin(&ex->mn);
		err = via_pin(v->addr, n, v->node, pages);
		if (err)
			goto out_remove;
		mutex_lock(&ud_kmod_via_lock);
		if (!mmu_interval_read_retry(&ex->mn, seq))
			break;
		mutex_unlock(&ud_kmod_via_lock);
		unpin_user_pages(pages, n);
		if (tries == 3) {
			err = -EAGAIN;
			goto out_remove;
		}
	}
	rsv = round_up(n, VIA_GROUP);
	/* The VI may have gone, or the file filled up, while we pinned. */
	if (!via_owns(vf, v->vi)) {
		err = -ENOENT;
		goto out_unlock;
	}
	if (vf->pages + n > ULDMA_VIA_FILE_PAGES) {
		err = -ENOSPC;
		goto out_unlock;
	}
	start = bitmap_find_next_zero_area(via_up_used[v->node],
					   UD_TPT_UP_ENTRIES, 0, rsv,
					   VIA_GROUP - 1);
	if (start >= UD_TPT_UP_ENTRIES) {
		err = -ENOSPC;
		goto out_unlock;
	}
	for (i = 0; i < n; i++) {
		ud_status st = ud_tpt_export(via_tpt[v->node], (u32)start + i,
					     page_to_pfn(pages[i]),
					     via_vis.tag[v->vi]);

		if (st != UD_OK) {
			/* A reserved entry is never valid: home bug. */
			WARN_ON(1);
			while (i--)
				WARN_ON(ud_tpt_unexport(via_tpt[v->node],
							(u32)start + i));
			err = -EIO;
			goto out_unlock;
		}
	}
	bitmap_set(via_up_used[v->node], start, rsv);
	ex->owner = vf;
	ex->addr = (unsigned long)v->addr;
	refcount_set(&ex->ref, 1);
	ex->vi = v->vi;
	ex->node = v->node;
	ex->idx = (u32)start;
	ex->npages = n;
	ex->pages = pages;
	do {
		struct via_export *o;

		ex->handle = get_random_u64();
		list_for_each_entry(o, &via_exports, link) {
			if (o->handle == ex->handle)
				ex->handle = 0;
		}
	} while (!ex->handle);
	ex->live = true;
	list_add_tail(&ex->link, &via_exports);
	vf->pages += n;
	atomic_long_add(n, &via_pins);
	v->handle = ex->handle;
	v->la = (u64)start * UD_TPT_UP_PAGE;
	mutex_unlock(&ud_kmod_via_lock);
	return 0;

out_unlock:
	mutex_unlock(&ud_kmod_via_lock);
	unpin_user_pages(pages, n);
out_remove:
	mmu_interval_notifier_remove(&ex->mn);
	kvfree(pages);
	kfree(ex);
	return err;
}

/*
 * The export named by handle, live or held (a withdrawn one has no
 * name).  Lock held.
 */
static struct via_export *via_find(u64 handle)
{
	struct via_export *ex;

	list_for_each_entry(ex, &via_exports, link) {
		if (handle && (ex->live || ex->held) && ex->handle == handle)
			return ex;
	}
	return NULL;
}

static int via_unexport(struct ud_kmod_viafile *vf, struct uldma_via *v,
			struct list_head *gone)
{
	struct via_export *ex = via_find(v->handle);

	if (!ex || ex->owner != vf)
		return -ENOENT;
	via_export_drop(ex, gone);
	return 0;
}

/*
 * An import window on node 0 for the export named by handle (of node 1,
 * any file's: the handle is what its exporter gave out), entered with the
 * tag of the caller's VI: one downstream entry per 16 kB of the export.
 * im: allocated by the caller before taking the lock (no allocation under
 * it: the notifier takes it in reclaim); taken (*imp = NULL) on success.
 */
static int via_import(struct ud_kmod_viafile *vf, struct uldma_via *v,
		      struct via_import **imp)
{
	struct via_export *ex = via_find(v->handle);
	struct via_import *im = *imp;
	unsigned long start;
	u32 n, i;

	if (!via_owns(vf, v->vi))
		return -ENOENT;
	if (!ex)
		return -ENOKEY;
	if (ex->node != VIA_NODE_EXP)
		return -EINVAL;
	n = round_up(ex->npages, VIA_GROUP) / VIA_GROUP;
	start = bitmap_find_next_zero_area(via_down_used,
					   UD_TPT_DOWN_ENTRIES, 0, n, 0);
	if (start >= UD_TPT_DOWN_ENTRIES)
		return -ENOSPC;
	for (i = 0; i < n; i++) {
		u64 roff = ((u64)ex->idx + (u64)i * VIA_GROUP) * UD_TPT_UP_PAGE;

		if (ud_tpt_import(via_tpt[VIA_NODE_ACT], (u32)start + i,
				  VIA_NODE_EXP, roff, via_vis.tag[v->vi]) !=
		    UD_OK) {
			WARN_ON(1);
			while (i--)
				WARN_ON(ud_tpt_unimport(via_tpt[VIA_NODE_ACT],
							(u32)start + i));
			return -EIO;
		}
	}
	bitmap_set(via_down_used, start, n);
	im->ex = ex;
	im->vi = v->vi;
	im->idx = (u32)start;
	im->n = n;
	list_add_tail(&im->link, &via_imports);
	*imp = NULL;
	v->ra = (u64)start * UD_TPT_DOWN_PAGE;
	return 0;
}

/*
 * One doorbell write: the descriptor (la, ra, plen) on the caller's VI,
 * run by the engine's VIA entry now; its one completion comes back in the
 * reply.  Lock held.
 */
static int via_post(struct ud_kmod_viafile *vf, struct uldma_via *v)
{
	struct ud_via_desc d = { .la = v->la, .ra = v->ra, .len = v->plen };
	struct ud_kmod_cqe c = { 0 };
	unsigned int got;
	ud_status st;

	if (!via_owns(vf, v->vi))
		return -ENOENT;
	atomic_long_inc(&via_posts);
	ud_kmod_complete_capture(&c);
	st = ud_eng_via_write(&via_vis, v->vi, via_tpt[VIA_NODE_ACT],
			      via_tpt[VIA_NODE_EXP], &d, via_buf);
	got = ud_kmod_complete_capture(NULL);
	/* The engine's contract: exactly one completion, on this VI. */
	if (WARN_ON(got != 1 || c.qp != v->vi || c.status != st))
		return -EIO;
	v->core_status = c.status;
	v->status = c.status ? ud_kmod_wc_status(c.status, 0) : 0;
	v->moved = c.len;
	atomic_long_add(c.len, &via_bytes);
	atomic_long_inc(c.status ? &via_failed : &via_done);
	return 0;
}

int ud_kmod_via_op(struct ud_kmod_viafile **vfp, struct uldma_via *v)
{
	struct ud_kmod_viafile *vf, *fresh = NULL;
	struct via_import *im = NULL;
	LIST_HEAD(gone);
	int err, tries;

	/* Nothing in a request names a tag: the VI's is the kernel's. */
	if (v->flags || v->reserved || v->tag || v->op > ULDMA_VIA_POST)
		return -EINVAL;
	if (v->op == ULDMA_VIA_CREATE && v->vi)
		return -EINVAL;
	/*
	 * The file's VI set: made at its first CREATE, freed at release.
	 * The held exports are decided, and the pins of the exports
	 * withdrawn by their notifiers go now.
	 */
	via_recheck();
	mutex_lock(&ud_kmod_via_lock);
	vf = *vfp;
	via_reap(&gone);
	mutex_unlock(&ud_kmod_via_lock);
	via_release(&gone);
	if (!vf && v->op != ULDMA_VIA_CREATE)
		return -ENOENT;
	if (v->op == ULDMA_VIA_EXPORT)
		return via_export(vf, v);
	if (!vf) {
		fresh = kzalloc(sizeof(*fresh), GFP_KERNEL);
		if (!fresh)
			return -ENOMEM;
	}
	if (v->op == ULDMA_VIA_IMPORT) {
		im = kzalloc(sizeof(*im), GFP_KERNEL);
		if (!im) {
			kfree(fresh);
			return -ENOMEM;
		}
	}
	/*
	 * An export held since the recheck above (another task's clear or
	 * mprotect) is decided before the op sees the tables; after a few
	 * tries it stays held, its entries out (a descriptor onto it:
	 * ENOENT).
	 */
	for (tries = 0; ; tries++) {
		mutex_lock(&ud_kmod_via_lock);
		if (!via_nheld || tries == 3)
			break;
		mutex_unlock(&ud_kmod_via_lock);
		via_recheck();
	}
	if (!*vfp) {
		*vfp = fresh;
		fresh = NULL;
	}
	vf = *vfp;
	switch (v->op) {
	case ULDMA_VIA_CREATE:
		err = via_create(vf, v);
		break;
	case ULDMA_VIA_DESTROY:
		err = via_destroy(vf, v, &gone);
		break;
	case ULDMA_VIA_UNEXPORT:
		err = via_unexport(vf, v, &gone);
		break;
	case ULDMA_VIA_IMPORT:
		err = via_import(vf, v, &im);
		break;
	default:
		err = via_post(vf, v);
		break;
	}
	mutex_unlock(&ud_kmod_via_lock);
	via_release(&gone);
	kfree(im);
	kfree(fresh);
	return err;
}

/* The file goes: its VIs, with their exports, imports and pins. */
void ud_kmod_via_file_gone(struct ud_kmod_viafile **vfp)
{
	struct ud_kmod_viafile *vf;
	LIST_HEAD(gone);
	u32 vi;

	mutex_lock(&ud_kmod_via_lock);
	vf = *vfp;
	*vfp = NULL;
	if (vf) {
		for (vi = 0; vi < UD_VIA_NVI; vi++) {
			if (via_owns(vf, vi))
				via_vi_drop(vi, &gone);
		}
		WARN_ON(vf->pages);
	}
	mutex_unlock(&ud_kmod_via_lock);
	/* Each notifier removed before its export goes. */
	via_release(&gone);
	kfree(vf);
}
