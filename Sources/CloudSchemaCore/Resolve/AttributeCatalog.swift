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
        var sites: Set<Site>
        var arguments: Arguments
    }

    static let specs: [String: Spec] = [
        "shareable": Spec(sites: [.record, .zone], arguments: .none),
        "name": Spec(sites: [.record, .recordField, .modelProperty, .keyValueKey], arguments: .string(optional: false)),
        "deprecated": Spec(
            sites: [.record, .enumeration, .model, .recordField, .modelProperty, .keyValueKey],
            arguments: .string(optional: true)),
        "queryable": Spec(sites: [.recordField], arguments: .none),
        "sortable": Spec(sites: [.recordField], arguments: .none),
        "searchable": Spec(sites: [.recordField], arguments: .none),
        "encrypted": Spec(sites: [.recordField, .modelProperty], arguments: .none),
        "parent": Spec(sites: [.recordField], arguments: .none),
        "deleteSelf": Spec(sites: [.recordField], arguments: .none),
        "merge": Spec(sites: [.recordField], arguments: .word(MergePolicy.allCases.map(\.rawValue))),
        "unique": Spec(sites: [.modelProperty, .model], arguments: .none),
        "externalStorage": Spec(sites: [.modelProperty], arguments: .none),
        "transient": Spec(sites: [.modelProperty], arguments: .none),
        "inverse": Spec(sites: [.modelProperty], arguments: .name),
        "deleteRule": Spec(sites: [.modelProperty], arguments: .word(ModelProperty.DeleteRule.allCases.map(\.rawValue))),
    ]

    /// The closest known attribute name, for "did you mean" hints.
    static func suggestion(for name: String) -> String? {
        Spelling.closest(to: name, among: specs.keys)
    }
}

/// Edit-distance suggestions for misspelled names.
enum Spelling {
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(lowered, candidate.lowercased())
            let limit = max(1, min(3, candidate.count / 3))
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
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
