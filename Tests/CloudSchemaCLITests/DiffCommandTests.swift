import Foundation
import Testing

/// `cloudschema diff` as CI runs it.
struct DiffCommandTests {
    static let schema = """
        zone Garden

        record Plant in Garden {
            name: String
            status: Status = .growing
        }

        enum Status: String { growing, done }

        """

    /// `Schemas/` (the current schema), `deployed/` (the same schema), and
    /// `production.ckdb` (its export).
    static func project() throws -> URL {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": schema, "deployed/Garden.cloudschema": schema])
        let export = try cloudschema("export", "Schemas", "--format", "ckdb", in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        try Data(export.stdout.utf8).write(to: folder.appendingPathComponent("production.ckdb"))
        return folder
    }

    /// A `.ckdb` states no zones, enums or optionality: "No changes" against one says what it
    /// could not check, in every format.
    @Test func aCKDBBaselineReportsTheKindsOfChangeItCouldNotCheck() throws {
        let folder = try Self.project()
        let json = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "json", in: folder)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let unchecked = try #require(object?["unchecked"] as? [[String: Any]])
        #expect(
            unchecked.compactMap { $0["kind"] as? String } == [
                "zonesAndDatabases", "optionality", "enums", "swiftTypes", "referenceTargets",
            ])
        #expect(unchecked[2]["rules"] as? [String] == ["ENUM_CASE_NO_DELETE", "ENUM_CASE_SAME_VALUE"])

