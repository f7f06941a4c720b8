// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_va.c -- the VA fault path of /dev/uldma (issue 22; seed 004
 * 3.2.1-3.2.3; docs/engine.md 1.1-1.5; docs/homes.md "The VA fault
 * path").  The verified modules, composed as hw/model/board.c composes
 * them, on the real page table of the issuing process:
 *
 *   VA_WRITE (ioctl)       ud_kmod_va_submit: the QP is the channel (vc =
 *                          qp, pd = the QP's PD, bank = PD);
 *                          ud_r5_sched_submit (src/r5_sched.c) cuts the
 *                          transfer into 16 KB blocks, posts two
 *   kthread "uldma-r5"     the R5: its mailbox (ACK / PF-NACK replies,
 *                          RAPF words, aborts) into ud_r5_sched_event /
 *                          _abort, ud_r5_sched_tick at the verified next
 *                          deadline (src/r5_timer.c); and the engine:
 *                          each posted block, 256 B packet by packet,
 *                          round robin, through ud_va_tx_packet
 *                          (src/va_tx.c: both pieces walked through the
 *                          bank, then read) and, loopback (one node),
 *                          ud_va_rx_packet (va_rx: walked with WNR = 1,
 *                          stored, ACK once per whole block, or a Table
 *                          3.2 entry in the fault FIFO and a PF-NACK)
 *   the walk door          ud_plat_pt_walk: the process's page table as
 *                          it is now, faulting nothing in
 *                          (get_user_pages_remote FOLL_NOFAULT): OK with
 *                          the frame, TF (not present / not mapped), PF
 *                          (the VMA lacks the right); the page is held
 *                          until the packet's access is done
 *   the IRQ                a terminated access leaves its record in the
 *                          bank (src/smmu.c); the engine raises the IRQ at
 *                          once: read + clear the bank, a read fault whose
 *                          page the read-error report names becomes a
 *                          source fault; the fault work is queued
 *   workqueue              the tasklets: ud_fh_handle (src/fault_handler.c)
 *   "uldma-fault"          for each source fault, ud_fh_drain
 *                          (src/fault_drain.c) for the FIFO, each with the
 *                          owner's mapping snapshot from the VMAs of the
 *                          faulting 16 KB block; the page-in door is
 *                          get_user_pages_remote on the process's mm (one
 *                          page: Touch-A-Page; up to 4: Touch-Ahead, the
 *                          default, debugfs va_ahead); the RAPF door and the
 *                          failure door post to the R5's mailbox
 *   completion             ud_plat_r5_notify -> one completion on the
 *                          channel's file queue (reserved at VA_WRITE)
 *
 * The fault work queue is ordered and WQ_HIGHPRI (the tasklets of the
 * thesis run at softirq priority).
 *
 * Locks: va.lock (a mutex) around every call into the VA core and all
 * the state below; it nests inside the device mutex (submit, cancel,
 * release) and outside mmap_lock (the walk, the snapshot, the page-in)
 * and a completion queue's lock.  Nothing holding mmap_lock or a queue's
 * lock ever waits for it.  Single node: the R5, the engines and the
 * handler are this machine's, node 0.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "eng_va.h"
#include "fault_drain.h"
#include "fault_fifo.h"
#include "fault_handler.h"
#include "fault_msg.h"
#include "prot.h"
#include "r5_sched.h"
#include "r5_timer.h"
#include "smmu.h"
#include "va_rx.h"
#include "va_tx.h"
#include "uapi/uldma.h"
#include "uldma_kmod.h"
#include "uldma_va.h"

/*
 * The R5 timeout (ns: ud_plat_now's tick): the fallback when a RAPF is
 * lost; every fault here is answered by a RAPF or an abort.
 */
#define UD_VA_PERIOD_NS		(20 * NSEC_PER_MSEC)
#define UD_VA_NMBOX		1024	/* R5 mailbox messages                */
#define UD_VA_NSRCF		64	/* source faults waiting for the work */
#define UD_VA_BUDGET		64	/* packets per pass of the kthread    */
#define UD_VA_NHELD		4	/* walks of one packet (2 at most)    */

static_assert(UD_VA_REP_ACK == UD_R5_SCHED_EV_ACK);
static_assert(UD_VA_REP_PFNACK == UD_R5_SCHED_EV_PFNACK);
static_assert(UD_PROT_NPD <= UD_SMMU_NCB && UD_SMMU_NCB <= UD_R5_SCHED_NPD);
static_assert(UD_PROT_NQP <= UD_R5_SCHED_NVC);
static_assert(ULDMA_VA_ADDR_LIM == UD_VA_ADDR_LIM);
static_assert(ULDMA_VA_MAX_LEN <= UD_R5_SCHED_MAX_LEN);

