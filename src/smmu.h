/* SPDX-License-Identifier: MIT */
/*
 * smmu.h -- ARM SMMU (v2, MMU-500) context-fault reporting, as the page-fault
 * mechanism of seed 004_2c0be60bc8bfaeb5.txt uses it (sections 1.3.1.4 and
 * 3.2.1, "SMMU driver").
 *
 * 16 context banks, one per protection domain ("In our Zynq UltraScale+
 * MPSoC, we have only 16 translation context banks").  Per bank:
 *   FSR      TF (bit 1, translation fault), PF (bit 3, permission fault),
 *            SS (bit 30, a transaction is stalled), MULTI (bit 31);
 *   FAR, FAR_HIGH  the 40-bit input address of the first fault
 *            (FAR = bits [31:0], FAR_HIGH = bits [39:32]);
 *   FSYNR0   WNR (bit 4): 1 = write (destination side), 0 = read (source);
 *   SCTLR    CFCFG (bit 7): 0 terminate, 1 stall; HUPCF (bit 8).
 *
 * A fault found while FSR is zero records FSR/FAR/FSYNR; one found while
 * FSR is non-zero only sets MULTI.  Outcomes the DMA engine sees per
 * transaction (section 3.2.1):
 *
 *   FSR == 0, translation ok .......................... DONE
 *   FSR == 0, fault, terminate mode ................... TERMINATED (recorded)
 *   FSR == 0, fault, stall mode ....................... STALLED (recorded, SS)
 *   FSR != 0, HUPCF = 0, terminate mode ............... TERMINATED (not translated,
 *                                                       FSR keeps only the original)
 *   FSR != 0, HUPCF = 0, stall mode ................... HELD (not processed until
 *                                                       the fault is resolved)
 *   FSR != 0, HUPCF = 1, translation ok ............... DONE (hit under fault)
 *   FSR != 0, HUPCF = 1, fault ........................ TERMINATED, MULTI set
 *
 * Software: read the record, clear FSR (terminate mode), or RESUME a stalled
 * transaction with retry (re-translated) or terminate.
 */
#ifndef UD_SMMU_H
#define UD_SMMU_H

#include "ud_common.h"

#define UD_SMMU_NCB            16u           /* context banks (seed 004, 1.3.1.4) */
#define UD_SMMU_ADDR_BITS      40u           /* FAR + FAR_HIGH (seed 004, 3.2.1) */
#define UD_SMMU_ADDR_LIM       0x10000000000ull

/* Register bits (ARM SMMUv2 architecture; TF bit 1 and WNR bit 4 as the
 * seed states them). */
#define UD_SMMU_FSR_TF         0x00000002u
#define UD_SMMU_FSR_PF         0x00000008u
#define UD_SMMU_FSR_SS         0x40000000u
#define UD_SMMU_FSR_MULTI      0x80000000u
#define UD_SMMU_FSYNR0_WNR     0x00000010u
#define UD_SMMU_SCTLR_CFCFG    0x00000080u
#define UD_SMMU_SCTLR_HUPCF    0x00000100u

/* Result of the translation of one transaction (from the page tables,
 * which another module models): ok, translation fault, permission fault. */
#define UD_SMMU_XLATE_OK       0u
#define UD_SMMU_XLATE_TF       1u
#define UD_SMMU_XLATE_PF       2u

/* What the DMA engine sees for one transaction. */
#define UD_SMMU_DONE           0u   /* access performed                      */
#define UD_SMMU_TERMINATED     1u   /* aborted: slave error to the engine    */
#define UD_SMMU_STALLED        2u   /* held until software RESUMEs it        */
#define UD_SMMU_HELD           3u   /* not accepted: bank stalled, HUPCF = 0 */

/* RESUME actions. */
#define UD_SMMU_RESUME_TERMINATE 0u
#define UD_SMMU_RESUME_RETRY     1u

