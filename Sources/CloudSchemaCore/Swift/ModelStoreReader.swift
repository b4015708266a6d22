/// Which models the app stores without CloudKit, read from the SwiftData setup in the Swift files
/// of the run, the way `SyncEngineReader` reads `SyncEngine(for:tables:)`:
///
///     ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)   // a local store
///     ModelConfiguration(schema: schema, cloudKitDatabase: flag ? .private("iCloud.x") : .none)  // syncs
///     ModelContainer(for: Recipe.self, Ingredient.self)                                  // syncs
///     .modelContainer(for: [Note.self, Tag.self])                                        // syncs
///
/// A configuration's `cloudKitDatabase` defaults to `.automatic`, which "uses the first container
/// in the entitlements" (sync-compat-rules.md §1.1): it is local only when the entitlements files
/// read enable no CloudKit (`Entitlements`). A plain `.none` "disables managed CloudKit sync"
/// (Apple, `ModelConfiguration.CloudKitDatabase.none`); `.private("iCloud.x")` and a runtime choice
/// count as syncing. A store's models are a `Schema([A.self, ...])`,
/// `for: A.self, ...`, or a name the same file binds to one (`let schema = Schema([...])`, a type's
/// `static var schema: Schema { Schema(models) }` named `Library.schema` or `Self.schema`); a
/// `ModelContainer(for:configurations:)` stores its models in those configurations, and gives them
/// to a configuration without a schema (written inline, or a name the same file binds to one:
/// `let c = ModelConfiguration(…)`, `let c: ModelConfiguration = .init(…)`, or each branch of
/// `let c = if … { ModelConfiguration(…) } else { … }`, a runtime choice among them).
/// A store holds the models its listed ones relate to as well (`localModels(related:)`).
///
/// Evidence only, never a guess: a model is local when a `.none` store lists it and no syncing
/// store does, and every syncing store's models are known (one that is not could hold any model,
/// but not one the files name nowhere outside its declaration: that one is not known to be stored);
/// when every store's models are known, a model in none of them is never opened, so not mirrored;
/// when no store read may sync, no model is mirrored.
enum ModelStoreReader {
    struct Store {
        /// nil: models the reader cannot list (`Schema(versionedSchema:)`, a schema built elsewhere).
        var models: Set<String>?
        var database: Database
        var range: SourceRange
    }

    enum Database {
        /// `cloudKitDatabase: .none`.
        case none
        /// `.automatic`, written or by default: it mirrors when the entitlements enable CloudKit.
        case automatic
        /// `.private("iCloud.x")`, or a runtime choice: it syncs when the app chooses to.
        case chosen
        /// A container's configuration the reader cannot see (a parameter, one built elsewhere):
        /// whether it syncs is not known.
        case unread
    }

