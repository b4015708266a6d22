/// `keyvalue` declarations: typed keys in `NSUbiquitousKeyValueStore`.
enum KeyValueRules {
    static let all: [LintRule] = [keyLimit, keyLength, typeUnsupported, defaultsSize, keyDuplicate]

    static func allKeys(_ schema: Schema) -> some Sequence<(KeyValueStore, KeyValueKey)> {
        schema.keyValueStores.lazy.flatMap { store in store.keys.lazy.map { (store, $0) } }
    }

    static let keyLimit = LintRule(
        "KV_KEY_LIMIT", .keyvalue, .error,
        summary: "More than 1024 keys across all keyvalue declarations",
        explanation: """
            "Your app can have no more than 1024 keys in the iCloud key-value store" \
            (NSUbiquitousKeyValueStoreQuotaViolationChange); writes past the quota are dropped and reported as a \
            quota violation. All keyvalue declarations share one store.
            """,
        fix: """
            combine related keys into one \
            Data or list value, or move the data into CloudKit records.
            """,
        check: { input, out in
            var count = 0
            for (_, key) in allKeys(input.schema) {
                count += 1
                if count == 1025 {
                    out.report(
                        "'\(key.key)' is key number 1025; the iCloud key-value store holds at most 1024 keys per app",
                        at: key.spans.name)
                }
            }
        })

    static let keyLength = LintRule(
        "KV_KEY_LENGTH", .keyvalue, .error,
        summary: "A key longer than 64 bytes of UTF-8",
        explanation: """
            NSUbiquitousKeyValueStore keys are limited to 64 bytes of UTF-8; a longer key raises \
            NSInvalidArgumentException ("NSUbiquitousKeyValueStore: key '...' is too long").
            """,
        fix: """
            shorten the key (with @name("short") to keep the Swift name).
            """,
        check: { input, out in
            for (_, key) in allKeys(input.schema) where key.key.utf8.count > 64 {
                out.report(
                    "key '\(key.key)' is \(key.key.utf8.count) bytes; the iCloud key-value store allows 64 bytes of UTF-8, so shorten it with @name",
                    at: key.spans.attributes["name"] ?? key.spans.name)
            }
        })

    static func isPropertyList(_ type: FieldType) -> Bool {
        switch type {
        case .string, .int64, .int, .double, .bool, .data, .date, .enumeration: true
        case .list(let element): isPropertyList(element)
        default: false
        }
    }

    static let typeUnsupported = LintRule(
        "KV_TYPE_UNSUPPORTED", .keyvalue, .error,
        summary: "A type that is not a property-list value (String, Int64, Double, Bool, Data, Date, lists of those)",
        explanation: """
            The key-value store holds property-list values only: strings, numbers, booleans, data, dates, \
            arrays and dictionaries of them (NSUbiquitousKeyValueStore). Enums are stored as their raw values. \
            References, assets and locations are CloudKit record values and cannot be stored; UUID and URL must \
            be stored as String.
            """,
        fix: """
            change the type (e.g. String for a UUID) or keep the value in a record.
            """,
        check: { input, out in
            for (_, key) in allKeys(input.schema) where !isPropertyList(key.type) {
                out.report(
                    "'\(key.name)' has type \(key.type), which is not a property-list value; the key-value store holds String, Int64, Double, Bool, Data, Date and lists of them",
                    at: key.spans.type ?? key.spans.name)
            }
        })

    static let defaultsSize = LintRule(
        "KV_DEFAULTS_SIZE", .keyvalue, .error,
        summary: "Declared defaults that add up past 1 MB",
        explanation: """
            "The total amount of available storage space for all values is 1 megabyte" \
            (NSUbiquitousKeyValueStoreQuotaViolationChange). Defaults are written as values, so their sizes (plus \
            the keys) must fit.
            """,
        fix: """
            shrink the defaults, or keep large data in CloudKit records or assets.
            """,
        check: { input, out in
            var total = 0
            for (_, key) in allKeys(input.schema) {
                guard let value = key.defaultValue else { continue }
                let before = total
                total += key.key.utf8.count + RecordRules.valueSize(value)
                if before <= 1_000_000 && total > 1_000_000 {
                    out.report(
                        "with '\(key.key)', declared defaults add up to \(total) bytes, past the key-value store's 1 MB quota",
                        at: key.spans.defaultValue ?? key.spans.name)
                }
            }
        })

    static let keyDuplicate = LintRule(
        "KV_KEY_DUPLICATE", .keyvalue, .error,
        summary: "Two keyvalue declarations use the same store key: they overwrite each other",
        explanation: """
            Every keyvalue declaration reads and writes the one NSUbiquitousKeyValueStore of the app, so two \
            accessors with the same key (by name or @name) share one value and overwrite each other's data, \
            possibly with values of another type.
            """,
        fix: """
            rename one key, or give it another @name.
            """,
        check: { input, out in
            var seen: [String: (KeyValueStore, KeyValueKey)] = [:]
            for (store, key) in allKeys(input.schema) {
                if let (firstStore, first) = seen[key.key] {
                    out.report(
                        "key '\(key.key)' is also used by '\(firstStore.name).\(first.name)'; both read and write one stored value, so rename one",
                        at: key.spans.attributes["name"] ?? key.spans.name,
                        notes: [.init("'\(firstStore.name).\(first.name)' declared here", at: first.spans.name)])
                } else {
                    seen[key.key] = (store, key)
                }
            }
        })
}
