// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_mrn.c -- invalidation of registered memory: one
 * mmu_interval_notifier per region of /dev/uldma (docs/homes.md,
 * "Invalidation").
 *
 * A region's pages are pinned from registration on (kmod/plat_linux_mr.c),
 * so the frames never go away under the engine; but after munmap, mprotect
 * or exit the process no longer has them at those addresses, and a DMA
 * into them would write memory the process cannot see (or may no longer
 * write).  So every region gets an interval notifier on its range in the
 * registering process's mm:
 *
 *   REG_MR, before the core   ud_kmod_mrn_new: insert the notifier, read
 *                             its sequence (outside the device mutex: the
 *                             insertion may take mmap_lock)
 *   REG_MR, after the core    ud_kmod_mrn_commit (device mutex): if an
 *                             invalidation ran in between, the region is
 *                             taken back (EAGAIN); else the notifier is live
 *   invalidate (munmap,       ud_kmod_mrn_invalidate: takes the run lock --
 *   mprotect, exit, ...)      so the request the engine is running, the
 *                             only thing that touches the pages, has
 *                             finished -- marks the region invalid and
 *                             wakes the engine; returns with the lock
 *                             dropped: no packet touches the old pages
 *                             after this returns
 *   engine (device mutex)     ud_kmod_mrn_run_begin: before each request,
 *                             under the run lock, no region is invalid and
 *                             not yet reaped; ud_kmod_mrn_reap deregisters
 *                             each invalid region through the core
 *                             (ud_dereg_mr, whose path unpins the pages),
 *                             so a request naming its keys completes with
 *                             the core's ENOKEY
 *   DEREG_MR, release()       ud_kmod_mrn_detach*, then, outside the device
 *                             mutex, ud_kmod_mrn_release removes and frees
 *
 * Lock order: mmap_lock -> run lock (the callback); device mutex -> run
 * lock (the engine); device mutex -> mmap_lock (REG_MR's pin).  The
 * callback never takes the device mutex (REG_MR holds it while pinning,
 * which may take mmap_lock), and a notifier is never inserted or removed
 * under the device mutex or the run lock (removal waits for a running
 * invalidation, whose callback may wait for the run lock).
 *
 * Only the events that change what the process's addresses map to, or
 * may do with them, invalidate: MMU_NOTIFY_UNMAP (munmap, exit, mremap),
 * MMU_NOTIFY_CLEAR (MADV_DONTNEED and other zaps) and
 * MMU_NOTIFY_PROTECTION_VMA (mprotect).  The others leave a pinned page
 * where it is (fork's write protection copies pinned pages for the child,
 * KSM and migration skip them, soft-dirty and exclusive clear nothing).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmu_notifier.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "mr.h"
#include "mw.h"
#include "pd.h"
#include "uldma_kmod.h"

enum ud_kmod_mrn_state {
	UD_MRN_NEW,		/* inserted, region not yet committed      */
	UD_MRN_LIVE,		/* the region's pages are the process's    */
	UD_MRN_INVALID,		/* invalidated, region not yet reaped      */
	UD_MRN_DEAD,		/* region gone (reaped or deregistered)    */
};

struct ud_kmod_mrn {
	struct mmu_interval_notifier mn;
	struct list_head node;		/* ud_mrns, device mutex            */
	const void *owner;		/* the open file                    */
	u32 idx;			/* the core's region slot           */
	u32 lkey;			/* its L_Key when registered        */
	enum ud_kmod_mrn_state state;	/* ud_mrn_lock                      */
};

static LIST_HEAD(ud_mrns);			/* device mutex */
static DEFINE_SPINLOCK(ud_mrn_lock);
static DEFINE_MUTEX(ud_run_lock);
static bool ud_mrn_invalid;			/* ud_mrn_lock  */

static bool ud_kmod_mrn_event_kills(enum mmu_notifier_event ev)
{
	return ev == MMU_NOTIFY_UNMAP || ev == MMU_NOTIFY_CLEAR ||
	       ev == MMU_NOTIFY_PROTECTION_VMA;
}

static bool ud_kmod_mrn_invalidate(struct mmu_interval_notifier *mni,
				   const struct mmu_notifier_range *range,
				   unsigned long cur_seq)
{
	struct ud_kmod_mrn *m = container_of(mni, struct ud_kmod_mrn, mn);
	bool woke = false;

	if (!ud_kmod_mrn_event_kills(range->event))
		return true;
	/* The request running now finishes before this returns. */
	if (mmu_notifier_range_blockable(range))
		mutex_lock(&ud_run_lock);
	else if (!mutex_trylock(&ud_run_lock))
		return false;
	spin_lock(&ud_mrn_lock);
	mmu_interval_set_seq(mni, cur_seq);
	if (m->state == UD_MRN_LIVE) {
		m->state = UD_MRN_INVALID;
		ud_mrn_invalid = true;
		woke = true;
	}
	spin_unlock(&ud_mrn_lock);
	mutex_unlock(&ud_run_lock);
	if (woke) {
		pr_debug("region %u invalidated (event %d)\n", m->idx,
			 range->event);
		atomic_long_inc(&ud_kmod_stats.mr_invalidated);
		ud_kmod_engine_kick();
	}
	return true;
}

static const struct mmu_interval_notifier_ops ud_kmod_mrn_ops = {
	.invalidate = ud_kmod_mrn_invalidate,
};

struct ud_kmod_mrn *ud_kmod_mrn_new(u64 addr, u64 len, const void *owner,
				    unsigned long *seq)
{
	unsigned long start = (unsigned long)(addr & PAGE_MASK);
	struct ud_kmod_mrn *m;
	int err;

	if (len == 0 || addr + len < addr || !current->mm)
		return ERR_PTR(-EINVAL);
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&m->node);
	m->owner = owner;
	m->state = UD_MRN_NEW;
	err = mmu_interval_notifier_insert(&m->mn, current->mm, start,
					   PAGE_ALIGN(addr + len) - start,
					   &ud_kmod_mrn_ops);
	if (err) {
		kfree(m);
		return ERR_PTR(err);
	}
	*seq = mmu_interval_read_begin(&m->mn);
	return m;
}

