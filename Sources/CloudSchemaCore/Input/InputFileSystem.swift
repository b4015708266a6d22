#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// The file-system calls `SchemaLoader` makes. Tests substitute folders and files that
/// cannot be read, which permissions alone cannot show when tests run as root.
public protocol InputFileSystem: Sendable {
    /// What `path` is, following symbolic links.
    func status(of path: String) throws(InputError) -> InputFileStatus
    /// The names in `folder`, without `.` and `..`.
    func entries(of folder: String) throws(InputError) -> [String]
    func contents(of file: String) throws(InputError) -> [UInt8]
    func standardInput() throws(InputError) -> [UInt8]
}

public struct InputFileStatus: Hashable, Sendable {
    public enum Kind: Sendable { case file, folder, other }

    public var kind: Kind
    /// Device and inode: equal for every path (a link, `..`) to the same file or folder.
    public var identity: [UInt64]

    public init(kind: Kind, identity: [UInt64]) {
        self.kind = kind
        self.identity = identity
    }
}

/// Why a path cannot be read, as the system says it ("Permission denied").
public struct InputError: Error, Sendable {
    public var reason: String
    /// The path does not exist (or is a link to nothing).
    public var isMissing: Bool

    public init(_ reason: String, isMissing: Bool = false) {
        self.reason = reason
        self.isMissing = isMissing
    }

    static var fromErrno: InputError { InputError(String(cString: strerror(errno)), isMissing: errno == ENOENT) }
}

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
}
