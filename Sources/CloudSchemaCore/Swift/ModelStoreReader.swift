/// Which models the app stores without CloudKit, read from the SwiftData setup in the Swift files
/// of the run, the way `SyncEngineReader` reads `SyncEngine(for:tables:)`:
///
///     ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)   // a local store
///     ModelConfiguration(schema: schema, cloudKitDatabase: flag ? .private("iCloud.x") : .none)  // syncs
///     ModelContainer(for: Recipe.self, Ingredient.self)                                  // syncs
///     .modelContainer(for: [Note.self, Tag.self])                                        // syncs
///
/// A configuration's `cloudKitDatabase` defaults to `.automatic`, which mirrors when the app has
/// the CloudKit entitlement ("ModelConfiguration.CloudKitDatabase"); only a plain `.none` is no
/// CloudKit, so a runtime choice counts as syncing. A store's models are a `Schema([A.self, ...])`,
/// `for: A.self, ...`, or a name the same file binds to one (`let schema = Schema([...])`); a
/// `ModelContainer(..., configurations:)` stores its models in those configurations.
///
/// Evidence only, never a guess: a model is local when a `.none` store lists it and no syncing
/// store does, and every syncing store's models are known (one that is not could hold any model);
/// when every store's models are known, a model in none of them is never opened, so not mirrored.
enum ModelStoreReader {
    struct Store {
        /// nil: models the reader cannot list (`Schema(versionedSchema:)`, a schema built elsewhere).
        var models: Set<String>?
        var isLocal: Bool
        var range: SourceRange
    }

    /// The stores one file opens.
    static func stores(_ t: [SwiftToken]) -> [Store] {
        var schemas: [String: Set<String>] = [:]  // `let schema = Schema([...])`, `let schema: Schema = ...`
        for i in t.indices where t[i].isWord("Schema") && i >= 2 && t[i - 1].isOperator("=") {
            let name = i >= 4 && t[i - 3].isPunctuation(":") ? i - 4 : i - 2
            guard t[name].kind == .identifier, let models = modelList(i..<callEnd(i, t), t, schemas: [:]) else { continue }
            schemas[t[name].text] = models
        }
        var stores: [Store] = []
        for i in t.indices where t[i].kind == .identifier && i + 1 < t.count && t[i + 1].isPunctuation("(") {
            let isModifier = t[i].text == "modelContainer" && i > 0 && t[i - 1].isPunctuation(".")
            guard t[i].text == "ModelConfiguration" || t[i].text == "ModelContainer" || isModifier,
                let (arguments, close) = arguments(from: i + 1, t)
            else { continue }
            var listed: Set<String> = []
            var labels: Set<String> = []
            var isListed = true
            var database: Range<Int>?
            var label: String?
            for argument in arguments {
                var value = argument
                if argument.count > 2, t[argument.lowerBound + 1].isPunctuation(":") {
                    label = t[argument.lowerBound].text
                    value = (argument.lowerBound + 2)..<argument.upperBound
                }
                guard let label else { continue }
                labels.insert(label)
                switch label {
                case "schema", "for":  // `for:` is variadic: the unlabeled arguments after it are in its list
                    if let models = modelList(value, t, schemas: schemas) { listed.formUnion(models) } else { isListed = false }
                case "cloudKitDatabase": database = value
                default: break
                }
            }
            // A container with configurations stores its models in them; `.modelContainer(container)` opens none itself.
            if t[i].text != "ModelConfiguration" && (!labels.contains("for") || labels.contains("configurations")) { continue }
            let hasList = labels.contains("schema") || labels.contains("for")
            let isLocal =
                database.map { $0.count == 2 && t[$0.lowerBound].isPunctuation(".") && t[$0.lowerBound + 1].isWord("none") } ?? false
            stores.append(Store(models: hasList && isListed ? listed : nil, isLocal: isLocal, range: t[i].range.union(t[close].range)))
        }
        return stores
    }

