/* SPDX-License-Identifier: MIT */
/*
 * hw/model/scenario.c -- the scenario runner of the board model:
 *
 *   board_model SCENARIO.scn OUTDIR
 *
 * reads a scenario (format: docs/board-model.md, "Scenarios"), runs it on
 * the board model (board.c), checks every transfer (exactly one
 * completion, every byte), and writes OUTDIR/NAME.dat, NAME_counts.dat,
 * NAME.gp (gnuplot, PNG) and prints a table and the scenario's metrics as
 * `name: value` lines.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "board.h"

#define MAXTOK    64
#define MAXSER    16
#define MAXSIZES  16
#define MAXXF     32
#define MAXMET    16
#define MAXREF    8

static void die(const char *f, int line, const char *m)
{
	fprintf(stderr, "%s:%d: %s\n", f, line, m);
	exit(2);
}

/* ------------------------------------------------------------ values */
static double parse_time_ns(const char *s, const char *f, int line)
{
	char *e;
	double v = strtod(s, &e);
	if (e == s)
		die(f, line, "bad time");
	if (!strcmp(e, "ms")) v *= 1e6;
	else if (!strcmp(e, "us")) v *= 1e3;
	else if (!strcmp(e, "ns") || !*e) ;
	else if (!strcmp(e, "s")) v *= 1e9;
	else die(f, line, "time unit: ns, us, ms or s");
	return v;
}

static size_t parse_size(const char *s, const char *f, int line)
{
	char *e;
	double v = strtod(s, &e);
	if (e == s)
		die(f, line, "bad size");
	if (*e == 'k' || *e == 'K') v *= 1024;
	else if (*e == 'm' || *e == 'M') v *= 1048576;
	else if (*e) die(f, line, "size suffix: k or m");
	return (size_t)v;
}

static bool parse_onoff(const char *s, const char *f, int line)
{
	if (!strcmp(s, "on") || !strcmp(s, "1") || !strcmp(s, "yes")) return true;
	if (!strcmp(s, "off") || !strcmp(s, "0") || !strcmp(s, "no")) return false;
	die(f, line, "expected on/off");
	return false;
}

static void size_label(size_t z, char *b, size_t n)
{
	if (z >= 1024 && z % 1024 == 0)
		snprintf(b, n, "%zuK", z / 1024);
	else
		snprintf(b, n, "%zu", z);
}

/* ------------------------------------------------------------ scenario */
enum { F_NONE, F_SRC, F_DST, F_BOTH };

struct series {
	char label[64];
	int fault;
	bool ahead, src_rapf, dst_rapf, stall, no_hupcf, keyed;
	double timeout_ns;
	int extra;              /* 0, 1 touch, 2 pin */
	/* results per size */
	double lat_us[MAXSIZES], tmo[MAXSIZES], rapf[MAXSIZES], kern_us[MAXSIZES];
	double pagein_us[MAXSIZES], pageins[MAXSIZES], sfault[MAXSIZES], dfault[MAXSIZES];
	double extra_us[MAXSIZES];
	double mean_us[MAXSIZES];   /* lat_us is the median */
	double irqs[MAXSIZES], kinv_us[MAXSIZES];  /* IRQs; driver us per IRQ */
};

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

struct xfspec {
	uint32_t from, to;
	size_t size;
	char src[32], dst[32];
	uint8_t pd, vc;
	bool keyed;
	uint8_t srcmap, dstmap;    /* owners' mapping rights (UD_FH_R_*) */
	ud_status expect;          /* UD_OK or the provoked failure       */
};

struct ref {                /* thesis numbers drawn beside ours */
	char label[64];
	size_t size[MAXSIZES];
	double val[MAXSIZES];
	int n;
};

struct speedup {            /* ratio A/B per size, thesis beside */
	char a[64], b[64];
	size_t size[MAXSIZES];
	double thesis[MAXSIZES];
	int n;
};

struct metric {
	char name[64], kind[16], a[64], b[64];
	size_t size;
	double thesis;
	bool has_thesis;
};

struct scen {
	char file[256], name[64], title[160], figure[32], plot[16];
	uint32_t nodes;
	struct bm_param p;
	struct bm_policy pol;
	uint64_t seed;
	int iters;
	size_t sizes[MAXSIZES];
	int nsizes;
	struct series ser[MAXSER];
	int nser;
	struct xfspec xf[MAXXF];
	int nxf;
	struct ref ref[MAXREF];
	int nref;
	struct speedup sp;
	bool has_sp;
	struct metric met[MAXMET];
	int nmet;
	bool t41;
	bool allow_spent;          /* storms: a spent retry budget is an outcome */
	double losses[MAXSIZES];   /* storm sweep: loss = dup = each of these */
	int nlosses;
	double t41_thesis[5][8];   /* mmap munmap pin unpin touch, 8 sizes */
	bool t41_has[5];
};

static int tokenize(char *s, char **tok)
{
	int n = 0;
	while (*s && n < MAXTOK) {
		while (isspace((unsigned char)*s)) s++;
		if (!*s || *s == '#') break;
		if (*s == '"') {
			tok[n++] = ++s;
			while (*s && *s != '"') s++;
			if (*s) *s++ = 0;
		} else {
			tok[n++] = s;
			while (*s && !isspace((unsigned char)*s)) s++;
			if (*s) *s++ = 0;
		}
	}
	return n;
}

static void series_kv(struct series *r, const char *kv, const char *f, int line)
{
	const char *eq = strchr(kv, '=');
	if (!eq) die(f, line, "series option must be key=value");
	char k[32];
	snprintf(k, sizeof k, "%.*s", (int)(eq - kv), kv);
	const char *v = eq + 1;
	if (!strcmp(k, "fault")) {
		if (!strcmp(v, "none")) r->fault = F_NONE;
		else if (!strcmp(v, "src")) r->fault = F_SRC;
		else if (!strcmp(v, "dst")) r->fault = F_DST;
		else if (!strcmp(v, "both")) r->fault = F_BOTH;
		else die(f, line, "fault=none|src|dst|both");
	} else if (!strcmp(k, "policy")) {
		if (!strcmp(v, "touch_ahead")) r->ahead = true;
		else if (!strcmp(v, "touch_a_page")) r->ahead = false;
		else die(f, line, "policy=touch_a_page|touch_ahead");
	} else if (!strcmp(k, "timeout")) {
		r->timeout_ns = parse_time_ns(v, f, line);
	} else if (!strcmp(k, "src_rapf")) {
		r->src_rapf = parse_onoff(v, f, line);
	} else if (!strcmp(k, "dst_rapf")) {
		r->dst_rapf = parse_onoff(v, f, line);
	} else if (!strcmp(k, "smmu")) {
		if (!strcmp(v, "stall")) r->stall = true;
		else if (!strcmp(v, "terminate")) r->stall = false;
		else die(f, line, "smmu=terminate|stall");
	} else if (!strcmp(k, "keyed")) {
		r->keyed = parse_onoff(v, f, line);
	} else if (!strcmp(k, "hupcf")) {
		r->no_hupcf = !parse_onoff(v, f, line);
	} else if (!strcmp(k, "extra")) {
		if (!strcmp(v, "touch")) r->extra = 1;
		else if (!strcmp(v, "pin")) r->extra = 2;
		else die(f, line, "extra=touch|pin");
	} else {
		die(f, line, "unknown series option");
	}
}

