/* uldma-links: shadow shadow_os shadow_lib */
/*
 * tests/fuzz/fuzz_shadow_lib.c -- the library's three issuing sequences
 * (src/shadow_lib.c) against the proved engine and OS side on the host
 * bus, with arbitrary arguments and arbitrary foreign accesses slipped in
 * between the victim's (tests/support/plat_host_shadow_lib.c).
 *
 * Machine: victim process 0 (src VA page 0x10 -> PA 0x61, dst 0x11 -> 0x74,
 * register page for algorithm 1), process 1 may read the source page (its
 * VA 0x20), process 2 is malicious with its own read-write page (VA 0x30 ->
 * PA 0x90) and, for algorithm 1, its own context and key.  Checked:
 *   - bad arguments: UD_E_INVAL and no access;
 *   - the victim touches only its own shadow source/destination (and
 *     register page), at most 4 / 2 / 5 * tries accesses;
 *   - no DMA ever writes the victim's destination page with anything but
 *     the victim's own source and size (no mixed arguments);
 *   - exactly once: success means the victim's DMA started, and it never
 *     starts twice;
 *   - with no foreign access and arguments the engine accepts, the call
 *     succeeds and starts exactly its DMA, once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "shadow_lib.h"
#include "plat_host_shadow_lib.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)
#define VB 0x400000000000ull
#define RW (UD_SH_R_READ | UD_SH_R_WRITE)
#define REGVA 0x7000000ull
#define NINJ 16u

struct in { const uint8_t *p; size_t n; };

static uint64_t take(struct in *in, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++) {
		v = v << 8 | (in->n ? *in->p : 0u);
		if (in->n) { in->p++; in->n--; }
	}
	return v;
}

static struct { uint32_t at, proc, kind; uint64_t va; uint32_t data; } inj[NINJ];
static uint32_t ninj, injected;

static void hook(uint32_t nth)
{
	for (uint32_t i = 0; i < ninj; i++)
		if (inj[i].at == nth) {
			(void)host_sh_access(inj[i].proc, inj[i].kind, inj[i].va, inj[i].data);
			injected++;
		}
}

/* the victim's (process 0) physical address for va, 0 when it has no
 * such page or (write) may not write it: page 0x10 -> 0x61 (read-write
 * for algorithm 1, read-only otherwise), page 0x11 -> 0x74 (read-write) */
