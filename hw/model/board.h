/* SPDX-License-Identifier: MIT */
/*
 * hw/model/board.h -- the board model (issue 23; docs/board-model.md).
 *
 * N nodes, each with the verified SMMU (src/smmu.c), the R5 scheduler
 * (src/r5_sched.c), the fault FIFO (src/fault_fifo.c) and the fault
 * handler (src/fault_handler.c, fault_policy.c, fault_drain.c,
 * fault_msg.c), joined by a send engine, a receive engine, a mailbox per
 * R5, an A53 driver (IRQ handler, tasklets, the user thread of
 * Touch-A-Page) and a discrete-event network.  Process memory is real host
 * memory: buffers are mmap'ed at fixed addresses below 2^39 (the 39-bit VA
 * of seed 004, 3.2.3.2), the SMMU's page table is the kernel's (mincore),
 * and paging in is real (a touch, or MADV_POPULATE_*), its measured wall
 * time added to the simulated clock.  Every other time comes from the
 * parameter table (struct bm_param; docs/board-model.md lists each
 * parameter with its source).
 *
 * The src/ modules call the platform doors of src/ud_platform.h, which
 * take no node argument: the model sets `bm_cur` (the node whose code is
 * running) before every call into src/, and the doors (board.c) act on it.
 */
#ifndef BM_BOARD_H
#define BM_BOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "smmu.h"
#include "r5_sched.h"
#include "r5_timer.h"
#include "fault_fifo.h"
#include "fault_drain.h"
#include "fault_policy.h"
#include "fault_msg.h"
#include "pd.h"
#include "mr.h"
#include "xfer_packet.h"

#define BM_MAX_NODES   8u
#define BM_PAGE        4096u
#define BM_PKT         256u                 /* seed 004 1.3.2: MTU 256 B   */
#define BM_BLOCK       16384u               /* seed 004 1.3.2: 16 KB block */
#define BM_VA_BASE     0x1000000000ull      /* node n's arena: BASE + n * STRIDE */
#define BM_VA_STRIDE   0x0800000000ull      /* 32 GB apart; all below 2^39 */
#define BM_MAX_XFERS   64u

/* Times are in simulated nanoseconds. */
typedef uint64_t bm_time;

/* The timing model (docs/board-model.md, "Parameters": each with its
 * source in seed 004 or marked as our assumption). */
struct bm_param {
	double   link_gbps;      /* HSS link rate, Gb/s                        */
	bm_time  hop_ns;         /* hop-to-hop latency                         */
	uint32_t hdr_bytes;      /* packet header on the wire                  */
	bm_time  submit_ns;      /* user -> A53 mailbox -> R5 poll picks it up */
	bm_time  r5_event_ns;    /* R5 firmware: one mailbox/engine event      */
	bm_time  post_ns;        /* R5 post -> send engine starts the block    */
	bm_time  dma_rd_ns;      /* engine: first memory read of a block       */
	bm_time  rx_wr_ns;       /* receive engine: packet to memory           */
	bm_time  notify_ns;      /* R5 completion -> user's poll sees it       */
	bm_time  irq_ns;         /* SMMU context fault -> IRQ handler runs     */
	bm_time  irq_cost_ns;    /* IRQ handler body (read FSR/FAR, clear)     */
	bm_time  tasklet_ns;     /* tasklet_schedule -> tasklet runs           */
	bm_time  fifo_pop_ns;    /* two 64-bit AXI-lite reads (one entry)      */
	bm_time  netlink_ns;     /* kernel sends one Netlink message           */
	bm_time  wakeup_ns;      /* user thread wakes on the Netlink message   */
	bm_time  gup_ns;         /* get_user_pages fixed cost (+ real populate)*/
	bm_time  pkz_ns;         /* packetizer write -> message on the network */
	bm_time  mbox_ns;        /* mailbox -> R5 poll sees the message        */
	bm_time  timeout_ns;     /* R5 timeout period (25 / 2.5 / 1 ms)        */
	bm_time  pagein_ns;      /* 0: page-in costs the measured wall time;
	                            else this fixed cost per page (a run whose
	                            timeline does not depend on the host:
	                            firmware in the loop)                       */
	double   loss;           /* per network packet                         */
	double   dup;            /* per network packet                         */
	bm_time  jitter_ns;      /* uniform extra delay per packet (reorders)  */
};

void bm_param_default(struct bm_param *p);

/* Fault handling policy of a run. */
struct bm_policy {
	bool ahead;        /* Touch-Ahead (get_user_pages) vs Touch-A-Page      */
	bool src_rapf;     /* deliver the handler's RAPF for a SOURCE fault;
	                      false = the thesis (3.2.2: wait for the timeout)  */
	bool dst_rapf;     /* deliver RAPFs for destination faults (3.2.3);
	                      false = timeout only (for the RAPF-vs-timeout
	                      comparison)                                       */
	bool stall;        /* SMMU stall mode (RESUME retries the transaction)
	                      instead of terminate (the thesis measured
	                      terminate; scenario extra_stall)                  */
	bool no_hupcf;     /* SCTLR.HUPCF = 0 (default 1, as the thesis)       */
};

/* One buffer: host memory at a fixed VA of a node's arena. */
struct bm_buf {
	uint32_t node;
	uint8_t *va;
	size_t   len;     /* bytes of the transfer */
	size_t   maplen;  /* page-rounded */
};

