import Foundation

/// A member or variable name, numbered once: when a template is parsed, or when a view model
/// declares its members. Reading `field.swiftName` then indexes an array with the number
/// instead of hashing the string.
public struct TemplateName: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    public let name: String

    public init(_ name: String) {
        self.name = name
        id = Self.numbering.number(name)
    }

    public var description: String { name }

    public static func == (a: TemplateName, b: TemplateName) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    private static let numbering = Numbering()

    private final class Numbering: @unchecked Sendable {
        private let lock = NSLock()
        private var numbers: [String: Int] = [:]

        func number(_ name: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            if let number = numbers[name] { return number }
            numbers[name] = numbers.count
            return numbers.count - 1
        }
    }
}

/// A value whose members templates read by number: the generator's view models answer from
/// their own stored properties, so no dictionary is built for a record or field.
public protocol TemplateObject: AnyObject, Sendable {
    static var templateMembers: TemplateMembers<Self> { get }
}

extension TemplateObject {
    /// The member `name`, or nil when the type has none of that name.
    func member(_ name: TemplateName) -> TemplateValue? { Self.templateMembers.value(of: self, name) }
    /// Every member's name, in declaration order (messages, descriptions, equality).
    var memberNames: [String] { Self.templateMembers.names }
}

/// A type's members for templates: each name with how to read it from a value.
public struct TemplateMembers<Object>: Sendable {
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