/* The owner's mapping of a buffer, as the fault handler sees it. */
#define RW (UD_FH_R_READ | UD_FH_R_WRITE)
static uint8_t parse_map(const char *v, const char *f, int line)
{
	if (!strcmp(v, "rw")) return RW;
	if (!strcmp(v, "ro")) return UD_FH_R_READ;
	if (!strcmp(v, "wo")) return UD_FH_R_WRITE;
	if (!strcmp(v, "none")) return 0;
	die(f, line, "map: rw|ro|wo|none");
	return 0;
}

static const char *t41_rows[5] = { "mmap", "munmap", "pin", "unpin", "touch" };

static void parse(struct scen *sc, const char *file)
{
	FILE *fp = fopen(file, "r");
	if (!fp) { perror(file); exit(2); }
	memset(sc, 0, sizeof *sc);
	snprintf(sc->file, sizeof sc->file, "%s", file);
	const char *b = strrchr(file, '/');
	snprintf(sc->name, sizeof sc->name, "%s", b ? b + 1 : file);
	char *dot = strrchr(sc->name, '.');
	if (dot) *dot = 0;
	snprintf(sc->plot, sizeof sc->plot, "latency");
	sc->nodes = 2;
	bm_param_default(&sc->p);
	sc->pol.ahead = true;
	sc->pol.src_rapf = false;
	sc->pol.dst_rapf = true;
	sc->iters = 10;
	sc->seed = 1;
	char line[1024];
	int ln = 0;
	while (fgets(line, sizeof line, fp)) {
		char *t[MAXTOK];
		ln++;
		int n = tokenize(line, t);
		if (n == 0) continue;
#define NEED(k) do { if (n < (k)) die(file, ln, "missing argument"); } while (0)
		if (!strcmp(t[0], "name")) { NEED(2); snprintf(sc->name, sizeof sc->name, "%s", t[1]); }
		else if (!strcmp(t[0], "title")) {
			NEED(2);
			sc->title[0] = 0;
			for (int i = 1; i < n; i++) {
				size_t l = strlen(sc->title);
				snprintf(sc->title + l, sizeof sc->title - l, "%s%s", i > 1 ? " " : "", t[i]);
			}
		}
		else if (!strcmp(t[0], "figure")) { NEED(2); snprintf(sc->figure, sizeof sc->figure, "%s", t[1]); }
		else if (!strcmp(t[0], "plot")) { NEED(2); snprintf(sc->plot, sizeof sc->plot, "%s", t[1]); }
		else if (!strcmp(t[0], "nodes")) { NEED(2); sc->nodes = (uint32_t)atoi(t[1]); }
		else if (!strcmp(t[0], "iterations")) { NEED(2); sc->iters = atoi(t[1]); }
		else if (!strcmp(t[0], "allow_spent")) sc->allow_spent = true;
		else if (!strcmp(t[0], "losses")) {
			NEED(2);
			for (int i = 1; i < n; i++) {
				if (sc->nlosses == MAXSIZES) die(file, ln, "too many loss rates");
				double v = atof(t[i]);
				if (v < 0 || v >= 1) die(file, ln, "a loss rate is in [0, 1)");
				sc->losses[sc->nlosses++] = v;
			}
		}
		else if (!strcmp(t[0], "seed")) { NEED(2); sc->seed = strtoull(t[1], NULL, 0); }
		else if (!strcmp(t[0], "timeout")) { NEED(2); sc->p.timeout_ns = (bm_time)parse_time_ns(t[1], file, ln); }
		else if (!strcmp(t[0], "policy")) {
			NEED(2);
			if (!strcmp(t[1], "touch_ahead")) sc->pol.ahead = true;
			else if (!strcmp(t[1], "touch_a_page")) sc->pol.ahead = false;
			else die(file, ln, "policy touch_a_page|touch_ahead");
		}
		else if (!strcmp(t[0], "src_rapf")) { NEED(2); sc->pol.src_rapf = parse_onoff(t[1], file, ln); }
		else if (!strcmp(t[0], "dst_rapf")) { NEED(2); sc->pol.dst_rapf = parse_onoff(t[1], file, ln); }
		else if (!strcmp(t[0], "smmu")) {
			NEED(2);
			if (!strcmp(t[1], "stall")) sc->pol.stall = true;
			else if (strcmp(t[1], "terminate")) die(file, ln, "smmu terminate|stall");
		}
		else if (!strcmp(t[0], "hupcf")) { NEED(2); sc->pol.no_hupcf = !parse_onoff(t[1], file, ln); }
		else if (!strcmp(t[0], "loss")) { NEED(2); sc->p.loss = atof(t[1]); }
		else if (!strcmp(t[0], "dup")) { NEED(2); sc->p.dup = atof(t[1]); }
		else if (!strcmp(t[0], "jitter")) { NEED(2); sc->p.jitter_ns = (bm_time)parse_time_ns(t[1], file, ln); }
		else if (!strcmp(t[0], "param")) {
			NEED(3);
			struct { const char *n; bm_time *v; } tp[] = {
				{ "hop", &sc->p.hop_ns }, { "submit", &sc->p.submit_ns },
				{ "r5_event", &sc->p.r5_event_ns }, { "post", &sc->p.post_ns },
				{ "dma_rd", &sc->p.dma_rd_ns }, { "rx_wr", &sc->p.rx_wr_ns },
				{ "notify", &sc->p.notify_ns }, { "irq", &sc->p.irq_ns },
				{ "irq_cost", &sc->p.irq_cost_ns }, { "tasklet", &sc->p.tasklet_ns },
				{ "fifo_pop", &sc->p.fifo_pop_ns }, { "netlink", &sc->p.netlink_ns },
				{ "wakeup", &sc->p.wakeup_ns }, { "gup", &sc->p.gup_ns },
				{ "pkz", &sc->p.pkz_ns }, { "mbox", &sc->p.mbox_ns },
				{ "pagein", &sc->p.pagein_ns },
			};
			size_t i;
			if (!strcmp(t[1], "link_gbps")) { sc->p.link_gbps = atof(t[2]); continue; }
			for (i = 0; i < sizeof tp / sizeof tp[0]; i++)
				if (!strcmp(t[1], tp[i].n)) { *tp[i].v = (bm_time)parse_time_ns(t[2], file, ln); break; }
			if (i == sizeof tp / sizeof tp[0]) die(file, ln, "unknown param");
		}
		else if (!strcmp(t[0], "sizes")) {
			for (int i = 1; i < n && sc->nsizes < MAXSIZES; i++)
				sc->sizes[sc->nsizes++] = parse_size(t[i], file, ln);
		}
		else if (!strcmp(t[0], "series")) {
			NEED(2);
			if (sc->nser == MAXSER) die(file, ln, "too many series");
			struct series *r = &sc->ser[sc->nser++];
			memset(r, 0, sizeof *r);
			snprintf(r->label, sizeof r->label, "%s", t[1]);
			r->ahead = sc->pol.ahead;
			r->src_rapf = sc->pol.src_rapf;
			r->dst_rapf = sc->pol.dst_rapf;
			r->stall = sc->pol.stall;
			r->no_hupcf = sc->pol.no_hupcf;
			r->timeout_ns = (double)sc->p.timeout_ns;
			for (int i = 2; i < n; i++)
				series_kv(r, t[i], file, ln);
		}
		else if (!strcmp(t[0], "transfer")) {
			NEED(4);
			if (sc->nxf == MAXXF) die(file, ln, "too many transfers");
			struct xfspec *x = &sc->xf[sc->nxf];
			memset(x, 0, sizeof *x);
			x->from = (uint32_t)atoi(t[1]); x->to = (uint32_t)atoi(t[2]);
			x->size = parse_size(t[3], file, ln);
			snprintf(x->src, sizeof x->src, "all");
			snprintf(x->dst, sizeof x->dst, "all");
			x->pd = 1; x->vc = (uint8_t)sc->nxf;
			x->srcmap = x->dstmap = RW;
			for (int i = 4; i < n; i++) {
				if (!strncmp(t[i], "src=", 4)) snprintf(x->src, sizeof x->src, "%s", t[i] + 4);
				else if (!strncmp(t[i], "dst=", 4)) snprintf(x->dst, sizeof x->dst, "%s", t[i] + 4);
				else if (!strncmp(t[i], "pd=", 3)) x->pd = (uint8_t)atoi(t[i] + 3);
				else if (!strncmp(t[i], "vc=", 3)) x->vc = (uint8_t)atoi(t[i] + 3);
				else if (!strcmp(t[i], "keyed")) x->keyed = true;
				else if (!strncmp(t[i], "srcmap=", 7)) x->srcmap = parse_map(t[i] + 7, file, ln);
				else if (!strncmp(t[i], "dstmap=", 7)) x->dstmap = parse_map(t[i] + 7, file, ln);
				else if (!strcmp(t[i], "expect=perm")) x->expect = UD_E_PERM;
				else if (!strcmp(t[i], "expect=fault")) x->expect = UD_E_FAULT;
				else die(file, ln, "transfer option: src= dst= pd= vc= keyed srcmap= dstmap= expect=");
			}
			if (x->size == 0 || x->size > 1048576) die(file, ln, "transfer size 1 B .. 1 MB");
			sc->nxf++;
		}
		else if (!strcmp(t[0], "thesis")) {
			NEED(3);
			if (sc->nref == MAXREF) die(file, ln, "too many thesis lines");
			struct ref *r = &sc->ref[sc->nref++];
			snprintf(r->label, sizeof r->label, "%s", t[1]);
			for (int i = 2; i < n && r->n < MAXSIZES; i++) {
				char *eq = strchr(t[i], '=');
				if (!eq) die(file, ln, "thesis SIZE=VALUE");
				*eq = 0;
				r->size[r->n] = parse_size(t[i], file, ln);
				r->val[r->n++] = atof(eq + 1);
			}
		}
		else if (!strcmp(t[0], "speedup")) {
			NEED(3);
			sc->has_sp = true;
			snprintf(sc->sp.a, sizeof sc->sp.a, "%s", t[1]);
			snprintf(sc->sp.b, sizeof sc->sp.b, "%s", t[2]);
			for (int i = 3; i < n && sc->sp.n < MAXSIZES; i++) {
				char *eq = strchr(t[i], '=');
				if (!eq) die(file, ln, "speedup A B SIZE=THESIS...");
				*eq = 0;
				sc->sp.size[sc->sp.n] = parse_size(t[i], file, ln);
				sc->sp.thesis[sc->sp.n++] = atof(eq + 1);
			}
		}
		else if (!strcmp(t[0], "metric")) {
			NEED(6);
			if (sc->nmet == MAXMET) die(file, ln, "too many metrics");
			struct metric *m = &sc->met[sc->nmet++];
			memset(m, 0, sizeof *m);
			snprintf(m->name, sizeof m->name, "%s", t[1]);
			snprintf(m->kind, sizeof m->kind, "%s", t[2]);
			snprintf(m->a, sizeof m->a, "%s", t[3]);
			snprintf(m->b, sizeof m->b, "%s", t[4]);
			m->size = parse_size(t[5], file, ln);
			if (strcmp(m->kind, "ratio") && strcmp(m->kind, "overhead"))
				die(file, ln, "metric kind: ratio | overhead");
			if (n > 6 && !strncmp(t[6], "thesis=", 7)) {
				m->thesis = atof(t[6] + 7);
				m->has_thesis = true;
			}
		}
		else if (!strcmp(t[0], "table41")) {
			NEED(2);
			sc->t41 = true;
			if (n >= 10) {
				int row = -1;
				for (int i = 0; i < 5; i++)
					if (!strcmp(t[1], t41_rows[i])) row = i;
				if (row < 0) die(file, ln, "table41 ROW v1..v8");
				for (int i = 0; i < 8; i++)
					sc->t41_thesis[row][i] = atof(t[2 + i]);
				sc->t41_has[row] = true;
			}
		}
		else die(file, ln, "unknown keyword");
	}
	fclose(fp);
	if (sc->nser && sc->nxf)
		die(file, ln, "a scenario has series (a sweep) or transfers, not both");
}

