/// Walks parsed templates and writes their output. One renderer serves one
/// `render` call: it holds the variable scopes and the chain of includes (to
/// report recursion); included templates come from `templates`, parsed once.
///
/// A struct, not a class: its state changes on every node, and a class's stored properties
/// are checked for exclusive access at run time on each change.
struct TemplateRenderer {
    private let templates: ParsedTemplates
    /// The variables, innermost last: the context's, then each `for`'s variable and `loop`.
    private var variables: [Variable]
    private var includeChain: [String] = []
    /// Each include's template, by the including template and the include's index.
    private var foundIncludes: [(parent: ObjectIdentifier, templates: [Template?])] = []

    /// Where finished text goes, in pieces of UTF-8 (valid: every piece of a template's text
    /// and every value written is a whole string).
    private let write: (UnsafeBufferPointer<UInt8>) -> Void
    /// How many indented includes are being rendered into buffers of their own (their text is
    /// indented as a whole, so it is handed on only through the outermost output).
    private var indentedIncludes = 0

    /// Includes nest at most this deep, recursion or not.
    static let maximumIncludeDepth = 64
    /// The output is handed on once it holds this many bytes.
    static let pieceSize = 1 << 16

    init(templates: ParsedTemplates, context: [String: TemplateValue], write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.templates = templates
        self.variables = context.sorted { $0.key < $1.key }.map { Variable(TemplateName($0.key), $0.value) }
        self.write = write
    }

    /// Renders the whole template and hands on all of its text.
    mutating func render(_ template: Template) throws(TemplateError) {
        var output = TemplateText(capacity: Self.pieceSize + Self.pieceSize / 4)
        try render(template, into: &output)
        if output.count > 0 { write(output.bytes) }
    }

    private mutating func render(_ template: Template, into output: inout TemplateText) throws(TemplateError) {
        includeChain.append(template.name)
        defer { includeChain.removeLast() }
        if let native = template.native, try native(&self, template.compiled, &output) { return }
        try render(template.compiled.body, of: template.compiled, into: &output)
    }

    /// Renders the nodes `range` of `template`.
    private mutating func render(_ range: Range<Int32>, of template: CompiledTemplate, into output: inout TemplateText)
        throws(TemplateError)
    {
        for index in range {
            switch template.nodes[Int(index)] {
            case .text(let bytes):
                output.append(template.text, bytes)
            case .output(let expression):
                if writeDirectly(expression, in: template, into: &output) { continue }
                // A string is appended where it is, not copied out first (`scalarText`).
                switch try evaluate(expression, in: template) {
                case .string(let text): output.append(text)
                case .int(let number): output.append(number)
                case .bool(let flag): output.append(flag ? "true" : "false")
                case let value:
                    let hint =
                        switch value {
                        case .null: "; give a fallback with '| default:\"…\"'"
                        case .array, .sequence: "; use '| join:\", \"' or a for loop"
                        default: "; output one of its members"
                        }
                    let spelled = template.spelled[Int(expression)]
                    throw template.source.error("cannot output \(value.kindName) '\(spelled.spelling)'\(hint)", at: spelled.position)
                }
            case .conditional(let branches, let otherwise):
                var done = false
                for index in branches {
                    let branch = template.branches[Int(index)]
                    guard try isTrue(branch.condition, in: template) else { continue }
                    try render(branch.body, of: template, into: &output)
                    done = true
                    break
                }
                if !done {
                    try render(otherwise, of: template, into: &output)
                }
            case .loop(let variable, let sequence, let body, let empty):
                // A sequence's elements are read by index, so its values are made one at a time.
                let items = try evaluate(sequence, in: template)
                let count: Int
                switch items {
                case .array(let elements): count = elements.count
                case .sequence(let elements): count = elements.count
                case .null: count = 0
                case let other:
                    let spelled = template.spelled[Int(sequence)]
                    throw template.source.error(
                        "cannot loop over \(other.kindName) '\(spelled.spelling)'; 'for' needs an array", at: spelled.position)
                }
                if count == 0 {
                    try render(empty, of: template, into: &output)
                    continue
                }
                // One `loop` for the whole loop, its index moved on: no template keeps a value
                // past the iteration that read it, and an inner loop's `parent` is this one
                // while it runs, at this iteration.
                let state = LoopState(length: count, parent: lookup(Self.loop) ?? .null)
                let base = variables.count
                variables.append(Variable(variable, .null))
                variables.append(Variable(Self.loop, .object(state)))
                defer { variables.removeLast(2) }
                for index in 0..<count {
                    // Handed on between iterations: a template's text outside loops is bounded,
                    // and checking once per node cost more than the rest of a text node.
                    if indentedIncludes == 0, output.count >= Self.pieceSize {
                        write(output.bytes)
                        output.removeAll()
                    }
                    // An array's elements are read in place (wrapping it in a sequence cost a
                    // closure call per element).
                    switch items {
                    case .array(let elements): variables[base].set(elements[index])
                    case .sequence(let elements): variables[base].set(elements[index])
                    default: break
                    }
                    state.index = index
                    try render(body, of: template, into: &output)
                }
            case .include(let index):
                try renderInclude(index, of: template, into: &output)
            }
        }
    }

