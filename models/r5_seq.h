/* SPDX-License-Identifier: MIT */
/*
 * models/r5_seq.h -- forced before every file compiled for the r5_multi
 * models (scripts/models.py passes `-include r5_seq.h` as the model's
 * cflags, an input of the verdict): the real src/r5_sched.h, then, if the
 * model asks for it, a smaller sequence space (MR_SEQLIM) and post budget
 * (MR_POSTS) so that a slot's sequence number comes round within a few
 * posts.  src/ is not changed; the proofs see only the header's 14 bits.
 * The retry budget is overridden the ordinary way (-DUD_R5_SCHED_RETRY).
 */
#ifndef UD_MODELS_R5_SEQ_H
#define UD_MODELS_R5_SEQ_H

#include "r5_sched.h"

#ifdef MR_SEQLIM
#if MR_SEQLIM < 2 || MR_SEQLIM > 16384
#error "MR_SEQLIM: 2 to 16384"
#endif
#undef UD_R5_SCHED_SEQ_LIM
#define UD_R5_SCHED_SEQ_LIM (MR_SEQLIM + 0u)
#endif
#ifdef MR_POSTS
#if MR_POSTS < 1 || MR_POSTS >= UD_R5_SCHED_SEQ_LIM
#error "MR_POSTS: 1 to the sequence space - 1 (as the header's static assertion)"
#endif
#undef UD_R5_SCHED_POSTS_MAX
#define UD_R5_SCHED_POSTS_MAX (MR_POSTS + 0u)
#endif

#endif
