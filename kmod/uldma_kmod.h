/* SPDX-License-Identifier: MIT */
/* kmod/uldma_kmod.h -- shared between the kernel home's own files. */
#ifndef ULDMA_KMOD_H
#define ULDMA_KMOD_H

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
/* Completions (the completion door's device-wide ring): take the oldest
 * not yet taken; *overrun grows by those the ring dropped before it. */
struct ud_kmod_cqe {
	u32 qp;
	s32 status;
	u32 len;
};
bool ud_kmod_poll(struct ud_kmod_cqe *e, unsigned long *overrun);

#endif /* ULDMA_KMOD_H */