/* ------------------------------------------------------------ residency */
/* Which pages of a buffer start resident: all | none | first:N | pages:A-B */
static bool page_resident(const char *spec, size_t pg, size_t npages)
{
	if (!strcmp(spec, "all")) return true;
	if (!strcmp(spec, "none")) return false;
	if (!strncmp(spec, "first:", 6)) return pg < (size_t)atoi(spec + 6);
	if (!strcmp(spec, "half")) return pg < npages / 2;
	if (!strcmp(spec, "odd")) return pg % 2 == 1;
	if (!strncmp(spec, "pages:", 6)) {
		int a = 0, b = 0;
		if (sscanf(spec + 6, "%d-%d", &a, &b) == 2)
			return (int)pg >= a && (int)pg <= b;
		return (int)pg == atoi(spec + 6);
	}
	fprintf(stderr, "residency spec '%s': all|none|half|odd|first:N|pages:A-B\n", spec);
	exit(2);
}

static double wall_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Map the buffers of a transfer and set their pages up: resident source
 * pages hold a pattern, the rest are left to the kernel (zero when paged
 * in); resident destination pages are poisoned.  *expect is what the
 * destination must hold afterwards. */
static void setup_xfer(struct bm_xfer *x, uint32_t from, uint32_t to, size_t size,
		       const char *src, const char *dst, uint8_t pd, uint8_t vc,
		       uint32_t slot, uint64_t salt, uint8_t srcmap, uint8_t dstmap)
{
	memset(x, 0, sizeof *x);
	x->from = from; x->to = to; x->pd = pd; x->vc = vc;
	bm_buf_map(&x->src, from, 2 * slot, size, pd, srcmap);
	bm_buf_map(&x->dst, to, 2 * slot + 1, size, pd, dstmap);
	x->expect = malloc(size);
	x->wrote = calloc(1, size);
	if (!x->expect || !x->wrote) { perror("malloc"); exit(2); }
	size_t np = x->src.maplen / 4096;
	for (size_t pg = 0; pg < np; pg++) {
		size_t lo = pg * 4096, hi = lo + 4096 < size ? lo + 4096 : size;
		if (page_resident(src, pg, np)) {
			for (size_t i = lo; i < hi; i++)
				x->src.va[i] = x->expect[i] =
					(uint8_t)((i * 131u + salt * 7u + (i >> 8)) | 1u);
		} else {
			memset(x->expect + lo, 0, hi - lo);
		}
		if (page_resident(dst, pg, np))
			memset(x->dst.va + lo, 0xEE, 4096);
	}
}

