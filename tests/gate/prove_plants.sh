#!/bin/sh
# tests/gate/prove_plants.sh -- what must make `make prove` fail, does.
#
# On a copy of the tree (the files git tracks, build/ and proofs/cache/ left
# out; the copy's proofs replay from this tree's proofs/cache read-only):
#   1. an `axiom` planted in a spec file: `scripts/prove.py --lint` fails and
#      names it (no prover runs);
#   2. `requires planted: idx > 0 && idx < 0;` planted in the contract of
#      ud_tpt_unexport: the proof of module tpt still proves every goal (a
#      false precondition proves anything), and the smoke pass finds the
#      requirements inconsistent, so the gate fails naming the smoke goal;
#      in the same run, a statement contract planted in ud_tpt_unexport's
#      body, which Frama-C 25's WP skips ("not yet supported"): the gate
#      fails naming its line;
#   3. the unmodified copy: the lint passes.
# Needs the prove dependencies (scripts/deps.sh prove).  About a minute.
# Prints `gate: planted axiom, dead requires and skipped statement contract caught` and exits 0 when the
# gate behaves.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "gate: prove_plants: $*" >&2
	exit 1
}
for t in python3 frama-c git make; do
	command -v "$t" >/dev/null 2>&1 || fail "needs $t (scripts/deps.sh prove)"
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/prove_plants.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
copy="$tmp/tree"
. "$root/tests/gate/lib/copy_tree.sh"
gate_copy_tree "$root" "$tmp"

# 3. the unmodified copy lints clean.
(cd "$copy" && python3 scripts/prove.py --lint) >"$tmp/lint0.log" 2>&1 ||
	{ cat "$tmp/lint0.log"; fail "lint fails on the unmodified tree"; }

# 1. a planted axiom.
cp "$copy/spec/tpt.acsl" "$tmp/tpt.acsl"
printf '/*@ axiomatic Planted { axiom planted: \\false; } */\n' >>"$copy/spec/tpt.acsl"
if (cd "$copy" && python3 scripts/prove.py --lint) >"$tmp/lint1.log" 2>&1; then
	cat "$tmp/lint1.log"
	fail "a planted axiom passed the lint"
fi
grep -q 'spec/tpt.acsl:.*axiom planted' "$tmp/lint1.log" ||
	{ cat "$tmp/lint1.log"; fail "the lint failed without naming the planted axiom"; }
cp "$tmp/tpt.acsl" "$copy/spec/tpt.acsl"

# 2. a planted inconsistent precondition.
python3 - "$copy/src/tpt.h" <<'PY' || fail "could not plant the requires"
import sys
p = sys.argv[1]
s = open(p).read()
decl = "ud_status ud_tpt_unexport(struct ud_tpt *t, uint32_t idx);"
i = s.index(decl)
j = s.rindex("/*@", 0, i)
s = s[:j + 3] + " requires planted: idx > 0 && idx < 0;\n   " + s[j + 3:]
open(p, "w").write(s)
PY
grep -q 'requires planted' "$copy/src/tpt.h" || fail "plant missing"
python3 - "$copy/src/tpt.c" <<'PY' || fail "could not plant the statement contract"
import sys
p = sys.argv[1]
s = open(p).read()
body = "ud_status ud_tpt_unexport(struct ud_tpt *t, uint32_t idx)\n{\n"
assert s.count(body) == 1
s = s.replace(body, body + "\t/*@ ensures planted_stmt: \\true; */\n\t{ ; }\n")
open(p, "w").write(s)
PY
grep -q 'planted_stmt' "$copy/src/tpt.c" || fail "statement-contract plant missing"
if (cd "$copy" && make -s prove-one M=tpt WP_CACHE=replay \
	WP_CACHE_DIR="$root/proofs/cache") >"$tmp/prove.log" 2>&1; then
	tail -30 "$tmp/prove.log"
	fail "make prove-one M=tpt passed with an inconsistent precondition"
fi
grep -q 'smoke goal ud_tpt_unexport_wp_smoke_default_requires was proved' "$tmp/prove.log" ||
	{ tail -30 "$tmp/prove.log"; fail "the gate failed, but not on the dead requires"; }
grep -q 'WP skipped annotation(s) at src/tpt.c:' "$tmp/prove.log" ||
	{ tail -30 "$tmp/prove.log"; fail "the gate did not name the skipped statement contract"; }
grep -q '^tpt .* 0/\|unproved' "$tmp/prove.log" &&
	{ tail -30 "$tmp/prove.log"; fail "goals went unproved: the plant should prove everything"; }
echo "gate: planted axiom, dead requires and skipped statement contract caught"
