import CloudSchemaCore

/// One file's text with its line starts, to turn LSP positions (0-based line, and character
/// in the negotiated encoding: UTF-16 code units unless the client offered UTF-8) into byte
/// offsets and back; CloudSchema's own positions count UTF-8 bytes.
struct LSPText {
    /// LSP 3.17's `PositionEncodingKind` values the server speaks.
    enum Encoding: String {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
    }

    let bytes: [UInt8]
    let encoding: Encoding
    /// The byte offset where each line starts.
    let lineStarts: [Int]

    init(_ bytes: [UInt8], encoding: Encoding = .utf16) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    private init(bytes: [UInt8], encoding: Encoding, lineStarts: [Int]) {
        self.bytes = bytes
        self.encoding = encoding
        self.lineStarts = lineStarts
    }

    /// The text with the bytes `from..<to` replaced by `text`; only the inserted text is
    /// searched for line breaks (the lines after the change just move).
    func replacing(_ from: Int, _ to: Int, with text: [UInt8]) -> LSPText {
        var bytes = bytes
        bytes.replaceSubrange(from..<to, with: text)
        let delta = text.count - (to - from)
        // Lines starting up to `from` are kept; those starting after `to` move by `delta`.
        let kept = lineStarts.partitioningIndex { $0 > from }
        let moved = lineStarts.partitioningIndex { $0 > to }
        var starts = Array(lineStarts[..<kept])
        starts.reserveCapacity(lineStarts.count + text.count / 16)
        for (i, byte) in text.enumerated() where byte == 10 { starts.append(from + i + 1) }
        starts += lineStarts[moved...].lazy.map { $0 + delta }
        return LSPText(bytes: bytes, encoding: encoding, lineStarts: starts)
    }

    /// The byte offset of an LSP position, clamped to its line (and the file).
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if encoding == .utf8 { return start + min(max(0, character), end - start) }
        var units = 0
        var offset = start
        for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
            if units >= character { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return min(offset, end)
    }

    /// The LSP position of a byte offset.
    func position(_ offset: Int) -> JSON {
        let (line, character) = lineAndCharacter(offset)
        return .object([("line", .int(line)), ("character", .int(character))])
    }

    func lineAndCharacter(_ offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let prefix = bytes[lineStarts[low]..<offset]
        // ASCII (nearly every schema line) counts the same in both encodings: no decoding.
        if encoding == .utf8 || prefix.allSatisfy({ $0 < 0x80 }) { return (low, prefix.count) }
        return (low, String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    func range(_ range: SourceRange) -> JSON { self.range(range.start.offset, range.end.offset) }

    func range(_ start: Int, _ end: Int) -> JSON { .object([("start", position(start)), ("end", position(end))]) }

    var wholeRange: JSON { range(0, bytes.count) }

    /// The name (`[A-Za-z0-9_]`) around a byte offset, and where it starts.
    func word(at offset: Int) -> (text: String, start: Int)? {
        var start = min(max(0, offset), bytes.count)
        var end = start
        while start > 0, Self.isNamePart(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, Self.isNamePart(bytes[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }

    static func isNamePart(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }
}