static uint64_t victim_pa(uint32_t alg, uint64_t va, int write)
{
	if (va / 4096u == 0x10u && (!write || alg == 1))
		return 0x61000u + va % 4096u;
	if (va / 4096u == 0x11u)
		return 0x74000u + va % 4096u;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };
	uint32_t alg = (uint32_t)take(&in, 1) % 3u + 1u;
	uint32_t sel = (uint32_t)take(&in, 1);
	uint64_t vsrc = 0x10000u + take(&in, 2) % 4096u;
	uint64_t vdst = 0x11000u + take(&in, 2) % 4096u;
	uint32_t sz = (uint32_t)take(&in, 2) % 4200u;
	uint32_t tries = (uint32_t)take(&in, 1) % 10u;
	uint32_t key = 0x155u, ctx = 2u;
	uint64_t sv[3];
	ud_status r;
	int valid;

	if (sel & 1u) vsrc = take(&in, 8);          /* anything at all */
	if (sel & 2u) vdst = take(&in, 8);
	if (sel & 4u) key = (uint32_t)take(&in, 4);
	if (sel & 8u) ctx = (uint32_t)take(&in, 1) % 10u;

	host_sh_reset(alg, UD_SH_FORM_SLSLL);
	host_sh_page(0, 0x10, 0x61, alg == 1 ? RW : UD_SH_R_READ, alg == 1 ? RW : UD_SH_R_READ);
	host_sh_page(0, 0x11, 0x74, RW, RW);
	host_sh_page(1, 0x20, 0x61, UD_SH_R_READ, UD_SH_R_READ);
	host_sh_page(2, 0x30, 0x90, RW, RW);
	if (alg == 1) {
		host_sh_a1_ctx(0, 2, 0x155, REGVA);
		host_sh_a1_ctx(2, 5, 0x77, REGVA + 0x1000);
	}
	/* the foreign accesses and where they go */
	ninj = (uint32_t)take(&in, 1) % (NINJ + 1u);
	injected = 0;
	for (uint32_t i = 0; i < ninj; i++) {
		uint32_t b = (uint32_t)take(&in, 2);
		inj[i].at = b % 48u;
		inj[i].proc = 1u + (b >> 6) % 2u;
		inj[i].kind = (b >> 7) & 1u;
		sv[0] = VB + 0x20000u + (b >> 8) % 4096u;     /* shared source   */
		sv[1] = VB + 0x30000u + (b >> 8) % 4096u;     /* own page        */
		sv[2] = REGVA + 0x1000u;                      /* own reg page    */
		inj[i].va = (b >> 12) % 4u == 3u ? VB + take(&in, 6) : sv[(b >> 12) % 3u];
		inj[i].data = (uint32_t)take(&in, 2);
		if ((b >> 14) & 1u)
			inj[i].data = 0x77u * 8u + 5u;          /* its own key#ctx */
	}
	host_sh.hook = ninj ? hook : NULL;
	host_sh.cur = 0;

	switch (alg) {
	case 1:
		valid = vsrc < VB && vdst < VB && sz != 0 && key != 0 &&
			key < UD_SH_A1_KEY_LIM && ctx < UD_SH_A1_CTX_LIM;
		r = ud_shl_dma1(REGVA, key, ctx, vsrc, vdst, sz);
		break;
	case 2:
		valid = vsrc < VB && vdst < VB && sz != 0;
		r = ud_shl_dma2(vsrc, vdst, sz);
		break;
	default:
		valid = vsrc < VB && vdst < VB && sz != 0 && tries >= 1 &&
			tries <= UD_SHL_TRIES_MAX;
		r = ud_shl_dma3(vsrc, vdst, sz, tries);
		break;
	}

	uint32_t own = 0;
	for (uint32_t i = 0; i < host_sh.nlog; i++) {
		if (host_sh.log[i].proc != 0)
			continue;
		own++;
		CHECK(host_sh.log[i].va == VB + vsrc || host_sh.log[i].va == VB + vdst ||
		      (alg == 1 && host_sh.log[i].va == REGVA));
	}
	if (!valid) {
		CHECK(r == UD_E_INVAL && own == 0);
		return 0;
	}
	CHECK(alg == 1 ? own == 4 : alg == 2 ? own == 2 : (own >= 2 && own <= 5 * tries));
	CHECK(alg == 3 ? (r == UD_OK || r == UD_E_BUSY) : (r == UD_OK || r == UD_E_SEQ));

	/* no mixed arguments into a page the victim may write (its
	 * destination page, and for algorithm 1 its source page too, which is
	 * read-write there): nobody else can write them, so every DMA landing
	 * there is the victim's and carries exactly its arguments */
	uint32_t mine = 0;
	for (uint32_t i = 0; i < host_sh.ndma; i++) {
		uint64_t pg = host_sh.dma[i].dst / 4096u;
		if (pg != 0x74u && !(alg == 1 && pg == 0x61u))
			continue;
		CHECK(host_sh.dma[i].dst == victim_pa(alg, vdst, 1));
		CHECK(host_sh.dma[i].src == victim_pa(alg, vsrc, 0));
		CHECK(host_sh.dma[i].size == sz);
		mine++;
	}
	/* exactly once (SHADOW-M6..M9): a call that reports success started
	 * its DMA, and no DMA of its arguments started twice */
	if (r == UD_OK)
		CHECK(mine == 1);
	CHECK(mine <= 1);
	/* undisturbed and acceptable to the engine: exactly its DMA, once */
	uint64_t ps = victim_pa(alg, vsrc, 0), pd = victim_pa(alg, vdst, 1);
	int fits = ps != 0 && pd != 0 &&
		vsrc % 4096u + sz <= 4096u && vdst % 4096u + sz <= 4096u &&
		(alg != 1 || (key == 0x155u && ctx == 2u));
	if (injected == 0 && fits) {
		CHECK(r == UD_OK && mine == 1 && host_sh.ndma == 1);
	}
	if (injected == 0 && !fits)
		CHECK(r != UD_OK && host_sh.ndma == 0);
	return 0;
}
