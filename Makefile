# uldma -- top-level Makefile.  Every target installs what it needs first
# (scripts/deps.sh), so a bare Debian 12 machine runs any of them directly.
#
#   make prove      the main job: Frama-C WP over every module of src/
#   make test       unit tests (ASan/UBSan), short fuzz runs, board-model smoke, kmod + firmware builds
#   make models     SPIN models (the real src/ code through embedded C)
#   make kmod       the Linux kernel module (Kbuild, Debian's headers)
#   make firmware   the Cortex-R5 firmware ELF (arm-none-eabi-gcc, TCM link)
#   make fuzz       the fuzzers with a longer budget (FUZZ_TIME seconds each)
#   make bench      benchmarks, side by side, with tables and plots
#   make lib        libuldma (shared, static, uldma.pc); make install PREFIX=...
#   make hw         RTL simulation / formal checks of hw/
#   make board      the module in a QEMU-booted Linux, the firmware on an emulated R5

SHELL := /bin/bash
.DEFAULT_GOAL := help
DEPS := scripts/deps.sh

# ---------------------------------------------------------------- proofs
WP_TIMEOUT ?= 15
WP_PAR     ?= 2
PROVE_JOBS ?= 2
export PROVE_JOBS
# PROVE_FORCE=1: ignore this machine's stamps (build/prove-stamps/, never
# committed) and run WP on every module.  A fresh clone has no stamps.
PROVE_FORCE ?= 0
export PROVE_FORCE
# The prover cache: proofs/cache is committed and content-addressed by goal;
# WP_CACHE=none (make prove-cold) runs the provers on every goal.
WP_CACHE   ?= update
WP_CACHE_DIR ?= proofs/cache
FRAMAC_STRICT := -warn-signed-overflow -warn-unsigned-overflow \
	-warn-signed-downcast -warn-unsigned-downcast \
	-warn-left-shift-negative -warn-right-shift-negative \
	-warn-invalid-bool -warn-special-float non-finite \
	-kernel-warn-key annot:missing-spec=abort \
	-kernel-warn-key typing:implicit-function-declaration=abort
WP_FLAGS := -c11 -machdep x86_32 -pp-annot \
	-cpp-extra-args="-Isrc -Ispec -DUD_PLATFORM_PROOF$(if $(PROVE_CPP), $(PROVE_CPP))" \
	$(FRAMAC_STRICT) \
	-wp -wp-rte -wp-prover z3,cvc4 -wp-par $(WP_PAR) -wp-timeout $(WP_TIMEOUT) \
	-wp-cache $(WP_CACHE) -wp-cache-dir $(WP_CACHE_DIR) -wp-no-print
export WP_FLAGS

.PHONY: help prove prove-baseline prove-one prove-memmodel prove-wip deps-prove prove-cold prove-cold-rotate
help:
	@sed -n '4,14p' Makefile | sed 's/^#//'

deps-prove:
	@$(DEPS) prove

prove: deps-prove
	@python3 scripts/prove.py

# make prove-cold [M="tpt smmu"] -- the gate with no prover cache at all:
# every goal is sent to the provers (z3 first, cvc4 when z3 fails), as on a
# machine that never saw proofs/cache.  Shows the cache holds no answer a
# prover can no longer give.  Times in docs/proof-times.md.
prove-cold: deps-prove
	@rm -rf $(BUILD)/cold-cache && mkdir -p $(BUILD)/cold-cache
	@PROVE_FORCE=1 $(MAKE) -s prove-one M="$(M)" WP_CACHE=none WP_CACHE_DIR=$(BUILD)/cold-cache

# CI: one module cold per run, rotating with the commit count over the
# modules whose measured cold time fits CI's budget (proofs/cold-times.json).
prove-cold-rotate: deps-prove
	@m=$$(python3 scripts/prove.py --pick-cold) && \
	if [ -z "$$m" ]; then echo "prove-cold: no module's measured cold time fits COLD_BUDGET (proofs/cold-times.json)"; \
	else echo "prove-cold: $$m (rotation)" && $(MAKE) -s prove-cold M="$$m"; fi

# Where WP's time went in the last run: per module, and the costliest goals.
.PHONY: prove-profile
prove-profile:
	@python3 scripts/prove_profile.py $(N)

# Raise proofs/baseline/<module>.goals to the current counts (never lowers).
prove-baseline: deps-prove
	@python3 scripts/prove.py --update-baseline

# make prove-one M=shadow  -- one module, for development.
prove-one: deps-prove
	@python3 scripts/prove.py $(M)

# make prove-memmodel M=mw -- only the memory-model harnesses of the
# modules (proofs/memmodel/M_*.c, docs/METHOD.md), in seconds; make prove
# and prove-one run them too.
prove-memmodel: deps-prove
	@python3 scripts/prove.py --memmodel-only $(M)

