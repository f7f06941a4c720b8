// SPDX-License-Identifier: MIT
/*
 * firmware/selftest_r5.c -- main of uldma-r5-selftest.elf: the production
 * objects (startup, clock, mailbox, poll loop, the verified core) with this
 * file in place of main_r5.c.  Run under QEMU (`make -C firmware selftest`,
 * part of `make firmware`): it prints one line through semihosting and
 * exits 0 when every check holds, 1 otherwise.
 *
 * Expected values are derived by hand from the seed's layouts, not from
 * the code under test.
 */
#include "loop_r5.h"
#include "semihost_r5.h"

#if __has_include("fault_msg.h")
#include "fault_msg.h"
#define UD_R5_HAVE_FAULT_MSG 1
#endif

struct ud_r5_st {
	uint32_t total;
	uint32_t passed;
	uint32_t failed;
};

static struct ud_r5_loop ud_r5_st_loop;

static void ud_r5_check(struct ud_r5_st *st, const char *name, bool ok)
{
	st->total++;
	if (ok) {
		st->passed++;
		return;
	}
	st->failed++;
	ud_r5_sh_puts("uldma-r5 selftest: FAIL ");
	ud_r5_sh_puts(name);
	ud_r5_sh_puts("\n");
}

/* The APU's side of the mailbox ring: write the slot, barrier, head. */
static void ud_r5_st_post(struct ud_r5_mbox *mb, uint32_t w0, uint32_t w1)
{
	uint32_t h = mb->head;

	mb->slot[h % UD_R5_MBOX_SLOTS][0] = w0;
	mb->slot[h % UD_R5_MBOX_SLOTS][1] = w1;
	ud_r5_dmb();
	mb->head = h + 1u;
}

static bool ud_r5_in(uint32_t a, uint32_t base, uint32_t size)
{
	return a >= base && a - base < size;
}

static void ud_r5_st_layout(struct ud_r5_st *st)
{
	uint32_t local = 0;

	ud_r5_check(st, "code in ATCM",
		    ud_r5_in((uint32_t)(uintptr_t)&ud_r5_main, UD_R5_ATCM_BASE, UD_R5_ATCM_SIZE));
	ud_r5_check(st, "mailbox at BTCM base",
		    (uint32_t)(uintptr_t)&ud_r5_mbox == UD_R5_BTCM_BASE);
	ud_r5_check(st, "stack in BTCM",
		    ud_r5_in((uint32_t)(uintptr_t)&local, UD_R5_BTCM_BASE, UD_R5_BTCM_SIZE));
}

static void ud_r5_st_clock(struct ud_r5_st *st)
{
	uint64_t t0, t1;
	volatile uint32_t spin;

	t0 = ud_plat_now();
	for (spin = 0; spin < 10000u; spin++)
		;
	t1 = ud_plat_now();
	ud_r5_check(st, "clock advances", t1 > t0);
}

/* seed 004, 3.2.3.3 listing / src/fault_msg.h: word0 = opcode 2 | wired
 * PDID << 2 | trid << 18; word1 = seq | PDID << 14.  PDID 5, trid 0x1234,
 * seq 0xabc:  word0 = 2 + 5*4 + 0x1234*0x40000 = 0x48d00016,
 *             word1 = 0xabc + 5*0x4000        = 0x00014abc. */
#define UD_ST_W0 0x48d00016u
#define UD_ST_W1 0x00014abcu

#ifdef UD_R5_HAVE_FAULT_MSG
static void ud_r5_st_core(struct ud_r5_st *st)
{
	struct ud_rtx_msg m = { 0, 0, 0, 0 };
	uint32_t w0 = 0, w1 = 0;

	ud_r5_check(st, "rtx decode ok", ud_rtx_decode(UD_ST_W0, UD_ST_W1, &m) == UD_OK);
	ud_r5_check(st, "rtx fields",
		    m.wired_pdid == 5u && m.trid == 0x1234u && m.seq == 0xabcu && m.pdid == 5u);
	ud_r5_check(st, "rtx encode ok", ud_rtx_encode(&m, &w0, &w1) == UD_OK);
	ud_r5_check(st, "rtx words", w0 == UD_ST_W0 && w1 == UD_ST_W1);
	m.trid = 0x4000u;	/* 2^14: one past the 14-bit field */
	ud_r5_check(st, "rtx encode range", ud_rtx_encode(&m, &w0, &w1) == UD_E_RANGE);
	ud_r5_check(st, "rtx decode opcode", ud_rtx_decode(UD_ST_W0 ^ 3u, UD_ST_W1, &m) == UD_E_INVAL);
}
#else
static void ud_r5_st_core(struct ud_r5_st *st)
{
	(void)st;
}
#endif

