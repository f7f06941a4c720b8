/* SPDX-License-Identifier: MIT */
/*
 * ud_platform.h -- the only door between the verified core and its homes.
 *
 * The core (src/) never includes a kernel, libc or vendor header.  What only
 * a home can do -- pin a page, page one in, read the time, post a mailbox
 * message -- is declared here, with the contract the home must honour; each
 * home implements it once:
 *   host (tests, board model)  tests/support/ud_platform_host.c
 *   Linux kernel module        kmod/ud_platform_linux.c
 *   Cortex-R5 firmware         firmware/ud_platform_r5.c
 * The contracts below are environment facts: spec/ASSUMPTIONS.md lists each
 * with its reason.  The ghost variable ud_env stands for the home's state
 * (page tables, pin counts, wires) that the core cannot see; a platform call
 * that changes the world assigns it, so no proof can assume it unchanged.
 *
 * Each module adds the calls it needs in its own section below.
 */
#ifndef UD_PLATFORM_H
#define UD_PLATFORM_H

#include "ud_common.h"

/*@ ghost int ud_env; */

/* ------------------------------------------------------------- common */

/* Monotonic time in ticks of the home's timer.  [A-PLAT-TIME] */
/*@ assigns \result \from ud_env; */
uint64_t ud_plat_now(void);

/* ------------------------------------------------------------- utlb */
/* The OS pinning facility the UTLB's driver side uses (seed 000, "only a
 * device driver that access the OS pinning and unpinning facility is
 * required").  Called only by src/utlb_table.c (driver side).  Ghost state
 * ud_utlb_pinned[pid][vpn] is 1 while the UTLB holds a pin on that page of
 * that process, and ud_utlb_frame[pid][vpn] is the physical page number the
 * last successful pin of that page returned (what the driver must install:
 * ud_utlb_drv_map:installed_frame).  [A-UTLB-PIN] [A-UTLB-UNPIN] */
#include "utlb_param.h"
/*@ ghost int ud_utlb_pinned[UD_UTLB_NPROC][UD_UTLB_VPAGES];
          uint64_t ud_utlb_frame[UD_UTLB_NPROC][UD_UTLB_VPAGES]; */

/* Pin virtual page vpn of process pid; return its physical page number. */
/*@ requires pid: pid < UD_UTLB_NPROC;
    requires vpn: vpn < UD_UTLB_VPAGES;
    requires out: \valid(ppn);
    assigns ud_env, ud_utlb_pinned[pid][vpn], ud_utlb_frame[pid][vpn], *ppn;
    ensures ok: \result == UD_OK ==>
      ud_utlb_pinned[pid][vpn] == 1 && *ppn <= UD_UTLB_PPN_MAX &&
      ud_utlb_frame[pid][vpn] == *ppn;
    ensures refused: \result != UD_OK ==> \result == UD_E_PLATFORM &&
      ud_utlb_pinned[pid][vpn] == \old(ud_utlb_pinned[pid][vpn]) &&
      ud_utlb_frame[pid][vpn] == \old(ud_utlb_frame[pid][vpn]) &&
      *ppn == \old(*ppn);
*/
ud_status ud_plat_utlb_pin(uint32_t pid, uint32_t vpn, uint64_t *ppn);

/* Release the pin taken by ud_plat_utlb_pin (cannot fail). */
/*@ requires pid: pid < UD_UTLB_NPROC;
    requires vpn: vpn < UD_UTLB_VPAGES;
    requires held: ud_utlb_pinned[pid][vpn] == 1;
    assigns ud_env, ud_utlb_pinned[pid][vpn];
    ensures released: ud_utlb_pinned[pid][vpn] == 0;
*/
void ud_plat_utlb_unpin(uint32_t pid, uint32_t vpn, uint64_t ppn);

/* ------------------------------------------------------------- r5_sched */
/* The R5 scheduler's two doors (src/r5_sched.c; seed 004, 1.3.2).  Hand
 * one block (trid, seq) of [src, src+len) -> node:dst to the DMA engine,
 * which cuts it into 256 B packets; the engine answers later with an ACK,
 * NACK or PF-NACK event carrying (trid, seq).  Posting never fails from the
 * core's view: a lost block is a timeout.  [A-PLAT-R5-POST]
 *
 * The proofs record what the scheduler did in two ghost logs (they cost
 * nothing at run time): ud_r5_npost blocks posted, the i-th with the
 * arguments ud_r5_post_*[i]; ud_r5_nnote completion notifications, the
 * i-th for channel (ud_r5_note_pd[i], ud_r5_note_vc[i]) of transfer kind
 * ud_r5_note_kind[i] with status ud_r5_note_status[i] (UD_OK, or the error
 * the transfer failed with).  The logs are bounded (UD_R5_LOG entries):
 * `room` is a proof frame -- the proof speaks of the entries appended from
 * the log's current length on, whatever it is -- not a limit of the home.
 * [A-PLAT-R5-LOG] */
