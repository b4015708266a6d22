/// A problem in a template: a syntax error found when it is parsed, or a
/// missing variable, wrong type or missing include found when it is rendered.
///
/// `description` is the line compilers print, which Xcode and SwiftPM show
/// inline: `Templates/Record.swift.template:12:5: error: unknown filter 'uper'`.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's name, for example `Record.swift.template`.
    public var template: String
    /// Where the template came from, as it appears in messages: `Templates/Record.swift.template`
    /// for a built-in, the file in the user's `--templates` folder for an override.
    public var path: String
    /// 1-based line; 0 when the problem is about the whole file (unreadable, not a template name).
    public var line: Int
    /// 1-based column counting UTF-8 bytes from the start of the line, as swiftc reports them; 0 with `line` 0.
    public var column: Int
    /// What is wrong, without location or severity: `unknown filter 'uper'`.
    public var message: String

    public init(template: String, path: String, line: Int, column: Int, message: String) {
        self.template = template
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(path):\(line):\(column): error: \(message)" : "\(path): error: \(message)"
    }
}

/// A template's text as UTF-8 bytes with a line table, for turning byte offsets into line:column.
struct TemplateSource: Sendable {
    let name: String
    let path: String
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(text: String, name: String, path: String) {
        self.name = name
        self.path = path
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    /// 1-based line and UTF-8 column of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    func error(_ message: String, at offset: Int) -> TemplateError {
        let (line, column) = location(of: offset)
        return TemplateError(template: name, path: path, line: line, column: column, message: message)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
