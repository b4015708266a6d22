/// Reads SwiftData `@Model` classes out of Swift source into the syntax a `.cloudschema`
/// `model` declaration has, at the Swift positions, so the resolver, lint rules, export and
/// diff treat them as any model (and diagnostics point at the Swift line and column).
///
/// Tolerant by design: it reads the subset of Swift models are written in (stored `var` and
/// `let` properties with their types, defaults, `@Attribute`, `@Relationship`, `@Transient`,
/// `#Unique`, and the raw-value enums their properties use) and steps over everything else
/// (computed properties, methods, `init`s, static members, other types). Any initial value is a
/// default, since the Swift compiler checked it. What the files read cannot tell (a type none of
/// them declares, a type-inferred value that does not say its type, an unterminated literal) is
/// one located `SWIFT_UNREADABLE` warning, and that property (or model) is left out: never guessed.
enum SwiftModelReader {
    /// What the Swift files of one run declare.
    struct Read {
        /// The `.cloudschema` syntax of every file that declares a model or an enum a model uses.
        var files: [SourceFileSyntax]
        var diagnostics: [Diagnostic]
        /// Models declared outside the files read that a `@Relationship` property points at.
        var externalModels: Set<String>
        /// The models the SwiftData setup read stores without CloudKit, and those it may (not `isCertain`).
        var localModels: [LocalModels]
        /// The models a local store lists that another store syncs.
        var syncedLocalModels: [SyncedLocalModels]
    }

    /// The `.cloudschema` syntax of every Swift file that declares a model or an enum a model
    /// uses, and what could not be read. `entitlements`: those read with them, which say whether
    /// `.automatic` stores sync.
    static func read(_ files: [(path: String, lexer: SwiftLexer)], entitlements: Entitlements = Entitlements()) -> Read {
        var scans = files.map { FileScan(path: $0.path, lexer: $0.lexer) }
        for index in scans.indices { scans[index].scan() }
        // Names are global to the module: a model may use an enum, model or typealias of another file.
        let modelNames = Set(scans.flatMap { $0.models.map(\.syntax.name.name) })
        // Each VersionedSchema's versionIdentifier, by its name, from every file.
        var versions: [String: [Int]] = [:]
        for scan in scans { versions.merge(scan.versions) { first, _ in first } }
        let older = olderVersions(scans, \.models, versions) { $0.name.name }.union(unlistedVersionedModels(scans, versions))
        let olderEnums = olderVersions(scans, \.enums, versions) { $0.name.name }.union(nestedOutOfSight(scans, versions))
        var enumCounts: [String: Int] = [:]
        for (scanIndex, scan) in scans.enumerated() {
            for (enumIndex, e) in scan.enums.enumerated() where !olderEnums.contains([scanIndex, enumIndex]) {
                enumCounts[e.syntax.name.name, default: 0] += 1
            }
        }
        var aliases: [String: TypeSyntax] = [:]
        for scan in scans { aliases.merge(scan.aliases) { first, _ in first } }
        let codableTypes = codableNames(scans)
        // Apple's types the files do not declare: their generic arguments (`Measurement<UnitMass>`)
        // are the framework's business, not one more type to report.
        let frameworkOnly = Set(frameworkTypes.keys).filter {
            !codableTypes.contains($0) && enumCounts[$0] == nil && !modelNames.contains($0)
        }
        var usedEnums: Set<String> = []
        var externalModels: Set<String> = []
        // Each type no file read declares, with the properties that use it: one warning per type.
        var unknownTypes: [(name: String, uses: [(property: String, range: SourceRange)])] = []
        var unknownIndex: [String: Int] = [:]
        var diagnostics = scans.flatMap(\.diagnostics)
        var result: [SourceFileSyntax] = []
        for (scanIndex, scan) in scans.enumerated() {
            var declarations: [DeclarationSyntax] = []
            for (modelIndex, model) in scan.models.enumerated() where !older.contains([scanIndex, modelIndex]) {
                var syntax = model.syntax
                var unread: [String] = []
                syntax.properties = model.syntax.properties.compactMap { written -> FieldSyntax? in
                    var property = written
                    property.type = resolvingAliases(written.type, aliases, depth: 0)
                    /// The property is left out of the schema, and `message` says why.
                    func leftOut(_ message: String, at range: SourceRange) -> FieldSyntax? {
                        diagnostics.append(unreadable(message, at: range))
                        unread.append(property.name.name)
                        return nil
                    }
                    var codable = false
                    var relationship = false
                    var unknown: [(String, SourceRange)] = []
                    for (name, isGeneric, range) in namedTypes(property.type, opaque: frameworkOnly) {
                        if modelNames.contains(name) {
                            relationship = true
                            continue
                        }
                        // Swift has no `Asset` or `Location` (CloudKit's are CKAsset and CLLocation): in a
                        // model, the name is the app's own type (an enum, a Codable value, or one declared elsewhere).
                        if let builtin = TypeCatalog.builtin(name), builtin != .asset, builtin != .location { continue }
                        if enumCounts[name] == 1 {
                            usedEnums.insert(name)
                            continue
                        }
                        if enumCounts[name] != nil {  // two enums of one name are ambiguous even when they are Codable
                            return leftOut(
                                "property '\(property.name.name)' is not checked: more than one enum is named '\(name)'; rename one",
                                at: range)
                        }
                        if codableTypes.contains(name) || foundationCodable.contains(name)
                            || (isGeneric && codableCollections.contains(name))
                        {
                            codable = true
                            continue
                        }
                        unknown.append((name, range))
                    }
                    let isTransient = property.isTransient
                    if !unknown.isEmpty {
                        if isTransient { return nil }  // never stored, so never checked: nothing to say
                        // `@Relationship var xs: [X]?` with X declared elsewhere: a relationship all the same.
                        if model.relationships.contains(property.name.name),
                            case .named(let target, let arguments, _)? = relationshipElement(property.type),
                            arguments.isEmpty, unknown.count == 1, unknown[0].0 == target.name
                        {
                            externalModels.insert(target.name)
                            return property
                        }
                        // `= Limits.defaultCount`: the type is the constant's, which a struct's static member does not say.
                        if let value = model.typedByMember[property.name.name], unknown.count == 1 {
                            return leftOut(
                                "property '\(model.syntax.name.name).\(property.name.name)' is not checked: its type cannot be told from its initial value ('\(unknown[0].0)' is no enum read); write it (': Type')",
                                at: value)
                        }
                        for (name, range) in unknown {
                            let use = (model.syntax.name.name + "." + property.name.name, range)
                            if let index = unknownIndex[name] {
                                unknownTypes[index].uses.append(use)
                            } else {
                                unknownIndex[name] = unknownTypes.count
                                unknownTypes.append((name, [use]))
                            }
                        }
                        unread.append(property.name.name)
                        return nil
                    }
                    if codable && relationship {
                        return leftOut(
                            "property '\(property.name.name)' is not checked: it mixes models and Codable values; a relationship is a model or an array of models",
                            at: property.type.range)
                    }
                    if codable {
                        let at = property.type.range
                        property.attributes.append(
                            AttributeSyntax(name: NameSyntax(name: "codable", range: at, isBackticked: false), arguments: nil, range: at))
                    }
                    return property
                }
                syntax.unreadProperties += unread
                declarations.append(.model(syntax))
            }
            result.append(SourceFileSyntax(path: scan.path, declarations: declarations, comments: scan.lexer.comments))
        }
        for (name, uses) in unknownTypes {
            diagnostics.append(unreadable(unknownType(name, uses.map(\.property)), at: uses[0].range))
        }
        // The enums models use, in the file that declares them.
        for (scanIndex, scan) in scans.enumerated() {
            for (enumIndex, e) in scan.enums.enumerated()
            where usedEnums.contains(e.syntax.name.name) && !olderEnums.contains([scanIndex, enumIndex]) {
                result[scanIndex].declarations.append(.enumeration(e.syntax))
            }
        }
        let modelSyntax = result.flatMap(\.declarations).compactMap { declaration -> ModelSyntax? in
            if case .model(let model) = declaration { return model }
            return nil
        }
        let models = modelSyntax.map { (name: $0.name.name, range: Optional($0.name.range)) }
        // The models each model's relationships hold, among those read.
        let names = Set(models.map(\.name))
        var related: [String: Set<String>] = [:]
        for model in modelSyntax {
            for property in model.properties {
                guard case .named(let target, _, _)? = relationshipElement(property.type), names.contains(target.name) else { continue }
                related[model.name.name, default: []].insert(target.name)
            }
        }
        // The models named outside their own declarations (a schema's list, @Query, another model's
        // relationship); a declaration of the same name elsewhere (a VersionedSchema's) names none.
        func named() -> Set<String> {
            var declarations: [String: [SourceRange]] = [:]
            for model in modelSyntax { declarations[model.name.name, default: []].append(model.range) }
            var found: Set<String> = []
            for scan in scans {
                for token in scan.lexer.tokens where token.kind == .identifier {
                    guard let ranges = declarations[token.text], !found.contains(token.text) else { continue }
                    if !ranges.contains(where: { $0.holds(token.range) }) { found.insert(token.text) }
                }
            }
            return found
        }
        let stores = ModelStoreReader.localModels(
            scans.flatMap { ModelStoreReader.stores($0.lexer.tokens) }, models: models, related: related,
            cloudKit: entitlements.cloudKit(for:), app: entitlements.app(of:), named: named)
        return Read(
            files: result.filter { !$0.declarations.isEmpty }, diagnostics: diagnostics, externalModels: externalModels,
            localModels: stores.local, syncedLocalModels: stores.syncedAnyway)
    }

