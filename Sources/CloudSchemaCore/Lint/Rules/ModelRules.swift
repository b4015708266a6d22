/// SwiftData models synced by Core Data's CloudKit mirroring. These reproduce the checks
/// `PFCloudKitModelValidator` runs when the store loads (NSCocoaErrorDomain 134060), and quote
/// the runtime message so a user who has seen that launch failure recognises it.
enum ModelRules {
    static let all: [LintRule] = [
        unique, attributeOptionalOrDefault, relationshipOptional, relationshipInverse, deleteRuleDeny,
        encryptedRelationship, externalStorage, recordSize, propertyReserved, fieldLimit, decimal, localStore,
    ]

    /// `Core Data would fail at launch with error 134060: "<header> <Entity: entry>"`.
    static func runtime(_ header: String, _ entry: String) -> String {
        "Core Data would fail at launch with error 134060: \"\(header) \(entry)\""
    }

    /// Calls `body` with each model Core Data mirrors: all but those stored without CloudKit (`MODEL_LOCAL_STORE`).
    static func forEachMirrored(_ input: LintInput, _ body: (Borrowed<Model>) -> Void) {
        input.schema.models.forEachInPlace { model in if input.isMirrored(model.name) { body(model) } }
    }

    /// Run by the Linter after each rule of this category: its errors in a model that may be local
    /// (an `.automatic` store whose entitlements were not read: `LocalModels.isCertain` false) are
    /// warnings, with a note saying why and what makes them errors: the guide's "no false error on
    /// an app that works".
    static func gradeUnsureModels(_ input: LintInput, _ out: inout LintReporter) {
        let unsure = input.schema.localModels.filter { !$0.isCertain }
        guard !unsure.isEmpty, !out.diagnostics.isEmpty else { return }
        var notes: [String: String] = [:]
        for group in unsure {
            for model in group.models where notes[model] == nil {
                let remedy =
                    group.remedy
                    ?? "lint the app's .entitlements file with the Swift files (the folder with the app's Xcode project, or the file named on the command line; the build plugin passes the target's) to make this an error"
                notes[model] = "whether '\(model)' syncs is not known: it is \(group.reason); \(remedy)"
            }
        }
        for (index, model) in findings(out, inModels: Set(notes.keys), input) where out.diagnostics[index].severity == .error {
            out.diagnostics[index].severity = .warning
            out.diagnostics[index].notes.append(Diagnostic.Note(notes[model]!, at: out.diagnostics[index].range))
        }
    }

    /// Run by the Linter after each rule of this category: an error in a model one store keeps
    /// without CloudKit and another syncs gets a note at the store that syncs it, which is why the
    /// rules apply (a store behind a feature flag, or left from an older design, is easy to miss).
    /// Errors only: an app that offers sync as a choice has both stores on purpose, and its
    /// warnings need no note.
    static func nameSyncingStores(_ input: LintInput, _ out: inout LintReporter) {
        guard !input.schema.syncedLocalModels.isEmpty, out.diagnostics.contains(where: { $0.severity == .error }) else { return }
        // The first store that syncs each model, the first that keeps it local, and the other
        // places that sync it (a container and its configuration start at one place).
        func place(_ group: SyncedLocalModels) -> String { group.syncing.map { "\($0.file):\($0.start.offset)" } ?? "" }
        var stores: [String: (group: SyncedLocalModels, more: Set<String>)] = [:]
        for group in input.schema.syncedLocalModels {
            for model in group.models {
                guard let first = stores[model] else {
                    stores[model] = (group, [])
                    continue
                }
                if place(first.group) != place(group) { stores[model]?.more.insert(place(group)) }
            }
        }
        for (index, model) in findings(out, inModels: Set(stores.keys), input) where out.diagnostics[index].severity == .error {
            let (group, more) = stores[model]!
            let local = group.local.map { ", though the store made at \($0.file):\($0.start.line) keeps it without CloudKit" } ?? ""
            let others = more.isEmpty ? "" : " (and \(more.count) more store\(more.count == 1 ? "" : "s"))"
            out.diagnostics[index].notes.append(
                Diagnostic.Note(
                    "'\(model)' syncs through this store\(others)\(local); give it cloudKitDatabase: .none if it should not sync",
                    at: group.syncing))
        }
    }

