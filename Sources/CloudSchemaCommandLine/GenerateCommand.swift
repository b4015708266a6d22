import CloudSchemaCore
import Foundation

package enum GenerateCommand {
    package static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate Swift types for the record types and enums of schemas.",
        positionals: "[<paths> ...]",
        positionalHelp: "Schema files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql. (default: .)",
        options: [
            .option("output", value: "dir", "The folder to write the Swift files into (created if needed)."),
            .option(
                "access", value: "level", "Access level of generated declarations (default: config, else internal).",
                choices: GenerateConfiguration.Access.allCases.map(\.rawValue)),
            .option("templates", value: "dir", "A folder of *.template files overriding built-in templates by name."),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
            .option(
                "parts", value: "file=count",
                "How many Swift files to split a schema file's declarations into, e.g. Garden.cloudschema=4 (repeatable; default: one per started 16 KiB of schema)."
            ),
        ],
        examples: [
            "cloudschema generate Schemas --output Sources/App/Generated",
            "cloudschema generate Garden.cloudschema --output Generated --access public",
            "cloudschema generate Schemas --output Generated --templates MyTemplates",
        ],
        discussion: """
            Writes one Swift file per schema file (Garden.cloudschema -> Garden.cloudschema.swift, with the declarations read
            from it) plus CloudSchema.swift, always all of them; a file is rewritten only when its bytes change.
            A schema file over 16 KiB is split into parts (Garden.cloudschema.swift, Garden.cloudschema.2.swift, ...), each
            with an equal share of its declarations, which the compiler builds in parallel; --parts sets the count.
            Files it wrote before and no longer writes (a schema file was renamed) are removed, if unedited:
            DIR/.cloudschema-generated lists what it wrote, with a hash of the bytes.
            The schemas are linted first: errors stop generation (exit code 1), warnings are printed.
            Exit codes: 0 generated, 1 lint errors, 2 usage, config, template or I/O error.
            """)

    package static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let output = arguments.value("output") else {
            Terminal.err("error: missing '--output <dir>'\nUsage: \(spec.usage)\n")
            return 2
        }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        var loaded = SchemaLoader.load(paths: paths)
        // SQL migrations describe tables, not record types to generate Swift for.
        let inputs = loaded.sources.paths.filter { !$0.hasSuffix(".sql") && !$0.hasSuffix(".swift") }

        let parts: [String: Int]
        switch partCounts(arguments.values("parts"), inputs: inputs, sources: loaded.sources) {
        case .success(let counts): parts = counts
        case .failure(let problem):
            Terminal.err("error: \(problem.message)\nUsage: \(spec.usage)\n")
            return 2
        }
        // The output names depend only on the input names and parts: check them before anything else.
        do {
            _ = try Generator.outputNames(forInputs: inputs, parts: parts)
        } catch {
            Terminal.err("error: \(error) [\(error.id)]\n")
            return 2
        }

        // Configuration, as lint reads it: --config, else the nearest cloudschema.json per file.
        let configurations = ConfigurationSet(files: inputs, explicitPath: arguments.value("config"))
        if !configurations.diagnostics.isEmpty {
            Terminal.err(DiagnosticRenderer.text(configurations.diagnostics.sorted(), sources: loaded.sources, color: false))
            return 2
        }
        let diagnostics = Linter.lint(loaded, configuration: configurations.configuration(for:))
        if !diagnostics.isEmpty {
            // stdout, as `lint` prints them: Xcode and SwiftPM pick the lines up from build output.
            Terminal.out(DiagnosticRenderer.text(diagnostics, sources: loaded.sources, color: Terminal.stdoutSupportsColor))
            Terminal.err(DiagnosticRenderer.summary(diagnostics) + "\n")
        }
        if diagnostics.contains(where: { $0.id == .inputUnreadable }) { return 2 }
        if diagnostics.hasErrors {
            Terminal.err("error: not generating code for a schema with errors\n")
            return 1
        }
        // Only diagnostics quote the schema's text: release it (and its line index) before generating.
        loaded.sources = SourceStore()

        // Generate settings: the command line, else the config (--config, or the one the first input uses).
        let generateConfig = configurations.generateSettings(for: inputs)
        let access =
            arguments.value("access").flatMap(GenerateConfiguration.Access.init(rawValue:))
            ?? generateConfig?.access ?? .internal
        var templates = TemplateLibrary.builtIn
        if let folder = arguments.value("templates") ?? generateConfig?.templates {
            do {
                templates = try templates.overriding(withDirectory: folder)
            } catch {
                Terminal.err("\(error) [\(DiagnosticID.templateInvalid)]\n")
                return 2
            }
        }

        let report: GeneratedFileWriter.Report
        do {
            report = try write(
                loaded.schema, inputs: inputs, options: .init(access: access, templates: templates, parts: parts), to: output)
        } catch .write(let failure) {
            let problem = Diagnostic.error(.outputUnwritable, failure.description, at: nil)
            Terminal.err(DiagnosticRenderer.text([problem], sources: loaded.sources, color: false))
            return 2
        } catch {
            Terminal.err((error.description.contains(": error: ") ? "\(error)" : "error: \(error)") + " [\(error.id)]\n")
            return 2
        }
        let written = report.files.filter { $0.outcome == .written }.count
        Terminal.err(
            "Generated \(report.files.count) files in \(output) (\(written) written, \(report.files.count - written) unchanged, \(report.removed.count) stale removed).\n"
        )
        return 0
    }

    package struct UsageProblem: Error { var message: String }

    /// Each input's part count: `--parts NAME=COUNT` for the input whose file name is NAME, else
    /// one per started 16 KiB of the input's bytes.
    package static func partCounts(_ values: [String], inputs: [String], sources: SourceStore) -> Result<[String: Int], UsageProblem> {
        let byName = Dictionary(inputs.map { ((($0 as NSString).lastPathComponent), $0) }, uniquingKeysWith: { first, _ in first })
        var given: [String: Int] = [:]
        for value in values {
            guard let equals = value.lastIndex(of: "="), let count = Int(value[value.index(after: equals)...]), (1...1000).contains(count)
            else {
                return .failure(
                    UsageProblem(message: "'--parts \(value)' is not FILE=COUNT with a count from 1 to 1000, e.g. Garden.cloudschema=4"))
            }
            let name = String(value[..<equals])
            guard let path = byName[name] else {
                let known = byName.keys.sorted().joined(separator: ", ")
                return .failure(
                    UsageProblem(
                        message: "'--parts \(value)' names no schema file being generated (they are: \(known.isEmpty ? "none" : known))"))
            }
            guard given.updateValue(count, forKey: path) == nil else {
                return .failure(UsageProblem(message: "'--parts' gives \(name) more than one count"))
            }
        }
        var parts: [String: Int] = [:]
        for input in inputs {
            parts[input] = given[input] ?? Generator.partCount(schemaBytes: sources.bytes(of: input)?.count ?? 0)
        }
        return .success(parts)
    }

    /// Generates and writes each file as it is rendered, so no file's whole text is in memory.
    private static func write(
        _ schema: Schema, inputs: [String], options: Generator.Options, to output: String
    ) throws(GeneratorError) -> GeneratedFileWriter.Report {
        var writer: GeneratedFileWriter
        do throws(FileWriter.Failure) {
            writer = try GeneratedFileWriter(directory: output)
        } catch {
            throw .write(error)
        }
        try Generator.generate(schema, inputFiles: inputs, options: options, into: &writer)
        do throws(FileWriter.Failure) {
            return try writer.finish()
        } catch {
            throw .write(error)
        }
    }
}
