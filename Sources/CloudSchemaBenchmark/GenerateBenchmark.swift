import CloudSchemaCore
import Foundation

/// Generation throughput: `Generator.generate` (view model and every template) over a large
/// schema that is parsed and resolved once up front; nothing is written to disk. Prints record
/// types per second and MB/s of Swift produced for two sizes, so a non-linear step shows.
func runGenerateBenchmark() {
    print("generate (view model + templates, no I/O)")
    for units in [500, 2_000] {
        let text = BenchmarkSchema.generate(units: units)
        let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", text)])
        precondition(!loaded.diagnostics.hasErrors, "generated schema has errors: \(loaded.diagnostics.prefix(3))")
        var best = Double.infinity
        var output = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let files = try Generator.generate(loaded.schema, inputFiles: ["Bench.cloudschema"], options: .init(access: .public))
                output = files.reduce(0) { $0 + $1.contents.utf8.count }
            } catch {
                preconditionFailure("generation failed: \(error)")
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let records = loaded.schema.recordTypes.count
        print(
            String(
                format: "  %5d record types, %4d enums: %8.0f record types/s, %6.1f MB/s of Swift (%.3f s, %.1f MB)",
                records, loaded.schema.enums.count, Double(records) / best, Double(output) / 1e6 / best, best,
                Double(output) / 1e6))
    }
}
