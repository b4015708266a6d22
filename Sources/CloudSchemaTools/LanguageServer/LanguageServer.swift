import CloudSchemaCore
import Foundation

/// `cloudschema lsp`: a Language Server Protocol server for `.cloudschema` and `.ckdb` files.
///
/// The files of one folder form one schema, as on the command line: an open document is
/// read with the other schema files of its folder (open documents as edited, the rest from
/// disk), and every open document of that folder gets its diagnostics again after a change.
/// Changes only record the text; diagnostics are published when no message is waiting, so a
/// burst of keystrokes is linted once, and requests are answered against the latest text.
/// A message that cannot be read is answered with a JSON-RPC error; nothing a client sends
/// ends the server but `exit` (or the death of the process that started it).
public struct LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    /// LSP 3.17's lifecycle: only `initialize` (and `exit`) before it, nothing but `exit` after `shutdown`.
    enum Lifecycle { case starting, running, shutDown }

    /// What the client said it can show, from `initialize`.
    struct Client {
        var markdown = false
        var hierarchicalSymbols = false
        var encoding = LSPText.Encoding.utf16
    }

    /// Open documents by URI.
    var documents: [String: [UInt8]] = [:]
    /// Each open document's text with its line index, kept in step with `documents`: changes
    /// and requests convert positions without searching the whole text for line breaks.
    var lineIndexes: [String: LSPText] = [:]
    /// The last parse of each `.cloudschema` file read: a change to one file of a folder
    /// parses only that file again.
    let parses = ParseCache()
    let fileSystem: any InputFileSystem
    var lifecycle = Lifecycle.starting
    var client = Client()
    /// Documents changed since their folder's diagnostics were last published.
    var unpublished: Set<String> = []
    /// The diagnostics last published for each open document, moved with its edits since: what
    /// the client shows, which hover explains until the folder is analysed again.
    var published: [String: [PublishedDiagnostic]] = [:]
    /// The last analysis of each folder (keyed by `scope(of:)`), dropped when a document there changes.
    var analyses: [String: Analysis] = [:]
    /// Each folder's declared names for completion, kept across changes that leave them as they were.
    var keptNames: [String: DeclaredNames] = [:]
    /// Each folder's resolver index (`ParsedFolder`), kept across changes that leave what it
    /// reads as it was (`namesBasis` with model properties).
    var keptIndexes: [String: (basis: [NamesBasis], index: ResolverIndex)] = [:]
    /// How many analyses (load and lint) the server has run; tests read it to see coalescing.
    var analysisCount = 0
    /// How many resolver indexes `parsedFolder` has made; tests read it to see them kept.
    var resolverIndexCount = 0
    /// Called with `initialize`'s `processId`: exits the server once that process is gone.
    let watchParent: (Int32) -> Void
    /// Set by `exit`: 0 after `shutdown`, else 1, as the protocol asks.
    public private(set) var exitCode: Int32?

    public init(
        fileSystem: any InputFileSystem = LocalFileSystem(),
        watchParent: @escaping (Int32) -> Void = { ParentProcess.watch($0) { exit(1) } }
    ) {
        self.fileSystem = fileSystem
        self.watchParent = watchParent
        // `as Any`: passed as itself, not opened (which copied the parse).
        parses.discard = { (parse: consuming Any) in Self.release((consume parse) as Any) }
        _ = withoutFastBins
    }

    /// Serves messages from `read` until `exit` or the end of the input; returns the exit code.
    /// `hasInput` says whether more input is waiting; when none is, stale diagnostics are published.
    public static func serve(
        read: @escaping () -> [UInt8]?, hasInput: () -> Bool, write: ([UInt8]) -> Void,
        fileSystem: any InputFileSystem = LocalFileSystem(),
        watchParent: @escaping (Int32) -> Void = { ParentProcess.watch($0) { exit(1) } }
    ) -> Int32 {
        var server = LanguageServer(fileSystem: fileSystem, watchParent: watchParent)
        var reader = LSPMessageReader(read: read)
        while true {
            if !reader.holdsHeader && !hasInput() {
                for notification in server.publishStaleDiagnostics() { write(LSPMessageReader.frame(notification)) }
                Self.releaseDiscarded()
            }
            guard let frame = reader.next() else { break }
            let replies: [JSON]
            switch frame {
            case .message(let body): replies = server.handle(body)
            case .malformed(let reason): replies = [Self.error(id: .null, .parseError, reason)]
            }
            for reply in replies { write(LSPMessageReader.frame(reply)) }
            if let code = server.exitCode { return code }
        }
        return server.lifecycle == .shutDown ? 0 : 1
    }

    /// Whether standard input has bytes to read now (for `serve`'s `hasInput`).
    public static func standardInputHasData() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Handles one message body; returns what to send back (a response and notifications).
    public mutating func handle(_ body: [UInt8]) -> [JSON] {
        let message: PositionedJSON
        do {
            message = try PositionedJSON.parse(body, file: "message")
        } catch {
            return [Self.error(id: .null, .parseError, "the message is not JSON: \(error.message)")]
        }
        let id = message["id"]?.json
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none) has no method: nothing to do.
            if message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, .invalidRequest, "a message needs a 'method'")]
        }
        let params = message["params"]
        do throws(RequestError) {
            guard let id else {
                // Before `initialize` and after `shutdown` notifications are dropped, except `exit`.
                guard lifecycle == .running || method == "exit" else { return [] }
                return try notification(method, params)
            }
            switch (lifecycle, method) {
            case (.starting, "initialize"): break
            case (.starting, _):
                throw RequestError(code: .serverNotInitialized, message: "the server is not initialized; send 'initialize' first")
            case (.running, "initialize"): throw RequestError(code: .invalidRequest, message: "the server is already initialized")
            case (.running, _): break
            case (.shutDown, _): throw RequestError(code: .invalidRequest, message: "the server is shut down; only 'exit' is accepted")
            }
            return try [.object([("jsonrpc", "2.0"), ("id", id), ("result", request(method, params))])]
        } catch {
            return [Self.error(id: id ?? .null, error.code, error.message)]
        }
    }

    private mutating func request(_ method: String, _ params: PositionedJSON?) throws(RequestError) -> JSON {
        switch method {
        case "initialize": return try initialize(params)
        case "shutdown":
            lifecycle = .shutDown
            return .null
        case "textDocument/formatting": return try formatting(try Self.document(params))
        case "textDocument/hover": return try hover(try Self.document(params), at: try Self.position(params))
        case "textDocument/definition": return try definition(try Self.document(params), at: try Self.position(params))
        case "textDocument/documentSymbol": return try symbols(try Self.document(params))
        case "textDocument/completion": return try completion(try Self.document(params), at: try Self.position(params))
        case "textDocument/codeAction": return try codeActions(try Self.document(params), params)
        case "textDocument/prepareRename": return try prepareRename(try Self.document(params), at: try Self.position(params))
        case "textDocument/rename":
            guard let newName = params?["newName"]?.string else {
                throw RequestError(code: .invalidParams, message: "rename needs newName")
            }
            return try rename(try Self.document(params), at: try Self.position(params), to: newName)
        case "textDocument/references":
            let includeDeclaration = params?["context"]?["includeDeclaration"]?.bool ?? true
            return references(try Self.document(params), at: try Self.position(params), includeDeclaration: includeDeclaration)
        case "textDocument/documentHighlight": return highlights(try Self.document(params), at: try Self.position(params))
        case "workspace/symbol": return workspaceSymbols(params?["query"]?.string ?? "")
        case "textDocument/semanticTokens/full": return semanticTokens(try Self.document(params))
        default: throw RequestError(code: .methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    private mutating func notification(_ method: String, _ params: PositionedJSON?) throws(RequestError) -> [JSON] {
        switch method {
        case "exit":
            exitCode = lifecycle == .shutDown ? 0 : 1
            return []
        case "textDocument/didOpen":
            let uri = try Self.document(params)
            guard let text = params?["textDocument"]?["text"]?.string else {
                throw RequestError(code: .invalidParams, message: "didOpen needs textDocument.text")
            }
            published[uri] = nil
            edited(uri, LSPText(Array(text.utf8), encoding: client.encoding))
        case "textDocument/didChange":
            let uri = try Self.document(params)
            guard case .array(let changes)? = params?["contentChanges"]?.value, var text = lspText(uri) else {
                throw RequestError(code: .invalidParams, message: "didChange needs contentChanges, for an open document")
            }
            var shown = published[uri]
            for change in changes { text = try Self.apply(change, to: text, moving: &shown) }
            published[uri] = shown
            edited(uri, text)
        case "textDocument/didClose":
            let uri = try Self.document(params)
            documents[uri] = nil
            lineIndexes[uri] = nil
            published[uri] = nil
            dropAnalysis(Self.scope(of: uri))
            unpublished.insert(uri)
            return [Self.diagnosticsNotification(uri, [])]
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // A file that is not open may have changed on disk.
            var all: [String: Analysis] = [:]
            swap(&all, &analyses)
            Self.release(consume all)
        default:
            break  // `initialized`, `$/cancelRequest`...: nothing to do.
        }
        return []
    }

    private mutating func edited(_ uri: String, _ text: LSPText) {
        documents[uri] = text.bytes
        lineIndexes[uri] = text
        dropAnalysis(Self.scope(of: uri))
        unpublished.insert(uri)
    }

    /// Forgets a folder's analysis, freed once no message waits (`release`): freeing a large
    /// schema's analysis takes milliseconds that the next request would wait for.
    mutating func dropAnalysis(_ scope: String) {
        Self.release(analyses.removeValue(forKey: scope))
    }

    /// Keeps `value` until `releaseDiscarded` frees it, when no message waits; more than
    /// `discardsKept` in a burst of messages are freed at once, so a long burst does not hold
    /// every old analysis.
    static func release<Value>(_ value: consuming Value) {
        if discards.add(value) > discardsKept { releaseDiscarded() }
    }

    /// Frees what `release` was given, on the calling thread. `serve` calls it when no message
    /// waits, after publishing diagnostics. Not on a thread of its own: glibc's free of a block
    /// another thread allocated takes that thread's arena lock, so frees running beside a request
    /// made its allocations wait (document symbols right after a change took 62 ms instead of 32;
    /// 21,000 futex calls in the benchmark). A large schema's analysis takes about 5 ms to free.
    public static func releaseDiscarded() {
        discards.freeAll()
    }

    private static let discardsKept = 8
    private static let discards = DiscardBin()

    /// One `contentChanges` entry: a range and its new text (incremental sync), or the whole text;
    /// `shown`, the document's published diagnostics, moved with it.
    static func apply(
        _ change: PositionedJSON, to document: LSPText, moving shown: inout [PublishedDiagnostic]?
    ) throws(RequestError) -> LSPText {
        guard let text = change["text"]?.string else {
            throw RequestError(code: .invalidParams, message: "each of didChange's contentChanges needs its text")
        }
        let bytes = Array(text.utf8)
        guard let range = change["range"] else {
            shown = shown.map { PublishedDiagnostic.moved($0, replacing: 0, document.bytes.count, by: bytes.count) }
            return LSPText(bytes, encoding: document.encoding)
        }
        guard let start = point(range["start"]), let end = point(range["end"]) else {
            throw RequestError(code: .invalidParams, message: "a change's range needs start and end positions")
        }
        let from = document.offset(line: start.line, character: start.character)
        let to = max(from, document.offset(line: end.line, character: end.character))
        shown = shown.map { PublishedDiagnostic.moved($0, replacing: from, to, by: bytes.count) }
        return document.replacing(from, to, with: bytes)
    }

    /// `initialize`: checks the required parameters, remembers what the client can show, and
    /// watches the client's process.
    private mutating func initialize(_ params: PositionedJSON?) throws(RequestError) -> JSON {
        guard case .object? = params?.value, let processID = params?["processId"], let capabilities = params?["capabilities"],
            case .object = capabilities.value, processID.int != nil || processID.isNull
        else {
            throw RequestError(
                code: .invalidParams, message: "initialize needs params with 'processId' (a number or null) and 'capabilities'")
        }
        let textDocument = capabilities["textDocument"]
        client.markdown = textDocument?["hover"]?["contentFormat"]?.strings.contains("markdown") ?? false
        client.hierarchicalSymbols = textDocument?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.bool ?? false
        client.encoding = capabilities["general"]?["positionEncodings"]?.strings.contains("utf-8") == true ? .utf8 : .utf16
        lifecycle = .running
        if let pid = processID.int, let pid = Int32(exactly: pid) { watchParent(pid) }
        return Self.capabilities(client.encoding)
    }

    static func capabilities(_ encoding: LSPText.Encoding) -> JSON {
        .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string(encoding.rawValue)),
                    ("textDocumentSync", .object([("openClose", true), ("change", 2), ("save", true)])),
                    ("documentFormattingProvider", true),
                    ("hoverProvider", true),
                    ("definitionProvider", true),
                    ("documentSymbolProvider", true),
                    ("completionProvider", .object([("triggerCharacters", ["@", "<", ":", "."])])),
                    ("codeActionProvider", .object([("codeActionKinds", ["quickfix"])])),
                    ("renameProvider", .object([("prepareProvider", true)])),
                    ("referencesProvider", true),
                    ("documentHighlightProvider", true),
                    ("workspaceSymbolProvider", true),
                    (
                        "semanticTokensProvider",
                        .object([
                            ("legend", .object([("tokenTypes", .array(semanticTokenTypes.map(JSON.string))), ("tokenModifiers", [])])),
                            ("full", true),
                        ])
                    ),
                ])
            ),
            ("serverInfo", .object([("name", "cloudschema"), ("version", .string(CloudSchemaVersion.current))])),
        ])
    }

    static func error(id: JSON, _ code: ErrorCode, _ message: String) -> JSON {
        .object([
            ("jsonrpc", "2.0"), ("id", id),
            ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))])),
        ])
    }

    static func document(_ params: PositionedJSON?) throws(RequestError) -> String {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            throw RequestError(code: .invalidParams, message: "the request needs textDocument.uri")
        }
        return uri
    }

    static func position(_ params: PositionedJSON?) throws(RequestError) -> (line: Int, character: Int) {
        guard let position = point(params?["position"]) else {
            throw RequestError(code: .invalidParams, message: "the request needs position.line and position.character")
        }
        return position
    }

    /// An LSP `Position` object.
    static func point(_ json: PositionedJSON?) -> (line: Int, character: Int)? {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        return (line, character)
    }
}

