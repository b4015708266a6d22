/// A model property (`ModelPropertyViewModel`).
public struct ModelPropertyViewModel: Sendable {
    public var name: String
    public var swiftName: String
    public var type: String
    /// The default as a Swift expression that states its type (the `@Model` macro copies it
    /// into untyped schema metadata): `Foundation.Date.now`, `PlantStatus.growing`, `0.0`.
    public var defaultValue: String?
    /// The init parameter's default: `defaultValue`, `nil` for optionals, or nil.
    public var initDefault: String?
    /// The whole `@Attribute(...)`, `@Relationship(...)` or `@Transient` line, or nil.
    public var attribute: String?
    public var doc: String?
    public var deprecation: DeprecationViewModel?

    init(_ property: ModelProperty, names: SchemaNames, schema: Schema) {
        name = property.name
        swiftName = SwiftNaming.identifier(property.name)
        let wrapped = names.swiftType(property.type)
        // SwiftData requires relationships to CloudKit-synced models to be optional; the schema says so.
        type = property.isOptional ? wrapped + "?" : wrapped
        defaultValue = property.defaultValue.map { names.typedLiteral($0, type: property.type) }
        initDefault = defaultValue ?? (property.isOptional ? "nil" : nil)
        // A doc note, not `@available`: the `@Model` expansion uses every stored property.
        doc = names.doc(property.doc, deprecation: property.deprecation, usable: false)
        deprecation = nil
        let original = property.originalName.map { "originalName: " + SwiftNaming.stringLiteral($0) }
        if property.isTransient {
            attribute = "@Transient"
        } else if let target = property.type.relationshipTarget {
            var arguments: [String] = []
            if let rule = property.deleteRule { arguments.append("deleteRule: ." + rule.rawValue) }
            if let original { arguments.append(original) }
            if let inverse = property.inverse {
                arguments.append("inverse: \\" + names.typeName(target) + "." + SwiftNaming.identifier(inverse))
            }
            attribute = arguments.isEmpty ? nil : "@Relationship(" + arguments.joined(separator: ", ") + ")"
        } else {
            var arguments: [String] = []
            if property.isUnique { arguments.append(".unique") }
            if property.isExternalStorage { arguments.append(".externalStorage") }
            if property.isEncrypted { arguments.append(".allowsCloudEncryption") }
            if let original { arguments.append(original) }
            attribute = arguments.isEmpty ? nil : "@Attribute(" + arguments.joined(separator: ", ") + ")"
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "type": .string(type),
            "defaultValue": defaultValue.map(TemplateValue.string) ?? .null,
            "initDefault": initDefault.map(TemplateValue.string) ?? .null,
            "attribute": attribute.map(TemplateValue.string) ?? .null,
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
        ]
    }
}
