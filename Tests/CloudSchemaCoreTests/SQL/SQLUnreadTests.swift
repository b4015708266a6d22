import Testing

@testable import CloudSchemaCore

/// SQL the reader cannot see into (Swift interpolations, statements and clauses it does not
/// model, migrations without SQL text) is never skipped in silence: each is one located
/// `SQL_NOT_CHECKED` warning where it matters to a rule, and nothing after it is lost.
/// A primary key SQLiteData accepts.
private let key = #""id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"#

@Suite struct SQLUnreadTests {
    /// `registerMigration("0001") { db in try #sql("""…""").execute(db) }` around `sql`,
    /// which starts on line 6, column 13, as in `SQLiteDataRuleTests.swiftMigration`.
    static func migration(_ sql: String) -> String { SQLiteDataRuleTests.swiftMigration(sql) }

    /// The findings of `sql` as a Swift migration, at the SQL's own lines and columns (line 1 is
    /// the SQL's first); without a `synced` SyncEngine call, what would be errors are warnings.
    static func findings(_ sql: String, synced: String? = nil) -> [String] {
        var swift = migration(sql)
        if let synced { swift += "\nlet engine = SyncEngine(for: database, tables: \(synced))\n" }
        let loaded = SchemaLoader.load(sources: [("App/Schema.swift", swift)])
        return describe(Linter.lint(loaded)).map { finding in
            let parts = finding.split(separator: " ", maxSplits: 1)
            let positions = parts[0].split(separator: "-").map { position -> String in
                let numbers = position.split(separator: ":").compactMap { Int($0) }
                return "\(numbers[0] - 5):\(numbers[1] - 12)"
            }
            return positions.joined(separator: "-") + " " + parts[1]
        }
    }