# make prove-sizes -- the modules whose proofs depend on a compile-time
# size, proved again at the size a home compiles them with (issue 21):
# src/xfer_wr.c and src/eng_send.c at UD_WR_PKT = 4096, the kernel soft
# engine's packet (kmod/Kbuild); make prove proves the default, 256.
# PROVE_CPP adds preprocessor definitions to any prove target.
.PHONY: prove-sizes
prove-sizes: deps-prove
	@$(MAKE) -s prove-one M="xfer_wr eng_send" PROVE_CPP=-DUD_WR_PKT=4096u

# make prove-wip M=shadow [F=fn1,fn2] -- a wip/src module (not gated), for
# the work of getting it proved; lists every goal that is not Valid.
prove-wip: deps-prove
	@M=$(M) F=$(F) scripts/prove_wip.sh

# ---------------------------------------------------------------- host build
CC      ?= gcc
WARN    := -Wall -Wextra -Werror -Wshadow -Wconversion -Wsign-conversion \
	-Wstrict-prototypes -Wmissing-prototypes -Wcast-qual -Wundef -Wvla
CORE_CFLAGS := -std=c11 -ffreestanding -fno-builtin $(WARN) -Isrc -Ispec
SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
BUILD   := build
CORE_SRC := $(wildcard src/*.c)
WIP_SRC  := $(wildcard wip/src/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TEST_SUPPORT := $(wildcard tests/support/*.c)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
FUZZ_RUNS ?= 200000
FUZZ_SMOKE_TIME ?= 60
FUZZ_TIME ?= 300

.PHONY: test unit fuzz-smoke fuzz deps-test core-freestanding
deps-test:
	@$(DEPS) test

# The core alone, freestanding, with every warning an error.
core-freestanding: deps-test
	@mkdir -p $(BUILD)/core
	@for f in $(CORE_SRC); do \
		$(CC) $(CORE_CFLAGS) -O2 -c $$f -o $(BUILD)/core/$$(basename $$f .c).o || exit 1; \
	done
	@for f in $(WIP_SRC); do \
		$(CC) $(CORE_CFLAGS) -Iwip/src -O2 -c $$f -o $(BUILD)/core/wip_$$(basename $$f .c).o || exit 1; \
	done
	@echo "core: $(words $(CORE_SRC)) module(s) in src/ and $(words $(WIP_SRC)) in wip/src/ compile freestanding with -Werror"

# A test or fuzz source names the modules it links in one line:
#   /* uldma-links: shadow shadow_lib */
# plus tests/support/plat_host_<module>.c for each of them, when present.
links = $(shell sed -n 's|.*uldma-links:\(.*\)\*/.*|\1|p' $(1))
# and, when it needs a compile-time parameter other than the default (the
# whole test, src/ included, is built with it), one line
#   /* uldma-cflags: -DUD_WR_PKT=4096u */
cflags = $(shell sed -n 's|.*uldma-cflags:\(.*\)\*/.*|\1|p' $(1))
# A module not yet proved lives in wip/src/ (docs/architecture.md); tests
# still build and run it, the homes and make prove do not.
mod_src = $(firstword $(wildcard src/$(1).c wip/src/$(1).c) src/$(1).c)
link_srcs = $(foreach m,$(call links,$(1)),$(call mod_src,$(m)) $(wildcard tests/support/plat_host_$(m).c)) \
	$(filter-out tests/support/plat_host_%,$(TEST_SUPPORT))
# A test that includes another test's source (test_xfer_wr_page.c) is
# rebuilt when that source changes.
incl_tests = $(addprefix tests/unit/,$(shell sed -n 's|^\#include "\(test_[a-z0-9_]*\.c\)".*|\1|p' $(1)))

.SECONDEXPANSION:
$(BUILD)/tests/%: tests/unit/%.c $$(call link_srcs,tests/unit/%.c) $$(call incl_tests,tests/unit/%.c) $(wildcard src/*.h wip/src/*.h spec/*.acsl tests/support/*.h tests/kat/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -g -O1 $(SAN) -Wall -Wextra -Werror -Isrc -Iwip/src -Ispec -Itests/support \
		-Itests/unit $(call cflags,$<) $< $(call link_srcs,$<) -o $@ $$(pkg-config --cflags --libs check)

# make unit            all unit tests
# make unit T=shadow   only tests/unit/test_shadow.c
UNIT_BIN := $(if $(T),$(BUILD)/tests/test_$(T),$(TEST_BIN))
unit: deps-test $(UNIT_BIN)
	@python3 scripts/run_tests.py $(UNIT_BIN)

$(BUILD)/fuzz/%: tests/fuzz/%.c $$(call link_srcs,tests/fuzz/%.c) $(wildcard src/*.h wip/src/*.h spec/*.acsl tests/support/*.h)
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-Isrc -Iwip/src -Ispec -Itests/support $< $(call link_srcs,$<) -o $@

# Short, bounded fuzz runs: part of make test.
fuzz-smoke: deps-test $(FUZZ_BIN)
	@for f in $(FUZZ_BIN); do \
		n=$$(basename $$f); mkdir -p $(BUILD)/corpus/$$n; \
		echo "fuzz: $$n ($(FUZZ_RUNS) runs)"; \
		$$f -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_SMOKE_TIME) -seed=1 $(BUILD)/corpus/$$n tests/fuzz/corpus/$$n 2>$(BUILD)/fuzz/$$n.log \
			|| { tail -40 $(BUILD)/fuzz/$$n.log; exit 1; }; \
		tail -1 $(BUILD)/fuzz/$$n.log; \
	done

# The fuzzers with a real budget (FUZZ_TIME seconds each).
fuzz: deps-test $(FUZZ_BIN)
	@for f in $(FUZZ_BIN); do \
		n=$$(basename $$f); mkdir -p $(BUILD)/corpus/$$n; \
		echo "fuzz: $$n ($(FUZZ_TIME)s)"; \
		$$f -max_total_time=$(FUZZ_TIME) $(BUILD)/corpus/$$n 2>$(BUILD)/fuzz/$$n.log \
			|| { tail -40 $(BUILD)/fuzz/$$n.log; exit 1; }; \
		tail -1 $(BUILD)/fuzz/$$n.log; \
	done

# The gates themselves: planted faults they must catch, on copies of the tree.
.PHONY: gate-tests
gate-tests: deps-test deps-prove
	@$(DEPS) models
	@for t in tests/gate/*.sh; do sh $$t || exit 1; done

# The board model (hw/model, docs/board-model.md): two short scenarios on
# the verified src/ modules, every transfer checked; seconds, so the model
# never rots between `make bench` runs.
.PHONY: board-smoke
board-smoke: deps-test
	@$(MAKE) -s -C hw/model smoke

# libuldma as a user gets it: built, installed into build/lib-stage, and a
# program built through pkg-config against the shared and the static
# library and run (tests/lib/test_libuldma.c).
.PHONY: lib lib-check install
PREFIX ?= /usr/local
lib:
	@$(MAKE) -s -C lib

install: lib
	@$(MAKE) -s -C lib install PREFIX=$(PREFIX)

lib-check:
	@rm -rf $(BUILD)/lib-stage
	@$(MAKE) -s -C lib install PREFIX=$(abspath $(BUILD))/lib-stage >/dev/null
	@export PKG_CONFIG_PATH=$(abspath $(BUILD))/lib-stage/lib/pkgconfig; \
	 $(CC) -std=c11 -Wall -Wextra -Werror -o $(BUILD)/lib-stage/t_shared tests/lib/test_libuldma.c \
		$$(pkg-config --cflags --libs uldma) -Wl,-rpath,$(abspath $(BUILD))/lib-stage/lib && \
	 $(CC) -std=c11 -Wall -Wextra -Werror -static -o $(BUILD)/lib-stage/t_static tests/lib/test_libuldma.c \
		$$(pkg-config --static --cflags --libs uldma) && \
	 ldd $(BUILD)/lib-stage/t_shared | grep -q 'libuldma.so.0 => $(abspath $(BUILD))/lib-stage/lib/' && \
	 $(BUILD)/lib-stage/t_shared | sed 's/^/shared: /' && $(BUILD)/lib-stage/t_static | sed 's/^/static: /' && \
	 for e in examples/*.c; do \
		$(CC) -O2 -Wall -Wextra -Werror -o $(BUILD)/lib-stage/$$(basename $$e .c) $$e \
			$$(pkg-config --cflags --libs uldma) -Wl,-rpath,$(abspath $(BUILD))/lib-stage/lib || exit 1; \
	 done && echo "lib-check: libuldma installed, linked shared and static through uldma.pc, examples build against it"

test: deps-test core-freestanding unit fuzz-smoke board-smoke gate-tests kmod firmware lib-check
	@echo "test: all passed"

# ---------------------------------------------------------------- homes
.PHONY: kmod firmware models bench hw board clean
kmod:
	@$(DEPS) kmod
	@$(MAKE) -s -C kmod

firmware:
	@$(DEPS) firmware
	@$(MAKE) -s -C firmware

models:
	@$(DEPS) models
	@python3 scripts/models.py

bench:
	@$(DEPS) bench
	@$(MAKE) -s -C tests/bench

hw:
	@$(DEPS) hw
	@$(MAKE) -s -C hw

board:
	@$(DEPS) board
	@$(MAKE) -s -C tests/board

clean:
	rm -rf $(BUILD) proofs/logs proofs/reports
	-$(MAKE) -s -C kmod clean
	-$(MAKE) -s -C firmware clean
