/* uldma-links: shadow shadow_os shadow_sys */
/*
 * tests/unit/test_shadow.c -- shadow addressing, the three recognisers and
 * the OS side (src/shadow.c, src/shadow_os.c; seed 000, first half).
 * Expected values derived by hand: shadow bit 2^40, context id in bits
 * 41..42, algorithm-1 data word key * 8 + ctx, 4 kB pages.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "shadow.h"
#include "shadow_os.h"
#include "shadow_sys.h"

#define SB  0x10000000000ull           /* 2^40: the shadow bit           */
#define REG 0x100000ull                /* algorithm-1 register pages      */

static struct ud_sh_cfg cfg;
static const struct ud_sh_dma NODMA = { 0x11, 0x22, 0x33, 0x44 };

static void cfg4(void)
{
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 4, 4096, REG), UD_OK);
}

START_TEST(encode_decode)
{
	uint64_t sa = 7, pa = 7;
	uint32_t c = 7;
	ck_assert_int_eq(ud_sh_encode(0, 0, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB);
	ck_assert_int_eq(ud_sh_encode(SB - 1, 3, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB + 3 * 2 * SB + SB - 1);
	ck_assert_int_eq(ud_sh_decode(sa, &pa, &c), UD_OK);
	ck_assert_uint_eq(pa, SB - 1);
	ck_assert_uint_eq(c, 3);
	/* out of range: nothing written */
	sa = 9; pa = 9; c = 9;
	ck_assert_int_eq(ud_sh_encode(SB, 0, &sa), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_encode(0, 4, &sa), UD_E_RANGE);
	ck_assert_uint_eq(sa, 9);
	ck_assert_int_eq(ud_sh_decode(SB - 1, &pa, &c), UD_E_RANGE);        /* no shadow bit */
	ck_assert_int_eq(ud_sh_decode(2 * SB, &pa, &c), UD_E_RANGE);        /* ctx 1, bit 40 clear */
	ck_assert_int_eq(ud_sh_decode(8 * SB, &pa, &c), UD_E_RANGE);        /* above the ctx bits */
	ck_assert_int_eq(ud_sh_decode(UINT64_MAX, &pa, &c), UD_E_RANGE);
	ck_assert_uint_eq(pa, 9);
	ck_assert_uint_eq(c, 9);
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 3, 4096, REG), UD_E_RANGE);   /* 4..8 contexts */
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 4, 4097, REG), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_cfg_init(&cfg, 4, 4096, REG + 1), UD_E_RANGE);
}
END_TEST

/* Fig. 1: STORE key#c TO shadow(dst), STORE key#c TO shadow(src),
 * STORE size TO reg(c), LOAD status FROM reg(c). */
START_TEST(alg1_paths)
{
	struct ud_sh_alg1 r, snap;
	struct ud_sh_dma d = NODMA;
	uint32_t w2 = 0x155u * 8 + 2;          /* key 0x155, context 2 */
	cfg4();
	ud_sh_alg1_init(&r);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 2, 0x155), UD_OK);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 4, 1), UD_E_RANGE);   /* only 4 contexts */
	memcpy(&snap, &r, sizeof r);
	/* a wrong key never fills a context; key 0 is no key */
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, 0x154u * 8 + 2, &d), UD_E_KEY);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, 2, &d), UD_E_KEY);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, 0x155u * 8 + 6, &d), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_LOAD, SB + 0x2000, w2, &d), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, 2, SB + 0x2000, w2, &d), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, REG + 4 * 4096, 64, &d), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, REG + 1, 64, &d), UD_E_RANGE);
	ck_assert(memcmp(&r, &snap, sizeof r) == 0);
	/* size before both arguments: sequence error, status FAILURE */
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, w2, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 64, &d), UD_E_SEQ);
	ck_assert_uint_eq(ud_sh_alg1_status(&r, 2), UD_SH_FAILURE);
	/* the whole Fig. 1 sequence: dst 0x2000, src 0x5000, 256 bytes */
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, w2, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x5000, w2, &d), UD_SH_NOTHING);
	ck_assert(memcmp(&d, &NODMA, sizeof d) == 0);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 256, &d), UD_SH_STARTED);
	ck_assert_uint_eq(d.dst, 0x2000);
	ck_assert_uint_eq(d.src, 0x5000);
	ck_assert_uint_eq(d.size, 256);
	ck_assert_uint_eq(d.ctx, 2);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_LOAD, REG + 2 * 4096, 0, &d), UD_SH_NOTHING);
	ck_assert_uint_eq(ud_sh_alg1_status(&r, 2), UD_SH_SUCCESS);
	/* a transfer crossing the page end of its source: bounds, FAILURE */
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, w2, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x5f80, w2, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, REG + 2 * 4096, 256, &d), UD_E_BOUNDS);
	ck_assert_uint_eq(ud_sh_alg1_status(&r, 2), UD_SH_FAILURE);
	/* the OS takes the key away: held arguments are dropped */
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, w2, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg1_set_key(&r, &cfg, 2, 0x156), UD_OK);
	ck_assert_int_eq(ud_sh_alg1_step(&r, &cfg, UD_BUS_STORE, SB + 0x5000, w2, &d), UD_E_KEY);
}
END_TEST

