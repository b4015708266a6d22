import CloudSchemaCore
import Foundation

/// Apple's `cktool` (`xcrun cktool`, distributed with Xcode 13 and later: "Using cktool",
/// https://developer.apple.com/icloud/ck-tool/), run with the arguments its manual page gives
/// (cktool(1), https://keith.github.io/xcode-man-pages/cktool.1.html; quoted in the project's
/// reference note ckdb-language.md §3.1):
///
///     export-schema   [-t token] --team-id T --container-id C --environment development|production --output-file F
///     validate-schema [-t token] --team-id T --container-id C --environment development|production --file F
///     import-schema   [-t token] --team-id T --container-id C --environment development|production [--validate] --file F
///     reset-schema    [-t token] --team-id T --container-id C
///
/// `-t` is never passed: cktool reads the management token itself (`save-token`, the keychain,
/// `CLOUDKIT_MANAGEMENT_TOKEN`), and CloudSchema never reads or prints it.
public enum CKTool {
    public enum Environment: String, CaseIterable, Sendable {
        case development, production
    }

    /// The container and environment a schema command acts on.
    public struct Target: Sendable {
        public var teamID: String
        public var containerID: String
        public var environment: Environment

        public init(teamID: String, containerID: String, environment: Environment) {
            self.teamID = teamID
            self.containerID = containerID
            self.environment = environment
        }

        var arguments: [String] {
            ["--team-id", teamID, "--container-id", containerID, "--environment", environment.rawValue]
        }
    }

    /// cktool's arguments (after `xcrun cktool`).
    public static func exportSchema(_ target: Target, outputFile: String) -> [String] {
        ["export-schema"] + target.arguments + ["--output-file", outputFile]
    }

    public static func validateSchema(_ target: Target, file: String) -> [String] {
        ["validate-schema"] + target.arguments + ["--file", file]
    }

    public static func importSchema(_ target: Target, file: String) -> [String] {
        ["import-schema"] + target.arguments + ["--file", file]
    }

    /// Development only: "Resets the development environment schema of the container to match the
    /// production environment schema of the container and deletes all data" (cktool(1)).
    public static func resetSchema(teamID: String, containerID: String) -> [String] {
        ["reset-schema", "--team-id", teamID, "--container-id", containerID]
    }

    /// The command as a user would type it, for messages.
    public static func commandLine(_ arguments: [String]) -> String {
        (["xcrun", "cktool"] + arguments).map(shellQuoted).joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    struct Result {
        var status: Int32
        var standardError: String
    }

    /// cktool could not be started: no `xcrun` on PATH, or `xcrun` finds no `cktool`.
    struct Unavailable: Error {}

    /// What to say when cktool is unavailable, with the command to run elsewhere.
    static func unavailableMessage(equivalent arguments: [String]) -> String {
        """
        'xcrun cktool' is not available here: cktool ships with Xcode 13 or later (macOS). Install Xcode \
        and select it (xcode-select), or run the equivalent command on a Mac: \(commandLine(arguments))
        """
    }

    /// Runs `xcrun cktool ARGUMENTS` (found on PATH, with standard input closed so a token
    /// prompt fails rather than waits) and returns its exit status and standard error.
    static func run(_ arguments: [String]) throws(Unavailable) -> Result {
        #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xcrun", "cktool"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        let error = Pipe()
        process.standardError = error
        do {
            try process.run()
        } catch {
            throw Unavailable()
        }
        let data = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        // env: 127 when no xcrun is on PATH; xcrun: 72 (EX_OSFILE) with "unable to find utility".
        if process.terminationReason == .exit,
            process.terminationStatus == 127 || (process.terminationStatus == 72 && text.contains("unable to find utility"))
        {
            throw Unavailable()
        }
        return Result(status: process.terminationStatus, standardError: text)
        #else
        throw Unavailable()
        #endif
    }
}

extension CKTool {
    /// Runs cktool; an unavailable or failed cktool is the finding to report. `shown` is the
    /// command as the user would run it (their file names, not temporary ones).
    public static func perform(_ arguments: [String], shown: [String]) throws(Diagnostic) {
        let result: Result
        do {
            result = try run(arguments)
        } catch {
            throw Diagnostic.error(.cktoolUnavailable, unavailableMessage(equivalent: shown), at: nil)
        }
        guard result.status == 0 else {
            // cktool's standard error, one note per line (a message is one line).
            let lines = result.standardError.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            throw Diagnostic.error(
                .cktoolFailed, "'\(commandLine(shown))' failed (exit code \(result.status))\(lines.isEmpty ? " without a message" : "")",
                at: nil, notes: lines.map { Diagnostic.Note("cktool: " + $0) })
        }
    }

    /// The schema `export-schema` returns, read from a temporary file that is then removed.
    public static func exportSchema(_ target: Target, shownOutput: String?) throws(Diagnostic) -> [UInt8] {
        try withTemporaryFolder { folder throws(Diagnostic) in
            let file = folder + "/schema.ckdb"
            // Without --output-file cktool prints the schema, as pull without --output does.
            let shown = shownOutput.map { exportSchema(target, outputFile: $0) } ?? ["export-schema"] + target.arguments
            try perform(exportSchema(target, outputFile: file), shown: shown)
            guard let data = FileManager.default.contents(atPath: file) else {
                throw Diagnostic.error(.cktoolFailed, "'\(commandLine(shown))' succeeded but wrote no schema file", at: nil)
            }
            return [UInt8](data)
        }
    }

    /// The container to act on: `explicit` (`--container-id`), else the schema's `container`.
    public static func containerID(explicit: String?, schema loaded: LoadedSchema) throws(Diagnostic) -> String {
        if let explicit { return explicit }
        if let container = loaded.schema.container { return container.identifier }
        let first = loaded.sources.paths.first.map {
            SourceRange(file: $0, start: SourcePosition(line: 1, column: 1, offset: 0), end: SourcePosition(line: 1, column: 1, offset: 0))
        }
        throw Diagnostic.error(
            .containerMissing,
            "the schema declares no container; add `container \"iCloud.…\"` to a .cloudschema file or pass --container-id",
            at: first)
    }

    /// Runs `body` with a new temporary folder, removed afterwards.
    public static func withTemporaryFolder<T>(_ body: (String) throws(Diagnostic) -> T) throws(Diagnostic) -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic.error(.outputUnwritable, "cannot create a temporary folder: \(error.localizedDescription)", at: nil)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }
}
