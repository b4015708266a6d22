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
    let source: TemplateSource
    let nodes: [TemplateNode]

    /// Parses `text`; throws the first syntax error. `path` defaults to `name`.
    public init(_ text: String, name: String = "template", path: String? = nil) throws(TemplateError) {
        self.name = name
        self.path = path ?? name
        self.source = TemplateSource(text: text, name: name, path: path ?? name)
        var parser = try TemplateParser(source: source)
        self.nodes = try parser.parse()
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
        // The renderer lives only for this call, so `write` never outlives it.
        try withoutActuallyEscaping(write) { write in
            Result { () throws(TemplateError) in
                try TemplateRenderer(library: library, context: context, write: write).render(self)
            }
        }.get()
    }
}
