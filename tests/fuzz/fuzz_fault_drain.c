/* uldma-links: fault_drain fault_handler fault_policy fault_fifo fault_msg */
/*
 * libFuzzer target: the destination-side tasklet (src/fault_drain.c) over
 * the real fault FIFO (src/fault_fifo.c), against a queue model written
 * here.  Input: one mapping byte, then 4-byte operations:
 *   op % 4 == 0, 1: push an entry built from the next bytes;
 *   op % 4 == 2:    a LOW read (a half-done pop the tasklet must reset);
 *   op % 4 == 3:    drain with cap = 1 + byte % 6.
 * Checked at every drain: n <= cap; the FIFO lost exactly n entries; n < cap
 * means the FIFO is empty; the entries were handled in FIFO order: every
 * RAPF posted carries the trid/seq/PDID of the entry it answers, and goes
 * to that entry's source; each action is one of the handler's outcomes
 * (never the ill-formed-map error: the mapping here is well formed).
 * FAULT-H-19 (proved: ud_fh_drain:which, :tally; tested here too): acts[k].fault is
 * the k-th entry popped, as a destination fault, and the home's three logs
 * grew by exactly the entries the actions account for, in order: one
 * page-in per RETRY / PAGEIN_ERR (that PD, process, pages, for writing),
 * one RAPF per RETRY (the action's words), one failure per FAILED (that
 * node, PD, trid, seq, error).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fault_drain.h"
#include "plat_host_fault_handler.h"

#define QMAX 600u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ud_fh h;
	static struct ud_fh_map map;
	static struct ud_ff ff;
	static struct ud_ff_entry q[QMAX];   /* the model: entries queued, oldest first */
	uint32_t qh = 0, qn = 0;

	if (size < 1)
		return 0;
	ud_host_fh_reset();
	ud_fh_init(&h, data[0] & 1u);
	ud_fh_map_init(&map);
	ud_ff_init(&ff);
	for (uint32_t i = 0; i < 6; i++) {
		uint8_t b = (uint8_t)(data[0] * (i + 3) + i * 41u);
		(void)ud_fh_map_add(&map, (uint16_t)(1u + (b & 1u)), (uint8_t)((b >> 1) & 1u),
				    (uint8_t)(1u + (b >> 2) % 3u), (b >> 3) % 60u, 1u + (b >> 5) % 5u);
	}
	for (size_t off = 1; off + 4 <= size; off += 4) {
		const uint8_t *p = data + off;
		switch (p[0] % 4u) {
		case 0:
		case 1: {
			struct ud_ff_entry e = {
				.src_id = p[1] % 4u, .tr_id = (uint16_t)(p[2] % 8u),
				.seq = (uint16_t)(p[3] % 8u), .pdid = (uint16_t)(1u + (p[0] >> 2 & 1u)),
				.proc = (uint8_t)(p[0] >> 3 & 1u), .vpn = (uint32_t)(p[0] >> 4) * 4u + p[1] % 4u,
				.exa_ack = 0 };
			uint32_t c0 = ff.count;
			ud_status r = ud_ff_push(&ff, &e);
			if (r == UD_OK) {
				if (ff.count != c0 + 1 || qn >= QMAX)
					abort();
				q[(qh + qn) % QMAX] = e;
				qn++;
			} else if ((r != UD_E_STALE && r != UD_E_FULL) || ff.count != c0) {
				abort();
			}
			break;
		}
		case 2: {
			uint64_t w;
			uint32_t c0 = ff.count;
			(void)ud_ff_read_lo(&ff, &w);
			if (ff.count != c0)
				abort();
			break;
		}
		default: {
			struct ud_fh_action acts[6];
			uint32_t cap = 1u + p[1] % 6u, n = 99, c0 = ff.count;
			uint32_t nr0 = ud_host_fh.nrapf, np = ud_host_fh.npagein, nf = ud_host_fh.nfail;
			if (ud_fh_drain(&h, &ff, &map, acts, cap, &n) != UD_OK)
				abort();
			if (n > cap || ff.count + n != c0 || (n < cap && ff.count != 0) || c0 != qn)
				abort();
			uint32_t nr = nr0;
			for (uint32_t k = 0; k < n; k++) {
				const struct ud_ff_entry *e = &q[(qh + k) % QMAX];
				const struct ud_fh_action *a = &acts[k];
				if (a->fault.node != e->src_id || a->fault.trid != e->tr_id ||
				    a->fault.seq != e->seq || a->fault.pdid != e->pdid ||
				    a->fault.proc != e->proc || a->fault.vpn != e->vpn ||
				    a->fault.dir != UD_FH_DIR_DST)
					abort();
				if (a->outcome == UD_FH_OUT_RETRY || a->outcome == UD_FH_OUT_PAGEIN_ERR) {
					const struct ud_host_fh_pagein *g = &ud_host_fh.pagein[np];
					if (g->pdid != e->pdid || g->proc != e->proc || g->vpn != a->vpn ||
					    g->npages != a->npages || !g->write)
						abort();
					np++;
				}
				switch (a->outcome) {
				case UD_FH_OUT_RETRY:
					if (a->rtx != 1 || a->msg.trid != e->tr_id || a->msg.seq != e->seq ||
					    a->msg.pdid != e->pdid || a->msg.wired_pdid != e->pdid ||
					    a->vpn != e->vpn || a->npages < 1 || a->npages > 4)
						abort();
					if (ud_host_fh.rapf[nr].node != e->src_id ||
					    ud_host_fh.rapf[nr].pdid != e->pdid ||
					    ud_host_fh.rapf[nr].w0 != a->w0 || ud_host_fh.rapf[nr].w1 != a->w1)
						abort();
					nr++;
					break;
				case UD_FH_OUT_FAILED:
					if (a->rtx != 0 || (a->err != UD_E_FAULT && a->err != UD_E_PERM))
						abort();
					if (ud_host_fh.fail[nf].node != e->src_id ||
					    ud_host_fh.fail[nf].pdid != e->pdid ||
					    ud_host_fh.fail[nf].trid != e->tr_id ||
					    ud_host_fh.fail[nf].seq != e->seq || ud_host_fh.fail[nf].err != a->err)
						abort();
					nf++;
					break;
				case UD_FH_OUT_DUP:
				case UD_FH_OUT_PAGEIN_ERR:
					if (a->rtx != 0)
						abort();
					break;
				default:
					abort();
				}
			}
			if (ud_host_fh.nrapf != nr || ud_host_fh.npagein != np || ud_host_fh.nfail != nf)
				abort();
			qh = (qh + n) % QMAX;
			qn -= n;
			break;
		}
		}
	}
	return 0;
}
