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

    /// `initialize` names a process that has ended: the server exits (code 1, no `exit` came)
    /// while its input is still open, as an editor that crashed leaves it.
    @Test func exitsWhenTheProcessThatStartedItHasEnded() throws {
        let parent = Process()
        parent.executableURL = URL(fileURLWithPath: "/bin/true")
        try parent.run()
        parent.waitUntilExit()
        let server = Process()
        server.executableURL = cloudschemaBinary
        server.arguments = ["lsp"]
        let input = Pipe()
        server.standardInput = input
        server.standardOutput = Pipe()
        try server.run()
        let initialize =
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":\#(parent.processIdentifier),"capabilities":{}}}"#
        try input.fileHandleForWriting.write(contentsOf: Data(Self.frame(initialize).utf8))
        let deadline = Date().addingTimeInterval(20)
        while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
        #expect(server.terminationStatus == 1)
        try input.fileHandleForWriting.close()
    }
}