static void ud_r5_st_loop_mbox(struct ud_r5_st *st)
{
	struct ud_r5_mbox *mb = &ud_r5_mbox;
	struct ud_r5_loop *lp = &ud_r5_st_loop;
	uint32_t w0, w1, i;

	ud_r5_mbox_init(mb);
	ud_r5_loop_init(lp, mb);
	ud_r5_check(st, "mbox magic", mb->magic == UD_R5_MBOX_MAGIC);
	ud_r5_check(st, "mbox empty", !ud_r5_mbox_poll(mb, &w0, &w1));

	ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1);			/* RAPF          */
	ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1 | 0x80000000u);	/* reserved bit  */
	ud_r5_st_post(mb, 0x00010000u, 0);			/* opcode 0      */
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "loop consumed 3", mb->messages == 3u && mb->tail == mb->head);
#ifdef UD_R5_HAVE_FAULT_MSG
	ud_r5_check(st, "loop dispatch", lp->rapf == 1u && lp->bad == 1u && lp->other == 1u);
#else
	ud_r5_check(st, "loop dispatch", lp->bad == 2u && lp->other == 1u);
#endif

	/* More than one pass's worth: the loop takes UD_R5_MSGS_PER_PASS. */
	for (i = 0; i < UD_R5_MSGS_PER_PASS + 2u; i++)
		ud_r5_st_post(mb, UD_ST_W0, UD_ST_W1);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "loop bounded pass", mb->head - mb->tail == 2u);
	ud_r5_loop_pass(lp);
	ud_r5_check(st, "loop drained", mb->head == mb->tail &&
		    lp->rapf + lp->bad == UD_R5_MSGS_PER_PASS + 4u);

	/* A corrupt producer (head more than a ring ahead) is dropped whole. */
	mb->head = mb->tail + UD_R5_MBOX_SLOTS + 1u;
	ud_r5_check(st, "mbox resync", !ud_r5_mbox_poll(mb, &w0, &w1) &&
		    mb->resyncs == 1u && mb->tail == mb->head);

	/* The timer ticks: bounded wait for two ticks. */
	for (i = 0; i < 10000000u && mb->ticks < 2u; i++)
		ud_r5_loop_pass(lp);
	ud_r5_check(st, "timer ticks", mb->ticks >= 2u);
}

void ud_r5_main(void)
{
	struct ud_r5_st st = { 0, 0, 0 };

	ud_r5_clock_init();
	ud_r5_st_layout(&st);
	ud_r5_st_clock(&st);
	ud_r5_st_core(&st);
	ud_r5_st_loop_mbox(&st);

	if (st.failed == 0u) {
		ud_r5_sh_puts("uldma-r5 selftest: ");
		ud_r5_sh_putu(st.passed);
		ud_r5_sh_puts(" checks passed on cortex-r5 (ticks run: ");
		ud_r5_sh_putu(ud_r5_mbox.ticks);
		ud_r5_sh_puts(")\n");
		ud_r5_sh_exit(0);
	}
	ud_r5_sh_puts("uldma-r5 selftest: ");
	ud_r5_sh_putu(st.failed);
	ud_r5_sh_puts(" of ");
	ud_r5_sh_putu(st.total);
	ud_r5_sh_puts(" checks FAILED\n");
	ud_r5_sh_exit(1);
}

void ud_r5_exception(uint32_t kind, uint32_t lr)
{
	ud_r5_sh_puts("uldma-r5 selftest: exception kind ");
	ud_r5_sh_putu(kind);
	ud_r5_sh_puts(" at lr ");
	ud_r5_sh_puthex(lr);
	ud_r5_sh_puts("\n");
	ud_r5_sh_exit(2);
}
