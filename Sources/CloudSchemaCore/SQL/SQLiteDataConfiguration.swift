/// The `sqlitedata` section of `cloudschema.json`: which tables SQLiteData's `SyncEngine`
/// syncs, when the Swift sources read do not show its `SyncEngine(for:tables:privateTables:)` call.
///
///     "sqlitedata": {"tables": ["remindersLists", "reminders"], "privateTables": ["settings"]}
public struct SQLiteDataConfiguration: Hashable, Sendable {
    public var tables: [String]
    public var privateTables: [String]

    public init(tables: [String] = [], privateTables: [String] = []) {
        self.tables = tables
        self.privateTables = privateTables
    }

    static let keys = ["tables", "privateTables"]

    /// Reads the section; problems go to `fail` (as `CONFIG_INVALID`).
    static func read(_ value: PositionedJSON, fail: (String, SourceRange?) -> Void) -> SQLiteDataConfiguration {
        var configuration = SQLiteDataConfiguration()
        let lists = NameListSection.read(
            value, section: "sqlitedata", keys: keys, noun: "table", example: #"{"tables": ["reminders"]}"#, fail: fail)
        for list in lists {
            if list.key == "tables" { configuration.tables += list.names } else { configuration.privateTables += list.names }
        }
        return configuration
    }
}
