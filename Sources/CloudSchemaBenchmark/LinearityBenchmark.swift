import CloudSchemaCore
import CloudSchemaTools
import Foundation

/// Whether lint, format, diff and the SQL and Swift readers grow linearly: t(4N)/t(N) is about
/// 4 when they do; above 4.5 is flagged with the stage's name. Inputs are generated and, where a
/// stage does not time reading, read and resolved up front; diff compares the schema with a copy
/// that drops an index and adds a field in every unit; diff report renders that comparison as text.
///
/// So that what else the machine runs moves the ratio less: time is this thread's CPU time
/// (time spent waiting for a core while other processes run is not counted), N and 4N alternate
/// for `rounds` rounds (more, up to 3 × `rounds`, until the stage has run 8 s) keeping each size's
/// best, so a slow spell slows both sizes alike and a quick stage gets more tries, and each
/// stage's N makes t(N) a tenth of a second or more. N is also past the sizes whose data still
/// fits the processor's caches: below that, a walk over the schema costs less per element at N
/// than at 4N and the ratio overstates growth. Lint's time per unit (every rule walks the whole
/// schema) was 57, 61, 70, 66 and 72 µs at 4,000, 8,000, 16,000, 32,000 and 64,000 units: it
/// rises until 16,000 and is flat after, so lint's N is 16,000 (at 8,000 it read 4.3 to 4.8, at
/// 2,000 5 to 6).
/// On a shared machine a linear stage still reads 3.8 to 5.2 from run to run (caches and memory
/// are shared even when cores are not): a stage is superlinear when it stays flagged, run after run.
func runLinearityBenchmark() {
    let rounds = 5
    print("linearity: t(4N)/t(N) in thread CPU time (best of \(rounds) or more, N and 4N alternating; above 4.5 flagged)")
    let stages: [(name: String, n: Int, prepare: (Int) -> () -> Void)] = [
        ("lint", lintUnits, lintRun(units:)),
        (
            "format", 1_000,
            { units in
                let bytes = Array(BenchmarkSchema.generate(units: units).utf8)
                return { _ = SchemaFormatter.format(bytes, file: "Bench.cloudschema") }
            }
        ),
        (
            "diff", 2_000,
            { units in
                let (deployed, current) = diffInputs(units: units)
                return { _ = SchemaComparison.compare(deployed: deployed.schema, current: current.schema) }
            }
        ),
        (
            "diff report", 16_000,
            { units in
                let (deployed, current) = diffInputs(units: units)
                let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
                let sources = current.sources  // only what the report reads stays in memory
                return { _ = DiffReport.text(diff, against: "deployed", sources: sources) }
            }
        ),
        (
            "sql read", 4_000,
            { tables in
                let bytes = Array(BenchmarkSQL.generate(tables: tables).utf8)
                return { _ = SchemaLoader.load(bytes: [("Bench.sql", bytes)]) }
            }
        ),
        (
            "sql lint", 4_000,
            { tables in
                let loaded = SchemaLoader.load(bytes: [("Bench.sql", Array(BenchmarkSQL.generate(tables: tables).utf8))])
                return { _ = Linter.lint(loaded) }
            }
        ),
        (
            "swift migrations", 2_000,
            { tables in
                let bytes = Array(BenchmarkSQL.swiftMigrations(tables: tables).utf8)
                return { _ = SchemaLoader.load(bytes: [("Migrations.swift", bytes)]) }
            }
        ),
        (
            "swift models", 4_000,
            { pairs in
                let bytes = Array(swiftModels(pairs: pairs).utf8)
                return { _ = SchemaLoader.load(bytes: [("Models.swift", bytes)]) }
            }
        ),
    ]
    // `linearity "diff report"` runs only the stages named.
    let named = stages.filter { requested.contains($0.name) }
    if requested.contains("lint rules") {
        runLintRuleLinearity()
        if named.isEmpty { return }
    }
    for stage in named.isEmpty ? stages : named {
        let (timeSmall, timeLarge) = bestTimes(stage.prepare(stage.n), stage.prepare(4 * stage.n), rounds: rounds)
        let ratio = timeLarge / timeSmall
        print(
            "  " + stage.name.padding(toLength: 17, withPad: " ", startingAt: 0)
                + String(format: "N = %5d: %.3f s -> %.3f s: %.2f", stage.n, timeSmall, timeLarge, ratio)
                + (ratio > 4.5 ? "  ABOVE 4.5: \(stage.name)" : ""))
        if stage.name == "lint" { printLintInstructions() }
    }
}

