/* uldma-links: pd mr mw access */
/*
 * tests/unit/test_prot.c -- the protection core (src/pd.c, mr.c, mw.c,
 * access.c): seed 001_7ab1209d0a9249cf.txt's worked example end to end,
 * every verb rule and error, and the attacks of issue 3.  Expected values
 * are derived by hand from the seed, not from the code under test.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "pd.h"
#include "mr.h"
#include "mw.h"
#include "access.h"
#include "plat_host_mr.h"

static struct ud_prot P;
static uint32_t pd0, pd1, qp0, qp1;

static void setup(void)
{
	host_mr_reset();
	ud_prot_init(&P);
	ck_assert_int_eq(ud_alloc_pd(&P, &pd0), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&P, &pd1), UD_OK);
	ck_assert_int_ne(pd0, pd1);
	ck_assert_int_eq(ud_qp_attach(&P, pd0, &qp0), UD_OK);
	ck_assert_int_eq(ud_qp_attach(&P, pd1, &qp1), UD_OK);
}

static ud_status chk(uint32_t pd, uint32_t key, uint64_t a, uint64_t n, uint32_t kind, uint64_t *pa)
{
	return ud_prot_check(&P, pd, key, a, n, kind, pa);
}

/* Seed 001 1.2.8: VA 141200h, 10000 bytes, pages 61000h, 74000h, 8B000h.
 * 0x141200 + 10000 = 0x143910: the last byte is 0x14390F (the seed's
 * "143910h" is the first byte past the end). */