    /// Each of `out`'s findings in a model named in `names`, by its index, with the model's name:
    /// a finding belongs to the model whose declaration holds it.
    private static func findings(_ out: LintReporter, inModels names: Set<String>, _ input: LintInput) -> [(index: Int, model: String)] {
        var byFile: [String: [(range: SourceRange, name: String)]] = [:]
        for model in input.schema.models where names.contains(model.name) {
            if let range = model.spans.range { byFile[range.file, default: []].append((range, model.name)) }
        }
        return out.diagnostics.indices.compactMap { index in
            guard let range = out.diagnostics[index].range,
                let model = byFile[range.file]?.first(where: {
                    $0.range.start.offset <= range.start.offset && range.end.offset <= $0.range.end.offset
                })
            else { return nil }
            return (index, model.name)
        }
    }

    /// Calls `body` with each property Core Data mirrors (transient ones are never synced), in place.
    static func forEachSynced(_ model: Borrowed<Model>, _ body: (Borrowed<ModelProperty>) -> Void) {
        model.properties.forEachInPlace { property in if !property.isTransient { body(property) } }
    }

    static let unique = LintRule(
        "MODEL_UNIQUE", .models, .error,
        summary: "@unique or @unique(a, b): CloudKit cannot enforce uniqueness",
        explanation: """
            Apple: "Unique constraints aren't supported" ("Creating a Core Data Model for CloudKit"; SwiftData: \
            CloudKit can't enforce @Attribute(.unique) or #Unique). Two devices can create the same value \
            offline. The store fails to load with: "CloudKit integration does not support unique constraints. \
            The following entities are constrained:".
            """,
        fix: """
            remove @unique and deduplicate in code after sync \
            (e.g. on NSPersistentStoreRemoteChange).
            """,
        eachMirroredModel: { input, model, out in
            let header = "CloudKit integration does not support unique constraints. The following entities are constrained:"
            // One finding per constraint (the runtime lists one line per constraint), each at its own `@unique`.
            for (index, constraint) in model.uniqueConstraints.enumerated() {
                let range =
                    index < model.uniqueConstraintRanges.count ? model.uniqueConstraintRanges[index] : model.spans.attributes["unique"]
                out.report(
                    "CloudKit cannot enforce uniqueness; \(runtime(header, "\(model.name): \(constraint.joined(separator: ", "))"))",
                    at: range ?? model.spans.name, fixIts: range.map { [input.removeAttribute($0, "remove @unique")] } ?? [])
            }
            model.properties.forEachInPlace { property in
                guard property.isUnique else { return }
                let range = property.spans.attributes["unique"]
                out.report(
                    "CloudKit cannot enforce uniqueness; \(runtime(header, "\(model.name): \(property.name)"))",
                    at: range ?? property.spans.name,
                    fixIts: range.map { [input.removeAttribute($0, "remove @unique")] } ?? [])
            }
        })

    /// A literal that is a sensible "empty" default for the type, if there is one.
    static func zeroDefault(_ type: FieldType, _ schema: LintInput) -> String? {
        switch type {
        case .string: "\"\""
        case .int, .int64: "0"
        case .double, .decimal: "0"
        case .bool: "false"
        case .date: "now"
        case .list: "[]"
        case .enumeration(let name, _):
            schema.schema.enumType(named: name)?.cases.first.map { ".\(SchemaText.name($0.name))" }
        default: nil
        }
    }

