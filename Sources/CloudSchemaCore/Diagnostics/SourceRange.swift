import Foundation

/// A position in a source file. Lines and columns are 1-based; a column counts
/// UTF-8 bytes from the start of the line, as swiftc and clang report them.
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    /// Byte offset from the start of the file.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// A half-open range of bytes in one file: `end` is the position just past the last byte.
///
/// The file is held as an interned ID, so a range is plain data: copying the many
/// ranges of a syntax tree and a `Schema` costs no reference counting.
public struct SourceRange: Hashable, Sendable {
    public var start: SourcePosition
    public var end: SourcePosition
    private var fileID: Int

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.init(fileID: SourceFileNames.shared.id(for: file), start: start, end: end)
    }

    init(fileID: Int, start: SourcePosition, end: SourcePosition) {
        self.fileID = fileID
        self.start = start
        self.end = end
    }

    /// The file's path as given to the tool (what diagnostics print).
    public var file: String {
        get { SourceFileNames.shared.path(for: fileID) }
        set { fileID = SourceFileNames.shared.id(for: newValue) }
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(fileID: fileID, start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty range at this range's start, for "insert here" fix-its and zero-width diagnostics.
    public var startOnly: SourceRange { SourceRange(fileID: fileID, start: start, end: start) }
    /// An empty range at this range's end.
    public var endOnly: SourceRange { SourceRange(fileID: fileID, start: end, end: end) }

    /// A range in the same file.
    func with(start: SourcePosition, end: SourcePosition) -> SourceRange {
        SourceRange(fileID: fileID, start: start, end: end)
    }
}

/// The process-wide table of file paths behind `SourceRange`'s file IDs. Append-only.
final class SourceFileNames: @unchecked Sendable {
    static let shared = SourceFileNames()

    private let lock = NSLock()
    private var paths: [String] = []
    private var ids: [String: Int] = [:]

    func id(for path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[path] { return id }
        paths.append(path)
        ids[path] = paths.count - 1
        return paths.count - 1
    }

    func path(for id: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return paths[id]
    }
}
