import Foundation
import Testing

/// Runs the built `cloudschema` binary as users and CI do.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var binary: URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cloudschema"),
            Bundle.main.bundleURL.appendingPathComponent("cloudschema"),
            root.appendingPathComponent(".build/debug/cloudschema"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the cloudschema binary was not found; run swift build first" }
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], in directory: URL = CLITests.root) throws -> Output {
        let process = Process()
        guard let binary = Self.binary else { throw MissingBinary() }
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func exitCodes() throws {
        #expect(try run(["lint", "Schemas/Garden"]).status == 0)
        #expect(try run(["lint", "Schemas/Mistakes"]).status == 1)
        #expect(try run(["lint", "Schemas/NoSuchFolder"]).status == 2)
        #expect(try run(["lint", "--format", "xml"]).status == 2)
    }

    /// `export` lints first: Mistakes has an encrypted asset, which CloudKit (and our own .ckdb
    /// reader) refuses, so nothing is exported.
    @Test func exportRefusesASchemaWithLintErrors() throws {
        let mistakes = try run(["export", "Schemas/Mistakes", "--format", "ckdb"])
        #expect(mistakes.status == 1)
        #expect(mistakes.stdout.isEmpty)
        #expect(mistakes.stderr.contains("[ENCRYPTED_ASSET]"))
        #expect(mistakes.stderr.contains("nothing exported"))
        let garden = try run(["export", "Schemas/Garden", "--format", "ckdb"])
        #expect(garden.status == 0 && garden.stdout.contains("RECORD TYPE Bed ("))
    }

    /// A .ckdb lists the server's fields, so none of them stops `export`: `etag` is no CKRecord
    /// property, and even a key CKRecord documents (`recordID`) is the server's to keep.
    @Test func exportWritesACkdbWithAnyServerField() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = """
            DEFINE SCHEMA

                RECORD TYPE Feed (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE,
                    etag            STRING,
                    recordID        STRING,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

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

            """
        try Data(schema.utf8).write(to: directory.appendingPathComponent("schema.ckdb"))
        let exported = try run(["export", "schema.ckdb"], in: directory)
        #expect(exported.status == 0 && exported.stderr.isEmpty)
        #expect(exported.stdout == schema)
    }

    /// cktool's exports have no comments; `--comments` keeps doc comments as `//` lines.
    @Test func exportWritesDocCommentsOnlyWithComments() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("zone Z\n/// A note.\nrecord A in Z { a: String? }\n".utf8).write(to: directory.appendingPathComponent("A.cloudschema"))
        #expect(try !run(["export", "."], in: directory).stdout.contains("//"))
        #expect(try run(["export", ".", "--comments"], in: directory).stdout.contains("    // A note.\n    RECORD TYPE A (\n"))
    }

    /// Subscriptions are not part of a CloudKit schema: `export` leaves them out and says so.
    @Test func exportSaysSubscriptionsAreNotExported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("zone Z\nrecord A in Z { a: String? }\nsubscription AChanges zone Z @silent\n".utf8)
            .write(to: directory.appendingPathComponent("A.cloudschema"))
        let exported = try run(["export", "."], in: directory)
        #expect(exported.status == 0 && exported.stdout.contains("RECORD TYPE A (") && !exported.stdout.contains("AChanges"))
        #expect(
            exported.stderr
                == "note: 1 subscription not exported: .ckdb has no subscriptions; the app saves them at run time (SchemaRegistry.subscriptions)\n"
        )
        let garden = try run(["export", "Schemas/Garden", "--format", "ckdb"])
        #expect(garden.stderr.isEmpty)
    }

    /// What the readers could not read (a SwiftData property, SQL that is not a literal) is not
    /// in the export: `export` prints those warnings and says so, never a silent gap.
    @Test func exportSaysWhatItCouldNotRead() throws {
        let directory = try temporaryFolder([
            "Models.swift": "@Model final class Photo {\n    var url: String = \"\"\n    var size = measure()\n}\n",
            "Database.swift": """
            import SQLiteData
            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("v1") { db in try db.execute(sql: Statements.notes) }
            }
            """,
        ])
        let exported = try run(["export", "."], in: directory)
        #expect(exported.status == 0 && exported.stdout.contains("RECORD TYPE CD_Photo ("), "\(exported.stderr)")
        let lines = exported.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(
            lines == [
                "./Database.swift:3:66: warning: SQL that is not a string literal is not read; not checked: what it creates or changes [SQL_NOT_CHECKED]",
                "./Models.swift:3:16: warning: property 'size' is not checked: its type cannot be told from its initial value; write it (': Type') [SWIFT_UNREADABLE]",
                "note: what these 2 warnings say are not read is not exported either",
            ])
    }

    @Test func strictFailsOnWarnings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("zone Z\nrecord A in Z { a: Data? }\n".utf8).write(to: directory.appendingPathComponent("A.cloudschema"))
        #expect(try run(["lint", "."], in: directory).status == 0)
        #expect(try run(["lint", ".", "--strict"], in: directory).status == 1)
        // A cloudschema.json above the file is found and applied.
        try Data(#"{"lint": {"except": ["FIELD_BYTES_LARGE"]}}"#.utf8).write(to: directory.appendingPathComponent("cloudschema.json"))
        #expect(try run(["lint", ".", "--strict"], in: directory).status == 0)
        // An invalid config is a usage error pointing at the key.
        try Data("{\n  \"lint\": {\"uses\": []}\n}\n".utf8).write(to: directory.appendingPathComponent("bad.json"))
        let bad = try run(["lint", ".", "--config", "bad.json"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stdout.hasPrefix("bad.json:2:12: error: unknown key 'uses' in 'lint'"))
    }

    @Test func formats() throws {
        let json = try run(["lint", "Schemas/Mistakes", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        let sarif = try run(["lint", "Schemas/Mistakes", "--format", "sarif"])
        #expect(sarif.stdout.contains("\"version\": \"2.1.0\""))
        let github = try run(["lint", "Schemas/Mistakes", "--format", "github"])
        #expect(
            github.stdout.split(separator: "\n").allSatisfy {
                $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ")
            })
    }

    @Test func listRulesAndExplain() throws {
        let text = try run(["lint", "--list-rules"])
        #expect(text.status == 0 && text.stdout.contains("ENCRYPTED_INDEXED"))
        let json = try run(["lint", "--list-rules", "--format", "json"])
        let rules = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["rules"] as? [[String: Any]]
        #expect((rules?.count ?? 0) > 40)
        let markdown = try run(["lint", "--list-rules", "--all", "--format", "markdown"])
        let rulesPage = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Rules.md"), encoding: .utf8)
        #expect(rulesPage.contains(markdown.stdout))
        let explain = try run(["explain", "MODEL_UNIQUE"])
        #expect(explain.status == 0 && explain.stdout.contains("CloudKit integration does not support unique constraints"))
        let unknown = try run(["explain", "MODEL_UNIQE"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'MODEL_UNIQUE'?"))
    }
}
