/// One parsed template, ready to render.
///
/// ```swift
/// let template = try Template("struct {{ name | upperCamel }} {}\n", name: "Example.swift.template")
/// let swift = try template.render(["name": "garden_bed"])   // "struct GardenBed {}\n"
/// ```
///
/// Usually you render through a `TemplateLibrary`, which finds templates by
/// name and resolves `{% include %}`.
///
/// ## Syntax
///
/// | | |
/// |---|---|
/// | `{{ expr }}` | output; `{{ expr \| filter \| filter:arg,arg }}` pipes it through filters (see `TemplateFilter`) |
/// | `{% if expr %}…{% elif expr %}…{% else %}…{% endif %}` | conditions with `not`, `and`, `or`, `==`, `!=`, parentheses |
/// | `{% for x in list %}…{% else %}…{% endfor %}` | loop; `else` renders for an empty list or null; `loop.index` (from 1), `loop.index0`, `loop.first`, `loop.last`, `loop.length`, `loop.parent` |
/// | `{% include "Name.swift.template" %}` | renders another template with the current variables |
/// | `{# comment #}` | nothing |
/// | `{%-` `-%}` `{{-` `-}}` `{#-` `-#}` | trim all whitespace on that side, line breaks included |
///
/// Expressions: variables, members (`field.swiftName`, `fields.count`,
/// `name.isEmpty`), strings in `"` or `'` (escapes `\n \t \\ \" \'`),
/// integers, `true`, `false`, `null`. A line holding only `{% %}` tags and
/// comments disappears with its line break (see `TemplateLexer` for the exact
/// rules). To output `{{` literally, write `{{ "{{" }}`.
///
/// Errors carry the template's path and the 1-based line and UTF-8 column.
public struct Template: Sendable {
    /// The name the template is found by, for example `Header.swift.template`.
    public let name: String
    /// The path error messages show.
    public let path: String
    /// Parsed and flattened once, here: rendering only walks it.
    let compiled: CompiledTemplate
    /// The same template written in Swift, for a built-in whose text is unchanged (see `NativeTemplates`).
    let native: NativeTemplate?

    /// Parses `text`; throws the first syntax error. `path` defaults to `name`.
    public init(_ text: String, name: String = "template", path: String? = nil) throws(TemplateError) {
        self.name = name
        self.path = path ?? name
        let source = TemplateSource(text: text, name: name, path: path ?? name)
        var parser = try TemplateParser(source: source)
        self.compiled = CompiledTemplate(try parser.parse(), source: source)
        self.native = NativeTemplates.native(name: name, text: text)
    }

    /// Renders with `context` as the variables; `{% include %}` looks templates up in `library`.
    public func render(
        _ context: [String: TemplateValue], library: TemplateLibrary = TemplateLibrary()
    ) throws(TemplateError) -> String {
        var output = ""
        try render(context, library: library) { output += $0 }
        return output
    }

    /// Renders, handing the text to `write` in consecutive pieces of about 64 KB as it is made,
    /// so a large output never exists as one string.
    public func render(
        _ context: [String: TemplateValue], library: TemplateLibrary = TemplateLibrary(), into write: (String) -> Void
    ) throws(TemplateError) {
        try render(context, templates: ParsedTemplates(library), into: write)
    }

    /// Renders with includes taken from `templates`, which keeps what it parses for the next
    /// call (the generator renders every file of a run from one).
    func render(_ context: [String: TemplateValue], templates: ParsedTemplates, into write: (String) -> Void) throws(TemplateError) {
        try render(context, templates: templates) { (utf8: UnsafeBufferPointer<UInt8>) in write(String(decoding: utf8, as: UTF8.self)) }
    }

    /// The same, handing on the UTF-8 bytes, valid only during each call of `write` (the
    /// generator writes them to a file as they are: no string is made of them).
    func render(
        _ context: [String: TemplateValue], templates: ParsedTemplates, into write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(TemplateError) {
        // The renderer lives only for this call, so `write` never outlives it.
        try withoutActuallyEscaping(write) { write in
            Result { () throws(TemplateError) in
                var renderer = TemplateRenderer(templates: templates, context: context, write: write)
                try renderer.render(self)
            }
        }.get()
    }
}

/// The templates of a library, each parsed when first asked for and kept: rendering many files
/// from one library parses every template once.
final class ParsedTemplates {
    let library: TemplateLibrary
    /// By the name asked for and by the name it resolved to.
    private var parsed: [String: Template] = [:]

    init(_ library: TemplateLibrary) {
        self.library = library
    }

    /// The template called `name` (see `TemplateLibrary.resolve(_:)`), or nil when there is none.
    func template(named name: String) throws(TemplateError) -> Template? {
        if let template = parsed[name] { return template }
        guard let resolved = library.resolve(name) else { return nil }
        let template: Template
        if let known = parsed[resolved] {
            template = known
        } else {
            template = try library.template(named: resolved)
        }
        parsed[name] = template
        parsed[resolved] = template
        return template
    }
}
