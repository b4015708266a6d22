import Foundation
import Testing

/// `cloudschema lint` as a user runs it: output, exit codes, argument handling.
struct LintCommandTests {
    @Test func theExamplesLintCleanWithExitCode0() throws {
        for name in ["Garden", "Notes", "Catalogue"] {
            let result = try cloudschema("lint", "Schemas/\(name)")
            #expect(result.status == 0, "\(name): \(result.stdout)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func errorsPrintInTheXcodeFormAndExitWith1() throws {
        let folder = try temporaryFolder(["Bad.cloudschema": "zone Z\nrecord Bed in Z {\n    name: Strng\n}\n"])
        let result = try cloudschema("lint", "Bad.cloudschema", in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Bad.cloudschema:3:11: error: unknown type 'Strng'; did you mean 'String'? [TYPE_UNKNOWN]
                    name: Strng
                          ^~~~~

                """)
        #expect(result.stderr == "1 error\n")
    }

    @Test func jsonOutputWithEqualsSyntax() throws {
        let folder = try temporaryFolder(["Bad.cloudschema": "zone Z\nrecord Bed in Z {\n    name: Strng\n}\n"])
        let result = try cloudschema("lint", "--format=json", ".", in: folder)
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["id"] as? String == "TYPE_UNKNOWN")
        #expect(diagnostics?.first?["file"] as? String == "./Bad.cloudschema")
        #expect((object?["summary"] as? [String: Int])?["errors"] == 1)
    }

    @Test func defaultsToTheCurrentFolder() throws {
        let folder = try temporaryFolder(["Sub/Good.cloudschema": "zone Z\nrecord Bed in Z {\n    name: String\n}\n"])
        #expect(try cloudschema("lint", in: folder).status == 0)
    }

    @Test func missingPathsAreIOErrorsWithExitCode2() throws {
        let result = try cloudschema("lint", "Nope.cloudschema")
        #expect(result.status == 2)
        #expect(result.stdout.contains("cloudschema: error: no such file or folder: 'Nope.cloudschema' [INPUT_UNREADABLE]"))
    }

    /// `--stamp`, as the build plugin runs lint on a target's Swift files: the stamp is written
    /// when lint passes and removed when it fails; Swift without models or migrations passes, and
    /// so do models whose sync is not known (no entitlements): their mirroring errors are warnings.
    @Test func stampIsWrittenOnlyWhenLintPasses() throws {
        let folder = try temporaryFolder([
            "View.swift": "struct GardenView {}\n",
            "App.entitlements": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array></dict></plist>

            """,
            "Models.swift": """
            import SwiftData

            @Model final class Bed {
                var name: String = ""
                var plants: [Plant]? = []
                init() {}
            }

            @Model final class Plant {
                var bed: Bed
                init(bed: Bed) { self.bed = bed }
            }

            """,
        ])
        let stamp = folder.appendingPathComponent("LintStamp.swift")

        let nothing = try cloudschema("lint", "View.swift", "--stamp", stamp.path, in: folder)
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty)
        #expect(try String(contentsOf: stamp, encoding: .utf8) == "// cloudschema lint passed\n")
        // Without --stamp, Swift that declares nothing is still an input error.
        #expect(try cloudschema("lint", "View.swift", in: folder).status == 2)

        let unknown = try cloudschema("lint", "Models.swift", "View.swift", "--stamp", stamp.path, in: folder)
        #expect(unknown.status == 0 && unknown.stdout.hasPrefix("Models.swift:10:14: warning: "))
        #expect(FileManager.default.fileExists(atPath: stamp.path))

