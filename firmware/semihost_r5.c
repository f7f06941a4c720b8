// SPDX-License-Identifier: MIT
/*
 * firmware/semihost_r5.c -- the few semihosting calls the self-test needs
 * ("Semihosting for AArch32 and AArch64", ARM; Thumb state: SVC 0xAB),
 * and the file calls of the firmware-in-the-loop ELF (fwloop_r5.c).
 */
#include "semihost_r5.h"

#define UD_SH_SYS_OPEN			0x01u
#define UD_SH_SYS_WRITE0		0x04u
#define UD_SH_SYS_WRITE			0x05u
#define UD_SH_SYS_READ			0x06u
#define UD_SH_SYS_EXIT_EXTENDED		0x20u
#define UD_SH_ADP_STOPPED_APP_EXIT	0x20026u

static uint32_t ud_r5_sh_call(uint32_t op, const void *arg)
{
	register uint32_t r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;

	/* A trapped SVC taken in SVC mode would overwrite lr: say so. */
	__asm__ volatile("svc 0xab" : "+r"(r0) : "r"(r1) : "memory", "lr");
	return r0;
}

void ud_r5_sh_puts(const char *s)
{
	(void)ud_r5_sh_call(UD_SH_SYS_WRITE0, s);
}

void ud_r5_sh_putu(uint32_t v)
{
	char buf[11];
	uint32_t i = sizeof(buf) - 1u;

	buf[i] = '\0';
	do {
		buf[--i] = (char)('0' + v % 10u);
		v /= 10u;
	} while (v != 0u);
	ud_r5_sh_puts(&buf[i]);
}

void ud_r5_sh_puthex(uint32_t v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[11];
	uint32_t i;

	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < 8u; i++)
		buf[2u + i] = digits[(v >> (28u - 4u * i)) & 0xfu];
	buf[10] = '\0';
	ud_r5_sh_puts(buf);
}

void ud_r5_sh_exit(uint32_t code)
{
	uint32_t block[2] = { UD_SH_ADP_STOPPED_APP_EXIT, code };

	(void)ud_r5_sh_call(UD_SH_SYS_EXIT_EXTENDED, block);
	for (;;)
		__asm__ volatile("wfi");
}

int32_t ud_r5_sh_open(const char *name, uint32_t len, uint32_t mode)
{
	uint32_t block[3] = { (uint32_t)(uintptr_t)name, mode, len };

	return (int32_t)ud_r5_sh_call(UD_SH_SYS_OPEN, block);
}

/* SYS_READ / SYS_WRITE answer the number of bytes NOT moved; a pipe may
 * move fewer than asked, so both loop until all n bytes are through.
 * false: end of file (read) or an error. */
bool ud_r5_sh_read_all(int32_t fd, void *buf, uint32_t n)
{
	uint8_t *p = buf;

	while (n > 0u) {
		uint32_t block[3] = { (uint32_t)fd, (uint32_t)(uintptr_t)p, n };
		uint32_t left = ud_r5_sh_call(UD_SH_SYS_READ, block);

		if (left >= n)
			return false;
		p += n - left;
		n = left;
	}
	return true;
}

bool ud_r5_sh_write_all(int32_t fd, const void *buf, uint32_t n)
{
	const uint8_t *p = buf;

	while (n > 0u) {
		uint32_t block[3] = { (uint32_t)fd, (uint32_t)(uintptr_t)p, n };
		uint32_t left = ud_r5_sh_call(UD_SH_SYS_WRITE, block);

		if (left >= n)
			return false;
		p += n - left;
		n = left;
	}
	return true;
}
