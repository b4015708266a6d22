import Foundation
import Testing

/// `cloudschema lsp` as an editor starts it: JSON-RPC over the binary's standard input and output.
struct LSPCommandTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    @Test func servesOverStandardInputAndOutputUntilExit() throws {
        let input =
            Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#) + "garbage\r\n\r\n"
            + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = try cloudschema("lsp", input: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains(#""id":1,"result":{"capabilities":"#))
        #expect(result.stdout.contains(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#))
        #expect(result.stdout.hasSuffix(Self.frame(#"{"jsonrpc":"2.0","id":2,"result":null}"#)))
    }
}
