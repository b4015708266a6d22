/// What an app's Swift code asks of CloudKit by name, as far as literals and constants tell:
/// the record types it creates and queries, the keys it reads and writes on values known to be
/// a `CKRecord`, and its query and subscription predicates and sorts. Read by
/// `CloudKitCallReader`, checked against the schema by `AppCodeRules`.
public struct AppCode: Sendable {
    /// `CKRecord(recordType:)`, `CKQuery(recordType:)`, `CKQuerySubscription(recordType:)`.
    public var recordTypeUses: [RecordTypeUse] = []
    public var fieldAccesses: [FieldAccess] = []
    public var queries: [Query] = []
    /// The containers named by identifier (`CKContainer(identifier: "iCloud.x")`), each once.
    public var containers: [NameUse] = []
    /// The first `CKContainer.default()`: the code uses the app's default container.
    public var defaultContainer: SourceRange?
    /// The first `NSPersistentCloudKitContainer` that loads a Core Data model file (`.xcdatamodeld`,
    /// not read): Core Data syncs entities that are not checked.
    public var coreDataContainer: SourceRange?

    public init() {}

    public var isEmpty: Bool { recordTypeUses.isEmpty && fieldAccesses.isEmpty && queries.isEmpty }

    /// A record type or key as the code names it, at the place it is named (a literal, or the
    /// use of a constant declared with one).
    public struct NameUse: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
    }

    /// A record type a `CKRecord`, `CKQuery` or `CKQuerySubscription` is made with.
    public struct RecordTypeUse: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
        /// The container of the database the record, query or subscription is given to, when the
        /// code says it (nil: not given to a database the reader follows, or to databases of two).
        public var container: Container?
    }

    /// A container as the code obtains it.
    public enum Container: Sendable, Hashable {
        /// `CKContainer.default()`.
        case `default`
        /// `CKContainer(identifier: "iCloud.x")`.
        case identifier(String)
    }

    /// A literal key read or written on a `CKRecord`.
    public struct FieldAccess: Sendable {
        /// The record type, when the code says it (the record's creation, a `recordType ==` check).
        public var recordType: String?
        public var key: NameUse
        /// Through `encryptedValues`.
        public var isEncrypted: Bool
        /// The literal assigned, when one is.
        public var assigned: AssignedLiteral?
    }

    /// A literal value assigned to a field, by the CloudKit type it is stored as, or a CloudKit
    /// value made in place (`CKRecord.Reference(…)`, `CKAsset(…)`, `CLLocation(…)`).
    public struct AssignedLiteral: Sendable {
        public enum Kind: String, Sendable {
            case string, integer, float, bool, reference, asset, location

            /// What the code assigns, as a message names it.
            public var spelling: String {
                switch self {
                case .string, .integer, .float, .bool: "\(rawValue) literal"
                case .reference: "CKRecord.Reference"
                case .asset: "CKAsset"
                case .location: "CLLocation"
                }
            }
        }
        public var kind: Kind
        public var range: SourceRange
    }

    /// A `CKQuery` or `CKQuerySubscription` of one record type.
    public struct Query: Sendable {
        public var recordType: RecordTypeUse
        public var isSubscription: Bool
        /// Nil when the predicate is not a literal `NSPredicate` the reader can see.
        public var predicate: ReadPredicate?
        /// `NSSortDescriptor(key:)` keys set on the query.
        public var sorts: [NameUse] = []
    }

    /// A parsed `NSPredicate(format:)`, with the map from the format string back to the Swift source.
    public struct ReadPredicate: Sendable {
        public var parsed: CloudKitPredicate
        /// The format string literal (nil: a constant, whose findings go to `range`).
        var literal: SwiftStringLiteral?
        /// The `NSPredicate(…)` call.
        public var range: SourceRange
        /// Where each argument after the format is written.
        var arguments: [SourceRange] = []

        /// Where `content` (UTF-8 offsets in the format string) is in the Swift file.
        func sourceRange(_ content: Range<Int>?) -> SourceRange {
            guard let content, let literal else { return range }
            return literal.sourceRange(ofContent: content)
        }

        /// Where a condition's key is written: in the format, or the argument a `%K` takes it from.
        func keyRange(_ condition: CloudKitPredicate.Condition) -> SourceRange {
            if let n = condition.keyArgument, n < arguments.count { return arguments[n] }
            return sourceRange(condition.range)
        }
    }
}
