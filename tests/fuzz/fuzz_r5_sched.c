/* uldma-links: r5_sched */
/*
 * tests/fuzz/fuzz_r5_sched.c -- random sequences of submits, remote read
 * requests, engine events (ACK / NACK / PF-NACK), RAPF requests (genuine,
 * forged, stale, for unknown trids), failure reports (the abort path) and
 * ticks, with the retry budget, run against src/r5_sched.c
 * and against the small reference model below, written from the seed's
 * rules (004_2c0be60bc8bfaeb5.txt, 1.3.2 / 3.2.3.3) independently of the
 * code: blocks are precomputed per transfer, timers are scanned in full.
 * Every return code, every block posted (trid, seq, addresses, length),
 * every completion notification, every state and counter must agree.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "r5_sched.h"
#include "plat_host_r5_sched.h"

#define NB 24   /* blocks per transfer: len <= 256 KB -> at most 17 */

struct rslot { int st; uint16_t seq; int blk; uint64_t dl; unsigned ntry; };
struct rch {
	int active, complete, kind;
	uint32_t node; uint64_t src, dst; uint32_t len;
	int nblk, next;
	uint32_t boff[NB], blen[NB];
	uint32_t acked;
	unsigned nposts;
};
struct ref {
	uint32_t win; uint64_t period;
	struct rslot sl[UD_R5_SCHED_NTX];
	struct rch ch[UD_R5_SCHED_NCH];
	struct ud_r5_sched_cnt cnt;
	uint64_t nposts, nnotes;
	int32_t note_status[64];
	uint8_t note_pd[64], note_vc[64];
	struct ud_host_r5_post post[64];
	int npost_op;
};

static struct ud_r5_sched S;
static struct ref R;

#define FAIL() __builtin_trap()
#define CHECK(x) do { if (!(x)) FAIL(); } while (0)

static void rinc(int64_t *c) { if (*c != INT64_MAX) (*c)++; }

static void rpost(int t, uint64_t now)
{
	struct rslot *sl = &R.sl[t];
	struct rch *c = &R.ch[t / 2];
	sl->seq = (uint16_t)((sl->seq + 1u) % 16384u);
	sl->dl = now > UINT64_MAX - R.period ? UINT64_MAX : now + R.period;
	sl->st = UD_R5_SCHED_INFLIGHT;
	struct ud_host_r5_post p = { .trid = (uint16_t)t, .seq = sl->seq,
		.pd = (uint8_t)(t / 128), .vc = (uint8_t)((t / 2) % 64), .kind = (uint8_t)c->kind,
		.node = c->node, .src = c->src + c->boff[sl->blk],
		.dst = c->dst + c->boff[sl->blk], .len = c->blen[sl->blk] };
	if (R.npost_op < 64)
		R.post[R.npost_op] = p;
	R.npost_op++;
	R.nposts++;
	c->nposts++;
}

static void rnote(int ci, int32_t status)
{
	if (R.nnotes < 64) {
		R.note_status[R.nnotes] = status;
		R.note_pd[R.nnotes] = (uint8_t)(ci / 64);
		R.note_vc[R.nnotes] = (uint8_t)(ci % 64);
	}
	R.nnotes++;
}

/* The transfer on channel ci fails with err: slots idle, channel free, one
 * notification with err (issue 17). */
static void rfail(int ci, int32_t err)
{
	R.sl[ci * 2].st = UD_R5_SCHED_IDLE;
	R.sl[ci * 2 + 1].st = UD_R5_SCHED_IDLE;
	R.ch[ci].active = 0;
	rnote(ci, err);
}

/* A slot may retransmit while its block's budget and its transfer's post
 * budget last. */
static int rcan_retx(int t)
{
	return R.sl[t].ntry < UD_R5_SCHED_RETRY && R.ch[t / 2].nposts < UD_R5_SCHED_POSTS_MAX;
}

