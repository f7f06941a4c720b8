// SPDX-License-Identifier: MIT
/*
 * tests/board/uldma_sendmode_test.c -- the five send modes of seed 003
 * through uldma.ko (ABI 9, SEND_MODE; kmod/uldma_sm.c; docs/send-modes.md
 * "The kernel home").  One context, loopback (a QP sends to itself or to
 * a second QP of the same file); the NI is the module's engine thread,
 * held with debugfs engine_pause whenever an outcome depends on when it
 * reads, so no check depends on timing.
 *
 *   - each mode, untouched: a whole page and an unaligned piece arrive
 *     byte-exact;
 *   - the reuse rule: the buffer written right after SEND returned, with
 *     the NI held: PIO, CopyDMA (ordinary memory and the DMA buffer),
 *     PEXDMA (the DMA buffer: one COW copy, the writer sees its write;
 *     ordinary memory: the snapshot at the call) deliver the bytes of the
 *     call and DMA-Ready says 1 in flight; DirectDMA and V2PDMA say 0 in
 *     flight, 1 after the completion, and deliver the written bytes (the
 *     seed's non-classical semantics, certain here because the NI is
 *     held); V2PDMA holds its pin exactly while in flight; a PEXDMA page
 *     not written costs no copy, nor does a write after the completion;
 *   - the receiver: V2PDMA without a posted buffer or with one too small
 *     ENOSPC (nothing written), with one: straight into it, bytes around
 *     untouched; DirectDMA with an inbound mapping straight into it (kept
 *     for the next message), without: buffered; PEXDMA receive memory page
 *     aligned: EXCHANGE decided, else COPY; PIO as receive mode EINVAL;
 *     RECV on nothing ENODATA, too small EMSGSIZE (the message stays);
 *   - bad input, each refused with its errno and nothing changed (no
 *     completion, nothing in flight, nothing pinned, a send after it
 *     fine): mode 5, length 0, 4097, a range crossing a page, DirectDMA
 *     outside the DMA buffer (ENXIO), unmapped and PROT_NONE buffers
 *     (EFAULT), another QP (ENOENT), flags, an unknown op, a second send
 *     of a DMA-buffer page in flight (EBUSY), a private or too long DMA
 *     buffer mapping;
 *   - the target QP destroyed before the NI ran: ENOENT; the sending QP
 *     destroyed: ECANCELED; a process exiting with sends in flight: its
 *     pins and frames come back.
 * Prints "sendmode: N/N checks passed"; exit 0 only when all held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libuldma.h"

#define BOARD_CHECK_PREFIX "sendmode"
#include "board_check.h"

#define PG 4096u

static int fd;
static uint32_t pd, qp, qp2;
static uint8_t *dma;		/* the DMA buffer, 16 pages */
static uint8_t *anon;		/* ordinary memory, 8 pages */
static uint8_t out[2 * PG], want[PG], ref_old[PG], ref_new[PG];
static uint64_t wr;

static const char *const mname[] = {
	"PIO", "CopyDMA", "DirectDMA", "V2PDMA", "PEXDMA"
};

static void pattern(uint8_t *p, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (uint8_t)(i * 13u + seed * 101u + (i >> 7));
}

/* One completion: its status and byte_len (status 1: none came). */
static int wait_wc(struct uldma_wc *wc)
{
	int n = uldma_poll_wait(fd, wc, 1, 10000);

	if (n != 1) {
		memset(wc, 0, sizeof(*wc));
		wc->status = 1;
	}
	return wc->status;
}

/*
 * Nothing of the send modes is left over: in flight, pinned, framed; and
 * every user pin was given back by the core's put door, none by the
 * home's clean-up after it (sm_late_unpins).
 */
static int sm_quiet(void)
{
	return counter("sm_inflight") == 0 && counter("sm_pins_held") == 0 &&
	       counter("sm_frames") == 0 && counter("sm_late_unpins") == 0;
}

/*
 * The untouched case: send [buf, +len) in mode m to qp, take it (RECV or
 * the posted buffer the caller set up), compare with what buf held.
 */
