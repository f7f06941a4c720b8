/* uldma-links: fault_msg */
/*
 * libFuzzer target: the Table 3.1 text decoder (src/fault_msg.c).
 * Checks against a reference written here: a text is accepted exactly when
 * it is 27 lowercase hex digits (+ optional NUL) whose 22/14/14/1-bit fields
 * fit; an accepted text re-encodes to itself byte for byte and the decoded
 * fields equal the reference's; a rejected one leaves the output untouched.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fault_msg.h"

static int ref_digit(uint8_t c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static uint64_t ref_field(const uint8_t *t, int off, int w)
{
	uint64_t v = 0;
	for (int i = 0; i < w; i++)
		v = v * 16u + (uint64_t)ref_digit(t[off + i]);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ud_fmsg out, before;
	memset(&out, 0xA5, sizeof out);
	before = out;
	ud_status r = ud_fmsg_decode((const char *)data, size, &out);

	ud_status want = UD_OK;
	if (!(size == 27 || (size == 28 && data[27] == 0))) {
		want = UD_E_INVAL;
	} else {
		for (int i = 0; i < 27; i++)
			if (ref_digit(data[i]) < 0)
				want = UD_E_INVAL;
		if (want == UD_OK && (ref_digit(data[0]) > 3 || ref_digit(data[6]) > 3 ||
				      ref_digit(data[10]) > 3 || ref_digit(data[26]) > 1))
			want = UD_E_RANGE;
	}
	if (r != want)
		abort();
	if (r != UD_OK) {
		if (memcmp(&out, &before, sizeof out) != 0)
			abort();
		return 0;
	}
	if (out.src != ref_field(data, 0, 6) || out.trid != ref_field(data, 6, 4) ||
	    out.seq != ref_field(data, 10, 4) || out.iova != ref_field(data, 14, 8) ||
	    out.pdid != ref_field(data, 22, 4) || out.rw != ref_field(data, 26, 1))
		abort();
	char again[27];
	if (ud_fmsg_encode(&out, again, sizeof again) != UD_OK)
		abort();
	if (memcmp(again, data, 27) != 0)
		abort();
	return 0;
}
