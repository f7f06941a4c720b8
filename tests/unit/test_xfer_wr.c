/* uldma-links: pd mr mw access xfer_packet xfer_wr */
/*
 * tests/unit/test_xfer_wr.c -- a work request run to completion
 * (wip/src/xfer_wr.c): RDMA write and read between two nodes' protection
 * states, packet by packet, every byte checked at its frame; exactly one
 * completion, with the error and the bytes moved before it when a packet
 * is refused.  Both nodes share the host's simulated physical memory, on
 * distinct frames.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "pd.h"
#include "mr.h"
#include "mw.h"
#include "xfer_wr.h"
#include "plat_host_mr.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_xfer_wr.h"

static struct ud_prot A, B;            /* initiator, target */
static uint8_t scratch[UD_WR_PKT];     /* the engine's staging buffer */
static uint32_t apd, aqp, bpd, bqp, bpd2, bqp2;
static uint32_t amr, alk, ark, bmr, blk, brk;
/* initiator buffer 0x10000 .. +12000, frames scattered; target 0x7F0100 .. +12000 */
static const uint64_t aframes[3] = { 0x300000, 0x120000, 0x5A0000 };
static const uint64_t bframes[4] = { 0x910000, 0x222000, 0x777000, 0x404000 };

/* Bytes of a request refused at byte 1000: its whole packets before it. */
static uint32_t moved_1000 = 1000u / UD_WR_PKT * UD_WR_PKT;

static uint64_t a_pa(uint64_t va) { uint64_t p = va - 0x10000; return aframes[p / 4096] + p % 4096; }
static uint64_t b_pa(uint64_t va) { uint64_t p = 0x100 + (va - 0x7F0100); return bframes[p / 4096] + p % 4096; }

static void setup(void)
{
	host_mr_reset();
	host_dma_reset();
	host_cq_reset();
	ud_prot_init(&A);
	ud_prot_init(&B);
	ck_assert_int_eq(ud_alloc_pd(&A, &apd), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&A, apd, &aqp), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&B, &bpd), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&B, &bpd2), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&B, bpd, &bqp), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&B, bpd2, &bqp2), UD_OK);
	host_mr_queue(aframes, 3);
	ck_assert_int_eq(ud_reg_mr(&A, apd, 0x10000, 12000, UD_ACC_LOCAL_WRITE, &amr, &alk, &ark), UD_OK);
	host_mr_queue(bframes, 4);
	ck_assert_int_eq(ud_reg_mr(&B, bpd, 0x7F0100, 12000,
				   UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ | UD_ACC_MW_BIND,
				   &bmr, &blk, &brk), UD_OK);
}

static void teardown(void)
{
	host_dma_reset();
}

START_TEST(rdma_write_every_byte)
{
	struct ud_wr w = { UD_WR_WRITE, alk, brk, 0x10000 + 7, 0x7F0100 + 4000, 5000 };

	for (uint32_t i = 0; i < 5000; i++)
		host_dma_poke(a_pa(w.lva + i), (uint8_t)(i * 13u + 1u));
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_OK);
	for (uint32_t i = 0; i < 5000; i++)
		ck_assert_uint_eq(host_dma_peek(b_pa(w.rva + i)), (uint8_t)(i * 13u + 1u));
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_uint_eq(host_cq.e[0].qp, aqp);
	ck_assert_int_eq(host_cq.e[0].st, UD_OK);
	ck_assert_uint_eq(host_cq.e[0].len, 5000);
	ck_assert_uint_eq(host_dma.violations, 0);
}
END_TEST

START_TEST(rdma_read_every_byte)
{
	struct ud_wr w = { UD_WR_READ, alk, brk, 0x10000 + 100, 0x7F0100 + 3, 9000 };

	for (uint32_t i = 0; i < 9000; i++)
		host_dma_poke(b_pa(w.rva + i), (uint8_t)(i ^ 0x5Au));
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_OK);
	for (uint32_t i = 0; i < 9000; i++)
		ck_assert_uint_eq(host_dma_peek(a_pa(w.lva + i)), (uint8_t)(i ^ 0x5Au));
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_int_eq(host_cq.e[0].st, UD_OK);
	ck_assert_uint_eq(host_cq.e[0].len, 9000);
}
END_TEST

/* One byte more than a packet: the last packet is a single byte, and it
 * must move too (a split that stops one byte early loses only it). */
