import Testing

@testable import CloudSchemaCore

/// An imported `.cloudschema` is something a team can commit: it resolves without
/// errors, and lint reports only real findings about the schema, never about what the
/// import itself wrote (system fields, the exported `Users` type).
@Suite("CKDB import lints")
struct CKDBImportLintTests {
    static let importArtifacts: Set<DiagnosticID> = ["FIELD_NAME_INVALID", "RECORD_NAME_RESERVED", "SUPPRESSION_UNUSED"]

    @Test("an imported corpus file resolves and has no findings caused by the import", arguments: Corpus.files)
    func importLints(_ file: Corpus.File) {
        let text = CKDBImporter.importSchema(CKDBParser.parseFile(file.bytes, file: file.name), source: file.name)
        let loaded = SchemaLoader.load(sources: [("Imported.cloudschema", text)])
        let frontEnd = loaded.diagnostics.filter { DiagnosticID.frontEnd.contains($0.id) }
        #expect(frontEnd.isEmpty, "\(frontEnd.map(\.message))")
        let artifacts = Linter.lint(loaded).filter { Self.importArtifacts.contains($0.id) }
        #expect(artifacts.isEmpty, "\(artifacts.map(\.message))")
    }

    @Test("system fields declared in .cloudschema must keep their CloudKit type")
    func systemFieldTypes() {
        let loaded = SchemaLoader.load(sources: [
            ("a.cloudschema", "record A in public {\n    ___recordID: Reference? @queryable\n    ___createTime: String?\n    grant read to world\n}\n")
        ])
        #expect(loaded.diagnostics.map { "\($0.id) \($0.range!.start.line):\($0.range!.start.column)" } == ["TYPE_MISPLACED 3:20"])
        #expect(loaded.schema.recordTypes[0].fields.allSatisfy { $0.isSystem })
    }
}
