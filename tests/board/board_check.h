/* SPDX-License-Identifier: MIT */
/*
 * tests/board/board_check.h -- the one check line of the board's user
 * programs: "<prefix>: ok   name (detail)" or "<prefix>: FAIL name ...",
 * counted in total/passed.  Each program defines BOARD_CHECK_PREFIX before
 * including it.  Also the one socket helper of the multi-process tests:
 * sock_io moves exactly n bytes over a stream socket.  And the one way
 * to wait for the kernel: WAIT_UNTIL(cond, ms) re-tests cond every
 * millisecond for up to ms and yields its last value, so a check never
 * depends on how fast a loaded host runs the guest (a fixed sleep did).
 */
#ifndef BOARD_CHECK_H
#define BOARD_CHECK_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static unsigned int total, passed;

static inline void check(const char *name, int ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static inline void check(const char *name, int ok, const char *fmt, ...)
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

/*
 * Write (out) or read exactly n bytes at m over the stream socket s:
 * 0, or -1 when the peer closed or an error cut it short.
 */
static inline int sock_io(int s, void *m, size_t n, int out)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = out ? write(s, (char *)m + got, n - got) :
			  read(s, (char *)m + got, n - got);
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static inline void board_nap_ms(unsigned int ms)
{
	struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

#define WAIT_UNTIL(cond, ms)						\
	({								\
		unsigned int wait_i_;					\
		for (wait_i_ = 0; wait_i_ < (ms) && !(cond); wait_i_++)	\
			board_nap_ms(1);				\
		(cond);							\
	})

#endif /* BOARD_CHECK_H */