START_TEST(worked_example)
{
	const uint64_t pages[3] = { 0x61000, 0x74000, 0x8B000 };
	uint32_t h, lk, rk;
	uint64_t pa = 0;

	host_mr_queue(pages, 3);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x141200, 10000, UD_ACC_LOCAL_WRITE, &h, &lk, &rk), UD_OK);
	ck_assert_uint_eq(rk, 0);                     /* no remote right asked */
	ck_assert_uint_eq(P.mr[h].npages, 3);
	ck_assert_uint_eq(P.mr[h].off, 0x200);
	ck_assert_int_eq(host_mr.npinned, 3);
	ck_assert(host_mr_is_pinned(0x61000) && host_mr_is_pinned(0x74000) && host_mr_is_pinned(0x8B000));
	/* first byte */
	ck_assert_int_eq(chk(pd0, lk, 0x141200, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x61200);
	ck_assert_int_eq(chk(pd0, lk, 0x141FFF, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x61FFF);
	ck_assert_int_eq(chk(pd0, lk, 0x142000, 1, UD_KIND_LOCAL_WRITE, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x74000);
	ck_assert_int_eq(chk(pd0, lk, 0x143000, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x8B000);
	/* last byte */
	ck_assert_int_eq(chk(pd0, lk, 0x14390F, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x8B90F);
	/* the whole region at once, and one byte more */
	ck_assert_int_eq(chk(pd0, lk, 0x141200, 10000, UD_KIND_LOCAL_READ, &pa), UD_OK);
	pa = 7;
	ck_assert_int_eq(chk(pd0, lk, 0x141200, 10001, UD_KIND_LOCAL_READ, &pa), UD_E_BOUNDS);
	/* first byte past the end refused, state and output untouched */
	ck_assert_int_eq(chk(pd0, lk, 0x143910, 1, UD_KIND_LOCAL_READ, &pa), UD_E_BOUNDS);
	ck_assert_uint_eq(pa, 7);
	ck_assert_int_eq(chk(pd0, lk, 0x1411FF, 1, UD_KIND_LOCAL_READ, &pa), UD_E_BOUNDS);
	/* remote access to a local-only region */
	ck_assert_int_eq(chk(pd0, lk, 0x141200, 8, UD_KIND_REMOTE_READ, &pa), UD_E_PERM);
	/* deregister: all three pages unpinned, key dead */
	ck_assert_int_eq(ud_dereg_mr(&P, h), UD_OK);
	ck_assert_int_eq(host_mr.npinned, 0);
	ck_assert_int_eq(chk(pd0, lk, 0x141200, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(host_mr.violations, 0);
}
END_TEST

START_TEST(access_flag_rules)
{
	uint32_t h, lk, rk;

	/* remote write / remote atomic need local write (1.2.1) */
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 4096, UD_ACC_REMOTE_WRITE, &h, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 4096, UD_ACC_REMOTE_ATOMIC, &h, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 4096, 32, &h, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(host_mr.pins, 0);
	/* remote read alone is fine; R_Key returned only with a remote right */
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 4096, UD_ACC_REMOTE_READ, &h, &lk, &rk), UD_OK);
	ck_assert_uint_eq(rk, lk);
	ck_assert_uint_ne(lk, 0);
	uint64_t pa;
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 64, UD_KIND_REMOTE_READ, &pa), UD_OK);
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 64, UD_KIND_REMOTE_WRITE, &pa), UD_E_PERM);
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 64, UD_KIND_LOCAL_WRITE, &pa), UD_E_PERM);
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 64, UD_KIND_LOCAL_READ, &pa), UD_OK);  /* always */
	ck_assert_int_eq(chk(pd1, rk, 0x1000, 64, UD_KIND_REMOTE_READ, &pa), UD_E_PD);
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 0, UD_KIND_REMOTE_READ, &pa), UD_E_INVAL);
	ck_assert_int_eq(chk(pd0, rk, 0x1000, 1, 5, &pa), UD_E_INVAL);
	ck_assert_int_eq(chk(pd0, rk, 0xFFFFFFFFFFFFFFF0ull, 0x20, UD_KIND_REMOTE_READ, &pa), UD_E_OVERFLOW);
	ck_assert_int_eq(chk(pd0, 0, 0x1000, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(chk(pd0, lk + 256, 0x1000, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	/* query returns what was registered */
	struct ud_mr_attr a;
	ck_assert_int_eq(ud_query_mr(&P, h, &a), UD_OK);
	ck_assert_uint_eq(a.pd, pd0);
	ck_assert_uint_eq(a.access, UD_ACC_REMOTE_READ);
	ck_assert_uint_eq(a.lkey, lk);
	ck_assert_uint_eq(a.rkey, rk);
	ck_assert_uint_eq(a.iova, 0x1000);
	ck_assert_uint_eq(a.len, 4096);
	ck_assert_int_eq(ud_query_mr(&P, h + 1, &a), UD_E_NOENT);
}
END_TEST

START_TEST(reg_errors_leave_state)
{
	uint32_t h = 99, lk = 99, rk = 99;
	struct ud_prot before;

	memcpy(&before, &P, sizeof P);
	ck_assert_int_eq(ud_reg_mr(&P, 7, 0x1000, 1, 0, &h, &lk, &rk), UD_E_NOENT);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 0, 0, &h, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0xFFFFFFFFFFFFF000ull, 0x2000, 0, &h, &lk, &rk), UD_E_OVERFLOW);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1001, 16 * 4096, 0, &h, &lk, &rk), UD_E_RANGE);
	host_mr.fail_pages = 1;
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 10, 0, &h, &lk, &rk), UD_E_PLATFORM);
	const uint64_t bad[1] = { 0x1234 };            /* OS returned garbage */
	host_mr_queue(bad, 1);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 10, 0, &h, &lk, &rk), UD_E_PLATFORM);
	/* a pin failing on the 2nd page: the 1st is unpinned again */
	host_mr.fail_pin_at = 2;
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x10000, 8192, 0, &h, &lk, &rk), UD_E_PLATFORM);
	ck_assert_int_eq(host_mr.npinned, 0);
	ck_assert_int_eq(memcmp(&before, &P, sizeof P), 0);
	ck_assert_uint_eq(h, 99);
	ck_assert_uint_eq(lk, 99);
	ck_assert_uint_eq(rk, 99);
	ck_assert_int_eq(host_mr.violations, 0);
}
END_TEST

