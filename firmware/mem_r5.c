// SPDX-License-Identifier: MIT
/*
 * firmware/mem_r5.c -- the four functions GCC may call even in a
 * freestanding program ("GCC requires the freestanding environment provide
 * memcpy, memmove, memset and memcmp", GCC manual, C Implementation):
 * it emits them for large struct copies and initialisers.  The firmware
 * links no libc, so the home provides them; the core never calls them by
 * name (METHOD.md: write the loop).  Compiled with
 * -fno-tree-loop-distribute-patterns (Makefile) so GCC does not turn these
 * loops back into calls to themselves.
 */
#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	if (dp < sp) {
		while (n--)
			*dp++ = *sp++;
	} else {
		while (n--)
			dp[n] = sp[n];
	}
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *pa = a, *pb = b;

	for (; n; n--, pa++, pb++) {
		if (*pa != *pb)
			return *pa < *pb ? -1 : 1;
	}
	return 0;
}
