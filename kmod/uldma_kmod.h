/* SPDX-License-Identifier: MIT */
/* kmod/uldma_kmod.h -- shared between the kernel home's own files. */
#ifndef ULDMA_KMOD_H
#define ULDMA_KMOD_H

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/wait.h>

#define UD_KMOD_REPORT_LEN 128

struct ud_kmod_selftest {
	unsigned int total;	/* checks attempted                     */
	unsigned int passed;	/* checks that held                     */
	const char *failed;	/* name of the first failed check       */
};

/*
 * Run the load-time self-check of the core (every check, even after a
 * failure); 0, -ENOMEM, or -EIO with st->failed the first failed check.
 */
int ud_kmod_selftest(struct ud_kmod_selftest *st);

/*
 * Publish the DMA engine's shadow window (ioremapped by a probe) to the
 * library's bus: addresses [va, va + len) map to io.  io == NULL: none.
 */
void uldma_shadow_window(void __iomem *io, u64 va, u64 len);

/*
 * The page pins of one REG_MR call (kmod/plat_linux_mr.c): begin before
 * the core's ud_reg_mr, end after it, both under the device mutex (one
 * stage at a time).  The core takes over the pins it accounts for; end
 * drops the rest.
 */
#define UD_KMOD_STAGE_PAGES 16		/* UD_PROT_MAXPG */
struct page;
struct ud_kmod_stage {
	unsigned int npages;			/* pins held                */
	int err;				/* pin_user_pages' error    */
	struct page *pages[UD_KMOD_STAGE_PAGES];
	bool taken[UD_KMOD_STAGE_PAGES];	/* now the core's           */
};
void ud_kmod_stage_begin(struct ud_kmod_stage *st);
void ud_kmod_stage_end(struct ud_kmod_stage *st);
struct mm_struct;
struct page;
/* The page mapped at a now with the rights in need, or NULL (uldma_mrn.c). */
struct page *ud_kmod_page_at(struct mm_struct *mm, unsigned long a,
			     unsigned long need);
/* Page pins held, staged or the core's (0 once every region is gone). */
long ud_kmod_pins_held(void);
/* Memory-door pieces refused (a frame no registration can name; 0). */
long ud_kmod_dma_refusals(void);
/*
 * Completions (kmod/plat_linux_xfer_wr.c, the completion door's home): one
 * queue per open file, reached by the QP number.  A QP is bound to its
 * file's queue when created and unbound when destroyed (both under the
 * device mutex, as is every call of the core that completes); the door,
 * ud_plat_complete(qp, ...), appends to the queue QP qp is bound to,
 * stamped with the wr_id and opcode ud_kmod_wr_begin recorded for it.
 * Every request the engine accepts reserves its completion's slot when it
 * is posted (ud_kmod_cq_reserve), so the door always finds room.
 */
#define UD_KMOD_CQ_DEPTH 128
struct ud_kmod_cqe {
	u64 wr_id;
	u32 qp;
	u32 opcode;
	u32 len;
	s32 status;			/* the core's ud_status             */
	s32 err;			/* 0, or the home's own -errno      */
};
struct ud_kmod_cq {
	struct mutex lock;		/* inside the device mutex and the
					 * engine's run lock: never held
					 * across a user access
					 */
	struct mutex poll_lock;		/* one POLL at a time (outside lock) */
	unsigned int head;		/* oldest entry                     */
	unsigned int count;
	unsigned int reserved;		/* posted, not completed (dev mutex) */
	wait_queue_head_t wq;		/* POLL with a timeout waits here   */
	struct ud_kmod_cqe e[UD_KMOD_CQ_DEPTH];
	/* Mapped (ABI 6): the ring replaces e[] from the first mmap on. */
	struct page *ring_pg;		/* struct uldma_cq_ring (user ro)   */
	struct page *db_pg;		/* struct uldma_cq_db (user rw)     */
	u32 prod;			/* the kernel's producer index      */
	u32 cons;			/* consumer index believed          */
};
void ud_kmod_cq_init(struct ud_kmod_cq *cq);
void ud_kmod_cq_destroy(struct ud_kmod_cq *cq);
/*
 * Reserve room for one more completion (completions queued plus requests
 * in flight below the depth); false: full.  Unreserve gives it back.
 * Both under the device mutex.
 */