static void plain(int m, uint8_t *buf, uint32_t len, unsigned int seed)
{
	struct uldma_wc wc = { 0 };
	char name[64];
	int r, got;

	pattern(buf, len, seed);
	memcpy(want, buf, len);
	r = uldma_sm_send(fd, qp, qp, ++wr, (uint32_t)m, buf, len, NULL);
	r = r ? r : wait_wc(&wc);
	memset(out, 0, sizeof(out));
	got = r ? r : uldma_sm_recv(fd, qp, out, PG, NULL);
	snprintf(name, sizeof(name), "%s %u B at +%u byte-exact", mname[m],
		 len, (unsigned int)((uintptr_t)buf % PG));
	check(name, r == 0 && got == (int)len && wc.byte_len == len &&
	      wc.opcode == ULDMA_WR_SEND_MODE && wc.wr_id == wr &&
	      !memcmp(out, want, len), "send/status %d, recv %d, byte_len %u",
	      r, got, wc.byte_len);
}

/*
 * The reuse rule: send in mode m with the NI held, write the buffer
 * after SEND returned, let the NI go.  Classical modes deliver the bytes
 * of the call, the others the written ones.
 */
static void reuse(int m, uint8_t *buf, uint32_t len, const char *where)
{
	int classical = m == ULDMA_SM_PIO || m == ULDMA_SM_COPYDMA ||
			m == ULDMA_SM_PEXDMA;
	long cow0 = counter("sm_cow_copies"), snap0 = counter("sm_snapshots");
	long pins_in = -1;
	struct uldma_wc wc = { 0 };
	uint32_t h = 0;
	int r, ready0 = -1, ready1 = -1, got = -1;
	char name[160];

	pattern(buf, len, 1);
	memcpy(ref_old, buf, len);
	pattern(ref_new, len, 2);
	engine_pause(1);
	r = uldma_sm_send(fd, qp, qp, ++wr, (uint32_t)m, buf, len, &h);
	if (!r) {
		ready0 = uldma_sm_ready(fd, qp, h);
		pins_in = counter("sm_pins_held");
		memcpy(buf, ref_new, len);	/* reuse, right away */
	}
	engine_pause(0);
	r = r ? r : wait_wc(&wc);
	if (!r)
		ready1 = uldma_sm_ready(fd, qp, h);
	memset(out, 0, sizeof(out));
	got = r ? r : uldma_sm_recv(fd, qp, out, PG, NULL);
	snprintf(name, sizeof(name), "%s (%s): write after send returned: %s",
		 mname[m], where, classical ? "the bytes of the call arrive" :
		 "the written bytes arrive (DMA-Ready said wait)");
	check(name, r == 0 && got == (int)len &&
	      !memcmp(out, classical ? ref_old : ref_new, len) &&
	      !memcmp(buf, ref_new, len),
	      "status %d, recv %d, old %d new %d", r, got,
	      !memcmp(out, ref_old, len), !memcmp(out, ref_new, len));
	snprintf(name, sizeof(name), "%s (%s): DMA-Ready %d in flight, 1 after",
		 mname[m], where, classical);
	check(name, ready0 == classical && ready1 == 1, "%d, %d", ready0,
	      ready1);
	if (m == ULDMA_SM_V2PDMA && buf >= anon && buf < anon + 8 * PG)
		check("V2PDMA: the page pinned exactly while in flight, unpinned by the core's put",
		      pins_in == 1 && counter("sm_pins_held") == 0 &&
		      counter("sm_late_unpins") == 0,
		      "%ld in flight, %ld after", pins_in,
		      counter("sm_pins_held"));
	if (m == ULDMA_SM_PEXDMA && buf >= dma && buf < dma + 16 * PG)
		check("PEXDMA (DMA buffer): one COW copy at the write, no snapshot",
		      counter("sm_cow_copies") == cow0 + 1 &&
		      counter("sm_snapshots") == snap0, "cow %ld -> %ld",
		      cow0, counter("sm_cow_copies"));
	if (m == ULDMA_SM_PEXDMA && buf >= anon && buf < anon + 8 * PG)
		check("PEXDMA (ordinary memory): a snapshot at the call, no COW copy",
		      counter("sm_snapshots") == snap0 + 1 &&
		      counter("sm_cow_copies") == cow0, "snapshots %ld -> %ld",
		      snap0, counter("sm_snapshots"));
}

