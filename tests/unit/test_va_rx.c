/* uldma-links: va_rx va_tx va_piece smmu fault_fifo pd mr mw access xfer_packet */
/*
 * tests/unit/test_va_rx.c -- one packet of a virtual-address transfer,
 * destination side (src/va_rx.c), with the host walk door (a page
 * table per bank), the host memory door and the host reply door.
 *
 * Checks: a 16 KB block stored packet by packet at scattered frames under
 * the header's PD's bank, ACKed once, after its last packet, whatever the
 * packets' order, and a duplicate after the ACK stores again without a
 * second ACK; a crossing packet stored at both pages' frames; a
 * destination page absent: nothing stored (neither piece), a Table 3.2
 * entry in the FIFO (src, trid, seq, PD, the page, EXA_ACK 2), PF-NACK
 * once for the seq (a second faulting packet: FIFO entry or repeat, no
 * second PF-NACK), no ACK for that seq even when every other packet
 * arrives; the retransmission with the next seq resets the slot and ACKs;
 * a malformed header changes nothing; another PD's bank is not consulted;
 * a seq that faulted never ACKs, even with every packet stored later.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "va_rx.h"
#include "plat_host_va_piece.h"
#include "plat_host_xfer_packet.h"
#include "plat_host_va_rx.h"

static struct ud_smmu S;
static struct ud_ff FF;
static struct ud_va_rx RX;
static const uint64_t frames[5] = { 0x61000, 0x74000, 0x8B000, 0x33000, 0x52000 };

#define DST 0x400000ull          /* page aligned */

static void setup(void)
{
	host_pt_reset();
	host_dma_reset();
	host_rep_reset();
	ud_smmu_init(&S);
	ud_ff_init(&FF);
	ud_va_rx_init(&RX);
}

static void teardown(void)
{
	host_dma_reset();
}

static uint8_t pat(uint64_t x)
{
	return (uint8_t)(x * 29u + (x >> 8) + 1u);
}

static void map_dst(uint32_t pd, uint64_t va, uint32_t first, uint32_t n)
{
	for (uint32_t p = 0; p < n; p++)
		host_pt_map(pd, va + p * 4096u, frames[first + p], true, true);
}

static struct ud_va_hdr hdr(uint8_t pd, uint16_t seq, uint64_t dst, uint32_t blen, uint32_t off)
{
	struct ud_va_hdr h = { .from = 12, .trid = 0x155, .seq = seq, .pd = pd,
			       .dst = dst + off, .off = off, .blen = blen,
			       .n = blen - off < 256 ? blen - off : 256 };
	return h;
}

static void payload(uint8_t *d, uint32_t off)
{
	for (uint32_t i = 0; i < 256; i++)
		d[i] = pat(off + i);
}

START_TEST(block_stored_acked_once)
{
	uint8_t d[256];

	map_dst(4, DST, 0, 4);
	/* every packet but packet 5, then packet 5: one ACK, after it */
	for (uint32_t k = 0; k < 64; k++) {
		if (k == 5)
			continue;
		struct ud_va_hdr h = hdr(4, 7, DST, 16384, k * 256u);
		payload(d, k * 256u);
		struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
		ck_assert_int_eq(o.st, UD_OK);
		ck_assert_uint_eq(o.reply, 0);
	}
	ck_assert_uint_eq(host_rep.n, 0);
	struct ud_va_hdr h5 = hdr(4, 7, DST, 16384, 5 * 256u);
	payload(d, 5 * 256u);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h5, d);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.reply, UD_VA_REP_ACK);
	ck_assert_uint_eq(host_rep.n, 1);
	ck_assert_uint_eq(host_rep.log[0].node, 12);
	ck_assert_uint_eq(host_rep.log[0].trid, 0x155);
	ck_assert_uint_eq(host_rep.log[0].seq, 7);
	ck_assert_uint_eq(host_rep.log[0].kind, UD_VA_REP_ACK);
	for (uint32_t p = 0; p < 4; p++)
		for (uint32_t i = 0; i < 4096; i++)
			ck_assert_uint_eq(host_dma_peek(frames[p] + i), pat(p * 4096u + i));
	ck_assert_uint_eq(host_dma.n, 64);
	ck_assert_uint_eq(host_dma.violations, 0);
	/* a duplicate after the ACK: stored again, no second ACK */
	o = ud_va_rx_packet(&S, &FF, &RX, &h5, d);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.reply, 0);
	ck_assert_uint_eq(host_rep.n, 1);
	ck_assert_uint_eq(FF.count, 0);
	for (uint32_t i = 0; i < 64; i++)
		ck_assert_uint_eq(host_pt.log[i].wnr, 1);
}
END_TEST

