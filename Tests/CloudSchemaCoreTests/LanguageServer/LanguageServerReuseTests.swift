import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// What the server keeps between changes, and that a change still reaches every answer: a
/// folder's unchanged files are not parsed again, yet an edit in one file changes the
/// diagnostics of another; line indexes follow incremental changes; document symbols, kept
/// per analysis, follow the text.
@Suite struct LanguageServerReuseTests {
    typealias Session = LanguageServerTests

    /// Messages handled in order by one server, which publishes stale diagnostics after each.
    static func handle(_ server: inout LanguageServer, _ messages: [UInt8]...) -> [[String: Any]] {
        var input = messages.joined().map { $0 }
        var reader = LSPMessageReader(read: {
            defer { input = [] }
            return input.isEmpty ? nil : input
        })
        var replies: [JSON] = []
        while case .message(let body)? = reader.next() { replies += server.handle(body) + server.publishStaleDiagnostics() }
        return replies.compactMap { try? JSONSerialization.jsonObject(with: Data($0.rendered().utf8)) as? [String: Any] }
    }

    /// Beds.cloudschema declares the zone Plants.cloudschema uses. Renaming the zone in Beds makes
    /// Plants' record wrong, and renaming it back makes it right, while Plants is parsed once.
    @Test func anEditInOneFileChangesTheDiagnosticsOfAnother() throws {
        let folder = URL(fileURLWithPath: try Session.folder())
        let beds = folder.appendingPathComponent("Beds.cloudschema").absoluteString
        let plants = folder.appendingPathComponent("Plants.cloudschema").absoluteString
        var server = LanguageServer(watchParent: { _ in })
        var messages = Self.handle(
            &server, try Session.initialize(), try Session.open(beds, "zone Garden\n"),
            try Session.open(plants, "record Plant in Garden {\n    name: String\n}\n"))
        messages += Self.handle(&server, try Session.change(beds, "zone Orchard\n"))
        messages += Self.handle(&server, try Session.change(beds, "zone Garden\n"))
        #expect(
            Session.published(plants, in: messages) == [[], ["RECORD_DEFAULT_ZONE 0:16-0:22", "ZONE_UNKNOWN 0:16-0:22"], []])
        #expect(server.parses.parsed.filter { $0.hasSuffix("Plants.cloudschema") }.count == 1)
        #expect(server.parses.parsed.filter { $0.hasSuffix("Beds.cloudschema") }.count == 3)
    }

    /// The line index made by an incremental change is the one the changed text has: line breaks
    /// inserted, removed, and replaced, at the start, middle and end of the text.
    @Test(arguments: [
        (0, 0, "\n"), (5, 6, ""), (5, 6, "a\nb\n"), (3, 14, "x"), (0, 18, ""), (18, 18, "\n\n"), (11, 12, "\r\n"),
    ])
    func lineIndexesFollowChanges(_ from: Int, _ to: Int, _ text: String) {
        let before = LSPText(Array("zone A\nzone B\n\nrole R".utf8))
        var bytes = before.bytes
        bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        let changed = before.replacing(from, to, with: Array(text.utf8))
        #expect(changed.bytes == bytes)
        #expect(changed.lineStarts == LSPText(bytes).lineStarts)
    }

    /// Symbols asked again after a change list the changed text's declarations.
    @Test func documentSymbolsFollowChanges() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let symbols = ["textDocument": ["uri": uri]]
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, "zone Garden\n") + Session.request(1, "textDocument/documentSymbol", symbols)
                + Session.request(2, "textDocument/documentSymbol", symbols) + Session.change(uri, "zone Orchard\nrole Gardener\n")
                + Session.request(3, "textDocument/documentSymbol", symbols))
        func names(_ id: Int) -> [String]? {
            (Session.response(id, in: messages)?["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        }
        #expect(names(1) == ["Garden"])
        #expect(names(2) == ["Garden"])
        #expect(names(3) == ["Orchard", "Gardener"])
    }

    /// After each incremental change the server answers as one that opened the changed text: the
    /// same diagnostics with their ranges, symbols, hovers and definitions (the changed file is
    /// parsed again from its last parse, only around the change).
    @Test func incrementalChangesAnswerAsTheChangedTextOpened() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = """
            /// Beds: ☀️ or 🌑.
            zone Plots
            enum Light: String { case sun = "☀️"; case shade }
            record Bed in Plots {
                name: String @queryable // Süd
                light: Light = .sun
            }
            record Plant {
                bed: Reference<Bed>
                size Int
            }

            """
        func body(_ object: [String: Any]) throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: object)) }
        func start(_ text: String) throws -> LanguageServer {
            var server = LanguageServer(watchParent: { _ in })
            _ = server.handle(
                try body([
                    "jsonrpc": "2.0", "id": 0, "method": "initialize",
                    "params": ["processId": NSNull(), "capabilities": Session.richClient],
                ]))
            _ = server.handle(
                try body([
                    "jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": ["textDocument": ["uri": uri, "languageId": "cloudschema", "version": 1, "text": text]],
                ]))
            return server
        }
        /// What the server publishes and answers about the whole document, as JSON text.
        func answers(_ server: inout LanguageServer) throws -> [String] {
            var answers = server.publishStaleDiagnostics().map { $0.rendered() }
            let lines = String(decoding: server.documents[uri] ?? [], as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count
            var requests = [["jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]]]
            for line in 0..<lines {
                for method in ["textDocument/hover", "textDocument/definition"] {
                    requests.append(["jsonrpc": "2.0", "id": 2, "method": method, "params": Session.at(uri, line, 22)])
                }
            }
            for request in requests { answers += server.handle(try body(request)).map { $0.rendered() } }
            return answers
        }
        var server = try start(text)
        _ = try answers(&server)
        // (start line, character, end line, character, new text), in UTF-16 code units after "☀️".
        let changes: [(Int, Int, Int, Int, String)] = [
            (4, 8, 4, 8, "x"), (9, 8, 9, 8, ":"), (6, 0, 7, 0, ""), (2, 40, 2, 45, "shadow"), (0, 0, 0, 0, "role R\n"),
            (11, 0, 11, 0, "record Extra {\n    bed: Bed\n"), (3, 0, 4, 0, "}\n"), (1, 5, 1, 10, "Plot"), (0, 0, 1, 0, ""),
        ]
        for (version, (startLine, startCharacter, endLine, endCharacter, newText)) in changes.enumerated() {
            let range = ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
            _ = server.handle(
                try body([
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": uri, "version": version + 2], "contentChanges": [["range": range, "text": newText]],
                    ],
                ]))
            var fresh = try start(String(decoding: server.documents[uri] ?? [], as: UTF8.self))
            #expect(try answers(&server) == answers(&fresh), "after change \(version + 1)")
        }
    }
}
