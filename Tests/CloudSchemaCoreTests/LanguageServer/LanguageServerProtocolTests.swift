import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// The protocol as LSP 3.17 states it: the lifecycle (`initialize` first and once, nothing but
/// `exit` after `shutdown`), the client's process watched, the client's capabilities honoured
/// (Markdown, nested symbols, position encoding), incremental changes, and bursts of changes
/// linted once.
@Suite struct LanguageServerProtocolTests {
    typealias Session = LanguageServerTests

    static func document(_ name: String = "Garden.cloudschema") throws -> String {
        URL(fileURLWithPath: try Session.folder()).appendingPathComponent(name).absoluteString
    }

    static let broken = "zone Garden\nrecord Bed in Garden {\n    /* 🌱 */ name: Strng\n}\n"

    // MARK: Lifecycle

    /// Before `initialize` a request is refused with ServerNotInitialized (-32002) and a
    /// notification is dropped: the document opened then is not known afterwards.
    @Test func beforeInitializeRequestsAreRefusedAndNotificationsDropped() throws {
        let uri = try Self.document()
        let (code, messages) = try Session.serve(
            try Session.open(uri, Self.broken) + Session.request(1, "textDocument/hover", Session.at(uri, 2, 16)),
            try Session.initialize() + Session.request(2, "textDocument/hover", Session.at(uri, 2, 16)) + Session.notification("exit", [:]))
        #expect(Session.errorCode(1, in: messages) == -32002)
        #expect(Session.published(uri, in: messages) == [])
        #expect(Session.response(2, in: messages)?["result"] is NSNull, "the document was never opened")
        #expect(code == 1, "exit without shutdown")
    }

    /// After `shutdown` every request is InvalidRequest (-32600), `shutdown` again included, and
    /// notifications are dropped; `exit` then ends the server with 0.
    @Test func afterShutdownOnlyExitIsAccepted() throws {
        let uri = try Self.document()
        let (code, messages) = try Session.serve(
            try Session.initialize() + Session.request(1, "shutdown") + Session.request(2, "textDocument/hover", Session.at(uri, 0, 0))
                + Session.request(3, "shutdown") + Session.open(uri, Self.broken),
            try Session.notification("exit", [:]))
        #expect(Session.response(1, in: messages)?["result"] is NSNull)
        #expect(Session.errorCode(2, in: messages) == -32600)
        #expect(Session.errorCode(3, in: messages) == -32600)
        #expect(Session.published(uri, in: messages) == [])
        #expect(code == 0)
    }

    /// `initialize` needs `processId` (a number or null) and `capabilities`; an incomplete one
    /// is InvalidParams and leaves the server uninitialized; a second one is InvalidRequest.
    @Test func initializeOnceWithItsRequiredFields() throws {
        let (_, messages) = try Session.serve(
            try Session.request(1, "initialize") + Session.request(2, "initialize", ["capabilities": [:]])
                + Session.request(3, "initialize", ["processId": "me", "capabilities": [:]])
                + Session.request(4, "textDocument/documentSymbol", ["textDocument": ["uri": "untitled:a"]]) + Session.initialize()
                + Session.request(5, "initialize", ["processId": NSNull(), "capabilities": [:]]))
        #expect((1...5).map { Session.errorCode($0, in: messages) } == [-32602, -32602, -32602, -32002, -32600])
        #expect(Session.response(0, in: messages)?["result"] != nil)
    }

    @Test func theClientsProcessIsWatched() throws {
        var watched: [Int32] = []
        _ = try Session.serve(try Session.initialize(processId: 4242), watchParent: { watched.append($0) })
        #expect(watched == [4242])
        _ = try Session.serve(try Session.initialize(), watchParent: { watched.append($0) })
        #expect(watched == [4242], "processId null: nothing to watch")
    }

