// TEMPORARY: the interface of wt-predicate's CloudKitPredicate, until it is merged. Delete on merge.
public struct CloudKitPredicate: Sendable, Equatable {
    public struct Condition: Sendable, Equatable {
        public var key: String?
        public var range: Range<Int>
        public var keyArgument: Int?
        public var `operator`: QueryOperator
        public var isElementwise: Bool
        public var indexes: Indexes { `operator` == .textSearch ? .searchable : .queryable }
    }
    public struct Problem: Sendable, Equatable {
        public var range: Range<Int>
        public var message: String
        public var isDocumented: Bool
    }
    public var conditions: [Condition] = []
    public var isAllRecords: Bool = false
    public var problems: [Problem] = []
    public static let allRecords = CloudKitPredicate(isAllRecords: true)
    public static let sortIndexes: Indexes = .sortable
    public static func keyProblem(_ key: String) -> String? { nil }
    public static func parse(_ format: String, arguments: [PredicateArgument] = []) -> CloudKitPredicate? {
        if format == "TRUEPREDICATE" { return .allRecords }
        // name == %@ only
        let parts = format.split(separator: " ")
        guard parts.count == 3, let op = QueryOperator(rawValue: String(parts[1])) else { return nil }
        return CloudKitPredicate(conditions: [Condition(key: String(parts[0]), range: 0..<parts[0].utf8.count, keyArgument: nil, operator: op, isElementwise: false)])
    }
}
public enum PredicateArgument: Sendable, Equatable {
    case string(String)
    case keyPath(String)
    case number(String)
    case unknown
}
extension SystemFields {
    public static func field(forMetadataKey key: String) -> String? {
        ["creationDate": "___createTime", "creatorUserRecordID": "___createdBy", "modificationDate": "___modTime",
         "lastModifiedUserRecordID": "___modifiedBy", "recordID": "___recordID"][key]
    }
}
