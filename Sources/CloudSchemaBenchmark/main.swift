import CloudSchemaCore
import Foundation

// Throughput of each pipeline stage on a large generated schema.
// Run in release: `swift run -c release CloudSchemaBenchmark [units]` (a unit is about 2.3 KB).
// Never part of `swift test`: timings belong here, not in assertions.

let units = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 4_000
let text = BenchmarkSchema.generate(units: units)
let bytes = Array(text.utf8)
let megabytes = Double(bytes.count) / 1_000_000
print("schema: \(units) units, \(String(format: "%.1f", megabytes)) MB")

/// Runs `body` several times and reports the best run's throughput.
func measure(_ label: String, runs: Int = 5, _ body: () -> Void) {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(String(format: "%-22@ %7.1f MB/s  (%.3f s)", label as NSString, megabytes / best, best))
}

measure("parse") { _ = Parser.parse(bytes, file: "Bench.cloudschema") }
measure("parse + resolve") {
    let loaded = SchemaLoader.load(bytes: [("Bench.cloudschema", bytes)])
    precondition(!loaded.diagnostics.hasErrors, "the generated schema must be clean: \(loaded.diagnostics.prefix(3))")
}
runLintBenchmark()
runGenerateBenchmark()
