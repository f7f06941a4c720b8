/* uldma-links: send_mode */
/*
 * tests/unit/test_send_mode.c -- the send modes of seed 003
 * (src/send_mode.c) against the host home's real pages
 * (tests/support/plat_host_send_mode.c): under PIO, CopyDMA and PEXDMA
 * the frame the NI reads holds the bytes of the send call whatever the
 * user writes afterwards; under DirectDMA and V2PDMA a write before
 * completion reaches the message (the seed's non-classical semantics);
 * the exact door calls of each mode; every refusal leaves the buffer as it
 * was; the receiver's placement table (seed 2.2, 3).
 */
#include <check.h>
#include <string.h>
#include "send_mode.h"
#include "plat_host_send_mode.h"

static const uint32_t V1 = 0x1111u, V2 = 0x2222u, V3 = 0x3333u;

static void expect_call(uint32_t i, uint32_t op, uint32_t fr, uint32_t arg)
{
	ck_assert_uint_gt(host_sm.n, i);
	ck_assert_uint_eq(host_sm.log[i].op, op);
	ck_assert_uint_eq(host_sm.log[i].fr, fr);
	ck_assert_uint_eq(host_sm.log[i].arg, arg);
}

/* A buffer of mode m at a fresh user page holding V1. */
static struct ud_sm_buf fresh(uint32_t m)
{
	struct ud_sm_buf b;

	host_sm_reset();
	memset(&b, 0xA5, sizeof b);
	ck_assert_int_eq(ud_sm_init(&b, m, host_sm_user_page(V1), V1), UD_OK);
	ck_assert_uint_eq(b.st, UD_SM_IDLE);
	return b;
}

/* The user writes token v: the core decides, then the bytes land on the
 * frame the user's page maps to after that decision. */
static ud_status user_write(struct ud_sm_buf *b, uint32_t v)
{
	ud_status w = ud_sm_write(b, v);

	if (w >= 0)
		host_sm_fill(b->ufr, v);
	return w;
}

START_TEST(init_refuses_bad_input)
{
	struct ud_sm_buf b, was;

	memset(&b, 0x5A, sizeof b);
	was = b;
	ck_assert_int_eq(ud_sm_init(&b, 5u, 3u, V1), UD_E_INVAL);
	ck_assert_mem_eq(&b, &was, sizeof b);
	ck_assert_int_eq(ud_sm_init(&b, 0xFFFFFFFFu, 3u, V1), UD_E_INVAL);
	ck_assert_int_eq(ud_sm_init(&b, UD_SM_PIO, UD_SM_NOFRAME, V1), UD_E_INVAL);
	ck_assert_mem_eq(&b, &was, sizeof b);
}
END_TEST

/* Classical modes: the receiver gets V1 though the user wrote V2, V3. */
static void classical(uint32_t m, uint32_t pool_op_arg)
{
	struct ud_sm_buf b = fresh(m);
	uint32_t user = b.ufr;
	struct ud_sm_done d;

	ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	ck_assert_uint_eq(b.st, UD_SM_FLIGHT);
	ck_assert_int_eq(ud_sm_may_reuse(&b), 1);       /* at once: classical */
	if (m == UD_SM_PEXDMA) {
		ck_assert_uint_eq(host_sm.n, 2);
		expect_call(0, UD_SM_OP_PIN, user, 0);
		expect_call(1, UD_SM_OP_COW, user, 1);
		ck_assert_uint_eq(b.sfr, user);
		ck_assert(host_sm.f[user].cow && host_sm.f[user].pins == 1);
		/* first write: the page is duplicated for the user */
		ck_assert_int_eq(user_write(&b, V2), UD_SM_W_COW);
		ck_assert_uint_eq(host_sm.n, 3);
		expect_call(2, UD_SM_OP_COPY, user, UD_SM_TO_USER);
		ck_assert_uint_ne(b.ufr, user);
		ck_assert_uint_eq(b.ufr, host_sm.log[2].res);
	} else {
		ck_assert_uint_eq(host_sm.n, 1);
		expect_call(0, UD_SM_OP_COPY, user, pool_op_arg);
		ck_assert_uint_ne(b.sfr, user);
		ck_assert_uint_eq(host_sm.f[b.sfr].pool, pool_op_arg);
		ck_assert_int_eq(user_write(&b, V2), UD_SM_W_PLAIN);
	}
	/* later writes touch only the user's page */
	ck_assert_int_eq(user_write(&b, V3), UD_SM_W_PLAIN);
	ck_assert(host_sm_holds(b.sfr, V1));           /* what the NI reads */
	ck_assert(host_sm_holds(b.ufr, V3));
	d = ud_sm_complete(&b);
	ck_assert_int_eq(d.status, UD_OK);
	ck_assert_uint_eq(d.sent, V1);
	ck_assert_uint_eq(b.st, UD_SM_IDLE);
}

