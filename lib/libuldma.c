// SPDX-License-Identifier: MIT
/* lib/libuldma.c -- see libuldma.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libuldma.h"

static int uldma_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) == 0 ? 0 : -errno;
}

static uint64_t uldma_ptr(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

int uldma_open(void)
{
	int fd = open(ULDMA_DEV_PATH, O_RDWR | O_CLOEXEC);

	return fd >= 0 ? fd : -errno;
}

/*
 * The mapped rings of this process, by QP number (QP numbers are the
 * device's, so one QP is in one context): fd, ring and status page.
 */
#define ULDMA_LIB_MAXQP 64
static struct {
	int fd;
	struct uldma_sq_ring *ring;
	const struct uldma_sq_status *st;
	int db;		/* ring the doorbell after each post (ABI 7) */
} uldma_maps[ULDMA_LIB_MAXQP];

static struct uldma_sq_ring *uldma_ring(int fd, uint32_t qp)
{
	if (qp >= ULDMA_LIB_MAXQP || !uldma_maps[qp].ring ||
	    uldma_maps[qp].fd != fd)
		return NULL;
	return uldma_maps[qp].ring;
}

int uldma_qp_mapped(int fd, uint32_t qp)
{
	return uldma_ring(fd, qp) != NULL;
}

int uldma_map_qp(int fd, uint32_t qp)
{
	struct uldma_query q;
	void *ring, *st;
	int err;

	if (qp >= ULDMA_LIB_MAXQP)
		return -ENOENT;
	if (uldma_ring(fd, qp))
		return 0;
	if (uldma_maps[qp].ring)	/* a dead context's mapping */
		uldma_unmap_qp(uldma_maps[qp].fd, qp);
	ring = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, (off_t)ULDMA_MMAP_SQ(qp));
	if (ring == MAP_FAILED)
		return -errno;
	st = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ, MAP_SHARED, fd,
		  (off_t)ULDMA_MMAP_SQ_STATUS(qp));
	if (st == MAP_FAILED) {
		err = -errno;
		munmap(ring, ULDMA_MMAP_LEN);
		return err;
	}
	uldma_maps[qp].fd = fd;
	uldma_maps[qp].ring = ring;
	uldma_maps[qp].st = st;
	/* The module rings a doorbell from ABI 7 on: then post rings it. */
	uldma_maps[qp].db = uldma_query(fd, &q) == 0 && q.abi_version >= 7;
	return 0;
}

int uldma_qp_doorbell(int fd, uint32_t qp, int on)
{
	struct uldma_query q;

	if (!uldma_ring(fd, qp))
		return -ENOENT;
	if (on && (uldma_query(fd, &q) || q.abi_version < 7))
		return -ENOTTY;
	uldma_maps[qp].db = on != 0;
	return 0;
}

int uldma_ring_doorbell(int fd, uint32_t qp)
{
	struct uldma_doorbell d = { .qp = qp };

	return uldma_ioctl(fd, ULDMA_IOC_DOORBELL, &d);
}

/*
 * After a WQE went into qp's ring: the doorbell, if on.  Its error is not
 * the post's -- the WQE is in the ring, and the engine's poll finds it.
 */
static void uldma_db_after_post(int fd, uint32_t qp)
{
	if (uldma_maps[qp].db)
		(void)uldma_ring_doorbell(fd, qp);
}

int uldma_unmap_qp(int fd, uint32_t qp)
{
	if (!uldma_ring(fd, qp))
		return -ENOENT;
	munmap(uldma_maps[qp].ring, ULDMA_MMAP_LEN);
	munmap((void *)(uintptr_t)uldma_maps[qp].st, ULDMA_MMAP_LEN);
	uldma_maps[qp].ring = NULL;
	uldma_maps[qp].st = NULL;
	return 0;
}

