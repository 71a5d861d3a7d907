#!/usr/bin/env bash
# `make mcu-test` after the firmware is linked (the Makefile builds it): makes the inputs and
# their references on the host, runs every input on both emulated chips under QEMU, checks
# each chip's records against the reference line for line, and prints the figures.
# docs/mcu.md describes the inputs, the output format and the figures.
#
#   MCU_ONLY=PATTERN   run only the inputs whose name contains PATTERN
#   MCU_JOBS=N         QEMU runs in parallel (default 2)
#   MCU_TIMEOUT=S      seconds one QEMU run may take (default 120)
#   MCU_FLASH_LIMIT=B  the Cortex-M0 engine's flash budget, bytes (default 49152, 48 KB)
#   MCU_RAM_LIMIT=B    the Cortex-M0's RAM budget, bytes (default 8192, 8 KB)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
OUT=.build/mcu
JOBS=${MCU_JOBS:-2}
TIMEOUT=${MCU_TIMEOUT:-120}
ONLY=${MCU_ONLY:-}
FLASH_LIMIT=${MCU_FLASH_LIMIT:-49152}
RAM_LIMIT=${MCU_RAM_LIMIT:-8192}
MACHINES=(microbit mps2-an386)
# The input region (Embedded/Startup/firmware.ld).
INPUT_ADDRESS=0x14000

echo "mcu-test: host tools (upright, upright-mcu)"
"$SWIFT" build --product upright -Xswiftc -warnings-as-errors >/dev/null
"$SWIFT" build --product upright-mcu -Xswiftc -warnings-as-errors >/dev/null
BIN=$("$SWIFT" build --show-bin-path)
UPRIGHT=$BIN/upright
TOOL=$BIN/upright-mcu

