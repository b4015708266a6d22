/// Text being rendered, as UTF-8 bytes in storage of its own: what templates write into, and
/// what a view model's text members (`TemplateMember.text`) append their pieces to, so
/// `{{ field.recordValue }}` lands in the output without a string made for it.
///
/// Rendering is mostly appends of a few bytes, which `Array.append(contentsOf:)` made several
/// times the cost of the copy (and appending to a String more still).
public struct TemplateText: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The text `write` appends, as a string.
    static func string(_ write: (inout TemplateText) -> Void) -> String {
        var text = TemplateText(capacity: 64)
        write(&text)
        return text.text
    }

    /// The bytes so far, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes so far, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    mutating func removeAll() { count = 0 }

    /// The bytes `range` of `bytes`.
    mutating func append(_ bytes: [UInt8], _ range: Range<Int32>) {
        let length = range.count
        makeRoom(for: length)
        let destination = start + count
        bytes.withUnsafeBufferPointer { bytes in
            destination.initialize(from: bytes.baseAddress! + Int(range.lowerBound), count: length)
        }
        count += length
    }

    public mutating func append(_ text: String) {
        // The string's own bytes in one copy (a small string's from the stack): copying through
        // `utf8` as a sequence cost several times as much where the optimizer didn't see through it.
        guard text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil else { return }
        let length = text.utf8.count
        makeRoom(for: length)
        let (_, copied) = UnsafeMutableBufferPointer(start: start + count, count: length).initialize(from: text.utf8)
        count += copied
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        makeRoom(for: bytes.count)
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `number` in decimal, its digits written in place (as `String(number)` writes it, without
    /// the string: field indexes are written a few times per field).
    mutating func append(_ number: Int) {
        if number < 0 { append("-") }
        var value = number.magnitude
        var length = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        makeRoom(for: length)
        var index = count + length
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        } while value > 0
        count += length
    }

    private mutating func makeRoom(for length: Int) {
        guard count + length > capacity else { return }
        capacity = max(capacity * 2, count + length)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
    }
}