enum { UD_VA_MB_REPLY = 1, UD_VA_MB_RAPF, UD_VA_MB_ABORT };

struct ud_va_mb {			/* one message to the R5's mailbox   */
	u8 type;
	u8 kind;			/* REPLY: ACK / PF-NACK              */
	u16 pd, trid, seq;
	u32 w0, w1;			/* RAPF: the two words               */
	ud_status err;			/* ABORT                             */
};

struct ud_va_chan {			/* one VA_WRITE outstanding on a QP  */
	bool live;
	u8 pd;
	u8 cancel;			/* 0; 1: complete ECANCELED; 2: drop */
	u32 len;
	u64 wr_id;
	struct ud_kmod_cq *cq;
};

struct ud_va_held {			/* a page a walk found, held         */
	struct page *pg;
	bool wnr;
};

struct ud_va_state {
	struct ud_smmu smmu;
	struct ud_r5_sched r5;
	struct ud_va_tx tx;
	struct ud_va_rx rx;
	struct ud_ff ff;
	struct ud_fh fh;
	/* The snapshot of one fault, in an allocation of its own:
	 * ud_fh_drain asks the mapping apart from the whole block of fh and
	 * ff (its `sep`: what WP's Typed+ref model assumes; docs/METHOD.md). */
	struct ud_fh_map *map;
	struct mm_struct *bank_mm[UD_SMMU_NCB];	/* mmgrab'ed: bank = PD */
	struct ud_va_chan chan[UD_PROT_NQP];
	struct ud_eng_va eng;		/* the posted blocks (src/eng_va.c)  */
	struct ud_va_mb mb[UD_VA_NMBOX];
	unsigned int mb_head, mb_n;
	struct ud_fh_fault srcf[UD_VA_NSRCF];
	unsigned int nsrcf;
	struct ud_va_held held[UD_VA_NHELD];
	unsigned int nheld;
	struct mm_struct *wmm;		/* walked: mmget + mmap_read_lock   */
	u8 pkt[UD_VA_PKT];
};

static struct {
	struct mutex lock;		/* everything in *s                  */
	struct ud_va_state *s;
	struct task_struct *task;
	wait_queue_head_t wq;
	bool kick;
	struct workqueue_struct *fwq;
	struct work_struct fwork;
	bool ahead;			/* debugfs va_ahead: Touch-Ahead     */
	bool paused;			/* debugfs va_pause (under lock)     */
} va;

/* Counters (debugfs stats, "va_" lines). */
static struct {
	atomic_long_t submits, submit_busy, walks, walk_tf, walk_pf;
	atomic_long_t pkts, pkts_stored, src_faults, dst_faults, irqs;
	atomic_long_t work_runs, handled, retried, failed, dup, pagein_err;
	atomic_long_t pageins, pages_in, pagein_refused, rapfs, aborts_sent;
	atomic_long_t completions_ok, completions_err, cancelled;
	atomic_long_t blk_dropped, mb_dropped, srcf_dropped;
	atomic64_t pagein_ns;
} vc;

static void ud_va_kick(void)
{
	WRITE_ONCE(va.kick, true);
	wake_up_interruptible(&va.wq);
}

/* ---------------------------------------------------------- the walk */

static void ud_va_release_held(struct ud_va_state *s)
{
	unsigned int i;

	for (i = 0; i < s->nheld; i++) {
		if (s->held[i].wnr)
			set_page_dirty_lock(s->held[i].pg);
		put_page(s->held[i].pg);
	}
	s->nheld = 0;
}

/*
 * The engine's pass keeps the mm it walks (a reference and mmap_read_lock)
 * from one walk to the next instead of taking both per walk; the pass
 * lets it go before it ends (and before a walk of another bank's mm).
 */
static void ud_va_walk_done(struct ud_va_state *s)
{
	if (!s->wmm)
		return;
	mmap_read_unlock(s->wmm);
	mmput(s->wmm);
	s->wmm = NULL;
}

static struct mm_struct *ud_va_walk_mm(struct ud_va_state *s, u32 cb)
{
	struct mm_struct *mm = cb < UD_SMMU_NCB ? s->bank_mm[cb] : NULL;

	if (s->wmm == mm)
		return mm;
	ud_va_walk_done(s);
	if (!mm || !mmget_not_zero(mm))
		return NULL;
	mmap_read_lock(mm);
	s->wmm = mm;
	return mm;
}

/*
 * The page table of bank cb (the PD's process) for one access, as it is
 * now: never faults a page in.  [A-PLAT-PTW]
 */
