/// A SwiftData `model` (`ModelViewModel`).
public struct ModelViewModel: Sendable {
    public var name: String
    public var swiftName: String
    public var doc: String?
    public var deprecation: DeprecationViewModel?
    public var properties: [ModelPropertyViewModel]
    /// `#Unique` arguments, one key-path list per constraint: `[\.name]`.
    public var uniqueConstraints: [String]
    public var sourcePath: String?

    init(_ model: Model, names: SchemaNames, schema: Schema) {
        name = model.name
        swiftName = names.typeName(model.name)
        // Deprecation is a doc note, never `@available`: the model stays in the store's schema
        // (`SchemaModels.types`) and other models' relationships, which would then warn.
        doc = names.doc(model.doc, deprecation: model.deprecation, usable: false)
        deprecation = nil
        sourcePath = model.spans.range?.file ?? model.spans.name?.file
        properties = model.properties.map { ModelPropertyViewModel($0, names: names, schema: schema) }
        uniqueConstraints = model.uniqueConstraints.map { keys in
            "[" + keys.map { "\\." + SwiftNaming.identifier($0) }.joined(separator: ", ") + "]"
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
            "properties": .array(properties.map(\.templateValue)),
            "uniqueConstraints": .array(uniqueConstraints.map(TemplateValue.string)),
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
        ]
    }
}
