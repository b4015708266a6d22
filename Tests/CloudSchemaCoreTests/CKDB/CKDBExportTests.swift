import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `export` of a schema written in `.cloudschema` is what cktool exports once `import-schema` has
/// applied it: the `Users` record type, grants on every record type, no comments, and the record
/// name's index where `@queryable` on the record type declares it. Refresh the goldens with
/// `CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter CKDBExportTests`.
struct CKDBExportTests {
    static func export(_ text: String, comments: Bool = false) -> String {
        let loaded = load(text)
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        return CKDBExporter.export(loaded.schema, comments: comments)
    }

    /// The record type block named `name` in an export, `    RECORD TYPE` to `    );`.
    static func block(_ name: String, in export: String) -> String? {
        guard let start = export.range(of: "    RECORD TYPE \(name) (\n") else { return nil }
        guard let end = export.range(of: "    );\n", range: start.upperBound..<export.endIndex) else { return nil }
        return String(export[start.lowerBound..<end.upperBound])
    }

    @Test(arguments: exampleSchemaFolders)
    func examplesExportInCktoolsLayout(_ name: String) throws {
        let exported = CKDBExporter.export(loadExample(name).schema)
        try expectGolden(exported, file: "Tests/CloudSchemaCoreTests/Golden/export/\(name).ckdb", suite: "CKDBExportTests")
        let (parsed, diagnostics) = CKDBParser.parse(Array(exported.utf8), file: "\(name).ckdb")
        #expect(diagnostics.filter { $0.severity != .info }.isEmpty, "\(diagnostics.map(\.message))")
        #expect(parsed.recordTypes.contains { $0.cloudKitName == "Users" })
        #expect(parsed.recordTypes.allSatisfy { !$0.grants.isEmpty }, "grants on every record type")
        #expect(!exported.contains("//") && !exported.contains("--") && !exported.contains("/*"), "no comments")
        // The tool's own lint of its export finds what it found in the source, and nothing about the export.
        let lint = Linter.lint(SchemaLoader.load(sources: [("\(name).ckdb", exported)]))
        #expect(lint.filter { $0.severity != .info }.isEmpty, "\(lint.map(\.message))")
    }

