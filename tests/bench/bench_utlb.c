/* SPDX-License-Identifier: MIT */
/*
 * tests/bench/bench_utlb.c -- the UTLB measured side by side (issue 4):
 *
 *   hit     the hit path (ud_utlb_get + ud_utlb_put) against UCX's
 *           registration cache (ucs_rcache_get + ucs_rcache_region_put) on
 *           the same address trace, in one run, interleaved rounds;
 *   icount  one mode for callgrind: the trace of N lookups, then (1) or
 *           not (0) the lookups; the Makefile divides the difference by N;
 *   misses  the UTLB against an interrupt-per-miss translation scheme over
 *           traces (sequential, random, working set larger than the table,
 *           hot/cold, several processes), tables as TSV for gnuplot.
 *
 * Seed: 000_84f077e385ac0b00.txt, "DESIGN OF UTLB" and "SUMMARY" ("the UTLB
 * approach has fewer misses ... than interrupt-based approach").
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <ucs/memory/rcache.h>
#include <ucm/api/ucm.h>
#include "utlb_table.h"
#include "utlb_cache.h"
#include "utlb_lookup.h"

/* ------------------------------------------------------------ platform */
/* The bench's OS: pinning always succeeds (the cost of the real call is
 * not what is measured; the miss counts are). */
static uint64_t plat_pins, plat_unpins;
ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn)
{
	plat_pins++;
	*ppn = ((uint64_t)pid << 24) + vpn;
	return UD_OK;
}
void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn)
{
	(void)pid; (void)vpn; (void)ppn;
	plat_unpins++;
}

/* ------------------------------------------------------------ helpers */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* ------------------------------------------------------------ hit path */
#define HIT_PAGES 1024u           /* 1024 one-page regions (TOOLING.md) */
#define HIT_BASE  0x40000000ull   /* inside the UTLB's 4 GB window */

static ucs_status_t rc_reg(void *ctx, ucs_rcache_t *rc, void *arg,
			   ucs_rcache_region_t *r, uint16_t flags)
{
	(void)ctx; (void)rc; (void)arg; (void)r; (void)flags;
	return UCS_OK;
}
static void rc_dereg(void *ctx, ucs_rcache_t *rc, ucs_rcache_region_t *r)
{
	(void)ctx; (void)rc; (void)r;
}
static void rc_dump(void *ctx, ucs_rcache_t *rc, ucs_rcache_region_t *r, char *b, size_t m)
{
	(void)ctx; (void)rc; (void)r;
	if (m) b[0] = 0;
}
static const ucs_rcache_ops_t rc_ops = { rc_reg, rc_dereg, rc_dump };

static ucs_rcache_t *rc_create(int events)
{
	ucs_rcache_params_t p;
	ucs_rcache_t *rc;
	memset(&p, 0, sizeof p);
	p.region_struct_size = sizeof(ucs_rcache_region_t);
	p.alignment = 4096;
	p.max_alignment = 4096;
	p.ucm_events = events ? UCM_EVENT_VM_UNMAPPED : 0;
	p.ucm_event_priority = 1000;
	p.ops = &rc_ops;
	p.context = NULL;
	p.flags = UCS_RCACHE_FLAG_NO_PFN_CHECK;
	p.max_regions = (unsigned long)-1;
	p.max_size = (size_t)-1;
	p.max_unreleased = (size_t)-1;
	if (ucs_rcache_create(&p, "bench", NULL, &rc) != UCS_OK) {
		fprintf(stderr, "bench: ucs_rcache_create failed\n");
		exit(1);
	}
	return rc;
}

static uint8_t *hit_region(void)
{
	void *p = mmap((void *)HIT_BASE, (size_t)HIT_PAGES * 4096u, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED || (uint64_t)p != HIT_BASE) {
		fprintf(stderr, "bench: cannot map the trace region at %#llx\n",
			(unsigned long long)HIT_BASE);
		exit(1);
	}
	memset(p, 1, (size_t)HIT_PAGES * 4096u);
	return p;
}

