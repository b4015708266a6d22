/// Every attribute of the language: the one table the resolver (where each may be written,
/// what it takes), the formatter and importer (canonical order), the `.ckdb` mapping (which
/// index each declares) and the README (a test compares its lists) read. Adding an attribute
/// is a row here plus the code that gives it meaning (the resolver, usually a lint rule).
package enum AttributeCatalog {
    package enum Site: String, CaseIterable {
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
    package struct Sites: OptionSet {
        package let rawValue: UInt16
        package init(rawValue: UInt16) { self.rawValue = rawValue }
        init(_ sites: [Site]) { rawValue = sites.reduce(0) { $0 | $1.bit } }
        package func contains(_ site: Site) -> Bool { rawValue & site.bit != 0 }
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

    /// One row of the table.
    package struct Attribute {
        package var name: String
        package var sites: Sites
        var arguments: Arguments = .none
        /// The CloudKit index it declares (`QUERYABLE`, `SORTABLE`, `SEARCHABLE` in `.ckdb`).
        var index: Indexes? = nil
        /// What it means, in one line.
        package var doc: String
    }

    /// The table, in canonical order: indexes first (in CloudKit's own order), then storage,
    /// sharing and relationship attributes, names, conflict policy and, last, deprecation.
    package static let all: [Attribute] = [
        Attribute(
            name: "queryable", sites: Sites([.recordField, .record]), index: .queryable,
            doc: "an equality index (QUERYABLE): queries can filter on the field (on a record type: on its record name)"),
        Attribute(
            name: "sortable", sites: Sites([.recordField]), index: .sortable,
            doc: "a range index (SORTABLE): queries can sort and compare"),
        Attribute(
            name: "searchable", sites: Sites([.recordField]), index: .searchable,
            doc: "a full-text index (SEARCHABLE) on a String or [String]"),
        Attribute(
            name: "unique", sites: Sites([.modelProperty, .model]),
            doc: "a SwiftData unique attribute, or #Unique(a, b) on a model"),
        Attribute(
            name: "shareable", sites: Sites([.record, .zone]),
            doc: "records of this type, or in this zone, can be shared (CKShare)"),
        Attribute(name: "transient", sites: Sites([.modelProperty]), doc: "a SwiftData property that is not stored"),
        Attribute(
            name: "codable", sites: Sites([.modelProperty]),
            doc: "a Codable value of the app's own type, stored encoded (CloudKit: CD_x BYTES + CD_x_ckAsset)"),
        Attribute(
            name: "externalStorage", sites: Sites([.modelProperty]),
            doc: "SwiftData stores the data outside its store (.externalStorage)"),
        Attribute(
            name: "encrypted", sites: Sites([.recordField, .modelProperty]),
            doc: "stored in CKRecord.encryptedValues (allowsCloudEncryption for a model property)"),
        Attribute(
            name: "parent", sites: Sites([.recordField]),
            doc: "this reference is the record's CKRecord.parent (what a share includes)"),
        Attribute(
            name: "deleteSelf", sites: Sites([.recordField]),
            doc: "deleting the referenced record deletes this one (CKRecord.Reference.Action.deleteSelf)"),
        Attribute(
            name: "silent", sites: Sites([.subscription]),
            doc: "the subscription's push wakes the app in the background (shouldSendContentAvailable)"),
        Attribute(
            name: "alert", sites: Sites([.subscription]), arguments: .string(optional: false),
            doc: "the subscription's push shows this alert text (alertBody)"),
        Attribute(
            name: "name", sites: Sites([.record, .recordField, .modelProperty, .keyValueKey, .subscription]),
            arguments: .string(optional: false), doc: "the CloudKit name or store key, when it differs from the Swift name"),
        Attribute(
            name: "inverse", sites: Sites([.modelProperty]), arguments: .name,
            doc: "the property on the other side of a SwiftData relationship"),
        Attribute(
            name: "deleteRule", sites: Sites([.modelProperty]),
            arguments: .word(ModelProperty.DeleteRule.allCases.map(\.rawValue)),
            doc: "what deleting the model does to the related ones"),
        Attribute(
            name: "merge", sites: Sites([.recordField]), arguments: .word(MergePolicy.allCases.map(\.rawValue)),
            doc: "how generated code resolves a conflict on this field"),
        Attribute(
            name: "deprecated", sites: Sites([.record, .enumeration, .model, .recordField, .modelProperty, .keyValueKey]),
            arguments: .string(optional: true), doc: "deprecated in generated code, with an optional message"),
    ]

    static let names = all.map(\.name)

    /// The attributes that declare a CloudKit index, in canonical order.
    static let indexes: [(name: String, index: Indexes)] = all.compactMap { row in row.index.map { (row.name, $0) } }

    private static let byName: [String: (rank: Int, attribute: Attribute)] = Dictionary(
        uniqueKeysWithValues: all.enumerated().map { ($0.element.name, ($0.offset, $0.element)) })

    /// Where an attribute may be written and what it takes; nil for unknown names.
    static func spec(_ name: String) -> Attribute? { byName[name]?.attribute }

    /// The position of an attribute in the canonical order; unknown names sort last, so
    /// formatting never hides a typo the resolver reports (the sort using it is stable).
    package static func rank(_ name: String) -> Int { byName[name]?.rank ?? all.count }

    /// The closest known attribute name, for "did you mean" hints.
    static func suggestion(for name: String) -> String? {
        Spelling.closest(to: name, among: names)
    }
}
