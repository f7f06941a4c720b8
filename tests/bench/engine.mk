# SPDX-License-Identifier: MIT
# tests/bench/engine.mk -- the verified engine's copy against memcpy of
# 64 KB on the host, natively (issue 22; tests/bench/bench_engine.c): one
# binary per packet size (-DUD_WR_PKT=256, 1024, 4096; the unchanged src/
# modules), a table of the per-packet path (ud_pkt_write) and the whole work
# request (ud_wr_run, read into the staging buffer and written out of it),
# then the headline line for the kernel soft engine's packet size
# (kmod/Kbuild: 4096):
#   engine_copy_vs_memcpy_64k_host: R      ud_wr_run / memcpy, 64 KB
# The guest figure engine_copy_vs_memcpy_64k is guest.mk's.
BENCHES += bench-engine
ENGINE_OUT := $(OUT)/engine
ENGINE_SRC := $(ROOT)/src/pd.c $(ROOT)/src/mr.c $(ROOT)/src/mw.c $(ROOT)/src/access.c \
	$(ROOT)/src/xfer_packet.c $(ROOT)/src/xfer_wr.c
ENGINE_PKTS := 256 1024 4096
ENGINE_KMOD_PKT := 4096
ENGINE_REPS ?= 1000
ENGINE_ROUNDS ?= 9

$(ENGINE_OUT)/bench_engine_%: $(CURDIR)/bench_engine.c $(ENGINE_SRC) $(wildcard $(ROOT)/src/*.h $(ROOT)/spec/*.acsl)
	@mkdir -p $(ENGINE_OUT)
	@$(CC) -std=gnu11 -O2 -g -Wall -Wextra -I$(ROOT)/src -I$(ROOT)/spec -DUD_WR_PKT=$*u \
		$(CURDIR)/bench_engine.c $(ENGINE_SRC) -o $@

bench-engine: $(foreach p,$(ENGINE_PKTS),$(ENGINE_OUT)/bench_engine_$(p))
	@echo "== engine: the verified copy path vs memcpy, 64 KB, host (tests/bench/bench_engine.c; ratio = memcpy time / engine time)"
	@printf '  %-8s %-18s %-22s %-22s\n' "packet" "ns/packet (pkt)" "pkt path / memcpy" "ud_wr_run / memcpy"
	@rm -f $(ENGINE_OUT)/table.txt
	@for p in $(ENGINE_PKTS); do \
		$(ENGINE_OUT)/bench_engine_$$p $(ENGINE_REPS) $(ENGINE_ROUNDS) >>$(ENGINE_OUT)/table.txt || exit 1; \
	done
	@awk '{ printf "  %-8s %-18s %-22s %-22s\n", $$2 " B", $$4, $$6, $$8 }' $(ENGINE_OUT)/table.txt
	@awk -v p=$(ENGINE_KMOD_PKT) '$$2 == p { print "engine_copy_vs_memcpy_64k_host: " $$8 }' $(ENGINE_OUT)/table.txt