static void teardown_xfer(struct bm_xfer *x)
{
	bm_buf_free(&x->src);
	bm_buf_free(&x->dst);
	free(x->expect);
	free(x->wrote);
}

/* ------------------------------------------------------------ runs */
static const char *fault_res(int fault, bool src)
{
	if (src)
		return (fault == F_SRC || fault == F_BOTH) ? "none" : "all";
	return (fault == F_DST || fault == F_BOTH) ? "none" : "all";
}

static struct series *find_series(struct scen *sc, const char *label)
{
	for (int i = 0; i < sc->nser; i++)
		if (!strcmp(sc->ser[i].label, label))
			return &sc->ser[i];
	fprintf(stderr, "%s: no series \"%s\"\n", sc->file, label);
	exit(2);
}

static int size_index(struct scen *sc, size_t z)
{
	for (int i = 0; i < sc->nsizes; i++)
		if (sc->sizes[i] == z)
			return i;
	fprintf(stderr, "%s: size %zu not swept\n", sc->file, z);
	exit(2);
}

static void run_sweep(struct scen *sc)
{
	bm_init(sc->nodes, &sc->p, &sc->pol, sc->seed);
	uint64_t salt = 0;
	for (int si = 0; si < sc->nser; si++) {
		struct series *r = &sc->ser[si];
		struct bm_policy pol = sc->pol;
		pol.ahead = r->ahead;
		pol.src_rapf = r->src_rapf;
		pol.dst_rapf = r->dst_rapf;
		pol.stall = r->stall;
		pol.no_hupcf = r->no_hupcf;
		bm_set_policy(&pol, (bm_time)r->timeout_ns);
		for (int zi = 0; zi < sc->nsizes; zi++) {
			size_t z = sc->sizes[zi];
			double lat = 0, ext = 0;
			double *li = calloc((size_t)sc->iters, sizeof *li);
			if (!li) { perror("calloc"); exit(2); }
			struct ud_r5_sched_cnt c0 = *bm_r5_cnt(0);
			struct bm_node_cnt n0, n1, m0, m1;
			bm_node_cnt(0, &n0);
			bm_node_cnt(1, &n1);
			for (int it = 0; it < sc->iters; it++) {
				struct bm_xfer x;
				bm_map_reset();
				setup_xfer(&x, 0, 1, z, fault_res(r->fault, true),
					   fault_res(r->fault, false), 1, 0, 0, ++salt, RW, RW);
				if (r->keyed)
					bm_keyed_register(&x);
				double ext_it = 0, ext_before = ext;
				if (r->extra) {
					/* the Fig. 4.1 variants: the no-fault transfer plus the
					 * real cost, on this host, of what the application does
					 * around it (both buffers, as Table 4.1 says) */
					double t0 = wall_us();
					if (r->extra == 1) {
						/* touch: fresh buffers, one byte a page */
						struct bm_buf b1, b2;
						bm_buf_map(&b1, 0, 40, z, 1, RW);
						bm_buf_map(&b2, 1, 41, z, 1, RW);
						t0 = wall_us();
						for (size_t o = 0; o < z; o += 4096) {
							bm_touch_page(b1.va + o, true);
							bm_touch_page(b2.va + o, true);
						}
						ext += wall_us() - t0;
						bm_buf_free(&b1);
						bm_buf_free(&b2);
					} else {
						/* pin (+ unpin) of two fresh buffers: mlock pages
						 * them in, as the touch does */
						struct bm_buf b1, b2;
						bm_buf_map(&b1, 0, 40, z, 1, RW);
						bm_buf_map(&b2, 1, 41, z, 1, RW);
						t0 = wall_us();
						if (mlock(b1.va, b1.maplen) || mlock(b2.va, b2.maplen)) {
							perror("mlock");
							exit(2);
						}
						munlock(b1.va, b1.maplen);
						munlock(b2.va, b2.maplen);
						ext += wall_us() - t0;
						bm_buf_free(&b1);
						bm_buf_free(&b2);
					}
				}
				ext_it = ext - ext_before;
				bm_submit(&x);
				bm_run();
				struct bm_xfer *xp = &x;
				bm_check(&xp, 1);
				lat += (double)(x.t_done - x.t_start) / 1e3;
				li[it] = (double)(x.t_done - x.t_start) / 1e3 + (r->extra ? ext_it : 0);
				bm_keyed_release(&x);
				teardown_xfer(&x);
			}
			const struct ud_r5_sched_cnt *c1 = bm_r5_cnt(0);
			bm_node_cnt(0, &m0);
			bm_node_cnt(1, &m1);
			double k = sc->iters;
			r->extra_us[zi] = ext / k;
			r->mean_us[zi] = lat / k + ext / k;
			qsort(li, (size_t)sc->iters, sizeof *li, cmp_d);
			r->lat_us[zi] = sc->iters % 2 ? li[sc->iters / 2] :
				(li[sc->iters / 2 - 1] + li[sc->iters / 2]) / 2;
			free(li);
			r->tmo[zi] = (double)(c1->rtx_timeout - c0.rtx_timeout) / k;
			r->rapf[zi] = (double)(c1->rtx_rapf - c0.rtx_rapf) / k;
			r->kern_us[zi] = (double)((m0.kernel_ns - n0.kernel_ns) + (m1.kernel_ns - n1.kernel_ns)) / 1e3 / k;
			r->pagein_us[zi] = (double)((m0.pagein_real_ns - n0.pagein_real_ns) +
						    (m1.pagein_real_ns - n1.pagein_real_ns)) / 1e3 / k;
			r->pageins[zi] = (double)((m0.pageins - n0.pageins) + (m1.pageins - n1.pageins)) / k;
			r->sfault[zi] = (double)(m0.src_faults - n0.src_faults) / k;
			r->irqs[zi] = (double)((m0.irqs - n0.irqs) + (m1.irqs - n1.irqs)) / k;
			r->kinv_us[zi] = r->irqs[zi] > 0 ? r->kern_us[zi] / r->irqs[zi] : 0;
			r->dfault[zi] = (double)(m1.dst_faults - n1.dst_faults) / k;
		}
	}
	bm_fini();
}

