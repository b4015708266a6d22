#!/usr/bin/env bash
# Fuzzes every stage with libFuzzer and AddressSanitizer. One binary holds all the targets of
# Tests/Fuzz/Targets (parse, lint, format, export-import, diff, generate, swift, sql, predicate;
# FUZZ_TARGET picks one); each runs for the given time, starting from Tests/Fuzz/Seeds, Tests/Fuzz/Regressions, the
# example schemas and, when present, ../shared/corpus/ckdb.
#   Tests/Fuzz/run-fuzzer.sh [seconds-per-target] [target ...]   (default 60 s, every target)
# A failed check, crash or hang (over 10 s per input) stops that target with the input saved in
# .build/fuzz/artifacts/<target>/; copy it into Tests/Fuzz/Regressions/ with the fix, so
# `swift test` (FuzzReplayTests) keeps checking it. Exits 1 when any target found something.
# FUZZ_SEED=N makes runs nearly repeatable: with the same seed, binary and seeds they try the
# same inputs until something that depends on addresses steers them apart (sql: after about
# 3,000 inputs), so before pushing a change to what the targets read, run them seeded for
# several times CI's 20 s. Without it each run explores new inputs. A seeded run also sets
# SWIFT_DETERMINISTIC_HASHING: Swift seeds its hashing per process, which reorders Sets and
# Dictionaries, and so the coverage the fuzzer steers by, from the first input.
# (Leak detection is off: Swift's lazily initialised globals read as leaks.)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
all=(parse lint format export-import diff generate swift sql predicate)
targets=("${@:-${all[@]}}")
out="$root/.build/fuzz"
mkdir -p "$out/build"

# libFuzzer ships with the swift.org toolchains for Linux, not with Xcode's: say so, never skip.
echo '@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }' \
  > "$out/build/probe.swift"
if ! swiftc -sanitize=fuzzer -parse-as-library "$out/build/probe.swift" -o "$out/build/probe" 2> "$out/build/probe.log"; then
  echo "error: this Swift toolchain cannot build with -sanitize=fuzzer (no libFuzzer):" >&2
  cat "$out/build/probe.log" >&2
  echo "error: fuzzing needs a swift.org toolchain on Linux; nothing was fuzzed" >&2
  exit 1
fi

# Compile a snapshot, so editing the sources meanwhile cannot break the build: CloudSchemaCore
# and CloudSchemaTools as libraries (one package, as SwiftPM builds them), then the targets and
# the entry point against their public API.
start=$(date +%s)
rm -rf "$out/src" && mkdir -p "$out/src" && cp -R "$root/Sources/CloudSchemaCore" "$root/Sources/CloudSchemaTools" "$root/Tests/Fuzz" "$out/src/"
library() {  # library NAME: $out/build/libNAME.a and NAME.swiftmodule
  swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "$1" -package-name cloudschema -I "$out/build" \
    -emit-library -static -emit-module -emit-module-path "$out/build/$1.swiftmodule" \
    $(find "$out/src/$1" -name '*.swift' | sort) -o "$out/build/lib$1.a"
}
# (The log only on failure: the linker warns about every sanitizer symbol.)
if ! {
  library CloudSchemaCore && library CloudSchemaTools &&
  swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name CloudSchemaFuzz -I "$out/build" \
    $(find "$out/src/Fuzz/Targets" -name '*.swift' | sort) "$out/src/Fuzz/FuzzEntry.swift" \
    "$out/build/libCloudSchemaTools.a" "$out/build/libCloudSchemaCore.a" -o "$out/fuzz"
} > "$out/build/build.log" 2>&1; then
  cat "$out/build/build.log" >&2
  echo "error: building the fuzzer failed" >&2
  exit 1
fi
echo "built the fuzzer in $(($(date +%s) - start)) s"

seeds=("$root/Tests/Fuzz/Seeds" "$root/Tests/Fuzz/Regressions" "$root/Schemas")
if [ -d "$root/Tests/Fixtures" ]; then seeds+=("$root/Tests/Fixtures"); fi
if [ -d "$root/../shared/corpus/ckdb" ]; then seeds+=("$root/../shared/corpus/ckdb"); fi
if [ -n "${FUZZ_SEED:-}" ]; then export SWIFT_DETERMINISTIC_HASHING=1; fi
failed=()
for target in "${targets[@]}"; do
  mkdir -p "$out/corpus/$target" "$out/artifacts/$target"
  log="$out/$target.log"
  if FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$out/fuzz" "$out/corpus/$target" "${seeds[@]}" \
    -max_total_time="$seconds" -timeout=10 -max_len=8192 -artifact_prefix="$out/artifacts/$target/" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
    -print_final_stats=1 -detect_leaks=0 > "$log" 2>&1; then
    echo "$target: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$') inputs in ${seconds} s, no findings"
  else
    echo "$target: FOUND A PROBLEM (log: $log)" >&2
    grep -E 'Fatal error|ERROR:|SUMMARY|artifact_prefix|Test unit written' "$log" | head -20 >&2 || tail -30 "$log" >&2
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "error: fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