START_TEST(physical_and_shared)
{
	const uint64_t pl[2] = { 0x200000, 0x300000 };
	const uint64_t bad[2] = { 0x200000, 0x300800 };
	uint32_t hp, hv, hs, lk, rk;
	uint64_t pa;

	/* 1.3: offset in the first page, end inside the last page */
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pl, 2, 0x7000000, 0x100, 5000,
					UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE, &hp, &lk, &rk), UD_OK);
	ck_assert_uint_eq(rk, lk);
	ck_assert_int_eq(chk(pd0, lk, 0x7000000, 1, UD_KIND_REMOTE_WRITE, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x200100);
	ck_assert_int_eq(chk(pd0, lk, 0x7000000 + 4095 - 0x100 + 1, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x300000);
	ck_assert_int_eq(chk(pd0, lk, 0x7000000 + 4999, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x300000 + 4999 + 0x100 - 4096);
	/* malformed lists */
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, bad, 2, 0, 0, 5000, 0, &hv, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pl, 2, 0, 0, 100, 0, &hv, &lk, &rk), UD_E_INVAL); /* last page unused */
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pl, 2, 0, 0, 9000, 0, &hv, &lk, &rk), UD_E_INVAL); /* past last page */
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pl, 2, 0, 4096, 5000, 0, &hv, &lk, &rk), UD_E_INVAL);
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pl, 17, 0, 0, 5000, 0, &hv, &lk, &rk), UD_E_RANGE);
	/* a virtual region over the same first page: pinned once, count 2 */
	const uint64_t one[1] = { 0x200000 };
	host_mr_queue(one, 1);
	ck_assert_int_eq(ud_reg_mr(&P, pd1, 0x5000, 100, 0, &hv, &lk, &rk), UD_OK);
	ck_assert_int_eq(host_mr.pins, 2);
	/* shared region on hp's pages, own VA/PD/access, same length */
	ck_assert_int_eq(ud_reg_shared_mr(&P, hp, pd1, 0x9000100, UD_ACC_REMOTE_READ, &hs, &lk, &rk), UD_OK);
	ck_assert_uint_eq(P.mr[hs].len, 5000);
	ck_assert_int_eq(chk(pd1, rk, 0x9000100, 1, UD_KIND_REMOTE_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0x200100);
	ck_assert_int_eq(chk(pd0, rk, 0x9000100, 1, UD_KIND_REMOTE_READ, &pa), UD_E_PD);
	ck_assert_int_eq(host_mr.pins, 2);            /* no new page */
	/* pages go exactly when the last registration covering them goes */
	ck_assert_int_eq(ud_dereg_mr(&P, hp), UD_OK);
	ck_assert(host_mr_is_pinned(0x200000) && host_mr_is_pinned(0x300000));
	ck_assert_int_eq(ud_dereg_mr(&P, hs), UD_OK);
	ck_assert(host_mr_is_pinned(0x200000) && !host_mr_is_pinned(0x300000));
	ck_assert_int_eq(ud_dereg_mr(&P, hv), UD_OK);
	ck_assert_int_eq(host_mr.npinned, 0);
	ck_assert_int_eq(host_mr.violations, 0);
	ck_assert_int_eq(ud_dereg_mr(&P, hv), UD_E_NOENT);
}
END_TEST

