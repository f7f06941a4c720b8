/* uldma-links: shadow shadow_os shadow_lib */
/*
 * tests/unit/test_shadow_lib.c -- the user library's issuing sequences
 * (src/shadow_lib.c; seed 000 Fig. 1, 2, 3) run against the proved engine
 * and OS side through the host bus (tests/support/plat_host_shadow_lib.c).
 *
 * The machine, worked by hand: process 0 has buffer pages
 *   src  VA 0x10000 -> PA 0x61000   dst  VA 0x11000 -> PA 0x74000
 * with shadow mappings; shadow(v) = 2^46 + v, so the library's accesses go
 * to 0x400000010000 + off and 0x400000011000 + off, and the engine sees
 * 2^40 + PA (+ ctx << 41 for algorithm 2).  Process 1 (the other one) may
 * read the same source page (VA 0x20000) and has its own page 0x30000 ->
 * PA 0x90000, read-write.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "shadow_lib.h"
#include "plat_host_shadow_lib.h"

#define VB     0x400000000000ull      /* 2^46: virtual shadow bit        */
#define VSRC   0x10010ull
#define VDST   0x11020ull
#define PSRC   0x61010ull
#define PDST   0x74020ull
#define RW     (UD_SH_R_READ | UD_SH_R_WRITE)
#define REGVA  0x7000000ull

static void machine(uint32_t alg)
{
	host_sh_reset(alg, UD_SH_FORM_SLSLL);
	/* algorithm 1 passes the source by a STORE, so it needs write rights */
	host_sh_page(0, 0x10, 0x61, alg == 1 ? RW : UD_SH_R_READ,
		     alg == 1 ? RW : UD_SH_R_READ);
	host_sh_page(0, 0x11, 0x74, RW, RW);
	host_sh_page(1, 0x20, 0x61, UD_SH_R_READ, UD_SH_R_READ);
	host_sh_page(1, 0x30, 0x90, RW, RW);
	host_sh.cur = 0;
}

static void expect_one_dma(uint32_t size, uint32_t ctx)
{
	ck_assert_uint_eq(host_sh.ndma, 1);
	ck_assert_uint_eq(host_sh.dma_by[0], 0);
	ck_assert_uint_eq(host_sh.dma[0].src, PSRC);
	ck_assert_uint_eq(host_sh.dma[0].dst, PDST);
	ck_assert_uint_eq(host_sh.dma[0].size, size);
	ck_assert_uint_eq(host_sh.dma[0].ctx, ctx);
}

static void expect_access(uint32_t i, uint32_t kind, uint64_t va, uint32_t data)
{
	ck_assert_uint_lt(i, host_sh.nlog);
	ck_assert_uint_eq(host_sh.log[i].kind, kind);
	ck_assert_uint_eq(host_sh.log[i].va, va);
	ck_assert_uint_eq(host_sh.log[i].data, data);
}

/* Fig. 1: key 0x155, context 2 -> data word 0x155 * 8 + 2 = 0xAAA. */
START_TEST(fig1)
{
	machine(1);
	host_sh_a1_ctx(0, 2, 0x155, REGVA);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 2, VSRC, VDST, 64), UD_OK);
	ck_assert_uint_eq(host_sh.nlog, 4);
	expect_access(0, UD_BUS_STORE, VB + VDST, 0xAAA);
	expect_access(1, UD_BUS_STORE, VB + VSRC, 0xAAA);
	expect_access(2, UD_BUS_STORE, REGVA, 64);
	expect_access(3, UD_BUS_LOAD, REGVA, UD_SH_SUCCESS);
	expect_one_dma(64, 2);
	/* a guessed key: the engine refuses both arguments, the status says so */
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x154, 2, VSRC, VDST, 64), UD_E_SEQ);
	ck_assert_uint_eq(host_sh.ndma, 1);
	/* a size past the page: the engine refuses, nothing starts */
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 2, VSRC, VDST, 4096), UD_E_SEQ);
	ck_assert_uint_eq(host_sh.ndma, 1);
	/* bad arguments: nothing reaches the bus */
	host_sh.nlog = 0;
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0, 2, VSRC, VDST, 64), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 1u << 29, 2, VSRC, VDST, 64), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 8, VSRC, VDST, 64), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 2, VB, VDST, 64), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 2, VSRC, VB, 64), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma1(REGVA, 0x155, 2, VSRC, VDST, 0), UD_E_INVAL);
	ck_assert_uint_eq(host_sh.nlog, 0);
}
END_TEST