/* A transfer the scenario asked for, and what became of it. */
struct bm_xfer {
	uint32_t from, to;         /* initiator (source) node, target node   */
	uint8_t  pd, vc;
	struct bm_buf src, dst;
	uint8_t *expect;           /* what dst must hold, len bytes          */
	uint8_t *wrote;            /* per dst byte: written by the engine    */
	bool     keyed;            /* MR keys through src/xfer_packet.c      */
	uint32_t lkey, rkey, src_mr, dst_mr;
	bm_time  t_start, t_done;
	uint32_t notes;            /* completion notifications seen          */
	ud_status expect_status;   /* UD_OK, or the failure the scenario
	                              provokes (an owner's mapping refused)   */
	ud_status status;
	bool     done;
};

/* Board-wide counters. */
struct bm_stats {
	uint64_t events, pkts_sent, pkts_lost, pkts_dup, pkts_rx_ok, pkts_rx_fault;
	uint64_t acks, pfnacks, rapfs_sent, rapfs_dropped, irqs, multi;
	uint64_t ff_pushed, ff_dup_filtered, ff_overflow;
	uint64_t bytes_checked, xfers_ok, fail_transfer;
	uint64_t xfers_spent, bytes_spent_missing;  /* storms: retry budget spent */
	uint64_t xfers_failed;      /* failed with the status the scenario expected */
	uint64_t pagein_fallback_touch;
	uint64_t keyed_pkts, pins, unpins;
};

struct bm_board;
extern struct bm_board *bm;
extern struct bm_stats bm_st;

/* Build a board of n nodes (n <= BM_MAX_NODES) with these parameters. */
void bm_init(uint32_t n, const struct bm_param *p, const struct bm_policy *pol,
	     uint64_t seed);
void bm_fini(void);
bm_time bm_now(void);
/* Change the policy / timeout between runs (R5s are re-initialised). */
void bm_set_policy(const struct bm_policy *pol, bm_time timeout_ns);

/* Buffers: map len bytes in node's arena at slot `slot` (fixed VA),
 * no page resident, and enter it in the node's owners' mapping table for
 * PD pd with `rights` (UD_FH_R_READ | UD_FH_R_WRITE; 0: not entered, the
 * fault handler then fails a transfer that faults on it with UD_E_FAULT,
 * and with a right missing, UD_E_PERM).  bm_buf_free unmaps. */
void bm_buf_map(struct bm_buf *b, uint32_t node, uint32_t slot, size_t len, uint8_t pd,
		uint8_t rights);
/* Forget every owner's mapping (between iterations). */
void bm_map_reset(void);
void bm_buf_free(struct bm_buf *b);
/* Is page i of b resident (mincore)? */
bool bm_resident(const uint8_t *va);
/* Touch (write) page i of b so it is resident, through the CPU's MMU. */
void bm_touch_page(uint8_t *va, bool write);

/* Keyed transfers (seed 001 memory regions; src/xfer_packet.c per
 * packet): register the source (local read) on the initiator's and the
 * destination (local + remote write) on the target's protection state --
 * registration pins the pages for real (mlock) -- and deregister. */
void bm_keyed_register(struct bm_xfer *x);
void bm_keyed_release(struct bm_xfer *x);

/* Register a transfer (buffers already mapped and filled) and submit it
 * at the current time plus the submit latency. */
void bm_submit(struct bm_xfer *x);
/* Run the event loop until nothing is pending.  Returns events run. */
uint64_t bm_run(void);
/* After bm_run: check every transfer (exactly one notification, UD_OK,
 * every byte as expected and written by the engine).  Aborts on a
 * violation; returns bytes checked. */
uint64_t bm_check(struct bm_xfer *const *x, uint32_t n);
/* The same, but a transfer may also have ended with its retry budget spent
 * (UD_R5_SCHED_E_SPENT: a storm of losses): still exactly one
 * notification, and every byte it wrote is the right one. */
uint64_t bm_check_spent(struct bm_xfer *const *x, uint32_t n, bool allow_spent);

/* The R5 counters of node n (for the figures). */
const struct ud_r5_sched_cnt *bm_r5_cnt(uint32_t n);
/* Node n's driver counters (the runner takes deltas). */
struct bm_node_cnt {
	bm_time kernel_ns, pagein_real_ns;
	uint64_t pageins, pages_in, src_faults, dst_faults, irqs;
	uint64_t r5_msgs;     /* inputs to the R5 (mailbox + engine + timer)  */
};
void bm_node_cnt(uint32_t n, struct bm_node_cnt *c);

/* Firmware in the loop (docs/board-model.md): before bm_init, make node
 * `node`'s R5 the firmware ELF `elf` (uldma-r5-loop.elf) on QEMU's
 * Cortex-R5F (`qemu` binary, NULL = qemu-system-arm): each R5 step of that
 * node goes to the firmware over two semihosting pipes and its posts and
 * notifications come back, instead of a call of the linked r5_sched. */
void bm_fw_use(uint32_t node, const char *elf, const char *qemu);
/* Write a trace of every R5 step (inputs, outputs, results, of every node),
 * a digest of the whole event sequence per run, and the final counters to
 * `path`: two runs that behave alike write identical traces. */
void bm_trace_open(const char *path);
void bm_trace_close(void);

#endif /* BM_BOARD_H */