START_TEST(rereg)
{
	uint32_t h, lk, rk, lk2, rk2;
	uint64_t pa;

	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x10000, 4096, UD_ACC_LOCAL_WRITE, &h, &lk, &rk), UD_OK);
	ck_assert_int_eq(ud_rereg_mr(&P, h, 0, 0, 0, 0, 0, &lk2, &rk2), UD_E_INVAL);
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_PD, 6, 0, 0, 0, &lk2, &rk2), UD_E_NOENT);
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_ACCESS, 0, 0, 0, UD_ACC_REMOTE_WRITE, &lk2, &rk2), UD_E_INVAL);
	/* change PD and access: new keys, old keys dead */
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_PD | UD_REREG_ACCESS, pd1, 0, 0,
				     UD_ACC_LOCAL_WRITE | UD_ACC_REMOTE_WRITE, &lk2, &rk2), UD_OK);
	ck_assert_uint_ne(lk2, lk);
	ck_assert_uint_eq(rk2, lk2);
	ck_assert_int_eq(chk(pd0, lk, 0x10000, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(chk(pd1, rk2, 0x10000, 1, UD_KIND_REMOTE_WRITE, &pa), UD_OK);
	/* change translation: new pages pinned, old ones released */
	const uint64_t np[2] = { 0xA000, 0xB000 };
	host_mr_queue(np, 2);
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_TRANS, 0, 0x20800, 4096, 0, &lk, &rk), UD_OK);
	ck_assert(!host_mr_is_pinned(0x10000));
	ck_assert(host_mr_is_pinned(0xA000) && host_mr_is_pinned(0xB000));
	ck_assert_int_eq(chk(pd1, lk, 0x20800, 4096, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0xA800);
	ck_assert_int_eq(chk(pd1, lk, 0x21000, 1, UD_KIND_LOCAL_READ, &pa), UD_OK);
	ck_assert_uint_eq(pa, 0xB000);
	ck_assert_int_eq(chk(pd1, lk2, 0x20800, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(host_mr.violations, 0);
}
END_TEST

/* Helper: a region of pd0 at 0x100000, 64 KB, with window binding. */
static uint32_t mk_region(uint32_t acc, uint32_t *lk)
{
	uint32_t h, rk;
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x100000, 65536, acc | UD_ACC_MW_BIND, &h, lk, &rk), UD_OK);
	return h;
}