#define UD_R5_LOG 1048576u
/*@ ghost uint32_t ud_r5_npost;
          uint16_t ud_r5_post_trid[UD_R5_LOG];
          uint16_t ud_r5_post_seq[UD_R5_LOG];
          uint8_t  ud_r5_post_pd[UD_R5_LOG];
          uint8_t  ud_r5_post_vc[UD_R5_LOG];
          uint8_t  ud_r5_post_kind[UD_R5_LOG];
          uint32_t ud_r5_post_node[UD_R5_LOG];
          uint64_t ud_r5_post_src[UD_R5_LOG];
          uint64_t ud_r5_post_dst[UD_R5_LOG];
          uint32_t ud_r5_post_len[UD_R5_LOG];
          uint32_t ud_r5_nnote;
          uint8_t  ud_r5_note_pd[UD_R5_LOG];
          uint8_t  ud_r5_note_vc[UD_R5_LOG];
          uint8_t  ud_r5_note_kind[UD_R5_LOG];
          int32_t  ud_r5_note_status[UD_R5_LOG]; */
/*@ // Entry i of the post log holds exactly these arguments.
    predicate ud_r5_post_is{L}(integer i, integer trid, integer seq, integer pd,
        integer vc, integer kind, integer node, integer src, integer dst,
        integer len) =
      ud_r5_post_trid[i] == trid && ud_r5_post_seq[i] == seq &&
      ud_r5_post_pd[i] == pd && ud_r5_post_vc[i] == vc &&
      ud_r5_post_kind[i] == kind && ud_r5_post_node[i] == node &&
      ud_r5_post_src[i] == src && ud_r5_post_dst[i] == dst &&
      ud_r5_post_len[i] == len;
    // Entry i of the notification log holds exactly these arguments.
    predicate ud_r5_note_is{L}(integer i, integer pd, integer vc, integer kind,
        integer status) =
      ud_r5_note_pd[i] == pd && ud_r5_note_vc[i] == vc &&
      ud_r5_note_kind[i] == kind && ud_r5_note_status[i] == status;
*/

/* The locations of entry i of each log, for assigns clauses. */
#define UD_R5_POST_AT(i) ud_r5_post_trid[i], ud_r5_post_seq[i], ud_r5_post_pd[i], \
	ud_r5_post_vc[i], ud_r5_post_kind[i], ud_r5_post_node[i], ud_r5_post_src[i], \
	ud_r5_post_dst[i], ud_r5_post_len[i]
#define UD_R5_NOTE_AT(i) ud_r5_note_pd[i], ud_r5_note_vc[i], ud_r5_note_kind[i], \
	ud_r5_note_status[i]

/*@ requires len: 0 < len <= 16384;
    requires room: ud_r5_npost < UD_R5_LOG;
    assigns ud_env \from trid, seq, pd, vc, kind, node, src, dst, len;
    assigns ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
            ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
            ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
            ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
            ud_r5_post_len[ud_r5_npost];
    ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
      ud_r5_post_is(\old(ud_r5_npost), trid, seq, pd, vc, kind, node, src, dst, len);
*/
void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len);

/* The completion notification of the transfer on channel (pd, vc): status
 * UD_OK when every byte was acknowledged, else the error it failed with
 * (retry budget exhausted, or failed by the fault handler).
 * [A-PLAT-R5-NOTIFY] */
/*@ requires room: ud_r5_nnote < UD_R5_LOG;
    assigns ud_env \from pd, vc, kind, status;
    assigns ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
            ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
    ensures logged: ud_r5_nnote == \old(ud_r5_nnote) + 1 &&
      ud_r5_note_is(\old(ud_r5_nnote), pd, vc, kind, status);
*/
void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status);

/* ------------------------------------------------------------- fault_handler */
/* The fault handler's three doors (src/fault_handler.c; seed 004, 3.2.1-3.2.3).
 * The core decides which pages (1..4, all inside the owner's mapping, see
 * fault_handler.h) and when; the home only performs.
 *
 * The proofs record what the handler asked of the home in three ghost logs
 * (issue 17), one per door, in the style of the bus log below: ud_fh_pin_n
 * page-ins (entry i: ud_fh_pin_pdid[i], ...); ud_fh_rapf_n RAPFs; ud_fh_fail_n
 * transfers failed.  Each call appends exactly one entry carrying its
 * arguments.  The logs are ghost: no home has anything to do at run time
 * (the host home keeps its own C log for the tests).  UD_FH_LOG bounds them;
 * a caller needs room for the entries it may append (`room`): one per log
 * for ud_fh_handle, cap for ud_fh_drain -- a frame of the proof, not a fact
 * about the home (spec/ASSUMPTIONS.md, A-PLAT-FH-LOG).  1024 entries: a
 * drain of the whole 512-entry fault FIFO fits.  [A-PLAT-FH-LOG] */
