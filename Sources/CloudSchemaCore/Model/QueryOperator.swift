/// The predicate operators of typed queries (`RecordQuery.swift` in the runtime) and of
/// subscription predicates, and the index each one needs: one table for the generator's query
/// handles and for checking a subscription's predicate, so a predicate a typed query would not
/// compile is reported here with the reason.
///
/// CloudKit rejects a predicate on a field without QUERYABLE and cannot query encrypted fields;
/// ranges need QUERYABLE and SORTABLE (see `RecordQuery.swift` for why both); `self CONTAINS`
/// searches the SEARCHABLE fields.
public enum QueryOperator: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case `in` = "IN"
    case beginsWith = "BEGINSWITH"
    case contains = "CONTAINS"
    case distance = "distanceToLocation:fromLocation:"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case between = "BETWEEN"
    /// `textSearch.contains("…")`: `self CONTAINS %@` over every SEARCHABLE field.
    case textSearch = "self CONTAINS"

    /// How a subscription predicate spells it: an infix operator or a method of the field handle.
    public var spelling: String {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: rawValue
        case .in: "in"
        case .beginsWith: "beginsWith"
        case .contains: "contains"
        case .distance: "isWithin"
        case .between: "between"
        case .textSearch: "textSearch.contains"
        }
    }

    public var isInfix: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }

    /// The indexes typed queries ask for: `indexesCloudKitRequires`, and SORTABLE too for ranges
    /// (no Apple page says whether CloudKit needs it, so a typed query never risks it).
    public var requiredIndexes: Indexes {
        isRange ? indexesCloudKitRequires.union(.sortable) : indexesCloudKitRequires
    }

    /// The indexes CloudKit rejects the operator without: QUERYABLE on the field for every field
    /// comparison, ranges included ("Field '…' is not marked queryable"), and SEARCHABLE fields to
    /// search for `self CONTAINS` (Apple's CKQuery documentation, "Predicate Rules for Query Objects").
    public var indexesCloudKitRequires: Indexes { self == .textSearch ? .searchable : .queryable }

    /// `<`, `<=`, `>`, `>=`, `BETWEEN`.
    public var isRange: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .between: true
        default: false
        }
    }

    /// The operators a field of `type` could offer with the right indexes, in the order the
    /// generator documents them.
    public static func operators(for type: FieldType) -> [QueryOperator] {
        switch type {
        case .asset, .model, .decimal: return []
        case .list: return [.contains]
        case .location: return [.distance]
        default:
            var operators: [QueryOperator] = [.equal, .notEqual, .in]
            if type == .string { operators.append(.beginsWith) }
            switch type {
            case .string, .int64, .int, .double, .date, .number: operators += [.less, .lessOrEqual, .greater, .greaterOrEqual, .between]
            default: break
            }
            return operators
        }
    }

    /// Why a typed query on `field` has no such operator (a missing index, encryption), or nil
    /// when it has. The operator must be one of `operators(for: field.type)`.
    public func indexProblem(on field: Field) -> String? {
        if field.isEncrypted {
            return "'\(field.name)' is @encrypted, and CloudKit cannot query encrypted fields; typed queries have no handle for it"
        }
        let missing = requiredIndexes.subtracting(field.indexes)
        guard !missing.isEmpty else { return nil }
        let needed = requiredIndexes.names.sorted { $0 == "queryable" && $1 != "queryable" }.map { "@" + $0 }
        return
            "'\(spelling)' on '\(field.name)' needs \(needed.joined(separator: " and ")), which '\(field.name)' lacks; typed queries offer no '\(spelling)' there"
    }
}