/* Fig. 2: process 0 runs in context 0; engine addresses carry ctx 0. */
START_TEST(fig2)
{
	machine(2);
	ck_assert_int_eq(ud_shl_dma2(VSRC, VDST, 100), UD_OK);
	ck_assert_uint_eq(host_sh.nlog, 2);
	expect_access(0, UD_BUS_STORE, VB + VDST, 100);
	expect_access(1, UD_BUS_LOAD, VB + VSRC, UD_SH_SUCCESS);
	expect_one_dma(100, 0);
	/* another process's STORE between the pair: its context id differs */
	host_sh.nlog = 0;
	host_sh.ndma = 0;
	ck_assert_uint_eq(host_sh_access(0, UD_BUS_STORE, VB + VDST, 100), 0);
	ck_assert_uint_eq(host_sh_access(1, UD_BUS_STORE, VB + 0x30000, 8), 0);
	ck_assert_uint_eq(host_sh_access(0, UD_BUS_LOAD, VB + VSRC, 0), UD_SH_FAILURE);
	ck_assert_uint_eq(host_sh.ndma, 0);
	host_sh.nlog = 0;
	ck_assert_int_eq(ud_shl_dma2(VSRC, VB + 1, 100), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma2(VSRC, VDST, 0), UD_E_INVAL);
	ck_assert_uint_eq(host_sh.nlog, 0);
}
END_TEST

/* Fig. 3, no interference: one attempt, five accesses. */
START_TEST(fig3)
{
	machine(3);
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, 4), UD_OK);
	ck_assert_uint_eq(host_sh.nlog, 5);
	expect_access(0, UD_BUS_STORE, VB + VDST, 256);
	expect_access(1, UD_BUS_LOAD, VB + VSRC, UD_SH_SUCCESS);
	expect_access(2, UD_BUS_STORE, VB + VDST, 256);
	expect_access(3, UD_BUS_LOAD, VB + VSRC, UD_SH_SUCCESS);
	expect_access(4, UD_BUS_LOAD, VB + VDST, UD_SH_DONE);
	expect_one_dma(256, 0);
	host_sh.nlog = 0;
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, 0), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, UD_SHL_TRIES_MAX + 1), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 0, 4), UD_E_INVAL);
	ck_assert_int_eq(ud_shl_dma3(VB, VDST, 1, 4), UD_E_INVAL);
	ck_assert_uint_eq(host_sh.nlog, 0);
}
END_TEST

/* Interference: before the honest process's access number `at`, process 1
 * issues one access (what it may: a LOAD of the shared source through its
 * own mapping, or a STORE to its own page). */
static uint32_t at_nth, what;
static void interfere(uint32_t nth)
{
	if (nth != at_nth)
		return;
	if (what == 0)
		(void)host_sh_access(1, UD_BUS_LOAD, VB + 0x20010, 0);
	else
		(void)host_sh_access(1, UD_BUS_STORE, VB + 0x30000, 256);
}

/* Every single interleaving of one foreign access into the first attempt:
 * the call retries, ends with one DMA carrying exactly its own arguments,
 * and nothing else starts. */
START_TEST(fig3_retry)
{
	for (what = 0; what < 2; what++) {
		for (at_nth = 0; at_nth < 5; at_nth++) {
			machine(3);
			host_sh.hook = interfere;
			ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, 4), UD_OK);
			expect_one_dma(256, 0);
			/* the honest log ends with a clean five-access run */
			ck_assert_uint_ge(host_sh.nlog, 5);
			ck_assert_uint_eq(host_sh.log[host_sh.nlog - 1].va, VB + VDST);
			ck_assert_uint_eq(host_sh.log[host_sh.nlog - 5].kind, UD_BUS_STORE);
		}
	}
}
END_TEST

