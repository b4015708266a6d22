/// Moves what `Parser.reparse` keeps of an old parse to where an edit put it: positions after
/// the edit move by its change in length and in lines. Columns stay: what is kept starts on a
/// line that begins after the edit.
struct PositionShift {
    /// Positions before this old offset are before the edit and stay.
    var after: Int
    var offset: Int
    var lines: Int

    // In place: what `reparse` keeps is moved out of the old parse, so a keystroke's shift of
    // every later declaration changes numbers in arrays nobody else holds, without copying them.

    func apply(_ position: inout SourcePosition) {
        guard position.offset >= after else { return }
        position.line += lines
        position.offset += offset
    }

    func apply(_ range: inout SourceRange) {
        apply(&range.start)
        apply(&range.end)
    }

    func apply(_ range: inout SourceRange?) {
        if range != nil { apply(&range!) }
    }

    func apply(_ name: inout NameSyntax) { apply(&name.range) }

    func apply(_ name: inout NameSyntax?) {
        if name != nil { apply(&name!.range) }
    }

    func apply(_ doc: inout DocSyntax?) {
        if doc != nil { apply(&doc!.range) }
    }

    func apply(_ checkpoint: inout Checkpoint) {
        apply(&checkpoint.previous)
        checkpoint.lexerOffset += offset
    }

    func apply(_ comment: inout Comment) { apply(&comment.range) }

    func apply(_ diagnostic: inout Diagnostic) {
        apply(&diagnostic.range)
        for i in diagnostic.notes.indices { apply(&diagnostic.notes[i].range) }
        for i in diagnostic.fixIts.indices {
            for j in diagnostic.fixIts[i].edits.indices { apply(&diagnostic.fixIts[i].edits[j].range) }
        }
    }

    func each<Element>(_ elements: inout [Element], _ apply: (inout Element) -> Void) {
        for i in elements.indices { apply(&elements[i]) }
    }

    /// A copy of `value`, moved.
    func moved<Value>(_ value: Value, _ apply: (inout Value) -> Void) -> Value {
        var value = value
        apply(&value)
        return value
    }

    /// A declaration's payload is taken out of the enum while it changes (the enum holds a
    /// placeholder meanwhile), so its arrays stay uniquely referenced and change in place.
    func apply(_ declaration: inout DeclarationSyntax) {
        let payload = declaration
        declaration = Self.placeholder
        switch consume payload {
        case .container(var d):
            apply(&d.identifierRange)
            apply(&d.range)
            declaration = .container(d)
        case .role(var d):
            apply(&d.doc)
            apply(&d.name)
            apply(&d.range)
            declaration = .role(d)
        case .zone(var d):
            apply(&d.doc)
            apply(&d.name)
            each(&d.attributes, apply)
            apply(&d.range)
            declaration = .zone(d)
        case .enumeration(var d):
            apply(&d.doc)
            apply(&d.name)
            apply(&d.rawType)
            each(&d.attributes, apply)
            each(&d.cases) { item in
                apply(&item.doc)
                apply(&item.name)
                apply(&item.rawValue)
                apply(&item.range)
            }
            apply(&d.range)
            apply(&d.bodyRange)
            declaration = .enumeration(d)
        case .record(var d):
            apply(&d.doc)
            apply(&d.name)
            apply(&d.placement)
            each(&d.attributes, apply)
            each(&d.fields, apply)
            each(&d.grants) { grant in
                each(&grant.permissions, apply)
                apply(&grant.role)
                apply(&grant.range)
            }
            apply(&d.range)
            declaration = .record(d)
        case .model(var d):
            apply(&d.doc)
            apply(&d.name)
            each(&d.attributes, apply)
            each(&d.properties, apply)
            apply(&d.range)
            declaration = .model(d)
        case .keyValue(var d):
            apply(&d.doc)
            apply(&d.name)
            each(&d.attributes, apply)
            each(&d.keys, apply)
            apply(&d.range)
            declaration = .keyValue(d)
        case .subscription(var d):
            apply(&d.doc)
            apply(&d.name)
            apply(&d.kindRange)
            apply(&d.target)
            apply(&d.whereRange)
            if d.predicate != nil { d.predicate = moved(d.predicate!) }
            apply(&d.firesRange)
            each(&d.events, apply)
            each(&d.attributes, apply)
            apply(&d.range)
            declaration = .subscription(d)
        }
    }

    private static let placeholder: DeclarationSyntax = {
        let nowhere = SourcePosition(line: 0, column: 0, offset: 0)
        let range = SourceRange(fileID: 0, start: nowhere, end: nowhere)
        return .container(ContainerSyntax(identifier: "", identifierRange: range, range: range))
    }()

    func apply(_ field: inout FieldSyntax) {
        if field.doc != nil { field.doc!.range = moved(field.doc!.range) }
        apply(&field.name)
        field.type = moved(field.type)
        apply(&field.defaultValue)
        each(&field.attributes, apply)
        apply(&field.range)
    }

    func apply(_ attribute: inout AttributeSyntax) {
        apply(&attribute.name)
        if attribute.arguments != nil { each(&attribute.arguments!, apply) }
        apply(&attribute.range)
    }

    func apply(_ expression: inout ExpressionSyntax) { expression = moved(expression) }

    func apply(_ expression: inout ExpressionSyntax?) {
        if expression != nil { expression = moved(expression!) }
    }

    private func moved(_ range: SourceRange) -> SourceRange {
        var range = range
        apply(&range)
        return range
    }

    private func moved(_ name: NameSyntax) -> NameSyntax {
        var name = name
        apply(&name.range)
        return name
    }

    // Types, expressions and predicates are indirect enums: each is made again (they are small).

    private func moved(_ type: TypeSyntax) -> TypeSyntax {
        switch type {
        case .named(let name, let arguments, let range):
            .named(moved(name), arguments: arguments.isEmpty ? arguments : arguments.map(moved), range: moved(range))
        case .list(let element, let range): .list(moved(element), range: moved(range))
        case .optional(let wrapped, let range): .optional(moved(wrapped), range: moved(range))
        }
    }

    private func moved(_ expression: ExpressionSyntax) -> ExpressionSyntax {
        switch expression {
        case .string(let value, let range): .string(value, range: moved(range))
        case .integer(let value, let range): .integer(value, range: moved(range))
        case .float(let value, let range): .float(value, range: moved(range))
        case .name(let name): .name(moved(name))
        case .enumCase(let name, let range): .enumCase(moved(name), range: moved(range))
        case .list(let items, let range): .list(items.map(moved), range: moved(range))
        case .call(let name, let range): .call(moved(name), range: moved(range))
        case .swiftInitializer(let value, let range): .swiftInitializer(value.map(moved), range: moved(range))
        }
    }

    private func moved(_ predicate: PredicateSyntax) -> PredicateSyntax {
        switch predicate {
        case .and(let terms, let operators): .and(terms.map(moved), operators: operators.map(moved))
        case .not(let inner, let bang): .not(moved(inner), bang: moved(bang))
        case .parenthesized(let inner, let range): .parenthesized(moved(inner), range: moved(range))
        case .comparison(let field, let op, let operatorRange, let value):
            .comparison(field: moved(field), operator: op, operatorRange: moved(operatorRange), value: moved(value))
        case .call(let receiver, let method, let arguments, let range):
            .call(receiver: moved(receiver), method: moved(method), arguments: arguments.map(moved), range: moved(range))
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