/* A few stores: the slot, then the producer index (release). */
int uldma_post_ring(int fd, uint32_t qp, const struct uldma_wqe *wqe)
{
	struct uldma_sq_ring *ring = uldma_ring(fd, qp);
	const struct uldma_sq_status *st;
	uint32_t prod, cons;

	if (!ring)
		return -ENOENT;
	st = uldma_maps[qp].st;
	prod = ring->producer;
	cons = __atomic_load_n(&st->consumer, __ATOMIC_ACQUIRE);
	if (__atomic_load_n(&st->error, __ATOMIC_RELAXED) && prod - cons >
	    ULDMA_RING_DEPTH)
		return -ERANGE;
	if (prod - cons >= ULDMA_RING_DEPTH)
		return -EAGAIN;
	ring->wqe[prod % ULDMA_RING_DEPTH] = *wqe;
	__atomic_store_n(&ring->producer, prod + 1, __ATOMIC_RELEASE);
	return 0;
}

int uldma_post_send_db(int fd, uint32_t qp, const struct uldma_wqe *wqe)
{
	int err = uldma_post_ring(fd, qp, wqe);

	if (!err)
		uldma_db_after_post(fd, qp);
	return err;
}

int uldma_close(int fd)
{
	uint32_t qp;

	for (qp = 0; qp < ULDMA_LIB_MAXQP; qp++)
		uldma_unmap_qp(fd, qp);
	uldma_unmap_cq(fd);
	return close(fd) == 0 ? 0 : -errno;
}

int uldma_query(int fd, struct uldma_query *q)
{
	memset(q, 0, sizeof(*q));
	return uldma_ioctl(fd, ULDMA_IOC_QUERY, q);
}

int uldma_open_device(void)
{
	return uldma_open();
}

int uldma_close_device(int fd)
{
	return uldma_close(fd);
}

int uldma_query_device(int fd, struct uldma_query *q)
{
	return uldma_query(fd, q);
}

int uldma_alloc_pd(int fd, uint32_t *pd)
{
	struct uldma_pd a = { 0 };
	int err = uldma_ioctl(fd, ULDMA_IOC_ALLOC_PD, &a);

	if (!err)
		*pd = a.pd;
	return err;
}

int uldma_dealloc_pd(int fd, uint32_t pd)
{
	struct uldma_pd a = { .pd = pd };

	return uldma_ioctl(fd, ULDMA_IOC_DEALLOC_PD, &a);
}

int uldma_reg_mr(int fd, uint32_t pd, const void *addr, size_t len,
		 uint32_t access, uint32_t *lkey, uint32_t *rkey)
{
	struct uldma_reg_mr r = { .addr = uldma_ptr(addr), .length = len,
				  .pd = pd, .access = access };
	int err = uldma_ioctl(fd, ULDMA_IOC_REG_MR, &r);

	if (!err && lkey)
		*lkey = r.lkey;
	if (!err && rkey)
		*rkey = r.rkey;
	return err;
}

int uldma_dereg_mr(int fd, uint32_t lkey)
{
	struct uldma_dereg_mr d = { .lkey = lkey };

	return uldma_ioctl(fd, ULDMA_IOC_DEREG_MR, &d);
}

int uldma_create_qp(int fd, uint32_t pd, uint32_t *qp)
{
	struct uldma_create_qp c = { .pd = pd };
	int err = uldma_ioctl(fd, ULDMA_IOC_CREATE_QP, &c);

	/*
	 * A new QP's number was free, so a mapping recorded for it is a dead
	 * QP's (its context closed without uldma_close): forget it.
	 */
	if (!err && c.qp < ULDMA_LIB_MAXQP && uldma_maps[c.qp].ring)
		uldma_unmap_qp(uldma_maps[c.qp].fd, c.qp);
	if (!err)
		*qp = c.qp;
	return err;
}

int uldma_destroy_qp(int fd, uint32_t qp)
{
	struct uldma_destroy_qp d = { .qp = qp };

	uldma_unmap_qp(fd, qp);
	return uldma_ioctl(fd, ULDMA_IOC_DESTROY_QP, &d);
}

