/* uldma-links: reply_msg */
/*
 * libFuzzer target: the engine reply mailbox decoder (src/reply_msg.c).
 * The first 8 bytes are word0 and word1 (little endian).  Reference:
 * accepted exactly when word0[1:0] == 1, word0[31:19] == 0, the code
 * word0[18:16] < 3 and word1[31:14] == 0; the fields are the seed's
 * listing's slices (code [18:16], trid [15:2]) and seq word1[13:0];
 * refused input leaves the output as it was; encode gives the same words
 * back.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "reply_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t b[8] = { 0 };
	memcpy(b, data, size < 8 ? size : 8);
	uint32_t w0 = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	uint32_t w1 = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
	struct ud_ack_msg m, before;
	memset(&m, 0x3C, sizeof m);
	before = m;
	ud_status r = ud_ack_decode(w0, w1, &m);
	int ok = (w0 & 3u) == 1u && (w0 >> 19) == 0u && ((w0 >> 16) & 7u) < 3u &&
		 (w1 >> 14) == 0u;
	if (!ok) {
		if (r != UD_E_INVAL || memcmp(&m, &before, sizeof m) != 0)
			abort();
		return 0;
	}
	if (r != UD_OK)
		abort();
	if (m.code != ((w0 >> 16) & 7u) || m.trid != ((w0 >> 2) & 0x3FFFu) || m.seq != w1)
		abort();
	uint32_t v0, v1;
	if (ud_ack_encode(&m, &v0, &v1) != UD_OK || v0 != w0 || v1 != w1)
		abort();
	return 0;
}
