/* uldma-links: utlb_table utlb_cache utlb_lookup */
/*
 * tests/unit/test_utlb.c -- the UTLB (seed 000_84f077e385ac0b00.txt,
 * "DESIGN OF UTLB"): driver side, NIC side, user library; every path,
 * including eviction under outstanding transfers and the table-full case.
 * Expected values are derived by hand from the geometry in utlb_param.h.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "utlb_table.h"
#include "utlb_cache.h"
#include "utlb_lookup.h"
#include "plat_host_utlb_table.h"

/* The state and, as separate objects, its bookkeeping (utlb.h): NIC n with
 * na (LRU stamps, classifier, counters); libraries u, u1 with uc, uc1
 * (CLOCK state, counters). */
static struct ud_utlb_nic *n;
static struct ud_utlb_nic_aux *na;
static struct ud_utlb_flight *nf;     /* the NIC's DMAs in flight (UTLB-19) */
static struct ud_utlb_lib *u, *u1;
static struct ud_utlb_lib_aux *uc, *uc1;

static void setup(void)
{
	ud_host_utlb_reset();
	n = calloc(1, sizeof *n);
	na = calloc(1, sizeof *na);
	nf = calloc(1, sizeof *nf);
	u = calloc(1, sizeof *u);
	u1 = calloc(1, sizeof *u1);
	uc = calloc(1, sizeof *uc);
	uc1 = calloc(1, sizeof *uc1);
	ck_assert_ptr_nonnull(n);
	ck_assert_ptr_nonnull(na);
	ck_assert_ptr_nonnull(nf);
	ck_assert_ptr_nonnull(u);
	ck_assert_ptr_nonnull(u1);
	ck_assert_ptr_nonnull(uc);
	ck_assert_ptr_nonnull(uc1);
	/* garbage in the bookkeeping: init must clear what it promises to */
	memset(na, 0xA5, sizeof *na);
	memset(uc, 0xA5, sizeof *uc);
	memset(uc1, 0xA5, sizeof *uc1);
	memset(nf, 0xA5, sizeof *nf);
	ud_utlb_nic_init(n, na, 1u);
	ud_utlb_flight_init(nf);
}

static void teardown(void)
{
	free(n);
	free(na);
	free(nf);
	free(u);
	free(u1);
	free(uc);
	free(uc1);
}

#define PG(v) ((uint64_t)(v) * UD_PAGE_SIZE)

/* Table and tree agree, and the fake OS holds exactly the installed pins. */
static void check_consistent(const struct ud_utlb_lib *l)
{
	for (uint32_t i = 0; i < UD_UTLB_ENTRIES; i++) {
		const struct ud_utlb_entry *e = &n->tab[l->pid][i];
		ck_assert_int_eq(e->valid != 0, l->used[i] != 0);
		if (e->valid) {
			ck_assert_uint_eq(e->vpn, l->vpn_of[i]);
			ck_assert_uint_eq(e->ppn, ud_host_utlb_ppn(l->pid, e->vpn));
			ck_assert_uint_eq(ud_host_utlb.held[l->pid][e->vpn], 1);
		}
	}
	ck_assert_uint_eq(ud_host_utlb.bad_unpins, 0);
}

