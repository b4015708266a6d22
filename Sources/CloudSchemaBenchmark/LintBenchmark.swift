import CloudSchemaCore
import Foundation

/// Lint throughput: every rule enabled, over a large generated schema that is parsed and
/// resolved once up front; only `Linter.lint` (rules, configuration, suppressions) is timed.
/// Prints MB/s of schema text for two sizes, so a non-linear rule shows as a falling rate.
func runLintBenchmark() {
    print("lint (every rule enabled)")
    for units in [500, 2_000] {
        let text = BenchmarkSchema.generate(units: units)
        let megabytes = Double(text.utf8.count) / 1_000_000
        let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", text)])
        precondition(!loaded.diagnostics.hasErrors, "generated schema has errors: \(loaded.diagnostics.prefix(3))")
        var best = Double.infinity
        var findings = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            findings = Linter.lint(loaded).count
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, seconds)
        }
        print(
            String(
                format: "  %6.2f MB, %5d record types: %7.1f MB/s (%.3f s, %d findings)", megabytes,
                loaded.schema.recordTypes.count, megabytes / best, best, findings))
    }
}
