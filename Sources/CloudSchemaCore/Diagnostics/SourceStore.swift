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
        files[path] = File(bytes: bytes, lineStarts: Self.lineStarts(bytes))
    }

    /// Where each line starts: after a LF, a CR or a CRLF. Eight bytes at a time where none is,
    /// as most are: the language server indexes a large file again for every analysis.
    private static func lineStarts(_ bytes: [UInt8]) -> [Int32] {
        var starts: [Int32] = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i < raw.count {
                var end = raw.count
                if i + 8 <= raw.count {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    guard holds(0x0A, in: word) || holds(0x0D, in: word) else {
                        i += 8
                        continue
                    }
                    end = i + 8
                }
                while i < end {
                    if raw[i] == 0x0A {
                        starts.append(Int32(clamping: i + 1))
                    } else if raw[i] == 0x0D {
                        if i + 1 < raw.count, raw[i + 1] == 0x0A { i += 1 }
                        starts.append(Int32(clamping: i + 1))
                    }
                    i += 1
                }
            }
        }
        return starts
    }

    /// Whether any of the eight bytes of `word` is `byte` (a zero byte of `word ^ byte...`).
    private static func holds(_ byte: UInt8, in word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (UInt64(byte) &* ones)
        return (x &- ones) & ~x & 0x8080_8080_8080_8080 != 0
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
