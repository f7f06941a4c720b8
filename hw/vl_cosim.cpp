// SPDX-License-Identifier: MIT
// vl_cosim.cpp -- lockstep co-simulation of the Verilated hw/ud_fault_fifo.v
// against the real C model src/fault_fifo.c (compiled by gcc, linked as an
// object).  Both get the same random operation stream, one operation per
// clock: push (random fields, or a small alphabet so duplicates are
// frequent), LOW read, HIGH read, clear overflow, no operation, reset -- in
// any order, adversarial reads (HIGH first, LOW twice, reads when empty)
// included.  Phases of pushing and of reading make the FIFO fill, overflow
// and drain.  After every clock EVERY output of the RTL (rdata, rstat,
// pstat, count, ovf_count, ovf_sticky) is compared with the value the C
// model defines for it (the output registers hold their value across
// operations that do not write them, as the RTL documents).
//
// Built with -DUD_DEDUP=1 against the RTL with DEDUP=1 (Verilator
// -GDEDUP=1): the reference is then hw/ff_dedup_ref.c (the same C model with
// the live-entry dedup), and the push stimulus repeats recent entries (same
// key, new PDID/EXA_ACK), flips one bit of a recent entry's key, or draws
// from the small alphabet, so that most pushes have a duplicate queued or
// one popped a moment ago.  dup_count is compared in both configurations.
//
//   vl_cosim [cycles] [seed]     prints "vl-cosim: N cycles ..., M mismatches"
//                                (DEDUP=1: "vl-cosim DEDUP=1: ...")
#ifndef UD_DEDUP
#define UD_DEDUP 0
#endif
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include "Vud_fault_fifo.h"
#include "verilated.h"

extern "C" {
#include "fault_fifo.h"
#if UD_DEDUP
#include "ff_dedup_ref.h"
#endif
}

static uint64_t rng;
static uint32_t rnd()
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
	default: std::fprintf(stderr, "vl-cosim: unexpected status %d\n", (int)st); std::exit(2);
	}
}