/// Lint's instruction ratio beside its time ratio, or why it is not measured.
func printLintInstructions() {
    guard let counts = lintInstructionRatio() else {
        print("  lint instructions: not measured (needs valgrind on PATH)")
        return
    }
    print(
        "  lint instructions (callgrind, Linter.lint only): N = \(lintInstructionUnits): \(counts.small) -> \(counts.large): "
            + String(format: "%.2f", Double(counts.large) / Double(counts.small)))
}

/// The best thread CPU time of `small` and of `large`, run in turn `rounds` times (more, up to
/// 3 × `rounds`, until both have run 8 s).
func bestTimes(_ small: () -> Void, _ large: () -> Void, rounds: Int) -> (small: Double, large: Double) {
    var timeSmall = Double.infinity
    var timeLarge = Double.infinity
    var round = 0
    var spent = 0.0
    repeat {
        let secondsSmall = cpuSeconds(small)
        let secondsLarge = cpuSeconds(large)
        timeSmall = min(timeSmall, secondsSmall)
        timeLarge = min(timeLarge, secondsLarge)
        spent += secondsSmall + secondsLarge
        round += 1
    } while round < rounds || (round < 3 * rounds && spent < 8)
    return (timeSmall, timeLarge)
}

/// Lint of the benchmark schema of `units` units, read and resolved now.
private func lintRun(units: Int) -> () -> Void {
    let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", BenchmarkSchema.generate(units: units))])
    return { _ = Linter.lint(loaded) }
}

/// Lint's t(4N)/t(N) at `lintUnits`, as `linearity lint` measures it.
func lintLinearity(rounds: Int = 5) -> Double {
    let (small, large) = bestTimes(lintRun(units: lintUnits), lintRun(units: 4 * lintUnits), rounds: rounds)
    return large / small
}

/// Lint's instruction counts at `lintInstructionUnits` and 4 × that, counted by callgrind (nil
/// when valgrind is not on PATH or fails): only the instructions `Linter.lint` runs, not
/// generating or reading the schema. Unlike time, a count does not move with the machine's load
/// or its caches, so its ratio says whether the work grows linearly; time above it is memory
/// (cache misses, allocation), not more work. Counts need no N past the caches, so N is a quarter
/// of lint's (valgrind runs ~50 times slower than native). The schema's fixed part (1,000 zones,
/// 512 key-value stores) keeps the ratio a little under 4.
func lintInstructionRatio() -> (small: Int, large: Int)? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/valgrind" }
    guard let valgrind = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let counts = [lintInstructionUnits, 4 * lintInstructionUnits].map { units -> Int? in
        let log = NSTemporaryDirectory() + "cloudschema-lint-callgrind-\(units).log"
        let run = ChildProcess.run(
            [
                valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*6LinterO4lint_*",
                Bundle.main.executablePath!, "--lint-once", String(units),
            ], logFile: log)
        // callgrind ends with "==pid== Collected : <instructions>".
        let line = run.output.split(separator: "\n").last { $0.contains("Collected :") }
        return run.succeeded ? line.flatMap { Int($0.split(separator: " ").last ?? "") } : nil
    }
    guard let small = counts[0], let large = counts[1] else { return nil }
    return (small, large)
}

/// `--lint-once units`: lints the benchmark schema of `units` units once, for callgrind.
func lintOnceAndExit(units: Int) -> Never {
    let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", BenchmarkSchema.generate(units: units))])
    print(Linter.lint(loaded).count, "findings")
    exit(0)
}

/// The N of lint's instruction counts.
let lintInstructionUnits = max(lintUnits / 4, 1)

