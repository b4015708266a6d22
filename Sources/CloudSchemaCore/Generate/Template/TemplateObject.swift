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
    public func member(_ name: TemplateName) -> TemplateValue? { Self.templateMembers.value(of: self, name) }
    /// Every member's name, in declaration order (messages, descriptions, equality).
    var memberNames: [String] { Self.templateMembers.names }
}

/// A type's members for templates: each name with how to read it from a value. A class, so
/// that reading a member retains one table rather than each of its arrays.
public final class TemplateMembers<Object>: Sendable {
    let names: [String]
    /// Indexed by `TemplateName.id`; nil where the type has no member of that number.
    private let readers: [(@Sendable (Object) -> TemplateValue)?]

    public init(_ members: KeyValuePairs<String, @Sendable (Object) -> TemplateValue>) {
        names = members.map(\.key)
        let numbered = members.map { (TemplateName($0.key).id, $0.value) }
        var readers = [(@Sendable (Object) -> TemplateValue)?](repeating: nil, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (id, read) in numbered { readers[id] = read }
        self.readers = readers
    }

    func value(of object: Object, _ name: TemplateName) -> TemplateValue? {
        name.id < readers.count ? readers[name.id]?(object) : nil
    }
}
