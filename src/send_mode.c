/* SPDX-License-Identifier: MIT */
/*
 * send_mode.c -- the send modes of seed 003 for one send buffer, and the
 * receiver's placement.  Contracts in send_mode.h; design in
 * docs/send-modes.md.
 */
#include "send_mode.h"

ud_status ud_sm_init(struct ud_sm_buf *b, uint32_t mode, uint32_t frame, uint32_t content)
{
	if (mode > UD_SM_PEXDMA || frame == UD_SM_NOFRAME)
		return UD_E_INVAL;
	b->mode = (uint8_t)mode;
	b->st = (uint8_t)UD_SM_IDLE;
	b->ufr = frame;
	b->sfr = UD_SM_NOFRAME;
	b->gen = content;
	b->wgen = content;
	b->snap = content;
	return UD_OK;
}

/* PEXDMA's send call on frame fr: pin, then mark copy-on-write. */
/*@ requires room: ud_sm_n <= UD_SM_LOG - 2;
    assigns ud_env, ud_sm_n, UD_SM_LOG_AT(ud_sm_n), UD_SM_LOG_AT(ud_sm_n + 1);
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures pin_first: ud_sm_n >= \old(ud_sm_n) + 1 &&
      ud_sm_log_is(\old(ud_sm_n), UD_SM_OP_PIN, fr, 0);
    ensures cow_marked: \result == UD_OK ==> ud_sm_n == \old(ud_sm_n) + 2 &&
      ud_sm_res[\old(ud_sm_n)] == 0 &&
      ud_sm_log_is(\old(ud_sm_n) + 1, UD_SM_OP_COW, fr, 1);
    ensures pin_refused: \result != UD_OK ==> ud_sm_n == \old(ud_sm_n) + 1;
*/
static ud_status pex_mark(uint32_t fr)
{
	if (ud_plat_sm_pin(fr) != UD_OK)
		return UD_E_PLATFORM;
	/*@ assert pinned: ud_sm_n == \at(ud_sm_n, Pre) + 1; */
	ud_plat_sm_cow(fr, 1u);
	return UD_OK;
}

ud_status ud_sm_post(struct ud_sm_buf *b)
{
	uint32_t f = b->ufr;
	/* Call results in a function-level local: a temporary the compiler
	 * front end declares inside a switch case is, for WP's assigns check,
	 * a location the contract does not list (ud_sm_post assigns part 18). */
	ud_status r = UD_OK;

	if (b->st != UD_SM_IDLE)
		return UD_E_BUSY;
	switch (b->mode) {
	case UD_SM_PIO:
	case UD_SM_COPYDMA:
		/* Seed 2.1: PIO copies to the NI, CopyDMA to the DMA buffer. */
		f = ud_plat_sm_copy(b->ufr, b->mode == UD_SM_PIO ? UD_SM_TO_NI : UD_SM_TO_DMABUF);
		/* The home's answer is not trusted: a copy is a fresh frame. */
		if (f == UD_SM_NOFRAME || f == b->ufr)
			return UD_E_PLATFORM;
		break;
	case UD_SM_DIRECTDMA:
		/* The page is DMA memory, pinned at application startup. */
		break;
	case UD_SM_V2PDMA:
		r = ud_plat_sm_pin(b->ufr);
		if (r != UD_OK)
			return UD_E_PLATFORM;
		break;
	default:
		/* PEXDMA: "the pinned-down pages are marked as copy-on-write". */
		r = pex_mark(b->ufr);
		if (r != UD_OK)
			return UD_E_PLATFORM;
		break;
	}
	b->sfr = f;
	b->wgen = b->gen;
	b->snap = b->gen;
	b->st = (uint8_t)UD_SM_FLIGHT;
	return UD_OK;
}

ud_status ud_sm_write(struct ud_sm_buf *b, uint32_t v)
{
	uint32_t f;

	if (b->st == UD_SM_IDLE || b->ufr != b->sfr) {
		b->gen = v;
		return UD_SM_W_PLAIN;
	}
	if (b->mode == UD_SM_PEXDMA) {
		/* Copy-on-write: the user's page gets a copy; the NI keeps the
		 * original, so the message is the one of the send call. */
		f = ud_plat_sm_copy(b->ufr, UD_SM_TO_USER);
		if (f == UD_SM_NOFRAME || f == b->sfr)
			return UD_E_PLATFORM;
		b->ufr = f;
		b->gen = v;
		return UD_SM_W_COW;
	}
	/* DirectDMA / V2PDMA: the write lands in the frame the NI reads. */
	b->gen = v;
	b->wgen = v;
	return UD_SM_W_RACE;
}

struct ud_sm_done ud_sm_complete(struct ud_sm_buf *b)
{
	struct ud_sm_done d = { UD_E_STATE, 0u };

	if (b->st != UD_SM_FLIGHT)
		return d;
	switch (b->mode) {
	case UD_SM_PIO:
	case UD_SM_COPYDMA:
		ud_plat_sm_put(b->sfr, UD_SM_PUT_FREE);
		break;
	case UD_SM_DIRECTDMA:
		break;
	case UD_SM_V2PDMA:
		ud_plat_sm_put(b->sfr, UD_SM_PUT_UNPIN);
		break;
	default:
		/* PEXDMA: "the copy-on-write flag is checked to detect if the
		 * pages have been duplicated". */
		if (b->ufr == b->sfr) {
			ud_plat_sm_cow(b->sfr, 0u);
			ud_plat_sm_put(b->sfr, UD_SM_PUT_UNPIN);
		} else {
			ud_plat_sm_put(b->sfr, UD_SM_PUT_RELEASE);
		}
		break;
	}
	b->st = (uint8_t)UD_SM_IDLE;
	d.status = UD_OK;
	d.sent = b->wgen;
	return d;
}

int ud_sm_may_reuse(const struct ud_sm_buf *b)
{
	if (b->st == UD_SM_IDLE)
		return 1;
	if (b->mode == UD_SM_PIO || b->mode == UD_SM_COPYDMA || b->mode == UD_SM_PEXDMA)
		return 1;
	return 0;
}

int32_t ud_sm_rx_place(uint32_t mode, uint32_t mapped, uint32_t posted_len, uint32_t len)
{
	if (mode > UD_SM_PEXDMA || mode == UD_SM_PIO || len == 0u || len > UD_SM_MTU)
		return UD_E_INVAL;
	if (mode == UD_SM_V2PDMA)
		return len <= posted_len ? UD_SM_RX_POSTED : UD_E_NOSPC;
	if (mode == UD_SM_DIRECTDMA && mapped != 0u)
		return UD_SM_RX_DIRECT;
	return UD_SM_RX_BUFFER;
}

int32_t ud_sm_rx_deliver(uint32_t mode, uint64_t uva)
{
	if (mode != UD_SM_COPYDMA && mode != UD_SM_DIRECTDMA && mode != UD_SM_PEXDMA)
		return UD_E_INVAL;
	if (mode == UD_SM_PEXDMA && uva % UD_PAGE_SIZE == 0u)
		return UD_SM_RX_EXCHANGE;
	return UD_SM_RX_COPY;
}
