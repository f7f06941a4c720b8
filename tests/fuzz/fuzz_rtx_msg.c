/* uldma-links: fault_msg */
/*
 * libFuzzer target: the RAPF mailbox decoder (src/fault_msg.c).  The first
 * 8 bytes are word0 and word1 (little endian).  Reference: accepted exactly
 * when word0[1:0] == 2 and word1[31:30] == 0; the fields are the listing's
 * word0 slices and our word1 slices; encode gives the same words back.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fault_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t b[8] = { 0 };
	memcpy(b, data, size < 8 ? size : 8);
	uint32_t w0 = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	uint32_t w1 = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
	struct ud_rtx_msg m, before;
	memset(&m, 0x3C, sizeof m);
	before = m;
	ud_status r = ud_rtx_decode(w0, w1, &m);
	int ok = (w0 & 3u) == 2u && (w1 >> 30) == 0u;
	if (!ok) {
		if (r != UD_E_INVAL || memcmp(&m, &before, sizeof m) != 0)
			abort();
		return 0;
	}
	if (r != UD_OK)
		abort();
	if (m.wired_pdid != ((w0 >> 2) & 0xFFFFu) || m.trid != ((w0 >> 18) & 0x3FFFu) ||
	    m.seq != (w1 & 0x3FFFu) || m.pdid != ((w1 >> 14) & 0xFFFFu))
		abort();
	uint32_t v0, v1;
	if (ud_rtx_encode(&m, &v0, &v1) != UD_OK || v0 != w0 || v1 != w1)
		abort();
	return 0;
}