    /// The one warning for a type no file read declares, naming the properties left out.
    static func unknownType(_ name: String, _ properties: [String]) -> String {
        let named =
            properties.count == 1 ? "property '\(properties[0])'" : "properties " + properties.map { "'\($0)'" }.joined(separator: ", ")
        if let framework = frameworkTypes[name] {
            return """
                \(named) \(properties.count == 1 ? "is" : "are") not checked: '\(name)' is \(framework)'s type, and how SwiftData \
                stores it is not known here, so \(properties.count == 1 ? "it is" : "they are") left out of lint, export and diff. \
                A Codable value is stored encoded (CloudKit: CD_<name> BYTES and CD_<name>_ckAsset ASSET); to have \
                \(properties.count == 1 ? "it" : "them") checked, store a type the files read declare (a Codable struct of \
                its parts) or a scalar the schema knows
                """
        }
        return """
            \(named) \(properties.count == 1 ? "is" : "are") not checked: no file read declares '\(name)', so \(properties.count == 1 ? "it is" : "they are") \
            left out of lint, export and diff. A Codable value is stored encoded (CloudKit: CD_<name> BYTES and \
            CD_<name>_ckAsset ASSET), a model as a relationship; to have \(properties.count == 1 ? "it" : "them") checked, lint the file that \
            declares '\(name)' in the same run, or write @Relationship on a relationship to a model of another module
            """
    }

    /// The Foundation and CoreGraphics value types that conform to Codable (Apple's documentation of
    /// each lists the conformance), which SwiftData stores encoded as any Codable value.
    static let foundationCodable: Set<String> = [
        "CGPoint", "CGSize", "CGRect", "CGVector", "CGAffineTransform", "AffineTransform", "AttributedString", "Calendar",
        "CharacterSet", "DateComponents", "DateInterval", "IndexPath", "IndexSet", "Locale", "PersonNameComponents", "TimeZone",
        "URLComponents",
    ]

    /// Types of the standard library and Apple's frameworks that models use and no app file
    /// declares, by who declares them: a property of one is left out with a warning that says so,
    /// not "no file read declares it" and "lint the declaring file". Whether SwiftData can store each
    /// is not claimed, so the warning stays: some are not Codable, and some encode unkeyed
    /// (`Duration`, `ClosedRange`: swiftlang/swift stdlib/public/core), which SwiftData is reported
    /// to refuse at run time, "Composite Coder only supports Keyed Container" (Apple developer
    /// forums thread 768299, unconfirmed by Apple's documentation). A qualified name is read by its
    /// last part, so `Color.Resolved` is not here.
    static let frameworkTypes: [String: String] = [
        "Duration": "the standard library", "Range": "the standard library", "ClosedRange": "the standard library",
        "Character": "the standard library", "Substring": "the standard library", "Measurement": "Foundation",
        "NSAttributedString": "Foundation", "NSRange": "Foundation", "CLLocationCoordinate2D": "CoreLocation",
        "CLLocation": "CoreLocation", "CLPlacemark": "CoreLocation", "MKCoordinateRegion": "MapKit", "Color": "SwiftUI",
        "Image": "SwiftUI", "UIColor": "UIKit", "UIImage": "UIKit", "NSColor": "AppKit", "NSImage": "AppKit",
        "CGColor": "CoreGraphics", "CGImage": "CoreGraphics",
    ]

    /// The type a relationship holds: `X` of `X?`, `[X]`, `[X]?`.
    private static func relationshipElement(_ type: TypeSyntax) -> TypeSyntax? {
        switch type {
        case .optional(let wrapped, _), .list(let wrapped, _): relationshipElement(wrapped)
        case .named: type
        }
    }

    /// `type` with each typealias the files declare replaced by what it stands for, at the place
    /// it is written. Bounded like the type reader's nesting (an alias to itself stops).
    private static func resolvingAliases(_ type: TypeSyntax, _ aliases: [String: TypeSyntax], depth: Int) -> TypeSyntax {
        guard depth < 32, !aliases.isEmpty else { return type }
        switch type {
        case .optional(let wrapped, let range): return .optional(resolvingAliases(wrapped, aliases, depth: depth + 1), range: range)
        case .list(let element, let range): return .list(resolvingAliases(element, aliases, depth: depth + 1), range: range)
        case .named(let name, let arguments, let range):
            if arguments.isEmpty, let target = aliases[name.name] {
                if case .named(let targetName, let targetArguments, _) = target, targetArguments.isEmpty, targetName.name == name.name {
                    return type
                }
                return resolvingAliases(relocated(target, to: range), aliases, depth: depth + 1)
            }
            return .named(name, arguments: arguments.map { resolvingAliases($0, aliases, depth: depth + 1) }, range: range)
        }
    }

    /// An alias's type, placed where the alias is used.
    private static func relocated(_ type: TypeSyntax, to range: SourceRange) -> TypeSyntax {
        switch type {
        case .optional(let wrapped, _): .optional(relocated(wrapped, to: range), range: range)
        case .list(let element, _): .list(relocated(element, to: range), range: range)
        case .named(let name, let arguments, _):
            .named(
                NameSyntax(name: name.name, range: range, isBackticked: false), arguments: arguments.map { relocated($0, to: range) },
                range: range)
        }
    }

    /// Swift's scalar types that are not language types, by the language type with their CloudKit
    /// storage. Core Data's numeric attributes are Integer 16/32/64, Float and Double (NSAttributeType),
    /// and CloudKit mirroring writes each as an NSNumber ("Reading CloudKit Records for Core Data"),
    /// which the server keeps as INT64 or DOUBLE (sync-compat-rules.md §1.3, §3); SwiftData stores
    /// the sized and unsigned integers and Float (developer forums thread 732213 lists them as
    /// SwiftData types) and CGFloat (saved since iOS 17.1: kishikawakatsumi's gist a7fe1900...).
    /// `TimeInterval` is Foundation's typealias of Double. Unsure: a UInt64 or UInt above
    /// Int64.max in an Integer 64 attribute, so this reads them and says nothing of their range.
    /// `Character` is not Codable, so no model stores it: not in the table.
    static let scalarStorage: [String: String] = [
        "Int8": "Int", "Int16": "Int", "Int32": "Int", "UInt8": "Int", "UInt16": "Int", "UInt32": "Int", "UInt": "Int",
        "UInt64": "Int", "Float": "Double", "Float32": "Double", "Float64": "Double", "CGFloat": "Double",
        "TimeInterval": "Double",
    ]

    /// The Swift collections SwiftData stores encoded, as one Codable value, when their elements are Codable.
    static let codableCollections: Set<String> = ["Set", "Dictionary"]

    /// The types the files declare Codable: those that inherit `Codable` (or both `Encodable` and
    /// `Decodable`), directly or through a protocol or typealias that does, in any of their
    /// declarations or extensions. A type declared elsewhere (Foundation's, CoreLocation's) is not
    /// in it, even if it is Codable: the reader does not guess.
    private static func codableNames(_ scans: [FileScan]) -> Set<String> {
        var heirs: [String: [String]] = [:]  // inherited name -> the names inheriting it
        var encodable: Set<String> = []
        var decodable: Set<String> = []
        var codable: Set<String> = []
        var pending: [String] = []
        for scan in scans {
            for (name, inherits) in scan.inheritance {
                for inherited in inherits {
                    heirs[inherited, default: []].append(name)
                    if inherited == "Encodable" { encodable.insert(name) }
                    if inherited == "Decodable" { decodable.insert(name) }
                }
            }
        }
        for name in encodable.intersection(decodable) where codable.insert(name).inserted { pending.append(name) }
        pending.append("Codable")
        while let next = pending.popLast() {  // each name once: linear in the headers
            for heir in heirs[next] ?? [] where codable.insert(heir).inserted { pending.append(heir) }
        }
        return codable
    }

