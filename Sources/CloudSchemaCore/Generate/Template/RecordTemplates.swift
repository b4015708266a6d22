/// `Record.swift.template` and the templates it includes, written in Swift (see
/// `NativeTemplates`). Each follows its template line by line; the template's text is the
/// reference, and the generator's golden files and a byte comparison with the interpreter hold
/// the two together.
enum RecordTemplates {
    private static let recordName = TemplateName("record")
    private static let fieldName = TemplateName("field")
    private static let accessPrefixName = TemplateName("accessPrefix")
    private static let accessName = TemplateName("access")

    /// `Record.swift.template`'s includes, in the order its text has them.
    private enum Include: Int32 {
        case property, encode, decode, query, merge
    }

    /// The variables these templates read, when they are what the generator gives.
    private struct Variables {
        let record: RecordViewModel
        let accessPrefix: String

        init?(_ renderer: TemplateRenderer) {
            guard case .object(let object)? = renderer.lookup(recordName), let record = object as? RecordViewModel,
                case .string(let accessPrefix)? = renderer.lookup(accessPrefixName)
            else { return nil }
            self.record = record
            self.accessPrefix = accessPrefix
        }
    }

    static let record: NativeTemplate = { renderer, template, o throws(TemplateError) in
        guard let variables = Variables(renderer), let access = renderer.lookup(accessName) else { return false }
        let record = variables.record
        let prefix = variables.accessPrefix
        let fields = record.fields
        if isTruthy(record.doc) {
            o.append(SwiftNaming.docComment(record.doc!, indent: 0))
            o.append("\n")
        }
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.append(prefix)
        o.append("struct ")
        o.append(record.swiftName)
        o.append(": CloudRecord, Hashable, Sendable {\n    /// The CloudKit record type.\n    ")
        o.append(prefix)
        o.append("static let recordType = ")
        o.appendStringLiteral(record.recordTypeName)
        o.append("\n")
        if let zone = record.zone, !zone.isEmpty {
            o.append("    /// New records go to the custom zone ")
            o.appendStringLiteral(zone)
            o.append(" of the private database.\n    ")
            o.append(prefix)
            o.append("static let databaseScope = DatabaseScope.private\n    ")
            o.append(prefix)
            o.append("static let zoneID = RecordZoneID(zoneName: ")
            o.appendStringLiteral(zone)
            o.append(")\n")
        } else {
            o.append("    /// New records go to the default zone of the ")
            o.append(record.database)
            o.append(" database.\n    ")
            o.append(prefix)
            o.append("static let databaseScope = DatabaseScope.")
            o.append(record.database)
            o.append("\n    ")
            o.append(prefix)
            o.append("static let zoneID = RecordZoneID.default\n")
        }
        o.append(
            """
                /// The fields in declaration order, as the runtime reads, writes and merges them: one line
                /// each, its key and what differs from a plain field (see `RecordFields`).
                private static let recordFields = RecordFields(
                    recordType: recordType,
                    \"\"\"

            """)
        for field in fields {
            o.append("        ")
            field.writeFieldSpelling(&o)
            o.append("\n")
        }
        o.append("        \"\"\"")
        if fields.contains(where: { $0.defaultValue != nil }) {
            o.append(",\n        defaults: {\n            switch $0 {\n")
            for (index, field) in fields.enumerated() where isTruthy(field.defaultValue) {
                o.append("            case ")
                o.append(index)
                o.append(": (")
                o.append(field.defaultValue!)
                o.append(" as ")
                o.append(field.wrappedType)
                o.append(").recordValue\n")
            }
            o.append("            default: nil\n            }\n        }")
        }
        o.append(
            """
            )

                /// The keys of the record's fields, as CloudKit calls take them (`desiredKeys`,
                /// `changedKeys()`, `record[key]`).

            """)
        writeMember("enum Field {\n", accessPrefix: prefix, into: &o)
        let isPublic = access == .string("public")
        for field in fields {
            o.append(isPublic ? "        @_alwaysEmitIntoClient " : "        ")
            o.append(prefix)
            o.append("static var ")
            o.append(field.swiftName)
            o.append(": Swift.String { ")
            o.appendStringLiteral(field.key)
            o.append(" }\n")
        }
        if !fields.isEmpty { o.append("\n") }
        o.append("        /// Every field's key, in declaration order.\n        ")
        o.append(prefix)
        o.append("static var allKeys: [Swift.String] { ")
        o.append(record.swiftName)
        o.append(".recordFields.keys }\n    }\n\n    ")
        o.append(prefix)
        o.append("var recordID: RecordID\n")
        o.append(
            """
                /// The server version this value was read from (system fields and field values), so a save
                /// sends only what changed; `nil` for a new value.

            """)
        writeMember("var serverVersion: ServerVersion?\n", accessPrefix: prefix, into: &o)
        if !fields.isEmpty {
            let property = try renderer.included(Include.property.rawValue, of: template)
            if property.native != nil && property.name == "RecordProperty.swift.template" {
                // The built-in reads only `field` and `accessPrefix`: written for each field without
                // setting the loop's variables.
                for field in fields { writeProperty(field, accessPrefix: prefix, into: &o) }
            } else {
                try renderer.forEach(fieldName, in: record.fieldValues.elements ?? [], into: &o) { renderer, o throws(TemplateError) in
                    try renderer.renderInclude(Include.property.rawValue, of: template, into: &o)
                }
            }
        }
        o.append("\n")
        try renderer.renderInclude(Include.encode.rawValue, of: template, into: &o)
        o.append(
            """

                /// Equal when the record IDs, server versions and fields are (what Swift would synthesize,
                /// written out so each field type's `==` is compiled once per module, not once per field).

            """)
        o.append("    ")
        o.append(prefix)
        o.append(
            """
            static func == (lhs: Self, rhs: Self) -> Bool {
                    guard fieldEqual(lhs.recordID, rhs.recordID),
                        fieldEqual(lhs.serverVersion, rhs.serverVersion)
            """)
        o.append(fields.isEmpty ? "\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.append("            fieldEqual(lhs.")
            o.append(field.storageName)
            o.append(", rhs.")
            o.append(field.storageName)
            o.append(index == fields.count - 1 ? ")\n" : "),\n")
        }
        o.append(
            """
                    else { return false }
                    return true
                }

                /// Hashes the record ID: equal values have equal IDs, and an edited value keeps its hash.

            """)
        writeMember("func hash(into hasher: inout Hasher) {\n", accessPrefix: prefix, into: &o)
        o.append("        hasher.combine(recordID)\n    }\n}\n\n")
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.append("extension ")
        o.append(record.swiftName)
        o.append(" {\n    ")
        o.append(prefix)
        o.append("init(\n        recordID: RecordID = .init(zoneID: zoneID)")
        o.append(fields.isEmpty ? "\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.append("        ")
            if field.parameterName != field.swiftName {
                o.append(field.argumentLabel)
                o.append(" ")
            }
            o.append(field.parameterName)
            o.append(": ")
            o.append(field.type)
            if let initDefault = field.initDefault, !initDefault.isEmpty {
                o.append(" = ")
                o.append(initDefault)
            }
            o.append(index == fields.count - 1 ? "\n" : ",\n")
        }
        o.append("    ) {\n        self.init(\n            recordID: recordID,\n            serverVersion: nil")
        o.append(fields.isEmpty ? ")\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.append("            ")
            o.append(field.storageLabel)
            o.append(": ")
            o.append(field.parameterName)
            o.append(index == fields.count - 1 ? ")\n" : ",\n")
        }
        o.append("    }\n\n")
        try renderer.renderInclude(Include.decode.rawValue, of: template, into: &o)
        o.append("}\n\n")
        try renderer.renderInclude(Include.query.rawValue, of: template, into: &o)
        try renderer.renderInclude(Include.merge.rawValue, of: template, into: &o)
        return true
    }

    static let property: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard case .object(let object)? = renderer.lookup(fieldName), let field = object as? FieldViewModel,
            case .string(let prefix)? = renderer.lookup(accessPrefixName)
        else { return false }
        writeProperty(field, accessPrefix: prefix, into: &o)
        return true
    }