/// A diagnostic as the client shows it: published for a document, then moved with its edits.
struct PublishedDiagnostic {
    /// Where it is, in bytes of the document's text.
    var start: Int
    var end: Int
    let id: DiagnosticID
    let message: String

    /// `diagnostics` once bytes `from..<to` are replaced by `count` bytes: one wholly before the
    /// replaced bytes stays, one wholly after them moves with the text, and one that overlaps them
    /// is dropped (its text changed; the next publish says whether it still stands).
    static func moved(_ diagnostics: [Self], replacing from: Int, _ to: Int, by count: Int) -> [Self] {
        let shift = count - (to - from)
        return diagnostics.compactMap { diagnostic in
            if diagnostic.end <= from { return diagnostic }
            guard diagnostic.start >= to else { return nil }
            var moved = diagnostic
            moved.start += shift
            moved.end += shift
            return moved
        }
    }
}

/// glibc's allocator keeps small freed blocks in "fast bins" and merges them all whenever a
/// large block is asked for: after a large schema's analysis is freed (hundreds of thousands of
/// blocks), the next request paid for the merging (document symbols after a change took 56 ms
/// instead of 31). Without fast bins (`mallopt(M_MXFAST, 0)`, which Swift's Glibc module does not
/// declare) blocks are merged as they are freed. Set once, for the process the server runs in.
private let withoutFastBins: Void = {
    #if canImport(Glibc)
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let maxFast: Int32 = 1  // M_MXFAST
    if let mallopt = dlsym(nil, "mallopt") { _ = unsafeBitCast(mallopt, to: MallOpt.self)(maxFast, 0) }
    #endif
}()