    /// The local models the stores of every file show, among `models` (the models read).
    static func localModels(_ stores: [Store], models: [String]) -> [LocalModels] {
        let syncing = stores.filter { !$0.isLocal }
        guard !stores.isEmpty, syncing.allSatisfy({ $0.models != nil }) else { return [] }
        let synced = syncing.reduce(into: Set<String>()) { $0.formUnion($1.models ?? []) }
        var result: [LocalModels] = []
        var stored = synced
        for store in stores where store.isLocal {
            guard let listed = store.models else { continue }
            stored.formUnion(listed)
            let local = models.filter { listed.contains($0) && !synced.contains($0) }
            if !local.isEmpty {
                result.append(LocalModels(models: local, reason: "stored with cloudKitDatabase: .none", range: store.range))
            }
        }
        if stores.allSatisfy({ $0.models != nil }) {
            let unused = models.filter { !stored.contains($0) }
            if !unused.isEmpty {
                result.append(
                    LocalModels(
                        models: unused, reason: "in no schema of the ModelContainer and ModelConfiguration calls read, so never opened",
                        range: stores[0].range))
            }
        }
        return result
    }

    /// `A.self`, `[A.self, B.self]`, `Schema([A.self, ...])` or `Schema(A.self, ...)`, or a name the
    /// file binds to a Schema: the models' names; nil for anything else.
    private static func modelList(_ range: Range<Int>, _ t: [SwiftToken], schemas: [String: Set<String>]) -> Set<String>? {
        guard let first = range.first, let last = range.last else { return nil }
        if range.count == 1, t[first].kind == .identifier { return schemas[t[first].text] }
        if t[first].isWord("Schema"), range.count > 2, t[first + 1].isPunctuation("("),
            let (arguments, close) = arguments(from: first + 1, t),
            close == last
        {
            // The unlabeled arguments (`version:` is not a model).
            let types = arguments.filter { !($0.count > 2 && t[$0.lowerBound + 1].isPunctuation(":")) }
            guard !types.isEmpty else { return nil }
            var names: Set<String> = []
            for type in types {
                guard let models = modelList(type, t, schemas: [:]) else { return nil }
                names.formUnion(models)
            }
            return names
        }
        if t[first].isPunctuation("["), t[last].isPunctuation("]"), let (elements, close) = arguments(from: first, t, closer: "]"),
            close == last
        {
            var names: Set<String> = []
            for element in elements {
                guard let name = typeName(element, t) else { return nil }
                names.insert(name)
            }
            return names
        }
        return typeName(range, t).map { [$0] }
    }

    /// `Name.self` or `Outer.Name.self`: `Name`.
    private static func typeName(_ range: Range<Int>, _ t: [SwiftToken]) -> String? {
        guard range.count >= 3, t[range.upperBound - 1].isKeyword("self"), t[range.upperBound - 2].isPunctuation("."),
            t[range.upperBound - 3].kind == .identifier
        else { return nil }
        return t[range.upperBound - 3].text
    }

    /// The index after the call that starts at `i` (`Schema(...)`), or `i + 1`.
    private static func callEnd(_ i: Int, _ t: [SwiftToken]) -> Int {
        guard i + 1 < t.count, t[i + 1].isPunctuation("("), let (_, close) = arguments(from: i + 1, t) else { return i + 1 }
        return close + 1
    }

    /// The arguments between the bracket at `open` and the `closer` that closes it, split at
    /// top-level commas, and the closer's index.
    private static func arguments(from open: Int, _ t: [SwiftToken], closer: String = ")") -> ([Range<Int>], Int)? {
        var arguments: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        for k in (open + 1)..<t.count where t[k].kind == .punctuation {
            switch t[k].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                if depth == 0 {
                    if start < k { arguments.append(start..<k) }
                    return t[k].text == closer ? (arguments, k) : nil
                }
                depth -= 1
            case "," where depth == 0:
                if start < k { arguments.append(start..<k) }
                start = k + 1
            default: break
            }
        }
        return nil
    }
}
