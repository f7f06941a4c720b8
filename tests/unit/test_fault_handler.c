/* uldma-links: fault_handler fault_policy fault_drain fault_fifo fault_msg */
/*
 * Unit tests of src/fault_handler.c (seed 004_2c0be60bc8bfaeb5.txt, 3.2.1-
 * 3.2.3, Fig. 3.2, Fig. 4.2).  The host home (tests/support/
 * plat_host_fault_handler.c) logs every page-in, RAPF and failed transfer,
 * so each test asserts exactly what the handler asked of the home.  RAPF
 * words are worked out by hand from the 3.2.3.3 layout.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "fault_drain.h"
#include "fault_policy.h"
#include "fault_msg.h"
#include "plat_host_fault_handler.h"

static struct ud_fh h;
static struct ud_fh_map map;

static void setup(bool ahead)
{
	ud_host_fh_reset();
	ud_fh_init(&h, ahead);
	ud_fh_map_init(&map);
}

static struct ud_fh_fault dst(uint32_t node, uint16_t trid, uint16_t seq,
			      uint16_t pdid, uint8_t proc, uint32_t vpn)
{
	struct ud_fh_fault f = { node, trid, seq, pdid, proc, UD_FH_DIR_DST, vpn };
	return f;
}

/* The host home's three logs hold exactly np page-ins, nr RAPFs and nf
 * failures (a macro: a failure reports the caller's line). */
#define CK_LOGGED(np, nr, nf) do { \
	ck_assert_uint_eq(ud_host_fh.npagein, (np)); \
	ck_assert_uint_eq(ud_host_fh.nrapf, (nr)); \
	ck_assert_uint_eq(ud_host_fh.nfail, (nf)); \
} while (0)

/* The fault completed its transfer with err: nothing paged in, no RAPF,
 * and the home's first failure report names the transfer (node, trid, seq). */
static void ck_failed_first(const struct ud_fh_action *a, uint32_t node,
			    uint16_t trid, uint16_t seq, ud_status err)
{
	ck_assert_uint_eq(a->outcome, UD_FH_OUT_FAILED);
	ck_assert_int_eq(a->err, err);
	ck_assert_uint_eq(a->npages, 0);
	ck_assert_uint_eq(a->rtx, 0);
	ck_assert_uint_eq(ud_host_fh.fail[0].node, node);
	ck_assert_uint_eq(ud_host_fh.fail[0].trid, trid);
	ck_assert_uint_eq(ud_host_fh.fail[0].seq, seq);
	ck_assert_int_eq(ud_host_fh.fail[0].err, err);
}

/* Touch-Ahead stops at the end of the 16 KB block: fault at page 0x1002
 * (offset 2 in block 0x1000..0x1003) in a 16-page RW mapping -> pages
 * 0x1002 and 0x1003 only.  RAPF for pdid 3, trid 1, seq 5:
 *   word0 = 2 + 3*4 + 1 << 18 = 0x0004000E;  word1 = 5 + 3 << 14 = 0xC005. */
START_TEST(ahead_end_of_block)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 0, 3, 0x1000, 16), UD_OK);
	struct ud_fh_fault f = dst(0x2ABCDE, 1, 5, 3, 0, 0x1002);
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(a.vpn, 0x1002);
	ck_assert_uint_eq(a.npages, 2);
	ck_assert_uint_eq(ud_host_fh.npagein, 1);
	ck_assert_uint_eq(ud_host_fh.pagein[0].vpn, 0x1002);
	ck_assert_uint_eq(ud_host_fh.pagein[0].npages, 2);
	ck_assert(ud_host_fh.pagein[0].write);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	ck_assert_uint_eq(ud_host_fh.rapf[0].node, 0x2ABCDE);
	ck_assert_uint_eq(ud_host_fh.rapf[0].w0, 0x0004000Eu);
	ck_assert_uint_eq(ud_host_fh.rapf[0].w1, 0x0000C005u);
	/* and the words decode as the fault's trid, seq, PDID */
	struct ud_rtx_msg m;
	ck_assert_int_eq(ud_rtx_decode(a.w0, a.w1, &m), UD_OK);
	ck_assert_uint_eq(m.trid, 1);
	ck_assert_uint_eq(m.seq, 5);
	ck_assert_uint_eq(m.pdid, 3);
	ck_assert_uint_eq(m.wired_pdid, 3);
	ck_assert_uint_eq(ud_host_fh.nfail, 0);
	/* a block-aligned fault gets all 4 pages */
	f = dst(0x2ABCDE, 2, 6, 3, 0, 0x1004);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.npages, 4);
	ck_assert_uint_eq(ud_host_fh.pagein[1].npages, 4);
}
END_TEST

