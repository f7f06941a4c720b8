/* SPDX-License-Identifier: MIT */
/*
 * models/fifo_glue.h -- the C side of models/fifo_read.pml.
 *
 * The FIFO is the real struct ud_ff of src/fault_fifo.h, driven by the real,
 * unmodified src/fault_fifo.c.  It is 8 KB (512 x 128 bits), too large to
 * copy into SPIN's state vector for every state, so the model tracks it with
 * c_track "UnMatched" (saved and restored on backtracking, not used for
 * state matching) and matches states on an exact mirror instead: head, tail,
 * count, read-FSM state, overflow counter, the duplicate filter's register
 * (as the id of the last pushed entry) and the id of the entry in each of
 * the slots the model can write.  With at most MF_K pushes from an empty
 * FIFO only slots 0 .. MF_K-1 are ever written (the others stay 0), so the
 * mirror determines the whole struct: matching on it is exact.
 */
#ifndef UD_MODELS_FIFO_GLUE_H
#define UD_MODELS_FIFO_GLUE_H

#include "fault_fifo.h"

#define MF_K 3                      /* entries the hardware pushes */

static struct ud_ff m_ff;           /* the FIFO (c_track UnMatched) */
static struct ud_ff_entry m_e[MF_K + 1];
static uint64_t m_lo[MF_K + 1], m_hi[MF_K + 1];   /* entry i's two words */

/* Entries 1..MF_K differ in every field that can tell them apart (source,
 * transaction, sequence, virtual page), so both of their 64-bit words
 * differ too. */
static void mf_init(void)
{
	int i;
	ud_ff_init(&m_ff);
	for (i = 1; i <= MF_K; i++) {
		m_e[i].src_id = (uint32_t)(0x100 + i);
		m_e[i].tr_id = (uint16_t)(0x20 + i);
		m_e[i].seq = (uint16_t)i;
		m_e[i].pdid = 7;
		m_e[i].proc = 1;
		m_e[i].vpn = (uint32_t)(0x4000 + i);
		m_e[i].exa_ack = 0;
		if (ud_ff_entry_encode(&m_e[i], &m_lo[i], &m_hi[i]) != UD_OK)
			m_lo[i] = m_hi[i] = 0;   /* shows as id 0 below: the model fails */
	}
}

/* Which entry a LOW / HIGH word belongs to: 0 = UD_FF_NO_DATA, 15 = none. */
static int mf_id_lo(uint64_t w)
{
	int i;
	if (w == UD_FF_NO_DATA)
		return 0;
	for (i = 1; i <= MF_K; i++)
		if (w == m_lo[i])
			return i;
	return 15;
}
static int mf_id_hi(uint64_t w)
{
	int i;
	if (w == UD_FF_NO_DATA)
		return 0;
	for (i = 1; i <= MF_K; i++)
		if (w == m_hi[i])
			return i;
	return 15;
}
/* The duplicate filter's register, as an entry id (0 = empty). */
static int mf_last_id(void)
{
	int i;
	if (!m_ff.last_valid)
		return 0;
	for (i = 1; i <= MF_K; i++)
		if (m_ff.last_src == m_e[i].src_id && m_ff.last_trid == m_e[i].tr_id &&
		    m_ff.last_seq == m_e[i].seq)
			return i;
	return 15;
}

#endif