    static let attributeOptionalOrDefault = LintRule(
        "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT", .models, .error,
        summary: "A non-optional attribute without a declared default",
        explanation: """
            Records arrive from CloudKit with fields missing (older app versions, partial syncs), so Core Data \
            requires every mirrored attribute to be optional or to have a default. This is enforced only at runtime \
            (PFCloudKitModelValidator, reconstructed in pookjw/OpenCloudData; the text appears in many developer \
            logs): "CloudKit integration requires that all attributes be optional, or have a default value set. \
            The following attributes are marked non-optional but do not have a default value:". In SwiftData the \
            default must be the property's initial value (var x = 0): a value set in init() does not count.
            """,
        fix: """
            add '?' or '= value' (both offered as fix-its).
            """,
        eachMirroredModel: { input, model, out in
            let header =
                "CloudKit integration requires that all attributes be optional, or have a default value set. The following attributes are marked non-optional but do not have a default value:"
            // A default written but invalid is the resolver's one error (DEFAULT_TYPE_MISMATCH), not a second one here.
            forEachSynced(model) { property in
                guard
                    !property.isRelationship && !property.isOptional && !property.hasDefault && property.spans.defaultValue == nil
                else { return }
                var fixIts: [Diagnostic.FixIt] = []
                if let type = property.spans.type {
                    fixIts.append(.insert("?", at: type.endOnly, "make '\(property.name)' optional"))
                    if let zero = zeroDefault(property.type, input) {
                        fixIts.append(.insert(" = \(zero)", at: type.endOnly, "add the default '= \(zero)'"))
                    }
                }
                out.report(
                    "'\(property.name)' must be optional or have a default value; \(runtime(header, "\(model.name): \(property.name)"))",
                    at: property.spans.type ?? property.spans.name, fixIts: fixIts)
            }
        })

    static let relationshipOptional = LintRule(
        "MODEL_RELATIONSHIP_OPTIONAL", .models, .error,
        summary: "A relationship that is not optional (to-one and to-many)",
        explanation: """
            "All relationships must be optional" because CloudKit may not save relationship changes atomically \
            ("Creating a Core Data Model for CloudKit"; SwiftData's "Syncing model data across a person's \
            devices": all relationships must be optional). This covers to-many relationships too, with or \
            without a Swift initial value: `var tags: [Tag] = []` is still a non-optional relationship (a \
            relationship has no default value in Core Data), and the validator rejects every relationship that \
            is not optional, with no exception for to-many ones (PFCloudKitModelValidator as reconstructed in \
            pookjw/OpenCloudData, OCCloudKitModelValidator.m). The store fails to load with: "CloudKit \
            integration requires that all relationships be optional, the following are not:".
            """,
        fix: """
            add '?' to the type (the fix-it does); in Swift, `var tags: [Tag]? = []`.
            """,
        eachMirroredModel: { input, model, out in
            let header = "CloudKit integration requires that all relationships be optional, the following are not:"
            forEachSynced(model) { property in
                guard property.isRelationship && !property.isOptional else { return }
                out.report(
                    "relationship '\(property.name)' must be optional; \(runtime(header, "\(model.name): \(property.name)"))",
                    at: property.spans.type ?? property.spans.name,
                    fixIts: property.spans.type.map { [.insert("?", at: $0.endOnly, "make '\(property.name)' optional")] }
                        ?? [])
            }
        })

