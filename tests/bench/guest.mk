# SPDX-License-Identifier: MIT
# tests/bench/guest.mk -- figures measured inside the QEMU-booted Linux
# guest with uldma.ko loaded (issue 22): tests/board/Makefile's
# bench-guest target runs tests/board/uldma_bench.c there (x86_64, then
# arm64 with bench-guest-arm64; TCG, as make board: /dev/kvm is not
# used).  Ends with the headline lines (the arm64 guest's: the same names
# ending in _arm64)
#   engine_copy_vs_memcpy_64k: Y          soft engine, 64 KB RDMA writes
#                                         posted 32 deep and polled, over
#                                         memcpy of 64 KB, same guest,
#                                         rounds interleaved in one run
#   engine_copy_vs_memcpy_64k_inside: Y'  the engine's time inside
#                                         ud_wr_run only (debugfs), over
#                                         memcpy
#   dma_start_user_vs_ioctl: X            user-space time to start one
#                                         64-byte write: POST ioctl over
#                                         the mapped ring's slot write +
#                                         index store (ABI 5), batches
#                                         interleaved in one run
#   poll_ring_vs_ioctl: P                 user-space time to take one
#                                         completion: POLL ioctl over the
#                                         mapped completion ring's loads
#                                         and consumer store (ABI 6)
#   fault_path_vs_bare_pagein: Z          VA write of 64 KB (ABI 7): extra
#                                         time into a never-touched
#                                         destination over one into touched
#                                         pages, over the time to touch the
#                                         16 pages from user space (the
#                                         handler's default, Touch-Ahead:
#                                         up to 4 pages per fault);
#                                         goal Z <= 2
#   fault_path_vs_bare_pagein_touch_a_page: Z'  the same with Touch-A-Page
#                                         (debugfs va_ahead = N: one page
#                                         per fault)
# On a machine without qemu-system-x86_64, a Debian kernel image or its
# headers (scripts/deps.sh board installs them), both lines say "absent"
# and make bench goes on; a guest run that fails where they exist fails.
BENCHES += bench-guest
# GUEST_ARCHS: x86_64 always; arm64 (the same bench in the cortex-a53
# guest, tests/board/Makefile bench-guest-arm64) printed beside it, its
# headline names ending in _arm64.
GUEST_ARCHS ?= x86_64 arm64
GUEST_HEADLINES := engine_copy_vs_memcpy_64k engine_copy_vs_memcpy_64k_inside dma_start_user_vs_ioctl poll_ring_vs_ioctl fault_path_vs_bare_pagein fault_path_vs_bare_pagein_touch_a_page
GUEST_KDIR := $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))
GUEST_KVER := $(patsubst linux-headers-%,%,$(notdir $(GUEST_KDIR)))

bench-guest:
	@echo "== guest: the soft engine against memcpy, 64 KB, starting a transfer through the mapped ring against the POST ioctl, taking a completion from the mapped completion ring against POLL, and a VA write into untouched pages against touching them, in a QEMU-booted kernel (tests/board/uldma_bench.c)"
	@if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$(GUEST_KDIR)" ] || \
	    [ ! -f /boot/vmlinuz-$(GUEST_KVER) ] || ! command -v cpio >/dev/null || [ ! -x /bin/busybox ]; then \
		why="no qemu-system-x86_64, Debian kernel image + headers, cpio or busybox-static here: scripts/deps.sh board"; \
		echo "engine_copy_vs_memcpy_64k: absent ($$why)"; \
		echo "engine_copy_vs_memcpy_64k_inside: absent ($$why)"; \
		echo "dma_start_user_vs_ioctl: absent ($$why)"; \
		echo "poll_ring_vs_ioctl: absent ($$why)"; \
		echo "fault_path_vs_bare_pagein: absent ($$why)"; \
		echo "fault_path_vs_bare_pagein_touch_a_page: absent ($$why)"; \
		for m in $(GUEST_HEADLINES); do echo "$${m}_arm64: absent ($$why)"; done; \
	else \
		mkdir -p $(OUT)/guest; \
		$(MAKE) -s -C $(ROOT)/tests/board bench-guest >$(OUT)/guest/report.txt 2>&1; rc=$$?; \
		grep -v '^engine_copy\|^dma_start\|^poll_ring\|^fault_path' $(OUT)/guest/report.txt; \
		[ $$rc -eq 0 ] || { echo "guest bench FAILED (build/board/bench/console.log)" >&2; exit 1; }; \
		a64why=""; \
		case " $(GUEST_ARCHS) " in *" arm64 "*) ;; *) a64why="not asked for (GUEST_ARCHS=$(GUEST_ARCHS))" ;; esac; \
		if [ -z "$$a64why" ] && { ! command -v qemu-system-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; }; then \
			a64why="no qemu-system-aarch64 or aarch64-linux-gnu-gcc here: scripts/deps.sh board"; fi; \
		if [ -z "$$a64why" ]; then \
			mkdir -p $(OUT)/guest/arm64; \
			echo "  -- the same in the arm64 guest (cortex-a53)"; \
			$(MAKE) -s -C $(ROOT)/tests/board bench-guest-arm64 >$(OUT)/guest/arm64/report.txt 2>&1 || \
				{ cat $(OUT)/guest/arm64/report.txt >&2; echo "guest bench FAILED on arm64 (build/board/arm64/bench/console.log)" >&2; exit 1; }; \
			grep -v '^engine_copy\|^dma_start\|^poll_ring\|^fault_path' $(OUT)/guest/arm64/report.txt; \
			printf '  %-34s %10s %10s\n' figure x86_64 arm64; \
			for m in $(GUEST_HEADLINES); do \
				printf '  %-34s %10s %10s\n' $$m "$$(sed -n "s/^$$m: //p" $(OUT)/guest/report.txt)" \
					"$$(sed -n "s/^$$m: //p" $(OUT)/guest/arm64/report.txt)"; \
			done; \
		fi; \
		grep '^engine_copy_vs_memcpy_64k\|^dma_start_user_vs_ioctl\|^poll_ring_vs_ioctl\|^fault_path_vs_bare_pagein' $(OUT)/guest/report.txt; \
		if [ -z "$$a64why" ]; then \
			grep '^engine_copy_vs_memcpy_64k\|^dma_start_user_vs_ioctl\|^poll_ring_vs_ioctl\|^fault_path_vs_bare_pagein' $(OUT)/guest/arm64/report.txt | \
				sed 's/^\([a-z0-9_]*\):/\1_arm64:/'; \
		else for m in $(GUEST_HEADLINES); do echo "$${m}_arm64: absent ($$a64why)"; done; fi; \
	fi
