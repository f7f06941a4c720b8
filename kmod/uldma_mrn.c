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
 *                             finished -- marks the region invalid (unmap;
 *                             the engine is woken to reap it) or held (a
 *                             clear, a protection change; decided at its
 *                             next use); returns with the lock dropped:
 *                             no packet touches the old pages after this
 *                             returns
 *   engine (device mutex)     ud_kmod_mrn_run_begin: before each request,
 *                             under the run lock, no region is invalid and
 *                             not yet reaped, and none is held;
 *                             ud_kmod_mrn_reap first decides each held
 *                             region from the process's page tables
 *                             (ud_kmod_mrn_decide: live again if every
 *                             page still maps its pinned frame with the
 *                             rights the region needs, else invalid), then
 *                             deregisters each invalid region through the
 *                             core (ud_dereg_mr, whose path unpins the
 *                             pages), so a request naming its keys
 *                             completes with the core's ENOKEY
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
 * Only the events that may change what the process's addresses map to,
 * or what it may do with them, act: MMU_NOTIFY_UNMAP (munmap, exit,
 * mremap) invalidates at once -- nothing is mapped there any more.
 * MMU_NOTIFY_CLEAR (MADV_DONTNEED and other zaps, a COW break -- but also
 * a VMA split anywhere in the same 2 MB block, which "splits" a huge PMD
 * over the whole block whether or not one is there, and a migration
 * attempt the pin makes fail) and MMU_NOTIFY_PROTECTION_VMA (mprotect,
 * whatever the new protection) hold the region: no request runs while it
 * is held, and the next reap looks at the page tables once the change is
 * done (the callback runs before it).  The others leave a pinned page
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
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "mr.h"
#include "mw.h"
#include "pd.h"
#include "uldma_kmod.h"

