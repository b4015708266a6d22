/// The one type for every finding in CloudSchema: syntax and resolution errors,
/// lint rules, breaking changes, config and I/O problems.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
        case error, warning, info

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .info: 0
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Extra context at another place, e.g. "first declared here".
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    /// A mechanical fix: replace each range's text with `replacement`.
    public struct FixIt: Hashable, Sendable {
        public struct Edit: Hashable, Sendable {
            public var range: SourceRange
            public var replacement: String

            public init(range: SourceRange, replacement: String) {
                self.range = range
                self.replacement = replacement
            }
        }

        public var message: String
        public var edits: [Edit]
        /// Whether `lint --fix` may apply it: it cannot change what is stored or deployed.
        /// Off unless the rule decided; an unsafe fix-it is only shown.
        public var isSafe = false

        public init(_ message: String, edits: [Edit]) {
            self.message = message
            self.edits = edits
        }

        public static func replace(_ range: SourceRange, with text: String, _ message: String) -> FixIt {
            FixIt(message, edits: [Edit(range: range, replacement: text)])
        }

        public static func insert(_ text: String, at range: SourceRange, _ message: String) -> FixIt {
            FixIt(message, edits: [Edit(range: range.startOnly, replacement: text)])
        }

        public static func remove(_ range: SourceRange, _ message: String) -> FixIt {
            FixIt(message, edits: [Edit(range: range, replacement: "")])
        }
    }

    /// The schema element a finding is about, by kind and name (`field Bed.name`): what a
    /// baseline keys it by, so it still matches when lines move.
    public struct Element: Hashable, Sendable, Comparable, CustomStringConvertible {
        public enum Kind: String, Sendable, Comparable {
            case container, role, zone, record, field, `enum`, `case`, model, property, store, key, subscription
            case table, column, index

            public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        public var kind: Kind
        /// The element's name; a member's is qualified by its declaration's (`Bed.name`).
        public var name: String

        public init(_ kind: Kind, _ name: String) {
            self.kind = kind
            self.name = name
        }

        /// `field Bed.name`, as a baseline writes it.
        public var description: String { "\(kind.rawValue) \(name)" }

        /// Reads `description` back.
        public init?(_ text: String) {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])) else { return nil }
            self.init(kind, String(parts[1]))
        }

        public static func < (lhs: Element, rhs: Element) -> Bool { (lhs.kind, lhs.name) < (rhs.kind, rhs.name) }
    }

    public var id: DiagnosticID
    public var severity: Severity
    public var message: String
    /// Where the problem is; nil for findings that belong to no file (e.g. "no input files").
    public var range: SourceRange?
    public var notes: [Note]
    public var fixIts: [FixIt]
    /// Set by `Linter.lint` for lint findings: the innermost element whose declaration holds the range.
    public var element: Element?

    public init(
        _ id: DiagnosticID, _ severity: Severity, _ message: String, at range: SourceRange?,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    public static func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?, notes: [Note] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(id, .error, message, at: range, notes: notes, fixIts: fixIts)
    }

    public static func warning(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?, notes: [Note] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(id, .warning, message, at: range, notes: notes, fixIts: fixIts)
    }
}

extension Diagnostic: Comparable {
    /// File, then position, then ID: the order every renderer prints in.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = (lhs.range?.file ?? "", lhs.range?.start.offset ?? -1, lhs.id.rawValue, lhs.message)
        let r = (rhs.range?.file ?? "", rhs.range?.start.offset ?? -1, rhs.id.rawValue, rhs.message)
        return l < r
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public func count(_ severity: Diagnostic.Severity) -> Int { lazy.filter { $0.severity == severity }.count }
}

/// Thrown by operations whose failure is one finding, such as `SchemaLoader.read`.
extension Diagnostic: Error {}
