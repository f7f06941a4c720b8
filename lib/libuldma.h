/* SPDX-License-Identifier: MIT */
/*
 * lib/libuldma.h -- a small C library over /dev/uldma (kmod/uapi/uldma.h).
 *
 * Thin on purpose: each call is one ioctl (or, on a QP whose send ring is
 * mapped, a post is a few stores into the ring: uldma_map_qp), every verb
 * is decided by the verified core in the kernel module, and nothing is
 * cached here but the addresses of the mapped rings.  Names
 * follow rdma-core's verbs (alloc_pd, reg_mr, create_qp, post, poll).
 *
 * Every function returns 0 (uldma_open: a file descriptor; uldma_poll: the
 * number of completions) or a negative errno; errno itself is left as the
 * system call set it.  uldma_strerror(err) says what an error means here
 * (the table of kmod/uapi/uldma.h).  A work request's own verdict is not the post's
 * result but its completion's status (0 or a negative errno).  Since ABI 3
 * a post only queues the request for the module's engine thread: its
 * completion comes later, so wait for it with uldma_poll_wait (or poll
 * until it is there).
 *
 *     int fd = uldma_open();
 *     uldma_alloc_pd(fd, &pd);
 *     uldma_reg_mr(fd, pd, src, len, 0, &slkey, NULL);
 *     uldma_reg_mr(fd, pd, dst, len, ULDMA_ACC_LOCAL_WRITE |
 *                  ULDMA_ACC_REMOTE_WRITE, &dlkey, &drkey);
 *     uldma_create_qp(fd, pd, &qp);
 *     uldma_post_write(fd, qp, qp, 1, src, slkey, dst, drkey, len);
 *     uldma_poll_wait(fd, &wc, 1, 1000);  -> 1, wc.status 0, wc.byte_len len
 *
 * Built shared (libuldma.so.0) and static (libuldma.a) by lib/Makefile,
 * installed with a pkg-config file: cc prog.c $(pkg-config --cflags --libs
 * uldma).  The rdma-core-style names (uldma_open_device,
 * uldma_query_device, uldma_poll_cq, uldma_post_send, ...) and the short
 * ones (uldma_open, uldma_query, uldma_poll, uldma_post) are the same
 * calls.
 */
#ifndef LIBULDMA_H
#define LIBULDMA_H

#include <stddef.h>
#include <stdint.h>

#include "uldma.h"

#define ULDMA_DEV_PATH "/dev/uldma"

/* A new context (one open file): its PDs, regions, QPs and completions. */
int uldma_open(void);
int uldma_close(int fd);
int uldma_query(int fd, struct uldma_query *q);
/* The same three under rdma-core's names (ibv_open_device, ...). */
int uldma_open_device(void);
int uldma_close_device(int fd);
int uldma_query_device(int fd, struct uldma_query *q);

int uldma_alloc_pd(int fd, uint32_t *pd);
int uldma_dealloc_pd(int fd, uint32_t pd);

/*
 * Register [addr, addr + len) in pd; rkey is 0 unless a remote right was
 * asked for.  lkey / rkey may be NULL.  Since ABI 6 the module watches
 * the range: once it is unmapped, made read-only, dropped (MADV_DONTNEED)
 * or its process exits, the region is deregistered by the module (its
 * keys fail with ENOKEY; uldma_dereg_mr of it answers 0 once).  -EAGAIN:
 * the range kept changing while it was being pinned; try again.
 */
int uldma_reg_mr(int fd, uint32_t pd, const void *addr, size_t len,
		 uint32_t access, uint32_t *lkey, uint32_t *rkey);
int uldma_dereg_mr(int fd, uint32_t lkey);

int uldma_create_qp(int fd, uint32_t pd, uint32_t *qp);
int uldma_destroy_qp(int fd, uint32_t qp);
/*
 * Connect qp (this context's) to remote_qp, a QP of another context (a
 * number its owner sent, with the keys it grants), or disconnect it
 * (ULDMA_QP_NONE).  Requests on qp may target remote_qp only while each
 * is connected to the other (ABI 4; kmod/uapi/uldma.h, CONNECT_QP).
 */
int uldma_connect_qp(int fd, uint32_t qp, uint32_t remote_qp);

/* Any work request (opcode ULDMA_WR_*); the two below are the usual ones. */
int uldma_post(int fd, const struct uldma_post *wr);
int uldma_post_send(int fd, const struct uldma_post *wr);	/* the same */

/*
 * RDMA write: len bytes from local (through lkey) to remote (through
 * rkey, a region of dest_qp's PD).
 */
int uldma_post_write(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		     const void *local, uint32_t lkey, const void *remote,
		     uint32_t rkey, uint32_t len);
