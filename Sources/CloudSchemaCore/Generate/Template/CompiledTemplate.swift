/// A parsed template flattened for rendering: nodes, branches and expressions in arrays of
/// plain values that refer to each other by index, and every text run in one byte buffer.
///
/// The parsed tree (`TemplateNode`, `TemplateExpression`) holds strings and boxes, so walking
/// it copied a reference for every node and subexpression (a retain and a release each, most
/// of the renderer's cost); walking these arrays copies none.
final class CompiledTemplate: Sendable {
    let source: TemplateSource
    /// The top-level nodes: a range of `nodes`.
    let body: Range<Int32>
    let nodes: [Node]
    let branches: [Branch]
    let expressions: [Expression]
    /// The parsed expression behind each of `expressions` (same index), for messages.
    let spelled: [TemplateExpression]
    let literals: [TemplateValue]
    /// Filter arguments: each filter's are a range of this, indexes into `expressions`.
    let arguments: [Int32]
    let includes: [(name: String, indent: String, at: Int)]
    /// Every text node's bytes, one after the other.
    let text: [UInt8]

    enum Node {
        /// A range of `text`.
        case text(Range<Int32>)
        case output(Int32)
        /// The first branch (a range of `branches`) whose condition is true renders, else `otherwise`.
        case conditional(branches: Range<Int32>, otherwise: Range<Int32>)
        case loop(variable: TemplateName, sequence: Int32, body: Range<Int32>, empty: Range<Int32>)
        /// An index into `includes`.
        case include(Int32)
    }

    struct Branch {
        var condition: Int32
        var body: Range<Int32>
    }

    /// `TemplateExpression`, with subexpressions as indexes into `expressions`.
    enum Expression {
        /// An index into `literals`.
        case literal(Int32)
        case variable(TemplateName, at: Int32)
        case member(Int32, TemplateName, at: Int32)
        /// `variable.name`, the commonest expression: read without evaluating the variable apart.
        case variableMember(TemplateName, at: Int32, member: TemplateName, memberAt: Int32)
        case filter(Int32, TemplateFilter, arguments: Range<Int32>, at: Int32)
        case not(Int32)
        case and(Int32, Int32)
        case or(Int32, Int32)
        case equal(Int32, Int32, negated: Bool)
    }

    init(_ parsed: [TemplateNode], source: TemplateSource) {
        var compiler = Compiler()
        body = compiler.compile(parsed)
        self.source = source
        nodes = compiler.nodes
        branches = compiler.branches
        expressions = compiler.expressions
        spelled = compiler.spelled
        literals = compiler.literals
        arguments = compiler.arguments
        includes = compiler.includes
        text = compiler.text
    }

    private struct Compiler {
        var nodes: [Node] = []
        var branches: [Branch] = []
        var expressions: [Expression] = []
        var spelled: [TemplateExpression] = []
        var literals: [TemplateValue] = []
        var arguments: [Int32] = []
        var includes: [(name: String, indent: String, at: Int)] = []
        var text: [UInt8] = []

        /// Places `list` in consecutive slots of `nodes` (what it nests goes after them).
        mutating func compile(_ list: [TemplateNode]) -> Range<Int32> {
            let start = nodes.count
            nodes += repeatElement(.text(0..<0), count: list.count)
            for (offset, node) in list.enumerated() {
                nodes[start + offset] = compile(node)
            }
            return Int32(start)..<Int32(start + list.count)
        }

        private mutating func compile(_ node: TemplateNode) -> Node {
            switch node {
            case .text(let string):
                let start = Int32(text.count)
                text += string.utf8
                return .text(start..<Int32(text.count))
            case .output(let expression):
                return .output(compile(expression))
            case .conditional(let parsedBranches, let otherwise):
                // The branches' conditions and bodies first, then their slots, so they are consecutive.
                let compiled = parsedBranches.map { Branch(condition: compile($0.condition), body: compile($0.body)) }
                let start = Int32(branches.count)
                branches += compiled
                return .conditional(branches: start..<Int32(branches.count), otherwise: compile(otherwise))
            case .loop(let variable, let sequence, let body, let empty):
                return .loop(variable: variable, sequence: compile(sequence), body: compile(body), empty: compile(empty))
            case .include(let name, let indent, let at):
                includes.append((name, indent, at))
                return .include(Int32(includes.count - 1))
            }
        }

        private mutating func compile(_ expression: TemplateExpression) -> Int32 {
            let compiled: Expression
            switch expression {
            case .literal(let value, _):
                literals.append(value)
                compiled = .literal(Int32(literals.count - 1))
            case .variable(let name, let at):
                compiled = .variable(name, at: Int32(at))
            case .member(.variable(let variable, let variableAt), let name, let at):
                compiled = .variableMember(variable, at: Int32(variableAt), member: name, memberAt: Int32(at))
            case .member(let base, let name, let at):
                compiled = .member(compile(base), name, at: Int32(at))
            case .filter(let base, let filter, let parsedArguments, let at):
                let input = compile(base)
                let indexes = parsedArguments.map { compile($0) }
                let start = Int32(arguments.count)
                arguments += indexes
                compiled = .filter(input, filter, arguments: start..<Int32(arguments.count), at: Int32(at))
            case .not(let operand):
                compiled = .not(compile(operand))
            case .and(let lhs, let rhs):
                compiled = .and(compile(lhs), compile(rhs))
            case .or(let lhs, let rhs):
                compiled = .or(compile(lhs), compile(rhs))
            case .equal(let lhs, let rhs, let negated):
                compiled = .equal(compile(lhs), compile(rhs), negated: negated)
            }
            expressions.append(compiled)
            spelled.append(expression)
            return Int32(expressions.count - 1)
        }
    }
}
