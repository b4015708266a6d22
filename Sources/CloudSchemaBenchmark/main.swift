import CloudSchemaCore
import Foundation

// Throughput of each pipeline stage on a large generated schema.
// Run in release: `swift run -c release CloudSchemaBenchmark [recordTypes]`.
// Never part of `swift test`: timings belong here, not in assertions.

let recordCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let text = BenchmarkSchema.generate(recordTypes: recordCount)
let megabytes = Double(text.utf8.count) / 1_000_000
print("schema: \(recordCount) record types, \(String(format: "%.1f", megabytes)) MB")

/// Runs `body` several times and reports the best run's throughput.
func measure(_ label: String, runs: Int = 5, _ body: () -> Void) {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print("\(label.padding(toLength: 22, withPad: " ", startingAt: 0)) \(String(format: "%7.1f", megabytes / best)) MB/s  (\(String(format: "%.3f", best)) s)")
}

let bytes = Array(text.utf8)
measure("parse") { _ = Parser.parse(bytes, file: "Bench.cloudschema") }
measure("parse + resolve") {
    let loaded = SchemaLoader.load(bytes: [("Bench.cloudschema", bytes)])
    precondition(loaded.diagnostics.isEmpty, "the generated schema must be clean: \(loaded.diagnostics.prefix(3))")
}