START_TEST(init_paths)
{
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, UD_UTLB_NPROC, 4), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, UD_UTLB_ENTRIES + 1u), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 3, UD_UTLB_ENTRIES), UD_OK);
	ck_assert_uint_eq(u->pid, 3);
	ck_assert_uint_eq(u->cap, UD_UTLB_ENTRIES);
	/* ud_utlb_lib_init:clock, counters; ud_utlb_nic_init:counters, cold */
	ck_assert_uint_lt(uc->hand, u->cap);
	ck_assert_uint_eq(uc->st.hits, 0);
	ck_assert_uint_eq(uc->st.misses, 0);
	ck_assert_uint_eq(uc->st.evictions, 0);
	for (uint32_t i = 0; i < UD_UTLB_ENTRIES; i++)
		ck_assert_uint_eq(uc->refbit[i], 0);
	ck_assert_uint_eq(na->st.hits, 0);
	ck_assert_uint_eq(na->st.miss_compulsory, 0);
	ck_assert_uint_eq(na->st.miss_capacity, 0);
	ck_assert_uint_eq(na->st.miss_conflict, 0);
	ck_assert_uint_eq(na->st.pins, 0);
	ck_assert_uint_eq(na->st.unpins, 0);
	ck_assert_uint_eq(na->tick, 0);
	for (uint32_t k = 0; k < UD_UTLB_CACHE_LINES; k++) {
		ck_assert_uint_eq(n->line[k].valid, 0);
		ck_assert_uint_eq(na->fa[k].valid, 0);
	}
	/* offsets: p * 64 / 8 = 8p */
	for (uint32_t p = 0; p < UD_UTLB_NPROC; p++)
		ck_assert_uint_eq(n->off[p], 8u * p);
	/* a table already in use is refused */
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 5, 77, 9), UD_OK);
	ck_assert_int_eq(ud_utlb_lib_init(u1, uc1, n, 5, 16), UD_E_BUSY);
	struct ud_utlb_nic *n0 = calloc(1, sizeof *n0);
	struct ud_utlb_nic_aux *a0 = calloc(1, sizeof *a0);
	ud_utlb_nic_init(n0, a0, 0u);
	for (uint32_t p = 0; p < UD_UTLB_NPROC; p++)
		ck_assert_uint_eq(n0->off[p], 0);
	free(n0);
	free(a0);
}
END_TEST

START_TEST(miss_then_hit)
{
	uint32_t idx = 999, idx2 = 999;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 2, 64), UD_OK);
	/* va 0x12345678: page 0x12345, offset 0x678 */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, 0x12345678ull, &idx), UD_OK);
	ck_assert_uint_eq(idx, 0);                 /* first free index */
	ck_assert_uint_eq(n->tab[2][0].valid, 1);
	ck_assert_uint_eq(n->tab[2][0].vpn, 0x12345);
	ck_assert_uint_eq(n->tab[2][0].ppn, ud_host_utlb_ppn(2, 0x12345));
	ck_assert_uint_eq(ud_host_utlb.held[2][0x12345], 1);
	ck_assert_uint_eq(u->refs[0], 1);
	ck_assert_uint_eq(uc->st.misses, 1);
	ck_assert_uint_eq(uc->st.hits, 0);
	ck_assert_uint_eq(na->st.pins, 1);
	/* same page, other offset: a hit, no driver call */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, 0x12345000ull, &idx2), UD_OK);
	ck_assert_uint_eq(idx2, 0);
	ck_assert_uint_eq(u->refs[0], 2);
	ck_assert_uint_eq(uc->st.hits, 1);
	ck_assert_uint_eq(ud_host_utlb.pins, 1);
	/* next page: a new index */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, 0x12346000ull, &idx2), UD_OK);
	ck_assert_uint_eq(idx2, 1);
	/* the tree: l1[0x12345 / 256 = 0x123] -> leaf, slot 0x45 */
	ck_assert_uint_ne(u->l1[0x123], 0);
	ck_assert_uint_eq(u->l2[u->l1[0x123] - 1].slot[0x45], 1);
	ck_assert_uint_eq(u->l2[u->l1[0x123] - 1].slot[0x46], 2);
	check_consistent(u);
}
END_TEST

START_TEST(get_range_and_put)
{
	uint32_t idx = 7;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 8), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, UD_UTLB_VA_LIMIT, &idx), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, UINT64_MAX, &idx), UD_E_RANGE);
	ck_assert_uint_eq(idx, 7);
	ck_assert_uint_eq(uc->st.misses, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, UD_UTLB_VA_LIMIT - 1u, &idx), UD_OK);
	ck_assert_uint_eq(n->tab[0][idx].vpn, UD_UTLB_VPAGES - 1u);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, 8), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, 1), UD_E_STATE);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, idx), UD_OK);
	ck_assert_uint_eq(u->refs[idx], 0);
	ck_assert_uint_eq(uc->refbit[idx], 1);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, idx), UD_E_STATE);
	check_consistent(u);
}
END_TEST