    /// SQLiteData's own examples write defaults as `\(raw: …)`: what follows is read.
    @Test func everyColumnAfterARawDefaultIsRead() {
        let clean = #"""
            CREATE TABLE "machines" (
              \#(key),
              "state" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT \(raw: State.idle.rawValue),
              "code" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''
            ) STRICT
            """#
        #expect(Self.findings(clean).isEmpty)
        let mistake = #"""
            CREATE TABLE "machines" (
              \#(key),
              "state" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT \(raw: State.idle.rawValue),
              "code" TEXT NOT NULL UNIQUE DEFAULT ''
            ) STRICT
            """#
        #expect(Self.findings(mistake) == ["4:15-4:23 warning SQL_NOT_NULL_REPLACE", "4:24-4:30 warning SQL_UNIQUE"])
    }

    /// Each place an interpolation can stand: the accepted snippet lints clean, the same with a
    /// real mistake gives that rule at its line, and what the interpolation holds is never guessed.
    @Test(arguments: [
        // A default or a CHECK matters to no rule.
        (
            #"CREATE TABLE "a" (\#(key), "n" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT \(raw: 0) CHECK ("n" > \(bind: min)))"#,
            #"CREATE TABLE "a" (\#(key), "n" INTEGER NOT NULL DEFAULT \(raw: 0) CHECK ("n" > \(bind: min)))"#,
            ["1:100-1:108 warning SQL_NOT_NULL_REPLACE"]
        ),
        // A column type matters only to a primary key (an integer one is an error): there it is not guessed.
        (
            #"CREATE TABLE "a" (\#(key), "n" \(raw: type) NOT NULL ON CONFLICT REPLACE DEFAULT 0)"#,
            #"CREATE TABLE "a" ("id" \(raw: idType) PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "n" \(raw: type) UNIQUE)"#,
            ["1:24-1:38 warning SQL_NOT_CHECKED", "1:115-1:121 warning SQL_UNIQUE"]
        ),
        // A whole column definition may be the primary key: no certain SQL_PRIMARY_KEY.
        (
            #"CREATE TABLE "a" (\#(key), "n" TEXT)"#,
            #"CREATE TABLE "a" (\(raw: singleRowPrimaryKeySQL), "n" TEXT UNIQUE)"#,
            ["1:19-1:49 warning SQL_NOT_CHECKED", "1:60-1:66 warning SQL_UNIQUE"]
        ),
        // A foreign key's parent.
        (
            #"CREATE TABLE "a" (\#(key), "p" TEXT)"#,
            #"CREATE TABLE "a" (\#(key), "p" TEXT REFERENCES \(Parent.self)("id"))"#,
            ["1:108-1:122 warning SQL_NOT_CHECKED"]
        ),
        // A foreign key's action: not a certain SQL_FOREIGN_KEY_ACTION.
        (
            #"CREATE TABLE "p" (\#(key)); CREATE TABLE "c" (\#(key), "pID" TEXT REFERENCES "p"("id") ON DELETE CASCADE)"#,
            #"CREATE TABLE "p" (\#(key)); CREATE TABLE "c" (\#(key), "pID" TEXT REFERENCES "p"("id") ON DELETE \(raw: action))"#,
            ["1:218-1:232 warning SQL_NOT_CHECKED"]
        ),
        // A table name: which table it is (so whether it is synced) is not known.
        (
            #"CREATE TABLE "a" (\#(key))"#,
            #"CREATE TABLE \(Item.self) (\#(key), "n" TEXT UNIQUE)"#,
            ["1:14-1:26 warning SQL_NOT_CHECKED"]
        ),
        // A whole statement.
        (
            #"CREATE TABLE "a" (\#(key))"#,
            #"CREATE TABLE "a" (\#(key)); \(raw: createIndexSQL)"#,
            ["1:89-1:111 warning SQL_NOT_CHECKED"]
        ),
        // A statement that may create a foreign key's parent: not a certain SQL_FOREIGN_KEY_UNSYNCED.
        (
            #"CREATE TABLE "p" (\#(key)); CREATE TABLE "c" (\#(key), "pID" TEXT REFERENCES "p"("id") ON DELETE CASCADE)"#,
            #"\(raw: createParentsSQL); CREATE TABLE "c" (\#(key), "pID" TEXT REFERENCES "p"("id") ON DELETE CASCADE)"#,
            ["1:1-1:25 warning SQL_NOT_CHECKED"]
        ),
        // A quoted name with an interpolation, and a name written against one, are one unknown name.
        (
            #"CREATE TABLE "a" (\#(key))"#,
            #"CREATE TABLE "a" (\#(key)); ALTER TABLE "items_\(suffix)" ADD COLUMN "n" TEXT NOT NULL; DROP TABLE old_\(suffix)"#,
            ["1:101-1:118 warning SQL_NOT_CHECKED", "1:160-1:173 warning SQL_NOT_CHECKED"]
        ),
    ])
    func interpolation(_ accepted: String, _ mistake: String, _ expected: [String]) {
        #expect(Self.findings(accepted).isEmpty, "\(accepted)")
        #expect(Self.findings(mistake) == expected, "\(mistake)")
    }

    /// A real app's single-row tables take their key from `\(raw: …)`: a warning at it, no error.
    @Test func aPrimaryKeyFromAnInterpolationIsNotACertainError() {
        let sql = #"""
            CREATE TABLE IF NOT EXISTS settings (
              \(raw: singleRowTablePrimaryKeyColumnSQL),
              theme TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'light'
            );
            """#
        #expect(Self.findings(sql) == ["2:3-2:44 warning SQL_NOT_CHECKED"])
        let message = Linter.lint(SchemaLoader.load(sources: [("App/Schema.swift", Self.migration(sql))])).first?.message
        #expect(
            message
                == "the column or constraint `\\(raw: singleRowTablePrimaryKeyColumnSQL)` is not read; not checked: table 'settings''s primary key, columns and constraints"
        )
    }

    /// Only synced tables' unread parts are reported: a local table's are nobody's concern.
    @Test func anUnsyncedTablesInterpolationsAreNotReported() {
        let sql = #"CREATE TABLE "items" (\#(key)); CREATE TABLE "cache" (\(raw: keySQL), "n" \(raw: type));"#
        #expect(Self.findings(sql, synced: "Item.self").isEmpty)
        #expect(Self.findings(sql) == ["1:115-1:129 warning SQL_NOT_CHECKED"])  // every table, without SyncEngine
    }

    /// Every clause class the reader meets in real migrations, each decided: modelled, skipped
    /// because nothing SyncEngine syncs or checks depends on it, or one located warning. The
    /// `UNIQUE` at the end of each table shows nothing after the clause is lost.
    @Test func everyClauseIsReadSkippedOrReported() {
        let sql = #"""
            PRAGMA foreign_keys = OFF;
            INSERT INTO "settings" ("id") VALUES ('x;y');
            UPDATE "settings" SET "theme" = 'dark';
            DELETE FROM "settings";
            CREATE VIEW "open" AS SELECT * FROM "items";
            CREATE TEMP TRIGGER "t" AFTER INSERT ON "items" BEGIN SELECT 1; END;
            CREATE TEMPORARY TABLE "scratch" AS SELECT * FROM "items";
            CREATE VIRTUAL TABLE "search" USING fts5("title");
            CREATE TABLE IF NOT EXISTS "a" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()) COLLATE NOCASE,
              "n" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0 CHECK ("n" >= 0),
              "blob" BLOB NOT NULL ON CONFLICT REPLACE DEFAULT x'00',