int uldma_connect_qp(int fd, uint32_t qp, uint32_t remote_qp)
{
	struct uldma_connect_qp c = { .qp = qp, .remote_qp = remote_qp };

	return uldma_ioctl(fd, ULDMA_IOC_CONNECT_QP, &c);
}

int uldma_post(int fd, const struct uldma_post *wr)
{
	struct uldma_post p = *wr;

	return uldma_ioctl(fd, ULDMA_IOC_POST, &p);
}

int uldma_post_send(int fd, const struct uldma_post *wr)
{
	return uldma_post(fd, wr);
}

/* One RDMA write or read: through the QP's mapped ring when it has one,
 * else the POST ioctl. */
static int post_rdma(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		     uint32_t opcode, uint64_t local, uint32_t lkey,
		     uint64_t remote, uint32_t rkey, uint32_t len)
{
	struct uldma_post p = { .wr_id = wr_id, .qp = qp, .dest_qp = dest_qp,
				.opcode = opcode,
				.local_addr = local, .lkey = lkey,
				.remote_addr = remote, .rkey = rkey,
				.length = len };

	if (uldma_ring(fd, qp))
		return uldma_post_send_db(fd, qp, &(struct uldma_wqe){
			.wr_id = wr_id, .dest_qp = dest_qp, .opcode = opcode,
			.local_addr = local, .lkey = lkey,
			.remote_addr = remote, .rkey = rkey,
			.length = len });
	return uldma_ioctl(fd, ULDMA_IOC_POST, &p);
}

int uldma_post_write(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		     const void *local, uint32_t lkey, const void *remote,
		     uint32_t rkey, uint32_t len)
{
	return post_rdma(fd, qp, dest_qp, wr_id, ULDMA_WR_RDMA_WRITE,
			 uldma_ptr(local), lkey, uldma_ptr(remote), rkey, len);
}

int uldma_post_read(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		    void *local, uint32_t lkey, const void *remote,
		    uint32_t rkey, uint32_t len)
{
	return post_rdma(fd, qp, dest_qp, wr_id, ULDMA_WR_RDMA_READ,
			 uldma_ptr(local), lkey, uldma_ptr(remote), rkey, len);
}

int uldma_post_va_write(int fd, uint32_t qp, uint64_t wr_id, const void *src,
			void *dst, uint32_t len)
{
	struct uldma_va_write v = { .wr_id = wr_id, .src = uldma_ptr(src),
				    .dst = uldma_ptr(dst), .qp = qp,
				    .length = len };

	return uldma_ioctl(fd, ULDMA_IOC_VA_WRITE, &v);
}

void *uldma_sm_map_dmabuf(int fd, uint32_t npages)
{
	void *m = mmap(NULL, (size_t)npages * ULDMA_SM_MTU,
		       PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       (off_t)ULDMA_MMAP_SM);

	return m == MAP_FAILED ? NULL : m;
}

int uldma_sm_send(int fd, uint32_t qp, uint32_t dest_qp, uint64_t wr_id,
		  uint32_t mode, const void *buf, uint32_t len,
		  uint32_t *handle)
{
	struct uldma_send_mode s = { .op = ULDMA_SM_SEND, .wr_id = wr_id,
				     .addr = uldma_ptr(buf), .qp = qp,
				     .dest_qp = dest_qp, .mode = mode,
				     .length = len };
	int err = uldma_ioctl(fd, ULDMA_IOC_SEND_MODE, &s);

	if (!err && handle)
		*handle = s.handle;
	return err;
}

int uldma_sm_ready(int fd, uint32_t qp, uint32_t handle)
{
	struct uldma_send_mode s = { .op = ULDMA_SM_READY, .qp = qp,
				     .handle = handle };
	int err = uldma_ioctl(fd, ULDMA_IOC_SEND_MODE, &s);

	return err ? err : (int)s.ready;
}