START_TEST(windows)
{
	uint32_t lk, w, rk0, rk1, rk2, tmp;
	uint64_t pa;
	uint32_t h = mk_region(UD_ACC_LOCAL_WRITE, &lk);

	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &rk0), UD_OK);
	/* the unbound R_Key validates nothing */
	ck_assert_int_eq(chk(pd0, rk0, 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	/* bind 0x100010 .. +100, remote write+read (region has local write) */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk0, lk, 0x100010, 100,
				    UD_ACC_REMOTE_WRITE | UD_ACC_REMOTE_READ, &rk1), UD_OK);
	ck_assert_uint_ne(rk1, rk0);
	ck_assert_int_eq(chk(pd0, rk1, 0x100010, 100, UD_KIND_REMOTE_WRITE, &pa), UD_OK);
	ck_assert_int_eq(chk(pd0, rk1, 0x100010, 100, UD_KIND_REMOTE_ATOMIC, &pa), UD_E_PERM);
	ck_assert_int_eq(chk(pd0, rk1, 0x100010, 1, UD_KIND_LOCAL_READ, &pa), UD_E_PERM);
	/* ATTACK: past the window's end but inside the region */
	ck_assert_int_eq(chk(pd0, rk1, 0x100010, 101, UD_KIND_REMOTE_WRITE, &pa), UD_E_BOUNDS);
	ck_assert_int_eq(chk(pd0, rk1, 0x100074, 1, UD_KIND_REMOTE_READ, &pa), UD_E_BOUNDS);
	ck_assert_int_eq(chk(pd0, rk1, 0x10000F, 1, UD_KIND_REMOTE_READ, &pa), UD_E_BOUNDS);
	ck_assert_int_eq(chk(pd0, rk1, 0x100073, 1, UD_KIND_REMOTE_READ, &pa), UD_OK);
	/* ATTACK: requester of another PD */
	ck_assert_int_eq(chk(pd1, rk1, 0x100010, 1, UD_KIND_REMOTE_READ, &pa), UD_E_PD);
	/* stale key given to bind */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk0, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_KEY);
	/* ATTACK: reuse of the old R_Key after a rebind */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk1, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &rk2), UD_OK);
	ck_assert_int_eq(chk(pd0, rk1, 0x100010, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(chk(pd0, rk2, 0x100000, 10, UD_KIND_REMOTE_READ, &pa), UD_OK);
	/* in-flight access: segment 1 granted, window rebound, segment 2 refused */
	ck_assert_int_eq(chk(pd0, rk2, 0x100000, 4, UD_KIND_REMOTE_READ, &pa), UD_OK);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk2, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &rk1), UD_OK);
	ck_assert_int_eq(chk(pd0, rk2, 0x100004, 4, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	/* ATTACK: after many rebinds no earlier key validates */
	uint32_t keys[600];
	keys[0] = rk1;
	for (int i = 1; i < 600; i++)
		ck_assert_int_eq(ud_bind_mw(&P, qp0, w, keys[i - 1], lk, 0x100000, 10,
					    UD_ACC_REMOTE_READ, &keys[i]), UD_OK);
	for (int i = 0; i < 599; i++)
		ck_assert_int_eq(chk(pd0, keys[i], 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(chk(pd0, keys[599], 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_OK);
	/* ATTACK: deregister / reregister a region with a window bound */
	ck_assert_int_eq(ud_dereg_mr(&P, h), UD_E_BUSY);
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_ACCESS, 0, 0, 0, UD_ACC_MW_BIND, &tmp, &tmp), UD_E_BUSY);
	/* zero-length bind invalidates */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, keys[599], lk, 0, 0, 0, &rk1), UD_OK);
	ck_assert_int_eq(chk(pd0, keys[599], 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	ck_assert_int_eq(chk(pd0, rk1, 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	struct ud_mw_attr a;
	ck_assert_int_eq(ud_query_mw(&P, w, &a), UD_OK);
	ck_assert_uint_eq(a.bound, 0);
	ck_assert_uint_eq(a.rkey, rk1);
	ck_assert_uint_eq(a.pd, pd0);
	ck_assert_int_eq(ud_dereg_mr(&P, h), UD_OK);
	/* freeing the window kills its key; a reused slot gets a fresh key */
	ck_assert_int_eq(ud_dealloc_mw(&P, w), UD_OK);
	ck_assert_int_eq(ud_query_mw(&P, w, &a), UD_E_NOENT);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &tmp, &rk2), UD_OK);
	ck_assert_uint_eq(tmp, w);
	ck_assert_uint_ne(rk2, rk1);
}
END_TEST

START_TEST(bind_rules)
{
	uint32_t lk, lk_nobind, w, w1, rk, tmp, h2, rk2;
	uint64_t pa;

	mk_region(0, &lk);                             /* no local write */
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x300000, 4096, UD_ACC_LOCAL_WRITE, &h2, &lk_nobind, &rk2), UD_OK);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &rk), UD_OK);
	ck_assert_int_eq(ud_alloc_mw(&P, pd1, &w1, &rk2), UD_OK);
	struct ud_prot before;
	memcpy(&before, &P, sizeof P);
	/* region without window binding enabled */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk_nobind, 0x300000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_PERM);
	/* remote write / atomic need the region's local write */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_WRITE, &tmp), UD_E_PERM);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_ATOMIC, &tmp), UD_E_PERM);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 10, UD_ACC_LOCAL_WRITE, &tmp), UD_E_INVAL);
	/* ATTACK: bind a window of pd1 to a region of pd0; QP of the other PD */
	ck_assert_int_eq(ud_bind_mw(&P, qp1, w1, rk2, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_PD);
	ck_assert_int_eq(ud_bind_mw(&P, qp1, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_PD);
	/* range outside the region, wrap */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 65537, UD_ACC_REMOTE_READ, &tmp), UD_E_BOUNDS);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0xFFFFF, 2, UD_ACC_REMOTE_READ, &tmp), UD_E_BOUNDS);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0xFFFFFFFFFFFFFFFFull, 2, UD_ACC_REMOTE_READ, &tmp), UD_E_OVERFLOW);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk + 256, 0x100000, 2, UD_ACC_REMOTE_READ, &tmp), UD_E_KEY);
	ck_assert_int_eq(ud_bind_mw(&P, 15, w, rk, lk, 0x100000, 2, UD_ACC_REMOTE_READ, &tmp), UD_E_NOENT);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, 16, rk, lk, 0x100000, 2, UD_ACC_REMOTE_READ, &tmp), UD_E_NOENT);
	ck_assert_int_eq(memcmp(&before, &P, sizeof P), 0);
	/* a window with remote read on a region without remote rights: allowed (2.5) */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 65536, UD_ACC_REMOTE_READ, &tmp), UD_OK);
	ck_assert_int_eq(chk(pd0, tmp, 0x10FFFF, 1, UD_KIND_REMOTE_READ, &pa), UD_OK);
	ck_assert_int_eq(chk(pd0, lk, 0x10FFFF, 1, UD_KIND_REMOTE_READ, &pa), UD_E_PERM);
}
END_TEST

