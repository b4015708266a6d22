import Testing

@testable import CloudSchemaCore

/// The query and merge variables of the view model: which handle each field gets and the
/// operators documented for it.
@Suite struct QueryViewModelTests {
    static func record(_ source: String) throws -> RecordViewModel {
        let loaded = SchemaLoader.load(sources: [("T.cloudschema", source)])
        let model = GeneratorViewModel(schema: loaded.schema, inputFiles: ["T.cloudschema"], access: .internal)
        return try #require(model.records.first)
    }

    static func field(_ record: RecordViewModel, _ name: String) throws -> FieldViewModel {
        try #require(record.fields.first { $0.name == name })
    }

    @Test func handlesFollowIndexesAndTypes() throws {
        let record = try Self.record(
            """
            enum Kind: String { a; b }
            record R {
                both: Int64 @queryable @sortable
                query: String @queryable
                sort: Date @sortable
                kind: Kind @queryable @sortable
                tags: [String] @queryable
                sortedList: [String] @sortable
                place: Location @queryable
                sortedPlace: Location @sortable
                text: String @searchable
                plain: String
                secret: String? @encrypted
            }
            """)
        let expected: [(String, String?, [String])] = [
            ("both", "QueryField<R, Int64, QueryableSortableIndex>", ["==", "!=", "IN", "<", "<=", ">", ">=", "BETWEEN", "sort"]),
            ("query", "QueryField<R, String, QueryableIndex>", ["==", "!=", "IN", "BEGINSWITH"]),
            ("sort", "QueryField<R, Date, SortableIndex>", ["sort"]),
            ("kind", "QueryField<R, Kind, QueryableSortableIndex>", ["==", "!=", "IN", "sort"]),
            ("tags", "QueryListField<R, String, QueryableIndex>", ["CONTAINS"]),
            ("sortedList", nil, []),
            ("place", "QueryLocationField<R, QueryableIndex>", ["distanceToLocation:fromLocation:"]),
            ("sortedPlace", nil, []),
            ("text", nil, []),
            ("plain", nil, []),
            ("secret", nil, []),
        ]
        for (name, type, operators) in expected {
            let field = try Self.field(record, name)
            #expect(field.queryFieldType == type, "\(name)")
            #expect(field.queryOperators == operators, "\(name)")
        }
        let value = record.templateValue
        #expect(value[member: "hasTextSearch"] == .bool(true))
        guard case .array(let queryFields) = value[member: "queryFields"] else {
            Issue.record("queryFields is an array")
            return
        }
        #expect(queryFields.count == 6)
    }

    @Test func customMergeFieldsAreListed() throws {
        let record = try Self.record(
            """
            record R {
                a: String? @merge(custom)
                b: [String] = [] @merge(union)
                c: Int64 = 0 @merge(custom)
            }
            """)
        #expect(record.fields.filter(\.isCustomMerge).map(\.name) == ["a", "c"])
        let value = record.templateValue
        guard case .array(let custom) = value[member: "customMergeFields"] else {
            Issue.record("customMergeFields is an array")
            return
        }
        #expect(custom.count == 2)
        #expect(value[member: "hasTextSearch"] == .bool(false))
    }
}
