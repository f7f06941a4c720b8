/* SPDX-License-Identifier: MIT */
/*
 * plat_host_va_rx.h -- the host home of the reply door ud_plat_va_reply
 * (src/ud_platform.h, section va_rx; A-PLAT-VA-REPLY): a C log of every ACK / PF-NACK.
 */
#ifndef PLAT_HOST_VA_RX_H
#define PLAT_HOST_VA_RX_H
#include <stdint.h>

#define HOST_REP_LOG 1024u

struct host_rep_entry {
	uint32_t node;
	uint16_t trid, seq;
	uint8_t kind;
};

struct host_rep {
	struct host_rep_entry log[HOST_REP_LOG];
	uint32_t n;   /* replies (log holds the first HOST_REP_LOG) */
};

extern struct host_rep host_rep;
void host_rep_reset(void);
#endif