/* Touch-Ahead stops at the end of the mapping: 2 pages mapped at 0x2000,
 * fault at 0x2000 -> 0x2000, 0x2001 (0x2002 is in the block, not mapped). */
START_TEST(ahead_end_of_mapping)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 0, 3, 0x2000, 2), UD_OK);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 1, 3, 0x2002, 2), UD_OK); /* other process */
	ck_assert_int_eq(ud_fh_map_add(&map, 4, 0, 3, 0x2002, 2), UD_OK); /* other PD */
	struct ud_fh_fault f = dst(7, 1, 1, 3, 0, 0x2000);
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.npages, 2);
	ck_assert_uint_eq(ud_host_fh.pagein[0].npages, 2);
	/* a read-only page ends the run for a write fault too */
	ck_assert_int_eq(ud_fh_map_add(&map, 5, 0, 3, 0x3000, 1), UD_OK);
	ck_assert_int_eq(ud_fh_map_add(&map, 5, 0, 1, 0x3001, 3), UD_OK);
	f = dst(7, 2, 1, 5, 0, 0x3000);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.npages, 1);
}
END_TEST

START_TEST(touch_a_page)
{
	setup(false);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 0, 3, 0x1000, 16), UD_OK);
	struct ud_fh_fault f = dst(1, 1, 1, 3, 0, 0x1000);
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.npages, 1);
	ck_assert_uint_eq(ud_host_fh.pagein[0].npages, 1);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	/* the next page of the same block is a new fault in this mode */
	f.vpn = 0x1001;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_uint_eq(ud_host_fh.nrapf, 2);
}
END_TEST

/* A write fault on a read-only page completes the transfer with UD_E_PERM:
 * no page-in, no RAPF, one failure; the same fault again is a duplicate. */
START_TEST(permission_fault)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 2, 0, 1, 0x500, 4), UD_OK);
	struct ud_fh_fault f = dst(9, 11, 12, 2, 0, 0x501);
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	CK_LOGGED(0, 0, 1);
	ck_failed_first(&a, 9, 11, 12, UD_E_PERM);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_E_STALE);
	ck_assert_uint_eq(ud_host_fh.nfail, 1);
	/* a read (source) fault on the same page is allowed */
	f.dir = UD_FH_DIR_SRC; f.trid = 13;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_RETRY);
	ck_assert(!ud_host_fh.pagein[0].write);
	ck_assert_uint_eq(a.npages, 3);   /* 0x501..0x503 */
}
END_TEST

/* The dedup history records the direction (issue 17, FAULT-H-13): a write
 * fault on a read-only page that follows a read fault of the same node,
 * trid, seq, PDID, process and page is not a duplicate -- it fails with
 * UD_E_PERM -- while the same fault in the same direction still is. */
START_TEST(dedup_direction)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 2, 0, UD_FH_R_READ, 0x500, 4), UD_OK);
	struct ud_fh_fault rd = { 9, 11, 12, 2, 0, UD_FH_DIR_SRC, 0x501 };
	struct ud_fh_fault wr = rd;
	wr.dir = UD_FH_DIR_DST;
	struct ud_fh_action a;
	/* the read fault is handled: pages 0x501..0x503 (to the block end) */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &rd, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(a.npages, 3);
	ck_assert_uint_eq(ud_host_fh.npagein, 1);
	ck_assert(!ud_host_fh.pagein[0].write);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	ck_assert(ud_fh_dup(&h, &rd));
	ck_assert(!ud_fh_dup(&h, &wr));   /* same key but the direction */
	/* the write fault on the same page: UD_E_PERM, not skipped */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &wr, &a), UD_OK);
	ck_assert_uint_eq(ud_host_fh.nfail, 1);
	ck_failed_first(&a, 9, 11, 12, UD_E_PERM);
	ck_assert_uint_eq(ud_host_fh.npagein, 1);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	/* true duplicates (same direction) are still skipped: both are in
	 * node 9's two-entry history now */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &wr, &a), UD_E_STALE);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_DUP);
	ck_assert_uint_eq(a.rtx, 0);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &rd, &a), UD_E_STALE);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_DUP);
	rd.vpn = 0x503;   /* a later page of the read's run: a duplicate too */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &rd, &a), UD_E_STALE);
	CK_LOGGED(1, 1, 1);

	/* the other way round on a write-only page: write handled, then a
	 * read of the same transfer and page fails with UD_E_PERM */
	setup(false);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 1, UD_FH_R_WRITE, 0x700, 1), UD_OK);
	struct ud_fh_fault w2 = { 4, 7, 8, 3, 1, UD_FH_DIR_DST, 0x700 };
	struct ud_fh_fault r2 = w2;
	r2.dir = UD_FH_DIR_SRC;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &w2, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_RETRY);
	ck_assert(ud_host_fh.pagein[0].write);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &r2, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_FAILED);
	ck_assert_int_eq(a.err, UD_E_PERM);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &w2, &a), UD_E_STALE);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &r2, &a), UD_E_STALE);
	CK_LOGGED(1, 1, 1);
}
END_TEST