    /// Renders include `index` of `template` with the variables in scope.
    mutating func renderInclude(_ index: Int32, of template: CompiledTemplate, into output: inout TemplateText) throws(TemplateError) {
        let child = try included(index, of: template)
        let indent = template.includes[Int(index)].indent
        if indent.isEmpty {
            try render(child, into: &output)
        } else {
            var inner = TemplateText(capacity: 1024)
            indentedIncludes += 1
            defer { indentedIncludes -= 1 }
            try render(child, into: &inner)
            output.append(TemplateFilter.indent(inner.text, by: indent, includingFirstLine: true))
        }
    }

    /// Runs `body` once per element of `items` with `variable` and `loop` set as `{% for %}`
    /// sets them, for a built-in template written in Swift that includes another inside a loop.
    mutating func forEach(
        _ variable: TemplateName, in items: [TemplateValue], into output: inout TemplateText,
        _ body: (inout TemplateRenderer, inout TemplateText) throws(TemplateError) -> Void
    ) throws(TemplateError) {
        guard !items.isEmpty else { return }
        let state = LoopState(length: items.count, parent: lookup(Self.loop) ?? .null)
        let base = variables.count
        variables.append(Variable(variable, .null))
        variables.append(Variable(Self.loop, .object(state)))
        defer { variables.removeLast(2) }
        for index in items.indices {
            variables[base].set(items[index])
            state.index = index
            try body(&self, &output)
        }
    }

    /// The template of include `index` of `parent`, found by name once per renderer, checked as
    /// `{% include %}` checks it (no recursion, not too deep).
    mutating func included(_ index: Int32, of parent: CompiledTemplate) throws(TemplateError) -> Template {
        let id = ObjectIdentifier(parent)
        // A run has a few templates with includes: a linear search is cheaper than hashing.
        let slot =
            foundIncludes.firstIndex { $0.parent == id }
            ?? {
                foundIncludes.append((id, Array(repeating: nil, count: parent.includes.count)))
                return foundIncludes.count - 1
            }()
        let template: Template
        if let known = foundIncludes[slot].templates[Int(index)] {
            template = known
        } else {
            let include = parent.includes[Int(index)]
            guard let found = try templates.template(named: include.name) else {
                throw parent.source.error("include not found: '\(include.name)'", at: include.at)
            }
            foundIncludes[slot].templates[Int(index)] = found
            template = found
        }
        return try checked(template, from: parent.source, at: parent.includes[Int(index)].at)
    }

    /// `template`, unless including it here recurses or nests too deep.
    private func checked(_ template: Template, from source: TemplateSource, at: Int) throws(TemplateError) -> Template {
        if includeChain.contains(template.name) {
            let chain = (includeChain + [template.name]).joined(separator: " -> ")
            throw source.error("include recursion: \(chain)", at: at)
        }
        if includeChain.count >= Self.maximumIncludeDepth {
            throw source.error("includes nested more than \(Self.maximumIncludeDepth) deep", at: at)
        }
        return template
    }

    // MARK: Expressions

    private static let loop = TemplateName("loop")

    func lookup(_ name: TemplateName) -> TemplateValue? {
        variables.last { $0.name == name }?.value
    }

