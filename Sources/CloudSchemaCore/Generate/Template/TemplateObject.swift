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
    /// The member `name`, or nil when the type has none of that name. Requirements (rather than
    /// only extension methods) so that a read through `any TemplateObject` runs code made for
    /// the concrete type: the generic version looked up `TemplateMembers<Self>`'s metadata at
    /// run time on every read, which cost more than the read itself.
    func member(_ name: TemplateName) -> TemplateValue?
    /// Appends the member `name` of `object` (of this type) as `{{ }}` outputs it and returns
    /// true; returns false, having appended nothing, when there is no such member or it is no
    /// text (the renderer then reads it with `member(_:)` to say why). Static, taking the object
    /// unretained: the renderer reads members of the objects its variables hold, and retaining
    /// and releasing the object around each read cost as much as the read.
    static func write(_ name: TemplateName, of object: Unmanaged<AnyObject>, into text: inout TemplateText) -> Bool
    /// The member `name`'s truth value (`TemplateValue.isTruthy`), or nil when there is none.
    static func isTrue(_ name: TemplateName, of object: Unmanaged<AnyObject>) -> Bool?
}

extension TemplateObject {
    // The table is borrowed, not retained: it is a static that lives as long as the process.
    public func member(_ name: TemplateName) -> TemplateValue? {
        Unmanaged.passUnretained(Self.templateMembers)._withUnsafeGuaranteedRef { $0.value(of: self, name) }
    }
    // The object is borrowed as this type directly (a cast of the borrowed `AnyObject` was retained).
    public static func write(_ name: TemplateName, of object: Unmanaged<AnyObject>, into text: inout TemplateText) -> Bool {
        Unmanaged<Self>.fromOpaque(object.toOpaque())._withUnsafeGuaranteedRef { object in
            Unmanaged.passUnretained(templateMembers)._withUnsafeGuaranteedRef { $0.write(of: object, name, into: &text) }
        }
    }
    public static func isTrue(_ name: TemplateName, of object: Unmanaged<AnyObject>) -> Bool? {
        Unmanaged<Self>.fromOpaque(object.toOpaque())._withUnsafeGuaranteedRef { object in
            Unmanaged.passUnretained(templateMembers)._withUnsafeGuaranteedRef { $0.isTrue(of: object, name) }
        }
    }
    /// Every member's name, in declaration order (messages, descriptions, equality).
    var memberNames: [String] { Self.templateMembers.names }
}

/// How a template reads one member of an object, by the member's kind: a string is appended to
/// the output where it is stored and a flag is tested as it is, with no `TemplateValue` made
/// for either (making one, copying and destroying it was most of the cost of a read).
public enum TemplateMember<Object>: Sendable {
    case string(@Sendable (Object) -> String)
    /// A string, or null.
    case optionalString(@Sendable (Object) -> String?)
    case bool(@Sendable (Object) -> Bool)
    case int(@Sendable (Object) -> Int)
    /// Text composed from pieces, written straight into the output (a string only when a filter
    /// or a comparison needs one).
    case text(@Sendable (Object, inout TemplateText) -> Void)
    /// Anything else: arrays, objects, dictionaries.
    case value(@Sendable (Object) -> TemplateValue)

    func value(of object: Object) -> TemplateValue {
        switch self {
        case .string(let read): .string(read(object))
        case .optionalString(let read): read(object).map(TemplateValue.string) ?? .null
        case .bool(let read): .bool(read(object))
        case .int(let read): .int(read(object))
        case .text(let write): .string(TemplateText.string { write(object, &$0) })
        case .value(let read): read(object)
        }
    }

    func write(of object: Object, into text: inout TemplateText) -> Bool {
        switch self {
        case .string(let read):
            text.append(read(object))
        case .optionalString(let read):
            guard let string = read(object) else { return false }
            text.append(string)
        case .bool(let read):
            text.append(read(object) ? "true" : "false")
        case .int(let read):
            text.append(read(object))
        case .text(let write):
            write(object, &text)
        case .value(let read):
            guard let scalar = read(object).scalarText else { return false }
            text.append(scalar)
        }
        return true
    }

    func isTrue(of object: Object) -> Bool {
        switch self {
        case .string(let read): !read(object).isEmpty
        case .optionalString(let read): read(object).map { !$0.isEmpty } ?? false
        case .bool(let read): read(object)
        case .int(let read): read(object) != 0
        case .text: value(of: object).isTruthy
        case .value(let read): read(object).isTruthy
        }
    }
}

/// A type's members for templates: each name with how to read it from a value.
public final class TemplateMembers<Object>: Sendable {
    let names: [String]
    /// Indexed by `TemplateName.id`; nil where the type has no member of that number.
    private let readers: [Reader?]
    /// `readers` again, read without retaining: a template reads a member for nearly every
    /// `{{ }}`, and retaining the table and the reader around each read cost more than the read.
    nonisolated(unsafe) private let unretained: UnsafeMutableBufferPointer<Unmanaged<Reader>?>

    /// One member's reader. A class, so that reading it borrows it (a closure copied out of an
    /// array is retained for the call).
    private final class Reader: Sendable {
        let member: TemplateMember<Object>
        init(_ member: TemplateMember<Object>) { self.member = member }
    }

    public init(_ members: KeyValuePairs<String, TemplateMember<Object>>) {
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
        guard let reader = reader(name) else { return nil }
        return reader._withUnsafeGuaranteedRef { $0.member.value(of: object) }
    }

    func write(of object: Object, _ name: TemplateName, into text: inout TemplateText) -> Bool {
        guard let reader = reader(name) else { return false }
        return reader._withUnsafeGuaranteedRef { $0.member.write(of: object, into: &text) }
    }

    func isTrue(of object: Object, _ name: TemplateName) -> Bool? {
        guard let reader = reader(name) else { return nil }
        return reader._withUnsafeGuaranteedRef { $0.member.isTrue(of: object) }
    }

    private func reader(_ name: TemplateName) -> Unmanaged<Reader>? {
        name.id < unretained.count ? unretained[name.id] : nil
    }
}
