import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Completion reads where the cursor (‸) is: each snippet beside exactly what it offers.
@Suite struct LanguageServerCompletionTests {
    static let schema = """
        zone Garden
        role Gardener
        enum Status: String { growing, done }

        record Bed in Garden {
            name: String
        }

        """

    /// The labels completion offers at ‸ in `schema` followed by `snippet`.
    static func labels(_ snippet: String) throws -> [String] {
        let folder = try LanguageServerTests.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let before = try #require((schema + snippet).components(separatedBy: "‸").first)
        let lines = before.components(separatedBy: "\n")
        let (_, messages) = try LanguageServerTests.serve(
            try LanguageServerTests.initialize() + LanguageServerTests.open(uri, (schema + snippet).replacingOccurrences(of: "‸", with: ""))
                + LanguageServerTests.request(
                    1, "textDocument/completion", LanguageServerTests.at(uri, lines.count - 1, lines.last!.utf16.count)))
        let items = try #require(LanguageServerTests.response(1, in: messages)?["result"] as? [[String: Any]])
        return items.compactMap { $0["label"] as? String }
    }

    static let types = LanguageVocabulary.builtInTypes + ["Status"]

    @Test(arguments: [
        ("‸", ["container", "enum", "keyvalue", "model", "record", "role", "subscription", "zone"]),
        ("record Plant in ‸", ["public", "private", "Garden"]),
        ("record Plant {\n    size: S‸tring\n}", types),
        ("record Plant {\n    bed: Reference<B‸ed>\n}", ["Bed", "Plant"]),
        ("record Plant {\n    status: Status = .g‸rowing\n}", ["growing", "done"]),
        (
            "record Plant {\n    name: String @q‸ueryable\n}",
            ["queryable", "sortable", "searchable", "encrypted", "parent", "deleteSelf", "name", "merge", "deprecated"]
        ),
        ("record Plant @s‸hareable {\n}", ["queryable", "shareable", "name", "deprecated"]),
        ("zone Shed @‸", ["shareable"]),
        (
            "model Harvest {\n    crop: String @t‸ransient\n}",
            ["unique", "transient", "codable", "externalStorage", "encrypted", "name", "inverse", "deleteRule", "deprecated"]
        ),
        ("model Harvest {\n    bed: H‸arvest?\n}", types + ["Harvest"]),
        ("record Plant {\n    ‸\n}", ["grant"]),
        ("record Plant {\n    grant r‸ead to world\n}", ["read", "create", "write"]),
        ("record Plant {\n    grant read to w‸orld\n}", ["world", "icloud", "creator", "Gardener"]),
        ("subscription NewBeds on B‸ed", ["Bed"]),
        ("subscription Shed zone G‸arden", ["Garden"]),
        ("subscription Shared database s‸hared", ["private", "shared"]),
        ("subscription NewBeds on Bed fires create, u‸pdate", ["create", "update", "delete"]),
        ("enum Size: S‸tring { small }", ["String", "Int64"]),
    ])
    func offersWhatTheCursorsPlaceTakes(_ snippet: String, _ expected: [String]) throws {
        let labels = try Self.labels(snippet)
        #expect(labels == expected)
    }

    /// Where a new name goes, and inside comments and strings, nothing is offered (in a record
    /// type's body a new member may be a field or `grant`, so `grant` is offered there).
    @Test(arguments: [
        "record P‸lant {\n}", "model Harvest {\n    cr‸op: String\n}", "// rec‸", "record Plant {\n    a: String = \"x‸\"\n}",
    ])
    func offersNothingWhereANewNameOrTextGoes(_ snippet: String) throws {
        let labels = try Self.labels(snippet)
        #expect(labels == [])
    }
}
