/// Every attribute of the language, and where each may be written.
enum AttributeCatalog {
    enum Site: String, CaseIterable {
        case record = "record types"
        case zone = "zones"
        case enumeration = "enums"
        case model = "models"
        case keyValue = "keyvalue declarations"
        case recordField = "record fields"
        case modelProperty = "model properties"
        case keyValueKey = "keyvalue keys"
        case subscription = "subscriptions"

        var bit: UInt16 { 1 << UInt16(Site.allCases.firstIndex(of: self)!) }
    }

    /// A set of sites as bits: checked for every attribute written, so no hashing.
    struct Sites: OptionSet {
        let rawValue: UInt16
        init(rawValue: UInt16) { self.rawValue = rawValue }
        init(_ sites: [Site]) { rawValue = sites.reduce(0) { $0 | $1.bit } }
        func contains(_ site: Site) -> Bool { rawValue & site.bit != 0 }
    }

    enum Arguments {
        case none
        /// One string literal; `optional`: may be omitted entirely (`@deprecated`).
        case string(optional: Bool)
        /// One bare word from the list.
        case word([String])
        /// One bare name (a property).
        case name
        /// One or more bare names.
        case names
    }

    struct Spec {
        var sites: Sites
        var arguments: Arguments
    }

    static let names = [
        "shareable", "name", "deprecated", "queryable", "sortable", "searchable", "encrypted", "parent",
        "deleteSelf", "merge", "unique", "externalStorage", "transient", "inverse", "deleteRule", "silent", "alert",
    ]

    private static let mergePolicies = MergePolicy.allCases.map(\.rawValue)
    private static let deleteRules = ModelProperty.DeleteRule.allCases.map(\.rawValue)

    /// Where an attribute may be written and what it takes; nil for unknown names.
    static func spec(_ name: String) -> Spec? {
        switch name {
        case "shareable": Spec(sites: Sites([.record, .zone]), arguments: .none)
        case "name":
            Spec(sites: Sites([.record, .recordField, .modelProperty, .keyValueKey, .subscription]), arguments: .string(optional: false))
        case "silent": Spec(sites: Sites([.subscription]), arguments: .none)
        case "alert": Spec(sites: Sites([.subscription]), arguments: .string(optional: false))
        case "deprecated":
            Spec(
                sites: Sites([.record, .enumeration, .model, .recordField, .modelProperty, .keyValueKey]),
                arguments: .string(optional: true))
        case "queryable", "sortable", "searchable", "parent", "deleteSelf":
            Spec(sites: Sites([.recordField]), arguments: .none)
        case "encrypted": Spec(sites: Sites([.recordField, .modelProperty]), arguments: .none)
        case "merge": Spec(sites: Sites([.recordField]), arguments: .word(mergePolicies))
        case "unique": Spec(sites: Sites([.modelProperty, .model]), arguments: .none)
        case "externalStorage", "transient": Spec(sites: Sites([.modelProperty]), arguments: .none)
        case "inverse": Spec(sites: Sites([.modelProperty]), arguments: .name)
        case "deleteRule": Spec(sites: Sites([.modelProperty]), arguments: .word(deleteRules))
        default: nil
        }
    }

    /// The closest known attribute name, for "did you mean" hints.
    static func suggestion(for name: String) -> String? {
        Spelling.closest(to: name, among: names)
    }
}

/// Edit-distance suggestions for misspelled names.
enum Spelling {
    /// The closest candidate within a small edit distance (ties: the alphabetically first).
    /// Linear in the candidates: a length check skips most before any distance is computed.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        let length = lowered.utf8.count
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let limit = max(1, min(3, candidate.utf8.count / 3))
            guard abs(candidate.utf8.count - length) <= limit else { continue }
            let distance = editDistance(lowered, candidate.lowercased())
            guard distance <= limit else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8.prefix(64))
        let b = Array(b.utf8.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
