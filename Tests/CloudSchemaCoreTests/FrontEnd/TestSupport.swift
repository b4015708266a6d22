import Foundation
import Testing

@testable import CloudSchemaCore

/// Loads in-memory files as one schema.
func load(_ files: [(String, String)]) -> LoadedSchema {
    SchemaLoader.load(sources: files.map { (path: $0.0, text: $0.1) })
}

func load(_ text: String, file: String = "a.cloudschema") -> LoadedSchema {
    load([(file, text)])
}

/// Each diagnostic as `ID line:col-line:col`, the compact form the tests compare.
func findings(_ text: String, file: String = "a.cloudschema") -> [String] {
    load(text, file: file).diagnostics.map(\.compact)
}

func findings(_ files: [(String, String)]) -> [String] {
    load(files).diagnostics.map(\.compact)
}

extension Diagnostic {
    var compact: String {
        guard let r = range else { return id.rawValue }
        return "\(id) \(r.start.line):\(r.start.column)-\(r.end.line):\(r.end.column)"
    }
}

/// The package root, found from this file's path (Tests/CloudSchemaCoreTests/...).
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url.deleteLastPathComponent()
    }
    return url
}()

/// The example schemas, one folder per app.
let exampleSchemaFolders = ["Garden", "Notes", "Catalogue"]

func loadExample(_ name: String) -> LoadedSchema {
    let folder = packageRoot.appendingPathComponent("Schemas/\(name)").path
    return SchemaLoader.load(paths: [folder])
}
