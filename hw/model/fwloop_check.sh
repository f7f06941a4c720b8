#!/bin/sh
# SPDX-License-Identifier: MIT
# hw/model/fwloop_check.sh -- the firmware-in-the-loop check (issue 23
# item 5; docs/board-model.md, "Firmware in the loop").
#
#   fwloop_check.sh BOARD_MODEL FW_DIR OUTDIR SCENARIO NODE...
#
# Runs SCENARIO once with every R5 the linked (verified) r5_sched, then once
# per NODE with that node's R5 the firmware FW_DIR/uldma-r5-loop.elf on
# QEMU's Cortex-R5F, and requires the traces (every R5 step of every node
# with its inputs, outputs and result, every run's event digest, the final
# board and scheduler counters) to be byte-identical.  Then the planted
# firmware (uldma-r5-loop-plant.elf, which drops the first RAPF it is
# given) must make the comparison fail.  Deterministic: the scenario's
# page-in cost is fixed (param pagein) and the firmware takes its time
# from the model's messages.
set -eu
bm=$1 fw=$2 out=$3 scn=$4
shift 4
name=$(basename "$scn" .scn)
mkdir -p "$out"
"$bm" --trace "$out/$name.model.trace" "$scn" "$out" > "$out/$name.model.out"
# the scenario must be deterministic to begin with
"$bm" --trace "$out/$name.model2.trace" "$scn" "$out" > /dev/null
cmp -s "$out/$name.model.trace" "$out/$name.model2.trace" || {
	echo "board model: $name is not deterministic (two runs of the model differ)" >&2; exit 1; }
grep -v ' s wall)$' "$out/$name.model.out" > "$out/$name.model.sum"
end=$(grep '^END xfers_ok' "$out/$name.model.trace")
xfers=$(echo "$end" | awk '{print $3 + $5 + $7}')
outcomes=$(echo "$end" | awk '{printf "%d OK", $3; if ($5) printf ", %d retry budget spent", $5;
	if ($7) printf ", %d failed as provoked", $7}')
for node in "$@"; do
	t="$out/$name.fw$node.trace"
	"$bm" --fw "$node:$fw/uldma-r5-loop.elf" --trace "$t" "$scn" "$out" > "$out/$name.fw$node.out"
	if ! cmp -s "$out/$name.model.trace" "$t"; then
		diff "$out/$name.model.trace" "$t" | head -20 >&2
		echo "board model: firmware-in-the-loop $name (node $node): DIFFERENT from the model's R5" >&2
		exit 1
	fi
	# the printed results too (latencies, counters), less the wall time
	# and the line naming the firmware
	if ! grep -v -e ' s wall)$' -e "R5: the firmware" "$out/$name.fw$node.out" |
		cmp -s - "$out/$name.model.sum"; then
		echo "board model: firmware-in-the-loop $name (node $node): printed results differ" >&2
		exit 1
	fi
	msgs=$(awk -v n="n$node" '$1 == "END" && $2 == n {print $4}' "$t")
	posts=$(awk -v n="n$node" '$2 == n {cur = 1; next} $2 ~ /^n/ {cur = 0} cur && $1 == "post" {k++} END {print k + 0}' "$t")
	echo "board model: firmware-in-the-loop $name (node $node): same result as the model's R5" \
	     "($xfers transfers: $outcomes; $msgs mailbox messages, $posts posts;" \
	     "$(wc -l < "$t") trace lines identical)"
done
# The planted difference: the firmware drops the first RAPF it is given.
# Caught = the run completes and its trace differs, or the model itself
# stops on a violation (board-model: FAIL); anything else (a missing ELF,
# a dead QEMU) is an error, not a catch.
node=$1
t="$out/$name.plant.trace"
test -f "$fw/uldma-r5-loop-plant.elf" || { echo "fwloop: $fw/uldma-r5-loop-plant.elf missing" >&2; exit 1; }
if "$bm" --fw "$node:$fw/uldma-r5-loop-plant.elf" --trace "$t" "$scn" "$out" \
	> "$out/$name.plant.out" 2> "$out/$name.plant.err"; then
	if cmp -s "$out/$name.model.trace" "$t"; then
		echo "board model: firmware-in-the-loop $name: planted RAPF drop NOT caught" >&2
		exit 1
	fi
elif ! grep -q 'board-model: FAIL' "$out/$name.plant.err" ||
     grep -q "firmware's QEMU\|no answer from the firmware" "$out/$name.plant.err"; then
	cat "$out/$name.plant.err" >&2
	echo "board model: firmware-in-the-loop $name: the planted run failed for another reason" >&2
	exit 1
fi
first=$(cmp "$out/$name.model.trace" "$t" 2>/dev/null | sed -n 's/.*line \([0-9]*\).*/\1/p')
echo "board model: firmware-in-the-loop $name: planted difference (uldma-r5-loop-plant.elf drops one RAPF) caught: traces differ from line ${first:-?}"
