/* SPDX-License-Identifier: MIT */
/*
 * tests/kat/ud_kat.h -- known answers every home checks against the same
 * verified sources: the host unit tests (tests/unit/test_kat.c), the kernel
 * module at load (kmod/uldma_selftest.c) and the Cortex-R5 firmware at boot
 * (firmware/selftest_r5.c).  One list of answers, three homes: a home that
 * compiles the core differently (kernel code model, Thumb-2 soft-float) and
 * gets another answer fails its start-up check.
 *
 * Expected values are derived by hand from the seeds' layouts, not from the
 * code under test (the derivation is written beside each group).
 *
 * The includer defines, before including this file:
 *   UD_KAT_CTX                  the type of its check context;
 *   UD_KAT_CHECK(ctx, name, ok) records one check (name: a string literal).
 * A group is compiled when its module is in the build (UD_HAVE_<MODULE>,
 * set by the home's build from the src/ files present).
 */
#ifndef UD_KAT_H
#define UD_KAT_H

#if !defined(UD_KAT_CTX) || !defined(UD_KAT_CHECK)
#error "define UD_KAT_CTX and UD_KAT_CHECK before including ud_kat.h"
#endif

#include "ud_common.h"

/*
 * The RAPF mailbox words (seed 004, 3.2.3.3 listing; src/fault_msg.h):
 * word0 = opcode 2 | wired PDID << 2 | trid << 18; word1 = seq | PDID << 14.
 * PDID 5, trid 0x1234, seq 0xabc:
 *   word0 = 2 + 5*4 + 0x1234*0x40000 = 0x48d00016,
 *   word1 = 0xabc + 5*0x4000         = 0x00014abc.
 */
#define UD_KAT_RTX_W0 0x48d00016u
#define UD_KAT_RTX_W1 0x00014abcu

#ifdef UD_HAVE_FAULT_MSG
#include "fault_msg.h"

static inline void ud_kat_fault_msg(UD_KAT_CTX *ctx)
{
	struct ud_rtx_msg m = { 0, 0, 0, 0 };
	uint32_t w0 = 0, w1 = 0;

	UD_KAT_CHECK(ctx, "rtx decode ok", ud_rtx_decode(UD_KAT_RTX_W0, UD_KAT_RTX_W1, &m) == UD_OK);
	UD_KAT_CHECK(ctx, "rtx fields", m.wired_pdid == 5u && m.trid == 0x1234u &&
					m.seq == 0xabcu && m.pdid == 5u);
	UD_KAT_CHECK(ctx, "rtx encode ok", ud_rtx_encode(&m, &w0, &w1) == UD_OK);
	UD_KAT_CHECK(ctx, "rtx words", w0 == UD_KAT_RTX_W0 && w1 == UD_KAT_RTX_W1);
	m.trid = 0x4000u;	/* 2^14: one past the 14-bit field */
	UD_KAT_CHECK(ctx, "rtx encode range", ud_rtx_encode(&m, &w0, &w1) == UD_E_RANGE);
	UD_KAT_CHECK(ctx, "rtx decode opcode",
		     ud_rtx_decode(UD_KAT_RTX_W0 ^ 3u, UD_KAT_RTX_W1, &m) == UD_E_INVAL);
}
#endif /* UD_HAVE_FAULT_MSG */

#ifdef UD_HAVE_REQ_MSG
#include "req_msg.h"

/*
 * A request in the R5 mailbox (src/req_msg.h layout; seed 004 1.3.2.1,
 * 1.3.2.2, 3.2.1): a transfer request, pd 2, vc 3, node 6, src 0x100000,
 * dst 0x200000, 20000 bytes:
 *   w0 = 3 (opcode) + 2<<2 (wired PDID) + 0<<18 (transfer) + 2<<19 (pd)
 *        + 3<<23 (vc) = 0x0190000b,  w1 = 6 (node),
 *   w2 = (0x100000 mod 2^30) << 2 = 0x00400000, w3 = 0x100000 >> 30 = 0,
 *   w4 = 0x00800000, w5 = 0, w6 = 20000 << 2 = 0x00013880,
 *   w7 = (w0 >> 18 = 0x64) + 6 + 0x400000 + 0x800000 + 0x13880
 *        + 0x55445251 = 0x56058b3b.
 * The packetizer wiring PDID 3 into a message whose pd is 2:
 *   w0 = 0x0190000b + (3 - 2) << 2 = 0x0190000f; the check leaves the wired
 *   PDID out, so the words still check and decode says FORGED.
 */