    static let relationshipInverse = LintRule(
        "MODEL_RELATIONSHIP_INVERSE", .models, .error,
        summary: "A relationship with no inverse that cannot be inferred (SwiftData infers one only when unambiguous)",
        explanation: """
            "All relationships must have an inverse" because records may sync out of order \
            ("Creating a Core Data Model for CloudKit"). SwiftData sets the inverse itself only when it can infer \
            it reliably: here, when the two models have exactly one relationship pointing at each other. \
            Otherwise the store fails to load with: "CloudKit integration requires that all relationships have \
            an inverse, the following do not:".
            """,
        fix: """
            add the relationship back on the other model, and write \
            @inverse(property) on one side when a model has several relationships to the same model.
            """,
        eachMirroredModel: { input, model, out in
            // Kept for `check` while the Linter's walk has the model in the cache.
            out.relationships.add(model, at: out.position, input)
        },
        check: { input, out in
            let header = "CloudKit integration requires that all relationships have an inverse, the following do not:"
            var relationships = SyncedRelationships()
            swap(&relationships, &out.relationships)
            relationships.group(input)
            // The models are read again only for a finding.
            for relationship in relationships.all where relationship.target >= 0 && !relationship.isExplicit {
                let selfPair = relationship.target == relationship.source
                let backCount = relationships.candidateCount(
                    from: relationship.target, to: relationship.source, without: selfPair ? relationship.name : nil)
                let forward = relationships.candidateCount(from: relationship.source, to: relationship.target)
                // Unambiguous: one candidate each way (for a self-relationship, the pair is the two properties).
                if backCount == 1 && (selfPair ? forward == 2 : forward == 1) { continue }
                // A property the Swift reader left out may be the inverse, or name one: nothing is certain.
                if relationships.isPartlyRead(relationship.source, input) || relationships.isPartlyRead(relationship.target, input) {
                    continue
                }
                let back = relationships.candidates(
                    from: relationship.target, to: relationship.source, without: selfPair ? relationship.name : nil)
                input.schema.models.inPlace(at: Int(relationship.model)) { model in
                    model.properties.inPlace(at: Int(relationship.property)) { property in
                        let target = property.type.relationshipTarget ?? ""
                        let reason =
                            back.isEmpty
                            ? "'\(target)' has no relationship back to '\(model.name)'"
                            : "the inverse is ambiguous (\(back.map { "'\(target).\($0)'" }.joined(separator: ", ")))"
                        out.report(
                            "relationship '\(property.name)' needs an inverse: \(reason); add @inverse or the relationship back; \(runtime(header, "\(model.name): \(property.name)"))",
                            at: property.spans.name)
                    }
                }
            }
        })

    static let deleteRuleDeny = LintRule(
        "MODEL_DELETE_RULE_DENY", .models, .error,
        summary: "@deleteRule(deny)",
        explanation: """
            "The Deny deletion rule isn't supported" ("Creating a Core Data Model for CloudKit"; SwiftData: the \
            .deny delete rule is unsupported): another device can delete the object anyway. The store fails to \
            load with: "The following relationships are configured with unsupported delete rules:".
            """,
        fix: """
            use nullify (the fix-it does) or cascade, and check the condition in code before deleting.
            """,
        eachMirroredModel: { input, model, out in
            let header = "The following relationships are configured with unsupported delete rules:"
            model.properties.forEachInPlace { property in
                guard property.deleteRule == .deny else { return }
                let range = property.spans.attributes["deleteRule"]
                out.report(
                    "CloudKit sync does not support the deny delete rule; \(runtime(header, "\(model.name):\(property.name) - Deny"))",
                    at: range ?? property.spans.name,
                    fixIts: range.map { [.replace($0, with: "@deleteRule(nullify)", "use @deleteRule(nullify)")] } ?? [])
            }
        })

    static let encryptedRelationship = LintRule(
        "MODEL_ENCRYPTED_RELATIONSHIP", .models, .error,
        summary: "@encrypted on a relationship",
        explanation: """
            Core Data encrypts attributes (allowsCloudEncryption), never relationships; the validator rejects \
            them (PFCloudKitModelValidator, pookjw/OpenCloudData) with "CloudKit integration does not support \
            encrypted relationships.".
            """,
        fix: """
            remove @encrypted from the relationship.
            """,
        eachMirroredModel: { input, model, out in
            let header = "CloudKit integration does not support encrypted relationships."
            model.properties.forEachInPlace { property in
                guard property.isEncrypted && property.isRelationship else { return }
                let range = property.spans.attributes["encrypted"]
                out.report(
                    "relationships cannot be encrypted; \(runtime(header, "\(model.name):\(property.name)"))",
                    at: range ?? property.spans.name,
                    fixIts: range.map { [input.removeAttribute($0, "remove @encrypted")] } ?? [])
            }
        })

