import Foundation

/// Templates by name: the built-ins, optionally overridden from a user's folder.
///
/// ```swift
/// // Built-ins only:
/// let swift = try TemplateLibrary.builtIn.render("Header.swift.template", context: ["sourceFile": "Garden.cloudschema"])
/// // `--templates MyTemplates` (or config `generate.templates`):
/// let library = try TemplateLibrary.builtIn.overriding(withDirectory: "MyTemplates")
/// ```
///
/// A template's name is its file name, `Record.swift.template`; `render` and
/// `{% include %}` also accept it without the `.template` extension.
public struct TemplateLibrary: Sendable {
    /// One template's text and where it came from.
    public struct Entry: Sendable, Equatable {
        public var text: String
        /// The path error messages show: `Templates/Record.swift.template` for a
        /// built-in, the file in the user's folder for an override.
        public var path: String

        public init(text: String, path: String) {
            self.text = text
            self.path = path
        }
    }

    /// Name → entry.
    public private(set) var entries: [String: Entry]

    /// A library of the given templates (name → text), shown in messages as `pathPrefix` + name.
    public init(_ templates: [String: String] = [:], pathPrefix: String = "") {
        entries = templates.mapValues { Entry(text: $0, path: "") }
        for name in entries.keys { entries[name]!.path = pathPrefix + name }
    }

    /// The templates of CloudSchema's `Templates/` folder, compiled in
    /// (`EmbeddedTemplates.swift`, refreshed by `swift run embed-templates`);
    /// nothing is read from disk, so they are there in the command, in plugins
    /// and in packages that depend on CloudSchema.
    public static let builtIn = TemplateLibrary(EmbeddedTemplates.all, pathPrefix: "Templates/")

    /// All names, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// The name a template is stored under: `name` itself, or `name + ".template"`.
    public func resolve(_ name: String) -> String? {
        if entries[name] != nil { return name }
        if entries[name + ".template"] != nil { return name + ".template" }
        return nil
    }

    /// This library with `overrides` (name → entry) replacing or adding templates.
    public func overriding(with overrides: [String: Entry]) -> TemplateLibrary {
        var copy = self
        copy.entries.merge(overrides) { _, new in new }
        return copy
    }

    /// This library with every `*.template` file directly in `directory`
    /// replacing the template of the same file name. Other files and
    /// subfolders are ignored. A file that matches no template here is
    /// added (so overrides can include helper templates of their own) when
    /// `allowNewTemplates` is true, and is an error otherwise, which catches
    /// misspelt overrides. Messages show `directory/Name.template`.
    public func overriding(withDirectory directory: String, allowNewTemplates: Bool = true) throws(TemplateError) -> TemplateLibrary {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(template: "", path: directory, line: 0, column: 0, message: "templates folder not found")
        }
        let files: [String]
        do {
            files = try fileManager.contentsOfDirectory(atPath: directory)
        } catch {
            throw TemplateError(
                template: "", path: directory, line: 0, column: 0, message: "cannot list templates folder: \(error.localizedDescription)")
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        var overrides: [String: Entry] = [:]
        for name in files.sorted() where name.hasSuffix(".template") && !name.hasPrefix(".") {
            let path = folder + name
            if !allowNewTemplates && entries[name] == nil {
                throw TemplateError(
                    template: name, path: path, line: 0, column: 0,
                    message: "'\(name)' is not the name of a built-in template (\(names.joined(separator: ", ")))")
            }
            guard let data = fileManager.contents(atPath: path) else {
                throw TemplateError(template: name, path: path, line: 0, column: 0, message: "cannot read template")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw TemplateError(template: name, path: path, line: 0, column: 0, message: "template is not UTF-8 text")
            }
            overrides[name] = Entry(text: text, path: path)
        }
        return overriding(with: overrides)
    }

    /// The parsed template called `name` (see `resolve(_:)`).
    public func template(named name: String) throws(TemplateError) -> Template {
        guard let resolved = resolve(name), let entry = entries[resolved] else { throw Self.notFound(name) }
        return try Template(entry.text, name: resolved, path: entry.path)
    }

    /// The error for asking for a template the library doesn't have.
    static func notFound(_ name: String) -> TemplateError {
        TemplateError(template: name, path: name, line: 0, column: 0, message: "no template named '\(name)'")
    }

    /// Renders the template called `name` with `context` as its variables.
    public func render(_ name: String, context: [String: TemplateValue]) throws(TemplateError) -> String {
        try template(named: name).render(context, library: self)
    }
}
