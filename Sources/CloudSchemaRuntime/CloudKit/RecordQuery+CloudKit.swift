// Typed queries as CloudKit objects. Written against documented API only (`NSPredicate(format:
// argumentArray:)`, `NSSortDescriptor(key:ascending:)`, `CKQuery(recordType:predicate:)`,
// `CKQuery.sortDescriptors`); it cannot be compiled on Linux, where this file is empty.
#if canImport(CloudKit) && canImport(CoreLocation)
import CloudKit
import Foundation

extension QueryArgument {
    /// What `NSPredicate(format:argumentArray:)` gets: the key as a string for `%K`, the value as
    /// CloudKit stores it for `%@` (a list becomes an `NSArray`, a location a `CLLocation`).
    public var predicateArgument: Any {
        switch self {
        case .key(let key): key as NSString
        case .value(let value): value.ckRecordValue
        }
    }
}

extension QueryPredicate {
    /// The `NSPredicate` CloudKit evaluates.
    public var nsPredicate: NSPredicate {
        NSPredicate(format: format, argumentArray: arguments.map(\.predicateArgument))
    }
}

extension QuerySort {
    /// The `NSSortDescriptor` for `CKQuery.sortDescriptors`.
    public var sortDescriptor: NSSortDescriptor {
        NSSortDescriptor(key: key, ascending: ascending)
    }
}

extension RecordQuery {
    /// A new `CKQuery` for this query (a `CKQuery`'s record type and predicate cannot change).
    public var ckQuery: CKQuery {
        let query = CKQuery(recordType: recordType, predicate: predicate.nsPredicate)
        if !sorts.isEmpty {
            query.sortDescriptors = sorts.map(\.sortDescriptor)
        }
        return query
    }
}
#endif