/* One context bank. */
struct ud_smmu_cb {
	bool     stall;   /* SCTLR.CFCFG: 0 terminate, 1 stall */
	bool     hupcf;   /* SCTLR.HUPCF: hit under previous context fault */
	bool     tf;      /* FSR.TF    */
	bool     pf;      /* FSR.PF    */
	bool     ss;      /* FSR.SS    */
	bool     multi;   /* FSR.MULTI */
	uint64_t far;     /* FAR_HIGH:FAR, 40 bits, first fault's input address */
	bool     wnr;     /* FSYNR0.WNR of the first fault */
};

struct ud_smmu {
	struct ud_smmu_cb cb[UD_SMMU_NCB];
};

/* What the fault handler reads for one bank (arm_smmu_context_fault). */
struct ud_smmu_fault {
	uint32_t fsr;       /* FSR register value                      */
	uint32_t far_lo;    /* FAR: input address [31:0]               */
	uint32_t far_high;  /* FAR_HIGH: input address [39:32]         */
	uint32_t fsynr0;    /* FSYNR0 register value (WNR at bit 4)    */
	uint64_t far;       /* the 40-bit input address                */
	bool     tf;        /* translation fault                       */
	bool     pf;        /* permission fault                        */
	bool     multi;     /* more faults happened, not recorded      */
	bool     stalled;   /* a transaction awaits RESUME             */
	bool     wnr;       /* write (destination side) / read (source)*/
};

#include "smmu.acsl"

/*@ requires valid: \valid(s);
    assigns s->cb[0 .. 15];
    ensures inv: ud_smmu_inv(s);
    ensures defaults: \forall integer i; 0 <= i < 16 ==>
      s->cb[i].stall == 0 && s->cb[i].hupcf == 0 && !ud_smmu_active(&s->cb[i]);
*/
void ud_smmu_init(struct ud_smmu *s);

/* Program SCTLR.CFCFG and SCTLR.HUPCF of bank cb. */
/*@ requires valid: \valid(s);
    requires inv: ud_smmu_inv(s);
    assigns s->cb[cb].stall, s->cb[cb].hupcf;
    ensures inv: ud_smmu_inv(s);
    behavior bad_bank:
      assumes cb >= 16;
      ensures status: \result == UD_E_RANGE;
      ensures banks_kept: ud_smmu_banks_same{Pre, Post}(s);
    behavior fault_active:
      assumes cb < 16 && ud_smmu_active(&s->cb[cb]);
      ensures status: \result == UD_E_STATE;
      ensures unchanged: ud_smmu_cb_same{Pre, Post}(s, cb);
    behavior ok:
      assumes cb < 16 && !ud_smmu_active(&s->cb[cb]);
      ensures status: \result == UD_OK;
      ensures set: s->cb[cb].stall == stall && s->cb[cb].hupcf == hupcf;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_smmu_configure(struct ud_smmu *s, uint32_t cb, bool stall, bool hupcf);

/* One transaction through bank cb: input address addr, write or read, and
 * the page tables' verdict xlate.  *out receives what the engine sees. */