/* A refused send: err, and nothing changed. */
static void refused(const char *name, int r, int err)
{
	struct uldma_wc wc;
	int n = uldma_poll(fd, &wc, 1);

	check(name, r == err && n == 0 && sm_quiet(), "%d (%s), %d completions",
	      r, strerror(-r), n);
}

static void bad_input(void)
{
	struct uldma_send_mode s;
	uint8_t *none, *noacc;
	long ref0 = counter("sm_refused");
	uint32_t h;
	int r;

	none = mmap(NULL, PG, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(none, PG);
	noacc = mmap(NULL, PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	refused("mode 5: EINVAL",
		uldma_sm_send(fd, qp, qp, 1, 5, anon, 100, NULL), -EINVAL);
	refused("mode 0xffffffff: EINVAL",
		uldma_sm_send(fd, qp, qp, 1, 0xffffffffu, anon, 100, NULL),
		-EINVAL);
	refused("length 0: EINVAL",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_COPYDMA, anon, 0, NULL),
		-EINVAL);
	refused("length 4097 (over the MTU): EINVAL",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_COPYDMA, anon, 4097,
			      NULL), -EINVAL);
	refused("4000 + 200 crosses the page: EINVAL",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_V2PDMA, anon + 4000, 200,
			      NULL), -EINVAL);
	refused("DirectDMA outside the DMA buffer (not registered for DMA): ENXIO",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_DIRECTDMA, anon, 100,
			      NULL), -ENXIO);
	refused("V2PDMA from an unmapped page: EFAULT",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_V2PDMA, none, 100, NULL),
		-EFAULT);
	refused("PIO from an unmapped page: EFAULT",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_PIO, none, 100, NULL),
		-EFAULT);
	refused("PEXDMA from a PROT_NONE page: EFAULT",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_PEXDMA, noacc, 100, NULL),
		-EFAULT);
	refused("CopyDMA from a PROT_NONE page: EFAULT",
		uldma_sm_send(fd, qp, qp, 1, ULDMA_SM_COPYDMA, noacc, 100,
			      NULL), -EFAULT);
	refused("a QP not this file's: ENOENT",
		uldma_sm_send(fd, 0xdead, qp, 1, ULDMA_SM_PIO, anon, 100, NULL),
		-ENOENT);
	refused("a target QP not reachable: ENOENT",
		uldma_sm_send(fd, qp, 0xdead, 1, ULDMA_SM_PIO, anon, 100, NULL),
		-ENOENT);
	memset(&s, 0, sizeof(s));
	s.op = ULDMA_SM_SEND;
	s.qp = qp;
	s.dest_qp = qp;
	s.mode = ULDMA_SM_PIO;
	s.addr = (uintptr_t)anon;
	s.length = 100;
	s.flags = 1;
	r = ioctl(fd, ULDMA_IOC_SEND_MODE, &s) ? -errno : 0;
	refused("flags set: EINVAL", r, -EINVAL);
	s.flags = 0;
	s.op = 9;
	r = ioctl(fd, ULDMA_IOC_SEND_MODE, &s) ? -errno : 0;
	refused("unknown op: EINVAL", r, -EINVAL);
	check("every refusal of the send itself counted (sm_refused)",
	      counter("sm_refused") == ref0 + 10, "%ld -> %ld", ref0,
	      counter("sm_refused"));
	check("DMA-Ready of a handle naming nothing in flight: 1",
	      uldma_sm_ready(fd, qp, 0x1234) == 1 &&
	      uldma_sm_ready(fd, qp, 31) == 1, NULL);

	/* A second send of a DMA-buffer page in flight: the core's BUSY. */
	pattern(dma + 5 * PG, PG, 7);
	memcpy(want, dma + 5 * PG, PG);
	engine_pause(1);
	r = uldma_sm_send(fd, qp, qp, ++wr, ULDMA_SM_DIRECTDMA, dma + 5 * PG,
			  PG, &h);
	check("DMA buffer page in flight, sent again (PEXDMA): EBUSY",
	      r == 0 && uldma_sm_send(fd, qp, qp, 99, ULDMA_SM_PEXDMA,
				      dma + 5 * PG + 8, 8, NULL) == -EBUSY &&
	      counter("sm_inflight") == 1, "first %d", r);
	engine_pause(0);
	{
		struct uldma_wc wc;
		int st = wait_wc(&wc), got;

		got = st ? st : uldma_sm_recv(fd, qp, out, PG, NULL);
		check("... the first send still arrives whole, then nothing else",
		      st == 0 && wc.wr_id == wr && got == (int)PG &&
		      !memcmp(out, want, PG) && uldma_poll(fd, &wc, 1) == 0 &&
		      sm_quiet(), "status %d recv %d", st, got);
	}
	plain(ULDMA_SM_COPYDMA, anon + 33, 500, 9);
	munmap(noacc, PG);
}