    /// Writes `variable.name` of an object (most of what templates output) straight from the
    /// object, and a variable that holds text (`accessPrefix`) where it is stored; false, having
    /// written nothing, for any other expression or value (the general path writes or reports it).
    private func writeDirectly(_ expression: Int32, in template: CompiledTemplate, into output: inout TemplateText) -> Bool {
        switch template.expressions[Int(expression)] {
        case .variableMember(let variable, _, let name, _):
            guard let index = variables.lastIndex(where: { $0.name == variable }), let object = variables[index].object else {
                return false
            }
            return object.type.write(name, of: object.instance, into: &output)
        case .variable(let variable, _):
            guard let index = variables.lastIndex(where: { $0.name == variable }), case .string(let text) = variables[index].value
            else { return false }
            output.append(text)
            return true
        case .filter(let base, .swiftStringLiteral, _, _):
            // `{{ field.key | swiftStringLiteral }}`, a few per field: the quotes and the escaped
            // text are written one after the other, not made into a literal string first.
            guard case .string(let text)? = try? evaluateIfDefined(base, in: template, missingIsError: true) else { return false }
            output.append("\"")
            output.append(SwiftNaming.stringLiteralBody(text))
            output.append("\"")
            return true
        default:
            return false
        }
    }

    /// The truth value of a condition: an object's member is tested as it is stored, and
    /// `not`, `and` and `or` combine truth values without making a value for each step.
    private func isTrue(_ expression: Int32, in template: CompiledTemplate) throws(TemplateError) -> Bool {
        switch template.expressions[Int(expression)] {
        case .variableMember(let variable, _, let name, _):
            if let index = variables.lastIndex(where: { $0.name == variable }), let object = variables[index].object,
                let truth = object.type.isTrue(name, of: object.instance)
            {
                return truth
            }
        case .not(let operand):
            return try !isTrue(operand, in: template)
        case .and(let lhs, let rhs):
            guard try isTrue(lhs, in: template) else { return false }
            return try isTrue(rhs, in: template)
        case .or(let lhs, let rhs):
            if try isTrue(lhs, in: template) { return true }
            return try isTrue(rhs, in: template)
        default:
            break
        }
        return try evaluate(expression, in: template).isTruthy
    }

    private func evaluate(_ expression: Int32, in template: CompiledTemplate) throws(TemplateError) -> TemplateValue {
        // `variable.name` of an object, most of what templates read, without the general walk
        // (a call, an optional and a second switch per read); anything else, or a missing
        // variable or member, takes it.
        if case .variableMember(let variable, _, let name, _) = template.expressions[Int(expression)],
            let index = variables.lastIndex(where: { $0.name == variable }), case .object(let object) = variables[index].value,
            let value = object.member(name)
        {
            return value
        }
        guard let value = try evaluateIfDefined(expression, in: template, missingIsError: true) else {
            let spelled = template.spelled[Int(expression)]
            throw template.source.error("unknown variable '\(spelled.spelling)'", at: spelled.position)
        }
        return value
    }