enum ud_kmod_mrn_state {
	UD_MRN_NEW,		/* inserted, region not yet committed      */
	UD_MRN_LIVE,		/* the region's pages are the process's    */
	UD_MRN_HELD,		/* a clear / mprotect came: look first     */
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
static unsigned int ud_mrn_nheld;		/* ud_mrn_lock  */

/* Nothing is mapped there any more: the region goes at once. */
static bool ud_kmod_mrn_event_kills(enum mmu_notifier_event ev)
{
	return ev == MMU_NOTIFY_UNMAP;
}

/* The mapping may have changed, or not: held until a look decides. */
static bool ud_kmod_mrn_event_holds(enum mmu_notifier_event ev)
{
	return ev == MMU_NOTIFY_CLEAR || ev == MMU_NOTIFY_PROTECTION_VMA;
}

static bool ud_kmod_mrn_invalidate(struct mmu_interval_notifier *mni,
				   const struct mmu_notifier_range *range,
				   unsigned long cur_seq)
{
	struct ud_kmod_mrn *m = container_of(mni, struct ud_kmod_mrn, mn);
	bool kill = ud_kmod_mrn_event_kills(range->event);
	bool woke = false, held = false;

	if (!kill && !ud_kmod_mrn_event_holds(range->event))
		return true;
	/* The request running now finishes before this returns. */
	if (mmu_notifier_range_blockable(range))
		mutex_lock(&ud_run_lock);
	else if (!mutex_trylock(&ud_run_lock))
		return false;
	spin_lock(&ud_mrn_lock);
	mmu_interval_set_seq(mni, cur_seq);
	if (kill && (m->state == UD_MRN_LIVE || m->state == UD_MRN_HELD)) {
		if (m->state == UD_MRN_HELD)
			ud_mrn_nheld--;
		m->state = UD_MRN_INVALID;
		ud_mrn_invalid = true;
		woke = true;
	} else if (!kill && m->state == UD_MRN_LIVE) {
		m->state = UD_MRN_HELD;
		ud_mrn_nheld++;
		held = true;
	}
	spin_unlock(&ud_mrn_lock);
	mutex_unlock(&ud_run_lock);
	if (woke) {
		pr_debug("region %u invalidated (event %d)\n", m->idx,
			 range->event);
		atomic_long_inc(&ud_kmod_stats.mr_invalidated);
	}
	if (held)
		atomic_long_inc(&ud_kmod_stats.mr_held);
	if (woke)
		ud_kmod_engine_kick();
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

/*
 * A region to reap wakes the engine (its pins come back with no ioctl);
 * a held one waits for its next use (a request, REG_MR, DEREG_MR, CHECK,
 * BIND_MW): the look is the page tables' state then.
 */
bool ud_kmod_mrn_pending(void)
{
	return READ_ONCE(ud_mrn_invalid);
}

/*
 * The page mapped at user address a of mm now, in a VMA giving every right
 * in need (VM_READ, VM_WRITE), or NULL.  Looks, never faults a page in
 * (FOLL_NOFAULT; a page under migration is waited for); the reference
 * taken is dropped at once, so the result is only to be compared with a
 * page the caller pins.  mmap_lock of mm held for read.  The one look of
 * the three notifiers' held entries (regions, shadow pages, VIA exports).
 */
struct page *ud_kmod_page_at(struct mm_struct *mm, unsigned long a,
			     unsigned long need)
{
	struct vm_area_struct *vma = vma_lookup(mm, a);
	struct page *page;

	if (!vma || (vma->vm_flags & need) != need)
		return NULL;
	if (get_user_pages_remote(mm, a, 1, FOLL_NOFAULT | FOLL_MIGRATION,
				  &page, NULL, NULL) != 1)
		return NULL;
	put_page(page);
	return page;
}

/*
 * Does every page of region r still map its pinned frame, in a VMA that
 * gives the rights the region needs (read always -- the engine reads any
 * region -- and write when it may be written)?  mmap_lock of mm held for
 * read.
 */
static bool ud_kmod_mrn_same(struct mm_struct *mm, const struct ud_mr *r)
{
	unsigned long need = VM_READ;
	unsigned long a = (unsigned long)(r->iova & PAGE_MASK);
	struct page *page;
	u32 i;

	if (r->access & (UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE |
			 UD_ACC_REMOTE_ATOMIC))
		need |= VM_WRITE;
	for (i = 0; i < r->npages; i++, a += PAGE_SIZE) {
		page = ud_kmod_page_at(mm, a, need);
		if (!page || page_to_pfn(page) != r->pfn[i])
			return false;
	}
	return true;
}

/*
 * Decide one held region m (device mutex): live again if its pages are
 * in place, invalid if not.  The look is bracketed by the notifier's
 * sequence; an invalidation in between leaves it held: false.  The
 * sequence read waits for the invalidation that held it to end, so the
 * look sees the page tables after the change.
 */
static bool ud_kmod_mrn_decide_one(struct ud_prot *prot, struct ud_kmod_mrn *m)
{
	struct mm_struct *mm = m->mn.mm;
	struct ud_mr_attr attr;
	unsigned long seq;
	bool same = false, done = true, kept = false, lost = false;

	seq = mmu_interval_read_begin(&m->mn);
	if (ud_query_mr(prot, m->idx, &attr) == UD_OK &&
	    attr.lkey == m->lkey && mmget_not_zero(mm)) {
		mmap_read_lock(mm);
		same = ud_kmod_mrn_same(mm, &prot->mr[m->idx]);
		mmap_read_unlock(mm);
		/* Not the last user's exit_mmap under the device mutex. */
		mmput_async(mm);
	}
	spin_lock(&ud_mrn_lock);
	if (m->state != UD_MRN_HELD) {
		/* unmapped meanwhile: the callback made it invalid */
	} else if (mmu_interval_read_retry(&m->mn, seq)) {
		done = false;
	} else {
		ud_mrn_nheld--;
		m->state = same ? UD_MRN_LIVE : UD_MRN_INVALID;
		if (!same)
			ud_mrn_invalid = true;
		kept = same;
		lost = !same;
	}
	spin_unlock(&ud_mrn_lock);
	if (kept)
		atomic_long_inc(&ud_kmod_stats.mr_kept);
	if (lost)
		atomic_long_inc(&ud_kmod_stats.mr_invalidated);
	return done;
}

#define UD_MRN_DECIDE_TRIES 3

/*
 * Device mutex: decide every held region.  One whose look keeps meeting
 * another invalidation is made invalid after a few tries (never unsafe:
 * only a region whose pages may be in place is lost).  A region held
 * after that (a new clear) is the next reap's: run_begin loops.
 */
static void ud_kmod_mrn_decide(struct ud_prot *prot)
{
	struct ud_kmod_mrn *m;
	unsigned int tries;
	bool held, left;

	for (tries = 0; tries <= UD_MRN_DECIDE_TRIES &&
	     READ_ONCE(ud_mrn_nheld); tries++) {
		left = false;
		list_for_each_entry(m, &ud_mrns, node) {
			spin_lock(&ud_mrn_lock);
			held = m->state == UD_MRN_HELD;
			if (held && tries == UD_MRN_DECIDE_TRIES) {
				ud_mrn_nheld--;
				m->state = UD_MRN_INVALID;
				ud_mrn_invalid = true;
				atomic_long_inc(&ud_kmod_stats.mr_invalidated);
				held = false;
			}
			spin_unlock(&ud_mrn_lock);
			if (held && !ud_kmod_mrn_decide_one(prot, m))
				left = true;
		}
		if (!left)
			break;
	}
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

	if (READ_ONCE(ud_mrn_nheld))
		ud_kmod_mrn_decide(prot);
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
		if (!READ_ONCE(ud_mrn_invalid) && !READ_ONCE(ud_mrn_nheld))
			return;
		/*
		 * Look and unpin outside the run lock (an invalidation waits
		 * on it).
		 */
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
	if (m->state == UD_MRN_HELD)
		ud_mrn_nheld--;
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
