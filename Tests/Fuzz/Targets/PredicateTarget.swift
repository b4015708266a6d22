import CloudSchemaCore

extension FuzzTarget {
    /// Every input is read as an `NSPredicate` format string, with arguments that are keys,
    /// key paths, numbers and unknown values in turn: nothing crashes or hangs, every range lies
    /// inside the format, and a key taken from `%K` is that argument's.
    static let predicate = FuzzTarget(name: "predicate") { bytes in
        let format = String(decoding: bytes, as: UTF8.self)
        let arguments = (0..<32).map { i -> PredicateArgument in
            [.string("key\(i)"), .unknown, .keyPath("path.\(i)"), .number("\(i)")][i % 4]
        }
        guard let predicate = CloudKitPredicate.parse(format, arguments: arguments) else { return nil }
        let size = format.utf8.count
        let ranges = predicate.conditions.map(\.range) + predicate.problems.map(\.range)
        if let outside = ranges.first(where: { $0.isEmpty || $0.upperBound > size }) {
            return "range \(outside) is empty or outside the format (\(size) bytes)"
        }
        for condition in predicate.conditions {
            guard let argument = condition.keyArgument else { continue }
            if condition.key != "key\(argument)" { return "%K argument \(argument) gave the key \(condition.key ?? "nil")" }
        }
        if predicate.isAllRecords, !predicate.conditions.isEmpty { return "all records, with conditions" }
        return nil
    }
}
