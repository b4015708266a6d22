import Foundation

/// `cloudschema lsp`: a Language Server Protocol server for `.cloudschema` and `.ckdb` files.
///
/// The files of one folder form one schema, as on the command line: an open document is
/// read with the other schema files of its folder (open documents as edited, the rest from
/// disk), and every open document of that folder gets its diagnostics again after a change.
/// A message that cannot be read is answered with a JSON-RPC error; nothing a client sends
/// ends the server but `exit`.
public struct LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    /// Open documents by URI.
    var documents: [String: [UInt8]] = [:]
    let fileSystem: any InputFileSystem
    private var shutdownRequested = false
    /// Set by `exit`: 0 after `shutdown`, else 1, as the protocol asks.
    public private(set) var exitCode: Int32?

    public init(fileSystem: any InputFileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Serves messages from `read` until `exit` or the end of the input; returns the exit code.
    public static func serve(
        read: @escaping () -> [UInt8]?, write: ([UInt8]) -> Void, fileSystem: any InputFileSystem = LocalFileSystem()
    ) -> Int32 {
        var server = LanguageServer(fileSystem: fileSystem)
        var reader = LSPMessageReader(read: read)
        while let frame = reader.next() {
            let replies: [JSON]
            switch frame {
            case .message(let body): replies = server.handle(body)
            case .malformed(let reason): replies = [Self.error(id: .null, .parseError, reason)]
            }
            for reply in replies { write(LSPMessageReader.frame(reply)) }
            if let code = server.exitCode { return code }
        }
        return server.shutdownRequested ? 0 : 1
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
        do {
            guard let id else { return try notification(method, params) }
            return try [.object([("jsonrpc", "2.0"), ("id", id), ("result", request(method, params))])]
        } catch {
            return [Self.error(id: id ?? .null, error.code, error.message)]
        }
    }

    private mutating func request(_ method: String, _ params: PositionedJSON?) throws(RequestError) -> JSON {
        switch method {
        case "initialize": return Self.capabilities
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/formatting": return try formatting(try Self.document(params))
        case "textDocument/hover": return try hover(try Self.document(params), at: try Self.position(params))
        case "textDocument/definition": return try definition(try Self.document(params), at: try Self.position(params))
        case "textDocument/documentSymbol": return try symbols(try Self.document(params))
        case "textDocument/completion": return try completion(try Self.document(params), at: try Self.position(params))
        default: throw RequestError(code: .methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    private mutating func notification(_ method: String, _ params: PositionedJSON?) throws(RequestError) -> [JSON] {
        switch method {
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
            return []
        case "textDocument/didOpen":
            let uri = try Self.document(params)
            guard let text = params?["textDocument"]?["text"]?.string else {
                throw RequestError(code: .invalidParams, message: "didOpen needs textDocument.text")
            }
            documents[uri] = Array(text.utf8)
            return publishDiagnostics(around: uri)
        case "textDocument/didChange":
            let uri = try Self.document(params)
            // Full-document sync (the capabilities say so): the last change is the whole text.
            guard case .array(let changes)? = params?["contentChanges"]?.value, let text = changes.last?["text"]?.string else {
                throw RequestError(code: .invalidParams, message: "didChange needs contentChanges with the document's text")
            }
            documents[uri] = Array(text.utf8)
            return publishDiagnostics(around: uri)
        case "textDocument/didClose":
            let uri = try Self.document(params)
            documents[uri] = nil
            return [Self.diagnosticsNotification(uri, [])] + publishDiagnostics(around: uri)
        default:
            return []  // `initialized`, `$/cancelRequest`, `didSave`...: nothing to do.
        }
    }

    static let capabilities: JSON = .object([
        (
            "capabilities",
            .object([
                ("textDocumentSync", .object([("openClose", true), ("change", 1)])),
                ("documentFormattingProvider", true),
                ("hoverProvider", true),
                ("definitionProvider", true),
                ("documentSymbolProvider", true),
                ("completionProvider", .object([("triggerCharacters", ["@", "<", ":"])])),
            ])
        ),
        ("serverInfo", .object([("name", "cloudschema"), ("version", .string(CloudSchemaVersion.current))])),
    ])

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
        guard let line = params?["position"]?["line"]?.int, let character = params?["position"]?["character"]?.int else {
            throw RequestError(code: .invalidParams, message: "the request needs position.line and position.character")
        }
        return (line, character)
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