/* Capacity pressure with an outstanding transfer: the busy entry stays. */
START_TEST(evict_skips_outstanding)
{
	uint32_t a, b, c;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 1, 2), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(100), &a), UD_OK);   /* held */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(200), &b), UD_OK);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, b), UD_OK);
	struct ud_utlb_entry ea = n->tab[1][a];
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(300), &c), UD_OK);
	ck_assert_uint_eq(c, b);                     /* b's index reused */
	ck_assert_int_eq(memcmp(&n->tab[1][a], &ea, sizeof ea), 0);
	ck_assert_uint_eq(u->refs[a], 1);
	ck_assert_uint_eq(ud_host_utlb.held[1][200], 0);  /* unpinned */
	ck_assert_uint_eq(ud_host_utlb.held[1][300], 1);
	ck_assert_uint_eq(ud_host_utlb.held[1][100], 1);
	ck_assert_uint_eq(uc->st.evictions, 1);
	ck_assert_uint_eq(na->st.unpins, 1);
	/* 200 is a miss again */
	uint64_t m = uc->st.misses;
	ck_assert_int_eq(ud_utlb_put(u, uc, n, c), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(200), &b), UD_OK);
	ck_assert_uint_eq(uc->st.misses, m + 1);
	ck_assert_uint_eq(b, c);
	check_consistent(u);
}
END_TEST

/* Every entry has an outstanding transfer: the table is full. */
START_TEST(table_full)
{
	uint32_t a, b, c = 55;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 4, 2), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &a), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(2), &b), UD_OK);
	struct ud_utlb_lib *snap = malloc(sizeof *snap);
	struct ud_utlb_lib_aux *csnap = malloc(sizeof *csnap);
	struct ud_utlb_nic_aux *asnap = malloc(sizeof *asnap);
	memcpy(snap, u, sizeof *u);
	memcpy(csnap, uc, sizeof *uc);
	memcpy(asnap, na, sizeof *na);
	uint64_t pins = ud_host_utlb.pins;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(3), &c), UD_E_NOSPC);
	ck_assert_uint_eq(c, 55);
	ck_assert_int_eq(memcmp(snap, u, sizeof *u), 0);   /* state intact */
	ck_assert_int_eq(memcmp(csnap, uc, sizeof *uc), 0);
	ck_assert_int_eq(memcmp(asnap, na, sizeof *na), 0);
	ck_assert_uint_eq(ud_host_utlb.pins, pins);
	ck_assert_uint_eq(ud_host_utlb.held[4][3], 0);
	/* one transfer completes: now there is room */
	ck_assert_int_eq(ud_utlb_put(u, uc, n, a), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(3), &c), UD_OK);
	ck_assert_uint_eq(c, a);
	ck_assert_uint_eq(ud_host_utlb.held[4][1], 0);
	free(snap);
	free(csnap);
	free(asnap);
	check_consistent(u);
}
END_TEST

START_TEST(pin_refused)
{
	uint32_t a = 42;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 4), UD_OK);
	struct ud_utlb_lib *snap = malloc(sizeof *snap);
	struct ud_utlb_lib_aux *csnap = malloc(sizeof *csnap);
	memcpy(snap, u, sizeof *u);
	memcpy(csnap, uc, sizeof *uc);
	ud_host_utlb.fail_next = 1;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(9), &a), UD_E_PLATFORM);
	ck_assert_uint_eq(a, 42);
	ck_assert_int_eq(memcmp(snap, u, sizeof *u), 0);
	ck_assert_int_eq(memcmp(csnap, uc, sizeof *uc), 0);
	ck_assert_uint_eq(n->tab[0][0].valid, 0);
	ck_assert_uint_eq(na->st.pins, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(9), &a), UD_OK);
	ck_assert_uint_eq(a, 0);
	/* refused pin while replacing: the victim stays installed */
	ck_assert_int_eq(ud_utlb_lib_init(u1, uc1, n, 6, 1), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u1, uc1, n, na, nf, PG(10), &a), UD_OK);
	ck_assert_int_eq(ud_utlb_put(u1, uc1, n, a), UD_OK);
	ud_host_utlb.fail_next = 1;
	ck_assert_int_eq(ud_utlb_get(u1, uc1, n, na, nf, PG(11), &a), UD_E_PLATFORM);
	ck_assert_uint_eq(n->tab[6][0].valid, 1);
	ck_assert_uint_eq(n->tab[6][0].vpn, 10);
	ck_assert_uint_eq(ud_host_utlb.held[6][10], 1);
	ck_assert_uint_eq(na->st.unpins, 0);                /* nothing unpinned */
	free(snap);
	free(csnap);
	check_consistent(u);
	check_consistent(u1);
}
END_TEST

