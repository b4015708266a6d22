import Foundation
import Testing

@testable import CloudSchemaCore

/// Rename, references, highlights and workspace symbols across the `.cloudschema` files of a
/// folder (one open, one read from disk). Renames keep CloudKit's names with `@name` (or a
/// raw value), and refuse clashes and non-names.
@Suite struct LanguageServerRenameTests {
    typealias Session = LanguageServerTests

    static let beds = """
        zone Garden

        record Bed in Garden @shareable {
            name: String @queryable
            status: Status = .growing
        }

        enum Status: String { growing, done = "finished" }

        """
    static let plants = "record Plant in Garden {\n    bed: Reference<Bed>\n}\n\nsubscription NewBeds on Bed @silent\n"

    /// Runs `request` (id 1) with Beds.cloudschema open and Plants.cloudschema on disk.
    static func ask(_ method: String, _ params: (String) -> [String: Any]) throws -> Any? {
        let folder = try Session.folder(["Plants.cloudschema": plants])
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Beds.cloudschema").absoluteString
        let (_, messages) = try Session.serve(try Session.initialize() + Session.open(uri, beds) + Session.request(1, method, params(uri)))
        let response = Session.response(1, in: messages)
        return response?["result"] ?? (response?["error"] as? [String: Any])?["message"]
    }

    /// A WorkspaceEdit or locations as `File line:character-line:character "text"`.
    static func describe(_ result: Any?) -> [String] {
        func place(_ uri: String, _ range: Any?) -> String {
            let range = range as? [String: [String: Int]] ?? [:]
            let (start, end) = (range["start"] ?? [:], range["end"] ?? [:])
            return "\(URL(string: uri)?.deletingPathExtension().lastPathComponent ?? uri) "
                + "\(start["line"] ?? -1):\(start["character"] ?? -1)-\(end["line"] ?? -1):\(end["character"] ?? -1)"
        }
        if let changes = (result as? [String: Any])?["changes"] as? [String: [[String: Any]]] {
            return changes.sorted { $0.key < $1.key }.flatMap { uri, edits in
                edits.map { place(uri, $0["range"]) + " " + ($0["newText"] as? String ?? "").debugDescription }
            }
        }
        return (result as? [[String: Any]] ?? []).map { place($0["uri"] as? String ?? "", $0["range"]) }
    }

    static func rename(_ line: Int, _ character: Int, to name: String) throws -> Any? {
        try ask("textDocument/rename") { Session.at($0, line, character).merging(["newName": name]) { a, _ in a } }
    }

    @Test func renamingARecordTypeKeepsItsCloudKitName() throws {
        #expect(
            Self.describe(try Self.rename(2, 8, to: "GardenBed")) == [
                #"Beds 2:7-2:10 "GardenBed""#, #"Beds 2:32-2:32 "@name(\"Bed\") ""#, #"Plants 1:19-1:22 "GardenBed""#,
                #"Plants 4:24-4:27 "GardenBed""#,
            ])
    }

    @Test func renamingAFieldKeepsItsKey() throws {
        #expect(Self.describe(try Self.rename(3, 5, to: "title")) == [#"Beds 3:4-3:8 "title""#, #"Beds 3:27-3:27 " @name(\"name\")""#])
    }

    /// A `String` case without a raw value keeps its stored value; the `.growing` default follows.
    @Test func renamingAnEnumCaseKeepsItsRawValue() throws {
        let edits = Self.describe(try Self.rename(7, 23, to: "sprouting"))
        #expect(
            edits == [
                #"Beds 4:22-4:29 "sprouting""#, #"Beds 7:22-7:29 "sprouting""#, #"Beds 7:29-7:29 " = \"growing\"""#,
            ])
    }

    @Test func renamingAZoneRenamesItsUses() throws {
        #expect(
            Self.describe(try Self.rename(0, 6, to: "Shed")) == [
                #"Beds 0:5-0:11 "Shed""#, #"Beds 2:14-2:20 "Shed""#, #"Plants 0:16-0:22 "Shed""#,
            ])
    }

    @Test func clashesAndNonNamesAreRefused() throws {
        #expect(try Self.rename(2, 8, to: "Plant") as? String == "'Plant' is declared already")
        #expect(try Self.rename(3, 5, to: "status") as? String == "'Bed' has a member 'status' already")
        #expect(try Self.rename(2, 8, to: "9lives") as? String == "'9lives' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword")
        #expect(try Self.rename(2, 8, to: "record") as? String == "'record' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword")
    }

    @Test func prepareRenameNamesTheRangeOrRefuses() throws {
        let range = try Self.ask("textDocument/prepareRename") { Session.at($0, 2, 8) } as? [String: [String: Int]]
        #expect(range == ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 10]])
        let keyword = try Self.ask("textDocument/prepareRename") { Session.at($0, 2, 2) }
        #expect((keyword as? String)?.hasPrefix("only a record type") == true, "the keyword 'record' is not renamed")
    }

    @Test func referencesAndHighlights() throws {
        let all = try Self.ask("textDocument/references") {
            Session.at($0, 2, 8).merging(["context": ["includeDeclaration": true]]) { a, _ in a }
        }
        #expect(Self.describe(all) == ["Beds 2:7-2:10", "Plants 1:19-1:22", "Plants 4:24-4:27"])
        let uses = try Self.ask("textDocument/references") {
            Session.at($0, 2, 8).merging(["context": ["includeDeclaration": false]]) { a, _ in a }
        }
        #expect(Self.describe(uses) == ["Plants 1:19-1:22", "Plants 4:24-4:27"])
        let highlights = try Self.ask("textDocument/documentHighlight") { Session.at($0, 0, 6) } as? [[String: Any]]
        #expect(highlights?.count == 2, "zone Garden and in Garden in this file")
    }

    @Test func workspaceSymbolsMatchAnyCase() throws {
        let symbols = try Self.ask("workspace/symbol") { _ in ["query": "bed"] } as? [[String: Any]]
        #expect(symbols?.map { "\($0["name"] ?? "") \($0["kind"] ?? "")" } == ["Bed 23"], "subscriptions are not declarations")
    }
}
