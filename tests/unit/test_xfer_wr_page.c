/* uldma-links: pd mr mw access xfer_packet xfer_wr */
/* uldma-cflags: -DUD_WR_PKT=4096u */
/*
 * tests/unit/test_xfer_wr_page.c -- tests/unit/test_xfer_wr.c again, with
 * the kernel soft engine's packet size (kmod/Kbuild: UD_WR_PKT = 4096, a
 * page): every byte at its frame, packets crossing pages on both sides, a
 * refusal part-way completing with the whole packets before it (none of
 * 4 KB before byte 1000), the issuer from trusted state.
 */
#include "test_xfer_wr.c"