START_TEST(pio_sends_the_bytes_of_the_call)
{
	classical(UD_SM_PIO, UD_SM_TO_NI);
	expect_call(1, UD_SM_OP_PUT, host_sm.log[0].res, UD_SM_PUT_FREE);
}
END_TEST

START_TEST(copydma_sends_the_bytes_of_the_call)
{
	classical(UD_SM_COPYDMA, UD_SM_TO_DMABUF);
	expect_call(1, UD_SM_OP_PUT, host_sm.log[0].res, UD_SM_PUT_FREE);
	ck_assert(!host_sm.f[host_sm.log[0].res].used);   /* the DMA-buffer page freed */
}
END_TEST

START_TEST(pexdma_cow_keeps_the_bytes_of_the_call)
{
	uint32_t orig;

	classical(UD_SM_PEXDMA, 0);
	orig = host_sm.log[0].fr;
	/* duplicated: the original is unpinned and released to the pool */
	ck_assert_uint_eq(host_sm.n, 4);
	expect_call(3, UD_SM_OP_PUT, orig, UD_SM_PUT_RELEASE);
	ck_assert(!host_sm.f[orig].used);
	ck_assert_uint_eq(host_sm.released, 1);
}
END_TEST

START_TEST(pexdma_untouched_page_is_kept)
{
	struct ud_sm_buf b = fresh(UD_SM_PEXDMA);
	uint32_t user = b.ufr;
	struct ud_sm_done d;

	ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	d = ud_sm_complete(&b);
	ck_assert_int_eq(d.status, UD_OK);
	ck_assert_uint_eq(d.sent, V1);
	ck_assert_uint_eq(host_sm.n, 4);
	expect_call(2, UD_SM_OP_COW, user, 0);
	expect_call(3, UD_SM_OP_PUT, user, UD_SM_PUT_UNPIN);
	ck_assert(host_sm.f[user].used && !host_sm.f[user].cow);
	ck_assert_uint_eq(host_sm.f[user].pins, 0);
	ck_assert_uint_eq(b.ufr, user);
	ck_assert(host_sm_holds(user, V1));
}
END_TEST

/* Non-classical: the write before completion reaches the message. */
static void in_place(uint32_t m)
{
	struct ud_sm_buf b = fresh(m);
	uint32_t user = b.ufr;
	struct ud_sm_done d;

	ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	ck_assert_uint_eq(b.sfr, user);
	ck_assert_int_eq(ud_sm_may_reuse(&b), 0);       /* DMA-Ready() says no */
	ck_assert_int_eq(user_write(&b, V2), UD_SM_W_RACE);
	ck_assert(host_sm_holds(b.sfr, V2));           /* the NI reads the new bytes */
	d = ud_sm_complete(&b);
	ck_assert_int_eq(d.status, UD_OK);
	ck_assert_uint_eq(d.sent, V2);
	ck_assert_int_eq(ud_sm_may_reuse(&b), 1);
	ck_assert_int_eq(user_write(&b, V3), UD_SM_W_PLAIN);
}

START_TEST(directdma_write_in_flight_changes_message)
{
	in_place(UD_SM_DIRECTDMA);
	ck_assert_uint_eq(host_sm.n, 0);               /* no door: pinned at startup */
}
END_TEST

START_TEST(v2pdma_write_in_flight_changes_message)
{
	uint32_t user;

	in_place(UD_SM_V2PDMA);
	ck_assert_uint_eq(host_sm.n, 2);
	user = host_sm.log[0].fr;
	expect_call(0, UD_SM_OP_PIN, user, 0);
	expect_call(1, UD_SM_OP_PUT, user, UD_SM_PUT_UNPIN);
	ck_assert_uint_eq(host_sm.f[user].pins, 0);
}
END_TEST

