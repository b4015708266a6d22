import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file's bytes and keeps everything else about the file: its mode, owner, group and
/// hard links. `format --in-place` and `generate` write through it.
///
/// - A file with one link is replaced atomically: the bytes go to a temporary file in the same
///   folder that gets the original's mode, owner and group, is flushed to disk and renamed over
///   the original. A reader, or a crash, sees the old file or the new one, never half of one.
/// - A rename replaces a name, not a file: the other names of a hard-linked file would keep the
///   old bytes. So a file with more than one link, or one whose owner only root could give to a
///   new file, is overwritten in place: every name sees the new bytes, at the price of a moment
///   in which a reader could see a partial file. If that write fails, the old bytes are put back.
/// - A read-only file is never written, even by root: it is a failure.
/// - A symbolic link is followed, not replaced.
public enum FileWriter {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to `path`, creating the file (and not its folder) if needed.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try write(buffer, to: path) } }.get()
    }

    /// Writes `bytes` (borrowed, not copied: a large generated file is written from its own
    /// storage) to `path`, creating the file (and not its folder) if needed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(Failure) {
        var staged = try Staged(path)
        try staged.append(bytes)
        try staged.commit()
    }

    /// A file's new bytes, written piece by piece to a temporary file beside it, so a large
    /// output is never held in memory; `commit()` puts them in place as `write` does. Dropped
    /// without a successful `commit()`, the temporary file is removed and the target is untouched.
    public struct Staged: ~Copyable {
        /// The path as given, for messages.
        public let path: String
        /// The file written: `path` with symbolic links followed, when it exists.
        private let target: String
        private let temporary: String
        private var fd: Int32
        private var size = 0

        /// Creates the temporary file in the folder of `path` (which must exist).
        public init(_ path: String) throws(Failure) {
            self.path = path
            target =
                realpath(path, nil).map { resolved in
                    defer { free(resolved) }
                    return String(cString: resolved)
                } ?? path
            let folder = (target as NSString).deletingLastPathComponent
            // A short fixed name: a 255-byte file name still leaves room for it.
            temporary = (folder.isEmpty ? "." : folder) + "/.cloudschema-\(getpid())-\(UInt32.random(in: 0 ... .max)).tmp"
            fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw Failure(path: path, reason: "cannot create a temporary file in '\(folder)': \(lastError())") }
        }

        deinit { discard() }

        public mutating func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            guard writeAll(fd, bytes, at: off_t(size)) else { throw Failure(path: path, reason: lastError()) }
            size += bytes.count
        }

        private func discard() {
            guard fd >= 0 else { return }
            close(fd)
            unlink(temporary)
        }

        /// Replaces the target with the bytes appended (see `FileWriter`).
        public mutating func commit() throws(Failure) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                guard errno == ENOENT else { throw Failure(path: path, reason: lastError()) }
                try moveIntoPlace()
                return
            }
            guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(path: path, reason: "not a regular file") }
            // Root may write anything; a file without write permission was still made read-only on purpose.
            guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 else {
                throw Failure(path: path, reason: "it is read-only (make it writable, e.g. chmod u+w, to have it rewritten)")
            }
            var created = stat()
            fstat(fd, &created)
            if info.st_nlink > 1
                || (created.st_uid != info.st_uid || created.st_gid != info.st_gid) && fchown(fd, info.st_uid, info.st_gid) != 0
            {
                // Rare (hard links, another user's file): the new bytes are read back to write them in place.
                let bytes = try readBack()
                try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try overwrite(target, with: buffer, reportedAs: path) }
                }.get()
                return
            }
            // After fchown, which clears set-user-ID and set-group-ID bits.
            guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw Failure(path: path, reason: lastError()) }
            try moveIntoPlace()
        }

        private mutating func moveIntoPlace() throws(Failure) {
            guard fsync(fd) == 0 else { throw Failure(path: path, reason: lastError()) }
            close(fd)
            fd = -1
            guard rename(temporary, target) == 0 else {
                let reason = lastError()
                unlink(temporary)
                throw Failure(path: path, reason: reason)
            }
        }

        private func readBack() throws(Failure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: size)
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, 0) }
            guard count == size else { throw Failure(path: path, reason: "cannot read back the new bytes: \(lastError())") }
            return bytes
        }
    }

    /// Writes `bytes` over `target`'s own bytes (same inode); puts the old bytes back if that fails.
    private static func overwrite(_ target: String, with bytes: UnsafeRawBufferPointer, reportedAs path: String) throws(Failure) {
        guard let old = FileManager.default.contents(atPath: target) else {
            throw Failure(path: path, reason: "cannot read it back before writing in place")
        }
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: lastError()) }
        defer { close(fd) }
        guard writeAll(fd, bytes, at: 0), ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 else {
            let reason = lastError()
            _ = old.withUnsafeBytes { writeAll(fd, $0, at: 0) }
            _ = ftruncate(fd, off_t(old.count))
            throw Failure(path: path, reason: reason)
        }
    }

    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, at offset: off_t) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, offset + off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += count
        }
        return true
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
