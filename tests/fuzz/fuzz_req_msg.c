/* uldma-links: req_msg */
/*
 * libFuzzer target: the request mailbox decoder (src/req_msg.c; a transfer
 * request or a remote read request, opcode 3, four slots).  The first 32
 * bytes are w[0..7] (little endian); byte 32, if present, steers towards
 * the deep checks: bit 0 frames the words (opcode 3, continuation opcodes
 * 0, reserved bits cleared), bit 1 sets the wired PDID to pd, bit 2 puts
 * the right check in w[7].  Reference, with shifts and masks: refused with
 * UD_E_INVAL unless framed, UD_REQ_E_CHECK unless w[7] is the check,
 * UD_E_RANGE for a length of 0 or above 64 MiB, UD_E_FORGED when the wired
 * PDID is not pd; a refusal leaves the output as it was; an accepted one
 * has the layout's fields, meets the scheduler's field conditions, and
 * encodes back to the same eight words.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "req_msg.h"

static uint32_t check_of(const uint32_t *w)
{
	uint64_t sum = (uint64_t)(w[0] >> 18) + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] +
		       0x55445251u;
	return (uint32_t)sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t b[33] = { 0 };
	uint32_t w[8], v[8];
	struct ud_req_msg m, before;
	ud_status want;

	memcpy(b, data, size < sizeof b ? size : sizeof b);
	for (int k = 0; k < 8; k++)
		w[k] = (uint32_t)b[4 * k] | (uint32_t)b[4 * k + 1] << 8 |
		       (uint32_t)b[4 * k + 2] << 16 | (uint32_t)b[4 * k + 3] << 24;
	if (b[32] & 1u) {
		w[0] = (w[0] & 0x1ffffffcu) | 3u;
		w[2] &= ~3u;
		w[3] &= 0x3ffffu;
		w[4] &= ~3u;
		w[5] &= 0x3ffffu;
		w[6] &= 0x1ffffffcu;
	}
	if (b[32] & 2u)
		w[0] = (w[0] & ~0x3fffcu) | ((w[0] >> 19) & 0xfu) << 2;
	if (b[32] & 4u)
		w[7] = check_of(w);

	if ((w[0] & 3u) != 3u || (w[0] >> 29) || (w[2] & 3u) || (w[3] >> 18) ||
	    (w[4] & 3u) || (w[5] >> 18) || (w[6] & 3u) || (w[6] >> 29))
		want = UD_E_INVAL;
	else if (check_of(w) != w[7])
		want = UD_REQ_E_CHECK;
	else if ((w[6] >> 2) == 0u || (w[6] >> 2) > (1u << 26))
		want = UD_E_RANGE;
	else if (((w[0] >> 2) & 0xffffu) != ((w[0] >> 19) & 0xfu))
		want = UD_E_FORGED;
	else
		want = UD_OK;

	memset(&m, 0x3c, sizeof m);
	before = m;
	ud_status r = ud_req_decode(w, &m);
	if (r != want)
		abort();
	if (r != UD_OK) {
		if (memcmp(&m, &before, sizeof m) != 0)
			abort();
		return 0;
	}
	if (m.type != ((w[0] >> 18) & 1u) || m.pd != ((w[0] >> 19) & 0xfu) ||
	    m.vc != (w[0] >> 23) || m.wired_pd != m.pd || m.node != w[1] ||
	    m.src != ((uint64_t)w[3] << 30 | w[2] >> 2) ||
	    m.dst != ((uint64_t)w[5] << 30 | w[4] >> 2) || m.len != (w[6] >> 2))
		abort();
	/* the scheduler's field conditions (ud_r5_sched_submit / _read_req) */
	if (m.pd >= 16u || m.vc >= 64u || m.len == 0u || m.len > (1u << 26) ||
	    m.src + m.len < m.src || m.dst + m.len < m.dst)
		abort();
	if (ud_req_encode(&m, v) != UD_OK || memcmp(v, w, sizeof v) != 0)
		abort();
	return 0;
}
