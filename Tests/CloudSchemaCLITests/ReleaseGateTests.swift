import Foundation
import Testing

/// `diff --require-deployed` as a release job runs it: the schema against a production export.
struct ReleaseGateTests {
    static let released = """
        role Moderator

        record Post in public {
            title: String @queryable
            body: String?

            grant read to world
            grant write to Moderator
        }

        record Comment in public {
            text: String?
        }

        """

    static let shipped = """
        record Post in public {
            title: String

            grant read to world
        }

        """

    /// `production.ckdb` is the export of what production has; `deployed.ckdb` has it all.
    static func project() throws -> URL {
        let folder = try temporaryFolder(["Schemas/Board.cloudschema": released, "shipped/Board.cloudschema": shipped])
        for (name, source) in [("production.ckdb", "shipped"), ("deployed.ckdb", "Schemas")] {
            let export = try cloudschema("export", source, "--output", name, in: folder)
            #expect(export.status == 0, "\(export.stderr)")
        }
        return folder
    }

    @Test func additionsProductionLacksFailTheReleaseInEveryFormat() throws {
        let folder = try Self.project()
        for format in ["text", "json", "markdown", "github"] {
            let run = try cloudschema(
                "diff", "Schemas", "--against", "production.ckdb", "--require-deployed", "--format", format, in: folder)
            #expect(run.status == 1, "\(format)")
            #expect(run.stdout.contains("deploy these to production before releasing this build"), "\(format)")
            guard format != "json" else {
                let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
                let missing = try #require(object?["notDeployed"] as? [[String: Any]])
                #expect(missing.compactMap { $0["line"] as? Int } == [1, 4, 5, 8, 11])
                #expect(object?["deployed"] as? Bool == false && object?["verdict"] as? String == "safe")
                continue
            }
            for line in [1, 4, 5, 8, 11] { #expect(run.stdout.contains("Board.cloudschema\(format == "github" ? ",line=" : ":")\(line)")) }
        }
        // Without the gate, the same additions are safe: exit 0.
        #expect(try cloudschema("diff", "Schemas", "--against", "production.ckdb", in: folder).status == 0)
    }

    /// A SwiftData model stored without CloudKit (in a `.none` store, or listed in cloudschema.json's
    /// `swiftdata.localModels`) is in no container's schema: export leaves it out, and the gate
    /// never asks production for it.
    @Test(arguments: [
        (
            "App.swift",
            """
            let synced = ModelConfiguration(schema: Schema([Video.self]), cloudKitDatabase: .private("iCloud.app"))
            let cache = ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)
            """
        ),
        ("cloudschema.json", #"{"swiftdata": {"localModels": ["CachedImage"]}}"#),
    ])
    func aLocalModelIsNeitherExportedNorAskedOfProduction(setup: (file: String, text: String)) throws {
        let folder = try temporaryFolder([
            "App/Models.swift": """
            @Model final class Video { var title: String = "" }
            @Model final class CachedImage { var url: String = "" }
            """,
            "App/\(setup.file)": setup.text,
            "Shipped/Models.swift": #"@Model final class Video { var title: String = "" }"#,
        ])
        #expect(try cloudschema("export", "Shipped", "--output", "production.ckdb", in: folder).status == 0)
        let export = try cloudschema("export", "App", in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("RECORD TYPE CD_Video (") && !export.stdout.contains("CachedImage"))
        let gate = try cloudschema("diff", "App", "--against", "production.ckdb", "--require-deployed", in: folder)
        #expect(gate.status == 0, "\(gate.stdout)")
    }

    /// SwiftData stores a model's enum as a Codable value: production has it as an encoded BYTES
    /// field with a `_ckAsset` companion (as in a real cktool export of a SwiftData app), never as
    /// its raw INT64 or STRING, so the gate passes and export writes what production has.
    @Test func aSwiftDataEnumIsTheEncodedBytesProductionHas() throws {
        let folder = try temporaryFolder([
            "App/Models.swift": """
            enum Size: Int, Codable { case small = 1, large }
            enum Color: String, Codable { case red, blue }
            @Model final class Shirt {
                var size: Size = Size.small
                var color: Color? = nil
                var count: Int = 0
            }
            """,
            "production.ckdb": """
            DEFINE SCHEMA
                RECORD TYPE CD_Shirt (
                    CD_color         BYTES QUERYABLE SORTABLE,
                    CD_color_ckAsset ASSET,
                    CD_count         INT64 QUERYABLE SORTABLE,
                    CD_entityName    STRING QUERYABLE SEARCHABLE SORTABLE,
                    CD_size          BYTES QUERYABLE SORTABLE,
                    CD_size_ckAsset  ASSET,
                    "___recordID"    REFERENCE,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );
            """,
        ])
        let gate = try cloudschema("diff", "App", "--against", "production.ckdb", "--require-deployed", in: folder)
        #expect(gate.status == 0, "\(gate.stdout)")
        #expect(gate.stdout.contains("No changes against production.ckdb."))
        let export = try cloudschema("export", "App", in: folder)
        #expect(export.stdout.contains("CD_size          BYTES,\n        CD_size_ckAsset  ASSET,"), "\(export.stdout)")
    }

    /// SQLiteData's synced tables are compared as the record types SyncEngine writes (those
    /// `export` writes): the app's own export passes, a production without the table fails the
    /// gate, a TEXT column that production has as TIMESTAMP (a Swift `Date`) is a warning, and
    /// an index production has on the record type is none of the SQL's business.
    @Test func sqliteDataTablesAreComparedWithProduction() throws {
        let folder = try temporaryFolder([
            "App/Schema.swift": """
            let engine = try SyncEngine(for: db, tables: Note.self)
            migrator.registerMigration("Create notes") { db in
                try #sql(\"""
                    CREATE TABLE "notes" (
                        "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                        "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
                        "editedAt" TEXT
                    ) STRICT
                    \""").execute(db)
            }
            """,
            "empty.ckdb": """
            DEFINE SCHEMA
                RECORD TYPE Users (
                    "___recordID" REFERENCE,
                    roles         LIST<INT64>,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );
            """,
        ])
        #expect(try cloudschema("export", "App", "--output", "production.ckdb", in: folder).status == 0)
        let own = try cloudschema("diff", "App", "--against", "production.ckdb", "--require-deployed", in: folder)
        #expect(own.status == 0 && own.stdout.contains("No changes against production.ckdb."), "\(own.stdout)")

        let missing = try cloudschema("diff", "App", "--against", "empty.ckdb", "--require-deployed", in: folder)
        #expect(missing.status == 1 && missing.stdout.contains("App/Schema.swift:4:22: record type 'notes' added"), "\(missing.stdout)")

        let production = folder.appendingPathComponent("production.ckdb")
        // Production's own index on the record name (added in the Console) is no change either.
        let lines = try String(contentsOf: production, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try lines.map { line in
            if line.hasPrefix("        editedAt ") { return "        editedAt ENCRYPTED TIMESTAMP," }
            if line.hasPrefix("        \"___recordID\" ") { return "        \"___recordID\" REFERENCE QUERYABLE," }
            return String(line)
        }
        .joined(separator: "\n").write(to: production, atomically: true, encoding: .utf8)
        let date = try cloudschema("diff", "App", "--against", "production.ckdb", "--require-deployed", in: folder)
        #expect(date.status == 0 && !date.stdout.contains("INDEX_NO_DELETE"), "\(date.stdout)")
        #expect(date.stdout.contains("Deployable, with warnings to review: 1 warning against production.ckdb."), "\(date.stdout)")
        #expect(
            date.stdout.contains(
                "warning: field 'notes.editedAt' is TIMESTAMP in the deployed schema, and its SQL type suggests STRING"),
            "\(date.stdout)")
    }

    @Test func aProductionThatHasEverythingPasses() throws {
        let folder = try Self.project()
        let run = try cloudschema("diff", "Schemas", "--against", "deployed.ckdb", "--require-deployed", in: folder)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Deployed: deployed.ckdb has every record type, field, index, grant and role this schema uses.\n"))
    }
}

/// `cloudschema plan` from the command line: the report, and bad input as a located error.
struct PlanCommandTests {
    @Test func developmentThatMatchesProductionDeploysNothing() throws {
        let folder = try ReleaseGateTests.project()
        let run = try cloudschema(
            "plan", "Schemas", "--development", "production.ckdb", "--production", "production.ckdb", "--team-id", "ABCDE12345",
            in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n1. Development (production.ckdb) lacks 5 changes the schema makes;"))
        #expect(run.stdout.contains("\n3. Deploy Schema Changes has nothing to deploy: production has everything development holds.\n"))
        #expect(
            run.stdout.contains(
                "$ xcrun cktool export-schema --team-id ABCDE12345 --container-id CONTAINER_ID --environment production --output-file production.ckdb\n"
            ))
    }

    /// cloudschema.json decides what belongs in the container: a model it lists as local is not
    /// planned for development, whether the file is the nearest above the models or the one
    /// `--config` names. A configuration with errors stops the plan with a located error.
    @Test func theConfigurationDecidesWhatIsPlannedAndAnErrorInItStopsThePlan() throws {
        let folder = try temporaryFolder([
            "App/Models.swift": """
            @Model final class Video { var title: String = "" }
            @Model final class CachedImage { var url: String = "" }
            """,
            "Shipped/Models.swift": #"@Model final class Video { var title: String = "" }"#,
            "local.json": #"{"swiftdata": {"localModels": ["CachedImage"]}}"#,
        ])
        #expect(try cloudschema("export", "Shipped", "--output", "production.ckdb", in: folder).status == 0)
        func plan(_ options: String...) throws -> RunResult {
            try cloudschema(["plan", "App", "--development", "production.ckdb", "--production", "production.ckdb"] + options, in: folder)
        }
        let unconfigured = try plan()
        #expect(unconfigured.status == 0 && unconfigured.stdout.contains("App/Models.swift:2:20: model 'CachedImage' added\n"))
        let configured = try plan("--config", "local.json")
        #expect(configured.status == 0 && !configured.stdout.contains("CachedImage"), "\(configured.stdout)")
        #expect(configured.stdout.contains("Development (production.ckdb) has everything"), "\(configured.stdout)")
        // The export the plan suggests reads the same configuration.
        try Data(#"@Model final class Photo { var url: String = "" }"#.utf8).write(to: folder.appendingPathComponent("App/Photo.swift"))
        #expect(try plan("--config", "local.json").stdout.contains("  $ cloudschema export App --config local.json --output schema.ckdb\n"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("App/Photo.swift"))
        try Data(#"{"swiftdata": {"localModels": ["CachedImage"]}}"#.utf8).write(to: folder.appendingPathComponent("App/cloudschema.json"))
        #expect(try plan().stdout == configured.stdout)
        try Data(#"{"swiftdata": {"localModel": ["CachedImage"]}}"#.utf8).write(to: folder.appendingPathComponent("App/cloudschema.json"))
        let broken = try plan()
        #expect(broken.status == 2 && broken.stdout.isEmpty)
        #expect(broken.stderr.contains("App/cloudschema.json:1:16: error: unknown key 'localModel' in 'swiftdata'"), "\(broken.stderr)")
        #expect(broken.stderr.hasSuffix("error: the configuration has errors; fix it before planning a release\n"))
    }

    @Test func anEnvironmentThatIsNotASchemaIsALocatedError() throws {
        let folder = try ReleaseGateTests.project()
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("garbage (\n".utf8).write(to: folder.appendingPathComponent("bad.ckdb"))
        let text = try cloudschema("plan", "Schemas", "--development", "notes.txt", "--production", "production.ckdb", in: folder)
        #expect(text.status == 2)
        #expect(text.stderr.hasPrefix("notes.txt:1:1: error: expected a declaration"))
        let ckdb = try cloudschema("plan", "Schemas", "--development", "production.ckdb", "--production", "bad.ckdb", in: folder)
        #expect(ckdb.status == 2)
        #expect(ckdb.stderr.contains("bad.ckdb:1:1: error: this is not a CloudKit schema"))
        #expect(ckdb.stderr.hasSuffix("error: the production schema (bad.ckdb) has errors; pass a 'cktool export-schema' file\n"))
        let missing = try cloudschema("plan", "Schemas", "--development", "production.ckdb", in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: missing '--production <source>'"))
        let unknown = try cloudschema("plan", "Schemas", "--staging", "x.ckdb", in: folder)
        #expect(unknown.status == 2)
    }
}