START_TEST(explicit_evict)
{
	uint32_t a;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 7, 8), UD_OK);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, UD_UTLB_VA_LIMIT), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(5)), UD_E_NOENT);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(5), &a), UD_OK);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(6)), UD_E_NOENT);  /* same leaf */
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(5)), UD_E_BUSY);
	ck_assert_uint_eq(n->tab[7][a].valid, 1);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, a), UD_OK);
	uint16_t leaf = u->l1[0];
	ck_assert_uint_ne(leaf, 0);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(5) + 17u), UD_OK);
	ck_assert_uint_eq(n->tab[7][a].valid, 0);
	ck_assert_uint_eq(ud_host_utlb.held[7][5], 0);
	ck_assert_uint_eq(u->l1[0], 0);                  /* empty leaf freed */
	ck_assert_uint_eq(u->leaf_dir[leaf - 1], UD_UTLB_LEAF_FREE);
	ck_assert_uint_eq(uc->st.evictions, 1);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(5)), UD_E_NOENT);
	check_consistent(u);
}
END_TEST

/* CLOCK: second chance for referenced entries, never a busy one. */
START_TEST(clock_order)
{
	uint32_t i;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 3), UD_OK);
	for (uint32_t v = 1; v <= 3; v++) {
		ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(v), &i), UD_OK);
		ck_assert_uint_eq(i, v - 1u);
		ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	}
	/* all bits set: full sweep, victim = hand (0), bits cleared */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(4), &i), UD_OK);
	ck_assert_uint_eq(i, 0);
	ck_assert_uint_eq(uc->hand, 1);
	ck_assert_uint_eq(uc->refbit[1], 0);
	ck_assert_uint_eq(uc->refbit[2], 0);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	/* touch page 2 (index 1) again: referenced */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(2), &i), UD_OK);
	ck_assert_uint_eq(i, 1);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	/* hand at 1: index 1 has its bit set -> second chance, victim 2 */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(5), &i), UD_OK);
	ck_assert_uint_eq(i, 2);
	ck_assert_uint_eq(uc->refbit[1], 0);
	ck_assert_uint_eq(ud_host_utlb.held[0][3], 0);
	check_consistent(u);
}
END_TEST

/* UTLB-9 (ud_utlb_get:clock_order): the CLOCK victim is the first entry
 * from the hand with no outstanding reference and a clear bit; every entry
 * the hand passes over (busy ones too) has its bit cleared; the hand stops
 * just after the victim; entries past the victim keep their bits; a free
 * index is taken first and leaves the CLOCK state alone. */
