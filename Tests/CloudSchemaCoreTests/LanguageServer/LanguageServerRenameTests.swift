import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Rename, references, highlights and workspace symbols across the `.cloudschema` files of a
/// folder (one open, the others read from disk), every place a name is written included. Renames keep CloudKit's names with `@name` (or a
/// raw value), refuse what would change a name CloudKit holds, and refuse clashes and non-names.
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

        role Gardener

        record Shed in public {
            grant write to Gardener
        }

        enum Size: Int64 { small = 1, large = 2 }

        model Tool {
            label: String = "" @transient
            size: Size = .small
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

    /// A keyvalue key keeps its key; the store's name is only the generated type's, and a
    /// `@transient` property stores nothing, so neither gains `@name`.
    @Test func renamingAKeyvalueKeyOrStoreOrATransientProperty() throws {
        #expect(
            Self.describe(try Self.rename(12, 6, in: "Harvests.cloudschema", to: "recentStatus")) == [
                #"Harvests 12:4-12:14 "recentStatus""#, #"Harvests 12:30-12:30 " @name(\"lastStatus\")""#,
            ])
        #expect(Self.describe(try Self.rename(11, 12, in: "Harvests.cloudschema", to: "Settings")) == [#"Harvests 11:9-11:20 "Settings""#])
        #expect(Self.describe(try Self.rename(24, 6, in: "Harvests.cloudschema", to: "title")) == [#"Harvests 24:4-24:9 "title""#])
        let definition = try Self.ask("textDocument/definition", in: "Harvests.cloudschema") { Session.at($0, 4, 27) }
        #expect(Self.describe([definition as Any]) == ["Harvests 8:4-8:12"], "@inverse(harvests) → the property")
    }

    /// An enum's name is stored nowhere a record field or key reaches (they hold raw values), and
    /// an `Int64` case has its raw value written: neither needs a kept name.
    @Test func renamingAnEnumOrAnInt64Case() throws {
        #expect(
            Self.describe(try Self.rename(7, 6, to: "Stage")) == [
                #"Beds 4:12-4:18 "Stage""#, #"Beds 7:5-7:11 "Stage""#, #"Harvests 12:16-12:22 "Stage""#,
            ])
        #expect(
            Self.describe(try Self.rename(21, 20, in: "Harvests.cloudschema", to: "tiny")) == [
                #"Harvests 21:19-21:24 "tiny""#, #"Harvests 25:18-25:23 "tiny""#,
            ])
    }

    /// What has no `@name` to keep its CloudKit name is refused, in `prepareRename` and in
    /// `rename`, saying why: a zone, a role, a model, a stored model property (Core Data's mirror
    /// writes `CD_` + the new name; `originalName` keeps only the local column), and an enum a
    /// model stores (how SwiftData stores it is not documented).
    @Test(arguments: [
        (
            "Beds.cloudschema", 0, 6,
            "zone 'Garden' is not renamed: CloudKit finds a zone by its name, so the app would save to a new zone"
                + " and no longer see the records in 'Garden'; a zone has no @name to keep it"
        ),
        (
            "Harvests.cloudschema", 15, 6,
            "role 'Gardener' is not renamed: roles are deployed with the schema and given to users, so the new name"
                + " would be a role no user holds, and the grants deployed to 'Gardener' would be withdrawn; a role has no @name to keep it"
        ),
        (
            "Harvests.cloudschema", 2, 8,
            "model 'Harvest' is not renamed: Core Data's CloudKit mirroring stores it as record type CD_Harvest,"
                + " so the new name is a new record type and shipped versions keep writing CD_Harvest; a model has no @name to keep it"
        ),
        (
            "Harvests.cloudschema", 8, 6,
            "property 'Plot.harvests' is not renamed: Core Data's CloudKit mirroring writes it as field CD_harvests,"
                + " and @name (originalName) keeps only the local store's column, so the new name is a new CloudKit field"
                + " and shipped versions keep writing CD_harvests"
        ),
        (
            "Harvests.cloudschema", 21, 6,
            "enum 'Size' is not renamed: model 'Tool' stores it through SwiftData, and no source says whether"
                + " SwiftData's stored value holds the enum's name"
        ),
    ])
    func renamesThatWouldChangeWhatCloudKitHoldsAreRefused(_ file: String, _ line: Int, _ character: Int, _ reason: String) throws {
        #expect(try Self.ask("textDocument/prepareRename", in: file) { Session.at($0, line, character) } as? String == reason)
        #expect(try Self.rename(line, character, in: file, to: "Renamed") as? String == reason)
    }

    /// A member the resolver left out has no stored name to keep: it waits until its errors are fixed.
    @Test func aMemberWithErrorsIsNotRenamed() throws {
        let folder = try Session.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Tools.cloudschema").absoluteString
        let text = "zone Shed\n\nrecord Tool in Shed {\n    size: Sise\n}\n"
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, text) + Session.request(1, "textDocument/prepareRename", Session.at(uri, 3, 5)))
        #expect(
            (Session.response(1, in: messages)?["error"] as? [String: Any])?["message"] as? String
                == "'Tool.size' is not renamed while its declaration has errors: fix them first, so the rename can keep what CloudKit stores"
        )
    }

    /// The refusal stands wherever the name is written: `@inverse(harvests)` and `in Garden` too.
    @Test func aRefusalFollowsTheNameToItsUses() throws {
        #expect((try Self.rename(4, 27, in: "Harvests.cloudschema", to: "crops") as? String)?.hasPrefix("property 'Plot.harvests'") == true)
        #expect((try Self.rename(2, 16, to: "Shed") as? String)?.hasPrefix("zone 'Garden'") == true)
    }

    /// A name where it is used shows the hover of its declaration: a field's type, a
    /// subscription's `on Type` and predicate field, `@inverse(p)`, a grant's role.
    @Test func hoverOnAUseIsTheDeclarations() throws {
        func hover(_ line: Int, _ character: Int, in file: String) throws -> String? {
            let result = try Self.ask("textDocument/hover", in: file) { Session.at($0, line, character) }
            return ((result as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        }
        let bed = try #require(try hover(2, 8, in: "Beds.cloudschema"))
        #expect(bed.hasPrefix("**record** `Bed` (CloudKit `Bed`) in zone `Garden` of the private database; 2 fields"))
        #expect(try hover(1, 20, in: "Plants.cloudschema") == bed, "Reference<Bed>")
        let onBed = try hover(4, 25, in: "Plants.cloudschema")
        #expect(onBed?.hasPrefix(bed + "\n\n---\n\n**SUBSCRIPTION_QUERY_SHARED**") == true, "on Bed, and the finding there")
        #expect(try hover(0, 35, in: "Harvests.cloudschema") == hover(3, 5, in: "Beds.cloudschema"), "the predicate's name")
        #expect(try hover(4, 27, in: "Harvests.cloudschema") == hover(8, 6, in: "Harvests.cloudschema"), "@inverse(harvests)")
        let role = try hover(18, 22, in: "Harvests.cloudschema")
        #expect(role == "**role** `Gardener`: a security role; granted on `Shed`")
        #expect(try hover(15, 6, in: "Harvests.cloudschema") == "**role** `Gardener`: a security role; granted on `Shed`")
    }

    @Test func workspaceSymbolsMatchAnyCase() throws {
        let symbols = try Self.ask("workspace/symbol") { _ in ["query": "bed"] } as? [[String: Any]]
        #expect(symbols?.map { "\($0["name"] ?? "") \($0["kind"] ?? "")" } == ["Bed 23"], "subscriptions are not declarations")
    }
}
