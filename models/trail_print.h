/* SPDX-License-Identifier: MIT */
/*
 * trail_print.h -- TRAIL_PR(...): printf only when pan replays a trail
 * (pan -r), never during the search.  Promela's own printf is silent in a
 * search; a printf in c_code is not, and runs on every transition the
 * search explores (utlb_evict wrote 500 MB that way, most of `make
 * models`'s time).  The trace lines scripts/models.py renders into the
 * counterexample tables are printed through this.  scripts/models.py
 * refuses a model whose c_code calls printf directly.
 */
#ifndef UD_MODELS_TRAIL_PRINT_H
#define UD_MODELS_TRAIL_PRINT_H

extern int readtrail;
#define TRAIL_PR(...) do { if (readtrail) printf(__VA_ARGS__); } while (0)

#endif
