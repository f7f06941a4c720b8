/* SPDX-License-Identifier: MIT */
/*
 * reply_msg.c -- encode and decode the engine's reply mailbox message
 * (contracts in reply_msg.h).
 */
#include "reply_msg.h"

ud_status ud_ack_encode(const struct ud_ack_msg *m, uint32_t *w0, uint32_t *w1)
{
	if (m->code >= UD_ACK_CODE_LIM || m->trid >= UD_ACK_TRID_LIM ||
	    m->seq >= UD_ACK_SEQ_LIM)
		return UD_E_RANGE;
	*w0 = UD_ACK_OPCODE + 4u * (uint32_t)m->trid + 65536u * (uint32_t)m->code;
	*w1 = (uint32_t)m->seq;
	return UD_OK;
}

ud_status ud_ack_decode(uint32_t w0, uint32_t w1, struct ud_ack_msg *out)
{
	if (w0 % 4u != UD_ACK_OPCODE || w0 >= UD_ACK_W0_LIM || w1 >= UD_ACK_SEQ_LIM ||
	    w0 / 65536u >= UD_ACK_CODE_LIM)
		return UD_E_INVAL;
	out->code = (uint8_t)(w0 / 65536u);
	out->trid = (uint16_t)((w0 / 4u) % 16384u);
	out->seq = (uint16_t)w1;
	return UD_OK;
}
