import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `cloudschema plan`: `Golden/deploy/board.cloudschema` is the schema being released;
/// `board.development.ckdb` lacks its `Post.body` and holds an experiment, `Post.draftScore`;
/// `board.production.ckdb` is what users' apps talk to. Refresh the reports with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter DeployPlanTests
@Suite("Deploy plan (golden)")
struct DeployPlanTests {
    static let inputs = DeployPlanReport.Inputs(
        schema: "Schemas", development: "CloudKit/development.ckdb", production: "CloudKit/production.ckdb",
        cktool: DeployCommands(teamID: nil, containerID: "iCloud.com.example.board"))

    static func plan() throws -> DeployPlan {
        func load(_ path: String, _ name: String) throws -> Schema {
            let loaded = SchemaLoader.load(sources: [(path, try DeploymentGapTests.read(name))])
            #expect(!loaded.diagnostics.hasErrors, "\(name): \(loaded.diagnostics.map(\.message))")
            return loaded.schema
        }
        return DeployPlan(
            schema: try load("Schemas/Board.cloudschema", "board.cloudschema"),
            development: try load(inputs.development, "board.development.ckdb"),
            production: try load(inputs.production, "board.production.ckdb"))
    }

    @Test func whatDevelopmentLacksAndHoldsAndWhatTheDeployApplies() throws {
        let plan = try Self.plan()
        #expect(plan.developmentLacks.map(\.finding) == ["fieldAdded 5:5"])
        #expect(plan.developmentExtras.map(\.finding) == ["fieldAdded 24:9"])
        // Development minus production: the experiment goes too, unless development is reset first.
        #expect(
            plan.deploys.map { "\($0.kind) \($0.subject.displayName)" } == [
                "roleAdded Moderator", "recordTypeAdded Comment", "fieldAdded Post.draftScore", "indexAdded Post.title",
                "grantAdded Post",
            ])
        #expect(plan.deployment.verdict == .safe)
    }

    @Test func textAndMarkdownAndJSONReports() throws {
        let plan = try Self.plan()
        for (name, report) in [
            ("board.plan.txt", DeployPlanReport.text(plan, Self.inputs)), ("board.plan.md", DeployPlanReport.markdown(plan, Self.inputs)),
            ("board.plan.json", DeployPlanReport.json(plan, Self.inputs)),
        ] {
            try expectGolden(report, file: "\(DeploymentGapTests.folder)/\(name)", suite: "DeployPlanTests")
        }
    }

    /// The cktool commands have the man page's arguments (ckdb-language 3.1).
    @Test func cktoolCommandsAsTheManPageSpellsThem() {
        let cktool = DeployCommands(teamID: "ABCDE12345", containerID: nil)
        #expect(
            cktool.importSchema("schema.ckdb")
                == "xcrun cktool import-schema --team-id ABCDE12345 --container-id CONTAINER_ID --environment development --file schema.ckdb"
        )
        #expect(cktool.resetSchema == "xcrun cktool reset-schema --team-id ABCDE12345 --container-id CONTAINER_ID")
        #expect(
            cktool.exportSchema(.production, to: "p.ckdb")
                == "xcrun cktool export-schema --team-id ABCDE12345 --container-id CONTAINER_ID --environment production --output-file p.ckdb"
        )
    }
}
