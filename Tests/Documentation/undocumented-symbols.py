#!/usr/bin/env python3
"""Lists the public symbols of a Swift symbol graph that have no documentation comment.

Usage: undocumented-symbols.py MODULE.symbols.json
Prints one line per symbol (file:line: kind name) and exits 1 when there is any, so
`make docs` fails on a public symbol without a summary line. Symbols without a source
location (synthesized conformances, inherited protocol defaults) are not the module's own
text and are skipped.
"""
import json
import sys


def main(path):
    try:
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
    except (OSError, ValueError) as error:
        print(f"{path}: cannot read the symbol graph: {error}", file=sys.stderr)
        return 2
    missing = []
    for symbol in graph.get("symbols", []):
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if symbol.get("docComment", {}).get("lines"):
            continue
        location = symbol.get("location")
        if not location:
            continue
        uri = location["uri"]
        source = uri[uri.find("/Sources/") + 1:] if "/Sources/" in uri else uri
        line = location["position"]["line"] + 1
        name = ".".join(symbol["pathComponents"])
        missing.append((source, line, symbol["kind"]["identifier"], name))
    for source, line, kind, name in sorted(missing):
        print(f"{source}:{line}: {kind} {name} has no summary line")
    if missing:
        print(f"{path}: {len(missing)} public symbols without a summary line", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: undocumented-symbols.py MODULE.symbols.json", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