/* SHADOW-M6, the interleaving that breaks the seed's binary status word:
 * the victim issues accesses 1-4; another process's LOAD of its own page
 * resets the engine and its STORE to that page becomes access 1 of a new
 * sequence; the victim's fifth
 * access (LOAD shadow(dst)) is then accepted as that sequence's access 2
 * and reads SUCCESS -- "intact so far" -- with no DMA started.  With the
 * binary word Fig. 3 would return success here and the transfer would be
 * lost silently; with DONE the library sees it did not start and retries. */
static void m6(uint32_t nth)
{
	if (nth != 4)
		return;
	(void)host_sh_access(1, UD_BUS_LOAD, VB + 0x30000, 0);
	(void)host_sh_access(1, UD_BUS_STORE, VB + 0x30000, 256);
}

START_TEST(fig3_m6)
{
	uint32_t i, fifth = 0, n5 = 0;

	machine(3);
	host_sh.hook = m6;
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, 4), UD_OK);
	expect_one_dma(256, 0);
	/* the victim's first fifth access read SUCCESS (not DONE) */
	for (i = 0; i < host_sh.nlog; i++) {
		if (host_sh.log[i].proc != 0)
			continue;
		if (++n5 == 5) {
			fifth = i;
			break;
		}
	}
	ck_assert_uint_eq(n5, 5);
	ck_assert_uint_eq(host_sh.log[fifth].kind, UD_BUS_LOAD);
	ck_assert_uint_eq(host_sh.log[fifth].va, VB + VDST);
	ck_assert_uint_eq(host_sh.log[fifth].data, UD_SH_SUCCESS);
	ck_assert_uint_eq(host_sh.log[fifth - 1].proc, 1);   /* the foreign STORE */
	/* ... and the call went on to a second, complete attempt */
	ck_assert_uint_eq(host_sh.log[host_sh.nlog - 1].data, UD_SH_DONE);
}
END_TEST

/* A foreign access before every honest one: no attempt can complete; the
 * library gives up after `tries` attempts with UD_E_BUSY, having issued
 * only its own three addresses, and no DMA started. */
static void storm(uint32_t nth)
{
	(void)nth;
	(void)host_sh_access(1, UD_BUS_STORE, VB + 0x30000, 256);
}

START_TEST(fig3_gives_up)
{
	uint32_t i, own = 0;

	machine(3);
	host_sh.hook = storm;
	ck_assert_int_eq(ud_shl_dma3(VSRC, VDST, 256, 3), UD_E_BUSY);
	ck_assert_uint_eq(host_sh.ndma, 0);
	for (i = 0; i < host_sh.nlog; i++) {
		if (host_sh.log[i].proc != 0)
			continue;
		own++;
		ck_assert(host_sh.log[i].va == VB + VSRC || host_sh.log[i].va == VB + VDST);
	}
	ck_assert_uint_ge(own, 3 * 2);       /* at least 2 accesses per attempt */
	ck_assert_uint_le(own, 3 * 5);
	ck_assert_uint_eq(host_sh.mmu_faults, 0);
}
END_TEST

/* The library cannot reach a page it has no shadow mapping for: a source
 * it may not read faults in the MMU and never reaches the engine. */
START_TEST(fig3_unmapped)
{
	machine(3);
	ck_assert_int_eq(ud_shl_dma3(0x55000, VDST, 256, 2), UD_E_BUSY);
	ck_assert_uint_eq(host_sh.ndma, 0);
	ck_assert_uint_ge(host_sh.mmu_faults, 2);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shadow_lib");
	TCase *tc = tcase_create("issuing");
	tcase_add_test(tc, fig1);
	tcase_add_test(tc, fig2);
	tcase_add_test(tc, fig3);
	tcase_add_test(tc, fig3_retry);
	tcase_add_test(tc, fig3_m6);
	tcase_add_test(tc, fig3_gives_up);
	tcase_add_test(tc, fig3_unmapped);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
