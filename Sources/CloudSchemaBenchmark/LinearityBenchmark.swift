import CloudSchemaCore
import Foundation

/// Whether lint, format, diff and the SQL and Swift readers grow linearly: t(4N)/t(N) is about
/// 4 when they do; above 4.5 is flagged with the stage's name. Each stage's N is large enough
/// that its time is well above timer and scheduling noise (the diff report takes a few
/// milliseconds at 500 units). Inputs are generated and, where a stage does not time reading,
/// read and resolved up front; diff compares the schema with a copy that drops an index and adds
/// a field in every unit; diff report renders that comparison as text.
func runLinearityBenchmark() {
    print("linearity: t(4N)/t(N) (best of 3 each; above 4.5 flagged)")
    let stages: [(name: String, n: Int, prepare: (Int) -> () -> Void)] = [
        (
            "lint", 500,
            { units in
                let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", BenchmarkSchema.generate(units: units))])
                return { _ = Linter.lint(loaded) }
            }
        ),
        (
            "format", 500,
            { units in
                let bytes = Array(BenchmarkSchema.generate(units: units).utf8)
                return { _ = SchemaFormatter.format(bytes, file: "Bench.cloudschema") }
            }
        ),
        (
            "diff", 500,
            { units in
                let (deployed, current) = diffInputs(units: units)
                return { _ = SchemaComparison.compare(deployed: deployed.schema, current: current.schema) }
            }
        ),
        (
            "diff report", 2_000,
            { units in
                let (deployed, current) = diffInputs(units: units)
                let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
                return { _ = DiffReport.text(diff, against: "deployed", sources: current.sources) }
            }
        ),
        (
            "sql read", 500,
            { tables in
                let bytes = Array(BenchmarkSQL.generate(tables: tables).utf8)
                return { _ = SchemaLoader.load(bytes: [("Bench.sql", bytes)]) }
            }
        ),
        (
            "sql lint", 500,
            { tables in
                let loaded = SchemaLoader.load(bytes: [("Bench.sql", Array(BenchmarkSQL.generate(tables: tables).utf8))])
                return { _ = Linter.lint(loaded) }
            }
        ),
        (
            "swift migrations", 500,
            { tables in
                let bytes = Array(BenchmarkSQL.swiftMigrations(tables: tables).utf8)
                return { _ = SchemaLoader.load(bytes: [("Migrations.swift", bytes)]) }
            }
        ),
        (
            "swift models", 500,
            { pairs in
                let bytes = Array(swiftModels(pairs: pairs).utf8)
                return { _ = SchemaLoader.load(bytes: [("Models.swift", bytes)]) }
            }
        ),
    ]
    for stage in stages {
        let timeSmall = bestSeconds(runs: 3, stage.prepare(stage.n))
        let timeLarge = bestSeconds(runs: 3, stage.prepare(4 * stage.n))
        let ratio = timeLarge / timeSmall
        print(
            "  " + stage.name.padding(toLength: 17, withPad: " ", startingAt: 0)
                + String(format: "N = %5d: %.3f s -> %.3f s: %.2f", stage.n, timeSmall, timeLarge, ratio)
                + (ratio > 4.5 ? "  ABOVE 4.5: \(stage.name)" : ""))
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
