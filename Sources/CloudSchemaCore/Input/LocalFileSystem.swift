import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, through POSIX calls (which say why they fail).
public struct LocalFileSystem: InputFileSystem {
    public init() {}

    public func status(of path: String) throws(InputError) -> InputFileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .fromErrno }
        let kind: InputFileStatus.Kind =
            switch info.st_mode & S_IFMT {
            case S_IFDIR: .folder
            case S_IFREG: .file
            default: .other
            }
        return InputFileStatus(kind: kind, identity: [UInt64(info.st_dev), UInt64(info.st_ino)])
    }

    public func entries(of folder: String) throws(InputError) -> [String] {
        guard let directory = opendir(folder) else { throw .fromErrno }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func contents(of file: String) throws(InputError) -> [UInt8] {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { throw .fromErrno }
        defer { close(descriptor) }
        // Sized to the file up front: growing by doubling would hold up to twice a large file.
        var info = stat()
        return try readAll(descriptor, expected: fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0)
    }

    public func standardInput() throws(InputError) -> [UInt8] {
        try readAll(STDIN_FILENO, expected: 0)
    }

    private func readAll(_ descriptor: Int32, expected: Int) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .fromErrno
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    public func git(_ arguments: [String], in folder: String) throws(InputError) -> GitOutput {
        #if os(macOS) || os(Linux) || os(Windows)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw InputError("cannot run git (\(error.localizedDescription)); install git or compare against a file")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 127 {
            throw InputError("git is not installed or not on PATH; install git or compare against a file")
        }
        return GitOutput(
            status: process.terminationStatus, output: [UInt8](data),
            error: String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #else
        throw InputError("git sources are not available on this platform")
        #endif
    }
}
