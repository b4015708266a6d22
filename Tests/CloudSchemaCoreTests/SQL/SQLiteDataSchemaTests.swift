import Testing

@testable import CloudSchemaCore

/// Whole SQLiteData schemas: the ones its guide shows lint clean, each mistake its guide
/// warns about is caught, and the synced-table list and suppressions apply.
@Suite struct SQLiteDataSchemaTests {
    /// A Reminders-style app: lists, reminders, tags and their join table, as SQLiteData's
    /// CloudKit guide writes them, plus a column added later.
    static let reminders = """
        CREATE TABLE "remindersLists" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
          "color" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 4889071
        ) STRICT;
        CREATE TABLE "reminders" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "remindersListID" TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
          "notes" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
          "isCompleted" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0,
          "dueDate" TEXT
        ) STRICT;
        CREATE INDEX "remindersByList" ON "reminders"("remindersListID");
        CREATE TABLE "tags" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''
        ) STRICT;
        CREATE TABLE "reminderTags" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "reminderID" TEXT NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
          "tagID" TEXT NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE
        ) STRICT;
        CREATE TEMPORARY TRIGGER "touch" AFTER UPDATE ON "reminders" FOR EACH ROW BEGIN
          UPDATE "reminders" SET "title" = CASE WHEN "title" = '' THEN 'Untitled' ELSE "title" END WHERE "id" = new."id";
        END;
        ALTER TABLE "remindersLists" ADD COLUMN "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0;
        ALTER TABLE "remindersLists" ADD COLUMN "groupID" TEXT;
        PRAGMA foreign_keys = ON;
        """