    static let externalStorage = LintRule(
        "MODEL_EXTERNAL_STORAGE", .models, .warning,
        summary: "A Data attribute without @externalStorage",
        explanation: """
            Core Data keeps Binary Data inline in the CloudKit record and moves it to a CKAsset only when the \
            record would pass its 700,000-byte ceiling ("Reading CloudKit Records for Core Data"); large inline \
            blobs make every save of the object heavy, and file-backed attributes (@externalStorage, \
            allowsExternalBinaryDataStorage) always become assets.
            """,
        fix: """
            add @externalStorage (the fix-it does) \
            for anything bigger than a few kilobytes.
            """,
        eachMirroredModel: { input, model, out in
            forEachSynced(model) { property in
                guard (property.type == .data || property.type.listElement == .data) && !property.isExternalStorage else { return }
                out.report(
                    "'\(property.name)' is Data without @externalStorage; Core Data keeps it inside the CloudKit record unless it would take the record past 700,000 bytes, so add @externalStorage for anything that can grow",
                    at: property.spans.type ?? property.spans.name,
                    fixIts: property.spans.range.map {
                        [.insert(" @externalStorage", at: $0.endOnly, "add @externalStorage")]
                    } ?? [])
            }
        })

    static let recordSize = LintRule(
        "MODEL_RECORD_SIZE", .models, .warning,
        summary: "A model whose estimated static record size passes 700,000 bytes",
        explanation: """
            Core Data checks that "all entities can be materialized in a CKRecord of less than 700000 bytes" \
            (PFCloudKitModelValidator). The estimate here counts only what the schema states: fixed-size values \
            and declared defaults; so it is a warning.
            """,
        fix: """
            shrink the defaults or move large values to \
            @externalStorage Data.
            """,
        eachMirroredModel: { input, model, out in
            let header =
                "CloudKit integration requires that all entities can be materialized in a CKRecord of less than 700000 bytes. The following entities cannot:"
            var total = 0
            forEachSynced(model) { property in
                guard !property.isExternalStorage else { return }
                total += RecordRules.knownSize(property.type, default: property.defaultValue) + property.name.utf8.count + 3
            }
            if total > 700_000 {
                out.report(
                    "'\(model.name)' is estimated at \(total) bytes; \(runtime(header, "\(model.name): Estimated size \(total) bytes"))",
                    at: model.spans.name)
            }
        })

    static let propertyReserved = LintRule(
        "MODEL_PROPERTY_RESERVED", .models, .warning,
        summary: "A property stored as entityName or moveReceipt, or ending in _ckAsset: names Core Data uses itself",
        explanation: """
            Core Data writes each attribute as CD_<name>, and adds its own fields CD_entityName, CD_moveReceipt \
            and CD_<attribute>_ckAsset companions for large values ("Reading CloudKit Records for Core Data"; \
            OCCloudKitSerializer). An attribute with one of those names collides with them. Inferred from the \
            mapping, not documented as an error, so a warning.
            """,
        fix: """
            rename the property.
            """,
        eachMirroredModel: { input, model, out in
            forEachSynced(model) { property in
                let stored = property.originalName ?? property.name
                if stored == "entityName" || stored == "moveReceipt" || stored.hasSuffix("_ckAsset") {
                    out.report(
                        "'\(stored)' is stored as CD_\(stored), which collides with a field Core Data writes itself; rename it",
                        at: property.spans.attributes["name"] ?? property.spans.name)
                }
            }
        })