/* What one run of the explicit transfers gave (a storm sweep point). */
struct outcome {
	double lat_us;                 /* mean over the completed-OK transfers */
	uint64_t ok, spent, missing, tmo, rapf, faulted, lost, dup, pushed, filtered, irqs;
};

static void run_explicit_quiet(struct scen *sc, struct outcome *o, bool print)
{
	bm_init(sc->nodes, &sc->p, &sc->pol, sc->seed);
	static struct bm_xfer xs[MAXXF];
	struct bm_xfer *xp[MAXXF];
	double sum = 0;
	uint64_t salt = 0;
	for (int it = 0; it < sc->iters; it++) {
		bm_map_reset();
		for (int i = 0; i < sc->nxf; i++) {
			struct xfspec *f = &sc->xf[i];
			if (f->from >= sc->nodes || f->to >= sc->nodes) {
				fprintf(stderr, "%s: transfer %d names a node >= %u\n", sc->file, i, sc->nodes);
				exit(2);
			}
			setup_xfer(&xs[i], f->from, f->to, f->size, f->src, f->dst, f->pd, f->vc,
				   (uint32_t)i, ++salt, f->srcmap, f->dstmap);
			xs[i].expect_status = f->expect;
			if (f->keyed)
				bm_keyed_register(&xs[i]);
			xp[i] = &xs[i];
		}
		for (int i = 0; i < sc->nxf; i++)
			bm_submit(&xs[i]);
		bm_run();
		bm_check_spent(xp, (uint32_t)sc->nxf, sc->allow_spent);
		for (int i = 0; i < sc->nxf; i++) {
			if (xs[i].status == UD_OK)
				sum += (double)(xs[i].t_done - xs[i].t_start) / 1e3;
			bm_keyed_release(&xs[i]);
			teardown_xfer(&xs[i]);
		}
	}
	uint64_t tmo = 0, rapf = 0, nack_ign = 0;
	for (uint32_t n = 0; n < sc->nodes; n++) {
		tmo += (uint64_t)bm_r5_cnt(n)->rtx_timeout;
		rapf += (uint64_t)bm_r5_cnt(n)->rtx_rapf;
		nack_ign += (uint64_t)bm_r5_cnt(n)->ign_stale;
	}
	o->ok = bm_st.xfers_ok; o->spent = bm_st.xfers_spent; o->missing = bm_st.bytes_spent_missing;
	o->lat_us = o->ok ? sum / (double)o->ok : 0;
	o->tmo = tmo; o->rapf = rapf; o->faulted = bm_st.pkts_rx_fault; o->lost = bm_st.pkts_lost;
	o->dup = bm_st.pkts_dup; o->pushed = bm_st.ff_pushed; o->filtered = bm_st.ff_dup_filtered;
	o->irqs = bm_st.irqs;
	if (!print) {
		bm_fini();
		return;
	}
	printf("%s: %d iteration(s) x %d transfer(s) on %u nodes: all completed exactly once, "
	       "%llu bytes checked; mean latency %.1f us\n",
	       sc->name, sc->iters, sc->nxf, sc->nodes,
	       (unsigned long long)bm_st.bytes_checked, o->lat_us);
	if (bm_st.xfers_failed)
		printf("  provoked failures: %llu transfer(s) failed with the status the scenario "
		       "expected (the owner's mapping refused a page: fault handler -> "
		       "ud_plat_fail_transfer -> the initiator's R5 -> ud_r5_sched_abort)\n",
		       (unsigned long long)bm_st.xfers_failed);
	if (sc->allow_spent)
		printf("  outcomes: %llu completed OK, %llu failed with the retry budget spent "
		       "(UD_E_FAULT; %llu bytes not delivered, every delivered byte checked)\n",
		       (unsigned long long)bm_st.xfers_ok, (unsigned long long)bm_st.xfers_spent,
		       (unsigned long long)bm_st.bytes_spent_missing);
	printf("  keyed packets (xfer_packet) %llu, pins %llu, unpins %llu\n",
	       (unsigned long long)bm_st.keyed_pkts, (unsigned long long)bm_st.pins,
	       (unsigned long long)bm_st.unpins);
	printf("  packets %llu sent, %llu lost, %llu duplicated; %llu written, %llu faulted; "
	       "FIFO %llu pushed, %llu filtered; IRQs %llu (MULTI %llu); RAPFs %llu; "
	       "R5: %llu timeouts, %llu RAPF retransmits, %llu stale events\n",
	       (unsigned long long)bm_st.pkts_sent, (unsigned long long)bm_st.pkts_lost,
	       (unsigned long long)bm_st.pkts_dup, (unsigned long long)bm_st.pkts_rx_ok,
	       (unsigned long long)bm_st.pkts_rx_fault, (unsigned long long)bm_st.ff_pushed,
	       (unsigned long long)bm_st.ff_dup_filtered, (unsigned long long)bm_st.irqs,
	       (unsigned long long)bm_st.multi, (unsigned long long)bm_st.rapfs_sent,
	       (unsigned long long)tmo, (unsigned long long)rapf, (unsigned long long)nack_ign);
	bm_fini();
}

static void run_explicit(struct scen *sc)
{
	struct outcome o;
	run_explicit_quiet(sc, &o, true);
}