static ud_status rsubmit(const struct ud_r5_sched_req *r, uint64_t now)
{
	if (r->pd >= 16 || r->vc >= 64 || r->kind > 1) return UD_E_RANGE;
	if (r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN) return UD_E_INVAL;
	if (r->src > UINT64_MAX - r->len || r->dst > UINT64_MAX - r->len) return UD_E_OVERFLOW;
	int ci = r->pd * 64 + r->vc;
	struct rch *c = &R.ch[ci];
	if (c->active && !c->complete) return UD_E_BUSY;
	c->active = 1; c->complete = 0; c->kind = r->kind; c->node = r->node;
	c->src = r->src; c->dst = r->dst; c->len = r->len; c->acked = 0; c->nposts = 0;
	/* blocks: cut at every multiple of 16384 of the destination address */
	c->nblk = 0;
	uint64_t a = r->dst, end = r->dst + r->len;
	while (a < end) {
		uint64_t b = (a / 16384u + 1u) * 16384u;
		if (b > end || b < a) b = end;
		c->boff[c->nblk] = (uint32_t)(a - r->dst);
		c->blen[c->nblk] = (uint32_t)(b - a);
		c->nblk++;
		a = b;
	}
	c->next = 0;
	for (int k = 0; k < 2; k++)
		R.sl[ci * 2 + k].st = UD_R5_SCHED_IDLE;
	for (int k = 0; k < (int)R.win && c->next < c->nblk; k++) {
		R.sl[ci * 2 + k].blk = c->next++;
		R.sl[ci * 2 + k].ntry = 0;
		rpost(ci * 2 + k, now);
	}
	rinc(&R.cnt.submits);
	return UD_OK;
}

static ud_status revent(const struct ud_r5_sched_ev *e, uint64_t now)
{
	if (e->kind < 1 || e->kind > 4) { rinc(&R.cnt.ign_inval); return UD_E_INVAL; }
	if (e->trid >= UD_R5_SCHED_NTX || R.sl[e->trid].st == UD_R5_SCHED_IDLE) {
		rinc(&R.cnt.ign_unknown); return UD_E_NOENT;
	}
	struct rslot *sl = &R.sl[e->trid];
	if (e->kind == UD_R5_SCHED_EV_RAPF && (e->wired_pd != e->trid / 128 || e->pd != e->wired_pd)) {
		rinc(&R.cnt.ign_forged); return UD_E_FORGED;
	}
	int acts = e->seq == sl->seq &&
		(sl->st == UD_R5_SCHED_INFLIGHT ||
		 (sl->st == UD_R5_SCHED_PAUSED && e->kind == UD_R5_SCHED_EV_RAPF));
	if (!acts) { rinc(&R.cnt.ign_stale); return UD_E_STALE; }
	struct rch *c = &R.ch[e->trid / 2];
	if (((e->kind == UD_R5_SCHED_EV_NACK || e->kind == UD_R5_SCHED_EV_RAPF) && !rcan_retx(e->trid)) ||
	    (e->kind == UD_R5_SCHED_EV_ACK && c->next < c->nblk && c->nposts >= UD_R5_SCHED_POSTS_MAX)) {
		rinc(&R.cnt.spent);
		rfail(e->trid / 2, UD_R5_SCHED_E_SPENT);
		return UD_OK;
	}
	switch (e->kind) {
	case UD_R5_SCHED_EV_ACK:
		rinc(&R.cnt.acks);
		c->acked += c->blen[sl->blk];
		if (c->next < c->nblk) {
			sl->blk = c->next++;
			sl->ntry = 0;
			rpost(e->trid, now);
		} else {
			sl->st = UD_R5_SCHED_DONE;
			int other = e->trid ^ 1;
			if (R.sl[other].st != UD_R5_SCHED_INFLIGHT && R.sl[other].st != UD_R5_SCHED_PAUSED) {
				c->complete = 1;
				rinc(&R.cnt.completions);
				rnote(e->trid / 2, UD_OK);
			}
		}
		break;
	case UD_R5_SCHED_EV_NACK:  rinc(&R.cnt.rtx_nack); sl->ntry++; rpost(e->trid, now); break;
	case UD_R5_SCHED_EV_PFNACK: rinc(&R.cnt.pauses); sl->st = UD_R5_SCHED_PAUSED; break;
	default:                   rinc(&R.cnt.rtx_rapf); sl->ntry++; rpost(e->trid, now); break;
	}
	return UD_OK;
}

/* A failure report from the fault handler (ud_r5_sched_abort). */
static ud_status rabort(uint16_t pd, uint16_t trid, uint16_t seq, int32_t err)
{
	if (err >= 0) { rinc(&R.cnt.ign_inval); return UD_E_INVAL; }
	if (trid >= UD_R5_SCHED_NTX || R.sl[trid].st == UD_R5_SCHED_IDLE) {
		rinc(&R.cnt.ign_unknown); return UD_E_NOENT;
	}
	if (pd != trid / 128) { rinc(&R.cnt.ign_forged); return UD_E_FORGED; }
	if (seq != R.sl[trid].seq || R.sl[trid].st == UD_R5_SCHED_DONE) {
		rinc(&R.cnt.ign_stale); return UD_E_STALE;
	}
	rinc(&R.cnt.aborts);
	rfail(trid / 2, err);
	return UD_OK;
}

/* The tick visits the armed transactions in the timer set's order (order[],
 * taken from the implementation before the call: the order is the set's
 * business, what is done to each is the model's) and stops at the first
 * expired one whose budget is spent: that transfer fails. */
