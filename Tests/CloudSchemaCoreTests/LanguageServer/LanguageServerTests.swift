import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `cloudschema lsp`, driven as an editor drives it: framed JSON-RPC messages in, framed
/// responses and notifications out, through the server loop over in-memory streams (read in
/// 7-byte pieces, so a message split across reads is exercised too). Documents live in a
/// temporary folder, since the schema files of a document's folder form one schema.
@Suite struct LanguageServerTests {
    /// The folder every `folder(_:)` of this test process lives in, removed when the process exits.
    static let scratchRoot: URL = {
        atexit(removeLanguageServerScratchRoot)
        return FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-lsp-\(UUID().uuidString)")
    }()

    /// A temporary folder with `files` in it; returns its path.
    static func folder(_ files: [String: String] = [:]) throws -> String {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url.path
    }

    static func frame(_ object: [String: Any]) throws -> [UInt8] {
        let body = try JSONSerialization.data(withJSONObject: object)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + [UInt8](body)
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) throws -> [UInt8] {
        try frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func notification(_ method: String, _ params: [String: Any]) throws -> [UInt8] {
        try frame(["jsonrpc": "2.0", "method": method, "params": params])
    }

    static func open(_ uri: String, _ text: String) throws -> [UInt8] {
        try notification("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "cloudschema", "version": 1, "text": text]])
    }

    static func change(_ uri: String, _ text: String) throws -> [UInt8] {
        try notification("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": text]]])
    }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    /// What a full-featured client announces: Markdown hovers and nested symbols.
    static var richClient: [String: Any] {
        [
            "textDocument": [
                "hover": ["contentFormat": ["markdown", "plaintext"]], "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
            ]
        ]
    }

    /// `initialize` (id 0) with the client's capabilities, as every session starts.
    static func initialize(_ capabilities: [String: Any] = richClient, processId: Any = NSNull()) throws -> [UInt8] {
        try request(0, "initialize", ["processId": processId, "capabilities": capabilities])
    }

    /// Runs the server over `batches` and returns its exit code and every message it wrote. The
    /// client pauses after each batch (the server sees no input waiting), so stale diagnostics
    /// are published there and at the end.
    static func serve(_ batches: [UInt8]..., watchParent: @escaping (Int32) -> Void = { _ in }) throws -> (
        code: Int32, messages: [[String: Any]]
    ) {
        var pending = batches[...]
        var remaining = pending.popFirst()?[...] ?? []
        var output: [UInt8] = []
        let code = LanguageServer.serve(
            read: {
                if remaining.isEmpty, let next = pending.popFirst() { remaining = next[...] }
                let piece = remaining.prefix(7)
                remaining = remaining.dropFirst(7)
                return piece.isEmpty ? nil : Array(piece)
            },
            hasInput: { !remaining.isEmpty }, write: { output += $0 }, watchParent: watchParent)
        var written = output[...]
        var reader = LSPMessageReader(read: {
            defer { written = [] }
            return written.isEmpty ? nil : Array(written)
        })
        var messages: [[String: Any]] = []
        while case .message(let body)? = reader.next() {
            messages.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
        }
        return (code, messages)
    }

    static func errorCode(_ id: Int, in messages: [[String: Any]]) -> Int? {
        (response(id, in: messages)?["error"] as? [String: Any])?["code"] as? Int
    }

    static func response(_ id: Int, in messages: [[String: Any]]) -> [String: Any]? {
        messages.first { ($0["id"] as? Int) == id }
    }

    /// Each `publishDiagnostics` for `uri`, in order, as `CODE line:character-line:character`.
    static func published(_ uri: String, in messages: [[String: Any]]) -> [[String]] {
        messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { message in
            let params = message["params"] as? [String: Any]
            guard params?["uri"] as? String == uri else { return nil }
            return (params?["diagnostics"] as? [[String: Any]] ?? []).map { diagnostic in
                let range = diagnostic["range"] as? [String: [String: Int]] ?? [:]
                let start = range["start"] ?? [:]
                let end = range["end"] ?? [:]
                return
                    "\(diagnostic["code"] ?? "") \(start["line"] ?? -1):\(start["character"] ?? -1)-\(end["line"] ?? -1):\(end["character"] ?? -1)"
            }
        }
    }

    static let garden = """
        zone Garden

        record Bed in Garden {
            name: String @queryable @sortable
            status: Status = .growing
        }

        record Plant in Garden {
            bed: Reference<Bed> @parent
        }

        enum Status: String { growing, done }

        """

    @Test func initializeAnnouncesWhatTheServerDoes() throws {
        let (code, messages) = try Self.serve(
            try Self.request(1, "initialize", ["processId": NSNull(), "capabilities": [:]]) + Self.request(2, "shutdown")
                + Self.notification("exit", [:]))
        #expect(code == 0)
        let capabilities = try #require((Self.response(1, in: messages)?["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        let sync = capabilities["textDocumentSync"] as? [String: Any]
        #expect(sync?["openClose"] as? Bool == true && sync?["change"] as? Int == 2, "open, close and incremental changes")
        #expect(capabilities["positionEncoding"] as? String == "utf-16", "the protocol's default")
        for provider in ["documentFormattingProvider", "hoverProvider", "definitionProvider", "documentSymbolProvider"] {
            #expect(capabilities[provider] as? Bool == true, "\(provider)")
        }
        #expect(capabilities["completionProvider"] != nil)
        #expect(Self.response(2, in: messages)?.keys.contains("result") == true)
    }

    /// A known error on open, with its range in UTF-16 characters (the emoji counts two) and its
    /// rule ID as the code; the fix clears it.
    @Test func diagnosticsOnOpenAndChange() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let broken = "zone Garden\nrecord Bed in Garden {\n    /* 🌱 */ name: Strng\n}\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, broken), try Self.change(uri, broken.replacingOccurrences(of: "Strng", with: "String")))
        #expect(Self.published(uri, in: messages) == [["TYPE_UNKNOWN 2:19-2:24"], []])
        let first = messages.first { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let diagnostic = try #require(((first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["severity"] as? Int == 1)
        #expect(diagnostic["source"] as? String == "cloudschema")
        #expect(diagnostic["message"] as? String == "unknown type 'Strng'; did you mean 'String'?")
    }

    /// The other schema files of the folder are read from disk: a type declared there resolves,
    /// and go to definition opens that file.
    @Test func filesOfOneFolderFormOneSchema() throws {
        let folder = try Self.folder([
            "Beds.cloudschema": "zone Garden\n\nrecord Bed in Garden {\n    name: String\n}\n", "notes.txt": "not a schema",
        ])
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Plants.cloudschema").absoluteString
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, "record Plant in Garden {\n    bed: Reference<Bed>\n}\n")
                + Self.request(2, "textDocument/definition", Self.at(uri, 1, 20)))
        #expect(Self.published(uri, in: messages) == [[]])
        let location = try #require(Self.response(2, in: messages)?["result"] as? [String: Any])
        #expect((location["uri"] as? String).map { URL(string: $0)?.lastPathComponent } == "Beds.cloudschema")
        #expect(
            location["range"] as? [String: [String: Int]] == ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 10]])
    }

    /// A `.ckdb` document is read as CloudKit Schema Language; formatting it is an error saying
    /// why (`format` rewrites `.cloudschema` only), not silence.
    @Test func ckdbDocumentsGetDiagnostics() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("production.ckdb").absoluteString
        let text = "DEFINE SCHEMA\n    RECORD TYPE Bed (\n        name STRNG QUERYABLE\n    );\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text) + Self.request(2, "textDocument/formatting", ["textDocument": ["uri": uri]]))
        #expect(Self.published(uri, in: messages) == [["TYPE_UNKNOWN 2:13-2:18"]])
        let error = Self.response(2, in: messages)?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32803)
        #expect(
            error?["message"] as? String
                == "not formatted: format rewrites .cloudschema files only; a .ckdb file is read as it is ('cloudschema import' turns it into .cloudschema)"
        )
    }

    /// In a `.ckdb` document a role's grants are its references, the outline lists fields as
    /// written (the schema holds them sorted), and nothing is renamed: `.ckdb` is what is deployed.
    @Test func ckdbDocumentsGetReferencesAndAnOutline() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("production.ckdb").absoluteString
        let text =
            "DEFINE SCHEMA\n    CREATE ROLE Gardener;\n    RECORD TYPE Bed (\n        size INT64,\n        name STRING,\n"
            + "        GRANT READ TO Gardener\n    );\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text)
                + Self.request(
                    2, "textDocument/references", Self.at(uri, 1, 18).merging(["context": ["includeDeclaration": true]]) { a, _ in a })
                + Self.request(3, "textDocument/definition", Self.at(uri, 5, 24))
                + Self.request(4, "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
                + Self.request(5, "textDocument/prepareRename", Self.at(uri, 1, 18)))
        #expect(
            LanguageServerRenameTests.describe(Self.response(2, in: messages)?["result"]) == [
                "production 1:16-1:24", "production 5:22-5:30",
            ])
        #expect(LanguageServerRenameTests.describe([Self.response(3, in: messages)?["result"] as Any]) == ["production 1:16-1:24"])
        let bed = (Self.response(4, in: messages)?["result"] as? [[String: Any]])?.last
        #expect((bed?["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["size", "name"])
        #expect(((Self.response(5, in: messages)?["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("only a") == true)
    }

    /// The other features where they apply to `.ckdb`: a fix-it as a quick fix (no ignore
    /// comment: `.ckdb` has no suppressions), the hover of a role where a grant names it,
    /// highlights, workspace symbols and semantic tokens.
    @Test func ckdbDocumentsGetQuickFixesHoversHighlightsAndTokens() throws {
        let uri = URL(fileURLWithPath: try Self.folder()).appendingPathComponent("production.ckdb").absoluteString
        let text =
            "DEFINE SCHEMA\n    CREATE ROLE Gardener;\n    RECORD TYPE Bed (\n        to INT64,\n        name STRING\n"
            + "        GRANT READ TO Gardener\n    );\n"
        let line4 = ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]]
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text)
                + Self.request(
                    2, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": line4, "context": ["diagnostics": []]])
                + Self.request(3, "textDocument/hover", Self.at(uri, 5, 24))
                + Self.request(4, "textDocument/documentHighlight", Self.at(uri, 1, 18))
                + Self.request(5, "workspace/symbol", ["query": "gard"])
                + Self.request(6, "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
        #expect(Self.published(uri, in: messages) == [["SYNTAX_ERROR 4:19-4:19"]])
        let actions = Self.response(2, in: messages)?["result"] as? [[String: Any]] ?? []
        let edits = actions.map { action in
            let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]
            return "\(action["title"] ?? ""): " + LanguageServerRenameTests.describe(["changes": changes ?? [:]]).joined(separator: ", ")
        }
        #expect(edits == [#"insert ',': production 4:19-4:19 ",""#])
        let hover = ((Self.response(3, in: messages)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(hover == "**role** `Gardener`: a security role; granted on `Bed`")
        #expect((Self.response(4, in: messages)?["result"] as? [Any])?.count == 2, "CREATE ROLE Gardener and GRANT READ TO Gardener")
        let symbols = Self.response(5, in: messages)?["result"] as? [[String: Any]]
        #expect(symbols?.map { "\($0["name"] ?? "") \($0["kind"] ?? "")" } == ["Gardener 20"])
        // Five numbers a token: line delta, start delta, length, type (the legend's index), modifiers.
        let data = (Self.response(6, in: messages)?["result"] as? [String: Any])?["data"] as? [Int]
        #expect(
            data == [1, 16, 8, 6, 0, 1, 16, 3, 0, 0, 1, 8, 2, 3, 0, 1, 8, 4, 3, 0, 1, 22, 8, 6, 0],
            "Gardener (type), Bed (struct), to and name (property), Gardener")
    }

    @Test func formattingIsOneEditThroughTheFormatter() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = "zone Garden\nrecord Bed in Garden {\n  name:String @queryable\n}\n"
        let formattedText = "zone Garden\n\nrecord Bed in Garden {\n    name: String @queryable\n}\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text)
                + Self.request(2, "textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 4]])
                + Self.change(uri, formattedText) + Self.request(3, "textDocument/formatting", ["textDocument": ["uri": uri]]))
        let edits = try #require(Self.response(2, in: messages)?["result"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits.first?["newText"] as? String == formattedText)
        #expect(
            edits.first?["range"] as? [String: [String: Int]] == [
                "start": ["line": 0, "character": 0], "end": ["line": 4, "character": 0],
            ])
        #expect((Self.response(3, in: messages)?["result"] as? [Any])?.isEmpty == true, "formatted text needs no edit")
    }

    @Test func hoverShowsTheFieldsCloudKitTypeAndIndexesAndARulesExplanation() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = Self.garden + "record Tool in Garden {\n    size: Strng\n}\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text) + Self.request(2, "textDocument/hover", Self.at(uri, 3, 6))
                + Self.request(3, "textDocument/hover", Self.at(uri, 13, 12)) + Self.request(4, "textDocument/hover", Self.at(uri, 1, 0)))
        func value(_ id: Int) -> String? {
            ((Self.response(id, in: messages)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        }
        #expect(
            value(2)
                == "**name**: `String` in record type `Bed`  \nCloudKit field `name`: `STRING`  \nIndexes: `QUERYABLE`, `SORTABLE`")
        #expect(value(3)?.contains("**TYPE_UNKNOWN**: unknown type 'Strng'; did you mean 'String'?") == true)
        #expect(value(3)?.contains("The type is not one of the language's built-in types") == true)
        #expect(Self.response(4, in: messages)?.keys.contains("result") == true && value(4) == nil, "an empty line: no hover")
    }

    @Test func definitionOfAReferenceAnEnumTypeAndAZone() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, Self.garden) + Self.request(2, "textDocument/definition", Self.at(uri, 8, 20))
                + Self.request(3, "textDocument/definition", Self.at(uri, 4, 14))
                + Self.request(4, "textDocument/definition", Self.at(uri, 7, 17))
                + Self.request(5, "textDocument/definition", Self.at(uri, 3, 14)))
        func range(_ id: Int) -> [String: [String: Int]]? {
            (Self.response(id, in: messages)?["result"] as? [String: Any])?["range"] as? [String: [String: Int]]
        }
        #expect(range(2) == ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 10]], "Reference<Bed> → record Bed")
        #expect(range(3) == ["start": ["line": 11, "character": 5], "end": ["line": 11, "character": 11]], "Status → enum Status")
        #expect(range(4) == ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 11]], "in Garden → zone Garden")
        #expect(Self.response(5, in: messages)?["result"] is NSNull, "a built-in type has no declaration")
    }

    @Test func documentSymbolsAreTheDeclarationsWithTheirMembers() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, Self.garden)
                + Self.request(2, "textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        let symbols = try #require(Self.response(2, in: messages)?["result"] as? [[String: Any]])
        func describe(_ symbol: [String: Any]) -> String {
            let children = (symbol["children"] as? [[String: Any]] ?? []).map(describe)
            return "\(symbol["name"] ?? "") \(symbol["kind"] ?? "")" + (children.isEmpty ? "" : " [\(children.joined(separator: ", "))]")
        }
        #expect(symbols.map(describe) == ["Garden 3", "Bed 23 [name 8, status 8]", "Plant 23 [bed 8]", "Status 10 [growing 22, done 22]"])
    }

    /// A member whose type does not resolve stays in the outline while its error stands, its
    /// type as written.
    @Test func documentSymbolsKeepAMemberWhoseTypeIsUnknown() throws {
        let uri = URL(fileURLWithPath: try Self.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = "zone Garden\nrecord Bed in Garden {\n    name: String\n    size: Strng?\n}\n\nmodel Harvest {\n    crop: Crp = .x\n}\n"
        let (_, messages) = try Self.serve(
            try Self.initialize() + Self.open(uri, text) + Self.request(2, "textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        func describe(_ symbol: [String: Any]) -> String {
            let children = (symbol["children"] as? [[String: Any]] ?? []).map(describe)
            return "\(symbol["name"] ?? "") \(symbol["detail"] ?? "")" + (children.isEmpty ? "" : " [\(children.joined(separator: ", "))]")
        }
        let symbols = try #require(Self.response(2, in: messages)?["result"] as? [[String: Any]])
        #expect(symbols.map(describe) == ["Garden zone", "Bed record [name String, size Strng?]", "Harvest model [crop Crp]"])
        #expect(Self.published(uri, in: messages) == [["TYPE_UNKNOWN 3:10-3:15", "TYPE_UNKNOWN 7:10-7:13"]])
    }

    /// Garbage is answered with an error and the server goes on: a header without
    /// Content-Length, a body that is not JSON, JSON that is not a request, an unknown method,
    /// missing parameters, positions far outside the text, and document text no schema has.
    @Test func malformedMessagesGetErrorsAndTheServerKeepsServing() throws {
        let folder = try Self.folder()
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let hostile = String(repeating: "[", count: 5000) + "\u{0}\u{1B}]0;x\u{7}" + String(repeating: "record {", count: 300)
        let garbage =
            (try Self.initialize()) + Array("garbage\r\n\r\n".utf8) + Array("Content-Length: 5\r\n\r\n{oops".utf8)
            + Array("Content-Length: 3\r\n\r\n[1]".utf8) + (try Self.request(4, "textDocument/inlineValue", Self.at(uri, 0, 0)))
            + (try Self.request(5, "textDocument/hover", [:])) + (try Self.open(uri, hostile))
        let requests =
            (try Self.request(6, "textDocument/hover", Self.at(uri, 9999, -5)))
            + (try Self.request(7, "textDocument/definition", Self.at(uri, 0, 100_000)))
            + (try Self.request(8, "textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
            + (try Self.request(9, "textDocument/formatting", ["textDocument": ["uri": uri]])) + (try Self.request(10, "shutdown"))
            + (try Self.notification("exit", [:]))
        let (code, messages) = try Self.serve(garbage, requests)
        let errors = messages.compactMap { $0["error"] as? [String: Any] }.compactMap { $0["code"] as? Int }
        #expect(errors == [-32700, -32700, -32600, -32601, -32602, -32803], "formatting refuses the syntax errors")
        #expect(Self.published(uri, in: messages).count == 1)
        for id in [6, 7, 8, 10] { #expect(Self.response(id, in: messages)?.keys.contains("result") == true, "\(id) answered") }
        #expect(code == 0)
    }

    /// 300 bodies of seeded random bytes and JSON fragments, each framed correctly: each gets
    /// exactly one error response, and a request after them is still answered.
    @Test func randomBodiesEachGetOneError() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let fragments = Array(#"{"[]}:,"\#u{0} id method 1 -1e999 null true "#.utf8)
        var input: [UInt8] = []
        for _ in 0..<300 {
            let body = (0..<Int(next() % 40)).map { _ in
                next() % 2 == 0 ? UInt8(next() % 256) : fragments[Int(next() % UInt64(fragments.count))]
            }
            input += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let (code, messages) = try Self.serve(try Self.initialize() + input + (try Self.request(7, "shutdown")))
        #expect(messages.count == 302)
        #expect(messages.dropFirst().dropLast().allSatisfy { $0["error"] != nil })
        #expect(Self.response(7, in: messages)?.keys.contains("result") == true)
        #expect(code == 0)
    }

    @Test func exitWithoutShutdownOrAtTheEndOfInputIsCodeOne() throws {
        #expect(try Self.serve(try Self.notification("exit", [:])).code == 1)
        #expect(try Self.serve(try Self.request(1, "initialize")).code == 1)
        #expect(try Self.serve(Array("Content-Length: 10\r\n\r\n{}".utf8)).code == 1, "a body cut short ends the input")
    }
}

private func removeLanguageServerScratchRoot() {
    try? FileManager.default.removeItem(at: LanguageServerTests.scratchRoot)
}