/* The same trace for both: random pages of the region, random offsets,
 * 64-byte transfers inside one page. */
static uint64_t *hit_trace(const uint8_t *base, size_t n)
{
	uint64_t *t = malloc(n * sizeof *t);
	for (size_t i = 0; i < n; i++)
		t[i] = (uint64_t)(uintptr_t)base + (rnd() % HIT_PAGES) * 4096u + (rnd() % 4032u);
	return t;
}

static struct ud_utlb_nic *g_nic;
static struct ud_utlb_nic_aux *g_nic_aux;   /* LRU, classifier, counters */
static struct ud_utlb_flight *g_flight;     /* DMAs in flight (UTLB-19) */
static struct ud_utlb_lib *g_lib;
static struct ud_utlb_lib_aux *g_lib_aux;   /* CLOCK state, counters */
static ucs_rcache_t *g_rc;
static volatile uint64_t sink;

static void utlb_setup(void)
{
	g_nic = calloc(1, sizeof *g_nic);
	g_nic_aux = calloc(1, sizeof *g_nic_aux);
	g_flight = calloc(1, sizeof *g_flight);
	g_lib = calloc(1, sizeof *g_lib);
	g_lib_aux = calloc(1, sizeof *g_lib_aux);
	ud_utlb_nic_init(g_nic, g_nic_aux, 1u);
	ud_utlb_flight_init(g_flight);
	if (ud_utlb_lib_init(g_lib, g_lib_aux, g_nic, 0, UD_UTLB_ENTRIES) != UD_OK) exit(1);
}

static void __attribute__((noinline)) run_utlb(const uint64_t *t, size_t n)
{
	uint64_t s = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t idx;
		if (ud_utlb_get(g_lib, g_lib_aux, g_nic, g_nic_aux, g_flight, t[i], &idx) != UD_OK) abort();
		s += idx;
		ud_utlb_put(g_lib, g_lib_aux, g_nic, idx);
	}
	sink += s;
}

static void __attribute__((noinline)) run_rcache(const uint64_t *t, size_t n)
{
	uint64_t s = 0;
	for (size_t i = 0; i < n; i++) {
		ucs_rcache_region_t *r;
		if (ucs_rcache_get(g_rc, (void *)(uintptr_t)t[i], 64, PROT_READ | PROT_WRITE,
				   NULL, &r) != UCS_OK) abort();
		s += (uint64_t)r->super.start;
		ucs_rcache_region_put(g_rc, r);
	}
	sink += s;
}

static int cmd_hit(size_t n, int rounds)
{
	uint8_t *base = hit_region();
	uint64_t *t = hit_trace(base, n);
	double *tu = calloc((size_t)rounds, sizeof *tu), *tr = calloc((size_t)rounds, sizeof *tr);
	utlb_setup();
	g_rc = rc_create(1);
	/* warm both: every page translated once (misses), then all hits */
	for (uint32_t p = 0; p < HIT_PAGES; p++) {
		uint64_t a = (uint64_t)(uintptr_t)base + (uint64_t)p * 4096u;
		run_utlb(&a, 1);
		run_rcache(&a, 1);
	}
	uint64_t m0 = g_lib_aux->st.misses;
	for (int r = 0; r < rounds; r++) {      /* interleaved rounds */
		double a = now_ns();
		run_utlb(t, n);
		double b = now_ns();
		run_rcache(t, n);
		double c = now_ns();
		tu[r] = (b - a) / (double)n;
		tr[r] = (c - b) / (double)n;
	}
	if (g_lib_aux->st.misses != m0) {
		fprintf(stderr, "bench: the hit trace missed\n");
		return 1;
	}
	qsort(tu, (size_t)rounds, sizeof *tu, cmp_d);
	qsort(tr, (size_t)rounds, sizeof *tr, cmp_d);
	double mu = tu[rounds / 2], mr = tr[rounds / 2];
	printf("hit path, %zu lookups x %d rounds over %u one-page regions (median of rounds)\n",
	       n, rounds, HIT_PAGES);
	printf("  %-28s %8.2f ns/lookup (min %.2f)\n", "uldma ud_utlb_get+put", mu, tu[0]);
	printf("  %-28s %8.2f ns/lookup (min %.2f)\n", "UCX ucs_rcache_get+put", mr, tr[0]);
	printf("  speedup %.2fx\n", mr / mu);
	FILE *f = fopen(getenv("BENCH_OUT") ? getenv("BENCH_OUT") : "/dev/null", "w");
	if (f) {
		fprintf(f, "utlb_ns %.3f\nrcache_ns %.3f\nspeedup %.3f\n", mu, mr, mr / mu);
		fclose(f);
	}
	return 0;
}

