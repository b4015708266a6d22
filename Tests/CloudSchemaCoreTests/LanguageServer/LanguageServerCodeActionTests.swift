import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Code actions: every fix-it of a diagnostic under the cursor as a quick fix, and for a lint
/// finding a `// cloudschema:ignore` comment that the linter then honours.
@Suite struct LanguageServerCodeActionTests {
    typealias Session = LanguageServerTests

    static let schema = """
        zone Garden

        record Bed in Garden {
            notes: String @encrypted @queryable
        }

        """

    /// Each action as `title: line:character-line:character "new text"` (one edit each here; an
    /// edit of another file than the schema starts with its name), with `files` beside the schema.
    static func actions(_ text: String, line: Int, files: [String: String] = [:]) throws -> (uri: String, actions: [String]) {
        let uri = URL(fileURLWithPath: try Session.folder(files)).appendingPathComponent("Garden.cloudschema").absoluteString
        let range = ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]]
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, text)
                + Session.request(
                    1, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]]))
        let actions = try #require(Session.response(1, in: messages)?["result"] as? [[String: Any]])
        return (
            uri,
            actions.map { action in
                let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
                let edits = changes.sorted { $0.key < $1.key }.flatMap { file, edits in
                    edits.map { edit in
                        let range = edit["range"] as? [String: [String: Int]] ?? [:]
                        let (start, end) = (range["start"] ?? [:], range["end"] ?? [:])
                        return (file == uri ? "" : (URL(string: file)?.lastPathComponent ?? file) + " ")
                            + "\(start["line"] ?? -1):\(start["character"] ?? -1)-\(end["line"] ?? -1):\(end["character"] ?? -1) "
                            + (edit["newText"] as? String ?? "").debugDescription
                    }
                }
                let code = ((action["diagnostics"] as? [[String: Any]])?.first?["code"] as? String) ?? "?"
                return "\(code) \(action["title"] ?? ""): \(edits.joined(separator: ", "))"
            }
        )
    }

    @Test func fixItsAndIgnoreCommentsForTheFindingsOnTheLine() throws {
        let (_, actions) = try Self.actions(Self.schema, line: 3)
        #expect(
            actions == [
                #"ENCRYPTED_INDEXED remove @queryable: 3:28-3:39 """#,
                #"ENCRYPTED_INDEXED Ignore ENCRYPTED_INDEXED here: 3:0-3:0 "    // cloudschema:ignore ENCRYPTED_INDEXED <reason>\n""#,
            ])
        #expect(try Self.actions(Self.schema, line: 0).actions == [], "nothing to fix on the zone's line")
    }

    /// The inserted comment silences the finding, and is not itself reported as unused.
    @Test func theIgnoreCommentIsHonoured() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let ignored = Self.schema.replacingOccurrences(
            of: "    notes:", with: "    // cloudschema:ignore ENCRYPTED_INDEXED <reason>\n    notes:")
        let (_, messages) = try Session.serve(try Session.initialize() + Session.open(uri, ignored))
        #expect(Session.published(uri, in: messages) == [[]])
    }

    /// Syntax and resolution errors cannot be suppressed: only their fix-its are offered.
    @Test func errorsOfTheFrontEndOfferOnlyTheirFixIts() throws {
        let (_, actions) = try Self.actions("zone Garden\n\nrecord Bed in Garden {\n    name: String @queryable @queryable\n}\n", line: 3)
        #expect(actions.allSatisfy { !$0.contains("Ignore") })
        #expect(!actions.isEmpty)
    }

    /// With a baseline configured, a finding it can hold may be added to it: the edit replaces the
    /// baseline's whole text with the finding added, as `lint --write-baseline` would write it.
    @Test func addToTheBaselineWhenOneIsConfigured() throws {
        let files = [
            "cloudschema.json": #"{"lint": {"baseline": "baseline.json"}}"#,
            "baseline.json": "{\n  \"version\": 1,\n  \"findings\": []\n}\n",
        ]
        let (_, actions) = try Self.actions(Self.schema, line: 3, files: files)
        #expect(
            actions == [
                #"ENCRYPTED_INDEXED remove @queryable: 3:28-3:39 """#,
                #"ENCRYPTED_INDEXED Add ENCRYPTED_INDEXED on field Bed.notes to the baseline: baseline.json 0:0-4:0 "{\n  \"version\": 1,\n  \"findings\": [\n    {\"rule\":\"ENCRYPTED_INDEXED\",\"file\":\"Garden.cloudschema\",\"element\":\"field Bed.notes\",\"count\":1}\n  ]\n}\n""#,
                #"ENCRYPTED_INDEXED Ignore ENCRYPTED_INDEXED here: 3:0-3:0 "    // cloudschema:ignore ENCRYPTED_INDEXED <reason>\n""#,
            ])
        // Without a baseline in the config, it is not offered; a finding the baseline holds is not shown.
        #expect(!(try Self.actions(Self.schema, line: 3).actions.contains { $0.contains("baseline") }))
        let held = files.merging(
            [
                "baseline.json":
                    #"{"version": 1, "findings": [{"rule":"ENCRYPTED_INDEXED","file":"Garden.cloudschema","element":"field Bed.notes","count":1}]}"#
            ]
        ) { $1 }
        #expect(try Self.actions(Self.schema, line: 3, files: held).actions == [])
    }
}