/*@ requires valid: \valid(s) && \valid(out);
    requires sep: \separated(s, out);
    requires inv: ud_smmu_inv(s);
    assigns s->cb[cb], *out;
    ensures inv: ud_smmu_inv(s);
    behavior bad_args:
      assumes cb >= 16 || addr >= ud_smmu_addr_lim || xlate > 2;
      ensures status: \result == UD_E_RANGE;
      ensures banks_kept: ud_smmu_banks_same{Pre, Post}(s);
      ensures out_kept: *out == \old(*out);
    behavior under_fault_terminate:
      assumes cb < 16 && addr < ud_smmu_addr_lim && xlate <= 2;
      assumes ud_smmu_active(&s->cb[cb]) && s->cb[cb].hupcf == 0 && s->cb[cb].stall == 0;
      ensures status: \result == UD_OK;
      ensures terminated_untranslated: *out == UD_SMMU_TERMINATED;
      ensures fsr_kept_term: ud_smmu_cb_same{Pre, Post}(s, cb);
    behavior under_fault_stall:
      assumes cb < 16 && addr < ud_smmu_addr_lim && xlate <= 2;
      assumes ud_smmu_active(&s->cb[cb]) && s->cb[cb].hupcf == 0 && s->cb[cb].stall != 0;
      ensures status: \result == UD_OK;
      ensures held: *out == UD_SMMU_HELD;
      ensures fsr_kept_held: ud_smmu_cb_same{Pre, Post}(s, cb);
    behavior translated_ok:
      assumes cb < 16 && addr < ud_smmu_addr_lim && xlate == 0;
      assumes !ud_smmu_active(&s->cb[cb]) || s->cb[cb].hupcf != 0;
      ensures status: \result == UD_OK;
      ensures done: *out == UD_SMMU_DONE;
      ensures fsr_kept_hit: ud_smmu_cb_same{Pre, Post}(s, cb);
    behavior first_fault:
      assumes cb < 16 && addr < ud_smmu_addr_lim && 1 <= xlate <= 2;
      assumes !ud_smmu_active(&s->cb[cb]);
      ensures status: \result == UD_OK;
      ensures recorded: s->cb[cb].far == addr && s->cb[cb].wnr == wnr &&
        (s->cb[cb].tf != 0 <==> xlate == UD_SMMU_XLATE_TF) &&
        (s->cb[cb].pf != 0 <==> xlate == UD_SMMU_XLATE_PF) &&
        s->cb[cb].multi == 0;
      ensures outcome: s->cb[cb].stall == 0 ==>
        (*out == UD_SMMU_TERMINATED && s->cb[cb].ss == 0);
      ensures stalled: s->cb[cb].stall != 0 ==>
        (*out == UD_SMMU_STALLED && s->cb[cb].ss == 1);
      ensures config_kept: s->cb[cb].stall == \old(s->cb[cb].stall) &&
        s->cb[cb].hupcf == \old(s->cb[cb].hupcf);
    behavior multi_fault:
      assumes cb < 16 && addr < ud_smmu_addr_lim && 1 <= xlate <= 2;
      assumes ud_smmu_active(&s->cb[cb]) && s->cb[cb].hupcf != 0;
      ensures status: \result == UD_OK;
      ensures terminated_multi: *out == UD_SMMU_TERMINATED;
      ensures multi: s->cb[cb].multi == 1;
      ensures no_details: ud_smmu_details_same{Pre, Post}(s, cb) &&
        s->cb[cb].ss == \old(s->cb[cb].ss) &&
        s->cb[cb].stall == \old(s->cb[cb].stall) &&
        s->cb[cb].hupcf == \old(s->cb[cb].hupcf);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_smmu_access(struct ud_smmu *s, uint32_t cb, uint64_t addr, bool wnr,
			 uint32_t xlate, uint32_t *out);

/* Read bank cb's fault registers (FSR, FAR, FAR_HIGH, FSYNR0). */
/*@ requires valid: \valid_read(s) && \valid(r);
    requires sep: \separated(s, r);
    requires inv: ud_smmu_inv(s);
    assigns *r;
    behavior bad_bank:
      assumes cb >= 16;
      ensures status: \result == UD_E_RANGE;
      ensures unchanged: *r == \old(*r);
    behavior ok:
      assumes cb < 16;
      ensures status: \result == UD_OK;
      ensures fsr: r->fsr == ud_smmu_fsr(&s->cb[cb]);
      ensures far: r->far == s->cb[cb].far &&
        r->far_lo == s->cb[cb].far % 4294967296 &&
        r->far_high == s->cb[cb].far / 4294967296 &&
        r->far == r->far_high * 4294967296 + r->far_lo && r->far_high < 256;
      ensures fsynr: r->fsynr0 == (s->cb[cb].wnr != 0 ? 16 : 0) &&
        r->wnr == s->cb[cb].wnr;
      ensures bits: r->tf == s->cb[cb].tf && r->pf == s->cb[cb].pf &&
        r->multi == s->cb[cb].multi && r->stalled == s->cb[cb].ss;
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_smmu_read_fault(const struct ud_smmu *s, uint32_t cb, struct ud_smmu_fault *r);

/* Clear bank cb's FSR (write-one-to-clear of all its bits). */
/*@ requires valid: \valid(s);
    requires inv: ud_smmu_inv(s);
    assigns s->cb[cb].tf, s->cb[cb].pf, s->cb[cb].multi;
    ensures inv: ud_smmu_inv(s);
    behavior bad_bank:
      assumes cb >= 16;
      ensures status: \result == UD_E_RANGE;
      ensures banks_kept: ud_smmu_banks_same{Pre, Post}(s);
    behavior stalled:
      assumes cb < 16 && s->cb[cb].ss != 0;
      ensures status: \result == UD_E_STATE;
      ensures unchanged: ud_smmu_cb_same{Pre, Post}(s, cb);
    behavior ok:
      assumes cb < 16 && s->cb[cb].ss == 0;
      ensures status: \result == UD_OK;
      ensures cleared: !ud_smmu_active(&s->cb[cb]);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_smmu_clear_fault(struct ud_smmu *s, uint32_t cb);

/* Write RESUME for the transaction stalled in bank cb: the fault is
 * cleared (FSR written first, as the Linux driver does) and the transaction
 * is terminated, or retried -- re-translated with the page tables' new
 * verdict xlate, exactly as a new access. */
