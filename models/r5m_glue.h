/* SPDX-License-Identifier: MIT */
/*
 * models/r5m_glue.h -- the C side of models/r5_multi.pml: the real struct
 * ud_r5_sched and src/r5_sched.c, unmodified, tracked "UnMatched" as in
 * r5_glue.h; the model matches states on an exact mirror of the two
 * channels it uses (pd 0 vc 0: transactions 0, 1; pd 1 vc 0: transactions
 * 128, 129) -- every other field stays at its ud_r5_sched_init value, and
 * the counters, which no decision reads, are left out of the mirror.
 * The platform doors record what each call did: posts (trid, seq, the
 * block of the channel's current transfer) and notifications.
 */
#ifndef UD_MODELS_R5M_GLUE_H
#define UD_MODELS_R5M_GLUE_H

#include "r5_sched.h"

#include "trail_print.h"

#define MR_DST 0x10000000u                   /* 16 KB aligned */
#define MR_SRC 0x20000000u
/* destination of transfer k on channel ch: its own 4 MB window */
#define MR_BASE(ch, k) ((uint64_t)MR_DST + (uint64_t)(ch) * 0x4000000u + (uint64_t)(k) * 0x400000u)

static struct ud_r5_sched m_s;               /* c_track UnMatched */
static int m_cur[2];                         /* transfer number now on each channel */
static uint64_t m_now;                       /* the clock (c_track UnMatched; the
                                                mirror holds deadlines relative to it) */

static int m_npost;
static int m_post_trid[8], m_post_seq[8], m_post_blk[8], m_post_ch[8];
static int m_nnote;
static int m_note_ch[4], m_note_ok[4];

static int m_tr(int i) { return (i / 2) * 128 + i % 2; }   /* mirror index -> trid */

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	int ch = pd;
	(void)vc; (void)kind; (void)node; (void)src; (void)len;
	if (m_npost < 8) {
		m_post_trid[m_npost] = trid;
		m_post_seq[m_npost] = seq;
		m_post_ch[m_npost] = ch;
		m_post_blk[m_npost] = (int)((dst - MR_BASE(ch, m_cur[ch])) / UD_R5_SCHED_BLOCK);
		m_npost++;
	}
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	(void)vc; (void)kind;
	if (m_nnote < 4) {
		m_note_ch[m_nnote] = pd;
		m_note_ok[m_nnote] = status == UD_OK;
		m_nnote++;
	}
}

static void mr_init(uint64_t period)
{
	(void)ud_r5_sched_init(&m_s, 2u, period);
	m_npost = 0; m_nnote = 0; m_now = 0;
}

static int32_t mr_submit(int ch, int k, int nblocks, int now)
{
	struct ud_r5_sched_req q;
	q.pd = (uint8_t)ch; q.vc = 0; q.kind = UD_R5_SCHED_WRITE; q.node = 1;
	q.src = MR_SRC; q.dst = MR_BASE(ch, k); q.len = (uint32_t)nblocks * UD_R5_SCHED_BLOCK;
	m_cur[ch] = k;
	m_npost = 0; m_nnote = 0;
	return ud_r5_sched_submit(&m_s, &q, (uint64_t)now);
}

/* one event; *credited = the block an accepted ACK counts (the block the
 * transaction carried before the call), else -1 */
static int32_t mr_event(int kind, int trid, int seq, int wired_pd, int pd, int now, int *credited)
{
	struct ud_r5_sched_ev e;
	int32_t r;
	int before = (int)(m_s.off[trid] / UD_R5_SCHED_BLOCK);
	e.kind = (uint8_t)kind; e.trid = (uint16_t)trid; e.seq = (uint16_t)seq;
	e.wired_pd = (uint16_t)wired_pd; e.pd = (uint16_t)pd;
	m_npost = 0; m_nnote = 0;
	r = ud_r5_sched_event(&m_s, &e, (uint64_t)now);
	*credited = (r == UD_OK && kind == UD_R5_SCHED_EV_ACK) ? before : -1;
	return r;
}

static int32_t mr_abort(int pd, int trid, int seq)
{
	m_npost = 0; m_nnote = 0;
	return ud_r5_sched_abort(&m_s, (uint16_t)pd, (uint16_t)trid, (uint16_t)seq, UD_E_FAULT);
}

static void mr_tick(int now)
{
	m_npost = 0; m_nnote = 0;
	(void)ud_r5_sched_tick(&m_s, (uint64_t)now);
}

/* the earliest deadline of an armed timer (the clock if none) */
static uint64_t mr_next_deadline(void)
{
	uint32_t i;
	uint64_t best = m_s.narmed > 0u ? m_s.dl[m_s.dense[0]] : m_now;
	for (i = 0; i < m_s.narmed; i++) {
		uint16_t t = (uint16_t)m_s.dense[i];
		if (m_s.dl[t] < best)
			best = m_s.dl[t];
	}
	return best;
}

#endif