static void receiver(void)
{
	struct uldma_wc wc = { 0 };
	uint8_t *rb = anon + 5 * PG;	/* two pages of receive memory */
	uint32_t how = 99;
	int r, got;

	/* V2PDMA: a receive must be posted first, of sufficient size. */
	check("receive mode V2PDMA", uldma_sm_rx_mode(fd, qp2, ULDMA_SM_V2PDMA)
	      == 0, NULL);
	pattern(anon, 1000, 3);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_COPYDMA, anon, 1000, NULL);
	r = r ? r : wait_wc(&wc);
	check("V2PDMA receive, nothing posted: ENOSPC, nothing delivered",
	      r == -ENOSPC && wc.byte_len == 0 &&
	      uldma_sm_recv(fd, qp2, out, PG, NULL) == -ENODATA, "%d", r);
	memset(rb, 0xee, 2 * PG);
	check("post a receive buffer of 100 B",
	      uldma_sm_post_recv(fd, qp2, rb + 10, 100) == 0 &&
	      counter("sm_pins_held") == 1, NULL);
	check("a second post while one is posted: EBUSY",
	      uldma_sm_post_recv(fd, qp2, rb, 100) == -EBUSY, NULL);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_COPYDMA, anon, 1000, NULL);
	r = r ? r : wait_wc(&wc);
	check("V2PDMA receive, 100 B posted for 1000: ENOSPC, the buffer untouched",
	      r == -ENOSPC && rb[10] == 0xee && rb[109] == 0xee, "%d", r);
	check("drop it (length 0)", uldma_sm_post_recv(fd, qp2, rb, 0) == 0 &&
	      counter("sm_pins_held") == 0, NULL);
	memset(rb, 0xee, 2 * PG);
	check("post 4096 B across two pages",
	      uldma_sm_post_recv(fd, qp2, rb + 3000, PG) == 0 &&
	      counter("sm_pins_held") == 2, NULL);
	pattern(anon + PG, PG, 4);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_V2PDMA, anon + PG, PG,
			  NULL);
	r = r ? r : wait_wc(&wc);
	check("V2PDMA 4096 B into the posted buffer: byte-exact, around untouched, posted buffer taken",
	      r == 0 && wc.byte_len == PG && !memcmp(rb + 3000, anon + PG, PG) &&
	      rb[2999] == 0xee && rb[3000 + PG] == 0xee &&
	      counter("sm_pins_held") == 0 &&
	      uldma_sm_recv(fd, qp2, out, PG, NULL) == -ENODATA, "%d", r);

	/* DirectDMA: an inbound mapping is kept; without one, buffered. */
	check("receive mode DirectDMA, an inbound mapping of 2000 B",
	      uldma_sm_rx_mode(fd, qp2, ULDMA_SM_DIRECTDMA) == 0 &&
	      uldma_sm_post_recv(fd, qp2, rb, 2000) == 0, NULL);
	pattern(dma + 6 * PG, 2000, 5);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_DIRECTDMA, dma + 6 * PG,
			  2000, NULL);
	r = r ? r : wait_wc(&wc);
	got = !r && !memcmp(rb, dma + 6 * PG, 2000);
	pattern(anon, 700, 6);
	r = r ? r : uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 700,
				  NULL);
	r = r ? r : wait_wc(&wc);
	check("DirectDMA receive: two messages straight into the mapping (kept)",
	      r == 0 && got && !memcmp(rb, anon, 700) &&
	      !memcmp(rb + 700, dma + 6 * PG + 700, 1300) &&
	      uldma_sm_recv(fd, qp2, out, PG, NULL) == -ENODATA, "%d", r);
	uldma_sm_post_recv(fd, qp2, rb, 0);
	pattern(anon, 300, 8);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 300, NULL);
	r = r ? r : wait_wc(&wc);
	got = r ? r : uldma_sm_recv(fd, qp2, out, 100, NULL);
	check("DirectDMA receive without a mapping: buffered; RECV of 100 B: EMSGSIZE",
	      got == -EMSGSIZE, "%d", got);
	got = uldma_sm_recv(fd, qp2, out, PG, &how);
	check("... it stays, RECV takes it whole (COPY)",
	      got == 300 && !memcmp(out, anon, 300) && how == ULDMA_SM_RX_COPY,
	      "%d how %u", got, how);

	/* PEXDMA receive: the core decides EXCHANGE for aligned memory. */
	check("receive mode PEXDMA", uldma_sm_rx_mode(fd, qp2, ULDMA_SM_PEXDMA)
	      == 0, NULL);
	pattern(anon, 900, 9);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 900, NULL);
	r = r ? r : uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_COPYDMA, anon,
				  900, NULL);
	r = r ? r : wait_wc(&wc);
	r = r ? r : wait_wc(&wc);
	memset(rb, 0, 2 * PG);
	got = r ? r : uldma_sm_recv(fd, qp2, rb, PG, &how);
	check("PEXDMA receive into page-aligned memory: EXCHANGE, byte-exact",
	      got == 900 && how == ULDMA_SM_RX_EXCHANGE && !memcmp(rb, anon, 900),
	      "%d how %u", got, how);
	got = uldma_sm_recv(fd, qp2, rb + PG + 1, PG, &how);
	check("PEXDMA receive into unaligned memory: COPY, byte-exact",
	      got == 900 && how == ULDMA_SM_RX_COPY &&
	      !memcmp(rb + PG + 1, anon, 900), "%d how %u", got, how);
	check("receive mode PIO: EINVAL (not used for receiving), mode kept",
	      uldma_sm_rx_mode(fd, qp2, ULDMA_SM_PIO) == -EINVAL &&
	      uldma_sm_rx_mode(fd, qp2, 7) == -EINVAL, NULL);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 10, NULL);
	r = r ? r : wait_wc(&wc);
	check("... still PEXDMA's (buffered, EXCHANGE)", r == 0 &&
	      uldma_sm_recv(fd, qp2, rb, PG, &how) == 10 &&
	      how == ULDMA_SM_RX_EXCHANGE, "%d", r);
	check("RECV with nothing buffered: ENODATA",
	      uldma_sm_recv(fd, qp2, rb, PG, NULL) == -ENODATA, NULL);
}