bool ud_kmod_cq_reserve(struct ud_kmod_cq *cq);
void ud_kmod_cq_unreserve(struct ud_kmod_cq *cq);
/* A completion is waiting (for wait_event; no lock). */
bool ud_kmod_cq_ready(struct ud_kmod_cq *cq);
/*
 * The oldest completion as POLL returns it (false: none) and taking it;
 * caller holds cq->lock.  Mapped, they read the ring and advance the
 * consumer index.
 */
struct uldma_wc;
bool ud_kmod_cq_peek(struct ud_kmod_cq *cq, struct uldma_wc *wc);
void ud_kmod_cq_pop(struct ud_kmod_cq *cq);
/*
 * Map the file's completion ring or its consumer page (ABI 6, the page
 * offset says which); the first mapping moves the queued completions into
 * the ring.  0 or -errno (kmod/uapi/uldma.h).
 */
struct vm_area_struct;
int ud_kmod_cq_mmap(struct ud_kmod_cq *cq, struct vm_area_struct *vma);
/* A completion's status for user space: err, else the core's, as errno. */
int ud_kmod_wc_status(s32 status, s32 err);
void ud_kmod_qp_bind(u32 qp, struct ud_kmod_cq *cq);
void ud_kmod_qp_unbind(u32 qp);
/* The queue QP qp is bound to (NULL: none); device mutex. */
struct ud_kmod_cq *ud_kmod_qp_cq(u32 qp);
/*
 * Connections between QPs of different files (CONNECT_QP), under the
 * device mutex: qp's peer (U32_MAX: none; unbinding a QP disconnects
 * every QP connected to it), and whether a request on qp may target
 * dest: dest is a QP of qp's file, or the two are connected both ways.
 */
void ud_kmod_qp_connect(u32 qp, u32 peer);
bool ud_kmod_qp_reaches(u32 qp, u32 dest);
void ud_kmod_wr_begin(u32 qp, u64 wr_id, u32 opcode);
/*
 * A completion the home makes itself, without the core (a request that
 * never ran: err -ECANCELED when its QP was destroyed, -ENOENT when its
 * target QP was); it uses the request's reserved slot.  Device mutex.
 */
void ud_kmod_cq_home_complete(u32 qp, u64 wr_id, u32 opcode, int err);
/*
 * Append e to cq in the slot its request reserved (any caller that
 * reserved it: the VA path completes with no QP table lookup).
 */
void ud_kmod_cq_complete(struct ud_kmod_cq *cq, const struct ud_kmod_cqe *e);
/* Completions the door could not queue (no queue bound, queue full): 0. */
long ud_kmod_cq_dropped(void);
/*
 * Capture the completion door for the calling task (kmod/uldma_via.c):
 * with sink set, ud_plat_complete called by this task stores its first
 * completion in *sink and counts them instead of queueing them; with
 * NULL the capture ends.  Returns how many completions the capture that
 * ends saw.  The caller serialises captures (the VIA lock).
 */
unsigned int ud_kmod_complete_capture(struct ud_kmod_cqe *sink);

/*
 * The soft engine (kmod/uldma_engine.c): a send queue of
 * UD_KMOD_SQ_DEPTH requests per QP and one kernel thread that takes them
 * in order and runs the core's ud_wr_run on each, under the device mutex
 * (one request at a time: a verb of any file waits for the request in
 * hand, and a request whose QP or regions are gone never starts).
 */
#define UD_KMOD_SQ_DEPTH 64
struct ud_prot;
struct ud_wr;
int ud_kmod_engine_start(struct mutex *lock, struct ud_prot *prot);
void ud_kmod_engine_stop(void);
/*
 * Queue a request on qp (device mutex held; both QPs checked by the
 * caller): 0, -ENOBUFS (the completion queue cq has no room for it) or
 * -EAGAIN (qp's send queue is full); nothing queued on an error.
 */
int ud_kmod_engine_post(u32 qp, u32 dest_qp, u64 wr_id,
			const struct ud_wr *w, struct ud_kmod_cq *cq);
/*
 * The requests still queued on qp, before it is destroyed (device mutex):
 * each completes with -ECANCELED (flush) when complete is true, else is
 * dropped (its file's queue goes with the file).  Returns how many.
 */
unsigned int ud_kmod_engine_flush(u32 qp, bool complete);
/*
 * Run qp's queued requests in the caller's context (the doorbell; device
 * mutex held): oldest first, at most UD_KMOD_DB_BUDGET, none while the
 * engine is held; wakes the thread when work is left.  How many ran.
 */