static int cmd_icount(const char *which, size_t n, int run)
{
	uint8_t *base = hit_region();
	uint64_t *t = hit_trace(base, n ? n : 1);
	/* Under valgrind UCM cannot install its memory-event hooks, so the
	 * rcache is created without UCM_EVENT_VM_UNMAPPED here: that event
	 * only invalidates regions on munmap, it is not on the hit path. */
	utlb_setup();
	if (strcmp(which, "utlb"))
		g_rc = rc_create(0);
	for (uint32_t p = 0; p < HIT_PAGES; p++) {
		uint64_t a = (uint64_t)(uintptr_t)base + (uint64_t)p * 4096u;
		if (!strcmp(which, "utlb")) run_utlb(&a, 1); else run_rcache(&a, 1);
	}
	if (run) {
		if (!strcmp(which, "utlb")) run_utlb(t, n); else run_rcache(t, n);
	}
	return 0;
}

/* ------------------------------------------------------------ misses */
/* The interrupt-per-miss scheme: the NIC's translation table is a cache of
 * `lines` (process, page) translations, fully associative with true LRU
 * (the most favourable policy for it); every miss interrupts the host,
 * which pins the page and installs the translation. */
struct intr {
	uint32_t lines;
	uint64_t *key;     /* pid << 32 | vpn, or ~0 */
	uint64_t *stamp;
	uint64_t tick, misses;
};

static void intr_init(struct intr *s, uint32_t lines)
{
	s->lines = lines;
	s->key = malloc(lines * sizeof *s->key);
	s->stamp = calloc(lines, sizeof *s->stamp);
	for (uint32_t i = 0; i < lines; i++) s->key[i] = ~0ull;
	s->tick = s->misses = 0;
}

static void intr_access(struct intr *s, uint32_t pid, uint32_t vpn)
{
	uint64_t k = ((uint64_t)pid << 32) | vpn;
	uint32_t victim = 0;
	s->tick++;
	for (uint32_t i = 0; i < s->lines; i++) {
		if (s->key[i] == k) { s->stamp[i] = s->tick; return; }
		if (s->stamp[i] < s->stamp[victim]) victim = i;
	}
	s->misses++;
	s->key[victim] = k;
	s->stamp[victim] = s->tick;
}

struct acc { uint32_t pid, vpn; };

#define MAXP 4u
#define NTRACE 6