/* Fig. 3.2: a stale fault names a page the process no longer maps (a
 * previous iteration's buffer).  Nothing is touched; the transfer fails. */
START_TEST(segfault_scenario_impossible)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 3, 0x800, 1), UD_OK);
	struct ud_fh_fault f = dst(4, 1, 1, 1, 0, 0x7FF);  /* previous iteration */
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_FAILED);
	ck_assert_int_eq(a.err, UD_E_FAULT);
	ck_assert_uint_eq(ud_host_fh.npagein, 0);
	ck_assert_uint_eq(ud_host_fh.nrapf, 0);
	/* the mapped page's block-mates 0x801..0x803 are never touched */
	f = dst(4, 2, 1, 1, 0, 0x800);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert_uint_eq(a.npages, 1);
	ck_assert_uint_eq(ud_host_fh.pagein[0].vpn, 0x800);
	ck_assert_uint_eq(ud_host_fh.pagein[0].npages, 1);
}
END_TEST

/* Fig. 4.2: two blocks of one source come interleaved in the FIFO.  Only
 * the first entry of each is handled; a third block pushes the first out
 * of the two-entry history. */
START_TEST(dedup_interleaving)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 0, 3, 0x100, 64), UD_OK);
	struct ud_fh_fault A = dst(5, 1, 10, 3, 0, 0x100);
	struct ud_fh_fault B = dst(5, 2, 20, 3, 0, 0x104);
	struct ud_fh_fault C = dst(5, 3, 30, 3, 0, 0x108);
	struct ud_fh_fault A2 = A; A2.vpn = 0x102;   /* a later packet of block A */
	struct ud_fh_fault other = A; other.node = 6; /* another source node */
	struct ud_fh_action a;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &A, &a), UD_OK);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &B, &a), UD_OK);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &A, &a), UD_E_STALE);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_DUP);
	ck_assert_uint_eq(a.rtx, 0);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &B, &a), UD_E_STALE);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &A2, &a), UD_E_STALE);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &B, &a), UD_E_STALE);
	ck_assert_uint_eq(ud_host_fh.nrapf, 2);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &other, &a), UD_OK);
	ck_assert_uint_eq(ud_host_fh.nrapf, 3);
	/* a retransmission carries a new sequence number: not a duplicate */
	struct ud_fh_fault A3 = A; A3.seq = 11;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &A3, &a), UD_OK);
	/* history of node 5 is now [A3, B]; C then pushes B out */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &C, &a), UD_OK);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &A3, &a), UD_E_STALE);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &B, &a), UD_OK);
	ck_assert_uint_eq(ud_host_fh.nrapf, 6);
}
END_TEST

START_TEST(pagein_failure_and_bad_input)
{
	setup(true);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 0, 3, 0x100, 4), UD_OK);
	struct ud_fh_fault f = dst(5, 1, 10, 3, 0, 0x100);
	struct ud_fh_action a;
	struct ud_fh before = h;
	ud_host_fh.pagein_fails = true;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_E_PLATFORM);
	ck_assert_uint_eq(a.outcome, UD_FH_OUT_PAGEIN_ERR);
	ck_assert_uint_eq(ud_host_fh.nrapf, 0);
	ck_assert(memcmp(&h, &before, sizeof h) == 0);
	ud_host_fh.pagein_fails = false;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);  /* handled again */
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	/* out-of-range faults: state and action untouched, nothing asked */
	before = h;
	struct ud_fh_fault bad[6] = { f, f, f, f, f, f };
	bad[0].node = 0x400000; bad[1].trid = 0x4000; bad[2].seq = 0x4000;
	bad[3].proc = 16; bad[4].vpn = 0x8000000; bad[5].dir = 2;
	for (int i = 0; i < 6; i++) {
		struct ud_fh_action b, b0;
		memset(&b, 0x33, sizeof b);
		b0 = b;
		ck_assert_int_eq(ud_fh_handle(&h, &map, &bad[i], &b), UD_E_RANGE);
		ck_assert(memcmp(&b, &b0, sizeof b) == 0);
	}
	ck_assert(memcmp(&h, &before, sizeof h) == 0);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	/* mapping table: bad entries and a full table */
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 0, 0, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 4, 0, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 16, 1, 0, 1), UD_E_RANGE);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 1, 0, 0), UD_E_RANGE);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 1, 0x7FFFFFF, 2), UD_E_RANGE);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 1, 0x7FFFFFF, 1), UD_OK);
	while (map.n < UD_FH_MAP_MAX)
		ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 1, 0, 1), UD_OK);
	ck_assert_int_eq(ud_fh_map_add(&map, 1, 0, 1, 0, 1), UD_E_NOSPC);
	ck_assert_uint_eq(map.n, UD_FH_MAP_MAX);
}
END_TEST