u64 ud_kmod_va_walk(u32 cb, u64 va_addr, bool wnr)
{
	struct ud_va_state *s = va.s;
	struct vm_area_struct *vma;
	struct mm_struct *mm;
	u64 word = UD_SMMU_XLATE_TF;
	struct page *pg;
	long n;

	lockdep_assert_held(&va.lock);
	atomic_long_inc(&vc.walks);
	mm = s->nheld < UD_VA_NHELD ? ud_va_walk_mm(s, cb) : NULL;
	vma = mm ? vma_lookup(mm, va_addr) : NULL;
	if (vma && !(vma->vm_flags & (wnr ? VM_WRITE : VM_READ))) {
		word = UD_SMMU_XLATE_PF;
	} else if (vma) {
		n = get_user_pages_remote(mm, va_addr & PAGE_MASK, 1,
					  FOLL_NOFAULT | (wnr ? FOLL_WRITE : 0),
					  &pg, NULL, NULL);
		if (n == 1) {
			s->held[s->nheld++] = (struct ud_va_held){ pg, wnr };
			word = (u64)page_to_pfn(pg) * UD_PAGE_SIZE +
			       UD_SMMU_XLATE_OK;
		}
	}
	if (word == UD_SMMU_XLATE_TF)
		atomic_long_inc(&vc.walk_tf);
	else if (word == UD_SMMU_XLATE_PF)
		atomic_long_inc(&vc.walk_pf);
	return word;
}

/* ------------------------------------------------------- the mailbox */

static void ud_va_mb_put(struct ud_va_state *s, struct ud_va_mb m)
{
	if (s->mb_n == UD_VA_NMBOX) {
		/* Lost, as a message may be: the R5's timeout covers it. */
		atomic_long_inc(&vc.mb_dropped);
		return;
	}
	s->mb[(s->mb_head + s->mb_n) % UD_VA_NMBOX] = m;
	s->mb_n++;
}

/* The replies of the receive engine (va_rx): to this node's R5. */
void ud_kmod_va_reply(u32 node, u16 trid, u16 seq, u8 kind)
{
	struct ud_va_state *s = va.s;

	lockdep_assert_held(&va.lock);
	ud_va_mb_put(s, (struct ud_va_mb){ .type = UD_VA_MB_REPLY,
					   .kind = kind, .trid = trid,
					   .seq = seq });
	if (kind != UD_VA_REP_PFNACK)
		return;
	/*
	 * The target refused this block: the R5 retransmits it whole (RAPF
	 * or timeout), so the rest of this copy is not sent (it would be
	 * sent for nothing, and its stragglers would reset va_rx's slot
	 * under the retransmission: progress lost, never invented).
	 */
	ud_eng_va_drop(&s->eng, trid, seq);
}

/* --------------------------------------------------- the R5's doors */

/*
 * One block to the engine (src/eng_va.c): queued, or it replaces the
 * queued block of its transaction (a newer seq).  A block va_tx cannot
 * take is refused (the R5 checked the ranges at submit), as is one more
 * than the queue holds: the R5's timeout retransmits it.
 */
void ud_kmod_va_post(u16 trid, u16 seq, u8 pd, u8 vc_, u8 kind, u32 node,
		     u64 src, u64 dst, u32 len)
{
	struct ud_va_blk b = { .trid = trid, .seq = seq, .pd = pd, .vc = vc_,
			       .kind = kind, .node = node, .src = src,
			       .dst = dst, .len = len };
	ud_status st;

	lockdep_assert_held(&va.lock);
	st = ud_eng_va_post(&va.s->eng, &b);
	WARN_ONCE(st == UD_E_INVAL,
		  "uldma: R5 posted a block va_tx cannot take\n");
	if (st != UD_OK)
		atomic_long_inc(&vc.blk_dropped);
}

void ud_kmod_va_notify(u8 pd, u8 vc_, u8 kind, ud_status status)
{
	struct ud_va_state *s = va.s;
	struct ud_va_chan *c;
	struct ud_kmod_cqe e;

	lockdep_assert_held(&va.lock);
	if (vc_ >= UD_PROT_NQP)
		return;
	c = &s->chan[vc_];
	if (WARN_ON_ONCE(!c->live || c->pd != pd))
		return;
	e = (struct ud_kmod_cqe){ .wr_id = c->wr_id, .qp = vc_,
				  .opcode = ULDMA_WR_VA_WRITE,
				  .len = status == UD_OK ? c->len : 0,
				  .status = status };
	if (c->cancel == 2) {
		/* Its file is going: no completion, the queue goes too. */
	} else if (c->cancel == 1) {
		e = (struct ud_kmod_cqe){ .wr_id = c->wr_id, .qp = vc_,
					  .opcode = ULDMA_WR_VA_WRITE,
					  .err = -ECANCELED };
		ud_kmod_cq_complete(c->cq, &e);
	} else {
		atomic_long_inc(status == UD_OK ? &vc.completions_ok :
						  &vc.completions_err);
		ud_kmod_stats_count_completion(status);
		ud_kmod_cq_complete(c->cq, &e);
	}
	*c = (struct ud_va_chan){ 0 };
}

