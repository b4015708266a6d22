/// The SQLite tables an app syncs with SQLiteData's `SyncEngine`, as its migrations leave
/// them: `.sql` files (one migration each) read in path order, each statement applied in turn.
///
/// Names compare as SQLite compares them: ASCII letters without regard to case.
public struct SQLiteSchema: Hashable, Sendable {
    /// Tables in creation order, in their final shape.
    public var tables: [SQLTable] = []
    /// `CREATE INDEX` indexes still present.
    public var indexes: [SQLIndex] = []
    /// Every migration in the order applied.
    public var migrations: [SQLMigration] = []
    /// What the reader could not follow that may change any table: a statement it cannot see
    /// into, a migration with no SQL text it can see. (What it could not follow in one table is
    /// that table's `unread`.)
    @IgnoredInEquality public var unread: [SQLUnread] = []
    /// The tables given to `SyncEngine(for:tables:privateTables:)` (or cloudschema.json's
    /// `sqlitedata` section); nil when nothing names them: every table is checked, with its
    /// errors as warnings (`Linter.lint`).
    public var synced: SyncedTables?

    public init() {}

    public var isEmpty: Bool { tables.isEmpty && migrations.isEmpty }

    /// Whether SyncEngine may sync the table (every table when no list is given).
    public func isSynced(_ name: String) -> Bool {
        guard let synced else { return true }
        return synced.contains(name)
    }

    /// Takes the synced tables from the configuration of the first migration's file when no
    /// `SyncEngine` call named them.
    public mutating func adoptSyncedTables(from configuration: (String?) -> LintConfiguration) {
        guard synced == nil, !migrations.isEmpty, let section = configuration(migrations[0].range?.file).sqlitedata else { return }
        synced = SyncedTables(tables: section.tables, privateTables: section.privateTables)
    }
}

/// `tables:` and `privateTables:` of `SyncEngine.init`.
public struct SyncedTables: Hashable, Sendable {
    public let tables: [String]
    public let privateTables: [String]
    /// Both lists' names as SQLite compares them, so a lookup is constant time.
    private let keys: Set<String>

    public init(tables: [String], privateTables: [String] = []) {
        self.tables = tables
        self.privateTables = privateTables
        keys = Set((tables + privateTables).map(SQLName.key))
    }

    public func contains(_ name: String) -> Bool { keys.contains(SQLName.key(name)) }

}

/// SQLite identifiers compare case-insensitively (ASCII only).
enum SQLName {
    static func key(_ name: String) -> String { String(name.lowercased()) }
}

public struct SQLTable: Hashable, Sendable {
    public var name: String
    public var columns: [SQLColumn]
    /// A table constraint `PRIMARY KEY (a, b)`: its columns, and where it is written.
    public var primaryKeyConstraint: [String]?
    @IgnoredInEquality public var primaryKeyRange: SourceRange?
    /// Table constraints `UNIQUE (…)`, by range.
    @IgnoredInEquality public var uniqueConstraints: [SourceRange] = []
    public var foreignKeys: [SQLForeignKey]
    public var spans: SourceSpans
    /// The parts of its definition the reader could not see into, in order.
    @IgnoredInEquality public var unread: [SQLUnread] = []
    /// The `SyncEngine.migratePrimaryKeys` call that may have rebuilt it after its SQL.
    @IgnoredInEquality public var rebuiltBy: SQLUnread?

    public init(name: String, columns: [SQLColumn] = [], foreignKeys: [SQLForeignKey] = [], spans: SourceSpans = .init()) {
        self.name = name
        self.columns = columns
        self.foreignKeys = foreignKeys
        self.spans = spans
    }

    public func column(named name: String) -> SQLColumn? {
        let key = SQLName.key(name)
        return columns.first { SQLName.key($0.name) == key }
    }

    /// The primary key's columns: the column marked `PRIMARY KEY`, or the table constraint's.
    public var primaryKeyColumns: [String] {
        columns.filter(\.isPrimaryKey).map(\.name) + (primaryKeyConstraint ?? [])
    }

    /// Something other than a column's type is unread: the table may have a primary key its SQL
    /// does not show.
    public var mayHaveUnreadKey: Bool { unread.contains { !$0.isType } }

    /// A constraint of this column is unread.
    public func hasUnreadConstraint(_ column: String) -> Bool {
        unread.contains { !$0.isType && $0.column.map(SQLName.key) == SQLName.key(column) }
    }

    /// This column's type is unread, so its affinity is not known.
    public func hasUnreadType(_ column: String) -> Bool {
        unread.contains { $0.isType && $0.column.map(SQLName.key) == SQLName.key(column) }
    }
}