    /// The models or enums (as [file, declaration] indices) that a later `VersionedSchema` declares
    /// again, or that one declaration outside every versioned schema declares as the current model
    /// (`Chapter` beside `SchemaV1.Chapter`, two Swift types): an app keeps every version's models,
    /// and the enums they use, for its `SchemaMigrationPlan`, and the store (so CloudKit) holds the
    /// latest. A name declared more than once outside versioned schemas is left to the resolver
    /// (NAME_DUPLICATE) or, for an enum, is SWIFT_UNREADABLE where a model uses it.
    private static func olderVersions<Syntax>(
        _ scans: [FileScan], _ declarations: KeyPath<FileScan, [ReadDeclaration<Syntax>]>, _ versions: [String: [Int]],
        name: (Syntax) -> String
    ) -> Set<[Int]> {
        var byName: [String: [(index: [Int], version: [Int]?)]] = [:]
        for (scanIndex, scan) in scans.enumerated() {
            for (index, declaration) in scan[keyPath: declarations].enumerated() {
                byName[name(declaration.syntax), default: []].append(([scanIndex, index], declaration.container.flatMap { versions[$0] }))
            }
        }
        var older: Set<[Int]> = []
        for declarations in byName.values where declarations.count > 1 {
            let versioned = declarations.compactMap { declaration in declaration.version.map { (declaration.index, $0) } }
            // One declaration outside them is the model the app's code names: the versioned ones are its past.
            if versioned.count == declarations.count - 1 {
                for (index, _) in versioned { older.insert(index) }
                continue
            }
            guard versioned.count == declarations.count,
                let latest = versioned.max(by: { $0.1.lexicographicallyPrecedes($1.1) }),
                versioned.filter({ $0.1 == latest.1 }).count == 1
            else { continue }
            for (index, _) in versioned where index != latest.0 { older.insert(index) }
        }
        return older
    }

    /// Enums nested in another type (`Mapper.Units`, as [file, declaration] indices) that share
    /// their name with one at the top level or in a versioned schema, where no model is declared
    /// beside them: a model's unqualified `Units` names the top-level one (Swift looks a name up
    /// from the innermost scope outwards, and a nested type is out of sight elsewhere).
    private static func nestedOutOfSight(_ scans: [FileScan], _ versions: [String: [Int]]) -> Set<[Int]> {
        let modelContainers = Set(scans.flatMap { $0.models.compactMap(\.container) })
        /// The type other than a versioned schema an enum is nested in, if any.
        func nesting(_ e: ReadDeclaration<EnumSyntax>) -> String? { e.container.flatMap { versions[$0] == nil ? $0 : nil } }
        let inSight = Set(scans.flatMap { $0.enums.filter { nesting($0) == nil }.map(\.syntax.name.name) })
        var hidden: Set<[Int]> = []
        for (scanIndex, scan) in scans.enumerated() {
            for (index, e) in scan.enums.enumerated() {
                guard let outer = nesting(e), !modelContainers.contains(outer), inSight.contains(e.syntax.name.name) else { continue }
                hidden.insert([scanIndex, index])
            }
        }
        return hidden
    }

    /// The models declared in a `VersionedSchema` that the latest one's `models` does not list
    /// (`SchemaV1.BedV1` when SchemaV2 lists `BedV2.self, Plant.self`): the store, so CloudKit,
    /// holds the latest version's models, and the models they relate to, which SwiftData's
    /// `Schema` adds (see `ModelStoreReader.localModels`). None when that list is not read or names
    /// a model the reader does not find (a typealias, say).
    private static func unlistedVersionedModels(_ scans: [FileScan], _ versions: [String: [Int]]) -> Set<[Int]> {
        var lists: [String: [[String]]?] = [:]
        for scan in scans { lists.merge(scan.versionModels) { first, _ in first } }
        guard let latest = versions.max(by: { $0.value.lexicographicallyPrecedes($1.value) }),
            versions.values.filter({ $0 == latest.value }).count == 1, let list = lists[latest.key] ?? nil
        else { return [] }
        let models = scans.enumerated().flatMap { scanIndex, scan in
            scan.models.enumerated().map { (index: [scanIndex, $0], name: $1.syntax.name.name, container: $1.container) }
        }
        var byName: [String: [(index: [Int], container: String?)]] = [:]
        for model in models { byName[model.name, default: []].append((model.index, model.container)) }
        /// The model a dotted name written in `scope` names: `Plant` in SchemaV2 is SchemaV2's
        /// Plant, or one outside every versioned schema.
        func model(_ path: [String], in scope: String?) -> [Int]? {
            let candidates = byName[path[path.count - 1]] ?? []
            let container = path.count == 1 ? scope : path[path.count - 2]
            var found = candidates.filter { $0.container == container }
            if found.isEmpty && path.count == 1 { found = candidates.filter { $0.container.flatMap { versions[$0] } == nil } }
            return found.count == 1 ? found[0].index : nil
        }
        var listed: Set<[Int]> = []
        for path in list {
            guard let index = model(path, in: latest.key) else { return [] }
            listed.insert(index)
        }
        // A model only a stored property's type reaches (`var extra: Extra?` beside an unlisted
        // `Extra` of the same version) is in the store too.
        var pending = Array(listed)
        while let index = pending.popLast() {
            let declaration = scans[index[0]].models[index[1]]
            for property in declaration.syntax.properties where !property.isTransient {
                for (name, _, _) in namedTypes(property.type, opaque: []) {
                    guard let related = model(name.split(separator: ".").map(String.init), in: declaration.container) else { continue }
                    if listed.insert(related).inserted { pending.append(related) }
                }
            }
        }
        return Set(models.filter { $0.container.flatMap { versions[$0] } != nil && !listed.contains($0.index) }.map(\.index))
    }

    /// The message for a property whose type the reader cannot tell is Codable. SwiftData stores a
    /// Codable value (a composite attribute), a dictionary, a `Set` or another Codable collection
    /// encoded in one attribute. Core Data's CloudKit mirroring encodes Composite and Transformable
    /// attributes to bytes and treats them as variable length, so CloudKit gets `CD_<name> BYTES` plus
    /// `CD_<name>_ckAsset ASSET` for large values (pookjw/OpenCloudData `OCCloudKitSerializer.m`:
    /// `isVariableLengthAttributeType`, `newSetOfRecordKeysForAttribute`). Observed: a device probe read
    /// a `[Region]` of Codable structs and a `[String: Int]` back from CloudKit as one `Data` field each
    /// (jirigrill/eczema-helper#747), and robbiet480/Dispatch's production export has BYTES for its
    /// Codable struct properties. A type the files read declare Codable is modelled (`@codable`); one
    /// declared elsewhere (Foundation, CoreLocation, a package) is not guessed, so the message says
    /// what is left out and how to have it checked.
    static func codableValue(_ property: String, _ why: String) -> String {
        let field = CKDB.coreDataPrefix + property
        return """
            property '\(property)' is not checked: \(why) (String, Int, Int64, Double, Bool, Date, Data, UUID, URL, \
            Decimal, a String or Int enum, another @Model, a type the files read declare Codable, or an array, Set or \
            dictionary of them). If it is a Codable value declared elsewhere, SwiftData stores it encoded and CloudKit \
            gets \(field) BYTES (and \(field)_ckAsset ASSET), which lint, export and diff leave out; to have it checked, \
            read the file that declares it Codable too, or store the value as 'Data' you encode yourself
            """
    }

    static func unreadable(_ message: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.swiftUnreadable, .warning, message, at: range)
    }

    /// Every named type in a type, whether it has generic arguments, and where it is written; not
    /// the arguments of an `opaque` type.
    private static func namedTypes(_ type: TypeSyntax, opaque: Set<String>) -> [(String, Bool, SourceRange)] {
        var result: [(String, Bool, SourceRange)] = []
        var pending = [type]
        while let next = pending.popLast() {
            switch next {
            case .named(let name, let arguments, _):
                result.append((name.name, !arguments.isEmpty, name.range))
                if !opaque.contains(name.name) { pending += arguments }
            case .list(let element, _), .optional(let element, _):
                pending.append(element)
            }
        }
        return result
    }
}

/// One model or enum as read, before property types are checked against every file's declarations.
private struct ReadDeclaration<Syntax> {
    var syntax: Syntax
    /// The `VersionedSchema` enum (or an extension of it) it is declared in, if any.
    var container: String?
    /// A model's properties written with `@Relationship`.
    var relationships: Set<String> = []
    /// A model's properties whose type is only the `T` of a value `T.member` (`Status.active`, an
    /// enum's case, but also `Limits.defaultCount`, a constant of another type), with the value.
    var typedByMember: [String: SourceRange] = [:]
}

/// One Swift file: its tokens, and the models and raw-value enums found in them.
private struct FileScan {
    let path: String
    let lexer: SwiftLexer
    var models: [ReadDeclaration<ModelSyntax>] = []
    var enums: [ReadDeclaration<EnumSyntax>] = []
    var diagnostics: [Diagnostic] = []
    /// Each type, extension, protocol and typealias header: the name and the names it inherits.
    var inheritance: [(name: String, inherits: [String])] = []
    /// `VersionedSchema` enums by name, with their `versionIdentifier` (`Schema.Version(2, 0, 0)`).
    var versions: [String: [Int]] = [:]
    /// Each `VersionedSchema`'s `models` as written (`[BedV2.self, SchemaV1.Plant.self]`), each a
    /// dotted name without `.self`; nil where the list is not one the reader reads.
    var versionModels: [String: [[String]]?] = [:]
    /// `typealias Name = Type`, by name, for the types the reader reads.
    var aliases: [String: TypeSyntax] = [:]
    /// The enum and extension bodies (token ranges) open at the scan's position, innermost last, by
    /// the type they declare or extend. A stack, so finding a model's container stays linear.
    private var containers: [(name: String, body: ClosedRange<Int>)] = []

    /// Doc comments (`///`) on lines of their own, by line.
    private let docs: [Int: Comment]