/* Algorithm 2: STORE size TO shadow(dst, c), LOAD status FROM shadow(src, c). */
START_TEST(alg2_paths)
{
	struct ud_sh_alg2 r;
	struct ud_sh_dma d = NODMA;
	uint64_t dst1 = 0, src1 = 0, src3 = 0;
	cfg4();
	ud_sh_alg2_init(&r);
	ck_assert_int_eq(ud_sh_encode(0x2000, 1, &dst1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(0x5000, 1, &src1), UD_OK);
	ck_assert_int_eq(ud_sh_encode(0x5000, 3, &src3), UD_OK);
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_STORE, dst1, 128, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_LOAD, src1, 0, &d), UD_SH_STARTED);
	ck_assert_uint_eq(d.dst, 0x2000);
	ck_assert_uint_eq(d.src, 0x5000);
	ck_assert_uint_eq(d.size, 128);
	ck_assert_uint_eq(d.ctx, 1);
	ck_assert_uint_eq(ud_sh_alg2_status(&r), UD_SH_SUCCESS);
	/* a LOAD with another context id than the pending STORE: refused */
	d = NODMA;
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_STORE, dst1, 128, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_LOAD, src3, 0, &d), UD_E_SEQ);
	ck_assert_uint_eq(ud_sh_alg2_status(&r), UD_SH_FAILURE);
	ck_assert(memcmp(&d, &NODMA, sizeof d) == 0);
	/* a LOAD with nothing pending fails; a non-shadow address is refused */
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_LOAD, src1, 0, &d), UD_E_SEQ);
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_STORE, 0x2000, 128, &d), UD_E_RANGE);
	/* size 0 or past the page: bounds */
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_STORE, dst1, 0, &d), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg2_step(&r, &cfg, UD_BUS_LOAD, src1, 0, &d), UD_E_BOUNDS);
}
END_TEST

static int32_t run3(struct ud_sh_alg3 *r, const uint32_t *k, const uint64_t *a,
		    const uint32_t *sz, unsigned n, struct ud_sh_dma *d, unsigned *at)
{
	int32_t x = UD_SH_NOTHING;
	for (unsigned i = 0; i < n; i++) {
		x = ud_sh_alg3_step(r, &cfg, k[i], a[i], sz[i], d);
		if (x != UD_SH_NOTHING) {
			*at = i;
			return x;
		}
	}
	*at = n;
	return x;
}

