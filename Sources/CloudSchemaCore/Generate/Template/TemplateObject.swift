import Foundation

/// A member or variable name, numbered once: when a template is parsed, or when a view model
/// declares its members. Reading `field.swiftName` then indexes an array with the number
/// instead of hashing the string, and copying a name copies only the number (the text is
/// looked up for messages).
public struct TemplateName: Hashable, Sendable, CustomStringConvertible {
    public let id: Int

    public init(_ name: String) {
        id = Self.numbering.number(name)
    }

    /// The name as written.
    public var name: String { Self.numbering.name(id) }

    public var description: String { name }

    private static let numbering = Numbering()

    private final class Numbering: @unchecked Sendable {
        private let lock = NSLock()
        private var numbers: [String: Int] = [:]
        private var names: [String] = []

        func number(_ name: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            if let number = numbers[name] { return number }
            numbers[name] = names.count
            names.append(name)
            return names.count - 1
        }

        func name(_ number: Int) -> String {
            lock.lock()
            defer { lock.unlock() }
            return names[number]
        }
    }
}

/// A value whose members templates read by number: the generator's view models answer from
/// their own stored properties, so no dictionary is built for a record or field.
public protocol TemplateObject: AnyObject, Sendable {
    static var templateMembers: TemplateMembers<Self> { get }
    /// The member `name`, or nil when the type has none of that name. A requirement (rather than
    /// only an extension method) so that a read through `any TemplateObject` runs code made for
    /// the concrete type: the generic version looked up `TemplateMembers<Self>`'s metadata at
    /// run time on every read, which cost more than the read itself.
    func member(_ name: TemplateName) -> TemplateValue?
}

extension TemplateObject {
    public func member(_ name: TemplateName) -> TemplateValue? {
        // Borrowed, not retained: the table is a static that lives as long as the process.
        Unmanaged.passUnretained(Self.templateMembers)._withUnsafeGuaranteedRef { $0.value(of: self, name) }
    }
    /// Every member's name, in declaration order (messages, descriptions, equality).
    var memberNames: [String] { Self.templateMembers.names }
}

/// A type's members for templates: each name with how to read it from a value.
public final class TemplateMembers<Object>: Sendable {
    let names: [String]
    /// Indexed by `TemplateName.id`; nil where the type has no member of that number.
    private let readers: [Reader?]
    /// `readers` again, read without retaining: a template reads a member for nearly every
    /// `{{ }}`, and retaining the table and the reader around each read cost more than the read.
    nonisolated(unsafe) private let unretained: UnsafeMutableBufferPointer<Unmanaged<Reader>?>

    /// One member's reader. A class, so that calling `read` borrows it (a closure copied out
    /// of an array is retained for the call).
    private final class Reader: Sendable {
        let read: @Sendable (Object) -> TemplateValue
        init(_ read: @escaping @Sendable (Object) -> TemplateValue) { self.read = read }
    }

    public init(_ members: KeyValuePairs<String, @Sendable (Object) -> TemplateValue>) {
        names = members.map(\.key)
        let numbered = members.map { (TemplateName($0.key).id, Reader($0.value)) }
        var readers = [Reader?](repeating: nil, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (id, reader) in numbered { readers[id] = reader }
        self.readers = readers
        unretained = .allocate(capacity: readers.count)
        _ = unretained.initialize(from: readers.map { $0.map(Unmanaged.passUnretained) })
    }

    deinit { unretained.deallocate() }

    func value(of object: Object, _ name: TemplateName) -> TemplateValue? {
        guard name.id < unretained.count, let reader = unretained[name.id] else { return nil }
        return reader._withUnsafeGuaranteedRef { $0.read(object) }
    }
}