#define UD_KMOD_DB_BUDGET 16
unsigned int ud_kmod_engine_run_qp(u32 qp);
/* Hold the engine (a test hook: requests stay queued) or let it run. */
void ud_kmod_engine_pause(bool pause);
/* Wake the engine thread (a send ring was created: poll it). */
void ud_kmod_engine_kick(void);
bool ud_kmod_engine_paused(void);

/*
 * The mapped send rings (kmod/uldma_ring.c, ABI 5): map qp's ring or
 * status page into vma (qp is the caller's QP; the page offset picks
 * which; under mmap_lock and qp's file's map_lock, never the device
 * mutex), free qp's ring when the QP goes (device mutex and the file's
 * map_lock), and take the new WQEs of every live QP's ring into the send
 * queues (device mutex; how many).  rings_active: some QP has a ring
 * (the engine thread then polls; no lock).
 */
struct vm_area_struct;
int ud_kmod_ring_mmap(u32 qp, struct vm_area_struct *vma);
void ud_kmod_ring_free(u32 qp);
unsigned int ud_kmod_ring_drain(struct ud_prot *prot);
bool ud_kmod_rings_active(void);
/*
 * DOORBELL (ABI 7; device mutex, qp this file's): take qp's ring now and
 * run what it holds (ud_kmod_engine_run_qp).  0, -EBADFD (no ring),
 * -ERANGE (producer index not believed).
 */
int ud_kmod_ring_doorbell(struct ud_prot *prot, u32 qp);

/*
 * Invalidation of registered memory (kmod/uldma_mrn.c): an
 * mmu_interval_notifier on each region's range.  new inserts it (before
 * the core registers, outside the device mutex) and reads its sequence;
 * commit (device mutex, after ud_reg_mr succeeded) makes it live, or
 * -EAGAIN when the range was invalidated in between (the caller takes the
 * region back); discard removes and frees one never committed.  An
 * invalidation (munmap, mprotect, exit) waits for the request running,
 * marks the region invalid and wakes the engine; reap (device mutex)
 * deregisters every invalid region through the core; run_begin / run_end
 * bracket each request the engine runs (no region is invalid and still
 * registered in between).  detach* (device mutex) move a file's notifiers
 * to a list that release removes and frees outside the device mutex.
 */
struct ud_kmod_mrn;
struct list_head;
struct ud_kmod_mrn *ud_kmod_mrn_new(u64 addr, u64 len, const void *owner,
				    unsigned long *seq);
int ud_kmod_mrn_commit(struct ud_kmod_mrn *m, unsigned long seq, u32 idx,
		       u32 lkey);
unsigned long ud_kmod_mrn_seq(struct ud_kmod_mrn *m);
void ud_kmod_mrn_discard(struct ud_kmod_mrn *m);
bool ud_kmod_mrn_pending(void);
unsigned int ud_kmod_mrn_reap(struct ud_prot *prot);
void ud_kmod_mrn_run_begin(struct ud_prot *prot);
void ud_kmod_mrn_run_end(void);
void ud_kmod_mrn_detach(const void *owner, u32 idx, u32 lkey,
			struct list_head *gone);
bool ud_kmod_mrn_detach_dead(const void *owner, u32 lkey,
			     struct list_head *gone);
void ud_kmod_mrn_detach_owner(const void *owner, bool dead_only,
			      struct list_head *gone);
void ud_kmod_mrn_release(struct list_head *gone);

/*
 * The VA fault path (kmod/uldma_va.c; docs/homes.md "The VA fault path"):
 * the SMMU model, the R5 scheduler in the kthread "uldma-r5" with the
 * VA engine (src/va_tx.c, va_rx.c), the fault FIFO and the fault handler
 * on the workqueue "uldma-fault".  start/stop at load and unload; the
 * rest under the device mutex (which nests the VA path's own lock):
 * submit queues one VA_WRITE on qp's channel for the process mm (0,
 * -EBUSY: the channel has a transfer outstanding, -EINVAL; the caller
 * reserved the completion in cq and gives it back on an error); cancel
 * ends qp's outstanding transfer of cq (complete: with ECANCELED; else
 * silently, the queue is going); forget_mm drops every reference to mm
 * (its file is closing).  debugfs: the va_ahead knob, the counters.
 */
