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
        guard case .object(let members) = value.value else {
            fail("'sqlitedata' must be an object such as {\"tables\": [\"reminders\"]}, found \(value.kind)", value.range)
            return configuration
        }
        for member in members {
            guard keys.contains(member.key) else {
                fail(
                    "unknown key '\(member.key)' in 'sqlitedata'; expected \(keys.joined(separator: " or "))\(Spelling.hint(Spelling.closest(to: member.key, among: keys)))",
                    member.keyRange)
                continue
            }
            guard case .array(let items) = member.value.value else {
                fail("'\(member.key)' must be an array of table names, found \(member.value.kind)", member.value.range)
                continue
            }
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item.value, !name.isEmpty else {
                    fail("a table name must be a non-empty string, found \(item.kind)", item.range)
                    continue
                }
                names.append(name)
            }
            if member.key == "tables" { configuration.tables += names } else { configuration.privateTables += names }
        }
        return configuration
    }
}