/* Outside the device mutex: a fresh sequence for a retried commit. */
unsigned long ud_kmod_mrn_seq(struct ud_kmod_mrn *m)
{
	return mmu_interval_read_begin(&m->mn);
}

void ud_kmod_mrn_discard(struct ud_kmod_mrn *m)
{
	if (!m)
		return;
	mmu_interval_notifier_remove(&m->mn);
	kfree(m);
}

int ud_kmod_mrn_commit(struct ud_kmod_mrn *m, unsigned long seq, u32 idx,
		       u32 lkey)
{
	int err = 0;

	spin_lock(&ud_mrn_lock);
	if (mmu_interval_read_retry(&m->mn, seq)) {
		err = -EAGAIN;
	} else {
		m->idx = idx;
		m->lkey = lkey;
		m->state = UD_MRN_LIVE;
	}
	spin_unlock(&ud_mrn_lock);
	if (!err)
		list_add_tail(&m->node, &ud_mrns);
	return err;
}

bool ud_kmod_mrn_pending(void)
{
	return READ_ONCE(ud_mrn_invalid);
}

/*
 * Device mutex: the region of m, invalidated, leaves the core.  A window
 * bound to it is deallocated first (the core keeps a region with a window
 * bound); its R_Key then stops validating too.
 */
static void ud_kmod_mrn_reap_one(struct ud_prot *prot, struct ud_kmod_mrn *m)
{
	struct ud_mr_attr a;
	u32 i;

	if (ud_query_mr(prot, m->idx, &a) != UD_OK || a.lkey != m->lkey)
		return;		/* already deregistered */
	for (i = 0; i < UD_PROT_NMW; i++) {
		if (prot->mw[i].live && prot->mw[i].bound &&
		    prot->mw[i].mr == m->idx)
			WARN_ON(ud_dealloc_mw(prot, i) != UD_OK);
	}
	WARN_ON(ud_dereg_mr(prot, m->idx) != UD_OK);
	atomic_long_inc(&ud_kmod_stats.mr_reaped);
}

