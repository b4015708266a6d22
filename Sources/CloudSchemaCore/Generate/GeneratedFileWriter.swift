import Foundation

/// Writes generated files into a folder: only files whose bytes change (an unchanged file keeps
/// its modification date: no needless recompiles), each through `FileWriter` (atomically).
///
/// It also removes the files it wrote before and no longer produces (a schema file renamed
/// leaves no stale `Old.cloudschema.swift` behind). It knows them from a manifest it keeps in the
/// folder, `.cloudschema-generated`: each file it wrote with a hash of the bytes it wrote. A
/// file is removed only while it still holds exactly those bytes, so a file it did not write,
/// or one that was edited since, is never removed. (A header line would not do: templates can
/// be replaced, and a hand-written file can copy the line.)
public struct GeneratedFileWriter {
    public enum Outcome: String, Sendable, Hashable {
        case written, unchanged
    }

    public struct Report: Sendable {
        /// Every file's name, in order, with what happened to it.
        public var files: [(name: String, outcome: Outcome)]
        /// The names of the files an earlier run wrote that are no longer produced, now removed.
        public var removed: [String]
    }

    public static let manifestName = ".cloudschema-generated"

    private let directory: String
    private let previous: [String: String]
    private var manifest: [String: String] = [:]
    private var report = Report(files: [], removed: [])

    /// Writes every file into `directory` (created if needed) and removes the stale ones.
    public static func write(_ files: [GeneratedFile], to directory: String) throws(FileWriter.Failure) -> Report {
        var writer = try GeneratedFileWriter(directory: directory)
        for file in files { try writer.write(file) }
        return try writer.finish()
    }

    /// A writer into `directory` (created if needed): `write(_:)` each file as it is generated,
    /// so only one file's text is held at a time, then `finish()`.
    public init(directory: String) throws(FileWriter.Failure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileWriter.Failure(path: directory, reason: "cannot create the folder: \(error.localizedDescription)")
        }
        self.directory = directory
        self.previous = Self.readManifest((directory as NSString).appendingPathComponent(Self.manifestName))
    }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Writes one file unless it already holds these bytes.
    public mutating func write(_ file: GeneratedFile) throws(FileWriter.Failure) {
        // The text's own UTF-8 storage, borrowed: a large file is never copied to write it.
        var text = file.contents
        let path = path(file.name)
        let (hash, outcome) = try text.withUTF8 { utf8 in
            Result { () throws(FileWriter.Failure) -> (String, Outcome) in
                let bytes = UnsafeRawBufferPointer(utf8)
                if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) {
                    return (Self.hash(bytes), .unchanged)
                }
                try FileWriter.write(bytes, to: path)
                return (Self.hash(bytes), .written)
            }
        }.get()
        manifest[file.name] = hash
        report.files.append((file.name, outcome))
    }

    /// Removes the files an earlier run wrote that this one didn't, and updates the manifest.
    public mutating func finish() throws(FileWriter.Failure) -> Report {
        let fileManager = FileManager.default
        for (name, written) in previous.sorted(by: { $0.key < $1.key }) where manifest[name] == nil {
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: path(name), isDirectory: &isFolder), !isFolder.boolValue,
                let bytes = fileManager.contents(atPath: path(name)), Self.hash(Array(bytes)) == written
            else { continue }
            do {
                try fileManager.removeItem(atPath: path(name))
            } catch {
                throw FileWriter.Failure(path: path(name), reason: "cannot remove this stale generated file: \(error.localizedDescription)")
            }
            report.removed.append(name)
        }
        let text = Self.manifestHeader + manifest.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
        if fileManager.contents(atPath: path(Self.manifestName)).map({ !$0.elementsEqual(text.utf8) }) ?? true {
            try FileWriter.write(Array(text.utf8), to: path(Self.manifestName))
        }
        return report
    }

    private static let manifestHeader =
        "# Written by cloudschema generate: the files it wrote here, each with a hash of its bytes.\n"
        + "# It removes a listed file it no longer produces only while the file holds those bytes.\n"

    /// Name to hash; an absent or unreadable manifest lists nothing, so nothing is removed.
    private static func readManifest(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var entries: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let name = String(line[line.index(after: space)...])
            // Only plain names in this folder: an edited manifest cannot reach elsewhere.
            guard !name.isEmpty, !name.contains("/"), name != "..", name != ".", name != manifestName else { continue }
            entries[name] = String(line[..<space])
        }
        return entries
    }

    /// 64-bit FNV-1a: enough to tell "the bytes we wrote" from anything else; not a security measure.
    private static func hash(_ bytes: some Sequence<UInt8>) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
