import Foundation
import Testing

/// The README's `swift run cloudschema ...` commands, run as written (with the built binary
/// for `swift run cloudschema`), so a newcomer's path cannot rot. Lines that need Apple's
/// `cktool` are left out; the `swift package cloudschema` lines run in Tests/EndToEnd/run.sh.
struct ReadmeCommandTests {
    static let commands: [String] = {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var inShell = false
        var lines: [String] = []
        var pending = ""
        for line in readme.components(separatedBy: "\n") {
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

    @Test func theReadmeHasCommandsToRun() {
        #expect(Self.commands.count >= 4)
    }

    /// In a folder laid out as the README assumes: the examples, an app target, and a
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