/* Bytes [p + from, p + PG) are all zero. */
static int zero_tail(const uint8_t *p, uint32_t from)
{
	for (; from < PG; from++) {
		if (p[from])
			return 0;
	}
	return 1;
}

/*
 * The page exchange (XFER-7), qp2 receiving in PEXDMA: RECV into a page
 * of the DMA buffer swaps the pages -- the page there afterwards holds
 * the message and zeros after it (a copy of the message would leave the
 * old bytes after it), sm_exchanges counts one, the receive pages keep
 * their number, a second mapping of the page sees the new page too; a
 * read-only mapping is EFAULT with the message kept; a page with a send
 * in flight is copied into instead (EXCHANGE: its bytes after the
 * message stay).  (/proc/self/pagemap cannot show the frames: Linux's
 * page walk treats a VM_PFNMAP mapping as a hole.)
 */
static void exchange_check(void)
{
	uint8_t *xp = dma + 13 * PG, *fl = dma + 14 * PG, *al, *ro;
	struct uldma_wc wc = { 0 };
	long ex0, pool0;
	uint32_t how = 99;
	volatile uint8_t sink;
	int r, got;

	al = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		  (off_t)(ULDMA_MMAP_SM + 13 * PG));
	ro = mmap(NULL, PG, PROT_READ, MAP_SHARED, fd,
		  (off_t)(ULDMA_MMAP_SM + 13 * PG));
	if (al == MAP_FAILED || ro == MAP_FAILED) {
		check("DMA buffer page mapped again (rw, ro)", 0, "%s",
		      strerror(errno));
		return;
	}
	memset(xp, 0xab, PG);
	sink = al[5];			/* the second mapping maps it too */
	(void)sink;
	pattern(anon, 900, 50);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 900, NULL);
	r = r ? r : wait_wc(&wc);
	ex0 = counter("sm_exchanges");
	pool0 = counter("sm_rx_pages");
	got = r ? r : uldma_sm_recv(fd, qp2, xp, PG, &how);
	check("PEXDMA receive into the DMA buffer: pages EXCHANGED, byte-exact, the page's old bytes gone (zeros after)",
	      got == 900 && how == ULDMA_SM_RX_EXCHANGED &&
	      !memcmp(xp, anon, 900) && zero_tail(xp, 900) &&
	      counter("sm_exchanges") == ex0 + 1,
	      "recv %d how %u, exchanges %ld -> %ld", got, how, ex0,
	      counter("sm_exchanges"));
	check("... the receive pages keep their number, a second mapping sees the new page",
	      pool0 > 0 && counter("sm_rx_pages") == pool0 &&
	      !memcmp(al, anon, 900) && zero_tail(al, 900),
	      "pool %ld -> %ld", pool0, counter("sm_rx_pages"));
	/* The exchanged page is the application's: written, seen by both. */
	memset(xp + 1000, 0x77, 100);
	check("... the page is the application's (a write lands, both mappings see it)",
	      xp[1050] == 0x77 && al[1099] == 0x77, NULL);
	/* Read-only mapping: EFAULT, the message stays. */
	pattern(anon, 600, 51);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 600, NULL);
	r = r ? r : wait_wc(&wc);
	got = r ? r : uldma_sm_recv(fd, qp2, ro, PG, &how);
	check("PEXDMA receive into a read-only mapping of the DMA buffer: EFAULT, nothing exchanged",
	      got == -EFAULT && counter("sm_exchanges") == ex0 + 1 &&
	      xp[1050] == 0x77, "%d", got);
	got = uldma_sm_recv(fd, qp2, anon + 7 * PG, PG, &how);
	check("... the message stays (then into ordinary memory: EXCHANGE carried out as a copy)",
	      got == 600 && how == ULDMA_SM_RX_EXCHANGE &&
	      !memcmp(anon + 7 * PG, anon, 600), "%d how %u", got, how);
	/* A page with a send in flight: copied into, not exchanged. */
	pattern(anon, 400, 52);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_PIO, anon, 400, NULL);
	r = r ? r : wait_wc(&wc);
	memset(fl, 0x11, PG);
	engine_pause(1);
	r = r ? r : uldma_sm_send(fd, qp, qp, ++wr, ULDMA_SM_V2PDMA, fl, 64,
				  NULL);
	got = r ? r : uldma_sm_recv(fd, qp2, fl, PG, &how);
	check("PEXDMA receive into a DMA-buffer page in flight: copied (EXCHANGE), the bytes after it kept",
	      got == 400 && how == ULDMA_SM_RX_EXCHANGE &&
	      !memcmp(fl, anon, 400) && fl[400] == 0x11 && fl[4095] == 0x11 &&
	      counter("sm_exchanges") == ex0 + 1, "%d how %u", got, how);
	engine_pause(0);
	r = r ? r : wait_wc(&wc);
	check("... the send completes, its message taken",
	      r == 0 && uldma_sm_recv(fd, qp, out, PG, NULL) == 64, "%d", r);
	munmap(al, PG);
	munmap(ro, PG);
}

