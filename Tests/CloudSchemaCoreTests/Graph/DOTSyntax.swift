/// A checker for the DOT language as Graphviz defines it (graphviz.org/doc/info/lang.html),
/// for the subset a schema graph uses: `digraph ID { stmt_list }` with node, edge, attribute
/// (`graph|node|edge [a=b]`), `a=b` and `subgraph ID { ... }` statements; IDs are names,
/// numerals or double-quoted strings in which only `\"` escapes a quote.
/// Returns nil when the text is valid, else what is wrong and where.
enum DOTSyntax {
    enum Token: Equatable {
        case id(String)
        case punct(Character)
        case arrow
    }

    static func check(_ text: String) -> String? {
        guard let tokens = tokenize(text) else { return "an unterminated string or a character outside DOT's tokens" }
        var i = 0
        func peek() -> Token? { i < tokens.count ? tokens[i] : nil }
        func take(_ token: Token) -> Bool {
            guard peek() == token else { return false }
            i += 1
            return true
        }
        func takeID() -> String? {
            if case .id(let value) = peek() { i += 1; return value }
            return nil
        }
        func attributeList() -> String? {
            while take(.punct("[")) {
                while !take(.punct("]")) {
                    guard takeID() != nil, take(.punct("=")), takeID() != nil else { return "bad attribute at token \(i)" }
                    _ = take(.punct(",")) || take(.punct(";"))
                }
            }
            return nil
        }
        func statements(depth: Int) -> String? {
            guard depth < 64 else { return "too deep" }
            while !take(.punct("}")) {
                guard peek() != nil else { return "missing }" }
                if take(.id("subgraph")) {
                    _ = takeID()
                    guard take(.punct("{")) else { return "subgraph without { at token \(i)" }
                    if let problem = statements(depth: depth + 1) { return problem }
                } else if take(.id("graph")) || take(.id("node")) || take(.id("edge")) {
                    guard peek() == .punct("[") else { return "attribute statement without [ at token \(i)" }
                    if let problem = attributeList() { return problem }
                } else if takeID() != nil {
                    if take(.punct("=")) {
                        guard takeID() != nil else { return "missing value at token \(i)" }
                    } else {
                        while take(.arrow) { guard takeID() != nil else { return "edge without target at token \(i)" } }
                        if let problem = attributeList() { return problem }
                    }
                } else {
                    return "unexpected \(String(describing: peek())) at token \(i)"
                }
                _ = take(.punct(";"))
            }
            return nil
        }
        guard take(.id("digraph")) else { return "expected digraph" }
        _ = takeID()
        guard take(.punct("{")) else { return "expected {" }
        if let problem = statements(depth: 0) { return problem }
        return i == tokens.count ? nil : "text after the graph"
    }

    static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.first {
            if c.properties.isWhitespace { scalars.removeFirst(); continue }
            if c == "\"" {
                scalars.removeFirst()
                var value = ""
                var closed = false
                while let d = scalars.popFirst() {
                    if d == "\\", let next = scalars.first, next == "\"" || next == "\\" {
                        value.unicodeScalars.append(d)
                        value.unicodeScalars.append(scalars.removeFirst())
                        continue
                    }
                    if d == "\"" { closed = true; break }
                    value.unicodeScalars.append(d)
                }
                guard closed else { return nil }
                tokens.append(.id(value))
            } else if c == "-", scalars.dropFirst().first == ">" {
                scalars.removeFirst(2)
                tokens.append(.arrow)
            } else if "{}[]=;,".unicodeScalars.contains(c) {
                scalars.removeFirst()
                tokens.append(.punct(Character(c)))
            } else if c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "-" {
                var word = ""
                while let d = scalars.first, d == "_" || d.properties.isAlphabetic || ("0"..."9").contains(d) || d == "." || d == "-" {
                    if d == "-", scalars.dropFirst().first == ">" { break }
                    word.unicodeScalars.append(scalars.removeFirst())
                }
                tokens.append(.id(word))
            } else {
                return nil
            }
        }
        return tokens
    }
}
