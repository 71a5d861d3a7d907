#!/usr/bin/env bash
# Builds and runs every libFuzzer target for a bounded time and prints one line per target:
# executions, new corpus entries, crashes. Seeds come from Tests/Fuzz/Corpus/<name>; new
# inputs go to .build/fuzz/corpus/<name> (the repository's seed corpus is not modified), and a
# later run starts from them. A crash leaves its input in .build/fuzz/crashes/ and fails the
# run: turn it into a regression test, then add it to the seed corpus.
# Usage: Tests/Fuzz/run.sh SECONDS_PER_TARGET
# Environment: FUZZ_TARGETS (names from Targets/, default all), FUZZ_JOBS (processes per target,
# default 1: libFuzzer's -fork=N, the same SECONDS of wall time with N processes).
set -uo pipefail
# A crash is reported by libFuzzer and AddressSanitizer; the Swift runtime's own backtracer would
# start swift-backtrace too, which can hang on the symbolizer and hold the run past its time.
export SWIFT_BACKTRACE=enable=no
seconds=${1:-30}
jobs=${FUZZ_JOBS:-1}
case "$seconds$jobs" in *[!0-9]*) echo "fuzz: FUZZ_SECONDS and FUZZ_JOBS are whole numbers" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/fuzz"
targets=${FUZZ_TARGETS:-$(cd "$root/Tests/Fuzz/Targets" && ls *.swift | sed 's/\.swift$//')}
for target in $targets; do
    [ -f "$root/Tests/Fuzz/Targets/$target.swift" ] || { echo "fuzz: no target $target in Tests/Fuzz/Targets" >&2; exit 2; }
done
started=$(date +%s)
# shellcheck disable=SC2086
"$root/Tests/Fuzz/build.sh" "$out" $targets || exit 1
echo "fuzz: built in $(( $(date +%s) - started ))s; ${seconds}s a target${FUZZ_JOBS:+, $jobs processes each}"
mkdir -p "$out/crashes"
failed=0
for target in $targets; do
    name=$(echo "${target#Fuzz}" | tr 'A-Z' 'a-z')
    mkdir -p "$out/corpus/$name" "$root/Tests/Fuzz/Corpus/$name"
    log="$out/$target.log"
    fork=()
    [ "$jobs" -gt 1 ] && fork=(-fork="$jobs")
    "$out/$target" "${fork[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crashes/$target-" "$out/corpus/$name" "$root/Tests/Fuzz/Corpus/$name" >"$log" 2>&1
    status=$?
    # One process ends with `Done N runs`; -fork's last status line is `#N: cov: ...`.
    runs=$(grep -oE 'Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -1)
    [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    corpus=$(ls "$out/corpus/$name" | wc -l)
    if [ $status -ne 0 ]; then
        failed=1
        printf '%-16s FAIL  %s (see %s)\n' "$target" "$(grep -m1 -E 'Fatal error|ERROR|SUMMARY' "$log")" "$log"
    else
        printf '%-16s ok    %10s executions in %ss, corpus %s\n' "$target" "${runs:-0}" "$seconds" "$corpus"
    fi
done
exit $failed