/* A storm sweep: the same transfers at each loss rate (loss and
 * duplication both at that rate, the scenario's jitter), outcomes per
 * rate in a table, NAME_storm.dat and a plot.  Every run is checked as
 * run_explicit checks it (exactly one completion per transfer, every
 * delivered byte right); a spent retry budget is an outcome when the
 * scenario says allow_spent. */
static void run_storm(struct scen *sc, const char *out)
{
	char dp[512];
	snprintf(dp, sizeof dp, "%s/%s_storm.dat", out, sc->name);
	FILE *f = fopen(dp, "w");
	if (!f) { perror(dp); exit(2); }
	fprintf(f, "# loss_pct ok_pct mean_ok_latency_us timeouts_per_xfer faulted_pkts fifo_pushed irqs\n");
	printf("  %6s %6s %6s %12s %9s %9s %9s %9s %7s\n", "loss%", "ok", "spent",
	       "mean lat us", "timeouts", "faulted", "FIFO push", "filtered", "IRQs");
	uint64_t all = 0, faults = 0;
	for (int i = 0; i < sc->nlosses; i++) {
		struct outcome o;
		sc->p.loss = sc->p.dup = sc->losses[i];
		run_explicit_quiet(sc, &o, false);
		uint64_t n = o.ok + o.spent;
		all += n;
		faults += o.faulted;
		printf("  %6.1f %6llu %6llu %12.1f %9llu %9llu %9llu %9llu %7llu\n",
		       100 * sc->losses[i], (unsigned long long)o.ok, (unsigned long long)o.spent,
		       o.lat_us, (unsigned long long)o.tmo, (unsigned long long)o.faulted,
		       (unsigned long long)o.pushed, (unsigned long long)o.filtered,
		       (unsigned long long)o.irqs);
		fprintf(f, "%.1f %.1f %.1f %.2f %llu %llu %llu\n", 100 * sc->losses[i],
			n ? 100.0 * (double)o.ok / (double)n : 0, o.lat_us,
			n ? (double)o.tmo / (double)n : 0, (unsigned long long)o.faulted,
			(unsigned long long)o.pushed, (unsigned long long)o.irqs);
	}
	fclose(f);
	printf("  %llu transfers, each completed exactly once; %llu faulted packets; "
	       "every delivered byte checked\n", (unsigned long long)all, (unsigned long long)faults);
	char gp[512];
	snprintf(gp, sizeof gp, "%s/%s.gp", out, sc->name);
	f = fopen(gp, "w");
	if (!f) { perror(gp); exit(2); }
	fprintf(f, "set terminal pngcairo size 760,450 font ',10' noenhanced\n"
		"set output '%s/%s.png'\n"
		"set title \"%s\" noenhanced\n"
		"set xlabel 'loss rate = duplication rate (%%)'\n"
		"set ylabel 'transfers completed OK (%%)'\n"
		"set y2label 'mean latency of the OK ones (ms)'\n"
		"set yrange [0:105]\nset y2range [0:*]\nset ytics nomirror\nset y2tics\n"
		"set key outside bottom center horizontal\nset grid\n"
		"plot '%s' using 1:2 with linespoints lw 2 pt 7 title 'completed OK (rest: retry budget spent)', "
		"'' using 1:($3/1000) axes x1y2 with linespoints lw 2 pt 5 title 'mean latency, OK transfers'\n",
		out, sc->name, sc->title, dp);
	fclose(f);
}

/* ------------------------------------------------------------ Table 4.1 */
static const size_t t41_sizes[8] = { 16, 64, 256, 1024, 4096, 16384, 32768, 65536 };

static void run_t41(struct scen *sc, const char *out)
{
	enum { N = 200 };
	double v[5][8] = { { 0 } };
	for (int zi = 0; zi < 8; zi++) {
		size_t z = t41_sizes[zi];
		size_t ml = (z + 4095) / 4096 * 4096;
		for (int it = 0; it < N; it++) {
			/* one fresh buffer touched, another fresh one pinned: each
			 * cost includes paging the buffer in, as for an application
			 * that does one or the other before its transfer */
			double t0 = wall_us();
			uint8_t *b = mmap(NULL, ml, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			double t1 = wall_us();
			if (b == MAP_FAILED) { perror("mmap"); exit(2); }
			madvise(b, ml, MADV_NOHUGEPAGE);
			double t2 = wall_us();
			for (size_t o = 0; o < z; o += 4096)
				bm_touch_page(b + o, true);
			double t3 = wall_us();
			munmap(b, ml);
			b = mmap(NULL, ml, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (b == MAP_FAILED) { perror("mmap"); exit(2); }
			madvise(b, ml, MADV_NOHUGEPAGE);
			double p0 = wall_us();
			if (mlock(b, ml)) { perror("mlock"); exit(2); }
			double t4 = wall_us();
			munlock(b, ml);
			double t5 = wall_us();
			munmap(b, ml);
			double t6 = wall_us();
			v[0][zi] += t1 - t0; v[4][zi] += t3 - t2; v[2][zi] += t4 - p0;
			v[3][zi] += t5 - t4; v[1][zi] += t6 - t5;
		}
		for (int r = 0; r < 5; r++)
			v[r][zi] /= N;
	}
	char path[512];
	snprintf(path, sizeof path, "%s/%s_table41.dat", out, sc->name);
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); exit(2); }
	fprintf(f, "# Table 4.1 on this host (us, mean of %d) beside the thesis's (us)\n# size", N);
	for (int r = 0; r < 5; r++)
		fprintf(f, " host_%s thesis_%s", t41_rows[r], t41_rows[r]);
	fprintf(f, "\n");
	printf("  Table 4.1 (us per buffer): host / thesis\n  %-7s", "size");
	for (int r = 0; r < 5; r++)
		printf(" %15s", t41_rows[r]);
	printf("\n");
	for (int zi = 0; zi < 8; zi++) {
		char sl[24];
		size_label(t41_sizes[zi], sl, sizeof sl);
		fprintf(f, "%s", sl);
		printf("  %-7s", sl);
		for (int r = 0; r < 5; r++) {
			fprintf(f, " %.3f %.1f", v[r][zi], sc->t41_thesis[r][zi]);
			printf(" %7.2f / %5.0f", v[r][zi], sc->t41_thesis[r][zi]);
		}
		fprintf(f, "\n");
		printf("\n");
	}
	fclose(f);
	snprintf(path, sizeof path, "%s/%s_table41.gp", out, sc->name);
	f = fopen(path, "w");
	if (!f) { perror(path); exit(2); }
	fprintf(f,
		"set terminal pngcairo size 1000,560 font ',10' noenhanced\n"
		"set output '%s/%s_table41.png'\n"
		"set title 'Table 4.1: cost per buffer -- this host (measured) vs the thesis (ZynqMP A53)' noenhanced\n"
		"set style data histogram\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
		"set logscale y\nset yrange [1:100]\nset ylabel 'us'\nset xlabel 'buffer size'\n"
		"set key top left noenhanced\nset grid ytics\n"
		"plot '%s/%s_table41.dat' using 11:xtic(1) title 'touch (thesis)' lc rgb '#9ecae1', "
		"'' using 10 title 'touch (host)' lc rgb '#08519c', "
		"'' using 7 title 'pin (thesis)' lc rgb '#fdae6b', "
		"'' using 6 title 'pin (host)' lc rgb '#d94801'\n",
		out, sc->name, out, sc->name);
	fclose(f);
}

