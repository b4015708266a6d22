/// One file's text with its line starts, to turn LSP positions (0-based line, UTF-16
/// character) into byte offsets and back; CloudSchema's own positions count UTF-8 bytes.
struct LSPText {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The byte offset of an LSP position, clamped to its line (and the file).
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
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
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let character = String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self).utf16.count
        return .object([("line", .int(low)), ("character", .int(character))])
    }

    func range(_ range: SourceRange) -> JSON {
        .object([("start", position(range.start.offset)), ("end", position(range.end.offset))])
    }

    var wholeRange: JSON { .object([("start", position(0)), ("end", position(bytes.count))]) }

    /// The name (`[A-Za-z0-9_]`) around a byte offset, and where it starts.
    func word(at offset: Int) -> (text: String, start: Int)? {
        func isNamePart(_ byte: UInt8) -> Bool {
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
        }
        var start = min(max(0, offset), bytes.count)
        var end = start
        while start > 0, isNamePart(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }
}
