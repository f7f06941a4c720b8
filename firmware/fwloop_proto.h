/* SPDX-License-Identifier: MIT */
/*
 * firmware/fwloop_proto.h -- the firmware-in-the-loop protocol between the
 * board model (hw/model/board.c, `board_model --fw NODE:ELF`) and the R5
 * firmware uldma-r5-loop.elf running on QEMU's Cortex-R5F (fwloop_r5.c).
 * Shared by both sides; docs/board-model.md, "Firmware in the loop".
 *
 * Transport: two named pipes the model creates in a scratch directory and
 * QEMU's working directory; the firmware opens them with semihosting
 * SYS_OPEN (UD_FW_IN for reading, UD_FW_OUT for writing) and moves whole
 * records with SYS_READ / SYS_WRITE.  No QEMU change is needed.
 *
 * Every record is UD_FW_REC_WORDS little-endian 32-bit words (both ends
 * are little-endian; no struct layout is shared, only word indices).
 * Word 0 is the kind, word 1 the number of the input record (the outputs
 * of a step repeat the number of the input that caused them, so a lost or
 * extra record is seen at once).  64-bit values are two words, low first.
 *
 * One R5 step = one input record from the model, then zero or more POST /
 * NOTIFY records and exactly one DONE from the firmware.  Time is the
 * model's virtual time (ns), carried in every input: the firmware has no
 * clock of its own in this mode, so a run does not depend on how fast QEMU
 * or the host is.
 */
#ifndef UD_FWLOOP_PROTO_H
#define UD_FWLOOP_PROTO_H

#define UD_FW_IN   "uldma-fw.in"     /* model -> firmware */
#define UD_FW_OUT  "uldma-fw.out"    /* firmware -> model */

#define UD_FW_REC_WORDS 40u
#define UD_FW_MAGIC     0x55444657u  /* "UDFW": the firmware's HELLO */

/* word 0: kind.  Inputs (model -> firmware); w2,w3 = now (ns) in all. */
#define UD_FW_IN_INIT    1u  /* w4,w5 period (ns), w6 win: ud_r5_sched_init  */
#define UD_FW_IN_SUBMIT  2u  /* w4 pd, w5 vc, w6 kind, w7 node, w8,w9 src,
                                w10,w11 dst, w12 len: ud_r5_sched_submit      */
#define UD_FW_IN_EVENT   3u  /* w4 kind, w5 trid, w6 seq, w7 wired_pd, w8 pd:
                                ACK / NACK / PF-NACK, ud_r5_sched_event       */
#define UD_FW_IN_RAPF    4u  /* w4 word0, w5 word1 of the opcode-2 mailbox
                                message: into the mailbox ring, one pass of
                                the firmware's loop (decode + event)          */
#define UD_FW_IN_ABORT   5u  /* w4 pd, w5 trid, w6 seq, w7 err: the fault
                                handler's failure report, ud_r5_loop_fail     */
#define UD_FW_IN_TICK    6u  /* the timer: ud_r5_sched_tick                   */
#define UD_FW_IN_QUIT    7u  /* exit through semihosting, status 0           */

/* Outputs (firmware -> model). */
#define UD_FW_OUT_HELLO  16u /* once, at start: w2 UD_FW_MAGIC, w3 sizeof
                                struct ud_r5_sched                            */
#define UD_FW_OUT_POST   17u /* ud_plat_r5_post: w2 trid, w3 seq, w4 pd, w5 vc,
                                w6 kind, w7 node, w8,w9 src, w10,w11 dst,
                                w12 len                                       */
#define UD_FW_OUT_NOTIFY 18u /* ud_plat_r5_notify: w2 pd, w3 vc, w4 kind,
                                w5 status                                     */
#define UD_FW_OUT_DONE   19u /* end of the step: w2 the call's result (int32),
                                w3 1 if a deadline is armed, w4,w5 the
                                earliest deadline (ud_r5_next_deadline),
                                w6 posts, w7 notifications of this step,
                                w8 .. w8+2*UD_FW_NCNT-1 the scheduler's
                                counters (struct ud_r5_sched_cnt, in order)   */
#define UD_FW_NCNT       14u
#define UD_FW_W_CNT      8u

#endif /* UD_FWLOOP_PROTO_H */