/* ------------------------------------------------ the handler's doors */

/* Page in npages from vpn in the PD's process: the kernel's own fault. */
ud_status ud_kmod_va_page_in(u16 pdid, u32 vpn, u32 npages, bool write)
{
	struct ud_va_state *s = va.s;
	struct page *pages[UD_FH_AHEAD_MAX];
	struct mm_struct *mm;
	u64 t0 = ktime_get_ns();
	long n, i;

	lockdep_assert_held(&va.lock);
	mm = pdid < UD_SMMU_NCB ? s->bank_mm[pdid] : NULL;
	if (!npages || npages > UD_FH_AHEAD_MAX || !mm || !mmget_not_zero(mm)) {
		atomic_long_inc(&vc.pagein_refused);
		return UD_E_PLATFORM;
	}
	mmap_read_lock(mm);
	n = get_user_pages_remote(mm, (unsigned long)vpn << PAGE_SHIFT,
				  npages, write ? FOLL_WRITE : 0, pages, NULL,
				  NULL);
	mmap_read_unlock(mm);
	mmput(mm);
	for (i = 0; i < n; i++)
		put_page(pages[i]);
	atomic64_add((s64)(ktime_get_ns() - t0), &vc.pagein_ns);
	if (n != (long)npages) {
		/* Gone since the snapshot: the R5's timeout path decides. */
		atomic_long_inc(&vc.pagein_refused);
		return UD_E_PLATFORM;
	}
	atomic_long_inc(&vc.pageins);
	atomic_long_add(npages, &vc.pages_in);
	return UD_OK;
}

/* The packetizer of PD pdid: wires the PDID into word 0 (3.2.3.3). */
ud_status ud_kmod_va_rapf(u32 node, u16 pdid, u32 w0, u32 w1)
{
	lockdep_assert_held(&va.lock);
	if (node != 0)
		return UD_E_PLATFORM;
	w0 = (w0 & ~(0xFFFFu << 2)) | ((u32)pdid << 2);
	ud_va_mb_put(va.s, (struct ud_va_mb){ .type = UD_VA_MB_RAPF,
					      .w0 = w0, .w1 = w1 });
	atomic_long_inc(&vc.rapfs);
	return UD_OK;
}

void ud_kmod_va_fail(u32 node, u16 pdid, u16 trid, u16 seq, ud_status err)
{
	lockdep_assert_held(&va.lock);
	if (node != 0)
		return;
	ud_va_mb_put(va.s, (struct ud_va_mb){ .type = UD_VA_MB_ABORT,
					      .pd = pdid, .trid = trid,
					      .seq = seq, .err = err });
	atomic_long_inc(&vc.aborts_sent);
}

/* ------------------------------------------------ the IRQ and the work */

/*
 * The context-fault IRQ of bank cb (arm_smmu_context_fault; the board
 * model's ev_irq): read and clear the record; a read fault at the page
 * the engine's read-error report names is a source fault; the fault work
 * (both tasklets, 3.2.2.1) is queued.
 */
static void ud_va_irq(struct ud_va_state *s, u32 cb)
{
	struct ud_smmu_fault f;

	if (ud_smmu_read_fault(&s->smmu, cb, &f) != UD_OK || !(f.tf || f.pf))
		return;
	if (WARN_ON_ONCE(ud_smmu_clear_fault(&s->smmu, cb) != UD_OK))
		return;
	atomic_long_inc(&vc.irqs);
	if (!f.wnr && s->tx.rd[cb].valid &&
	    s->tx.rd[cb].va >> PAGE_SHIFT == f.far >> PAGE_SHIFT) {
		if (s->nsrcf < UD_VA_NSRCF)
			s->srcf[s->nsrcf++] = (struct ud_fh_fault){
				.node = 0, .trid = s->tx.rd[cb].trid,
				.seq = s->tx.rd[cb].seq, .pdid = (u16)cb,
				.proc = 0, .dir = UD_FH_DIR_SRC,
				.vpn = (u32)(f.far >> PAGE_SHIFT) };
		else
			atomic_long_inc(&vc.srcf_dropped);
	}
	if (!f.wnr)
		s->tx.rd[cb].valid = 0;
	queue_work(va.fwq, &va.fwork);
}

