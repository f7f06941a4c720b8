/* SPDX-License-Identifier: MIT */
/*
 * kmod/uldma_sm.h -- the send modes' kernel home (seed 003; src/send_mode.h;
 * docs/send-modes.md "The kernel home"), shared by kmod/uldma_sm.c (the
 * SEND_MODE ioctl, the DMA buffer mapping, the NI) and
 * kmod/plat_linux_send_mode.c (the core's page doors over a frame table).
 *
 * Locks: device mutex -> mmap_lock -> ud_kmod_sm_lock.  Every call of the
 * core's send-mode functions and every door runs under ud_kmod_sm_lock;
 * nothing under it touches user memory or takes mmap_lock (the write
 * fault on the DMA buffer holds mmap_lock and takes it).
 */
#ifndef ULDMA_SM_H
#define ULDMA_SM_H

#include <linux/mutex.h>
#include <linux/types.h>

#include "send_mode.h"

extern struct mutex ud_kmod_sm_lock;

/* What a frame number of the core names (kmod/plat_linux_send_mode.c). */
enum ud_kmod_smf_kind {
	UD_KMOD_SMF_FREE = 0,
	UD_KMOD_SMF_USER,	/* a page of ordinary user memory           */
	UD_KMOD_SMF_DMABUF,	/* a page of a file's mapped DMA buffer     */
	UD_KMOD_SMF_NI,		/* PIO: a page of the NI's send memory      */
	UD_KMOD_SMF_COPY,	/* CopyDMA: a page of the kernel DMA buffer */
};

struct ud_kmod_smarena;

struct ud_kmod_smf {
	u8 kind;
	bool cow;		/* COW-marked (the door's "on")             */
	bool held;		/* pg is held by this frame: a pin (USER), a
				 * page reference (DMABUF), the page (NI, COPY)
				 */
	struct page *pg;	/* the page                                 */
	struct page *pre;	/* USER, staged before the core runs: a copy
				 * of the user's page (PIO, CopyDMA) or the
				 * spare page of the snapshot (PEXDMA)
				 */
	struct page *snap;	/* USER under PEXDMA: the copy made at post  */
	struct ud_kmod_smarena *arena;	/* DMABUF: whose page, which one     */
	unsigned int idx;
};

#define UD_KMOD_SMF_N 256
/* A free frame of kind (sm lock), or UD_SM_NOFRAME. */
u32 ud_kmod_smf_new(u8 kind);
struct ud_kmod_smf *ud_kmod_smf_get(u32 id);
/* Give back whatever frame id still holds and free it (sm lock). */
void ud_kmod_smf_free(u32 id);
/* The page the NI reads for frame id (the PEXDMA snapshot if any). */
struct page *ud_kmod_smf_nic_page(u32 id);
/* Pages pinned by the send modes now; frames in use. */
long ud_kmod_sm_pins(void);
void ud_kmod_sm_pin_count(long d);
long ud_kmod_smf_used(void);
long ud_kmod_smf_late_unpins(void);

/*
 * A file's DMA buffer (ABI 9, mmap at ULDMA_MMAP_SM): its pages, the
 * core's send buffer of each page, the send in flight on it.
 */
#define UD_KMOD_SM_ARENA 16		/* ULDMA_SM_DMABUF_PAGES */
struct ud_kmod_smarena {
	unsigned int npages;
	struct page *pg[UD_KMOD_SM_ARENA];	/* what offset i maps now   */
	struct ud_sm_buf b[UD_KMOD_SM_ARENA];
	u32 tok[UD_KMOD_SM_ARENA];		/* content tokens (model)   */
};
/* The COW door's copy became page i's page: the arena maps it now. */
void ud_kmod_sm_arena_replace(struct ud_kmod_smarena *a, unsigned int i,
			      struct page *pg);

/* Per open file. */
struct ud_kmod_smfile {
	struct ud_kmod_smarena *arena;	/* NULL until the first mmap        */
};

struct ud_kmod_cq;
struct uldma_send_mode;
struct vm_area_struct;
/* SEND_MODE, device mutex held, qp (and dest_qp for SEND) checked. */
int ud_kmod_sm_op(struct ud_kmod_smfile *sf, struct ud_kmod_cq *cq,
		  struct uldma_send_mode *s);
int ud_kmod_sm_mmap(struct ud_kmod_smfile *sf, struct vm_area_struct *vma);
/* qp goes (device mutex): its sends complete ECANCELED or are dropped. */
void ud_kmod_sm_qp_gone(u32 qp, bool complete);
/* The file goes (device mutex, after its QPs): its DMA buffer is freed. */
void ud_kmod_sm_file_gone(struct ud_kmod_smfile *sf);
/* The NI: run the oldest send in flight (device mutex); false: none. */
bool ud_kmod_sm_run_one(void);
bool ud_kmod_sm_pending(void);
struct seq_file;
void ud_kmod_sm_stats_show(struct seq_file *m);

#endif /* ULDMA_SM_H */
