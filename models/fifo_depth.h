/* SPDX-License-Identifier: MIT */
/*
 * models/fifo_depth.h -- forced before every file a fifo_wrap model
 * compiles (gcc -include, "cflags" in models/expected.json): the real,
 * unmodified src/fault_fifo.c instantiated at a small depth.
 *
 * src/fault_fifo.h defines UD_FF_DEPTH 512u unguarded (the proofs are
 * about 512; its ACSL says 512 literally).  This header includes it first,
 * so that its include guard makes the #include "fault_fifo.h" at the top
 * of src/fault_fifo.c a no-op, then re-defines UD_FF_DEPTH to MF_DEPTH
 * (-D).  Consequences, all intended:
 *   - struct ud_ff keeps its 512 slots (the arrays were declared before the
 *     re-definition): the layout is the proved one, in every file;
 *   - every use of UD_FF_DEPTH in the code of src/fault_fifo.c -- the full
 *     test `f->count == UD_FF_DEPTH` and the two index wraps `% UD_FF_DEPTH`
 *     -- now uses MF_DEPTH, so full, overflow and wrap are a few steps away;
 *   - no literal 512 is left in the C code of src/fault_fifo.c (only in its
 *     ACSL comments, which gcc does not read): checked by
 *     `grep -n 512 src/fault_fifo.c` (docs/models.md, "the FIFO at depth
 *     MF_DEPTH").
 * No src/ file changes, so no proof goal changes.
 */
#ifndef UD_MODELS_FIFO_DEPTH_H
#define UD_MODELS_FIFO_DEPTH_H

#include "fault_fifo.h"

#ifndef MF_DEPTH
#error "MF_DEPTH (-D) is the model's FIFO depth"
#endif
#if MF_DEPTH < 1 || MF_DEPTH > 8
#error "MF_DEPTH: 1 to 8"
#endif
#undef UD_FF_DEPTH
#define UD_FF_DEPTH (MF_DEPTH + 0u)

#endif
