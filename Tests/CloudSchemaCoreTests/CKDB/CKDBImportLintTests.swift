import Testing

@testable import CloudSchemaCore

/// An imported `.cloudschema` is something a team can commit: it resolves without
/// errors, and lint reports only real findings about the schema, never about what the
/// import itself wrote (system fields, the exported `Users` type).
@Suite("CKDB import lints")
struct CKDBImportLintTests {
    static let importArtifacts: Set<DiagnosticID> = [
        "FIELD_NAME_INVALID", "FIELD_NAME_RESERVED", "RECORD_NAME_RESERVED", "SUPPRESSION_UNUSED",
    ]

    @Test("an imported corpus file resolves and has no findings caused by the import", arguments: Corpus.files)
    func importLints(_ file: Corpus.File) {
        let text = CKDBImporter.importSchema(CKDBParser.parseFile(file.bytes, file: file.name), source: file.name)
        let loaded = SchemaLoader.load(sources: [("Imported.cloudschema", text)])
        let frontEnd = loaded.diagnostics.filter { DiagnosticID.frontEnd.contains($0.id) }
        #expect(frontEnd.isEmpty, "\(frontEnd.map(\.message))")
        let artifacts = Linter.lint(loaded).filter { Self.importArtifacts.contains($0.id) }
        #expect(artifacts.isEmpty, "\(artifacts.map(\.message))")
    }

    /// Exports list default grants on every record type, so grants say nothing about the
    /// database: import keeps them, puts nothing `in public`, and says what to decide.
    @Test("import keeps grants, places no record type in public, and keeps CloudKit's own types")
    func importLeavesTheDatabaseToTheUser() {
        let export = """
            DEFINE SCHEMA
                RECORD TYPE Recipe (
                    "___recordID" REFERENCE QUERYABLE,
                    name          STRING QUERYABLE SEARCHABLE SORTABLE,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );
                RECORD TYPE "cloudkit.share" (
                    "cloudkit.title" STRING,
                    GRANT READ TO "_world"
                );
            """
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb"))
        #expect(
            imported == """
                // Decide where each record type lives: .ckdb does not say, and exports list grants on every type.
                // Grants apply only in the public database. Write 'in public' on the record types stored there;
                // for the others, remove the grants (lint reports them as GRANT_NOT_PUBLIC) and choose a zone.

                record Recipe @queryable {
                    name: String? @queryable @sortable @searchable
                    grant write to creator
                    grant read to world
                }

                // cloudschema:ignore RECORD_NAME_RESERVED CloudKit's own cloudkit.share record type, as exported
                record cloudkit_share @name("cloudkit.share") {
                    cloudkit_title: String? @name("cloudkit.title")
                    grant read to world
                }

                """)
    }

    /// NUMBER, which CloudKit infers for a field a sandbox save adds, is `Number` in .cloudschema,
    /// and `PREFERRED AS` its argument: import → export gives the file's own export back byte for byte.
    @Test("NUMBER and NUMBER PREFERRED AS round-trip through import and export")
    func numberRoundTrip() {
        let export = """
            DEFINE SCHEMA

                RECORD TYPE Reading (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE,
                    celsius         NUMBER PREFERRED AS DOUBLE,
                    count           NUMBER PREFERRED AS INT64,
                    samples         LIST<NUMBER>,
                    value           NUMBER SORTABLE
                );

            """
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb"))
        #expect(
            imported == """
                record Reading {
                    celsius: Number<Double>?
                    count: Number<Int64>?
                    samples: [Number]?
                    value: Number? @sortable
                }

                """)
        let loaded = SchemaLoader.load(sources: [("Imported.cloudschema", imported)])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(
            CKDBExporter.export(loaded.schema) == CKDBExporter.export(CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb").schema))
    }

    @Test("system fields declared in .cloudschema must keep their CloudKit type")
    func systemFieldTypes() {
        let loaded = SchemaLoader.load(sources: [
            (
                "a.cloudschema",
                "record A in public {\n    ___recordID: Reference? @queryable\n    ___createTime: String?\n    grant read to world\n}\n"
            )
        ])
        #expect(loaded.diagnostics.map { "\($0.id) \($0.range!.start.line):\($0.range!.start.column)" } == ["TYPE_MISPLACED 3:20"])
        #expect(loaded.schema.recordTypes[0].fields.allSatisfy { $0.isSystem })
    }
}
