import Testing

@testable import CloudSchemaCore

/// Records, fields and names.
@Suite struct RecordRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "RECORD_NAME_INVALID",
            """
            zone Z
            record _Hidden in Z { a: String? }
            record Shown in Z @name("Has Space") { a: String? }
            """,
            ["2:8-2:15 error RECORD_NAME_INVALID", "3:19-3:37 error RECORD_NAME_INVALID"],
            clean: """
                zone Z
                record Hidden in Z { a: String? }
                record Shown in Z @name("HasNoSpace") { a: String? }
                """),
        RuleCase(
            "RECORD_NAME_RESERVED",
            """
            zone Z
            record Users in Z { a: String? }
            """,
            ["2:8-2:13 error RECORD_NAME_RESERVED"],
            clean: """
                zone Z
                record Users in Z @name("AppUser") { a: String? }
                """),
        RuleCase(
            "FIELD_NAME_INVALID",
            """
            zone Z
            record A in Z {
                _secret: String?
                b: String? @name("has-dash")
            }
            """,
            ["3:5-3:12 error FIELD_NAME_INVALID", "4:16-4:33 error FIELD_NAME_INVALID"],
            clean: """
                zone Z
                record A in Z {
                    secret: String?
                    b: String? @name("has_underscore")
                }
                """),
        RuleCase(
            "FIELD_NAME_RESERVED",
            """
            zone Z
            record A in Z {
                creationDate: Date?
                made: Date? @name("recordID")
            }
            """,
            ["3:5-3:17 error FIELD_NAME_RESERVED", "4:17-4:34 error FIELD_NAME_RESERVED"],
            clean: """
                zone Z
                record A in Z {
                    creationDate: Date? @name("createdOn")
                    etag: String?
                    modifiedByDevice: String?
                }
                """),
        RuleCase(
            "RECORD_FIELD_LIMIT",
            "zone Z\nrecord Wide in Z {\n" + (1...257).map { "    f\($0): Int64?\n" }.joined() + "}\n",
            ["2:8-2:12 error RECORD_FIELD_LIMIT"],
            clean: "zone Z\nrecord Wide in Z {\n" + (1...256).map { "    f\($0): Int64?\n" }.joined() + "}\n"),
        RuleCase(
            "FIELD_BYTES_LARGE",
            """
            zone Z
            record Photo in Z { pixels: Data? }
            """,
            ["2:29-2:34 warning FIELD_BYTES_LARGE"],
            clean: """
                zone Z
                record Photo in Z { pixels: Asset? }
                """),
        RuleCase(
            "RECORD_SIZE_LIMIT",
            "zone Z\nrecord Big in Z {\n    a: String = \"\(String(repeating: "x", count: 600_000))\"\n    b: String = \"\(String(repeating: "y", count: 500_000))\"\n}\n",
            ["2:8-2:11 warning RECORD_SIZE_LIMIT"],
            clean: "zone Z\nrecord Big in Z {\n    a: String = \"\(String(repeating: "x", count: 600_000))\"\n    b: String = \"\"\n}\n"),
        RuleCase(
            "LIST_DELETE_SELF",
            """
            zone Z
            record Album in Z { photos: [Reference<Photo>]? @deleteSelf }
            record Photo in Z { title: String? }
            """,
            ["2:49-2:60 warning LIST_DELETE_SELF"],
            clean: """
                zone Z
                record Album in Z { title: String? }
                record Photo in Z { album: Reference<Album>? @deleteSelf }
                """),
        RuleCase(
            "PARENT_MULTIPLE",
            """
            zone Z
            record A in Z { n: String? }
            record B in Z {
                a: Reference<A> @parent
                other: Reference<A>? @parent
            }
            """,
            ["5:26-5:33 error PARENT_MULTIPLE"],
            clean: """
                zone Z
                record A in Z { n: String? }
                record B in Z {
                    a: Reference<A> @parent
                    other: Reference<A>?
                }
                """),
        RuleCase(
            "PARENT_CYCLE",
            """
            zone Z
            record A in Z { b: Reference<B>? @parent }
            record B in Z { a: Reference<A>? @parent }
            """,
            ["3:34-3:41 error PARENT_CYCLE"],
            clean: """
                zone Z
                record A in Z { b: Reference<B>? }
                record B in Z { a: Reference<A>? @parent }
                record Folder in Z { parent: Reference<Folder>? @parent }
                """),
        RuleCase(
            "REFERENCE_CROSS_ZONE",
            """
            zone Z
            record A in Z { b: Reference<B>? }
            record B in public { n: String?
                grant read to world
            }
            """,
            ["2:20-2:33 error REFERENCE_CROSS_ZONE"],
            clean: """
                zone Z
                record A in Z { b: Reference<B>? }
                record B in Z { n: String? }
                """),
        RuleCase(
            "RECORD_MODEL_COLLISION",
            """
            zone Z
            record CD_Item in Z { n: String? }
            model Item { n: String? }
            """,
            ["2:8-2:15 error RECORD_MODEL_COLLISION"],
            clean: """
                zone Z
                record CD_Item in Z @name("LegacyItem") { n: String? }
                model Item { n: String? }
                """),
    ]

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c) }

    /// Core Data chooses how its CD_ fields are stored (a large value moves into a CD_x_ckAsset
    /// companion it creates when needed), and CloudKit's own record types are as CloudKit made
    /// them: only a BYTES field the developer declared is reported.
    @Test func bytesLargeSkipsCoreDataFieldsAndCloudKitTypes() {
        let source = """
            DEFINE SCHEMA
                RECORD TYPE CD_Photo (
                    CD_image         BYTES,
                    CD_image_ckAsset ASSET,
                    CD_thumbnail     BYTES
                );
                RECORD TYPE Photo (thumbnail BYTES);
                RECORD TYPE "cloudkit.share" ("cloudkit.thumbnailImageData" BYTES);
            """
        #expect(
            describe(lintFindings(source, file: "schema.ckdb").filter { $0.id == "FIELD_BYTES_LARGE" }) == [
                "7:34-7:39 warning FIELD_BYTES_LARGE"
            ])
    }

    /// A list of BYTES keeps every value inside the record too (an end-to-end encrypted mailbox's
    /// `LIST<BYTES>` tags): the message says it is a list, not one BYTES value.
    @Test func bytesLargeNamesAListOfBytes() {
        let source = """
            DEFINE SCHEMA
                RECORD TYPE Packet (ciphertext BYTES, tags LIST<BYTES>);
            """
        #expect(
            lintFindings(source, file: "schema.ckdb").filter { $0.id == "FIELD_BYTES_LARGE" }.map(\.message) == [
                "'ciphertext' is stored as BYTES inside the record, which fails to save past 1 MB; use Asset for data that can grow",
                "'tags' is a list of BYTES, each value stored inside the record, which fails to save past 1 MB; use Asset for data that can grow",
            ])
    }

    /// A .ckdb lists the fields the server has: a key CKRecord documents as its own is no error
    /// there (so `export` writes), and `etag`, which Apple documents nowhere, is none anywhere.
    @Test func reservedKeysInCkdbAreNoError() {
        let source = """
            DEFINE SCHEMA
                RECORD TYPE Feed (etag STRING, recordID STRING);
            """
        #expect(describe(lintFindings(source, file: "schema.ckdb")) == [])
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(Array(source.utf8), file: "schema.ckdb"))
        #expect(
            imported == """
                record Feed {
                    etag: String?
                    // cloudschema:ignore FIELD_NAME_RESERVED a field of the .ckdb, kept under its CloudKit key
                    recordID: String?
                }

                """)
        #expect(describe(lintFindings(imported).filter { $0.severity == .error }) == [])
    }

    /// CloudKit's own record types parse in .ckdb as exports write them, and lint says nothing about them.
    @Test func cloudKitRecordTypesInCkdbAreNoFinding() {
        let source = """
            DEFINE SCHEMA
                RECORD TYPE Users ("___recordID" REFERENCE QUERYABLE, roles LIST<INT64>, GRANT READ TO "_world");
                RECORD TYPE "cloudkit.share" (
                    "___createTime"               TIMESTAMP,
                    "cloudkit.thumbnailImageData" BYTES,
                    "cloudkit.title"              STRING,
                    "cloudkit.type"               STRING,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );
            """
        #expect(describe(lintFindings(source, file: "schema.ckdb")) == [])
    }

    /// A container's export lists the `CD_` record types the models' mirror writes: linted with
    /// those models it is the same records, not a collision (a `.cloudschema` record type is).
    @Test func anExportsMirroredTypesAreNoCollision() {
        let export = "DEFINE SCHEMA\n    RECORD TYPE CD_Item (CD_n STRING, CD_entityName STRING, \"___recordID\" REFERENCE);\n"
        let model = "import SwiftData\n@Model final class Item { var n: String? }\n"
        let loaded = SchemaLoader.load(sources: [("CloudKit/schema.ckdb", export), ("App/Item.swift", model)])
        #expect(Linter.lint(loaded).filter { $0.id.rawValue == "RECORD_MODEL_COLLISION" } == [])
    }
}