unsigned int ud_kmod_mrn_reap(struct ud_prot *prot)
{
	struct ud_kmod_mrn *m;
	unsigned int n = 0;
	bool kill;

	if (!READ_ONCE(ud_mrn_invalid))
		return 0;
	spin_lock(&ud_mrn_lock);
	ud_mrn_invalid = false;
	spin_unlock(&ud_mrn_lock);
	list_for_each_entry(m, &ud_mrns, node) {
		spin_lock(&ud_mrn_lock);
		kill = m->state == UD_MRN_INVALID;
		if (kill)
			m->state = UD_MRN_DEAD;
		spin_unlock(&ud_mrn_lock);
		if (kill) {
			ud_kmod_mrn_reap_one(prot, m);
			n++;
		}
	}
	return n;
}

void ud_kmod_mrn_run_begin(struct ud_prot *prot)
{
	for (;;) {
		mutex_lock(&ud_run_lock);
		if (!READ_ONCE(ud_mrn_invalid))
			return;
		/* Unpin outside the run lock (an invalidation waits on it). */
		mutex_unlock(&ud_run_lock);
		ud_kmod_mrn_reap(prot);
	}
}

void ud_kmod_mrn_run_end(void)
{
	mutex_unlock(&ud_run_lock);
}

/* Device mutex: move m to gone (removed later, outside the mutex). */
static void ud_kmod_mrn_unlink(struct ud_kmod_mrn *m, struct list_head *gone)
{
	spin_lock(&ud_mrn_lock);
	m->state = UD_MRN_DEAD;
	spin_unlock(&ud_mrn_lock);
	list_move_tail(&m->node, gone);
}

void ud_kmod_mrn_detach(const void *owner, u32 idx, u32 lkey,
			struct list_head *gone)
{
	struct ud_kmod_mrn *m, *t;

	list_for_each_entry_safe(m, t, &ud_mrns, node) {
		if (m->owner == owner && m->idx == idx && m->lkey == lkey)
			ud_kmod_mrn_unlink(m, gone);
	}
}

bool ud_kmod_mrn_detach_dead(const void *owner, u32 lkey,
			     struct list_head *gone)
{
	struct ud_kmod_mrn *m, *t;
	bool found = false;

	list_for_each_entry_safe(m, t, &ud_mrns, node) {
		if (m->owner == owner && m->lkey == lkey &&
		    READ_ONCE(m->state) == UD_MRN_DEAD) {
			ud_kmod_mrn_unlink(m, gone);
			found = true;
		}
	}
	return found;
}

void ud_kmod_mrn_detach_owner(const void *owner, bool dead_only,
			      struct list_head *gone)
{
	struct ud_kmod_mrn *m, *t;
	unsigned int dead = 0;

	/*
	 * dead_only: keep the newest UD_PROT_NMR notifiers of regions gone
	 * (DEREG_MR answers 0 for them once), so they cannot pile up.
	 */
	if (dead_only) {
		list_for_each_entry(m, &ud_mrns, node)
			dead += m->owner == owner &&
				READ_ONCE(m->state) == UD_MRN_DEAD;
	}
	list_for_each_entry_safe(m, t, &ud_mrns, node) {
		if (m->owner != owner)
			continue;
		if (dead_only && (dead <= UD_PROT_NMR ||
				  READ_ONCE(m->state) != UD_MRN_DEAD))
			continue;
		ud_kmod_mrn_unlink(m, gone);
		if (dead)
			dead--;
	}
}

void ud_kmod_mrn_release(struct list_head *gone)
{
	struct ud_kmod_mrn *m, *t;

	list_for_each_entry_safe(m, t, gone, node) {
		list_del(&m->node);
		ud_kmod_mrn_discard(m);
	}
}