int uldma_sm_rx_mode(int fd, uint32_t qp, uint32_t mode)
{
	struct uldma_send_mode s = { .op = ULDMA_SM_RX_MODE, .qp = qp,
				     .mode = mode };

	return uldma_ioctl(fd, ULDMA_IOC_SEND_MODE, &s);
}

int uldma_sm_post_recv(int fd, uint32_t qp, void *buf, uint32_t len)
{
	struct uldma_send_mode s = { .op = ULDMA_SM_POST_RECV, .qp = qp,
				     .addr = uldma_ptr(buf), .length = len };

	return uldma_ioctl(fd, ULDMA_IOC_SEND_MODE, &s);
}

int uldma_sm_recv(int fd, uint32_t qp, void *buf, uint32_t len,
		  uint32_t *how)
{
	struct uldma_send_mode s = { .op = ULDMA_SM_RECV, .qp = qp,
				     .addr = uldma_ptr(buf), .length = len };
	int err = uldma_ioctl(fd, ULDMA_IOC_SEND_MODE, &s);

	if (err)
		return err;
	if (how)
		*how = s.how;
	return (int)s.length;
}

/*
 * The mapped completion rings of this process (ABI 6), by context: fd,
 * ring (read-only) and consumer page.
 */
#define ULDMA_LIB_MAXCQ 16
static struct {
	int fd;
	const struct uldma_cq_ring *ring;
	struct uldma_cq_db *db;
} uldma_cqs[ULDMA_LIB_MAXCQ];

static int uldma_cq_slot(int fd)
{
	int i;

	for (i = 0; i < ULDMA_LIB_MAXCQ; i++)
		if (uldma_cqs[i].ring && uldma_cqs[i].fd == fd)
			return i;
	return -1;
}

int uldma_cq_mapped(int fd)
{
	return uldma_cq_slot(fd) >= 0;
}

int uldma_map_cq(int fd)
{
	void *ring, *db;
	int i, err;

	if (uldma_cq_slot(fd) >= 0)
		return 0;
	for (i = 0; i < ULDMA_LIB_MAXCQ && uldma_cqs[i].ring; i++)
		;
	if (i == ULDMA_LIB_MAXCQ)
		return -ENOSPC;
	ring = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ, MAP_SHARED, fd,
		    (off_t)ULDMA_MMAP_CQ);
	if (ring == MAP_FAILED)
		return -errno;
	db = mmap(NULL, ULDMA_MMAP_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		  (off_t)ULDMA_MMAP_CQ_DB);
	if (db == MAP_FAILED) {
		err = -errno;
		munmap(ring, ULDMA_MMAP_LEN);
		return err;
	}
	uldma_cqs[i].fd = fd;
	uldma_cqs[i].ring = ring;
	uldma_cqs[i].db = db;
	return 0;
}

int uldma_unmap_cq(int fd)
{
	int i = uldma_cq_slot(fd);

	if (i < 0)
		return -ENOENT;
	munmap((void *)(uintptr_t)uldma_cqs[i].ring, ULDMA_MMAP_LEN);
	munmap(uldma_cqs[i].db, ULDMA_MMAP_LEN);
	uldma_cqs[i].ring = NULL;
	uldma_cqs[i].db = NULL;
	return 0;
}

/* Take up to max completions from a mapped ring: loads and one store. */
static int uldma_poll_ring(int i, struct uldma_wc *wc, unsigned int max)
{
	const struct uldma_cq_ring *ring = uldma_cqs[i].ring;
	struct uldma_cq_db *db = uldma_cqs[i].db;
	uint32_t prod = __atomic_load_n(&ring->producer, __ATOMIC_ACQUIRE);
	uint32_t cons = db->consumer, n;

	if (prod - cons > ULDMA_CQ_DEPTH)
		return -ERANGE;		/* the consumer index was broken */
	for (n = 0; n < max && cons + n != prod; n++)
		wc[n] = ring->wc[(cons + n) % ULDMA_CQ_DEPTH];
	if (n)
		__atomic_store_n(&db->consumer, cons + n, __ATOMIC_RELEASE);
	return (int)n;
}