/*
 * The owner's mapping of the 16 KB block around page vpn of PD pdid, from
 * the process's VMAs now (rights: VM_READ, VM_WRITE).  Empty when the
 * process or its mapping is gone: the handler then fails the transfer.
 */
static void ud_va_snapshot(struct ud_va_state *s, u16 pdid, u32 vpn)
{
	unsigned long a, e, lo, hi;
	struct vm_area_struct *vma;
	struct mm_struct *mm;
	u8 rights;

	ud_fh_map_init(s->map);
	mm = pdid < UD_SMMU_NCB ? s->bank_mm[pdid] : NULL;
	if (!mm || vpn >= UD_FH_VPN_LIM || !mmget_not_zero(mm))
		return;
	lo = ((unsigned long)vpn << PAGE_SHIFT) & ~(UD_VA_BLK_MAX - 1UL);
	hi = lo + UD_VA_BLK_MAX;
	mmap_read_lock(mm);
	for (a = lo; a < hi; a = e) {
		vma = find_vma(mm, a);
		if (!vma || vma->vm_start >= hi)
			break;
		a = max(a, vma->vm_start);
		e = min(hi, vma->vm_end);
		rights = ((vma->vm_flags & VM_READ) ? UD_FH_R_READ : 0) |
			 ((vma->vm_flags & VM_WRITE) ? UD_FH_R_WRITE : 0);
		if (rights)
			ud_fh_map_add(s->map, pdid, 0, rights,
				      (u32)(a >> PAGE_SHIFT),
				      (u32)((e - a) >> PAGE_SHIFT));
	}
	mmap_read_unlock(mm);
	mmput(mm);
}

static void ud_va_count_action(const struct ud_fh_action *a)
{
	atomic_long_inc(&vc.handled);
	switch (a->outcome) {
	case UD_FH_OUT_RETRY:
		atomic_long_inc(&vc.retried);
		break;
	case UD_FH_OUT_FAILED:
		atomic_long_inc(&vc.failed);
		break;
	case UD_FH_OUT_DUP:
		atomic_long_inc(&vc.dup);
		break;
	default:
		atomic_long_inc(&vc.pagein_err);
		break;
	}
}

/* pf_send_handler and pf_rcv_tasklet (3.2.2.1, 3.2.3.2). */
static void ud_va_fault_work(struct work_struct *w)
{
	struct ud_va_state *s;
	struct ud_ff_entry fe;
	struct ud_fh_fault f;
	/* A local, not a field of *s: ud_fh_handle and ud_fh_drain ask the
	 * action record apart from the whole blocks of fh and the mapping
	 * (their `sep`, what WP's Typed+ref model assumes; docs/METHOD.md). */
	struct ud_fh_action act;
	u32 n;

	mutex_lock(&va.lock);
	s = va.s;
	atomic_long_inc(&vc.work_runs);
	if (s->fh.mode != (READ_ONCE(va.ahead) ? UD_FH_TOUCH_AHEAD :
						 UD_FH_TOUCH_A_PAGE))
		ud_fh_init(&s->fh, READ_ONCE(va.ahead));
	while (s->nsrcf) {
		f = s->srcf[--s->nsrcf];
		ud_va_snapshot(s, f.pdid, f.vpn);
		ud_fh_handle(&s->fh, s->map, &f, &act);
		ud_va_count_action(&act);
	}
	while (s->ff.count) {
		/* The head entry names the page whose mapping is needed. */
		if (ud_ff_entry_decode(s->ff.lo[s->ff.head],
				       s->ff.hi[s->ff.head], &fe) == UD_OK)
			ud_va_snapshot(s, fe.pdid, fe.vpn);
		else
			ud_fh_map_init(s->map);
		n = 0;
		if (ud_fh_drain(&s->fh, &s->ff, s->map, &act, 1, &n) !=
		    UD_OK || n == 0)
			break;
		ud_va_count_action(&act);
	}
	mutex_unlock(&va.lock);
	ud_va_kick();
}

/* ------------------------------------------------------- the kthread */