    /// The value, or nil for a missing variable or member when `missingIsError` is false (the input of `default`).
    private func evaluateIfDefined(
        _ expression: Int32, in template: CompiledTemplate, missingIsError: Bool
    ) throws(TemplateError) -> TemplateValue? {
        switch template.expressions[Int(expression)] {
        case .literal(let index):
            return template.literals[Int(index)]
        case .variable(let name, let at):
            if let value = lookup(name) { return value }
            if missingIsError { throw template.source.error("unknown variable '\(name.name)'", at: Int(at)) }
            return nil
        case .member(let base, let name, let at):
            guard let container = try evaluateIfDefined(base, in: template, missingIsError: missingIsError) else {
                return nil
            }
            if let value = container[member: name] { return value }
            guard missingIsError else { return nil }
            throw Self.noMember(name, of: container, spelled: template.spelled[Int(base)].spelling, in: template, at: at)
        case .variableMember(let variable, let variableAt, let name, let at):
            guard let index = variables.lastIndex(where: { $0.name == variable }) else {
                if missingIsError { throw template.source.error("unknown variable '\(variable.name)'", at: Int(variableAt)) }
                return nil
            }
            if let value = variables[index].value[member: name] { return value }
            guard missingIsError else { return nil }
            throw Self.noMember(name, of: variables[index].value, spelled: variable.name, in: template, at: at)
        case .filter(let base, let filter, let argumentIndexes, let at):
            let input = try evaluateIfDefined(base, in: template, missingIsError: filter != .default)
            var arguments: [TemplateValue] = []
            for index in argumentIndexes {
                arguments.append(try evaluate(template.arguments[Int(index)], in: template))
            }
            do {
                return try filter.apply(to: input, arguments: arguments)
            } catch {
                throw template.source.error("filter '\(filter.rawValue)' \(error.message)", at: Int(at))
            }
        case .not(let operand):
            return .bool(!(try evaluate(operand, in: template).isTruthy))
        case .and(let lhs, let rhs):
            guard try evaluate(lhs, in: template).isTruthy else { return .bool(false) }
            return .bool(try evaluate(rhs, in: template).isTruthy)
        case .or(let lhs, let rhs):
            if try evaluate(lhs, in: template).isTruthy { return .bool(true) }
            return .bool(try evaluate(rhs, in: template).isTruthy)
        case .equal(let lhs, let rhs, let negated):
            let equal = try evaluate(lhs, in: template) == evaluate(rhs, in: template)
            return .bool(equal != negated)
        }
    }
}

extension TemplateRenderer {
    /// "'x' has no member 'y'", with what `x` has.
    fileprivate static func noMember(
        _ name: TemplateName, of container: TemplateValue, spelled: String, in template: CompiledTemplate, at: Int32
    ) -> TemplateError {
        var message = "'\(spelled)' has no member '\(name.name)'"
        if let d = container.members {
            let keys = d.keys.sorted()
            message +=
                d.isEmpty
                ? " (it is an empty dictionary)"
                : " (it has: \(keys.prefix(12).joined(separator: ", "))\(keys.count > 12 ? ", …" : ""))"
        } else {
            message += " (it is \(container.kindName == "int" ? "an" : "a") \(container.kindName))"
        }
        return template.source.error(message, at: Int(at))
    }
}

/// A variable in scope: its value, and the value's object held unretained, through which the
/// renderer reads members (see `TemplateObject.write`): `value` keeps the object alive.
private struct Variable {
    let name: TemplateName
    private(set) var value: TemplateValue
    private(set) var object: (type: any TemplateObject.Type, instance: Unmanaged<AnyObject>)?

    init(_ name: TemplateName, _ value: TemplateValue) {
        self.name = name
        self.value = value
        object = Self.unretained(value)
    }

    mutating func set(_ value: TemplateValue) {
        self.value = value
        object = Self.unretained(value)
    }

    private static func unretained(_ value: TemplateValue) -> (type: any TemplateObject.Type, instance: Unmanaged<AnyObject>)? {
        guard case .object(let object) = value else { return nil }
        return (type(of: object), Unmanaged.passUnretained(object as AnyObject))
    }
}

extension TemplateExpression {
    /// Where the expression starts, for messages (the operator-free leftmost part).
    var position: Int {
        switch self {
        case .literal(_, let at): at
        case .variable(_, let at): at
        case .member(let base, _, _), .filter(let base, _, _, _): base.position
        case .not(let operand): operand.position
        case .and(let lhs, _), .or(let lhs, _), .equal(let lhs, _, _): lhs.position
        }
    }
}

/// `loop` inside a `for`: `index` (from 1), `index0`, `first`, `last`, `length`, `parent`.
/// Unchecked Sendable: only the renderer that made it moves `index`, between iterations.
private final class LoopState: TemplateObject, @unchecked Sendable {
    var index = 0
    let length: Int
    let parent: TemplateValue

    init(length: Int, parent: TemplateValue) {
        self.length = length
        self.parent = parent
    }

    static let templateMembers = TemplateMembers<LoopState>([
        "index": .int { $0.index + 1 },
        "index0": .int { $0.index },
        "first": .bool { $0.index == 0 },
        "last": .bool { $0.index == $0.length - 1 },
        "length": .int { $0.length },
        "parent": .value { $0.parent },
    ])
}
