/* uldma-links: va_tx va_piece smmu pd mr mw access xfer_packet */
/*
 * tests/unit/test_va_tx.c -- one packet of a posted block, source side
 * (src/va_tx.c), with the host walk door (a page table per bank) and the
 * host memory door.  The links line names xfer_packet (and what it needs)
 * only for the host memory door.
 *
 * Checks: a 16 KB block at scattered frames (seed 001 1.2.8's 61000h,
 * 74000h, 8B000h, and one more), read packet by packet, every byte, with
 * the headers' fields from the post; a packet crossing a page is read from
 * both pages' own frames; a source page absent mid-block: the packets
 * before it are read, the faulting packet reads nothing and leaves buf as
 * it was, the report names (trid, seq, va) = the bank's FAR; a second
 * fault (MULTI, HUPCF = 1) or a fault under a previous one keeps the first
 * report; the second piece of a crossing packet faulting reads neither;
 * the post's PD, and only it, is the bank walked; a short last packet is
 * clamped to the block.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "va_tx.h"
#include "plat_host_va_piece.h"
#include "plat_host_xfer_packet.h"

static struct ud_smmu S;
static struct ud_va_tx TX;
static const uint64_t frames[5] = { 0x61000, 0x74000, 0x8B000, 0x33000, 0x52000 };

#define SRC 0x200000ull          /* page aligned */

static void setup(void)
{
	host_pt_reset();
	host_dma_reset();
	ud_smmu_init(&S);
	memset(&TX, 0, sizeof TX);
}

static void teardown(void)
{
	host_dma_reset();
}

static uint8_t pat(uint64_t va)
{
	return (uint8_t)(va * 13u + (va >> 8));
}

/* Map n pages of bank pd from va to frames[first ..], readable, with a
 * pattern of the virtual address in the physical memory. */
static void map_src(uint32_t pd, uint64_t va, uint32_t first, uint32_t n)
{
	for (uint32_t p = 0; p < n; p++) {
		host_pt_map(pd, va + p * 4096u, frames[first + p], true, false);
		for (uint32_t i = 0; i < 4096; i++)
			host_dma_poke(frames[first + p] + i, pat(va + p * 4096u + i));
	}
}

static struct ud_va_blk blk(uint8_t pd, uint64_t src, uint32_t len)
{
	struct ud_va_blk b = { .trid = 0x155, .seq = 0x2A, .pd = pd, .vc = 5, .kind = 0,
			       .node = 3, .src = src, .dst = 0x7000000000ull - 16384u, .len = len };
	return b;
}

START_TEST(block_of_16k_every_byte)
{
	struct ud_va_blk b = blk(4, SRC, 16384);
	uint8_t buf[256];

	map_src(4, SRC, 0, 4);
	for (uint32_t off = 0; off < 16384; off += 256) {
		struct ud_va_tx_out o = ud_va_tx_packet(&S, &TX, 9, &b, off, buf);
		ck_assert_int_eq(o.st, UD_OK);
		ck_assert_uint_eq(o.h.from, 9);
		ck_assert_uint_eq(o.h.trid, 0x155);
		ck_assert_uint_eq(o.h.seq, 0x2A);
		ck_assert_uint_eq(o.h.pd, 4);
		ck_assert_uint_eq(o.h.dst, 0x7000000000ull - 16384u + off);
		ck_assert_uint_eq(o.h.off, off);
		ck_assert_uint_eq(o.h.blen, 16384);
		ck_assert_uint_eq(o.h.n, 256);
		for (uint32_t i = 0; i < 256; i++)
			ck_assert_uint_eq(buf[i], pat(SRC + off + i));
	}
	ck_assert_uint_eq(host_dma.n, 64);            /* aligned: one piece a packet */
	ck_assert_uint_eq(host_dma.log[16].pa, 0x74000);
	ck_assert_uint_eq(host_dma.log[63].pa, 0x33000 + 4096 - 256);
	ck_assert_uint_eq(host_dma.violations, 0);
	ck_assert(!TX.rd[4].valid);
}
END_TEST