static void ud_va_mailbox(struct ud_va_state *s, u64 now)
{
	struct ud_r5_sched_ev ev;
	struct ud_rtx_msg m;
	struct ud_va_mb mb;

	while (s->mb_n) {
		mb = s->mb[s->mb_head];
		s->mb_head = (s->mb_head + 1) % UD_VA_NMBOX;
		s->mb_n--;
		switch (mb.type) {
		case UD_VA_MB_REPLY:
			ev = (struct ud_r5_sched_ev){ .kind = mb.kind,
						      .trid = mb.trid,
						      .seq = mb.seq };
			ud_r5_sched_event(&s->r5, &ev, now);
			break;
		case UD_VA_MB_RAPF:
			if (ud_rtx_decode(mb.w0, mb.w1, &m) != UD_OK)
				break;
			ev = (struct ud_r5_sched_ev){
				.kind = UD_R5_SCHED_EV_RAPF, .trid = m.trid,
				.seq = m.seq, .wired_pd = m.wired_pdid,
				.pd = m.pdid };
			ud_r5_sched_event(&s->r5, &ev, now);
			break;
		case UD_VA_MB_ABORT:
			ud_r5_sched_abort(&s->r5, mb.pd, mb.trid, mb.seq,
					  mb.err);
			break;
		}
	}
}

/* The send engine and, loopback, the receive engine: one packet of the
 * queue, round robin (src/eng_va.c: every access it makes lies in a posted
 * block's ranges, translated through that block's PD's bank). */
static bool ud_va_packet(struct ud_va_state *s)
{
	struct ud_eng_va_out o;

	o = ud_eng_va_step(&s->eng, &s->smmu, &s->tx, &s->rx, &s->ff, 0,
			   s->pkt);
	ud_va_release_held(s);
	if (!o.ran)
		return false;
	atomic_long_inc(&vc.pkts);
	if (o.tx != UD_OK) {
		/* 3.2.2: the block stopped; the R5 retransmits it. */
		atomic_long_inc(&vc.src_faults);
		ud_va_irq(s, o.pd);
		return true;
	}
	if (o.rx.st == UD_OK) {
		atomic_long_inc(&vc.pkts_stored);
	} else if (o.rx.st == UD_VA_FAULTED) {
		atomic_long_inc(&vc.dst_faults);
		ud_va_irq(s, o.pd);
	}
	return true;
}

/* One pass: the mailbox, the timer, up to UD_VA_BUDGET packets. */
static bool ud_va_pass(struct ud_va_state *s, u64 *deadline)
{
	unsigned int k;
	bool more = true;
	u64 now = ktime_get_ns();
	u64 dl;

	ud_va_mailbox(s, now);
	if (ud_r5_next_deadline(s->r5.dense, s->r5.narmed, s->r5.dl, &dl) &&
	    dl <= now)
		ud_r5_sched_tick(&s->r5, now);
	for (k = 0; k < UD_VA_BUDGET && more; k++)
		more = ud_va_packet(s);
	ud_va_walk_done(s);
	if (!ud_r5_next_deadline(s->r5.dense, s->r5.narmed, s->r5.dl, &dl))
		dl = U64_MAX;
	*deadline = dl;
	return more || s->mb_n;
}

static int ud_va_fn(void *unused)
{
	u64 deadline = U64_MAX, now;
	long to;
	bool more = false;

	while (!kthread_should_stop()) {
		now = ktime_get_ns();
		if (deadline == U64_MAX)
			to = MAX_SCHEDULE_TIMEOUT;
		else
			to = deadline > now ?
			     (long)nsecs_to_jiffies(deadline - now) + 1 : 0;
		if (!more && to)
			wait_event_interruptible_timeout(va.wq,
				kthread_should_stop() || READ_ONCE(va.kick),
				to);
		if (kthread_should_stop())
			break;
		WRITE_ONCE(va.kick, false);
		mutex_lock(&va.lock);
		/* Held (a test hook): the R5 and the engines do nothing. */
		if (va.paused) {
			more = false;
			deadline = U64_MAX;
		} else {
			more = ud_va_pass(va.s, &deadline);
		}
		mutex_unlock(&va.lock);
		cond_resched();
	}
	return 0;
}

/* ------------------------------------------------------------ the API */