    /// The stores one file opens. Linear: each bracket's partner is found once, and an argument
    /// list is split stepping over the brackets inside it.
    static func stores(_ tokens: [SwiftToken]) -> [Store] {
        // A test's containers (a file that imports XCTest or Testing) are its own, in memory or
        // in a temporary file, never the app's store on a device: as previews' are, not read.
        for i in tokens.indices.dropLast() where tokens[i].isKeyword("import") && Self.testFrameworks.contains(tokens[i + 1].text) {
            return []
        }
        let t = Tokens(tokens)
        let schemas = t.boundSchemas()
        var stores: [Store] = []
        var configurations: [Int: Int] = [:]  // an inline configuration's store, by the index of its first token
        var bound: [String: [Int]] = [:]  // the stores of the configurations a name is bound to
        var containers: [(models: Set<String>?, configurations: [Range<Int>], range: SourceRange)] = []
        var inline: Set<Int> = []  // `.init(…)` in a container's `configurations:`, a ModelConfiguration
        let choices = t.boundChoices()
        var choice = 0
        var choiceBound: Int?  // the choice whose branches `bound` holds for its name
        let previews = t.previews()
        var preview = 0
        for i in tokens.indices where tokens[i].kind == .identifier || tokens[i].isKeyword("init") {
            while preview < previews.count, previews[preview].upperBound <= i { preview += 1 }
            if preview < previews.count, previews[preview].contains(i) { continue }  // Xcode's previews, not the app's stores
            guard let (type, start, open) = t.call(at: i, inline: inline), let (arguments, close) = t.arguments(open) else { continue }
            var listed: Set<String> = []
            var labels: Set<String> = []
            var isListed = true
            var database: Range<Int>?
            var label: String?
            var configured: [Range<Int>] = []
            for argument in arguments {
                var value = argument
                if argument.count > 2, tokens[argument.lowerBound + 1].isPunctuation(":") {
                    label = tokens[argument.lowerBound].text
                    value = (argument.lowerBound + 2)..<argument.upperBound
                }
                guard let label else { continue }
                labels.insert(label)
                switch label {
                case "schema", "for":  // `for:` is variadic: the unlabeled arguments after it are in its list
                    let models = t.schemaModels(value, bound: schemas) ?? t.typeList(value) ?? t.resolve(value, in: schemas)
                    if let models { listed.formUnion(models) } else { isListed = false }
                case "cloudKitDatabase": database = value
                case "configurations":
                    configured.append(value)
                    inline.formUnion(t.implicitInits(value))
                default: break
                }
            }
            let hasList = labels.contains("schema") || labels.contains("for")
            let range = tokens[start].range.union(tokens[close].range)
            if type != "ModelConfiguration" {
                // A container with configurations stores its models in them; `.modelContainer(container)` opens none itself.
                if !configured.isEmpty { containers.append((hasList && isListed ? listed : nil, configured, range)) }
                if !labels.contains("for") || !configured.isEmpty { continue }
            } else {  // given to a container by name or inline; one without a schema holds the container's models
                configurations[start] = stores.count
                if let name = t.boundName(before: start) { bound[name] = [stores.count] }  // the latest binding of the name
                while choice < choices.count, choices[choice].range.upperBound <= start { choice += 1 }
                if choice < choices.count, choices[choice].range.contains(start) {  // each branch of the choice
                    let name = choices[choice].name
                    bound[name] = (choiceBound == choice ? bound[name] ?? [] : []) + [stores.count]
                    choiceBound = choice
                }
            }
            let written = database.flatMap { $0.count == 2 && tokens[$0.lowerBound].isPunctuation(".") ? tokens[$0.lowerBound + 1] : nil }
            let kind: Database =
                database == nil || written?.isWord("automatic") == true ? .automatic : written?.isWord("none") == true ? .none : .chosen
            stores.append(Store(models: hasList && isListed ? listed : nil, database: kind, range: range))
        }
        // A configuration without a schema holds its container's models: `configurations: config`, `[a, b]` or inline.
        for (models, values, range) in containers {
            var everyOneRead = true
            for value in values {
                for element in t.elements(value) {
                    let named =
                        element.count == 1 ? bound[tokens[element.lowerBound].text] : configurations[element.lowerBound].map { [$0] }
                    for store in named ?? [] where stores[store].models == nil { stores[store].models = models }
                    if named == nil { everyOneRead = false }
                }
            }
            // A configuration not read (a parameter, one built elsewhere) may sync, or not: its models are not known to.
            if !everyOneRead { stores.append(Store(models: models, database: .unread, range: range)) }
        }
        return stores
    }

    /// The modules only test code imports.
    private static let testFrameworks: Set<String> = ["XCTest", "Testing"]