#define UD_KAT_REQ_W0 0x0190000bu
#define UD_KAT_REQ_W7 0x56058b3bu

static inline void ud_kat_req_msg(UD_KAT_CTX *ctx)
{
	struct ud_req_msg m = { UD_REQ_XFER, 2u, 3u, 2u, 6u, 0x100000u, 0x200000u, 20000u };
	struct ud_req_msg d = { 0, 0, 0, 0, 0, 0, 0, 0 };
	uint32_t w[UD_REQ_WORDS] = { 0, 0, 0, 0, 0, 0, 0, 0 };

	UD_KAT_CHECK(ctx, "req encode ok", ud_req_encode(&m, w) == UD_OK);
	UD_KAT_CHECK(ctx, "req words", w[0] == UD_KAT_REQ_W0 && w[1] == 6u &&
				       w[2] == 0x00400000u && w[3] == 0u &&
				       w[4] == 0x00800000u && w[5] == 0u &&
				       w[6] == 0x00013880u && w[7] == UD_KAT_REQ_W7);
	UD_KAT_CHECK(ctx, "req decode fields", ud_req_decode(w, &d) == UD_OK &&
					       d.type == UD_REQ_XFER && d.pd == 2u &&
					       d.vc == 3u && d.wired_pd == 2u && d.node == 6u &&
					       d.src == 0x100000u && d.dst == 0x200000u &&
					       d.len == 20000u);
	w[7] ^= 1u;
	UD_KAT_CHECK(ctx, "req torn word refused", ud_req_decode(w, &d) == UD_REQ_E_CHECK);
	w[7] ^= 1u;
	w[0] = UD_KAT_REQ_W0 + 4u;
	UD_KAT_CHECK(ctx, "req wired PDID other than pd refused",
		     ud_req_decode(w, &d) == UD_E_FORGED);
	w[0] = (UD_KAT_REQ_W0 & ~3u) | 2u;	/* opcode 2: a RAPF, not a request */
	UD_KAT_CHECK(ctx, "req other opcode refused", ud_req_decode(w, &d) == UD_E_INVAL);
	m.pd = 16u;	/* one past the 4-bit field */
	UD_KAT_CHECK(ctx, "req encode range", ud_req_encode(&m, w) == UD_E_RANGE);
}
#endif /* UD_HAVE_REQ_MSG */

#ifdef UD_HAVE_SHADOW
#include "shadow.h"

/*
 * Shadow addressing (seed 000; src/shadow.h): sa = 2^40 | ctx << 41 | p.
 * p 0x12345678, ctx 2: 0x10000000000 + 0x40000000000 + 0x12345678
 * = 0x50012345678.  Then one algorithm-3 sequence (Fig. 3: STORE dst,
 * LOAD src, STORE dst, LOAD src, LOAD dst) for 256 bytes from p 0x5000 to
 * p 0x2000, context-0 shadow addresses 0x10000005000 and 0x10000002000:
 * the DMA starts on the fifth access, not before.
 */
static inline void ud_kat_shadow(UD_KAT_CTX *ctx)
{
	static const uint32_t kind[5] = { UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_STORE,
					  UD_BUS_LOAD, UD_BUS_LOAD };
	static const uint64_t addr[5] = { 0x10000002000ull, 0x10000005000ull,
					  0x10000002000ull, 0x10000005000ull,
					  0x10000002000ull };
	struct ud_sh_dma dma = { 0, 0, 0, 0 };
	struct ud_sh_alg3 a3;
	struct ud_sh_cfg cfg;
	uint64_t sa = 0, pa = 0;
	uint32_t c = 0, i;
	int32_t r = UD_SH_NOTHING;

	UD_KAT_CHECK(ctx, "shadow encode", ud_sh_encode(0x12345678u, 2u, &sa) == UD_OK &&
					   sa == 0x50012345678ull);
	UD_KAT_CHECK(ctx, "shadow decode", ud_sh_decode(sa, &pa, &c) == UD_OK &&
					   pa == 0x12345678u && c == 2u);
	UD_KAT_CHECK(ctx, "shadow decode rejects", ud_sh_decode(0x12345678u, &pa, &c) == UD_E_RANGE);
	UD_KAT_CHECK(ctx, "shadow cfg", ud_sh_cfg_init(&cfg, 4u, 4096u, 0u) == UD_OK);
	ud_sh_alg3_init(&a3, UD_SH_FORM_SLSLL);
	for (i = 0; i < 5u; i++) {
		r = ud_sh_alg3_step(&a3, &cfg, kind[i], addr[i], 256u, &dma);
		if (r != UD_SH_NOTHING)
			break;
	}
	UD_KAT_CHECK(ctx, "alg3 starts on the 5th access", i == 4u && r == UD_SH_STARTED);
	UD_KAT_CHECK(ctx, "alg3 dma", dma.src == 0x5000u && dma.dst == 0x2000u && dma.size == 256u);
	UD_KAT_CHECK(ctx, "alg3 status DONE to the starting access", ud_sh_alg3_status(&a3) == UD_SH_DONE);
}
#endif /* UD_HAVE_SHADOW */