/* Fig. 3: STORE dst, LOAD src, STORE dst, LOAD src, LOAD dst. */
START_TEST(alg3_paths)
{
	static const uint32_t K[5] = { UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_STORE, UD_BUS_LOAD, UD_BUS_LOAD };
	static const uint64_t A[5] = { SB + 0x2000, SB + 0x5000, SB + 0x2000, SB + 0x5000, SB + 0x2000 };
	static const uint32_t Z[5] = { 256, 0, 256, 0, 0 };
	struct ud_sh_alg3 r;
	struct ud_sh_dma d = NODMA;
	unsigned at = 9;
	uint64_t a[5];
	uint32_t z[5];
	cfg4();
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	ck_assert_int_eq(run3(&r, K, A, Z, 5, &d, &at), UD_SH_STARTED);
	ck_assert_uint_eq(at, 4);
	ck_assert_uint_eq(d.dst, 0x2000);
	ck_assert_uint_eq(d.src, 0x5000);
	ck_assert_uint_eq(d.size, 256);
	ck_assert_uint_eq(ud_sh_alg3_status(&r), UD_SH_DONE);
	/* an interleaved access to another destination: reset, FAILURE */
	memcpy(a, A, sizeof a);
	a[2] = SB + 0x3000;
	d = NODMA;
	ck_assert_int_eq(run3(&r, K, a, Z, 5, &d, &at), UD_E_SEQ);
	ck_assert_uint_eq(at, 2);
	ck_assert_uint_eq(ud_sh_alg3_status(&r), UD_SH_FAILURE);
	ck_assert(memcmp(&d, &NODMA, sizeof d) == 0);
	/* the second STORE with another size: reset */
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	memcpy(z, Z, sizeof z);
	z[2] = 128;
	ck_assert_int_eq(run3(&r, K, A, z, 5, &d, &at), UD_E_SEQ);
	ck_assert_uint_eq(at, 2);
	/* interrupted: the sequence restarted from its first access works */
	ud_sh_alg3_init(&r, UD_SH_FORM_SLSLL);
	ck_assert_int_eq(run3(&r, K, A, Z, 3, &d, &at), UD_SH_NOTHING);
	ck_assert_int_eq(ud_sh_alg3_step(&r, &cfg, UD_BUS_STORE, SB + 0x2000, 256, &d), UD_E_SEQ);
	ck_assert_int_eq(run3(&r, K, A, Z, 5, &d, &at), UD_SH_STARTED);
	/* not engine accesses: nothing changes */
	ck_assert_int_eq(ud_sh_alg3_step(&r, &cfg, UD_BUS_STORE, 0x2000, 256, &d), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_alg3_step(&r, &cfg, 7, SB + 0x2000, 256, &d), UD_E_INVAL);
	/* crossing the destination page's end: bounds, FAILURE */
	memcpy(a, A, sizeof a);
	a[0] = a[2] = a[4] = SB + 0x2f80;
	ck_assert_int_eq(run3(&r, K, a, Z, 5, &d, &at), UD_E_BOUNDS);
	ck_assert_uint_eq(at, 4);
	ck_assert_uint_eq(ud_sh_alg3_status(&r), UD_SH_FAILURE);
	/* the LSL form: LOAD src, STORE dst, LOAD src */
	static const uint32_t K3[3] = { UD_BUS_LOAD, UD_BUS_STORE, UD_BUS_LOAD };
	static const uint64_t A3[3] = { SB + 0x5000, SB + 0x2000, SB + 0x5000 };
	static const uint32_t Z3[3] = { 0, 64, 0 };
	ud_sh_alg3_init(&r, UD_SH_FORM_LSL);
	ck_assert_int_eq(run3(&r, K3, A3, Z3, 3, &d, &at), UD_SH_STARTED);
	ck_assert_uint_eq(d.dst, 0x2000);
	ck_assert_uint_eq(d.src, 0x5000);
	ck_assert_uint_eq(d.size, 64);
}
END_TEST

/* The OS side: a shadow mapping only mirrors a page the process has, with
 * no more rights; the MMU then lets each access kind through only with the
 * right it needs, to the process's own page, in its context. */
START_TEST(os_side)
{
	static struct ud_sh_as as;
	uint64_t sv = 1, sa = 1;
	ck_assert_int_eq(ud_sh_os_init(&as, 4), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_os_init(&as, 2), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x10, 0x61, UD_SH_R_READ), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x11, 0x74, UD_SH_R_READ | UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x11, 0x75, UD_SH_R_READ), UD_E_BUSY);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x12, 0x76, 0), UD_E_INVAL);
	/* no page, more rights than the page: refused, nothing written */
	ck_assert_int_eq(ud_sh_os_map(&as, 0x12000, UD_SH_R_READ, &sv), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_WRITE, &sv), UD_E_PERM);
	ck_assert_uint_eq(sv, 1);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_uint_eq(sv, UD_SH_VBIT + 0x10000);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10008, UD_SH_R_READ, &sv), UD_E_BUSY);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x11000, UD_SH_R_WRITE, &sv), UD_OK);
	/* read-only mirror: a STORE (destination) is refused, a LOAD goes */
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10123, UD_BUS_STORE, &sa), UD_E_PERM);
	ck_assert_uint_eq(sa, 1);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10123, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB + 2 * 2 * SB + 0x61123);       /* shadow(0x61123, ctx 2) */
	/* write-only mirror: the STORE goes, the LOAD is refused */
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x11008, UD_BUS_STORE, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB + 4 * SB + 0x74008);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x11008, UD_BUS_LOAD, &sa), UD_E_PERM);
	/* unmapped: gone */
	ck_assert_int_eq(ud_sh_os_unmap(&as, UD_SH_VBIT + 0x11000), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x11008, UD_BUS_STORE, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_unmap(&as, UD_SH_VBIT + 0x11000), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_map(&as, UD_SH_VBIT, UD_SH_R_READ, &sv), UD_E_RANGE);
}
END_TEST

