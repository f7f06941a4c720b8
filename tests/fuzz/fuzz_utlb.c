/* uldma-links: utlb_table utlb_cache utlb_lookup */
/*
 * tests/fuzz/fuzz_utlb.c -- random get / put / evict / NIC translate / pin
 * refusal sequences on two processes, against a reference model written
 * here: a per-process map page -> index with outstanding counts.  Checks,
 * after every step: the exact status the model predicts; a returned index
 * translates exactly the requested page of that process (table, NIC, OS
 * pin); an entry with an outstanding reference is never evicted; a free
 * index is used before any eviction; table and tree agree and every
 * installed entry is pinned (the fake OS's books).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "utlb_table.h"
#include "utlb_cache.h"
#include "utlb_lookup.h"
#include "plat_host_utlb_table.h"

#define NP 2u
#define PAGES 48u
#define MAXCAP 16u

struct model {
	uint32_t cap;
	int32_t idx_of[PAGES];     /* -1: not mapped */
	int32_t page_of[MAXCAP];   /* -1: free       */
	uint32_t refs[MAXCAP];
};

static struct ud_utlb_nic nic;
static struct ud_utlb_nic_aux nic_aux;     /* LRU, classifier, counters */
static struct ud_utlb_flight nic_flight;   /* DMAs in flight (UTLB-19): none here */
static struct ud_utlb_lib lib[NP];
static struct ud_utlb_lib_aux lib_aux[NP]; /* CLOCK state, counters     */
static struct model m[NP];

static uint64_t page_va(uint32_t k)
{
	/* spread the pages over several leaves and l1 slots */
	return ((uint64_t)k * 37u + (k & 7u) * 0x10000u) * UD_PAGE_SIZE + (k & 0xFFFu);
}