static int32_t rtick(uint64_t now, const int16_t *order, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		int t = order[i];
		struct rslot *sl = &R.sl[t];
		CHECK(sl->st == UD_R5_SCHED_INFLIGHT || sl->st == UD_R5_SCHED_PAUSED);
		if (sl->dl <= now) {
			if (!rcan_retx(t)) {
				rinc(&R.cnt.spent);
				rfail(t / 2, UD_R5_SCHED_E_SPENT);
				return t / 2;
			}
			rinc(&R.cnt.rtx_timeout);
			sl->ntry++;
			rpost(t, now);
		}
	}
	return -1;
}

static int cmp_post(const void *a, const void *b)
{
	const struct ud_host_r5_post *x = a, *y = b;
	return (int)x->trid - (int)y->trid;
}

/* The posts of this operation, in any order (a tick visits armed
 * transactions in timer-set order, the model in trid order). */
static void check_posts(uint64_t before)
{
	CHECK(ud_host_r5.nposts == R.nposts);
	uint64_t n = ud_host_r5.nposts - before;
	CHECK(n == (uint64_t)R.npost_op);
	if (n > 64 || ud_host_r5.nposts > UD_HOST_R5_LOG)
		return;
	struct ud_host_r5_post got[64];
	memcpy(got, &ud_host_r5.post[before], n * sizeof got[0]);
	qsort(got, n, sizeof got[0], cmp_post);
	qsort(R.post, n, sizeof R.post[0], cmp_post);
	for (uint64_t i = 0; i < n; i++) {
		CHECK(got[i].trid == R.post[i].trid && got[i].seq == R.post[i].seq);
		CHECK(got[i].pd == R.post[i].pd && got[i].vc == R.post[i].vc);
		CHECK(got[i].kind == R.post[i].kind && got[i].node == R.post[i].node);
		CHECK(got[i].src == R.post[i].src && got[i].dst == R.post[i].dst);
		CHECK(got[i].len == R.post[i].len);
		CHECK(got[i].len > 0 && got[i].len <= 16384);
		/* never crosses a 16 KB boundary of the destination */
		CHECK(got[i].dst / 16384u == (got[i].dst + got[i].len - 1u) / 16384u);
	}
}

static void check_state(void)
{
	CHECK(memcmp(&S.cnt, &R.cnt, sizeof S.cnt) == 0);
	CHECK(ud_host_r5.nnotes == R.nnotes);
	for (uint64_t i = 0; i < R.nnotes && i < 64; i++) {
		CHECK(ud_host_r5.note[i].status == R.note_status[i]);
		CHECK(ud_host_r5.note[i].pd == R.note_pd[i] && ud_host_r5.note[i].vc == R.note_vc[i]);
	}
	uint32_t armed = 0;
	for (int t = 0; t < (int)UD_R5_SCHED_NTX; t++) {
		CHECK(S.st[t] == R.sl[t].st);
		if (R.sl[t].st != UD_R5_SCHED_IDLE) {
			CHECK(S.seq[t] == R.sl[t].seq);
			CHECK(S.ntry[t] == R.sl[t].ntry);
		}
		int busy = R.sl[t].st == UD_R5_SCHED_INFLIGHT || R.sl[t].st == UD_R5_SCHED_PAUSED;
		if (busy) {
			armed++;
			CHECK(S.dl[t] == R.sl[t].dl);
			CHECK(S.pos[t] < S.narmed);
		} else {
			CHECK(S.pos[t] >= S.narmed);
		}
	}
	CHECK(S.narmed == armed);
}

static uint8_t byte(const uint8_t **p, size_t *n)
{
	if (*n == 0) return 0;
	(*n)--;
	return *(*p)++;
}

static uint16_t pick_trid(uint8_t b)
{
	static const uint16_t interesting[] = { 0, 1, 2, 3, 128, 129, 130, 131, 2046, 2047, 2048, 65535 };
	return interesting[b % (sizeof interesting / sizeof interesting[0])];
}