START_TEST(crossing_packet_two_frames)
{
	uint8_t d[256];
	struct ud_va_hdr h = hdr(2, 1, DST + 4096 - 0x40, 256, 0);

	map_dst(2, DST, 2, 2);
	payload(d, 0);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.reply, UD_VA_REP_ACK);          /* a one-packet block */
	ck_assert_uint_eq(host_dma.n, 2);
	ck_assert_uint_eq(host_dma.log[0].pa, 0x8B000 + 4096 - 0x40);
	ck_assert_uint_eq(host_dma.log[0].len, 0x40);
	ck_assert_uint_eq(host_dma.log[1].pa, 0x33000);
	ck_assert_uint_eq(host_dma.log[1].len, 256 - 0x40);
	ck_assert_uint_eq(host_dma_peek(0x33000), pat(0x40));
}
END_TEST

/* Page 2 of the destination absent: packet 32 stores nothing, the FIFO
 * gets its entry, one PF-NACK; packet 33 faults too: a repeat of the last
 * entry (same page), no second PF-NACK; the rest arrive, no ACK for seq 7;
 * the page mapped, seq 8 retransmitted whole: ACK. */
START_TEST(absent_page_pfnack_once)
{
	uint8_t d[256];
	struct ud_ff_entry e;

	map_dst(6, DST, 0, 4);
	host_pt_unmap(6, DST + 2 * 4096u);
	struct ud_va_hdr h = hdr(6, 7, DST, 16384, 8192);
	memset(d, 0x77, sizeof d);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
	ck_assert_int_eq(o.st, UD_VA_FAULTED);
	ck_assert_uint_eq(o.reply, UD_VA_REP_PFNACK);
	ck_assert_uint_eq(o.fvpn, (DST + 8192) / 4096);
	ck_assert_uint_eq(host_dma.n, 0);
	ck_assert_uint_eq(host_rep.n, 1);
	ck_assert_uint_eq(host_rep.log[0].kind, UD_VA_REP_PFNACK);
	ck_assert_uint_eq(host_rep.log[0].seq, 7);
	ck_assert_uint_eq(FF.count, 1);
	ck_assert(S.cb[6].tf && S.cb[6].wnr);
	h = hdr(6, 7, DST, 16384, 8192 + 256);
	o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
	ck_assert_int_eq(o.st, UD_VA_FAULTED);
	ck_assert_uint_eq(o.reply, 0);
	ck_assert_uint_eq(host_rep.n, 1);
	ck_assert_uint_eq(FF.count, 1);                     /* the same page: a repeat */
	ck_assert_int_eq(ud_ff_pop(&FF, &e), UD_OK);
	ck_assert_uint_eq(e.src_id, 12);
	ck_assert_uint_eq(e.tr_id, 0x155);
	ck_assert_uint_eq(e.seq, 7);
	ck_assert_uint_eq(e.pdid, 6);
	ck_assert_uint_eq(e.proc, 0);
	ck_assert_uint_eq(e.vpn, (DST + 8192) / 4096);
	ck_assert_uint_eq(e.exa_ack, UD_VA_EXA_SLVERR);
	/* the bank cleared, every packet of seq 7 off page 2: still no ACK */
	ud_smmu_init(&S);
	for (uint32_t k = 0; k < 64; k++) {
		if (k >= 32 && k < 48)                 /* page 2 */
			continue;
		h = hdr(6, 7, DST, 16384, k * 256u);
		(void)ud_va_rx_packet(&S, &FF, &RX, &h, d);
	}
	ck_assert_uint_eq(host_rep.n, 1);
	/* paged in; seq 8, the block again: ACK */
	map_dst(6, DST + 2 * 4096u, 2, 1);
	for (uint32_t k = 0; k < 64; k++) {
		h = hdr(6, 8, DST, 16384, k * 256u);
		o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
		ck_assert_int_eq(o.st, UD_OK);
	}
	ck_assert_uint_eq(o.reply, UD_VA_REP_ACK);
	ck_assert_uint_eq(host_rep.n, 2);
	ck_assert_uint_eq(host_rep.log[1].seq, 8);
}
END_TEST

