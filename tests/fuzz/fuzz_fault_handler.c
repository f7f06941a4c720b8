/* uldma-links: fault_handler fault_policy */
/*
 * libFuzzer target: sequences of faults against src/fault_handler.c,
 * compared with a reference model written here (seed 004, 3.2.1-3.2.3,
 * Fig. 3.2, Fig. 4.2).  Input: one mapping byte pattern, then 8-byte fault
 * records.  Checked for every fault: the status and outcome the model
 * predicts (its dedup history compares the direction too); every page the
 * home was asked for is mapped with the right; at most 4 pages, never past
 * the 16 KB block; one RAPF with the fault's trid/seq/PDID per RETRY, none
 * otherwise.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fault_handler.h"
#include "plat_host_fault_handler.h"

#define NODES 4u
/* a handled fault: every field that decides its handling, direction
 * included (FAULT-H-13), and the run of pages it decided for */
struct ref_rec { int valid; uint16_t trid, seq, pdid; uint8_t proc, dir; uint32_t vpn, n; };
struct ref_src { int used; uint32_t node; struct ref_rec last[2]; };

static int ref_allowed(const struct ud_fh_map *m, uint16_t pd, uint8_t pr, uint32_t vpn, int w)
{
	for (uint32_t i = 0; i < m->n; i++) {
		const struct ud_fh_ment *e = &m->e[i];
		if (e->pdid == pd && e->proc == pr && vpn >= e->vpn && vpn < e->vpn + e->npages &&
		    (e->rights & (w ? 2u : 1u)))
			return 1;
	}
	return 0;
}

static int ref_mapped(const struct ud_fh_map *m, uint16_t pd, uint8_t pr, uint32_t vpn)
{
	for (uint32_t i = 0; i < m->n; i++) {
		const struct ud_fh_ment *e = &m->e[i];
		if (e->pdid == pd && e->proc == pr && vpn >= e->vpn && vpn < e->vpn + e->npages)
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ud_fh h;
	static struct ud_fh_map map;
	struct ref_src ref[UD_FH_NSRC];
	uint32_t victim = 0;
	if (size < 2)
		return 0;
	ud_host_fh_reset();
	ud_fh_init(&h, data[0] & 1u);
	int ahead = data[0] & 1u;
	ud_fh_map_init(&map);
	memset(ref, 0, sizeof ref);
	/* mapping: 8 runs over pages 0..63 of PD 1/2, process 0/1, from data[1] bits */
	for (uint32_t i = 0; i < 8; i++) {
		uint8_t b = (uint8_t)(data[1] * (i + 1) + i * 37u);
		(void)ud_fh_map_add(&map, (uint16_t)(1u + (b & 1u)), (uint8_t)((b >> 1) & 1u),
				    (uint8_t)(1u + (b >> 2) % 3u), (b >> 3) % 60u, 1u + (b >> 5) % 5u);
	}
	for (size_t off = 2; off + 8 <= size; off += 8) {
		const uint8_t *p = data + off;
		struct ud_fh_fault f;
		f.node = p[0] % NODES;
		f.trid = (uint16_t)(p[1] % 4u);
		f.seq = (uint16_t)(p[2] % 4u);
		f.pdid = (uint16_t)(1u + (p[3] & 1u));
		f.proc = (uint8_t)((p[3] >> 1) & 1u);
		f.dir = (uint8_t)((p[3] >> 2) & 1u);
		f.vpn = p[4] % 64u;
		if (p[5] == 0xFF)
			f.trid = 0x4000;   /* out of range */
		ud_host_fh.pagein_fails = p[6] == 0xEE;
		uint32_t np0 = ud_host_fh.npagein, nr0 = ud_host_fh.nrapf, nf0 = ud_host_fh.nfail;
		struct ud_fh_action a;
		ud_status r = ud_fh_handle(&h, &map, &f, &a);
		if (f.trid >= 0x4000) {
			if (r != UD_E_RANGE || ud_host_fh.npagein != np0)
				abort();
			continue;
		}
		/* reference dedup */
		int slot = -1, dup = 0;
		for (int i = 0; i < (int)UD_FH_NSRC; i++)
			if (ref[i].used && ref[i].node == f.node)
				slot = i;
		if (slot >= 0)
			for (int k = 0; k < 2; k++) {
				struct ref_rec *q = &ref[slot].last[k];
				if (q->valid && q->trid == f.trid && q->seq == f.seq && q->pdid == f.pdid &&
				    q->proc == f.proc && q->dir == f.dir &&
				    f.vpn >= q->vpn && f.vpn < q->vpn + q->n)
					dup = 1;
			}
		uint32_t n = 0;
		if (dup) {
			if (r != UD_E_STALE || a.outcome != UD_FH_OUT_DUP)
				abort();
		} else if (!ref_allowed(&map, f.pdid, f.proc, f.vpn, f.dir)) {
			ud_status want = ref_mapped(&map, f.pdid, f.proc, f.vpn) ? UD_E_PERM : UD_E_FAULT;
			if (r != UD_OK || a.outcome != UD_FH_OUT_FAILED || a.err != want ||
			    ud_host_fh.nfail != nf0 + 1)
				abort();
			n = 1;
		} else {
			uint32_t lim = ahead ? 4u - f.vpn % 4u : 1u;
			n = 1;
			while (n < lim && ref_allowed(&map, f.pdid, f.proc, f.vpn + n, f.dir))
				n++;
			if (a.npages != n || ud_host_fh.npagein != np0 + 1)
				abort();
			const struct ud_host_fh_pagein *pi = &ud_host_fh.pagein[np0];
			if (pi->vpn != f.vpn || pi->npages != n || pi->pdid != f.pdid || pi->proc != f.proc)
				abort();
			for (uint32_t k = 0; k < n; k++)
				if (!ref_allowed(&map, f.pdid, f.proc, f.vpn + k, f.dir))
					abort();
			if (ud_host_fh.pagein_fails) {
				if (r != UD_E_PLATFORM || ud_host_fh.nrapf != nr0)
					abort();
				continue;   /* nothing remembered */
			}
			if (r != UD_OK || a.outcome != UD_FH_OUT_RETRY || ud_host_fh.nrapf != nr0 + 1)
				abort();
			const struct ud_host_fh_rapf *rp = &ud_host_fh.rapf[nr0];
			if (rp->node != f.node || rp->w0 != 2u + 4u * f.pdid + 262144u * f.trid ||
			    rp->w1 != f.seq + 16384u * f.pdid)
				abort();
		}
		if (!dup) {
			struct ref_rec q = { 1, f.trid, f.seq, f.pdid, f.proc, f.dir, f.vpn, n };
			if (slot >= 0) {
				ref[slot].last[1] = ref[slot].last[0];
				ref[slot].last[0] = q;
			} else {
				ref[victim].used = 1;
				ref[victim].node = f.node;
				ref[victim].last[0] = q;
				ref[victim].last[1].valid = 0;
				victim = (victim + 1u) % UD_FH_NSRC;
			}
		} else if (ud_host_fh.npagein != np0 || ud_host_fh.nrapf != nr0) {
			abort();
		}
	}
	return 0;
}
