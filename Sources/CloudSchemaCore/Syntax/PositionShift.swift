/// Moves what `Parser.reparse` keeps of an old parse to where an edit put it: positions after
/// the edit move by its change in length and in lines. Columns stay: what is kept starts on a
/// line that begins after the edit.
struct PositionShift {
    /// Positions before this old offset are before the edit and stay.
    var after: Int
    var offset: Int
    var lines: Int

    func apply(_ position: SourcePosition) -> SourcePosition {
        guard position.offset >= after else { return position }
        return SourcePosition(line: position.line + lines, column: position.column, offset: position.offset + offset)
    }

    func apply(_ range: SourceRange) -> SourceRange {
        var range = range
        range.start = apply(range.start)
        range.end = apply(range.end)
        return range
    }

    func apply(_ name: NameSyntax) -> NameSyntax {
        var name = name
        name.range = apply(name.range)
        return name
    }

    func apply(_ doc: DocSyntax?) -> DocSyntax? {
        guard var doc else { return nil }
        doc.range = apply(doc.range)
        return doc
    }

    func apply(_ token: Token) -> Token {
        var token = token
        token.range = apply(token.range)
        return token
    }

    func apply(_ checkpoint: Checkpoint) -> Checkpoint {
        var checkpoint = checkpoint
        checkpoint.previous = apply(checkpoint.previous)
        checkpoint.lexerOffset += offset
        return checkpoint
    }

    func apply(_ comment: Comment) -> Comment {
        var comment = comment
        comment.range = apply(comment.range)
        return comment
    }

    func apply(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.range = diagnostic.range.map(apply)
        for i in diagnostic.notes.indices { diagnostic.notes[i].range = diagnostic.notes[i].range.map(apply) }
        for i in diagnostic.fixIts.indices {
            for j in diagnostic.fixIts[i].edits.indices {
                diagnostic.fixIts[i].edits[j].range = apply(diagnostic.fixIts[i].edits[j].range)
            }
        }
        return diagnostic
    }

    func apply(_ declaration: DeclarationSyntax) -> DeclarationSyntax {
        switch declaration {
        case .container(var d):
            d.identifierRange = apply(d.identifierRange)
            d.range = apply(d.range)
            return .container(d)
        case .role(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.range = apply(d.range)
            return .role(d)
        case .zone(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.attributes = d.attributes.map(apply)
            d.range = apply(d.range)
            return .zone(d)
        case .enumeration(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.rawType = d.rawType.map(apply)
            d.attributes = d.attributes.map(apply)
            d.cases = d.cases.map { item in
                var item = item
                item.doc = apply(item.doc)
                item.name = apply(item.name)
                item.rawValue = item.rawValue.map(apply)
                item.range = apply(item.range)
                return item
            }
            d.range = apply(d.range)
            d.bodyRange = apply(d.bodyRange)
            return .enumeration(d)
        case .record(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.placement = d.placement.map(apply)
            d.attributes = d.attributes.map(apply)
            d.fields = d.fields.map(apply)
            d.grants = d.grants.map { grant in
                var grant = grant
                grant.permissions = grant.permissions.map(apply)
                grant.role = apply(grant.role)
                grant.range = apply(grant.range)
                return grant
            }
            d.range = apply(d.range)
            return .record(d)
        case .model(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.attributes = d.attributes.map(apply)
            d.properties = d.properties.map(apply)
            d.range = apply(d.range)
            return .model(d)
        case .keyValue(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.attributes = d.attributes.map(apply)
            d.keys = d.keys.map(apply)
            d.range = apply(d.range)
            return .keyValue(d)
        case .subscription(var d):
            d.doc = apply(d.doc)
            d.name = apply(d.name)
            d.kindRange = apply(d.kindRange)
            d.target = apply(d.target)
            d.whereRange = d.whereRange.map(apply)
            d.predicate = d.predicate.map(apply)
            d.firesRange = d.firesRange.map(apply)
            d.events = d.events.map(apply)
            d.attributes = d.attributes.map(apply)
            d.range = apply(d.range)
            return .subscription(d)
        }
    }

    func apply(_ field: FieldSyntax) -> FieldSyntax {
        var field = field
        if field.doc != nil { field.doc = apply(field.doc) }
        field.name = apply(field.name)
        field.type = apply(field.type)
        field.defaultValue = field.defaultValue.map(apply)
        if !field.attributes.isEmpty { field.attributes = field.attributes.map(apply) }
        field.range = apply(field.range)
        return field
    }

    func apply(_ attribute: AttributeSyntax) -> AttributeSyntax {
        var attribute = attribute
        attribute.name = apply(attribute.name)
        attribute.arguments = attribute.arguments.map { $0.map(apply) }
        attribute.range = apply(attribute.range)
        return attribute
    }

    func apply(_ type: TypeSyntax) -> TypeSyntax {
        switch type {
        case .named(let name, let arguments, let range):
            .named(apply(name), arguments: arguments.isEmpty ? arguments : arguments.map(apply), range: apply(range))
        case .list(let element, let range): .list(apply(element), range: apply(range))
        case .optional(let wrapped, let range): .optional(apply(wrapped), range: apply(range))
        }
    }

    func apply(_ expression: ExpressionSyntax) -> ExpressionSyntax {
        switch expression {
        case .string(let value, let range): .string(value, range: apply(range))
        case .integer(let value, let range): .integer(value, range: apply(range))
        case .float(let value, let range): .float(value, range: apply(range))
        case .name(let name): .name(apply(name))
        case .enumCase(let name, let range): .enumCase(apply(name), range: apply(range))
        case .list(let items, let range): .list(items.map(apply), range: apply(range))
        case .call(let name, let range): .call(apply(name), range: apply(range))
        case .swiftInitializer(let value, let range): .swiftInitializer(value.map(apply), range: apply(range))
        }
    }

    func apply(_ predicate: PredicateSyntax) -> PredicateSyntax {
        switch predicate {
        case .and(let terms, let operators): .and(terms.map(apply), operators: operators.map(apply))
        case .not(let inner, let bang): .not(apply(inner), bang: apply(bang))
        case .parenthesized(let inner, let range): .parenthesized(apply(inner), range: apply(range))
        case .comparison(let field, let op, let operatorRange, let value):
            .comparison(field: apply(field), operator: op, operatorRange: apply(operatorRange), value: apply(value))
        case .call(let receiver, let method, let arguments, let range):
            .call(receiver: apply(receiver), method: apply(method), arguments: arguments.map(apply), range: apply(range))
        }
    }
}

extension RandomAccessCollection {
    /// The index of the first element for which `belongs` holds, in a collection where it holds
    /// for a suffix (binary search).
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