/// Part of the SQL the reader cannot see into, such as a Swift interpolation (`\(raw: sql)`)
/// where what it stands for matters. Never guessed: the rules that depend on it stay silent
/// and `SQL_NOT_CHECKED` says what was not checked, at its place.
public struct SQLUnread: Hashable, Sendable {
    /// What was written, as the message names it ("the column definition `\(raw: idSQL)`").
    public var what: String
    /// What is therefore not checked ("the table's primary key, columns and constraints").
    public var unchecked: String
    /// The column it belongs to; nil for a whole column or constraint, or a statement.
    public var column: String?
    /// The column's type: it matters only to a primary key (SQL_PRIMARY_KEY's integer check).
    public var isType: Bool
    /// `SyncEngine.migratePrimaryKeys(_:tables:…)`: it rebuilds tables with UUID keys, and
    /// drops their UNIQUE constraints when told to (`dropUniqueConstraints: true`).
    public var rebuildsPrimaryKeys = false
    public var dropsUniqueConstraints = false
    /// The tables it creates, where their names are written (GRDB's `create(table: "homes")`):
    /// they exist, with columns not known.
    public var createsTables: [String] = []
    /// Whether it does nothing but create `createsTables`: when SyncEngine syncs none of them,
    /// no rule would read what it hides.
    public var onlyCreatesTables = false
    public var range: SourceRange

    public init(_ what: String, unchecked: String, column: String? = nil, isType: Bool = false, at range: SourceRange) {
        self.what = what
        self.unchecked = unchecked
        self.column = column
        self.isType = isType
        self.range = range
    }
}

public struct SQLColumn: Hashable, Sendable {
    public var name: String
    /// The declared type as written (`TEXT`, `INTEGER`, `VARCHAR(20)`), or "" when none.
    public var type: String
    public var isPrimaryKey = false
    public var isAutoincrement = false
    public var isNotNull = false
    /// The `ON CONFLICT` resolution of `NOT NULL` (`REPLACE`, `ABORT`…), upper-cased.
    public var notNullConflict: String?
    public var hasDefault = false
    /// `ALTER TABLE … ADD COLUMN`: older app versions' records lack it.
    public var isAdded = false
    /// Where the parts were written: `name`, `type`, `defaultValue`, and `attributes`
    /// `primaryKey`, `notNull` (through its `ON CONFLICT` clause), `unique`, `autoincrement`.
    public var spans: SourceSpans

    public init(name: String, type: String = "", spans: SourceSpans = .init()) {
        self.name = name
        self.type = type
        self.spans = spans
    }

    /// SQLite's type affinity rules (https://www.sqlite.org/datatype3.html, 3.1), upper-cased.
    public var affinity: Affinity {
        let t = type.uppercased()
        if t.contains("INT") { return .integer }
        if t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT") { return .text }
        if t.contains("BLOB") || t.isEmpty { return .blob }
        if t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB") { return .real }
        return .numeric
    }

    public enum Affinity: String, Hashable, Sendable { case integer, text, blob, real, numeric }
}

/// `REFERENCES parent(col) ON DELETE …`, as a column or table constraint.
public struct SQLForeignKey: Hashable, Sendable {
    public var columns: [String]
    public var table: String
    /// `CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT`, `NO ACTION`; nil when not written
    /// (SQLite's default, `NO ACTION`).
    public var onDelete: String?
    /// The whole clause from `REFERENCES`, the target table's name, and the `ON DELETE` action.
    @IgnoredInEquality public var range: SourceRange?
    @IgnoredInEquality public var tableRange: SourceRange?
    @IgnoredInEquality public var onDeleteRange: SourceRange?
    /// The table as the SQL names it, when `ALTER TABLE … RENAME TO` has since renamed it: SQLite
    /// rewrites the reference to the new name (lang_altertable.html, compatibility notes).
    @IgnoredInEquality public var writtenTable: String?

    public init(columns: [String], table: String, onDelete: String? = nil) {
        self.columns = columns
        self.table = table
        self.onDelete = onDelete
    }
}

/// `CREATE [UNIQUE] INDEX name ON table (…) [WHERE …]`.
public struct SQLIndex: Hashable, Sendable {
    public var name: String
    public var table: String
    public var isUnique: Bool
    public var isPartial: Bool
    /// `UNIQUE` keyword and the whole statement.
    @IgnoredInEquality public var uniqueRange: SourceRange?
    @IgnoredInEquality public var range: SourceRange?

    public init(name: String, table: String, isUnique: Bool, isPartial: Bool = false) {
        self.name = name
        self.table = table
        self.isUnique = isUnique
        self.isPartial = isPartial
    }
}

/// One migration: a `.sql` file (named by its file name without extension) or a
/// `registerMigration("name")` block.
public struct SQLMigration: Hashable, Sendable {
    public var name: String
    /// The statements' tokens joined by single spaces: comments and layout are not part of it,
    /// so reformatting a shipped migration is not an edit.
    public var text: String
    /// Changes that drop or rename a table or column, in order.
    public var destructiveSteps: [DestructiveStep]
    @IgnoredInEquality public var range: SourceRange?

    public init(name: String, text: String, destructiveSteps: [DestructiveStep] = [], range: SourceRange? = nil) {
        self.name = name
        self.text = text
        self.destructiveSteps = destructiveSteps
        self.range = range
    }

    public struct DestructiveStep: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case dropTable = "drops table"
            case renameTable = "renames table"
            case dropColumn = "drops column"
            case renameColumn = "renames column"
        }

        public var kind: Kind
        public var table: String
        public var column: String?
        @IgnoredInEquality public var range: SourceRange?

        public init(_ kind: Kind, table: String, column: String? = nil, range: SourceRange? = nil) {
            self.kind = kind
            self.table = table
            self.column = column
            self.range = range
        }
    }
}
