// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_selftest.c -- the load-time self-check: the known answers of
 * tests/kat/ud_kat.h (the same list the host tests and the R5 firmware
 * check), computed by the very objects linked into this module with the
 * kernel's code-generation flags.  The full behaviour is established by the
 * proofs and the host unit tests; this check shows the same sources give the
 * same answers in this home.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>

#include "ud_platform.h"
#include "uldma_kmod.h"

static void ud_kmod_check(struct ud_kmod_selftest *st, const char *name, bool ok)
{
	st->total++;
	if (ok) {
		st->passed++;
		return;
	}
	if (!st->failed)
		st->failed = name;
}

#define UD_KAT_CTX struct ud_kmod_selftest
#define UD_KAT_CHECK(st, name, ok) ud_kmod_check((st), (name), (ok))
#include "ud_kat.h"

#ifdef UD_HAVE_FAULT_FIFO
/* The FIFO (8 KB of slots) is heap memory: not for the kernel stack. */
static int ud_kmod_selftest_fifo(struct ud_kmod_selftest *st)
{
	struct ud_ff *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f) {
		ud_kmod_check(st, "fifo allocation", false);
		return -ENOMEM;
	}
	ud_kat_fault_fifo(st, f);
	kfree(f);
	return 0;
}
#endif

#if defined(UD_HAVE_UTLB_TABLE) && defined(UD_HAVE_UTLB_CACHE) && defined(UD_HAVE_UTLB_LOOKUP)
/* The UTLB's state (the lookup tree is about half a megabyte): kvzalloc.
 * At load time the pin of page 5 is asked in insmod's own address space,
 * where nothing is mapped there: pin_user_pages_fast refuses, and the
 * known answers check that the refusal changed nothing. */
static int ud_kmod_selftest_utlb(struct ud_kmod_selftest *st)
{
	struct ud_kat_utlb *m;

	m = kvzalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		ud_kmod_check(st, "utlb allocation", false);
		return -ENOMEM;
	}
	ud_kat_utlb(st, m);
	kvfree(m);
	return 0;
}
#endif

int ud_kmod_selftest(struct ud_kmod_selftest *st)
{
	uint64_t t0, t1;
	int err = 0;

	st->total = 0;
	st->passed = 0;
	st->failed = NULL;

	/* [A-PLAT-TIME] the platform clock does not go backwards. */
	t0 = ud_plat_now();
	t1 = ud_plat_now();
	ud_kmod_check(st, "plat_now monotonic", t1 >= t0);

#ifdef UD_HAVE_FAULT_MSG
	ud_kat_fault_msg(st);
#endif
#ifdef UD_HAVE_REQ_MSG
	ud_kat_req_msg(st);
#endif
#ifdef UD_HAVE_SHADOW
	ud_kat_shadow(st);
#endif
#ifdef UD_HAVE_FAULT_FIFO
	err = ud_kmod_selftest_fifo(st);
#endif
#if defined(UD_HAVE_UTLB_TABLE) && defined(UD_HAVE_UTLB_CACHE) && defined(UD_HAVE_UTLB_LOOKUP)
	if (!err)
		err = ud_kmod_selftest_utlb(st);
#endif
	if (!err && st->failed)
		err = -EIO;
	return err;
}