/* The tasklet: entries pushed into the real fault FIFO (src/fault_fifo.c)
 * are popped LOW-then-HIGH and handled as destination faults. */
START_TEST(drain_fifo)
{
	static struct ud_ff ff;
	setup(true);
	ud_ff_init(&ff);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 2, 3, 0x100, 64), UD_OK);
	struct ud_ff_entry e1 = { 5, 1, 10, 3, 2, 0x100, 0 };
	struct ud_ff_entry e2 = { 5, 2, 20, 3, 2, 0x104, 0 };
	struct ud_ff_entry e3 = { 5, 1, 10, 3, 2, 0x101, 0 };  /* block 1 again */
	struct ud_ff_entry e4 = { 5, 9, 90, 3, 2, 0x900, 0 };  /* unmapped */
	ck_assert_int_eq(ud_ff_push(&ff, &e1), UD_OK);
	ck_assert_int_eq(ud_ff_push(&ff, &e2), UD_OK);
	ck_assert_int_eq(ud_ff_push(&ff, &e3), UD_OK);
	ck_assert_int_eq(ud_ff_push(&ff, &e4), UD_OK);
	/* a half-done read (LOW only) before the tasklet runs */
	uint64_t w;
	ck_assert_int_eq(ud_ff_read_lo(&ff, &w), UD_OK);
	struct ud_fh_action acts[3];
	uint32_t n = 99;
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 3, &n), UD_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(ff.count, 1);
	ck_assert_uint_eq(acts[0].outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(acts[0].msg.trid, 1);
	ck_assert_uint_eq(acts[0].npages, 4);
	ck_assert_uint_eq(acts[1].outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(acts[1].msg.trid, 2);
	ck_assert_uint_eq(acts[2].outcome, UD_FH_OUT_DUP);
	ck_assert_uint_eq(ud_host_fh.pagein[0].proc, 2);
	ck_assert(ud_host_fh.pagein[0].write);
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 3, &n), UD_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ff.count, 0);
	ck_assert_uint_eq(acts[0].outcome, UD_FH_OUT_FAILED);
	ck_assert_int_eq(acts[0].err, UD_E_FAULT);
	ck_assert_uint_eq(ud_host_fh.nrapf, 2);
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 3, &n), UD_OK);
	ck_assert_uint_eq(n, 0);
}
END_TEST

/* A mapping table found ill formed (outside the drain's contract, which
 * requires it well formed): the entry is still popped and completes with
 * UD_E_STATE; nothing is paged in, no RAPF, the handler's history is kept. */
START_TEST(drain_bad_map)
{
	static struct ud_ff ff;
	setup(true);
	ud_ff_init(&ff);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 2, 3, 0x100, 64), UD_OK);
	map.e[0].rights = 0;  /* corrupt: no rights */
	struct ud_ff_entry e1 = { 5, 1, 10, 3, 2, 0x100, 0 };
	ck_assert_int_eq(ud_ff_push(&ff, &e1), UD_OK);
	struct ud_fh_action acts[2];
	uint32_t n = 99;
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 2, &n), UD_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ff.count, 0);
	ck_assert_uint_eq(acts[0].outcome, UD_FH_OUT_FAILED);
	ck_assert_int_eq(acts[0].err, UD_E_STATE);
	ck_assert_uint_eq(acts[0].npages, 0);
	ck_assert_uint_eq(acts[0].rtx, 0);
	ck_assert_uint_eq(ud_host_fh.nrapf, 0);
	ck_assert_uint_eq(ud_host_fh.npagein, 0);
	map.n = UD_FH_MAP_MAX + 1;  /* corrupt: count past the table */
	map.e[0].rights = 3;
	struct ud_ff_entry e2 = { 5, 1, 11, 3, 2, 0x100, 0 };  /* not a repeat */
	ck_assert_int_eq(ud_ff_push(&ff, &e2), UD_OK);
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 2, &n), UD_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(acts[0].err, UD_E_STATE);
	ck_assert_uint_eq(ud_host_fh.nrapf, 0);
}
END_TEST

