/// Reads predicate tokens as Apple's predicate grammar, recording what CloudKit supports as
/// conditions and the rest as problems (see `CloudKitPredicate`). Recursive descent, bounded by
/// `maxDepth`; any token sequence the grammar rejects makes the whole predicate nil.
struct PredicateParser {
    private let tokens: [PredicateToken]
    private let arguments: [PredicateArgument]
    private var index = 0
    private var depth = 0
    private var conditions: [CloudKitPredicate.Condition] = []
    private var problems: [CloudKitPredicate.Problem] = []

    /// Deeper nesting (parentheses, `NOT`, lists) is not understood rather than risking the stack.
    private static let maxDepth = 64

    init(tokens: [PredicateToken], arguments: [PredicateArgument]) {
        self.tokens = tokens
        self.arguments = arguments
    }

    /// What a (sub)predicate is, for NOT's limits and for `isAllRecords`.
    private enum Shape {
        case truePredicate, falsePredicate, and, or, not
        case comparison(QueryOperator?)
    }

    /// One side of a comparison.
    private enum Operand {
        case key(String, Range<Int>, argument: Int?)
        case selfKey(Range<Int>)
        /// A constant, a `%@`-style argument, or a `{…}` list of them.
        case value
        /// `distanceToLocation:fromLocation:(key, %@)`.
        case distance(String, Range<Int>, argument: Int?)
        /// Something CloudKit does not support, already reported.
        case unsupported
    }

    mutating func parse() -> CloudKitPredicate? {
        guard let shape = predicate(), index == tokens.count else { return nil }
        let isAll = if case .truePredicate = shape { true } else { false }
        return CloudKitPredicate(conditions: conditions, isAllRecords: isAll, problems: problems)
    }

    // MARK: Predicates

    private var current: PredicateToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func take(_ keyword: String) -> PredicateToken? {
        guard let token = current, token.isKeyword(keyword) else { return nil }
        index += 1
        return token
    }

    private mutating func take(punctuation: String) -> PredicateToken? {
        guard let token = current, token.isPunctuation(punctuation) else { return nil }
        index += 1
        return token
    }

    private mutating func nested<T>(_ body: (inout PredicateParser) -> T?) -> T? {
        guard depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return body(&self)
    }

    private mutating func predicate() -> Shape? {
        guard var shape = conjunction() else { return nil }
        while let or = take("OR") ?? take(punctuation: "||") {
            report(
                or.range,
                "CloudKit queries combine conditions with AND only; '\(or.text)' is not supported (CKQuery.h: \"Only AND compound predicates are allowed\"); use IN for alternatives of one field, or one query per alternative",
                documented: true)
            guard conjunction() != nil else { return nil }
            shape = .or
        }
        return shape
    }

    private mutating func conjunction() -> Shape? {
        guard var shape = negation() else { return nil }
        while take("AND") ?? take(punctuation: "&&") != nil {
            guard negation() != nil else { return nil }
            shape = .and
        }
        return shape
    }

    private mutating func negation() -> Shape? {
        guard let not = take("NOT") ?? take(punctuation: "!") else { return primary() }
        guard let inner = nested({ $0.negation() }) else { return nil }
        let negated: String? =
            switch inner {
            case .and: "an AND compound predicate"
            case .comparison(.textSearch): "a full-text search (self CONTAINS)"
            case .comparison(.distance): "distanceToLocation:fromLocation:"
            case .comparison(.between): "BETWEEN"
            default: nil
            }
        if let negated {
            report(
                not.range,
                "CloudKit may reject '\(not.text)' around \(negated): Apple's CKQuery documentation limits where NOT applies; state the opposite condition instead",
                documented: false)
        }
        return .not
    }

    private mutating func primary() -> Shape? {
        if take(punctuation: "(") != nil {
            guard let inner = nested({ $0.predicate() }), take(punctuation: ")") != nil else { return nil }
            return inner
        }
        if take("TRUEPREDICATE") != nil { return .truePredicate }
        if take("FALSEPREDICATE") != nil { return .falsePredicate }
        return comparison()
    }

    // MARK: Comparisons

    /// The comparison operators of the predicate grammar; those CloudKit supports map to a
    /// `QueryOperator` (key on the left), the rest to nil.
    private static let comparisonOperators: [String: QueryOperator?] = [
        "=": .equal, "==": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual, "=<": .lessOrEqual,
        ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual, "BETWEEN": .between, "BEGINSWITH": .beginsWith,
        "CONTAINS": .contains, "IN": .in, "ENDSWITH": nil, "LIKE": nil, "MATCHES": nil, "UTI-CONFORMS-TO": nil,
        "UTI-EQUALS": nil,
    ]