/* RDMA read: len bytes from remote (through rkey) into local (lkey). */
int uldma_post_read(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		    void *local, uint32_t lkey, const void *remote,
		    uint32_t rkey, uint32_t len);
/*
 * Virtual-address write (ABI 8; kmod/uapi/uldma.h "Virtual-address
 * transfers"): len bytes from src to dst, both of this process and below
 * ULDMA_VA_ADDR_LIM (2^39), no key and no registration; pages not present
 * are paged in by the kernel's fault path.  One completion on qp (opcode
 * ULDMA_WR_VA_WRITE): 0, -EACCES (a page without the right), -EFAULT (an
 * unmapped page), -ECANCELED.  Returns 0 or -EINVAL, -ENOENT, -ENOBUFS,
 * -EBUSY (qp has a VA write outstanding).
 */
int uldma_post_va_write(int fd, uint32_t qp, uint64_t wr_id, const void *src,
			void *dst, uint32_t len);

/*
 * Send modes (ABI 9; seed 003; kmod/uapi/uldma.h "Send modes").  mode is
 * ULDMA_SM_PIO, _COPYDMA, _DIRECTDMA, _V2PDMA or _PEXDMA.
 * uldma_sm_map_dmabuf maps this context's DMA buffer (npages <= 16,
 * shared; NULL with errno set on failure): memory pinned for DMA "at
 * startup", required by DIRECTDMA, and where PEXDMA's copy-on-write is
 * real (elsewhere PEXDMA copies at the send call).  uldma_sm_send sends
 * [buf, buf + len) (one page at most, not crossing one) on qp to dest_qp:
 * 0 or -EINVAL, -ENXIO, -EFAULT, -EBUSY, -ENOENT, -ENOBUFS, -EAGAIN; its
 * one completion (opcode ULDMA_WR_SEND_MODE) comes through uldma_poll.
 * *handle (may be NULL) names the send for uldma_sm_ready, the seed's
 * DMA-Ready(): 1 when buf may be reused now, 0 while a DIRECTDMA or
 * V2PDMA send of it is in flight, or a negative errno.
 * uldma_sm_rx_mode sets qp's receive mode (default COPYDMA; PIO -EINVAL);
 * uldma_sm_post_recv posts buf as qp's receive buffer (V2PDMA's
 * pre-posted one, DIRECTDMA's inbound mapping; len 0 drops it);
 * uldma_sm_recv takes qp's oldest buffered message into buf: its length,
 * or -ENODATA (none), -EMSGSIZE (longer than len); *how (may be NULL) is
 * ULDMA_SM_RX_COPY, ULDMA_SM_RX_EXCHANGED (PEXDMA into a page-aligned
 * page of the mapped DMA buffer: the pages were exchanged, no byte
 * copied) or ULDMA_SM_RX_EXCHANGE (the core's EXCHANGE carried out as a
 * copy: ordinary memory, or the page has a send in flight).
 */
void *uldma_sm_map_dmabuf(int fd, uint32_t npages);
int uldma_sm_send(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		  uint32_t mode, const void *buf, uint32_t len,
		  uint32_t *handle);
int uldma_sm_ready(int fd, uint32_t qp, uint32_t handle);
int uldma_sm_rx_mode(int fd, uint32_t qp, uint32_t mode);
int uldma_sm_post_recv(int fd, uint32_t qp, void *buf, uint32_t len);
int uldma_sm_recv(int fd, uint32_t qp, void *buf, uint32_t len,
		  uint32_t *how);

/*
 * The shadow window (ABI 10; seed 000; kmod/uapi/uldma.h "The shadow
 * window").  uldma_shadow_open gives fd a shadow context of algorithm
 * alg (1, 2, 3) and fills *sc (the fd, the algorithm, and for algorithm
 * 1 its register context and key, for 2 its context id).
 * uldma_shadow_map shadows the page holding addr (below ULDMA_SH_VBIT:
 * map buffers there with a hint) with rights ULDMA_SH_R_READ | _WRITE
 * the process has; uldma_shadow_unmap undoes it.  uldma_shadow_addr(p)
 * is shadow(p) = ULDMA_SH_VBIT + p, the address the accesses name.
 * One access of the window is one system call (the kernel home has no
 * shadow bus; each stands in for one load or store):
 * uldma_shadow_access fills *out (may be NULL) and returns the ioctl's
 * 0 or -errno (the access did not reach the engine: ERANGE, ENOENT,
 * EACCES, EBADFD, EINVAL); uldma_shadow_store and uldma_shadow_load
 * return that error, else the engine's refusal (its -errno: ENOKEY,
 * EPROTO, EFAULT ...), else 1 when this access started the DMA (its
 * bytes are moved when it returns), else 0; a load's word (ULDMA_SH_*
 * FAILURE, SUCCESS, DONE) goes to *value (may be NULL).
 * uldma_shadow_copy issues the whole sequence of sc's algorithm for one
 * DMA of size bytes (1 .. 4096, neither range crossing a page; both
 * pages shadowed -- algorithm 1 stores to both, so both need write):
 * Fig. 1 (STORE key#ctx TO shadow(dst), the same TO shadow(src), STORE
 * size TO the register page, LOAD the status), Fig. 2 (STORE size TO
 * shadow(dst), LOAD FROM shadow(src)) or Fig. 3 (STORE, LOAD, STORE,
 * LOAD, LOAD, again from 1 on a FAILURE, at most 8 times: -EAGAIN).
 * 0 when the DMA was started and its bytes are moved, else the first
 * error.  The context is the fd's (one process); calls on one sc are
 * not locked against each other.
 */
