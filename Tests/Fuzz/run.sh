#!/usr/bin/env bash
# Builds and runs every libFuzzer target for a bounded time and prints one line per target:
# executions, new corpus entries, crashes. Seeds come from Tests/Fuzz/Corpus/<name>; new
# inputs go to .build/fuzz/corpus/<name> (the repository's seed corpus is not modified).
# A crash leaves its input in .build/fuzz/crashes/ and fails the run: turn it into a
# regression test, then add it to the seed corpus.
# Usage: Tests/Fuzz/run.sh SECONDS_PER_TARGET
set -uo pipefail
seconds=${1:-30}
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/fuzz"
targets=$(cd "$root/Tests/Fuzz/Targets" && ls *.swift | sed 's/\.swift$//')
# shellcheck disable=SC2086
"$root/Tests/Fuzz/build.sh" "$out" $targets || exit 1
mkdir -p "$out/crashes"
failed=0
for target in $targets; do
    name=$(echo "${target#Fuzz}" | tr 'A-Z' 'a-z')
    mkdir -p "$out/corpus/$name" "$root/Tests/Fuzz/Corpus/$name"
    log="$out/$target.log"
    "$out/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crashes/$target-" "$out/corpus/$name" "$root/Tests/Fuzz/Corpus/$name" >"$log" 2>&1
    status=$?
    runs=$(grep -oE 'Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' || echo 0)
    corpus=$(ls "$out/corpus/$name" | wc -l)
    if [ $status -ne 0 ]; then
        failed=1
        printf '%-16s FAIL  %s (see %s)\n' "$target" "$(grep -m1 -E 'ERROR|SUMMARY' "$log")" "$log"
    else
        printf '%-16s ok    %10s executions in %ss, corpus %s\n' "$target" "$runs" "$seconds" "$corpus"
    fi
done
exit $failed
