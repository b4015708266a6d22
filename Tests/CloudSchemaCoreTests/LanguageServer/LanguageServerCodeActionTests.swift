import Foundation
import Testing

@testable import CloudSchemaCore

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

    /// Each action as `title: line:character-line:character "new text"` (one edit each here).
    static func actions(_ text: String, line: Int) throws -> (uri: String, actions: [String]) {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
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
                let edits = changes[uri, default: []].map { edit in
                    let range = edit["range"] as? [String: [String: Int]] ?? [:]
                    let (start, end) = (range["start"] ?? [:], range["end"] ?? [:])
                    return "\(start["line"] ?? -1):\(start["character"] ?? -1)-\(end["line"] ?? -1):\(end["character"] ?? -1) "
                        + (edit["newText"] as? String ?? "").debugDescription
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
}