/// Lint's N: `LINT_N` units, default 16,000.
let lintUnits = ProcessInfo.processInfo.environment["LINT_N"].flatMap { Int($0) } ?? 16_000

/// `linearity "lint rules"`: lint's t(4N)/t(N) beside each rule's run alone, so a superlinear
/// lint is traced to a rule or to running them together (each rule walks the whole schema: at N
/// the next rule finds it still in the processor's cache, at 4N it may not). Rules under 1% of
/// lint's time at 4N are summed.
func runLintRuleLinearity(rounds: Int = 5) {
    let n = lintUnits
    print("lint by rule: t(4N)/t(N), N = \(n) units (best of \(rounds), N and 4N alternating)")
    let loaded = [n, 4 * n].map { SchemaLoader.load(sources: [("Bench.cloudschema", BenchmarkSchema.generate(units: $0))]) }
    let inputs = loaded.map { LintInput(schema: $0.schema, sources: $0.sources) }
    func best(_ body: (Int) -> Void) -> [Double] {
        var times = [Double.infinity, .infinity]
        for _ in 0..<rounds {
            for size in 0..<2 { times[size] = min(times[size], cpuSeconds { body(size) }) }
        }
        return times
    }
    func sum(_ parts: [(name: String, times: [Double])]) -> [Double] {
        parts.reduce([0.0, 0.0]) { [$0[0] + $1.times[0], $0[1] + $1.times[1]] }
    }
    let lint = best { _ = Linter.lint(loaded[$0]) }
    let tables = best { _ = LintInput(schema: loaded[$0].schema, sources: loaded[$0].sources) }
    let rules = LintRegistry.rules.map { rule in (name: rule.id.rawValue, times: best { _ = Linter.findings(inputs[$0], rules: [rule]) }) }
    let shown = rules.filter { $0.times[1] >= lint[1] / 100 }.sorted { $0.times[1] > $1.times[1] }
    let small = rules.filter { $0.times[1] < lint[1] / 100 }
    let lines =
        [
            ("lint (every rule, one after another)", lint), ("lint's input (name tables)", tables),
            ("each rule run alone, summed", sum(rules)),
        ]
        + shown.map { ("  " + $0.name, $0.times) } + [("  \(small.count) rules under 1%, summed", sum(small))]
    for (name, times) in lines {
        print(
            "  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + String(format: "%.4f s -> %.4f s: %.2f", times[0], times[1], times[1] / times[0])
                + (times[1] / times[0] > 4.5 ? "  ABOVE 4.5" : ""))
    }
}

/// The generated schema and a copy with an index dropped and a field added in every unit.
private func diffInputs(units: Int) -> (deployed: LoadedSchema, current: LoadedSchema) {
    let text = BenchmarkSchema.generate(units: units)
    let changed = text.replacingOccurrences(of: "count: Int64 = 0 @queryable", with: "count: Int64 = 0")
        .replacingOccurrences(of: "score: Double = 0 @sortable", with: "score: Double = 0 @sortable\n    rating: Int64 = 0")
    let deployed = SchemaLoader.load(sources: [("Bench.cloudschema", text)])
    let current = SchemaLoader.load(sources: [("Bench.cloudschema", changed)])
    precondition(!SchemaComparison.compare(deployed: deployed.schema, current: current.schema).changes.isEmpty)
    return (deployed, current)
}

/// SwiftData `@Model` classes: pairs of models related to each other, as the benchmark
/// schema's `model List` and `model Entry`.
private func swiftModels(pairs: Int) -> String {
    var swift = "import Foundation\nimport SwiftData\n\n"
    for n in 0..<pairs {
        swift += """
            @Model
            final class List\(n) {
                var name: String = ""
                var createdAt: Date = Date()
                @Relationship(deleteRule: .cascade, inverse: \\Entry\(n).list) var items: [Entry\(n)]? = []
                init() {}
            }

            @Model
            final class Entry\(n) {
                var label: String = ""
                @Attribute(.externalStorage) var photo: Data?
                var list: List\(n)?
                init() {}
            }


            """
    }
    return swift
}
