/// The same record types as a `.cloudschema` and as proto3 messages, for the comparisons with
/// protoc and swift-protobuf: `Record0`... with 20 fields each, the same names and types on
/// both sides (a `Date` is a `google.protobuf.Timestamp`; an optional list is a `repeated`
/// field, which has no presence in proto3). Indexes only matter to CloudSchema's query code.
enum ComparisonSchema {
    static let fields: [(name: String, cloudSchema: String, proto: String)] = [
        ("title", "String @queryable @sortable", "string"),
        ("subtitle", "String?", "optional string"),
        ("body", "String? @searchable", "optional string"),
        ("author", "String @queryable", "string"),
        ("category", "String = \"general\"", "string"),
        ("count", "Int64 @queryable @sortable", "int64"),
        ("rank", "Int64 = 0", "int64"),
        ("views", "Int64?", "optional int64"),
        ("likes", "Int64 = 0", "int64"),
        ("score", "Double @sortable", "double"),
        ("ratio", "Double?", "optional double"),
        ("weight", "Double = 1", "double"),
        ("published", "Bool = false @queryable", "bool"),
        ("pinned", "Bool?", "optional bool"),
        ("created", "Date @sortable", "google.protobuf.Timestamp"),
        ("modified", "Date?", "google.protobuf.Timestamp"),
        ("tags", "[String] = [] @queryable", "repeated string"),
        ("links", "[String]?", "repeated string"),
        ("counts", "[Int64]?", "repeated int64"),
        ("archived", "Bool = false", "bool"),
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
}
