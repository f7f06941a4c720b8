/* uldma-links: pd mr mw access xfer_packet */
/*
 * tests/unit/test_xfer_packet.c -- one packet into and out of memory
 * (src/xfer_packet.c): bytes land at each page's own frame (never the first
 * page's frame plus an offset), every refusal writes nothing and names its
 * error, and a rebind or deregister between two packets of one transfer
 * makes the later packet fail (seed 001 2.5).  Frames are scattered on
 * purpose (seed 001 1.2.8's 61000h, 74000h, 8B000h) so a wrong translation
 * lands in a frame the test can see.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "pd.h"
#include "mr.h"
#include "mw.h"
#include "xfer_packet.h"
#include "plat_host_mr.h"
#include "plat_host_xfer_packet.h"

static struct ud_prot P;
static uint32_t pd0, pd1, qp0;
static const uint64_t frames[3] = { 0x61000, 0x74000, 0x8B000 };
static uint32_t mr, lk, rk;

/* Region 0x141200 .. +10000 (3 pages, offset 0x200) in pd0, remote write,
 * remote read, local write, window binding. */
static void setup(void)
{
	host_mr_reset();
	host_dma_reset();
	ud_prot_init(&P);
	ck_assert_int_eq(ud_alloc_pd(&P, &pd0), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&P, &pd1), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&P, pd0, &qp0), UD_OK);
	host_mr_queue(frames, 3);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x141200, 10000,
				   UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ |
				   UD_ACC_MW_BIND, &mr, &lk, &rk), UD_OK);
}

static void teardown(void)
{
	host_dma_reset();
}

/* The physical address of va in the region, by hand from the seed. */
static uint64_t pa_of(uint64_t va)
{
	uint64_t pos = 0x200 + (va - 0x141200);
	return frames[pos / 4096] + pos % 4096;
}

static void fill(uint8_t *b, uint32_t n, uint8_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		b[i] = (uint8_t)(seed + i * 7u);
}

START_TEST(write_inside_one_page)
{
	uint8_t d[256];

	fill(d, sizeof d, 1);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_WRITE, d, 256), UD_OK);
	ck_assert_uint_eq(host_dma.n, 1);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x61300);
	ck_assert_uint_eq(host_dma.log[0].len, 256);
	ck_assert_uint_eq(host_dma.log[0].wr, 1);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(host_dma_peek(0x61300 + i), d[i]);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

/* 0x141F80 .. +256 crosses the region's first page boundary at 0x142000
 * (position 0x1000; the region's pages align with the VA's, offset 0x200):
 * 0x80 bytes at 0x61F80, then 0x80 at 0x74000. */
START_TEST(write_across_a_page)
{
	uint8_t d[256];

	fill(d, sizeof d, 3);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141F80, UD_KIND_REMOTE_WRITE, d, 256), UD_OK);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x61F80);
	ck_assert_uint_eq(host_dma.log[0].len, 0x80);
	ck_assert_uint_eq(host_dma.log[1].pa, 0x74000);
	ck_assert_uint_eq(host_dma.log[1].len, 0x80);
	for (uint32_t i = 0; i < 256; i++)
		ck_assert_uint_eq(host_dma_peek(pa_of(0x141F80 + i)), d[i]);
	/* nothing landed in the first frame past its end */
	ck_assert_uint_eq(host_dma_peek(0x62000), 0);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

/* The largest packet, a page (the kernel engine's size): unaligned, it is
 * two pieces, each with its own frame (0xD00 bytes at 0x61300, 0x300 at
 * 0x74000); aligned with the region's page, one piece of the whole frame.
 * Read back through ud_pkt_read the same way. */
START_TEST(page_sized_packets)
{
	static uint8_t d[UD_PKT_MAX], out[UD_PKT_MAX];

	fill(d, sizeof d, 11);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_WRITE, d, UD_PKT_MAX), UD_OK);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x61300);
	ck_assert_uint_eq(host_dma.log[0].len, 0xD00);
	ck_assert_uint_eq(host_dma.log[1].pa, 0x74000);
	ck_assert_uint_eq(host_dma.log[1].len, 0x300);
	for (uint32_t i = 0; i < UD_PKT_MAX; i++)
		ck_assert_uint_eq(host_dma_peek(pa_of(0x141300 + i)), d[i]);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x142000, UD_KIND_REMOTE_WRITE, d, UD_PKT_MAX), UD_OK);
	ck_assert_uint_eq(host_dma.n, 3);
	ck_assert_uint_eq(host_dma.log[2].pa, 0x74000);
	ck_assert_uint_eq(host_dma.log[2].len, 0x1000);
	ck_assert_int_eq(ud_pkt_read(&P, pd0, rk, 0x142000, UD_KIND_REMOTE_READ, out, UD_PKT_MAX), UD_OK);
	ck_assert_int_eq(memcmp(out, d, UD_PKT_MAX), 0);
	/* past the region's end (0x141200 + 10000 = 0x143910): refused whole */
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x143000, UD_KIND_REMOTE_WRITE, d, UD_PKT_MAX), UD_E_BOUNDS);
	ck_assert_uint_eq(host_dma.n, 4);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

