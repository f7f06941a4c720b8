/* uldma-links: send_mode */
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
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "send_mode.h"
#include "plat_host_send_mode.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)
#define NB 3u

struct model { int live, flight; uint32_t mode, user, sent; };

static struct ud_sm_buf B[NB];
static struct model M[NB];

static int classical(uint32_t m)
{
	return m == UD_SM_PIO || m == UD_SM_COPYDMA || m == UD_SM_PEXDMA;
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	uint32_t tok = 1;

	host_sm_reset();
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
		default: { /* the NI finishes */
			uint32_t sfr = b->sfr;
			int ok = m->flight && host_sm_holds(sfr, m->sent);
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
