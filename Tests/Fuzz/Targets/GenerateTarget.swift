import CloudSchemaCore

extension FuzzTarget {
    /// A schema that resolves without errors, optionally followed (`---8<---`) by a template
    /// override: its first line names the template (`Record.swift.template`), the rest is its
    /// text. Generating never crashes, and generating twice gives the same files or the same error.
    static let generate = FuzzTarget(name: "generate") { bytes in
        let parts = parts(bytes)
        let file = fileName(for: parts[0])
        let loaded = SchemaLoader.load(bytes: [(file, parts[0])])
        if loaded.diagnostics.hasErrors { return nil }
        var templates = TemplateLibrary.builtIn
        if parts.count > 1 {
            let lines = parts[1].split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(decoding: lines[0], as: UTF8.self)
            let text = lines.count > 1 ? String(decoding: lines[1], as: UTF8.self) : ""
            templates = templates.overriding(with: [name: .init(text: text, path: "Fuzz/\(name)")])
        }
        func run() -> String {
            do {
                let files = try Generator.generate(loaded.schema, inputFiles: [file], options: .init(access: .public, templates: templates))
                return files.map { "\($0.name)\n\($0.contents)" }.joined(separator: "\n")
            } catch {
                return "error: \(error)"
            }
        }
        return run() == run() ? nil : "generating twice gave different output"
    }
}
