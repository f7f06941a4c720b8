// SPDX-License-Identifier: MIT
/*
 * firmware/mbox_r5.c -- the R5 end of the mailbox ring (r5_home.h).
 */
#include "r5_home.h"

/* At the start of the BTCM (r5.ld, section .mbox): the APU finds it at the
 * RPU's BTCM global address without a symbol table. */
struct ud_r5_mbox ud_r5_mbox __attribute__((section(".mbox"), aligned(64)));

void ud_r5_mbox_init(struct ud_r5_mbox *mb)
{
	uint32_t i;

	/* A magic left in the TCM by a previous run must not invite the APU
	 * to post into a ring that is about to be reset. */
	mb->magic = 0;
	ud_r5_dmb();
	mb->head = 0;
	mb->tail = 0;
	mb->resyncs = 0;
	mb->polls = 0;
	mb->messages = 0;
	mb->ticks = 0;
	mb->exception = 0;
	for (i = 0; i < UD_R5_MBOX_SLOTS; i++) {
		mb->slot[i][0] = 0;
		mb->slot[i][1] = 0;
	}
	ud_r5_dmb();
	mb->magic = UD_R5_MBOX_MAGIC;	/* last: the APU may start now */
	ud_r5_dmb();
}

bool ud_r5_mbox_poll(struct ud_r5_mbox *mb, uint32_t *w0, uint32_t *w1)
{
	uint32_t head = mb->head;
	uint32_t tail = mb->tail;
	uint32_t fill = head - tail;	/* free-running: mod 2^32 by design */
	uint32_t s;

	if (fill == 0)
		return false;
	if (fill > UD_R5_MBOX_SLOTS) {
		/* The producer overran the ring or wrote garbage: drop it all,
		 * counted, rather than read slots it is still writing. */
		mb->tail = head;
		mb->resyncs = mb->resyncs + 1u;
		return false;
	}
	ud_r5_dmb();			/* slot contents after seeing head */
	s = tail % UD_R5_MBOX_SLOTS;
	*w0 = mb->slot[s][0];
	*w1 = mb->slot[s][1];
	ud_r5_dmb();			/* slot read before releasing it   */
	mb->tail = tail + 1u;
	mb->messages = mb->messages + 1u;
	return true;
}

bool ud_r5_mbox_take(struct ud_r5_mbox *mb, uint32_t *w, uint32_t n)
{
	uint32_t head = mb->head;
	uint32_t tail = mb->tail;
	uint32_t fill = head - tail;	/* free-running: mod 2^32 by design */
	uint32_t i, s;

	if (fill < n || fill > UD_R5_MBOX_SLOTS)
		return false;
	ud_r5_dmb();			/* slot contents after seeing head */
	for (i = 0; i < n; i++) {
		s = (tail + i) % UD_R5_MBOX_SLOTS;
		w[2u * i] = mb->slot[s][0];
		w[2u * i + 1u] = mb->slot[s][1];
	}
	ud_r5_dmb();			/* slots read before releasing them */
	mb->tail = tail + n;
	return true;
}