int ud_kmod_va_submit(struct mm_struct *mm, u32 pd, u32 qp, u64 wr_id,
		      u64 src, u64 dst, u32 len, struct ud_kmod_cq *cq)
{
	struct ud_r5_sched_req rq = { .pd = (u8)pd, .vc = (u8)qp,
				      .kind = UD_R5_SCHED_WRITE, .node = 0,
				      .src = src, .dst = dst, .len = len };
	struct ud_va_state *s;
	ud_status st;

	if (pd >= UD_PROT_NPD || qp >= UD_PROT_NQP || !mm)
		return -EINVAL;
	mutex_lock(&va.lock);
	s = va.s;
	if (s->chan[qp].live) {
		mutex_unlock(&va.lock);
		atomic_long_inc(&vc.submit_busy);
		return -EBUSY;
	}
	if (s->bank_mm[pd] != mm) {
		if (s->bank_mm[pd])
			mmdrop(s->bank_mm[pd]);
		mmgrab(mm);
		s->bank_mm[pd] = mm;
	}
	s->chan[qp] = (struct ud_va_chan){ .live = true, .pd = (u8)pd,
					   .len = len, .wr_id = wr_id,
					   .cq = cq };
	st = ud_r5_sched_submit(&s->r5, &rq, ktime_get_ns());
	if (st != UD_OK)
		s->chan[qp] = (struct ud_va_chan){ 0 };
	mutex_unlock(&va.lock);
	if (st != UD_OK)
		return st == UD_E_BUSY ? -EBUSY : -EINVAL;
	atomic_long_inc(&vc.submits);
	ud_va_kick();
	return 0;
}

void ud_kmod_va_cancel(u32 qp, struct ud_kmod_cq *cq, bool complete)
{
	struct ud_va_state *s;
	struct ud_va_chan *c;
	unsigned int k;
	u16 t;

	if (qp >= UD_PROT_NQP)
		return;
	mutex_lock(&va.lock);
	s = va.s;
	c = &s->chan[qp];
	if (!c->live || c->cq != cq)
		goto out;
	c->cancel = complete ? 1 : 2;
	atomic_long_inc(&vc.cancelled);
	/* The R5 ends the transfer (one notification, through notify). */
	for (k = 0; k < 2 && c->live; k++) {
		t = (u16)(((u32)c->pd * UD_R5_SCHED_NVC + qp) * 2 + k);
		if (s->r5.st[t] == UD_R5_SCHED_INFLIGHT ||
		    s->r5.st[t] == UD_R5_SCHED_PAUSED)
			ud_r5_sched_abort(&s->r5, c->pd, t, s->r5.seq[t],
					  UD_E_STATE);
	}
	if (WARN_ON_ONCE(c->live))
		ud_kmod_va_notify(c->pd, (u8)qp, UD_R5_SCHED_WRITE, UD_E_STATE);
	/* No packet of it is sent any more. */
	ud_eng_va_drop_vc(&s->eng, (u8)qp);
out:
	mutex_unlock(&va.lock);
}

void ud_kmod_va_forget_mm(struct mm_struct *mm)
{
	struct ud_va_state *s;
	unsigned int i;

	mutex_lock(&va.lock);
	s = va.s;
	for (i = 0; i < UD_SMMU_NCB; i++) {
		if (mm && s->bank_mm[i] == mm) {
			mmdrop(mm);
			s->bank_mm[i] = NULL;
		}
	}
	mutex_unlock(&va.lock);
}

static ssize_t ud_va_pause_read(struct file *f, char __user *buf, size_t len,
				loff_t *ppos)
{
	char c[2] = { READ_ONCE(va.paused) ? '1' : '0', '\n' };

	return simple_read_from_buffer(buf, len, ppos, c, sizeof(c));
}

/*
 * "1": the R5 thread holds (no mailbox message, timer or packet is
 * processed); once the write returns no pass is running.  "0": it goes
 * on.  A test hook, as engine_pause is for the soft engine: it makes a
 * VA write certainly outstanding while a test unmaps, destroys or exits.
 */
static ssize_t ud_va_pause_write(struct file *f, const char __user *buf,
				 size_t len, loff_t *ppos)
{
	bool v;
	int err = kstrtobool_from_user(buf, len, &v);

	if (err)
		return err;
	mutex_lock(&va.lock);
	va.paused = v;
	mutex_unlock(&va.lock);
	ud_va_kick();
	return (ssize_t)len;
}

static const struct file_operations ud_va_pause_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= ud_va_pause_read,
	.write	= ud_va_pause_write,
	.llseek	= default_llseek,
};

void ud_kmod_va_debugfs(struct dentry *dir)
{
	debugfs_create_bool("va_ahead", 0600, dir, &va.ahead);
	debugfs_create_file("va_pause", 0600, dir, NULL, &ud_va_pause_fops);
}

