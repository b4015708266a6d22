/// The text of every file read in one run, so renderers can quote source lines.
/// Line starts are indexed once per file, so quoting any number of lines stays linear.
public struct SourceStore: Sendable {
    private struct File: Sendable {
        var bytes: [UInt8]
        /// Offset of the first byte of each line; `lineStarts[0]` skips a BOM. 32 bits, as
        /// `SourcePosition` stores offsets, and sized once: this index lives as long as the text.
        var lineStarts: [Int32]
    }

    private var files: [String: File] = [:]

    public init() {}

    public mutating func add(_ path: String, _ bytes: [UInt8]) {
        var starts: [Int32] = []
        starts.reserveCapacity(bytes.count { $0 == 0x0A || $0 == 0x0D } + 1)
        starts.append(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(Int32(clamping: i + 1))
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(Int32(clamping: i + 1))
            }
            i += 1
        }
        files[path] = File(bytes: bytes, lineStarts: starts)
    }

    public func bytes(of path: String) -> [UInt8]? { files[path]?.bytes }
    public var paths: [String] { files.keys.sorted() }

    /// The bytes of a 1-based line without its line break, or nil.
    public func line(_ number: Int, in path: String) -> ArraySlice<UInt8>? {
        guard let file = files[path], number >= 1, number <= file.lineStarts.count else { return nil }
        let start = Int(file.lineStarts[number - 1])
        var end = number < file.lineStarts.count ? Int(file.lineStarts[number]) : file.bytes.count
        while end > start, file.bytes[end - 1] == 0x0A || file.bytes[end - 1] == 0x0D { end -= 1 }
        return file.bytes[start..<end]
    }
}