/* Issue 21: every check ud_bind_mw makes, refused with its code and the
 * state (tables and *new_rkey) unchanged: a QP of another PD, a detached
 * QP, a stale L_Key (the region reregistered: new generation), an L_Key of
 * a deregistered region, a region of another PD; then the current L_Key
 * through the right QP binds. */
START_TEST(bind_refusals_leave_state)
{
	uint32_t lk, lk_old, rk_old, w, rk, lk_pd1, h_pd1, rk_pd1, qpx, tmp;
	uint64_t pa;
	struct ud_prot before;
	uint32_t h = mk_region(UD_ACC_LOCAL_WRITE, &lk);

	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &rk), UD_OK);
	ck_assert_int_eq(ud_reg_mr(&P, pd1, 0x200000, 4096, UD_ACC_MW_BIND, &h_pd1, &lk_pd1, &rk_pd1), UD_OK);
	/* reregister (same translation, new access): lk becomes stale */
	lk_old = lk;
	ck_assert_int_eq(ud_rereg_mr(&P, h, UD_REREG_ACCESS, 0, 0, 0,
				     UD_ACC_LOCAL_WRITE | UD_ACC_MW_BIND, &lk, &rk_old), UD_OK);
	ck_assert_uint_ne(lk, lk_old);
	ck_assert_uint_eq(lk % 256, lk_old % 256);
	/* a QP of pd0 that is then detached */
	ck_assert_int_eq(ud_qp_attach(&P, pd0, &qpx), UD_OK);
	ck_assert_int_eq(ud_qp_detach(&P, qpx), UD_OK);
	memcpy(&before, &P, sizeof P);
	tmp = 0xA5A5A5A5u;
	/* QP of another PD (qp1 is in pd1, the window and region in pd0) */
	ck_assert_int_eq(ud_bind_mw(&P, qp1, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_PD);
	/* a detached QP, and a QP index past the table */
	ck_assert_int_eq(ud_bind_mw(&P, qpx, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_NOENT);
	ck_assert_int_eq(ud_bind_mw(&P, UD_PROT_NQP, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_NOENT);
	/* stale L_Key: the slot is live, its generation is not the key's */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk_old, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_KEY);
	/* a zero-length bind (invalidation) checks the L_Key too */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk_old, 0, 0, 0, &tmp), UD_E_KEY);
	/* an L_Key naming a window slot, and a region of another PD */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, rk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_KEY);
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk_pd1, 0x200000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_PD);
	ck_assert_int_eq(memcmp(&before, &P, sizeof P), 0);
	ck_assert_uint_eq(tmp, 0xA5A5A5A5u);
	/* the window's key still validates nothing */
	ck_assert_int_eq(chk(pd0, rk, 0x100000, 1, UD_KIND_REMOTE_READ, &pa), UD_E_KEY);
	/* a deregistered region's L_Key */
	ck_assert_int_eq(ud_dereg_mr(&P, h_pd1), UD_OK);
	memcpy(&before, &P, sizeof P);
	ck_assert_int_eq(ud_bind_mw(&P, qp1, w, rk, lk_pd1, 0x200000, 10, UD_ACC_REMOTE_READ, &tmp), UD_E_KEY);
	ck_assert_int_eq(memcmp(&before, &P, sizeof P), 0);
	ck_assert_uint_eq(tmp, 0xA5A5A5A5u);
	/* the current L_Key through pd0's QP binds */
	ck_assert_int_eq(ud_bind_mw(&P, qp0, w, rk, lk, 0x100000, 10, UD_ACC_REMOTE_READ, &tmp), UD_OK);
	ck_assert_int_eq(chk(pd0, tmp, 0x100000, 10, UD_KIND_REMOTE_READ, &pa), UD_OK);
}
END_TEST

