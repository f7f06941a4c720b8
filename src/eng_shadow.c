/* SPDX-License-Identifier: MIT */
/*
 * eng_shadow.c -- the engine's shadow entry: recognise, then move.
 * Contracts in eng_shadow.h.
 */
#include "eng_shadow.h"

void ud_eng_sh_move(const struct ud_sh_dma *d, uint8_t *buf)
{
	uint32_t n = d->size;

	ud_plat_dma_read(d->src, buf, n);
	ud_plat_dma_write(d->dst, buf, n);
}

int32_t ud_eng_sh_a1(struct ud_sh_alg1 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out)
{
	int32_t st = ud_sh_alg1_step(r, cfg, kind, paddr, data, out);

	if (st == UD_SH_STARTED)
		ud_eng_sh_move(out, buf);
	return st;
}

int32_t ud_eng_sh_a2(struct ud_sh_alg2 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out)
{
	int32_t st = ud_sh_alg2_step(r, cfg, kind, paddr, data, out);

	if (st == UD_SH_STARTED)
		ud_eng_sh_move(out, buf);
	return st;
}

int32_t ud_eng_sh_a3(struct ud_sh_alg3 *r, const struct ud_sh_cfg *cfg, uint32_t kind,
		     uint64_t paddr, uint32_t data, uint8_t *buf, struct ud_sh_dma *out)
{
	int32_t st = ud_sh_alg3_step(r, cfg, kind, paddr, data, out);

	if (st == UD_SH_STARTED)
		ud_eng_sh_move(out, buf);
	return st;
}
