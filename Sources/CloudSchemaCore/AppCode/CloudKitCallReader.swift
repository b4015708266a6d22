/// Reads CloudKit calls out of Swift tokens: record types given to `CKRecord(recordType:)`,
/// `CKQuery(recordType:predicate:)` and `CKQuerySubscription(recordType:predicate:…)`, keys read
/// and written on values known to be a `CKRecord`, query predicates and sort descriptors.
///
/// A value is known to be a `CKRecord` when it is declared so: created by `CKRecord(…)`, annotated
/// `CKRecord` (a parameter, a property, a local), cast with `as? CKRecord`, `self` in `extension
/// CKRecord` (of the type a convenience init's `self.init(recordType:)` names), or an element of a
/// `[CKRecord]` (in `for … in`, `.first`, `[i]`, the closures of `filter`, `map` and the like) or of a
/// `[CKRecord.ID: CKRecord]`, or handed over by CloudKit: a `CKDatabase`'s `record(for:)`, the
/// closures of its `fetch(withRecordID:)` and `perform(_:inZoneWith:)`, and the record callbacks
/// of a `CK…Operation` (`Self.operationCallbacks`), and the records of a `CKSyncEngine` event declared
/// with its type (`Self.syncEngineChanges`). Its record type is known from its creation or a `recordType ==`
/// check (`if`, `guard`, `switch record.recordType`). Names are followed through scopes, so a
/// local of another type with the same name hides a record; anything else (a dictionary, a value
/// returned by a function, a key built at run time) is not read: never guessed.
enum CloudKitCallReader {
    static func read(_ files: [[SwiftToken]]) -> AppCode {
        let files = files.map(withoutExplicitInit)
        let constants = SwiftConstants(files)
        var code = AppCode()
        for (file, tokens) in files.enumerated() where tokens.contains(where: isEntryPoint) {
            var reader = FileReader(t: tokens, file: file, constants: constants)
            reader.read()
            code.recordTypeUses += reader.code.recordTypeUses
            code.fieldAccesses += reader.code.fieldAccesses
            code.queries += reader.code.queries
        }
        (code.containers, code.defaultContainer) = containers(files)
        // SwiftData's models as Core Data's, to initialize the CloudKit schema: a container given
        // a `managedObjectModel:` then holds the models read, not a model file. Looked for only
        // when such a container is found (most apps have none), and once.
        var bridges: Bool?
        func bridgesSwiftData() -> Bool {
            if let bridges { return bridges }
            let found = files.contains { tokens in
                tokens.indices.dropLast(2).contains {
                    tokens[$0].isWord("makeManagedObjectModel") && tokens[$0 + 1].isPunctuation("(") && tokens[$0 + 2].isWord("for")
                }
            }
            bridges = found
            return found
        }
        for tokens in files {
            guard let container = coreDataContainer(tokens, bridgesSwiftData: bridgesSwiftData) else { continue }
            code.coreDataContainer = container
            break
        }
        return code
    }

    /// The first `NSPersistentCloudKitContainer` of a Core Data model: one created with `name:`
    /// alone (it loads the `.xcdatamodeld` of that name) or given a `managedObjectModel:` (unless
    /// `bridgesSwiftData`), or a subclass declared. Not the type's sync notifications, which
    /// SwiftData apps observe.
    static func coreDataContainer(_ tokens: [SwiftToken], bridgesSwiftData: () -> Bool) -> SourceRange? {
        let type = "NSPersistentCloudKitContainer"
        for i in tokens.indices where tokens[i].isWord(type) {
            if i >= 3, tokens[i - 1].isPunctuation(":"), tokens[i - 3].isWord("class") { return tokens[i].range }
            guard i + 2 < tokens.count, tokens[i + 1].isPunctuation("("), tokens[i + 2].isWord("name") else { continue }
            var depth = 0
            var givesModel = false
            for j in (i + 1)..<tokens.count {
                if tokens[j].isPunctuation("(") || tokens[j].isPunctuation("[") || tokens[j].isPunctuation("{") { depth += 1 }
                if tokens[j].isPunctuation(")") || tokens[j].isPunctuation("]") || tokens[j].isPunctuation("}") { depth -= 1 }
                if depth == 0 { break }
                if depth == 1, tokens[j].isWord("managedObjectModel"), j + 1 < tokens.count, tokens[j + 1].isPunctuation(":") {
                    givesModel = true
                }
            }
            if !givesModel || !bridgesSwiftData() { return tokens[i].range }
        }
        return nil
    }

    /// Each container the code names by its identifier, `CKContainer(identifier: "iCloud.x")`, at
    /// its first use, and the first `CKContainer.default()`.
    static func containers(_ files: [[SwiftToken]]) -> (named: [AppCode.NameUse], default: SourceRange?) {
        var seen: Set<String> = []
        var uses: [AppCode.NameUse] = []
        var defaultContainer: SourceRange?
        for tokens in files {
            for i in tokens.indices.dropLast(4) where tokens[i].isWord("CKContainer") {
                if tokens[i + 1].isPunctuation("."), tokens[i + 2].isWord("default"), tokens[i + 3].isPunctuation("("),
                    tokens[i + 4].isPunctuation(")")
                {
                    defaultContainer = defaultContainer ?? tokens[i].range.union(tokens[i + 4].range)
                    continue
                }
                guard tokens[i + 1].isPunctuation("("), tokens[i + 2].isWord("identifier"), tokens[i + 3].isPunctuation(":"),
                    let identifier = SwiftConstants.literal(tokens[i + 4]), seen.insert(identifier).inserted
                else { continue }
                uses.append(AppCode.NameUse(name: identifier, range: tokens[i + 4].range))
            }
        }
        return (uses, defaultContainer)
    }

    /// `CKRecord.init(recordType: "T")` is `CKRecord(recordType: "T")`: `.init` after a CloudKit or
    /// Foundation type (`CK…`, `NS…`) is left out, so both spellings read alike. An implicit
    /// `.init(` reads as its type's name where the code says the type: `let r: CKRecord = .init(…)`
    /// (the annotation), and the `CKQuery` of `records(matching: .init(…))` and
    /// `CKQueryOperation(query: .init(…))` (Apple's signatures take a `CKQuery` there).
    static func withoutExplicitInit(_ tokens: [SwiftToken]) -> [SwiftToken] {
        // The arguments Apple's signatures type `CKQuery`.
        let queryArguments = [(call: "records", label: "matching"), (call: "CKQueryOperation", label: "query")]
        func isInit(_ i: Int) -> Bool {
            i + 2 < tokens.count && tokens[i].isPunctuation(".") && tokens[i + 1].isKeyword("init") && tokens[i + 2].isPunctuation("(")
        }
        func isExplicitInit(_ i: Int) -> Bool {
            i >= 1 && isInit(i) && tokens[i - 1].kind == .identifier
                && (tokens[i - 1].text.hasPrefix("CK") || tokens[i - 1].text.hasPrefix("NS"))
        }
        /// The CloudKit type an implicit `.init(` at `i` makes, where the code says it.
        func implicitType(_ i: Int) -> String? {
            guard i >= 3, isInit(i) else { return nil }
            if tokens[i - 1].isPunctuation(":") {
                guard i >= 4, tokens[i - 3].isPunctuation("("),
                    queryArguments.contains(where: { tokens[i - 4].isWord($0.call) && tokens[i - 2].isWord($0.label) })
                else { return nil }
                return "CKQuery"
            }
            // `: CKRecord = .init(` or `: CKRecord? = .init(`
            guard tokens[i - 1].isOperator("=") else { return nil }
            var type = i - 2
            if tokens[type].isOperator("?") { type -= 1 }
            guard type >= 1, tokens[type].kind == .identifier, tokens[type].text.hasPrefix("CK"), tokens[type - 1].isPunctuation(":")
            else { return nil }
            return tokens[type].text
        }
        guard tokens.indices.contains(where: { isExplicitInit($0) || implicitType($0) != nil }) else { return tokens }
        var kept: [SwiftToken] = []
        kept.reserveCapacity(tokens.count)
        var i = 0
        while i < tokens.count {
            if isExplicitInit(i) {
                i += 2
                continue
            }
            if let type = implicitType(i) {
                var name = tokens[i]
                name.kind = .identifier
                name.text = type
                name.range = tokens[i].range.union(tokens[i + 1].range)
                kept.append(name)
                i += 2
                continue
            }
            kept.append(tokens[i])
            i += 1
        }
        return kept
    }

