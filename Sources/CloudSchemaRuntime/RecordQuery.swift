import Foundation

// Typed CloudKit queries. Generated code gives each record type a `QueryFields` value with one
// handle per indexed field; the handle's index type decides, at compile time, which operators
// exist. What comes out is a plain value (format string, arguments, sort keys, record type) that
// tests read on any platform and that becomes `NSPredicate` / `CKQuery` on Apple platforms
// (CloudKit/RecordQuery+CloudKit.swift).
//
// Which index each operator needs. Apple's documentation describes QUERYABLE as what lets a field
// take part in query predicates, SORTABLE as what lets it sort results and SEARCHABLE as the
// tokenized full-text index; CloudKit rejects a predicate on a field without QUERYABLE ("Field
// '…' is not marked queryable", also for range filters such as `modificationDate > %@`) and a
// sort descriptor on a field without SORTABLE ("… is not marked sortable"). Whether a range
// comparison also needs SORTABLE is not stated clearly anywhere we could check (this project's
// schema model calls SORTABLE the range index), so ranges compile only on fields with both:
// never a query CloudKit rejects, at the price of requiring `@queryable @sortable` for ranges.
//
// | operator | NSPredicate | needs |
// |---|---|---|
// | `==`, `!=`, ``QueryField/in(_:)`` | `%K == %@`, `%K != %@`, `%K IN %@` | QUERYABLE |
// | ``QueryField/beginsWith(_:)`` (String) | `%K BEGINSWITH %@` | QUERYABLE |
// | ``QueryListField/contains(_:)`` (lists) | `%K CONTAINS %@` | QUERYABLE |
// | ``QueryLocationField/isWithin(kilometers:of:)`` | `distanceToLocation:fromLocation:(%K, %@) < %@` | QUERYABLE |
// | `<`, `<=`, `>`, `>=`, ``QueryField/between(_:_:)`` (strings, numbers, dates) | `%K < %@`, …, `%K BETWEEN %@` | QUERYABLE and SORTABLE |
// | ``QuerySort`` (`.ascending`, `.descending`) | `NSSortDescriptor(key:ascending:)` | SORTABLE |
// | ``TextSearch/contains(_:)`` | `self CONTAINS %@` (all SEARCHABLE fields) | SEARCHABLE |
// | `&&`, `!` | `(…) AND (…)`, `NOT (…)` | — (CloudKit has no OR) |

/// One argument of a predicate format: a field key (for `%K`) or a value (for `%@`).
///
/// Keys go in as `%K` arguments, never into the format text, so no field name can change the
/// predicate's structure.
public enum QueryArgument: Hashable, Sendable, CustomStringConvertible {
    /// A field key, passed for a `%K`.
    case key(String)
    /// A value, passed for a `%@` as CloudKit stores it.
    case value(RecordValue)

    /// `key "name"` for a key, the value's description for a value.
    public var description: String {
        switch self {
        case .key(let key): "key \(quoted(key))"
        case .value(let value): value.description
        }
    }
}

/// A CloudKit query predicate over records of type `Record`: an `NSPredicate` format and its
/// arguments. Build one from a record type's `QueryFields`; combine with `&&` and `!`.
public struct QueryPredicate<Record: CloudRecord>: Hashable, Sendable, CustomStringConvertible {
    /// The `NSPredicate` format, e.g. `%K == %@`.
    public let format: String
    /// The arguments, in format order.
    public let arguments: [QueryArgument]

    /// Only the runtime makes predicates, and only from indexed field handles.
    init(format: String, arguments: [QueryArgument]) {
        self.format = format
        self.arguments = arguments
    }

    /// Every record of the type: `TRUEPREDICATE` (`NSPredicate(value: true)`).
    public static var all: QueryPredicate { QueryPredicate(format: "TRUEPREDICATE", arguments: []) }

    var isAll: Bool { format == "TRUEPREDICATE" && arguments.isEmpty }

    /// Both predicates: `(a) AND (b)`. `all` is dropped.
    public static func && (lhs: QueryPredicate, rhs: QueryPredicate) -> QueryPredicate {
        if lhs.isAll { return rhs }
        if rhs.isAll { return lhs }
        return QueryPredicate(format: "(\(lhs.format)) AND (\(rhs.format))", arguments: lhs.arguments + rhs.arguments)
    }

    /// The negation: `NOT (a)`.
    public static prefix func ! (predicate: QueryPredicate) -> QueryPredicate {
        QueryPredicate(format: "NOT (\(predicate.format))", arguments: predicate.arguments)
    }