START_TEST(packet_plus_one_byte)
{
	struct ud_wr w = { UD_WR_WRITE, alk, brk, 0x10000 + 5, 0x7F0100 + 9, UD_WR_PKT + 1u };

	for (uint32_t i = 0; i < w.len; i++)
		host_dma_poke(a_pa(w.lva + i), (uint8_t)(i * 5u + 2u));
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_OK);
	for (uint32_t i = 0; i < w.len; i++)
		ck_assert_uint_eq(host_dma_peek(b_pa(w.rva + i)), (uint8_t)(i * 5u + 2u));
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_uint_eq(host_cq.e[0].len, UD_WR_PKT + 1u);
}
END_TEST

/* The target's window ends inside the transfer: the packets before it land,
 * the first one crossing it is refused, nothing after it moves, and one
 * completion says UD_E_BOUNDS with the bytes moved. */
START_TEST(refused_midway_one_completion)
{
	uint32_t win, wk0, wk1;
	struct ud_wr w;

	ck_assert_int_eq(ud_alloc_mw(&B, bpd, &win, &wk0), UD_OK);
	ck_assert_int_eq(ud_bind_mw(&B, bqp, win, wk0, blk, 0x7F0100, 1000, UD_ACC_REMOTE_WRITE, &wk1),
			 UD_OK);
	w = (struct ud_wr){ UD_WR_WRITE, alk, wk1, 0x10000, 0x7F0100, 2000 };
	for (uint32_t i = 0; i < 2000; i++)
		host_dma_poke(a_pa(w.lva + i), 0xEE);
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_E_BOUNDS);
	ck_assert_uint_eq(host_cq.n, 1);
	ck_assert_int_eq(host_cq.e[0].st, UD_E_BOUNDS);
	/* the whole packets before the window's end: 3 of 256 B, 0 of 4 KB */
	ck_assert_uint_eq(host_cq.e[0].len, moved_1000);
	for (uint32_t i = 0; i < moved_1000; i++)
		ck_assert_uint_eq(host_dma_peek(b_pa(w.rva + i)), 0xEE);
	for (uint32_t i = moved_1000; i < 2000; i++)
		ck_assert_uint_eq(host_dma_peek(b_pa(w.rva + i)), 0);
}
END_TEST

/* The issuer is the QP's PD: the same request from a QP of another PD at the
 * target is refused at the first packet; bad requests complete with their
 * error and move nothing; a request posted on a QP that is not live is
 * refused at once, with no completion (there is no queue to put it on). */
START_TEST(issuer_from_trusted_state)
{
	struct ud_wr w = { UD_WR_WRITE, alk, brk, 0x10000, 0x7F0100, 100 };

	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp2, &w, scratch), UD_E_PD);
	ck_assert_uint_eq(host_cq.e[0].len, 0);
	w.len = 0;
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_E_INVAL);
	w.len = UD_WR_MAX_LEN + 1;
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_E_INVAL);
	w.len = 100;
	w.opcode = 7;
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_E_INVAL);
	w.opcode = UD_WR_WRITE;
	ck_assert_int_eq(ud_wr_run(&A, 15, &B, bqp, &w, scratch), UD_E_NOENT);
	ck_assert_int_eq(ud_wr_run(&A, UD_PROT_NQP, &B, bqp, &w, scratch), UD_E_NOENT);
	ck_assert_uint_eq(host_cq.n, 4);       /* no queue, no completion */
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, 99, &w, scratch), UD_E_NOENT);
	w.rva = UINT64_MAX - 10;
	ck_assert_int_eq(ud_wr_run(&A, aqp, &B, bqp, &w, scratch), UD_E_OVERFLOW);
	ck_assert_uint_eq(host_cq.n, 6);
	ck_assert_uint_eq(host_dma.n, 1);      /* only the first request read one packet */
	for (uint32_t i = 1; i < 6; i++) {
		ck_assert_uint_eq(host_cq.e[i].qp, aqp);
		ck_assert_int_ne(host_cq.e[i].st, UD_OK);
		ck_assert_uint_eq(host_cq.e[i].len, 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("xfer_wr");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, rdma_write_every_byte);
	tcase_add_test(tc, rdma_read_every_byte);
	tcase_add_test(tc, packet_plus_one_byte);
	tcase_add_test(tc, refused_midway_one_completion);
	tcase_add_test(tc, issuer_from_trusted_state);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