START_TEST(read_across_a_page)
{
	uint8_t out[200], want[200];
	uint64_t va = 0x142F80;   /* position 0x1F80 .. +200: 0x80 in page 1, 0x48 in page 2 */

	for (uint32_t i = 0; i < 200; i++) {
		want[i] = (uint8_t)(0xA0 ^ i);
		host_dma_poke(pa_of(va + i), want[i]);
	}
	memset(out, 0, sizeof out);
	ck_assert_int_eq(ud_pkt_read(&P, pd0, rk, va, UD_KIND_REMOTE_READ, out, 200), UD_OK);
	ck_assert_mem_eq(out, want, 200);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].wr, 0);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x74F80);
	ck_assert_uint_eq(host_dma.log[0].len, 0x80);
	ck_assert_uint_eq(host_dma.log[1].pa, 0x8B000);
	ck_assert_uint_eq(host_dma.log[1].len, 0x48);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

/* Every refusal: its error, no memory access, output buffer untouched. */
START_TEST(refusals_touch_nothing)
{
	uint8_t d[300], out[16];

	fill(d, sizeof d, 9);
	memset(out, 0x5A, sizeof out);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_WRITE, d, 0), UD_E_INVAL);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_WRITE, d, UD_PKT_MAX + 1), UD_E_INVAL);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_READ, d, 16), UD_E_INVAL);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, 9, d, 16), UD_E_INVAL);
	ck_assert_int_eq(ud_pkt_read(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_WRITE, out, 16), UD_E_INVAL);
	/* forged key, stale generation, foreign pd */
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk ^ 0x7, 0x141300, UD_KIND_REMOTE_WRITE, d, 16), UD_E_KEY);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk + 256, 0x141300, UD_KIND_REMOTE_WRITE, d, 16), UD_E_KEY);
	ck_assert_int_eq(ud_pkt_write(&P, pd1, rk, 0x141300, UD_KIND_REMOTE_WRITE, d, 16), UD_E_PD);
	/* one byte before, the last bytes past the end, a range through 2^64 */
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x1411FF, UD_KIND_REMOTE_WRITE, d, 16), UD_E_BOUNDS);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x143910 - 8, UD_KIND_REMOTE_WRITE, d, 16), UD_E_BOUNDS);
	ck_assert_int_eq(ud_pkt_read(&P, pd0, rk, UINT64_MAX - 4, UD_KIND_REMOTE_READ, out, 16),
			 UD_E_OVERFLOW);
	/* atomic not granted */
	ck_assert_int_eq(ud_pkt_write(&P, pd0, rk, 0x141300, UD_KIND_REMOTE_ATOMIC, d, 8), UD_E_PERM);
	ck_assert_uint_eq(host_dma.n, 0);
	for (uint32_t i = 0; i < sizeof out; i++)
		ck_assert_uint_eq(out[i], 0x5A);
	ck_assert_uint_eq(host_dma.nframes, 0);
}
END_TEST

/* Seed 001 2.5: a window rebound between two packets of one transfer; the
 * first packet lands, the second fails and writes nothing. */
START_TEST(rebind_between_packets)
{
	uint32_t w, wk0, wk1, wk2;
	uint8_t d[128];

	fill(d, sizeof d, 5);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &wk0), UD_OK);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, wk0, lk, 0x141200, 4096,
				    UD_ACC_REMOTE_WRITE, &wk1), UD_OK);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, wk1, 0x141200, UD_KIND_REMOTE_WRITE, d, 128), UD_OK);
	ck_assert_uint_eq(host_dma.n, 1);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x61200);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, wk1, lk, 0x142000, 16, UD_ACC_REMOTE_WRITE, &wk2), UD_OK);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, wk1, 0x141280, UD_KIND_REMOTE_WRITE, d, 128), UD_E_KEY);
	ck_assert_uint_eq(host_dma.n, 1);
	/* the region's own local key still writes locally; deregister kills it */
	ck_assert_int_eq(ud_pkt_write(&P, pd0, lk, 0x141280, UD_KIND_LOCAL_WRITE, d, 128), UD_OK);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_int_eq(ud_dealloc_mw(&P, w), UD_OK);
	ck_assert_int_eq(ud_dereg_mr(&P, mr), UD_OK);
	ck_assert_int_eq(ud_pkt_write(&P, pd0, lk, 0x141300, UD_KIND_LOCAL_WRITE, d, 128), UD_E_KEY);
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

/* A sweep: every start offset and length class over the region, against
 * the hand translation, byte by byte. */
START_TEST(sweep_against_reference)
{
	uint8_t d[256];
	uint32_t lens[] = { 1, 2, 64, 255, 256 };

	for (uint64_t va = 0x141200; va < 0x141200 + 10000; va += 61) {
		for (unsigned l = 0; l < sizeof lens / sizeof lens[0]; l++) {
			uint32_t n = lens[l];
			uint32_t before = host_dma.n;
			ud_status rc;

			fill(d, n, (uint8_t)(va + n));
			rc = ud_pkt_write(&P, pd0, lk, va, UD_KIND_LOCAL_WRITE, d, n);
			if (va + n > 0x141200 + 10000) {
				ck_assert_int_eq(rc, UD_E_BOUNDS);
				ck_assert_uint_eq(host_dma.n, before);
				continue;
			}
			ck_assert_int_eq(rc, UD_OK);
			for (uint32_t i = 0; i < n; i++)
				ck_assert_uint_eq(host_dma_peek(pa_of(va + i)), d[i]);
		}
	}
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("xfer_packet");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, write_inside_one_page);
	tcase_add_test(tc, write_across_a_page);
	tcase_add_test(tc, read_across_a_page);
	tcase_add_test(tc, page_sized_packets);
	tcase_add_test(tc, refusals_touch_nothing);
	tcase_add_test(tc, rebind_between_packets);
	tcase_add_test(tc, sweep_against_reference);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
