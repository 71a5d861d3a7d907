#!/usr/bin/env bash
# Builds the libFuzzer targets: each library module is compiled with coverage
# instrumentation and AddressSanitizer, then linked with one target file from Targets/.
# Usage: Tests/Fuzz/build.sh OUT_DIR TARGET...
set -euo pipefail
out=$1; shift
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
# CTurboJPEG is a system library module (Sources/CTurboJPEG/module.modulemap, libturbojpeg0-dev).
flags=(-parse-as-library -package-name upright -sanitize=fuzzer,address -O -g -I "$out" -L "$out" -I "$root/Sources/CTurboJPEG")

module() { # module NAME DEPENDENCIES...
    local name=$1; shift
    local sources
    sources=$(find "$root/Sources/$name" -name '*.swift' | LC_ALL=C sort)
    local stamp="$out/lib$name.a"
    if [ -e "$stamp" ] && [ -z "$(find "$root/Sources/$name" -name '*.swift' -newer "$stamp")" ]; then return; fi
    local links=()
    for dependency in "$@"; do links+=(-l"$dependency"); done
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" -emit-module -emit-library -static -module-name "$name" \
        -emit-module-path "$out/$name.swiftmodule" $sources "${links[@]}" -o "$stamp"
}

module UprightCore
module UprightHost UprightCore
module UprightSim UprightHost UprightCore

for target in "$@"; do
    src="$root/Tests/Fuzz/Targets/$target.swift"
    swiftc "${flags[@]}" "$src" -lUprightSim -lUprightHost -lUprightCore -o "$out/$target" 2>&1 |
        grep -v 'Cannot export local symbol' || true
    [ -x "$out/$target" ] || { echo "fuzz build failed: $target" >&2; exit 1; }
done
