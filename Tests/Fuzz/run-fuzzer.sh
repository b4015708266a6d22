#!/usr/bin/env bash
# Builds the fuzzer for both parsers (.cloudschema and .ckdb) with libFuzzer and
# AddressSanitizer, seeds it with the examples, regressions and .ckdb corpus, and runs it.
#   Tests/Fuzz/run-fuzzer.sh [seconds]      (default 60)
# Crashes, hangs (over 2 s per input) and slow inputs land in .build/fuzz/artifacts.
# (Leak detection is off: Swift's lazily initialised globals read as leaks.)
# Copy each into Tests/Fuzz/Regressions/ so `swift test` keeps checking it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
out="$root/.build/fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
cp "$root"/Schemas/*/*.cloudschema "$root"/Tests/Fuzz/Regressions/* "$root"/Tests/Fixtures/ckdb/*.ckdb "$root"/../shared/corpus/ckdb/*.ckdb "$out/corpus/" 2>/dev/null || true
# Compile a snapshot, so editing the sources meanwhile cannot break the build.
rm -rf "$out/src" && cp -R "$root/Sources/CloudSchemaCore" "$out/src"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name CloudSchemaCore \
  $(find "$out/src" -name '*.swift' | sort) "$root/Tests/Fuzz/FuzzParser.swift" \
  -o "$out/fuzz-parser"
ASAN_OPTIONS=detect_leaks=0 "$out/fuzz-parser" "$out/corpus" -max_total_time="$seconds" -timeout=2 -max_len=8192 \
  -artifact_prefix="$out/artifacts/" -print_final_stats=1 -detect_leaks=0