    static let fieldLimit = LintRule(
        "MODEL_FIELD_LIMIT", .models, .warning,
        summary: "A model that maps to more than 256 CloudKit fields (counting _ckAsset companions)",
        explanation: """
            A record type holds at most 256 fields (TN3164). Core Data uses one field per attribute, a second \
            CD_<name>_ckAsset field for each variable-length attribute (String, Data, URL, and Codable values, enums \
            included), one \
            per to-one relationship, and CD_entityName, CD_moveReceipt and CD_moveReceipt_ckAsset. The count is an \
            estimate from that mapping, so a warning.
            """,
        fix: """
            split the model.
            """,
        eachMirroredModel: { input, model, out in
            var count = 3
            forEachSynced(model) { property in
                if property.isRelationship {
                    if !property.isToMany { count += 1 }
                    return
                }
                switch property.type {
                case .string, .data, .url, .list, .codable, .enumeration: count += 2
                default: count += 1
                }
            }
            if count > 256 {
                out.report(
                    "'\(model.name)' maps to about \(count) CloudKit fields (with Core Data's _ckAsset companions); CloudKit allows 256",
                    at: model.spans.name)
            }
        })

    static let decimal = LintRule(
        "MODEL_DECIMAL", .models, .warning,
        summary: "A Decimal attribute: CloudKit stores it as a number, so precision may be lost",
        explanation: """
            CloudKit has no decimal type; Core Data writes Decimal attributes as NSNumber \
            ("Reading CloudKit Records for Core Data"), which CloudKit keeps as a DOUBLE. Digits beyond a Double's \
            precision (about 15) may be lost on other devices: inferred, so a warning.
            """,
        fix: """
            store money as an \
            Int64 count of the smallest unit, or as a String.
            """,
        eachMirroredModel: { input, model, out in
            forEachSynced(model) { property in
                guard property.type == .decimal || property.type.listElement == .decimal else { return }
                out.report(
                    "'\(property.name)' is a Decimal, which CloudKit stores as a Double; store an Int64 of the smallest unit or a String to keep every digit",
                    at: property.spans.type ?? property.spans.name)
            }
        })

    static let localStore = LintRule(
        "MODEL_LOCAL_STORE", .models, .info,
        summary: "Models stored without CloudKit: the mirroring rules are not applied to them",
        explanation: """
            Core Data's CloudKit mirroring validates only the stores it mirrors. A ModelConfiguration with \
            cloudKitDatabase: .none "disables managed CloudKit sync" (Apple, ModelConfiguration.CloudKitDatabase); \
            the default, .automatic, "uses the first container in the entitlements" (sync-compat-rules.md §1.1), so it \
            is local when the app's entitlements list no CloudKit in com.apple.developer.icloud-services (Apple, \
            "iCloud Services Entitlement"): the .entitlements files an Xcode project read signs its targets (not its \
            tests) with (CODE_SIGN_ENTITLEMENTS; none: no CloudKit), or else every .entitlements file read. A \
            target's own setting overrides its base .xcconfig, which overrides the project's setting, which overrides \
            the project's .xcconfig ("if you then modify the value of any of those build settings in the target or \
            project, the new value is used instead of the value in the configuration file": Apple, Xcode Help, \
            "Basing a Build Configuration on a Configuration File"), so a value the project file sets for every SDK \
            decides, though .xcconfig files are not read. When the entitlements cannot be known (none read, a value \
            from a variable such as $(inherited), one an .xcconfig may set), the models are checked but their errors \
            are warnings, with a note saying why. A model in no container's schema is never stored. The models a \
            .none configuration lists and no syncing one does are read from the Swift setup (a runtime choice such as \
            `flag ? .private("iCloud.x") : .none` syncs), or from cloudschema.json's swiftdata.localModels when the \
            setup is not among the files read.
            """,
        fix: """
            nothing to do if the store is local; to have the models checked, remove them from swiftdata.localModels \
            or give their configuration a CloudKit database.
            """,
        check: { input, out in
            // The models by name are LintInput's: a set of every model's name, built on each lint
            // with or without local models, was the largest part of this rule.
            for local in input.schema.localModels where local.isCertain {
                let listed = local.models.map { "'\($0)'" }.joined(separator: ", ")
                let unknown = local.models.filter { input.modelsByName.position(of: $0) == nil }.map { "'\($0)'" }
                let missing =
                    unknown.isEmpty ? "" : " (\(unknown.joined(separator: ", ")) \(unknown.count == 1 ? "names" : "name") no model read)"
                out.report(
                    "\(listed) \(local.models.count == 1 ? "is" : "are") \(local.reason), so CloudKit mirroring rules are not applied to \(local.models.count == 1 ? "it" : "them")\(missing)",
                    at: local.range)
            }
        })
}

