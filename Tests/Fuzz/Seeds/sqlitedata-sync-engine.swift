import SQLiteData

@Table("remindersLists")
nonisolated struct RemindersList: Identifiable { let id: UUID }
@Table @dynamicMemberLookup public struct Reminder { let id: UUID }
@Table(#"settings"#, schema: "main") struct Settings { let id: UUID }
@Table(name) enum Attachment {}

func appDatabase() throws -> any DatabaseWriter {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create tables") { db in
        try #sql(
            """
            CREATE TABLE "remindersLists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "reminders" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "remindersListID" TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
            ) STRICT
            """
        )
        .execute(db)
        try db.execute(sql: "CREATE TABLE \"settings\" (\"id\" TEXT PRIMARY KEY)")
    }
    return try migrator.migrate(database)
}

extension DependencyValues {
    mutating func bootstrapDatabase() throws {
        defaultSyncEngine = try SyncEngine(
            for: defaultDatabase,
            tables: RemindersList.self, App.Reminder.self, Tag.self,
            privateTables: Settings.self,
            containerIdentifier: "iCloud.com.example",
            delegate: Delegate(tables: [Attachment.self]) { _ in }
        )
        let preview = try SyncEngine(for: defaultDatabase, tables: Reminder.self, privateTables: Attachment.self, Self.self)
        _ = preview
    }
}