static uint8_t pick_pd(uint8_t b) { static const uint8_t v[] = { 0, 1, 15, 16 }; return v[b % 4]; }
static uint8_t pick_vc(uint8_t b) { static const uint8_t v[] = { 0, 1, 63, 64 }; return v[b % 4]; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data;
	size_t n = size;
	uint32_t win = 1u + (byte(&p, &n) & 1u);
	uint64_t period = 1u + byte(&p, &n);
	uint64_t now = 0;

	ud_host_r5_reset();
	memset(&R, 0, sizeof R);
	R.win = win; R.period = period;
	if (ud_r5_sched_init(&S, win, period) != UD_OK)
		FAIL();
	for (int steps = 0; n > 0 && steps < 400; steps++) {
		uint8_t op = byte(&p, &n);
		uint64_t before = ud_host_r5.nposts;
		R.npost_op = 0;
		now += byte(&p, &n) & 15u;
		if (op % 8 == 0 || op % 8 == 7) {
			uint8_t b1 = byte(&p, &n), b2 = byte(&p, &n), b3 = byte(&p, &n);
			struct ud_r5_sched_req r = { .pd = pick_pd(b1), .vc = pick_vc(b1 >> 2),
				.kind = (uint8_t)((b1 >> 4) % 3u == 2u ? (b1 >> 6) : (b1 >> 4) % 2u),
				.node = b2, .src = (uint64_t)b3 << 10,
				.dst = ((uint64_t)b2 << 11) + (b3 & 3u) * 0x1000u,
				.len = (b2 & 0x80u) ? (uint32_t)b3 * 1024u + (b2 & 0x7fu) : (uint32_t)b3 };
			if ((b1 & 0xc0u) == 0xc0u && (b2 & 1u))
				r.dst = UINT64_MAX - (uint64_t)b3;  /* near the top: overflow or fits */
			ud_status got, want;
			if (op % 8 == 7) {
				struct ud_r5_sched_rreq q = { .wired_pd = (b3 & 0x40u) ? (uint16_t)(r.pd + 1u) : r.pd,
					.pd = r.pd, .vc = r.vc, .node = r.node, .src = r.src, .dst = r.dst,
					.len = r.len };
				got = ud_r5_sched_read_req(&S, &q, now);
				if (q.wired_pd != q.pd) { rinc(&R.cnt.ign_forged); want = UD_E_FORGED; }
				else {
					r.kind = UD_R5_SCHED_READ;
					want = rsubmit(&r, now);
					if (want == UD_OK) rinc(&R.cnt.read_reqs);
				}
			} else {
				got = ud_r5_sched_submit(&S, &r, now);
				want = rsubmit(&r, now);
			}
			CHECK(got == want);
		} else if (op % 8 <= 5) {
			uint8_t b1 = byte(&p, &n), b2 = byte(&p, &n);
			struct ud_r5_sched_ev e;
			e.kind = (uint8_t)(op % 8 == 5 ? (b1 & 7u) : op % 8);
			e.trid = pick_trid(b1 >> 3);
			uint16_t cur = e.trid < UD_R5_SCHED_NTX ? S.seq[e.trid] : 0;
			switch (b2 & 3u) {
			case 0: case 1: e.seq = cur; break;                           /* current */
			case 2: e.seq = (uint16_t)((cur + 16383u) % 16384u); break;   /* previous */
			default: e.seq = (uint16_t)(b2 >> 2); break;                 /* random */
			}
			uint16_t own = (uint16_t)(e.trid / 128u);
			e.wired_pd = (b2 & 0x10u) ? (uint16_t)(own + 1u) : own;      /* forged? */
			e.pd = (b2 & 0x20u) ? (uint16_t)(e.wired_pd ^ 1u) : e.wired_pd;
			ud_status got = ud_r5_sched_event(&S, &e, now);
			ud_status want = revent(&e, now);
			CHECK(got == want);
		} else if (op & 0x80u) {
			/* a failure report from the fault handler: genuine or not */
			uint8_t b1 = byte(&p, &n), b2 = byte(&p, &n);
			uint16_t trid = pick_trid(b1 >> 3);
			uint16_t cur = trid < UD_R5_SCHED_NTX ? S.seq[trid] : 0;
			uint16_t seq = (b2 & 3u) ? cur : (uint16_t)((cur + 16383u) % 16384u);
			uint16_t pd = (b2 & 4u) ? (uint16_t)(trid / 128u + 1u) : (uint16_t)(trid / 128u);
			int32_t err = (b2 & 8u) ? ((b2 & 16u) ? UD_OK : 3) : ((b2 & 16u) ? UD_E_PERM : UD_E_FAULT);
			ud_status got = ud_r5_sched_abort(&S, pd, trid, seq, err);
			ud_status want = rabort(pd, trid, seq, err);
			CHECK(got == want);
		} else {
			now += (uint64_t)byte(&p, &n) * 4u;
			int16_t order[UD_R5_SCHED_NTX];
			uint32_t na = S.narmed;
			memcpy(order, S.dense, na * sizeof order[0]);
			int32_t got = ud_r5_sched_tick(&S, now);
			int32_t want = rtick(now, order, na);
			CHECK(got == want);
		}
		check_posts(before);
		check_state();
	}
	return 0;
}
