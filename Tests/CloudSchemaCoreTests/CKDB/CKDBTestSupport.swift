import Foundation
import Testing

@testable import CloudSchemaCore

enum Corpus {
    /// `<package root>/../shared/corpus/ckdb`, found from this file's path.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/ckdb")

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

    /// Every corpus file with the record-type count, roles and README facts, written by hand.
    static let files: [(name: String, recordTypes: Int, roles: [String])] = [
        ("alan9259__keel__schema.ckdb", 14, []),
        ("FreeScoopDev__Wockett__schema.ckdb", 17, ["TrailPublisher", "Moderator"]),
        ("boyugou__lorvex__schema.ckdb", 9, []),
        ("ajsutton__moolah-native__schema.ckdb", 13, []),
        ("leewchaha__pangsai-ios__schema.ckdb", 20, []),
        ("robbiet480__Dispatch__schema.ckdb", 10, ["moderator"]),
        ("PndaMan__Currents__schema.ckdb", 15, []),
        ("Vardaan-Grover__fathom_ios__schema.ckdb", 12, []),
        ("brightdigit__MistKit__schema.ckdb", 3, []),
        ("Tom4259__SwiftUIFeatureBugReport__Schema.ckdb", 9, ["dev"]),
        ("pagoda8__Walking-Buddy__cloudkit-schema.ckdb", 9, []),
        ("timfallmk__i-need-attention__cloudkit-schema.ckdb", 5, []),
        ("ziadmyassine__luna-browser__Schema.ckdb", 8, []),
        ("hnaht95__Pay__schema.ckdb", 5, []),
        ("Mwixie__storyline-studio__cloudkit-schema.ckdb", 2, []),
    ]

    static let names: [String] = files.map(\.name)

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }

    static func text(_ name: String) -> String { String(decoding: bytes(name), as: UTF8.self) }
}

/// An independent, deliberately naive reading of a well-formed `.ckdb` file (comments stripped,
/// statements split at `;`, items at `,`), to check the parser against something it did not compute.
struct NaiveScan {
    struct Item { var name: String; var type: String; var options: Set<String> }
    struct Record { var name: String; var fields: [Item]; var grants: [String: Set<String>] }
    var roles: [String] = []
    var records: [Record] = []

    init(_ text: String) {
        var stripped = ""
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("//") || rest.hasPrefix("--") {
                i = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                i = rest.range(of: "*/")?.upperBound ?? text.endIndex
                stripped += " "
            } else {
                stripped.append(text[i])
                i = text.index(after: i)
            }
        }
        for statement in stripped.split(separator: ";") {
            let words = statement.split(whereSeparator: { $0.isWhitespace })
            guard let createAt = words.firstIndex(where: { $0 == "CREATE" || $0 == "RECORD" }) else { continue }
            if words[createAt] == "CREATE" {
                roles.append(String(words[createAt + 2]))
                continue
            }
            let name = String(words[createAt + 2]).replacingOccurrences(of: "(", with: "")
            guard let open = statement.firstIndex(of: "("), let close = statement.lastIndex(of: ")") else { continue }
            var record = Record(name: name, fields: [], grants: [:])
            var grantWords: [String] = []
            for part in statement[statement.index(after: open)..<close].split(separator: ",") {
                let tokens = part.split(whereSeparator: { $0.isWhitespace }).map(String.init)
                guard let first = tokens.first else { continue }
                if first == "GRANT" || !grantWords.isEmpty {
                    // A grant may span several comma-separated parts: GRANT READ, CREATE TO x.
                    grantWords += tokens
                    if let to = grantWords.firstIndex(of: "TO") {
                        let role = grantWords[to + 1].replacingOccurrences(of: "\"", with: "")
                        let permissions = grantWords[..<to].filter { $0 != "GRANT" }
                        record.grants[role, default: []].formUnion(permissions)
                        grantWords = []
                    }
                    continue
                }
                let fieldName = first.replacingOccurrences(of: "\"", with: "")
                let options: Set<String> = ["QUERYABLE", "SORTABLE", "SEARCHABLE"]
                let typeWords = tokens.dropFirst().filter { !options.contains($0) }
                record.fields.append(
                    Item(name: fieldName, type: typeWords.joined(separator: " "), options: Set(tokens.dropFirst().filter { options.contains($0) })))
            }
            records.append(record)
        }
    }
}
