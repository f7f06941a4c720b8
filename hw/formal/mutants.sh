#!/bin/sh
# hw/formal/mutants.sh -- apply each hw/formal/mutants/*.patch to a copy of
# the RTL and require that BOTH the formal check (formal/run.sh, depth 4,
# k=3) and the Verilator lockstep co-simulation (vl_cosim.cpp vs the real C
# model) fail on it.  formal-only/*.patch: mutants no simulation can reach
# (2^32 drops), required to fail the formal check only.  dedup/*.patch:
# mutants of the DEDUP=1 logic, checked in that configuration (formal at
# depth 4 with DEDUP=1; the cosim built with -GDEDUP=1 against
# hw/ff_dedup_ref.c, whose object lies beside fault_fifo.o).  `make -C hw
# hw-mutants`.  One line per mutant; exit 1 if any check misses a mutant.
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
ROOT=$(cd "$HW/.." && pwd)
OBJ=$1                       # absolute path of fault_fifo.o (gcc)
CYC=${2:-1000000}
W=$ROOT/build/hw/mutants
rc=0
for p in "$HW"/formal/mutants/*.patch "$HW"/formal/mutants/formal-only/*.patch \
	 "$HW"/formal/mutants/dedup/*.patch; do
	n=$(basename "$p" .patch)
	case $n in ${ONLY:-*}) ;; *) continue ;; esac   # ONLY=glob: a subset
	d=$W/$n
	rm -rf "$d"; mkdir -p "$d/hw"
	cp "$HW/ud_fault_fifo.v" "$d/hw/"
	(cd "$d" && patch -s -p1 < "$p") || { echo "mutant $n: patch does not apply"; rc=1; continue; }
	case $p in */dedup/*) DD=1; VX="-GDEDUP=1"; CX="-I$HW -DUD_DEDUP=1"; OX=$(dirname "$OBJ")/ff_dedup_ref.o ;;
	           *) DD=0; VX=; CX=; OX= ;; esac
	f=$("$HW/formal/run.sh" "$d/hw/ud_fault_fifo.v" 2 3 "$d/formal" $DD)
	if [ $? -ne 0 ]; then fr="formal KILLED (${f#formal: })"; else fr="formal MISSED"; rc=1; fi
	case $p in */formal-only/*) echo "mutant $n: $fr; cosim not run (unreachable in simulation)"; continue ;; esac
	if ! verilator -Wno-fatal --cc --exe --build -j 2 -O3 --top-module ud_fault_fifo $VX \
	     -Mdir "$d/vl" -CFLAGS "-O2 -I$ROOT/src -I$ROOT/spec $CX" \
	     "$d/hw/ud_fault_fifo.v" "$HW/vl_cosim.cpp" "$OBJ" $OX > "$d/build.log" 2>&1; then
		echo "mutant $n: does not build"; rc=1; continue
	fi
	"$d/vl/Vud_fault_fifo" "$CYC" > "$d/cosim.log" 2>&1
	s=$?
	last=$(tail -1 "$d/cosim.log" | sed 's/.*), //')
	if [ $s -ne 0 ]; then
		cr="vl-cosim KILLED ($last, first at $(head -1 "$d/cosim.log" | cut -d: -f2 | cut -d' ' -f2-3))"
	else
		cr="vl-cosim MISSED ($CYC cycles)"; rc=1
	fi
	echo "mutant $n: $fr; $cr"
done
exit $rc
