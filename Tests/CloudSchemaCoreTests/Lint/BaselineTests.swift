import Testing

@testable import CloudSchemaCore

/// The element each finding is about (what a baseline keys it by), in every input language:
/// the innermost declaration or member whose text holds the finding.
@Suite struct BaselineTests {
    static func elements(_ text: String, file: String) -> [String] {
        lintFindings(text, file: file).map { "\($0.id) \($0.element?.description ?? "-")" }
    }

    @Test func cloudschemaFieldsRecordsAndNoElement() {
        let text = """
            // cloudschema:ignore FIELD_BYTES_LARGE
            zone Z
            record Bed in Z {
                name: String @encrypted @queryable
                grant read to world
            }

            """
        #expect(
            Self.elements(text, file: "Garden.cloudschema") == [
                "SUPPRESSION_UNUSED -",  // above the first declaration: keyed by its message
                "ENCRYPTED_INDEXED field Bed.name",
                "GRANT_NOT_PUBLIC record Bed",
            ])
    }

    @Test func ckdbRecordTypes() {
        let text = """
            DEFINE SCHEMA
                RECORD TYPE Bed (
                    "___recordID" REFERENCE QUERYABLE,
                    photo BYTES
                );

            """
        #expect(Self.elements(text, file: "schema.ckdb") == ["FIELD_BYTES_LARGE field Bed.photo"])
    }

    @Test func swiftModelsAndProperties() {
        let text = """
            import SwiftData

            @Model final class Bed {
                var name: String
                init(name: String) { self.name = name }
            }

            """
        #expect(Self.elements(text, file: "Bed.swift") == ["MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT property Bed.name"])
    }

    /// A column added by ALTER TABLE is an element of its own statement, outside the table's.
    @Test func sqlTablesAndColumns() {
        let text = """
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "n" INTEGER NOT NULL DEFAULT 0) STRICT;
            ALTER TABLE "lists" ADD COLUMN "rank" INTEGER NOT NULL DEFAULT 0;

            """
        #expect(
            Self.elements(text, file: "0001.sql") == [
                "SQL_NOT_NULL_REPLACE column lists.n", "SQL_NOT_NULL_REPLACE column lists.rank",
            ])
    }

    /// Two findings of one rule on one element are counted; the file is relative to the baseline's folder.
    @Test func keysCountAndFilesAreRelative() {
        let findings = lintFindings(
            "zone Z\nrecord Bed in Z {\n    name: String @encrypted @queryable @sortable\n}\n", file: "/work/App/Schemas/Garden.cloudschema"
        )
        let baseline = Baseline(path: "/work/App/CloudKit/baseline.json", findings: findings)
        #expect(
            String(decoding: baseline.bytes, as: UTF8.self) == """
                {
                  "version": 1,
                  "findings": [
                    {"rule":"ENCRYPTED_INDEXED","file":"../Schemas/Garden.cloudschema","element":"field Bed.name","count":2}
                  ]
                }

                """)
        #expect(Baseline.parse(baseline.bytes, path: baseline.path).0.counts == baseline.counts)
    }
}
