# SPDX-License-Identifier: MIT
# tests/bench/utlb.mk -- the UTLB benchmark (issue 4; docs/utlb.md):
#   1. hit path: ud_utlb_get+put vs UCX ucs_rcache_get+put, same trace,
#      interleaved rounds in one run (wall clock, median of rounds);
#   2. the same, instructions per lookup under callgrind;
#   3. misses: UTLB vs interrupt-per-miss over six traces, tables + plots.
# Ends with the headline lines
#   utlb_hit_speedup_vs_ucs_rcache: X
#   utlb_misses_vs_interrupt_per_miss: Y
BENCHES += bench-utlb
UTLB_OUT := $(OUT)/utlb
UTLB_SRC := $(ROOT)/src/utlb_table.c $(ROOT)/src/utlb_cache.c $(ROOT)/src/utlb_lookup.c
UTLB_N   ?= 1000000
UTLB_ROUNDS ?= 9
UTLB_CG_N ?= 100000

$(UTLB_OUT)/bench_utlb: $(CURDIR)/bench_utlb.c $(UTLB_SRC) $(wildcard $(ROOT)/src/*.h $(ROOT)/spec/*.acsl)
	@mkdir -p $(UTLB_OUT)
	@$(CC) -std=gnu11 -O2 -g -Wall -Wextra -I$(ROOT)/src -I$(ROOT)/spec \
		$(CURDIR)/bench_utlb.c $(UTLB_SRC) -o $@ -lucs -lucm

bench-utlb: $(UTLB_OUT)/bench_utlb
	@echo "== utlb: hit path (uldma UTLB vs UCX ucs_rcache, same trace, one run)"
	@BENCH_OUT=$(UTLB_OUT)/hit.txt $(UTLB_OUT)/bench_utlb hit $(UTLB_N) $(UTLB_ROUNDS) | tee $(UTLB_OUT)/hit_report.txt
	@echo "== utlb: instructions per lookup (callgrind, $(UTLB_CG_N) lookups, trace cost subtracted)"
	@for w in utlb rcache; do for r in 0 1; do \
		valgrind --tool=callgrind --callgrind-out-file=$(UTLB_OUT)/cg.$$w.$$r \
			$(UTLB_OUT)/bench_utlb icount $$w $(UTLB_CG_N) $$r >/dev/null 2>$(UTLB_OUT)/cg.$$w.$$r.log || exit 1; \
	done; done
	@u0=$$(sed -n 's/^summary: //p' $(UTLB_OUT)/cg.utlb.0); u1=$$(sed -n 's/^summary: //p' $(UTLB_OUT)/cg.utlb.1); \
	 r0=$$(sed -n 's/^summary: //p' $(UTLB_OUT)/cg.rcache.0); r1=$$(sed -n 's/^summary: //p' $(UTLB_OUT)/cg.rcache.1); \
	 awk -v u0=$$u0 -v u1=$$u1 -v r0=$$r0 -v r1=$$r1 -v n=$(UTLB_CG_N) 'BEGIN { \
		u = (u1 - u0) / n; r = (r1 - r0) / n; \
		printf "  %-28s %8.1f instructions/lookup\n", "uldma ud_utlb_get+put", u; \
		printf "  %-28s %8.1f instructions/lookup\n", "UCX ucs_rcache_get+put", r; \
		printf "  ratio %.2fx\n", r / u; \
		printf "utlb_ir %.1f\nrcache_ir %.1f\n", u, r > "$(UTLB_OUT)/icount.txt" }'
	@echo "== utlb: misses, UTLB vs interrupt-per-miss"
	@$(UTLB_OUT)/bench_utlb misses $(UTLB_OUT) | tee $(UTLB_OUT)/misses_report.txt
	@gnuplot -e "dir='$(UTLB_OUT)'" $(CURDIR)/utlb.gp && \
		echo "  plots: $(UTLB_OUT)/utlb_misses.svg $(UTLB_OUT)/utlb_sensitivity.svg"
	@printf 'utlb_hit_speedup_vs_ucs_rcache: %s\n' "$$(sed -n 's/^speedup //p' $(UTLB_OUT)/hit.txt)"
	@printf 'utlb_misses_vs_interrupt_per_miss: %s\n' "$$(cat $(UTLB_OUT)/ratio.txt)"
