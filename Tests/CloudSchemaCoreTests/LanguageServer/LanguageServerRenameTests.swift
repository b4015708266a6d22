import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Rename, references, highlights and workspace symbols across the `.cloudschema` files of a
/// folder (one open, the others read from disk), every place a name is written included. Renames keep CloudKit's names with `@name` (or a
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
    /// Names written where no keyword says what they name: a predicate's fields and the enum
    /// cases compared with them, `@unique(a, b)`, `@inverse(p)`.
    static let harvests = """
        subscription Growing on Bed where name.beginsWith("N") && status == .growing @silent

        model Harvest @unique(crop) {
            crop: String = ""
            plot: Plot? @inverse(harvests)
        }

        model Plot {
            harvests: [Harvest]?
        }

        keyvalue Preferences {
            lastStatus: Status = .done
        }

        """

    /// Runs `request` (id 1) with one file open (Beds.cloudschema unless told) and the others on disk.
    static func ask(_ method: String, in name: String = "Beds.cloudschema", _ params: (String) -> [String: Any]) throws -> Any? {
        let files = ["Beds.cloudschema": beds, "Plants.cloudschema": plants, "Harvests.cloudschema": harvests]
        let folder = try Session.folder(files.filter { $0.key != name })
        let uri = URL(fileURLWithPath: folder).appendingPathComponent(name).absoluteString
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, files[name] ?? "") + Session.request(1, method, params(uri)))
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

    static func rename(_ line: Int, _ character: Int, in file: String = "Beds.cloudschema", to name: String) throws -> Any? {
        try ask("textDocument/rename", in: file) { Session.at($0, line, character).merging(["newName": name]) { a, _ in a } }
    }

    static func references(_ line: Int, _ character: Int, in file: String = "Beds.cloudschema", declaration: Bool = true) throws -> [String]
    {
        describe(
            try ask("textDocument/references", in: file) {
                Session.at($0, line, character).merging(["context": ["includeDeclaration": declaration]]) { a, _ in a }
            })
    }

    @Test func renamingARecordTypeKeepsItsCloudKitName() throws {
        #expect(
            Self.describe(try Self.rename(2, 8, to: "GardenBed")) == [
                #"Beds 2:7-2:10 "GardenBed""#, #"Beds 2:32-2:32 "@name(\"Bed\") ""#, #"Harvests 0:24-0:27 "GardenBed""#,
                #"Plants 1:19-1:22 "GardenBed""#, #"Plants 4:24-4:27 "GardenBed""#,
            ])
    }

    /// The predicate that names the field follows it.
    @Test func renamingAFieldKeepsItsKey() throws {
        #expect(
            Self.describe(try Self.rename(3, 5, to: "title")) == [
                #"Beds 3:4-3:8 "title""#, #"Beds 3:27-3:27 " @name(\"name\")""#, #"Harvests 0:34-0:38 "title""#,
            ])
    }

    /// A `String` case without a raw value keeps its stored value; the `.growing` default and
    /// the predicate's `.growing` follow.
    @Test func renamingAnEnumCaseKeepsItsRawValue() throws {
        let edits = Self.describe(try Self.rename(7, 23, to: "sprouting"))
        #expect(
            edits == [
                #"Beds 4:22-4:29 "sprouting""#, #"Beds 7:22-7:29 "sprouting""#, #"Beds 7:29-7:29 " = \"growing\"""#,
                #"Harvests 0:69-0:76 "sprouting""#,
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
        #expect(try Self.references(2, 8) == ["Beds 2:7-2:10", "Harvests 0:24-0:27", "Plants 1:19-1:22", "Plants 4:24-4:27"])
        #expect(try Self.references(2, 8, declaration: false) == ["Harvests 0:24-0:27", "Plants 1:19-1:22", "Plants 4:24-4:27"])
        let highlights = try Self.ask("textDocument/documentHighlight") { Session.at($0, 0, 6) } as? [[String: Any]]
        #expect(highlights?.count == 2, "zone Garden and in Garden in this file")
    }

    /// A field's uses in a predicate, an enum case's in a predicate and a default elsewhere.
    @Test func referencesInPredicatesAndDefaults() throws {
        #expect(try Self.references(4, 6) == ["Beds 4:4-4:10", "Harvests 0:58-0:64"])
        #expect(try Self.references(7, 32) == ["Beds 7:31-7:35", "Harvests 12:26-12:30"])
        let definition = try Self.ask("textDocument/definition", in: "Harvests.cloudschema") { Session.at($0, 0, 35) }
        #expect(Self.describe([definition as Any]) == ["Beds 3:4-3:8"], "the predicate's `name` → the field")
    }

    /// A model property named by `@inverse` and `@unique` is renamed there too and gains
    /// `@name` (SwiftData's `originalName`: the local column stays); a keyvalue key keeps its key.
    @Test func renamingAModelPropertyOrKeyvalueKey() throws {
        #expect(
            Self.describe(try Self.rename(8, 6, in: "Harvests.cloudschema", to: "crops")) == [
                #"Harvests 4:25-4:33 "crops""#, #"Harvests 8:4-8:12 "crops""#, #"Harvests 8:24-8:24 " @name(\"harvests\")""#,
            ])
        #expect(
            Self.describe(try Self.rename(3, 5, in: "Harvests.cloudschema", to: "name")) == [
                #"Harvests 2:22-2:26 "name""#, #"Harvests 3:4-3:8 "name""#, #"Harvests 3:21-3:21 " @name(\"crop\")""#,
            ])
        #expect(try Self.rename(3, 5, in: "Harvests.cloudschema", to: "plot") as? String == "'Harvest' has a member 'plot' already")
        #expect(
            Self.describe(try Self.rename(12, 6, in: "Harvests.cloudschema", to: "recentStatus")) == [
                #"Harvests 12:4-12:14 "recentStatus""#, #"Harvests 12:30-12:30 " @name(\"lastStatus\")""#,
            ])
        let definition = try Self.ask("textDocument/definition", in: "Harvests.cloudschema") { Session.at($0, 4, 27) }
        #expect(Self.describe([definition as Any]) == ["Harvests 8:4-8:12"], "@inverse(harvests) → the property")
    }

    @Test func workspaceSymbolsMatchAnyCase() throws {
        let symbols = try Self.ask("workspace/symbol") { _ in ["query": "bed"] } as? [[String: Any]]
        #expect(symbols?.map { "\($0["name"] ?? "") \($0["kind"] ?? "")" } == ["Bed 23"], "subscriptions are not declarations")
    }
}