    /// A file that names none of these (or a `CK…Operation`) has no CloudKit call the reader follows.
    private static func isEntryPoint(_ token: SwiftToken) -> Bool {
        token.kind == .identifier && (entryPoints.contains(token.text) || (token.text.hasPrefix("CK") && token.text.hasSuffix("Operation")))
    }

    /// A file that names none of these has no CloudKit call the reader follows.
    static let entryPoints: Set<String> = [
        "CKRecord", "CKQuery", "CKQuerySubscription", "CKDatabase", "privateCloudDatabase", "publicCloudDatabase", "sharedCloudDatabase",
        "CKSyncEngine",
    ]
}

/// What a name in scope stands for.
private enum Binding: Equatable {
    /// A `CKRecord`, of the record type when it is known.
    case record(String?)
    /// A `[CKRecord]`.
    case records
    /// A dictionary of `CKRecord`s (`[CKRecord.ID: CKRecord]`).
    case recordsByKey
    /// A `Result<CKRecord, Error>`, as per-record callbacks receive it.
    case recordResult
    /// A `CKDatabase`, of the container when the code says it.
    case database(AppCode.Container?)
    /// A `CKContainer`.
    case container(AppCode.Container)
    /// A `CK…Operation`.
    case operation
    /// A `CKSyncEngine.Event.FetchedRecordZoneChanges` or `SentRecordZoneChanges`: the records of
    /// its `modifications`, `failedRecordSaves` and `savedRecords` (`Self.syncEngineChanges`).
    case syncEngineChanges
    /// A `modifications` or `failedRecordSaves` element of those: its `record` is a `CKRecord`.
    case recordChange
    /// The `CKQuery(…)` call at this token.
    case query(Int)
    /// The `NSPredicate(…)` call at this token.
    case predicate(Int)
    /// The `NSSortDescriptor(…)` call at this token.
    case sort(Int)
    /// A local `let` with a string literal.
    case string(String)
    /// A local `let` with a CloudKit value made in place (`CKRecord.Reference(…)`, `CKAsset(…)`,
    /// `CLLocation(…)`).
    case value(AppCode.AssignedLiteral.Kind)
    /// `let type = record.recordType`: the record type of the record of this name.
    case recordTypeOf(String)
    /// Anything else: it hides a name of an outer scope.
    case other
}

private struct FileReader {
    let t: [SwiftToken]
    /// The file's index in the run (a `private` key subscript is visible in its own file only).
    let file: Int
    let constants: SwiftConstants
    let closing: [Int: Int]
    var code = AppCode()

    /// The open scopes, innermost last: where each ends, its names, the type it is the body of, and
    /// the `CKRecord(…)`, `CKQuery(…)` and `CKQuerySubscription(…)` calls each `let` of it holds
    /// (`carriedCalls`).
    private var scopes: [(end: Int, names: [String: Binding], type: [String]?, carries: [String: [Int]])] = []
    /// Names to declare in the scope a `{` at this token opens (parameters, `if let`, narrowing).
    private var pending: [Int: [String: Binding]] = [:]
    /// The type a `{` at this token is the body of.
    private var typeBodies: [Int: [String]] = [:]
    /// `CKQuery(…)` and `CKQuerySubscription(…)` calls read, by token, as indexes in `code.queries`.
    private var queriesByToken: [Int: Int] = [:]
    /// `recordType ==` checks (record, type) of the `if` whose body opens at this token, or of the
    /// `guard` whose `else { … }` closes here.
    private var narrowings: [Int: [(String, String)]] = [:]
    /// In a `switch record.recordType { … }` body: the scope's end and the record's name.
    private var switches: [(end: Int, name: String)] = []
    /// Closures given to a method of a `[CKRecord]` (`records.filter { $0[…] }`), by the `{` that
    /// opens them, with how many of their parameters are elements.
    private var elementClosures: [Int: Int] = [:]
    /// Closures CloudKit calls (`fetch(withRecordID:) { record, error in`), by the `{` that opens
    /// them, with what it hands each parameter.
    private var typedClosures: [Int: [Binding]] = [:]
    /// In a `switch result { … }` over a record's `Result`: the scope's end, and the record a
    /// `case .success(let record):` declared, which the next case ends.
    private var resultSwitches: [(end: Int, declared: String?)] = []
    /// Bindings for the name at this token, known from a pattern read before its `let`.
    private var patternBindings: [Int: Binding] = [:]
    /// `static let name = NSPredicate(…)` in a type's body by `Type.name`, the call's token (-1:
    /// declared twice, not followed): a query may name it before its declaration.
    private var staticPredicates: [String: Int] = [:]
    /// Record type uses read, by the token of their call, as indexes in `code.recordTypeUses`.
    private var recordTypeUsesByToken: [Int: Int] = [:]
    /// The containers of the databases each call (by token) is given to.
    private var callContainers: [Int: Set<AppCode.Container>] = [:]