#define UD_FH_LOG 1024u

/* Each log is a set of parallel ghost arrays of scalars, one per field (as
 * the bus log below): entry i of the page-in log is ud_fh_pin_pdid[i],
 * ud_fh_pin_proc[i], ...  Not an array of structs: a C struct type declared
 * in this header, which every module includes, changes the text of every
 * module's goals (docs/METHOD.md, "What invalidates the cache"). */
/*@ ghost uint32_t ud_fh_pin_n;
          uint16_t ud_fh_pin_pdid[UD_FH_LOG];
          uint8_t  ud_fh_pin_proc[UD_FH_LOG];
          uint8_t  ud_fh_pin_write[UD_FH_LOG];
          uint32_t ud_fh_pin_vpn[UD_FH_LOG];
          uint32_t ud_fh_pin_npages[UD_FH_LOG];
          uint32_t ud_fh_rapf_n;
          uint32_t ud_fh_rapf_node[UD_FH_LOG];
          uint16_t ud_fh_rapf_pdid[UD_FH_LOG];
          uint32_t ud_fh_rapf_w0[UD_FH_LOG];
          uint32_t ud_fh_rapf_w1[UD_FH_LOG];
          uint32_t ud_fh_fail_n;
          uint32_t ud_fh_fail_node[UD_FH_LOG];
          uint16_t ud_fh_fail_pdid[UD_FH_LOG];
          uint16_t ud_fh_fail_trid[UD_FH_LOG];
          uint16_t ud_fh_fail_seq[UD_FH_LOG];
          ud_status ud_fh_fail_err[UD_FH_LOG]; */

/* The locations of entry i of each log, for assigns clauses (annotation
 * macros; UD_FH_PIN_AT(0 .. UD_FH_LOG - 1) is the whole log). */
#define UD_FH_PIN_AT(i)  ud_fh_pin_pdid[i], ud_fh_pin_proc[i], \
	ud_fh_pin_write[i], ud_fh_pin_vpn[i], ud_fh_pin_npages[i]
#define UD_FH_RAPF_AT(i) ud_fh_rapf_node[i], ud_fh_rapf_pdid[i], \
	ud_fh_rapf_w0[i], ud_fh_rapf_w1[i]
#define UD_FH_FAIL_AT(i) ud_fh_fail_node[i], ud_fh_fail_pdid[i], \
	ud_fh_fail_trid[i], ud_fh_fail_seq[i], ud_fh_fail_err[i]


/*@
  // Entry i of each log as the doors write it.
  predicate ud_fh_pin_is(integer i, integer pdid, integer proc,
                         integer vpn, integer npages, integer write) =
    ud_fh_pin_pdid[i] == pdid && ud_fh_pin_proc[i] == proc &&
    ud_fh_pin_vpn[i] == vpn && ud_fh_pin_npages[i] == npages &&
    (ud_fh_pin_write[i] != 0 <==> write != 0);
  predicate ud_fh_rapf_is(integer i, integer node, integer pdid,
                          integer w0, integer w1) =
    ud_fh_rapf_node[i] == node && ud_fh_rapf_pdid[i] == pdid &&
    ud_fh_rapf_w0[i] == w0 && ud_fh_rapf_w1[i] == w1;
  predicate ud_fh_fail_is(integer i, integer node, integer pdid,
                          integer trid, integer seq, integer err) =
    ud_fh_fail_node[i] == node && ud_fh_fail_pdid[i] == pdid &&
    ud_fh_fail_trid[i] == trid && ud_fh_fail_seq[i] == seq &&
    ud_fh_fail_err[i] == err;
*/

/* Bring npages virtual pages [vpn, vpn+npages) of process proc of PD pdid
 * into memory (get_user_pages-style, for writing when write != 0).
 * UD_OK: all resident; UD_E_PLATFORM: the home could not.  Logged either
 * way (the request was made).  [A-PLAT-PAGEIN] */