/* A block starting 0x80 before a page end: its first packet is two pieces,
 * each from its own page's frame; the last packet is short. */
START_TEST(crossing_packet_two_frames)
{
	struct ud_va_blk b = blk(2, SRC + 4096 - 0x80, 300);
	uint8_t buf[256];

	map_src(2, SRC, 2, 2);                        /* 8B000h, then 33000h */
	struct ud_va_tx_out o = ud_va_tx_packet(&S, &TX, 1, &b, 0, buf);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x8B000 + 4096 - 0x80);
	ck_assert_uint_eq(host_dma.log[0].len, 0x80);
	ck_assert_uint_eq(host_dma.log[1].pa, 0x33000);
	ck_assert_uint_eq(host_dma.log[1].len, 256 - 0x80);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(buf[i], pat(SRC + 4096 - 0x80 + i));
	o = ud_va_tx_packet(&S, &TX, 1, &b, 256, buf);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.h.n, 300 - 256);
	ck_assert_uint_eq(host_pt.n, 3);
	ck_assert_uint_eq(host_pt.log[2].wnr, 0);
}
END_TEST

/* The third page absent: packets 0..31 read, packet 32 reads nothing,
 * buf untouched, the report names it and FAR agrees. */
START_TEST(absent_page_mid_block)
{
	struct ud_va_blk b = blk(6, SRC, 16384);
	uint8_t buf[256];

	map_src(6, SRC, 0, 4);
	host_pt_unmap(6, SRC + 2 * 4096u);
	for (uint32_t off = 0; off < 8192; off += 256)
		ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, off, buf).st, UD_OK);
	uint32_t before = host_dma.n;
	memset(buf, 0x5C, sizeof buf);
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 8192, buf).st, UD_VA_FAULTED);
	ck_assert_uint_eq(host_dma.n, before);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(buf[i], 0x5C);
	ck_assert_uint_eq(TX.rd[6].valid, 1);
	ck_assert_uint_eq(TX.rd[6].trid, 0x155);
	ck_assert_uint_eq(TX.rd[6].seq, 0x2A);
	ck_assert_uint_eq(TX.rd[6].va, SRC + 8192);
	ck_assert_uint_eq(S.cb[6].far, SRC + 8192);
	ck_assert(!S.cb[6].wnr && S.cb[6].tf);
	/* HUPCF = 0: the next packet, on a present page, is terminated under
	 * the fault; the report stays the first fault's. */
	b.seq = 0x2B;
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 12288, buf).st, UD_VA_FAULTED);
	ck_assert_uint_eq(TX.rd[6].seq, 0x2A);
	ck_assert_uint_eq(TX.rd[6].va, SRC + 8192);
	ck_assert_uint_eq(host_dma.n, before);
}
END_TEST

/* HUPCF = 1: a second fault only sets MULTI; the report is kept. */
START_TEST(multi_keeps_first_report)
{
	struct ud_va_blk b = blk(8, SRC, 16384);
	uint8_t buf[256];

	ck_assert_int_eq(ud_smmu_configure(&S, 8, false, true), UD_OK);
	map_src(8, SRC, 0, 1);                        /* only the first page */
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 4096, buf).st, UD_VA_FAULTED);
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 0, buf).st, UD_OK);   /* hit under fault */
	b.trid = 0x7;
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 8192, buf).st, UD_VA_FAULTED);
	ck_assert(S.cb[8].multi);
	ck_assert_uint_eq(TX.rd[8].trid, 0x155);
	ck_assert_uint_eq(TX.rd[8].va, SRC + 4096);
}
END_TEST

/* The second piece of a crossing packet faults: neither piece is read,
 * the report names the second piece's address. */
