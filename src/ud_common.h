/* SPDX-License-Identifier: MIT */
/*
 * ud_common.h -- what every module of the verified core shares: fixed-width
 * types, the status codes, the page geometry.  Freestanding: <stdint.h>,
 * <stddef.h>, <stdbool.h> only.
 *
 * Status codes are negative int32_t values (0 = success), one meaning each,
 * so a caller, a test and a contract can all name the exact error.  A module
 * that needs a code not listed here adds it here, never reuses one for a
 * different meaning.
 */
#ifndef UD_COMMON_H
#define UD_COMMON_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

#include "uldma.acsl"

typedef int32_t ud_status;

#define UD_OK            0
#define UD_E_INVAL     (-1)   /* malformed argument or message            */
#define UD_E_RANGE     (-2)   /* value outside its field or table range   */
#define UD_E_KEY       (-3)   /* key does not validate (wrong, stale)     */
#define UD_E_PERM      (-4)   /* rights do not allow the access           */
#define UD_E_BUSY      (-5)   /* object has members / bound windows / refs*/
#define UD_E_NOSPC     (-6)   /* fixed-size table is full                 */
#define UD_E_NOENT     (-7)   /* no such object / handle / mapping        */
#define UD_E_STATE     (-8)   /* operation not allowed in this state      */
#define UD_E_PD        (-9)   /* protection-domain mismatch               */
#define UD_E_BOUNDS   (-10)   /* access outside region/window bounds      */
#define UD_E_OVERFLOW (-11)   /* address + length would overflow          */
#define UD_E_SEQ      (-12)   /* sequence error (recogniser, seq number)  */
#define UD_E_FULL     (-13)   /* FIFO/queue full: entry dropped, counted  */
#define UD_E_EMPTY    (-14)   /* nothing to pop                           */
#define UD_E_STALE    (-15)   /* stale or duplicate event, ignored        */
#define UD_E_FORGED   (-16)   /* request names another PD's object        */
#define UD_E_FAULT    (-17)   /* page fault that cannot be resolved       */
#define UD_E_PLATFORM (-18)   /* the platform (home) refused or failed    */

/* The largest 64-bit address: an address range [a, a + len) is refused
 * when a > UD_U64_MAX - len (it would wrap). */
#define UD_U64_MAX 18446744073709551615u

/* Page geometry shared by all modules (seeds 000, 001, 004: 4 KB pages). */
#define UD_PAGE_SHIFT  12u
#define UD_PAGE_SIZE   4096u
#define UD_PAGE_MASK   ((uint64_t)UD_PAGE_SIZE - 1u)

/* Bus access kinds: what a CPU access to a device address is, as the
 * device sees it (the shadow engine, src/shadow.h; the library's bus,
 * src/ud_platform.h section shadow_lib). */
#define UD_BUS_STORE 0u
#define UD_BUS_LOAD  1u

#endif /* UD_COMMON_H */
