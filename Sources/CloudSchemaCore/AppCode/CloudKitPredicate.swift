/// A CloudKit query predicate read from an `NSPredicate(format:…)` string, as `CKQuery` and
/// `CKQuerySubscription` take it: the fields it compares, the index each comparison needs, and
/// what CloudKit does not support in it.
///
/// The language is the subset of Apple's predicate syntax that Apple's CKQuery documentation
/// allows (https://developer.apple.com/documentation/cloudkit/ckquery, "Predicate Rules for Query
/// Objects" and "Supported Predicate Operators"): comparisons `=`, `==`, `!=`, `<>`, `<`, `<=`,
/// `=<`, `>`, `>=`, `=>`, `BETWEEN`; `BEGINSWITH`; `IN` and `CONTAINS`; `AND`/`&&` and `NOT`/`!`;
/// `TRUEPREDICATE`/`FALSEPREDICATE`; the function `distanceToLocation:fromLocation:`; `self
/// CONTAINS` for full-text search; `%@` values and `%K` keys. CKQuery.h adds: "Only AND compound
/// predicates are allowed" and no `.` in key names. `ANY`/`SOME` over a list field is read as a
/// comparison of its elements (the server's side of it shows in CloudKit JS's comparators, such
/// as LIST_MEMBER_BEGINS_WITH); anything else is a `Problem`, or, when it cannot be read, nil.
public struct CloudKitPredicate: Sendable, Equatable {
    /// One comparison on a field, or a full-text search (`self CONTAINS`).
    public struct Condition: Sendable, Equatable {
        /// The key as written or given to `%K`; nil for `self CONTAINS`. A metadata key
        /// (`creationDate`) names a system field: `SystemFields.field(forMetadataKey:)`.
        public var key: String?
        /// Where the key is in the format (UTF-8 offsets): the name, its `%K`, or `self`.
        public var range: Range<Int>
        /// The argument (an index into `arguments`) that named the key through `%K`.
        public var keyArgument: Int?
        /// The operator, with the key on its left: `5 < size` is `size > 5`, `'x' IN tags` is
        /// `tags CONTAINS 'x'`, `{'a', 'b'} CONTAINS kind` is `kind IN {'a', 'b'}`. Whether the
        /// field's type takes it (CONTAINS only lists, BEGINSWITH only strings) is for the caller,
        /// who knows the type: `QueryOperator.operators(for:)`, of the element for `isElementwise`.
        public var `operator`: QueryOperator
        /// `ANY key …`: the key is a list, and each element is compared (`ANY tags BEGINSWITH 'a'`).
        public var isElementwise: Bool

        public init(key: String?, range: Range<Int>, keyArgument: Int? = nil, operator: QueryOperator, isElementwise: Bool = false) {
            self.key = key
            self.range = range
            self.keyArgument = keyArgument
            self.operator = `operator`
            self.isElementwise = isElementwise
        }

        /// What CloudKit rejects the condition without: QUERYABLE on the field, or SEARCHABLE
        /// fields to search for `self CONTAINS` (`QueryOperator.indexesCloudKitRequires`).
        public var indexes: Indexes { `operator`.indexesCloudKitRequires }
    }

    /// Something in the predicate CloudKit does not support, where it is written.
    public struct Problem: Sendable, Equatable {
        /// UTF-8 offsets in the format.
        public var range: Range<Int>
        public var message: String
        /// Apple's documentation says so (an error); otherwise it is what Apple's lists leave out
        /// or a limit we could not confirm on Apple's pages (a warning).
        public var isDocumented: Bool

        public init(range: Range<Int>, message: String, isDocumented: Bool) {
            self.range = range
            self.message = message
            self.isDocumented = isDocumented
        }
    }

    /// The conditions in format order, including those under an unsupported `OR`.
    public var conditions: [Condition]
    /// `TRUEPREDICATE` or `NSPredicate(value: true)`: every record of the type, which needs the
    /// record name's index (`"___recordID" REFERENCE QUERYABLE`; Apple, "Using cktool": "queries
    /// without filters require the `___recordID` to have a `Queryable` index applied").
    public var isAllRecords: Bool
    public var problems: [Problem]

    public init(conditions: [Condition] = [], isAllRecords: Bool = false, problems: [Problem] = []) {
        self.conditions = conditions
        self.isAllRecords = isAllRecords
        self.problems = problems
    }

    /// `NSPredicate(value: true)`.
    public static let allRecords = CloudKitPredicate(isAllRecords: true)

    /// The index a sort key needs (`NSSortDescriptor(key:ascending:)` in a query's
    /// `sortDescriptors`): SORTABLE (CloudKit: "Field '…' is not marked sortable").
    public static let sortIndexes: Indexes = .sortable

    /// Why CloudKit cannot use `key` in a predicate or a sort descriptor, or nil: a key path
    /// (CKQuery: "You can't use key paths to specify fields in related records").
    public static func keyProblem(_ key: String) -> String? {
        guard key.contains(where: { ".@[".contains($0) }) else { return nil }
        return
            "'\(key)' is a key path; CloudKit queries name fields of the record itself (CKQuery: \"You can't use key paths to specify fields in related records\")"
    }
}

/// A `%@` or `%K` argument of `NSPredicate(format:…)`, as far as the caller could read it.
public enum PredicateArgument: Sendable, Equatable {
    /// A string literal, or a constant declared with one.
    case string(String)
    /// `#keyPath(…)`: its path.
    case keyPath(String)
    case number(String)
    /// Anything else: a value the reader does not follow (fine for `%@`; for `%K` it hides the key).
    case unknown
}

extension CloudKitPredicate {
    /// Reads `format` with its `arguments` in order. Nil when the format is not understood (the
    /// predicate parser would reject it, or it holds a `$VARIABLE`, compares two fields, or takes
    /// a key from an argument that is not known): callers report nothing for it.
    public static func parse(_ format: String, arguments: [PredicateArgument] = []) -> CloudKitPredicate? {
        guard let tokens = PredicateLexer.tokens(format) else { return nil }
        var parser = PredicateParser(tokens: tokens, arguments: arguments)
        return parser.parse()
    }
}
