import CloudSchemaCore
import Foundation

/// Whether lint, format and diff grow linearly: t(4N)/t(N) on the generated schema for N = 500
/// units (about 1.2 MB) is about 4 when they do; above 4.5 is flagged. Inputs are read and
/// resolved up front; diff compares the schema with a copy that drops an index and adds a
/// field in every unit; diff report renders that comparison as text.
func runLinearityBenchmark() {
    let small = 500
    let large = 2_000
    print("linearity: t(4N)/t(N), N = \(small) units, 4N = \(large) (best of 3 each; above 4.5 flagged)")
    let stages: [(name: String, prepare: (Int) -> () -> Void)] = [
        (
            "lint",
            { units in
                let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", BenchmarkSchema.generate(units: units))])
                return { _ = Linter.lint(loaded) }
            }
        ),
        (
            "format",
            { units in
                let bytes = Array(BenchmarkSchema.generate(units: units).utf8)
                return { _ = SchemaFormatter.format(bytes, file: "Bench.cloudschema") }
            }
        ),
        (
            "diff",
            { units in
                let (deployed, current) = diffInputs(units: units)
                return { _ = SchemaComparison.compare(deployed: deployed.schema, current: current.schema) }
            }
        ),
        (
            "diff report",
            { units in
                let (deployed, current) = diffInputs(units: units)
                let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
                return { _ = DiffReport.text(diff, against: "deployed", sources: current.sources) }
            }
        ),
    ]
    for stage in stages {
        let timeSmall = bestSeconds(runs: 3, stage.prepare(small))
        let timeLarge = bestSeconds(runs: 3, stage.prepare(large))
        let ratio = timeLarge / timeSmall
        print(
            "  " + stage.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                + String(format: "%.3f s -> %.3f s: %.2f", timeSmall, timeLarge, ratio)
                + (ratio > 4.5 ? "  ABOVE 4.5" : ""))
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
