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

/* Run the load-time self-check of the core (every check, even after a
 * failure); 0, -ENOMEM, or -EIO with st->failed the first failed check. */
int ud_kmod_selftest(struct ud_kmod_selftest *st);

/* Publish the DMA engine's shadow window (ioremapped by a probe) to the
 * library's bus: addresses [va, va + len) map to io.  io == NULL: none. */
void uldma_shadow_window(void __iomem *io, u64 va, u64 len);

#endif /* ULDMA_KMOD_H */