START_TEST(clock_second_chance)
{
	uint32_t i;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 4), UD_OK);
	for (uint32_t v = 1; v <= 4; v++) {
		ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(v), &i), UD_OK);
		ck_assert_uint_eq(i, v - 1u);
		ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	}
	/* page 1 (index 0) busy: an outstanding transfer */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_OK);
	ck_assert_uint_eq(i, 0);
	/* hand 3; bits 3, 0 (busy), 1 set, 2 clear: victim 2 */
	uc->hand = 3;
	uc->refbit[0] = 1; uc->refbit[1] = 1; uc->refbit[2] = 0; uc->refbit[3] = 1;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(5), &i), UD_OK);
	ck_assert_uint_eq(i, 2);
	ck_assert_uint_eq(uc->hand, 3);
	ck_assert_uint_eq(uc->refbit[3], 0);
	ck_assert_uint_eq(uc->refbit[0], 0);
	ck_assert_uint_eq(uc->refbit[1], 0);
	ck_assert_uint_eq(ud_host_utlb.held[0][3], 0);   /* page 3 unpinned */
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	/* hand 3; bits 3 set, 0 busy clear, 1 clear, 2 set: victim 1, bit 2 kept */
	uc->refbit[0] = 0; uc->refbit[1] = 0; uc->refbit[2] = 1; uc->refbit[3] = 1;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(6), &i), UD_OK);
	ck_assert_uint_eq(i, 1);
	ck_assert_uint_eq(uc->hand, 2);
	ck_assert_uint_eq(uc->refbit[3], 0);
	ck_assert_uint_eq(uc->refbit[2], 1);
	ck_assert_uint_eq(ud_host_utlb.held[0][2], 0);   /* page 2 unpinned */
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	/* a free index first: evict page 4 (index 3), the next miss takes 3
	 * whatever the hand, and the CLOCK state does not move */
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(4)), UD_OK);
	uc->hand = 0;
	uc->refbit[0] = 0; uc->refbit[1] = 1; uc->refbit[2] = 0; uc->refbit[3] = 1;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(7), &i), UD_OK);
	ck_assert_uint_eq(i, 3);
	ck_assert_uint_eq(uc->hand, 0);
	ck_assert_uint_eq(uc->refbit[1], 1);
	ck_assert_uint_eq(uc->refbit[2], 0);
	ck_assert_uint_eq(uc->refbit[3], 1);
	check_consistent(u);
}
END_TEST

/* UTLB-15: every counter moves by exactly one on the path of its event
 * and stays put everywhere else (ud_utlb_get:hits_counted, misses_counted,
 * evictions_counted, pins_counted, unpins_counted, counters_kept,
 * hits_kept; ud_utlb_put:counters; ud_utlb_evict:counted;
 * ud_utlb_drv_map:pins, unpins; ud_utlb_drv_unmap:unpins). */
#define CHECK_CTRS(h, m, e, p, up) do { \
	ck_assert_uint_eq(uc->st.hits, (h)); \
	ck_assert_uint_eq(uc->st.misses, (m)); \
	ck_assert_uint_eq(uc->st.evictions, (e)); \
	ck_assert_uint_eq(na->st.pins, (p)); \
	ck_assert_uint_eq(na->st.unpins, (up)); \
} while (0)

START_TEST(counters_exact)
{
	uint32_t i;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 2), UD_OK);
	CHECK_CTRS(0, 0, 0, 0, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_OK);    /* miss, free */
	CHECK_CTRS(0, 1, 0, 1, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_OK);    /* hit */
	CHECK_CTRS(1, 1, 0, 1, 0);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_E_STATE);
	CHECK_CTRS(1, 1, 0, 1, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, UD_UTLB_VA_LIMIT, &i), UD_E_RANGE);
	CHECK_CTRS(1, 1, 0, 1, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(2), &i), UD_OK);    /* miss, free */
	CHECK_CTRS(1, 2, 0, 2, 0);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	ud_host_utlb.fail_next = 1;                                      /* pin refused */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(3), &i), UD_E_PLATFORM);
	CHECK_CTRS(1, 2, 0, 2, 0);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(3), &i), UD_OK);    /* miss, victim */
	CHECK_CTRS(1, 3, 1, 3, 1);
	/* both entries busy: no victim, nothing counted */
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_OK);    /* miss, victim */
	CHECK_CTRS(1, 4, 2, 4, 2);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(4), &i), UD_E_NOSPC);
	CHECK_CTRS(1, 4, 2, 4, 2);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(1)), UD_E_BUSY);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(9)), UD_E_NOENT);
	CHECK_CTRS(1, 4, 2, 4, 2);
	ck_assert_int_eq(ud_utlb_put(u, uc, n, i), UD_OK);
	ck_assert_int_eq(ud_utlb_evict(u, uc, n, na, nf, PG(1)), UD_OK);      /* explicit */
	CHECK_CTRS(1, 4, 3, 4, 3);
	/* the driver directly: one pin per install, one unpin per replaced or
	 * unmapped entry, nothing on a refused call */
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 1, 7, 0), UD_OK);
	CHECK_CTRS(1, 4, 3, 5, 3);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 1, 7, 1), UD_E_STATE);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 1, 8, UD_UTLB_ENTRIES), UD_E_RANGE);
	CHECK_CTRS(1, 4, 3, 5, 3);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 1, 8, 0), UD_OK);         /* replaces 7 */
	CHECK_CTRS(1, 4, 3, 6, 4);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 1, 0), UD_OK);
	CHECK_CTRS(1, 4, 3, 6, 5);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 1, 0), UD_E_NOENT);
	CHECK_CTRS(1, 4, 3, 6, 5);
}
END_TEST

