#!/usr/bin/env bash
# Builds CloudSchemaRuntime's DocC catalog with the toolchain's own swift-symbolgraph-extract and
# docc (no package dependency), warnings as errors: a broken link or an unresolved symbol fails.
# docc does not warn about undocumented symbols, so CheckDocComments.swift fails on any public
# symbol (SPI included) without a doc comment of its own.
#   Tests/Docs/run.sh [output-dir]    default .build/docs; the archive is output-dir/CloudSchemaRuntime.doccarchive
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-.build/docs}"
rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/symbol-graphs-all"

swift build --target CloudSchemaRuntime
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)"
# Xcode's toolchain keeps both tools behind xcrun, with the SDK to read Foundation from.
run=()
sdk=()
if [ "$(uname)" = Darwin ]; then run=(xcrun); sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
extract() {
    ${run[@]+"${run[@]}"} swift-symbolgraph-extract -module-name CloudSchemaRuntime -I "$bin/Modules" -I "$bin" -target "$triple" \
        ${sdk[@]+"${sdk[@]}"} -minimum-access-level public "$@"
}
# What the documentation shows: the API apps see (no SPI), extensions of Swift and Foundation types
# on their own pages, without the members those types already have.
extract -emit-extension-block-symbols -skip-synthesized-members -output-dir "$out/symbol-graphs"
# What is checked: every public symbol, SPI included, with only the doc comments written on it.
extract -include-spi-symbols -skip-inherited-docs -output-dir "$out/symbol-graphs-all"
swift Tests/Docs/CheckDocComments.swift "$out/symbol-graphs-all"

${run[@]+"${run[@]}"} docc convert Sources/CloudSchemaRuntime/CloudSchemaRuntime.docc \
    --additional-symbol-graph-dir "$out/symbol-graphs" \
    --fallback-display-name CloudSchemaRuntime --fallback-bundle-identifier CloudSchemaRuntime \
    --warnings-as-errors --output-path "$out/CloudSchemaRuntime.doccarchive"
echo "Tests/Docs/run.sh: $out/CloudSchemaRuntime.doccarchive"
