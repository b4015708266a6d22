/// A record field as templates see it.
public final class FieldViewModel: TemplateObject {
    public let name: String
    public let key: String
    public let swiftName: String
    public let argumentLabel: String
    public let storageName: String
    /// The stored property's label in the synthesized memberwise initializer.
    public let storageLabel: String
    /// The memberwise init's parameter name: `swiftName`, except where that would shadow
    /// something the init's body uses (`self`), then written as `self self_: Bool`.
    public let parameterName: String
    public let wrappedType: String
    public let isOptional: Bool
    public let isList: Bool
    public let defaultValue: String?
    /// The constant `init(record:)` gets for this field when it can't be read (the initializer
    /// then throws once every field is read, so nothing sees it); `nil` for a type without one
    /// (its decoder throws at once) and for an optional field without a default (`nil` stands in).
    public let decodePlaceholder: String?
    /// The field's decoder in `init(record:)` throws: it has no placeholder.
    public var decodeThrows: Bool { decodePlaceholder == nil && !(isOptional && defaultValue == nil) }
    public let isEncrypted: Bool
    public let isParent: Bool
    public let referenceAction: String
    public let isTypedReference: Bool
    public let referenceTarget: String?
    /// The CloudKit type as `.ckdb` files spell it: `STRING`, `ENCRYPTED LIST<REFERENCE>`. Made
    /// when read (no built-in template reads it).
    public var cloudKitType: String { (isEncrypted ? "ENCRYPTED " : "") + cloudKitFieldType.description }
    private let cloudKitFieldType: CloudKitType
    public let indexes: [String]
    public let merge: String
    public let doc: String?
    public let deprecation: DeprecationViewModel?
    /// The query handle's deprecation: none when a subscription's generated query uses the handle.
    public let queryDeprecation: DeprecationViewModel?
    public let isQueryable: Bool
    public let isSortable: Bool
    public let isSearchable: Bool
    /// The handle kind, value type (list element for lists) and index marker for `queryFieldType`.
    let queryHandle: (kind: String, value: String?, index: String)?
    /// The handle's Swift type in `QueryFields`.
    public let queryFieldType: String?
    public let queryOperators: [String]
    public var isCustomMerge: Bool { merge == "custom" }
    /// The memberwise init's default: `defaultValue`, `nil` for an optional, or none.
    var initDefault: String? { defaultValue ?? (isOptional ? "nil" : nil) }

    /// With `?` when optional.
    public let type: String

    /// `record` is the record's Swift type name, for `queryFieldType`.
    init(
        _ field: borrowing Field, base: String, storage: String, parameter: String, record: String, recordTypeName: String,
        names: borrowing SchemaNames
    ) {
        name = field.name
        key = field.key
        let (swiftName, argumentLabel) = SwiftNaming.identifierAndArgumentLabel(base)
        self.swiftName = swiftName
        self.argumentLabel = argumentLabel
        // Usually all three are the base name: escape it once.
        storageName = storage == base ? swiftName : SwiftNaming.identifier(storage)
        storageLabel = storage == base ? argumentLabel : SwiftNaming.argumentLabel(storage)
        parameterName = parameter == base ? swiftName : SwiftNaming.identifier(parameter)
        let wrappedType = names.swiftType(field.type)
        self.wrappedType = wrappedType
        isOptional = field.isOptional
        type = field.isOptional ? wrappedType + "?" : wrappedType
        isList = field.type.isList
        let defaultValue = field.defaultValue.map { names.literal($0, type: field.type) }
        self.defaultValue = defaultValue
        decodePlaceholder = field.isOptional && defaultValue == nil ? nil : names.decodePlaceholder(field.type)
        isEncrypted = field.isEncrypted
        isParent = field.isParent
        referenceAction = field.referenceAction.rawValue
        let element = field.type.listElement ?? field.type
        if case .reference(let target?) = element {
            isTypedReference = true
            referenceTarget = names.typeName(target)
        } else {
            isTypedReference = false
            referenceTarget = nil
        }
        cloudKitFieldType = field.type.cloudKitType
        indexes = field.indexes.names
        merge = field.merge.rawValue
        doc = field.doc
        deprecation = field.deprecation.map { DeprecationViewModel(message: $0.message) }
        queryDeprecation = deprecation == nil || names.isSubscribed(field.name, of: recordTypeName) ? nil : deprecation
        isQueryable = field.indexes.contains(.queryable)
        isSortable = field.indexes.contains(.sortable)
        isSearchable = field.indexes.contains(.searchable)
        let (handle, operators) = Self.queryHandle(field, names: names)
        (queryHandle, queryOperators) = (handle, operators)
        // `QueryField<Record, Value, Index>` and friends.
        queryFieldType = handle.map { handle in
            TemplateText.string { type in
                type.append(handle.kind)
                type.append("<")
                type.append(record)
                if let value = handle.value {
                    type.append(", ")
                    type.append(value)
                }
                type.append(", ")
                type.append(handle.index)
                type.append(">")
            }
        }
    }

