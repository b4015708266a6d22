import Foundation

/// A position in a source file. Lines and columns are 1-based; a column counts
/// UTF-8 bytes from the start of the line, as swiftc and clang report them.
///
/// Stored as 32-bit numbers: a syntax tree and a `Schema` hold several positions per
/// element, so this halves their memory. (Positions past 2 GB of one file are clamped.)
public struct SourcePosition: Hashable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// Byte offset from the start of the file.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.storedOffset < rhs.storedOffset }
}

/// A half-open range of bytes in one file: `end` is the position just past the last byte.
///
/// The file is held as an interned ID, so a range is plain data: copying the many
/// ranges of a syntax tree and a `Schema` costs no reference counting.
public struct SourceRange: Hashable, Sendable {
    public var start: SourcePosition
    public var end: SourcePosition
    private var fileID: Int32

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.init(fileID: SourceFileNames.shared.id(for: file), start: start, end: end)
    }

    init(fileID: Int, start: SourcePosition, end: SourcePosition) {
        self.fileID = Int32(fileID)
        self.start = start
        self.end = end
    }

    /// The file's path as given to the tool (what diagnostics print).
    public var file: String {
        get { SourceFileNames.shared.path(for: Int(fileID)) }
        set { fileID = Int32(SourceFileNames.shared.id(for: newValue)) }
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(fileID: Int(fileID), start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty range at this range's start, for "insert here" fix-its and zero-width diagnostics.
    public var startOnly: SourceRange { SourceRange(fileID: Int(fileID), start: start, end: start) }
    /// An empty range at this range's end.
    public var endOnly: SourceRange { SourceRange(fileID: Int(fileID), start: end, end: end) }

    /// Whether `other` is in this range, in the same file (its ends included; by offset, so
    /// without looking up either file's path).
    package func holds(_ other: SourceRange) -> Bool {
        fileID == other.fileID && start.offset <= other.start.offset && other.end.offset <= end.offset
    }

    /// A range in the same file.
    func with(start: SourcePosition, end: SourcePosition) -> SourceRange {
        SourceRange(fileID: Int(fileID), start: start, end: end)
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