        let text = try cloudschema("diff", "Schemas", "--against", "production.ckdb", in: folder)
        #expect(
            text.stdout == """
                Not checked: a .ckdb cannot state these kinds of change, so the comparison could not check them:
                  zones and databases: a record type moved to another zone or database [RECORD_DATABASE_CHANGED]
                  optionality and defaults: a deployed field made required [FIELD_NEW_REQUIRED]
                  enums: a case removed or given another raw value [ENUM_CASE_NO_DELETE, ENUM_CASE_SAME_VALUE]
                  Swift types stored as one CloudKit type: Int64 to Bool, String to UUID, URL or an enum [FIELD_TYPE_NARROWED]
                  reference targets: a typed reference pointing at another record type [REFERENCE_TARGET_CHANGED]
                Compare with the deployed schema's source, `--against git:REV[:PATH]`, to check them too.

                No changes against production.ckdb. Partial check: 5 kinds of change not checked.

                """)
        let markdown = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "markdown", in: folder)
        #expect(
            markdown.stdout.hasPrefix(
                "### ✅ CloudSchema: no schema changes against `production.ckdb` (partial check)\n\n#### Not checked\n"))
        #expect(
            markdown.stdout.contains("- Enums: a case removed or given another raw value (`ENUM_CASE_NO_DELETE`, `ENUM_CASE_SAME_VALUE`)\n")
        )
        let github = try cloudschema("diff", "Schemas", "--against", "production.ckdb", "--format", "github", in: folder)
        #expect(github.stdout.hasPrefix("::notice title=DIFF_UNCHECKED::Not checked: a .ckdb cannot state these kinds of change"))
        #expect(
            github.stdout.contains("%0A- enums: a case removed or given another raw value (ENUM_CASE_NO_DELETE, ENUM_CASE_SAME_VALUE)%0A"))
    }

    @Test func aCloudSchemaBaselineChecksEverything() throws {
        let folder = try Self.project()
        let json = try cloudschema("diff", "Schemas", "--against", "deployed", "--format", "json", in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["unchecked"] as? [Any])?.isEmpty == true)
        #expect(try cloudschema("diff", "Schemas", "--against", "deployed", in: folder).stdout == "No changes against deployed.\n")
        #expect(try cloudschema("diff", "Schemas", "--against", "deployed", "--format", "github", in: folder).stdout == "")
    }

    /// A property a reader leaves out is in neither schema, so removing it is no change the
    /// comparison can see: the report says what was not read, on either side.
    @Test func whatTheReadersLeftOutIsNotRead() throws {
        let model =
            "import SwiftData\n\n@Model final class Plant {\n    var name: String = \"\"\n    var id = makeIdentifier()\n    init() {}\n}\n"
        let folder = try temporaryFolder([
            "deployed/Models.swift": model,
            "Sources/Models.swift": model.replacingOccurrences(of: "    var id = makeIdentifier()\n", with: ""),
        ])
        let text = try cloudschema("diff", "Sources", "--against", "deployed", in: folder)
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                Not read: the readers left these out of either side, so a change to them is not checked:
                  deployed/Models.swift:5:14: property 'id' is not checked: its type cannot be told from its initial value; write it (': Type') [SWIFT_UNREADABLE]

                No changes against deployed. Partial check: 1 declaration not read.

                """)
        let json = try cloudschema("diff", "Sources", "--against", "deployed", "--format", "json", in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let diagnostics = try #require(object?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { "\($0["severity"]!) \($0["id"]!) \($0["file"]!)" } == ["warning SWIFT_UNREADABLE deployed/Models.swift"])
    }
}

/// `diff --against git:REV` reads the revision's files as `diff --against FOLDER` reads a
/// folder, in every input language, under the names they have on disk (shown as `HEAD:path`).
struct DiffThroughGitTests {
    static let model = """
        import SwiftData

        @Model final class Plant {
            var name: String = ""
            var notes: String?
            init() {}
        }

        """

    static let lists = """
        CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "title" TEXT);

        """

    static func migrations(_ lists: String, _ more: String = "") -> String {
        #"""
        import SQLiteData

        func migrate(_ migrator: inout DatabaseMigrator) {
            migrator.registerMigration("Create lists") { db in
                try #sql("""
                    \#(lists)
                    """)
                .execute(db)
            }\#(more)
        }

        """#
    }

    static let tagsMigration = #"""

            migrator.registerMigration("Create tags") { db in
                try db.execute(sql: "CREATE TABLE \"tags\" (\"id\" TEXT PRIMARY KEY NOT NULL, \"title\" TEXT)")
            }
        """#

    /// A repository whose HEAD holds `deployed`, its working tree changed to `current` (nil
    /// removes a file), and `deployed` also copied to a folder outside it.
    struct Review {
        let repository: URL
        let deployedFolder: URL

        init(deployed: [String: String], current: [String: String?]) throws {
            repository = try temporaryFolder(deployed)
            deployedFolder = try temporaryFolder(deployed)
            for arguments in [
                ["init", "-q"], ["config", "user.name", "CloudSchema Tests"], ["config", "user.email", "tests@example.invalid"],
                ["config", "commit.gpgsign", "false"], ["add", "-A"], ["commit", "-q", "-m", "Shipped"],
            ] {
                let result = try run(["git"] + arguments, in: repository)
                #expect(result.status == 0, "git \(arguments): \(result.stderr)")
            }
            for (file, text) in current {
                let url = repository.appendingPathComponent(file)
                if let text { try Data(text.utf8).write(to: url) } else { try FileManager.default.removeItem(at: url) }
            }
        }

        /// `cloudschema diff --against SOURCE --format json` in the repository: the exit status
        /// and each change as "ID (or kind, if safe) file:line:column", the deployed place for
        /// a removal.
        func diff(against source: String) throws -> (status: Int32, changes: [String]) {
            let result = try cloudschema("diff", "--against", source, "--format", "json", in: repository)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let changes = try #require(object?["changes"] as? [[String: Any]], "\(result.stdout)\(result.stderr)")
            return (
                result.status,
                changes.map { change in
                    let place = change["file"] != nil ? change : change["deployed"] as? [String: Any] ?? [:]
                    let id = change["id"] ?? change["kind"] ?? ""
                    return "\(id) \(place["file"] ?? ""):\(place["line"] ?? ""):\(place["column"] ?? "")"
                }
            )
        }

        var throughGit: (status: Int32, changes: [String]) { get throws { try diff(against: "git:HEAD") } }
    }

    static func run(_ arguments: [String], in directory: URL) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func aSwiftDataModel() throws {
        let deployed = ["Models.swift": Self.model]
        #expect(try Review(deployed: deployed, current: [:]).throughGit == (0, []))
        let added = Self.model.replacingOccurrences(of: "    init", with: "    var height: Double = 0\n    init")
        #expect(
            try Review(deployed: deployed, current: ["Models.swift": added]).throughGit == (0, ["modelAttributeAdded ./Models.swift:6:9"]))
        let removed = Self.model.replacingOccurrences(of: "    var notes: String?\n", with: "")
        #expect(
            try Review(deployed: deployed, current: ["Models.swift": removed]).throughGit
                == (1, ["MODEL_ATTRIBUTE_NO_DELETE ./Models.swift:3:20"]))
    }

    /// The migration is named `0001_lists` on both sides, not `HEAD:0001_lists` in the revision.
    @Test func anSQLMigration() throws {
        let deployed = ["0001_lists.sql": Self.lists]
        #expect(try Review(deployed: deployed, current: [:]).throughGit == (0, []))
        let tags = #"CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT);"#
        #expect(
            try Review(deployed: deployed, current: ["0002_tags.sql": tags]).throughGit == (0, ["migrationAdded ./0002_tags.sql:1:1"]))
        let edited = Self.lists.replacingOccurrences(of: #""title" TEXT"#, with: #""title" TEXT, "colour" TEXT"#)
        #expect(
            try Review(deployed: deployed, current: ["0001_lists.sql": edited]).throughGit
                == (1, ["SQL_MIGRATION_EDITED ./0001_lists.sql:1:1"]))
        #expect(
            try Review(deployed: deployed, current: ["0001_lists.sql": nil, "0001_start.sql": Self.lists]).throughGit
                == (1, ["SQL_MIGRATION_EDITED HEAD:0001_lists.sql:1:1", "migrationAdded ./0001_start.sql:1:1"]))
    }

    @Test func aSwiftSQLMigration() throws {
        let lists = #"CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT)"#
        let deployed = ["Schema.swift": Self.migrations(lists)]
        #expect(try Review(deployed: deployed, current: [:]).throughGit == (0, []))
        #expect(
            try Review(deployed: deployed, current: ["Schema.swift": Self.migrations(lists, Self.tagsMigration)]).throughGit
                == (0, ["migrationAdded ./Schema.swift:10:32"]))
        let edited = lists.replacingOccurrences(of: #""title" TEXT"#, with: #""title" TEXT NOT NULL DEFAULT ''"#)
        #expect(
            try Review(deployed: deployed, current: ["Schema.swift": Self.migrations(edited)]).throughGit
                == (1, ["SQL_MIGRATION_EDITED ./Schema.swift:4:32"]))
    }

    /// A deployed side with errors gets no comparison (exit 2), but every format still says why:
    /// JSON is one document with the errors, located in the revision's files, and the reason.
    @Test func aBrokenBaselineIsReportedInEveryFormat() throws {
        let broken = "record Plant {\n    name: Strin\n}\n"
        let review = try Review(
            deployed: ["Schemas/Garden.cloudschema": broken],
            current: ["Schemas/Garden.cloudschema": "record Plant {\n    name: String\n}\n"])
        func diff(_ format: String) throws -> RunResult {
            let result = try cloudschema("diff", "Schemas", "--against", "git:HEAD", "--format", format, in: review.repository)
            #expect(result.status == 2)
            return result
        }
        let problem = "the deployed schema (git:HEAD) has errors; fix or choose another source"
        let json = try JSONSerialization.jsonObject(with: Data(try diff("json").stdout.utf8)) as? [String: Any]
        #expect(json?["verdict"] as? String == "failed" && json?["error"] as? String == problem)
        #expect((json?["changes"] as? [Any])?.isEmpty == true)
        let errors = try #require(json?["diagnostics"] as? [[String: Any]])
        #expect(errors.map { "\($0["id"]!) \($0["file"]!):\($0["line"]!)" } == ["TYPE_UNKNOWN HEAD:Schemas/Garden.cloudschema:2"])

        #expect(
            try diff("markdown").stdout == """
                ### ❌ CloudSchema: cannot check for breaking changes against `git:HEAD`

                The deployed schema (git:HEAD) has errors; fix or choose another source.

                - `HEAD:Schemas/Garden.cloudschema:2:11`: unknown type `Strin`; did you mean `String`? (`TYPE_UNKNOWN`)

                <sub>Generated by `cloudschema diff --against git:HEAD --format markdown`.</sub>

                """)
        #expect(
            try diff("github").stdout == """
                ::error file=HEAD%3ASchemas/Garden.cloudschema,line=2,col=11,endLine=2,endColumn=16,title=TYPE_UNKNOWN::unknown type 'Strin'; did you mean 'String'?
                ::error title=cloudschema diff::\(problem)

                """)
        let text = try diff("text")
        #expect(text.stdout == "")
        #expect(text.stderr.hasPrefix("HEAD:Schemas/Garden.cloudschema:2:11: error: unknown type 'Strin'"))
        #expect(text.stderr.hasSuffix("error: \(problem)\n"))
    }

    /// A revision that cannot be read is one JSON document too.
    @Test func anUnknownRevisionIsAJSONDocument() throws {
        let review = try Review(deployed: ["0001_lists.sql": Self.lists], current: [:])
        let result = try cloudschema("diff", "--against", "git:v9", "--format", "json", in: review.repository)
        #expect(result.status == 2)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let errors = try #require(json?["diagnostics"] as? [[String: Any]])
        #expect(
            errors.map { "\($0["id"]!) \($0["message"]!)" } == [
                "INPUT_UNREADABLE unknown git revision 'v9'; use a branch, tag or commit that exists (see 'git log --oneline')"
            ])
        #expect(json?["error"] as? String == "cannot check for breaking changes without the deployed schema (git:v9)")
    }

    /// Each change above, reviewed through git and between two folders: the same changes and
    /// exit status, the deployed files named `HEAD:path` instead of the folder's path.
    @Test func gitAndAFolderGiveTheSameVerdicts() throws {
        let lists = #"CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT)"#
        let reviews = [
            try Review(
                deployed: ["Models.swift": Self.model],
                current: ["Models.swift": Self.model.replacingOccurrences(of: "String?", with: "String?\n    var height: Double = 0")]),
            try Review(
                deployed: ["Models.swift": Self.model],
                current: ["Models.swift": Self.model.replacingOccurrences(of: "notes", with: "note")]),
            try Review(
                deployed: ["0001_lists.sql": Self.lists],
                current: ["0001_lists.sql": Self.lists + "CREATE INDEX \"t\" ON \"lists\"(\"title\");\n"]),
            try Review(deployed: ["0001_lists.sql": Self.lists], current: ["0001_lists.sql": nil, "0001_start.sql": Self.lists]),
            try Review(
                deployed: ["Schema.swift": Self.migrations(lists)], current: ["Schema.swift": Self.migrations(lists, Self.tagsMigration)]),
        ]
        for review in reviews {
            let throughFolder = try review.diff(against: review.deployedFolder.path)
            let named = throughFolder.changes.map { $0.replacingOccurrences(of: review.deployedFolder.path + "/", with: "HEAD:") }
            let throughGit = try review.throughGit
            #expect(throughGit.status == throughFolder.status && throughGit.changes == named)
            #expect(!throughGit.changes.isEmpty)
        }
    }
}