/*@ requires count: 1 <= npages <= 4;
    requires room: ud_fh_pin_n < UD_FH_LOG;
    assigns ud_env \from pdid, proc, vpn, npages, write;
    assigns ud_fh_pin_n, UD_FH_PIN_AT(ud_fh_pin_n);
    ensures logged: ud_fh_pin_n == \old(ud_fh_pin_n) + 1 &&
      ud_fh_pin_is(\old(ud_fh_pin_n), pdid, proc, vpn, npages, write);
    ensures status: \result == UD_OK || \result == UD_E_PLATFORM; */
ud_status ud_plat_page_in(uint16_t pdid, uint8_t proc, uint32_t vpn,
			  uint32_t npages, bool write);

/* Post the two RAPF words (src/fault_msg.h) to node's mailbox through the
 * packetizer of PD pdid (which wires its PDID into word0).  Delivery is the
 * home's; a lost message falls back to the R5 timeout.  [A-PLAT-RAPF] */
/*@ requires room: ud_fh_rapf_n < UD_FH_LOG;
    assigns ud_env \from node, pdid, w0, w1;
    assigns ud_fh_rapf_n, UD_FH_RAPF_AT(ud_fh_rapf_n);
    ensures logged: ud_fh_rapf_n == \old(ud_fh_rapf_n) + 1 &&
      ud_fh_rapf_is(\old(ud_fh_rapf_n), node, pdid, w0, w1);
    ensures status: \result == UD_OK || \result == UD_E_PLATFORM; */
ud_status ud_plat_post_rapf(uint32_t node, uint16_t pdid, uint32_t w0, uint32_t w1);

/* Complete transaction trid (seq) of PD pdid, initiated by node, with error
 * err (UD_E_PERM or UD_E_FAULT) instead of retrying it.  [A-PLAT-FAIL] */
/*@ requires room: ud_fh_fail_n < UD_FH_LOG;
    assigns ud_env \from node, pdid, trid, seq, err;
    assigns ud_fh_fail_n, UD_FH_FAIL_AT(ud_fh_fail_n);
    ensures logged: ud_fh_fail_n == \old(ud_fh_fail_n) + 1 &&
      ud_fh_fail_is(\old(ud_fh_fail_n), node, pdid, trid, seq, err); */
void ud_plat_fail_transfer(uint32_t node, uint16_t pdid, uint16_t trid,
			   uint16_t seq, ud_status err);

/* ------------------------------------------------------------- prot */
/* The OS memory routine of seed 001 (1.2.2) for the protection core
 * (src/mr.c).  The core keeps the per-page pin count itself (pin table in
 * struct ud_prot) and calls pin on a page's first registration and unpin
 * when its last one goes; it validates every page the home returns
 * (4 KB aligned, below 2^44), so no value the home returns is trusted.
 * Homes: tests/support/plat_host_mr.c, kmod/plat_linux_mr.c,
 * firmware/plat_r5_mr.c.  [A-PROT-PAGES] [A-PROT-PIN] */

/* Physical page addresses backing the npages pages from va's page on, of
 * the calling process (seed 001 1.2.2: "returns each page's physical start
 * address").  UD_E_PLATFORM when the home cannot. */
/*@ requires n: 1 <= npages <= 16;
    requires out: \valid(page + (0 .. npages - 1));
    assigns ud_env, page[0 .. npages - 1];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
*/
ud_status ud_plat_prot_pages(uint64_t va, uint32_t npages, uint64_t *page);

/* Pin physical page `page` in memory (first registration covering it). */
/*@ assigns ud_env;
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
*/
ud_status ud_plat_prot_pin(uint64_t page);

/* Unpin it (its last registration went).  Cannot fail. */
/*@ assigns ud_env;
    ensures done: \true;
*/
void ud_plat_prot_unpin(uint64_t page);

/* ------------------------------------------------------------- mr_pin */
/* The page lists' pin door (src/mr_pin.c; docs/scale.md 2.1; seed 001
 * 1.2.4: "the verb must issue a pin request to the OS Memory Management
 * Routine, even for pages already pinned by earlier registrations").  The
 * count per page is the OS's; the core makes one pin request per entry s
 * of the page pool (src/mr_pages.h) and releases exactly that one.
 * ud_pg_pin_held[s] is 1 while entry s holds a pin, on the physical page
 * ud_pg_pin_pa[s]; the home may use s to find what it keeps for that pin.
 * The ghost arrays are sized for the largest pool the core admits.
 * [A-PLAT-PG-PIN] */
#define UD_PG_PIN_SLOTS 16777216u
/*@ ghost uint8_t  ud_pg_pin_held[UD_PG_PIN_SLOTS];
          uint64_t ud_pg_pin_pa[UD_PG_PIN_SLOTS]; */