START_TEST(pd_rules)
{
	uint32_t h, lk, rk, w, ah, pd2;

	/* ATTACK: free a PD with members: each kind of member blocks it */
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_E_BUSY);   /* qp0 */
	ck_assert_int_eq(ud_qp_detach(&P, qp0), UD_OK);
	ck_assert_int_eq(ud_qp_detach(&P, qp0), UD_E_NOENT);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h, &lk, &rk), UD_OK);
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_E_BUSY);
	ck_assert_int_eq(ud_dereg_mr(&P, h), UD_OK);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &rk), UD_OK);
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_E_BUSY);
	ck_assert_int_eq(ud_dealloc_mw(&P, w), UD_OK);
	ck_assert_int_eq(ud_ah_attach(&P, pd0, &ah), UD_OK);
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_E_BUSY);
	ck_assert_int_eq(ud_ah_detach(&P, ah), UD_OK);
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_OK);
	ck_assert_int_eq(ud_dealloc_pd(&P, pd0), UD_E_NOENT);
	/* members need a live PD */
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h, &lk, &rk), UD_E_NOENT);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w, &rk), UD_E_NOENT);
	ck_assert_int_eq(ud_qp_attach(&P, pd0, &ah), UD_E_NOENT);
	ck_assert_int_eq(ud_ah_attach(&P, 8, &ah), UD_E_NOENT);
	/* table full */
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(ud_alloc_pd(&P, &pd2), UD_OK);
	ck_assert_int_eq(ud_alloc_pd(&P, &pd2), UD_E_NOSPC);
}
END_TEST

START_TEST(slot_reuse_and_retire)
{
	uint32_t h, lk, rk, h2, lk2;
	uint64_t pa;

	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h, &lk, &rk), UD_OK);
	ck_assert_int_eq(ud_dereg_mr(&P, h), UD_OK);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h2, &lk2, &rk), UD_OK);
	ck_assert_uint_eq(h2, h);                    /* same slot ... */
	ck_assert_uint_ne(lk2, lk);                  /* ... new key   */
	ck_assert_int_eq(chk(pd0, lk, 0x1000, 1, UD_KIND_LOCAL_READ, &pa), UD_E_KEY);
	/* a slot at the last generation retires: never reused, never wraps */
	ck_assert_int_eq(ud_dereg_mr(&P, h2), UD_OK);
	P.mr[h2].gen = UD_KEY_GEN_MAX;
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h, &lk, &rk), UD_OK);
	ck_assert_uint_ne(h, h2);
	/* region table full */
	for (uint32_t i = 2; i < UD_PROT_NMR; i++)
		ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000 * i, 1, 0, &h, &lk, &rk), UD_OK);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x1000, 1, 0, &h, &lk, &rk), UD_E_NOSPC);
}
END_TEST

/* The window table: UD_E_NOSPC only when no window can be had -- every
 * slot live, or free but retired (its key generations used up); a slot
 * freed again is taken at once. */
