#!/bin/sh
# hw/formal/run.sh RTL AW K OUTDIR -- BMC (K steps from reset) and
# k-induction (k = K) of hw/formal/ud_fault_fifo_formal.sv on RTL with the
# FIFO depth 2^AW.  Solver: cvc4 (z3 4.8.12 does not return on this model
# here, docs/fault_fifo.md section 5).  Prints one line; exit 1 on failure.
set -u
RTL=$1; AW=$2; K=$3; O=$4
HW=$(cd "$(dirname "$0")/.." && pwd)
command -v cvc4 >/dev/null || { echo "formal: cvc4 not installed (apt-get install cvc4)"; exit 1; }
mkdir -p "$O"
yosys -q -p "read_verilog -sv -formal -DFORMAL $RTL $HW/formal/ud_fault_fifo_formal.sv; \
  chparam -set AW $AW ud_fault_fifo_formal; prep -flatten -top ud_fault_fifo_formal; \
  async2sync; memory_nordff; dffunmap; opt_clean; write_smt2 -wires $O/aw$AW.smt2" || exit 1
t0=$(date +%s)
yosys-smtbmc -s cvc4 -t "$K" "$O/aw$AW.smt2" > "$O/bmc_aw$AW.log" 2>&1; b=$?
t1=$(date +%s)
yosys-smtbmc -s cvc4 -i -t "$K" "$O/aw$AW.smt2" > "$O/ind_aw$AW.log" 2>&1; i=$?
t2=$(date +%s)
fail=$(cat "$O/bmc_aw$AW.log" "$O/ind_aw$AW.log" | tr '\r' '\n' | grep "Assert failed" | sed 's/.*(\(.*\))$/\1/; s/.*Assert failed in [^ ]* //' | sort -u | tr '\n' ' ')
st() { [ "$1" = 0 ] && echo passed || echo FAILED; }
echo "formal: depth $((1 << AW)): BMC $K steps $(st $b) ($((t1 - t0)) s), k-induction k=$K $(st $i) ($((t2 - t1)) s)${fail:+; failing: $fail}"
[ $b = 0 ] && [ $i = 0 ]
