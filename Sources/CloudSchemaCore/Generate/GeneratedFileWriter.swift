import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files into a folder: only files whose bytes change (an unchanged file keeps
/// its modification date: no needless recompiles), each through `FileWriter` (atomically).
///
/// It also removes the files it wrote before and no longer produces (a schema file renamed
/// leaves no stale `Old.cloudschema.swift` behind). It knows them from a manifest it keeps in the
/// folder, `.cloudschema-generated`: each file it wrote with a hash of the bytes it wrote. A
/// file is removed only while it still holds exactly those bytes, so a file it did not write,
/// or one that was edited since, is never removed. (A header line would not do: templates can
/// be replaced, and a hand-written file can copy the line.)
///
/// As a `GeneratedOutput`, it takes each file's text in pieces: they go to a temporary file
/// beside the target while they are hashed and compared with the file already there, so a large
/// file is never held in memory.
public struct GeneratedFileWriter: GeneratedOutput {
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
    private var current: (name: String, file: StreamedFile)?

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
        let streamed = try StreamedFile(path(file.name))
        streamed.append(file.contents)
        try finish(streamed, name: file.name)
    }

    public mutating func begin(_ name: String) throws(GeneratorError) {
        do {
            current = (name, try StreamedFile(path(name)))
        } catch {
            throw .write(error)
        }
    }

    public mutating func append(_ text: String) { current?.file.append(text) }

    /// Written as they are: making a string of each piece checked its UTF-8 again.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) { current?.file.append(UnsafeRawBufferPointer(utf8)) }

    public mutating func end() throws(GeneratorError) {
        guard let (name, file) = current else { return }
        current = nil
        do {
            try finish(file, name: name)
        } catch {
            throw .write(error)
        }
    }

    private mutating func finish(_ file: StreamedFile, name: String) throws(FileWriter.Failure) {
        let (hash, outcome) = try file.finish()
        manifest[name] = hash
        report.files.append((name, outcome))
    }

    /// Removes the files an earlier run wrote that this one didn't, and updates the manifest.
    public mutating func finish() throws(FileWriter.Failure) -> Report {
        let fileManager = FileManager.default
        for (name, written) in previous.sorted(by: { $0.key < $1.key }) where manifest[name] == nil {
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: path(name), isDirectory: &isFolder), !isFolder.boolValue,
                let bytes = fileManager.contents(atPath: path(name)), Self.hash(bytes) == written || Self.fnv1a(bytes) == written
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

    private static func hash(_ bytes: Data) -> String {
        var hash = Hash()
        bytes.withUnsafeBytes { hash.add($0) }
        return hash.digest
    }

    /// The 64-bit FNV-1a hash manifests written before `Hash` hold, so a stale file such a
    /// manifest lists is still recognised (and removed) after an upgrade.
    private static func fnv1a(_ bytes: Data) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// 64 bits mixed in 8 bytes at a time (the byte-at-a-time FNV-1a before it was a twentieth of
    /// `generate`'s time): enough to tell "the bytes we wrote" from anything else; not a security
    /// measure. The same bytes give the same hash however they are split into pieces.
    fileprivate struct Hash {
        private var value: UInt64 = 0xcbf2_9ce4_8422_2325
        /// The bytes after the last whole word, the first one lowest.
        private var partial: UInt64 = 0
        private var partialCount: UInt64 = 0
        private var length: UInt64 = 0

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            var offset = 0
            while partialCount > 0, offset < bytes.count {
                take(bytes[offset])
                offset += 1
            }
            while offset + 8 <= bytes.count {
                mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            while offset < bytes.count {
                take(bytes[offset])
                offset += 1
            }
        }

        private mutating func take(_ byte: UInt8) {
            partial |= UInt64(byte) << (8 * partialCount)
            partialCount += 1
            if partialCount == 8 {
                mix(partial)
                (partial, partialCount) = (0, 0)
            }
        }

        private mutating func mix(_ word: UInt64) {
            value = (value ^ word) &* 0x9e37_79b9_7f4a_7c15
            value ^= value >> 29
        }

        var digest: String {
            var last = self
            last.mix(partial)
            last.mix(length)
            let digits = String(last.value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}

/// One file being written from pieces of text: staged in a temporary file, hashed, and compared
/// with the file already at the path as the pieces come.
private final class StreamedFile {
    private var staged: FileWriter.Staged
    private var hash = GeneratedFileWriter.Hash()
    /// The file already at the path, read along; -1 when there is none.
    private let existing: Int32
    /// Whether every byte so far equals the existing file's.
    private var same: Bool
    private var failure: FileWriter.Failure?
    private var buffer: [UInt8] = []

    init(_ path: String) throws(FileWriter.Failure) {
        staged = try FileWriter.Staged(path)
        existing = open(path, O_RDONLY | O_CLOEXEC)
        same = existing >= 0
    }

    deinit { if existing >= 0 { close(existing) } }

    /// The next piece; a write failure is kept for `finish()`.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        hash.add(bytes)
        if same { same = existingContinues(with: bytes) }
        do throws(FileWriter.Failure) {
            try staged.append(bytes)
        } catch {
            failure = error
        }
    }

    /// The hash of every byte, and whether the file was written or already held them (the
    /// temporary file is then dropped).
    func finish() throws(FileWriter.Failure) -> (String, GeneratedFileWriter.Outcome) {
        if let failure { throw failure }
        if same, readExisting(1) == 0 {
            return (hash.digest, .unchanged)
        }
        try staged.commit()
        return (hash.digest, .written)
    }

    private func existingContinues(with bytes: UnsafeRawBufferPointer) -> Bool {
        guard readExisting(bytes.count) == bytes.count else { return false }
        return bytes.isEmpty || buffer.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// Reads up to `count` bytes of the existing file into `buffer`; how many it read.
    private func readExisting(_ count: Int) -> Int {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
        var done = 0
        while done < count {
            let got: Int = buffer.withUnsafeMutableBytes { read(existing, $0.baseAddress! + done, count - done) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            done += got
        }
        return done
    }
}