START_TEST(window_table_full)
{
	uint32_t w[UD_PROT_NMW], x, rk;

	for (uint32_t i = 0; i < UD_PROT_NMW; i++)
		ck_assert_int_eq(ud_alloc_mw(&P, pd0, &w[i], &rk), UD_OK);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &x, &rk), UD_E_NOSPC);
	ck_assert_int_eq(ud_dealloc_mw(&P, w[5]), UD_OK);
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &x, &rk), UD_OK);
	ck_assert_uint_eq(x, w[5]);
	ck_assert_int_eq(ud_dealloc_mw(&P, w[9]), UD_OK);
	P.mw[w[9]].gen = UD_KEY_GEN_MAX;           /* free but retired */
	ck_assert_int_eq(ud_alloc_mw(&P, pd0, &x, &rk), UD_E_NOSPC);
}
END_TEST

/* Issue 17/21: UD_E_NOSPC for lack of pin room only when so (PROT-MR-10).
 * Four 64 KB regions on distinct pages fill the 64 pin entries; then a
 * registration needing a new page is refused with the state unchanged,
 * while a shared registration (its pages pinned already) and a physical
 * one on pinned pages still succeed; when the table is empty again a
 * registration succeeds. */
START_TEST(pin_table_full)
{
	uint32_t h[4], lk, rk, hs, hp, hx;
	struct ud_prot before;
	const uint64_t pinned_pages[2] = { 0x100000, 0x101000 };
	const uint64_t new_page[1] = { 0x900000 };

	for (uint32_t i = 0; i < 4; i++)
		ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x100000 + 0x10000ull * i, 65536, 0,
					   &h[i], &lk, &rk), UD_OK);
	for (uint32_t e = 0; e < UD_PROT_NPIN; e++)
		ck_assert_uint_gt(P.pin[e].count, 0);
	memcpy(&before, &P, sizeof P);
	/* a new page: no free entry */
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x900000, 1, 0, &hx, &lk, &rk), UD_E_NOSPC);
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, new_page, 1, 0x900000, 0, 1, 0, &hx, &lk, &rk), UD_E_NOSPC);
	ck_assert_int_eq(memcmp(&before, &P, sizeof P), 0);
	/* pages pinned already take no entry */
	ck_assert_int_eq(ud_reg_shared_mr(&P, h[0], pd0, 0x5000000, 0, &hs, &lk, &rk), UD_OK);
	ck_assert_int_eq(ud_reg_phys_mr(&P, pd0, pinned_pages, 2, 0x6000000, 0, 8192, 0, &hp, &lk, &rk), UD_OK);
	ck_assert_uint_eq(P.pin[0].count, 3);
	/* everything gone: the table is empty and a registration succeeds */
	ck_assert_int_eq(ud_dereg_mr(&P, hs), UD_OK);
	ck_assert_int_eq(ud_dereg_mr(&P, hp), UD_OK);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_int_eq(ud_dereg_mr(&P, h[i]), UD_OK);
	for (uint32_t e = 0; e < UD_PROT_NPIN; e++)
		ck_assert_uint_eq(P.pin[e].count, 0);
	ck_assert_int_eq(ud_reg_mr(&P, pd0, 0x900000, 65536, 0, &hx, &lk, &rk), UD_OK);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("prot");
	TCase *tc = tcase_create("verbs");
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, worked_example);
	tcase_add_test(tc, access_flag_rules);
	tcase_add_test(tc, reg_errors_leave_state);
	tcase_add_test(tc, physical_and_shared);
	tcase_add_test(tc, rereg);
	tcase_add_test(tc, windows);
	tcase_add_test(tc, bind_rules);
	tcase_add_test(tc, bind_refusals_leave_state);
	tcase_add_test(tc, pd_rules);
	tcase_add_test(tc, slot_reuse_and_retire);
	tcase_add_test(tc, window_table_full);
	tcase_add_test(tc, pin_table_full);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
