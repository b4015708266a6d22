import CloudSchemaCore
import CloudSchemaTools
import Foundation

/// The language server on a large schema (`lsp [units]`, default 334 units: 1,002 record types),
/// driven in-process as an editor drives it: one-character changes (incremental sync) until
/// the diagnostics are published, then hover, definition, completion and document symbols,
/// each right after a change and with the analysis current (the diagnostics published since).
/// Between runs the server goes idle, as between keystrokes (`idle`). Median of 21 runs, in
/// milliseconds of this thread's CPU time (other builds on the machine do not count). `only`
/// names the figures to run ("hover", "diagnostics"); empty runs them all.
func runLSPBenchmark(units: Int, only: Set<String> = []) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-lsp-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = folder.appendingPathComponent("Bench.cloudschema").absoluteString
    let text = BenchmarkSchema.generate(units: units)
    var server = LanguageServer(watchParent: { _ in })
    func send(_ json: String) -> [JSON] { server.handle(Array(json.utf8)) }
    func quoted(_ string: String) -> String { JSON.string(string).rendered() }
    /// What `serve` does once no message waits, as between keystrokes: publish, then free what
    /// the change dropped. Not timed.
    func idle() {
        _ = server.publishStaleDiagnostics()
        LanguageServer.releaseDiscarded()
    }
    _ = send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#)
    _ = send(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(quoted(uri)),"languageId":"cloudschema","version":1,"text":\#(quoted(text))}}}"#
    )
    idle()
    // Line 20 is `    title: String @queryable @sortable @searchable` of Folder0: type a character into its name.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines.firstIndex { $0.hasPrefix("    title: String") } ?? 0
    var version = 1
    func change() {
        version += 1
        let (text, end) = version % 2 == 0 ? ("x", 4) : ("", 5)
        _ = send(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":\#(quoted(uri)),"version":\#(version)},"contentChanges":[{"range":{"start":{"line":\#(line),"character":4},"end":{"line":\#(line),"character":\#(end)}},"text":"\#(text)"}]}}"#
        )
    }
    func request(_ method: String, _ character: Int) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"textDocument":{"uri":\#(quoted(uri))},"position":{"line":\#(line + 3),"character":\#(character)}}}"#
    }
    func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<21 {
            times.append(cpuSeconds(body) * 1000)
            idle()
        }
        return times.sorted()[times.count / 2]
    }
    print("lsp: \(units) units, \(text.utf8.count / 1000) KB, \(lines.count) lines")
    /// Each figure beside issue 33's target for it.
    func report(_ label: String, _ milliseconds: Double, target: Double) {
        print(
            "  " + label.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(format: "%8.1f ms   target ≤ %2.0f ms  ", milliseconds, target) + (milliseconds <= target ? "met" : "MISSED"))
    }
    func wanted(_ label: String) -> Bool { only.isEmpty || only.contains { label.contains($0) } }
    if wanted("change -> diagnostics") {
        report(
            "change -> diagnostics",
            median {
                change()
                _ = server.publishStaleDiagnostics()
            }, target: 30)
    }
    for (label, method, character, target) in [
        ("hover", "textDocument/hover", 6, 10.0), ("definition", "textDocument/definition", 20, 10),
        ("completion", "textDocument/completion", 12, 10), ("document symbols", "textDocument/documentSymbol", 0, 50),
    ] where wanted(label) {
        report(
            "\(label) after a change",
            median {
                change(); _ = send(request(method, character))
            }, target: target)
        report("\(label), analysis current", median { _ = send(request(method, character)) }, target: target)
    }
}