        let failing = try cloudschema("lint", "Models.swift", "View.swift", "App.entitlements", "--stamp", stamp.path, in: folder)
        #expect(failing.status == 1)
        #expect(failing.stdout.hasPrefix("Models.swift:10:14: error: "))
        #expect(failing.stdout.contains("[MODEL_RELATIONSHIP_OPTIONAL]"))
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
    }

    /// A target with CloudKit calls and no schema to check them against passes in the build
    /// plugin, and says so once, where the first call is; without `--stamp` it is an input error.
    @Test func cloudKitCallsWithoutASchemaAreToldNotChecked() throws {
        let folder = try temporaryFolder([
            "Sync.swift": """
            import CloudKit

            func save(_ title: String) async throws {
                let record = CKRecord(recordType: "Note")
                record["title"] = title
                _ = try await CKContainer.default().privateCloudDatabase.save(record)
            }

            """
        ])
        #expect(
            try passesAsThePlugin(
                "Sync.swift", in: folder,
                saying:
                    "Sync.swift:4:39: info: the CloudKit calls of this target are not checked: there is no schema to check them against; name one with \"schema\" in cloudschema.json [INPUT_NOT_CHECKED]"
            ))
        #expect(try cloudschema("lint", "Sync.swift", in: folder).status == 2)
    }

    /// Lints `file` of `folder` as the build plugin does: it passes (the stamp is written) and its
    /// output starts with `saying`.
    private func passesAsThePlugin(_ file: String, in folder: URL, saying: String) throws -> Bool {
        let stamp = folder.appendingPathComponent("LintStamp.swift")
        let plugin = try cloudschema("lint", file, "--stamp", stamp.path, in: folder)
        return plugin.status == 0 && FileManager.default.fileExists(atPath: stamp.path) && plugin.stdout.hasPrefix(saying)
    }

    /// A Core Data app syncs the model of its `.xcdatamodeld`, which is not read: the build plugin
    /// passes its target and says so once, where the `NSPersistentCloudKitContainer` is made.
    @Test func aCoreDataModelThatSyncsIsToldNotChecked() throws {
        let folder = try temporaryFolder([
            "Persistence.swift": """
            import CoreData

            final class Persistence {
                let container = NSPersistentCloudKitContainer(name: "Journal")
            }

            """
        ])
        #expect(
            try passesAsThePlugin(
                "Persistence.swift", in: folder,
                saying:
                    "Persistence.swift:4:21: info: not checked: Core Data syncs through NSPersistentCloudKitContainer here, and its model file (.xcdatamodeld) is not read (SwiftData @Model classes are), so its entities are not checked against CloudKit's mirroring rules; to check the CloudKit schema it creates, export it (xcrun cktool export-schema) and lint the .ckdb [INPUT_NOT_CHECKED]"
            ))
    }

    /// SQLiteData migrations linted where nothing names the synced tables (an app without
    /// CloudKit, or a migrations-only target whose app target holds the SyncEngine call): what
    /// would be errors are warnings saying so, and lint passes; cloudschema.json naming the
    /// synced tables makes them errors.
    @Test func migrationsWithoutTheSyncedTablesWarnAndExitWith0() throws {
        let folder = try temporaryFolder(["Migrations/0001.sql": #"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);"# + "\n"])
        let alone = try cloudschema("lint", "Migrations", in: folder)
        #expect(alone.status == 0)
        #expect(
            alone.stdout == """
                Migrations/0001.sql:1:48: warning: primary key 'items.id' is an integer with AUTOINCREMENT; devices count integers up on their own and collide, so use a UUID: TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()) [SQL_PRIMARY_KEY]
                CREATE TABLE "items" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);
                                                               ^~~~~~~~~~~~~
                Migrations/0001.sql:1:48: note: no SyncEngine(for:tables:) call read names the synced tables, nor does cloudschema.json, so it is not known that this table syncs; lint the file with the SyncEngine call in the same run, or list the synced tables in cloudschema.json's "sqlitedata" section, to make this an error

                """)
        #expect(alone.stderr == "1 warning\n")
        try Data(#"{"sqlitedata": {"tables": ["items"]}}"#.utf8).write(to: folder.appendingPathComponent("cloudschema.json"))
        let listed = try cloudschema("lint", "Migrations", in: folder)
        #expect(listed.status == 1)
        #expect(listed.stderr == "1 error\n")
    }

    @Test func unknownOptionsAreRejectedWithTheValidList() throws {
        let result = try cloudschema("lint", "--frmat", "json")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unknown option '--frmat'; valid options: --format"))
        #expect(result.stderr.contains("Usage: cloudschema lint"))
    }

    @Test func invalidValuesListTheChoices() throws {
        let result = try cloudschema("lint", "--format", "xml")
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid value 'xml' for '--format <format>'; expected one of: text, json"))
    }

    @Test func missingOptionValue() throws {
        let result = try cloudschema("lint", "--format")
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing value for '--format <format>'"))
    }

    @Test func helpForTheToolAndEachSubcommand() throws {
        let top = try cloudschema("--help")
        #expect(top.status == 0 && top.stdout.contains("SUBCOMMANDS:") && top.stdout.contains("lint"))
        let lint = try cloudschema("lint", "--help")
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("USAGE: cloudschema lint [<paths> ...]"))
        #expect(lint.stdout.contains("EXAMPLES:"))
    }

    @Test func versionAndUnknownSubcommand() throws {
        let version = try cloudschema("--version")
        #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
        let unknown = try cloudschema("lnt")
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown subcommand 'lnt'"))
    }
}