/// The synced relationships of the models Core Data mirrors, for MODEL_RELATIONSHIP_INVERSE: each
/// model is its position in the schema (of the first model of its name), and each model's
/// relationships sit together in one array, sorted by target. The Linter's walk adds each model's
/// while it is in the cache, in the models' order, so the array is grouped as it is built: index
/// arrays and a counting sort over every relationship cost more, per relationship, as the schema
/// outgrew the processor's caches (issue 36). Only models of one name, which the walk meets apart,
/// are regrouped. (The resolver keeps one property of each name.)
struct SyncedRelationships {
    struct Relationship {
        /// Positions of the model and of its target model (-1: no model of that name).
        var source: Int32
        var target: Int32
        var name: String
        /// Where it is declared: the model's position (`source` is the first model of its name's)
        /// and the property's.
        var model: Int32
        var property: Int32
        /// Whether an `@inverse` names this relationship, or it names its own inverse.
        var isExplicit: Bool
    }

    /// Each model's relationships together, in the models' order; each model's sorted by target,
    /// then in the order declared.
    private(set) var all: [Relationship] = []
    /// Where each model's relationships start in `all`, by position (one more: the end).
    private var starts: [Int32] = []
    /// Relationships that name an inverse: their targets' relationships of that name are explicit too.
    private var inverses: [(source: Int32, target: Int32, inverse: String)] = []
    /// With models of one name, those (by the first one's position) with stored properties the
    /// Swift reader left out.
    private var partlyRead: Set<Int32>?

    /// Adds the relationships of `model`, at `position` in the schema (after every model before it).
    mutating func add(_ model: Borrowed<Model>, at position: Int, _ input: LintInput) {
        while starts.count <= position { starts.append(Int32(all.count)) }
        let first = all.count
        var index = 0
        model.properties.forEachInPlace { property in
            defer { index += 1 }
            guard !property.isTransient, let target = property.type.relationshipTarget else { return }
            let inverse = property.inverse
            let targetPosition = Int32(input.modelsByName.position(of: target) ?? -1)
            if let inverse { inverses.append((Int32(position), targetPosition, inverse)) }
            all.append(
                Relationship(
                    source: Int32(position), target: targetPosition, name: property.name, model: Int32(position),
                    property: Int32(index), isExplicit: inverse != nil))
        }
        if all.count - first > 1 { all[first...].sort(by: Self.inOrder) }
    }

