/* SPDX-License-Identifier: MIT */
/*
 * models/r5_glue.h -- the C side of models/r5_race.pml.
 *
 * The scheduler is the real struct ud_r5_sched driven by the real, unmodified
 * src/r5_sched.c.  It is about 100 KB, so, as in fifo_glue.h, it is tracked
 * with c_track "UnMatched" and states are matched on an exact mirror of what
 * the model can change: the model uses one channel (pd 0, vc 0: transactions
 * 0 and 1) of the 1024, and every other field stays at its ud_r5_sched_init
 * value.  The two platform doors the scheduler calls (src/ud_platform.h,
 * r5_sched section) are defined here: a post is handed to the model's
 * network, a notification is counted.
 */
#ifndef UD_MODELS_R5_GLUE_H
#define UD_MODELS_R5_GLUE_H

#include "r5_sched.h"

#include "trail_print.h"

#define MR_DST 0x1000000u           /* 16 KB aligned: one block per 16 KB */
#define MR_SRC 0x2000000u

static struct ud_r5_sched m_s;      /* c_track UnMatched */

/* What the current call did through the platform doors (reset per step). */
static int m_npost;
static uint16_t m_post_trid[4], m_post_seq[4];
static uint32_t m_post_blk[4];
static int m_nnotify;

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	(void)pd; (void)vc; (void)kind; (void)node; (void)src; (void)len;
	if (m_npost < 4) {
		m_post_trid[m_npost] = trid;
		m_post_seq[m_npost] = seq;
		m_post_blk[m_npost] = (uint32_t)((dst - MR_DST) / UD_R5_SCHED_BLOCK);
		m_npost++;
	}
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	(void)pd; (void)vc; (void)kind; (void)status;
	m_nnotify++;
}

static void mr_init(uint64_t period, uint32_t nblocks)
{
	struct ud_r5_sched_req q;
	(void)ud_r5_sched_init(&m_s, 2u, period);
	q.pd = 0; q.vc = 0; q.kind = UD_R5_SCHED_WRITE; q.node = 1;
	q.src = MR_SRC; q.dst = MR_DST; q.len = nblocks * UD_R5_SCHED_BLOCK;
	m_npost = 0; m_nnotify = 0;
	(void)ud_r5_sched_submit(&m_s, &q, 0u);
}

/* One event; *credited = the block an accepted ACK counts (the block the
 * transaction carried before the call), else -1. */
static int32_t mr_event(int kind, int trid, int seq, int wired_pd, int pd, int now,
			int *credited)
{
	struct ud_r5_sched_ev e;
	int32_t r;
	int before = (trid >= 0 && trid < 2) ? (int)(m_s.off[trid] / UD_R5_SCHED_BLOCK) : -1;
	e.kind = (uint8_t)kind; e.trid = (uint16_t)trid; e.seq = (uint16_t)seq;
	e.wired_pd = (uint16_t)wired_pd; e.pd = (uint16_t)pd;
	m_npost = 0; m_nnotify = 0;
	r = ud_r5_sched_event(&m_s, &e, (uint64_t)now);
	*credited = (r == UD_OK && kind == UD_R5_SCHED_EV_ACK) ? before : -1;
	return r;
}

static void mr_tick(int now)
{
	m_npost = 0; m_nnotify = 0;
	(void)ud_r5_sched_tick(&m_s, (uint64_t)now);
}

#endif