static void gone(void)
{
	struct uldma_wc wc = { 0 };
	uint32_t q3;
	pid_t pid;
	int r, st;

	engine_pause(1);
	r = uldma_sm_send(fd, qp, qp2, ++wr, ULDMA_SM_V2PDMA, anon, 64, NULL);
	r = r ? r : uldma_destroy_qp(fd, qp2);
	engine_pause(0);
	st = r ? r : wait_wc(&wc);
	check("target QP destroyed before the NI ran: ENOENT, pin back",
	      st == -ENOENT && wc.byte_len == 0 && sm_quiet(), "%d", st);
	r = uldma_create_qp(fd, pd, &qp2);
	engine_pause(1);
	r = r ? r : uldma_create_qp(fd, pd, &q3);
	r = r ? r : uldma_sm_send(fd, q3, qp, ++wr, ULDMA_SM_PEXDMA,
				  dma + 9 * PG, 64, NULL);
	r = r ? r : uldma_destroy_qp(fd, q3);
	st = r ? r : wait_wc(&wc);
	engine_pause(0);
	check("sending QP destroyed with a PEXDMA send in flight: ECANCELED, frames back",
	      st == -ECANCELED && sm_quiet() &&
	      uldma_sm_recv(fd, qp, out, PG, NULL) == -ENODATA, "%d", st);

	engine_pause(1);	/* the child's sends stay in flight */
	pid = fork();
	if (pid == 0) {
		int cfd = uldma_open();
		uint32_t cpd, cqp;
		uint8_t *cd;

		if (cfd < 0 || uldma_alloc_pd(cfd, &cpd) ||
		    uldma_create_qp(cfd, cpd, &cqp))
			_exit(2);
		cd = uldma_sm_map_dmabuf(cfd, 4);
		if (!cd)
			_exit(3);
		memset(cd, 1, 4 * PG);
		if (uldma_sm_send(cfd, cqp, cqp, 1, ULDMA_SM_PEXDMA, cd, PG,
				  NULL) ||
		    uldma_sm_send(cfd, cqp, cqp, 2, ULDMA_SM_V2PDMA, anon, PG,
				  NULL))
			_exit(4);
		cd[0] = 2;	/* a COW copy in flight */
		_exit(counter("sm_inflight") == 2 ? 0 : 5);
	}
	waitpid(pid, &st, 0);
	engine_pause(0);
	check("a process exiting with a PEXDMA (copied) and a V2PDMA send in flight: all back",
	      WIFEXITED(st) && WEXITSTATUS(st) == 0 && sm_quiet(),
	      "exit %d, inflight %ld pins %ld frames %ld",
	      WIFEXITED(st) ? WEXITSTATUS(st) : -1, counter("sm_inflight"),
	      counter("sm_pins_held"), counter("sm_frames"));
}

