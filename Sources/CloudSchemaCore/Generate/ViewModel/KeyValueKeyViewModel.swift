/// One key of a `keyvalue` declaration (`KeyValueKeyViewModel`).
public struct KeyValueKeyViewModel: Sendable {
    public var name: String
    /// The key in the store.
    public var key: String
    public var swiftName: String
    public var caseName: String
    public var caseNeedsRawValue: Bool
    public var wrappedType: String
    public var isOptional: Bool
    public var defaultValue: String?
    public var doc: String?
    public var deprecation: DeprecationViewModel?

    init(_ key: KeyValueKey, base: String, names: SchemaNames) {
        name = key.name
        self.key = key.key
        swiftName = SwiftNaming.identifier(base)
        caseName = swiftName
        caseNeedsRawValue = base != key.key
        wrappedType = names.swiftType(key.type)
        isOptional = key.isOptional
        defaultValue = key.defaultValue.map { names.literal($0, type: key.type) }
        doc = key.doc
        deprecation = key.deprecation.map { DeprecationViewModel(message: $0.message) }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "key": .string(key),
            "swiftName": .string(swiftName),
            "caseName": .string(caseName),
            "caseNeedsRawValue": .bool(caseNeedsRawValue),
            "type": .string(isOptional ? wrappedType + "?" : wrappedType),
            "wrappedType": .string(wrappedType),
            "isOptional": .bool(isOptional),
            "defaultValue": defaultValue.map(TemplateValue.string) ?? .null,
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
        ]
    }
}