START_TEST(second_piece_faults_reads_neither)
{
	struct ud_va_blk b = blk(3, SRC + 4096 - 0x40, 256);
	uint8_t buf[256];

	map_src(3, SRC, 0, 1);
	memset(buf, 0xA5, sizeof buf);
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 0, buf).st, UD_VA_FAULTED);
	ck_assert_uint_eq(host_dma.n, 0);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(buf[i], 0xA5);
	ck_assert_uint_eq(TX.rd[3].va, SRC + 4096);
	ck_assert_uint_eq(S.cb[3].far, SRC + 4096);
	ck_assert_uint_eq(host_pt.n, 2);
}
END_TEST

/* Stall mode: stalled, nothing read, no report. */
START_TEST(stalled_reads_nothing)
{
	struct ud_va_blk b = blk(5, SRC, 256);
	uint8_t buf[256];

	ck_assert_int_eq(ud_smmu_configure(&S, 5, true, false), UD_OK);
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 0, buf).st, UD_VA_STALLED);
	ck_assert_uint_eq(host_dma.n, 0);
	ck_assert(!TX.rd[5].valid);
}
END_TEST

/* The post's PD is the bank: the same virtual page mapped in banks 4 and
 * 7 to different frames is read from bank 4's frame when the post says 4;
 * a post of PD 9, where the page is absent, faults in bank 9 only, and
 * banks 4 and 7 keep no fault. */
START_TEST(own_bank_only)
{
	struct ud_va_blk b = blk(4, SRC, 256);
	uint8_t buf[256];

	map_src(7, SRC, 4, 1);                        /* bank 7: 52000h, pattern */
	host_pt_map(4, SRC, frames[0], true, false);  /* bank 4: 61000h, inverted */
	for (uint32_t i = 0; i < 4096; i++)
		host_dma_poke(frames[0] + i, (uint8_t)~pat(SRC + i));
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 0, buf).st, UD_OK);
	ck_assert_uint_eq(host_pt.n, 1);
	ck_assert_uint_eq(host_pt.log[0].cb, 4);
	ck_assert_uint_eq(host_dma.log[0].pa, frames[0]);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(buf[i], (uint8_t)~pat(SRC + i));
	b.pd = 9;
	ck_assert_int_eq(ud_va_tx_packet(&S, &TX, 1, &b, 0, buf).st, UD_VA_FAULTED);
	ck_assert_uint_eq(host_pt.log[1].cb, 9);
	ck_assert(S.cb[9].tf && TX.rd[9].valid);
	ck_assert(!S.cb[4].tf && !S.cb[4].pf && !TX.rd[4].valid);
	ck_assert(!S.cb[7].tf && !S.cb[7].pf && !TX.rd[7].valid);
	ck_assert_uint_eq(host_dma.n, 1);
}
END_TEST

/* A block of 4100 bytes: packet 16 is 4 bytes (the length clamped to the
 * block), read alone from the second page's frame; buf past them kept. */
START_TEST(short_last_packet_clamped)
{
	struct ud_va_blk b = blk(1, SRC, 4100);
	uint8_t buf[256];

	map_src(1, SRC, 0, 2);
	memset(buf, 0x3C, sizeof buf);
	struct ud_va_tx_out o = ud_va_tx_packet(&S, &TX, 1, &b, 4096, buf);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.h.n, 4);
	ck_assert_uint_eq(o.h.blen, 4100);
	ck_assert_uint_eq(host_dma.n, 1);
	ck_assert_uint_eq(host_dma.log[0].pa, frames[1]);
	ck_assert_uint_eq(host_dma.log[0].len, 4);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_uint_eq(buf[i], pat(SRC + 4096 + i));
	for (uint32_t i = 4; i < 256; i++)
		ck_assert_uint_eq(buf[i], 0x3C);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("va_tx");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, block_of_16k_every_byte);
	tcase_add_test(tc, crossing_packet_two_frames);
	tcase_add_test(tc, absent_page_mid_block);
	tcase_add_test(tc, multi_keeps_first_report);
	tcase_add_test(tc, second_piece_faults_reads_neither);
	tcase_add_test(tc, stalled_reads_nothing);
	tcase_add_test(tc, own_bank_only);
	tcase_add_test(tc, short_last_packet_clamped);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
