/* SPDX-License-Identifier: MIT */
/*
 * models/fifo_wrap_glue.h -- the C side of models/fifo_wrap.pml.
 *
 * The FIFO is the real struct ud_ff driven by the real, unmodified
 * src/fault_fifo.c, compiled at depth MF_DEPTH (models/fifo_depth.h,
 * forced with gcc -include).  As in models/fifo_glue.h the 8 KB struct is
 * tracked "UnMatched" and states are matched on an exact mirror: head,
 * tail, count, FSM state, overflow counter and flag, the duplicate
 * filter's register (as an entry id) and the entry id held in each of the
 * MF_DEPTH slots.  The code writes only slots tail < MF_DEPTH, so slots
 * MF_DEPTH .. 511 stay 0 and the mirror determines the whole struct.
 *
 * Entries 1 .. MF_K differ in every field of the duplicate key (source,
 * transaction, sequence, process, virtual page), so both of their 64-bit
 * words differ too.
 */
#ifndef UD_MODELS_FIFO_WRAP_GLUE_H
#define UD_MODELS_FIFO_WRAP_GLUE_H

#include "fault_fifo.h"

#if UD_FF_DEPTH != MF_DEPTH
#error "compile with -include fifo_depth.h (models/expected.json cflags)"
#endif
#if MF_K < 1 || MF_K > 6
#error "MF_K: 1 to 6 entries"
#endif

static struct ud_ff m_ff;           /* the FIFO (c_track UnMatched) */
static struct ud_ff_entry m_e[MF_K + 1];
static uint64_t m_lo[MF_K + 1], m_hi[MF_K + 1];

static void mf_init(void)
{
	int i;
	ud_ff_init(&m_ff);
	for (i = 1; i <= MF_K; i++) {
		m_e[i].src_id = (uint32_t)(0x100 + i);
		m_e[i].tr_id = (uint16_t)(0x20 + i);
		m_e[i].seq = (uint16_t)i;
		m_e[i].pdid = 7;
		m_e[i].proc = (uint8_t)(i % 3);
		m_e[i].vpn = (uint32_t)(0x4000 + i);
		m_e[i].exa_ack = 2;
		if (ud_ff_entry_encode(&m_e[i], &m_lo[i], &m_hi[i]) != UD_OK)
			m_lo[i] = m_hi[i] = 0;   /* shows as id 0: the model fails */
	}
}

/* Which entry a word belongs to: 0 = UD_FF_NO_DATA, 15 = none. */
static int mf_id(uint64_t w, const uint64_t *tab)
{
	int i;
	if (w == UD_FF_NO_DATA)
		return 0;
	for (i = 1; i <= MF_K; i++)
		if (w == tab[i])
			return i;
	return 15;
}

/* The duplicate filter's register, as an entry id (0 = empty, 15 = none). */
static int mf_last_id(void)
{
	int i;
	if (!m_ff.last_valid)
		return 0;
	for (i = 1; i <= MF_K; i++)
		if (m_ff.last_src == m_e[i].src_id && m_ff.last_trid == m_e[i].tr_id &&
		    m_ff.last_seq == m_e[i].seq &&
		    m_ff.last_iova == (uint32_t)m_e[i].proc * 268435456u + m_e[i].vpn)
			return i;
	return 15;
}

/* Slots MF_DEPTH .. 511 untouched (0): what makes the mirror exact. */
static int mf_beyond_clean(void)
{
	uint32_t k;
	for (k = MF_DEPTH; k < 512u; k++)
		if (m_ff.lo[k] != 0u || m_ff.hi[k] != 0u)
			return 0;
	return 1;
}

#endif