    /// Which handle a field gets and the operators it offers (`QueryOperator` says which index
    /// each operator needs; see `RecordQuery.swift` in the runtime).
    private static func queryHandle(_ field: Field, names: SchemaNames) -> ((kind: String, value: String?, index: String)?, [String]) {
        let queryable = field.indexes.contains(.queryable)
        let sortable = field.indexes.contains(.sortable)
        guard !field.isEncrypted, queryable || sortable else { return (nil, []) }
        let index = queryable && sortable ? "QueryableSortableIndex" : queryable ? "QueryableIndex" : "SortableIndex"
        // `indexProblem(on:)` without its message (encrypted fields are out above): what the
        // handle offers is what the field's indexes allow.
        let operators = QueryOperator.operators(for: field.type).filter { field.indexes.isSuperset(of: $0.requiredIndexes) }.map(\.rawValue)
        switch field.type {
        case .asset, .model, .decimal:
            return (nil, [])
        case .list(let element):
            guard queryable else { return (nil, []) }
            return ((kind: "QueryListField", value: names.swiftType(element), index: index), operators)
        case .location:
            guard queryable else { return (nil, []) }
            return ((kind: "QueryLocationField", value: nil, index: index), operators)
        default:
            return ((kind: "QueryField", value: names.swiftType(field.type), index: index), operators + (sortable ? ["sort"] : []))
        }
    }

    /// The stored property as written to a record: typed references carry the schema's action.
    var encodedValue: String { TemplateText.string { writeEncodedValue(&$0) } }

    /// The value as stored (`RecordValue?`), for the `write` in `encode(to:)`. (An optional
    /// typed reference's `encodedValue` already chains with `?`.)
    var recordValue: String { TemplateText.string { writeRecordValue(&$0) } }

    /// The field's line in the record type's `RecordFields` spelling: its key, then what differs
    /// from a plain field merged with `.mine` (`notes encrypted`, `tags default union`). Every
    /// byte of the key but `[A-Za-z0-9_]` is percent-encoded, so the line needs no escaping in a
    /// Swift string literal and holds no separator.
    var fieldSpelling: String { TemplateText.string { writeFieldSpelling(&$0) } }

    // Templates read these three once per field each: written piece by piece into the output.

    private func writeEncodedValue(_ value: inout TemplateText) {
        value.append("self.")
        value.append(storageName)
        guard isTypedReference else { return }
        if isOptional { value.append("?") }
        value.append(isList ? ".map { $0.with(action: ." : ".with(action: .")
        value.append(referenceAction)
        value.append(isList ? ") }" : ")")
    }

    func writeRecordValue(_ value: inout TemplateText) {
        writeEncodedValue(&value)
        value.append(isOptional && !isTypedReference ? "?.recordValue" : ".recordValue")
    }

    func writeFieldSpelling(_ spelling: inout TemplateText) {
        spelling.append(Self.percentEncoded(key))
        if isEncrypted { spelling.append(" encrypted") }
        if isParent { spelling.append(" parent") }
        if defaultValue != nil { spelling.append(" default") }
        if merge != "mine" {
            spelling.append(" ")
            spelling.append(merge)
        }
    }

    /// `key` with every byte but `[A-Za-z0-9_]` as `%XX`; most keys are returned as they are
    /// (appending each byte to a string's scalars cost 2,000 instructions per field).
    private static func percentEncoded(_ key: String) -> String {
        func isPlain(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"):
                true
            default: false
            }
        }
        if key.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isPlain) }) ?? key.utf8.allSatisfy(isPlain) { return key }
        var encoded: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in key.utf8 {
            if isPlain(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    var templateValue: TemplateValue { .object(self) }

    public static let templateMembers = TemplateMembers<FieldViewModel>([
        "name": .string { $0.name },
        "key": .string { $0.key },
        "swiftName": .string { $0.swiftName },
        "argumentLabel": .string { $0.argumentLabel },
        "storageName": .string { $0.storageName },
        "storageLabel": .string { $0.storageLabel },
        "parameterName": .string { $0.parameterName },
        "type": .string { $0.type },
        "wrappedType": .string { $0.wrappedType },
        "isOptional": .bool { $0.isOptional },
        "isList": .bool { $0.isList },
        "defaultValue": .optionalString { $0.defaultValue },
        "initDefault": .optionalString { $0.initDefault },
        "decodePlaceholder": .optionalString { $0.decodePlaceholder },
        "isEncrypted": .bool { $0.isEncrypted },
        "isParent": .bool { $0.isParent },
        "referenceAction": .string { $0.referenceAction },
        "isTypedReference": .bool { $0.isTypedReference },
        "referenceTarget": .optionalString { $0.referenceTarget },
        "cloudKitType": .string { $0.cloudKitType },
        "indexes": .value { .array($0.indexes.map(TemplateValue.string)) },
        "merge": .string { $0.merge },
        "doc": .optionalString { $0.doc },
        "deprecation": .value { $0.deprecation?.templateValue ?? .null },
        "queryDeprecation": .value { $0.queryDeprecation?.templateValue ?? .null },
        "isQueryable": .bool { $0.isQueryable },
        "isSortable": .bool { $0.isSortable },
        "isSearchable": .bool { $0.isSearchable },
        "queryFieldType": .optionalString { $0.queryFieldType },
        "queryOperators": .value { .array($0.queryOperators.map(TemplateValue.string)) },
        "isCustomMerge": .bool { $0.isCustomMerge },
        "encodedValue": .text { $0.writeEncodedValue(&$1) },
        "recordValue": .text { $0.writeRecordValue(&$1) },
        "fieldSpelling": .text { $0.writeFieldSpelling(&$1) },
    ])
}