struct uldma_shadow_ctx {
	int fd;
	uint32_t alg;
	uint32_t ctx;
	uint32_t key;
};
int uldma_shadow_open(int fd, uint32_t alg, struct uldma_shadow_ctx *sc);
int uldma_shadow_map(int fd, const void *addr, uint32_t rights);
int uldma_shadow_unmap(int fd, const void *addr);
uint64_t uldma_shadow_addr(const void *addr);
int uldma_shadow_access(int fd, uint32_t kind, uint64_t addr, uint32_t data,
			struct uldma_shadow *out);
int uldma_shadow_store(int fd, uint64_t addr, uint32_t data);
int uldma_shadow_load(int fd, uint64_t addr, uint32_t *value);
int uldma_shadow_copy(const struct uldma_shadow_ctx *sc, const void *src,
		      void *dst, uint32_t size);

/*
 * Virtual interfaces (ABI 11; seed 002; kmod/uapi/uldma.h "Virtual
 * interfaces").  uldma_via_create gives fd a new VI and returns its
 * number (0 .. 63) or -errno; its tag (the kernel's choice) goes to *tag
 * (may be NULL).  uldma_via_destroy ends one with all its exports and
 * imports.  uldma_via_export pins len bytes at addr (both page-aligned)
 * and enters them with vi's tag on node ULDMA_VIA_NODE_LOCAL (what vi's
 * descriptors read) or ULDMA_VIA_NODE_REMOTE (what importers write): *la
 * is the first page's address in that node's space, *handle the export's
 * name (either may be NULL).  uldma_via_unexport withdraws it (and its
 * imports).  uldma_via_import maps the REMOTE export named by handle
 * (any process's: its exporter hands the handle over) into node 0's
 * import space with vi's tag: *ra its first byte.  uldma_via_post posts
 * one descriptor (la, ra, len) on vi -- one system call standing in for
 * one write of vi's doorbell page -- which the engine runs before it
 * returns; the descriptor's one completion goes to *out (may be NULL:
 * moved, status 0 or -errno, core_status); it returns 0 when the
 * descriptor reached the engine, else -errno (ENOENT: not a VI of fd;
 * nothing run).  uldma_via_write is the same returning that error, else
 * the completion's status, with the bytes moved in *moved (may be NULL).
 * All -errno on failure, nothing filled.
 */
int uldma_via_create(int fd, uint32_t *tag);
int uldma_via_destroy(int fd, uint32_t vi);
int uldma_via_export(int fd, uint32_t vi, uint32_t node, const void *addr,
		     uint64_t len, uint64_t *la, uint64_t *handle);
int uldma_via_unexport(int fd, uint64_t handle);
int uldma_via_import(int fd, uint32_t vi, uint64_t handle, uint64_t *ra);
int uldma_via_post(int fd, uint32_t vi, uint64_t la, uint64_t ra,
		   uint32_t len, struct uldma_via *out);
int uldma_via_write(int fd, uint32_t vi, uint64_t la, uint64_t ra,
		    uint32_t len, uint32_t *moved);

/*
 * Posting with no system call (ABI 5; kmod/uapi/uldma.h, "Posting with no
 * system call").  uldma_map_qp maps qp's send ring and status page (qp a
 * QP of this context); from then on uldma_post_write, uldma_post_read and
 * uldma_post_ring post on qp by writing a slot and storing the producer
 * index -- a few stores, no system call -- and the kernel's engine thread
 * takes the request within its polling interval (or at once: the
 * doorbell, below, on by default where the module has it).  Completions still come
 * through uldma_poll.  A post through the ring answers 0 (written: its one
 * completion will come, with the verdict of POST's checks), -EAGAIN (the
 * ring holds ULDMA_RING_DEPTH requests the kernel has not taken yet: poll
 * completions, then post again) or -ERANGE (the kernel refused the ring's
 * producer index; not from this library's own posts).  POST's ENOENT for
 * dest_qp comes as the completion's status instead.  uldma_post (the
 * ioctl) stays available on a mapped QP; the order between requests posted
 * both ways is not defined.  uldma_unmap_qp (and uldma_destroy_qp,
 * uldma_close) undo the mapping; uldma_create_qp forgets a mapping left
 * for its QP's number by a context closed without uldma_close.  The mapping table is per process and not
 * locked: map, unmap and post on one QP from one thread at a time.
 */
