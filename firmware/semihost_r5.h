/* SPDX-License-Identifier: MIT */
/*
 * firmware/semihost_r5.h -- ARM semihosting, for the self-test and the
 * firmware-in-the-loop ELFs only
 * (a debugger or QEMU -semihosting must be attached; the production ELF
 * never links this).
 */
#ifndef UD_R5_SEMIHOST_H
#define UD_R5_SEMIHOST_H

#include "r5_home.h"

void ud_r5_sh_puts(const char *s);			/* SYS_WRITE0        */
void ud_r5_sh_putu(uint32_t v);				/* decimal           */
void ud_r5_sh_puthex(uint32_t v);			/* 0x%08x            */
/* Host files (SYS_OPEN, mode 1 = "rb", 5 = "wb"): a handle, or -1. */
int32_t ud_r5_sh_open(const char *name, uint32_t len, uint32_t mode);
bool ud_r5_sh_read_all(int32_t fd, void *buf, uint32_t n);	/* SYS_READ  */
bool ud_r5_sh_write_all(int32_t fd, const void *buf, uint32_t n); /* SYS_WRITE */
void ud_r5_sh_exit(uint32_t code) __attribute__((noreturn)); /* SYS_EXIT_EXTENDED */

#endif /* UD_R5_SEMIHOST_H */