    /// What CloudKit hands the closures of a `CK…Operation`'s record callbacks, by position: a
    /// `CKRecord`, a `Result<CKRecord, Error>`, all the records (Apple: `CKQueryOperation`'s
    /// `recordMatchedBlock` and `recordFetchedBlock`; `CKFetchRecordsOperation`'s
    /// `perRecordResultBlock`, `perRecordCompletionBlock` and `fetchRecordsCompletionBlock`;
    /// `CKModifyRecordsOperation`'s `perRecordSaveBlock`, `perRecordCompletionBlock` and
    /// `modifyRecordsCompletionBlock`; `CKFetchRecordZoneChangesOperation`'s `recordWasChangedBlock`
    /// and `recordChangedBlock`). `modifyRecordsResultBlock` and `fetchRecordsResultBlock` hand over
    /// no record.
    private static let operationCallbacks: [String: [Binding]] = [
        "recordMatchedBlock": [.other, .recordResult], "perRecordResultBlock": [.other, .recordResult],
        "perRecordSaveBlock": [.other, .recordResult], "recordWasChangedBlock": [.other, .recordResult],
        "recordFetchedBlock": [.record(nil)], "recordChangedBlock": [.record(nil)], "perRecordCompletionBlock": [.record(nil)],
        "fetchRecordsCompletionBlock": [.recordsByKey], "modifyRecordsCompletionBlock": [.records],
    ]
    /// What the lists of a `CKSyncEngine` event hold (Apple: `FetchedRecordZoneChanges.modifications`,
    /// `[CKDatabase.RecordZoneChange.Modification]`; `SentRecordZoneChanges.failedRecordSaves`,
    /// `[FailedRecordSave]`, each with its `record: CKRecord`, and `savedRecords: [CKRecord]`).
    private static let syncEngineChanges: [String: Binding] = [
        "modifications": .recordChange, "failedRecordSaves": .recordChange, "savedRecords": .record(nil),
    ]
    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "actor"]
    /// The CloudKit values made by calling a type (besides `CKRecord.Reference(…)`).
    private static let madeValues: [String: AppCode.AssignedLiteral.Kind] = [
        "CKReference": .reference, "CKAsset": .asset, "CLLocation": .location,
    ]
    /// The methods of a `CKRecord` that read or write a key.
    private static let keyMethods: Set<String> = ["object", "value", "setObject", "setValue"]
    /// The calls that make a value of a record type.
    private static let recordTypeCalls: Set<String> = ["CKRecord", "CKQuery", "CKQuerySubscription"]
    /// A `CKContainer`'s databases.
    private static let databases: Set<String> = ["privateCloudDatabase", "publicCloudDatabase", "sharedCloudDatabase"]

    /// The methods of a sequence whose closure takes its elements, with how many at a time.
    private static let elementMethods: [String: Int] = [
        "filter": 1, "map": 1, "compactMap": 1, "flatMap": 1, "forEach": 1, "first": 1, "last": 1, "contains": 1,
        "allSatisfy": 1, "firstIndex": 1, "lastIndex": 1, "drop": 1, "prefix": 1, "removeAll": 1, "sorted": 2, "min": 2,
        "max": 2,
    ]
    /// Words before a `{` that opens a statement's body, not a closure (`if`, `for` and `func`
    /// bodies are known from their statements).
    private static let statementBodyOpeners: Set<String> = ["do", "defer", "repeat", "get", "set", "willSet", "didSet"]
    /// Of those, the ones that return the elements again, so a method after them takes records too.
    private static let elementsAgain: Set<String> = ["filter", "sorted", "drop", "prefix"]

    init(t: [SwiftToken], file: Int, constants: SwiftConstants) {
        self.t = t
        self.file = file
        self.constants = constants
        closing = SwiftMigrationReader.matchingBrackets(t)
    }

    private func punct(_ k: Int, _ p: String) -> Bool { k >= 0 && k < t.count && t[k].isPunctuation(p) }
    private func word(_ k: Int, _ w: String) -> Bool { k >= 0 && k < t.count && t[k].isWord(w) }

    private func lookup(_ name: String) -> Binding? {
        for scope in scopes.reversed() { if let binding = scope.names[name] { return binding } }
        return nil
    }

    private var currentType: [String] { scopes.last { $0.type != nil }?.type ?? [] }

    mutating func read() {
        scopes = [(Int.max, [:], nil, [:])]
        collectStaticPredicates()
        var i = 0
        while i < t.count {
            while scopes.count > 1, i > scopes[scopes.count - 1].end { scopes.removeLast() }
            while let last = switches.last, i > last.end { switches.removeLast() }
            while let last = resultSwitches.last, i > last.end { resultSwitches.removeLast() }
            let token = t[i]
            if token.isPunctuation("{") {
                let isStatementBody =
                    pending[i] != nil || typeBodies[i] != nil || conditionBody == i
                    || (i > 0 && (Self.statementBodyOpeners.contains(t[i - 1].text) || t[i - 1].isKeyword("else")))
                if conditionBody == i { conditionBody = nil }
                var names = pending.removeValue(forKey: i) ?? [:]
                var parameters = closureParameters(after: i)
                if let count = elementClosures.removeValue(forKey: i) {
                    let elements = parameters.isEmpty ? (0..<count).map { "$\($0)" } : parameters.prefix(count).map(\.name)
                    parameters = elements.map { ($0, .record(nil)) } + parameters.dropFirst(count)
                } else if let types = typedClosures.removeValue(forKey: i) {
                    let names = parameters.isEmpty ? types.indices.map { "$\($0)" } : parameters.map(\.name)
                    parameters = zip(names, types).map { ($0, $1) } + parameters.dropFirst(types.count)
                } else if parameters.isEmpty, !isStatementBody {
                    // A closure's own `$0` and `$1` hide those of a closure around it.
                    parameters = [("$0", .other), ("$1", .other)]
                }
                for (name, binding) in parameters where names[name] == nil { names[name] = binding }
                for (name, type) in narrowings.removeValue(forKey: i) ?? [] {
                    if case .record? = names[name] ?? lookup(name) { names[name] = .record(type) }
                }
                scopes.append((closing[i] ?? t.count, names, typeBodies[i], [:]))
            } else if token.isPunctuation("}"), scopes.count > 1, let narrowed = narrowings.removeValue(forKey: i) {
                // After a `guard`'s `else { … }`: the names of the scope around it.
                for (name, type) in narrowed {
                    if case .record? = lookup(name) { scopes[scopes.count - 2].names[name] = .record(type) }
                }
            } else if token.kind == .keyword || token.isWord("actor") {
                keyword(at: i)
            } else if token.kind == .identifier {
                identifier(at: i)
            }
            i += 1
        }
        for (call, containers) in callContainers {
            guard let use = recordTypeUsesByToken[call] else { continue }
            // Given to databases of two containers: which schema it must be in is not known.
            let container = containers.count == 1 ? containers.first : nil
            code.recordTypeUses[use].container = container
            if let query = queriesByToken[call] { code.queries[query].recordType.container = container }
        }
    }

    // MARK: Declarations

    private mutating func keyword(at i: Int) {
        switch t[i].text {
        case "struct", "class", "enum", "extension", "protocol", "actor":
            guard i + 1 < t.count, t[i + 1].kind == .identifier, let body = nextBrace(after: i + 1) else { return }
            var path = [t[i + 1].text]
            var j = i + 2
            while punct(j, "."), j + 1 < t.count, t[j + 1].kind == .identifier {
                path.append(t[j + 1].text)
                j += 2
            }
            typeBodies[body] = t[i].text == "extension" ? path : currentType + path
            // In `extension CKRecord { … }`, `self` is a record (a convenience init's `self.init(recordType:)`
            // says of which type); in any other type's body it hides that one.
            pending[body, default: [:]]["self"] = t[i].text == "extension" && path == ["CKRecord"] ? .record(nil) : .other
        case "func", "init", "subscript":
            guard let open = (i + 1..<min(i + 16, t.count)).first(where: { punct($0, "(") || punct($0, "{") }), punct(open, "("),
                let close = closing[open],
                let body = nextBrace(after: close)
            else { return }
            pending[body, default: [:]].merge(parameters(open, close)) { a, _ in a }
        case "let", "var":
            declaration(at: i)
        case "if", "guard", "while":
            condition(at: i)
        case "for":
            forLoop(at: i)
        case "self":
            guard !punct(i - 1, "."), case .record(let type)? = lookup("self") else { return }
            // `self.init(recordType: "T", …)` in a convenience init creates a record of type T.
            if punct(i + 1, "."), word(i + 2, "init"), punct(i + 3, "("), word(i + 4, "recordType"), punct(i + 5, ":"),
                let (name, range, _) = resolve(at: i + 6)
            {
                code.recordTypeUses.append(.init(name: name, range: range))
                scopes[scopes.count - 1].names["self"] = .record(name)
                return
            }
            fieldAccess(on: i, recordType: type)
        case "switch":
            if i + 2 < t.count, t[i + 1].kind == .identifier, lookup(t[i + 1].text) == .recordResult, punct(i + 2, "{"),
                let end = closing[i + 2]
            {
                resultSwitches.append((end, nil))
                return
            }
            // `let type = record.recordType` … `switch type {`: the same as `switch record.recordType {`.
            if i + 2 < t.count, t[i + 1].kind == .identifier, case .recordTypeOf(let record)? = lookup(t[i + 1].text),
                case .record? = lookup(record), punct(i + 2, "{"), let end = closing[i + 2]
            {
                switches.append((end, record))
                return
            }
            // `switch record.recordType {`: each `case "T":` narrows the record to T.
            guard i + 4 < t.count, t[i + 1].kind == .identifier, case .record = lookup(t[i + 1].text), punct(i + 2, "."),
                word(i + 3, "recordType"), punct(i + 4, "{"), let end = closing[i + 4]
            else { return }
            switches.append((end, t[i + 1].text))
        case "case", "default":
            if let current = resultSwitches.last, scopes.last?.end == current.end {
                resultCase(at: i)
                return
            }
            guard let current = switches.last, scopes.last?.end == current.end else { return }
            var type: String?
            if t[i].text == "case", let (value, _, end) = resolve(at: i + 1), punct(end, ":") { type = value }
            scopes[scopes.count - 1].names[current.name] = .record(type)
        default: break
        }
    }

    /// The `{` of the body a declaration at `k` opens: the first `{` outside brackets, unless the
    /// declaration ends first (a protocol requirement).
    private func nextBrace(after k: Int) -> Int? {
        var j = k
        while j < t.count {
            if let close = closing[j], punct(j, "(") || punct(j, "[") {
                j = close + 1
            } else if punct(j, "{") {
                return j
            } else if punct(j, "}") || t[j].isKeyword("func") || t[j].isKeyword("var") || t[j].isKeyword("let") || t[j].kind == .endOfFile {
                return nil
            } else {
                j += 1
            }
        }
        return nil
    }

    /// `(label name: Type = default, …)`: each parameter's name, a record when its type is `CKRecord`.
    private func parameters(_ open: Int, _ close: Int) -> [String: Binding] {
        Dictionary(parameterList(open, close), uniquingKeysWith: { a, _ in a })
    }

    /// The parameters in order; a closure's may have no type (`{ (a, b) in`).
    private func parameterList(_ open: Int, _ close: Int) -> [(name: String, binding: Binding)] {
        var names: [(name: String, binding: Binding)] = []
        var start = open + 1
        for j in open + 1...close where j == close || (punct(j, ",") && depth(of: j, from: open) == 0) {
            if let colon = (start..<j).first(where: { punct($0, ":") }), colon > start, t[colon - 1].kind == .identifier {
                names.append((t[colon - 1].text, typeBinding(colon + 1, j)))
            } else if j == start + 1, t[start].kind == .identifier {
                names.append((t[start].text, .other))
            }
            start = j + 1
        }
        return names
    }

    /// How deep inside brackets opened after `open` the token at `j` is.
    private func depth(of j: Int, from open: Int) -> Int {
        var depth = 0
        var k = open + 1
        while k < j {
            if let close = closing[k], close < j, punct(k, "(") || punct(k, "[") || punct(k, "{") {
                k = close + 1
                continue
            }
            if punct(k, "(") || punct(k, "[") || punct(k, "{") { depth += 1 }
            k += 1
        }
        return depth
    }

    /// `CKRecord`, `CKRecord?`, `CKRecord!` (a record), `[CKRecord]` (records), anything else.
    private func typeBinding(_ start: Int, _ end: Int) -> Binding {
        var tokens = Array(t[start..<end].prefix { !$0.isOperator("=") })
        if tokens.first?.isWord("inout") == true { tokens.removeFirst() }
        while let last = tokens.last, last.isOperator("?") || last.isOperator("!") { tokens.removeLast() }
        let text = tokens.map(\.text).joined()
        if text == "CKRecord" { return .record(nil) }
        if text == "CKDatabase" { return .database(nil) }
        if text == "Result<CKRecord,Error>" || text == "Result<CKRecord,anyError>" { return .recordResult }
        if text.hasPrefix("CK"), text.hasSuffix("Operation"), text.allSatisfy(\.isLetter) { return .operation }
        if text == "[CKRecord]" || text == "Array<CKRecord>" { return .records }
        if text.hasPrefix("["), text.hasSuffix(":CKRecord]") { return .recordsByKey }
        if text == "CKSyncEngine.Event.FetchedRecordZoneChanges" || text == "CKSyncEngine.Event.SentRecordZoneChanges" {
            return .syncEngineChanges
        }
        return .other
    }

    /// `{ a, b in`, `{ (a: T, b) in`, `{ [weak self] a in`: the closure's parameters, which hide
    /// outer names (a record when annotated `CKRecord`).
    private func closureParameters(after open: Int) -> [(name: String, binding: Binding)] {
        var j = open + 1
        if punct(j, "["), let close = closing[j] { j = close + 1 }
        var names: [(name: String, binding: Binding)] = []
        if punct(j, "("), let close = closing[j] {
            let inner = parameterList(j, close)
            j = close + 1
            while j < t.count, !t[j].isKeyword("in"), t[j].isOperator("->") || t[j].kind == .identifier || t[j].isKeyword("throws") {
                j += 1
            }
            return j < t.count && t[j].isKeyword("in") ? inner : []
        }
        while j < t.count, t[j].kind == .identifier || t[j].isKeyword("_") {
            names.append((t[j].text, .other))
            j += 1
            if punct(j, ",") { j += 1 } else { break }
        }
        return !names.isEmpty && j < t.count && t[j].isKeyword("in") ? names : []
    }

    /// `let name (: Type)? (= value)?`, and `if let name`, which is the name of the outer value.
    private mutating func declaration(at i: Int) {
        guard i + 1 < t.count else { return }
        guard t[i + 1].kind == .identifier else {
            // `let (a, b) = …`: each name hides an outer one.
            if punct(i + 1, "("), let close = closing[i + 1] {
                for k in i + 2..<close where t[k].kind == .identifier { declare(t[k].text, .other, at: i) }
            }
            return
        }
        let name = t[i + 1].text
        var j = i + 2
        var binding = Binding.other
        var carried: [Int] = []
        if punct(j, ":") {
            var end = j + 1
            while end < t.count, !t[end].isOperator("="), !Self.endsDeclaration(t[end]) { end += 1 }
            binding = typeBinding(j + 1, end)
            j = end
        }
        if j < t.count, t[j].isOperator("=") {
            binding = value(at: j + 1, isLet: t[i].isKeyword("let"), declared: binding, name: name, scopeEnd: scopes.last?.end ?? t.count)
            // A `var` may be given another record before it is saved.
            if t[i].isKeyword("let") { carried = carriedCalls(j + 1, expressionEnd(from: j + 1)) }
        } else if j == i + 2, let outer = lookup(name) {
            switch outer {  // `if let record {`: the same value, unwrapped
            case .record, .records, .recordsByKey, .recordResult, .database, .container, .operation, .syncEngineChanges, .recordChange:
                binding = outer
            default: break
            }
        }
        declare(name, patternBindings.removeValue(forKey: i + 1) ?? binding, at: i, carrying: carried)
    }

    private static func endsDeclaration(_ token: SwiftToken) -> Bool {
        token.isPunctuation("{") || token.isPunctuation(",") || token.isPunctuation(";") || token.isPunctuation("}")
            || token.isKeyword("else") || token.kind == .endOfFile || (token.isAtLineStart && token.kind != .operator)
    }

    /// The condition whose `let` is at `i` declares into its body; any other declaration into the
    /// current scope (a `guard` condition's names too, as Swift has them after the `guard`).
    private mutating func declare(_ name: String, _ binding: Binding, at i: Int, carrying calls: [Int] = []) {
        if let body = conditionBody, body > i {
            pending[body, default: [:]][name] = binding
        } else {
            scopes[scopes.count - 1].names[name] = binding
            scopes[scopes.count - 1].carries[name] = calls.isEmpty ? nil : calls
        }
    }

    /// The calls a name in scope holds (`carriedCalls`).
    private func carries(of name: String) -> [Int] {
        for scope in scopes.reversed() where scope.names[name] != nil { return scope.carries[name] ?? [] }
        return []
    }

    /// The `CKRecord(…)`, `CKQuery(…)` and `CKQuerySubscription(…)` calls (by token) the value from
    /// `start` to `end` holds: made there, held by a `let` of this name, listed in an array, or
    /// given to a CloudKit value made there (`CKQueryOperation(query: query)`).
    private func carriedCalls(_ start: Int, _ end: Int) -> [Int] {
        guard start < end else { return [] }
        if end == start + 1, t[start].kind == .identifier { return carries(of: t[start].text) }
        let isArray = punct(start, "[") && closing[start] == end - 1
        let isCall = t[start].kind == .identifier && t[start].text.hasPrefix("CK") && punct(start + 1, "(") && closing[start + 1] == end - 1
        guard isArray || isCall else { return [] }
        let made = isCall && Self.recordTypeCalls.contains(t[start].text) ? [start] : []
        return made + arguments(isArray ? start : start + 1).flatMap { carriedCalls($0.start, $0.end) }
    }

    /// The arguments (or elements) in the brackets opening at `open`, each without its label.
    private func arguments(_ open: Int) -> [(start: Int, end: Int)] {
        guard let close = closing[open] else { return [] }
        var list: [(start: Int, end: Int)] = []
        var k = open + 1
        while k < close {
            if t[k].kind == .identifier || t[k].kind == .keyword, punct(k + 1, ":") { k += 2 }
            let end = expressionEnd(from: k)
            if end > k { list.append((k, end)) }
            k = punct(end, "{") ? (closing[end] ?? end) + 1 : end + 1
        }
        return list
    }

    /// The container the expression from `start` to `end` is: `CKContainer.default()`,
    /// `CKContainer(identifier: "iCloud.x")` (a literal or constant), or a name (or `self.name`)
    /// bound to one.
    private func container(_ start: Int, _ end: Int) -> AppCode.Container? {
        if end - start == 5, word(start, "CKContainer"), punct(start + 1, "."), word(start + 2, "default"), punct(start + 3, "("),
            punct(start + 4, ")")
        {
            return .default
        }
        if word(start, "CKContainer"), punct(start + 1, "("), closing[start + 1] == end - 1, word(start + 2, "identifier"),
            punct(start + 3, ":"), let (identifier, _, next) = resolve(at: start + 4), next == end - 1
        {
            return .identifier(identifier)
        }
        let name = end - start == 1 ? start : end - start == 3 && t[start].isKeyword("self") && punct(start + 1, ".") ? start + 2 : nil
        guard let name, !punct(start - 1, "."), t[name].kind == .identifier, case .container(let container)? = lookup(t[name].text)
        else { return nil }
        return container
    }

    /// The container whose database (`privateCloudDatabase`, …) is named at `i`:
    /// `CKContainer.default().privateCloudDatabase`, `container.publicCloudDatabase`.
    private func containerOfDatabase(at i: Int) -> AppCode.Container? {
        let dot = i - 1
        guard punct(dot, ".") else { return nil }
        // The longest form, `CKContainer(identifier: Type.member)`, is a few tokens.
        return (max(0, dot - 12)..<dot).lazy.compactMap { self.container($0, dot) }.first
    }

    /// The `{` of the `if` or `while` whose condition is being read.
    private var conditionBody: Int?

    /// What `let name = <value at k>` makes `name`.
    private func value(at start: Int, isLet: Bool, declared: Binding, name: String, scopeEnd: Int) -> Binding {
        guard start < t.count else { return declared }
        let end = expressionEnd(from: start)
        if let handed = handedOver(start, end) { return handed }
        if let container = container(start, end) { return .container(container) }
        let k = start
        if word(k, "CKRecord"), punct(k + 1, "("), let close = closing[k + 1], close + 1 == end {
            var type: String?
            if word(k + 2, "recordType"), punct(k + 3, ":"), let (value, _, _) = resolve(at: k + 4) { type = value }
            // A `var` assigned again may hold a record of another type.
            if !isLet, (k..<min(scopeEnd, t.count)).contains(where: { t[$0].isWord(name) && $0 + 1 < t.count && t[$0 + 1].isOperator("=") })
            {
                type = nil
            }
            return .record(type)
        }
        if word(k, "CKQuery"), punct(k + 1, "("), let close = closing[k + 1], close + 1 == end { return .query(k) }
        if word(k, "NSPredicate"), punct(k + 1, "("), let close = closing[k + 1], close + 1 == end { return .predicate(k) }
        if word(k, "NSSortDescriptor"), punct(k + 1, "("), let close = closing[k + 1], close + 1 == end { return .sort(k) }
        // `x as? CKRecord`, `cached ?? CKRecord(recordType: …)`: a record of a type not known.
        if end - 2 >= k, t[end - 1].isWord("CKRecord"), t[end - 2].isOperator("?") || t[end - 2].isOperator("!"), end - 3 >= k,
            t[end - 3].isKeyword("as")
        {
            return .record(nil)
        }
        if let m = (k..<end).first(where: { t[$0].isOperator("??") }), word(m + 1, "CKRecord"), punct(m + 2, "("), closing[m + 2] == end - 1
        {
            return .record(nil)
        }
        if end == k + 1, t[k].kind == .identifier, let binding = lookup(t[k].text) {
            switch binding {
            case .record, .records, .recordsByKey, .recordResult, .database, .container, .operation, .syncEngineChanges, .recordChange:
                return binding
            default: break
            }
        }
        // `let type = record.recordType`
        if isLet, end == k + 3, t[k].kind == .identifier, punct(k + 1, "."), word(k + 2, "recordType"), case .record? = lookup(t[k].text) {
            return .recordTypeOf(t[k].text)
        }
        // `let record = modification.record`
        if end == k + 3, t[k].kind == .identifier, punct(k + 1, "."), word(k + 2, "record"), lookup(t[k].text) == .recordChange {
            return .record(nil)
        }
        // `[CKRecord]()`, `[CKRecord.ID: CKRecord]()`.
        if punct(k, "["), let close = closing[k], punct(close + 1, "("), closing[close + 1] == close + 2, close + 3 == end,
            typeBinding(k, close + 1) != .other
        {
            return typeBinding(k, close + 1)
        }
        // `records.first`, `records.last!`, `records[0]`, `recordsByID[id]`: an element.
        if t[k].kind == .identifier, let binding = lookup(t[k].text) {
            var e = end
            while e > k + 1, t[e - 1].isOperator("!") || t[e - 1].isOperator("?") { e -= 1 }
            switch binding {
            case .records where e == k + 3 && punct(k + 1, ".") && (word(k + 2, "first") || word(k + 2, "last")),
                .records where punct(k + 1, "[") && closing[k + 1] == e - 1,
                .recordsByKey where punct(k + 1, "[") && closing[k + 1] == e - 1:
                return .record(nil)
            default: break
            }
        }
        if isLet, case .other = declared, let (value, _, valueEnd) = resolve(at: k), valueEnd == end { return .string(value) }
        if isLet, let kind = madeValue(at: k, end: end) { return .value(kind) }
        return declared
    }

    /// The CloudKit type of the value made from `k` to `end`: `CKRecord.Reference(…)` (or
    /// `CKReference(…)`), `CKAsset(…)`, `CLLocation(…)`.
    private func madeValue(at k: Int, end: Int) -> AppCode.AssignedLiteral.Kind? {
        let (open, kind): (Int, AppCode.AssignedLiteral.Kind)
        if word(k, "CKRecord"), punct(k + 1, "."), word(k + 2, "Reference") {
            (open, kind) = (k + 3, .reference)
        } else if let made = Self.madeValues[k < t.count && t[k].kind == .identifier ? t[k].text : ""] {
            (open, kind) = (k + 1, made)
        } else {
            return nil
        }
        return punct(open, "(") && closing[open] == end - 1 ? kind : nil
    }

    /// The token after the expression starting at `k`: brackets skipped, ending at a new
    /// statement, `,`, `{` (a condition's body), `else` or a closing bracket.
    private func expressionEnd(from k: Int) -> Int {
        var j = k
        while j < t.count {
            if j > k, SwiftConstants.endsStatement(t, at: j) { return j }
            if punct(j, ",") || punct(j, ")") || punct(j, "]") || punct(j, "{") || t[j].isKeyword("else") || punct(j, ";") {
                return j
            }
            if let close = closing[j], punct(j, "(") || punct(j, "[") {
                j = close + 1
                continue
            }
            j += 1
        }
        return j
    }

    /// `if`/`guard`/`while` at `i`: the `let`s of its condition declare into its body (`if`,
    /// `while`) or the current scope (`guard`), and a `record.recordType == "T"` clause narrows
    /// the record there. A condition with `||` narrows nothing.
    private mutating func condition(at i: Int) {
        guard let body = nextBrace(after: i + 1) else { return }
        let isGuard = t[i].isKeyword("guard")
        if !isGuard { conditionBody = body }
        let hasOr = (i + 1..<body).contains { t[$0].isOperator("||") && depth(of: $0, from: i) == 0 }
        guard !hasOr else { return }
        for k in i + 1..<body where t[k].isOperator("==") && depth(of: k, from: i) == 0 {
            let narrowed: (String, String)?
            if k >= 3, word(k - 1, "recordType"), punct(k - 2, "."), t[k - 3].kind == .identifier, let (value, _, _) = resolve(at: k + 1) {
                narrowed = (t[k - 3].text, value)
            } else if k + 3 < t.count, t[k + 1].kind == .identifier, punct(k + 2, "."), word(k + 3, "recordType"),
                let value = SwiftConstants.literal(t[k - 1])  // `"T" == record.recordType`
            {
                narrowed = (t[k + 1].text, value)
            } else {
                narrowed = nil
            }
            if let narrowed { narrowings[isGuard ? closing[body] ?? body : body, default: []].append(narrowed) }
        }
    }

    /// `for name in records {`: each element of a `[CKRecord]` is a record.
    private mutating func forLoop(at i: Int) {
        guard i + 3 < t.count, let body = nextBrace(after: i + 1) else { return }
        if t[i + 1].kind == .identifier, t[i + 2].isKeyword("in") {
            var binding = Binding.other
            if t[i + 3].kind == .identifier, body == i + 4, case .records? = lookup(t[i + 3].text) { binding = .record(nil) }
            // `for modification in event.modifications {`
            if t[i + 3].kind == .identifier, body == i + 6, punct(i + 4, "."), lookup(t[i + 3].text) == .syncEngineChanges {
                binding = Self.syncEngineChanges[t[i + 5].text] ?? .other
            }
            pending[body, default: [:]][t[i + 1].text] = binding
        } else {
            for k in i + 1..<body where t[k].kind == .identifier {
                if t[k].isKeyword("in") { break }
                pending[body, default: [:]][t[k].text] = .other
            }
        }
    }

    // MARK: Uses

    private mutating func identifier(at i: Int) {
        switch t[i].text {
        case "CKRecord":
            if punct(i + 1, "("), word(i + 2, "recordType"), punct(i + 3, ":"), let (name, range, _) = resolve(at: i + 4) {
                recordTypeUsesByToken[i] = code.recordTypeUses.count
                code.recordTypeUses.append(.init(name: name, range: range))
            }
            return
        case "CKQuery", "CKQuerySubscription":
            query(at: i)
            return
        case _ where Self.databases.contains(t[i].text) && punct(i - 1, "."):
            databaseCall(after: i, on: containerOfDatabase(at: i))
            return
        default: break
        }
        // `setValue(_:forKey:)`, `object(forKey:)` … called on `self` in `extension CKRecord`.
        if Self.keyMethods.contains(t[i].text), !punct(i - 1, "."), !t[max(i - 1, 0)].isKeyword("func"), punct(i + 1, "("),
            case .record(let type)? = lookup("self")
        {
            keyMethodCall(i - 1, recordType: type)
            return
        }
        // A name of this scope, or `self.name`, not a member of another value.
        guard !punct(i - 1, ".") || (i >= 2 && t[i - 2].isKeyword("self")), let binding = lookup(t[i].text) else { return }
        switch binding {
        case .record(let type): fieldAccess(on: i, recordType: type)
        case .query(let call): sortDescriptors(on: i, query: call)
        case .records: elementClosures(after: i)
        case .database(let container): databaseCall(after: i, on: container)
        case .operation: operationCallback(after: i)
        case .recordChange where punct(i + 1, ".") && word(i + 2, "record"): fieldAccess(on: i + 2, recordType: nil)
        default: break
        }
    }

    /// `records.filter { … }`, `records.first(where: { … })`, `records.sorted { … }.map { … }`:
    /// the closures whose parameters are the records.
    private mutating func elementClosures(after i: Int) {
        var j = i + 1
        while punct(j, "."), j + 2 < t.count, let count = Self.elementMethods[t[j + 1].text] {
            let method = t[j + 1].text
            var open = j + 2
            var end: Int?
            if punct(open, "("), let close = closing[open] {
                // `(where: {`, `(by: {`, `({`
                open = punct(open + 1, "{") ? open + 1 : open + 3
                guard punct(open, "{"), closing[open] == close - 1 else { return }
                end = close
            } else {
                end = closing[open]
            }
            guard punct(open, "{"), let end else { return }
            elementClosures[open] = count
            guard Self.elementsAgain.contains(method) else { return }
            j = end + 1
        }
    }

    /// `CKQuery(recordType: T, predicate: P)` or `CKQuerySubscription(recordType: T, predicate: P, …)`.
    private mutating func query(at i: Int) {
        guard punct(i + 1, "("), word(i + 2, "recordType"), punct(i + 3, ":"), let (name, range, end) = resolve(at: i + 4) else {
            return
        }
        let type = AppCode.RecordTypeUse(name: name, range: range)
        recordTypeUsesByToken[i] = code.recordTypeUses.count
        code.recordTypeUses.append(type)
        var predicate: AppCode.ReadPredicate?
        if punct(end, ","), word(end + 1, "predicate"), punct(end + 2, ":") {
            let k = end + 3
            if word(k, "NSPredicate") {
                predicate = readPredicate(at: k)
            } else if k < t.count, t[k].kind == .identifier, case .predicate(let call)? = lookup(t[k].text),
                punct(k + 1, ")") || punct(k + 1, ",")
            {
                predicate = readPredicate(at: call)
            } else if let call = staticPredicate(at: k) {
                predicate = readPredicate(at: call)
            }
        }
        queriesByToken[i] = code.queries.count
        code.queries.append(.init(recordType: type, isSubscription: t[i].text == "CKQuerySubscription", predicate: predicate))
    }

    /// `NSPredicate(value: true)` or `NSPredicate(format: "…", args…)` with a literal format.
    private func readPredicate(at k: Int) -> AppCode.ReadPredicate? {
        guard punct(k + 1, "("), let close = closing[k + 1] else { return nil }
        let range = t[k].range.union(t[close].range)
        if word(k + 2, "value"), punct(k + 3, ":"), t[k + 4].isKeyword("true"), k + 5 == close {
            return .init(parsed: .allRecords, literal: nil, range: range)
        }
        guard word(k + 2, "format"), punct(k + 3, ":"), let (format, _, end) = resolve(at: k + 4) else { return nil }
        var arguments: [PredicateArgument] = []
        var argumentRanges: [SourceRange] = []
        var j = end
        while punct(j, ",") {
            let start = j + 1
            let argumentEnd = expressionEnd(from: start)
            guard argumentEnd > start else { return nil }
            argumentRanges.append(t[start].range.union(t[argumentEnd - 1].range))
            if let (value, _, e) = resolve(at: start), e == argumentEnd {
                arguments.append(.string(value))
            } else if argumentEnd == start + 1, t[start].kind == .integer || t[start].kind == .float {
                arguments.append(.number(t[start].text))
            } else {
                arguments.append(.unknown)
            }
            j = argumentEnd
        }
        guard j == close, let parsed = CloudKitPredicate.parse(format, arguments: arguments) else { return nil }
        return .init(parsed: parsed, literal: t[k + 4].kind == .string ? t[k + 4].literal : nil, range: range, arguments: argumentRanges)
    }

    /// `query.sortDescriptors = [NSSortDescriptor(key: "k", ascending: …), sort, …]`.
    private mutating func sortDescriptors(on i: Int, query call: Int) {
        guard let index = queriesByToken[call], punct(i + 1, "."), word(i + 2, "sortDescriptors"), i + 4 < t.count,
            t[i + 3].isOperator("="), punct(i + 4, "["), let close = closing[i + 4]
        else { return }
        var j = i + 5
        while j < close {
            var sort = j
            if t[j].kind == .identifier, case .sort(let k)? = lookup(t[j].text) { sort = k }
            if word(sort, "NSSortDescriptor"), punct(sort + 1, "("), word(sort + 2, "key"), punct(sort + 3, ":"),
                let (key, range, _) = resolve(at: sort + 4)
            {
                code.queries[index].sorts.append(.init(name: key, range: sort == j ? range : t[j].range))
            }
            j = expressionEnd(from: j) + 1
        }
    }

    /// `record[key]`, `record.encryptedValues[key]`, `record.object(forKey:)`, `value(forKey:)`,
    /// `setObject(_:forKey:)`, `setValue(_:forKey:)`, each with `?` or `!` after the record or not.
    private mutating func fieldAccess(on i: Int, recordType: String?) {
        var j = i + 1
        func skipUnwrap() { while j < t.count, t[j].isOperator("?") || t[j].isOperator("!"), !t[j].hasSpaceBefore { j += 1 } }
        skipUnwrap()
        var encrypted = false
        if punct(j, "."), word(j + 1, "encryptedValues") {
            encrypted = true
            j += 2
            skipUnwrap()
        }
        if punct(j, "["), !t[j].hasSpaceBefore, let close = closing[j] {
            var key: (String, SourceRange, Int)?
            if !encrypted, let (name, range, isEncrypted) = subscriptKey(from: j + 1, to: close) {
                key = (name, range, close)
                encrypted = isEncrypted
            } else {
                key = resolve(at: j + 1)
            }
            guard let (key, range, end) = key, end == close else { return }
            var assigned: AppCode.AssignedLiteral?
            if close + 2 < t.count, t[close + 1].isOperator("=") { assigned = literal(at: close + 2, endingAt: nil) }
            code.fieldAccesses.append(
                .init(recordType: recordType, key: .init(name: key, range: range), isEncrypted: encrypted, assigned: assigned))
            return
        }
        guard !encrypted, punct(j, ".") else { return }
        keyMethodCall(j, recordType: recordType)
    }

    /// A call of a `CKRecord` method that takes a key (`Self.keyMethods`), `.object(forKey: k)`,
    /// `.setValue(v, forKey: k)` …, whose name is at `j + 1` (after its `.`, or alone: on `self`).
    private mutating func keyMethodCall(_ j: Int, recordType: String?) {
        guard j + 2 < t.count, punct(j + 2, "("), let close = closing[j + 2] else { return }
        switch t[j + 1].text {
        case "object", "value":
            guard word(j + 3, "forKey"), punct(j + 4, ":"), let (key, range, end) = resolve(at: j + 5), end == close else { return }
            code.fieldAccesses.append(.init(recordType: recordType, key: .init(name: key, range: range), isEncrypted: false, assigned: nil))
        case "setObject", "setValue":
            let valueEnd = expressionEnd(from: j + 3)
            guard punct(valueEnd, ","), word(valueEnd + 1, "forKey"), punct(valueEnd + 2, ":"),
                let (key, range, end) = resolve(at: valueEnd + 3),
                end == close
            else { return }
            let assigned = literal(at: j + 3, endingAt: valueEnd)
            code.fieldAccesses.append(
                .init(recordType: recordType, key: .init(name: key, range: range), isEncrypted: false, assigned: assigned))
        default: break
        }
    }

    /// `Keys.name` or `.name` between a record's `[` and `]`, a case of an enum an extension's
    /// key subscript takes (`SwiftConstants.subscriptKey`).
    private func subscriptKey(from k: Int, to close: Int) -> (String, SourceRange, isEncrypted: Bool)? {
        let parts = (k..<close).map { t[$0] }
        let found: (key: String, isEncrypted: Bool)?
        if parts.count == 2, parts[0].isPunctuation("."), parts[1].kind == .identifier {
            found = constants.subscriptKey(enumName: nil, caseName: parts[1].text, file: file)
        } else if parts.count >= 3, parts.count % 2 == 1,
            parts.indices.allSatisfy({ $0 % 2 == 0 ? parts[$0].kind == .identifier : parts[$0].isPunctuation(".") })
        {
            found = constants.subscriptKey(enumName: parts[parts.count - 3].text, caseName: parts[parts.count - 1].text, file: file)
        } else {
            found = nil
        }
        return found.map { ($0.key, t[k].range.union(t[close - 1].range), $0.isEncrypted) }
    }

    /// A literal value alone at `k` (up to `end`, or to the end of the statement), or a CloudKit
    /// value made there or by a local `let` of this name (`madeValue`).
    private func literal(at k: Int, endingAt end: Int?) -> AppCode.AssignedLiteral? {
        guard k < t.count else { return nil }
        let valueEnd = end ?? expressionEnd(from: k)
        guard end != nil || SwiftConstants.endsStatement(t, at: valueEnd) else { return nil }
        if valueEnd > k + 1 {
            return madeValue(at: k, end: valueEnd).map { .init(kind: $0, range: t[k].range.union(t[valueEnd - 1].range)) }
        }
        guard valueEnd == k + 1 else { return nil }
        let kind: AppCode.AssignedLiteral.Kind
        switch t[k].kind {
        case .string where SwiftConstants.literal(t[k]) != nil: kind = .string
        case .integer: kind = .integer
        case .float: kind = .float
        case .keyword where t[k].text == "true" || t[k].text == "false": kind = .bool
        case .identifier:
            guard case .value(let made)? = lookup(t[k].text) else { return nil }
            kind = made
        default: return nil
        }
        return .init(kind: kind, range: t[k].range)
    }

    // MARK: Values CloudKit hands over

    /// `database.fetch(withRecordID: id) { record, error in … }` and `database.perform(query,
    /// inZoneWith: nil) { records, error in … }` (the closure trailing or as `completionHandler:`):
    /// `CKDatabase` hands the first parameter a `CKRecord?` or a `[CKRecord]?` (Apple,
    /// `fetch(withRecordID:completionHandler:)`, `perform(_:inZoneWith:completionHandler:)`).
    /// A record, query or subscription given to a database of a known `container` (`save(record)`,
    /// `records(matching: query)`, `add(operation)`) is that container's.
    private mutating func databaseCall(after i: Int, on container: AppCode.Container?) {
        guard punct(i + 1, "."), i + 3 < t.count, punct(i + 3, "("), let close = closing[i + 3] else { return }
        if let container {
            for call in arguments(i + 3).flatMap({ carriedCalls($0.start, $0.end) }) { callContainers[call, default: []].insert(container) }
        }
        let handed: Binding
        switch t[i + 2].text {
        case "fetch" where word(i + 4, "withRecordID"): handed = .record(nil)
        case "perform" where (i + 4..<close).contains(where: { word($0, "inZoneWith") && punct($0 + 1, ":") }): handed = .records
        default: return
        }
        if punct(close + 1, "{") {
            typedClosures[close + 1] = [handed, .other]
        } else if let label = (i + 4..<close).first(where: { word($0, "completionHandler") && punct($0 + 1, ":") }), punct(label + 2, "{"),
            closing[label + 2] == close - 1
        {
            typedClosures[label + 2] = [handed, .other]
        }
    }

    /// `operation.recordMatchedBlock = { recordID, result in … }`: what CloudKit hands each parameter.
    private mutating func operationCallback(after i: Int) {
        guard punct(i + 1, "."), i + 4 < t.count, let types = Self.operationCallbacks[t[i + 2].text], t[i + 3].isOperator("="),
            punct(i + 4, "{")
        else { return }
        typedClosures[i + 4] = types
    }

    /// A value CloudKit hands over, from `start` to `end`: `try await database.record(for: id)`
    /// (a record), `try result.get()` (a `Result`'s record), `container.privateCloudDatabase`,
    /// `CKQueryOperation(query: q)`.
    private func handedOver(_ start: Int, _ end: Int) -> Binding? {
        var k = start
        while k < end,
            t[k].isKeyword("try") || t[k].isKeyword("await") || (k > start && t[k - 1].isKeyword("try") && t[k].kind == .operator)
        {
            k += 1
        }
        guard k < end else { return nil }
        if Self.databases.contains(t[end - 1].text), end - 2 > k, punct(end - 2, ".") { return .database(container(k, end - 2)) }
        if t[k].text.hasPrefix("CK"), t[k].text.hasSuffix("Operation"), punct(k + 1, "("), closing[k + 1] == end - 1 { return .operation }
        guard punct(end - 1, ")"), let open = (k..<end).first(where: { punct($0, "(") && closing[$0] == end - 1 }), open - 2 > k,
            punct(open - 2, ".")
        else { return nil }
        switch t[open - 1].text {
        case "record" where word(open + 1, "for") && punct(open + 2, ":") && isDatabase(k, open - 2): return .record(nil)
        case "get" where open + 1 == end - 1 && open - 2 == k + 1 && lookup(t[k].text) == .recordResult: return .record(nil)
        default: return nil
        }
    }

    /// Whether `start..<end` is a `CKDatabase`: a name bound to one (or `self.name`), or a container's database.
    private func isDatabase(_ start: Int, _ end: Int) -> Bool {
        if Self.databases.contains(t[end - 1].text), end - 2 > start, punct(end - 2, ".") { return true }
        let name = end - start == 1 ? start : end - start == 3 && t[start].isKeyword("self") && punct(start + 1, ".") ? start + 2 : nil
        guard let name, t[name].kind == .identifier, case .database? = lookup(t[name].text) else { return false }
        return true
    }

    /// A case of a `switch` over a record's `Result`: `case .success(let record):` or `case let
    /// .success(record):` declares the record until the next case.
    private mutating func resultCase(at i: Int) {
        let last = resultSwitches.count - 1
        if let name = resultSwitches[last].declared { scopes[scopes.count - 1].names[name] = .other }
        resultSwitches[last].declared = nil
        var j = i + 1
        let hoisted = t[i].isKeyword("case") && j < t.count && t[j].isKeyword("let")
        if hoisted { j += 1 }
        guard t[i].isKeyword("case"), punct(j, "."), word(j + 1, "success"), punct(j + 2, "("), let close = closing[j + 2] else { return }
        let inner = hoisted ? j + 3 : j + 4
        guard inner + 1 == close, t[inner].kind == .identifier, hoisted || t[j + 3].isKeyword("let") else { return }
        if hoisted { scopes[scopes.count - 1].names[t[inner].text] = .record(nil) } else { patternBindings[inner] = .record(nil) }
        resultSwitches[last].declared = t[inner].text
    }

    /// Finds each `static let name = NSPredicate(…)` (or `: NSPredicate =`) in a type's body.
    private mutating func collectStaticPredicates() {
        var types: [(end: Int, path: [String])] = []
        for k in t.indices {
            while let last = types.last, k > last.end { types.removeLast() }
            if Self.typeKeywords.contains(t[k].text), k + 1 < t.count, t[k + 1].kind == .identifier,
                let body = nextBrace(after: k + 1), let end = closing[body]
            {
                var path = [t[k + 1].text]
                var j = k + 2
                while punct(j, "."), j + 1 < t.count, t[j + 1].kind == .identifier {
                    path.append(t[j + 1].text)
                    j += 2
                }
                types.append((end, t[k].text == "extension" ? path : (types.last?.path ?? []) + path))
            } else if t[k].isKeyword("static"), k + 3 < t.count, t[k + 1].isKeyword("let"), t[k + 2].kind == .identifier,
                let path = types.last?.path
            {
                var j = k + 3
                if punct(j, ":"), word(j + 1, "NSPredicate") { j += 2 }
                guard j + 2 < t.count, t[j].isOperator("="), word(j + 1, "NSPredicate"), punct(j + 2, "("), let close = closing[j + 2],
                    expressionEnd(from: j + 1) == close + 1
                else { continue }
                let key = (path + [t[k + 2].text]).joined(separator: ".")
                staticPredicates[key] = staticPredicates[key] == nil ? j + 1 : -1
            }
        }
    }

    /// `Self.name`, `Type.name` or a bare `name` in the type's body, ending the argument: the
    /// `NSPredicate(…)` call of a `static let`, looked up from the innermost type outwards.
    private func staticPredicate(at k: Int) -> Int? {
        guard k < t.count, t[k].kind == .identifier || t[k].isKeyword("Self") else { return nil }
        var parts = [t[k].text]
        var j = k + 1
        while punct(j, "."), j + 1 < t.count, t[j + 1].kind == .identifier {
            parts.append(t[j + 1].text)
            j += 2
        }
        guard punct(j, ")") || punct(j, ",") else { return nil }
        let type = currentType
        if parts[0] == "Self" {
            parts.removeFirst()
            return staticPredicates[(type + parts).joined(separator: ".")].flatMap { $0 >= 0 ? $0 : nil }
        }
        if parts.count == 1, lookup(parts[0]) != nil { return nil }  // a local or parameter of that name
        for n in stride(from: type.count, through: 0, by: -1) {
            if let call = staticPredicates[(type.prefix(n) + parts).joined(separator: ".")] { return call >= 0 ? call : nil }
        }
        return nil
    }

    // MARK: Names

    /// The string a record type or key expression at `k` stands for, where it is written, and
    /// the token after it (which must end the argument: `,`, `)`, `]` or `:`): a literal, a
    /// `.member` of `String`, `Type.member`, `Self.member`, `Enum.case.rawValue`, or a name of
    /// this scope, this type's statics or the file's top level declared with a literal.
    private func resolve(at k: Int) -> (String, SourceRange, Int)? {
        guard k < t.count else { return nil }
        var result: (String, SourceRange, Int)?
        if let value = SwiftConstants.literal(t[k]) {
            result = (value, t[k].range, k + 1)
        } else if punct(k, "."), k + 1 < t.count, t[k + 1].kind == .identifier {
            result = constants.stringMember(t[k + 1].text).map { ($0, t[k].range.union(t[k + 1].range), k + 2) }
        } else if t[k].kind == .identifier || t[k].isKeyword("Self") {
            var parts = [t[k].text]
            var j = k + 1
            while punct(j, "."), j + 1 < t.count, t[j + 1].kind == .identifier {
                parts.append(t[j + 1].text)
                j += 2
            }
            let range = t[k].range.union(t[j - 1].range)
            var value: String?
            if parts[0] == "Self" {
                guard !currentType.isEmpty else { return nil }
                parts.replaceSubrange(0...0, with: currentType)
            }
            if parts.count >= 3, parts.last == "rawValue" {
                value = constants.rawValue(parts[parts.count - 3], parts[parts.count - 2])
            } else if parts.count >= 2, parts[0].first?.isUppercase == true {
                value = constants.member(parts[parts.count - 1], of: Array(parts.dropLast()))
            } else if parts.count == 1 {
                switch lookup(parts[0]) {
                case .string(let s)?: value = s
                case nil: value = constants.member(parts[0], of: currentType) ?? constants.global(parts[0])
                default: value = nil
                }
            }
            result = value.map { ($0, range, j) }
        }
        guard let result else { return nil }
        let next = result.2
        let endsArgument =
            punct(next, ",") || punct(next, ")") || punct(next, "]") || punct(next, ":") || punct(next, "{")
            || (next < t.count && (t[next].isOperator("&&") || t[next].isKeyword("else"))) || SwiftConstants.endsStatement(t, at: next)
        return endsArgument ? result : nil
    }
}
