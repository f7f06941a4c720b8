/* SPDX-License-Identifier: MIT */
/*
 * firmware/startup.S -- vector table and reset code of the uldma R5 firmware.
 *
 * ARM state (exceptions are taken in ARM state: SCTLR.TE = 0); the C code
 * is Thumb-2 and is reached by interworking branches (blx).  The vector
 * table sits at 0x0 in the ATCM (r5.ld).  No interrupt is enabled: the
 * firmware is a poll loop (seed 004: "the mailbox polled by the R5").
 */
	.syntax unified
	.arch armv7-r
	.arm

	.section .vectors, "ax", %progbits
	.global ud_r5_vectors
ud_r5_vectors:
	ldr	pc, =ud_r5_reset	/* 0x00 reset                   */
	ldr	pc, =ud_r5_vec_und	/* 0x04 undefined instruction   */
	ldr	pc, =ud_r5_vec_svc	/* 0x08 supervisor call         */
	ldr	pc, =ud_r5_vec_pabt	/* 0x0c prefetch abort          */
	ldr	pc, =ud_r5_vec_dabt	/* 0x10 data abort              */
	ldr	pc, =ud_r5_vec_rsvd	/* 0x14 reserved                */
	ldr	pc, =ud_r5_vec_irq	/* 0x18 IRQ                     */
	ldr	pc, =ud_r5_vec_fiq	/* 0x1c FIQ                     */
	.ltorg

	.section .text.ud_r5_reset, "ax", %progbits
	.global ud_r5_reset
	.type	ud_r5_reset, %function
ud_r5_reset:
	/* Interrupts off (they stay off: poll loop). */
	cpsid	if
	/* One stack per exception mode, then SVC for the main program. */
	cps	#0x1b			/* UND */
	ldr	sp, =__stack_und
	cps	#0x17			/* ABT */
	ldr	sp, =__stack_abt
	cps	#0x12			/* IRQ */
	ldr	sp, =__stack_irq
	cps	#0x11			/* FIQ */
	ldr	sp, =__stack_fiq
	cps	#0x13			/* SVC */
	ldr	sp, =__stack_svc

	/* Zero .bss (the loader placed .data directly in the BTCM). */
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
1:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	1b

	/* Soft-float build (-mfloat-abi=soft): the FPU stays off. */
	bl	ud_r5_main
	/* ud_r5_main does not return; if it did, report and stop. */
	mov	r0, #8
	mov	r1, lr
	bl	ud_r5_exception
2:	wfi
	b	2b
	.size	ud_r5_reset, . - ud_r5_reset

/* Every other vector: hand the kind and the return address to C. */
	.macro	ud_vec name, kind
	.global	\name
	.type	\name, %function
\name:
	mov	r0, #\kind
	mov	r1, lr
	bl	ud_r5_exception
3:	wfi
	b	3b
	.size	\name, . - \name
	.endm

	ud_vec	ud_r5_vec_und, 1
	ud_vec	ud_r5_vec_svc, 2
	ud_vec	ud_r5_vec_pabt, 3
	ud_vec	ud_r5_vec_dabt, 4
	ud_vec	ud_r5_vec_rsvd, 5
	ud_vec	ud_r5_vec_irq, 6
	ud_vec	ud_r5_vec_fiq, 7
	.ltorg