int uldma_poll(int fd, struct uldma_wc *wc, unsigned int max)
{
	return uldma_poll_wait(fd, wc, max, 0);
}

int uldma_poll_cq(int fd, unsigned int max, struct uldma_wc *wc)
{
	return uldma_poll_wait(fd, wc, max, 0);
}

int uldma_poll_wait(int fd, struct uldma_wc *wc, unsigned int max,
		    unsigned int timeout_ms)
{
	struct uldma_poll p = { .wc = uldma_ptr(wc), .wc_size = sizeof(*wc),
				.max_wc = max, .timeout_ms = timeout_ms };
	int i = uldma_cq_slot(fd), err;

	if (i >= 0) {
		err = uldma_poll_ring(i, wc, max);
		/* Nothing there: only a wait needs the kernel. */
		if (err || max == 0 || timeout_ms == 0)
			return err;
	}
	err = uldma_ioctl(fd, ULDMA_IOC_POLL, &p);
	return err ? err : (int)p.count;
}

int uldma_alloc_mw(int fd, uint32_t pd, uint32_t *mw, uint32_t *rkey)
{
	struct uldma_alloc_mw a = { .pd = pd };
	int err = uldma_ioctl(fd, ULDMA_IOC_ALLOC_MW, &a);

	if (!err && mw)
		*mw = a.mw;
	if (!err && rkey)
		*rkey = a.rkey;
	return err;
}

int uldma_bind_mw(int fd, uint32_t qp, uint32_t mw, uint32_t *rkey,
		  uint32_t lkey, const void *addr, size_t len,
		  uint32_t access)
{
	struct uldma_bind_mw b = { .addr = uldma_ptr(addr), .length = len,
				   .qp = qp, .mw = mw, .rkey = *rkey,
				   .lkey = lkey, .access = access };
	int err = uldma_ioctl(fd, ULDMA_IOC_BIND_MW, &b);

	if (!err)
		*rkey = b.rkey;
	return err;
}

int uldma_dealloc_mw(int fd, uint32_t mw)
{
	struct uldma_dealloc_mw d = { .mw = mw };

	return uldma_ioctl(fd, ULDMA_IOC_DEALLOC_MW, &d);
}

/* kmod/uapi/uldma.h's table: what each errno means from this device. */
static const struct {
	int err;
	const char *what;
} uldma_errs[] = {
	{ 0, "success" },
	{ EINVAL, "malformed argument (length 0 or too long, unknown opcode or kind, reserved field set)" },
	{ ENOKEY, "key does not validate (wrong, forged, stale or deregistered)" },
	{ EACCES, "the region's or window's access rights do not allow the access" },
	{ EBUSY, "still in use (a PD with members, a region with a window bound), or more completions pending than the completion ring holds" },
	{ ENOSPC, "table full (PDs, regions, windows, QPs or pinned pages)" },
	{ ENOENT, "no such PD, region, window or QP in this context, or the target QP gone or not connected (on open: no /dev/uldma)" },
	{ EBADFD, "object in the wrong state (a doorbell on a QP whose send ring was never mapped)" },
	{ EPERM, "key of another protection domain" },
	{ EFAULT, "range outside the region or window, or a bad pointer" },
	{ EOVERFLOW, "address + length passes 2^64" },
	{ EPROTO, "sequence number out of window" },
	{ ENOBUFS, "completion queue full: poll first" },
	{ ENODATA, "nothing there" },
	{ ESTALE, "stale reference" },
	{ EBADMSG, "forged message" },
	{ EAGAIN, "send queue (or mapped send ring) full: poll, then post again; or a registration whose range kept changing: try again" },
	{ ERANGE, "region longer than the device's max_mr_len, or a mapped ring's index refused" },
	{ ECANCELED, "request flushed: its QP was destroyed before it ran" },
	{ EINTR, "wait interrupted by a signal" },
	{ ENOTTY, "not a uldma device, or an ioctl this module does not know" },
	{ ENOMEM, "out of memory" },
	{ EIO, "platform error" },
};

