import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// A SwiftData team's pull request checked against production: the models in Swift
/// (`Golden/diff/trips.current.swift`) against `trips.production.ckdb`, the `CD_` record types
/// `cloudschema export` wrote for the deployed models. The change renames `Trip.targetDate` to
/// `deadline`, adds `Trip.notes` and a `Photo` model, and removes `Stop.title`.
///
/// Refresh after an intended change with `CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter SwiftDiffGoldenTests`.
@Suite struct SwiftDiffGoldenTests {
    @Test func swiftModelsAgainstAProductionExport() throws {
        let folder = DiffReportGoldenTests.folder
        let currentText = try String(contentsOfFile: "\(folder)/trips.current.swift", encoding: .utf8)
        let deployedText = try String(contentsOfFile: "\(folder)/trips.production.ckdb", encoding: .utf8)
        let current = SchemaLoader.load(sources: [("Sources/Trips/Models.swift", currentText)])
        let deployed = SchemaLoader.load(sources: [("CloudKit/production.ckdb", deployedText)])
        #expect(current.diagnostics.isEmpty && !deployed.diagnostics.hasErrors)
        var sources = current.sources
        sources.add("CloudKit/production.ckdb", Array(deployedText.utf8))
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        let report = DiffReport.text(diff, against: "CloudKit/production.ckdb", sources: sources, color: false)
        let path = "\(folder)/trips.ckdb.txt"
        if ProcessInfo.processInfo.environment["CLOUDSCHEMA_UPDATE_GOLDEN"] == "1" {
            try report.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(report == (try String(contentsOfFile: path, encoding: .utf8)))
    }
}
