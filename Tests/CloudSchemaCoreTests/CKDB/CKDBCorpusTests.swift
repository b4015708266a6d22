import Foundation
import Testing

@testable import CloudSchemaCore

@Suite("CKDB corpus")
struct CKDBCorpusTests {
    @Test("the corpus folder is where CI has it")
    func corpusIsPresent() {
        for name in Corpus.names { #expect(!Corpus.bytes(name).isEmpty, "missing \(name) in \(Corpus.folder.path)") }
    }

    @Test("every corpus file parses without errors or warnings", arguments: Corpus.names)
    func parsesCleanly(_ name: String) {
        let (_, diagnostics) = CKDBParser.parse(Corpus.bytes(name), file: name)
        let problems = diagnostics.filter { $0.severity != .info }
        #expect(problems.isEmpty, "\(problems.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.message)" })")
        #expect(diagnostics.allSatisfy { $0.severity != .info || $0.id == .ckdbCoreDataMirror })
    }

    @Test("record types, roles, fields, types, indexes and grants match the file", arguments: Corpus.files.map { $0 })
    func contentsMatch(_ file: (name: String, recordTypes: Int, roles: [String])) {
        let (schema, _) = CKDBParser.parse(Corpus.bytes(file.name), file: file.name)
        let scan = NaiveScan(Corpus.text(file.name))
        #expect(schema.recordTypes.count == file.recordTypes)
        #expect(scan.records.count == file.recordTypes)
        #expect(schema.roles.map(\.name) == file.roles)
        #expect(scan.roles == file.roles)
        for expected in scan.records {
            guard let record = schema.recordType(named: expected.name) else {
                Issue.record("record type \(expected.name) missing")
                continue
            }
            #expect(record.format == .ckdb)
            #expect(record.spans.name != nil)
            // Declared fields keep spans; the implicit system fields are added without.
            let declared = record.fields.filter { $0.spans.name != nil }
            #expect(declared.count == expected.fields.count, "\(expected.name)")
            #expect(record.fields.filter(\.isSystem).count == 6)
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
            let grants = Dictionary(uniqueKeysWithValues: record.grants.map { ($0.grantee.cloudKitName, Set($0.permissions.names.map { $0.uppercased() })) })
            #expect(grants == expected.grants, "\(expected.name)")
            #expect(record.placement == (expected.grants.isEmpty ? .privateDefaultZone : .publicDatabase))
        }
    }

    @Test("hand-checked details of single files")
    func handCheckedDetails() throws {
        // hnaht95/Pay: unquoted `from`, `to`, `date` are names; Settle has 4 user fields.
        let (pay, _) = CKDBParser.parse(Corpus.bytes("hnaht95__Pay__schema.ckdb"), file: "pay")
        let settle = try #require(pay.recordType(named: "Settle"))
        #expect(settle.fields.filter { !$0.isSystem }.map(\.name) == ["amount", "date", "from", "to"])
        #expect(settle.field(named: "___recordID")?.indexes == .queryable)
        #expect(pay.recordType(named: "Users")?.field(named: "roles")?.type == .list(.int64))
        #expect(pay.recordType(named: "Spend")?.field(named: "shares")?.type == .list(.string))
        // luna-browser: ENCRYPTED types, three grants on one line.
        let (luna, _) = CKDBParser.parse(Corpus.bytes("ziadmyassine__luna-browser__Schema.ckdb"), file: "luna")
        let space = try #require(luna.recordType(named: "Space"))
        #expect(space.field(named: "image")?.isEncrypted == true)
        #expect(space.field(named: "image")?.type == .data)
        #expect(space.field(named: "position")?.isEncrypted == false)
        #expect(space.grants.map(\.grantee) == [.creator, .icloud, .world])
        // Wockett: grants to custom roles.
        let (wockett, _) = CKDBParser.parse(Corpus.bytes("FreeScoopDev__Wockett__schema.ckdb"), file: "w")
        #expect(wockett.recordTypes.contains { $0.grants.contains { $0.grantee == .role("Moderator") && $0.permissions == [.read, .create, .write] } })
        // MistKit: trailing comments become the field's doc.
        let (mistkit, _) = CKDBParser.parse(Corpus.bytes("brightdigit__MistKit__schema.ckdb"), file: "m")
        #expect(mistkit.recordType(named: "Feed")?.field(named: "title")?.doc == "Feed title")
        // keel: Core Data mirrors are reported as such.
        let (_, keelDiagnostics) = CKDBParser.parse(Corpus.bytes("alan9259__keel__schema.ckdb"), file: "k")
        #expect(keelDiagnostics.filter { $0.id == .ckdbCoreDataMirror }.count == 12)
    }

    // MARK: Round trips

    @Test("parse → export → parse gives an equal Schema; export is idempotent", arguments: Corpus.names)
    func exportRoundTrip(_ name: String) {
        let (first, _) = CKDBParser.parse(Corpus.bytes(name), file: name)
        let exported = CKDBExporter.export(first)
        let (second, diagnostics) = CKDBParser.parse(exported, file: "export.ckdb")
        #expect(!diagnostics.hasErrors)
        #expect(second == first)
        #expect(CKDBExporter.export(second) == exported)
    }

    @Test("import → .cloudschema → export equals the first export", arguments: Corpus.names)
    func importRoundTrip(_ name: String) {
        let parsed = CKDBParser.parseFile(Corpus.bytes(name), file: name)
        let exported = CKDBExporter.export(parsed.schema)
        let imported = CKDBImporter.importSchema(parsed, source: name)
        let loaded = SchemaLoader.load(sources: [("Imported.cloudschema", imported)])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        #expect(CKDBExporter.export(loaded.schema) == exported)
    }

    @Test(
        "export reproduces cktool exports byte for byte",
        arguments: [
            "alan9259__keel__schema.ckdb", "hnaht95__Pay__schema.ckdb", "FreeScoopDev__Wockett__schema.ckdb",
            "Tom4259__SwiftUIFeatureBugReport__Schema.ckdb", "pagoda8__Walking-Buddy__cloudkit-schema.ckdb",
            "robbiet480__Dispatch__schema.ckdb",
        ])
    func reproducesExports(_ name: String) {
        let original = Corpus.text(name)
        let (schema, _) = CKDBParser.parse(original, file: name)
        let exported = CKDBExporter.export(schema)
        // Dispatch's committed copy has one extra blank line at the end; nothing else differs.
        let expected = original.hasSuffix(");\n\n") ? String(original.dropLast()) : original
        #expect(exported == expected)
    }

    @Test(".ckdb files load through SchemaLoader with format, placement and spans")
    func loaderReadsCKDB() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdb-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Corpus.bytes("hnaht95__Pay__schema.ckdb")).write(to: folder.appendingPathComponent("schema.ckdb"))
        try Data("record Note { text: String }\n".utf8).write(to: folder.appendingPathComponent("Notes.cloudschema"))
        let loaded = SchemaLoader.load(paths: [folder.path])
        #expect(!loaded.diagnostics.hasErrors)
        let settle = try #require(loaded.schema.recordType(named: "Settle"))
        #expect(settle.format == .ckdb)
        #expect(settle.placement == .publicDatabase)
        #expect(settle.spans.name?.start.line == 33)
        #expect(settle.spans.name?.start.column == 17)
        #expect(settle.field(named: "from")?.spans.name?.start.line == 42)
        #expect(loaded.schema.recordType(named: "Note")?.format == .cloudschema)
        #expect(loaded.sources.bytes(of: folder.appendingPathComponent("schema.ckdb").path) != nil)
    }
}