START_TEST(ref_overflow)
{
	uint32_t i;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 3), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_OK);
	u->refs[i] = INT32_MAX;
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(1), &i), UD_E_OVERFLOW);
	ck_assert_int_eq(u->refs[i], INT32_MAX);
}
END_TEST

START_TEST(driver_paths)
{
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, UD_UTLB_NPROC, 1, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, UD_UTLB_VPAGES, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, 1, UD_UTLB_ENTRIES), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, 1, 0), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, 1, 5), UD_E_STATE);  /* one pin per page */
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, 1, 0), UD_E_STATE);
	ck_assert_uint_eq(ud_host_utlb.held[0][1], 1);
	/* the NIC caches it, then the driver replaces it */
	uint64_t ppn;
	uint32_t cls;
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, 1));
	ck_assert_uint_eq(cls, UD_UTLB_MISS_COMPULSORY);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(cls, UD_UTLB_HIT);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 0, 2, 0), UD_OK);
	ck_assert_uint_eq(ud_host_utlb.held[0][1], 0);
	ck_assert_uint_eq(ud_host_utlb.held[0][2], 1);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, 2));    /* never the stale page */
	ck_assert_uint_eq(cls, UD_UTLB_MISS_COMPULSORY);
	/* unmap */
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, UD_UTLB_NPROC, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 0, UD_UTLB_ENTRIES), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 0, 3), UD_E_NOENT);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 0, 0), UD_OK);
	ck_assert_uint_eq(ud_host_utlb.held[0][2], 0);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_E_NOENT);
	ck_assert_uint_eq(na->st.pins, 2);
	ck_assert_uint_eq(na->st.unpins, 2);
	ck_assert_uint_eq(ud_host_utlb.bad_unpins, 0);
}
END_TEST

/* UTLB-19: the driver neither unmaps nor replaces an entry the NIC has a
 * DMA in flight through (ud_utlb_nic_begin .. ud_utlb_nic_end), and a
 * refused call changes nothing: no pin, no unpin, the entry and its frame
 * as they were. */
