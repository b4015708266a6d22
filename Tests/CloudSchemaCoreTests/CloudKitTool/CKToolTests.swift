import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// cktool's arguments as its manual page gives them (cktool(1), quoted in CKTool.swift).
struct CKToolTests {
    static let target = CKTool.Target(teamID: "ABCDE12345", containerID: "iCloud.app.garden", environment: .production)

    @Test func schemaCommandsTakeTheTargetThenTheirFile() {
        let target = ["--team-id", "ABCDE12345", "--container-id", "iCloud.app.garden", "--environment", "production"]
        #expect(CKTool.exportSchema(Self.target, outputFile: "p.ckdb") == ["export-schema"] + target + ["--output-file", "p.ckdb"])
        #expect(CKTool.validateSchema(Self.target, file: "s.ckdb") == ["validate-schema"] + target + ["--file", "s.ckdb"])
        #expect(CKTool.importSchema(Self.target, file: "s.ckdb") == ["import-schema"] + target + ["--file", "s.ckdb"])
        #expect(CKTool.Environment.allCases.map(\.rawValue) == ["development", "production"])
    }

    /// The equivalent command in messages can be pasted into a shell.
    @Test func theCommandLineQuotesWhatAShellWouldSplit() {
        #expect(
            CKTool.commandLine(CKTool.exportSchema(Self.target, outputFile: "My Schemas/it's.ckdb"))
                == "xcrun cktool export-schema --team-id ABCDE12345 --container-id iCloud.app.garden --environment production --output-file 'My Schemas/it'\\''s.ckdb'"
        )
    }

    @Test func theContainerIsTheFlagOrTheSchemasDeclaration() throws {
        let declared = load("container \"iCloud.app.garden\"\n")
        #expect(try CKTool.containerID(explicit: nil, schema: declared) == "iCloud.app.garden")
        #expect(try CKTool.containerID(explicit: "iCloud.other", schema: declared) == "iCloud.other")
        #expect(throws: Diagnostic.self) { try CKTool.containerID(explicit: nil, schema: load("zone Garden\n")) }
    }
}