    @Test func theUsersRecordTypeIsWrittenAsEveryExportHasIt() {
        #expect(
            Self.block("Users", in: Self.export("zone Garden\nrecord Plant in Garden {\n    name: String\n}\n")) == """
                    RECORD TYPE Users (
                        "___createTime" TIMESTAMP,
                        "___createdBy"  REFERENCE,
                        "___etag"       STRING,
                        "___modTime"    TIMESTAMP,
                        "___modifiedBy" REFERENCE,
                        "___recordID"   REFERENCE,
                        roles           LIST<INT64>,
                        GRANT WRITE TO "_creator",
                        GRANT READ TO "_world"
                    );

                """)
    }

    @Test func aSchemaThatDeclaresUsersKeepsItsOwn() {
        let exported = Self.export(
            """
            // cloudschema:ignore RECORD_NAME_RESERVED the app's fields on CloudKit's user record
            record Users in public {
                nickname: String? @queryable
                grant read to world
            }

            """)
        #expect(exported.components(separatedBy: "RECORD TYPE Users").count == 2, "one Users")
        #expect(Self.block("Users", in: exported)?.contains("        nickname        STRING QUERYABLE,\n") == true)
        #expect(Self.block("Users", in: exported)?.contains("roles") == false)
    }

    @Test func aRecordTypeWithoutGrantsGetsTheDefaultsAndOneWithGrantsKeepsThem() {
        let exported = Self.export(
            """
            zone Garden
            record Plant in Garden {
                name: String
            }
            record Tip in public {
                text: String
                grant read to world
            }

            """)
        #expect(
            Self.block("Plant", in: exported)?.hasSuffix(
                """
                        GRANT WRITE TO "_creator",
                        GRANT CREATE TO "_icloud",
                        GRANT READ TO "_world"
                    );

                """) == true)
        #expect(
            Self.block("Tip", in: exported)?.hasSuffix("        text            STRING,\n        GRANT READ TO \"_world\"\n    );\n")
                == true)
    }

    @Test func docCommentsAreLeftOutUnlessAskedFor() {
        let schema = "/// Editors.\nrole Editor\n\n/// A plant.\nrecord Plant in public {\n    /// Its name.\n    name: String\n}\n"
        #expect(!Self.export(schema).contains("//"))
        let commented = Self.export(schema, comments: true)
        #expect(commented.contains("    // Editors.\n    CREATE ROLE Editor;\n"))
        #expect(commented.contains("    // A plant.\n    RECORD TYPE Plant (\n"))
        #expect(commented.contains("        // Its name.\n        name            STRING,\n"))
    }

    @Test func queryableOnARecordTypeIndexesItsRecordName() {
        let exported = Self.export(
            """
            record Recipe in public @queryable {
                title: String
                grant read to world
            }
            record Review in public {
                text: String
                grant read to world
            }

            """)
        #expect(Self.block("Recipe", in: exported)?.contains("        \"___recordID\"   REFERENCE QUERYABLE,\n") == true)
        #expect(Self.block("Review", in: exported)?.contains("        \"___recordID\"   REFERENCE,\n") == true)
        // The tool's own lint of its export asks for the index only where it is missing.
        #expect(describe(lintFindings(exported, file: "schema.ckdb")).filter { $0.hasSuffix("INDEX_QUERY_ALL") }.count == 1)
        #expect(lintFindings(exported, file: "schema.ckdb").first { $0.id == "INDEX_QUERY_ALL" }?.message.contains("'Review'") == true)
    }

    @Test func queryableOnTheRecordTypeJoinsTheIndexesOfAWrittenRecordIDField() {
        let exported = Self.export(
            "record Recipe in public @queryable {\n    ___recordID: Reference? @sortable\n    title: String\n    grant read to world\n}\n")
        #expect(Self.block("Recipe", in: exported)?.contains("        \"___recordID\"   REFERENCE QUERYABLE SORTABLE,\n") == true)
    }

    @Test func importWritesTheRecordNameIndexAsQueryableOnTheRecordType() {
        let export = """
            DEFINE SCHEMA

                RECORD TYPE Recipe (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE,
                    title           STRING,
                    GRANT READ TO "_world"
                );

                RECORD TYPE Tip (
                    "___createTime" TIMESTAMP SORTABLE,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE SORTABLE,
                    text            STRING,
                    GRANT READ TO "_world"
                );

            """
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb"))
        #expect(imported.contains("record Recipe @queryable {\n    title: String?\n"))
        #expect(imported.contains("record Tip {\n    ___createTime: Date? @sortable\n    ___recordID: Reference? @queryable @sortable\n"))
        let reloaded = SchemaLoader.load(sources: [("Imported.cloudschema", imported)])
        #expect(reloaded.diagnostics.isEmpty, "\(reloaded.diagnostics.map(\.message))")
        #expect(
            CKDBExporter.export(reloaded.schema)
                == CKDBExporter.export(CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb").schema))
    }

    /// Core Data creates CD_moveReceipt on every CD_ type of some containers and on none of others
    /// (CoreDataMirror), so it is written only when asked.
    @Test func coreDataMoveReceiptIsWrittenOnlyWhenAsked() throws {
        let schema = load("model Harvest {\n    crop: String = \"\"\n}\n").schema
        #expect(!CKDBExporter.export(schema).contains("CD_moveReceipt"))
        #expect(
            Self.block("CD_Harvest", in: CKDBExporter.export(schema, coreDataMoveReceipt: true)) == """
                    RECORD TYPE CD_Harvest (
                        CD_crop                STRING,
                        CD_crop_ckAsset        ASSET,
                        CD_entityName          STRING,
                        CD_moveReceipt         BYTES,
                        CD_moveReceipt_ckAsset ASSET,
                        "___createTime"        TIMESTAMP,
                        "___createdBy"         REFERENCE,
                        "___etag"              STRING,
                        "___modTime"           TIMESTAMP,
                        "___modifiedBy"        REFERENCE,
                        "___recordID"          REFERENCE,
                        GRANT WRITE TO "_creator",
                        GRANT CREATE TO "_icloud",
                        GRANT READ TO "_world"
                    );

                """)
    }

    @Test func diffReportsTheRecordNameIndexDeclaredOrDropped() {
        let without = load("record Recipe in public {\n    title: String\n    grant read to world\n}\n", file: "old.cloudschema").schema
        let with = load("record Recipe in public @queryable {\n    title: String\n    grant read to world\n}\n", file: "new.cloudschema")
            .schema
        let added = SchemaComparison.compare(deployed: without, current: with).changes
        #expect(added.map(\.message) == ["field 'Recipe.___recordID' gained a QUERYABLE index (queries that list all its records need it)"])
        #expect(added.first?.location?.start.column == 25, "at @queryable")
        let removed = SchemaComparison.compare(deployed: with, current: without).changes
        #expect(removed.map(\.kind) == [.indexRemoved])
        #expect(removed.first?.fix == "Keep @queryable on the record type while any shipped version may query on it.")
        #expect(removed.first?.location?.start.line == 1, "at the record type")
        #expect(SchemaComparison.compare(deployed: with, current: with).changes.isEmpty)
    }

    /// A public record type without grants has the defaults once deployed, so diffing it against its own
    /// export finds nothing.
    @Test func aRecordTypeWithoutGrantsDiffsCleanAgainstItsExport() {
        let schema = load("record Tip in public {\n    text: String\n}\n").schema
        let exported = SchemaLoader.load(sources: [("schema.ckdb", CKDBExporter.export(schema))]).schema
        #expect(SchemaComparison.compare(deployed: exported, current: schema).changes.isEmpty)
    }
}
