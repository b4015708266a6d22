import Testing

@testable import CloudSchemaCore

/// The `sqlitedata` rules on `.sql` migrations: each one's mistake with its exact findings,
/// and a close variant that stays quiet, in an app whose SyncEngine syncs the tables named
/// (without that, SyncEngineTests: the errors are warnings).
@Suite struct SQLiteDataRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "SQL_PRIMARY_KEY",
            """
            CREATE TABLE "items" (
              "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
              "title" TEXT
            );
            CREATE TABLE "tags" ("title" TEXT);
            CREATE TABLE "itemTags" ("itemID" TEXT, "tagID" TEXT, PRIMARY KEY ("itemID", "tagID"));
            """,
            [
                "2:37-2:50 error SQL_PRIMARY_KEY", "5:14-5:20 error SQL_PRIMARY_KEY",
                "6:55-6:86 error SQL_PRIMARY_KEY",
            ],
            clean: """
                CREATE TABLE "items" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "title" TEXT
                ) STRICT;
                """,
            synced: ["items", "tags", "itemTags"]),
        RuleCase(
            "SQL_PRIMARY_KEY_CONFLICT",
            """
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL DEFAULT (uuid())
            );
            CREATE TABLE "tags" ("id" TEXT PRIMARY KEY);
            CREATE TABLE "covers" ("itemID" TEXT PRIMARY KEY REFERENCES "items"("id") ON DELETE CASCADE);
            """,
            [
                "2:13-2:24 warning SQL_PRIMARY_KEY_CONFLICT", "4:32-4:43 warning SQL_PRIMARY_KEY_CONFLICT",
                "5:38-5:49 warning SQL_PRIMARY_KEY_CONFLICT",
            ],
            // A key that references its parent holds the parent's id: NOT NULL, and no default.
            clean: """
                CREATE TABLE "items" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())
                );
                CREATE TABLE "covers" ("itemID" TEXT PRIMARY KEY NOT NULL REFERENCES "items"("id") ON DELETE CASCADE);
                """,
            synced: ["items", "tags", "covers"]),
        RuleCase(
            "SQL_UNIQUE",
            """
            CREATE TABLE "users" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "email" TEXT UNIQUE,
              "handle" TEXT,
              UNIQUE ("handle")
            );
            CREATE UNIQUE INDEX "usersByHandle" ON "users" ("handle") WHERE "handle" IS NOT NULL;
            """,
            [
                "3:16-3:22 error SQL_UNIQUE", "5:3-5:20 error SQL_UNIQUE", "7:8-7:14 error SQL_UNIQUE",
            ],
            clean: """
                CREATE TABLE "users" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "email" TEXT
                );
                CREATE INDEX "usersByEmail" ON "users" ("email");
                """,
            synced: ["users"]),
        RuleCase(
            "SQL_FOREIGN_KEY_CYCLE",
            """
            CREATE TABLE "folders" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "parentID" TEXT REFERENCES "folders"("id") ON DELETE CASCADE
            );
            """,
            ["3:19-3:63 error SQL_FOREIGN_KEY_CYCLE"],
            clean: """
                CREATE TABLE "folders" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())
                );
                CREATE TABLE "files" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "folderID" TEXT REFERENCES "folders"("id") ON DELETE CASCADE
                );
                """,
            synced: ["folders", "files"]),
        RuleCase(
            "SQL_FOREIGN_KEY_UNSYNCED",
            """
            CREATE TABLE "files" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "folderID" TEXT REFERENCES "folders"("id") ON DELETE CASCADE
            );
            """,
            ["3:30-3:39 error SQL_FOREIGN_KEY_UNSYNCED"],
            clean: """
                CREATE TABLE "folders" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
                CREATE TABLE "files" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "folderID" TEXT REFERENCES "folders"("id") ON DELETE CASCADE
                );
                """,
            synced: ["files", "folders"]),
        RuleCase(
            "SQL_FOREIGN_KEY_ACTION",
            """
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "listID" TEXT NOT NULL REFERENCES "lists"("id")
            );
            CREATE TABLE "itemTags" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "itemID" TEXT NOT NULL REFERENCES "items"("id") ON DELETE RESTRICT,
              "tagID" TEXT NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE
            );
            """,
            ["5:26-5:50 error SQL_FOREIGN_KEY_ACTION", "9:61-9:69 warning SQL_FOREIGN_KEY_ACTION"],
            clean: """
                CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
                CREATE TABLE "items" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "listID" TEXT REFERENCES "lists"("id") ON DELETE SET NULL
                );
                """,
            synced: ["lists", "tags", "items", "itemTags"]),
        RuleCase(
            "SQL_NOT_NULL_REPLACE",
            """
            CREATE TABLE "lists" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "position" INTEGER NOT NULL DEFAULT 0
            );
            ALTER TABLE "lists" ADD COLUMN "colour" TEXT NOT NULL DEFAULT 'blue';
            """,
            ["3:22-3:30 warning SQL_NOT_NULL_REPLACE", "5:46-5:54 error SQL_NOT_NULL_REPLACE"],
            clean: """
                CREATE TABLE "lists" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0
                );
                ALTER TABLE "lists" ADD COLUMN "colour" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'blue';
                ALTER TABLE "lists" ADD COLUMN "groupID" TEXT;
                """,
            synced: ["lists"]),
        RuleCase(
            "SQL_NAME_RESERVED",
            """
            CREATE TABLE "photos" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "creationDate" TEXT,
              "image" BLOB,
              "image_hash" TEXT,
              "sqlitedata_icloud_note" TEXT
            );
            """,
            ["3:3-3:17 warning SQL_NAME_RESERVED", "5:3-5:15 warning SQL_NAME_RESERVED", "6:3-6:27 warning SQL_NAME_RESERVED"],
            clean: """
                CREATE TABLE "photos" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "createdAt" TEXT,
                  "image" BLOB,
                  "title_hash" TEXT
                );
                """,
            synced: ["photos"]),
        RuleCase(
            "SQL_TABLE_NAME",
            """
            CREATE TABLE "app:items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "\(String(repeating: "t", count: 219))" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            """,
            ["1:14-1:25 error SQL_TABLE_NAME", "2:14-2:235 error SQL_TABLE_NAME"],
            clean: """
                CREATE TABLE "app_items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
                CREATE TABLE "\(String(repeating: "t", count: 218))" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
                """,
            synced: ["app:items", "app_items", String(repeating: "t", count: 219), String(repeating: "t", count: 218)]),
        // 1 + 2 per column: the 128th column makes 257 fields.
        RuleCase(
            "SQL_FIELD_LIMIT",
            wideTable(columns: 128),
            ["129:3-129:9 warning SQL_FIELD_LIMIT"],
            clean: wideTable(columns: 127), synced: ["wide"]),
        RuleCase(
            "SQL_MIGRATION_DESTRUCTIVE",
            """
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "title" TEXT,
              "notes" TEXT
            );
            ALTER TABLE "items" DROP COLUMN "notes";
            ALTER TABLE "items" RENAME COLUMN "title" TO "name";
            ALTER TABLE "items" RENAME TO "things";
            """,
            [
                "6:1-6:40 error SQL_MIGRATION_DESTRUCTIVE", "7:1-7:52 error SQL_MIGRATION_DESTRUCTIVE",
                "8:1-8:39 error SQL_MIGRATION_DESTRUCTIVE",
            ],
            // SQLite's recipe for other changes keeps the table's name and columns.
            clean: """
                CREATE TABLE "items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "title" TEXT);
                CREATE TABLE "new_items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "title" TEXT);
                INSERT INTO "new_items" SELECT * FROM "items";
                DROP TABLE "items";
                ALTER TABLE "new_items" RENAME TO "items";
                """,
            synced: ["items"]),
        // Swift interpolations are in SQLUnreadTests; here what .sql can hold too.
        RuleCase(
            "SQL_NOT_CHECKED",
            """
            CREATE TABLE "items" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "twice" INTEGER GENERATED ALWAYS AS (2) STORED
            );
            CREATE TABLE "copy" AS SELECT * FROM "items";
            """,
            ["3:19-3:49 warning SQL_NOT_CHECKED", "5:21-5:45 warning SQL_NOT_CHECKED"],
            clean: """
                CREATE TABLE "items" (
                  "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                  "twice" INTEGER CHECK ("twice" > 0)
                );
                CREATE TEMP TABLE "copy" AS SELECT * FROM "items";
                """,
            synced: ["items", "copy"]),
    ]

    static func wideTable(columns: Int) -> String {
        let id = "  \"id\" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"
        let rest = (2...columns).map { "  \"c\($0)\" TEXT" }
        return "CREATE TABLE \"wide\" (\n" + ([id] + rest).joined(separator: ",\n") + "\n);\n"
    }

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c, file: "Migrations/0001.sql") }

    /// A one-to-one table's key holds its parent's id: the fix-it adds NOT NULL, never a default.
    @Test func aKeyThatReferencesItsParentNeedsOnlyNotNull() {
        let sql = """
            CREATE TABLE "items" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "covers" ("itemID" TEXT PRIMARY KEY, FOREIGN KEY ("itemID") REFERENCES "items"("id"));
            """
        let finding = lintFindings(sql, file: "Migrations/0001.sql", synced: ["items", "covers"]).first
        #expect(
            finding?.message
                == "primary key 'covers.itemID' lacks NOT NULL; it references 'items', so it holds a parent's id, which no default can stand for"
        )
        #expect(finding?.fixIts.map(\.message) == ["add NOT NULL"])
        #expect(finding?.fixIts.flatMap(\.edits).map(\.replacement) == [" NOT NULL"])
    }

    /// The same SQL as a Swift migration: the same findings, each at the SQL's own place inside
    /// the `#sql("""…""")` literal (5 lines down, 12 columns of indentation in).
    @Test(arguments: cases) func ruleInSwift(_ c: RuleCase) {
        let embedded = RuleCase(
            c.rule, Self.swiftMigration(c.triggers), c.expected.map { Self.shifted($0, lines: 5, columns: 12) },
            clean: Self.swiftMigration(c.clean), synced: c.synced)
        check(embedded, file: "App/Database.swift")
    }

    static func swiftMigration(_ sql: String) -> String {
        let quotes = String(repeating: "\"", count: 3)
        let body = sql.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "            " + $0 }
        let lines =
            [
                "import SQLiteData",
                "",
                "func migrate(_ migrator: inout DatabaseMigrator) {",
                "    migrator.registerMigration(\"0001\") { db in",
                "        try #sql(" + quotes,
            ] + body + ["            " + quotes + ")", "        .execute(db)", "    }", "}"]
        return lines.joined(separator: "\n")
    }

    /// `"2:37-2:50 error ID"` moved by whole lines, and by columns on every line (the literal's
    /// indentation is on each line the SQL spans).
    static func shifted(_ finding: String, lines: Int, columns: Int) -> String {
        let parts = finding.split(separator: " ", maxSplits: 1)
        let positions = parts[0].split(separator: "-").map { position -> String in
            let numbers = position.split(separator: ":").compactMap { Int($0) }
            return "\(numbers[0] + lines):\(numbers[1] + columns)"
        }
        return positions.joined(separator: "-") + " " + parts[1]
    }
}