START_TEST(drv_refuses_in_flight)
{
	uint64_t ppn = 0, p2 = 0;
	uint32_t cls;

	/* ud_utlb_flight_init:idle (setup filled nf with garbage first) */
	for (uint32_t p = 0; p < UD_UTLB_NPROC; p++)
		for (uint32_t i = 0; i < UD_UTLB_ENTRIES; i++)
			ck_assert_uint_eq(nf->busy[p][i], 0);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 2, 11, 4), UD_OK);
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, 2, 4, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(2, 11));
	ck_assert_uint_eq(nf->busy[2][4], 1);
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, 2, 4, &p2, &cls), UD_OK); /* a second DMA */
	ck_assert_uint_eq(nf->busy[2][4], 2);
	uint64_t pins = na->st.pins, unpins = na->st.unpins;
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 2, 4), UD_E_BUSY);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 2, 12, 4), UD_E_BUSY);    /* no replacement */
	ck_assert_uint_eq(n->tab[2][4].valid, 1);
	ck_assert_uint_eq(n->tab[2][4].vpn, 11);
	ck_assert_uint_eq(n->tab[2][4].ppn, ppn);
	ck_assert_uint_eq(ud_host_utlb.held[2][11], 1);
	ck_assert_uint_eq(ud_host_utlb.held[2][12], 0);                   /* never pinned */
	ck_assert_uint_eq(na->st.pins, pins);
	ck_assert_uint_eq(na->st.unpins, unpins);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 2, 4, &p2, &cls), UD_OK); /* a later burst */
	ck_assert_uint_eq(p2, ppn);
	/* another entry of the same process, and the same index of another,
	 * are not held */
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 2, 13, 5), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 2, 5), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 3, 11, 4), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 3, 4), UD_OK);
	/* both DMAs end: the entry may go */
	ck_assert_int_eq(ud_utlb_nic_end(nf, 2, 4), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 2, 4), UD_E_BUSY);
	ck_assert_int_eq(ud_utlb_nic_end(nf, 2, 4), UD_OK);
	ck_assert_int_eq(ud_utlb_nic_end(nf, 2, 4), UD_E_STATE);          /* none in flight */
	ck_assert_uint_eq(nf->busy[2][4], 0);
	ck_assert_int_eq(ud_utlb_drv_unmap(n, na, nf, 2, 4), UD_OK);
	ck_assert_uint_eq(ud_host_utlb.held[2][11], 0);
	/* a DMA cannot start through an entry that is gone, or out of range */
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, 2, 4, &ppn, &cls), UD_E_NOENT);
	ck_assert_uint_eq(nf->busy[2][4], 0);
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, UD_UTLB_NPROC, 0, &ppn, &cls), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, 0, UD_UTLB_ENTRIES, &ppn, &cls), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_nic_end(nf, UD_UTLB_NPROC, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_nic_end(nf, 0, UD_UTLB_ENTRIES), UD_E_RANGE);
	/* a replacement of an idle entry is not refused */
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 2, 11, 4), UD_OK);
	ck_assert_int_eq(ud_utlb_drv_map(n, na, nf, 2, 12, 4), UD_OK);
	ck_assert_uint_eq(ud_host_utlb.held[2][11], 0);
	ck_assert_uint_eq(ud_host_utlb.held[2][12], 1);
	/* the counter's bound: refused, nothing translated or counted */
	nf->busy[2][4] = UD_UTLB_BUSY_MAX;
	uint64_t hits = na->st.hits, comp = na->st.miss_compulsory;
	ck_assert_int_eq(ud_utlb_nic_begin(n, na, nf, 2, 4, &ppn, &cls), UD_E_OVERFLOW);
	ck_assert_uint_eq(nf->busy[2][4], UD_UTLB_BUSY_MAX);
	ck_assert_uint_eq(na->st.hits, hits);
	ck_assert_uint_eq(na->st.miss_compulsory, comp);
	ck_assert_uint_eq(ud_host_utlb.bad_unpins, 0);
}
END_TEST

/* The NIC reads only the requesting process's table. */
START_TEST(nic_isolation)
{
	uint32_t a, b, cls = 9;
	uint64_t ppn = 0;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, 8), UD_OK);
	ck_assert_int_eq(ud_utlb_lib_init(u1, uc1, n, 1, 8), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(0x500), &a), UD_OK);
	ck_assert_int_eq(ud_utlb_get(u1, uc1, n, na, nf, PG(0x600), &b), UD_OK);
	ck_assert_uint_eq(a, 0);
	ck_assert_uint_eq(b, 0);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, 0x500));
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 1, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(1, 0x600));
	ck_assert_uint_eq(cls, UD_UTLB_MISS_COMPULSORY);   /* different set: offset 8 */
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(cls, UD_UTLB_HIT);
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, 0x500));
	/* an index process 1 never installed */
	ppn = 7; cls = 9;
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 1, 1, &ppn, &cls), UD_E_NOENT);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, UD_UTLB_NPROC, 0, &ppn, &cls), UD_E_RANGE);
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, UD_UTLB_ENTRIES, &ppn, &cls), UD_E_RANGE);
	ck_assert_uint_eq(ppn, 7);
	ck_assert_uint_eq(cls, 9);
	ck_assert_uint_eq(n->line[0].pid, 0);
	ck_assert_uint_eq(n->line[8 * UD_UTLB_CACHE_WAYS].pid, 1);
}
END_TEST