int uldma_map_qp(int fd, uint32_t qp);
int uldma_unmap_qp(int fd, uint32_t qp);
/* 1: qp of fd is mapped (posts go through its ring), else 0. */
int uldma_qp_mapped(int fd, uint32_t qp);
int uldma_post_ring(int fd, uint32_t qp, const struct uldma_wqe *wqe);
/*
 * The same, with ibv_post_send's meaning: through the ring (-ENOENT: qp
 * not mapped), then the doorbell when it is on for qp (below).
 */
int uldma_post_send_db(int fd, uint32_t qp, const struct uldma_wqe *wqe);

/*
 * The doorbell (ABI 7; kmod/uapi/uldma.h, "The doorbell").  Without one the
 * engine thread finds a ring's WQEs on its next poll (up to 50 us while
 * traffic flows, a jiffy when idle); the doorbell is one system call that
 * takes qp's ring at once and runs its requests in that call, as
 * rdma-core's rxe provider rings its own after each post.  uldma_map_qp
 * turns it on when the module has it (ABI >= 7): uldma_post_write,
 * uldma_post_read and uldma_post_send_db then ring it after each WQE (its
 * error is not theirs: the WQE is in the ring and will be taken anyway);
 * uldma_post_ring never rings.  uldma_qp_doorbell(fd, qp, 0) turns it off
 * for a mapped qp (posts with no system call at all), 1 back on (-ENOTTY:
 * the module has no doorbell; -ENOENT: qp not mapped).
 * uldma_ring_doorbell rings it once by hand: 0, -ENOENT (qp not this
 * context's), -EBADFD (qp's ring was never mapped), -ERANGE (the ring's
 * producer index is refused), -ENOTTY (a module before ABI 7).
 */
int uldma_qp_doorbell(int fd, uint32_t qp, int on);
int uldma_ring_doorbell(int fd, uint32_t qp);

/*
 * Polling with no system call (ABI 6; kmod/uapi/uldma.h, "Polling with no
 * system call").  uldma_map_cq maps this context's completion ring
 * (read-only) and its consumer page; from then on uldma_poll,
 * uldma_poll_cq and uldma_poll_wait take completions from the ring with a
 * few loads and one store -- no system call -- and only a wait on an
 * empty ring (uldma_poll_wait with a timeout) enters the kernel.  Without
 * a mapping they use the POLL ioctl, as before.  A mapped ring is never
 * overrun: a post without room for its completion is refused (ENOBUFS) or
 * waits in its send ring.  -ERANGE: the consumer index was broken (not by
 * this library).  uldma_unmap_cq (and uldma_close) undo the mapping;
 * completions keep going to the ring, and POLL takes from it.  -EBUSY:
 * more than ULDMA_CQ_DEPTH completions were pending when mapping.  The
 * table is per process and not locked, like the QPs'.
 */
int uldma_map_cq(int fd);
int uldma_unmap_cq(int fd);
/* 1: fd's completion ring is mapped here, else 0. */
int uldma_cq_mapped(int fd);

/* Up to max completions, oldest first: how many (0 when none). */
int uldma_poll(int fd, struct uldma_wc *wc, unsigned int max);
/*
 * The same, but when none is there yet, sleep up to timeout_ms for one
 * (0: do not wait); 0 when still none, -EINTR on a signal.
 */
int uldma_poll_wait(int fd, struct uldma_wc *wc, unsigned int max,
		    unsigned int timeout_ms);
/* uldma_poll with ibv_poll_cq's argument order. */
int uldma_poll_cq(int fd, unsigned int max, struct uldma_wc *wc);

/*
 * Memory windows: a window in pd with an unbound R_Key; bind it through
 * qp to [addr, addr + len) of the region lkey names, with remote rights
 * access (*rkey in: the window's current R_Key; out: the new one; len 0
 * invalidates); deallocate it.
 */
int uldma_alloc_mw(int fd, uint32_t pd, uint32_t *mw, uint32_t *rkey);
int uldma_bind_mw(int fd, uint32_t qp, uint32_t mw, uint32_t *rkey,
		  uint32_t lkey, const void *addr, size_t len,
		  uint32_t access);
int uldma_dealloc_mw(int fd, uint32_t mw);

/*
 * What err (a negative errno from any call above, or a completion's
 * status; a positive errno is read the same) means for /dev/uldma: a
 * constant string, never NULL; "unknown error" for a value the device
 * never gives.
 */
const char *uldma_strerror(int err);

#endif /* LIBULDMA_H */