/* The effects, as the contracts over the doors' ghost logs state them
 * (issue 17; ud_fh_handle:paged, rapf_logged, fail_logged, no_log, which):
 * each outcome asks the home for exactly its entries, carrying the fault's
 * own PD, process, pages, node, trid and seq, and the action names the
 * fault it handled.  Words by hand: pdid 7, trid 3, seq 9 ->
 *   word0 = 2 + 7*4 + 3 << 18 = 0x000C001E;  word1 = 9 + 7 << 14 = 0x1C009. */
START_TEST(effects_logged)
{
	setup(false);   /* Touch-A-Page */
	ck_assert_int_eq(ud_fh_map_add(&map, 7, 4, 2, 0x40, 4), UD_OK);   /* write only */
	struct ud_fh_fault f = dst(0x123, 3, 9, 7, 4, 0x41);
	struct ud_fh_action a;
	/* page_in, UD_OK: one page-in entry, then one RAPF, no failure */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_OK);
	ck_assert(memcmp(&a.fault, &f, sizeof f) == 0);
	ck_assert_uint_eq(ud_host_fh.npagein, 1);
	ck_assert_uint_eq(ud_host_fh.pagein[0].pdid, 7);
	ck_assert_uint_eq(ud_host_fh.pagein[0].proc, 4);
	ck_assert_uint_eq(ud_host_fh.pagein[0].vpn, 0x41);
	ck_assert_uint_eq(ud_host_fh.pagein[0].npages, 1);
	ck_assert(ud_host_fh.pagein[0].write);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	ck_assert_uint_eq(ud_host_fh.rapf[0].node, 0x123);
	ck_assert_uint_eq(ud_host_fh.rapf[0].pdid, 7);
	ck_assert_uint_eq(ud_host_fh.rapf[0].w0, 0x000C001Eu);
	ck_assert_uint_eq(ud_host_fh.rapf[0].w1, 0x0001C009u);
	ck_assert_uint_eq(ud_host_fh.nfail, 0);
	/* duplicate: nothing asked */
	ck_assert_int_eq(ud_fh_handle(&h, &map, &f, &a), UD_E_STALE);
	ck_assert(memcmp(&a.fault, &f, sizeof f) == 0);
	CK_LOGGED(1, 1, 0);
	/* page-in refused: the page-in entry, no RAPF, no failure */
	struct ud_fh_fault g = dst(0x123, 3, 10, 7, 4, 0x42);
	ud_host_fh.pagein_fails = true;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &g, &a), UD_E_PLATFORM);
	ud_host_fh.pagein_fails = false;
	ck_assert(memcmp(&a.fault, &g, sizeof g) == 0);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_uint_eq(ud_host_fh.pagein[1].vpn, 0x42);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	ck_assert_uint_eq(ud_host_fh.nfail, 0);
	/* perm (a read of the write-only page): exactly one failure */
	struct ud_fh_fault r = g;
	r.dir = UD_FH_DIR_SRC;
	ck_assert_int_eq(ud_fh_handle(&h, &map, &r, &a), UD_OK);
	ck_assert(memcmp(&a.fault, &r, sizeof r) == 0);
	ck_assert_uint_eq(ud_host_fh.nfail, 1);
	ck_assert_uint_eq(ud_host_fh.fail[0].node, 0x123);
	ck_assert_uint_eq(ud_host_fh.fail[0].pdid, 7);
	ck_assert_uint_eq(ud_host_fh.fail[0].trid, 3);
	ck_assert_uint_eq(ud_host_fh.fail[0].seq, 10);
	ck_assert_int_eq(ud_host_fh.fail[0].err, UD_E_PERM);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
	/* outside (another process): exactly one failure, UD_E_FAULT */
	struct ud_fh_fault o = dst(0x55, 4, 11, 7, 5, 0x41);
	ck_assert_int_eq(ud_fh_handle(&h, &map, &o, &a), UD_OK);
	ck_assert_uint_eq(ud_host_fh.nfail, 2);
	ck_assert_uint_eq(ud_host_fh.fail[1].node, 0x55);
	ck_assert_uint_eq(ud_host_fh.fail[1].trid, 4);
	ck_assert_uint_eq(ud_host_fh.fail[1].seq, 11);
	ck_assert_int_eq(ud_host_fh.fail[1].err, UD_E_FAULT);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_uint_eq(ud_host_fh.nrapf, 1);
}
END_TEST