    init(path: String, lexer: SwiftLexer) {
        self.path = path
        self.lexer = lexer
        var docs: [Int: Comment] = [:]
        for comment in lexer.comments where comment.kind == .doc && !comment.isTrailing { docs[comment.range.start.line] = comment }
        self.docs = docs
    }

    /// The `///` lines right above the token at `index`, as the `.cloudschema` parser reads them.
    private func doc(before index: Int) -> DocSyntax? {
        var line = tokens[index].range.start.line - 1
        var lines: [Comment] = []
        while let comment = docs[line] {
            lines.append(comment)
            line -= 1
        }
        guard let first = lines.last, let last = lines.first else { return nil }
        return DocSyntax(text: lines.reversed().map(\.body).joined(separator: "\n"), range: first.range.union(last.range))
    }

    /// The first of the attributes written before the one at `index` (`@available(...) @Model`).
    private func firstAttribute(endingAt index: Int) -> Int {
        var start = index
        var j = index - 1
        while j >= 0 {
            if tokens[j].kind == .attribute {
                start = j
                j -= 1
            } else if tokens[j].isPunctuation(")"), let open = opening(of: j), open > 0, tokens[open - 1].kind == .attribute {
                start = open - 1
                j = open - 2
            } else {
                break
            }
        }
        return start
    }

