/* SPDX-License-Identifier: MIT */
/*
 * firmware/plat_r5_r5_sched.c -- the Cortex-R5 home of the r5_sched
 * platform calls (src/ud_platform.h, section r5_sched).
 *
 * The PLDMA's descriptor registers are not in the seed
 * (004_2c0be60bc8bfaeb5.txt describes the engine, not its register map),
 * so a post is recorded in a small descriptor ring in .bss that the board
 * model (or a real engine driver, once its map is known) consumes, and a
 * completion notification bumps a counter the APU can read.  Replace the
 * two bodies with the engine's doorbell writes on real hardware.
 */
#include "ud_platform.h"

#define UD_R5_POST_RING 16u

struct ud_r5_post_desc {
	uint16_t trid, seq;
	uint8_t pd, vc, kind, pad;
	uint32_t node;
	uint64_t src, dst;
	uint32_t len;
};

struct ud_r5_engine {
	uint32_t posts;      /* blocks handed over (mod 2^32)   */
	uint32_t notes;      /* completion notifications        */
	uint32_t failures;   /* ... of them with an error status */
	int32_t last_status; /* status of the last notification  */
	struct ud_r5_post_desc ring[UD_R5_POST_RING];
};

/* Referenced by name from the board model / debugger. */
struct ud_r5_engine ud_r5_engine;

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	struct ud_r5_post_desc *d = &ud_r5_engine.ring[ud_r5_engine.posts % UD_R5_POST_RING];

	d->trid = trid;
	d->seq = seq;
	d->pd = pd;
	d->vc = vc;
	d->kind = kind;
	d->pad = 0;
	d->node = node;
	d->src = src;
	d->dst = dst;
	d->len = len;
	ud_r5_engine.posts++;
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	(void)pd;
	(void)vc;
	(void)kind;
	ud_r5_engine.notes++;
	if (status != UD_OK)
		ud_r5_engine.failures++;
	ud_r5_engine.last_status = status;
}