/* A full page table answers UD_E_NOSPC with nothing changed; a removal clears
 * exactly the page's mapping, the others stay. */
START_TEST(os_full_and_remove)
{
	static struct ud_sh_as as, before;
	uint64_t sv = 7, sa = 1;
	uint32_t i;
	ck_assert_int_eq(ud_sh_os_init(&as, 1), UD_OK);
	for (i = 0; i < UD_SH_PT_N; i++)
		ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x100 + i, 0x200 + i, UD_SH_R_READ), UD_OK);
	memcpy(&before, &as, sizeof as);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x100 + UD_SH_PT_N, 0x300, UD_SH_R_READ), UD_E_NOSPC);
	ck_assert(memcmp(&before, &as, sizeof as) == 0);
	for (i = 0; i < UD_SH_ST_N && i < UD_SH_PT_N; i++)
		ck_assert_int_eq(ud_sh_os_map(&as, (0x100 + (uint64_t)i) * 4096, UD_SH_R_READ, &sv), UD_OK);
	/* every page mirrored (the shadow table is as large as the page
	 * table): a second mirror of a page is busy, nothing changes */
	memcpy(&before, &as, sizeof as);
	sv = 7;
	ck_assert_int_eq(ud_sh_os_map(&as, 0x105 * 4096, UD_SH_R_READ, &sv), UD_E_BUSY);
	ck_assert_uint_eq(sv, 7);
	ck_assert(memcmp(&before, &as, sizeof as) == 0);
	/* remove the first mapping: only it goes */
	ck_assert_int_eq(ud_sh_os_unmap(&as, UD_SH_VBIT + 0x100 * 4096), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x100 * 4096, UD_BUS_LOAD, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x101 * 4096 + 8, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB + 1 * 2 * SB + 0x201008);
}
END_TEST

/* The slot of page vp in the page table (or UD_SH_PT_N), of shadow page
 * svp in the shadow table (or UD_SH_ST_N): found by content, not by the
 * order the slots were filled in. */
static uint32_t pt_slot(const struct ud_sh_as *as, uint64_t vp)
{
	for (uint32_t j = 0; j < UD_SH_PT_N; j++)
		if (as->pt[j].valid == 1 && as->pt[j].vpage == vp)
			return j;
	return UD_SH_PT_N;
}

static uint32_t st_slot(const struct ud_sh_as *as, uint64_t vp)
{
	for (uint32_t i = 0; i < UD_SH_ST_N; i++)
		if (as->st[i].valid == 1 && as->st[i].svpage == UD_SH_VBIT / 4096 + vp)
			return i;
	return UD_SH_ST_N;
}

/* Issue 17 item 7, SHADOW-14/15: the page table loses a page or rights on
 * it, and the shadow mappings that mirror it go with them; nothing else
 * changes.  Context 2: shadow(pa) = 2^40 + 2 * 2^41 + pa. */