void ud_kmod_va_stats_show(struct seq_file *m)
{
	struct ud_r5_sched_cnt r;

	mutex_lock(&va.lock);
	r = va.s->r5.cnt;
	mutex_unlock(&va.lock);
#define UD_VA_SHOW(name) \
	seq_printf(m, "va_" #name " %ld\n", atomic_long_read(&vc.name))
	UD_VA_SHOW(submits);
	UD_VA_SHOW(submit_busy);
	UD_VA_SHOW(completions_ok);
	UD_VA_SHOW(completions_err);
	UD_VA_SHOW(cancelled);
	UD_VA_SHOW(pkts);
	UD_VA_SHOW(pkts_stored);
	UD_VA_SHOW(walks);
	UD_VA_SHOW(walk_tf);
	UD_VA_SHOW(walk_pf);
	UD_VA_SHOW(src_faults);
	UD_VA_SHOW(dst_faults);
	UD_VA_SHOW(irqs);
	UD_VA_SHOW(work_runs);
	UD_VA_SHOW(handled);
	UD_VA_SHOW(retried);
	UD_VA_SHOW(failed);
	UD_VA_SHOW(dup);
	UD_VA_SHOW(pagein_err);
	UD_VA_SHOW(pageins);
	UD_VA_SHOW(pages_in);
	UD_VA_SHOW(pagein_refused);
	UD_VA_SHOW(rapfs);
	UD_VA_SHOW(aborts_sent);
	UD_VA_SHOW(blk_dropped);
	UD_VA_SHOW(mb_dropped);
	UD_VA_SHOW(srcf_dropped);
#undef UD_VA_SHOW
	seq_printf(m, "va_pagein_ns %lld\n",
		   (long long)atomic64_read(&vc.pagein_ns));
	seq_printf(m, "va_r5_rtx_rapf %lld\n", (long long)r.rtx_rapf);
	seq_printf(m, "va_r5_rtx_timeout %lld\n", (long long)r.rtx_timeout);
	seq_printf(m, "va_r5_pauses %lld\n", (long long)r.pauses);
	seq_printf(m, "va_r5_aborts %lld\n", (long long)r.aborts);
	seq_printf(m, "va_r5_spent %lld\n", (long long)r.spent);
	seq_printf(m, "va_ahead %d\n", READ_ONCE(va.ahead));
	seq_printf(m, "va_paused %d\n", READ_ONCE(va.paused));
}

int ud_kmod_va_start(void)
{
	struct ud_va_state *s;
	struct task_struct *t;
	u32 cb;

	BUILD_BUG_ON(PAGE_SIZE != UD_PAGE_SIZE);
	s = kvzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->map = kvzalloc(sizeof(*s->map), GFP_KERNEL);
	if (!s->map) {
		kvfree(s);
		return -ENOMEM;
	}
	mutex_init(&va.lock);
	/* Touch-Ahead by default: one fault pages in the 16 KB block (seed
	 * 004, Figures 4.2 - 4.4: 1.2 - 4.7 times faster than Touch-A-Page on
	 * 16 - 64 KB), and the path that meets fault_path_vs_bare_pagein. */
	va.ahead = true;
	init_waitqueue_head(&va.wq);
	INIT_WORK(&va.fwork, ud_va_fault_work);
	ud_smmu_init(&s->smmu);
	/* The thesis's setting: terminate, HUPCF = 1 (3.2.1). */
	for (cb = 0; cb < UD_SMMU_NCB; cb++)
		WARN_ON(ud_smmu_configure(&s->smmu, cb, false, true) != UD_OK);
	if (ud_r5_sched_init(&s->r5, UD_R5_SCHED_WIN, UD_VA_PERIOD_NS) !=
	    UD_OK) {
		kvfree(s->map);
		kvfree(s);
		return -EINVAL;
	}
	ud_va_rx_init(&s->rx);
	ud_eng_va_init(&s->eng);
	ud_ff_init(&s->ff);
	ud_fh_init(&s->fh, false);
	va.s = s;
	va.fwq = alloc_ordered_workqueue("uldma-fault", WQ_HIGHPRI);
	if (!va.fwq)
		goto err_free;
	t = kthread_run(ud_va_fn, NULL, "uldma-r5");
	if (IS_ERR(t)) {
		destroy_workqueue(va.fwq);
		goto err_free;
	}
	va.task = t;
	return 0;
err_free:
	va.s = NULL;
	kvfree(s->map);
	kvfree(s);
	return -ENOMEM;
}

/* Every file is closed: no channel is live. */
void ud_kmod_va_stop(void)
{
	unsigned int i;

	if (!va.s)
		return;
	kthread_stop(va.task);
	flush_workqueue(va.fwq);
	destroy_workqueue(va.fwq);
	for (i = 0; i < UD_SMMU_NCB; i++) {
		if (va.s->bank_mm[i])
			mmdrop(va.s->bank_mm[i]);
	}
	for (i = 0; i < UD_PROT_NQP; i++)
		WARN_ON(va.s->chan[i].live);
	kvfree(va.s->map);
	kvfree(va.s);
	va.s = NULL;
	mutex_destroy(&va.lock);
}
