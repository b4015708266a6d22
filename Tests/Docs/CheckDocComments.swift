// Every public symbol of CloudSchemaRuntime has a doc comment of its own: `docc convert` has no
// warning for an undocumented symbol, so Tests/Docs/run.sh runs this over the symbol graphs
// (extracted with SPI symbols and without inherited docs).
//   swift Tests/Docs/CheckDocComments.swift SYMBOL_GRAPH_DIR
import Foundation

struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { let text: String }
            let lines: [Line]
        }
        let pathComponents: [String]
        // Symbols the compiler synthesizes or inherits (Codable, Equatable, protocol defaults)
        // have no location: they are not written in the module's sources.
        let location: Location?
        let docComment: DocComment?
    }
    let symbols: [Symbol]
}

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first, arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: swift CheckDocComments.swift SYMBOL_GRAPH_DIR\n".utf8))
    exit(2)
}
let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".symbols.json") }.sorted()
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("no symbol graphs in \(directory)\n".utf8))
    exit(2)
}
var undocumented: Set<String> = []
var checked: Set<String> = []
for file in files {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
    for symbol in try JSONDecoder().decode(SymbolGraph.self, from: data).symbols {
        guard let location = symbol.location else { continue }
        let name = symbol.pathComponents.joined(separator: ".")
        checked.insert("\(location.uri):\(location.position.line):\(name)")
        let text = symbol.docComment?.lines.map(\.text).joined().trimmingCharacters(in: .whitespaces) ?? ""
        if text.isEmpty {
            let path = URL(string: location.uri)?.path ?? location.uri
            undocumented.insert("\(path):\(location.position.line + 1): error: public '\(name)' has no doc comment")
        }
    }
}
for line in undocumented.sorted() { print(line) }
print("CheckDocComments: \(checked.count) public symbols, \(undocumented.count) without a doc comment")
exit(undocumented.isEmpty ? 0 : 1)
