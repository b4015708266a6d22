import Testing

@testable import CloudSchemaCore

/// Which tables are synced: the Swift `SyncEngine(for:tables:privateTables:)` call when the
/// files read have one, otherwise cloudschema.json's "sqlitedata" section, otherwise it is not
/// known: every table is checked, with its errors as warnings.
@Suite struct SyncEngineTests {
    static let migrations = """
        CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
        CREATE TABLE "reminders" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "listID" TEXT NOT NULL REFERENCES "lists"("id") ON DELETE CASCADE
        );
        CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
        CREATE TABLE "settings" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "key" TEXT UNIQUE);
        CREATE TABLE "drafts" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);
        """

    /// `@Table("lists")` names its table; a bare `@Table` (Reminder) and a type with no
    /// declaration read (Tag) get StructuredQueries' default name; `privateTables:` is synced too.
    static let app = #"""
        import SQLiteData

        @Table("lists")
        nonisolated struct RemindersList: Identifiable {
          let id: UUID
        }

        @Table @dynamicMemberLookup
        public struct Reminder { let id: UUID }

        @Table(#"settings"#) struct Settings { let id: UUID }

        extension DependencyValues {
          mutating func bootstrapDatabase() throws {
            defaultSyncEngine = try SyncEngine(
              for: defaultDatabase,
              tables: RemindersList.self,
              Reminder.self, App.Tag.self,
              privateTables: Settings.self,
              delegate: SyncDelegate(tables: [Draft.self])
            )
          }
        }
        """#

    static func load(_ swift: String) -> LoadedSchema {
        SchemaLoader.load(sources: [("App/Migrations.sql", migrations), ("App/Schema.swift", swift)])
    }

    static let draftsOnly = ConfigurationLoader.parse(
        Array(#"{"sqlitedata": {"tables": ["drafts"]}}"#.utf8), path: "/tmp/cloudschema.json"
    ).0

    @Test func theCallNamesTheSyncedTables() throws {
        let loaded = Self.load(Self.app)
        #expect(describe(loaded.diagnostics) == [])
        let synced = try #require(loaded.schema.sqlite.synced)
        #expect(synced.tables == ["lists", "reminders", "tags"])
        #expect(synced.privateTables == ["settings"])
        // The call wins over cloudschema.json: "drafts" and its integer key stay unchecked, while
        // the private "settings" table's UNIQUE column is found.
        #expect(describe(Linter.lint(loaded) { _ in Self.draftsOnly }) == ["7:106-7:112 error SQL_UNIQUE"])
    }

    /// StructuredQueries' default: lower camel case, then a minimal plural (Inflection.swift).
    @Test func defaultTableNames() {
        let names = [
            "Reminder", "RemindersList", "ReminderTag", "URLItem", "UUID", "Category", "Day", "Box", "Match", "Wish", "Status",
            "Person", "Settings", "Quiz", "Y",
        ].map(SyncEngineReader.defaultTableName)
        #expect(
            names == [
                "reminders", "remindersLists", "reminderTags", "urlItems", "uuiDs", "categories", "days", "boxes", "matches",
                "wishes", "statuses", "persons", "settingses", "quizes", "ies",
            ])
    }

    /// Without a call, cloudschema.json names the synced tables; without either, every table is
    /// checked, its errors as warnings.
    @Test func withoutACallTheConfigurationThenEveryTable() {
        let noCall = Self.load("@Table struct Reminder { let id: UUID }\n")
        #expect(noCall.schema.sqlite.synced == nil)
        #expect(describe(Linter.lint(noCall) { _ in Self.draftsOnly }) == ["8:49-8:62 error SQL_PRIMARY_KEY"])
        #expect(
            describe(Linter.lint(noCall)) == [
                "7:106-7:112 warning SQL_UNIQUE", "8:49-8:62 warning SQL_PRIMARY_KEY",
            ])
    }

    /// SQLiteData is used without CloudKit too (an integer key is fine then), and the build
    /// plugin lints each target alone, so a migrations-only target's files may not hold the app's
    /// SyncEngine call. Until something read names the synced tables, a table is checked as if
    /// it synced, and what would be an error is a warning that says why: the build passes.
    static let migration = ("Store/Migrations.sql", #"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT UNIQUE);"#)

    @Test func aloneAMigrationsErrorsAreWarnings() {
        let alone = Linter.lint(SchemaLoader.load(sources: [Self.migration]))
        #expect(describe(alone) == ["1:48-1:61 warning SQL_PRIMARY_KEY", "1:76-1:82 warning SQL_UNIQUE"])
        #expect(!alone.hasErrors)
        #expect(
            alone[0].notes == [
                Diagnostic.Note(
                    "no SyncEngine(for:tables:) call read names the synced tables, nor does cloudschema.json, so it is not known that this table syncs; lint the file with the SyncEngine call in the same run, or list the synced tables in cloudschema.json's \"sqlitedata\" section, to make this an error",
                    at: alone[0].range)
            ])
    }

    /// The same migration, linted with the app's SyncEngine call, or with cloudschema.json
    /// listing its table: errors, without the note.
    @Test func withTheCallOrTheConfigurationTheyAreErrors() {
        let withCall = Linter.lint(
            SchemaLoader.load(sources: [Self.migration, ("App/Sync.swift", "let engine = try SyncEngine(for: db, tables: Item.self)\n")]))
        #expect(describe(withCall) == ["1:48-1:61 error SQL_PRIMARY_KEY", "1:76-1:82 error SQL_UNIQUE"])
        let listed = ConfigurationLoader.parse(Array(#"{"sqlitedata": {"tables": ["items"]}}"#.utf8), path: "/tmp/cloudschema.json").0
        let withConfiguration = Linter.lint(SchemaLoader.load(sources: [Self.migration])) { _ in listed }
        #expect(describe(withConfiguration) == ["1:48-1:61 error SQL_PRIMARY_KEY", "1:76-1:82 error SQL_UNIQUE"])
        #expect((withCall + withConfiguration).allSatisfy { $0.notes.isEmpty })
    }

    /// A severity cloudschema.json sets for a rule still wins.
    @Test func aConfiguredSeverityStillWins() {
        let configuration = ConfigurationLoader.parse(
            Array(#"{"lint": {"severity": {"SQL_PRIMARY_KEY": "info"}}}"#.utf8), path: "/tmp/cloudschema.json"
        ).0
        let found = Linter.lint(SchemaLoader.load(sources: [Self.migration])) { _ in configuration }
        #expect(describe(found) == ["1:48-1:61 info SQL_PRIMARY_KEY", "1:76-1:82 warning SQL_UNIQUE"])
        #expect(found[0].notes.isEmpty)
    }

    /// The app's call and a preview's that name the same tables, in any order, agree.
    @Test func callsThatAgreeAreOne() throws {
        let loaded = Self.load(
            """
            let app = try SyncEngine(for: db, tables: Tag.self, RemindersList.self)
            @Table("lists") struct RemindersList { let id: UUID }
            let preview = try SyncEngine.init(for: db, tables: RemindersList.self, Tag.self)
            """)
        #expect(describe(loaded.diagnostics) == [])
        #expect(try #require(loaded.schema.sqlite.synced).tables == ["tags", "lists"])
    }

    /// A call it cannot read is one located warning, and the next source in line decides.
    @Test func anUnreadableCallFallsBack() {
        let cases = [
            // An argument that is not `Type.self`.
            "let e = try SyncEngine(for: db, tables: allTables(), privateTables: Settings.self)\n":
                "1:41-1:52 warning SWIFT_UNREADABLE",
            // A @Table name that is not a string literal.
            "@Table(listsName) struct RemindersList {}\nlet e = try SyncEngine(for: db, tables: RemindersList.self)\n":
                "1:1-1:39 warning SWIFT_UNREADABLE",
            // Two calls that name different tables (the second written `SyncEngine.init(for:…)`).
            "let a = try SyncEngine(for: db, tables: Tag.self)\nlet b = try SyncEngine.init(for: db, tables: Draft.self)\n":
                "2:13-2:57 warning SWIFT_UNREADABLE",
            // No closing parenthesis.
            "let e = try SyncEngine(for: db, tables: Tag.self\n": "1:13-1:23 warning SWIFT_UNREADABLE",
        ]
        let message = Self.load("let e = try SyncEngine(for: db, tables: allTables())\n").diagnostics.map(\.message)
        #expect(
            message == [
                "cannot read 'allTables()' in this SyncEngine(for:tables:privateTables:) call: only 'Type.self' is read; the synced tables come from cloudschema.json's \"sqlitedata\" section instead, or without one every table is checked with its errors as warnings"
            ])
        for (swift, warning) in cases {
            let loaded = Self.load(swift)
            #expect(loaded.schema.sqlite.synced == nil, "\(swift)")
            #expect(describe(loaded.diagnostics) == [warning], "\(swift)")
            #expect(
                describe(Linter.lint(loaded) { _ in Self.draftsOnly }).filter { $0.hasSuffix("SQL_PRIMARY_KEY") } == [
                    "8:49-8:62 error SQL_PRIMARY_KEY"
                ], "\(swift)")
        }
    }

    /// A synced type whose table no migration creates (its `@Table("name")` is in a file not
    /// read) is a warning; the call is still what names the synced tables.
    @Test func aTableNoMigrationCreatesIsAWarning() throws {
        let loaded = Self.load("let e = try SyncEngine(for: db, tables: Tag.self, Person.self)\n")
        #expect(loaded.diagnostics.map(\.message).contains { $0.contains("'Person' as table 'persons', which no migration read creates") })
        #expect(describe(loaded.diagnostics) == ["1:51-1:62 warning SWIFT_UNREADABLE"])
        #expect(try #require(loaded.schema.sqlite.synced).tables == ["tags", "persons"])
    }
}
