/* SPDX-License-Identifier: MIT */
/*
 * tests/support/plat_host_r5_sched.h -- the host home of the r5_sched
 * platform calls: every block posted and every completion notification is
 * logged so tests and fuzzers can assert exactly what reached the "engine".
 */
#ifndef UD_PLAT_HOST_R5_SCHED_H
#define UD_PLAT_HOST_R5_SCHED_H

#include <stdint.h>

#define UD_HOST_R5_LOG 8192u

struct ud_host_r5_post {
	uint16_t trid, seq;
	uint8_t pd, vc, kind;
	uint32_t node;
	uint64_t src, dst;
	uint32_t len;
};

struct ud_host_r5_note {
	uint8_t pd, vc, kind;
	int32_t status;     /* UD_OK, or the error the transfer failed with */
};

struct ud_host_r5_log {
	uint64_t nposts;   /* total posts (the log keeps the first LOG) */
	uint64_t nnotes;
	struct ud_host_r5_post post[UD_HOST_R5_LOG];
	struct ud_host_r5_note note[UD_HOST_R5_LOG];
};

extern struct ud_host_r5_log ud_host_r5;

/* Forget everything logged so far. */
void ud_host_r5_reset(void);

#endif
