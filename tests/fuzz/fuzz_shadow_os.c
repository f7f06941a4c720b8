/* uldma-links: shadow shadow_os */
/*
 * tests/fuzz/fuzz_shadow_os.c -- the OS side of shadow addressing
 * (src/shadow_os.c) driven by arbitrary sequences of its verbs, against a
 * reference model written here: one process (context id from the input),
 * virtual pages 0 .. NV-1 (the last two never added: unknown pages).
 *
 * Each step is one of pt_add, map, unmap, pt_remove, pt_downgrade; its
 * status must be the model's.  After every step every access kind to every
 * shadow page must translate exactly as the model says: through a shadow
 * mapping of the page, with the right the kind needs, to the shadow
 * address of the page's physical page -- in particular never after the
 * page was removed, and never a STORE after it became read-only
 * (SHADOW-14, SHADOW-15).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "shadow_os.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)
#define NV 10u          /* virtual pages 0 .. NV-1                         */
#define NADD 8u         /* pages pt_add may create: 0 .. NADD-1            */

struct model {
	uint32_t has[NV], pp[NV], r[NV];        /* the page table        */
	uint32_t sh[NV], sr[NV];                /* the shadow mappings   */
};

static int le(uint32_t a, uint32_t b)     /* rights a within b */
{
	return (a & ~b) == 0u;
}

static void check_translate(const struct ud_sh_as *as, const struct model *m,
			    uint32_t ctx, uint32_t off)
{
	for (uint32_t v = 0; v < NV + 1u; v++) {
		for (uint32_t kind = UD_BUS_STORE; kind <= UD_BUS_LOAD; kind++) {
			uint64_t sa = 0x5a5a, sv = UD_SH_VBIT + (uint64_t)v * 4096u + off;
			ud_status st = ud_sh_os_translate(as, sv, kind, &sa);
			uint32_t need = kind == UD_BUS_STORE ? UD_SH_R_WRITE : UD_SH_R_READ;
			if (v >= NV || !m->sh[v]) {
				CHECK(st == UD_E_NOENT);
			} else if (!le(need, m->sr[v])) {
				CHECK(st == UD_E_PERM);
			} else {
				CHECK(st == UD_OK);
				CHECK(m->has[v] && le(m->sr[v], m->r[v]));
				CHECK(sa == UD_SH_BIT + (uint64_t)ctx * 2u * UD_SH_BIT +
				      (uint64_t)m->pp[v] * 4096u + off);
			}
			if (st != UD_OK)
				CHECK(sa == 0x5a5a);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	static struct ud_sh_as as;
	struct model m;
	uint64_t sv;
	if (n < 1)
		return 0;
	uint32_t ctx = d[0] % UD_SH_NCTX2;
	CHECK(ud_sh_os_init(&as, ctx) == UD_OK);
	memset(&m, 0, sizeof m);
	for (size_t k = 1; k + 1 < n; k += 2) {
		uint32_t op = d[k] % 5u, v = (uint32_t)(d[k] >> 3) % NV;
		uint32_t r = d[k + 1] % 5u, pp = (uint32_t)(d[k + 1] >> 3);
		ud_status st, want;
		switch (op) {
		case 0:         /* pt_add */
			if (v >= NADD)
				break;
			st = ud_sh_os_pt_add(&as, v, pp, r);
			want = !(1u <= r && r <= 3u) ? UD_E_INVAL : m.has[v] ? UD_E_BUSY : UD_OK;
			CHECK(st == want);
			if (st == UD_OK) {
				m.has[v] = 1;
				m.pp[v] = pp;
				m.r[v] = r;
			}
			break;
		case 1:         /* map */
			sv = 0x77;
			st = ud_sh_os_map(&as, (uint64_t)v * 4096u + pp, r, &sv);
			want = !(1u <= r && r <= 3u) ? UD_E_INVAL : !m.has[v] ? UD_E_NOENT :
			       !le(r, m.r[v]) ? UD_E_PERM : m.sh[v] ? UD_E_BUSY : UD_OK;
			CHECK(st == want);
			if (st == UD_OK) {
				CHECK(sv == UD_SH_VBIT + (uint64_t)v * 4096u + pp);
				m.sh[v] = 1;
				m.sr[v] = r;
			} else {
				CHECK(sv == 0x77);
			}
			break;
		case 2:         /* unmap */
			st = ud_sh_os_unmap(&as, UD_SH_VBIT + (uint64_t)v * 4096u + pp);
			CHECK(st == (m.sh[v] ? UD_OK : UD_E_NOENT));
			m.sh[v] = 0;
			break;
		case 3:         /* pt_remove */
			st = ud_sh_os_pt_remove(&as, v);
			CHECK(st == (m.has[v] ? UD_OK : UD_E_NOENT));
			m.has[v] = 0;
			m.sh[v] = 0;
			break;
		default:        /* pt_downgrade */
			st = ud_sh_os_pt_downgrade(&as, v, r);
			want = !m.has[v] ? UD_E_NOENT :
			       !(1u <= r && r <= 3u && le(r, m.r[v])) ? UD_E_INVAL : UD_OK;
			CHECK(st == want);
			if (st == UD_OK) {
				m.r[v] = r;
				if (m.sh[v] && !le(m.sr[v], r))
					m.sh[v] = 0;
			}
			break;
		}
		check_translate(&as, &m, ctx, (uint32_t)(d[k + 1] * 16u) % 4096u);
	}
	return 0;
}
