# SPDX-License-Identifier: MIT
# tests/bench/rxe.mk -- ours beside Linux rxe (soft-RoCE), issue 22's
# "the same figures for Linux rxe where the guest kernel has it".  In one
# boot of the x86_64 guest (tests/board/Makefile bench-rxe,
# tests/board/rxe_init.sh), then of the arm64 one (bench-rxe-arm64): our
# examples/rdma_pingpong (mapped rings with the doorbell, the rings with
# no doorbell, then the ioctls) and rdma_bw through
# uldma.ko, then the Debian kernel's rdma_rxe on a dummy netdev with
# rdma-core's ibv_rc_pingpong (polling, and -e) and perftest's
# ib_write_lat / ib_write_bw, server and client in the guest, the same
# sizes (16 B .. 64 KB).  tests/bench/rxe_table.py prints the table and
# writes build/bench/rxe/{table.txt,rxe.tsv} (arm64: build/bench/rxe/arm64/);
# tests/bench/rxe.gp plots rxe.svg there.  Ends with the headline lines
# (the arm64 guest's the same names ending in _arm64)
#   rxe_pingpong_latency_ratio_64: X       ours / rxe, one-way latency at
#                                          64 B (rdma_pingpong average over
#                                          ib_write_lat t_avg; < 1: ours
#                                          faster)
#   rxe_pingpong_latency_best_ratio_64: X' the same, our best over t_min
#   rxe_pingpong_latency_median_ratio_64: X'' our median over t_typical
#   rxe_pingpong_latency_median_ratio_64_ioctl: the same, our ping-pong
#                                          through the POST/POLL ioctls
#   rxe_pingpong_latency_median_ratio_64_nodb: the same, through the
#                                          mapped rings with no doorbell
#   rxe_pingpong_latency_median_ratio_16: our median over t_typical at
#                                          16 B (rings with the doorbell)
#   rxe_bw_ratio_64k: Y                    ours / rxe, RDMA-write MB/s at
#                                          64 KB (rdma_bw over ib_write_bw;
#                                          > 1: ours faster)
# QEMU TCG (no /dev/kvm): ratios in one emulated guest, not hardware
# figures.  Without qemu-system-x86_64, the Debian kernel image + headers,
# cpio or busybox-static (scripts/deps.sh board), or without rdma_rxe.ko
# in that kernel's modules, or rdma-core's / perftest's tools (scripts/
# deps.sh bench), the lines say "absent (why)" and make bench goes on; a
# guest run that fails where they exist fails.
BENCHES += bench-rxe
RXE_OUT  := $(OUT)/rxe
RXE_KDIR := $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))
RXE_KVER := $(patsubst linux-headers-%,%,$(notdir $(RXE_KDIR)))
RXE_HEADLINES := rxe_pingpong_latency_ratio_64 rxe_pingpong_latency_best_ratio_64 rxe_pingpong_latency_median_ratio_64 rxe_pingpong_latency_median_ratio_64_ioctl rxe_pingpong_latency_median_ratio_64_nodb rxe_pingpong_latency_median_ratio_16 rxe_bw_ratio_64k

# RXE_ARCHS: the guests to run (x86_64 first; arm64 is the same bench on
# qemu-system-aarch64 -cpu cortex-a53, headline names ending in _arm64,
# figures under build/bench/rxe/arm64/).
RXE_ARCHS ?= x86_64 arm64

# rxe-run ARCH-LABEL, board target, report, outdir, suffix, absent-reason
define rxe-run
	 if [ -n "$(6)" ]; then \
		for m in $(RXE_HEADLINES); do echo "$${m}$(5): absent ($(6))"; done; \
	 else \
		mkdir -p $(4); \
		$(MAKE) -s -C $(ROOT)/tests/board $(2) >$(4)/run.txt 2>&1 || \
			{ cat $(4)/run.txt >&2; echo "rxe bench FAILED on $(1) (console.log beside $(3))" >&2; exit 1; }; \
		cp $(3) $(4)/report.txt; \
		python3 $(CURDIR)/rxe_table.py $(4)/report.txt $(4) $(5) >$(4)/summary.txt || \
			{ cat $(4)/summary.txt; echo "rxe bench ($(1)): a figure is missing ($(4)/report.txt)" >&2; exit 1; }; \
		echo "  -- $(1) guest"; \
		grep -v '^rxe_' $(4)/summary.txt; \
		gnuplot -e "dir='$(4)'; arch='$(1)'" $(CURDIR)/rxe.gp && echo "  plot: $(4)/rxe.svg"; \
	 fi;
endef

bench-rxe:
	@echo "== rxe: our rdma_pingpong / rdma_bw beside Linux rxe's ibv_rc_pingpong, ib_write_lat, ib_write_bw, one boot of each guest ($(RXE_ARCHS); tests/board/rxe_init.sh; TCG, ratios not hardware figures)"
	@rm -f $(RXE_OUT)/summary.txt $(RXE_OUT)/arm64/summary.txt; why=""; \
	 if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$(RXE_KDIR)" ] || \
	    [ ! -f /boot/vmlinuz-$(RXE_KVER) ] || ! command -v cpio >/dev/null || [ ! -x /bin/busybox ]; then \
		why="no qemu-system-x86_64, Debian kernel image + headers, cpio or busybox-static here: scripts/deps.sh board"; \
	 elif [ ! -e /lib/modules/$(RXE_KVER)/kernel/drivers/infiniband/sw/rxe/rdma_rxe.ko ] && \
	      [ ! -e /lib/modules/$(RXE_KVER)/kernel/drivers/infiniband/sw/rxe/rdma_rxe.ko.xz ]; then \
		why="the guest kernel $(RXE_KVER) has no rdma_rxe module"; \
	 else for t in ibv_rc_pingpong ib_write_lat ib_write_bw rdma readelf; do \
		command -v $$t >/dev/null || why="no $$t here (rdma-core ibverbs-utils, perftest, iproute2, binutils: scripts/deps.sh bench)"; \
	 done; fi; \
	 a64why=""; \
	 case " $(RXE_ARCHS) " in *" arm64 "*) ;; *) a64why="not asked for (RXE_ARCHS=$(RXE_ARCHS))" ;; esac; \
	 if [ -z "$$a64why" ]; then \
		if [ -n "$$why" ]; then a64why="$$why"; \
		elif ! command -v qemu-system-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then \
			a64why="no qemu-system-aarch64 or aarch64-linux-gnu-gcc here: scripts/deps.sh board"; fi; \
	 fi; \
	 $(call rxe-run,x86_64,bench-rxe,$(ROOT)/build/board/rxe/report.txt,$(RXE_OUT),,$$why) \
	 $(call rxe-run,arm64 (cortex-a53),bench-rxe-arm64,$(ROOT)/build/board/arm64/rxe/report.txt,$(RXE_OUT)/arm64,_arm64,$$a64why) \
	 cat $(RXE_OUT)/summary.txt $(RXE_OUT)/arm64/summary.txt 2>/dev/null | grep '^rxe_' || true