    /// The local models the stores of every file show, among `models` (the models read, with the
    /// range of each name), and the models whose sync is not known (`isCertain` false): an `.automatic`
    /// store decided by entitlements that could not be read (`cloudKit`, for the store's file).
    /// `app`: the Xcode project a file is in, if any. A store whose models are not listed holds
    /// those of its app (in its project's folder, or in no project's), not another app's.
    /// `related`: the models each model's relationships hold. A schema holds the models its listed
    /// ones relate to, as SwiftData's `Schema` follows relationships (Apple's SampleTrips opens
    /// `.modelContainer(for: Trip.self)` and stores Trip's BucketListItem and LivingAccommodation:
    /// WWDC25 session 291, "SwiftData: Dive into inheritance and schema migration", at 1:18).
    /// `named`: the models the files name outside their own declarations (asked only when a
    /// store that syncs does not list its models).
    static func localModels(
        _ stores: [Store], models: [(name: String, range: SourceRange?)], related: [String: Set<String>] = [:],
        cloudKit: (String?) -> Entitlements.CloudKit = { _ in .enabled }, app: (String?) -> String? = { _ in nil },
        named: () -> Set<String> = { [] }
    ) -> (local: [LocalModels], syncedAnyway: [SyncedLocalModels]) {
        func withRelated(_ listed: Set<String>) -> Set<String> {
            var all = listed
            var pending = Array(listed)
            while let name = pending.popLast() {
                for target in related[name] ?? [] where all.insert(target).inserted { pending.append(target) }
            }
            return all
        }
        let unlisted = stores.map { $0.models == nil }  // before a store of an app holds that app's models
        let stores = stores.map { store in
            var scoped = store
            guard store.models == nil, let storeApp = app(store.range.file) else {
                scoped.models = store.models.map(withRelated)
                return scoped
            }
            scoped.models = Set(models.filter { app($0.range?.file).map { $0 == storeApp } ?? true }.map(\.name))
            return scoped
        }
        let automatic = "stored with cloudKitDatabase .automatic (the default), which syncs when the app's entitlements enable CloudKit"
        /// nil: the store syncs; otherwise why it is local, or may be (not certain: checked, its errors warnings).
        func state(_ database: Database, file: String?) -> (reason: String, isCertain: Bool)? {
            switch database {
            case .none: ("stored with cloudKitDatabase: .none", true)
            case .chosen: nil
            case .unread:
                ("stored by a ModelContainer whose configurations are not read (a parameter, or built elsewhere)", false)
            case .automatic:
                switch cloudKit(file) {
                case .enabled: nil
                case .disabled(let why): ("\(automatic), and \(why)", true)
                case .unknown(let why): ("\(automatic), and \(why)", false)
                }
            }
        }
        // No setup read: each model's file says what a default store of its would do.
        guard !stores.isEmpty else {
            var groups: [LocalModels] = []
            for (name, range) in models {
                guard let (why, isCertain) = state(.automatic, file: range?.file) else { continue }
                let reason = "in no ModelContainer or ModelConfiguration call read, so " + why
                if let i = groups.firstIndex(where: { $0.reason == reason }) {
                    groups[i].models.append(name)
                } else {
                    groups.append(LocalModels(models: [name], reason: reason, range: range, isCertain: isCertain))
                }
            }
            return (groups, [])
        }
        let names = models.map(\.name)
        let states = stores.map { state($0.database, file: $0.range.file) }
        func reason(_ index: Int) -> String? { states[index]?.isCertain == true ? states[index]?.reason : nil }
        let syncing = stores.indices.filter { reason($0) == nil }
        var result: [LocalModels] = []
        var syncedAnyway: [SyncedLocalModels] = []
        if syncing.allSatisfy({ stores[$0].models != nil }) {
            let synced = syncing.reduce(into: Set<String>()) { $0.formUnion(stores[$1].models ?? []) }
            var stored = synced
            for (index, store) in stores.enumerated() {
                guard let reason = reason(index), let listed = store.models else { continue }
                stored.formUnion(listed)
                let local = names.filter { listed.contains($0) && !synced.contains($0) }
                if !local.isEmpty { result.append(LocalModels(models: local, reason: reason, range: store.range)) }
                // Kept local here, and synced by each store certain to sync that lists them too.
                for other in syncing where states[other] == nil {
                    let both = names.filter { listed.contains($0) && stores[other].models?.contains($0) == true }
                    if !both.isEmpty {
                        syncedAnyway.append(SyncedLocalModels(models: both, syncing: stores[other].range, local: store.range))
                    }
                }
            }
            // No store read may sync: a model none of them lists is in one whose schema is built elsewhere, local all the same.
            if syncing.isEmpty, let unlisted = stores.indices.first(where: { stores[$0].models == nil }), let reason = reason(unlisted) {
                let rest = names.filter { !stored.contains($0) }
                if !rest.isEmpty {
                    result.append(LocalModels(models: rest, reason: reason + "; no store read syncs", range: stores[unlisted].range))
                }
            } else if stores.allSatisfy({ $0.models != nil }) {
                let unused = names.filter { !stored.contains($0) }
                if !unused.isEmpty {
                    result.append(
                        LocalModels(
                            models: unused, reason: "in no schema of the ModelContainer and ModelConfiguration calls read, so never opened",
                            range: stores[0].range))
                }
            }
        }
        // A model that only stores of unknown sync may hold: checked, but not known to sync.
        let sure = syncing.filter { states[$0] == nil }
        if let open = sure.first(where: { unlisted[$0] }) {
            // A syncing store whose models are not listed (a schema passed in as a parameter) could
            // hold any model, but an app names the models it stores somewhere: a schema's list,
            // @Query, FetchDescriptor, a relationship. One named nowhere but in its own declaration
            // (Xcode's template Item, left behind) is not known to be stored: checked, as a warning.
            let listed = stores.indices.reduce(into: Set<String>()) { $0.formUnion(unlisted[$1] ? [] : stores[$1].models ?? []) }
            let alreadyLocal = Set(result.flatMap(\.models))
            let mentioned = named()
            let unnamed = names.filter { !mentioned.contains($0) && !listed.contains($0) && !alreadyLocal.contains($0) }
            if !unnamed.isEmpty {
                result.append(
                    LocalModels(
                        models: unnamed,
                        reason: """
                            named in no file read but in its own declaration (no schema list, @Query or relationship), \
                            and the store that syncs here takes models the reader cannot list
                            """,
                        range: stores[open].range, isCertain: false,
                        remedy: """
                            list the models where the container is made (Schema([...]) in its call or file) to make this \
                            an error, or remove the model if the app no longer stores it
                            """
                    ))
            }
        }
        guard sure.allSatisfy({ stores[$0].models != nil }) else { return (result, syncedAnyway) }
        var decided = sure.reduce(into: Set<String>()) { $0.formUnion(stores[$1].models ?? []) }
        for local in result { decided.formUnion(local.models) }
        for index in syncing {
            guard let why = states[index]?.reason else { continue }
            let listed = stores[index].models
            let unsure = names.filter { listed?.contains($0) ?? true && !decided.contains($0) }
            decided.formUnion(unsure)
            let remedy =
                stores[index].database == .unread
                ? "give the ModelContainer a ModelConfiguration written in its own call or file, with its cloudKitDatabase, to make this an error (or, if the store is local, list its models in cloudschema.json's swiftdata.localModels)"
                : nil
            if !unsure.isEmpty {
                result.append(LocalModels(models: unsure, reason: why, range: stores[index].range, isCertain: false, remedy: remedy))
            }
        }
        return (result, syncedAnyway)
    }