/// The values `LanguageServer.release` was given, until `releaseDiscarded` frees them.
private final class DiscardBin: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Any] = []

    /// Adds `value`; returns how many wait.
    func add(_ value: Any) -> Int {
        lock.withLock {
            values.append(value)
            return values.count
        }
    }

    /// Frees every value, outside the lock.
    func freeAll() {
        let all = lock.withLock { () -> [Any] in
            defer { values = [] }
            return values
        }
        _ = consume all
    }
}

/// Watches the process that started the server (`initialize`'s `processId`), as the protocol
/// asks: a server whose client died without `exit` would otherwise run forever.
public enum ParentProcess {
    /// Whether `pid` names a live process (`kill(pid, 0)`: EPERM means it lives under another user).
    public static func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }

    /// Polls `pid` every `interval` seconds on a thread of its own; calls `gone` once it has ended.
    public static func watch(_ pid: Int32, every interval: TimeInterval = 1, gone: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            while isAlive(pid) { Thread.sleep(forTimeInterval: interval) }
            gone()
        }
    }
}

extension PositionedJSON {
    subscript(key: String) -> PositionedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    var int: Int? {
        if case .number(let n) = value, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
        return nil
    }

    var bool: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The strings of an array (other items skipped); empty for anything else.
    var strings: [String] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap(\.string)
    }

    /// The value as output JSON (request IDs are echoed back as they came).
    var json: JSON {
        switch value {
        case .string(let s): .string(s)
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
        case .bool(let b): .bool(b)
        case .null: .null
        case .array(let items): .array(items.map(\.json))
        case .object(let members): .object(members.map { ($0.key, $0.value.json) })
        }
    }
}
