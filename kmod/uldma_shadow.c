// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_shadow.c -- the shadow window of the kernel home (ABI 10,
 * ULDMA_IOC_SHADOW; seed 000 "shadow addressing" and its three user-level
 * DMA initiation algorithms; docs/homes.md "The shadow window").
 *
 * What a machine with a shadow-decoding NIC has, and who plays it here:
 *   - the OS's shadow mappings of each process (src/shadow_os.c, struct
 *     ud_sh_as): one per open file, filled by MAP from the process's own
 *     pages, pinned here with the rights the process has on them now;
 *   - the MMU translating a shadow access through them
 *     (ud_sh_os_translate): done by ACCESS before the engine sees it;
 *   - the NIC's recogniser of each algorithm and its mover
 *     (src/eng_shadow.c, ud_eng_sh_a1 / _a2 / _a3): ONE per algorithm for
 *     the whole device, fed by every file's accesses in the order they
 *     come, as a real NIC is fed by every process's bus accesses;
 *   - the bus: none.  One ACCESS ioctl stands in for one load or store of
 *     the window (no trap emulation); the issuer is the file, never a
 *     field of the request.
 * The mover's memory doors (kmod/plat_linux_xfer_packet.c) copy through
 * kmap_local_page of the physical page the recogniser names: a page the
 * translation reached, pinned by MAP of some file.  An interval notifier
 * on each shadowed page takes it out of its file's table
 * (ud_sh_os_pt_remove) when the process unmaps it or leaves it no right
 * the shadow has (mprotect PROT_NONE), and lowers its rights
 * (ud_sh_os_pt_downgrade) when mprotect leaves it mapped with fewer,
 * before that returns.  A page-table clear (MADV_DONTNEED, a COW break --
 * but also a VMA split anywhere in the same 2 MB block, which "splits" a
 * huge PMD over the block whether or not one is there) only holds the
 * page: no ACCESS of any file runs while a page is held, and the next
 * SHADOW call (any file's) looks at the process's page tables once the
 * change is done: the page stays, with any argument the engines hold
 * naming it, if it still maps the pinned frame with its rights, else it
 * is taken out.  The pin of a page taken out goes at the file's next
 * SHADOW call or close.  The engines' state is dropped whenever a page
 * leaves a table (UNMAP, an invalidation, close), so no recorded argument
 * can outlive the pin of its page.
 *
 * Locks: ud_kmod_sh_lock around every call of the core's shadow functions
 * and every engine; mmap_lock (the pin; the notifier runs under it) is
 * taken before it, never under it.  A notifier is inserted and removed
 * with no lock held.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmu_notifier.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/refcount.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "eng_shadow.h"
#include "shadow.h"
#include "shadow_os.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"

/* Algorithm 1's register pages: the last 8 pages below the shadow bit. */
#define UD_KMOD_SH_NCTX1	UD_SH_A1_NCTX_MAX
#define UD_KMOD_SH_A1_BASE	(UD_SH_BIT - UD_KMOD_SH_NCTX1 * 4096ull)

/* One file's shadow context. */
struct ud_kmod_shfile {
	u32 alg;			/* 1, 2, 3                          */
	u32 ctx;			/* alg 1: register context; 2: id   */
	u32 key;			/* alg 1: the context's key         */
	struct ud_sh_as as;		/* page table and shadow mappings   */
	struct list_head pages;		/* struct ud_kmod_shpg              */
};

/*
 * One shadowed page: its pin and the interval notifier on it.  live: in
 * the file's page table; a page that left it (UNMAP, or its memory was
 * unmapped, made read-only or dropped) waits, still pinned, for the next
 * SHADOW call of its file or its close to unpin it.  held (and live): a
 * page-table clear came, on sh_held until a look decides (sh_recheck).
 * ref: its file's list (or a gone list) holds one, a look under way one.
 */
struct ud_kmod_shpg {
	struct mmu_interval_notifier mn;
	struct list_head link;
	struct list_head hlink;		/* sh_held, while held              */
	struct ud_kmod_shfile *sh;
	u64 vpage;
	struct page *pg;
	u32 rights;			/* in the table: UD_SH_R_*          */
	refcount_t ref;
	bool live;
	bool held;
};

static DEFINE_MUTEX(ud_kmod_sh_lock);
static struct ud_sh_cfg sh_cfg;
static struct ud_sh_alg1 sh_a1;
static struct ud_sh_alg2 sh_a2;
static struct ud_sh_alg3 sh_a3;
static u8 *sh_buf;			/* the mover's staging page        */
static struct ud_kmod_shfile *sh_a1_owner[UD_KMOD_SH_NCTX1];
static struct ud_kmod_shfile *sh_a2_owner[UD_SH_NCTX2];
static atomic_long_t sh_pins = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_accesses = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_started = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_refused = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_invalidated = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_downgraded = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_held_n = ATOMIC_LONG_INIT(0);
static atomic_long_t sh_kept = ATOMIC_LONG_INIT(0);
static LIST_HEAD(sh_held);		/* held pages, any file's          */
static u32 sh_nheld;			/* on sh_held                      */

int ud_kmod_sh_init(void)
{
	BUILD_BUG_ON(PAGE_SIZE != UD_PAGE_SIZE);
	BUILD_BUG_ON(ULDMA_SH_VBIT != UD_SH_VBIT);
	BUILD_BUG_ON(ULDMA_SH_STORE != UD_BUS_STORE ||
		     ULDMA_SH_LOAD != UD_BUS_LOAD);
	BUILD_BUG_ON(ULDMA_SH_PAGES != UD_SH_PT_N);
	BUILD_BUG_ON(ULDMA_SH_MAX_SIZE != UD_ENG_SH_BUF);
	sh_buf = kzalloc(UD_ENG_SH_BUF, GFP_KERNEL);
	if (!sh_buf)
		return -ENOMEM;
	if (ud_sh_cfg_init(&sh_cfg, UD_KMOD_SH_NCTX1, UD_ENG_SH_BUF,
			   UD_KMOD_SH_A1_BASE) != UD_OK) {
		kfree(sh_buf);
		sh_buf = NULL;
		return -EIO;
	}
	ud_sh_alg1_init(&sh_a1);
	ud_sh_alg2_init(&sh_a2);
	ud_sh_alg3_init(&sh_a3, UD_SH_FORM_SLSLL);
	return 0;
}

void ud_kmod_sh_exit(void)
{
	kfree(sh_buf);
	sh_buf = NULL;
}

long ud_kmod_sh_pins(void)
{
	return atomic_long_read(&sh_pins);
}

void ud_kmod_sh_stats_show(struct seq_file *m)
{
	seq_printf(m, "sh_pins_held %ld\n", atomic_long_read(&sh_pins));
	seq_printf(m, "sh_accesses %ld\n", atomic_long_read(&sh_accesses));
	seq_printf(m, "sh_started %ld\n", atomic_long_read(&sh_started));
	seq_printf(m, "sh_refused %ld\n", atomic_long_read(&sh_refused));
	seq_printf(m, "sh_invalidated %ld\n",
		   atomic_long_read(&sh_invalidated));
	seq_printf(m, "sh_downgraded %ld\n", atomic_long_read(&sh_downgraded));
	seq_printf(m, "sh_held %ld\n", atomic_long_read(&sh_held_n));
	seq_printf(m, "sh_kept %ld\n", atomic_long_read(&sh_kept));
}

/*
 * A page left some file's table: forget every argument the engines hold
 * (any of them may name that page).  A sequence under way fails and is
 * issued again (the status word reads FAILURE).  ud_kmod_sh_lock held.
 */
static void sh_engines_drop(void)
{
	u32 c;

	for (c = 0; c < UD_KMOD_SH_NCTX1; c++) {
		if (sh_a1_owner[c])
			WARN_ON(ud_sh_alg1_set_key(&sh_a1, &sh_cfg, c,
						   sh_a1_owner[c]->key));
	}
	ud_sh_alg2_init(&sh_a2);
	ud_sh_alg3_init(&sh_a3, UD_SH_FORM_SLSLL);
}

/* x is decided (or leaves the table): off sh_held.  Lock held. */
static void sh_unhold(struct ud_kmod_shpg *x)
{
	if (x->held) {
		list_del_init(&x->hlink);
		x->held = false;
		sh_nheld--;
	}
}

/*
 * x's memory changed: out of its file's table, every shadow mapping of
 * it gone, and the engines forget their arguments.  Lock held.
 */
static void sh_withdraw(struct ud_kmod_shpg *x)
{
	x->live = false;
	sh_unhold(x);
	WARN_ON(ud_sh_os_pt_remove(&x->sh->as, x->vpage) != UD_OK);
	sh_engines_drop();
	atomic_long_inc(&sh_invalidated);
}

static int sh_open(struct ud_kmod_shfile **shp, struct uldma_shadow *s)
{
	struct ud_kmod_shfile *sh;
	u32 c = 0;
	int err = 0;

	if (s->alg < 1 || s->alg > 3)
		return -EINVAL;
	sh = kzalloc(sizeof(*sh), GFP_KERNEL);
	if (!sh)
		return -ENOMEM;
	mutex_lock(&ud_kmod_sh_lock);
	if (*shp) {
		err = -EBUSY;
		goto out;
	}
	if (s->alg == 1) {
		while (c < UD_KMOD_SH_NCTX1 && sh_a1_owner[c])
			c++;
		if (c == UD_KMOD_SH_NCTX1) {
			err = -ENOSPC;
			goto out;
		}
		sh->key = get_random_u32_below(UD_SH_A1_KEY_LIM - 1) + 1;
		WARN_ON(ud_sh_alg1_set_key(&sh_a1, &sh_cfg, c, sh->key));
		sh_a1_owner[c] = sh;
	} else if (s->alg == 2) {
		while (c < UD_SH_NCTX2 && sh_a2_owner[c])
			c++;
		if (c == UD_SH_NCTX2) {
			err = -ENOSPC;
			goto out;
		}
		sh_a2_owner[c] = sh;
	}
	INIT_LIST_HEAD(&sh->pages);
	sh->alg = s->alg;
	sh->ctx = c;
	/* Algorithms 1 and 3 use context 0 in the shadow address. */
	WARN_ON(ud_sh_os_init(&sh->as, sh->alg == 2 ? c : 0) != UD_OK);
	*shp = sh;
	s->ctx = c;
	s->key = sh->key;
	sh = NULL;
out:
	mutex_unlock(&ud_kmod_sh_lock);
	kfree(sh);
	return err;
}

/*
 * The rights a shadow of a page of vma may keep after mprotect: those the
 * VMA gives now (mprotect_fixup sets vm_flags before it changes the page
 * table, so the callback sees the new ones), within the page's.  No VMA
 * known: none.
 */
static u32 sh_rights_left(const struct mmu_notifier_range *range, u32 had)
{
	const struct vm_area_struct *vma = range->vma;
	u32 r = 0;

	if (!vma)
		return 0;
	if (vma->vm_flags & VM_READ)
		r |= UD_SH_R_READ;
	if (vma->vm_flags & VM_WRITE)
		r |= UD_SH_R_WRITE;
	return r & had;
}

/*
 * The process's page went (munmap, exit), may have been replaced
 * (MADV_DONTNEED, a COW break, a huge-PMD split) or its rights may have
 * changed (mprotect).  A page-table clear only holds the page: the
 * callback runs before the change, and the kernel sends one also when no
 * frame moves (a VMA split in the same 2 MB "splits" a huge PMD that is
 * not there), so the next SHADOW call decides from the page tables
 * (sh_recheck), and no ACCESS runs while a page is held.  A page gone,
 * or left with no right its shadow
 * has, leaves the file's table and every shadow mapping of it goes
 * (ud_sh_os_pt_remove); a page mprotect leaves mapped with fewer rights
 * keeps its entry with those (ud_sh_os_pt_downgrade: the shadow mapping,
 * which has more, goes) and gets its shadow mapping back with them
 * (ud_sh_os_map, at the same shadow address); either way the engines
 * forget their arguments before this returns -- so no later access
 * translates to it with a right it lost and no recorded argument names
 * it.  An mprotect that leaves every
 * right changes nothing.  The pin of a page taken out is released by the
 * next reap.  The other events (fork's write protection of the parent,
 * migration, KSM) leave a pinned page where it is.  Runs under mmap_lock:
 * mmap_lock -> ud_kmod_sh_lock, never the other way round.
 */
static bool sh_invalidate(struct mmu_interval_notifier *mn,
			  const struct mmu_notifier_range *range,
			  unsigned long cur_seq)
{
	struct ud_kmod_shpg *x = container_of(mn, struct ud_kmod_shpg, mn);
	u64 sva = 0;
	u32 left;

	if (range->event != MMU_NOTIFY_UNMAP &&
	    range->event != MMU_NOTIFY_CLEAR &&
	    range->event != MMU_NOTIFY_PROTECTION_VMA)
		return true;
	if (mmu_notifier_range_blockable(range))
		mutex_lock(&ud_kmod_sh_lock);
	else if (!mutex_trylock(&ud_kmod_sh_lock))
		return false;
	mmu_interval_set_seq(mn, cur_seq);
	if (x->live && range->event == MMU_NOTIFY_CLEAR) {
		if (!x->held) {
			x->held = true;
			list_add_tail(&x->hlink, &sh_held);
			sh_nheld++;
			atomic_long_inc(&sh_held_n);
		}
	} else if (x->live) {
		left = range->event == MMU_NOTIFY_PROTECTION_VMA ?
		       sh_rights_left(range, x->rights) : 0;
		if (left && left != x->rights) {
			WARN_ON(ud_sh_os_pt_downgrade(&x->sh->as, x->vpage,
						      left) != UD_OK);
			if (ud_sh_os_map(&x->sh->as, x->vpage << PAGE_SHIFT,
					 left, &sva) == UD_OK) {
				x->rights = left;
				sh_engines_drop();
				atomic_long_inc(&sh_downgraded);
			} else {
				WARN_ON(1);	/* its slot was just freed */
				left = 0;
			}
		}
		if (!left)
			sh_withdraw(x);
	}
	mutex_unlock(&ud_kmod_sh_lock);
	return true;
}

static const struct mmu_interval_notifier_ops sh_mn_ops = {
	.invalidate = sh_invalidate,
};

static void sh_put(struct ud_kmod_shpg *x)
{
	if (refcount_dec_and_test(&x->ref))
		kfree(x);
}

/*
 * Does x's page still map its pinned frame, in a VMA giving the rights
 * its shadow has (ud_kmod_page_at)?  mmap_lock of mm held for read, not
 * the shadow lock.
 */
static bool sh_same_page(struct mm_struct *mm, struct ud_kmod_shpg *x)
{
	unsigned long a = (unsigned long)x->vpage << PAGE_SHIFT;
	u32 rights = READ_ONCE(x->rights);
	unsigned long need = 0;

	if (rights & UD_SH_R_READ)
		need |= VM_READ;
	if (rights & UD_SH_R_WRITE)
		need |= VM_WRITE;
	return ud_kmod_page_at(mm, a, need) == x->pg;
}

/*
 * Decide one held page: kept (off sh_held, its entry and any argument
 * naming it stay) if it is in place, withdrawn if not; left held if
 * another invalidation came while we looked.  No lock held; x has a
 * reference of ours.
 */
static void sh_recheck_one(struct ud_kmod_shpg *x)
{
	struct mm_struct *mm = x->mn.mm;
	unsigned long seq;
	bool same;

	/* A live page's notifier is in: its mm is grabbed. */
	mutex_lock(&ud_kmod_sh_lock);
	same = x->held && x->live && mmget_not_zero(mm);
	mutex_unlock(&ud_kmod_sh_lock);
	if (!same)
		return;
	seq = mmu_interval_read_begin(&x->mn);
	mmap_read_lock(mm);
	same = sh_same_page(mm, x);
	mmap_read_unlock(mm);
	mmput(mm);
	mutex_lock(&ud_kmod_sh_lock);
	if (x->held && x->live && !mmu_interval_read_retry(&x->mn, seq)) {
		if (same) {
			sh_unhold(x);
			atomic_long_inc(&sh_kept);
		} else {
			sh_withdraw(x);
		}
	}
	mutex_unlock(&ud_kmod_sh_lock);
}

#define SH_RECHECK_BATCH	8

/*
 * Decide the held pages (any file's: the engines are the device's), a
 * few passes at most.  No lock held: this takes the owners' mmap_lock,
 * then the shadow lock.
 */
static void sh_recheck(void)
{
	struct ud_kmod_shpg *batch[SH_RECHECK_BATCH], *x;
	u32 pass, n, i;

	for (pass = 0; pass < 4; pass++) {
		n = 0;
		mutex_lock(&ud_kmod_sh_lock);
		list_for_each_entry(x, &sh_held, hlink) {
			if (n == SH_RECHECK_BATCH)
				break;
			refcount_inc(&x->ref);
			batch[n++] = x;
		}
		mutex_unlock(&ud_kmod_sh_lock);
		if (!n)
			return;
		for (i = 0; i < n; i++) {
			sh_recheck_one(batch[i]);
			sh_put(batch[i]);
		}
	}
}

/*
 * Before an access: a page still held (another task's clear came after
 * the recheck, or its looks kept meeting invalidations) is withdrawn --
 * never unsafe, only a page that may be in place is lost.  Lock held.
 */
static void sh_no_held(void)
{
	struct ud_kmod_shpg *x, *t;

	list_for_each_entry_safe(x, t, &sh_held, hlink)
		sh_withdraw(x);
}

/* Move sh's pages that left its table (all: every page) to gone.  Lock. */
static void sh_reap(struct ud_kmod_shfile *sh, bool all,
		    struct list_head *gone)
{
	struct ud_kmod_shpg *x, *t;

	list_for_each_entry_safe(x, t, &sh->pages, link) {
		if (x->live && !all)
			continue;
		x->live = false;
		sh_unhold(x);
		list_move(&x->link, gone);
	}
}

/* Unpin and free the pages of gone.  No lock held. */
static void sh_release(struct list_head *gone)
{
	struct ud_kmod_shpg *x, *t;

	list_for_each_entry_safe(x, t, gone, link) {
		mmu_interval_notifier_remove(&x->mn);
		unpin_user_pages_dirty_lock(&x->pg, 1, true);
		atomic_long_dec(&sh_pins);
		list_del(&x->link);
		sh_put(x);
	}
}

/*
 * Pin the page holding va with the rights the process has on it now: the
 * VMA must allow every right asked for (the process's own page table),
 * and the pin asks for write when write is asked for.
 */
static int sh_pin(u64 va, u32 rights, struct page **pg)
{
	struct mm_struct *mm = current->mm;
	unsigned long need = 0;
	struct vm_area_struct *vma;
	long got;
	int err = 0;

	if (rights & UD_SH_R_READ)
		need |= VM_READ;
	if (rights & UD_SH_R_WRITE)
		need |= VM_WRITE;
	mmap_read_lock(mm);
	vma = vma_lookup(mm, (unsigned long)va);
	if (!vma) {
		err = -EFAULT;
	} else if ((vma->vm_flags & need) != need) {
		err = -EACCES;
	} else {
		unsigned int foll = FOLL_LONGTERM;

		if (rights & UD_SH_R_WRITE)
			foll |= FOLL_WRITE;
		got = pin_user_pages((unsigned long)va & PAGE_MASK, 1, foll,
				     pg, NULL);
		if (got != 1)
			err = got < 0 ? (int)got : -EFAULT;
	}
	mmap_read_unlock(mm);
	return err;
}

static int sh_map(struct ud_kmod_shfile **shp, struct uldma_shadow *s)
{
	u64 vpage = s->addr >> PAGE_SHIFT;
	struct ud_kmod_shfile *sh;
	struct ud_kmod_shpg *x;
	struct page *pg = NULL;
	unsigned long seq;
	u64 sva = 0;
	ud_status st;
	int err, tries;

	mutex_lock(&ud_kmod_sh_lock);
	sh = *shp;
	mutex_unlock(&ud_kmod_sh_lock);
	if (!sh)
		return -EBADFD;
	if (s->addr >= UD_SH_VBIT)
		return -ERANGE;
	if (s->data < 1 || s->data > 3)
		return -EINVAL;
	x = kzalloc(sizeof(*x), GFP_KERNEL);
	if (!x)
		return -ENOMEM;
	x->sh = sh;
	x->vpage = vpage;
	INIT_LIST_HEAD(&x->hlink);
	refcount_set(&x->ref, 1);
	err = mmu_interval_notifier_insert(&x->mn, current->mm,
					   (unsigned long)vpage << PAGE_SHIFT,
					   PAGE_SIZE, &sh_mn_ops);
	if (err) {
		kfree(x);
		return err;
	}
	/*
	 * The page must not change between the pin and its entry in the
	 * table: an invalidation in between (the pin's own write fault on a
	 * page shared copy-on-write after fork sends one) pins it again.
	 */
	for (tries = 0; ; tries++) {
		seq = mmu_interval_read_begin(&x->mn);
		err = sh_pin(s->addr, s->data, &pg);
		if (err)
			goto out_remove;
		mutex_lock(&ud_kmod_sh_lock);
		if (!mmu_interval_read_retry(&x->mn, seq))
			break;
		mutex_unlock(&ud_kmod_sh_lock);
		unpin_user_page(pg);
		if (tries == 3) {
			err = -EAGAIN;
			goto out_remove;
		}
	}
	st = ud_sh_os_pt_add(&sh->as, vpage, page_to_pfn(pg), s->data);
	if (st == UD_OK) {
		st = ud_sh_os_map(&sh->as, s->addr, s->data, &sva);
		if (st != UD_OK)
			WARN_ON(ud_sh_os_pt_remove(&sh->as, vpage) != UD_OK);
	}
	if (st == UD_OK) {
		x->pg = pg;
		x->rights = s->data;
		x->live = true;
		list_add(&x->link, &sh->pages);
		s->saddr = sva;
		atomic_long_inc(&sh_pins);
	}
	mutex_unlock(&ud_kmod_sh_lock);
	if (st == UD_OK)
		return 0;
	unpin_user_page(pg);
	err = ud_kmod_wc_status(st, 0);
out_remove:
	mmu_interval_notifier_remove(&x->mn);
	kfree(x);
	return err;
}

static int sh_unmap(struct ud_kmod_shfile *sh, struct uldma_shadow *s)
{
	u64 vpage = s->addr >> PAGE_SHIFT;
	struct ud_kmod_shpg *x;

	list_for_each_entry(x, &sh->pages, link) {
		if (x->live && x->vpage == vpage) {
			x->live = false;
			sh_unhold(x);
			WARN_ON(ud_sh_os_pt_remove(&sh->as, vpage) != UD_OK);
			sh_engines_drop();
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * One access: the MMU's translation through this file's shadow mappings
 * (or, algorithm 1, its own register page), then the recogniser of the
 * file's algorithm and, when it starts a DMA, the mover.  Lock held.
 */
static int sh_access(struct ud_kmod_shfile *sh, struct uldma_shadow *s)
{
	struct ud_sh_dma out = { 0 };
	u64 pa = 0;
	ud_status st;
	s32 step;

	if (s->kind > UD_BUS_LOAD)
		return -EINVAL;
	if (sh->alg == 1 && s->addr >= ULDMA_SH_REG &&
	    s->addr - ULDMA_SH_REG < UD_PAGE_SIZE) {
		/* its own register page: no other context's is reachable */
		pa = sh_cfg.a1_reg_base + (u64)sh->ctx * UD_PAGE_SIZE +
		     (s->addr - ULDMA_SH_REG);
	} else {
		if (s->addr < UD_SH_VBIT || s->addr >= 2 * UD_SH_VBIT)
			return -ERANGE;
		st = ud_sh_os_translate(&sh->as, s->addr, s->kind, &pa);
		if (st != UD_OK)
			return ud_kmod_wc_status(st, 0);
	}
	atomic_long_inc(&sh_accesses);
	if (sh->alg == 1) {
		step = ud_eng_sh_a1(&sh_a1, &sh_cfg, s->kind, pa, s->data,
				    sh_buf, &out);
		s->value = ud_sh_alg1_status(&sh_a1, sh->ctx);
	} else if (sh->alg == 2) {
		step = ud_eng_sh_a2(&sh_a2, &sh_cfg, s->kind, pa, s->data,
				    sh_buf, &out);
		s->value = ud_sh_alg2_status(&sh_a2);
	} else {
		step = ud_eng_sh_a3(&sh_a3, &sh_cfg, s->kind, pa, s->data,
				    sh_buf, &out);
		s->value = ud_sh_alg3_status(&sh_a3);
	}
	if (s->kind == UD_BUS_STORE)
		s->value = 0;
	if (step == UD_SH_STARTED)
		atomic_long_inc(&sh_started);
	else if (step < 0)
		atomic_long_inc(&sh_refused);
	s->step = step;
	s->status = step < 0 ? ud_kmod_wc_status(step, 0) : 0;
	return 0;
}

int ud_kmod_sh_op(struct ud_kmod_shfile **shp, struct uldma_shadow *s)
{
	LIST_HEAD(gone);
	int err, tries;

	if (s->flags || s->reserved || s->ctx || s->key)
		return -EINVAL;
	/* The held pages (any file's) are decided first. */
	if (s->op != ULDMA_SH_OPEN)
		sh_recheck();
	switch (s->op) {
	case ULDMA_SH_OPEN:
		return sh_open(shp, s);
	case ULDMA_SH_MAP:
		err = sh_map(shp, s);
		break;
	case ULDMA_SH_UNMAP:
	case ULDMA_SH_ACCESS:
		/*
		 * A page held since the recheck above (another task's clear)
		 * is decided before an access; after a few tries it is
		 * withdrawn (sh_no_held).
		 */
		for (tries = 0; ; tries++) {
			mutex_lock(&ud_kmod_sh_lock);
			if (s->op != ULDMA_SH_ACCESS || !sh_nheld || tries == 3)
				break;
			mutex_unlock(&ud_kmod_sh_lock);
			sh_recheck();
		}
		if (!*shp) {
			err = -EBADFD;
		} else if (s->op == ULDMA_SH_UNMAP) {
			err = sh_unmap(*shp, s);
		} else {
			sh_no_held();
			err = sh_access(*shp, s);
		}
		mutex_unlock(&ud_kmod_sh_lock);
		break;
	default:
		return -EINVAL;
	}
	/* Unpin what left the table (UNMAP, an invalidation). */
	mutex_lock(&ud_kmod_sh_lock);
	if (*shp)
		sh_reap(*shp, false, &gone);
	mutex_unlock(&ud_kmod_sh_lock);
	sh_release(&gone);
	return err;
}

/* The file goes: its context, its table and its pins. */
void ud_kmod_sh_file_gone(struct ud_kmod_shfile **shp)
{
	struct ud_kmod_shfile *sh;
	LIST_HEAD(gone);

	mutex_lock(&ud_kmod_sh_lock);
	sh = *shp;
	*shp = NULL;
	if (!sh) {
		mutex_unlock(&ud_kmod_sh_lock);
		return;
	}
	sh_reap(sh, true, &gone);
	if (sh->alg == 1) {
		WARN_ON(ud_sh_alg1_set_key(&sh_a1, &sh_cfg, sh->ctx, 0));
		sh_a1_owner[sh->ctx] = NULL;
	} else if (sh->alg == 2) {
		sh_a2_owner[sh->ctx] = NULL;
	}
	sh_engines_drop();
	mutex_unlock(&ud_kmod_sh_lock);
	/* Each notifier removed before sh goes (a callback may be waiting). */
	sh_release(&gone);
	kfree(sh);
}