    /// A file's tokens with each bracket's partner.
    private struct Tokens {
        /// The bodies of `#Preview { … }` and of `PreviewProvider` types, in order: Xcode runs
        /// them to draw previews, the app never does, so their containers store nothing of its.
        func previews() -> [Range<Int>] {
            var bodies: [Range<Int>] = []
            var i = 0
            while i < tokens.count {
                let isPreview =
                    (tokens[i].kind == .pound && tokens[i].text == "Preview")
                    || (tokens[i].isWord("PreviewProvider") && i > 0 && tokens[i - 1].isPunctuation(":"))
                guard isPreview else {
                    i += 1
                    continue
                }
                var open = i + 1
                if tokens[i].kind == .pound {  // `#Preview("Name", traits: …) { … }`
                    if open < tokens.count, tokens[open].isPunctuation("("), let close = partner[open] { open = close + 1 }
                } else {  // `struct X_Previews: PreviewProvider, … { … }`
                    while open < tokens.count, open - i < 16, !tokens[open].isPunctuation("{") { open += 1 }
                }
                guard open < tokens.count, tokens[open].isPunctuation("{"), let close = partner[open] else {
                    i += 1
                    continue
                }
                bodies.append(open..<(close + 1))
                i = close + 1
            }
            return bodies
        }

        let tokens: [SwiftToken]
        /// For each `(`, `[` or `{`, the index of the bracket that closes it (unbalanced: none).
        let partner: [Int: Int]
        /// Each type declared, with its body.
        private let types: [(name: String, body: Range<Int>)]

