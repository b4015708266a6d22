import Foundation
import Testing

@testable import CloudSchemaCore

/// The `.ckdb` files the CKDB tests read: this repository's fixtures (Tests/Fixtures/ckdb,
/// written for these tests), plus real-world files named by `Tests/Corpus/run.sh` in the
/// environment (`CLOUDSCHEMA_CKDB_FILES`, one path a line), which `swift test` alone never reads.
enum Corpus {
    struct File: Sendable, CustomTestStringConvertible {
        var path: String
        /// Written by `cktool export-schema`, so export must reproduce it byte for byte.
        var isExport: Bool
        var name: String { (path as NSString).lastPathComponent }
        var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }
        var text: String { String(decoding: bytes, as: UTF8.self) }
        var testDescription: String { name }
    }

    /// `<package root>/Tests/Fixtures/ckdb`, found from this file's path.
    static let fixtureFolder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ckdb")

    /// The fixtures; a fixture named `export-*` has the exact layout of a cktool export.
    static let fixtures: [File] = ["export-shared-journal.ckdb", "handwritten-garden.ckdb", "minimal.ckdb"].map {
        File(path: fixtureFolder.appendingPathComponent($0).path, isExport: $0.hasPrefix("export-"))
    }

    /// The fixtures, then the real-world files (`CLOUDSCHEMA_CKDB_EXPORTS` marks exports).
    static let files: [File] = {
        let environment = ProcessInfo.processInfo.environment
        func paths(_ key: String) -> [String] { (environment[key] ?? "").split(separator: "\n").map(String.init) }
        let exports = Set(paths("CLOUDSCHEMA_CKDB_EXPORTS"))
        return fixtures + paths("CLOUDSCHEMA_CKDB_FILES").map { File(path: $0, isExport: exports.contains($0)) }
    }()

    static func fixture(_ name: String) -> File {
        fixtures.first { $0.name == name } ?? File(path: fixtureFolder.appendingPathComponent(name).path, isExport: false)
    }

    /// A "schema.ckdb" that is really Swift source, as found in the wild (ivan-wize/Plenty).
    static let fakeSwiftCKDB = """
        //
        //  CloudKitSchema.ckdb
        //  Plenty
        //
        //  Created by someone on 1/2/25.
        //

        import Foundation

        struct CloudKitSchema {
            static let recordTypes: [String] = ["Account", "Transaction"]
            func fields(for type: String) -> [String: String] { [:] }
            var isEmpty: Bool { recordTypes.isEmpty && 1 < 2 }
        }

        """
}

/// An independent, deliberately naive reading of a well-formed `.ckdb` file (comments, `#` lines too, stripped,
/// statements split at `;`, items at `,`), to check the parser against something it did not compute.
struct NaiveScan {
    struct Item { var name: String; var type: String; var options: Set<String> }
    struct Record { var name: String; var fields: [Item]; var grants: [(role: String, permissions: Set<String>)] }
    var roles: [String] = []
    var records: [Record] = []

    init(_ text: String) {
        var stripped = ""
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("//") || rest.hasPrefix("--") || rest.hasPrefix("#") {
                i = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                i = rest.range(of: "*/")?.upperBound ?? text.endIndex
                stripped += " "
            } else {
                stripped.append(text[i])
                i = text.index(after: i)
            }
        }
        func unquoted(_ word: some StringProtocol) -> String { word.replacingOccurrences(of: "\"", with: "") }
        for statement in stripped.split(separator: ";") {
            // Keywords in any case; names as written.
            let words = statement.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            let upper = words.map { $0.uppercased() }
            guard let createAt = upper.firstIndex(where: { $0 == "CREATE" || $0 == "RECORD" }) else { continue }
            if upper[createAt] == "CREATE" {
                roles.append(unquoted(words[createAt + 2]))
                continue
            }
            let name = unquoted(words[createAt + 2].prefix { $0 != "(" })
            guard let open = statement.firstIndex(of: "("), let close = statement.lastIndex(of: ")") else { continue }
            var record = Record(name: name, fields: [], grants: [])
            var grantWords: [String] = []
            for part in statement[statement.index(after: open)..<close].split(separator: ",") {
                let tokens = part.split(whereSeparator: { $0.isWhitespace }).map(String.init)
                guard let first = tokens.first else { continue }
                if first.uppercased() == "GRANT" || !grantWords.isEmpty {
                    // A grant may span several comma-separated parts: GRANT READ, CREATE TO x.
                    grantWords += tokens.map { $0.uppercased() == "TO" || $0.uppercased() == "GRANT" ? $0.uppercased() : $0 }
                    if let to = grantWords.firstIndex(of: "TO") {
                        let permissions = grantWords[..<to].filter { $0 != "GRANT" }.map { $0.uppercased() }
                        record.grants.append((role: unquoted(grantWords[to + 1]), permissions: Set(permissions)))
                        grantWords = []
                    }
                    continue
                }
                let options: Set<String> = ["QUERYABLE", "SORTABLE", "SEARCHABLE"]
                let rest = tokens.dropFirst().map { $0.uppercased() }
                record.fields.append(
                    Item(
                        name: unquoted(first), type: rest.filter { !options.contains($0) }.joined(separator: " "),
                        options: Set(rest.filter { options.contains($0) })))
            }
            records.append(record)
        }
    }
}

extension Schema {
    /// `exported`, a parse of this schema's export, less what export adds to a hand-written
    /// file: the `Users` record type and the default grants on record types without grants.
    func withoutExportAdditions(_ exported: Schema) -> Schema {
        var expected = exported
        if !recordTypes.contains(where: { $0.cloudKitName == "Users" }) { expected.recordTypes.removeAll { $0.cloudKitName == "Users" } }
        for i in expected.recordTypes.indices where record(cloudKitName: expected.recordTypes[i].cloudKitName)?.grants.isEmpty == true {
            expected.recordTypes[i].grants = []
        }
        return expected
    }

    private func record(cloudKitName: String) -> RecordType? { recordTypes.first { $0.cloudKitName == cloudKitName } }
}
