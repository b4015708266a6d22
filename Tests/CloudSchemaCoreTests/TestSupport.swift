import Foundation
import Testing

@testable import CloudSchemaCore

/// Loads in-memory files as one schema.
func load(_ files: [(String, String)]) -> LoadedSchema {
    SchemaLoader.load(sources: files.map { (path: $0.0, text: $0.1) })
}

/// The entitlements of an app that syncs through CloudKit. Read beside Swift models, they make
/// mirroring findings errors; without them, whether the app syncs is not known (warnings).
let cloudKitEntitlements = (
    "App.entitlements",
    #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array></dict></plist>"#
)

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

/// The one switch for every golden file: with `CLOUDSCHEMA_UPDATE_GOLDEN=1`, suites rewrite their
/// golden files from the current code instead of comparing (review the diff like code).
let updatingGoldenFiles = ProcessInfo.processInfo.environment["CLOUDSCHEMA_UPDATE_GOLDEN"] == "1"

/// Compares `actual` with the golden file at `path` (relative to the package root), or rewrites
/// the file when updating; `suite` is the `--filter` that refreshes it.
func expectGolden(
    _ actual: String, file path: String, suite: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = packageRoot.appendingPathComponent(path)
    if updatingGoldenFiles {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
        actual == expected, "\(path) differs; if intended, run CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter \(suite)",
        sourceLocation: sourceLocation)
}

/// The example schemas, one folder per app.
let exampleSchemaFolders = ["Garden", "Notes", "Catalogue"]

func loadExample(_ name: String) -> LoadedSchema {
    let folder = packageRoot.appendingPathComponent("Schemas/\(name)").path
    return SchemaLoader.load(paths: [folder])
}
