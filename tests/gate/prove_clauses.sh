#!/bin/sh
# tests/gate/prove_clauses.sh -- requirement clauses match exactly (GATE-4),
# and nothing stands in for a proof run on a fresh clone (GATE-5).
#
# GATE-4: scripts/prove.py's clause matcher, fed goal keys of the shapes WP
# writes: FN:CLAUSE matches FN_ensures_CLAUSE, FN_BEHAVIOR_ensures_CLAUSE,
# asserts and loop invariants of that name with WP's split suffixes; it
# never matches a callee's precondition checked in FN (the case that let
# FAULT-H-8 pass on `ud_fh_lookup_requires_map_inv`), a clause whose name
# merely ends the same, or another function's clause; deleting the clause
# leaves NO SUCH CLAUSE and a failing row.
# GATE-5: no proof stamp is tracked by git; stamps live under build/.
# Also: no requirement ID is used by two rows (the gate fails on one).
# Runs in well under a second.  Prints `gate: requirement clauses match
# exactly` and exits 0 when the matcher behaves.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
python3 - "$root" <<'PY' || exit 1
import os, sys
root = sys.argv[1]
sys.path.insert(0, os.path.join(root, "scripts"))
import prove

def keys(*names):
    return {n: {"total": 1, "valid": 1} for n in names}

fh = keys("ud_fh_handle_ensures_inv_kept", "ud_fh_lookup_requires_map_inv",
          "ud_fh_handle_call_ud_fh_lookup_requires_map_inv",
          "ud_fh_handle_ok_ensures_status", "ud_fh_handle_ensures_status_2",
          "ud_fh_handle_assert_status_part1", "ud_fh_handle_bad_assigns",
          "ud_fh_handle_loop_invariant_inv")
cases = [
    ("ud_fh_handle", "inv", ["ud_fh_handle_loop_invariant_inv"]),
    ("ud_fh_handle", "map_inv", []),
    ("ud_fh_handle", "kept", []),
    ("ud_fh_handle", "inv_kept", ["ud_fh_handle_ensures_inv_kept"]),
    ("ud_fh_handle", "status", ["ud_fh_handle_ok_ensures_status",
                                "ud_fh_handle_ensures_status_2",
                                "ud_fh_handle_assert_status_part1"]),
    ("ud_fh_handle", "ok_ensures_status", ["ud_fh_handle_ok_ensures_status"]),
    ("ud_fh_handle", "bad_assigns", ["ud_fh_handle_bad_assigns"]),
    ("ud_fh_handle", "assigns", []),
]
bad = 0
for fn, clause, want in cases:
    got = sorted(prove.clause_keys(fh, fn, clause))
    if got != sorted(want):
        print("gate: prove_clauses: %s:%s matched %s, want %s" % (fn, clause, got, sorted(want)))
        bad += 1
# A requirement row whose clause is gone fails the gate.
results = [{"functions": {"ud_fh_handle": fh}}]
rows = prove.requirement_status(results, [{"id": "X-1", "property": "p",
                                "by": "contract ud_fh_handle:map_inv"}], {})
if rows[0]["ok"] or "NO SUCH CLAUSE" not in rows[0]["status"][0]:
    print("gate: prove_clauses: a row citing a callee's precondition passed: %s" % rows[0])
    bad += 1
# Two rows with one ID fail the gate; the real table has none.
if prove.duplicate_ids([{"id": "X-1"}, {"id": "X-2"}, {"id": "X-1"}]) != [("X-1", 2)]:
    print("gate: prove_clauses: a duplicate requirement ID was not found")
    bad += 1
dups = prove.duplicate_ids(prove.parse_requirements())
if dups:
    print("gate: prove_clauses: spec/REQUIREMENTS.md reuses IDs: %s" % dups)
    bad += 1
if not prove.STAMPS.startswith(os.path.join(root, "build") + os.sep):
    print("gate: prove_clauses: stamps are not under build/: %s" % prove.STAMPS)
    bad += 1
sys.exit(1 if bad else 0)
PY
if (cd "$root" && git rev-parse --is-inside-work-tree) >/dev/null 2>&1; then
	n=$(cd "$root" && git ls-files build proofs/stamps | wc -l)
	[ "$n" -eq 0 ] || { echo "gate: prove_clauses: $n stamp/build file(s) tracked by git" >&2; exit 1; }
fi
echo "gate: requirement clauses match exactly"
