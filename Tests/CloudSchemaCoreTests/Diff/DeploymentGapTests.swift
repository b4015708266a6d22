import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `diff --require-deployed`: the release gate. `Golden/deploy/board.cloudschema` is the schema a
/// build uses; `board.production.ckdb` is production's export, which lacks its role, a QUERYABLE
/// index, a field, a grant and a record type. Refresh the reports with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter DeploymentGapTests
@Suite("Release gate (golden)")
struct DeploymentGapTests {
    static let folder = "Tests/CloudSchemaCoreTests/Golden/deploy"
    static let production = "CloudKit/production.ckdb"

    static func read(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
    }

    /// The schema against the production export, as `diff` compares them.
    static func load() throws -> (SchemaDiff, SourceStore) {
        let productionText = try read("board.production.ckdb")
        let current = SchemaLoader.load(sources: [("Schemas/Board.cloudschema", try read("board.cloudschema"))])
        let deployed = SchemaLoader.load(sources: [(production, productionText)])
        #expect(!current.diagnostics.hasErrors && !deployed.diagnostics.hasErrors)
        var sources = current.sources
        sources.add(production, Array(productionText.utf8))
        return (SchemaComparison.compare(deployed: deployed.schema, current: current.schema), sources)
    }

    @Test func everythingProductionLacksIsListedAtTheSchemasLine() throws {
        let (diff, _) = try Self.load()
        let gate = DeploymentGap(diff)
        #expect(
            gate.missing.map(\.finding) == [
                "roleAdded 1:6", "indexAdded 4:19", "fieldAdded 5:5", "grantAdded 8:5", "recordTypeAdded 11:8",
            ])
        // Apart from the verdict: every addition is safe to deploy.
        #expect(diff.verdict == .safe)
    }

    @Test func everyFormatSaysToDeployBeforeReleasing() throws {
        let (diff, sources) = try Self.load()
        let gate = DeploymentGap(diff)
        let reports = [
            ("board.txt", DiffReport.text(diff, against: Self.production, sources: sources, gate: gate)),
            ("board.json", DiffReport.json(diff, against: Self.production, gate: gate)),
            ("board.md", DiffReport.markdown(diff, against: Self.production, gate: gate)),
            ("board.github.txt", DiffReport.github(diff, against: Self.production, gate: gate)),
        ]
        for (name, report) in reports {
            #expect(report.contains("deploy these to production before releasing this build"), "\(name)")
            try expectGolden(report, file: "\(Self.folder)/\(name)", suite: "DeploymentGapTests")
        }
    }

    /// A production that has everything: the gate passes and says so.
    @Test func aProductionThatHasItAllPasses() throws {
        let schema = try Self.read("board.cloudschema")
        let current = SchemaLoader.load(sources: [("Schemas/Board.cloudschema", schema)])
        let export = CKDBExporter.export(current.schema)
        let deployed = SchemaLoader.load(sources: [(Self.production, export)])
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        let gate = DeploymentGap(diff)
        #expect(gate.isEmpty)
        #expect(
            DiffReport.text(diff, against: Self.production, sources: current.sources, gate: gate).hasSuffix(
                "\nDeployed: CloudKit/production.ckdb has every record type, field, index, grant and role this schema uses.\n"))
    }

    /// The record-name index a query over all records needs is a system field's option: an
    /// export that lacks it lacks an index.
    @Test func theRecordNameIndexIsAnIndexProductionNeeds() {
        let production = """
            DEFINE SCHEMA
                RECORD TYPE Post (
                    "___recordID" REFERENCE,
                    title STRING,
                    GRANT READ TO "_world"
                );
            """
        let development = """
            DEFINE SCHEMA
                RECORD TYPE Post (
                    "___recordID" REFERENCE QUERYABLE,
                    title STRING,
                    GRANT READ TO "_world"
                );
            """
        let withoutTheLine = production.replacingOccurrences(of: "\"___recordID\" REFERENCE,\n", with: "")
        for deployedText in [production, withoutTheLine] {
            let deployed = SchemaLoader.load(sources: [("production.ckdb", deployedText)])
            let current = SchemaLoader.load(sources: [("schema.ckdb", development)])
            let gate = DeploymentGap(SchemaComparison.compare(deployed: deployed.schema, current: current.schema))
            #expect(
                gate.missing.map(\.message) == [
                    "field 'Post.___recordID' gained a QUERYABLE index (queries that list all its records need it)"
                ])
        }
    }
}