    /// The watch polls with `kill(pid, 0)`: a process that has ended is seen as gone.
    @Test func aDeadParentIsNoticed() async throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        #expect(!ParentProcess.isAlive(child.processIdentifier))
        #expect(ParentProcess.isAlive(getpid()))
        await withCheckedContinuation { done in ParentProcess.watch(child.processIdentifier, every: 0.01) { done.resume() } }
    }

    // MARK: Capabilities

    /// A client that lists no `markdown` in `hover.contentFormat` gets plain text.
    @Test func plainTextHoversForAClientWithoutMarkdown() throws {
        let uri = try Self.document()
        let (_, messages) = try Session.serve(
            try Session.initialize([:]) + Session.open(uri, Session.garden)
                + Session.request(1, "textDocument/hover", Session.at(uri, 3, 6)))
        let contents = (Session.response(1, in: messages)?["result"] as? [String: Any])?["contents"] as? [String: Any]
        #expect(contents?["kind"] as? String == "plaintext")
        #expect(
            contents?["value"] as? String == "name: String in record type Bed\nCloudKit field name: STRING\nIndexes: QUERYABLE, SORTABLE")
    }

    /// Without `hierarchicalDocumentSymbolSupport`, symbols are flat `SymbolInformation`s; a
    /// member names its declaration as its container.
    @Test func flatSymbolsForAClientWithoutNestedOnes() throws {
        let uri = try Self.document()
        let (_, messages) = try Session.serve(
            try Session.initialize([:]) + Session.open(uri, Session.garden)
                + Session.request(1, "textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        let symbols = try #require(Session.response(1, in: messages)?["result"] as? [[String: Any]])
        #expect(
            symbols.map { "\($0["name"] ?? "") \($0["kind"] ?? "") \($0["containerName"] ?? "-")" } == [
                "Garden 3 -", "Bed 23 -", "name 8 Bed", "status 8 Bed", "Plant 23 -", "bed 8 Plant", "Status 10 -",
                "growing 22 Status", "done 22 Status",
            ])
        #expect(symbols.allSatisfy { ($0["location"] as? [String: Any])?["uri"] as? String == uri && $0["children"] == nil })
    }

    /// A client offering UTF-8 positions gets them: the emoji is four characters, not two.
    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let uri = try Self.document()
        let (_, messages) = try Session.serve(
            try Session.initialize(["general": ["positionEncodings": ["utf-8", "utf-16"]]]) + Session.open(uri, Self.broken))
        let capabilities = (Session.response(0, in: messages)?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-8")
        #expect(Session.published(uri, in: messages) == [["TYPE_UNKNOWN 2:21-2:26"]])
    }

    // MARK: Changes

    static func change(_ uri: String, _ edits: [(start: (Int, Int), end: (Int, Int), text: String)]) throws -> [UInt8] {
        try Session.notification(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": edits.map { edit in
                    [
                        "range": [
                            "start": ["line": edit.start.0, "character": edit.start.1],
                            "end": ["line": edit.end.0, "character": edit.end.1],
                        ],
                        "text": edit.text,
                    ]
                },
            ])
    }

    /// Incremental sync: each change replaces its range (UTF-16 columns) of the text the previous one left.
    @Test func incrementalChangesEditTheirRanges() throws {
        let uri = try Self.document()
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, Self.broken),
            try Self.change(uri, [((2, 19), (2, 24), "String"), ((2, 25), (2, 25), " @queryable\n    size: Int64")])
                + Session.request(1, "textDocument/formatting", ["textDocument": ["uri": uri]]))
        #expect(Session.published(uri, in: messages) == [["TYPE_UNKNOWN 2:19-2:24"], []])
        let edit = (Session.response(1, in: messages)?["result"] as? [[String: Any]])?.first
        #expect(
            edit?["newText"] as? String
                == "zone Garden\n\nrecord Bed in Garden {\n    /* 🌱 */\n    name: String @queryable\n    size: Int64\n}\n")
    }

    /// Ten keystrokes, then a hover: one analysis, of the last text, answers the hover and
    /// publishes the diagnostics once.
    @Test func aBurstOfChangesIsLintedOnceAtItsLatestText() throws {
        let uri = try Self.document()
        func text(_ name: Substring) -> String { "zone Garden\nrecord Bed in Garden {\n    \(name): String\n    size: Strng\n}\n" }
        var input = try Session.initialize() + Session.open(uri, text("b"))
        for length in 2...10 { input += try Session.change(uri, text("bedsName".prefix(length))) }
        input += try Session.request(1, "textDocument/hover", Session.at(uri, 2, 6))
        let (_, messages) = try Session.serve(input)
        #expect(Session.published(uri, in: messages) == [["TYPE_UNKNOWN 3:10-3:15"]])
        let hover = ((Session.response(1, in: messages)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(hover?.hasPrefix("**bedsName**") == true)

        var server = LanguageServer(watchParent: { _ in })
        var reader = LSPMessageReader(read: {
            defer { input = [] }
            return input.isEmpty ? nil : input
        })
        while case .message(let body)? = reader.next() { _ = server.handle(body) }
        _ = server.publishStaleDiagnostics()
        #expect(server.analysisCount == 1)
    }

    // MARK: Formatting

    @Test func formattingAFileWithSyntaxErrorsIsAnErrorSayingWhy() throws {
        let uri = try Self.document()
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, "record Bed {\n    name String\n}\n")
                + Session.request(1, "textDocument/formatting", ["textDocument": ["uri": uri]]))
        let error = Session.response(1, in: messages)?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32803)
        #expect(
            error?["message"] as? String
                == "not formatted: the file has 1 syntax error (line 2: expected ':' and a type after 'name', found 'String')")
    }

    // MARK: Semantic tokens

    /// Names by what they name, contextual words included: `in` is a field, in its declaration
    /// and in a predicate; `read` a case.
    @Test func semanticTokensColourNamesAsNames() throws {
        let uri = try Self.document()
        let text =
            "zone Garden\nrecord Bed in Garden {\n    in: Perm = .read\n}\nenum Perm: String { read, write }\n"
            + "subscription Reads on Bed where in == .read @silent\n"
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, text)
                + Session.request(1, "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
        let data = try #require((Session.response(1, in: messages)?["result"] as? [String: Any])?["data"] as? [Int])
        var (line, character) = (0, 0)
        var tokens: [String] = []
        for i in stride(from: 0, to: data.count, by: 5) {
            character = data[i] == 0 ? character + data[i + 1] : data[i + 1]
            line += data[i]
            tokens.append("\(line):\(character) \(data[i + 2]) \(LanguageServer.semanticTokenTypes[data[i + 3]])")
        }
        #expect(
            tokens == [
                "0:5 6 namespace", "1:7 3 struct", "1:14 6 namespace", "2:4 2 property", "2:8 4 enum", "2:16 4 enumMember",
                "4:5 4 enum", "4:20 4 enumMember", "4:26 5 enumMember", "5:22 3 struct", "5:32 2 property", "5:39 4 enumMember",
            ])
    }
}
