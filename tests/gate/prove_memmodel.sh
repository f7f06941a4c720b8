#!/bin/sh
# tests/gate/prove_memmodel.sh -- the memory-model harnesses catch a verb
# whose stated precondition is weaker than what Typed+ref assumes (GATE-6).
#
# On a copy of the tree (tests/gate/lib/copy_tree.sh):
#   1. the unmodified copy: `scripts/prove.py --lint` passes and every
#      harness goal of mw, fault_handler and fault_drain proves
#      (`make prove-memmodel`, replaying this tree's proofs/cache);
#   2. a harness whose `requires sep` is not its verb's (the old, weaker
#      `\separated(p, h, rkey)` of ud_alloc_mw, mw.h left as it is): the
#      lint fails naming the clause, before any prover runs;
#   2b. a public verb the model assumes hypotheses of with no harness
#      (mw_query_harness.c removed): the gate names ud_query_mw;
#   3. ud_alloc_mw's contract AND its harness back to that weaker `sep`
#      (what mw.h said before issue 19 item 3): the harness run fails on
#      the model's block separation at the call
#      (typed_ref_mm_alloc_call_ud_alloc_mw_wp_typed_ref_requires_3).
# Needs the prove dependencies (scripts/deps.sh prove).  About a minute.
# Prints `gate: memory-model hypotheses checked` and exits 0 when the gate
# behaves.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "gate: prove_memmodel: $*" >&2
	exit 1
}
for t in python3 frama-c git make; do
	command -v "$t" >/dev/null 2>&1 || fail "needs $t (scripts/deps.sh prove)"
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/prove_memmodel.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
copy="$tmp/tree"
. "$root/tests/gate/lib/copy_tree.sh"
gate_copy_tree "$root" "$tmp"

# 1. the unmodified copy.
(cd "$copy" && python3 scripts/prove.py --lint) >"$tmp/lint0.log" 2>&1 ||
	{ cat "$tmp/lint0.log"; fail "lint fails on the unmodified tree"; }
(cd "$copy" && make -s prove-memmodel M="mw fault_handler fault_drain" WP_PAR=1 \
	WP_CACHE=replay WP_CACHE_DIR="$root/proofs/cache") >"$tmp/mm0.log" 2>&1 ||
	{ cat "$tmp/mm0.log"; fail "a harness goal is unproved on the unmodified tree"; }
for m in mw fault_handler fault_drain; do
	grep -q "^memmodel: $m [0-9]" "$tmp/mm0.log" ||
		{ cat "$tmp/mm0.log"; fail "no memmodel line for $m"; }
done

weaken() { # FILE OLD NEW: replace one exact line fragment
	python3 - "$@" <<'PY' || fail "could not plant in $1"
import sys
p, old, new = sys.argv[1:4]
s = open(p).read()
if s.count(old) != 1:
    sys.exit("%s: %r found %d times" % (p, old, s.count(old)))
open(p, "w").write(s.replace(old, new))
PY
}
h="$copy/proofs/memmodel/mw_alloc_harness.c"

# 2. the harness alone weakened: the lint names it.
cp "$h" "$tmp/h.c"
weaken "$h" 'requires sep: \separated(a->h, a->rkey, a->p + (..));' \
	'requires sep: \separated(a->p, a->h, a->rkey);'
if (cd "$copy" && python3 scripts/prove.py --lint) >"$tmp/lint1.log" 2>&1; then
	cat "$tmp/lint1.log"
	fail "a harness not stating its verb's requires passed the lint"
fi
grep -q 'mw_alloc_harness.c: requires sep is' "$tmp/lint1.log" ||
	{ cat "$tmp/lint1.log"; fail "the lint failed without naming the harness's clause"; }

# 2b. a verb with no harness: named, from WP's own list of the functions
# it assumes hypotheses of.
cp "$tmp/h.c" "$h"
mv "$copy/proofs/memmodel/mw_query_harness.c" "$tmp/q.c"
if (cd "$copy" && make -s prove-memmodel M=mw WP_PAR=1 WP_CACHE=replay \
	WP_CACHE_DIR="$root/proofs/cache") >"$tmp/mm2.log" 2>&1; then
	cat "$tmp/mm2.log"
	fail "a verb Typed+ref assumes hypotheses of passed with no harness"
fi
grep -q 'FAIL: mw: memmodel: ud_query_mw: Typed+ref assumes hypotheses of it and no harness' \
	"$tmp/mm2.log" || { cat "$tmp/mm2.log"; fail "the missing harness was not named"; }
mv "$tmp/q.c" "$copy/proofs/memmodel/mw_query_harness.c"
weaken "$h" 'requires sep: \separated(a->h, a->rkey, a->p + (..));' \
	'requires sep: \separated(a->p, a->h, a->rkey);'

# 3. the verb's contract weakened too (the text before issue 19 item 3).
weaken "$copy/src/mw.h" 'requires sep: \separated(h, rkey, p + (..));' \
	'requires sep: \separated(p, h, rkey);'
(cd "$copy" && python3 scripts/prove.py --lint) >"$tmp/lint2.log" 2>&1 ||
	{ cat "$tmp/lint2.log"; fail "lint fails with contract and harness weakened alike"; }
if (cd "$copy" && make -s prove-memmodel M=mw WP_PAR=1 WP_TIMEOUT=5 WP_CACHE=none \
	WP_CACHE_DIR="$tmp/cache") >"$tmp/mm1.log" 2>&1; then
	cat "$tmp/mm1.log"
	fail "the harness proved with ud_alloc_mw's weaker sep"
fi
grep -q 'FAIL: mw: memmodel: .*typed_ref_mm_alloc_call_ud_alloc_mw_wp_typed_ref_requires' "$tmp/mm1.log" ||
	{ cat "$tmp/mm1.log"; fail "the harness run failed, but not on the model's hypothesis"; }
echo "gate: memory-model hypotheses checked"
