import CloudSchemaCore
import Foundation

/// The Language Server Protocol's base protocol: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ending in `\r\n`, then an empty
/// line) and N bytes of JSON. Reads from any byte source (standard input, or memory in tests).
public struct LSPMessageReader {
    public enum Frame: Equatable, Sendable {
        case message([UInt8])
        /// A header block without a usable `Content-Length`; it has been skipped.
        case malformed(String)
    }

    /// Larger bodies are refused (as malformed) rather than buffered.
    public static let maximumLength = 64 << 20

    private var buffer: [UInt8] = []
    private let read: () -> [UInt8]?

    /// `read` returns the next bytes available, or nil (or nothing) at the end of the input.
    public init(read: @escaping () -> [UInt8]?) { self.read = read }

    /// Whether a whole header block has been read but not its message yet: more is coming.
    public var holdsHeader: Bool { Self.endOfHeaders(in: buffer, from: 0) != nil }

    /// The next message, or nil at the end of the input.
    public mutating func next() -> Frame? {
        var headerEnd: Int?
        var searched = 0
        while headerEnd == nil {
            headerEnd = Self.endOfHeaders(in: buffer, from: searched)
            if headerEnd != nil { break }
            searched = max(0, buffer.count - 3)
            guard let more = read(), !more.isEmpty else { return nil }
            buffer += more
        }
        guard let headerEnd else { return nil }
        let headers = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var length: Int?
        for line in headers.split(separator: "\r\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                return .malformed("a header line must be 'Name: value', not '\(line.prefix(80))'")
            }
            if parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, (0...Self.maximumLength).contains(length) else {
            return .malformed("missing or invalid Content-Length header")
        }
        while buffer.count < length {
            guard let more = read(), !more.isEmpty else { return nil }
            buffer += more
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return .message(body)
    }

    private static func endOfHeaders(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for i in start...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// A message framed for sending.
    public static func frame(_ message: JSON) -> [UInt8] {
        let body = Array(message.rendered().utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
