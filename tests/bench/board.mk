# SPDX-License-Identifier: MIT
# tests/bench/board.mk -- the board model's figures (issue 23; hw/model,
# docs/board-model.md): every scenario of seed 004 chapter 4 (Figs.
# 4.1-4.7, Table 4.1) plus the RAPF-vs-timeout extra, run on the board
# model (verified src/ modules, real host page-ins), plotted with the
# thesis's reported numbers beside ours.  Ends with the headline lines
#   touch_ahead_speedup_dst_{16k,32k,64k}, touch_ahead_speedup_src_{...},
#   rapf_vs_timeout_latency_ratio, fault_path_overhead_vs_bare_pagein
BENCHES += bench-board
BOARD_OUT := $(OUT)/board

bench-board:
	@mkdir -p $(BOARD_OUT)
	@echo "== board model: seed 004 ch. 4 figures (hw/model/scenarios)"
	@$(MAKE) -s -C $(ROOT)/hw/model figures FIG_OUT=$(BOARD_OUT) | tee $(BOARD_OUT)/report.txt
	@echo "== board model: headline figures (ours, thesis in brackets where its text gives one)"
	@for m in touch_ahead_speedup_dst_16k touch_ahead_speedup_dst_32k touch_ahead_speedup_dst_64k \
		touch_ahead_speedup_src_16k touch_ahead_speedup_src_32k touch_ahead_speedup_src_64k \
		rapf_vs_timeout_latency_ratio fault_path_overhead_vs_bare_pagein; do \
		grep -E "^$$m:" $(BOARD_OUT)/report.txt || { echo "$$m: missing"; exit 1; }; done
