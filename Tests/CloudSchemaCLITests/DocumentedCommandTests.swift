import Foundation
import Testing

/// The `swift run cloudschema ...` commands of the README and the pages under Documentation/, run
/// as written (with the built binary for `swift run cloudschema`), so a newcomer's path cannot
/// rot. Lines that need Apple's `cktool` are left out; the `swift package cloudschema` lines run in
/// Tests/EndToEnd/run.sh.
struct DocumentedCommandTests {
    /// README.md, then Documentation/*.md by name.
    static let pages: [String] = {
        let documentation = packageRoot.appendingPathComponent("Documentation")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: documentation.path)) ?? []).filter { $0.hasSuffix(".md") }
        return [packageRoot.appendingPathComponent("README.md")] + names.sorted().map { documentation.appendingPathComponent($0) }
    }().map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }

    static let commands: [String] = {
        var inShell = false
        var lines: [String] = []
        var pending = ""
        for line in pages.joined(separator: "\n").components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let command = pending + line
            pending = ""
            if command.hasPrefix("swift run cloudschema "), !command.contains("cktool") { lines.append(command) }
        }
        return lines
    }()

    /// The pages' code blocks (between ``` lines) that start with a diagnostic: `path:line:col: severity: ...`.
    static let diagnostics: [[String]] = {
        var blocks: [[String]] = []
        var inCode = false
        var block: [String]?  // in a block without a language
        for line in pages.joined(separator: "\n").components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if inCode, let finished = block, let first = finished.first,
                    first.contains(#/^[^ :]+:\d+:\d+: (error|warning|info): /#)
                {
                    blocks.append(finished)
                }
                inCode.toggle()
                block = inCode && line == "```" ? [] : nil
                continue
            }
            block?.append(line)
        }
        return blocks
    }()

    /// A diagnostic as shown is what `lint` prints for the page's file with the shown
    /// source line put in at the shown line: path, line, column, message and caret.
    @Test func everyDiagnosticShownIsWhatTheToolPrints() throws {
        #expect(!Self.diagnostics.isEmpty)
        for shown in Self.diagnostics {
            let location = shown[0].split(separator: ":")
            let path = String(location[0])
            let lineNumber = try #require(Int(location[1]))
            let original = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            var lines = original.components(separatedBy: "\n")
            try #require(lines.indices.contains(lineNumber - 1), "\(path) has no line \(lineNumber)")
            lines[lineNumber - 1] = shown[1]
            let folder = try temporaryFolder([path: lines.joined(separator: "\n")])
            let result = try cloudschema("lint", path, in: folder)
            #expect(
                result.stdout.contains(shown.joined(separator: "\n") + "\n"),
                "shown:\n\(shown.joined(separator: "\n"))\ntool:\n\(result.stdout)")
        }
    }

    @Test func thePagesHaveCommandsToRun() {
        #expect(Self.pages.count > 1 && !Self.pages.contains(""))
        #expect(Self.commands.count >= 4)
    }

    /// In a folder laid out as the pages assume: the examples, an app target, and a
    /// `.ckdb` laid out as `cktool export-schema` writes it (Tests/Fixtures/ckdb).
    @Test func everyCommandSucceeds() throws {
        let folder = try temporaryFolder([:])
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Schemas"), withDestinationURL: packageRoot.appendingPathComponent("Schemas"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/Garden"), withIntermediateDirectories: true)
        let export = packageRoot.appendingPathComponent("Tests/Fixtures/ckdb/export-shared-journal.ckdb")
        try FileManager.default.copyItem(at: export, to: folder.appendingPathComponent("schema.ckdb"))
        for command in Self.commands {
            let shell = command.replacingOccurrences(of: "swift run cloudschema", with: "'\(cloudschemaBinary.path)'")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "set -e; " + shell]
            process.currentDirectoryURL = folder
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(command)\n\(text)")
        }
    }
}