/* Conflict: five indices of one set (4 ways); capacity: a cyclic sweep
 * over more entries than the cache has lines. */
START_TEST(miss_classes)
{
	uint64_t ppn;
	uint32_t cls, i;
	ck_assert_int_eq(ud_utlb_lib_init(u, uc, n, 0, UD_UTLB_ENTRIES), UD_OK);
	for (uint32_t v = 0; v < 300; v++) {
		ck_assert_int_eq(ud_utlb_get(u, uc, n, na, nf, PG(v), &i), UD_OK);
		ck_assert_uint_eq(i, v);
	}
	/* indices 0, 64, 128, 192, 256: set 0 (offset of process 0 is 0) */
	for (uint32_t k = 0; k < 5; k++) {
		ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 64u * k, &ppn, &cls), UD_OK);
		ck_assert_uint_eq(cls, UD_UTLB_MISS_COMPULSORY);
	}
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 0, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(cls, UD_UTLB_MISS_CONFLICT);   /* LRU way evicted it */
	ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, 0));
	ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, 256, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(cls, UD_UTLB_HIT);
	ck_assert_uint_eq(na->st.miss_compulsory, 5);
	ck_assert_uint_eq(na->st.miss_conflict, 1);
	ck_assert_uint_eq(na->st.hits, 1);
	/* cyclic sweep over 300 > 256 lines.  Sets 0..43 hold five of the 300
	 * indices (k % 64 < 44), sets 44..63 four: those 80 fit their set. */
	for (uint32_t r = 0; r < 2; r++)
		for (uint32_t k = 0; k < 300; k++)
			ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, k, &ppn, &cls), UD_OK);
	ck_assert_uint_eq(na->st.miss_compulsory, 300);
	/* third round: the 220 of the crowded sets miss the fully associative
	 * LRU too (cyclic over 300 > 256 lines): capacity; the 80 others hit. */
	uint64_t cap0 = na->st.miss_capacity, h0 = na->st.hits, c0 = na->st.miss_conflict;
	for (uint32_t k = 0; k < 300; k++) {
		ck_assert_int_eq(ud_utlb_nic_translate(n, na, 0, k, &ppn, &cls), UD_OK);
		ck_assert_uint_eq(cls, k % 64u < 44u ? UD_UTLB_MISS_CAPACITY : UD_UTLB_HIT);
		ck_assert_uint_eq(ppn, ud_host_utlb_ppn(0, k));
	}
	ck_assert_uint_eq(na->st.miss_capacity, cap0 + 220);
	ck_assert_uint_eq(na->st.hits, h0 + 80);
	ck_assert_uint_eq(na->st.miss_conflict, c0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("utlb");
	TCase *tc = tcase_create("utlb");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, init_paths);
	tcase_add_test(tc, miss_then_hit);
	tcase_add_test(tc, get_range_and_put);
	tcase_add_test(tc, evict_skips_outstanding);
	tcase_add_test(tc, table_full);
	tcase_add_test(tc, pin_refused);
	tcase_add_test(tc, explicit_evict);
	tcase_add_test(tc, clock_order);
	tcase_add_test(tc, clock_second_chance);
	tcase_add_test(tc, counters_exact);
	tcase_add_test(tc, ref_overflow);
	tcase_add_test(tc, driver_paths);
	tcase_add_test(tc, drv_refuses_in_flight);
	tcase_add_test(tc, nic_isolation);
	tcase_add_test(tc, miss_classes);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