    /// Ends the groups once every model is added, and marks the relationships an `@inverse` names.
    mutating func group(_ input: LintInput) {
        let models = input.schema.models
        let byName = input.modelsByName
        if byName.hasDuplicates {
            // Models of one name are one model, the first's position: their relationships are
            // regrouped by it, each group in the models' order, and sorted again.
            func first(_ position: Int32) -> Int32 { Int32(byName.position(of: models[Int(position)].name) ?? Int(position)) }
            for i in all.indices { all[i].source = first(all[i].model) }
            for i in inverses.indices { inverses[i].source = first(inverses[i].source) }
            var partlyRead: Set<Int32> = []
            for (position, model) in models.enumerated() where !model.unreadProperties.isEmpty {
                partlyRead.insert(first(Int32(position)))
            }
            self.partlyRead = partlyRead
            let order: [Int32]
            (starts, order) = Self.group(all.map { Int($0.source) }, count: models.count)
            all = order.map { all[Int($0)] }
            for model in models.indices where starts[model + 1] - starts[model] > 1 {
                all[Int(starts[model])..<Int(starts[model + 1])].sort(by: Self.inOrder)
            }
        } else {
            while starts.count <= models.count { starts.append(Int32(all.count)) }
        }
        // The relationship an @inverse names is most often the one back to the model that names
        // it, found by its target; a model's names are unique, so the search ends there. Otherwise
        // (or with models of one name, which may repeat a name) every relationship of the target is read.
        for (source, target, name) in inverses where target >= 0 {
            let back = relationships(from: target, to: source)
            let found = partlyRead == nil && back.contains { all[$0].name == name }
            for i in found ? back : segment(target) where all[i].name == name { all[i].isExplicit = true }
        }
    }

    /// Whether the Swift reader left out stored properties of the model at `position` (or of
    /// another of its name). Read from the model itself, as only a finding asks.
    func isPartlyRead(_ position: Int32, _ input: LintInput) -> Bool {
        if let partlyRead { return partlyRead.contains(position) }
        return input.schema.models.inPlace(at: Int(position)) { !$0.unreadProperties.isEmpty }
    }

    /// The names of `source`'s relationships to `target` that no `@inverse` names, in order,
    /// without the one named `name` (a self-relationship's own).
    func candidates(from source: Int32, to target: Int32, without name: String? = nil) -> [String] {
        relationships(from: source, to: target).compactMap { isCandidate($0, name) ? all[$0].name : nil }
    }

    /// How many `candidates` there are: counted, not listed, as every relationship asks and only a
    /// finding needs the names.
    func candidateCount(from source: Int32, to target: Int32, without name: String? = nil) -> Int {
        var count = 0
        for i in relationships(from: source, to: target) where isCandidate(i, name) { count += 1 }
        return count
    }

    private func isCandidate(_ index: Int, _ excluded: String?) -> Bool { !all[index].isExplicit && all[index].name != excluded }

    /// Indices into `all` of the relationships of the model at `position`.
    private func segment(_ position: Int32) -> Range<Int> { Int(starts[Int(position)])..<Int(starts[Int(position) + 1]) }

    /// Indices into `all` of `source`'s relationships to `target`, in order.
    private func relationships(from source: Int32, to target: Int32) -> Range<Int> {
        let segment = segment(source)
        // The first with this target, and the first after (the segment is sorted by target).
        var low = segment.lowerBound
        var high = segment.upperBound
        while low < high {
            let middle = (low + high) / 2
            if all[middle].target < target { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < segment.upperBound, all[end].target == target { end += 1 }
        return low..<end
    }

    /// A model's relationships' order: by target, then as declared.
    private static func inOrder(_ a: Relationship, _ b: Relationship) -> Bool {
        (a.target, a.model, a.property) < (b.target, b.model, b.property)
    }

    /// The indices of `keys` grouped by key (each group in order), and where each key's group
    /// starts (`count + 1` entries): a counting sort, linear in the keys and `count`.
    private static func group(_ keys: [Int], count: Int) -> (starts: [Int32], order: [Int32]) {
        var starts = [Int32](repeating: 0, count: count + 1)
        for key in keys { starts[key + 1] += 1 }
        for i in 0..<count { starts[i + 1] += starts[i] }
        var next = starts
        var order = [Int32](repeating: 0, count: keys.count)
        for (i, key) in keys.enumerated() {
            order[Int(next[key])] = Int32(i)
            next[key] += 1
        }
        return (starts, order)
    }
}