    @Test func remindersSchemaLintsClean() throws {
        let loaded = SchemaLoader.load(sources: [("Schema/0001-reminders.sql", Self.reminders)])
        #expect(describe(Linter.lint(loaded)) == [])
        let tables = loaded.schema.sqlite.tables
        try #require(tables.map(\.name) == ["remindersLists", "reminders", "tags", "reminderTags"])
        #expect(tables[0].columns.map(\.name) == ["id", "title", "color", "position", "groupID"])
        #expect(
            tables[3].foreignKeys.map { "\($0.columns[0]) -> \($0.table) \($0.onDelete ?? "")" } == [
                "reminderID -> reminders CASCADE", "tagID -> tags CASCADE",
            ])
        #expect(loaded.schema.sqlite.migrations.map(\.name) == ["0001-reminders"])
    }

    /// The seed's "Schema Requirements" examples: the UUID key and the join table.
    @Test func guideExamplesLintClean() {
        let sql = """
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0
            ) STRICT;
            CREATE TABLE "reminders" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "reminderTags" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "reminderID" TEXT NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
              "tagID" TEXT NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE
            ) STRICT;
            CREATE TABLE "groups" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "remindersLists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            ALTER TABLE "remindersLists"
            ADD COLUMN "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0;
            ALTER TABLE "remindersLists"
            ADD COLUMN "groupID" TEXT REFERENCES "groups"("id") ON DELETE SET NULL;
            """
        #expect(describe(lintFindings(sql, file: "Guide.sql")) == [])
    }

    /// The guide's "Common CloudKit Mistakes", one table each (5, editing a shipped migration,
    /// is `diff`'s; 7, not attaching the metadatabase, is Swift code no schema shows).
    @Test func everyCommonMistakeIsCaught() {
        let sql = """
            CREATE TABLE "counters" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);
            CREATE TABLE "users" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "email" TEXT UNIQUE);
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "position" INTEGER NOT NULL DEFAULT 0, "legacy" TEXT);
            CREATE TABLE "items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "listID" TEXT REFERENCES "lists"("id") ON DELETE RESTRICT);
            ALTER TABLE "lists" DROP COLUMN "legacy";
            CREATE TABLE "notes" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "recordType" TEXT);
            """
        let ids = lintFindings(sql, file: "Mistakes.sql").map(\.id.rawValue)
        #expect(
            ids == [
                "SQL_PRIMARY_KEY", "SQL_UNIQUE", "SQL_NOT_NULL_REPLACE", "SQL_FOREIGN_KEY_ACTION", "SQL_MIGRATION_DESTRUCTIVE",
                "SQL_NAME_RESERVED",
            ])
    }

    @Test func configurationNamesTheSyncedTables() {
        let sql = """
            CREATE TABLE "drafts" ("id" INTEGER PRIMARY KEY);
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "listID" TEXT REFERENCES "lists"("id") ON DELETE CASCADE
            );
            """
        let (config, problems) = ConfigurationLoader.parse(
            Array(#"{"sqlitedata": {"tables": ["items"], "privateTables": ["settings"]}}"#.utf8), path: "/tmp/cloudschema.json")
        #expect(problems.isEmpty)
        #expect(config.sqlitedata == SQLiteDataConfiguration(tables: ["items"], privateTables: ["settings"]))
        let loaded = SchemaLoader.load(sources: [("a.sql", sql)])
        // "drafts" is not synced, so its integer key is fine; "lists" is not either, so the key to it is not.
        #expect(describe(Linter.lint(loaded) { _ in config }) == ["5:28-5:35 error SQL_FOREIGN_KEY_UNSYNCED"])

        let (_, bad) = ConfigurationLoader.parse(Array(#"{"sqlitedata": {"table": ["items"]}}"#.utf8), path: "/tmp/cloudschema.json")
        #expect(bad.map(\.message) == ["unknown key 'table' in 'sqlitedata'; expected tables or privateTables; did you mean 'tables'?"])
    }

    @Test func suppressionCommentsInSQL() {
        let sql = """
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              -- cloudschema:ignore SQL_NOT_NULL_REPLACE rows are only written by this device
              "position" INTEGER NOT NULL DEFAULT 0,
              "rank" INTEGER -- cloudschema:ignore SQL_UNIQUE wrong rule
            );
            -- cloudschema:ignore SQL_MIGRATION_DESTRUCTIVE ran before the app synced
            ALTER TABLE "items" DROP COLUMN "rank";
            """
        #expect(describe(lintFindings(sql, file: "a.sql")) == ["5:18-5:61 warning SUPPRESSION_UNUSED"])
    }

    @Test func fixItsWriteTheMissingClauses() {
        let sql = """
            CREATE TABLE "items" ("id" TEXT PRIMARY KEY, "listID" TEXT REFERENCES "lists"("id"), "n" INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            """
        let fixes = lintFindings(sql, file: "a.sql").flatMap { d in
            d.fixIts.map { "\(d.id): \($0.message): \($0.edits.map { "\($0.range.start.column)+\($0.replacement)" })" }
        }
        #expect(
            fixes == [
                #"SQL_PRIMARY_KEY_CONFLICT: add NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()): ["44+ NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"]"#,
                #"SQL_FOREIGN_KEY_ACTION: add ON DELETE CASCADE: ["84+ ON DELETE CASCADE"]"#,
                #"SQL_FOREIGN_KEY_ACTION: add ON DELETE SET NULL: ["84+ ON DELETE SET NULL"]"#,
                #"SQL_NOT_NULL_REPLACE: add ON CONFLICT REPLACE: ["106+ ON CONFLICT REPLACE"]"#,
            ])
    }
}

/// The SQL reader on input it does not model, and on broken input.
@Suite struct SQLReaderTests {
    @Test func skipsWhatItDoesNotModel() {
        let sql = """
            PRAGMA journal_mode = WAL;
            CREATE VIEW "open" AS SELECT * FROM "items" WHERE "done" = 0;
            INSERT INTO "items" ("id") VALUES ('a;b');
            CREATE TRIGGER "t" AFTER INSERT ON "items" BEGIN SELECT CASE WHEN 1 THEN 2 END; DELETE FROM "x"; END;
            CREATE TABLE IF NOT EXISTS main.[items] (`id` TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "n" VARCHAR(20) CHECK (length("n") > (1)) COLLATE NOCASE) WITHOUT ROWID, STRICT;
            CREATE TABLE "copy" AS SELECT * FROM "items";
            """
        let loaded = SchemaLoader.load(sources: [("a.sql", sql)])
        #expect(loaded.diagnostics.isEmpty)
        // The copy's columns come from the query: it is kept, with what was not read (SQL_NOT_CHECKED).
        #expect(loaded.schema.sqlite.tables.map(\.name) == ["items", "copy"])
        #expect(loaded.schema.sqlite.tables.last?.unread.map(\.what) == ["CREATE TABLE 'copy' … AS SELECT is not read"])
        #expect(loaded.schema.sqlite.tables.first?.columns.map { "\($0.name) \($0.type)" } == ["id TEXT", "n VARCHAR"])
    }

    @Test func brokenInputIsOneLocatedError() {
        for (sql, expected) in [
            // The quoted name runs to the quote before `id`; the next quote is never closed.
            ("CREATE TABLE \"items (\"id\" TEXT);", "1:25-1:26 error SYNTAX_ERROR"),
            ("CREATE TABLE t (id TEXT); /* never closed", "1:27-1:28 error SYNTAX_ERROR"),
            ("CREATE TABLE (id TEXT);", "1:14-1:15 error SYNTAX_ERROR"),
            ("ALTER TABLE t RENAME COLUMN a;", "1:30-1:31 error SYNTAX_ERROR"),
        ] {
            #expect(describe(SchemaLoader.load(sources: [("a.sql", sql)]).diagnostics) == [expected], "\(sql)")
        }
    }

    /// A script cut short anywhere, even right after a keyword that expects another word
    /// (`DEFERRABLE INITIALLY`, `ON DELETE SET`, `DEFAULT -`), loads, with every diagnostic
    /// inside what is left. (The fuzzer found `INITIALLY` at the very end stepping past the last token.)
    @Test func aScriptCutShortAnywhereLoads() {
        let sql = """
            CREATE TABLE IF NOT EXISTS "lists" ("id" INTEGER PRIMARY KEY ASC ON CONFLICT ABORT AUTOINCREMENT,
              "n" INT NOT NULL DEFAULT -1 UNIQUE ON CONFLICT FAIL COLLATE NOCASE CHECK ("n" > 0),
              "parentID" TEXT REFERENCES "lists"("id") ON DELETE SET NULL ON UPDATE NO ACTION MATCH FULL
                NOT DEFERRABLE DEFERRABLE INITIALLY DEFERRED,
              "total" INT GENERATED ALWAYS AS ("n" * 2),
              CONSTRAINT "k" PRIMARY KEY ("id") ON CONFLICT REPLACE, UNIQUE ("n"),
              FOREIGN KEY ("parentID") REFERENCES main."lists" DEFERRABLE INITIALLY IMMEDIATE) STRICT;
            CREATE UNIQUE INDEX IF NOT EXISTS "byN" ON "lists"("n" DESC) WHERE "n" > 0;
            ALTER TABLE "lists" ADD COLUMN "x" TEXT REFERENCES "lists" ON DELETE CASCADE;
            ALTER TABLE "lists" RENAME COLUMN "x" TO "y";
            ALTER TABLE "lists" RENAME TO "groups";
            ALTER TABLE "groups" DROP COLUMN "y";
            DROP INDEX IF EXISTS "byN";
            DROP TABLE IF EXISTS "groups";
            """
        let bytes = Array(sql.utf8)
        for end in 0...bytes.count {
            let cut = String(decoding: bytes[..<end], as: UTF8.self)
            let loaded = SchemaLoader.load(sources: [("a.sql", cut)])
            let outside = loaded.diagnostics.filter { ($0.range?.end.offset ?? 0) > end }
            #expect(outside.isEmpty, "cut after \(end) bytes: \(describe(outside))")
        }
    }

    @Test func migrationsApplyInOrder() {
        let loaded = SchemaLoader.load(sources: [
            ("m/0001.sql", #"CREATE TABLE "a" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "x" TEXT);"#),
            ("m/0002.sql", #"ALTER TABLE "a" ADD COLUMN "y" TEXT; CREATE UNIQUE INDEX "i" ON "a"("y"); DROP INDEX "i";"#),
        ])
        let sqlite = loaded.schema.sqlite
        #expect(sqlite.migrations.map(\.name) == ["0001", "0002"])
        #expect(sqlite.tables.first?.columns.map { "\($0.name)\($0.isAdded ? "+" : "")" } == ["id", "x", "y+"])
        #expect(sqlite.indexes.isEmpty)
        #expect(sqlite.migrations[1].text == #"ALTER TABLE a ADD COLUMN y TEXT ; CREATE UNIQUE INDEX i ON a ( y ) ; DROP INDEX i ;"#)
    }

    /// One migrator reads every migration of a load, its table positions and index names carried
    /// from each to the next: the statements as one migration each, in `.sql` files or Swift
    /// `registerMigration` blocks, leave what the same statements leave as one script.
    @Test func manyMigrationsLeaveWhatOneScriptLeaves() {
        let statements = [
            #"CREATE TABLE "a" ("id" TEXT PRIMARY KEY NOT NULL);"#,
            #"CREATE TABLE "b" ("id" TEXT PRIMARY KEY NOT NULL, "aID" TEXT REFERENCES "a"("id"));"#,
            #"CREATE INDEX "i" ON "b"("aID");"#,
            #"DROP TABLE "a";"#,
            #"ALTER TABLE "b" ADD COLUMN "x" TEXT;"#,
            #"CREATE UNIQUE INDEX "i" ON "b"("x");"#,
            #"CREATE TABLE "a" ("id" TEXT PRIMARY KEY NOT NULL);"#,
            #"ALTER TABLE "b" RENAME TO "c";"#,
            #"ALTER TABLE "c" ADD COLUMN "y" TEXT REFERENCES "a"("id");"#,
            #"CREATE INDEX "j" ON "a"("id");"#,
            #"DROP INDEX "j";"#,
        ]
        let swift = statements.enumerated().map { n, sql in
            #"""
            migrator.registerMigration("\#(n)") { db in
                try #sql(
                    """
                    \#(sql)
                    """
                )
                .execute(db)
            }
            """#
        }
        let loads = [
            [("all.sql", statements.joined(separator: "\n"))],
            statements.enumerated().map { ("m/\(100 + $0.offset).sql", $0.element) },
            [("Migrations.swift", swift.joined(separator: "\n"))],
        ].map { SchemaLoader.load(sources: $0) }
        func describe(_ sqlite: SQLiteSchema) -> [String] {
            sqlite.tables.map { table in
                table.name + "(" + table.columns.map { $0.name + ($0.isAdded ? "+" : "") }.joined(separator: ", ") + ")"
                    + table.foreignKeys.map { " \($0.columns.joined()) -> \($0.table)" }.joined()
            } + sqlite.indexes.map { "index \($0.name) on \($0.table)\($0.isUnique ? " unique" : "")" }
                + sqlite.migrations.flatMap(\.destructiveSteps).map { "\($0.kind.rawValue) \($0.table)" }
        }
        let expected = [
            "c(id, aID, x+, y+) aID -> a y -> a", "a(id)", "index i on c unique", "drops table a", "renames table b",
        ]
        for loaded in loads {
            #expect(loaded.diagnostics.isEmpty)
            #expect(describe(loaded.schema.sqlite) == expected)
        }
        #expect(loads.map(\.schema.sqlite.migrations.count) == [1, statements.count, statements.count])
    }
}

/// `export --format ckdb`: the record types SQLiteData writes for the synced tables.
@Suite struct SQLiteDataExportTests {
    @Test func oneRecordTypePerTableWithEncryptedFields() {
        let sql = """
            CREATE TABLE "photos" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "taken" DATETIME, "rating" INTEGER, "image" BLOB
            );
            """
        let loaded = SchemaLoader.load(sources: [("a.sql", sql)])
        let record = SQLiteDataMirror.recordTypes(for: loaded.schema.sqlite)[0]
        #expect(
            CKDBExporter.recordText(record) == """
                    RECORD TYPE photos (
                        "___createTime"                               TIMESTAMP,
                        "___createdBy"                                REFERENCE,
                        "___etag"                                     STRING,
                        "___modTime"                                  TIMESTAMP,
                        "___modifiedBy"                               REFERENCE,
                        "___recordID"                                 REFERENCE,
                        id                                            ENCRYPTED STRING,
                        image                                         ASSET,
                        image_hash                                    ENCRYPTED BYTES,
                        rating                                        ENCRYPTED INT64,
                        sqlitedata_icloud_userModificationTime        ENCRYPTED INT64,
                        sqlitedata_icloud_userModificationTime_id     ENCRYPTED INT64,
                        sqlitedata_icloud_userModificationTime_image  ENCRYPTED INT64,
                        sqlitedata_icloud_userModificationTime_rating ENCRYPTED INT64,
                        sqlitedata_icloud_userModificationTime_taken  ENCRYPTED INT64,
                        taken                                         ENCRYPTED TIMESTAMP,
                        GRANT WRITE TO "_creator",
                        GRANT CREATE TO "_icloud",
                        GRANT READ TO "_world"
                    );

                """)
    }
}
