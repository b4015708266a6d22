import CloudSchemaCore
import Foundation

enum LSPCommand {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run the Language Server Protocol server on standard input and output (for editors).",
        positionals: "",
        positionalHelp: "",
        options: [],
        examples: ["cloudschema lsp"],
        discussion: """
            Serves .cloudschema and .ckdb documents: lint diagnostics on open and change, formatting, hover, \\
            go to definition, document symbols and completion. The schema files of a document's folder form \\
            one schema. Editors start it; Editors/vscode is an extension that does.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        LanguageServer.serve(
            read: {
                let data = FileHandle.standardInput.availableData
                return data.isEmpty ? nil : [UInt8](data)
            },
            write: { FileHandle.standardOutput.write(Data($0)) })
    }
}
