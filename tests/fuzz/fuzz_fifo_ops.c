/* uldma-links: fault_fifo */
/*
 * Random push / LOW read / HIGH read / pop / clear sequences against a
 * simple reference model of the fault FIFO (seed 004_2c0be60bc8bfaeb5.txt,
 * 3.2.3.1): a 512-deep queue of decoded entries, the duplicate filter on
 * the last pushed (src, trid, seq, page), drop-and-count when full, and the
 * two-state read FSM.  Statuses, words and counters must agree.  A small
 * field alphabet makes duplicates and full FIFOs frequent.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <stdlib.h>
#include "fault_fifo.h"

struct ref {
	struct ud_ff_entry q[512];
	unsigned head, count;
	int low_read;
	uint32_t ovf;
	int have_last;
	struct ud_ff_entry last;
};

static struct ud_ff F;
static struct ref R;

static int same_key(const struct ud_ff_entry *a, const struct ud_ff_entry *b)
{
	return a->src_id == b->src_id && a->tr_id == b->tr_id && a->seq == b->seq &&
	       a->proc == b->proc && a->vpn == b->vpn;
}

static int same_entry(const struct ud_ff_entry *a, const struct ud_ff_entry *b)
{
	return same_key(a, b) && a->pdid == b->pdid && a->exa_ack == b->exa_ack;
}

static void check_invariant(void)
{
	if (F.count != R.count || F.count > 512 || F.head >= 512 ||
	    F.tail != (F.head + F.count) % 512 || F.ovf_count != R.ovf ||
	    F.ovf_sticky != (R.ovf != 0) || (F.rd == UD_FF_RD_LOW_READ) != R.low_read)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ud_ff_init(&F);
	memset(&R, 0, sizeof R);
	for (size_t i = 0; i + 1 < size; i += 2) {
		uint8_t op = data[i], arg = data[i + 1];
		uint64_t w = 12345;
		ud_status st;
		switch (op % 8) {
		case 0: case 1: case 2: case 3: {    /* push, small alphabet */
			struct ud_ff_entry e = { arg & 3u, (uint16_t)((arg >> 2) & 1u),
						 (uint16_t)((arg >> 3) & 1u), (uint16_t)(op >> 3),
						 (uint8_t)((arg >> 4) & 1u), (arg >> 5) & 3u,
						 (uint8_t)(op >> 6) };
			if (op % 8 == 3)                  /* sometimes out of range */
				e.vpn = arg & 0x80 ? 0x8000000u : e.vpn;
			ud_status want;
			if (e.vpn > UD_FF_VPN_MAX)
				want = UD_E_RANGE;
			else if (R.have_last && same_key(&e, &R.last))
				want = UD_E_STALE;
			else if (R.count == 512) {
				want = UD_E_FULL;
				if (R.ovf != UINT32_MAX)
					R.ovf++;
			} else {
				want = UD_OK;
				R.q[(R.head + R.count) % 512] = e;
				R.count++;
				R.have_last = 1;
				R.last = e;
			}
			st = ud_ff_push(&F, &e);
			if (st != want)
				abort();
			break;
		}
		case 4: {                            /* LOW read */
			uint64_t lo, hi;
			st = ud_ff_read_lo(&F, &w);
			if (R.low_read) {
				if (st != UD_E_SEQ || w != 0)
					abort();
				R.low_read = 0;
			} else if (R.count == 0) {
				if (st != UD_E_EMPTY || w != 0)
					abort();
			} else {
				if (ud_ff_entry_encode(&R.q[R.head], &lo, &hi) != UD_OK)
					abort();
				if (st != UD_OK || w != lo)
					abort();
				R.low_read = 1;
			}
			break;
		}
		case 5: {                            /* HIGH read */
			uint64_t lo, hi;
			st = ud_ff_read_hi(&F, &w);
			if (!R.low_read) {
				if (st != UD_E_SEQ || w != 0)
					abort();
			} else {
				if (ud_ff_entry_encode(&R.q[R.head], &lo, &hi) != UD_OK)
					abort();
				if (st != UD_OK || w != hi)
					abort();
				R.head = (R.head + 1) % 512;
				R.count--;
				R.low_read = 0;
			}
			break;
		}
		case 6: {                            /* driver pop */
			struct ud_ff_entry e;
			st = ud_ff_pop(&F, &e);
			if (R.low_read) {
				if (st != UD_E_SEQ)
					abort();
				R.low_read = 0;
			} else if (R.count == 0) {
				if (st != UD_E_EMPTY)
					abort();
			} else {
				if (st != UD_OK || !same_entry(&e, &R.q[R.head]))
					abort();
				R.head = (R.head + 1) % 512;
				R.count--;
			}
			break;
		}
		default:                             /* a burst, or clear overflow */
			if (arg & 1) {
				uint32_t n;
				if (ud_ff_clear_overflow(&F, &n) != UD_OK || n != R.ovf)
					abort();
				R.ovf = 0;
			} else {
				for (unsigned k = 0; k < arg; k++) {
					struct ud_ff_entry e = { k, (uint16_t)(k & 0x3FFF), 0, 0, 0, k & 7u, 0 };
					ud_status want;
					if (R.have_last && same_key(&e, &R.last))
						want = UD_E_STALE;
					else if (R.count == 512) {
						want = UD_E_FULL;
						if (R.ovf != UINT32_MAX)
							R.ovf++;
					} else {
						want = UD_OK;
						R.q[(R.head + R.count) % 512] = e;
						R.count++;
						R.have_last = 1;
						R.last = e;
					}
					if (ud_ff_push(&F, &e) != want)
						abort();
				}
			}
			break;
		}
		check_invariant();
	}
	return 0;
}
