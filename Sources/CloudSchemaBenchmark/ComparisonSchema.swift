import CloudSchemaCore

/// The same record types as a `.cloudschema`, as proto3 messages and as plain Swift structs, for
/// the comparisons with protoc and swift-protobuf: `Record0`... with 20 fields each, the same names and types on
/// both sides (a `Date` is a `google.protobuf.Timestamp`; an optional list is a `repeated`
/// field, which has no presence in proto3). Indexes only matter to CloudSchema's query code.
enum ComparisonSchema {
    static let fields: [(name: String, cloudSchema: String, proto: String, swift: String)] = [
        ("title", "String @queryable @sortable", "string", "String"),
        ("subtitle", "String?", "optional string", "String?"),
        ("body", "String? @searchable", "optional string", "String?"),
        ("author", "String @queryable", "string", "String"),
        ("category", "String = \"general\"", "string", "String"),
        ("count", "Int64 @queryable @sortable", "int64", "Int64"),
        ("rank", "Int64 = 0", "int64", "Int64"),
        ("views", "Int64?", "optional int64", "Int64?"),
        ("likes", "Int64 = 0", "int64", "Int64"),
        ("score", "Double @sortable", "double", "Double"),
        ("ratio", "Double?", "optional double", "Double?"),
        ("weight", "Double = 1", "double", "Double"),
        ("published", "Bool = false @queryable", "bool", "Bool"),
        ("pinned", "Bool?", "optional bool", "Bool?"),
        ("created", "Date @sortable", "google.protobuf.Timestamp", "Date"),
        ("modified", "Date?", "google.protobuf.Timestamp", "Date?"),
        ("tags", "[String] = [] @queryable", "repeated string", "[String]"),
        ("links", "[String]?", "repeated string", "[String]?"),
        ("counts", "[Int64]?", "repeated int64", "[Int64]?"),
        ("archived", "Bool = false", "bool", "Bool"),
    ]

    static func cloudSchema(records: Int) -> String {
        var out = "zone Bench\n"
        for i in 0..<records {
            out += "\nrecord Record\(i) in Bench {\n"
            for field in fields { out += "    \(field.name): \(field.cloudSchema)\n" }
            out += "}\n"
        }
        return out
    }

    static func proto(records: Int) -> String {
        var out = "syntax = \"proto3\";\n\nimport \"google/protobuf/timestamp.proto\";\n"
        for i in 0..<records {
            out += "\nmessage Record\(i) {\n"
            for (number, field) in fields.enumerated() { out += "  \(field.proto) \(field.name) = \(number + 1);\n" }
            out += "}\n"
        }
        return out
    }

    /// The same record types as plain Swift structs: the stored properties and an initializer,
    /// nothing else. What any generated code for these fields costs to compile at least.
    static func plainSwift(records: Int, access: GenerateConfiguration.Access) -> String {
        let prefix = access == .internal ? "" : access.rawValue + " "
        var out = "import Foundation\n"
        let properties = [("recordID", "String")] + fields.map { ($0.name, $0.swift) }
        for i in 0..<records {
            out += "\n\(prefix)struct Record\(i): Sendable {\n"
            for (name, type) in properties { out += "    \(prefix)var \(name): \(type)\n" }
            out += "\n    \(prefix)init(" + properties.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ") {\n"
            for (name, _) in properties { out += "        self.\(name) = \(name)\n" }
            out += "    }\n}\n"
        }
        return out
    }
}
