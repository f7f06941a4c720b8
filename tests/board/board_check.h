/* SPDX-License-Identifier: MIT */
/*
 * tests/board/board_check.h -- the one check line of the board's user
 * programs: "<prefix>: ok   name (detail)" or "<prefix>: FAIL name ...",
 * counted in total/passed.  Each program defines BOARD_CHECK_PREFIX before
 * including it.
 */
#ifndef BOARD_CHECK_H
#define BOARD_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static unsigned int total, passed;

static void check(const char *name, int ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	total++;
	passed += ok ? 1u : 0u;
	printf("%s: %s %s", BOARD_CHECK_PREFIX, ok ? "ok  " : "FAIL", name);
	if (fmt) {
		printf(" (");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf(")");
	}
	printf("\n");
	fflush(stdout);
}

#endif /* BOARD_CHECK_H */
