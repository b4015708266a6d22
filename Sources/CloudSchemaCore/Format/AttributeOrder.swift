/// The canonical order of attributes, one list for every place an attribute may be written.
///
/// Indexes first (in CloudKit's own order), then storage, sharing and relationship
/// attributes, names, conflict policy and, last, deprecation. Attributes the language
/// does not know keep their written order after the known ones, so formatting never
/// hides a typo the resolver reports. The sort is stable: an attribute written twice
/// (an error the resolver reports at the second) keeps its first occurrence first.
enum AttributeOrder {
    static let canonical: [String] = [
        "queryable", "sortable", "searchable",
        "unique", "shareable", "transient", "externalStorage",
        "encrypted", "parent", "deleteSelf",
        "silent", "alert",
        "name", "inverse", "deleteRule", "merge",
        "deprecated",
    ]

    private static let ranks: [String: Int] = Dictionary(
        uniqueKeysWithValues: canonical.enumerated().map { ($0.element, $0.offset) })

    /// The position of an attribute in the canonical order; unknown names sort last.
    static func rank(_ name: String) -> Int { ranks[name] ?? canonical.count }
}
