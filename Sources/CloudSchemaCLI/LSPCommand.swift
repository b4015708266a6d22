import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
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
            one schema. Editors start it; Editors/vscode is an extension that does. It exits when the process \\
            named by initialize's processId ends.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        LanguageServer.serve(
            read: {
                let data = FileHandle.standardInput.availableData
                return data.isEmpty ? nil : [UInt8](data)
            },
            hasInput: LanguageServer.standardInputHasData,
            write: { FileHandle.standardOutput.write(Data($0)) })
    }
}
