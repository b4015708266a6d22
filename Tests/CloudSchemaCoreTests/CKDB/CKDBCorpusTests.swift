import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Every `.ckdb` file of `Corpus.files` (the fixtures; with Tests/Corpus/run.sh, real exports
/// too) parses clean, matches an independent reading, and survives export and import unchanged.
@Suite("CKDB corpus")
struct CKDBCorpusTests {
    @Test("the fixtures are where the tests look for them")
    func fixturesArePresent() {
        for file in Corpus.files { #expect(!file.bytes.isEmpty, "missing \(file.path)") }
    }

    /// But for CKDB_HASH_COMMENT: a hand-written file may start with '#' lines, which are read as
    /// comments with that one warning.
    @Test("every file parses without errors or warnings", arguments: Corpus.files)
    func parsesCleanly(_ file: Corpus.File) {
        let (_, diagnostics) = CKDBParser.parse(file.bytes, file: file.name)
        let problems = diagnostics.filter { $0.severity != .info && $0.id != .ckdbHashComment }
        #expect(problems.isEmpty, "\(problems.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.message)" })")
        #expect(diagnostics.allSatisfy { $0.severity != .info || $0.id == .ckdbCoreDataMirror })
    }

    @Test("record types, roles, fields, types, indexes and grants match the file", arguments: Corpus.files)
    func contentsMatch(_ file: Corpus.File) {
        let (schema, _) = CKDBParser.parse(file.bytes, file: file.name)
        let scan = NaiveScan(file.text)
        #expect(schema.recordTypes.count == scan.records.count)
        #expect(schema.roles.map(\.name) == scan.roles)
        for expected in scan.records {
            guard let record = schema.recordTypes.first(where: { $0.cloudKitName == expected.name }) else {
                Issue.record("record type \(expected.name) missing")
                continue
            }
            #expect(record.format == .ckdb)
            #expect(record.spans.name != nil)
            // Declared fields keep spans; the implicit system fields are added without.
            let declared = record.fields.filter { $0.spans.name != nil }
            #expect(declared.count == expected.fields.count, "\(expected.name)")
            #expect(record.fields.filter { SystemFields.contains($0.key) }.count == 6)
            for item in expected.fields {
                guard let field = record.field(key: item.name) else {
                    Issue.record("\(expected.name).\(item.name) missing")
                    continue
                }
                #expect(CKDBExporter.typeText(field) == item.type, "\(expected.name).\(item.name)")
                #expect(Set(field.indexes.names.map { $0.uppercased() }) == item.options, "\(expected.name).\(item.name)")
                #expect(field.isOptional)
                #expect(field.isSystem == item.name.hasPrefix("___"))
            }
            // One Grant per GRANT clause, never merged.
            let grants = record.grants.map { "\($0.grantee.cloudKitName) \(Set($0.permissions.names.map { $0.uppercased() }).sorted())" }
            #expect(grants.sorted() == expected.grants.map { "\($0.role) \($0.permissions.sorted())" }.sorted(), "\(expected.name)")
        }
    }

    // MARK: Round trips

    @Test(
        "parse → export (with comments) → parse gives an equal Schema, plus Users and default grants; export is idempotent",
        arguments: Corpus.files)
    func exportRoundTrip(_ file: Corpus.File) {
        let (first, _) = CKDBParser.parse(file.bytes, file: file.name)
        let exported = CKDBExporter.export(first, comments: true)
        let (second, diagnostics) = CKDBParser.parse(exported, file: "export.ckdb")
        #expect(!diagnostics.hasErrors)
        #expect(first.withoutExportAdditions(second) == first)
        #expect(CKDBExporter.export(second, comments: true) == exported)
    }

    @Test("import → .cloudschema → export equals the file's export, and export → import → export is a fixed point", arguments: Corpus.files)
    func importRoundTrip(_ file: Corpus.File) {
        let parsed = CKDBParser.parseFile(file.bytes, file: file.name)
        let exported = CKDBExporter.export(parsed.schema)
        #expect(Self.exportOfImport(parsed) == exported)
        #expect(Self.exportOfImport(CKDBParser.parseFile(Array(exported.utf8), file: "export.ckdb")) == exported)
    }

    static func exportOfImport(_ parsed: CKDBParseResult) -> String {
        let loaded = SchemaLoader.load(sources: [("Imported.cloudschema", CKDBImporter.importSchema(parsed))])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        return CKDBExporter.export(loaded.schema)
    }

    @Test("import writes formatted text: `cloudschema format --check` passes on it", arguments: Corpus.files)
    func importIsFormatted(_ file: Corpus.File) {
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(file.bytes, file: file.name), source: file.name)
        #expect(SchemaFormatter.format(imported, file: "Imported.cloudschema") == .formatted(imported))
    }

    @Test("diff of the file against itself, and of its import against it, finds no change", arguments: Corpus.files)
    func diffAgainstItself(_ file: Corpus.File) {
        let (schema, _) = CKDBParser.parse(file.bytes, file: file.name)
        #expect(SchemaComparison.compare(deployed: schema, current: schema).changes.isEmpty)
        let imported = SchemaLoader.load(sources: [
            ("Imported.cloudschema", CKDBImporter.importSchema(CKDBParser.parseFile(file.bytes, file: file.name)))
        ])
        let changes = SchemaComparison.compare(deployed: schema, current: imported.schema).changes
        #expect(changes.isEmpty, "\(changes.map(\.message))")
    }

    @Test("export reproduces cktool exports byte for byte", arguments: Corpus.files.filter(\.isExport))
    func reproducesExports(_ file: Corpus.File) {
        let original = file.text
        let (schema, _) = CKDBParser.parse(original, file: file.name)
        // A committed copy may end with one extra blank line (robbiet480/Dispatch); nothing else may differ.
        let expected = original.hasSuffix(");\n\n") ? String(original.dropLast()) : original
        #expect(CKDBExporter.export(schema) == expected)
    }

    // MARK: What the fixtures say

    @Test("an export with Core Data mirrors, custom roles, every type and index, Users and cloudkit.share")
    func exportFixture() throws {
        let (schema, _) = CKDBParser.parse(Corpus.fixture("export-shared-journal.ckdb").bytes, file: "journal")
        let share = try #require(schema.recordTypes.first { $0.cloudKitName == "cloudkit.share" })
        #expect(share.isCloudKitSystemType)
        #expect(
            share.fields.filter { !$0.isSystem }.map { "\($0.key) \(CKDBExporter.typeText($0))" } == [
                "cloudkit.thumbnailImageData BYTES", "cloudkit.title STRING", "cloudkit.type STRING",
            ])
        #expect(schema.recordType(named: "Users")?.field(named: "roles")?.type == .list(.int64))
        let entry = try #require(schema.recordType(named: "CD_Entry"))
        #expect(entry.placement == .zone(CoreDataMirror.zoneName))
        #expect(entry.field(named: "CD_private")?.isEncrypted == true)
        let place = try #require(schema.recordType(named: "Place"))
        #expect(place.placement == .publicDatabase)
        #expect(place.grants.map(\.grantee) == [.role("Editor"), .creator, .icloud, .world])
        #expect(place.grants.first?.permissions == [.read, .create, .write])
        #expect(place.field(named: "sortable")?.type == .string)
        #expect(place.field(named: "___createTime")?.indexes == [.queryable, .sortable])
        #expect(place.field(named: "from")?.type == .date)
    }

    @Test("a hand-written file: any keyword case, every comment form, grants anywhere and twice to one role")
    func handwrittenFixture() throws {
        let (schema, _) = CKDBParser.parse(Corpus.fixture("handwritten-garden.ckdb").bytes, file: "garden")
        #expect(schema.roles.map(\.name) == ["gardener", "Visitor"])
        let bed = try #require(schema.recordType(named: "Bed"))
        #expect(bed.doc == "Beds hold plants.\nA block comment over two lines.")
        #expect(bed.field(named: "name")?.doc == "shown in lists")
        #expect(bed.field(named: "name")?.indexes == [.queryable, .sortable, .searchable])
        #expect(bed.field(named: "location")?.doc == "where the bed is")
        #expect(bed.field(named: "areaM2")?.doc == "square metres")
        let twice = bed.grants.filter { $0.grantee == .role("gardener") }.map(\.permissions)
        #expect(twice == [.create, [.read, .write]])
        let plant = try #require(schema.recordType(named: "Plant"))
        #expect(plant.doc == "Plants in a bed.")
        #expect(plant.field(named: "notes")?.type == .list(.string))
        #expect(plant.field(named: "notes")?.isEncrypted == true)
        #expect(plant.fields.filter(\.isEncrypted).count == 7)
        #expect(plant.grants.filter { $0.grantee == .world }.map(\.permissions) == [.read, .write])
        #expect(schema.recordType(named: "Harvest")?.placement == .privateDefaultZone)
    }

    @Test("two grants to one role stay two through export and import")
    func duplicateGrantsStayApart() {
        let source =
            "DEFINE SCHEMA\n    RECORD TYPE Bed (\n        name STRING,\n        GRANT WRITE TO \"_world\",\n        GRANT READ TO \"_world\"\n    );\n"
        let parsed = CKDBParser.parseFile(Array(source.utf8), file: "bed.ckdb")
        let exported = CKDBExporter.export(parsed.schema)
        #expect(exported.contains("        GRANT READ TO \"_world\",\n        GRANT WRITE TO \"_world\"\n"))
        let imported = CKDBImporter.importSchema(parsed)
        #expect(imported.contains("    grant write to world\n    grant read to world\n"))
        #expect(Self.exportOfImport(parsed) == exported)
    }

    @Test(".ckdb files load through SchemaLoader with format, placement and spans")
    func loaderReadsCKDB() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdb-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Corpus.fixture("handwritten-garden.ckdb").bytes).write(to: folder.appendingPathComponent("schema.ckdb"))
        try Data("record Note { text: String }\n".utf8).write(to: folder.appendingPathComponent("Notes.cloudschema"))
        let loaded = SchemaLoader.load(paths: [folder.path])
        #expect(!loaded.diagnostics.hasErrors)
        let plant = try #require(loaded.schema.recordType(named: "Plant"))
        #expect(plant.format == .ckdb)
        #expect(plant.placement == .publicDatabase)
        #expect(plant.spans.name?.start.line == 27)
        #expect(plant.spans.name?.start.column == 17)
        #expect(plant.field(named: "date")?.spans.name?.start.line == 29)
        #expect(loaded.schema.recordType(named: "Note")?.format == .cloudschema)
        #expect(loaded.sources.bytes(of: folder.appendingPathComponent("schema.ckdb").path) != nil)
    }
}