#ifdef UD_HAVE_FAULT_FIFO
#include "fault_fifo.h"

/*
 * The receive-side fault FIFO and its two-read pop FSM (seed 004, 3.2.3.1;
 * src/fault_fifo.h) as the driver's tasklet drives it: one entry pushed, an
 * exact repeat dropped, HIGH first refused, LOW then HIGH pops the entry
 * back bit-exact, and the FIFO is empty after.  The caller gives the FIFO's
 * storage (8 KB of slots: not for a kernel stack).
 */
static inline void ud_kat_fault_fifo(UD_KAT_CTX *ctx, struct ud_ff *f)
{
	const struct ud_ff_entry e = { 0x2a, 0x1234, 0x0abc, 5, 3, 0x12345, 1 };
	struct ud_ff_entry back = { 0, 0, 0, 0, 0, 0, 0 };
	uint64_t lo = 0, hi = 0;

	ud_ff_init(f);
	UD_KAT_CHECK(ctx, "fifo push", ud_ff_push(f, &e) == UD_OK);
	UD_KAT_CHECK(ctx, "fifo drops exact repeat", ud_ff_push(f, &e) == UD_E_STALE);
	UD_KAT_CHECK(ctx, "fifo refuses HIGH first", ud_ff_read_hi(f, &hi) == UD_E_SEQ &&
						    hi == UD_FF_NO_DATA);
	UD_KAT_CHECK(ctx, "fifo LOW then HIGH pops", ud_ff_read_lo(f, &lo) == UD_OK &&
						    ud_ff_read_hi(f, &hi) == UD_OK);
	UD_KAT_CHECK(ctx, "fifo entry back", ud_ff_entry_decode(lo, hi, &back) == UD_OK &&
					     back.src_id == e.src_id && back.tr_id == e.tr_id &&
					     back.seq == e.seq && back.pdid == e.pdid &&
					     back.proc == e.proc && back.vpn == e.vpn &&
					     back.exa_ack == e.exa_ack);
	UD_KAT_CHECK(ctx, "fifo empty after", ud_ff_read_lo(f, &lo) == UD_E_EMPTY);
}
#endif /* UD_HAVE_FAULT_FIFO */

#if defined(UD_HAVE_UTLB_TABLE) && defined(UD_HAVE_UTLB_CACHE) && defined(UD_HAVE_UTLB_LOOKUP)
#include "utlb_table.h"
#include "utlb_cache.h"
#include "utlb_lookup.h"

/* The UTLB's state, given by the caller (the library's lookup tree is about
 * half a megabyte: heap memory in every home). */
struct ud_kat_utlb {
	struct ud_utlb_nic n;
	struct ud_utlb_nic_aux a;
	struct ud_utlb_flight f;
	struct ud_utlb_lib u;
	struct ud_utlb_lib_aux c;
};

/*
 * The UTLB (seed 000, "DESIGN OF UTLB"; src/utlb_*.h) through its public
 * calls, answers that do not depend on the home's pinning facility: empty
 * tables translate nothing (UD_E_NOENT), an out-of-range process or
 * address is UD_E_RANGE, releasing an idle index is UD_E_STATE, evicting an
 * unmapped page is UD_E_NOENT.  Then one miss on page 5 (va 0x5000): a home
 * that pins (host) answers UD_OK with index 0 (the first free index), the
 * NIC then translates index 0 to the pinned page with a compulsory miss and
 * a second translation hits; a home that cannot pin here (the kernel at
 * module load: no user page at 0x5000; the R5: no OS) answers UD_E_PLATFORM
 * and the library is unchanged (the page is still unmapped, no miss
 * counted).  Either way the state is torn down to empty again.
 */