/*
 * The DMA buffer mapped twice: a PEXDMA send of a page, a read through
 * the second mapping (which then maps the original read-only), a write
 * through the first: one COW copy, and the second mapping sees the write
 * at once; a write through the second costs no other copy; the bytes of
 * the call arrive.
 */
static void alias_check(void)
{
	uint8_t *al = mmap(NULL, 16 * PG, PROT_READ | PROT_WRITE, MAP_SHARED,
			   fd, (off_t)ULDMA_MMAP_SM);
	uint8_t *p = dma + 12 * PG, *q;
	struct uldma_wc wc = { 0 };
	long cow0 = counter("sm_cow_copies");
	int r, seen, got = -1;
	volatile uint8_t sink;

	if (al == MAP_FAILED) {
		check("DMA buffer mapped a second time", 0, "%s", strerror(errno));
		return;
	}
	q = al + 12 * PG;
	pattern(p, PG, 40);
	memcpy(ref_old, p, PG);
	pattern(ref_new, PG, 41);
	seen = !memcmp(q, ref_old, PG);
	engine_pause(1);
	r = uldma_sm_send(fd, qp, qp, ++wr, ULDMA_SM_PEXDMA, p, PG, NULL);
	sink = q[100];			/* the alias maps the original */
	(void)sink;
	memcpy(p, ref_new, PG);		/* the write through the first */
	seen = seen && !memcmp(q, ref_new, PG);
	q[0] = ref_new[0];		/* a write through the second */
	engine_pause(0);
	r = r ? r : wait_wc(&wc);
	got = r ? r : uldma_sm_recv(fd, qp, out, PG, NULL);
	check("PEXDMA, the DMA buffer mapped twice: one COW copy, both mappings see the write, the bytes of the call arrive",
	      r == 0 && seen && got == (int)PG && !memcmp(out, ref_old, PG) &&
	      counter("sm_cow_copies") == cow0 + 1,
	      "status %d, seen %d, recv %d, cow %ld -> %ld", r, seen, got,
	      cow0, counter("sm_cow_copies"));
	munmap(al, 16 * PG);
}

