import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
import Foundation

enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract:
            "Convert a CloudKit Schema Language (.ckdb) file, or SwiftData models in a .swift file, to .cloudschema on standard output.",
        positionals: "<file.ckdb | file.swift>",
        positionalHelp: "A .ckdb file, e.g. from 'cktool export-schema', or a Swift file with @Model classes; - reads standard input.",
        options: [
            .option("output", value: "file", "Write the .cloudschema to this file (atomically) instead of standard output."),
            .option(
                "write-baseline", value: "file",
                "With --output: record the lint findings of the imported schema (what production already has) in this baseline file."),
            .assumeFilename,
        ],
        examples: [
            "cloudschema import CloudKit/schema.ckdb > Schemas/App.cloudschema",
            "git show main:CloudKit/schema.ckdb | cloudschema import - > Schemas/App.cloudschema",
            "cloudschema import Sources/App/Models.swift > Schemas/App.cloudschema",
            "cloudschema import production.ckdb --output Schemas/App.cloudschema --write-baseline cloudschema-baseline.json",
        ],
        discussion: """
            Every field becomes optional (.ckdb cannot say required). A REFERENCE becomes Reference<T> when
            exactly one record type matches the field name; otherwise it stays untyped with a comment.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            Terminal.err("error: expected exactly one .ckdb file\nUsage: \(spec.usage)\n")
            return 2
        }
        if arguments.value("write-baseline") != nil && arguments.value("output") == nil {
            Terminal.err("error: --write-baseline needs --output: a baseline names the file its findings are in\nUsage: \(spec.usage)\n")
            return 2
        }
        let name = path == SchemaLoader.standardInput ? arguments.standardInputName : path
        let bytes: [UInt8]
        do {
            bytes = try SchemaLoader.read(path, as: name)
        } catch {
            Terminal.err(DiagnosticRenderer.text([error], sources: SourceStore()))
            return 2
        }
        if name.hasSuffix("." + SchemaLoader.swiftExtension) { return importSwift(bytes, name: name, arguments) }
        let result = CKDBParser.parseFile(bytes, file: name)
        var sources = SourceStore()
        sources.add(name, bytes)
        let shown = result.diagnostics.filter { $0.severity != .info }
        if !shown.isEmpty { Terminal.err(DiagnosticRenderer.text(shown, sources: sources)) }
        if result.diagnostics.hasErrors {
            Terminal.err(DiagnosticRenderer.summary(shown) + "; nothing imported\n")
            return 1
        }
        return write(CKDBImporter.importSchema(result, source: (name as NSString).lastPathComponent), arguments)
    }

    /// The models of a Swift file (and the enums they use) as `.cloudschema`.
    private static func importSwift(_ bytes: [UInt8], name: String, _ arguments: ParsedArguments) -> Int32 {
        let loaded = SchemaLoader.load(bytes: [(name, bytes)])
        if !loaded.diagnostics.isEmpty { Terminal.err(DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)) }
        if loaded.diagnostics.hasErrors {
            Terminal.err(DiagnosticRenderer.summary(loaded.diagnostics) + "; nothing imported\n")
            return loaded.schema.models.isEmpty ? 2 : 1
        }
        return write(SwiftImporter.importSchema(loaded.schema, source: (name as NSString).lastPathComponent), arguments)
    }

    /// The imported text to standard output or `--output`; with `--write-baseline`, the
    /// findings `lint` reports for that file, so adopting a production schema starts clean.
    private static func write(_ text: String, _ arguments: ParsedArguments) -> Int32 {
        guard let output = arguments.value("output") else {
            Terminal.out(text)
            return 0
        }
        do throws(FileWriter.Failure) {
            try FileWriter.write(Array(text.utf8), to: output)
            guard let path = arguments.value("write-baseline") else { return 0 }
            let loaded = SchemaLoader.load(bytes: [(output, Array(text.utf8))])
            let configurations = ConfigurationSet(files: [output], explicitPath: nil, readingBaselines: false)
            let baseline = Baseline(path: path, findings: Linter.lint(loaded, configuration: configurations.configuration(for:)))
            try baseline.write()
            let count = baseline.counts.values.reduce(0, +)
            Terminal.err("\(path): recorded \(count) finding\(count == 1 ? "" : "s") of \(output)\n")
            return 0
        } catch {
            Terminal.err("cloudschema: error: \(error) [\(DiagnosticID.outputUnwritable)]\n")
            return 2
        }
    }
}