static inline void ud_kat_utlb(UD_KAT_CTX *ctx, struct ud_kat_utlb *m)
{
	uint64_t ppn = 0;
	uint32_t cls = 0, idx = 0;
	ud_status r;

	ud_utlb_nic_init(&m->n, &m->a, 1u);
	ud_utlb_flight_init(&m->f);
	UD_KAT_CHECK(ctx, "utlb empty table translates nothing",
		     ud_utlb_nic_translate(&m->n, &m->a, 0u, 0u, &ppn, &cls) == UD_E_NOENT);
	UD_KAT_CHECK(ctx, "utlb foreign process out of range",
		     ud_utlb_nic_translate(&m->n, &m->a, UD_UTLB_NPROC, 0u, &ppn, &cls) == UD_E_RANGE);
	UD_KAT_CHECK(ctx, "utlb lib init bad process",
		     ud_utlb_lib_init(&m->u, &m->c, &m->n, UD_UTLB_NPROC, 4u) == UD_E_RANGE);
	UD_KAT_CHECK(ctx, "utlb lib init",
		     ud_utlb_lib_init(&m->u, &m->c, &m->n, 0u, UD_UTLB_ENTRIES) == UD_OK);
	UD_KAT_CHECK(ctx, "utlb get outside the window",
		     ud_utlb_get(&m->u, &m->c, &m->n, &m->a, &m->f, UD_UTLB_VA_LIMIT, &idx) == UD_E_RANGE);
	UD_KAT_CHECK(ctx, "utlb put idle index", ud_utlb_put(&m->u, &m->c, &m->n, 0u) == UD_E_STATE);
	UD_KAT_CHECK(ctx, "utlb evict unmapped page",
		     ud_utlb_evict(&m->u, &m->c, &m->n, &m->a, &m->f, 0x5000u) == UD_E_NOENT);
	r = ud_utlb_get(&m->u, &m->c, &m->n, &m->a, &m->f, 0x5000u, &idx);
	UD_KAT_CHECK(ctx, "utlb miss pins or is refused", r == UD_OK || r == UD_E_PLATFORM);
	if (r == UD_OK) {
		UD_KAT_CHECK(ctx, "utlb miss takes the first free index",
			     idx == 0u && m->c.st.misses == 1u && m->a.st.pins == 1u);
		UD_KAT_CHECK(ctx, "utlb NIC translates through the table, compulsory miss",
			     ud_utlb_nic_translate(&m->n, &m->a, 0u, 0u, &ppn, &cls) == UD_OK &&
			     ppn == m->n.tab[0][0].ppn && m->n.tab[0][0].vpn == 5u &&
			     cls == UD_UTLB_MISS_COMPULSORY);
		UD_KAT_CHECK(ctx, "utlb NIC second translation hits",
			     ud_utlb_nic_translate(&m->n, &m->a, 0u, 0u, &ppn, &cls) == UD_OK &&
			     cls == UD_UTLB_HIT);
		UD_KAT_CHECK(ctx, "utlb busy entry is not evicted",
			     ud_utlb_evict(&m->u, &m->c, &m->n, &m->a, &m->f, 0x5000u) == UD_E_BUSY);
		UD_KAT_CHECK(ctx, "utlb put, then evict unpins",
			     ud_utlb_put(&m->u, &m->c, &m->n, 0u) == UD_OK &&
			     ud_utlb_evict(&m->u, &m->c, &m->n, &m->a, &m->f, 0x5000u) == UD_OK &&
			     m->a.st.unpins == 1u);
	} else {
		UD_KAT_CHECK(ctx, "utlb refused pin changes nothing",
			     m->c.st.misses == 0u && m->a.st.pins == 0u &&
			     ud_utlb_evict(&m->u, &m->c, &m->n, &m->a, &m->f, 0x5000u) == UD_E_NOENT);
	}
	UD_KAT_CHECK(ctx, "utlb table empty again",
		     ud_utlb_nic_translate(&m->n, &m->a, 0u, 0u, &ppn, &cls) == UD_E_NOENT);
}
#endif /* UD_HAVE_UTLB_* */

#endif /* UD_KAT_H */
