/* SPDX-License-Identifier: MIT */
/* kmod/uldma_kmod.h -- shared between the kernel home's own files. */
#ifndef ULDMA_KMOD_H
#define ULDMA_KMOD_H

#include <linux/mutex.h>
#include <linux/types.h>

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
 */
#define UD_KMOD_CQ_DEPTH 128
struct ud_kmod_cqe {
	u64 wr_id;
	u32 qp;
	u32 opcode;
	u32 len;
	s32 status;			/* the core's ud_status             */
};
struct ud_kmod_cq {
	struct mutex lock;		/* inside the device mutex          */
	unsigned int head;		/* oldest entry                     */
	unsigned int count;
	struct ud_kmod_cqe e[UD_KMOD_CQ_DEPTH];
};
void ud_kmod_cq_init(struct ud_kmod_cq *cq);
void ud_kmod_cq_destroy(struct ud_kmod_cq *cq);
/* Room for one more completion (the POST ioctl asks before the core). */
bool ud_kmod_cq_room(struct ud_kmod_cq *cq);
/* The oldest completion (NULL: none) and taking it; caller holds cq->lock. */
const struct ud_kmod_cqe *ud_kmod_cq_front(struct ud_kmod_cq *cq);
void ud_kmod_cq_pop(struct ud_kmod_cq *cq);
void ud_kmod_qp_bind(u32 qp, struct ud_kmod_cq *cq);
void ud_kmod_qp_unbind(u32 qp);
void ud_kmod_wr_begin(u32 qp, u64 wr_id, u32 opcode);
/* Completions the door could not queue (no queue bound, queue full): 0. */
long ud_kmod_cq_dropped(void);

#endif /* ULDMA_KMOD_H */