        init(_ tokens: [SwiftToken]) {
            self.tokens = tokens
            var partner: [Int: Int] = [:]
            var open: [Int] = []
            for (k, token) in tokens.enumerated() where token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": open.append(k)
                case ")", "]", "}": if let start = open.popLast() { partner[start] = k }
                default: break
                }
            }
            self.partner = partner
            types = Self.typeBodies(tokens, partner)
        }

        /// The arguments of the `(` at `open`, split at its top-level commas, and its `)`.
        func arguments(_ open: Int) -> ([Range<Int>], Int)? {
            guard open < tokens.count, tokens[open].isPunctuation("("), let close = partner[open] else { return nil }
            return (split(open + 1, close), close)
        }

        /// The ranges between top-level commas in `from..<to`, empty ones left out.
        func split(_ from: Int, _ to: Int) -> [Range<Int>] {
            var parts: [Range<Int>] = []
            var start = from
            var k = from
            while k < to {
                if let close = partner[k] {
                    k = close + 1
                    continue
                }
                if tokens[k].isPunctuation(",") {
                    if start < k { parts.append(start..<k) }
                    start = k + 1
                }
                k += 1
            }
            if start < to { parts.append(start..<to) }
            return parts
        }

        /// The call of a `ModelConfiguration` or `ModelContainer` at `i`, its type, first token and `(`:
        /// `ModelConfiguration(…)`, `ModelConfiguration.init(…)`, `.modelContainer(…)`, and `.init(…)`
        /// where the type is written before it (`let c: ModelConfiguration = .init(…)`, `= try .init(…)`)
        /// or is a container's `configurations:` (`inline`).
        func call(at i: Int, inline: Set<Int>) -> (type: String, start: Int, open: Int)? {
            guard i + 1 < tokens.count else { return nil }
            if tokens[i].isKeyword("init") {
                guard i >= 1, tokens[i - 1].isPunctuation("."), tokens[i + 1].isPunctuation("(") else { return nil }
                if inline.contains(i) { return ("ModelConfiguration", i - 1, i + 1) }
                var k = i - 2  // `=`, or `try`, `try!`, `try?` after it
                if k >= 0, tokens[k].isOperator("!") || tokens[k].isOperator("?") { k -= 1 }
                if k >= 0, tokens[k].isKeyword("try") { k -= 1 }
                guard k >= 3, tokens[k].isOperator("="), tokens[k - 2].isPunctuation(":"),
                    tokens[k - 1].isWord("ModelConfiguration") || tokens[k - 1].isWord("ModelContainer")
                else { return nil }
                return (tokens[k - 1].text, i - 1, i + 1)
            }
            if tokens[i].text == "modelContainer", i > 0, tokens[i - 1].isPunctuation(".") { return ("ModelContainer", i, i + 1) }
            guard tokens[i].text == "ModelConfiguration" || tokens[i].text == "ModelContainer" else { return nil }
            if tokens[i + 1].isPunctuation("(") { return (tokens[i].text, i, i + 1) }
            guard i + 3 < tokens.count, tokens[i + 1].isPunctuation("."), tokens[i + 2].isKeyword("init"), tokens[i + 3].isPunctuation("(")
            else { return nil }
            return (tokens[i].text, i, i + 3)
        }

        /// The `.init(…)` elements of a `configurations:` value (`.init(…)` or `[.init(…), …]`): the index of each `init`.
        func implicitInits(_ value: Range<Int>) -> [Int] {
            elements(value).compactMap { element in
                element.count > 3 && tokens[element.lowerBound].isPunctuation(".") && tokens[element.lowerBound + 1].isKeyword("init")
                    ? element.lowerBound + 1 : nil
            }
        }

        /// An array literal's elements, or the value itself.
        func elements(_ value: Range<Int>) -> [Range<Int>] {
            tokens[value.lowerBound].isPunctuation("[") && partner[value.lowerBound] == value.upperBound - 1
                ? split(value.lowerBound + 1, value.upperBound - 1) : [value]
        }

        /// The name a value starting at `start` (after any `try`) is bound or assigned to: `let name = `,
        /// `let name: Type = `, `name = `.
        func boundName(before start: Int) -> String? {
            var equals = start - 1
            if equals >= 1, tokens[equals].isOperator("!") || tokens[equals].isOperator("?"), tokens[equals - 1].isKeyword("try") {
                equals -= 1
            }
            if equals >= 1, tokens[equals].isKeyword("try") { equals -= 1 }
            guard equals >= 1, tokens[equals].isOperator("=") else { return nil }
            var k = equals - 1  // back over a type annotation, `: Type?`
            while k > 2, equals - k < 8, tokens[k].kind == .identifier || tokens[k].isPunctuation(".") || tokens[k].isOperator("?") {
                k -= 1
            }
            if k >= 2, tokens[k].isPunctuation(":"), tokens[k - 1].kind == .identifier,
                tokens[k - 2].isKeyword("let") || tokens[k - 2].isKeyword("var")
            {
                return tokens[k - 1].text
            }
            return tokens[equals - 1].kind == .identifier ? tokens[equals - 1].text : nil
        }

        /// `let name = if … { … } else { … }` and `let name = switch … { … }`: the name, bound to the
        /// value of whichever branch runs, and the expression's tokens. In order, none inside another.
        func boundChoices() -> [(name: String, range: Range<Int>)] {
            var choices: [(name: String, range: Range<Int>)] = []
            var i = 0
            while i + 1 < tokens.count {
                defer { i += 1 }
                guard tokens[i].isKeyword("if") || tokens[i].isKeyword("switch"), let name = boundName(before: i) else { continue }
                var end = i
                var k = i
                while k < tokens.count {  // the first `{` after the condition or subject is its body
                    if tokens[k].isPunctuation("{") {
                        guard let close = partner[k] else { break }
                        end = close
                        // `else { … }` or `else if … { … }` continues an `if`.
                        guard tokens[i].isKeyword("if"), close + 1 < tokens.count, tokens[close + 1].isKeyword("else") else { break }
                        k = close + 2
                        continue
                    }
                    if let close = partner[k] { k = close }
                    k += 1
                }
                guard end > i else { break }  // no body after it: none after any later one either
                choices.append((name, i..<(end + 1)))
                i = end
            }
            return choices
        }

        /// `Schema([A.self, ...])`, `Schema(A.self, ...)` or `Schema(models)`, a list `bound` holds (a
        /// `version:` argument aside): the models' names.
        func schemaModels(_ range: Range<Int>, bound: [String: Set<String>] = [:]) -> Set<String>? {
            guard range.count > 2, tokens[range.lowerBound].isWord("Schema"), let (arguments, close) = self.arguments(range.lowerBound + 1),
                close == range.upperBound - 1
            else { return nil }
            let types = arguments.filter { !($0.count > 2 && tokens[$0.lowerBound + 1].isPunctuation(":")) }
            var names: Set<String> = []
            for type in types {
                guard let models = typeList(type) ?? resolve(type, in: bound) else { return nil }
                names.formUnion(models)
            }
            return names.isEmpty ? nil : names
        }

        /// The names the file binds to a schema or a list of models, each as written and, for a
        /// member of a type, as `Type.name`: `let schema = Schema([...])`, `let schema: Schema = …`,
        /// `static var schema: Schema { Schema(models) }`, `static let models: [any PersistentModel.Type] = [A.self]`,
        /// `static var models: [any PersistentModel.Type] { [A.self] }` (a body of that one value).
        func boundSchemas() -> [String: Set<String>] {
            var bound: [String: Set<String>] = [:]
            for isSchema in [false, true] {  // lists first: a schema may be built from one
                for i in tokens.indices.dropLast() {
                    let isValue = isSchema ? tokens[i].isWord("Schema") && tokens[i + 1].isPunctuation("(") : tokens[i].isPunctuation("[")
                    guard isValue, let close = partner[isSchema ? i + 1 : i], let name = valueName(i, close) else { continue }
                    guard let models = isSchema ? schemaModels(i..<(close + 1), bound: bound) : typeList(i..<(close + 1)) else { continue }
                    bound[name] = models
                    if let owner = owner(of: i) { bound[owner + "." + name] = models }
                }
            }
            return bound
        }

        /// A name `bound` holds, as the value `range` writes it: `schema`, `Self.schema`,
        /// `Store.schema` (the member of the type the value is in, or of the type it names, first).
        func resolve(_ range: Range<Int>, in bound: [String: Set<String>]) -> Set<String>? {
            let parts = Array(tokens[range])
            let isPath = parts.enumerated().allSatisfy { k, part in
                k % 2 == 0 ? part.kind == .identifier || part.isKeyword("Self") : part.isPunctuation(".")
            }
            guard parts.count % 2 == 1, isPath else { return nil }
            let name = parts[parts.count - 1].text
            // A type written is that type's member, never a guess at another's of the same name.
            if parts.count > 1, !parts[parts.count - 3].isKeyword("Self") { return bound[parts[parts.count - 3].text + "." + name] }
            return owner(of: range.lowerBound).flatMap { bound[$0 + "." + name] } ?? bound[name]
        }

        /// The name the value `start...close` is bound to: `let name = value`, `name: Type = value`,
        /// or a computed property whose body is the value alone (`var name: Type { value }`, `{ return value }`).
        private func valueName(_ start: Int, _ close: Int) -> String? {
            if let name = boundName(before: start) { return name }
            var k = start - 1
            if k >= 0, tokens[k].isKeyword("return") { k -= 1 }
            guard k >= 3, tokens[k].isOperator("=") || (tokens[k].isPunctuation("{") && partner[k] == close + 1) else { return nil }
            k -= 1  // back over the type annotation: `: Schema`, `: [any PersistentModel.Type]`
            if tokens[k].isPunctuation("]") {
                var depth = 0
                repeat {
                    depth += tokens[k].isPunctuation("]") ? 1 : tokens[k].isPunctuation("[") ? -1 : 0
                    k -= 1
                } while k > 0 && depth > 0
            }
            while k > 1, tokens[k].kind == .identifier || tokens[k].isPunctuation(".") || tokens[k].isOperator("?") { k -= 1 }
            guard k >= 2, tokens[k].isPunctuation(":"), tokens[k - 1].kind == .identifier,
                tokens[k - 2].isKeyword("var") || tokens[k - 2].isKeyword("let")
            else { return nil }
            return tokens[k - 1].text
        }

        /// Each type's name and body: `enum`, `struct`, `class`, `actor` and `extension` (`extension A.B`: `B`).
        private static func typeBodies(_ tokens: [SwiftToken], _ partner: [Int: Int]) -> [(name: String, body: Range<Int>)] {
            var bodies: [(name: String, body: Range<Int>)] = []
            let kinds: Set<String> = ["enum", "struct", "class", "extension"]
            for i in tokens.indices.dropLast() where kinds.contains(tokens[i].text) || tokens[i].isWord("actor") {
                guard tokens[i].kind == .keyword || tokens[i].isWord("actor"), tokens[i + 1].kind == .identifier else { continue }
                var k = i + 1
                while k + 2 < tokens.count, tokens[k + 1].isPunctuation("."), tokens[k + 2].kind == .identifier { k += 2 }
                var open = k + 1
                while open < tokens.count, open - k < 32, !tokens[open].isPunctuation("{") { open += 1 }
                guard open < tokens.count, tokens[open].isPunctuation("{"), let close = partner[open] else { continue }
                bodies.append((tokens[k].text, open..<(close + 1)))
            }
            return bodies
        }

        /// The name of the innermost type whose body holds token `i`.
        private func owner(of i: Int) -> String? {
            types.filter { $0.body.contains(i) }.max { $0.body.lowerBound < $1.body.lowerBound }?.name
        }

        /// `A.self` or `[A.self, B.self]`: the models' names.
        func typeList(_ range: Range<Int>) -> Set<String>? {
            guard let first = range.first else { return nil }
            guard tokens[first].isPunctuation("["), partner[first] == range.upperBound - 1 else { return typeName(range).map { [$0] } }
            var names: Set<String> = []
            for element in split(first + 1, range.upperBound - 1) {
                guard let name = typeName(element) else { return nil }
                names.insert(name)
            }
            return names.isEmpty ? nil : names
        }

        /// `Name.self` or `Outer.Name.self`: `Name`.
        private func typeName(_ range: Range<Int>) -> String? {
            guard range.count >= 3, tokens[range.upperBound - 1].isKeyword("self"), tokens[range.upperBound - 2].isPunctuation("."),
                tokens[range.upperBound - 3].kind == .identifier
            else { return nil }
            return tokens[range.upperBound - 3].text
        }
    }
}
