/// What pass 2 made of each record type, model and keyvalue store in the last run, so that the
/// language server's next analysis, a keystroke later, takes what the keystroke left as it was
/// instead of resolving it again (`Resolver.resolve(_:externalModels:identities:memory:)`).
///
/// Pass 2 resolves a declaration from its own syntax and pass 1's tables only. A declaration is
/// known by its identity in the parse cache, which a reparse keeps for the declarations it keeps
/// or moves (`ParseCache.identities`): such a declaration is the same syntax, every position moved
/// by one line and offset difference. So while pass 1's tables read as they did (`PassOne`), what
/// the last run made of it, moved, is what resolving it again makes: the element and the
/// diagnostics, as long as those lie inside the declaration (a note about another declaration is
/// where that one was, so such a declaration is resolved again).
package struct ResolverMemory {
    var passOne: PassOne?
    var entries: [Int: Entry] = [:]
    /// "Did you mean" comparisons the runs since the last one that took nothing spent at most
    /// (`Resolver.suggestion`): see `Resolver.resolve`.
    var suggestionsSpent = 0
    /// How many declarations the run that made it took from the memory before (tests read it).
    package private(set) var taken = 0

    package init() {}

    init(passOne: PassOne?, entries: [Int: Entry], suggestionsSpent: Int, taken: Int) {
        self.passOne = passOne
        self.entries = entries
        self.suggestionsSpent = suggestionsSpent
        self.taken = taken
    }

    enum Element {
        case record(RecordType)
        case model(Model)
        case keyValue(KeyValueStore)
    }

    struct Entry {
        var element: Element
        var diagnostics: [Diagnostic]
        var range: SourceRange
    }

    /// What of pass 1 pass 2 reads, positions aside.
    struct PassOne {
        var types: [String: Resolver.Declared]
        var zones: [String: SourceRange]
        var roles: [String: SourceRange]
        var enums: [String: EnumType]
        var modelProperties: [String: Set<String>]
        var externalModels: Set<String>

        init(_ resolver: Resolver) {
            types = resolver.types
            zones = resolver.zones
            roles = resolver.roles
            enums = resolver.enums  // compared as values: `SourceSpans` are always equal
            modelProperties = resolver.modelProperties
            externalModels = resolver.externalModels
        }

        func readsAs(_ other: PassOne) -> Bool {
            func sameKeys<Value>(_ a: [String: Value], _ b: [String: Value]) -> Bool {
                a.count == b.count && a.keys.allSatisfy { b[$0] != nil }
            }
            return sameKeys(zones, other.zones) && sameKeys(roles, other.roles) && enums == other.enums
                && modelProperties == other.modelProperties && externalModels == other.externalModels
                && types.count == other.types.count && types.allSatisfy { other.types[$0.key]?.kind == $0.value.kind }
        }
    }
}

extension Resolver {
    /// Pass 2 of the declarations the memory holds from a run whose pass 1 read as this one's
    /// did, by identity; nil for the others, which `remember` records.
    struct Recall {
        private var entries: [Int: ResolverMemory.Entry]
        private var made: [Int: ResolverMemory.Entry] = [:]
        private var taken = 0
        /// The memory's `suggestionsSpent`.
        let suggestionsSpent: Int

        /// `memory` is handed over, so that each element it holds is held once and moves in place.
        init(_ memory: consuming ResolverMemory, passOne: ResolverMemory.PassOne) {
            let same = memory.passOne.map { passOne.readsAs($0) } ?? false
            suggestionsSpent = memory.suggestionsSpent
            entries = same ? memory.entries : [:]
        }

        /// What the last run made of declaration `identity`, moved to `range`, where it is now;
        /// nil when it was not made then or was written on another column.
        mutating func take(_ identity: Int, at range: SourceRange) -> (element: ResolverMemory.Element, diagnostics: [Diagnostic])? {
            guard var entry = entries.removeValue(forKey: identity), entry.range.with(start: range.start, end: range.end) == range,
                entry.range.start.column == range.start.column
            else { return nil }
            let shift = PositionShift(
                after: 0, offset: range.start.offset - entry.range.start.offset, lines: range.start.line - entry.range.start.line)
            shift.each(&entry.diagnostics, shift.apply)
            shift.apply(&entry.element)
            entry.range = range
            made[identity] = entry
            taken += 1
            return (entry.element, entry.diagnostics)
        }

        /// Records what this run made of declaration `identity` at `range`, unless a diagnostic
        /// points outside it.
        mutating func remember(
            _ identity: Int, _ element: ResolverMemory.Element, _ diagnostics: ArraySlice<Diagnostic>, at range: SourceRange
        ) {
            func inside(_ other: SourceRange?) -> Bool { other.map(range.holds) ?? true }
            guard
                diagnostics.allSatisfy({ diagnostic in
                    inside(diagnostic.range) && diagnostic.notes.allSatisfy { inside($0.range) }
                        && diagnostic.fixIts.allSatisfy { $0.edits.allSatisfy { inside($0.range) } }
                })
            else { return }
            made[identity] = ResolverMemory.Entry(element: element, diagnostics: Array(diagnostics), range: range)
        }

        func memory(_ passOne: ResolverMemory.PassOne?, suggestionsSpent: Int) -> ResolverMemory {
            ResolverMemory(passOne: passOne, entries: made, suggestionsSpent: suggestionsSpent, taken: taken)
        }
    }
}

extension PositionShift {
    /// The payload is taken out of the enum while it moves, so its arrays change in place.
    fileprivate func apply(_ element: inout ResolverMemory.Element) {
        let payload = element
        element = .keyValue(KeyValueStore(name: ""))
        switch consume payload {
        case .record(var record):
            apply(&record.spans)
            apply(&record.placementSpan)
            for i in record.fields.indices { apply(&record.fields[i].spans) }
            for i in record.grants.indices { apply(&record.grants[i].spans) }
            element = .record(record)
        case .model(var model):
            apply(&model.spans)
            each(&model.uniqueConstraintRanges, apply)
            for i in model.properties.indices { apply(&model.properties[i].spans) }
            element = .model(model)
        case .keyValue(var store):
            apply(&store.spans)
            for i in store.keys.indices { apply(&store.keys[i].spans) }
            element = .keyValue(store)
        }
    }

    private func apply(_ spans: inout SourceSpans) {
        apply(&spans.range)
        apply(&spans.name)
        apply(&spans.type)
        apply(&spans.defaultValue)
        spans.attributes.moveRanges(apply)
    }
}
