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
#include <linux/slab.h>

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
#ifdef UD_HAVE_SHADOW		/* src/shadow.c present (kmod/Kbuild) */
#include "shadow.h"
#define UD_KMOD_HAVE_SHADOW 1
#endif

#ifdef UD_HAVE_FAULT_FIFO		/* src/fault_fifo.c present (kmod/Kbuild) */
#include "fault_fifo.h"
#define UD_KMOD_HAVE_FAULT_FIFO 1
#endif

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

#ifdef UD_KMOD_HAVE_SHADOW
/*
 * src/shadow.c (seed 000): sa = 2^40 | ctx << 41 | p.  p 0x12345678,
 * ctx 2: 0x10000000000 + 0x40000000000 + 0x12345678 = 0x50012345678.
 * Then one algorithm-3 sequence (Fig. 3: STORE dst, LOAD src, STORE dst,
 * LOAD src, LOAD dst) for 256 bytes from p 0x5000 to p 0x2000, context-0
 * shadow addresses 0x10000005000 and 0x10000002000.
 */
static int ud_kmod_selftest_shadow(struct ud_kmod_selftest *st)
{
	static const uint32_t kind[5] = { UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_STORE,
					  UD_BUS_LOAD, UD_BUS_LOAD };
	static const uint64_t addr[5] = { 0x10000002000ull, 0x10000005000ull,
					  0x10000002000ull, 0x10000005000ull,
					  0x10000002000ull };
	struct ud_sh_dma dma = { 0, 0, 0, 0 };
	struct ud_sh_alg3 a3;
	struct ud_sh_cfg cfg;
	uint64_t sa = 0, pa = 0;
	uint32_t ctx = 0, i;
	int32_t r = UD_SH_NOTHING;

	UD_CHECK(st, "shadow encode", ud_sh_encode(0x12345678u, 2, &sa) == UD_OK &&
				      sa == 0x50012345678ull);
	UD_CHECK(st, "shadow decode", ud_sh_decode(sa, &pa, &ctx) == UD_OK &&
				      pa == 0x12345678u && ctx == 2);
	UD_CHECK(st, "shadow decode rejects", ud_sh_decode(0x12345678u, &pa, &ctx) == UD_E_RANGE);
	UD_CHECK(st, "shadow cfg", ud_sh_cfg_init(&cfg, 4, 4096, 0) == UD_OK);
	ud_sh_alg3_init(&a3, UD_SH_FORM_SLSLL);
	for (i = 0; i < 5; i++) {
		r = ud_sh_alg3_step(&a3, &cfg, kind[i], addr[i], 256, &dma);
		if (r != UD_SH_NOTHING)
			break;
	}
	UD_CHECK(st, "alg3 starts on the 5th access", i == 4 && r == UD_SH_STARTED);
	UD_CHECK(st, "alg3 dma", dma.src == 0x5000 && dma.dst == 0x2000 && dma.size == 256);
	return 0;
}
#endif

#ifdef UD_KMOD_HAVE_FAULT_FIFO
/*
 * src/fault_fifo.c (seed 004, 3.2.3.1): the receive-side fault FIFO and its
 * two-read pop FSM, as the driver's tasklet drives it: one entry pushed, an
 * exact repeat dropped, HIGH first refused, LOW then HIGH pops the entry
 * back, and the FIFO is empty after.  The FIFO (8 KB of slots) is heap
 * memory: the kernel stack is not the place for it.
 */
static int ud_kmod_selftest_fifo_run(struct ud_kmod_selftest *st, struct ud_ff *f)
{
	const struct ud_ff_entry e = { 0x2a, 0x1234, 0x0abc, 5, 3, 0x12345, 1 };
	struct ud_ff_entry back = { 0, 0, 0, 0, 0, 0, 0 };
	uint64_t lo = 0, hi = 0;

	ud_ff_init(f);
	UD_CHECK(st, "fifo push", ud_ff_push(f, &e) == UD_OK);
	UD_CHECK(st, "fifo drops exact repeat", ud_ff_push(f, &e) == UD_E_STALE);
	UD_CHECK(st, "fifo refuses HIGH first", ud_ff_read_hi(f, &hi) == UD_E_SEQ &&
						 hi == UD_FF_NO_DATA);
	UD_CHECK(st, "fifo LOW then HIGH pops", ud_ff_read_lo(f, &lo) == UD_OK &&
						ud_ff_read_hi(f, &hi) == UD_OK);
	UD_CHECK(st, "fifo entry back", ud_ff_entry_decode(lo, hi, &back) == UD_OK &&
					back.src_id == e.src_id && back.tr_id == e.tr_id &&
					back.seq == e.seq && back.pdid == e.pdid &&
					back.proc == e.proc && back.vpn == e.vpn &&
					back.exa_ack == e.exa_ack);
	UD_CHECK(st, "fifo empty after", ud_ff_read_lo(f, &lo) == UD_E_EMPTY);
	return 0;
}

static int ud_kmod_selftest_fifo(struct ud_kmod_selftest *st)
{
	struct ud_ff *f;
	int err;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f) {
		st->failed = "fifo allocation";
		return -ENOMEM;
	}
	err = ud_kmod_selftest_fifo_run(st, f);
	kfree(f);
	return err;
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
	if (err)
		return err;
#endif
#ifdef UD_KMOD_HAVE_SHADOW
	err = ud_kmod_selftest_shadow(st);
	if (err)
		return err;
#endif
#ifdef UD_KMOD_HAVE_FAULT_FIFO
	err = ud_kmod_selftest_fifo(st);
#endif
	return err;
}