static size_t make_trace(int kind, struct acc *a, const char **name, uint32_t *nproc)
{
	size_t n = 0;
	*nproc = 1;
	switch (kind) {
	case 0: *name = "sequential";       /* 4 passes over a 768-page buffer */
		for (int r = 0; r < 4; r++)
			for (uint32_t v = 0; v < 768; v++) a[n++] = (struct acc){0, 0x1000u + v};
		break;
	case 1: *name = "random";           /* uniform over 768 pages */
		for (int i = 0; i < 20000; i++) a[n++] = (struct acc){0, 0x1000u + (uint32_t)(rnd() % 768)};
		break;
	case 2: *name = "ws_gt_table";      /* uniform over 2048 pages > 1024 */
		for (int i = 0; i < 20000; i++) a[n++] = (struct acc){0, 0x1000u + (uint32_t)(rnd() % 2048)};
		break;
	case 3: *name = "cyclic_gt_table";  /* 4 passes over 1536 pages */
		for (int r = 0; r < 4; r++)
			for (uint32_t v = 0; v < 1536; v++) a[n++] = (struct acc){0, 0x1000u + v};
		break;
	case 4: *name = "hot_cold";         /* 90% in 128 pages, 10% in 4096 */
		for (int i = 0; i < 20000; i++) {
			uint32_t v = (rnd() % 10) ? (uint32_t)(rnd() % 128) : 128u + (uint32_t)(rnd() % 4096);
			a[n++] = (struct acc){0, 0x1000u + v};
		}
		break;
	default: *name = "multi_process";   /* 4 processes, 512 pages each, interleaved */
		*nproc = MAXP;
		for (int i = 0; i < 40000; i++) {
			uint32_t p = (uint32_t)(rnd() % MAXP);
			a[n++] = (struct acc){p, 0x1000u + (uint32_t)(rnd() % 512)};
		}
		break;
	}
	return n;
}

struct utlb_res { uint64_t user, nic_comp, nic_cap, nic_conf, nic_hit, evict; };

static struct utlb_res run_utlb_trace(const struct acc *a, size_t n, uint32_t nproc,
				      uint32_t cap)
{
	struct utlb_res r = {0};
	struct ud_utlb_nic *nic = calloc(1, sizeof *nic);
	struct ud_utlb_nic_aux *na = calloc(1, sizeof *na);
	struct ud_utlb_flight *nf = calloc(1, sizeof *nf);
	struct ud_utlb_lib *lib = calloc(nproc, sizeof *lib);
	struct ud_utlb_lib_aux *la = calloc(nproc, sizeof *la);
	ud_utlb_nic_init(nic, na, 1u);
	ud_utlb_flight_init(nf);
	for (uint32_t p = 0; p < nproc; p++)
		if (ud_utlb_lib_init(&lib[p], &la[p], nic, p, cap) != UD_OK) exit(1);
	for (size_t i = 0; i < n; i++) {
		uint32_t idx, cls;
		uint64_t ppn;
		uint32_t p = a[i].pid;
		if (ud_utlb_get(&lib[p], &la[p], nic, na, nf, (uint64_t)a[i].vpn * 4096u, &idx) != UD_OK)
			exit(1);
		if (ud_utlb_nic_translate(nic, na, p, idx, &ppn, &cls) != UD_OK) exit(1);
		if (ppn != ((uint64_t)p << 24) + a[i].vpn) { fprintf(stderr, "bad ppn\n"); exit(1); }
		ud_utlb_put(&lib[p], &la[p], nic, idx);
	}
	for (uint32_t p = 0; p < nproc; p++) {
		r.user += la[p].st.misses;
		r.evict += la[p].st.evictions;
	}
	r.nic_comp = na->st.miss_compulsory;
	r.nic_cap = na->st.miss_capacity;
	r.nic_conf = na->st.miss_conflict;
	r.nic_hit = na->st.hits;
	free(nic);
	free(na);
	free(nf);
	free(lib);
	free(la);
	return r;
}

static uint64_t run_intr_trace(const struct acc *a, size_t n, uint32_t lines)
{
	struct intr s;
	intr_init(&s, lines);
	for (size_t i = 0; i < n; i++) intr_access(&s, a[i].pid, a[i].vpn);
	free(s.key);
	free(s.stamp);
	return s.misses;
}

