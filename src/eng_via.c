/* SPDX-License-Identifier: MIT */
/*
 * eng_via.c -- the engine's VIA entry: both pages checked against the
 * virtual interface's tag, then the bytes moved.  Contracts in eng_via.h.
 */
#include "eng_via.h"

ud_status ud_eng_via_piece(const struct ud_via_vis *v, uint32_t vi,
			   const struct ud_tpt *imp, const struct ud_tpt *exp,
			   uint64_t la, uint64_t ra, uint32_t n, uint8_t *buf)
{
	uint64_t spa = 0;
	uint64_t dpa = 0;
	uint16_t tag;
	ud_status r;

	if (vi >= UD_VIA_NVI || v->live[vi] == 0u)
		return UD_E_NOENT;
	tag = v->tag[vi];
	r = ud_tpt_up_xlate(imp, la, UD_TPT_ENGINE, tag, &spa);
	if (r != UD_OK)
		return r;
	r = ud_tpt_path(imp, exp, ra, UD_TPT_ENGINE, tag, &dpa);
	if (r != UD_OK)
		return r;
	/*@ assert dst_off: dpa % 4096 == ra % 4096; */
	ud_plat_dma_read(spa, buf, n);
	ud_plat_dma_write(dpa, buf, n);
	return UD_OK;
}
