/// The text of every file read in one run, so renderers can quote source lines.
public struct SourceStore: Sendable {
    private var files: [String: [UInt8]] = [:]

    public init() {}

    public mutating func add(_ path: String, _ bytes: [UInt8]) { files[path] = bytes }
    public func bytes(of path: String) -> [UInt8]? { files[path] }
    public var paths: [String] { files.keys.sorted() }

    /// The bytes of a 1-based line without its line break, or nil.
    public func line(_ number: Int, in path: String) -> ArraySlice<UInt8>? {
        guard let bytes = files[path], number >= 1 else { return nil }
        var line = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A || c == 0x0D {
                if line == number { return bytes[start..<i] }
                if c == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                start = i + 1
            }
            i += 1
        }
        return line == number ? bytes[start..<bytes.count] : nil
    }
}
