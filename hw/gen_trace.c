/* SPDX-License-Identifier: MIT */
/*
 * gen_trace.c -- drive the real C model (src/fault_fifo.c) with a
 * deterministic random sequence of pushes, LOW/HIGH reads and overflow
 * clears, and print each operation with the model's results, one per line,
 * for hw/tb_fault_fifo.v to replay against the RTL (co-simulation).
 *
 * line: op src trid seq pdid proc vpn exa  stat word count ovf sticky
 *   op 0 push, 1 LOW read, 2 HIGH read, 3 clear overflow (word = count read)
 *   stat (push) 0 queued, 1 duplicate, 2 full; (read) 0 ok, 1 empty, 2 refused
 */
#include <stdio.h>
#include <stdlib.h>
#include "fault_fifo.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
	rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

static struct ud_ff F;

static unsigned code(ud_status st)
{
	switch (st) {
	case UD_OK: return 0;
	case UD_E_STALE: case UD_E_EMPTY: return 1;
	case UD_E_FULL: case UD_E_SEQ: return 2;
	default: fprintf(stderr, "gen_trace: unexpected status %d\n", st); exit(1);
	}
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], 0, 0) : 40000u;
	ud_ff_init(&F);
	for (unsigned i = 0; i < n; i++) {
		/* Phases: mostly pushing (fills, overflows), then mostly reading. */
		unsigned phase = (i / 3000u) % 2u, r = rnd() % 100u, op;
		if (phase == 0)
			op = r < 70 ? 0 : r < 84 ? 1 : r < 98 ? 2 : 3;
		else
			op = r < 20 ? 0 : r < 58 ? 1 : r < 98 ? 2 : 3;
		struct ud_ff_entry e = { 0, 0, 0, 0, 0, 0, 0 };
		uint64_t w = 0;
		ud_status st;
		if (op == 0) {
			uint32_t a = rnd(), b = rnd();
			if (a % 4u == 0) {          /* small alphabet: duplicates */
				e.src_id = a % 3u; e.tr_id = (uint16_t)(b % 2u); e.seq = 1;
				e.vpn = b % 3u;
			} else {
				e.src_id = a & 0x3FFFFFu; e.tr_id = (uint16_t)(b & 0x3FFFu);
				e.seq = (uint16_t)((b >> 14) & 0x3FFFu); e.vpn = rnd() & 0x7FFFFFFu;
			}
			e.pdid = (uint16_t)rnd(); e.proc = (uint8_t)(rnd() & 0xFu);
			e.exa_ack = (uint8_t)(rnd() & 3u);
			st = ud_ff_push(&F, &e);
		} else if (op == 1) {
			st = ud_ff_read_lo(&F, &w);
		} else if (op == 2) {
			st = ud_ff_read_hi(&F, &w);
		} else {
			uint32_t c;
			st = ud_ff_clear_overflow(&F, &c);
			w = c;
		}
		printf("%u %x %x %x %x %x %x %x %u %016llx %u %x %u\n", op, e.src_id, e.tr_id,
		       e.seq, e.pdid, e.proc, e.vpn, e.exa_ack, code(st), (unsigned long long)w,
		       F.count, F.ovf_count, F.ovf_sticky ? 1u : 0u);
	}
	return 0;
}
