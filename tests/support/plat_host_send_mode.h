/* SPDX-License-Identifier: MIT */
/* tests/support/plat_host_send_mode.h -- the host home of the send modes'
 * page doors (src/ud_platform.h, section send_mode): a pool of real 4 KB
 * frames with per-frame books (in use, which pool, pin count, COW mark),
 * and a C log of every door call (the ghost log ud_sm_* of the proofs, as
 * the tests see it).  A test can make the next copies or pins fail, or make
 * a copy answer its source frame (the core must refuse that). */
#ifndef PLAT_HOST_SEND_MODE_H
#define PLAT_HOST_SEND_MODE_H
#include <stdint.h>

#define HOST_SM_FRAMES 64u
#define HOST_SM_LOG 256u
#define HOST_SM_POOL_NONE 0xFFu
/* The physical address the frames' door names (ud_plat_sm_pa); a test that
 * moves their bytes aliases them into the DMA doors' memory there. */
#define HOST_SM_PA(f) (0x40000000ull + (uint64_t)(f) * 4096u)

struct host_sm_frame {
	uint8_t used;       /* allocated                                  */
	uint8_t pool;       /* UD_SM_TO_* of a copy, HOST_SM_POOL_NONE: a user page */
	uint8_t cow;        /* marked copy-on-write                       */
	uint32_t pins;
	uint8_t data[4096];
};

struct host_sm_call {
	uint32_t op, fr, arg, res;
};

struct host_sm {
	struct host_sm_frame f[HOST_SM_FRAMES];
	struct host_sm_call log[HOST_SM_LOG];
	uint32_t n;          /* door calls (log holds the first HOST_SM_LOG) */
	uint32_t fail_copy;  /* the next fail_copy copies answer NOFRAME      */
	uint32_t fail_pin;   /* the next fail_pin pins are refused            */
	uint32_t echo_copy;  /* the next echo_copy copies answer the source   */
	uint32_t no_pa;      /* the next no_pa address queries answer NOPA   */
	uint32_t released;   /* frames released to the free pool              */
};

extern struct host_sm host_sm;

void host_sm_reset(void);
/* A user page: allocate a frame filled with the pattern of token v. */
uint32_t host_sm_user_page(uint32_t v);
/* Fill frame fr with the pattern of token v (the user's write). */
void host_sm_fill(uint32_t fr, uint32_t v);
/* 1 when frame fr holds exactly the pattern of token v. */
int host_sm_holds(uint32_t fr, uint32_t v);
#endif
