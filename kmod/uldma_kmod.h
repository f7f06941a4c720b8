/* SPDX-License-Identifier: MIT */
/* kmod/uldma_kmod.h -- shared between the kernel home's own files. */
#ifndef ULDMA_KMOD_H
#define ULDMA_KMOD_H

#include <linux/types.h>

#define UD_KMOD_REPORT_LEN 128

struct ud_kmod_selftest {
	unsigned int total;	/* checks attempted                     */
	unsigned int passed;	/* checks that held, before any failure */
	const char *failed;	/* name of the first failed check       */
};

/* Run the load-time self-check of the core; 0 or -EIO (st->failed set). */
int ud_kmod_selftest(struct ud_kmod_selftest *st);

#endif /* ULDMA_KMOD_H */