    /// The format followed by the arguments, for test failures.
    public var description: String {
        "\(format) \(arguments)"
    }
}

/// Sorts query results by one SORTABLE field (`NSSortDescriptor(key:ascending:)`).
public struct QuerySort<Record: CloudRecord>: Hashable, Sendable {
    /// The field key.
    public let key: String
    /// Whether the smallest value comes first.
    public let ascending: Bool
}

/// A query for records of one type: the record type, a predicate and sort keys (first is primary).
///
/// ```swift
/// let query = Bed.query { $0.name.beginsWith("Tom") && $0.sunHours >= 4 }
///     .sorted { $0.name.ascending }
/// query.predicate.format      // "(%K BEGINSWITH %@) AND (%K >= %@)"
/// ```
public struct RecordQuery<Record: CloudRecord>: Hashable, Sendable {
    /// The record type queried, `Record.recordType`.
    public var recordType: String { Record.recordType }
    /// Which records match.
    public var predicate: QueryPredicate<Record>
    /// The sort keys, the first primary; empty leaves the order to CloudKit.
    public var sorts: [QuerySort<Record>]

    /// A query; by default every record, in no particular order.
    public init(predicate: QueryPredicate<Record> = .all, sorts: [QuerySort<Record>] = []) {
        self.predicate = predicate
        self.sorts = sorts
    }
}

/// A generated record type with typed query fields.
public protocol QueryableRecord: CloudRecord {
    /// One handle per indexed field, offering only the operators its indexes allow.
    associatedtype QueryFields: Sendable
    /// The handles, passed to the closures of ``query(_:)`` and ``RecordQuery/filter(_:)``.
    static var queryFields: QueryFields { get }
}

extension QueryableRecord {
    /// A query for every record of this type.
    public static func query() -> RecordQuery<Self> {
        RecordQuery()
    }

    /// A query for the records matching `filter`, built from this type's indexed fields.
    public static func query(_ filter: (QueryFields) -> QueryPredicate<Self>) -> RecordQuery<Self> {
        RecordQuery(predicate: filter(queryFields))
    }
}

extension RecordQuery where Record: QueryableRecord {
    /// This query, also requiring `filter` (AND).
    public func filter(_ filter: (Record.QueryFields) -> QueryPredicate<Record>) -> RecordQuery {
        RecordQuery(predicate: predicate && filter(Record.queryFields), sorts: sorts)
    }

    /// This query, then sorted by `sort` (after any sort keys it already has).
    public func sorted(_ sort: (Record.QueryFields) -> QuerySort<Record>) -> RecordQuery {
        RecordQuery(predicate: predicate, sorts: sorts + [sort(Record.queryFields)])
    }
}

// MARK: - Index markers

/// A field index kind, as a type: what a handle's operators are constrained on.
public protocol QueryIndex: Sendable {}
/// An index allowing predicates (equality, `IN`, `BEGINSWITH`, `CONTAINS`, distance): QUERYABLE.
public protocol EqualityQueryIndex: QueryIndex {}
/// An index allowing sort descriptors: SORTABLE.
public protocol SortQueryIndex: QueryIndex {}
/// Indexes allowing range comparisons: QUERYABLE and SORTABLE.
public protocol RangeQueryIndex: EqualityQueryIndex, SortQueryIndex {}

/// `@queryable` only.
public enum QueryableIndex: EqualityQueryIndex {}
/// `@sortable` only.
public enum SortableIndex: SortQueryIndex {}
/// `@queryable @sortable`.
public enum QueryableSortableIndex: RangeQueryIndex {}

/// A value CloudKit compares by order in range queries: strings, integers, doubles and dates.
public protocol QueryRangeValue: CloudFieldValue {}
extension String: QueryRangeValue {}
extension Int64: QueryRangeValue {}
extension Int: QueryRangeValue {}
extension Double: QueryRangeValue {}
extension Date: QueryRangeValue {}

// MARK: - Field handles

/// An indexed scalar field of `Record` holding `Value`, for building predicates and sorts.
/// `Index` (``QueryableIndex``, ``SortableIndex`` or ``QueryableSortableIndex``) decides which
/// operators compile.
public struct QueryField<Record: CloudRecord, Value: CloudFieldValue, Index: QueryIndex>: Sendable {
    /// The CloudKit field key.
    public let key: String

    /// A handle for `key`; generated code makes these, with the index type the schema declares.
    @_spi(Generated)
    public init(key: String) {
        self.key = key
    }