              FOREIGN KEY("id") REFERENCES "b"("id") ON DELETE CASCADE,
              CHECK ("n" < 10),
              "u" TEXT UNIQUE
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE "b" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "twice" INTEGER GENERATED ALWAYS AS ("n" * 2) STORED,
              "u" TEXT UNIQUE
            );
            CREATE TABLE "copy" AS SELECT * FROM "a";
            ALTER TABLE "a" ADD COLUMN "v" TEXT NOT NULL DEFAULT '';
            MERGE "a";
            """#
        #expect(
            Self.findings(sql) == [
                "16:12-16:18 warning SQL_UNIQUE",  // after a blank line, a table FOREIGN KEY and a CHECK
                "20:19-20:55 warning SQL_NOT_CHECKED",  // a generated column
                "21:12-21:18 warning SQL_UNIQUE",
                "23:21-23:41 warning SQL_NOT_CHECKED",  // CREATE TABLE … AS SELECT
                "24:37-24:45 warning SQL_NOT_NULL_REPLACE",  // a column added later
                "25:1-25:6 warning SQL_NOT_CHECKED",  // a statement SQLite does not have
            ])
    }

    /// GRDB's table builder has no SQL text; a migration whose SQL is in a function of the file
    /// (called, or named by `migrate:`) is read there; one whose SQL the file does not show is
    /// said once, at the first of them; a seed of data is nothing to check.
    @Test func migrationsWithoutSQLTextAreSaidOnce() {
        let swift = #"""
            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("v1") { db in try createTables(db) }
                migrator.registerMigration("v2") { db in try Item.migrate(db: db) }
                migrator.registerMigration("v3") { db in try Tag.migrate(db: db) }
                migrator.registerMigration("v4") { db in
                    try #sql("CREATE INDEX i ON items(title)").execute(db)
                    try db.create(table: "tags") { t in t.primaryKey("id", .text) }
                }
                migrator.registerMigration("seed") { db in try Item.insert { Item.Draft(title: "a") }.execute(db) }
                migrator.registerMigration("v5", migrate: Self.addTags)
                migrator.registerMigration(Self.lastMigration) { db in try #sql("CREATE UNIQUE INDEX tags ON items(tag)").execute(db) }
            }

            private func addTags(_ db: Database) throws {
                try db.execute(sql: "CREATE UNIQUE INDEX titles ON items(title)")
            }

            private func createTables(_ db: Database) throws {
                try db.execute(sql: #"CREATE TABLE items (id TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), title TEXT UNIQUE)"#)
            }
            """#
        let loaded = SchemaLoader.load(sources: [("App/Database.swift", swift)])
        #expect(loaded.schema.sqlite.tables.map(\.name) == ["items"])
        #expect(loaded.schema.sqlite.migrations.map(\.name) == ["v1", "v2", "v3", "v4", "seed", "v5", "Self.lastMigration"])
        #expect(
            describe(Linter.lint(loaded)) == [
                "3:32-3:36 warning SQL_NOT_CHECKED",  // v2 and v3, once
                "7:16-7:28 warning SQL_NOT_CHECKED",  // db.create(table:)
                "11:77-11:83 warning SQL_UNIQUE",  // a migration named by a constant is read too
                "15:33-15:39 warning SQL_UNIQUE",  // in addTags(_:), which v5 names
                "19:125-19:131 warning SQL_UNIQUE",  // in createTables(_:), which v1 calls
            ])
    }

    /// SQL that is not a literal, in a function two migrations call: one warning where it is
    /// (before: the same warning from each migration, and another saying they run no SQL the file
    /// shows, though the function visibly runs some).
    @Test func unreadSQLTwoMigrationsRunIsSaidOnceWhereItIs() {
        let swift = #"""
            import SQLiteData
            enum Statements { static let notes = "CREATE TABLE notes (id TEXT PRIMARY KEY)" }
            func createTables(_ db: Database) throws {
                try db.execute(sql: Statements.notes)
            }
            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("v1") { db in try createTables(db) }
                migrator.registerMigration("v2") { db in try createTables(db) }
            }
            """#
        let loaded = SchemaLoader.load(sources: [("App/Database.swift", swift)])
        #expect(describe(Linter.lint(loaded)) == ["4:25-4:35 warning SQL_NOT_CHECKED"])
    }

    /// SQLiteData's own tool for integer keys rebuilds the tables it names: the tables there before
    /// it are not judged by the keys (and, when it drops them, the UNIQUE constraints) their SQL wrote.
    @Test func tablesWhoseKeysSyncEngineMigratesAreNotJudgedByTheirOldSQL() {
        let swift = #"""
            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("v1") { db in
                    try #sql("CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT UNIQUE)").execute(db)
                }
                migrator.registerMigration("v2") { db in
                    try SyncEngine.migratePrimaryKeys(db, tables: Item.self, dropUniqueConstraints: true)
                    try #sql("CREATE TABLE tags (id INTEGER PRIMARY KEY)").execute(db)
                }
            }
            """#
        #expect(
            describe(Linter.lint(SchemaLoader.load(sources: [("App/Database.swift", swift)]))) == [
                "6:24-6:42 warning SQL_NOT_CHECKED",
                "7:41-7:48 warning SQL_PRIMARY_KEY",  // created after it
            ])
    }

    /// A server's PostgreSQL schema beside the app (Supabase keeps one in `supabase/`) is no
    /// SQLiteData migration: one info at what tells, and nothing else from it. What SQLite has
    /// too (a `jsonb` function, a `timestamptz` type name, `INSERT OR REPLACE`) tells nothing.
    @Test func aPostgreSQLFileIsNotReadAsAMigration() {
        let postgres = """
            -- a server's tables
            create extension if not exists pgcrypto;
            create table public.rooms (
              id uuid primary key default gen_random_uuid(),
              opened timestamptz not null default now()
            );
            alter table public.rooms enable row level security;
            """
        let sqlite = #"""
            CREATE TABLE "rooms" (
              \#(key),
              "opened" timestamptz,
              "layout" BLOB NOT NULL ON CONFLICT REPLACE DEFAULT (jsonb('{}'))
            ) STRICT;
            INSERT OR REPLACE INTO "rooms" ("id") VALUES ('lobby');
            """#
        for (file, text, expected) in [
            ("supabase/schema.sql", postgres, ["2:1-2:17 info INPUT_NOT_CHECKED"]),
            ("Migrations/0001.sql", sqlite, []),
            (
                "supabase/touch.sql", "CREATE FUNCTION touch() RETURNS trigger AS $$ BEGIN RETURN NEW; END $$;",
                ["1:1-1:16 info INPUT_NOT_CHECKED"]
            ),
        ] {
            let loaded = SchemaLoader.load(sources: [(file, text)])
            #expect(describe(Linter.lint(loaded)) == expected, "\(file)")
            #expect(loaded.schema.sqlite.migrations.count == (expected.isEmpty ? 1 : 0))
        }
        let loaded = SchemaLoader.load(sources: [("supabase/schema.sql", postgres)])
        #expect(
            loaded.diagnostics.map(\.message) == [
                "not checked: this file is PostgreSQL (CREATE EXTENSION), not SQLite (SQLiteData migrations are SQLite)"
            ])
    }
}