const char *uldma_strerror(int err)
{
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < sizeof(uldma_errs) / sizeof(uldma_errs[0]); i++) {
		if (uldma_errs[i].err == err)
			return uldma_errs[i].what;
	}
	return "unknown error";
}

/* ------------------------------------------------ the shadow window (ABI 10) */

int uldma_shadow_open(int fd, uint32_t alg, struct uldma_shadow_ctx *sc)
{
	struct uldma_shadow s = { .op = ULDMA_SH_OPEN, .alg = alg };
	int r = uldma_ioctl(fd, ULDMA_IOC_SHADOW, &s);

	if (r == 0 && sc) {
		sc->fd = fd;
		sc->alg = alg;
		sc->ctx = s.ctx;
		sc->key = s.key;
	}
	return r;
}

int uldma_shadow_map(int fd, const void *addr, uint32_t rights)
{
	struct uldma_shadow s = { .op = ULDMA_SH_MAP, .addr = uldma_ptr(addr),
				  .data = rights };

	return uldma_ioctl(fd, ULDMA_IOC_SHADOW, &s);
}

int uldma_shadow_unmap(int fd, const void *addr)
{
	struct uldma_shadow s = { .op = ULDMA_SH_UNMAP, .addr = uldma_ptr(addr) };

	return uldma_ioctl(fd, ULDMA_IOC_SHADOW, &s);
}

uint64_t uldma_shadow_addr(const void *addr)
{
	return ULDMA_SH_VBIT + uldma_ptr(addr);
}

int uldma_shadow_access(int fd, uint32_t kind, uint64_t addr, uint32_t data,
			struct uldma_shadow *out)
{
	struct uldma_shadow s = { .op = ULDMA_SH_ACCESS, .kind = kind,
				  .addr = addr, .data = data };
	int r = uldma_ioctl(fd, ULDMA_IOC_SHADOW, &s);

	if (out)
		*out = s;
	return r;
}

static int uldma_shadow_one(int fd, uint32_t kind, uint64_t addr,
			    uint32_t data, uint32_t *value)
{
	struct uldma_shadow s;
	int r = uldma_shadow_access(fd, kind, addr, data, &s);

	if (r)
		return r;
	if (value)
		*value = s.value;
	if (s.status)
		return s.status;
	return s.step == 1 ? 1 : 0;
}

int uldma_shadow_store(int fd, uint64_t addr, uint32_t data)
{
	return uldma_shadow_one(fd, ULDMA_SH_STORE, addr, data, NULL);
}

int uldma_shadow_load(int fd, uint64_t addr, uint32_t *value)
{
	return uldma_shadow_one(fd, ULDMA_SH_LOAD, addr, 0, value);
}

/* Fig. 3 once: 0 started, 1 a FAILURE word (go to 1), or -errno. */
static int uldma_shadow_fig3(int fd, uint64_t ss, uint64_t sd, uint32_t size)
{
	uint32_t v = ULDMA_SH_FAILURE;
	int r, i;

	for (i = 0; i < 2; i++) {
		/* A STORE returns nothing on the bus: only the LOADs say. */
		r = uldma_shadow_store(fd, sd, size);
		if (r < 0 && r != -EPROTO)
			return r;
		r = uldma_shadow_load(fd, ss, &v);
		if (r < 0 && r != -EPROTO)
			return r;
		if (v != ULDMA_SH_SUCCESS)
			return 1;
	}
	r = uldma_shadow_load(fd, sd, &v);
	if (r < 0 && r != -EPROTO)
		return r;
	return r == 1 && v == ULDMA_SH_DONE ? 0 : 1;
}

