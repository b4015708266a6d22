import Foundation

/// Writes generated files into a folder: only files whose bytes change, each atomically
/// (a temporary file in the same folder, then a rename), so an unchanged file keeps its
/// modification date (no needless recompiles) and a reader never sees half a file.
public enum GeneratedFileWriter {
    public enum Outcome: String, Sendable, Hashable {
        case written, unchanged
    }

    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes every file into `directory` (created if needed); returns what happened to each, in order.
    public static func write(_ files: [GeneratedFile], to directory: String) throws(WriteError) -> [(GeneratedFile, Outcome)] {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, reason: error.localizedDescription)
        }
        var results: [(GeneratedFile, Outcome)] = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            let bytes = Data(file.contents.utf8)
            if let existing = fileManager.contents(atPath: path), existing == bytes {
                results.append((file, .unchanged))
                continue
            }
            try writeAtomically(bytes, to: path)
            results.append((file, .written))
        }
        return results
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    static func writeAtomically(_ bytes: Data, to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try bytes.write(to: temporary)
        } catch {
            throw WriteError(path: path, reason: error.localizedDescription)
        }
        if rename(temporary.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