    private mutating func comparison() -> Shape? {
        var modifier: PredicateToken?
        for word in ["ANY", "SOME", "ALL", "NONE"] where modifier == nil { modifier = take(word) }
        guard let lhs = operand(), let opToken = current else { return nil }
        let spelling = opToken.kind == .punctuation ? opToken.text : opToken.text.uppercased()
        guard opToken.kind == .punctuation || opToken.kind == .word(escaped: false),
            case .some(let supported) = Self.comparisonOperators[spelling]
        else { return nil }
        index += 1
        if let open = take(punctuation: "[") {
            guard let options = current, options.isName, let close = tokens.dropFirst(index + 1).first, close.isPunctuation("]")
            else { return nil }
            index += 2
            report(
                open.range.lowerBound..<close.range.upperBound,
                "CloudKit compares exactly: its supported operators take no options such as '[\(options.text)]' (case- or diacritic-insensitive matching); store a normalized copy of the field and compare with that",
                documented: false)
        }
        guard let rhs = operand() else { return nil }
        guard let op = supported else {
            report(opToken.range, "'\(opToken.text)' is not an operator CloudKit queries support; \(Self.supportedList)", documented: true)
            return .comparison(nil)
        }
        if let modifier, !["ANY", "SOME"].contains(modifier.text.uppercased()) {
            report(
                modifier.range, "'\(modifier.text)' is not supported in CloudKit queries; of the aggregate modifiers they take ANY",
                documented: true)
            return .comparison(nil)
        }
        switch (lhs, rhs) {
        case (.unsupported, _), (_, .unsupported):
            return .comparison(nil)
        case (.selfKey(let range), .value):
            guard op == .contains else {
                report(
                    range, "'self' takes only CONTAINS in CloudKit queries: self CONTAINS %@ searches the SEARCHABLE fields for a token",
                    documented: false)
                return .comparison(nil)
            }
            conditions.append(.init(key: nil, range: range, operator: .textSearch))
            return .comparison(.textSearch)
        case (.distance(let key, let range, let argument), .value), (.value, .distance(let key, let range, let argument)):
            guard op.isRange, op != .between else { return nil }
            conditions.append(.init(key: key, range: range, keyArgument: argument, operator: .distance))
            return .comparison(.distance)
        case (.key(let key, let range, let argument), .value):
            let elementwise = modifier != nil
            conditions.append(.init(key: key, range: range, keyArgument: argument, operator: op, isElementwise: elementwise))
            return .comparison(op)
        case (.value, .key(let key, let range, let argument)):
            // The key on the right: the same condition with the key first (`ANY {…} = key` is `key IN {…}`).
            let flipped: QueryOperator? =
                switch op {
                case .less: .greater
                case .lessOrEqual: .greaterOrEqual
                case .greater: .less
                case .greaterOrEqual: .lessOrEqual
                case .in: .contains
                case .contains: .in
                case .equal where modifier != nil: .in
                case .equal, .notEqual: op
                default: nil
                }
            guard let flipped else { return nil }
            conditions.append(.init(key: key, range: range, keyArgument: argument, operator: flipped))
            return .comparison(flipped)
        default:
            // Two fields, two constants, or `self` / a distance out of place: not understood.
            return nil
        }
    }

    private static let supportedList =
        "they support =, ==, !=, <>, <, <=, >, >=, BETWEEN, BEGINSWITH, IN, CONTAINS, AND, NOT, TRUEPREDICATE, FALSEPREDICATE and distanceToLocation:fromLocation: (CKQuery, \"Supported Predicate Operators\")"

    // MARK: Operands

    /// Keywords that are values, and those that cannot start an operand.
    private static let valueWords: Set<String> = ["TRUE", "YES", "FALSE", "NO", "NIL", "NULL"]
    private static let reservedWords: Set<String> = [
        "AND", "OR", "NOT", "IN", "ALL", "ANY", "SOME", "NONE", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH",
        "BETWEEN", "FIRST", "LAST", "SIZE", "ANYKEY", "TRUEPREDICATE", "FALSEPREDICATE", "UTI-CONFORMS-TO", "UTI-EQUALS",
        "CASEINSENSITIVE", "CI", "FETCH",
    ]
    /// Functions in the grammar's `NAME(…)` form.
    private static let callWords: Set<String> = ["FUNCTION", "SUBQUERY", "CAST"]