int uldma_shadow_copy(const struct uldma_shadow_ctx *sc, const void *src,
		      void *dst, uint32_t size)
{
	uint64_t ss = uldma_shadow_addr(src), sd = uldma_shadow_addr(dst);
	uint32_t w, v = ULDMA_SH_FAILURE;
	int r, tries;

	switch (sc->alg) {
	case 1:
		w = sc->key * 8u + sc->ctx;
		r = uldma_shadow_store(sc->fd, sd, w);
		if (r == 0)
			r = uldma_shadow_store(sc->fd, ss, w);
		if (r == 0)
			r = uldma_shadow_store(sc->fd, ULDMA_SH_REG, size);
		if (r != 1)
			return r < 0 ? r : -EPROTO;
		r = uldma_shadow_load(sc->fd, ULDMA_SH_REG, &v);
		if (r < 0)
			return r;
		return v == ULDMA_SH_SUCCESS ? 0 : -EPROTO;
	case 2:
		r = uldma_shadow_store(sc->fd, sd, size);
		if (r == 0)
			r = uldma_shadow_load(sc->fd, ss, &v);
		if (r < 0)
			return r;
		return r == 1 && v == ULDMA_SH_SUCCESS ? 0 : -EPROTO;
	case 3:
		for (tries = 0; tries < 8; tries++) {
			r = uldma_shadow_fig3(sc->fd, ss, sd, size);
			if (r <= 0)
				return r;
		}
		return -EAGAIN;
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------- virtual interfaces (ABI 11) */

int uldma_via_create(int fd, uint32_t *tag)
{
	struct uldma_via v = { .op = ULDMA_VIA_CREATE };
	int r = uldma_ioctl(fd, ULDMA_IOC_VIA, &v);

	if (r)
		return r;
	if (tag)
		*tag = v.tag;
	return (int)v.vi;
}

int uldma_via_destroy(int fd, uint32_t vi)
{
	struct uldma_via v = { .op = ULDMA_VIA_DESTROY, .vi = vi };

	return uldma_ioctl(fd, ULDMA_IOC_VIA, &v);
}

int uldma_via_export(int fd, uint32_t vi, uint32_t node, const void *addr,
		     uint64_t len, uint64_t *la, uint64_t *handle)
{
	struct uldma_via v = { .op = ULDMA_VIA_EXPORT, .vi = vi, .node = node,
			       .addr = uldma_ptr(addr), .len = len };
	int r = uldma_ioctl(fd, ULDMA_IOC_VIA, &v);

	if (r)
		return r;
	if (la)
		*la = v.la;
	if (handle)
		*handle = v.handle;
	return 0;
}

int uldma_via_unexport(int fd, uint64_t handle)
{
	struct uldma_via v = { .op = ULDMA_VIA_UNEXPORT, .handle = handle };

	return uldma_ioctl(fd, ULDMA_IOC_VIA, &v);
}

int uldma_via_import(int fd, uint32_t vi, uint64_t handle, uint64_t *ra)
{
	struct uldma_via v = { .op = ULDMA_VIA_IMPORT, .vi = vi,
			       .handle = handle };
	int r = uldma_ioctl(fd, ULDMA_IOC_VIA, &v);

	if (r == 0 && ra)
		*ra = v.ra;
	return r;
}

int uldma_via_post(int fd, uint32_t vi, uint64_t la, uint64_t ra,
		   uint32_t len, struct uldma_via *out)
{
	struct uldma_via v = { .op = ULDMA_VIA_POST, .vi = vi, .la = la,
			       .ra = ra, .plen = len };
	int r = uldma_ioctl(fd, ULDMA_IOC_VIA, &v);

	if (r == 0 && out)
		*out = v;
	return r;
}

int uldma_via_write(int fd, uint32_t vi, uint64_t la, uint64_t ra,
		    uint32_t len, uint32_t *moved)
{
	struct uldma_via v;
	int r = uldma_via_post(fd, vi, la, ra, len, &v);

	if (r)
		return r;
	if (moved)
		*moved = v.moved;
	return v.status;
}