/* Pin physical page pa for entry s (which holds no pin). */
/*@ requires slot: s < UD_PG_PIN_SLOTS;
    requires free: ud_pg_pin_held[s] == 0;
    assigns ud_env, ud_pg_pin_held[s], ud_pg_pin_pa[s];
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures pinned: \result == UD_OK ==> ud_pg_pin_held[s] == 1 && ud_pg_pin_pa[s] == pa;
    ensures refused: \result != UD_OK ==> ud_pg_pin_held[s] == 0;
*/
ud_status ud_plat_pg_pin(uint32_t s, uint64_t pa);

/* Release entry s's pin on pa.  Cannot fail. */
/*@ requires slot: s < UD_PG_PIN_SLOTS;
    requires held: ud_pg_pin_held[s] == 1 && ud_pg_pin_pa[s] == pa;
    assigns ud_env, ud_pg_pin_held[s];
    ensures released: ud_pg_pin_held[s] == 0;
*/
void ud_plat_pg_unpin(uint32_t s, uint64_t pa);

/* ------------------------------------------------------------- shadow_lib */
/* The user library's bus (src/shadow_lib.c; seed 000 Fig. 1-3): one
 * uncached 32-bit STORE or LOAD at a virtual address of the calling process
 * -- a shadow address, or algorithm 1's register-context page -- which the
 * OS mapped (src/shadow_os.c).  On hardware it is one volatile MMIO access;
 * the MMU checks it against the process's page table [A-MODEL-MMU] and the
 * engine sees (kind, physical address, data).  A store is never refused from
 * the library's view (a faulting access kills the process before it returns).
 *
 * The proofs record what the library issued in a ghost log: ud_bus_n
 * accesses, the i-th of kind ud_bus_kind[i] at ud_bus_addr[i] with the word
 * ud_bus_data[i] (stored, or returned by the load).  Homes:
 * tests/support/plat_host_shadow_lib.c, kmod/plat_linux_shadow_lib.c,
 * firmware/plat_r5_shadow_lib.c.  [A-PLAT-BUS] */
#define UD_BUS_LOG 64u
/*@ ghost uint32_t ud_bus_n;
          uint32_t ud_bus_kind[UD_BUS_LOG];
          uint64_t ud_bus_addr[UD_BUS_LOG];
          uint32_t ud_bus_data[UD_BUS_LOG]; */

/*@ requires room: ud_bus_n < UD_BUS_LOG;
    assigns ud_env, ud_bus_n, ud_bus_kind[ud_bus_n], ud_bus_addr[ud_bus_n],
            ud_bus_data[ud_bus_n];
    ensures logged: ud_bus_n == \old(ud_bus_n) + 1 &&
      ud_bus_kind[\old(ud_bus_n)] == UD_BUS_STORE &&
      ud_bus_addr[\old(ud_bus_n)] == va && ud_bus_data[\old(ud_bus_n)] == data;
*/
void ud_plat_bus_store(uint64_t va, uint32_t data);

/*@ requires room: ud_bus_n < UD_BUS_LOG;
    assigns ud_env, ud_bus_n, ud_bus_kind[ud_bus_n], ud_bus_addr[ud_bus_n],
            ud_bus_data[ud_bus_n], \result;
    ensures logged: ud_bus_n == \old(ud_bus_n) + 1 &&
      ud_bus_kind[\old(ud_bus_n)] == UD_BUS_LOAD &&
      ud_bus_addr[\old(ud_bus_n)] == va && ud_bus_data[\old(ud_bus_n)] == \result;
*/
uint32_t ud_plat_bus_load(uint64_t va);

/* ------------------------------------------------------------- xfer_packet */
/* The DMA engine's memory doors (src/xfer_packet.c): write or read n bytes at
 * physical address pa, inside one 4 KB page.  The core decides which bytes
 * and where (one access check per packet, one physical address per page);
 * the home only moves them: the host home into its simulated physical
 * memory, the kernel module through the page's kernel mapping, the firmware
 * over its AXI window.
 *
 * The proofs record every access in a ghost log (issue 17): ud_dma_n
 * accesses, the i-th at ud_dma_pa[i], ud_dma_len[i] bytes, ud_dma_wr[i] 1
 * for a store and 0 for a load.  The door writes those three; the engine
 * adds, as ghost code, the virtual address ud_dma_va[i] it translated, so
 * E-PROT is stated entry by entry.  UD_DMA_LOG bounds the log: a caller
 * needs room for the entries it may append (a frame of the proof, not a
 * fact about the home: A-PLAT-DMA-LOG).  Homes: tests/support/
 * plat_host_xfer_packet.c, kmod/plat_linux_xfer_packet.c,
 * firmware/plat_r5_xfer_packet.c.  [A-PLAT-DMA] */