    private mutating func operand() -> Operand? {
        guard let begin = current?.range.lowerBound, let first = simpleOperand() else { return nil }
        // Key paths (`owner.name`, `tags.@count`), subscripts (`tags[FIRST]`) and arithmetic.
        let start = index
        var arithmetic = false
        while let token = current, token.kind == .punctuation, Self.postfix.contains(token.text) {
            index += 1
            switch token.text {
            case "[":
                guard current != nil, tokens.dropFirst(index + 1).first?.isPunctuation("]") == true else { return nil }
                index += 2
            case "." where current?.isPunctuation("@") == true:
                continue
            case ".", "@":
                guard current?.isName == true else { return nil }
                index += 1
            default:
                arithmetic = true
                guard simpleOperand() != nil else { return nil }
            }
        }
        guard index > start else { return first }
        let range = begin..<tokens[index - 1].range.upperBound
        if arithmetic {
            report(
                range, "CloudKit predicates compare a field with a value: compute the value in Swift and pass it with %@", documented: true)
        } else if case .key(let key, _, _) = first,
            let problem = CloudKitPredicate.keyProblem(key + tokens[start..<index].map(\.text).joined())
        {
            report(range, problem, documented: true)
        } else {
            return nil
        }
        return .unsupported
    }

    private static let postfix: Set<String> = [".", "@", "[", "+", "-", "*", "/", "**"]

    private mutating func simpleOperand() -> Operand? {
        guard let token = current else { return nil }
        index += 1
        switch token.kind {
        case .string, .number:
            return .value
        case .specifier(let argument):
            guard token.text == "K" else { return .value }
            return keyArgument(argument, at: token.range)
        case .punctuation:
            switch token.text {
            case "-":
                guard current?.kind == .number else { return nil }
                index += 1
                return .value
            case "{":
                return nested { parser in
                    if parser.take(punctuation: "}") != nil { return .value }
                    repeat {
                        guard case .value = parser.simpleOperand() else { return nil }
                    } while parser.take(punctuation: ",") != nil
                    return parser.take(punctuation: "}") != nil ? .value : nil
                }
            default:
                return nil
            }
        case .word(let escaped):
            let upper = token.text.uppercased()
            if !escaped {
                if Self.valueWords.contains(upper) { return .value }
                if upper == "SELF" { return .selfKey(token.range) }
                if Self.reservedWords.contains(upper) { return nil }
            }
            if token.text.hasSuffix(":") || (!escaped && Self.callWords.contains(upper)) {
                return call(token)
            }
            return .key(token.text, token.range, argument: nil)
        }
    }

    private mutating func keyArgument(_ argument: Int, at range: Range<Int>) -> Operand? {
        guard argument < arguments.count else { return nil }
        switch arguments[argument] {
        case .string(let key), .keyPath(let key):
            if let problem = CloudKitPredicate.keyProblem(key) {
                report(range, problem, documented: true)
                return .unsupported
            }
            return .key(key, range, argument: argument)
        case .number, .unknown:
            return nil
        }
    }

    /// `distanceToLocation:fromLocation:(key, %@)`, or another function, which CloudKit does not support.
    private mutating func call(_ name: PredicateToken) -> Operand? {
        guard take(punctuation: "(") != nil else { return nil }
        var operands: [Operand] = []
        let closed = nested { parser -> Bool? in
            if parser.take(punctuation: ")") != nil { return true }
            repeat {
                // SUBQUERY's variables (`$x`) make it unreadable already, in the lexer.
                guard let operand = parser.operand() else { return nil }
                operands.append(operand)
            } while parser.take(punctuation: ",") != nil
            return parser.take(punctuation: ")") != nil ? true : nil
        }
        guard closed == true else { return nil }
        let range = name.range.lowerBound..<tokens[index - 1].range.upperBound
        guard name.text == "distanceToLocation:fromLocation:" else {
            report(
                range,
                "'\(name.text)' is not supported in CloudKit queries; the only function they take is distanceToLocation:fromLocation:",
                documented: true)
            return .unsupported
        }
        if operands.contains(where: { if case .unsupported = $0 { true } else { false } }) { return .unsupported }
        switch (operands.first, operands.dropFirst().first, operands.count) {
        case (.key(let key, let range, let argument), .value, 2), (.value, .key(let key, let range, let argument), 2):
            return .distance(key, range, argument: argument)
        default:
            return nil
        }
    }

    private mutating func report(_ range: Range<Int>, _ message: String, documented: Bool) {
        problems.append(CloudKitPredicate.Problem(range: range, message: message, isDocumented: documented))
    }
}