    private static func writeProperty(_ field: FieldViewModel, accessPrefix prefix: String, into o: inout TemplateText) {
        if isTruthy(field.doc) {
            o.append("    ")
            o.append(SwiftNaming.docComment(field.doc!, indent: 4))
            o.append("\n")
        }
        if field.deprecation != nil {
            writeAvailability(field.deprecation, indent: "    ", into: &o)
            writeMember("var ", accessPrefix: prefix, into: &o)
            o.append(field.swiftName)
            o.append(": ")
            o.append(field.type)
            o.append(" {\n        get { self.")
            o.append(field.storageName)
            o.append(" }\n        set { self.")
            o.append(field.storageName)
            o.append(" = newValue }\n    }\n    private var ")
            o.append(field.storageName)
            o.append(": ")
            o.append(field.type)
            o.append("\n")
        } else {
            writeMember("var ", accessPrefix: prefix, into: &o)
            o.append(field.swiftName)
            o.append(": ")
            o.append(field.type)
            o.append("\n")
        }
    }

    static let encode: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let fields = variables.record.fields
        o.append(
            """
                /// Writes the fields changed since `serverVersion` (every field for a new value) into
                /// `record`, and the parent with its field.

            """)
        writeMember("func encode(to record: some RecordStorage) {\n", accessPrefix: variables.accessPrefix, into: &o)
        if fields.count == 1 {
            o.append("        Self.recordFields.write([")
            fields[0].writeRecordValue(&o)
            o.append("], to: record, changedSince: serverVersion)\n")
        } else {
            o.append("        Self.recordFields.write(\n            [\n")
            for field in fields {
                o.append("                ")
                field.writeRecordValue(&o)
                o.append(",\n")
            }
            o.append("            ], to: record, changedSince: serverVersion)\n")
        }
        o.append("    }\n")
        return true
    }

    static let decode: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let fields = variables.record.fields
        o.append(
            """
                /// Reads a record of this type, remembering it as the value's server version.
                /// - Throws: `RecordDecodingError` naming the field and the problem: another record
                ///   type, a missing required field, a value of the wrong type.

            """)
        writeMember("init(record: some RecordStorage) throws(RecordDecodingError) {\n", accessPrefix: variables.accessPrefix, into: &o)
        if fields.isEmpty {
            o.append(
                "        var fields = try Self.recordFields.read(record)\n"
                    + "        self.init(recordID: fields.takeRecordID(), serverVersion: fields.takeServerVersion())\n")
        } else {
            o.append("        var fields = try Self.recordFields.read(record)\n        ")
            if fields.contains(where: \.decodeThrows) { o.append("try ") }
            o.append(
                "self.init(\n            recordID: fields.takeRecordID(),\n            serverVersion: fields.takeServerVersion(),\n")
            for (index, field) in fields.enumerated() {
                o.append("            ")
                o.append(field.storageLabel)
                o.append(": fields.")
                if field.isOptional && !isTruthy(field.defaultValue) {
                    o.append("decodeIfPresent(")
                    o.append(index)
                    o.append(")")
                } else if let placeholder = field.decodePlaceholder, !placeholder.isEmpty {
                    o.append("decode(")
                    o.append(index)
                    o.append(", placeholder: ")
                    o.append(placeholder)
                    o.append(")")
                } else {
                    o.append("decode(")
                    o.append(index)
                    o.append(")")
                }
                o.append(index == fields.count - 1 ? ")\n" : ",\n")
            }
            if fields.contains(where: { !$0.decodeThrows }) {
                o.append("        try fields.throwFirstFailure()\n")
            }
        }
        o.append("    }\n")
        return true
    }

    static let query: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let record = variables.record
        let prefix = variables.accessPrefix
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.append("extension ")
        o.append(record.swiftName)
        o.append(
            """
            : QueryableRecord {
                /// The fields a query can filter or sort on. A field offers only what its CloudKit indexes
                /// support: predicates (equality, `IN`, `BEGINSWITH`, list `CONTAINS`, location distance)
                /// need QUERYABLE; sorting needs SORTABLE; ranges (`<`, `<=`, `>`, `>=`, `BETWEEN`) need both;
                /// `textSearch` (`self CONTAINS`) needs a SEARCHABLE field. Unindexed and encrypted fields
                /// are not here.
                ///
                /// ```swift

            """)
        o.append("    /// let query = ")
        o.append(record.swiftName)
        o.append(
            """
            .query { $0.field == value && !($0.other == value) }.sorted { $0.field.ascending }
                /// ```

            """)
        writeMember("struct QueryFields: Sendable {\n", accessPrefix: prefix, into: &o)
        for field in record.fields where field.queryFieldType != nil {
            o.append("        /// ")
            o.append(field.indexes.joined(separator: ", ").uppercased())
            o.append(": ")
            for (index, op) in field.queryOperators.enumerated() {
                o.append("`")
                o.append(op)
                o.append(index == field.queryOperators.count - 1 ? "`" : "`, ")
            }
            o.append(".\n")
            writeAvailability(field.queryDeprecation, indent: "        ", into: &o)
            o.append("        ")
            o.append(prefix)
            o.append("var ")
            o.append(field.swiftName)
            o.append(": ")
            o.append(field.queryFieldType!)
            o.append(" { .init(key: ")
            o.appendStringLiteral(field.key)
            o.append(") }\n")
        }
        if record.fields.contains(where: { $0.isSearchable && !$0.isEncrypted }) {
            o.append("        /// Tokenized full-text search over the SEARCHABLE fields: `self CONTAINS`.\n        ")
            o.append(prefix)
            o.append("var textSearch: TextSearch<")
            o.append(record.swiftName)
            o.append("> { .init() }\n")
        }
        o.append(
            """
                }

                /// The handles `query(_:)`, `filter(_:)` and `sorted(_:)` pass to their closures.

            """)
        writeMember("static var queryFields: QueryFields { QueryFields() }\n}\n", accessPrefix: prefix, into: &o)
        return true
    }

    static let merge: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let record = variables.record
        let prefix = variables.accessPrefix
        let custom = record.fields.filter(\.isCustomMerge)
        o.append("\n")
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.append("extension ")
        o.append(record.swiftName)
        o.append(" {\n")
        if !custom.isEmpty {
            o.append(
                """
                    /// Decides the `@merge(custom)` fields of a `.serverRecordChanged` conflict; pass one to
                    /// `mergeConflict(ancestor:client:server:custom:)`. Called only for a field both sides
                    /// changed to different values; `ancestor` is `nil` when the ancestor lacks the value.

                """)
            writeMember("protocol CustomMerge {\n", accessPrefix: prefix, into: &o)
            for field in custom {
                o.append("        /// The value of `")
                o.append(field.swiftName)
                o.append("` to save, given both changes.\n        func merge(")
                o.append(field.argumentLabel)
                o.append(" ancestor: ")
                o.append(field.wrappedType)
                o.append("?, mine: ")
                o.append(field.type)
                o.append(", theirs: ")
                o.append(field.type)
                o.append(") -> ")
                o.append(field.type)
                o.append("\n")
            }
            o.append("    }\n\n")
        }
        o.append(
            """
                /// Resolves a `.serverRecordChanged` error: merges the client's changes into `server` (which
                /// carries the current change tag) and returns it, ready to save or to decode. Per field:
                /// changed only by the client (a changed key of `client`), the client's value; changed only
                /// on the server, the server's; changed by both, the field's `@merge` policy. CloudKit's
                /// `ancestor` tells who changed what; without one, pass the local value's `serverVersion`
                /// as `base`. Encrypted fields are merged in encrypted storage.

            """)
        if !custom.isEmpty {
            o.append("    /// - Throws: `RecordDecodingError` when a `@merge(custom)` field's value can't be decoded.\n")
        }
        o.append("    @discardableResult\n    ")
        o.append(prefix)
        o.append(
            "static func mergeConflict<Storage: RecordStorage>(\n"
                + "        ancestor: Storage?, client: Storage, server: Storage, base: ServerVersion? = nil")
        if !custom.isEmpty { o.append(", custom: some CustomMerge") }
        o.append("\n    )")
        if !custom.isEmpty { o.append(" throws(RecordDecodingError)") }
        o.append(
            """
             -> Storage {
                    let conflict = RecordConflict(ancestor: ancestor, client: client, server: server, base: base)
                    conflict.merge(Self.recordFields)

            """)
        for field in custom {
            o.append("        try conflict.mergeField(forKey: ")
            o.appendStringLiteral(field.key)
            if field.isEncrypted { o.append(", encrypted: true") }
            o.append(
                """
                ) {
                            (conflict: FieldConflict) throws(RecordDecodingError) -> RecordValue? in
                            let merged = custom.merge(

                """)
            o.append("                ")
            o.append(field.argumentLabel)
            o.append(": try conflict.decodeIfPresent(.ancestor),\n")
            if field.isOptional {
                o.append(
                    "                mine: try conflict.decodeIfPresent(.mine),\n"
                        + "                theirs: try conflict.decodeIfPresent(.theirs))\n")
            } else if let defaultValue = field.defaultValue, !defaultValue.isEmpty {
                o.append("                mine: try conflict.decodeIfPresent(.mine) ?? ")
                o.append(defaultValue)
                o.append(",\n                theirs: try conflict.decodeIfPresent(.theirs) ?? ")
                o.append(defaultValue)
                o.append(")\n")
            } else {
                o.append("                mine: try conflict.decode(.mine),\n                theirs: try conflict.decode(.theirs))\n")
            }
            o.append("            return merged")
            if field.isOptional { o.append("?") }
            if field.isTypedReference && field.isList {
                o.append(".map { $0.with(action: .")
                o.append(field.referenceAction)
                o.append(") }.recordValue\n")
            } else if field.isTypedReference {
                o.append(".with(action: .")
                o.append(field.referenceAction)
                o.append(").recordValue\n")
            } else {
                o.append(".recordValue\n")
            }
            o.append("        }\n")
            if field.isParent {
                o.append("        conflict.mergeParent(fromField: ")
                o.appendStringLiteral(field.key)
                o.append(")\n")
            }
        }
        o.append("        return server\n    }\n}\n")
        return true
    }

    /// A member's first line: `    {{ accessPrefix }}` and `declaration`.
    private static func writeMember(_ declaration: String, accessPrefix: String, into o: inout TemplateText) {
        o.append("    ")
        o.append(accessPrefix)
        o.append(declaration)
    }

    /// `{% if x.deprecation %}@available(*, deprecated, message: …){% endif %}` on a line of its own.
    private static func writeAvailability(_ deprecation: DeprecationViewModel?, indent: String, into o: inout TemplateText) {
        guard let deprecation else { return }
        o.append(indent)
        o.append("@available(*, deprecated")
        if let message = deprecation.message, !message.isEmpty {
            o.append(", message: ")
            o.appendStringLiteral(message)
        }
        o.append(")\n")
    }
}
