/// `cloudschema import Models.swift`: the `.cloudschema` declarations of the `@Model` classes
/// (and the enums they use) read from Swift, laid out as `cloudschema format` writes them.
public enum SwiftImporter {
    public static func importSchema(_ schema: Schema, source: String? = nil) -> String {
        var blocks: [String] = []
        // Source order: enums and models as the Swift files declare them.
        let position = { (spans: SourceSpans) in (spans.range?.file ?? "", spans.range?.start.offset ?? Int.max) }
        var declarations: [((String, Int), String)] = []
        for enumType in schema.enums { declarations.append((position(enumType.spans), text(enumType))) }
        for model in schema.models { declarations.append((position(model.spans), text(model))) }
        declarations.sort { $0.0 < $1.0 }
        if let source { blocks.append("// Imported from \(source) by `cloudschema import`.") }
        blocks += declarations.map(\.1)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func doc(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? indent + "///\n" : indent + "/// " + $0 + "\n"
        }.joined()
    }

    private static func text(_ enumType: EnumType) -> String {
        var out = doc(enumType.doc, indent: "") + "enum \(SchemaText.name(enumType.name)): \(enumType.rawType.rawValue) {\n"
        for item in enumType.cases {
            out += doc(item.doc, indent: "    ") + "    \(SchemaText.name(item.name))"
            switch item.rawValue {
            case .string(let value) where value == item.name: break
            case .string(let value): out += " = \(SchemaText.stringLiteral(value))"
            case .int64(let value): out += " = \(value)"
            }
            out += "\n"
        }
        return out + "}"
    }

    private static func text(_ model: Model) -> String {
        var header = "model \(SchemaText.name(model.name))"
        for constraint in model.uniqueConstraints { header += " @unique(\(constraint.map(SchemaText.name).joined(separator: ", ")))" }
        var out = doc(model.doc, indent: "") + header + " {\n"
        for property in model.properties {
            var line = "    \(SchemaText.name(property.name)): \(property.type)\(property.isOptional ? "?" : "")"
            if let value = property.defaultValue { line += " = \(value)" }
            var attributes: [(String, String)] = []
            if property.isUnique { attributes.append(("unique", "@unique")) }
            if property.isTransient { attributes.append(("transient", "@transient")) }
            if property.type.isCodable { attributes.append(("codable", "@codable")) }
            if property.isExternalStorage { attributes.append(("externalStorage", "@externalStorage")) }
            if property.isEncrypted { attributes.append(("encrypted", "@encrypted")) }
            if let name = property.originalName { attributes.append(("name", "@name(\(SchemaText.stringLiteral(name)))")) }
            if let inverse = property.inverse { attributes.append(("inverse", "@inverse(\(SchemaText.name(inverse)))")) }
            if let rule = property.deleteRule { attributes.append(("deleteRule", "@deleteRule(\(rule.rawValue))")) }
            attributes.sort { AttributeCatalog.rank($0.0) < AttributeCatalog.rank($1.0) }
            var text = ([line] + attributes.map(\.1)).joined(separator: " ")
            // A Swift initial value the schema cannot state (`= Limits.defaultCount`): say so, as .cloudschema has no such default.
            if property.hasUnstatedDefault && !property.isOptional {
                text += " // the Swift initial value is not a schema value: write one"
            }
            out += doc(property.doc, indent: "    ") + text + "\n"
        }
        return out + "}"
    }
}
