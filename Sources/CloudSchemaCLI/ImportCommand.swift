import CloudSchemaCore
import Foundation

enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract:
            "Convert a CloudKit Schema Language (.ckdb) file, or SwiftData models in a .swift file, to .cloudschema on standard output.",
        positionals: "<file.ckdb | file.swift>",
        positionalHelp: "A .ckdb file, e.g. from 'cktool export-schema', or a Swift file with @Model classes; - reads standard input.",
        options: [.assumeFilename],
        examples: [
            "cloudschema import CloudKit/schema.ckdb > Schemas/App.cloudschema",
            "git show main:CloudKit/schema.ckdb | cloudschema import - > Schemas/App.cloudschema",
            "cloudschema import Sources/App/Models.swift > Schemas/App.cloudschema",
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
        let name = path == SchemaLoader.standardInput ? arguments.standardInputName : path
        let bytes: [UInt8]
        do {
            bytes = try SchemaLoader.read(path, as: name)
        } catch {
            Terminal.err(DiagnosticRenderer.text([error], sources: SourceStore()))
            return 2
        }
        if name.hasSuffix("." + SchemaLoader.swiftExtension) { return importSwift(bytes, name: name) }
        let result = CKDBParser.parseFile(bytes, file: name)
        var sources = SourceStore()
        sources.add(name, bytes)
        let shown = result.diagnostics.filter { $0.severity != .info }
        if !shown.isEmpty { Terminal.err(DiagnosticRenderer.text(shown, sources: sources)) }
        if result.diagnostics.hasErrors {
            Terminal.err(DiagnosticRenderer.summary(shown) + "; nothing imported\n")
            return 1
        }
        Terminal.out(CKDBImporter.importSchema(result, source: (name as NSString).lastPathComponent))
        return 0
    }

    /// The models of a Swift file (and the enums they use) as `.cloudschema`.
    private static func importSwift(_ bytes: [UInt8], name: String) -> Int32 {
        let loaded = SchemaLoader.load(bytes: [(name, bytes)])
        if !loaded.diagnostics.isEmpty { Terminal.err(DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)) }
        if loaded.diagnostics.hasErrors {
            Terminal.err(DiagnosticRenderer.summary(loaded.diagnostics) + "; nothing imported\n")
            return loaded.schema.models.isEmpty ? 2 : 1
        }
        Terminal.out(SwiftImporter.importSchema(loaded.schema, source: (name as NSString).lastPathComponent))
        return 0
    }
}