int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? std::strtoull(argv[1], 0, 0) : 10000000ull;
	rng = argc > 2 ? std::strtoull(argv[2], 0, 0) : 0x2545F4914F6CDD1Dull;
	if (!rng) rng = 1;
	Verilated::commandArgs(1, argv);
	Vud_fault_fifo *m = new Vud_fault_fifo;

	// Expected output registers (reset values 0).
	uint64_t e_rdata = 0; unsigned e_rstat = 0, e_pstat = 0;
	uint32_t e_dupc = 0;                      // pushes dropped as duplicates
	struct ud_ff_entry hist[64] = {};         // recent pushes (DEDUP=1 stimulus)
	unsigned nhist = 0;
	uint64_t nearmiss = 0;
	uint64_t bad = 0, pops = 0, drops = 0, dups = 0, refused = 0, empties = 0, resets = 0;
	uint64_t ops[6] = {0, 0, 0, 0, 0, 0};

	auto tick = [&]() {
		m->clk = 0; m->eval();
		m->clk = 1; m->eval();
	};
	// reset both
	m->rst = 1; m->push = 0; m->rd_lo = 0; m->rd_hi = 0; m->clr_ovf = 0;
	tick();
	m->rst = 0;
	ud_ff_init(&F);

	for (uint64_t i = 0; i < n; i++) {
		// Phase of 2000 cycles: push-heavy, read-heavy or mixed.
		unsigned phase = (unsigned)((i / 2000u) % 3u), r = rnd() % 1000u, op;
		if (phase == 0)
			op = r < 700 ? 0 : r < 800 ? 1 : r < 900 ? 2 : r < 950 ? 3 : r < 999 ? 4 : 5;
		else if (phase == 1)
			op = r < 150 ? 0 : r < 560 ? 1 : r < 960 ? 2 : r < 975 ? 3 : r < 999 ? 4 : 5;
		else
			op = r < 330 ? 0 : r < 630 ? 1 : r < 930 ? 2 : r < 960 ? 3 : r < 999 ? 4 : 5;
		ops[op]++;
		m->push = op == 0; m->rd_lo = op == 1; m->rd_hi = op == 2; m->clr_ovf = op == 3;
		m->rst = op == 5;
		struct ud_ff_entry e = { 0, 0, 0, 0, 0, 0, 0 };
		if (op == 0 && UD_DEDUP && nhist > 0 && rnd() % 100u < 55u) {
			// a recent entry again: same key, new PDID and EXA_ACK, or
			// (one time in four) one key bit flipped: a near miss
			e = hist[rnd() % (nhist < 64u ? nhist : 64u)];
			e.pdid = (uint16_t)rnd();
			e.exa_ack = (uint8_t)(rnd() & 3u);
			if (rnd() % 4u == 0) {
				unsigned f = rnd() % 5u;
				if (f == 0) e.src_id ^= 1u << (rnd() % 22u);
				else if (f == 1) e.tr_id = (uint16_t)(e.tr_id ^ (1u << (rnd() % 14u)));
				else if (f == 2) e.seq = (uint16_t)(e.seq ^ (1u << (rnd() % 14u)));
				else if (f == 3) e.proc = (uint8_t)(e.proc ^ (1u << (rnd() % 4u)));
				else e.vpn ^= 1u << (rnd() % 27u);
				nearmiss++;
			}
		} else if (op == 0) {
			uint32_t a = rnd(), b = rnd();
			if (a % 4u == 0) {          // small alphabet: duplicates
				e.src_id = a % 3u; e.tr_id = (uint16_t)(b % 2u); e.seq = 1;
				e.vpn = b % 3u; e.proc = (uint8_t)(b % 2u);
			} else {
				e.src_id = a & 0x3FFFFFu; e.tr_id = (uint16_t)(b & 0x3FFFu);
				e.seq = (uint16_t)((b >> 14) & 0x3FFFu); e.vpn = rnd() & 0x7FFFFFFu;
				e.proc = (uint8_t)(rnd() & 0xFu);
			}
			e.pdid = (uint16_t)rnd();
			e.exa_ack = (uint8_t)(rnd() & 3u);
		} else if (rnd() % 2u) {
			// fields are don't-care for non-push operations: drive garbage
			e.src_id = rnd() & 0x3FFFFFu; e.vpn = rnd() & 0x7FFFFFFu;
		}
		m->src = e.src_id; m->trid = e.tr_id; m->seq = e.seq; m->pdid = e.pdid;
		m->proc = e.proc; m->vpn = e.vpn; m->exa = e.exa_ack;
		tick();

		// the C model's step and the outputs it defines
		uint64_t w = 0;
		if (op == 0) {
#if UD_DEDUP
			ud_status st = ud_ffd_push(&F, &e);
#else
			ud_status st = ud_ff_push(&F, &e);
#endif
			e_pstat = code(st);
			if (st == UD_E_FULL) drops++;
			if (st == UD_E_STALE) {
				dups++;
				if (e_dupc != 0xFFFFFFFFu) e_dupc++;
			}
			if (UD_DEDUP) { hist[nhist % 64u] = e; nhist++; }
		} else if (op == 1) {
			ud_status st = ud_ff_read_lo(&F, &w);
			e_rstat = code(st); e_rdata = w;
			if (st == UD_E_SEQ) refused++;
			if (st == UD_E_EMPTY) empties++;
		} else if (op == 2) {
			ud_status st = ud_ff_read_hi(&F, &w);
			e_rstat = code(st); e_rdata = w;
			if (st == UD_OK) pops++; else refused++;
		} else if (op == 3) {
			uint32_t c = 0;
			(void)ud_ff_clear_overflow(&F, &c);
			e_rdata = c;
		} else if (op == 5) {
			ud_ff_init(&F);
			e_rdata = 0; e_rstat = 0; e_pstat = 0; e_dupc = 0;
			resets++;
		}
		uint64_t g_rdata = (uint64_t)m->rdata;   // 64-bit port: QData
		if (g_rdata != e_rdata || m->rstat != e_rstat || m->pstat != e_pstat ||
		    m->count != F.count || m->ovf_count != F.ovf_count ||
		    (m->ovf_sticky != 0) != F.ovf_sticky || m->dup_count != e_dupc) {
			if (bad < 10)
				std::printf("vl-cosim: cycle %llu op %u: rdata %016llx/%016llx rstat %u/%u pstat %u/%u count %u/%u ovf %u/%u sticky %u/%u dupc %u/%u\n",
					    (unsigned long long)i, op, (unsigned long long)g_rdata,
					    (unsigned long long)e_rdata, (unsigned)m->rstat, e_rstat,
					    (unsigned)m->pstat, e_pstat, (unsigned)m->count, F.count,
					    (unsigned)m->ovf_count, F.ovf_count, (unsigned)m->ovf_sticky,
					    (unsigned)F.ovf_sticky, (unsigned)m->dup_count, e_dupc);
			bad++;
		}
	}
	m->final();
	delete m;
	std::printf("vl-cosim%s: %llu cycles (push %llu, LOW %llu, HIGH %llu, clear %llu, idle %llu, reset %llu; "
		    "%llu pops, %llu drops when full, %llu duplicates, %llu near misses, %llu refused reads, %llu empty reads), %llu mismatches\n",
		    UD_DEDUP ? " DEDUP=1" : "", (unsigned long long)n, (unsigned long long)ops[0], (unsigned long long)ops[1],
		    (unsigned long long)ops[2], (unsigned long long)ops[3], (unsigned long long)ops[4],
		    (unsigned long long)resets, (unsigned long long)pops, (unsigned long long)drops,
		    (unsigned long long)dups, (unsigned long long)nearmiss, (unsigned long long)refused, (unsigned long long)empties,
		    (unsigned long long)bad);
	return bad != 0;
}
