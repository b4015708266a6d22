import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every read of the outside world the core makes: the file-system calls of `SchemaLoader`
/// and of config discovery (`ConfigurationSet`), and the `git` commands of
/// `diff --against git:REV`. `LocalFileSystem` is the real one, `GitRevisionFileSystem` the
/// files of a git revision; tests substitute folders and files that cannot be read (which
/// permissions alone cannot show when tests run as root) and a repository's history, with no
/// files and no git.
public protocol InputFileSystem: Sendable {
    /// What `path` is, following symbolic links.
    func status(of path: String) throws(InputError) -> InputFileStatus
    /// The names in `folder`, without `.` and `..`.
    func entries(of folder: String) throws(InputError) -> [String]
    func contents(of file: String) throws(InputError) -> [UInt8]
    func standardInput() throws(InputError) -> [UInt8]
    /// Runs `git` with `arguments` in `folder`; throws only when git cannot run at all.
    func git(_ arguments: [String], in folder: String) throws(InputError) -> GitOutput
    /// What diagnostics call the file at `path`: the path itself, or for a git revision's file
    /// git's name for it (`HEAD:Schemas/0001.sql`).
    func displayPath(of path: String) -> String
}

extension InputFileSystem {
    public func displayPath(of path: String) -> String { path }
}

/// What a `git` command printed, and its exit status.
public struct GitOutput: Sendable {
    public var status: Int32
    public var output: [UInt8]
    /// Standard error, without surrounding white space.
    public var error: String

    public init(status: Int32, output: [UInt8], error: String) {
        self.status = status
        self.output = output
        self.error = error
    }
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
