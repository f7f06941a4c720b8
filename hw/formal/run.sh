#!/bin/sh
# hw/formal/run.sh RTL AW K OUTDIR [DEDUP] -- BMC (K steps from reset) and
# k-induction (k = K) of hw/formal/ud_fault_fifo_formal.sv on RTL with the
# FIFO depth 2^AW and the RTL's DEDUP parameter (default 0).  Solver: cvc4
# (z3 4.8.12 does not return on this model here, docs/fault_fifo.md
# section 5).  Prints one line; exit 1 on failure.
# DEDUP=1: the memories are mapped to registers (memory_map) before the
# SMT export: with the live-entry compare (every slot read every cycle) and
# the wrapper's three extra peeks, cvc4 does not return on the array
# encoding even at depth 4 (over 400 s; 124 s mapped, docs/fault_fifo.md
# section 5.3), so DEDUP=1 is checked at small depths only.
set -u
RTL=$1; AW=$2; K=$3; O=$4; DD=${5:-0}
N=aw${AW}_dd$DD
HW=$(cd "$(dirname "$0")/.." && pwd)
command -v cvc4 >/dev/null || { echo "formal: cvc4 not installed (apt-get install cvc4)"; exit 1; }
mkdir -p "$O"
if [ "$DD" = 0 ]; then MEM="async2sync; memory_nordff"; else MEM="memory_map; opt -fast; async2sync"; fi
yosys -q -p "read_verilog -sv -formal -DFORMAL $RTL $HW/formal/ud_fault_fifo_formal.sv; \
  chparam -set AW $AW -set DEDUP $DD ud_fault_fifo_formal; prep -flatten -top ud_fault_fifo_formal; \
  $MEM; dffunmap; opt_clean; write_smt2 -wires $O/$N.smt2" || exit 1
t0=$(date +%s)
yosys-smtbmc -s cvc4 -t "$K" "$O/$N.smt2" > "$O/bmc_$N.log" 2>&1; b=$?
t1=$(date +%s)
yosys-smtbmc -s cvc4 -i -t "$K" "$O/$N.smt2" > "$O/ind_$N.log" 2>&1; i=$?
t2=$(date +%s)
fail=$(cat "$O/bmc_$N.log" "$O/ind_$N.log" | tr '\r' '\n' | grep "Assert failed" | sed 's/.*(\(.*\))$/\1/; s/.*Assert failed in [^ ]* //' | sort -u | tr '\n' ' ')
st() { [ "$1" = 0 ] && echo passed || echo FAILED; }
echo "formal: depth $((1 << AW)) DEDUP=$DD: BMC $K steps $(st $b) ($((t1 - t0)) s), k-induction k=$K $(st $i) ($((t2 - t1)) s)${fail:+; failing: $fail}"
[ $b = 0 ] && [ $i = 0 ]