    /// The bracket that opens the one closing at `close`.
    private func opening(of close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            let t = tokens[i]
            if t.kind == .punctuation {
                if t.text == "}" || t.text == ")" || t.text == "]" { depth += 1 }
                if t.text == "{" || t.text == "(" || t.text == "[" {
                    depth -= 1
                    if depth == 0 { return i }
                }
            }
            i -= 1
        }
        return nil
    }

    private var tokens: [SwiftToken] { lexer.tokens }

    /// Finds `@Model ... class Name { ... }` and `enum Name: String|Int { ... }` at any depth.
    mutating func scan() {
        readInheritance()
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            while let last = containers.last, last.body.upperBound < i { containers.removeLast() }
            if token.kind == .attribute && token.text == "Model", let end = readModel(at: i) {
                i = end
                continue
            }
            if token.isKeyword("enum") {
                readEnum(at: i)
                readContainer(at: i)
            }
            if token.isKeyword("extension") { readContainer(at: i) }
            i += 1
        }
    }

    // MARK: Structure

    /// The index of the token that closes the bracket at `open` (`(`, `[`, `{`), or nil.
    /// Counts all three kinds together, so unbalanced code ends at the first mismatch.
    private func closing(_ open: Int, limit: Int? = nil) -> Int? {
        var depth = 0
        var i = open
        let end = limit ?? tokens.count
        while i < end {
            let t = tokens[i]
            if t.kind == .punctuation {
                switch t.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { return i }
                    if depth < 0 { return nil }
                default: break
                }
            }
            i += 1
        }
        return nil
    }

    private func range(_ from: Int, _ through: Int) -> SourceRange {
        tokens[from].range.union(tokens[max(from, through)].range)
    }

    private func name(_ token: SwiftToken) -> NameSyntax {
        NameSyntax(
            name: token.text, range: token.range,
            isBackticked: token.text.utf8.count + 2 == token.range.end.offset - token.range.start.offset)
    }

    // MARK: Models

    /// Reads the model whose `@Model` is at `at`; the index after its body, or nil when this
    /// is not `@Model` on a class.
    private mutating func readModel(at: Int) -> Int? {
        var i = at + 1
        // Modifiers and other attributes before `class`.
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .attribute {
                i += 1
                if i < tokens.count, tokens[i].isPunctuation("("), !tokens[i].isAtLineStart, let close = closing(i) { i = close + 1 }
            } else if t.kind == .identifier || (t.kind == .keyword && Self.modifiers.contains(t.text)) {
                i += 1
            } else {
                break
            }
        }
        guard i + 1 < tokens.count, tokens[i].isKeyword("class"), tokens[i + 1].kind == .identifier else { return nil }
        let nameToken = tokens[i + 1]
        var open = i + 2
        while open < tokens.count, !tokens[open].isPunctuation("{"), tokens[open].kind != .endOfFile { open += 1 }
        guard open < tokens.count, tokens[open].isPunctuation("{"), let close = closing(open) else {
            diagnostics.append(
                SwiftModelReader.unreadable(
                    "model '\(nameToken.text)' is not read: its body has no closing '}'", at: nameToken.range))
            return tokens.count
        }
        let whole = range(at, close)
        if let problem = lexer.problems.first(where: {
            whole.start.offset <= $0.range.start.offset && $0.range.start.offset < whole.end.offset
        }) {
            diagnostics.append(
                SwiftModelReader.unreadable("model '\(nameToken.text)' is not read: \(problem.message)", at: problem.range))
            return close + 1
        }
        let model = ModelSyntax(
            doc: doc(before: firstAttribute(endingAt: at)), name: name(nameToken), attributes: [], properties: [], range: whole)
        var declaration = ReadDeclaration(syntax: model, container: container(of: at))
        var members: [Range<Int>] = []
        var member = open + 1
        while member < close {
            let end = memberEnd(from: member, bodyEnd: close)
            members.append(member..<end)
            member = end
            while member < close, tokens[member].isPunctuation(";") { member += 1 }
        }
        let statics = members.reduce(into: [:]) { statics, member in staticValue(member).map { statics[$0.name] = $0.value } }
        for member in members { readMember(member, into: &declaration, statics: statics) }
        models.append(declaration)
        return close + 1
    }

    static let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open"]
    /// Words that start a member declaration; before one is seen, line breaks continue the member
    /// (attributes on lines of their own).
    private static let introducers: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "typealias", "struct", "class", "enum", "extension",
        "protocol", "case", "import", "operator", "actor", "macro",
    ]

    /// The end of the member starting at `from`: a `;` or a new line at its bracket depth after
    /// the member's introducing word, unless the line continues it (`.`, an operator, `{`).
    private func memberEnd(from: Int, bodyEnd: Int) -> Int {
        var i = from
        var introduced = false
        while i < bodyEnd {
            let t = tokens[i]
            if i > from {
                if t.isPunctuation(";") { return i }
                if introduced && t.isAtLineStart && !(t.isPunctuation(".") || t.isPunctuation("{") || t.kind == .operator) {
                    return i
                }
                if t.isAtLineStart && t.kind == .pound { return i }
            }
            if t.kind == .pound || ((t.kind == .keyword || t.kind == .identifier) && Self.introducers.contains(t.text)) {
                introduced = true
            }
            if t.kind == .punctuation && (t.text == "(" || t.text == "[" || t.text == "{") {
                i = (closing(i, limit: bodyEnd) ?? bodyEnd - 1) + 1
                continue
            }
            i += 1
        }
        return bodyEnd
    }

    /// One member of a model's body: a stored property or `#Unique` is read, anything else skipped.
    /// A `@Transient` property is never stored, so what cannot be read of it is not reported.
    /// `static let name = value` (modifiers before it), as a model's body declares a constant a
    /// property starts from (`var dayKey = defaultDayKey`): the name and the value's tokens.
    private func staticValue(_ member: Range<Int>) -> (name: String, value: Range<Int>)? {
        var i = member.lowerBound
        while i < member.upperBound, tokens[i].kind == .keyword && Self.modifiers.contains(tokens[i].text) { i += 1 }
        guard i + 3 < member.upperBound, tokens[i].isKeyword("static"), tokens[i + 1].isKeyword("let"),
            tokens[i + 2].kind == .identifier, tokens[i + 3].isOperator("=")
        else { return nil }
        return (tokens[i + 2].text, (i + 4)..<member.upperBound)
    }

    private mutating func readMember(
        _ member: Range<Int>, into declaration: inout ReadDeclaration<ModelSyntax>, statics: [String: Range<Int>]
    ) {
        var i = member.lowerBound
        var attributes: [AttributeSyntax] = []
        var unreadableReason: (String, SourceRange)?
        var isRelationship = false
        var isTransient: Bool { attributes.contains { $0.name.name == "transient" } }
        var named = ""
        func report(_ message: String, at range: SourceRange) {
            guard !isTransient else { return }
            self.report(message, at: range)
            declaration.syntax.unreadProperties.append(named)
        }
        // Attributes and modifiers.
        while i < member.upperBound {
            let t = tokens[i]
            if t.kind == .attribute {
                if t.text == "Relationship" { isRelationship = true }
                var arguments: Range<Int>? = nil
                var end = i
                if i + 1 < member.upperBound, tokens[i + 1].isPunctuation("("), let close = closing(i + 1, limit: member.upperBound) {
                    arguments = (i + 2)..<close
                    end = close
                }
                if let reason = readAttribute(t, arguments: arguments, into: &attributes) { unreadableReason = reason }
                i = end + 1
                continue
            }
            if t.isKeyword("static") { return }  // a type member
            if t.isKeyword("class"), i + 1 < member.upperBound, tokens[i + 1].kind == .keyword,
                ["var", "let", "func"].contains(tokens[i + 1].text)
            {
                return  // `class var`: a type member
            }
            if t.kind == .pound {
                if t.text == "Unique" { readUnique(member, into: &declaration.syntax) }
                return
            }
            if t.isKeyword("var") || t.isKeyword("let") { break }
            if (t.kind == .keyword && Self.modifiers.contains(t.text)) || t.kind == .identifier {
                if t.text == "lazy" { return }  // not a stored property SwiftData persists
                i += 1
                // private(set)
                if i < member.upperBound, tokens[i].isPunctuation("("), let close = closing(i, limit: member.upperBound) { i = close + 1 }
                continue
            }
            return  // func, init, subscript, a nested type: nothing stored
        }
        guard i < member.upperBound, i + 1 < member.upperBound else { return }
        let nameToken = tokens[i + 1]
        guard nameToken.kind == .identifier || nameToken.kind == .keyword else {
            report("this property is not read: write one name per 'var'", at: range(i, member.upperBound - 1))
            return
        }
        named = nameToken.text
        var rest = (i + 2)..<member.upperBound
        // A trailing `{ ... }`: observers keep the property stored, anything else is computed.
        if let last = rest.last, tokens[last].isPunctuation("}"), let open = opening(of: last), open >= rest.lowerBound {
            let first = open + 1 < last ? tokens[open + 1] : nil
            let isObserver = first.map { $0.isWord("willSet") || $0.isWord("didSet") } ?? false
            let hasDefault = rest[..<open].contains { tokens[$0].isOperator("=") }
            if isObserver || (hasDefault && !isTrailingClosure(open, in: rest)) {
                if isObserver { rest = rest.lowerBound..<open }
            } else if !hasDefault {
                return  // computed
            }
        }
        if let (reason, at) = unreadableReason {
            report("property '\(nameToken.text)' is not checked: \(reason)", at: at)
            return
        }
        // `: Type`, `= default`; a comma outside brackets (and, in the type, outside `<...>`) declares a second property.
        let topLevel = outermost(rest)
        let equals = topLevel.first { tokens[$0].isOperator("=") }
        var angles = 0
        let declaresMore = topLevel.contains { k in
            let t = tokens[k]
            if equals.map({ k < $0 }) ?? true, t.kind == .operator {
                for c in t.text.utf8 { angles += c == UInt8(ascii: "<") ? 1 : c == UInt8(ascii: ">") ? -1 : 0 }
            }
            return t.isPunctuation(",") && (angles <= 0 || equals.map { k > $0 } == true)
        }
        if declaresMore {
            report("property '\(nameToken.text)' is not read: declare one property per 'var'", at: range(i, member.upperBound - 1))
            return
        }
        var typeSyntax: TypeSyntax?
        if let first = rest.first, tokens[first].isPunctuation(":") {
            let typeTokens = (first + 1)..<(equals ?? rest.upperBound)
            guard !typeTokens.isEmpty, let type = SwiftTypeReader.read(tokens, typeTokens) else {
                let at = typeTokens.isEmpty ? tokens[first].range : range(typeTokens.lowerBound, typeTokens.upperBound - 1)
                report(SwiftModelReader.codableValue(nameToken.text, "its type is not one CloudSchema reads"), at: at)
                return
            }
            typeSyntax = type
        }
        // Any initial value is a default (the compiler checked it); the schema keeps its value when it reads one.
        var defaultValue: ExpressionSyntax?
        var valueRange: SourceRange?
        if let equals {
            let valueTokens = (equals + 1)..<rest.upperBound
            guard !valueTokens.isEmpty else { return }  // `var x =`: not Swift
            // `= defaultDayKey`, `= Self.defaultDayKey`: read as the body's constant's value.
            let first = valueTokens.lowerBound
            let isSelfMember = valueTokens.count == 3 && tokens[first].isWord("Self") && tokens[first + 1].isPunctuation(".")
            let constant = valueTokens.count == 1 ? first : isSelfMember ? first + 2 : nil
            let read = constant.flatMap { statics[tokens[$0].text] } ?? valueTokens
            let reader = SwiftDefaultReader(tokens: tokens, typeName: typeSyntax.flatMap(Self.baseName))
            let value = reader.read(read)
            let whole = range(valueTokens.lowerBound, valueTokens.upperBound - 1)
            defaultValue = .swiftInitializer(value?.expression, range: whole)
            valueRange = whole
            // A relationship's type is a model, which a value names only by writing it out (`[Plant]()`):
            // `= Shelf.items` is no `Shelf`.
            if typeSyntax == nil, isRelationship {
                typeSyntax = reader.writtenType(read)
            } else if typeSyntax == nil {
                typeSyntax = value?.inferredType ?? reader.namedType(read)
                if reader.writtenType(read) == nil, reader.namedValue(read)?.isMember == true {
                    declaration.typedByMember[nameToken.text] = whole
                }
            }
        }
        guard let type = typeSyntax else {
            report(
                "property '\(nameToken.text)' is not checked: its type cannot be told from its initial value; write it (': Type')",
                at: valueRange ?? nameToken.range)
            return
        }
        if isRelationship { declaration.relationships.insert(nameToken.text) }
        declaration.syntax.properties.append(
            FieldSyntax(
                doc: doc(before: member.lowerBound), name: name(nameToken), type: type, defaultValue: defaultValue, attributes: attributes,
                range: range(member.lowerBound, rest.isEmpty ? i + 1 : rest.upperBound - 1)))
    }

    /// The type's base name with optionals removed (`Date` for `Date?`), for reading defaults.
    private static func baseName(_ type: TypeSyntax) -> String? {
        switch type {
        case .named(let name, _, _): name.name
        case .optional(let wrapped, _): baseName(wrapped)
        case .list: nil
        }
    }

    private mutating func report(_ message: String, at range: SourceRange) {
        diagnostics.append(SwiftModelReader.unreadable(message, at: range))
    }

    /// A `{` that belongs to the default expression (`= Foo { ... }`, `= { ... }()`), not accessors.
    private func isTrailingClosure(_ open: Int, in range: Range<Int>) -> Bool {
        guard open > range.lowerBound else { return false }
        let before = tokens[open - 1]
        return !before.isAtLineStart && (before.isOperator("=") || before.kind == .identifier || before.isPunctuation(")"))
            && !tokens[open].isAtLineStart
    }

    /// The indices in `range` outside any bracket opened in it.
    private func outermost(_ range: Range<Int>) -> [Int] {
        var result: [Int] = []
        var depth = 0
        for i in range {
            let t = tokens[i]
            if t.kind == .punctuation {
                switch t.text {
                case "(", "[", "{": depth += 1; continue
                case ")", "]", "}": depth -= 1; continue
                default: break
                }
            }
            if depth == 0 { result.append(i) }
        }
        return result
    }

    // MARK: Attributes

    /// Reads `@Attribute(...)`, `@Relationship(...)` and `@Transient` into the language's
    /// attributes; other attributes do not change what is stored. Returns why the property
    /// cannot be read, if an option makes it so.
    private func readAttribute(_ token: SwiftToken, arguments: Range<Int>?, into attributes: inout [AttributeSyntax]) -> (
        String, SourceRange
    )? {
        switch token.text {
        case "Transient":
            attributes.append(
                AttributeSyntax(
                    name: NameSyntax(name: "transient", range: token.range, isBackticked: false), arguments: nil, range: token.range))
            return nil
        case "Attribute", "Relationship":
            break
        default:
            return nil
        }
        guard let arguments else { return nil }
        for argument in split(arguments) where !argument.isEmpty {
            let first = tokens[argument.lowerBound]
            let whole = range(argument.lowerBound, argument.upperBound - 1)
            // `.option` or `.option(...)`
            if first.isPunctuation("."), argument.count >= 2 {
                let option = tokens[argument.lowerBound + 1].text
                func add(_ name: String) {
                    attributes.append(
                        AttributeSyntax(name: NameSyntax(name: name, range: whole, isBackticked: false), arguments: nil, range: whole))
                }
                switch option {
                case "unique": add("unique")
                case "externalStorage": add("externalStorage")
                case "allowsCloudEncryption": add("encrypted")
                case "preserveValueOnDeletion", "spotlight": break  // no effect on what is stored
                case "ephemeral": add("transient")  // "tracks changes to this property but doesn't persist them"
                case "transformable":
                    return (
                        "a .transformable value is stored as bytes (CloudKit: CD_<name> BYTES and CD_<name>_ckAsset ASSET), which lint, export and diff leave out; to have it checked, store it as 'Data' you encode yourself",
                        whole
                    )
                default: return ("the option '.\(option)' is not one CloudSchema reads", whole)
                }
                continue
            }
            // `label: value`
            guard argument.count >= 3, tokens[argument.lowerBound + 1].isPunctuation(":") else {
                return ("this argument is not one CloudSchema reads", whole)
            }
            let values = (argument.lowerBound + 2)..<argument.upperBound
            let valueRange = range(values.lowerBound, values.upperBound - 1)
            switch first.text {
            case "originalName":
                guard values.count == 1, let literal = tokens[values.lowerBound].literal, literal.interpolations.isEmpty else {
                    return ("originalName: takes a string literal", valueRange)
                }
                attributes.append(
                    AttributeSyntax(
                        name: NameSyntax(name: "name", range: whole, isBackticked: false),
                        arguments: [.string(literal.content, range: valueRange)], range: whole))
            case "deleteRule":
                guard values.count == 2, tokens[values.lowerBound].isPunctuation(".") else {
                    return ("deleteRule: takes .nullify, .cascade, .deny or .noAction", valueRange)
                }
                let rule = tokens[values.lowerBound + 1]
                attributes.append(
                    AttributeSyntax(
                        name: NameSyntax(name: "deleteRule", range: whole, isBackticked: false),
                        arguments: [.name(NameSyntax(name: rule.text, range: rule.range, isBackticked: false))], range: whole))
            case "inverse":
                // `\Other.property`: the last name is the inverse property.
                guard tokens[values.lowerBound].isPunctuation("\\"), let last = values.last,
                    tokens[last].kind == .identifier || tokens[last].kind == .keyword
                else { return ("inverse: takes a key path such as \\Trip.items", valueRange) }
                attributes.append(
                    AttributeSyntax(
                        name: NameSyntax(name: "inverse", range: whole, isBackticked: false),
                        arguments: [.name(NameSyntax(name: tokens[last].text, range: tokens[last].range, isBackticked: false))],
                        range: whole))
            case "minimumModelCount", "maximumModelCount", "hashModifier":
                break  // counts are checked by SwiftData when saving; not stored in CloudKit
            default:
                return ("the argument '\(first.text):' is not one CloudSchema reads", whole)
            }
        }
        return nil
    }

    /// Splits tokens at top-level commas.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var depth = 0
        for i in range {
            let t = tokens[i]
            guard t.kind == .punctuation else { continue }
            switch t.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(start..<i)
                start = i + 1
            default: break
            }
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// `#Unique<Model>([\.a, \.b], [\.c])`: each array is one constraint, read as one model
    /// `@unique(a, b)` (a model may have several), at the whole macro when it has one array, else
    /// at the array.
    private mutating func readUnique(_ member: Range<Int>, into model: inout ModelSyntax) {
        guard let open = member.first(where: { tokens[$0].isPunctuation("(") }), let close = closing(open, limit: member.upperBound)
        else {
            report("#Unique is not read: write #Unique<Model>([\\.property, ...])", at: range(member.lowerBound, member.upperBound - 1))
            return
        }
        let arrays = split((open + 1)..<close).filter { !$0.isEmpty }
        var constraints: [AttributeSyntax] = []
        for array in arrays {
            guard let first = array.first, tokens[first].isPunctuation("["), let arrayClose = closing(first, limit: close) else {
                report("#Unique is not read: write #Unique<Model>([\\.property, ...])", at: range(member.lowerBound, close))
                return
            }
            var names: [ExpressionSyntax] = []
            for path in split((first + 1)..<arrayClose) where !path.isEmpty {
                guard let last = path.last, tokens[last].kind == .identifier || tokens[last].kind == .keyword else { continue }
                names.append(.name(NameSyntax(name: tokens[last].text, range: tokens[last].range, isBackticked: false)))
            }
            let at = arrays.count == 1 ? range(member.lowerBound, close) : range(first, arrayClose)
            constraints.append(
                AttributeSyntax(name: NameSyntax(name: "unique", range: at, isBackticked: false), arguments: names, range: at))
        }
        guard !constraints.isEmpty else {
            report("#Unique is not read: write #Unique<Model>([\\.property, ...])", at: range(member.lowerBound, close))
            return
        }
        model.attributes += constraints
    }

    // MARK: Codable types

    /// Every type, extension, protocol and typealias header at any depth (model bodies included),
    /// with the names it inherits or stands for: `struct Region: Codable, Hashable`,
    /// `extension Trip.Stop: Codable`, `protocol Stored: Codable`, `typealias Stored = Codable & Sendable`,
    /// `struct Box<T>: Codable`; and each typealias that names a type (`typealias ID = UUID`).
    private mutating func readInheritance() {
        for at in tokens.indices where tokens[at].kind == .keyword {
            let keyword = tokens[at].text
            let isAlias = keyword == "typealias"
            guard isAlias || Self.typeKeywords.contains(keyword), at + 1 < tokens.count, tokens[at + 1].kind == .identifier else {
                continue
            }
            var name = tokens[at + 1].text
            var i = at + 2
            while i + 1 < tokens.count, tokens[i].isPunctuation("."), tokens[i + 1].kind == .identifier {  // `Trip.Stop`
                name = tokens[i + 1].text
                i += 2
            }
            if !isAlias, i < tokens.count, tokens[i].isOperator("<") {  // generic parameters: `Box<T: Hashable>`
                var depth = 0
                let end = min(i + 64, tokens.count)
                repeat {
                    for c in tokens[i].text.utf8 where tokens[i].kind == .operator {
                        depth += c == UInt8(ascii: "<") ? 1 : c == UInt8(ascii: ">") ? -1 : 0
                    }
                    i += 1
                } while depth > 0 && i < end
            }
            guard i < tokens.count, isAlias ? tokens[i].isOperator("=") : tokens[i].isPunctuation(":") else { continue }
            var names: [String] = []
            i += 1
            if isAlias {
                var end = i
                while end < tokens.count, end == i || !tokens[end].isAtLineStart, !tokens[end].isPunctuation(";"),
                    tokens[end].kind != .endOfFile
                {
                    end += 1
                }
                if let type = SwiftTypeReader.read(tokens, i..<end) { aliases[name] = type }
            }
            // A header is a few tokens: bounded, as readContainer's.
            let end = min(i + 64, tokens.count)
            while i < end, !tokens[i].isPunctuation("{"), !tokens[i].isWord("where"), !(isAlias && tokens[i].isAtLineStart) {
                if tokens[i].kind == .identifier { names.append(tokens[i].text) }
                i += 1
            }
            inheritance.append((name, names))
        }
    }

    private static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "extension", "protocol"]

    // MARK: Versioned schemas

    /// The enum or extension the declaration at `at` is written in, if any (a `VersionedSchema`'s
    /// models and enums are written in its body or an extension of it).
    private func container(of at: Int) -> String? {
        containers.last.flatMap { $0.body.contains(at) ? $0.name : nil }
    }

    /// `enum SchemaV2: VersionedSchema { ... }` or `extension SchemaV2 { ... }`: a body models may be
    /// declared in. For a `VersionedSchema`, also reads `versionIdentifier` (`Schema.Version(2, 0, 0)`
    /// or `.init(2, 0, 0)`).
    private mutating func readContainer(at: Int) {
        var open = at + 1
        var name: String?
        var conformsToVersionedSchema = false
        // A header is a few tokens (`Name: A, B where ...`): bounded, so `extension extension ...` stays linear.
        while open < min(at + 64, tokens.count), !tokens[open].isPunctuation("{"), tokens[open].kind != .endOfFile {
            if tokens[open].kind == .identifier {
                if name == nil { name = tokens[open].text }
                if tokens[open].text == "VersionedSchema" { conformsToVersionedSchema = true }
            }
            open += 1
        }
        guard let name, open < tokens.count, tokens[open].isPunctuation("{"), let close = closing(open) else { return }
        containers.append((name, open...close))
        guard tokens[at].isKeyword("enum"), conformsToVersionedSchema,
            let identifier = (open..<close).first(where: { tokens[$0].isWord("versionIdentifier") }),
            let parenthesis = (identifier..<min(identifier + 12, close)).first(where: { tokens[$0].isPunctuation("(") }),
            let end = closing(parenthesis, limit: close)
        else { return }
        let parts = split((parenthesis + 1)..<end)
        let numbers = parts.compactMap { $0.count == 1 ? Int(tokens[$0.lowerBound].text) : nil }
        if !numbers.isEmpty && numbers.count == parts.count { versions[name] = numbers }
        versionModels[name] = models(in: (open + 1)..<close)
    }

    /// `static var models: [any PersistentModel.Type] { [A.self, B.C.self] }` (or `= [...]`, or
    /// `{ return [...] }`): the dotted names, or nil when the list holds anything else.
    private func models(in body: Range<Int>) -> [[String]]? {
        guard let name = body.first(where: { $0 > body.lowerBound && tokens[$0].isWord("models") && tokens[$0 - 1].isKeyword("var") }),
            let open = ((name + 1)..<min(name + 16, body.upperBound)).first(where: { i in
                tokens[i].isPunctuation("[")
                    && (tokens[i - 1].isPunctuation("{") || tokens[i - 1].isOperator("=") || tokens[i - 1].isKeyword("return"))
            }),
            let close = closing(open, limit: body.upperBound)
        else { return nil }
        var list: [[String]] = []
        for part in split((open + 1)..<close) where !part.isEmpty {
            let words = part.enumerated().compactMap { offset, i in offset % 2 == 0 ? tokens[i] : nil }
            let dots = part.enumerated().compactMap { offset, i in offset % 2 == 1 ? tokens[i] : nil }
            guard words.count >= 2, words.last?.isWord("self") == true, dots.allSatisfy({ $0.isPunctuation(".") }),
                words.dropLast().allSatisfy({ $0.kind == .identifier })
            else { return nil }
            list.append(words.dropLast().map(\.text))
        }
        return list
    }

    // MARK: Enums

    /// `enum Name: String|Int|Int64 [, ...] { case a, b = "x" ... }`: a raw-value enum a model
    /// may store. Enums with associated values or other raw types are not read.
    private mutating func readEnum(at: Int) {
        guard at + 3 < tokens.count, tokens[at + 1].kind == .identifier, tokens[at + 2].isPunctuation(":") else { return }
        let rawToken = tokens[at + 3]
        let rawType: String
        switch SwiftModelReader.scalarStorage[rawToken.text] ?? rawToken.text {
        case "String": rawType = "String"
        case "Int", "Int64": rawType = "Int64"  // stored as its raw value, an integer
        default: return
        }
        var open = at + 4
        while open < tokens.count, !tokens[open].isPunctuation("{"), tokens[open].kind != .endOfFile { open += 1 }
        guard open < tokens.count, let close = closing(open) else { return }
        var cases: [EnumCaseSyntax] = []
        var next: Int64 = 0  // Swift numbers Int cases without a raw value from 0, one more than the case before
        var i = open + 1
        while i < close {
            let t = tokens[i]
            if t.kind == .punctuation, t.text == "(" || t.text == "[" || t.text == "{" {
                i = (closing(i, limit: close) ?? close) + 1
                continue
            }
            guard t.isKeyword("case") else { i += 1; continue }
            i += 1
            while i < close {
                guard tokens[i].kind == .identifier || tokens[i].kind == .keyword else { return }
                let caseName = tokens[i]
                var rawValue: ExpressionSyntax?
                var end = i
                if i + 1 < close, tokens[i + 1].isPunctuation("(") { return }  // associated values
                if i + 2 < close, tokens[i + 1].isOperator("=") {
                    let value = SwiftDefaultReader(tokens: tokens, typeName: rawType).literal(at: i + 2, limit: close)
                    guard let value else { return }
                    rawValue = value.expression
                    end = value.end - 1
                    if case .integer(let text, _) = value.expression, let number = Int64(text) { next = number &+ 1 }
                } else if rawType == "Int64" {
                    rawValue = .integer(String(next), range: caseName.range)
                    next = next &+ 1
                }
                cases.append(
                    EnumCaseSyntax(
                        doc: tokens[i - 1].isKeyword("case") && tokens[i - 1].isAtLineStart ? doc(before: i - 1) : nil,
                        name: name(caseName), rawValue: rawValue, range: range(i, end)))
                i = end + 1
                guard i < close, tokens[i].isPunctuation(",") else { break }
                i += 1
            }
        }
        enums.append(
            ReadDeclaration(
                syntax: EnumSyntax(
                    doc: doc(before: firstAttribute(endingAt: at)), name: name(tokens[at + 1]),
                    rawType: NameSyntax(name: rawType, range: rawToken.range, isBackticked: false), attributes: [], cases: cases,
                    range: range(at, close), bodyRange: range(open, close)),
                container: container(of: at)))
    }
}