static int cmd_misses(const char *dir)
{
	static const uint32_t sizes[] = { 64, 128, 256, 512, 1024 };
	struct acc *a = malloc(64000 * sizeof *a);
	char path[512];
	uint64_t sum_u = 0, sum_i = 0;
	FILE *tab, *head;

	snprintf(path, sizeof path, "%s/misses.tsv", dir);
	tab = fopen(path, "w");
	if (!tab) { perror(path); return 1; }
	snprintf(path, sizeof path, "%s/headline.tsv", dir);
	head = fopen(path, "w");
	if (!head) { perror(path); return 1; }
	fprintf(head, "# trace\tutlb_user\tutlb_nic_misses\tintr_nic256\tintr_same_memory\n");
	fprintf(tab, "# trace\tsize\tutlb_user\tutlb_nic_comp\tutlb_nic_cap\tutlb_nic_conf\tintr_same_size\n");
	printf("\nmisses: UTLB (per-process table of T entries, CLOCK; NIC cache %ux%u) vs\n"
	       "interrupt-per-miss (NIC table, fully associative LRU, one interrupt per miss)\n",
	       UD_UTLB_CACHE_SETS, UD_UTLB_CACHE_WAYS);
	printf("headline geometry: UTLB T=%u, interrupt scheme = the NIC's %u lines\n\n",
	       UD_UTLB_ENTRIES, UD_UTLB_CACHE_LINES);
	printf("%-16s %7s | %9s %9s %9s %9s | %9s %9s | %7s\n", "trace", "access",
	       "utlb_usr", "nic_comp", "nic_cap", "nic_conf", "intr@256", "intr@T", "ratio");
	for (int k = 0; k < NTRACE; k++) {
		const char *name;
		uint32_t np;
		size_t n = make_trace(k, a, &name, &np);
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
			struct utlb_res r = run_utlb_trace(a, n, np, sizes[s]);
			uint64_t is = run_intr_trace(a, n, sizes[s] * np);
			fprintf(tab, "%s\t%u\t%llu\t%llu\t%llu\t%llu\t%llu\n", name, sizes[s],
				(unsigned long long)r.user, (unsigned long long)r.nic_comp,
				(unsigned long long)r.nic_cap, (unsigned long long)r.nic_conf,
				(unsigned long long)is);
			if (sizes[s] == UD_UTLB_ENTRIES) {
				uint64_t i256 = run_intr_trace(a, n, UD_UTLB_CACHE_LINES);
				printf("%-16s %7zu | %9llu %9llu %9llu %9llu | %9llu %9llu | %7.3f\n",
				       name, n, (unsigned long long)r.user,
				       (unsigned long long)r.nic_comp, (unsigned long long)r.nic_cap,
				       (unsigned long long)r.nic_conf, (unsigned long long)i256,
				       (unsigned long long)is, (double)r.user / (double)i256);
				sum_u += r.user;
				sum_i += i256;
				fprintf(head, "%s\t%llu\t%llu\t%llu\t%llu\n", name,
					(unsigned long long)r.user,
					(unsigned long long)(r.nic_comp + r.nic_cap + r.nic_conf),
					(unsigned long long)i256, (unsigned long long)is);
			}
		}
		fprintf(tab, "\n\n");
	}
	fclose(tab);
	fclose(head);
	printf("\n(utlb_usr: user-level check misses, each one driver call; nic_*: NIC cache\n"
	       " misses, served from the process's table without an interrupt; intr@256:\n"
	       " interrupts with the NIC's 256 lines; intr@T: with T entries per process\n"
	       " of NIC table, the same memory as the UTLB's tables)\n");
	snprintf(path, sizeof path, "%s/ratio.txt", dir);
	FILE *f = fopen(path, "w");
	if (f) {
		fprintf(f, "%.4f\n", (double)sum_u / (double)sum_i);
		fclose(f);
	}
	free(a);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "hit"))
		return cmd_hit(argc > 2 ? (size_t)atol(argv[2]) : 1000000u, argc > 3 ? atoi(argv[3]) : 9);
	if (argc >= 3 && !strcmp(argv[1], "icount"))
		return cmd_icount(argv[2], argc > 3 ? (size_t)atol(argv[3]) : 1u,
				  argc > 4 ? atoi(argv[4]) : 1);
	if (argc >= 3 && !strcmp(argv[1], "misses"))
		return cmd_misses(argv[2]);
	fprintf(stderr, "usage: bench_utlb hit [N [ROUNDS]] | icount utlb|rcache N 0|1 | misses DIR\n");
	return 2;
}