START_TEST(os_pt_remove_downgrade)
{
	static struct ud_sh_as as, before;
	const uint64_t C2 = SB + 2 * 2 * SB;
	uint64_t sv = 1, sa = 1;
	uint32_t j, i;
	ck_assert_int_eq(ud_sh_os_init(&as, 2), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x10, 0x61, UD_SH_R_READ | UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x11, 0x74, UD_SH_R_READ | UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x12, 0x61, UD_SH_R_READ), UD_OK);   /* alias of 0x61 */
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_WRITE, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x11000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x12000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_STORE, &sa), UD_OK);
	ck_assert_uint_eq(sa, C2 + 0x61008);

	/* bad arguments: defined codes, nothing changes */
	memcpy(&before, &as, sizeof as);
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, 0x13), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x13, UD_SH_R_READ), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x12, UD_SH_R_WRITE), UD_E_INVAL);  /* not a subset */
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x12, UD_SH_R_READ | UD_SH_R_WRITE), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x10, 0), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x10, 4), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, UD_SH_VBIT / 4096 + 0x10), UD_E_NOENT);
	ck_assert(memcmp(&before, &as, sizeof as) == 0);

	/* page 0x10 becomes read-only: its write shadow is gone, nothing else
	 * changes but the page's rights */
	j = pt_slot(&as, 0x10);
	i = st_slot(&as, 0x10);
	ck_assert_uint_lt(j, UD_SH_PT_N);
	ck_assert_uint_lt(i, UD_SH_ST_N);
	memcpy(&before, &as, sizeof as);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x10, UD_SH_R_READ), UD_OK);
	before.pt[j].rights = UD_SH_R_READ;
	before.st[i].valid = 0;
	ck_assert(memcmp(&before, &as, sizeof as) == 0);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_STORE, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_LOAD, &sa), UD_E_NOENT);
	/* and may be mirrored again only within its new rights */
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_WRITE, &sv), UD_E_PERM);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10010, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, C2 + 0x61010);

	/* page 0x11 drops to read: its read shadow stays as it was */
	j = pt_slot(&as, 0x11);
	memcpy(&before, &as, sizeof as);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x11, UD_SH_R_READ), UD_OK);
	before.pt[j].rights = UD_SH_R_READ;
	ck_assert(memcmp(&before, &as, sizeof as) == 0);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x11ff8, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, C2 + 0x74ff8);
	/* the same rights again: nothing to do */
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x11, UD_SH_R_READ), UD_OK);
	ck_assert(memcmp(&before, &as, sizeof as) == 0);

	/* a read-write page lowered to write only loses its read-write shadow */
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x14, 0x90, UD_SH_R_READ | UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x14000, UD_SH_R_READ | UD_SH_R_WRITE, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_pt_downgrade(&as, 0x14, UD_SH_R_WRITE), UD_OK);
	ck_assert_uint_eq(st_slot(&as, 0x14), UD_SH_ST_N);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x14000, UD_BUS_STORE, &sa), UD_E_NOENT);

	/* removing page 0x12 (an alias of physical page 0x61) takes its shadow
	 * with it; the other mirror of 0x61 (through 0x10) stays */
	j = pt_slot(&as, 0x12);
	i = st_slot(&as, 0x12);
	memcpy(&before, &as, sizeof as);
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, 0x12), UD_OK);
	before.pt[j].valid = 0;
	before.st[i].valid = 0;
	ck_assert(memcmp(&before, &as, sizeof as) == 0);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x12008, UD_BUS_LOAD, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x12000, UD_SH_R_READ, &sv), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, 0x12), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, C2 + 0x61008);

	/* a page without a shadow goes alone */
	memcpy(&before, &as, sizeof as);
	j = pt_slot(&as, 0x14);
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, 0x14), UD_OK);
	before.pt[j].valid = 0;
	ck_assert(memcmp(&before, &as, sizeof as) == 0);

	/* the page comes back with another physical page: the new shadow
	 * reaches the new page only */
	ck_assert_int_eq(ud_sh_os_pt_remove(&as, 0x10), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_LOAD, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_pt_add(&as, 0x10, 0x62, UD_SH_R_READ), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_LOAD, &sa), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_os_map(&as, 0x10000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&as, UD_SH_VBIT + 0x10008, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, C2 + 0x62008);
}
END_TEST

/* SHADOW-M15 (the fix of SHADOW-M10): one readable context-0 shadow
 * mapping of a physical page in the whole system.  A second address space
 * asking for one is refused with UD_E_BUSY and nothing changes; write-only
 * mappings and context-id (algorithm 2) mappings are not restricted; the
 * unmap releases the record, and then the other may map the page. */
