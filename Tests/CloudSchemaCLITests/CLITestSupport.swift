import Foundation

/// The result of running `cloudschema` with some arguments.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `cloudschema` binary built next to this test bundle.
let cloudschemaBinary: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [beside, beside.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("cloudschema")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return packageRoot.appendingPathComponent(".build/debug/cloudschema")
}()

let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url.deleteLastPathComponent()
    }
    return url
}()

/// Runs `cloudschema` in `directory` (the package root by default) and captures its output;
/// `input` becomes its standard input.
func cloudschema(
    _ arguments: String..., in directory: URL = packageRoot, environment: [String: String] = [:], input: Data? = nil
) throws -> RunResult {
    try cloudschema(arguments, in: directory, environment: environment, input: input)
}

/// Writing to a child that has exited raises SIGPIPE, which would end the whole test process:
/// ignore it once, so the write fails with EPIPE instead.
private let ignoringBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// `executable`: another binary built beside it, such as `cloudschema-build`.
func cloudschema(
    _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], input: Data? = nil,
    executable: String = "cloudschema"
) throws -> RunResult {
    let process = Process()
    process.executableURL = cloudschemaBinary.deletingLastPathComponent().appendingPathComponent(executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    _ = ignoringBrokenPipes
    try process.run()
    if let input {
        // Written on another thread, so a child that prints before reading cannot deadlock; a
        // child that exits without reading it all is not an error here.
        let writer = stdin.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
    }
    // Read both pipes before waiting, so a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// The folder every `temporaryFolder` of this test process lives in, removed when the process
/// exits, so a test run leaves nothing behind in the temporary directory.
let scratchRoot: URL = {
    atexit(removeScratchRoot)
    return FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-test-\(UUID().uuidString)")
}()

private func removeScratchRoot() {
    try? FileManager.default.removeItem(at: scratchRoot)
}

/// A fresh temporary folder holding `files` (relative path → contents).
func temporaryFolder(_ files: [String: String]) throws -> URL {
    let folder = scratchRoot.appendingPathComponent(UUID().uuidString)
    for (path, contents) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
