/* uldma-links: fault_fifo */
/*
 * Fuzz the Table 3.2 codec (seed 004_2c0be60bc8bfaeb5.txt): decode arbitrary
 * 128-bit words and compare acceptance with an independent mask-based
 * reference (reserved bits 0, wired-zero IOVA bit 0, four Valid bits 1);
 * accepted words re-encode bit-exactly; arbitrary field values encode iff in
 * range and decode back to themselves.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <stdlib.h>
#include "fault_fifo.h"

#define LO_FIELDS 0xFFF3FFF03FFFFF30ull
#define HI_FIELDS 0xFFFFF000FFFFF7F6ull
#define VALIDS    0x0000000100000001ull

static uint64_t get64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 16)
		return 0;
	uint64_t lo = get64(data), hi = get64(data + 8);
	int ref_ok = (lo & ~LO_FIELDS) == VALIDS && (hi & ~HI_FIELDS) == VALIDS;
	struct ud_ff_entry e, keep;
	memset(&e, 0xA5, sizeof e);
	memcpy(&keep, &e, sizeof e);
	ud_status st = ud_ff_entry_decode(lo, hi, &e);
	if (st != (ref_ok ? UD_OK : UD_E_INVAL))
		abort();
	if (st == UD_OK) {
		uint64_t l2, h2;
		if (ud_ff_entry_encode(&e, &l2, &h2) != UD_OK || l2 != lo || h2 != hi)
			abort();
		/* Fields straight from the table's bit positions. */
		if (e.src_id != ((lo >> 8) & 0x3FFFFF) ||
		    e.tr_id != ((((lo >> 4) & 3) << 12) | ((lo >> 52) & 0xFFF)) ||
		    e.seq != ((lo >> 36) & 0x3FFF) || e.pdid != ((hi >> 16) & 0xFFFF) ||
		    e.proc != ((hi >> 12) & 0xF) ||
		    e.vpn != ((((hi >> 4) & 0x7F) << 20) | ((hi >> 44) & 0xFFFFF)) ||
		    e.exa_ack != ((hi >> 1) & 3))
			abort();
	} else if (memcmp(&e, &keep, sizeof e) != 0) {
		abort();
	}
	if (size >= 32) {
		/* Arbitrary field values, possibly out of range. */
		struct ud_ff_entry f, g;
		uint64_t a = get64(data + 16), b = get64(data + 24);
		f.src_id = (uint32_t)(a & 0x7FFFFF);
		f.tr_id = (uint16_t)((a >> 23) & 0x7FFF);
		f.seq = (uint16_t)((a >> 38) & 0x7FFF);
		f.pdid = (uint16_t)(b & 0xFFFF);
		f.proc = (uint8_t)((b >> 16) & 0x1F);
		f.vpn = (uint32_t)((b >> 21) & 0xFFFFFFF);
		f.exa_ack = (uint8_t)((b >> 49) & 7);
		int in_range = f.src_id <= 0x3FFFFF && f.tr_id <= 0x3FFF && f.seq <= 0x3FFF &&
			f.proc <= 0xF && f.vpn <= 0x7FFFFFF && f.exa_ack <= 3;
		uint64_t l = 1, h = 2;
		st = ud_ff_entry_encode(&f, &l, &h);
		if (st != (in_range ? UD_OK : UD_E_RANGE))
			abort();
		if (st == UD_OK) {
			if (ud_ff_entry_decode(l, h, &g) != UD_OK)
				abort();
			if (g.src_id != f.src_id || g.tr_id != f.tr_id || g.seq != f.seq ||
			    g.pdid != f.pdid || g.proc != f.proc || g.vpn != f.vpn ||
			    g.exa_ack != f.exa_ack)
				abort();
		} else if (l != 1 || h != 2) {
			abort();
		}
	}
	return 0;
}
