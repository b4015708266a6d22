import Foundation
import Testing

/// `cloudschema lint --fix [--dry-run]`: safe fix-its applied, unsafe ones only shown.
struct LintFixTests {
    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Each safe fix-it in each input language it occurs in: the text before and exactly after
    /// `--fix`, and the fix reported. (Model rules' fix-its are .cloudschema syntax, never applied
    /// to Swift; suppression comments are not read in .ckdb files.)
    static let safeFixes: [(file: String, before: String, after: String, fixed: String)] = [
        (
            "Garden.cloudschema",
            "zone Z\nrecord Bed in Z {\n    name: String? // cloudschema:ignore ENCRYPTED_INDEXED\n}\n",
            "zone Z\nrecord Bed in Z {\n    name: String?\n}\n",
            "remove the suppression [SUPPRESSION_UNUSED]"
        ),
        (
            "Bed.swift",
            "import SwiftData\n\n@Model\nfinal class Bed {\n    var name: String? // cloudschema:ignore ENCRYPTED_INDEXED\n    init() {}\n}\n",
            "import SwiftData\n\n@Model\nfinal class Bed {\n    var name: String?\n    init() {}\n}\n",
            "remove the suppression [SUPPRESSION_UNUSED]"
        ),
        (
            "0001.sql",
            """
            -- cloudschema:ignore SQL_PRIMARY_KEY
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())) STRICT;

            """,
            """
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())) STRICT;

            """,
            "remove the suppression [SUPPRESSION_UNUSED]"
        ),
        (
            "Database.swift",
            #"""
            migrator.registerMigration("Create lists") { db in
                try #sql("""
                    CREATE TABLE "lists" (
                      -- cloudschema:ignore SQL_PRIMARY_KEY
                      "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())
                    ) STRICT
                    """)
                .execute(db)
            }

            """#,
            #"""
            migrator.registerMigration("Create lists") { db in
                try #sql("""
                    CREATE TABLE "lists" (
                      "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())
                    ) STRICT
                    """)
                .execute(db)
            }

            """#,
            "remove the suppression [SUPPRESSION_UNUSED]"
        ),
        (
            "Garden.cloudschema",
            "zone Z\nrecord Bed in Z {\n    zone: String?\n}\n",
            "zone Z\nrecord Bed in Z {\n    `zone`: String?\n}\n",
            "write `zone` [SYNTAX_ERROR]"
        ),
        (
            "schema.ckdb",
            """
            RECORD TYPE Bed (
                "___recordID" REFERENCE QUERYABLE,
                ___createdBy REFERENCE
                name STRING,
                GRANT READ "_world",
            )

            """,
            """
            DEFINE SCHEMA

            RECORD TYPE Bed (
                "___recordID" REFERENCE QUERYABLE,
                "___createdBy" REFERENCE,
                name STRING,
                GRANT READ TO "_world"
            );

            """,
            "insert ';' [SYNTAX_ERROR]"
        ),
        (
            "schema.ckdb",
            """
            DEFINE SCHEMA

            RECORD TYPE cloudkit.share (
                "___recordID" REFERENCE QUERYABLE,
                cloudkit.title STRING
            );

            RECORD TYPE Bed (
                "___recordID" REFERENCE QUERYABLE,
                ,
                sortable STRING
            );

            """,
            """
            DEFINE SCHEMA

            RECORD TYPE "cloudkit.share" (
                "___recordID" REFERENCE QUERYABLE,
                "cloudkit.title" STRING
            );

            RECORD TYPE Bed (
                "___recordID" REFERENCE QUERYABLE,
                "sortable" STRING
            );

            """,
            #"write "sortable" [SYNTAX_ERROR]"#
        ),
        (
            "schema.ckdb",
            "DEFINE SCHEMA\n\nRECORD TYPE Bed (\n    \"___recordID\" REFERENCE QUERYABLE,\n    name STRING QUERYABLE QUERYABLE\n);\n",
            "DEFINE SCHEMA\n\nRECORD TYPE Bed (\n    \"___recordID\" REFERENCE QUERYABLE,\n    name STRING QUERYABLE\n);\n",
            "remove it [ATTRIBUTE_MISPLACED]"
        ),
        (
            "schema.ckdb",
            "# exported by hand\nDEFINE SCHEMA\n\nRECORD TYPE Bed (\n    \"___recordID\" REFERENCE QUERYABLE,\n    # the bed's name\n    name STRING\n);\n",
            "// exported by hand\nDEFINE SCHEMA\n\nRECORD TYPE Bed (\n    \"___recordID\" REFERENCE QUERYABLE,\n    // the bed's name\n    name STRING\n);\n",
            "write these comments with // [CKDB_HASH_COMMENT]"
        ),
    ]

    @Test(arguments: 0..<safeFixes.count)
    func fixAppliesEachSafeFixIt(_ index: Int) throws {
        let (file, before, after, fixed) = Self.safeFixes[index]
        let folder = try temporaryFolder([file: before])
        let result = try cloudschema("lint", "--fix", file, in: folder)
        #expect(try contents(folder.appendingPathComponent(file)) == after)
        #expect(result.stderr.contains("\(file):"), "\(result.stderr)")
        #expect(result.stderr.contains(": fixed: \(fixed)\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("not applied"), "\(result.stderr)")
        #expect(result.stdout == "", "what is left: \(result.stdout)")
        #expect(result.status == 0)
    }

    @Test func fixReportsEachFixAndWhatIsLeft() throws {
        let before = """
            zone Z
            // cloudschema:ignore FIELD_BYTES_LARGE
            record Bed in Z {
                name: String @encrypted @queryable // cloudschema:ignore RECORD_NAME_RESERVED
            }

            """
        let folder = try temporaryFolder(["Garden.cloudschema": before])
        let result = try cloudschema("lint", "--fix", "Garden.cloudschema", in: folder)
        #expect(
            try contents(folder.appendingPathComponent("Garden.cloudschema"))
                == "zone Z\nrecord Bed in Z {\n    name: String @encrypted @queryable\n}\n")
        #expect(
            result.stderr.hasPrefix(
                """
                Garden.cloudschema:2: fixed: remove the suppression [SUPPRESSION_UNUSED]
                Garden.cloudschema:4: fixed: remove the suppression [SUPPRESSION_UNUSED]

                """), "\(result.stderr)")
        // The unsafe fix-it (removing an index changes the deployed schema) is shown, not applied.
        #expect(result.stdout.contains("error: "), "\(result.stdout)")
        #expect(result.stdout.contains("[ENCRYPTED_INDEXED]"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "Garden.cloudschema:3: not applied, it would change what is stored or deployed: remove @queryable [ENCRYPTED_INDEXED]\n"),
            "\(result.stderr)")
        #expect(result.status == 1)
    }

    /// A reader's fix-it that would change what is read (a system field's type) is shown, not applied.
    @Test func anUnsafeSyntaxFixItIsOnlyShown() throws {
        let before = "DEFINE SCHEMA\n\nRECORD TYPE Bed (\n    \"___recordID\" REFERENCE QUERYABLE,\n    \"___createdBy\" STRING\n);\n"
        let folder = try temporaryFolder(["schema.ckdb": before])
        let result = try cloudschema("lint", "--fix", "schema.ckdb", in: folder)
        #expect(try contents(folder.appendingPathComponent("schema.ckdb")) == before)
        #expect(
            result.stderr
                == "schema.ckdb:5: not applied, it would change what is stored or deployed: write REFERENCE [TYPE_MISPLACED]\n1 error\n")
        #expect(result.status == 1)
    }

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let before =
            (1...10).map { "// line \($0)\n" }.joined()
            + "zone Z\n// cloudschema:ignore FIELD_BYTES_LARGE\nrecord Bed in Z {\n    name: String?\n}\n"
        let folder = try temporaryFolder(["Garden.cloudschema": before])
        let result = try cloudschema("lint", "--fix", "--dry-run", ".", in: folder)
        #expect(
            result.stdout == """
                --- a/Garden.cloudschema
                +++ b/Garden.cloudschema
                @@ -9,7 +9,6 @@
                 // line 9
                 // line 10
                 zone Z
                -// cloudschema:ignore FIELD_BYTES_LARGE
                 record Bed in Z {
                     name: String?
                 }

                """)
        #expect(result.stderr == "./Garden.cloudschema:12: would fix: remove the suppression [SUPPRESSION_UNUSED]\n1 warning\n")
        #expect(result.status == 0)
        #expect(try contents(folder.appendingPathComponent("Garden.cloudschema")) == before)
    }

    @Test func aReadOnlyFileIsReportedAndLeft() throws {
        let before = "zone Z\nrecord Bed in Z {\n    name: String? // cloudschema:ignore ENCRYPTED_INDEXED\n}\n"
        let folder = try temporaryFolder(["A.cloudschema": before])
        let a = folder.appendingPathComponent("A.cloudschema")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: a.path)
        let result = try cloudschema("lint", "--fix", "A.cloudschema", in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "cloudschema: error: cannot write 'A.cloudschema': it is read-only (make it writable, e.g. chmod u+w, to have it rewritten); it is left as it was [OUTPUT_UNWRITABLE]"
            ), "\(result.stderr)")
        #expect(try contents(a) == before)
    }

    @Test func dryRunNeedsFix() throws {
        let result = try cloudschema("lint", "--dry-run", in: try temporaryFolder(["A.cloudschema": "zone Z\n"]))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --dry-run is for --fix\n"))
    }
}
