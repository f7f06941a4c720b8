#!/bin/sh
# make prove-wip M=module [F=fn1,fn2]: prove one module of wip/src (or src)
# while you work on it; prints each goal that is not Valid and the totals.
# Uses the same flags as make prove, plus -Iwip/src.
set -eu
m=${M:?usage: make prove-wip M=module [F=fn1,fn2]}
if [ -f "wip/src/$m.c" ]; then f="wip/src/$m.c"; else f="src/$m.c"; fi
[ -f "$f" ] || { echo "prove-wip: no module $m in wip/src or src" >&2; exit 2; }
flags=$(printf '%s' "$WP_FLAGS" | sed 's|-Isrc -Ispec|-Isrc -Iwip/src -Ispec|')
# the module's own WP options (/* uldma-wp: ... */, see scripts/prove.py)
opt=$(sed -n 's|.*uldma-wp:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*\*/.*|\1|p' "$f" | head -1)
# a module's own prover order replaces the default one (-wp-prover accumulates)
case "$opt" in *-wp-prover*) flags=$(printf '%s' "$flags" | sed 's|-wp-prover [^ ]*||') ;; esac
flags="$flags $opt"
fct=""
[ -n "${F:-}" ] && fct="-wp-fct ${F}"
mkdir -p proofs/logs
log="proofs/logs/wip-$m${F:+-$(printf %s "$F" | tr , _)}.log"
echo "prove-wip: $f ${F:+(functions $F)} -> $log"
# shellcheck disable=SC2086
eval frama-c $flags $fct -wp-status-all "$f" > "$log" 2>&1 || { tail -30 "$log"; exit 1; }
grep -E '^\[wp\] \[(Failed|Unknown|Timeout)\]|^\[wp\] Goal .* : (Unknown|Timeout|Failed)|Proved goals|^\[kernel\].*(error|warning)' "$log" || true