/// Reads a property's type annotation: names (`Foundation.` and `Swift.` dropped; a scalar as the
/// language type it is stored as, `CGFloat` as `Double`), `[T]`, `Array<T>`, `Optional<T>`, `T?`,
/// `T!`, `[K: V]` (as `Dictionary<K, V>`) and any generic `Name<A, B>`. Anything else (tuples,
/// closures, `any P`) is nil. Nesting is bounded like the language's (32 levels).
private struct SwiftTypeReader {
    /// The tokens with `>>`, `?>`, `??` split into single characters, as the parser of a type sees them.
    private var pieces: [(text: String, kind: SwiftToken.Kind, range: SourceRange)] = []
    private var index = 0

    static func read(_ tokens: [SwiftToken], _ range: Range<Int>) -> TypeSyntax? {
        var reader = SwiftTypeReader(tokens: tokens, range: range)
        guard let type = reader.type(depth: 0), reader.index == reader.pieces.count else { return nil }
        return type
    }

    private init(tokens: [SwiftToken], range: Range<Int>) {
        for i in range {
            let t = tokens[i]
            if t.kind == .operator,
                t.text.utf8.allSatisfy({
                    $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!")
                })
            {
                for (k, c) in t.text.enumerated() {
                    let start = SourcePosition(line: t.range.start.line, column: t.range.start.column + k, offset: t.range.start.offset + k)
                    let end = SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + 1)
                    pieces.append((String(c), .operator, t.range.with(start: start, end: end)))
                }
            } else {
                pieces.append((t.text, t.kind, t.range))
            }
        }
    }

    private func at(_ text: String) -> Bool { index < pieces.count && pieces[index].text == text && pieces[index].kind != .string }

    private mutating func type(depth: Int) -> TypeSyntax? {
        guard depth < 32, index < pieces.count else { return nil }
        let start = pieces[index].range
        var base: TypeSyntax
        if at("[") {
            index += 1
            guard let element = type(depth: depth + 1) else { return nil }
            if at(":") {  // `[K: V]`
                index += 1
                guard let value = type(depth: depth + 1), at("]") else { return nil }
                let name = NameSyntax(name: "Dictionary", range: start, isBackticked: false)
                base = .named(name, arguments: [element, value], range: start.union(pieces[index].range))
            } else {
                guard at("]") else { return nil }
                base = .list(element, range: start.union(pieces[index].range))
            }
            index += 1
        } else if pieces[index].kind == .identifier || pieces[index].kind == .keyword {
            var nameIndex = index
            index += 1
            // A qualified name: keep the last part (`Foundation.Date` is `Date`).
            while at("."), index + 1 < pieces.count, pieces[index + 1].kind == .identifier {
                nameIndex = index + 1
                index += 2
            }
            let name = NameSyntax(name: pieces[nameIndex].text, range: pieces[nameIndex].range, isBackticked: false)
            if at("<") {
                var arguments: [TypeSyntax] = []
                repeat {
                    index += 1
                    guard let argument = type(depth: depth + 1) else { return nil }
                    arguments.append(argument)
                } while at(",")
                guard at(">") else { return nil }
                let whole = start.union(pieces[index].range)
                index += 1
                switch (name.name, arguments.count) {
                case ("Array", 1): base = .list(arguments[0], range: whole)
                case ("Optional", 1): base = .optional(arguments[0], range: whole)
                default: base = .named(name, arguments: arguments, range: whole)
                }
            } else {
                let stored = SwiftModelReader.scalarStorage[name.name].map { NameSyntax(name: $0, range: name.range, isBackticked: false) }
                base = .named(stored ?? name, arguments: [], range: start.union(name.range))
            }
        } else {
            return nil
        }
        while at("?") || at("!") {
            base = .optional(base, range: start.union(pieces[index].range))
            index += 1
        }
        return base
    }
}