/*@ requires valid: \valid(s) && \valid(out);
    requires sep: \separated(s, out);
    requires inv: ud_smmu_inv(s);
    assigns s->cb[cb], *out;
    ensures inv: ud_smmu_inv(s);
    behavior bad_args:
      assumes cb >= 16 || action > 1 || xlate > 2;
      ensures status: \result == UD_E_RANGE;
      ensures banks_kept: ud_smmu_banks_same{Pre, Post}(s);
      ensures out_kept: *out == \old(*out);
    behavior not_stalled:
      assumes cb < 16 && action <= 1 && xlate <= 2 && s->cb[cb].ss == 0;
      ensures status: \result == UD_E_STATE;
      ensures unchanged: ud_smmu_cb_same{Pre, Post}(s, cb) && *out == \old(*out);
    behavior terminate:
      assumes cb < 16 && action == UD_SMMU_RESUME_TERMINATE && xlate <= 2 &&
              s->cb[cb].ss != 0;
      ensures status: \result == UD_OK;
      ensures resume_terminated: *out == UD_SMMU_TERMINATED;
      ensures cleared_term: !ud_smmu_active(&s->cb[cb]);
    behavior retry_ok:
      assumes cb < 16 && action == UD_SMMU_RESUME_RETRY && xlate == 0 &&
              s->cb[cb].ss != 0;
      ensures status: \result == UD_OK;
      ensures retried_done: *out == UD_SMMU_DONE;
      ensures cleared_done: !ud_smmu_active(&s->cb[cb]);
    behavior retry_faults:
      assumes cb < 16 && action == UD_SMMU_RESUME_RETRY && 1 <= xlate <= 2 &&
              s->cb[cb].ss != 0;
      ensures status: \result == UD_OK;
      ensures stalled_again: *out == UD_SMMU_STALLED && s->cb[cb].ss == 1 &&
        s->cb[cb].multi == 0 && s->cb[cb].far == \old(s->cb[cb].far) &&
        s->cb[cb].wnr == \old(s->cb[cb].wnr) &&
        (s->cb[cb].tf != 0 <==> xlate == UD_SMMU_XLATE_TF) &&
        (s->cb[cb].pf != 0 <==> xlate == UD_SMMU_XLATE_PF);
    complete behaviors;
    disjoint behaviors;
*/
ud_status ud_smmu_resume(struct ud_smmu *s, uint32_t cb, uint32_t action, uint32_t xlate,
			 uint32_t *out);

#endif /* UD_SMMU_H */
