import Foundation
import Testing

@testable import CloudSchemaCore

/// `cloudschema explain-error`: each catalogued message, as apps log it, maps to its rule and to
/// the elements it names in a schema of three files (records, SwiftData models, SQLiteData tables).
struct ErrorCatalogTests {
    static let schema = load([
        (
            "Trips.cloudschema",
            """
            container "iCloud.app.trips"

            zone Trips

            record Place in Trips {
                title: String @queryable
                visited: Date? @sortable
            }

            """
        ),
        (
            "Trip.swift",
            """
            import SwiftData

            @Model
            final class Trip {
                var name: String
                @Attribute(.unique) var code: String = ""
                var stops: [Stop]
                @Relationship(deleteRule: .deny) var guide: Guide?
                init(name: String) { self.name = name }
            }

            @Model final class Stop { var title: String = "" }
            @Model final class Guide { var name: String = "" }

            """
        ),
        (
            "Migrations.sql",
            """
            CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()));
            CREATE TABLE "reminders" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                "listID" TEXT REFERENCES "lists"("id"));

            """
        ),
    ]).schema

    /// The message, the rule it maps to, and each element it names as `file:line:column description`.
    static let examples: [(message: String, rule: DiagnosticID?, elements: [String])] = [
        (
            #"<CKError 0x6000: "Partial Failure" (2/1011); "Failed to modify some records"; partial errors: { 1F9A:(com.apple.coredata.cloudkit.zone:__defaultOwner__) = <CKError 0x6001: "Invalid Arguments" (12/2006); server message = "Cannot create new type CD_Trip in production schema"> }>"#,
            nil, ["Trip.swift:4:13 model Trip"]
        ),
        (
            #"server message = "Cannot create or modify field 'title' in record 'Place' in production schema""#,
            nil, ["Trips.cloudschema:6:5 record type Place, field title"]
        ),
        (#""Invalid Arguments" (12/2015); server message = "Field 'recordName' is not marked queryable""#, "INDEX_QUERY_ALL", []),
        (#"Field 'title' is not marked queryable"#, nil, ["Trips.cloudschema:6:5 record type Place, field title"]),
        (
            #"Field 'CD_name' is not marked queryable"#, nil,
            ["Trip.swift:5:9 model Trip, property name", "Trip.swift:13:32 model Guide, property name"]
        ),
        (#"Field 'visited' is not marked sortable"#, nil, ["Trips.cloudschema:7:5 record type Place, field visited"]),
        (
            #"Error Domain=CKInternalErrorDomain Code=2015 "Type is not marked indexable: Place""#, "INDEX_QUERY_ALL",
            ["Trips.cloudschema:5:8 record type Place"]
        ),
        (
            """
            CoreData: error: Store failed to load. Error Domain=NSCocoaErrorDomain Code=134060 "A Core Data error occurred." \
            UserInfo={NSLocalizedFailureReason=CloudKit integration requires that all attributes be optional, or have a \
            default value set. The following attributes are marked non-optional but do not have a default value:
            Trip: name
            }
            """,
            "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT", ["Trip.swift:5:9 model Trip, property name"]
        ),
        (
            "CloudKit integration requires that all relationships be optional, the following are not:\nTrip: stops",
            "MODEL_RELATIONSHIP_OPTIONAL", ["Trip.swift:7:9 model Trip, property stops"]
        ),
        (
            "CloudKit integration requires that all relationships have an inverse, the following do not:\nCD_Trip: CD_stops",
            "MODEL_RELATIONSHIP_INVERSE", ["Trip.swift:7:9 model Trip, property stops"]
        ),
        (
            "CloudKit integration does not support unique constraints. The following entities are constrained:\nTrip: code, name",
            "MODEL_UNIQUE", ["Trip.swift:6:29 model Trip, property code", "Trip.swift:5:9 model Trip, property name"]
        ),
        (
            "CloudKit integration does not support ordered relationships. The following relationships are marked ordered:\nTrip: stops",
            nil, ["Trip.swift:7:9 model Trip, property stops"]
        ),
        (
            "The following relationships are configured with unsupported delete rules: Trip:guide - Deny",
            "MODEL_DELETE_RULE_DENY", ["Trip.swift:8:42 model Trip, property guide"]
        ),
        (#"SchemaError: "Uniqueness constraints are not supported for synchronized tables.""#, "SQL_UNIQUE", []),
        ("Cycles are not currently permitted in schemas, e.g. a table that references itself.", "SQL_FOREIGN_KEY_CYCLE", []),
        (
            #"Foreign key "reminders"."listID" references table "lists" that is not synchronized. Update 'SyncEngine.init' to synchronize "lists"."#,
            "SQL_FOREIGN_KEY_UNSYNCED", ["Migrations.sql:3:5 table reminders, column listID"]
        ),
        (
            #"Foreign key "reminders"."listID" action not supported. Must be 'CASCADE', 'SET DEFAULT' or 'SET NULL'."#,
            "SQL_FOREIGN_KEY_ACTION", ["Migrations.sql:3:5 table reminders, column listID"]
        ),
        ("Table name contains invalid character ':'", "SQL_TABLE_NAME", []),
    ]

    static func explained(_ message: String) -> [(rule: DiagnosticID?, elements: [String])] {
        ErrorCatalog.matches(in: message).map { match in
            let elements = match.names.flatMap { ErrorCatalog.elements($0, in: schema) }.map { element in
                let place = element.range.map { "\($0.file):\($0.start.line):\($0.start.column) " } ?? ""
                return place + element.description
            }
            return (match.entry.rule, elements)
        }
    }

    @Test(arguments: examples.indices) func eachMessageMapsToItsRuleAndElements(_ index: Int) {
        let example = Self.examples[index]
        let explained = Self.explained(example.message)
        #expect(explained.count == 1, "\(example.message)")
        #expect(explained.first?.rule == example.rule, "\(example.message)")
        #expect(explained.first?.elements == example.elements, "\(example.message)")
    }

    /// Every pattern has an example above, names a registered rule (or none), and a source.
    @Test func theCatalogIsCoveredAndSourced() {
        #expect(ErrorCatalog.compiled.count == ErrorCatalog.all.count, "a pattern does not compile")
        let explained = Self.examples.flatMap { ErrorCatalog.matches(in: $0.message) }
        for entry in ErrorCatalog.all {
            #expect(explained.contains { $0.entry.pattern == entry.pattern }, "no example for \(entry.pattern)")
            if let rule = entry.rule { #expect(DiagnosticRegistry.rule(rule) != nil, "\(rule)") }
            #expect(entry.source.hasPrefix("https://"), "\(entry.pattern)")
            #expect(entry.fix != nil || entry.rule != nil, "\(entry.pattern) has no fix")
        }
    }

    /// Documentation/Commands.md's table of known messages (under `explain-error`) has a row for
    /// each entry: its rule (or none) and source.
    @Test func theCommandsPageListsEveryMessage() throws {
        let commands = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Commands.md"), encoding: .utf8)
        let rows = commands.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("](https://") }
        #expect(rows.count == ErrorCatalog.all.count)
        for (row, entry) in zip(rows, ErrorCatalog.all) {
            #expect(row.contains(entry.rule.map { "`\($0)`" } ?? "| none"), "\(row)")
            #expect(row.contains("](\(entry.source.split(separator: " ")[0]))"), "\(row)")
        }
    }

    /// Core Data lists every failed check in one error: each is explained with its own entries.
    @Test func aLogWithSeveralMessagesExplainsEach() {
        let log = """
            CloudKit integration requires that all attributes be optional, or have a default value set. The following \
            attributes are marked non-optional but do not have a default value:
            Trip: name
            Stop: title

            CloudKit integration requires that all relationships be optional, the following are not:
            Trip: stops
            """
        let explained = Self.explained(log)
        #expect(explained.map(\.rule) == ["MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT", "MODEL_RELATIONSHIP_OPTIONAL"])
        #expect(explained.first?.elements == ["Trip.swift:5:9 model Trip, property name", "Trip.swift:12:31 model Stop, property title"])
        #expect(explained.last?.elements == ["Trip.swift:7:9 model Trip, property stops"])
    }

    @Test func anUnknownMessageMatchesNothing() {
        #expect(ErrorCatalog.matches(in: "The operation couldn’t be completed. (CKErrorDomain error 3.)").isEmpty)
        #expect(ErrorCatalog.elements(ErrorCatalog.Name(type: "Nowhere", field: nil), in: Self.schema).isEmpty)
    }
}