static void check_agree(uint32_t p, uint32_t upto)
{
	const struct ud_utlb_lib *u = &lib[p];
	for (uint32_t i = 0; i < upto; i++) {
		const struct ud_utlb_entry *e = &nic.tab[p][i];
		if ((e->valid != 0) != (u->used[i] != 0)) abort();
		if (i >= m[p].cap) { if (e->valid) abort(); continue; }
		if (m[p].page_of[i] < 0) { if (e->valid) abort(); continue; }
		uint32_t vpn = (uint32_t)(page_va((uint32_t)m[p].page_of[i]) / UD_PAGE_SIZE);
		if (!e->valid || e->vpn != vpn || u->vpn_of[i] != vpn) abort();
		if (e->ppn != ud_host_utlb_ppn(p, vpn)) abort();
		if (ud_host_utlb.held[p][vpn] != 1) abort();
		if (u->refs[i] != m[p].refs[i]) abort();
	}
	if (ud_host_utlb.bad_unpins != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t len)
{
	static int ready;
	if (len < 2)
		return 0;
	/* State persists across inputs (initialising the tables per input
	 * would dominate the run time): drain what the previous input left,
	 * through the API, and check it is all gone. */
	if (!ready) {
		ud_host_utlb_reset();
		ud_utlb_nic_init(&nic, &nic_aux, 1u);
		ud_utlb_flight_init(&nic_flight);
		for (uint32_t p = 0; p < NP; p++) {
			m[p].cap = p == 0 ? 3u : 12u;
			for (uint32_t k = 0; k < PAGES; k++) m[p].idx_of[k] = -1;
			for (uint32_t i = 0; i < MAXCAP; i++) m[p].page_of[i] = -1;
			if (ud_utlb_lib_init(&lib[p], &lib_aux[p], &nic, p, m[p].cap) != UD_OK) abort();
		}
		ready = 1;
	}
	for (uint32_t p = 0; p < NP; p++) {
		for (uint32_t i = 0; i < m[p].cap; i++) {
			while (m[p].refs[i] != 0) {
				if (ud_utlb_put(&lib[p], &lib_aux[p], &nic, i) != UD_OK) abort();
				m[p].refs[i]--;
			}
			if (m[p].page_of[i] >= 0) {
				if (ud_utlb_evict(&lib[p], &lib_aux[p], &nic, &nic_aux, &nic_flight,
						  page_va((uint32_t)m[p].page_of[i])) != UD_OK)
					abort();
				m[p].idx_of[m[p].page_of[i]] = -1;
				m[p].page_of[i] = -1;
			}
		}
		for (uint32_t k = 0; k < PAGES; k++)
			if (ud_host_utlb.held[p][page_va(k) / UD_PAGE_SIZE] != 0) abort();
	}
	(void)d[0];
	/* at most 96 steps per input: long inputs add time, not coverage */
	if (len > 194)
		len = 194;
	for (size_t at = 2; at + 1 < len; at += 2) {
		uint8_t op = d[at], arg = d[at + 1];
		uint32_t p = op & 1u;
		struct model *M = &m[p];
		struct ud_utlb_lib *u = &lib[p];
		struct ud_utlb_lib_aux *c = &lib_aux[p];
		uint32_t k = arg % PAGES;
		switch ((op >> 1) % 6u) {
		case 0: case 1: {          /* get */
			uint32_t idx = 0xdead;
			int fail = (op & 0x80u) && (op & 0x40u);
			if (fail) ud_host_utlb.fail_next = 1;
			ud_status st = ud_utlb_get(u, c, &nic, &nic_aux, &nic_flight, page_va(k), &idx);
			ud_host_utlb.fail_next = 0;
			if (M->idx_of[k] >= 0) {
				if (st != UD_OK || idx != (uint32_t)M->idx_of[k]) abort();
				M->refs[idx]++;
				break;
			}
			int any_free = -1, any_idle = 0;
			for (uint32_t i = 0; i < M->cap; i++) {
				if (M->page_of[i] < 0 && any_free < 0) any_free = (int)i;
				if (M->refs[i] == 0) any_idle = 1;
			}
			if (!any_idle) { if (st != UD_E_NOSPC) abort(); break; }
			if (fail) { if (st != UD_E_PLATFORM || idx != 0xdead) abort(); break; }
			if (st != UD_OK || idx >= M->cap) abort();
			if (any_free >= 0 && idx != (uint32_t)any_free) abort();
			if (M->refs[idx] != 0) abort();       /* never a busy entry */
			if (M->page_of[idx] >= 0) M->idx_of[M->page_of[idx]] = -1;
			M->page_of[idx] = (int32_t)k;
			M->idx_of[k] = (int32_t)idx;
			M->refs[idx] = 1;
			break;
		}
		case 2: case 3: {          /* put */
			uint32_t idx = arg % (MAXCAP + 2u);
			ud_status st = ud_utlb_put(u, c, &nic, idx);
			if (idx >= M->cap) { if (st != UD_E_RANGE) abort(); break; }
			if (M->refs[idx] == 0) { if (st != UD_E_STATE) abort(); break; }
			if (st != UD_OK) abort();
			M->refs[idx]--;
			break;
		}
		case 4: {                  /* explicit evict */
			ud_status st = ud_utlb_evict(u, c, &nic, &nic_aux, &nic_flight, page_va(k));
			if (M->idx_of[k] < 0) { if (st != UD_E_NOENT) abort(); break; }
			uint32_t idx = (uint32_t)M->idx_of[k];
			if (M->refs[idx] != 0) { if (st != UD_E_BUSY) abort(); break; }
			if (st != UD_OK) abort();
			M->idx_of[k] = -1;
			M->page_of[idx] = -1;
			break;
		}
		default: {                 /* the NIC translates (pid, idx) */
			uint32_t idx = arg % (MAXCAP + 2u);
			uint64_t ppn = 0;
			uint32_t cls = 0;
			ud_status st = ud_utlb_nic_translate(&nic, &nic_aux, p, idx, &ppn, &cls);
			if (idx >= M->cap || M->page_of[idx] < 0) { if (st != UD_E_NOENT) abort(); break; }
			uint32_t vpn = (uint32_t)(page_va((uint32_t)M->page_of[idx]) / UD_PAGE_SIZE);
			if (st != UD_OK || ppn != ud_host_utlb_ppn(p, vpn) || cls > 3u) abort();
			break;
		}
		}
		check_agree(p, MAXCAP);
	}
	for (uint32_t p = 0; p < NP; p++) check_agree(p, UD_UTLB_ENTRIES);
	uint64_t s = nic_aux.st.hits + nic_aux.st.miss_compulsory + nic_aux.st.miss_capacity +
		nic_aux.st.miss_conflict;
	(void)s;
	if (nic_aux.st.pins - nic_aux.st.unpins != ud_host_utlb.pins - ud_host_utlb.unpins) abort();
	for (uint32_t p = 0; p < NP; p++)
		if (lib_aux[p].hand >= lib[p].cap) abort();   /* ud_utlb_clock_wf */
	return 0;
}
