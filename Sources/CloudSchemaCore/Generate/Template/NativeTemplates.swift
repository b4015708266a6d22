/// A built-in template written in Swift: it renders what its template text would, byte for byte,
/// or returns false, having written nothing, when the variables are not the generator's (a
/// user's template that includes it with variables of its own), and the text is interpreted.
typealias NativeTemplate = @Sendable (inout TemplateRenderer, CompiledTemplate, inout TemplateText) throws(TemplateError) -> Bool

/// The built-in templates rendered in Swift: those run once per record type, which are most of a
/// large schema's output, and where interpreting cost a member read (~150 instructions) for each
/// of a few dozen `{{ }}` and `{% if %}` per field. A template is rendered natively only while its
/// text is the built-in's: an override of it is interpreted, and includes (overridden or not)
/// are rendered through the renderer, so user templates work as before.
enum NativeTemplates {
    /// The Swift rendering of the template `name` when `text` is that built-in's text.
    static func native(name: String, text: String) -> NativeTemplate? {
        guard let native = byName[name], EmbeddedTemplates.all[name] == text else { return nil }
        return native
    }

    private static let byName: [String: NativeTemplate] = [
        "Record.swift.template": RecordTemplates.record,
        "RecordProperty.swift.template": RecordTemplates.property,
        "RecordEncode.swift.template": RecordTemplates.encode,
        "RecordDecode.swift.template": RecordTemplates.decode,
        "RecordQuery.swift.template": RecordTemplates.query,
        "RecordMerge.swift.template": RecordTemplates.merge,
    ]
}

extension TemplateText {
    /// `{{ text | swiftStringLiteral }}`.
    mutating func appendStringLiteral(_ text: String) {
        write("\"")
        append(SwiftNaming.stringLiteralBody(text))
        write("\"")
    }

    /// A literal's bytes, with no string to look into (most of what these templates write).
    mutating func write(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }
}

/// A template's `{% if x %}` of an optional string: present and not empty.
func isTruthy(_ text: String?) -> Bool {
    guard let text else { return false }
    return !text.isEmpty
}