struct mm_struct;
struct seq_file;
struct dentry;
int ud_kmod_va_start(void);
void ud_kmod_va_stop(void);
int ud_kmod_va_submit(struct mm_struct *mm, u32 pd, u32 qp, u64 wr_id,
		      u64 src, u64 dst, u32 len, struct ud_kmod_cq *cq);
void ud_kmod_va_cancel(u32 qp, struct ud_kmod_cq *cq, bool complete);
void ud_kmod_va_forget_mm(struct mm_struct *mm);
void ud_kmod_va_debugfs(struct dentry *dir);
void ud_kmod_va_stats_show(struct seq_file *m);

/*
 * The shadow window (kmod/uldma_shadow.c, ABI 10; docs/homes.md "The
 * shadow window"): init/exit at load and unload; op carries one SHADOW
 * ioctl of the file whose context *shp is (NULL until OPEN); file_gone
 * at release (its pins and its context).  Own lock; no device mutex.
 */
struct ud_kmod_shfile;
struct uldma_shadow;
int ud_kmod_sh_init(void);
void ud_kmod_sh_exit(void);
int ud_kmod_sh_op(struct ud_kmod_shfile **shp, struct uldma_shadow *s);
void ud_kmod_sh_file_gone(struct ud_kmod_shfile **shp);
long ud_kmod_sh_pins(void);
void ud_kmod_sh_stats_show(struct seq_file *m);

/*
 * Virtual interfaces (kmod/uldma_via.c, ABI 11; docs/homes.md "Virtual
 * interfaces"): init/exit at load and unload (the two nodes' tables);
 * op carries one VIA ioctl of the file whose VI set *vfp is (NULL until
 * its first CREATE); file_gone at release (its VIs, exports, imports and
 * pins).  Own lock; no device mutex.
 */
struct ud_kmod_viafile;
struct uldma_via;
int ud_kmod_via_init(void);
void ud_kmod_via_exit(void);
int ud_kmod_via_op(struct ud_kmod_viafile **vfp, struct uldma_via *v);
void ud_kmod_via_file_gone(struct ud_kmod_viafile **vfp);
long ud_kmod_via_pins(void);
void ud_kmod_via_stats_show(struct seq_file *m);

/*
 * Counters (kmod/uldma_stats.c), shown in debugfs (uldma/stats).  The
 * completions are counted by the core's status (index -ud_status, 0..18).
 */
#define UD_KMOD_NSTATUS 19
struct ud_kmod_stats {
	atomic_long_t completions[UD_KMOD_NSTATUS];
	atomic_long_t flushed;		/* completed -ECANCELED (QP gone)   */
	atomic_long_t target_gone;	/* completed -ENOENT (target gone)  */
	atomic_long_t posted;		/* requests accepted by POST        */
	atomic_long_t post_noent;	/* POST refused: ENOENT             */
	atomic_long_t post_cq_full;	/* POST refused: ENOBUFS            */
	atomic_long_t post_sq_full;	/* POST refused: EAGAIN             */
	atomic_long_t run;		/* requests the engine ran          */
	atomic64_t run_ns;		/* time inside ud_wr_run, total     */
	atomic_long_t cancelled;	/* requests never run (flush, drop) */
	atomic_long_t dropped;		/* of them, dropped with a file     */
	atomic_long_t binds;		/* BIND_MW that succeeded           */
	atomic_long_t ring_taken;	/* WQEs taken from rings, queued    */
	atomic_long_t ring_refused;	/* WQEs the home completed (EINVAL,
					 * ENOENT)
					 */
	atomic_long_t ring_bad_index;	/* producer index not believed      */
	atomic_long_t doorbells;	/* DOORBELL ioctls on own QPs       */
	atomic_long_t db_run;		/* requests a doorbell ran itself   */
	atomic_long_t polls;		/* POLL ioctls                      */
	atomic_long_t cq_bad_index;	/* CQ consumer index not believed   */
	atomic_long_t mr_invalidated;	/* regions whose memory went        */
	atomic_long_t mr_reaped;	/* of them, deregistered by the home */
	atomic_long_t mr_held;		/* held by a clear / mprotect       */
	atomic_long_t mr_kept;		/* of them, found in place          */
};
extern struct ud_kmod_stats ud_kmod_stats;
void ud_kmod_stats_count_completion(int status);
int ud_kmod_debugfs_init(void);
void ud_kmod_debugfs_exit(void);

#endif /* ULDMA_KMOD_H */