/* ------------------------------------------------------------ output */
static void write_sweep(struct scen *sc, const char *out)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.dat", out, sc->name);
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); exit(2); }
	fprintf(f, "# %s: %s -- median latency (us) per series, %d iterations\n# size",
		sc->name, sc->title, sc->iters);
	for (int i = 0; i < sc->nser; i++)
		fprintf(f, " \"%s\"", sc->ser[i].label);
	fprintf(f, "\n");
	for (int zi = 0; zi < sc->nsizes; zi++) {
		char sl[24];
		size_label(sc->sizes[zi], sl, sizeof sl);
		fprintf(f, "%s", sl);
		for (int i = 0; i < sc->nser; i++)
			fprintf(f, " %.3f", sc->ser[i].lat_us[zi]);
		fprintf(f, "\n");
	}
	fclose(f);

	snprintf(path, sizeof path, "%s/%s_counts.dat", out, sc->name);
	f = fopen(path, "w");
	if (!f) { perror(path); exit(2); }
	fprintf(f, "# per transfer: series size median_latency_us [means:] timeouts rapf_retransmits "
		"driver_us pagein_real_us pageins src_faults dst_faults extra_us mean_latency_us "
		"irqs driver_us_per_irq\n");
	for (int i = 0; i < sc->nser; i++)
		for (int zi = 0; zi < sc->nsizes; zi++) {
			struct series *r = &sc->ser[i];
			fprintf(f, "\"%s\" %zu %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n",
				r->label, sc->sizes[zi], r->lat_us[zi], r->tmo[zi], r->rapf[zi],
				r->kern_us[zi], r->pagein_us[zi], r->pageins[zi], r->sfault[zi],
				r->dfault[zi], r->extra_us[zi], r->mean_us[zi], r->irqs[zi], r->kinv_us[zi]);
		}
	fclose(f);

	/* thesis references (points beside our bars) */
	for (int k = 0; k < sc->nref; k++) {
		snprintf(path, sizeof path, "%s/%s_ref%d.dat", out, sc->name, k);
		f = fopen(path, "w");
		if (!f) { perror(path); exit(2); }
		for (int j = 0; j < sc->ref[k].n; j++)
			fprintf(f, "%d %g\n", size_index(sc, sc->ref[k].size[j]), sc->ref[k].val[j]);
		fclose(f);
	}

	/* the table on stdout */
	printf("  %-8s", "size");
	for (int i = 0; i < sc->nser; i++)
		printf(" %22.22s", sc->ser[i].label);
	printf("   (median latency, us; %s)\n", !strcmp(sc->plot, "driver") ?
	       "{driver us per transfer / per IRQ}" : "[timeout retransmissions/transfer]");
	for (int zi = 0; zi < sc->nsizes; zi++) {
		char sl[24];
		size_label(sc->sizes[zi], sl, sizeof sl);
		printf("  %-8s", sl);
		for (int i = 0; i < sc->nser; i++) {
			char cell[40];
			if (!strcmp(sc->plot, "driver"))
				snprintf(cell, sizeof cell, "%.1f {%.1f/%.1f}", sc->ser[i].lat_us[zi],
					 sc->ser[i].kern_us[zi], sc->ser[i].kinv_us[zi]);
			else
				snprintf(cell, sizeof cell, "%.1f [%.1f]", sc->ser[i].lat_us[zi], sc->ser[i].tmo[zi]);
			printf(" %22s", cell);
		}
		printf("\n");
	}

	/* gnuplot */
	snprintf(path, sizeof path, "%s/%s.gp", out, sc->name);
	f = fopen(path, "w");
	if (!f) { perror(path); exit(2); }
	const char *col = "'#4c72b0' '#dd8452' '#55a868' '#c44e52' '#8172b3' '#937860' '#da8bc3' '#8c8c8c' '#ccb974' '#64b5cd'";
	(void)col;
	static const char *pal[] = { "#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3",
				     "#937860", "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd" };
	int ycol = 0;    /* latency from NAME.dat */
	const char *ylabel = "latency (us, log scale)";
	if (!strcmp(sc->plot, "timeouts")) { ycol = 4; ylabel = "R5 timeout retransmissions per transfer (blocks re-sent by the timer)"; }
	else if (!strcmp(sc->plot, "driver")) { ycol = 6; ylabel = "driver time per context-fault IRQ (us, log scale)"; }
	fprintf(f, "set terminal pngcairo size 1250,600 font ',10' noenhanced\n"
		"set output '%s/%s.png'\n"
		"set title \"%s%s: %s\\n(board model, %d iterations per bar; %s)\" noenhanced\n"
		"set style data histogram\nset style histogram clustered gap 1\n"
		"set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
		"set key outside right top noenhanced\nset grid ytics\n"
		"set xlabel 'transfer size (bytes)'\nset ylabel '%s'\n",
		out, sc->name, sc->figure[0] ? "Fig. " : "", sc->figure[0] ? sc->figure : sc->name,
		sc->title, sc->iters, sc->figure[0] ?
		"thesis numbers from its text where it gives them" : "not a figure of the thesis",
		ylabel);
	if (ycol != 4)   /* log scale from 1 us: a bar never hides at the axis */
		fprintf(f, "set logscale y\nset yrange [1:*]\n");
	else
		fprintf(f, "set yrange [0:*]\n");
	if (ycol == 0) {
		fprintf(f, "plot ");
		for (int i = 0; i < sc->nser; i++)
			fprintf(f, "%s'%s/%s.dat' using %d%s title '%s' lc rgb '%s'",
				i ? ", " : "", out, sc->name, i + 2, i ? "" : ":xtic(1)",
				sc->ser[i].label, pal[i % 10]);
		double w = 0.9 / (sc->nser + 1);
		for (int k = 0; k < sc->nref; k++)
			fprintf(f, ", '%s/%s_ref%d.dat' using ($1+%g):2 with points pt 7 ps 1.6 lc rgb 'black' title 'thesis: %s'",
				out, sc->name, k, -0.45 + w / 2 + w * 0.5, sc->ref[k].label);
		fprintf(f, "\n");
	} else {
		/* from the counts file: one column per series via a reshaped file */
		fclose(f);
		snprintf(path, sizeof path, "%s/%s_y.dat", out, sc->name);
		f = fopen(path, "w");
		if (!f) { perror(path); exit(2); }
		for (int zi = 0; zi < sc->nsizes; zi++) {
			char sl[24];
			size_label(sc->sizes[zi], sl, sizeof sl);
			fprintf(f, "%s", sl);
			for (int i = 0; i < sc->nser; i++)
				fprintf(f, " %.4f", ycol == 4 ? sc->ser[i].tmo[zi] :
					sc->ser[i].kinv_us[zi] > 0 ? sc->ser[i].kinv_us[zi] : 0.001);
			fprintf(f, "\n");
		}
		fclose(f);
		snprintf(path, sizeof path, "%s/%s.gp", out, sc->name);
		f = fopen(path, "a");
		fprintf(f, "plot ");
		for (int i = 0; i < sc->nser; i++)
			fprintf(f, "%s'%s/%s_y.dat' using %d%s title '%s' lc rgb '%s'",
				i ? ", " : "", out, sc->name, i + 2, i ? "" : ":xtic(1)",
				sc->ser[i].label, pal[i % 10]);
		fprintf(f, "\n");
	}
	if (sc->has_sp) {
		struct series *a = find_series(sc, sc->sp.a), *b = find_series(sc, sc->sp.b);
		char dp[512];
		snprintf(dp, sizeof dp, "%s/%s_speedup.dat", out, sc->name);
		FILE *g = fopen(dp, "w");
		if (!g) { perror(dp); exit(2); }
		fprintf(g, "# size ours thesis  (latency %s / latency %s)\n", a->label, b->label);
		for (int j = 0; j < sc->sp.n; j++) {
			int zi = size_index(sc, sc->sp.size[j]);
			char sl[24];
			size_label(sc->sp.size[j], sl, sizeof sl);
			fprintf(g, "%s %.3f %.2f\n", sl, a->lat_us[zi] / b->lat_us[zi], sc->sp.thesis[j]);
		}
		fclose(g);
		fprintf(f, "set output '%s/%s_speedup.png'\n"
			"set terminal pngcairo size 700,450 font ',10' noenhanced\n"
			"unset logscale y\nset yrange [0:*]\nset key inside top left\n"
			"set title \"Fig. %s: speedup = latency(%s) / latency(%s)\" noenhanced\n"
			"set ylabel 'speedup (x)'\n"
			"plot '%s' using 2:xtic(1) title 'board model' lc rgb '#4c72b0', "
			"'' using 3 title 'thesis (text of ch. 4)' lc rgb '#bbbbbb', "
			"'' using 0:2:(sprintf('%%.2f',$2)) with labels offset -2,0.7 notitle, "
			"'' using 0:3:(sprintf('%%.1f',$3)) with labels offset 2,0.7 notitle\n",
			out, sc->name, sc->figure, a->label, b->label, dp);
	}
	fclose(f);
}

