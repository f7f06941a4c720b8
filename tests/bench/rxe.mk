# SPDX-License-Identifier: MIT
# tests/bench/rxe.mk -- ours beside Linux rxe (soft-RoCE), issue 22's
# "the same figures for Linux rxe where the guest kernel has it".  In one
# boot of the x86_64 guest (tests/board/Makefile bench-rxe,
# tests/board/rxe_init.sh): our examples/rdma_pingpong (mapped rings,
# then the ioctls) and rdma_bw through
# uldma.ko, then the Debian kernel's rdma_rxe on a dummy netdev with
# rdma-core's ibv_rc_pingpong (polling, and -e) and perftest's
# ib_write_lat / ib_write_bw, server and client in the guest, the same
# sizes (16 B .. 64 KB).  tests/bench/rxe_table.py prints the table and
# writes build/bench/rxe/{table.txt,rxe.tsv}; tests/bench/rxe.gp plots
# build/bench/rxe/rxe.svg.  Ends with the headline lines
#   rxe_pingpong_latency_ratio_64: X       ours / rxe, one-way latency at
#                                          64 B (rdma_pingpong average over
#                                          ib_write_lat t_avg; < 1: ours
#                                          faster)
#   rxe_pingpong_latency_best_ratio_64: X' the same, our best over t_min
#   rxe_pingpong_latency_median_ratio_64: X'' our median over t_typical
#   rxe_pingpong_latency_median_ratio_64_ioctl: the same, our ping-pong
#                                          through the POST/POLL ioctls
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
RXE_HEADLINES := rxe_pingpong_latency_ratio_64 rxe_pingpong_latency_best_ratio_64 rxe_pingpong_latency_median_ratio_64 rxe_pingpong_latency_median_ratio_64_ioctl rxe_bw_ratio_64k

bench-rxe:
	@echo "== rxe: our rdma_pingpong / rdma_bw beside Linux rxe's ibv_rc_pingpong, ib_write_lat, ib_write_bw, one boot of the x86_64 guest (tests/board/rxe_init.sh; TCG, ratios not hardware figures)"
	@why=""; \
	 if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$(RXE_KDIR)" ] || \
	    [ ! -f /boot/vmlinuz-$(RXE_KVER) ] || ! command -v cpio >/dev/null || [ ! -x /bin/busybox ]; then \
		why="no qemu-system-x86_64, Debian kernel image + headers, cpio or busybox-static here: scripts/deps.sh board"; \
	 elif [ ! -e /lib/modules/$(RXE_KVER)/kernel/drivers/infiniband/sw/rxe/rdma_rxe.ko ] && \
	      [ ! -e /lib/modules/$(RXE_KVER)/kernel/drivers/infiniband/sw/rxe/rdma_rxe.ko.xz ]; then \
		why="the guest kernel $(RXE_KVER) has no rdma_rxe module"; \
	 else for t in ibv_rc_pingpong ib_write_lat ib_write_bw rdma; do \
		command -v $$t >/dev/null || why="no $$t here (rdma-core ibverbs-utils, perftest, iproute2: scripts/deps.sh bench)"; \
	 done; fi; \
	 if [ -n "$$why" ]; then \
		for m in $(RXE_HEADLINES); do echo "$$m: absent ($$why)"; done; \
	 else \
		mkdir -p $(RXE_OUT); \
		$(MAKE) -s -C $(ROOT)/tests/board bench-rxe >$(RXE_OUT)/run.txt 2>&1 || \
			{ cat $(RXE_OUT)/run.txt >&2; echo "rxe bench FAILED (build/board/rxe/console.log)" >&2; exit 1; }; \
		cp $(ROOT)/build/board/rxe/report.txt $(RXE_OUT)/report.txt; \
		python3 $(CURDIR)/rxe_table.py $(RXE_OUT)/report.txt $(RXE_OUT) >$(RXE_OUT)/summary.txt || \
			{ cat $(RXE_OUT)/summary.txt; echo "rxe bench: a figure is missing ($(RXE_OUT)/report.txt)" >&2; exit 1; }; \
		grep -v '^rxe_' $(RXE_OUT)/summary.txt; \
		gnuplot -e "dir='$(RXE_OUT)'" $(CURDIR)/rxe.gp && echo "  plot: $(RXE_OUT)/rxe.svg"; \
		grep '^rxe_' $(RXE_OUT)/summary.txt; \
	 fi