START_TEST(double_post_and_idle_complete_refused)
{
	for (uint32_t m = 0; m <= UD_SM_PEXDMA; m++) {
		struct ud_sm_buf b = fresh(m), was;
		uint32_t n;
		struct ud_sm_done d;

		d = ud_sm_complete(&b);
		ck_assert_int_eq(d.status, UD_E_STATE);
		ck_assert_uint_eq(host_sm.n, 0);
		ck_assert_int_eq(ud_sm_post(&b), UD_OK);
		was = b;
		n = host_sm.n;
		ck_assert_int_eq(ud_sm_post(&b), UD_E_BUSY);
		ck_assert_mem_eq(&b, &was, sizeof b);
		ck_assert_uint_eq(host_sm.n, n);
	}
}
END_TEST

START_TEST(home_refusals_leave_buffer)
{
	struct ud_sm_buf b, was;

	b = fresh(UD_SM_PIO);
	was = b;
	host_sm.fail_copy = 1;
	ck_assert_int_eq(ud_sm_post(&b), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);
	host_sm.echo_copy = 1;                          /* a "copy" that is the source */
	ck_assert_int_eq(ud_sm_post(&b), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);
	ck_assert_int_eq(ud_sm_post(&b), UD_OK);

	b = fresh(UD_SM_V2PDMA);
	was = b;
	host_sm.fail_pin = 1;
	ck_assert_int_eq(ud_sm_post(&b), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);

	b = fresh(UD_SM_PEXDMA);
	was = b;
	host_sm.fail_pin = 1;
	ck_assert_int_eq(ud_sm_post(&b), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);
	ck_assert_uint_eq(host_sm.n, 1);               /* no COW mark after a refused pin */
	ck_assert_int_eq(ud_sm_post(&b), UD_OK);
	was = b;
	host_sm.fail_copy = 1;                          /* the COW copy fails */
	ck_assert_int_eq(ud_sm_write(&b, V2), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);
	host_sm.echo_copy = 1;
	ck_assert_int_eq(ud_sm_write(&b, V2), UD_E_PLATFORM);
	ck_assert_mem_eq(&b, &was, sizeof b);
}
END_TEST

START_TEST(receive_placement)
{
	/* seed 2.2: PIO is not used for receiving */
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_PIO, 0, 0, 100), UD_E_INVAL);
	ck_assert_int_eq(ud_sm_rx_place(7, 0, 0, 100), UD_E_INVAL);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_COPYDMA, 0, 0, 0), UD_E_INVAL);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_COPYDMA, 0, 0, 4097), UD_E_INVAL);
	/* CopyDMA and PEXDMA buffer */
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_COPYDMA, 0, 0, 4096), UD_SM_RX_BUFFER);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_PEXDMA, 0, 0, 1), UD_SM_RX_BUFFER);
	/* DirectDMA: the inbound mapping, else "exactly like CopyDMA" */
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_DIRECTDMA, 1, 0, 100), UD_SM_RX_DIRECT);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_DIRECTDMA, 0, 0, 100), UD_SM_RX_BUFFER);
	/* V2PDMA: pre-posted, "of sufficient size" */
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_V2PDMA, 0, 100, 100), UD_SM_RX_POSTED);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_V2PDMA, 1, 99, 100), UD_E_NOSPC);
	ck_assert_int_eq(ud_sm_rx_place(UD_SM_V2PDMA, 0, 0, 100), UD_E_NOSPC);
	/* delivery of a buffered message */
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_PEXDMA, 0x7000), UD_SM_RX_EXCHANGE);
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_PEXDMA, 0x7008), UD_SM_RX_COPY);
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_COPYDMA, 0x7000), UD_SM_RX_COPY);
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_DIRECTDMA, 0x7000), UD_SM_RX_COPY);
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_V2PDMA, 0x7000), UD_E_INVAL);
	ck_assert_int_eq(ud_sm_rx_deliver(UD_SM_PIO, 0x7000), UD_E_INVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("send_mode");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, init_refuses_bad_input);
	tcase_add_test(tc, pio_sends_the_bytes_of_the_call);
	tcase_add_test(tc, copydma_sends_the_bytes_of_the_call);
	tcase_add_test(tc, pexdma_cow_keeps_the_bytes_of_the_call);
	tcase_add_test(tc, pexdma_untouched_page_is_kept);
	tcase_add_test(tc, directdma_write_in_flight_changes_message);
	tcase_add_test(tc, v2pdma_write_in_flight_changes_message);
	tcase_add_test(tc, double_post_and_idle_complete_refused);
	tcase_add_test(tc, home_refusals_leave_buffer);
	tcase_add_test(tc, receive_placement);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed != 0;
}