/// Reads a default value: literals, `-` numbers, `true`/`false`/`nil`, `.case` and
/// `Type.case`, `[...]` of those, `[:]` (an empty dictionary, the language's `[]`), for dates
/// `Date()`, `Date.now`, `.now` (the language's `now`), and `Type()` or `.init()` for a property of
/// the app's own type (a Codable value's initializer).
private struct SwiftDefaultReader {
    let tokens: [SwiftToken]
    /// The property's type name, when written (`Date` makes `.now` a date).
    let typeName: String?

    struct Value {
        var expression: ExpressionSyntax
        /// The type a literal implies, for a property written without one (`var name = ""`).
        var inferredType: TypeSyntax?
        /// The index after the value.
        var end: Int
    }

    func read(_ range: Range<Int>) -> Value? {
        guard let value = literal(at: range.lowerBound, limit: range.upperBound, depth: 0), value.end == range.upperBound else {
            return nil
        }
        return value
    }

    /// The type an initial value names, for a property written without one: `T(...)` and
    /// `T.member` (`Decimal.zero`, `Int.max`, `Date(timeIntervalSinceReferenceDate: 0)`), with
    /// `Foundation.` or `Swift.` before it. A type's name starts with a capital; `value.member` is no type.
    func namedType(_ range: Range<Int>) -> TypeSyntax? {
        if let type = writtenType(range) { return type }
        guard let (i, _) = namedValue(range) else { return nil }
        let name = SwiftModelReader.scalarStorage[tokens[i].text] ?? tokens[i].text
        return named(name, tokens[i].range)
    }

    /// Where `T` is in a value `T(...)` or `T.member` (`Swift.` or `Foundation.` before it), and
    /// which of the two the value is.
    func namedValue(_ range: Range<Int>) -> (type: Int, isMember: Bool)? {
        var i = range.lowerBound
        if i + 2 < range.upperBound, tokens[i].isWord("Foundation") || tokens[i].isWord("Swift"), tokens[i + 1].isPunctuation(".") {
            i += 2
        }
        guard i + 1 < range.upperBound, tokens[i].kind == .identifier, tokens[i].text.first?.isUppercase == true else { return nil }
        let isCall = tokens[i + 1].isPunctuation("(") && closing(i + 1, limit: range.upperBound) == range.upperBound - 1
        let isMember =
            i + 3 == range.upperBound && tokens[i + 1].isPunctuation(".")
            && (tokens[i + 2].kind == .identifier || tokens[i + 2].kind == .keyword)
        return isCall || isMember ? (i, isMember) : nil
    }

