import CloudSchemaCore
import Foundation

// Throughput of each pipeline stage on a large generated schema.
// Run in release: `swift run -c release CloudSchemaBenchmark [units] [stages...]` (a unit is
// about 1.1 KB; stages: parse, resolve, lint, sql, appcode, generate, mapping, linearity, compile,
// toolbuild; default all but compile and toolbuild, which take minutes: see CompileBenchmark.swift
// and ToolBuildBenchmark.swift for what they need).
// `linearity` followed by stage names ("diff report") runs only those stages of it;
// `linearity "lint rules"` splits lint's by rule (`LINT_N=2000` sets lint's N).
// Peak memory of the `cloudschema` binary against its budgets (exit 1 when over):
// `swift build -c release --product cloudschema && swift run -c release CloudSchemaBenchmark memory [MB]`
// (default 10 MB of schema).
// Issue 36's table, every figure a ratio measured in one run beside its target: `swift build -c
// release --product cloudschema && swift run -c release CloudSchemaBenchmark targets [all]`
// (TargetsBenchmark.swift; `all` adds the builds and compiles that take minutes).
// The language server's response times on a 1,000-record-type schema: `swift run -c release
// CloudSchemaBenchmark lsp [units] [figures...]` (`lsp 334 hover` runs only the hover figures).
// Never part of `swift test`: timings belong here, not in assertions.

// `ChildProcess.run` measures a command through a fresh copy of this program: `--measure`.
if CommandLine.arguments.dropFirst().first == "--measure" { ChildProcess.measureAndExit(Array(CommandLine.arguments.dropFirst())) }
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--mapping-once" { mappingOnceAndExit(arguments.dropFirst()) }
if arguments.first == "--lint-once" { lintOnceAndExit(units: arguments.dropFirst().first.flatMap(Int.init) ?? lintUnits) }
if arguments.first == "lsp" {
    runLSPBenchmark(
        units: arguments.dropFirst().first.flatMap(Int.init) ?? 334, only: Set(arguments.dropFirst().filter { Int($0) == nil }))
    exit(0)
}
if arguments.first == "targets" {
    runTargetsBenchmark(all: arguments.dropFirst().first == "all")
    exit(0)
}
if arguments.first == "memory" {
    exit(runMemoryBenchmark(megabytes: arguments.dropFirst().first.flatMap(Double.init) ?? 10) ? 0 : 1)
}
let units = arguments.first.flatMap(Int.init) ?? 4_000
let requested = Set(arguments.filter { Int($0) == nil })
func wants(_ stage: String) -> Bool { requested.contains(stage) || requested.isEmpty && !["compile", "toolbuild"].contains(stage) }
let text = BenchmarkSchema.generate(units: units)
let bytes = Array(text.utf8)
let megabytes = Double(bytes.count) / 1_000_000
print("schema: \(units) units, \(String(format: "%.1f", megabytes)) MB")

/// The best of `runs` runs of `body`, in seconds.
func bestSeconds(runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// The CPU time this thread spends running `body`, in seconds: time spent waiting for a core
/// while other work runs on the machine is not counted.
func cpuSeconds(_ body: () -> Void) -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    body()
    return now() - start
}

/// Runs `body` several times and reports the best run's throughput.
func measure(_ label: String, runs: Int = 5, _ body: () -> Void) {
    let best = bestSeconds(runs: runs, body)
    let name = label.padding(toLength: 18, withPad: " ", startingAt: 0)
    print(name + String(format: "%7.1f MB/s  (%.3f s)", megabytes / best, best))
}

if wants("parse") { measure("parse") { _ = Parser.parse(bytes, file: "Bench.cloudschema") } }
if wants("resolve") {
    measure("parse + resolve") {
        let loaded = SchemaLoader.load(bytes: [("Bench.cloudschema", bytes)])
        precondition(!loaded.diagnostics.hasErrors, "the generated schema must be clean: \(loaded.diagnostics.prefix(3))")
    }
}
if wants("lint") { runLintBenchmark() }
if wants("sql") { runSQLBenchmark() }
if wants("appcode") { runAppCodeBenchmark() }
if wants("generate") { runGenerateBenchmark() }
if wants("mapping") { runMappingBenchmark() }
if wants("linearity") { runLinearityBenchmark() }
if wants("compile") { runCompileBenchmark() }
if wants("toolbuild") { runToolBuildBenchmark() }