#define UD_DMA_LOG 4096u
/*@ ghost uint32_t ud_dma_n;
          uint64_t ud_dma_pa[UD_DMA_LOG];
          uint32_t ud_dma_len[UD_DMA_LOG];
          uint8_t  ud_dma_wr[UD_DMA_LOG];
          uint64_t ud_dma_va[UD_DMA_LOG]; */

/*@
  // Entry i of the memory log as the doors write it.
  predicate ud_dma_is(integer i, integer pa, integer len, integer wr) =
    ud_dma_pa[i] == pa && ud_dma_len[i] == len && ud_dma_wr[i] == wr;
*/

/*@ requires n: 1 <= n <= 4096;
    requires page: pa % 4096 + n <= 4096;
    requires data: \valid_read(data + (0 .. n - 1));
    requires room: ud_dma_n < UD_DMA_LOG;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n], ud_dma_len[ud_dma_n],
            ud_dma_wr[ud_dma_n];
    ensures logged: ud_dma_n == \old(ud_dma_n) + 1 && ud_dma_is(\old(ud_dma_n), pa, n, 1);
*/
void ud_plat_dma_write(uint64_t pa, const uint8_t *data, uint32_t n);

/*@ requires n: 1 <= n <= 4096;
    requires page: pa % 4096 + n <= 4096;
    requires buf: \valid(buf + (0 .. n - 1));
    requires room: ud_dma_n < UD_DMA_LOG;
    assigns ud_env, ud_dma_n, ud_dma_pa[ud_dma_n], ud_dma_len[ud_dma_n],
            ud_dma_wr[ud_dma_n], buf[0 .. n - 1];
    ensures logged: ud_dma_n == \old(ud_dma_n) + 1 && ud_dma_is(\old(ud_dma_n), pa, n, 0);
*/
void ud_plat_dma_read(uint64_t pa, uint8_t *buf, uint32_t n);

/* ------------------------------------------------------------- xfer_wr */
/* The completion door (src/xfer_wr.c): the work request on live queue pair qp
 * of the calling node ended with status st after `len` bytes.  The home
 * queues it on the QP's completion queue.  Ghost log: ud_cq_n completions,
 * the i-th (ud_cq_qp[i], ud_cq_st[i], ud_cq_len[i]).  [A-PLAT-CQ] */
#define UD_CQ_LOG 1024u
/*@ ghost uint32_t ud_cq_n;
          uint32_t ud_cq_qp[UD_CQ_LOG];
          int32_t  ud_cq_st[UD_CQ_LOG];
          uint32_t ud_cq_len[UD_CQ_LOG]; */

/*@ requires room: ud_cq_n < UD_CQ_LOG;
    assigns ud_env, ud_cq_n, ud_cq_qp[ud_cq_n], ud_cq_st[ud_cq_n], ud_cq_len[ud_cq_n];
    ensures logged: ud_cq_n == \old(ud_cq_n) + 1 && ud_cq_qp[\old(ud_cq_n)] == qp &&
      ud_cq_st[\old(ud_cq_n)] == st && ud_cq_len[\old(ud_cq_n)] == len;
*/
void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len);

/* ------------------------------------------------------------- va_piece */
/* The page-table walk of SMMU context bank cb for one access (seed 004
 * 1.3.1.4: each context bank's page table belongs to one protection domain,
 * bank = PD; Appendix A: the TCU walks, the TBU caches), used by
 * src/va_piece.c for virtual-address transfers.  Returns a walk word,
 * PTE-like: bits [11:0] the verdict (UD_SMMU_XLATE_OK / _TF / _PF, 0 / 1 /
 * 2), bits [63:12] the physical frame number when the verdict is OK.  The
 * core validates the word (verdict <= 2, frame below 2^32, i.e. a physical
 * address below 2^44); a malformed word is taken as a translation fault.
 * Homes: host tests/support/plat_host_va_piece.c (a table per bank);
 * kernel kmod/plat_linux_va_piece.c (bank = the owning process's page
 * table as it is now, faulting nothing in: OK with the frame, TF when the
 * page is not present, PF when the VMA lacks the right; kmod/uldma_va.c);
 * R5 firmware/plat_r5_va_piece.c (the R5 has no PD's page table: every
 * walk answers a translation fault).
 *
 * Ghost log (issue 18): ud_pt_n walks, the i-th of bank ud_pt_cb[i] for
 * address ud_pt_va[i], write iff ud_pt_wnr[i], answering ud_pt_res[i].  The
 * memory log above gains ud_dma_w[i]: the index of the walk entry i of the
 * memory log was made under (written in ghost code by the engine, as
 * ud_dma_va is).  Parallel scalar arrays on purpose (docs/METHOD.md, "What
 * invalidates the cache").  [A-PLAT-PTW] */