static void print_metrics(struct scen *sc)
{
	for (int i = 0; i < sc->nmet; i++) {
		struct metric *m = &sc->met[i];
		struct series *a = find_series(sc, m->a), *b = find_series(sc, m->b);
		int zi = size_index(sc, m->size);
		double v;
		if (!strcmp(m->kind, "ratio"))
			v = a->lat_us[zi] / b->lat_us[zi];
		else
			v = (a->lat_us[zi] - b->lat_us[zi]) / (a->pagein_us[zi] > 0 ? a->pagein_us[zi] : 1e-9);
		if (m->has_thesis)
			printf("%s: %.2f (thesis %.1f)\n", m->name, v, m->thesis);
		else
			printf("%s: %.2f\n", m->name, v);
	}
}

static void usage(const char *me)
{
	fprintf(stderr, "usage: %s [--fw NODE:ELF] [--qemu BIN] [--trace FILE] SCENARIO.scn OUTDIR\n"
		"  --fw NODE:ELF  node NODE's R5 is the firmware ELF (uldma-r5-loop.elf) on QEMU\n"
		"  --trace FILE   write every R5 step, the event digests and the counters to FILE\n",
		me);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *me = argv[0], *fw_elf = NULL, *qemu = NULL, *trace = NULL;
	unsigned fw_node = 0;
	while (argc > 1 && !strncmp(argv[1], "--", 2)) {
		if (argc < 3)
			usage(me);
		if (!strcmp(argv[1], "--fw")) {
			char *colon = strchr(argv[2], ':');
			if (!colon)
				usage(me);
			fw_node = (unsigned)strtoul(argv[2], NULL, 10);
			fw_elf = colon + 1;
		} else if (!strcmp(argv[1], "--qemu")) {
			qemu = argv[2];
		} else if (!strcmp(argv[1], "--trace")) {
			trace = argv[2];
		} else {
			usage(me);
		}
		argc -= 2;
		argv += 2;
	}
	if (argc != 3)
		usage(me);
	static struct scen sc;
	parse(&sc, argv[1]);
	if (trace)
		bm_trace_open(trace);
	if (fw_elf)
		bm_fw_use(fw_node, fw_elf, qemu);
	double t0 = wall_us();
	printf("== %s%s%s: %s\n", sc.figure[0] ? "Fig. " : "", sc.figure, sc.figure[0] ? "" : sc.name,
	       sc.title);
	if (sc.nxf && sc.nlosses) {
		run_storm(&sc, argv[2]);
	} else if (sc.nxf) {
		run_explicit(&sc);
	} else if (sc.nser) {
		if (!sc.nsizes) { fprintf(stderr, "%s: series without sizes\n", sc.file); return 2; }
		run_sweep(&sc);
		write_sweep(&sc, argv[2]);
		printf("  every transfer completed exactly once, %llu bytes checked "
		       "(%llu transfers; %llu populate fallbacks); plot %s/%s.png\n",
		       (unsigned long long)bm_st.bytes_checked, (unsigned long long)bm_st.xfers_ok,
		       (unsigned long long)bm_st.pagein_fallback_touch, argv[2], sc.name);
		print_metrics(&sc);
	}
	if (sc.t41)
		run_t41(&sc, argv[2]);
	if (fw_elf)
		printf("  node %u's R5: the firmware %s on QEMU cortex-r5f\n", fw_node, fw_elf);
	bm_trace_close();
	printf("  (%.1f s wall)\n", (wall_us() - t0) / 1e6);
	return 0;
}