# Inputs: NAME.bin (the flash image of the input) and NAME.expected (the reference stream).
INPUTS=$OUT/inputs
rm -rf "$INPUTS" "$OUT/runs"
mkdir -p "$INPUTS/csv"
for trace in traces/*.csv; do
  cp "$trace" "$INPUTS/csv/trace-$(basename "$trace")"
done
"$TOOL" corpus "$INPUTS/csv"
for csv in "$INPUTS/csv"/*.csv; do
  name=$(basename "$csv" .csv)
  "$TOOL" pack "$csv" "$INPUTS/$name.bin"
  "$UPRIGHT" replay "$csv" > "$INPUTS/$name.expected"
done
for scenario in faults clip-and-bounce; do
  for chip in mpu6050 adxl345; do
    "$TOOL" record "$chip" "scenarios/examples/$scenario.json" "$INPUTS/bus-$chip-$scenario.bin" "$INPUTS/bus-$chip-$scenario.expected"
  done
done
"$TOOL" probe "$INPUTS/float-probe.bin" "$INPUTS/float-probe.expected"

names=()
for input in "$INPUTS"/*.bin; do
  name=$(basename "$input" .bin)
  if [ -z "$ONLY" ] || [[ "$name" == *"$ONLY"* ]]; then names+=("$name"); fi
done
if [ ${#names[@]} -eq 0 ]; then
  echo "mcu-test: no input matches MCU_ONLY=$ONLY"
  exit 2
fi
echo "mcu-test: ${#names[@]} inputs on ${MACHINES[*]}"

# One QEMU run of FIRMWARE (an ELF) with input NAME, output into DIR/NAME.*: -icount
# shift=0 makes virtual time one nanosecond per instruction (the instruction figures),
# sleep=off keeps it from skipping ahead; the loader puts the input into flash at the input
# region.
run_one() {
  local machine=$1 name=$2 firmware=$3 dir=$4
  local status=0
  timeout "$TIMEOUT" qemu-system-arm -M "$machine" -display none -monitor none -serial none \
    -semihosting-config enable=on,target=native -icount shift=0,sleep=off \
    -kernel "$firmware" -device "loader,file=$INPUTS/$name.bin,addr=$INPUT_ADDRESS" \
    > "$dir/$name.out" 2> "$dir/$name.err" || status=$?
  echo "$status" > "$dir/$name.status"
}
export -f run_one
export OUT INPUTS TIMEOUT INPUT_ADDRESS

for machine in "${MACHINES[@]}"; do mkdir -p "$OUT/runs/$machine"; done
for machine in "${MACHINES[@]}"; do
  for name in "${names[@]}"; do printf '%s %s %s %s\n' "$machine" "$name" "$OUT/firmware-$machine.elf" "$OUT/runs/$machine"; done
done | xargs -P "$JOBS" -L 1 bash -c 'run_one "$0" "$1" "$2" "$3"'

passed=0
failed=0
for machine in "${MACHINES[@]}"; do
  machine_passed=0
  machine_failed=0
  for name in "${names[@]}"; do
    if "$TOOL" check "$machine" "$name" "$INPUTS/$name.expected" "$OUT/runs/$machine/$name.out" "$OUT/runs/$machine/$name.figures"; then
      machine_passed=$((machine_passed + 1))
    else
      machine_failed=$((machine_failed + 1))
      status=$(cat "$OUT/runs/$machine/$name.status")
      [ "$status" = 0 ] || echo "     (QEMU exit status $status$([ "$status" = 124 ] && echo ": timed out after ${TIMEOUT} s"))"
      sed -n '1,5s/^/     qemu: /p' "$OUT/runs/$machine/$name.err"
    fi
  done
  echo "$machine: $machine_passed passed, $machine_failed failed"
  passed=$((passed + machine_passed))
  failed=$((failed + machine_failed))
done

# The float probe must notice a change in rounding: on the M4F with flush-to-zero switched on
# (denormals become zero) its digests must differ from the host's.
if [[ " ${names[*]} " == *" float-probe "* ]]; then
  mkdir -p "$OUT/runs/sensitivity"
  run_one mps2-an386 float-probe "$OUT/firmware-mps2-an386-flush-to-zero.elf" "$OUT/runs/sensitivity"
  if "$TOOL" check mps2-an386 float-probe "$INPUTS/float-probe.expected" "$OUT/runs/sensitivity/float-probe.out" - >/dev/null; then
    echo "FAIL sensitivity: the float probe gave the host's digests on an M4F that flushes denormals to zero"
    failed=$((failed + 1))
  else
    echo "PASS sensitivity: the float probe tells an M4F with flush-to-zero from IEEE 754 ($(grep -c '^P' "$OUT/runs/sensitivity/float-probe.out") digests, $(diff <(sed -n 's/^P //p' "$OUT/runs/mps2-an386/float-probe.out") <(sed -n 's/^P //p' "$OUT/runs/sensitivity/float-probe.out") | grep -c '^>') differ)"
    passed=$((passed + 1))
  fi
fi

# No libm function but the square root: the others (exp, atan2, ...) are not correctly
# rounded, so newlib's and the host's would give different bits.
maps=()
for machine in "${MACHINES[@]}"; do maps+=("$machine=$OUT/firmware-$machine.map"); done
libm=$("$TOOL" libm "${maps[@]}" || true)
echo "$libm"
passed=$((passed + $(grep -c '^PASS' <<< "$libm" || true)))
failed=$((failed + $(grep -c '^FAIL' <<< "$libm" || true)))

# The budget (the Cortex-M0's: the engine with what it links within 48 KB of flash, the RAM a
# run uses within 8 KB): over it fails the test. With MCU_ONLY the RAM is the chosen runs' peak.
budget=$("$TOOL" budget "$FLASH_LIMIT" "$RAM_LIMIT" "$OUT/runs" "microbit=$OUT/firmware-microbit.map" || true)
echo "$budget"
passed=$((passed + $(grep -c '^PASS' <<< "$budget" || true)))
failed=$((failed + $(grep -c '^FAIL' <<< "$budget" || true)))
[ -n "$budget" ] || { echo "FAIL budget: upright-mcu budget printed no verdict"; failed=$((failed + 1)); }

echo
# figures.bench is what `upright bench` shows (Sources/UprightCLI/Bench/MCUFigures.swift):
# written only by a run of every input.
if [ -z "$ONLY" ]; then
  "$TOOL" report "$OUT/runs" "$OUT/figures.bench" "${maps[@]}" | tee "$OUT/figures.txt"
else
  "$TOOL" report "$OUT/runs" - "${maps[@]}"
fi
echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
