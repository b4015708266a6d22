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
public struct SourceRange: Hashable, Sendable {
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty range at this range's start, for "insert here" fix-its and zero-width diagnostics.
    public var startOnly: SourceRange { SourceRange(file: file, start: start, end: start) }
    /// An empty range at this range's end.
    public var endOnly: SourceRange { SourceRange(file: file, start: end, end: end) }
}