#define UD_PT_LOG 4096u
/*@ ghost uint32_t ud_pt_n;
          uint8_t  ud_pt_cb[UD_PT_LOG];
          uint64_t ud_pt_va[UD_PT_LOG];
          uint8_t  ud_pt_wnr[UD_PT_LOG];
          uint64_t ud_pt_res[UD_PT_LOG];
          uint32_t ud_dma_w[UD_DMA_LOG]; */

/*@ requires bank: cb < 16;           // the log's uint8_t holds it: a total contract
    requires room: ud_pt_n < UD_PT_LOG;
    assigns ud_env, ud_pt_n, ud_pt_cb[ud_pt_n], ud_pt_va[ud_pt_n], ud_pt_wnr[ud_pt_n],
            ud_pt_res[ud_pt_n], \result;
    ensures logged: ud_pt_n == \old(ud_pt_n) + 1 &&
      ud_pt_cb[\old(ud_pt_n)] == cb && ud_pt_va[\old(ud_pt_n)] == va &&
      ud_pt_wnr[\old(ud_pt_n)] == (wnr ? 1 : 0) && ud_pt_res[\old(ud_pt_n)] == \result;
*/
uint64_t ud_plat_pt_walk(uint32_t cb, uint64_t va, bool wnr);

/* ------------------------------------------------------------- send_mode */
/* The page doors of the send modes (src/send_mode.c; seed 003 2.1): copy a
 * page to the NI, to the DMA buffer or -- copy-on-write -- to a fresh page
 * the owner's virtual page is then remapped to; pin a page; mark or clear a
 * page copy-on-write; give a frame back (free a copy, unpin, or unpin and
 * release to the free-page pool).  Frames are physical page numbers as the
 * home names them; UD_SM_NOFRAME is none.  The core validates what a copy
 * returns (not NOFRAME, not the source frame); nothing else is returned.
 * Homes: tests/support/plat_host_send_mode.c (real 4 KB pages, per-frame
 * pin and COW books), kmod/plat_linux_send_mode.c and
 * firmware/plat_r5_send_mode.c (stubs: every copy and pin refused).
 *
 * Ghost log: ud_sm_n calls, the i-th of kind ud_sm_op[i] on frame
 * ud_sm_fr[i] with argument ud_sm_arg[i] (pool, on/off, how) and result
 * ud_sm_res[i] (the copy's frame; 0/1 for a pin's OK/refused).  Parallel
 * scalar arrays (docs/METHOD.md, "What invalidates the cache").
 * [A-PLAT-SM] */
#define UD_SM_LOG 1024u
#define UD_SM_NOFRAME 0xFFFFFFFFu
#define UD_SM_OP_COPY 1u
#define UD_SM_OP_PIN  2u
#define UD_SM_OP_COW  3u
#define UD_SM_OP_PUT  4u
#define UD_SM_TO_NI     0u   /* PIO: into the NI's send memory              */
#define UD_SM_TO_DMABUF 1u   /* CopyDMA: into a page of the DMA buffer      */
#define UD_SM_TO_USER   2u   /* COW: a fresh page the owner's page now maps */
#define UD_SM_PUT_FREE    0u /* free a copy (NI slot, DMA-buffer page)      */
#define UD_SM_PUT_UNPIN   1u /* unpin a user page                           */
#define UD_SM_PUT_RELEASE 2u /* unpin and release to the free-page pool     */
/*@ ghost uint32_t ud_sm_n;
          uint8_t  ud_sm_op[UD_SM_LOG];
          uint32_t ud_sm_fr[UD_SM_LOG];
          uint32_t ud_sm_arg[UD_SM_LOG];
          uint32_t ud_sm_res[UD_SM_LOG]; */

/* Copy page `frame` into a fresh page of pool `to`; its frame, or
 * UD_SM_NOFRAME when the home has none.  For UD_SM_TO_USER the owner's
 * virtual page maps the copy from now on. */
/*@ requires room: ud_sm_n < UD_SM_LOG;
    assigns ud_env, ud_sm_n, ud_sm_op[ud_sm_n], ud_sm_fr[ud_sm_n], ud_sm_arg[ud_sm_n],
            ud_sm_res[ud_sm_n], \result;
    ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
      ud_sm_op[\old(ud_sm_n)] == UD_SM_OP_COPY && ud_sm_fr[\old(ud_sm_n)] == frame &&
      ud_sm_arg[\old(ud_sm_n)] == to && ud_sm_res[\old(ud_sm_n)] == \result;
*/
uint32_t ud_plat_sm_copy(uint32_t frame, uint32_t to);

