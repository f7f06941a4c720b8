/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * kmod/uapi/uldma.h -- the user-space interface of /dev/uldma (uldma.ko).
 *
 * Each open file of /dev/uldma is one process context: the protection
 * domains it allocates belong to it, the regions it registers, the memory
 * windows it allocates and the queue pairs it creates are in its PDs, its
 * completions land on its own completion queue, and closing it (or the
 * process dying) drops its queued requests, destroys its QPs, deallocates
 * its windows and deregisters and unpins its regions.  Every verb is
 * decided by the verified core (src/pd.c, src/mr.c, src/mw.c,
 * src/access.c, src/xfer_wr.c with src/xfer_packet.c, and since ABI 9
 * src/send_mode.c for the send modes); this header only
 * carries arguments and answers.
 * lib/libuldma.h wraps it for C programs.
 *
 * ABI rules:
 *  - every ioctl is _IOWR(ULDMA_IOC_MAGIC, nr, struct); the size encoded in
 *    the command is the struct's size.  A size smaller than this header's
 *    struct is refused (-EINVAL); a larger one (a newer header) is accepted
 *    only if the extra bytes are zero (-E2BIG otherwise), and only this
 *    header's part is written back.  ULDMA_ABI_VERSION (returned by
 *    ULDMA_IOC_QUERY) grows when a struct grows.
 *  - reserved fields must be zero (-EINVAL).
 *  - an ioctl that fails returns -1 with errno set and changes nothing.
 *  - ABI 1 (QUERY .. CHECK) -> 2: QUERY grew (max_qp, max_wr_len,
 *    cq_depth); CREATE_QP, DESTROY_QP, POST, POLL are new.  QUERY still
 *    answers an ABI-1 caller's 32-byte struct in its own size.
 *  - ABI 2 -> 3: POST only queues the request (a soft engine thread runs
 *    it; its completion comes later) and may fail with EAGAIN (send queue
 *    full); POLL's reserved field became timeout_ms (0: do not wait, as
 *    before); QUERY grew (max_mw, sq_depth) and answers ABI-1 and ABI-2
 *    structs in their own size; ALLOC_MW, BIND_MW, DEALLOC_MW are new;
 *    completions may carry ECANCELED or ENOENT from the home (see POST).
 *  - ABI 3 -> 4: CONNECT_QP is new: POST's dest_qp may be a QP of another
 *    file (another process) once the two QPs are connected to each other;
 *    no struct changed.
 *  - ABI 4 -> 5: mmap of a QP's send ring and its status page (below,
 *    "Posting with no system call"); no ioctl struct changed.
 *  - ABI 5 -> 6: mmap of the file's completion ring (below, "Polling with
 *    no system call"); POLL takes from it once it is mapped; a region
 *    whose memory is unmapped, made read-only (mprotect) or dropped
 *    (MADV_DONTNEED), or whose process exits, is deregistered by the
 *    module (its keys fail with ENOKEY; DEREG_MR of it answers 0 once);
 *    REG_MR may answer EAGAIN (the range kept changing while it was
 *    pinned).
 *  - ABI 6 -> 7: DOORBELL is new (below, "The doorbell"): a mapped send
 *    ring's WQEs taken and run at once; no struct changed.
 *  - ABI 7 -> 8: VA_WRITE is new (a transfer between virtual addresses of
 *    the calling process, no key, no registration: pages not present are
 *    paged in by the fault path; below, "Virtual-address transfers"); a
 *    completion's opcode may be ULDMA_WR_VA_WRITE; no struct changed.
 *  - ABI 8 -> 9: SEND_MODE is new (the five send modes of seed 003: PIO,
 *    CopyDMA, DirectDMA, V2PDMA, PEXDMA; below, "Send modes"), with mmap
 *    of the file's DMA buffer (ULDMA_MMAP_SM); a completion's opcode may
 *    be ULDMA_WR_SEND_MODE; no older struct changed.  (Still ABI 9, session
 *    21: RECV's how may be ULDMA_SM_RX_EXCHANGED, the page exchange done.)
 *  - ABI 9 -> 10: SHADOW is new (seed 000's shadow-address DMA initiation
 *    through the verified src/eng_shadow.c; below, "The shadow window");
 *    no older struct changed.
 *  - ABI 10 -> 11: VIA is new (seed 002's virtual interfaces, protection
 *    tags, SCI export and import, descriptors run by the verified
 *    src/eng_via.c; below, "Virtual interfaces"); no older struct
 *    changed.
 *  - errno values from the core's ud_status (src/ud_common.h), one table:
 *      UD_E_INVAL    -1  EINVAL     malformed argument (zero length, kind)
 *      UD_E_RANGE    -2  ERANGE     region longer than ULDMA max_mr_len
 *      UD_E_KEY      -3  ENOKEY     key does not validate (wrong, stale)
 *      UD_E_PERM     -4  EACCES     access flags do not allow the access
 *      UD_E_BUSY     -5  EBUSY      PD still has members; region with a
 *                                   window bound to it
 *      UD_E_NOSPC    -6  ENOSPC     PD, region or pin table full
 *      UD_E_NOENT    -7  ENOENT     no such PD/region/window/QP
 *      UD_E_STATE    -8  EBADFD
 *      UD_E_PD       -9  EPERM      key belongs to another PD
 *      UD_E_BOUNDS  -10  EFAULT     range outside the region
 *      UD_E_OVERFLOW -11 EOVERFLOW  addr + len passes 2^64
 *      UD_E_SEQ     -12  EPROTO
 *      UD_E_FULL    -13  ENOBUFS
 *      UD_E_EMPTY   -14  ENODATA
 *      UD_E_STALE   -15  ESTALE
 *      UD_E_FORGED  -16  EBADMSG
 *      UD_E_FAULT   -17  EFAULT
 *      UD_E_PLATFORM -18 the kernel's own error when it has one (the
 *                        page pin's: EFAULT for an unmapped range, ENOMEM),
 *                        else EIO
 *    plus, from the device itself: ENOTTY (unknown ioctl), EFAULT (bad
 *    argument pointer), ENOMEM, ENOENT (a PD, region, window or QP that
 *    is not this file's), and in POST / POLL / completions: ENOBUFS
 *    (completion queue full), EAGAIN (send queue full), EINTR (a waiting
 *    POLL interrupted), ECANCELED (a request flushed by DESTROY_QP),
 *    ENOENT (a request whose target QP was destroyed before it ran).
 */
#ifndef _UAPI_ULDMA_H
#define _UAPI_ULDMA_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define ULDMA_ABI_VERSION	11
#define ULDMA_IOC_MAGIC		0xDA	/* not registered in ioctl-number.rst */

/* Access flags of a region: rdma-core's IBV_ACCESS_* (src/prot.h). */
#define ULDMA_ACC_LOCAL_WRITE	1u
#define ULDMA_ACC_REMOTE_WRITE	2u
#define ULDMA_ACC_REMOTE_READ	4u
#define ULDMA_ACC_REMOTE_ATOMIC	8u
#define ULDMA_ACC_MW_BIND	16u

/* Access kinds presented to ULDMA_IOC_CHECK (src/prot.h UD_KIND_*). */
#define ULDMA_KIND_LOCAL_READ	 0u
#define ULDMA_KIND_LOCAL_WRITE	 1u
#define ULDMA_KIND_REMOTE_READ	 2u
#define ULDMA_KIND_REMOTE_WRITE	 3u
#define ULDMA_KIND_REMOTE_ATOMIC 4u

/*
 * QUERY (out): the device's fixed limits (src/prot.h).  The PD, region and
 * pin tables are shared by all open files of the device.
 */
struct uldma_query {
	__u32 abi_version;	/* ULDMA_ABI_VERSION                        */
	__u32 page_size;	/* 4096: the core's page                    */
	__u32 max_pd;		/* protection domains (UD_PROT_NPD)         */
	__u32 max_mr;		/* memory regions (UD_PROT_NMR)             */
	__u32 max_mr_pages;	/* pages per region (UD_PROT_MAXPG)         */
	__u32 max_pinned_pages;	/* distinct pinned pages (UD_PROT_NPIN)     */
	__u64 max_mr_len;	/* bytes per region, page-aligned start     */
	/* ABI 2: */
	__u32 max_qp;		/* queue pairs (UD_PROT_NQP)                */
	__u32 max_wr_len;	/* bytes per work request (UD_WR_MAX_LEN)   */
	__u32 cq_depth;		/* completions a file's queue holds         */
	__u32 reserved;		/* out: 0                                   */
	/* ABI 3: */
	__u32 max_mw;		/* memory windows (UD_PROT_NMW)             */
	__u32 sq_depth;		/* requests queued per QP, not yet run      */
};
#define ULDMA_QUERY_SIZE_VER1	32	/* ABI 1's struct uldma_query       */
#define ULDMA_QUERY_SIZE_VER2	48	/* ABI 2's                          */

/* ALLOC_PD (out: pd) and DEALLOC_PD (in: pd). */
struct uldma_pd {
	__u32 pd;
	__u32 reserved;
};

/*
 * REG_MR: register [addr, addr + length) of the calling process in pd
 * (in); lkey, rkey (out; rkey is 0 unless a remote right was asked for).
 * The pages are pinned (FOLL_WRITE | FOLL_LONGTERM) until deregistration.
 */
struct uldma_reg_mr {
	__u64 addr;
	__u64 length;
	__u32 pd;
	__u32 access;		/* ULDMA_ACC_*                              */
	__u32 lkey;
	__u32 rkey;
};

/* DEREG_MR (in: lkey of a region of this file). */
struct uldma_dereg_mr {
	__u32 lkey;
	__u32 reserved;
};

/*
 * CHECK: the access check the engine applies to every DMA (src/access.h):
 * (pd, key, addr, length, kind) in; status out.  The ioctl succeeds when
 * the check ran (status says its verdict) and fails only when the request
 * itself is bad (pd not this file's: ENOENT; reserved field set).  phys:
 * the physical address of addr when status == 0 and the caller has
 * CAP_SYS_ADMIN (as /proc/PID/pagemap), else 0.
 */
struct uldma_check {
	__u64 addr;
	__u64 length;
	__u64 phys;		/* out                                      */
	__u32 pd;
	__u32 key;
	__u32 kind;		/* ULDMA_KIND_*                             */
	__s32 status;		/* out: 0 or a negative errno (table above) */
	__s32 core_status;	/* out: the core's ud_status                */
	__u32 reserved;
};

/*
 * CREATE_QP: a queue pair in pd, a PD of this file (in); qp (out).  The
 * core records the QP as a member of pd (ud_qp_attach): the PD cannot be
 * deallocated while the QP lives (EBUSY), and every work request posted on
 * the QP is issued by pd -- the PD comes from the QP, never from the
 * request.  ENOENT: pd is not this file's; ENOSPC: all max_qp QPs exist.
 */
struct uldma_create_qp {
	__u32 pd;
	__u32 qp;		/* out                                      */
};

/*
 * DESTROY_QP (in: qp of this file, else ENOENT).  Requests still queued
 * on it complete with status ECANCELED (byte_len 0, core_status 0: the
 * core never saw them), in order, before it goes; its completions stay
 * on the file's queue.
 */
struct uldma_destroy_qp {
	__u32 qp;
	__u32 reserved;
};

/* Work request opcodes (src/xfer_wr.h UD_WR_*). */
#define ULDMA_WR_RDMA_WRITE	0u
#define ULDMA_WR_RDMA_READ	1u
/*
 * Bytes per packet of a work request (src/xfer_wr.h UD_WR_PKT, set for the
 * module in kmod/Kbuild): a request refused part-way completes with the
 * bytes of the whole packets before the refused one.
 */
#define ULDMA_WR_PKT		4096u

/*
 * POST: one work request on qp, run to completion by the core
 * (ud_wr_run) in packets of 4096 bytes (a page: the soft engine has no
 * wire; the PLDMA wire's packets are 256 bytes), each checked against the
 * protection state:
 *   RDMA write: [local_addr, +length) through lkey (local read, in the
 *               PD of qp) -> [remote_addr, +length) through rkey (remote
 *               write, in the PD of dest_qp);
 *   RDMA read:  [remote_addr, +length) through rkey (remote read, PD of
 *               dest_qp) -> [local_addr, +length) through lkey (local
 *               write, PD of qp).
 * The target is this device's protection state (one device: initiator
 * and target share it); dest_qp is a QP of this file (qp itself or
 * another), or (ABI 4) a QP of another file that qp is connected to while
 * that QP is connected back to qp (CONNECT_QP: both owners agreed).  The
 * target's R_Key is then checked in the target QP's PD, as any R_Key.
 *
 * Since ABI 3 POST only queues the request on qp's send queue and
 * returns: a kernel thread (the soft engine) runs the requests of each QP
 * in the order they were posted, one at a time, and each one's completion
 * lands on this file's queue (POLL; completions of one QP in post order).
 * The ioctl fails, and nothing is queued, only when the home refuses:
 *   ENOENT   qp is not a QP of this file, or dest_qp is neither a QP of
 *            this file nor connected both ways with qp
 *   ENOBUFS  this file's completion queue has no room for the completion
 *            (completions not yet polled plus requests not yet completed
 *            reach cq_depth: poll first)
 *   EAGAIN   qp's send queue holds sq_depth requests not yet run
 * Otherwise it returns 0 and the request gets exactly ONE completion
 * (struct uldma_wc, wr_id echoed): from the core, status 0 and byte_len ==
 * length, or the error of the first refused packet and the bytes moved
 * before it; or from the home, when the core never ran it: ECANCELED
 * (qp destroyed while it was queued) or ENOENT (dest_qp destroyed before
 * it ran, or, for another file's dest_qp, the connection was undone),
 * byte_len 0 and core_status 0.  A request still queued when its
 * file is closed (or its process dies) is dropped with the file's queue
 * and never runs; one running then finishes first.  The core judges the
 * keys when the request runs, not when it is posted: a region
 * deregistered or a window rebound or deallocated in between fails it.
 * Errors the core decides (errno table above): unknown opcode, length 0
 * or > max_wr_len (EINVAL); a forged, stale or deregistered key (ENOKEY);
 * a key of another PD (EPERM); an access the region does not grant
 * (EACCES); a range outside the region (EFAULT); addr + length past 2^64
 * (EOVERFLOW).  A refused packet moves no byte.
 */
struct uldma_post {
	__u64 wr_id;		/* echoed in the completion                 */
	__u64 local_addr;
	__u64 remote_addr;
	__u32 qp;
	__u32 dest_qp;
	__u32 opcode;		/* ULDMA_WR_*                               */
	__u32 lkey;
	__u32 rkey;
	__u32 length;		/* 1 .. max_wr_len                          */
};

/* One completion. */
struct uldma_wc {
	__u64 wr_id;
	__u32 qp;
	__u32 opcode;		/* the request's, as posted                 */
	__u32 byte_len;		/* bytes moved                              */
	__s32 status;		/* 0 or a negative errno (table above)      */
	__s32 core_status;	/* the core's ud_status                     */
	__u32 reserved;		/* 0                                        */
};

/*
 * POLL: take up to max_wc of this file's completions, oldest first, into
 * the user array at wc (entries of wc_size bytes, at least
 * sizeof(struct uldma_wc); a larger entry's tail is zeroed).  count (out):
 * how many were taken; an empty queue answers 0, not an error.  A
 * completion is taken only once it was written: EFAULT when not even the
 * first could be (the queue unchanged).  timeout_ms (ABI 3; 0 in ABI 2):
 * when the queue is empty and max_wc > 0, wait up to that many
 * milliseconds for a completion (0: do not wait); still none: count 0.  A
 * signal ends the wait with EINTR.
 */
struct uldma_poll {
	__u64 wc;		/* user pointer to struct uldma_wc[max_wc]  */
	__u32 wc_size;		/* sizeof(struct uldma_wc)                  */
	__u32 max_wc;
	__u32 count;		/* out                                      */
	__u32 timeout_ms;	/* ABI 3 (was reserved, 0)                  */
};

/*
 * Memory windows (ABI 3; src/mw.c, seed 001 section 2).  A window is
 * allocated in a PD of this file with an R_Key that validates nothing
 * until bound.
 *
 * ALLOC_MW: pd (in) -> mw, rkey (out).  ENOENT: pd not this file's;
 * ENOSPC: all max_mw windows exist.
 */
struct uldma_alloc_mw {
	__u32 pd;
	__u32 mw;		/* out: the window's handle                 */
	__u32 rkey;		/* out: its (unbound) R_Key                 */
	__u32 reserved;
};

/*
 * BIND_MW: bind window mw, whose current R_Key is rkey, through qp (a QP
 * of this file, in the window's PD) to [addr, addr + length) of the
 * region whose L_Key is lkey, with remote rights access
 * (ULDMA_ACC_REMOTE_*); rkey (out) is the window's new R_Key.  Every bind
 * that succeeds gives a new R_Key: the one given in stops validating at
 * once.  length 0 invalidates the binding.  The bind takes effect when the
 * ioctl runs, not in send-queue order: requests already queued that name
 * the old R_Key fail with ENOKEY when they run.
 * ENOENT: qp or mw not this file's (the home), or mw / the QP / the
 * region not live (the core); the core's, in this order: ENOKEY (rkey not
 * the window's current key, lkey no live region), EPERM (QP, window and
 * region not in one PD), EACCES (region without ULDMA_ACC_MW_BIND, or
 * remote write / atomic on a region without local write), EINVAL (a right
 * that is not remote), ENOSPC (window generations exhausted), EOVERFLOW,
 * EFAULT (the range not inside the region).  On an error the binding is
 * unchanged.  If the new R_Key cannot be written back (EFAULT), the
 * binding is invalidated first.
 */
struct uldma_bind_mw {
	__u64 addr;
	__u64 length;
	__u32 qp;
	__u32 mw;
	__u32 rkey;		/* in: current R_Key; out: the new one      */
	__u32 lkey;
	__u32 access;		/* ULDMA_ACC_REMOTE_*                       */
	__u32 reserved;
};

/*
 * DEALLOC_MW: mw (in, a window of this file, else ENOENT).  Its keys stop
 * validating; requests that name them fail with ENOKEY when they run.
 * A region cannot be deregistered while a window is bound to it (EBUSY);
 * a PD cannot be deallocated while it has a window (EBUSY).
 */
struct uldma_dealloc_mw {
	__u32 mw;
	__u32 reserved;
};

/*
 * CONNECT_QP (ABI 4): connect qp, a QP of this file, to remote_qp, a live
 * QP of the device -- usually another process's, whose number its owner
 * sent out of band, with the R_Keys and addresses it grants -- or, with
 * remote_qp ULDMA_QP_NONE, disconnect it.  A request on qp may target a
 * QP of another file only while each of the two is connected to the
 * other; one end alone grants nothing.  Connecting again replaces the
 * peer.  Destroying a QP (or closing its file) disconnects every QP
 * connected to it, so a QP number reused later is never connected to
 * anything.  ENOENT: qp not this file's, remote_qp not a live QP;
 * EINVAL: reserved set.
 */
#define ULDMA_QP_NONE		0xffffffffu
struct uldma_connect_qp {
	__u32 qp;
	__u32 remote_qp;	/* a live QP, or ULDMA_QP_NONE              */
	__u32 reserved;
	__u32 reserved2;
};

/*
 * Posting with no system call (ABI 5).  Each QP has a send ring that its
 * file may map (mmap on the /dev/uldma file descriptor, MAP_SHARED):
 *
 *   offset ULDMA_MMAP_SQ(qp), ULDMA_MMAP_LEN bytes, PROT_READ|PROT_WRITE:
 *     struct uldma_sq_ring: ULDMA_RING_DEPTH work-request slots and the
 *     producer index, both written by user space only;
 *   offset ULDMA_MMAP_SQ_STATUS(qp), ULDMA_MMAP_LEN bytes, PROT_READ only
 *     (a writable mapping is refused, EACCES; mprotect cannot add write):
 *     struct uldma_sq_status: the consumer index and the ring's error,
 *     written by the kernel only.
 *
 * mmap errors: ENOENT (qp not a QP of this file), EINVAL (offset not one of
 * the two above, length not ULDMA_MMAP_LEN rounded to a page, a private
 * ring mapping), EACCES (writable status page), ENOMEM.  The two pages
 * live until the QP is destroyed (DESTROY_QP or close): mapping again
 * gives the same pages; a mapping that outlives its QP keeps its pages but
 * the kernel reads them no more, and a later QP with the same number gets
 * new ones.
 *
 * Indices are free-running 32-bit counters (wrapping at 2^32); slot
 * (i % ULDMA_RING_DEPTH) holds request i.  To post: if producer - consumer
 * == ULDMA_RING_DEPTH the ring is full (libuldma answers EAGAIN); else
 * write the WQE into slot (producer % ULDMA_RING_DEPTH), then store
 * producer + 1 with release order.  No system call: the engine thread
 * watches the producer indices of the QPs whose rings exist (a busy poll
 * with a bounded back-off: every 50 us for a while after the last request
 * it found, then once a jiffy); or (ABI 7) ring the doorbell (below) to
 * have them taken at once.  It copies each new WQE ONCE into kernel
 * memory, advances consumer (release order; the slot may then be reused),
 * and from then on works only on its copy -- rewriting a slot after
 * consumer passed it changes nothing.  The copy is then judged exactly as
 * a POST ioctl with qp = the ring's QP: the home checks dest_qp and the
 * reserved field, the verified core everything else when the request runs
 * (opcode, length, keys, PDs, access, bounds).  Every WQE the kernel takes
 * gets exactly one completion on the QP's file queue (POLL); a WQE the
 * home refuses completes at once, byte_len 0, core_status 0, status:
 *   EINVAL   reserved not zero
 *   ENOENT   dest_qp neither this file's QP nor connected both ways with qp
 * and the core's refusals are those of POST (EINVAL unknown opcode, length
 * 0 or > max_wr_len; ENOKEY; EPERM another PD's key; EACCES; EFAULT;
 * EOVERFLOW).  A refused request moves no byte.
 * The kernel takes a WQE only when the QP's send queue (sq_depth) and the
 * file's completion queue have room for it: otherwise it waits in the
 * ring (poll completions to make room); nothing is lost.
 * A producer index more than ULDMA_RING_DEPTH ahead of consumer is not
 * believed: the kernel takes nothing from the ring and sets
 * status.error = -ERANGE (counted in debugfs ring_bad_index) until
 * producer is back within ULDMA_RING_DEPTH of consumer (error 0 again).
 * WQEs still in the ring (not yet taken) when the QP is destroyed or its
 * file closed are discarded without a completion; those taken are
 * flushed or dropped as POST's are.  The engine hold of debugfs
 * (engine_pause) stops requests from running, not the copying.
 */
/*
 * The doorbell (ABI 7).  DOORBELL on qp, a QP of this file whose send ring
 * exists (it was mapped once; the ring lives until the QP goes, mapped or
 * not), does at once, in the caller's system call, what the engine
 * thread does when its poll finds the ring: it takes every WQE written
 * so far (same one copy, same checks, same consumer index; a WQE with no
 * room waits in the ring as before), then -- unless the engine is held
 * (debugfs engine_pause) -- runs qp's queued requests itself, oldest
 * first, at most 16 of them; what is left runs on the engine thread, as
 * after a POST.  So when DOORBELL returns 0 with the engine not held, and
 * the QP's send queue and the file's completion queue had room, each WQE
 * written before the call has been taken and the first 16 of qp's
 * requests have completed (their completions are on the file's queue or
 * completion ring).  The requests of one QP still run one at a time, in
 * post order, under the device's one lock; only the waiting changes.
 * Errors (nothing taken, nothing run):
 *   EINVAL   reserved not zero
 *   ENOENT   qp not a QP of this file (never one, or destroyed)
 *   EBADFD   qp has no send ring (never mapped)
 *   ERANGE   the producer index is not believed (status.error -ERANGE)
 * rdma-core's providers ring their doorbell on every ibv_post_send (rxe's
 * is a system call); libuldma rings this one after each post through a
 * ring on a module with ABI 7 (uldma_qp_doorbell turns it off).
 */
struct uldma_doorbell {
	__u32 qp;
	__u32 reserved;
};

#define ULDMA_RING_DEPTH	64
#define ULDMA_MMAP_LEN		4096
#define ULDMA_MMAP_SQ(qp)	((__u64)(qp) << 17)
#define ULDMA_MMAP_SQ_STATUS(qp) (ULDMA_MMAP_SQ(qp) | (1u << 16))

/* One slot: POST's request without qp (the ring's QP), 48 bytes. */
struct uldma_wqe {
	__u64 wr_id;
	__u64 local_addr;
	__u64 remote_addr;
	__u32 dest_qp;
	__u32 opcode;		/* ULDMA_WR_*                               */
	__u32 lkey;
	__u32 rkey;
	__u32 length;		/* 1 .. max_wr_len                          */
	__u32 reserved;		/* 0                                        */
};

struct uldma_sq_ring {
	__u32 producer;		/* user: requests written so far            */
	__u32 pad[15];		/* 0; the slots start 64 bytes in           */
	struct uldma_wqe wqe[ULDMA_RING_DEPTH];
};

struct uldma_sq_status {
	__u32 consumer;		/* kernel: requests taken so far            */
	__s32 error;		/* 0, or -ERANGE: producer not believed     */
	__u32 depth;		/* ULDMA_RING_DEPTH                         */
	__u32 wqe_size;		/* sizeof(struct uldma_wqe)                 */
};

/*
 * Polling with no system call (ABI 6).  The file's completion queue may be
 * mapped (mmap on the /dev/uldma file descriptor, MAP_SHARED):
 *
 *   offset ULDMA_MMAP_CQ, ULDMA_MMAP_LEN bytes, PROT_READ only (a writable
 *     mapping is refused, EACCES; mprotect cannot add write):
 *     struct uldma_cq_ring: ULDMA_CQ_DEPTH completions (struct uldma_wc)
 *     and the producer index, written by the kernel only;
 *   offset ULDMA_MMAP_CQ_DB, ULDMA_MMAP_LEN bytes, PROT_READ|PROT_WRITE:
 *     struct uldma_cq_db: the consumer index, written by user space.
 *
 * Completion i is in slot (i % ULDMA_CQ_DEPTH) once producer > i (load
 * producer with acquire order, then read the slot); to take completions
 * up to i, store consumer = i + 1 (release order): the slots may then be
 * reused.  Indices are free-running 32-bit counters.  From the first mmap
 * on, completions go to the ring (those not yet polled are moved into it
 * first; EBUSY if more than ULDMA_CQ_DEPTH are queued or in flight: poll
 * first) and stay there until the file is closed; POLL then takes from
 * the ring too (advancing consumer) and its timeout waits for the ring.
 * No completion is ever overwritten or lost: a request is accepted only
 * with room for its completion in the ring (ULDMA_CQ_DEPTH completions
 * not yet consumed plus requests not yet completed): POST answers ENOBUFS
 * and a WQE waits in its send ring until the consumer index moves.  A
 * consumer index behind the kernel's or past producer is not believed:
 * the kernel keeps its own, sets error = -ERANGE (until the index is
 * sane again) and still never writes an unconsumed slot.
 * mmap errors: EINVAL (bad offset or length, a private consumer page),
 * EACCES (writable ring), EBUSY (too many completions pending), ENOMEM.
 */
#define ULDMA_CQ_DEPTH		64
#define ULDMA_MMAP_CQ		((__u64)0xff << 17)
#define ULDMA_MMAP_CQ_DB	(ULDMA_MMAP_CQ | (1u << 16))

struct uldma_cq_ring {
	__u32 producer;		/* kernel: completions written so far       */
	__s32 error;		/* 0, or -ERANGE: consumer not believed     */
	__u32 depth;		/* ULDMA_CQ_DEPTH                           */
	__u32 wc_size;		/* sizeof(struct uldma_wc)                  */
	__u32 pad[12];		/* 0; the slots start 64 bytes in           */
	struct uldma_wc wc[ULDMA_CQ_DEPTH];
};

struct uldma_cq_db {
	__u32 consumer;		/* user: completions taken so far           */
	__u32 pad[15];
};

/*
 * Virtual-address transfers (ABI 7; seed 004's RDMA write, docs/homes.md
 * "The VA fault path").  VA_WRITE copies [src, src + length) of the
 * calling process to [dst, dst + length) of the same process, naming
 * neither a key nor a registered region: the engine translates every
 * 256-byte packet anew through the SMMU context bank of qp's PD (bank =
 * PD), which answers from the process's own page table as it is at that
 * moment (present, with the right: read at the source, write at the
 * destination).  Nothing is pinned.  A page that is not present faults:
 * the fault handler pages it in with the kernel's own get_user_pages
 * (up to four pages of the 16 KB block per fault, Touch-Ahead, the
 * default; one page with debugfs uldma/va_ahead = 0, Touch-A-Page) and asks the scheduler to
 * retransmit the block (RAPF), so buffers never touched before arrive
 * whole.  Both ranges must lie below ULDMA_VA_ADDR_LIM (2^39: the 39-bit
 * VA of seed 004; mmap them there with a hint, e.g. MAP_FIXED_NOREPLACE).
 *
 * The ioctl fails, and nothing is queued, when the home refuses:
 *   EINVAL   length 0 or > ULDMA_VA_MAX_LEN, flags or reserved not 0, a
 *            range reaching ULDMA_VA_ADDR_LIM, or the caller is not the
 *            process that opened the file (the transfer runs on the
 *            opener's address space; a forked child opens its own)
 *   ENOENT   qp is not a QP of this file
 *   ENOBUFS  this file's completion queue has no room for the completion
 *   EBUSY    qp has a VA transfer not yet completed (one at a time per QP:
 *            the QP is the transfer's channel of the scheduler)
 * Otherwise it returns 0 and the transfer gets exactly ONE completion
 * (opcode ULDMA_WR_VA_WRITE, wr_id echoed): status 0 and byte_len ==
 * length once every block was acknowledged; or an error, byte_len 0:
 *   EACCES   a page the process maps without the right (a read-only
 *            destination, a write-only source): the fault handler
 *            completes the transfer with the core's UD_E_PERM
 *   EFAULT   a page the process does not map with any right (a forged
 *            or unmapped address, PROT_NONE), or the retry budget spent
 *   ECANCELED  qp destroyed while the transfer was outstanding
 * A packet whose page faults stores nothing; on an error, pages written
 * before the fault keep what they got, and a page the process may not
 * write is never written.  munmap or exit during a transfer: later packets
 * find the page gone and the transfer fails (EFAULT); no old page is
 * touched.
 */
#define ULDMA_WR_VA_WRITE	2u
#define ULDMA_VA_ADDR_LIM	(1ull << 39)
#define ULDMA_VA_MAX_LEN	(4u << 20)

struct uldma_va_write {
	__u64 wr_id;		/* echoed in the completion                 */
	__u64 src;		/* source VA of this process                */
	__u64 dst;		/* destination VA of this process           */
	__u32 qp;
	__u32 length;		/* 1 .. ULDMA_VA_MAX_LEN                    */
	__u32 flags;		/* 0                                        */
	__u32 reserved;		/* 0                                        */
};

/*
 * Send modes (ABI 9; seed 003, src/send_mode.h, docs/send-modes.md "The
 * kernel home").  SEND_MODE carries one of five operations (op):
 *
 * ULDMA_SM_SEND: send [addr, addr + length) of this process -- one send
 *   buffer: 1 .. ULDMA_SM_MTU bytes inside one page -- on qp (this file's)
 *   to dest_qp (qp itself, another QP of this file, or one connected both
 *   ways, as POST) in send mode `mode`:
 *     PIO        the bytes are copied to the NI's send memory at the call
 *     COPYDMA    the bytes are copied to a page of the DMA buffer at the call
 *     DIRECTDMA  the NI reads the buffer itself; it must lie in this file's
 *                mapped DMA buffer (mmap at ULDMA_MMAP_SM: memory pinned for
 *                DMA "at application startup"), else ENXIO
 *     V2PDMA     the page is pinned; the NI reads it
 *     PEXDMA     the page is pinned and marked copy-on-write: in the mapped
 *                DMA buffer, the first write while the send is in flight
 *                gives the writer a copy of the page and the NI keeps the
 *                original; elsewhere (memory the module cannot write-
 *                protect) the page is copied at the call instead
 *   out: handle (for READY) and ready (READY's answer right after the
 *   call).  The NI (the module's engine thread; held by debugfs
 *   engine_pause) later reads what the mode says and delivers it to
 *   dest_qp's receive side (below); ONE completion on qp, opcode
 *   ULDMA_WR_SEND_MODE, wr_id echoed, byte_len = length when delivered, or
 *   byte_len 0 and: EINVAL (dest_qp receives in PIO), ENOSPC (V2PDMA
 *   receive: no receive buffer posted of sufficient size), ENOBUFS (the
 *   receive buffer queue is full), ENOENT (dest_qp gone), ECANCELED (qp
 *   destroyed first).
 *   Buffer reuse (seed 2.1): under PIO, COPYDMA and PEXDMA the receiver
 *   gets the bytes the buffer held when SEND returned, whatever is written
 *   after; under DIRECTDMA and V2PDMA a write before the completion may
 *   change the message: test READY.
 *   The ioctl fails, and nothing is sent or pinned:
 *     EINVAL   mode > 4, length 0 or > ULDMA_SM_MTU, the range crossing a
 *              page, flags or reserved not 0, op unknown
 *     ENXIO    DIRECTDMA and the buffer not in this file's DMA buffer
 *     EFAULT   the buffer not mapped readable
 *     EBUSY    a send of that page of the DMA buffer is still in flight
 *     ENOENT   qp not this file's, dest_qp not reachable from it
 *     ENOBUFS  this file's completion queue has no room
 *     EAGAIN   ULDMA_SM_INFLIGHT sends in flight (device-wide)
 * ULDMA_SM_READY (DMA-Ready): handle (in) -> ready (out): 1 when the
 *   buffer may be reused now (its send completed, or its mode is
 *   classical), 0 while a DIRECTDMA or V2PDMA send of it is in flight.  A
 *   handle that names no send of this file in flight answers 1.
 * ULDMA_SM_RX_MODE: qp's receive mode (default COPYDMA).  PIO: EINVAL
 *   ("not used for receiving").
 * ULDMA_SM_POST_RECV: [addr, addr + length) (1 .. ULDMA_SM_MTU bytes, at
 *   most two pages) becomes qp's posted receive buffer, pinned: V2PDMA's
 *   pre-posted buffer (taken by one message of at most length bytes) or,
 *   under DIRECTDMA, the inbound mapping (kept).  length 0 drops it.
 *   EBUSY: one is posted already; EFAULT: not mapped writable.
 * ULDMA_SM_RECV: take qp's oldest buffered message (COPYDMA, PEXDMA, and
 *   DIRECTDMA without a mapping buffer it in the DMA buffer) into
 *   [addr, addr + length): out length (the message's) and how:
 *     ULDMA_SM_RX_COPY       copied (not PEXDMA, or addr not page aligned)
 *     ULDMA_SM_RX_EXCHANGED  PEXDMA, addr page aligned and inside this
 *                            file's mapped DMA buffer (writable), no send of
 *                            that page in flight: the page exchange (seed
 *                            2.2) -- the DMA buffer's page at addr IS the
 *                            received page from now on (the whole page:
 *                            the message, then zeros), the old page became
 *                            the NI's receive buffer; no byte copied
 *     ULDMA_SM_RX_EXCHANGE   PEXDMA, addr page aligned, elsewhere (memory a
 *                            module cannot remap) or the page in flight:
 *                            the core's EXCHANGE carried out as a copy of
 *                            the message's bytes
 *   ENODATA: none; EMSGSIZE: longer than length (the message stays);
 *   EFAULT: not writable (it stays).
 */
#define ULDMA_WR_SEND_MODE	3u
#define ULDMA_SM_PIO		0u
#define ULDMA_SM_COPYDMA	1u
#define ULDMA_SM_DIRECTDMA	2u
#define ULDMA_SM_V2PDMA		3u
#define ULDMA_SM_PEXDMA		4u
#define ULDMA_SM_MTU		4096u	/* seed 003 4: one page          */
#define ULDMA_SM_INFLIGHT	32u	/* sends in flight, device-wide   */
#define ULDMA_SM_RXQ		8u	/* buffered messages per QP       */
#define ULDMA_SM_SEND		0u
#define ULDMA_SM_READY		1u
#define ULDMA_SM_RX_MODE	2u
#define ULDMA_SM_POST_RECV	3u
#define ULDMA_SM_RECV		4u
#define ULDMA_SM_RX_COPY	0u
#define ULDMA_SM_RX_EXCHANGE	1u
#define ULDMA_SM_RX_EXCHANGED	2u	/* session 21: pages exchanged     */
/* The file's DMA buffer: up to ULDMA_SM_DMABUF_PAGES pages, MAP_SHARED. */
#define ULDMA_MMAP_SM		((__u64)0xfe << 17)
#define ULDMA_SM_DMABUF_PAGES	16u

struct uldma_send_mode {
	__u64 wr_id;		/* SEND: echoed in the completion           */
	__u64 addr;		/* SEND: buffer; POST_RECV, RECV: memory    */
	__u32 op;		/* ULDMA_SM_SEND ..                         */
	__u32 qp;		/* a QP of this file                        */
	__u32 dest_qp;		/* SEND: the target QP                      */
	__u32 mode;		/* SEND, RX_MODE: ULDMA_SM_PIO ..           */
	__u32 length;		/* SEND, POST_RECV: in; RECV: in/out        */
	__u32 handle;		/* SEND: out; READY: in                     */
	__u32 ready;		/* SEND, READY: out                         */
	__u32 how;		/* RECV: out                                */
	__u32 flags;		/* 0                                        */
	__u32 reserved;		/* 0                                        */
};

/*
 * The shadow window (ABI 10; seed 000 "shadow addressing" and its three
 * user-level DMA initiation algorithms, src/shadow.h, src/eng_shadow.h,
 * docs/homes.md "The shadow window").  On a real NIC a process starts a
 * DMA with plain loads and stores to shadow addresses, which its MMU
 * translates through shadow mappings the OS made, and which the NIC
 * decodes on the bus.  The kernel home has no such bus: one SHADOW ioctl
 * with op ULDMA_SH_ACCESS stands in for ONE load or store of the window
 * (there is no trap emulation), and the home does what the MMU and the
 * NIC would do with it -- translate through this file's shadow mappings
 * (src/shadow_os.c), then feed the access to the device's one recogniser
 * of the file's algorithm (src/eng_shadow.c), which moves the bytes
 * through the memory doors when the access completes a sequence.  The
 * issuing process is always the file: nothing in the request names a
 * context, a key's owner or a process.
 *
 * ULDMA_SH_OPEN: give this file a shadow context of algorithm alg (1, 2
 *   or 3).  out: ctx -- algorithm 1: its register context (0 .. 7; its
 *   register page is at ULDMA_SH_REG), algorithm 2: its context id (0 ..
 *   3: the two bits the OS puts into its shadow physical addresses),
 *   algorithm 3: 0; key -- algorithm 1: the context's key (the data word
 *   of an address STORE is key * 8 + ctx), else 0.  EINVAL alg not 1..3;
 *   EBUSY this file has one; ENOSPC every context of alg is taken
 *   (algorithm 1: 8, algorithm 2: 4; algorithm 3 needs none).
 * ULDMA_SH_MAP: shadow the page holding addr (a virtual address of this
 *   process below ULDMA_SH_VBIT) with rights (ULDMA_SH_R_READ | _WRITE):
 *   the page is pinned, entered into the context's page table with
 *   rights, and its shadow page mapped.  The rights must be ones the
 *   process has on the page now.  out: saddr = shadow(addr) =
 *   ULDMA_SH_VBIT + addr.  EBADFD no OPEN; ERANGE addr >= ULDMA_SH_VBIT;
 *   EINVAL rights not 1..3; EACCES the process lacks a right asked for;
 *   EFAULT the page is not mapped; EBUSY already shadowed; ENOSPC
 *   ULDMA_SH_PAGES pages shadowed.
 * ULDMA_SH_UNMAP: the page holding addr loses its shadow and its pin.
 *   ENOENT: not shadowed.
 * A shadowed page the process unmaps, changes the protection of (even
 *   to the same rights) or drops (MADV_DONTNEED), or whose process exits,
 *   loses its shadow before that call returns (accesses to it: ENOENT;
 *   MAP it again with the rights it has now), and its pin at the file's
 *   next SHADOW call or close.  fork leaves shadows alone.
 * Losing a page (UNMAP, the above, a file's close) makes the device's
 *   recognisers forget every argument they hold: a sequence under way,
 *   of any file, fails and is issued again.
 * ULDMA_SH_ACCESS: one access of kind (ULDMA_SH_STORE with data, or
 *   ULDMA_SH_LOAD) at addr: a shadow address (ULDMA_SH_VBIT + v) or,
 *   algorithm 1, the context's register page (ULDMA_SH_REG).  The ioctl
 *   fails and the engine sees nothing when the access does not reach it:
 *   EBADFD no OPEN; EINVAL kind > 1; ERANGE addr neither in the shadow
 *   range [ULDMA_SH_VBIT, 2 * ULDMA_SH_VBIT) nor the register page (which
 *   only algorithm 1 has); ENOENT no shadow mapping of addr's page (never
 *   mapped, or unmapped); EACCES the mapping lacks the right the access
 *   needs (write for a STORE, read for a LOAD).  Otherwise it returns 0
 *   with out: step -- the recogniser's answer: 0 nothing yet, 1 this
 *   access started the DMA and its bytes are moved, or a negative
 *   ud_status; status -- 0, or that refusal as an errno (ENOKEY a wrong
 *   key, EPROTO the sequence broke, EFAULT a size of 0, above 4096 or
 *   crossing a page, EINVAL / ERANGE not an engine access); value -- for
 *   a LOAD, the status word it reads (ULDMA_SH_FAILURE, _SUCCESS, _DONE).
 *   A refused step moves no byte.
 * In every op flags, reserved, ctx and key (in) must be 0 (EINVAL), and
 * the caller must be the process that opened the file (EINVAL).
 */
#define ULDMA_SH_OPEN		0u
#define ULDMA_SH_MAP		1u
#define ULDMA_SH_UNMAP		2u
#define ULDMA_SH_ACCESS		3u
#define ULDMA_SH_STORE		0u	/* UD_BUS_STORE */
#define ULDMA_SH_LOAD		1u	/* UD_BUS_LOAD  */
#define ULDMA_SH_R_READ		1u
#define ULDMA_SH_R_WRITE	2u
#define ULDMA_SH_FAILURE	0u
#define ULDMA_SH_SUCCESS	1u
#define ULDMA_SH_DONE		2u	/* algorithm 3: this LOAD started it */
#define ULDMA_SH_VBIT		(1ull << 46)	/* shadow(v) = VBIT + v      */
#define ULDMA_SH_REG		(1ull << 47)	/* algorithm 1's register page */
#define ULDMA_SH_PAGES		16u	/* pages shadowed per file          */
#define ULDMA_SH_MAX_SIZE	4096u	/* one DMA: 1 .. 4096, in one page  */

struct uldma_shadow {
	__u32 op;		/* ULDMA_SH_OPEN ..                         */
	__u32 alg;		/* OPEN: 1, 2 or 3                          */
	__u64 addr;		/* MAP, UNMAP: VA; ACCESS: shadow / reg     */
	__u64 saddr;		/* MAP: out, shadow(addr)                   */
	__u32 kind;		/* ACCESS: ULDMA_SH_STORE / _LOAD           */
	__u32 data;		/* ACCESS: a STORE's data; MAP: rights      */
	__u32 value;		/* ACCESS: out, the word a LOAD reads       */
	__s32 step;		/* ACCESS: out, the recogniser's answer     */
	__s32 status;		/* ACCESS: out, 0 or -errno of step         */
	__u32 ctx;		/* OPEN: out                                */
	__u32 key;		/* OPEN: out                                */
	__u32 flags;		/* 0                                        */
	__u64 reserved;		/* 0                                        */
};

/*
 * Virtual interfaces (ABI 11; seed 002 "Memory Management in a combined
 * VIA/SCI Hardware", src/tpt.h, src/eng_via.h, docs/homes.md "Virtual
 * interfaces").  The device is a bridge with two nodes' translation and
 * protection tables, both nodes' memory being this host's: node 0, the
 * active node, whose DMA engine runs the descriptors (its upstream table
 * holds the pages descriptors read, its downstream table the import
 * windows descriptors write through), and node 1, the exporter (its
 * upstream table holds the pages importers write).  Every page entered
 * carries the protection tag of a virtual interface (VI); the engine
 * compares it with the tag of the VI whose descriptor it runs, on both
 * pages of every piece, before a byte moves.  A VI is this file's, and
 * its tag is the kernel's choice, never the caller's.
 *
 * ULDMA_VIA_CREATE: a new VI of this file.  out: vi (0 .. 63), tag (a
 *   tag no other live VI has).  vi must be 0 in (EINVAL); ENOSPC all 64
 *   VIs live.
 * ULDMA_VIA_DESTROY: VI vi of this file goes, with every export made
 *   with it (and every import of those, any file's) and every import made
 *   with it; their pages are unpinned.  ENOENT: not a VI of this file.
 * ULDMA_VIA_EXPORT: pin [addr, addr + len) of this process (addr and len
 *   page-aligned, len 1 .. ULDMA_VIA_EXPORT_PAGES pages) and enter each
 *   page with vi's tag in node's upstream table: ULDMA_VIA_NODE_LOCAL
 *   (node 0: pages descriptors of vi read; the process must be allowed
 *   to read them) or ULDMA_VIA_NODE_REMOTE (node 1: pages importers
 *   write; the process must be allowed to write them).  The range
 *   starts at a 16 kB import page of the node's space and takes whole
 *   ones (the pages after its end up to the next 16 kB stay not
 *   exported).  out: la, the first page's address in the node's virtual
 *   local PCI space (LOCAL: what a descriptor's la names), handle, the
 *   name IMPORT and UNEXPORT use.  EINVAL node or alignment, ERANGE too
 *   long, ENOENT vi not this file's, EACCES a right the process lacks,
 *   EFAULT memory not mapped, ENOSPC the file holds
 *   ULDMA_VIA_FILE_PAGES pages or the node's table is full.
 * ULDMA_VIA_UNEXPORT: the export named by handle (this file's) goes,
 *   with every import of it.  ENOENT: no such export of this file.
 * ULDMA_VIA_IMPORT: an import window on node 0 mapping the REMOTE export
 *   named by handle (any file's: its exporter hands the handle over),
 *   entered with vi's tag.  out: ra, the window's first byte in node 0's
 *   import space (16 kB pages): descriptors of vi may write [ra, ra +
 *   the export's length).  ENOENT vi not this file's, ENOKEY no export
 *   has that handle, EINVAL a LOCAL export, ENOSPC no room.
 * ULDMA_VIA_POST: one descriptor (la, ra, plen) on vi, this file's VI --
 *   what one write to the VI's doorbell page does on a real NIC (the NIC
 *   reads the doorbell page; here one ioctl stands in for one doorbell
 *   write).  The engine runs it before the ioctl returns: cut at every
 *   page end of either side, each piece's source translated through node
 *   0's upstream table and its destination through node 0's downstream
 *   and node 1's upstream table, with vi's tag, before it moves; the run
 *   stops at the first piece refused.  ENOENT: vi not this file's, nothing
 *   run.  Otherwise 0, and the descriptor's one completion in the reply:
 *   moved (the bytes before the first refused piece, all plen when
 *   none), core_status (the engine's ud_status) and status (0, or it as
 *   -errno: EINVAL plen 0 or above ULDMA_VIA_MAX_LEN, EOVERFLOW la or ra
 *   + plen wraps, ENOENT a page not in a table, EACCES a tag that
 *   differs, ERANGE an address past a table's window).
 * In every op tag, flags and reserved must be 0 (EINVAL: nothing in a
 * request names a tag), and the caller must be the process that opened
 * the file (EINVAL).  Closing the file
 * destroys its VIs.  An exported page stays pinned until its export
 * goes, whatever the process does to its mapping.
 */
#define ULDMA_VIA_CREATE	0u
#define ULDMA_VIA_DESTROY	1u
#define ULDMA_VIA_EXPORT	2u
#define ULDMA_VIA_UNEXPORT	3u
#define ULDMA_VIA_IMPORT	4u
#define ULDMA_VIA_POST		5u
#define ULDMA_VIA_NODE_LOCAL	0u	/* node 0: descriptors read it     */
#define ULDMA_VIA_NODE_REMOTE	1u	/* node 1: importers write it      */
#define ULDMA_VIA_NVI		64u	/* VIs of the device               */
#define ULDMA_VIA_MAX_LEN	0x100000u	/* one descriptor: 1 MiB   */
#define ULDMA_VIA_EXPORT_PAGES	512u	/* pages of one export             */
#define ULDMA_VIA_FILE_PAGES	1024u	/* pages a file may have exported  */
#define ULDMA_VIA_IMPORT_PAGE	16384u	/* an import page (seed 002 4.1)   */

struct uldma_via {
	__u32 op;		/* ULDMA_VIA_CREATE ..                      */
	__u32 vi;		/* CREATE: out; the others: in              */
	__u32 tag;		/* CREATE: out                              */
	__u32 node;		/* EXPORT: ULDMA_VIA_NODE_*                 */
	__u64 addr;		/* EXPORT: this process's VA                */
	__u64 len;		/* EXPORT: bytes                            */
	__u64 handle;		/* EXPORT: out; UNEXPORT, IMPORT: in        */
	__u64 la;		/* EXPORT: out; POST: source                */
	__u64 ra;		/* IMPORT: out; POST: destination           */
	__u32 plen;		/* POST: bytes                              */
	__u32 moved;		/* POST: out, bytes moved                   */
	__s32 status;		/* POST: out, 0 or -errno                   */
	__s32 core_status;	/* POST: out, the engine's ud_status        */
	__u32 flags;		/* 0                                        */
	__u32 reserved;		/* 0                                        */
};

#define ULDMA_IOC(nr, type)	_IOWR(ULDMA_IOC_MAGIC, nr, type)
#define ULDMA_IOC_QUERY		ULDMA_IOC(0x00, struct uldma_query)
#define ULDMA_IOC_ALLOC_PD	ULDMA_IOC(0x01, struct uldma_pd)
#define ULDMA_IOC_DEALLOC_PD	ULDMA_IOC(0x02, struct uldma_pd)
#define ULDMA_IOC_REG_MR	ULDMA_IOC(0x03, struct uldma_reg_mr)
#define ULDMA_IOC_DEREG_MR	ULDMA_IOC(0x04, struct uldma_dereg_mr)
#define ULDMA_IOC_CHECK		ULDMA_IOC(0x05, struct uldma_check)
#define ULDMA_IOC_CREATE_QP	ULDMA_IOC(0x06, struct uldma_create_qp)
#define ULDMA_IOC_DESTROY_QP	ULDMA_IOC(0x07, struct uldma_destroy_qp)
#define ULDMA_IOC_POST		ULDMA_IOC(0x08, struct uldma_post)
#define ULDMA_IOC_POLL		ULDMA_IOC(0x09, struct uldma_poll)
#define ULDMA_IOC_ALLOC_MW	ULDMA_IOC(0x0a, struct uldma_alloc_mw)
#define ULDMA_IOC_BIND_MW	ULDMA_IOC(0x0b, struct uldma_bind_mw)
#define ULDMA_IOC_DEALLOC_MW	ULDMA_IOC(0x0c, struct uldma_dealloc_mw)
#define ULDMA_IOC_CONNECT_QP	ULDMA_IOC(0x0d, struct uldma_connect_qp)
#define ULDMA_IOC_DOORBELL	ULDMA_IOC(0x0e, struct uldma_doorbell)
#define ULDMA_IOC_VA_WRITE	ULDMA_IOC(0x0f, struct uldma_va_write)
#define ULDMA_IOC_SEND_MODE	ULDMA_IOC(0x10, struct uldma_send_mode)
#define ULDMA_IOC_SHADOW	ULDMA_IOC(0x11, struct uldma_shadow)
#define ULDMA_IOC_VIA		ULDMA_IOC(0x12, struct uldma_via)

#endif /* _UAPI_ULDMA_H */
