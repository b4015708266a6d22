import Foundation
import Testing

/// `cloudschema diff` as CI runs it.
struct DiffCommandTests {
    static let schema = """
        zone Garden

        record Plant in Garden {
            name: String
            status: Status = .growing
        }

        enum Status: String { growing, done }

        """

    /// `Schemas/` (the current schema), `deployed/` (the same schema), and
    /// `production.ckdb` (its export).
    static func project() throws -> URL {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": schema, "deployed/Garden.cloudschema": schema])
        let export = try cloudschema("export", "Schemas", "--format", "ckdb", in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        try Data(export.stdout.utf8).write(to: folder.appendingPathComponent("production.ckdb"))
        return folder
    }

    /// A `.ckdb` states no zones, enums or optionality: "No changes" against one says what it
    /// could not check, in every format.
    @Test func aCKDBBaselineReportsTheKindsOfChangeItCouldNotCheck() throws {
        let folder = try Self.project()
        let json = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "json", in: folder)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let unchecked = try #require(object?["unchecked"] as? [[String: Any]])
        #expect(
            unchecked.compactMap { $0["kind"] as? String } == [
                "zonesAndDatabases", "optionality", "enums", "swiftTypes", "referenceTargets",
            ])
        #expect(unchecked[2]["rules"] as? [String] == ["ENUM_CASE_NO_DELETE", "ENUM_CASE_SAME_VALUE"])

        let text = try cloudschema("diff", "Schemas", "--against", "production.ckdb", in: folder)
        #expect(
            text.stdout == """
                Not checked: a .ckdb cannot state these kinds of change, so the comparison could not check them:
                  zones and databases: a record type moved to another zone or database [RECORD_DATABASE_CHANGED]
                  optionality and defaults: a deployed field made required [FIELD_NEW_REQUIRED]
                  enums: a case removed or given another raw value [ENUM_CASE_NO_DELETE, ENUM_CASE_SAME_VALUE]
                  Swift types stored as one CloudKit type: Int64 to Bool, String to UUID, URL or an enum [FIELD_TYPE_NARROWED]
                  reference targets: a typed reference pointing at another record type [REFERENCE_TARGET_CHANGED]
                Compare with the deployed schema's source, `--against git:REV[:PATH]`, to check them too.

                No changes against production.ckdb. Partial check: 5 kinds of change not checked.

                """)
        let markdown = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "markdown", in: folder)
        #expect(
            markdown.stdout.hasPrefix(
                "### ✅ CloudSchema: no schema changes against `production.ckdb` (partial check)\n\n#### Not checked\n"))
        #expect(
            markdown.stdout.contains("- Enums: a case removed or given another raw value (`ENUM_CASE_NO_DELETE`, `ENUM_CASE_SAME_VALUE`)\n")
        )
        let github = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "github", in: folder)
        #expect(github.stdout.hasPrefix("::notice title=DIFF_UNCHECKED::Not checked: a .ckdb cannot state these kinds of change"))
        #expect(
            github.stdout.contains("%0A- enums: a case removed or given another raw value (ENUM_CASE_NO_DELETE, ENUM_CASE_SAME_VALUE)%0A"))
    }

    @Test func aCloudSchemaBaselineChecksEverything() throws {
        let folder = try Self.project()
        let json = try cloudschema("diff", "Schemas", "--against", "deployed", "--format", "json", in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["unchecked"] as? [Any])?.isEmpty == true)
        #expect(try cloudschema("diff", "Schemas", "--against", "deployed", in: folder).stdout == "No changes against deployed.\n")
        #expect(try cloudschema("diff", "Schemas", "--against", "deployed", "--format", "github", in: folder).stdout == "")
    }
}