    /// The type an initial value writes out: a collection's initializer (`[Plant]()`,
    /// `[String: Int]()`, `Set<String>()`) or an optional's case (`Plant?.none`,
    /// `[Plant]?.some([])`, `Optional<Plant>.none`).
    func writtenType(_ range: Range<Int>) -> TypeSyntax? {
        guard let last = range.last, range.count >= 3 else { return nil }
        let first = tokens[range.lowerBound]
        guard first.isPunctuation("[") || (first.kind == .identifier && first.text.first?.isUppercase == true) else { return nil }
        // `T(...)`: the call's `(`, where the type ends.
        if tokens[last].isPunctuation(")"), let open = opening(last, from: range.lowerBound),
            let type = SwiftTypeReader.read(tokens, range.lowerBound..<open)
        {
            switch type {
            case .list: return type
            case .named(let name, let arguments, _) where !arguments.isEmpty && ["Set", "Array", "Dictionary"].contains(name.name):
                return type
            default: break
            }
        }
        // `T?.none`, `T?.some(...)`: the `.` before the case.
        let caseAt = tokens[last].isPunctuation(")") ? opening(last, from: range.lowerBound).map { $0 - 1 } : last
        guard let caseAt, caseAt - 1 > range.lowerBound, tokens[caseAt - 1].isPunctuation("."),
            tokens[caseAt].isWord(tokens[last].isPunctuation(")") ? "some" : "none"),
            let type = SwiftTypeReader.read(tokens, range.lowerBound..<(caseAt - 1))
        else { return nil }
        if case .optional = type { return type }
        if case .named(let name, let arguments, let whole) = type, name.name == "Optional", arguments.count == 1 {
            return .optional(arguments[0], range: whole)
        }
        return nil
    }

    /// The `(` the `)` at `close` closes, not before `from`.
    private func opening(_ close: Int, from: Int) -> Int? {
        var depth = 0
        for k in stride(from: close, through: from, by: -1) where tokens[k].kind == .punctuation {
            switch tokens[k].text {
            case ")", "]", "}": depth += 1
            case "(", "[", "{":
                depth -= 1
                if depth == 0 { return tokens[k].text == "(" ? k : nil }
            default: break
            }
        }
        return nil
    }

    /// The `)` closing the `(` at `open`, before `limit`.
    private func closing(_ open: Int, limit: Int) -> Int? {
        var depth = 0
        for k in open..<limit where tokens[k].kind == .punctuation {
            switch tokens[k].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return k }
            default: break
            }
        }
        return nil
    }

    private func named(_ name: String, _ range: SourceRange) -> TypeSyntax {
        .named(NameSyntax(name: name, range: range, isBackticked: false), arguments: [], range: range)
    }

    /// The value starting at `at`, ending before `limit`.
    func literal(at: Int, limit: Int, depth: Int = 0) -> Value? {
        guard depth < 32, at < limit else { return nil }
        let t = tokens[at]
        func now(_ end: Int) -> Value {
            let whole = t.range.union(tokens[end - 1].range)
            return Value(
                expression: .name(NameSyntax(name: "now", range: whole, isBackticked: false)), inferredType: named("Date", whole), end: end)
        }
        func word(_ i: Int, _ text: String) -> Bool { i < limit && tokens[i].isWord(text) }
        func punctuation(_ i: Int, _ text: String) -> Bool { i < limit && tokens[i].isPunctuation(text) }
        switch t.kind {
        case .string:
            guard let literal = t.literal, literal.interpolations.isEmpty else { return nil }
            return Value(expression: .string(literal.content, range: t.range), inferredType: named("String", t.range), end: at + 1)
        case .integer, .float:
            return number(t, sign: "", range: t.range, end: at + 1)
        case .operator where t.text == "-" && at + 1 < limit && !tokens[at + 1].hasSpaceBefore:
            let n = tokens[at + 1]
            guard n.kind == .integer || n.kind == .float else { return nil }
            return number(n, sign: "-", range: t.range.union(n.range), end: at + 2)
        case .keyword where t.text == "true" || t.text == "false" || t.text == "nil":
            let inferred = t.text == "nil" ? nil : named("Bool", t.range)
            return Value(
                expression: .name(NameSyntax(name: t.text, range: t.range, isBackticked: false)), inferredType: inferred, end: at + 1)
        case .punctuation where t.text == ".":
            // `.now` for a date, `.init()` for a date, `.case` for an enum.
            guard at + 1 < limit, tokens[at + 1].kind == .identifier || tokens[at + 1].kind == .keyword else { return nil }
            let member = tokens[at + 1]
            if typeName == "Date" {
                if member.text == "now" { return now(at + 2) }
                if member.text == "init", punctuation(at + 2, "("), punctuation(at + 3, ")") { return now(at + 4) }
                return nil
            }
            if member.text == "init", punctuation(at + 2, "("), punctuation(at + 3, ")"), let typeName, TypeCatalog.builtin(typeName) == nil
            {
                let whole = t.range.union(tokens[at + 3].range)
                return Value(expression: .call(NameSyntax(name: typeName, range: whole, isBackticked: false), range: whole), end: at + 4)
            }
            return Value(
                expression: .enumCase(
                    NameSyntax(name: member.text, range: member.range, isBackticked: false), range: t.range.union(member.range)),
                end: at + 2)
        case .identifier:
            // `Date()`, `Date.now`, `Foundation.Date.now`, `Status.active`.
            var i = at
            if word(i, "Foundation"), punctuation(i + 1, ".") { i += 2 }
            guard i < limit, tokens[i].kind == .identifier else { return nil }
            let type = tokens[i].text
            if type == "Date" {
                if punctuation(i + 1, "("), punctuation(i + 2, ")") { return now(i + 3) }
                if punctuation(i + 1, "."), word(i + 2, "now") { return now(i + 3) }
                return nil
            }
            if type == "UUID", punctuation(i + 1, "("), punctuation(i + 2, ")") {  // a new identifier per object
                let whole = t.range.union(tokens[i + 2].range)
                return Value(
                    expression: .call(NameSyntax(name: "UUID", range: tokens[i].range, isBackticked: false), range: whole),
                    inferredType: named("UUID", whole), end: i + 3)
            }
            if type == typeName, TypeCatalog.builtin(type) == nil, punctuation(i + 1, "("), punctuation(i + 2, ")") {
                let whole = t.range.union(tokens[i + 2].range)
                return Value(
                    expression: .call(NameSyntax(name: type, range: tokens[i].range, isBackticked: false), range: whole), end: i + 3)
            }
            guard punctuation(i + 1, "."), i + 2 < limit, tokens[i + 2].kind == .identifier || tokens[i + 2].kind == .keyword else {
                return nil
            }
            let member = tokens[i + 2]
            return Value(
                expression: .enumCase(
                    NameSyntax(name: member.text, range: member.range, isBackticked: false), range: t.range.union(member.range)),
                inferredType: named(SwiftModelReader.scalarStorage[type] ?? type, tokens[i].range), end: i + 3)
        case .punctuation where t.text == "[" && punctuation(at + 1, ":") && punctuation(at + 2, "]"):
            return Value(expression: .list([], range: t.range.union(tokens[at + 2].range)), end: at + 3)
        case .punctuation where t.text == "[":
            var elements: [ExpressionSyntax] = []
            var i = at + 1
            var elementType: TypeSyntax?
            while i < limit, !tokens[i].isPunctuation("]") {
                guard let element = literal(at: i, limit: limit, depth: depth + 1) else { return nil }
                elements.append(element.expression)
                elementType = elementType ?? element.inferredType
                i = element.end
                if i < limit, tokens[i].isPunctuation(",") { i += 1 } else { break }
            }
            guard i < limit, tokens[i].isPunctuation("]") else { return nil }
            let whole = t.range.union(tokens[i].range)
            return Value(expression: .list(elements, range: whole), inferredType: elementType.map { .list($0, range: whole) }, end: i + 1)
        default:
            return nil
        }
    }

    private func number(_ token: SwiftToken, sign: String, range: SourceRange, end: Int) -> Value? {
        let digits = token.text.replacingOccurrences(of: "_", with: "")
        if token.kind == .integer {
            let value: Int64?
            if digits.hasPrefix("0x") {
                value = Int64(digits.dropFirst(2), radix: 16)
            } else if digits.hasPrefix("0b") {
                value = Int64(digits.dropFirst(2), radix: 2)
            } else if digits.hasPrefix("0o") {
                value = Int64(digits.dropFirst(2), radix: 8)
            } else {
                value = Int64(digits)
            }
            guard let value else { return nil }
            // A whole number for a Double property is a Double, as in Swift.
            let type = typeName == "Double" || typeName == "Decimal" ? typeName! : "Int"
            return Value(expression: .integer(sign + String(value), range: range), inferredType: named(type, range), end: end)
        }
        guard !digits.hasPrefix("0x") else { return nil }
        return Value(expression: .float(sign + digits, range: range), inferredType: named("Double", range), end: end)
    }
}

extension FieldSyntax {
    /// `@Transient`: never stored, so neither synced nor checked.
    fileprivate var isTransient: Bool { attributes.contains { $0.name.name == "transient" } }
}