int main(void)
{
	struct uldma_query q;
	uint8_t *m;
	long cow0;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = uldma_open();
	if (fd < 0 || uldma_query(fd, &q) || uldma_alloc_pd(fd, &pd) ||
	    uldma_create_qp(fd, pd, &qp) || uldma_create_qp(fd, pd, &qp2)) {
		printf("sendmode: setup failed\n");
		return 1;
	}
	check("ABI 9", q.abi_version >= 9, "%u", q.abi_version);
	anon = mmap(NULL, 8 * PG, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	dma = uldma_sm_map_dmabuf(fd, 16);
	check("the DMA buffer mapped (16 pages, shared)", dma != NULL, "%s",
	      dma ? "ok" : strerror(errno));
	if (!dma || anon == MAP_FAILED)
		return 1;
	memset(anon, 0, 8 * PG);
	m = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		 (off_t)ULDMA_MMAP_SM);
	check("the DMA buffer mapped private: EINVAL", m == MAP_FAILED &&
	      errno == EINVAL, NULL);
	m = mmap(NULL, 17 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)ULDMA_MMAP_SM);
	check("the DMA buffer mapped 17 pages: EINVAL", m == MAP_FAILED &&
	      errno == EINVAL, NULL);

	/* Every mode, untouched, a whole page and a piece. */
	for (i = 0; i <= 4; i++) {
		uint8_t *buf = i == ULDMA_SM_DIRECTDMA ? dma : anon;

		plain(i, buf + PG, PG, 10 + (unsigned int)i);
		plain(i, buf + 2 * PG + 123, 777, 20 + (unsigned int)i);
	}
	cow0 = counter("sm_cow_copies");
	plain(ULDMA_SM_PEXDMA, dma + 3 * PG, PG, 30);
	check("PEXDMA, the DMA-buffer page not written in flight: no copy",
	      counter("sm_cow_copies") == cow0, NULL);

	/* The reuse rule, each mode. */
	reuse(ULDMA_SM_PIO, anon + 3 * PG + 17, 1500, "ordinary memory");
	reuse(ULDMA_SM_COPYDMA, anon + 3 * PG, PG, "ordinary memory");
	reuse(ULDMA_SM_COPYDMA, dma + 4 * PG + 64, 2000, "DMA buffer");
	reuse(ULDMA_SM_DIRECTDMA, dma + 7 * PG, PG, "DMA buffer");
	reuse(ULDMA_SM_V2PDMA, anon + 4 * PG + 1, 4000, "ordinary memory");
	reuse(ULDMA_SM_V2PDMA, dma + 8 * PG, PG, "DMA buffer");
	reuse(ULDMA_SM_PEXDMA, dma + 10 * PG, PG, "DMA buffer");
	reuse(ULDMA_SM_PEXDMA, dma + 11 * PG + 200, 3000, "DMA buffer");
	reuse(ULDMA_SM_PEXDMA, anon + 4 * PG, PG, "ordinary memory");
	alias_check();
	cow0 = counter("sm_cow_copies");
	memset(dma + 10 * PG, 0x5a, PG);
	check("PEXDMA: a write after the completion costs no copy",
	      counter("sm_cow_copies") == cow0 && dma[10 * PG + 4095] == 0x5a,
	      NULL);
	check("nothing left in flight, pinned or framed", sm_quiet(), NULL);

	bad_input();
	receiver();
	exchange_check();
	gone();
	check("at the end: nothing in flight, pinned or framed", sm_quiet(),
	      "inflight %ld pins %ld frames %ld", counter("sm_inflight"),
	      counter("sm_pins_held"), counter("sm_frames"));
	printf("sendmode: %u/%u checks passed\n", passed, total);
	uldma_close(fd);
	return passed == total ? 0 : 1;
}