    func compare(_ op: String, _ value: RecordValue) -> QueryPredicate<Record> {
        QueryPredicate(format: "%K \(op) %@", arguments: [.key(key), .value(value)])
    }
}

extension QueryField where Index: EqualityQueryIndex {
    /// `%K == %@` (QUERYABLE).
    public static func == (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare("==", value.recordValue)
    }

    /// `%K != %@` (QUERYABLE).
    public static func != (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare("!=", value.recordValue)
    }

    /// `%K IN %@`: the field equals one of `values` (QUERYABLE).
    public func `in`(_ values: [Value]) -> QueryPredicate<Record> {
        compare("IN", .list(values.map(\.recordValue)))
    }
}

extension QueryField where Index: EqualityQueryIndex, Value == String {
    /// `%K BEGINSWITH %@`: a string prefix (QUERYABLE).
    public func beginsWith(_ prefix: String) -> QueryPredicate<Record> {
        compare("BEGINSWITH", .string(prefix))
    }
}

extension QueryField where Index: RangeQueryIndex, Value: QueryRangeValue {
    /// `%K < %@` (QUERYABLE and SORTABLE).
    public static func < (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare("<", value.recordValue)
    }

    /// `%K <= %@` (QUERYABLE and SORTABLE).
    public static func <= (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare("<=", value.recordValue)
    }

    /// `%K > %@` (QUERYABLE and SORTABLE).
    public static func > (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare(">", value.recordValue)
    }

    /// `%K >= %@` (QUERYABLE and SORTABLE).
    public static func >= (field: QueryField, value: Value) -> QueryPredicate<Record> {
        field.compare(">=", value.recordValue)
    }

    /// `%K BETWEEN %@` with `{lower, upper}`, both ends included (QUERYABLE and SORTABLE).
    public func between(_ lower: Value, _ upper: Value) -> QueryPredicate<Record> {
        compare("BETWEEN", .list([lower.recordValue, upper.recordValue]))
    }
}

extension QueryField where Index: SortQueryIndex {
    /// Sort ascending by this field (SORTABLE).
    public var ascending: QuerySort<Record> { QuerySort(key: key, ascending: true) }
    /// Sort descending by this field (SORTABLE).
    public var descending: QuerySort<Record> { QuerySort(key: key, ascending: false) }
}

/// An indexed list field (`LIST<…>`) of `Record` with elements of type `Element`.
public struct QueryListField<Record: CloudRecord, Element: CloudFieldValue, Index: QueryIndex>: Sendable {
    /// The CloudKit field key.
    public let key: String

    /// A handle for `key`; generated code makes these, with the index type the schema declares.
    @_spi(Generated)
    public init(key: String) {
        self.key = key
    }
}

extension QueryListField where Index: EqualityQueryIndex {
    /// `%K CONTAINS %@`: the list has `element` (QUERYABLE).
    public func contains(_ element: Element) -> QueryPredicate<Record> {
        QueryPredicate(format: "%K CONTAINS %@", arguments: [.key(key), .value(element.recordValue)])
    }
}

/// An indexed `LOCATION` field of `Record`.
public struct QueryLocationField<Record: CloudRecord, Index: QueryIndex>: Sendable {
    /// The CloudKit field key.
    public let key: String

    /// A handle for `key`; generated code makes these, with the index type the schema declares.
    @_spi(Generated)
    public init(key: String) {
        self.key = key
    }
}

extension QueryLocationField where Index: EqualityQueryIndex {
    /// `distanceToLocation:fromLocation:(%K, %@) < %@`: within `kilometers` of `location`
    /// (QUERYABLE). CloudKit takes the radius in kilometers.
    public func isWithin(kilometers: Double, of location: Location) -> QueryPredicate<Record> {
        QueryPredicate(
            format: "distanceToLocation:fromLocation:(%K, %@) < %@",
            arguments: [.key(key), .value(.location(location)), .value(.double(kilometers))])
    }
}

/// Tokenized full-text search over all of `Record`'s SEARCHABLE fields; present in
/// `QueryFields` only when the record type has one.
public struct TextSearch<Record: CloudRecord>: Sendable {
    /// The search handle; generated `QueryFields` offer one as `textSearch`.
    public init() {}

    /// `self CONTAINS %@`: records whose searchable fields contain the tokens of `text`.
    public func contains(_ text: String) -> QueryPredicate<Record> {
        QueryPredicate(format: "self CONTAINS %@", arguments: [.value(.string(text))])
    }
}