START_TEST(os_one_reader)
{
	static struct ud_sh_sys sys, before;
	uint64_t sv = 7, sa = 0;
	ud_sh_sys_init(&sys);
	/* A1 = physical page 0x61, readable by address spaces 0 and 1 */
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, 0, 0x10, 0x61, UD_SH_R_READ | UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, 1, 0x20, 0x61, UD_SH_R_READ), UD_OK);
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, UD_SH_NAS, 0x20, 0x61, UD_SH_R_READ), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 0, 0x10000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_uint_eq(sv, UD_SH_VBIT + 0x10000);
	/* one record of page 0x61, naming address space 0 as its owner */
	{
		uint32_t found = 0;
		for (uint32_t k = 0; k < UD_SH_OWN_N; k++)
			if (sys.own[k].valid == 1 && sys.own[k].ppage == 0x61) {
				found++;
				ck_assert_uint_eq(sys.own[k].as, 0);
			}
		ck_assert_uint_eq(found, 1);
	}
	/* the second reader is refused; state and *svaddr unchanged */
	memcpy(&before, &sys, sizeof sys);
	sv = 7;
	ck_assert_int_eq(ud_sh_sys_map(&sys, 1, 0x20000, UD_SH_R_READ, &sv), UD_E_BUSY);
	ck_assert_uint_eq(sv, 7);
	ck_assert(memcmp(&before, &sys, sizeof sys) == 0);
	ck_assert_int_eq(ud_sh_os_translate(&sys.as[1], UD_SH_VBIT + 0x20008, UD_BUS_LOAD, &sa), UD_E_NOENT);
	/* also a second readable mapping of it in the owner itself */
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, 0, 0x11, 0x61, UD_SH_R_READ), UD_OK);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 0, 0x11000, UD_SH_R_READ, &sv), UD_E_BUSY);
	/* a write-only mapping is not a reader */
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, 2, 0x30, 0x61, UD_SH_R_WRITE), UD_OK);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 2, 0x30000, UD_SH_R_WRITE, &sv), UD_OK);
	/* bad arguments keep their codes */
	ck_assert_int_eq(ud_sh_sys_map(&sys, UD_SH_NAS, 0x20000, UD_SH_R_READ, &sv), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 1, 0x21000, UD_SH_R_READ, &sv), UD_E_NOENT);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 1, 0x20000, 0, &sv), UD_E_INVAL);
	ck_assert_int_eq(ud_sh_sys_unmap(&sys, UD_SH_NAS, UD_SH_VBIT + 0x10000), UD_E_RANGE);
	ck_assert_int_eq(ud_sh_sys_unmap(&sys, 1, UD_SH_VBIT + 0x20000), UD_E_NOENT);
	/* the owner unmaps: the record goes, the other may map the page */
	ck_assert_int_eq(ud_sh_sys_unmap(&sys, 0, UD_SH_VBIT + 0x10000), UD_OK);
	for (uint32_t k = 0; k < UD_SH_OWN_N; k++)
		ck_assert(!(sys.own[k].valid == 1 && sys.own[k].ppage == 0x61));
	ck_assert_int_eq(ud_sh_sys_map(&sys, 1, 0x20000, UD_SH_R_READ, &sv), UD_OK);
	ck_assert_int_eq(ud_sh_os_translate(&sys.as[1], UD_SH_VBIT + 0x20008, UD_BUS_LOAD, &sa), UD_OK);
	ck_assert_uint_eq(sa, SB + 0x61008);
	/* and now the first is refused */
	ck_assert_int_eq(ud_sh_sys_map(&sys, 0, 0x10000, UD_SH_R_READ, &sv), UD_E_BUSY);
	/* algorithm-2 address spaces (context id != 0) are not restricted */
	ck_assert_int_eq(ud_sh_os_init(&sys.as[3], 3), UD_OK);
	ck_assert_int_eq(ud_sh_sys_pt_add(&sys, 3, 0x40, 0x61, UD_SH_R_READ), UD_OK);
	ck_assert_int_eq(ud_sh_sys_map(&sys, 3, 0x40000, UD_SH_R_READ, &sv), UD_OK);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shadow");
	TCase *tc = tcase_create("recognisers");
	tcase_add_test(tc, encode_decode);
	tcase_add_test(tc, os_full_and_remove);
	tcase_add_test(tc, alg1_paths);
	tcase_add_test(tc, alg2_paths);
	tcase_add_test(tc, alg3_paths);
	tcase_add_test(tc, os_side);
	tcase_add_test(tc, os_pt_remove_downgrade);
	tcase_add_test(tc, os_one_reader);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
