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
 * And the module's debugfs, one way for every program: board_dbg_set
 * writes a knob (engine_pause, va_pause, ...), counter() reads one
 * counter of "stats" (-1 when absent).
 */
#ifndef BOARD_CHECK_H
#define BOARD_CHECK_H

#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
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

#define BOARD_DBG "/sys/kernel/debug/uldma/"

/* Write val to the debugfs knob name: 0, or a negative errno. */
static inline int board_dbg_set(const char *name, const char *val)
{
	char path[128];
	FILE *f;
	int r;

	snprintf(path, sizeof(path), BOARD_DBG "%s", name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	r = fputs(val, f) < 0;
	return fclose(f) || r ? -EIO : 0;
}

/* Hold (1) or let go (0) the soft engine between requests. */
static inline int engine_pause(int on)
{
	return board_dbg_set("engine_pause", on ? "1\n" : "0\n");
}

/* One counter of the module's debugfs "stats", or -1. */
static inline long counter(const char *name)
{
	char line[128], key[96];
	long v, found = -1;
	FILE *f = fopen(BOARD_DBG "stats", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%95s %ld", key, &v) == 2 &&
		    !strcmp(key, name))
			found = v;
	}
	fclose(f);
	return found;
}

#endif /* BOARD_CHECK_H */
