#!/bin/sh
# tests/gate/models_stale.sh -- a stale SPIN verdict makes the models gate fail.
#
# On a copy of the tree (the files git tracks, as they are in the work
# tree; proofs/cache and build/ left out), `python3 scripts/models.py
# --check` must
#   - exit 0 on the unmodified copy (every recorded verdict of
#     models/results.json was produced from the inputs the models have now),
#   - exit non-zero and name the model when one byte of one of its inputs
#     changes: a glue header (models/fifo_glue.h -> fifo_one_reader) and a
#     spec file reached only through a src/ header (spec/utlb.acsl ->
#     utlb_evict), while a model that does not read the changed file is
#     not named.
# Nothing is searched: --check builds nothing and runs in about a second.
# Needs python3, gcc and spin (scripts/deps.sh models): their versions are
# inputs of every verdict.  Prints `gate: stale model verdict caught` and
# exits 0 when the check behaves.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "gate: models_stale: $*" >&2
	exit 1
}
for t in python3 gcc spin git tar; do
	command -v "$t" >/dev/null 2>&1 || fail "needs $t (scripts/deps.sh models)"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/models_stale.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
copy="$tmp/tree"
. "$root/tests/gate/lib/copy_tree.sh"
gate_copy_tree "$root" "$tmp"
[ -f "$copy/scripts/models.py" ] || fail "the copy has no scripts/models.py"

check() { # check LOG: --check in the copy, output to LOG, its status returned
	(cd "$copy" && python3 scripts/models.py --check) >"$1" 2>&1
}

# 1. The unmodified copy passes.
if ! check "$tmp/clean.log"; then
	grep '^models --check:' "$tmp/clean.log" >&2
	fail "--check fails on an unmodified copy: models/results.json is stale (run make models)"
fi

# 2. One byte changed in an input: exit non-zero, the model named as stale,
#    a model that does not read the file not named.
stale() { # stale FILE MODEL UNRELATED
	cp "$copy/$1" "$tmp/saved" || fail "no $1 in the copy"
	printf '/* models_stale */\n' >>"$copy/$1"
	if check "$tmp/stale.log"; then
		cat "$tmp/stale.log" >&2
		fail "--check exits 0 after $1 changed"
	fi
	grep -q "^models --check: $2: stale verdict (.*$1" "$tmp/stale.log" || {
		cat "$tmp/stale.log" >&2
		fail "--check does not name $2 as stale after $1 changed"
	}
	if grep -q "^models --check: $3: " "$tmp/stale.log"; then
		cat "$tmp/stale.log" >&2
		fail "--check names $3, which does not read $1"
	fi
	cp "$tmp/saved" "$copy/$1"
}
stale models/fifo_glue.h fifo_one_reader alg3_fig3_mix
stale spec/utlb.acsl utlb_evict fifo_one_reader

# 3. Restored: passes again.
check "$tmp/restored.log" || {
	cat "$tmp/restored.log" >&2
	fail "--check fails after the inputs were restored"
}

echo "gate: stale model verdict caught"
