/* uldma-links: send_mode eng_send xfer_packet access xfer_wr */
/*
 * tests/fuzz/fuzz_send_mode.c -- random operation sequences on three send
 * buffers (src/send_mode.c) over the host home's real pages, compared with
 * a plain reference model written here from seed 003 2.1: the mode's
 * classical or non-classical semantics, the status of every call, the
 * buffer unchanged on every refusal, and at every completion the bytes of
 * the frame the NI read equal to the content the model says the receiver
 * gets (the send call's content under PIO, CopyDMA, PEXDMA; the last
 * write before completion under DirectDMA and V2PDMA).  The home is made
 * to refuse copies and pins, or to answer a copy with its source frame.
 * The NI's read is the engine's (src/eng_send.c, ud_eng_sm_fetch) through
 * the memory door, at a random (off, len) -- valid or not -- with the
 * frames aliased into the door's memory at HOST_SM_PA: exactly one load at
 * the frame the core chose, of exactly the model's bytes, or a defined
 * error and no access.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "send_mode.h"
#include "eng_send.h"
#include "plat_host_send_mode.h"
#include "plat_host_xfer_packet.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)
#define NB 3u

struct model { int live, flight; uint32_t mode, user, sent; };

static struct ud_sm_buf B[NB];
static struct model M[NB];

static uint8_t nibuf[UD_SM_MTU];

/* Byte i of a page filled with token v (host_sm_fill's pattern). */
static uint8_t tok_byte(uint32_t v, uint32_t i)
{
	return (uint8_t)((v * 2654435761u + i * 31u) >> 3);
}

static int classical(uint32_t m)
{
	return m == UD_SM_PIO || m == UD_SM_COPYDMA || m == UD_SM_PEXDMA;
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	uint32_t tok = 1;

	host_sm_reset();
	host_dma_reset();
	for (uint32_t f = 0; f < HOST_SM_FRAMES; f++)
		CHECK(host_dma_alias(HOST_SM_PA(f), host_sm.f[f].data) == 0);
	memset(B, 0, sizeof B);
	memset(M, 0, sizeof M);
	for (size_t k = 0; k + 1 < n; k += 2) {
		uint32_t i = p[k] % NB, op = (p[k] / NB) % 8u, arg = p[k + 1];
		struct ud_sm_buf *b = &B[i], was = *b;
		struct model *m = &M[i];
		ud_status st;

		if (!m->live) {   /* every buffer starts with init */
			uint32_t mode = arg % 6u, fr;

			if (host_sm.n > HOST_SM_LOG - 8u)
				return 0;
			fr = host_sm_user_page(tok);
			if (fr == UD_SM_NOFRAME)
				return 0;
			st = ud_sm_init(b, mode, fr, tok);
			if (mode > UD_SM_PEXDMA) {
				CHECK(st == UD_E_INVAL && !memcmp(b, &was, sizeof *b));
				host_sm.f[fr].used = 0;
				continue;
			}
			CHECK(st == UD_OK);
			*m = (struct model){ 1, 0, mode, tok, tok };
			tok++;
			continue;
		}
		host_sm.fail_copy = (arg & 0x30u) == 0x30u;
		host_sm.fail_pin = (arg & 0xC0u) == 0xC0u;
		host_sm.echo_copy = (arg & 0x0Fu) == 0x0Fu;
		switch (op % 4u) {
		case 0:   /* send */
			st = ud_sm_post(b);
			if (m->flight) {
				CHECK(st == UD_E_BUSY && !memcmp(b, &was, sizeof *b));
			} else if (st == UD_OK) {
				m->flight = 1;
				m->sent = m->user;
				CHECK(host_sm_holds(b->sfr, m->user));
			} else {
				CHECK(st == UD_E_PLATFORM && m->mode != UD_SM_DIRECTDMA);
				CHECK(!memcmp(b, &was, sizeof *b));
			}
			break;
		case 1:   /* the user writes */
		case 2:
			CHECK(ud_sm_may_reuse(b) == (!m->flight || classical(m->mode)));
			st = ud_sm_write(b, tok);
			if (st == UD_E_PLATFORM) {
				CHECK(m->flight && m->mode == UD_SM_PEXDMA);
				CHECK(!memcmp(b, &was, sizeof *b));
				break;
			}
			CHECK(st >= 0);
			host_sm_fill(b->ufr, tok);
			m->user = tok;
			if (m->flight && !classical(m->mode)) {
				CHECK(st == UD_SM_W_RACE);
				m->sent = tok;
			} else {
				CHECK(st == UD_SM_W_PLAIN || st == UD_SM_W_COW);
			}
			tok++;
			break;
		default: { /* the NI reads the message, then finishes */
			uint32_t sfr = b->sfr, n0 = host_dma.n;
			uint32_t off = (arg * 16u) % 4097u;
			uint32_t len = (arg & 1u) ? 4096u - off : (arg * 7u) % 300u;
			int ok = m->flight && host_sm_holds(sfr, m->sent);

			if (n0 >= HOST_DMA_LOG)
				return 0;
			st = ud_eng_sm_fetch(b, off, len, nibuf);
			CHECK(!memcmp(b, &was, sizeof *b));
			if (!m->flight) {
				CHECK(st == UD_E_STATE && host_dma.n == n0);
			} else if (len == 0u || off + len > UD_SM_MTU) {
				CHECK(st == UD_E_INVAL && host_dma.n == n0);
			} else {
				CHECK(st == UD_OK && host_dma.n == n0 + 1u);
				CHECK(host_dma.log[n0].pa == HOST_SM_PA(sfr) + off);
				CHECK(host_dma.log[n0].len == len && host_dma.log[n0].wr == 0);
				for (uint32_t j = 0; j < len; j++)
					CHECK(nibuf[j] == tok_byte(m->sent, off + j));
			}
			CHECK(host_dma.violations == 0);
			struct ud_sm_done d = ud_sm_complete(b);

			if (!m->flight) {
				CHECK(d.status == UD_E_STATE && !memcmp(b, &was, sizeof *b));
				break;
			}
			CHECK(ok);   /* the bytes the NI read */
			CHECK(d.status == UD_OK && d.sent == m->sent);
			m->flight = 0;
			break;
		}
		}
		host_sm.fail_copy = host_sm.fail_pin = host_sm.echo_copy = 0;
		if (host_sm.n > HOST_SM_LOG - 8u)
			return 0;
	}
	return 0;
}
