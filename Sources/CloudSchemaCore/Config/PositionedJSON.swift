/// A JSON value that remembers where it was written, so configuration errors can point
/// at the offending key (Foundation's JSONSerialization keeps no positions).
package struct PositionedJSON: Sendable {
    package indirect enum Value: Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([PositionedJSON])
        case object([Member])
    }

    package struct Member: Sendable {
        package var key: String
        package var keyRange: SourceRange
        package var value: PositionedJSON
    }

    package var value: Value
    package var range: SourceRange

    package var kind: String {
        switch value {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    package struct ParseError: Error, Sendable {
        package var message: String
        var range: SourceRange
    }

    /// Parses RFC 8259 JSON (one value, whitespace around it). Lines and columns are
    /// 1-based, columns in UTF-8 bytes, as everywhere in CloudSchema.
    package static func parse(_ bytes: [UInt8], file: String) throws(ParseError) -> PositionedJSON {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.skipBOM()
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1, offset: index) }

    func error(_ message: String, from start: SourcePosition? = nil) -> PositionedJSON.ParseError {
        let here = position
        let end = index < bytes.count ? SourcePosition(line: line, column: here.column + 1, offset: index + 1) : here
        return .init(message: message, range: SourceRange(file: file, start: start ?? here, end: start == nil ? end : here))
    }

    mutating func skipBOM() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(PositionedJSON.ParseError) -> PositionedJSON {
        guard depth < 128 else { throw error("JSON nested too deeply") }
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = position
        func finish(_ value: PositionedJSON.Value) -> PositionedJSON {
            PositionedJSON(value: value, range: SourceRange(file: file, start: start, end: position))
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [PositionedJSON.Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return finish(.object([]))
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in double quotes")
                }
                let keyStart = position
                let key = try string()
                let keyRange = SourceRange(file: file, start: keyStart, end: position)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
                index += 1
                skipWhitespace()
                let member = try value(depth: depth + 1)
                members.append(.init(key: key, keyRange: keyRange, value: member))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return finish(.object(members))
                }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [PositionedJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return finish(.array([]))
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return finish(.array(items))
                }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return finish(.string(try string()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, value) in [("true", PositionedJSON.Value.bool(true)), ("false", .bool(false)), ("null", .null)] {
                let w = Array(word.utf8)
                if bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w {
                    index += w.count
                    return finish(value)
                }
            }
            throw error("unexpected character; expected a value")
        default:
            let numberStart = index
            while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || "+-.eE".utf8.contains(bytes[index]) {
                index += 1
            }
            guard index > numberStart, let number = Double(String(decoding: bytes[numberStart..<index], as: UTF8.self))
            else {
                index = numberStart
                throw error("unexpected character; expected a value")
            }
            return finish(.number(number))
        }
    }

    mutating func string() throws(PositionedJSON.ParseError) -> String {
        let start = position
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default:
                    index -= 2
                    throw error("invalid escape in string")
                }
            case 0x0A, 0x0D:
                throw error("unterminated string", from: start)
            default:
                guard c >= 0x20 else { throw error("control character in string") }
                out.append(c)
                index += 1
            }
        }
        throw error("unterminated string", from: start)
    }

    mutating func hex4() throws(PositionedJSON.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape; expected four hex digits") }
        index += 4
        return value
    }
}