/* The second piece of a crossing packet faults: neither is stored. */
START_TEST(second_piece_faults_stores_neither)
{
	uint8_t d[256];
	struct ud_va_hdr h = hdr(3, 1, DST + 4096 - 0x40, 512, 0);

	map_dst(3, DST, 0, 1);
	payload(d, 0);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
	ck_assert_int_eq(o.st, UD_VA_FAULTED);
	ck_assert_uint_eq(o.fvpn, (DST + 4096) / 4096);
	ck_assert_uint_eq(host_dma.n, 0);
	ck_assert_uint_eq(host_pt.n, 2);
}
END_TEST

START_TEST(malformed_changes_nothing)
{
	uint8_t d[256] = { 0 };
	struct ud_va_hdr bad[7];

	map_dst(1, DST, 0, 1);
	for (int i = 0; i < 7; i++)
		bad[i] = hdr(1, 1, DST, 4096, 256);
	bad[0].pd = 16;
	bad[1].off = 100;
	bad[2].off = 4096;
	bad[3].n = 255;
	bad[4].dst = 0x8000000000ull - 100;
	bad[5].blen = 16385;
	bad[6].from = 1u << 22;
	for (int i = 0; i < 7; i++) {
		struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &bad[i], d);
		ck_assert_int_eq(o.st, UD_E_INVAL);
	}
	ck_assert_uint_eq(host_pt.n, 0);
	ck_assert_uint_eq(host_dma.n, 0);
	ck_assert_uint_eq(host_rep.n, 0);
	ck_assert_uint_eq(FF.count, 0);
	for (uint32_t k = 0; k < UD_VA_RX_NB; k++)
		ck_assert_uint_eq(RX.b[k].valid, 0);
}
END_TEST

/* The header's PD is the bank: mapped in bank 7 only, a packet of PD 4
 * faults in bank 4, bank 7 untouched. */
START_TEST(own_bank_only)
{
	uint8_t d[256] = { 0 };
	struct ud_va_hdr h = hdr(4, 1, DST, 256, 0);

	map_dst(7, DST, 0, 1);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h, d);
	ck_assert_int_eq(o.st, UD_VA_FAULTED);
	ck_assert_uint_eq(host_pt.log[0].cb, 4);
	ck_assert(S.cb[4].tf);
	ck_assert(!S.cb[7].tf && !S.cb[7].pf);
	ck_assert_uint_eq(host_dma.n, 0);
}
END_TEST

/* A seq that faulted never ACKs, even when every packet of it is stored
 * later (a late duplicate after the page-in): only the next seq does. */
START_TEST(faulted_seq_never_acks)
{
	uint8_t d[256] = { 0 };
	struct ud_va_hdr h0 = hdr(5, 3, DST, 512, 0), h1 = hdr(5, 3, DST, 512, 256);

	host_pt_unmap(5, DST);
	ck_assert_int_eq(ud_va_rx_packet(&S, &FF, &RX, &h1, d).st, UD_VA_FAULTED);
	ud_smmu_init(&S);
	map_dst(5, DST, 1, 1);
	ck_assert_int_eq(ud_va_rx_packet(&S, &FF, &RX, &h0, d).st, UD_OK);
	struct ud_va_rx_out o = ud_va_rx_packet(&S, &FF, &RX, &h1, d);
	ck_assert_int_eq(o.st, UD_OK);
	ck_assert_uint_eq(o.reply, 0);
	ck_assert_uint_eq(host_rep.n, 1);                   /* the PF-NACK only */
	h0.seq = 4;
	h1.seq = 4;
	ck_assert_uint_eq(ud_va_rx_packet(&S, &FF, &RX, &h0, d).reply, 0);
	ck_assert_uint_eq(ud_va_rx_packet(&S, &FF, &RX, &h1, d).reply, UD_VA_REP_ACK);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("va_rx");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, block_stored_acked_once);
	tcase_add_test(tc, crossing_packet_two_frames);
	tcase_add_test(tc, absent_page_pfnack_once);
	tcase_add_test(tc, second_piece_faults_stores_neither);
	tcase_add_test(tc, malformed_changes_nothing);
	tcase_add_test(tc, own_bank_only);
	tcase_add_test(tc, faulted_seq_never_acks);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
