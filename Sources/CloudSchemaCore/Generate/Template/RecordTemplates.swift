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
            o.write("\n")
        }
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.append(prefix)
        o.write("struct ")
        o.append(record.swiftName)
        o.write(": CloudRecord, Hashable, Sendable {\n    /// The CloudKit record type.\n    ")
        o.append(prefix)
        o.write("static let recordType = ")
        o.appendStringLiteral(record.recordTypeName)
        o.write("\n")
        if let zone = record.zone, !zone.isEmpty {
            o.write("    /// New records go to the custom zone ")
            o.appendStringLiteral(zone)
            o.write(" of the private database.\n    ")
            o.append(prefix)
            o.write("static let databaseScope = DatabaseScope.private\n    ")
            o.append(prefix)
            o.write("static let zoneID = RecordZoneID(zoneName: ")
            o.appendStringLiteral(zone)
            o.write(")\n")
        } else {
            o.write("    /// New records go to the default zone of the ")
            o.append(record.database)
            o.write(" database.\n    ")
            o.append(prefix)
            o.write("static let databaseScope = DatabaseScope.")
            o.append(record.database)
            o.write("\n    ")
            o.append(prefix)
            o.write("static let zoneID = RecordZoneID.default\n")
        }
        o.write(
            """
                /// The fields in declaration order, as the runtime reads, writes and merges them: one line
                /// each, its key and what differs from a plain field (see `RecordFields`).
                private static let recordFields = RecordFields(
                    recordType: recordType,
                    \"\"\"

            """)
        for field in fields {
            o.write("        ")
            field.writeFieldSpelling(&o)
            o.write("\n")
        }
        o.write("        \"\"\"")
        if fields.contains(where: { $0.defaultValue != nil }) {
            o.write(",\n        defaults: {\n            switch $0 {\n")
            for (index, field) in fields.enumerated() where isTruthy(field.defaultValue) {
                o.write("            case ")
                o.append(index)
                o.write(": (")
                o.append(field.defaultValue!)
                o.write(" as ")
                o.append(field.wrappedType)
                o.write(").recordValue\n")
            }
            o.write("            default: nil\n            }\n        }")
        }
        o.write(
            """
            )

                /// The keys of the record's fields, as CloudKit calls take them (`desiredKeys`,
                /// `changedKeys()`, `record[key]`).

            """)
        writeMember("enum Field {\n", accessPrefix: prefix, into: &o)
        let isPublic = access == .string("public")
        for field in fields {
            o.write(isPublic ? "        @_alwaysEmitIntoClient " : "        ")
            o.append(prefix)
            o.write("static var ")
            o.append(field.swiftName)
            o.write(": Swift.String { ")
            o.appendStringLiteral(field.key)
            o.write(" }\n")
        }
        if !fields.isEmpty { o.write("\n") }
        o.write("        /// Every field's key, in declaration order.\n        ")
        o.append(prefix)
        o.write("static var allKeys: [Swift.String] { ")
        o.append(record.swiftName)
        o.write(".recordFields.keys }\n    }\n\n    ")
        o.append(prefix)
        o.write("var recordID: RecordID\n")
        o.write(
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
        o.write("\n")
        try renderer.renderInclude(Include.encode.rawValue, of: template, into: &o)
        o.write(
            """

                /// Equal when the record IDs, server versions and fields are (what Swift would synthesize,
                /// written out so each field type's `==` is compiled once per module, not once per field).

            """)
        o.write("    ")
        o.append(prefix)
        o.write(
            """
            static func == (lhs: Self, rhs: Self) -> Bool {
                    guard fieldEqual(lhs.recordID, rhs.recordID),
                        fieldEqual(lhs.serverVersion, rhs.serverVersion)
            """)
        o.write(fields.isEmpty ? "\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.write("            fieldEqual(lhs.")
            o.append(field.storageName)
            o.write(", rhs.")
            o.append(field.storageName)
            o.write(index == fields.count - 1 ? ")\n" : "),\n")
        }
        o.write(
            """
                    else { return false }
                    return true
                }

                /// Hashes the record ID: equal values have equal IDs, and an edited value keeps its hash.

            """)
        writeMember("func hash(into hasher: inout Hasher) {\n", accessPrefix: prefix, into: &o)
        o.write("        hasher.combine(recordID)\n    }\n}\n\n")
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.write("extension ")
        o.append(record.swiftName)
        o.write(" {\n    ")
        o.append(prefix)
        o.write("init(\n        recordID: RecordID = .init(zoneID: zoneID)")
        o.write(fields.isEmpty ? "\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.write("        ")
            if field.parameterName != field.swiftName {
                o.append(field.argumentLabel)
                o.write(" ")
            }
            o.append(field.parameterName)
            o.write(": ")
            o.append(field.type)
            if let initDefault = field.initDefault, !initDefault.isEmpty {
                o.write(" = ")
                o.append(initDefault)
            }
            o.write(index == fields.count - 1 ? "\n" : ",\n")
        }
        o.write("    ) {\n        self.init(\n            recordID: recordID,\n            serverVersion: nil")
        o.write(fields.isEmpty ? ")\n" : ",\n")
        for (index, field) in fields.enumerated() {
            o.write("            ")
            o.append(field.storageLabel)
            o.write(": ")
            o.append(field.parameterName)
            o.write(index == fields.count - 1 ? ")\n" : ",\n")
        }
        o.write("    }\n\n")
        try renderer.renderInclude(Include.decode.rawValue, of: template, into: &o)
        o.write("}\n\n")
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
            o.write("    ")
            o.append(SwiftNaming.docComment(field.doc!, indent: 4))
            o.write("\n")
        }
        if field.deprecation != nil {
            writeAvailability(field.deprecation, indent: "    ", into: &o)
            writeMember("var ", accessPrefix: prefix, into: &o)
            o.append(field.swiftName)
            o.write(": ")
            o.append(field.type)
            o.write(" {\n        get { self.")
            o.append(field.storageName)
            o.write(" }\n        set { self.")
            o.append(field.storageName)
            o.write(" = newValue }\n    }\n    private var ")
            o.append(field.storageName)
            o.write(": ")
            o.append(field.type)
            o.write("\n")
        } else {
            writeMember("var ", accessPrefix: prefix, into: &o)
            o.append(field.swiftName)
            o.write(": ")
            o.append(field.type)
            o.write("\n")
        }
    }

    static let encode: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let fields = variables.record.fields
        o.write(
            """
                /// Writes the fields changed since `serverVersion` (every field for a new value) into
                /// `record`, and the parent with its field.

            """)
        writeMember("func encode(to record: some RecordStorage) {\n", accessPrefix: variables.accessPrefix, into: &o)
        if fields.count == 1 {
            o.write("        Self.recordFields.write([")
            fields[0].writeRecordValue(&o)
            o.write("], to: record, changedSince: serverVersion)\n")
        } else {
            o.write("        Self.recordFields.write(\n            [\n")
            for field in fields {
                o.write("                ")
                field.writeRecordValue(&o)
                o.write(",\n")
            }
            o.write("            ], to: record, changedSince: serverVersion)\n")
        }
        o.write("    }\n")
        return true
    }

    static let decode: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let fields = variables.record.fields
        o.write(
            """
                /// Reads a record of this type, remembering it as the value's server version.
                /// - Throws: `RecordDecodingError` naming the field and the problem: another record
                ///   type, a missing required field, a value of the wrong type.

            """)
        writeMember("init(record: some RecordStorage) throws(RecordDecodingError) {\n", accessPrefix: variables.accessPrefix, into: &o)
        if fields.isEmpty {
            o.write("        var fields = try Self.recordFields.read(record)\n")
            o.write("        self.init(recordID: fields.takeRecordID(), serverVersion: fields.takeServerVersion())\n")
        } else {
            o.write("        var fields = try Self.recordFields.read(record)\n        ")
            if fields.contains(where: \.decodeThrows) { o.write("try ") }
            o.append(
                "self.init(\n            recordID: fields.takeRecordID(),\n            serverVersion: fields.takeServerVersion(),\n")
            for (index, field) in fields.enumerated() {
                o.write("            ")
                o.append(field.storageLabel)
                o.write(": fields.")
                if field.isOptional && !isTruthy(field.defaultValue) {
                    o.write("decodeIfPresent(")
                    o.append(index)
                    o.write(")")
                } else if let placeholder = field.decodePlaceholder, !placeholder.isEmpty {
                    o.write("decode(")
                    o.append(index)
                    o.write(", placeholder: ")
                    o.append(placeholder)
                    o.write(")")
                } else {
                    o.write("decode(")
                    o.append(index)
                    o.write(")")
                }
                o.write(index == fields.count - 1 ? ")\n" : ",\n")
            }
            if fields.contains(where: { !$0.decodeThrows }) {
                o.write("        try fields.throwFirstFailure()\n")
            }
        }
        o.write("    }\n")
        return true
    }

    static let query: NativeTemplate = { renderer, _, o throws(TemplateError) in
        guard let variables = Variables(renderer) else { return false }
        let record = variables.record
        let prefix = variables.accessPrefix
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.write("extension ")
        o.append(record.swiftName)
        o.write(
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
        o.write("    /// let query = ")
        o.append(record.swiftName)
        o.write(
            """
            .query { $0.field == value && !($0.other == value) }.sorted { $0.field.ascending }
                /// ```

            """)
        writeMember("struct QueryFields: Sendable {\n", accessPrefix: prefix, into: &o)
        for field in record.fields where field.queryFieldType != nil {
            o.write("        /// ")
            o.append(field.indexes.joined(separator: ", ").uppercased())
            o.write(": ")
            for (index, op) in field.queryOperators.enumerated() {
                o.write("`")
                o.append(op)
                o.write(index == field.queryOperators.count - 1 ? "`" : "`, ")
            }
            o.write(".\n")
            writeAvailability(field.queryDeprecation, indent: "        ", into: &o)
            o.write("        ")
            o.append(prefix)
            o.write("var ")
            o.append(field.swiftName)
            o.write(": ")
            o.append(field.queryFieldType!)
            o.write(" { .init(key: ")
            o.appendStringLiteral(field.key)
            o.write(") }\n")
        }
        if record.fields.contains(where: { $0.isSearchable && !$0.isEncrypted }) {
            o.write("        /// Tokenized full-text search over the SEARCHABLE fields: `self CONTAINS`.\n        ")
            o.append(prefix)
            o.write("var textSearch: TextSearch<")
            o.append(record.swiftName)
            o.write("> { .init() }\n")
        }
        o.write(
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
        o.write("\n")
        writeAvailability(record.deprecation, indent: "", into: &o)
        o.write("extension ")
        o.append(record.swiftName)
        o.write(" {\n")
        if !custom.isEmpty {
            o.write(
                """
                    /// Decides the `@merge(custom)` fields of a `.serverRecordChanged` conflict; pass one to
                    /// `mergeConflict(ancestor:client:server:custom:)`. Called only for a field both sides
                    /// changed to different values; `ancestor` is `nil` when the ancestor lacks the value.

                """)
            writeMember("protocol CustomMerge {\n", accessPrefix: prefix, into: &o)
            for field in custom {
                o.write("        /// The value of `")
                o.append(field.swiftName)
                o.write("` to save, given both changes.\n        func merge(")
                o.append(field.argumentLabel)
                o.write(" ancestor: ")
                o.append(field.wrappedType)
                o.write("?, mine: ")
                o.append(field.type)
                o.write(", theirs: ")
                o.append(field.type)
                o.write(") -> ")
                o.append(field.type)
                o.write("\n")
            }
            o.write("    }\n\n")
        }
        o.write(
            """
                /// Resolves a `.serverRecordChanged` error: merges the client's changes into `server` (which
                /// carries the current change tag) and returns it, ready to save or to decode. Per field:
                /// changed only by the client (a changed key of `client`), the client's value; changed only
                /// on the server, the server's; changed by both, the field's `@merge` policy. CloudKit's
                /// `ancestor` tells who changed what; without one, pass the local value's `serverVersion`
                /// as `base`. Encrypted fields are merged in encrypted storage.

            """)
        if !custom.isEmpty {
            o.write("    /// - Throws: `RecordDecodingError` when a `@merge(custom)` field's value can't be decoded.\n")
        }
        o.write("    @discardableResult\n    ")
        o.append(prefix)
        o.write("static func mergeConflict<Storage: RecordStorage>(\n")
        o.write("        ancestor: Storage?, client: Storage, server: Storage, base: ServerVersion? = nil")
        if !custom.isEmpty { o.write(", custom: some CustomMerge") }
        o.write("\n    )")
        if !custom.isEmpty { o.write(" throws(RecordDecodingError)") }
        o.write(
            """
             -> Storage {
                    let conflict = RecordConflict(ancestor: ancestor, client: client, server: server, base: base)
                    conflict.merge(Self.recordFields)

            """)
        for field in custom {
            o.write("        try conflict.mergeField(forKey: ")
            o.appendStringLiteral(field.key)
            if field.isEncrypted { o.write(", encrypted: true") }
            o.write(
                """
                ) {
                            (conflict: FieldConflict) throws(RecordDecodingError) -> RecordValue? in
                            let merged = custom.merge(

                """)
            o.write("                ")
            o.append(field.argumentLabel)
            o.write(": try conflict.decodeIfPresent(.ancestor),\n")
            if field.isOptional {
                o.write("                mine: try conflict.decodeIfPresent(.mine),\n")
                o.write("                theirs: try conflict.decodeIfPresent(.theirs))\n")
            } else if let defaultValue = field.defaultValue, !defaultValue.isEmpty {
                o.write("                mine: try conflict.decodeIfPresent(.mine) ?? ")
                o.append(defaultValue)
                o.write(",\n                theirs: try conflict.decodeIfPresent(.theirs) ?? ")
                o.append(defaultValue)
                o.write(")\n")
            } else {
                o.write("                mine: try conflict.decode(.mine),\n                theirs: try conflict.decode(.theirs))\n")
            }
            o.write("            return merged")
            if field.isOptional { o.write("?") }
            if field.isTypedReference && field.isList {
                o.write(".map { $0.with(action: .")
                o.append(field.referenceAction)
                o.write(") }.recordValue\n")
            } else if field.isTypedReference {
                o.write(".with(action: .")
                o.append(field.referenceAction)
                o.write(").recordValue\n")
            } else {
                o.write(".recordValue\n")
            }
            o.write("        }\n")
            if field.isParent {
                o.write("        conflict.mergeParent(fromField: ")
                o.appendStringLiteral(field.key)
                o.write(")\n")
            }
        }
        o.write("        return server\n    }\n}\n")
        return true
    }

    /// A member's first line: `    {{ accessPrefix }}` and `declaration`.
    private static func writeMember(_ declaration: StaticString, accessPrefix: String, into o: inout TemplateText) {
        o.write("    ")
        o.append(accessPrefix)
        o.write(declaration)
    }

    /// `{% if x.deprecation %}@available(*, deprecated, message: …){% endif %}` on a line of its own.
    private static func writeAvailability(_ deprecation: DeprecationViewModel?, indent: String, into o: inout TemplateText) {
        guard let deprecation else { return }
        o.append(indent)
        o.write("@available(*, deprecated")
        if let message = deprecation.message, !message.isEmpty {
            o.write(", message: ")
            o.appendStringLiteral(message)
        }
        o.write(")\n")
    }
}