/* The drain's acts[k] is the handling of the k-th entry popped, and the
 * logs grow by exactly the entries those handlings account for (FAULT-H-19,
 * proved as ud_fh_drain:which and :tally, tested here and by
 * fuzz_fault_drain): retry, duplicate, unmapped, retry -> 2 page-ins,
 * 2 RAPFs, 1 failure. */
START_TEST(drain_in_order)
{
	static struct ud_ff ff;
	setup(true);
	ud_ff_init(&ff);
	ck_assert_int_eq(ud_fh_map_add(&map, 3, 2, 3, 0x100, 64), UD_OK);
	struct ud_ff_entry e[4] = {
		{ 5, 1, 10, 3, 2, 0x100, 0 },
		{ 5, 1, 10, 3, 2, 0x102, 0 },   /* inside the first run: duplicate */
		{ 6, 2, 20, 3, 2, 0x900, 0 },   /* unmapped */
		{ 7, 3, 30, 3, 2, 0x105, 0 },
	};
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(ud_ff_push(&ff, &e[i]), UD_OK);
	struct ud_fh_action acts[4];
	uint32_t n = 99;
	ck_assert_int_eq(ud_fh_drain(&h, &ff, &map, acts, 4, &n), UD_OK);
	ck_assert_uint_eq(n, 4);
	for (int k = 0; k < 4; k++) {
		ck_assert_uint_eq(acts[k].fault.node, e[k].src_id);
		ck_assert_uint_eq(acts[k].fault.trid, e[k].tr_id);
		ck_assert_uint_eq(acts[k].fault.seq, e[k].seq);
		ck_assert_uint_eq(acts[k].fault.pdid, e[k].pdid);
		ck_assert_uint_eq(acts[k].fault.proc, e[k].proc);
		ck_assert_uint_eq(acts[k].fault.vpn, e[k].vpn);
		ck_assert_uint_eq(acts[k].fault.dir, UD_FH_DIR_DST);
	}
	ck_assert_uint_eq(acts[0].outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(acts[1].outcome, UD_FH_OUT_DUP);
	ck_assert_uint_eq(acts[2].outcome, UD_FH_OUT_FAILED);
	ck_assert_uint_eq(acts[3].outcome, UD_FH_OUT_RETRY);
	ck_assert_uint_eq(ud_host_fh.npagein, 2);
	ck_assert_uint_eq(ud_host_fh.pagein[0].vpn, 0x100);
	ck_assert_uint_eq(ud_host_fh.pagein[1].vpn, 0x105);
	ck_assert_uint_eq(ud_host_fh.pagein[1].npages, 3);   /* 0x105..0x107 */
	ck_assert_uint_eq(ud_host_fh.nrapf, 2);
	ck_assert_uint_eq(ud_host_fh.rapf[0].node, 5);
	ck_assert_uint_eq(ud_host_fh.rapf[1].node, 7);
	ck_assert_uint_eq(ud_host_fh.rapf[1].w0, acts[3].w0);
	ck_assert_uint_eq(ud_host_fh.nfail, 1);
	ck_assert_uint_eq(ud_host_fh.fail[0].node, 6);
	ck_assert_uint_eq(ud_host_fh.fail[0].trid, 2);
	ck_assert_int_eq(ud_host_fh.fail[0].err, UD_E_FAULT);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fault_handler");
	TCase *tc = tcase_create("policy");
	tcase_add_test(tc, ahead_end_of_block);
	tcase_add_test(tc, ahead_end_of_mapping);
	tcase_add_test(tc, touch_a_page);
	tcase_add_test(tc, permission_fault);
	tcase_add_test(tc, dedup_direction);
	tcase_add_test(tc, segfault_scenario_impossible);
	tcase_add_test(tc, dedup_interleaving);
	tcase_add_test(tc, pagein_failure_and_bad_input);
	tcase_add_test(tc, drain_fifo);
	tcase_add_test(tc, drain_bad_map);
	tcase_add_test(tc, effects_logged);
	tcase_add_test(tc, drain_in_order);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