/* Pin page `frame` (unpageable while the NI reads it). */
/*@ requires room: ud_sm_n < UD_SM_LOG;
    assigns ud_env, ud_sm_n, ud_sm_op[ud_sm_n], ud_sm_fr[ud_sm_n], ud_sm_arg[ud_sm_n],
            ud_sm_res[ud_sm_n], \result;
    ensures codes: \result == UD_OK || \result == UD_E_PLATFORM;
    ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
      ud_sm_op[\old(ud_sm_n)] == UD_SM_OP_PIN && ud_sm_fr[\old(ud_sm_n)] == frame &&
      ud_sm_arg[\old(ud_sm_n)] == 0 && ud_sm_res[\old(ud_sm_n)] == (\result == UD_OK ? 0 : 1);
*/
ud_status ud_plat_sm_pin(uint32_t frame);

/* Mark page `frame` copy-on-write (on = 1) or clear the mark (on = 0). */
/*@ requires room: ud_sm_n < UD_SM_LOG;
    assigns ud_env, ud_sm_n, ud_sm_op[ud_sm_n], ud_sm_fr[ud_sm_n], ud_sm_arg[ud_sm_n],
            ud_sm_res[ud_sm_n];
    ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
      ud_sm_op[\old(ud_sm_n)] == UD_SM_OP_COW && ud_sm_fr[\old(ud_sm_n)] == frame &&
      ud_sm_arg[\old(ud_sm_n)] == on && ud_sm_res[\old(ud_sm_n)] == 0;
*/
void ud_plat_sm_cow(uint32_t frame, uint32_t on);

/* Give frame back: UD_SM_PUT_FREE / _UNPIN / _RELEASE (cannot fail). */
/*@ requires room: ud_sm_n < UD_SM_LOG;
    assigns ud_env, ud_sm_n, ud_sm_op[ud_sm_n], ud_sm_fr[ud_sm_n], ud_sm_arg[ud_sm_n],
            ud_sm_res[ud_sm_n];
    ensures logged: ud_sm_n == \old(ud_sm_n) + 1 &&
      ud_sm_op[\old(ud_sm_n)] == UD_SM_OP_PUT && ud_sm_fr[\old(ud_sm_n)] == frame &&
      ud_sm_arg[\old(ud_sm_n)] == how && ud_sm_res[\old(ud_sm_n)] == 0;
*/
void ud_plat_sm_put(uint32_t frame, uint32_t how);

/* ---------------------------------------------------------------- va_rx */
/* The reply door of the receive engine (src/va_rx.c; seed 004 3.2.3): one
 * ACK or PF-NACK for (trid, seq) to node's R5 mailbox, or lost (the R5's
 * timeout covers a loss).  kind: UD_VA_REP_ACK (1) or UD_VA_REP_PFNACK (3),
 * src/va_rx.h.  Homes: host tests/support/plat_host_va_rx.c (a log of the
 * replies), kernel kmod/plat_linux_va_rx.c (this machine's R5 mailbox,
 * kmod/uldma_va.c), R5 firmware/plat_r5_va_rx.c (the engine does not run
 * on the R5: a reply is dropped and counted).
 *
 * Ghost log: ud_rep_n replies, the i-th to node ud_rep_node[i] for
 * (ud_rep_trid[i], ud_rep_seq[i]), of kind ud_rep_kind[i].  Parallel scalar
 * arrays (docs/METHOD.md, "What invalidates the cache").
 * [A-PLAT-VA-REPLY] */
#define UD_REP_LOG 4096u
/*@ ghost uint32_t ud_rep_n;
          uint32_t ud_rep_node[UD_REP_LOG];
          uint16_t ud_rep_trid[UD_REP_LOG];
          uint16_t ud_rep_seq[UD_REP_LOG];
          uint8_t  ud_rep_kind[UD_REP_LOG]; */

/*@ requires room: ud_rep_n < UD_REP_LOG;
    assigns ud_env, ud_rep_n, ud_rep_node[ud_rep_n], ud_rep_trid[ud_rep_n],
            ud_rep_seq[ud_rep_n], ud_rep_kind[ud_rep_n];
    ensures logged: ud_rep_n == \old(ud_rep_n) + 1 &&
      ud_rep_node[\old(ud_rep_n)] == node && ud_rep_trid[\old(ud_rep_n)] == trid &&
      ud_rep_seq[\old(ud_rep_n)] == seq && ud_rep_kind[\old(ud_rep_n)] == kind;
*/
void ud_plat_va_reply(uint32_t node, uint16_t trid, uint16_t seq, uint8_t kind);

#endif /* UD_PLATFORM_H */
