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
#ifdef UD_HAVE_FAULT_MSG	/* src/fault_msg.c present (kmod/Kbuild) */
#include "fault_msg.h"
#define UD_KMOD_HAVE_FAULT_MSG 1
#endif
#include "uldma_kmod.h"

/* seed 004, 3.2.3.3 listing / src/fault_msg.h: word0 = opcode 2 | wired
 * PDID << 2 | trid << 18; word1 = seq | PDID << 14.  PDID 5, trid 0x1234,
 * seq 0xabc:  word0 = 2 + 5*4 + 0x1234*0x40000 = 0x48d00016,
 *             word1 = 0xabc + 5*0x4000        = 0x00014abc.
 * (firmware/selftest_r5.c checks the same words on the R5.) */
#define UD_ST_W0 0x48d00016u
#define UD_ST_W1 0x00014abcu

#define UD_CHECK(st, name, cond)			\
	do {						\
		(st)->total++;				\
		if (!(cond)) {				\
			(st)->failed = (name);		\
			return -EIO;			\
		}					\
		(st)->passed++;				\
	} while (0)

#ifdef UD_KMOD_HAVE_FAULT_MSG
/* src/fault_msg.c: the RAPF mailbox words, both directions. */
static int ud_kmod_selftest_fault_msg(struct ud_kmod_selftest *st)
{
	struct ud_rtx_msg m = { 0, 0, 0, 0 };
	uint32_t w0 = 0, w1 = 0;

	UD_CHECK(st, "rtx decode ok", ud_rtx_decode(UD_ST_W0, UD_ST_W1, &m) == UD_OK);
	UD_CHECK(st, "rtx fields", m.wired_pdid == 5 && m.trid == 0x1234 &&
				   m.seq == 0xabc && m.pdid == 5);
	UD_CHECK(st, "rtx encode ok", ud_rtx_encode(&m, &w0, &w1) == UD_OK);
	UD_CHECK(st, "rtx words", w0 == UD_ST_W0 && w1 == UD_ST_W1);
	UD_CHECK(st, "rtx bad opcode",
		 ud_rtx_decode(UD_ST_W0 ^ 3u, UD_ST_W1, &m) == UD_E_INVAL);
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
	UD_CHECK(st, "plat_now monotonic", t1 >= t0);

#ifdef UD_KMOD_HAVE_FAULT_MSG
	err = ud_kmod_selftest_fault_msg(st);
#endif
	return err;
}
