import Foundation
import Testing

/// `cloudschema explain-error` as a user runs it on a logged message (ErrorCatalogTests has every message).
struct ExplainErrorCommandTests {
    @Test func aMessageIsExplainedWithTheElementItNames() throws {
        let project = try temporaryFolder([
            "Models/Trip.swift": """
            import SwiftData

            @Model
            final class Trip {
                var name: String
                init(name: String) { self.name = name }
            }

            """
        ])
        let message = """
            CloudKit integration requires that all attributes be optional, or have a default value set. The following attributes are marked non-optional but do not have a default value:
            Trip: name
            Trip: missing
            """
        let result = try cloudschema("explain-error", message, "Models", in: project)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Core Data's CloudKit mirroring (NSCocoaErrorDomain 134060, when the store loads): the listed attributes are neither optional nor have a default, so records missing them could not be read.
                rule: MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT (cloudschema explain MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT)
                fix: add '?' or '= value' (both offered as fix-its).
                source: https://github.com/CubeLabsNZ/CubeTime/pull/131
                  Models/Trip.swift:5:9: model Trip, property name
                  Trip.missing: not declared in the schema read

                """)
    }

    /// Exit codes: 1 for a message the catalog does not know, 2 for usage and unreadable paths.
    @Test func unknownMessagesAndBadPaths() throws {
        let unknown = try cloudschema("explain-error", "The operation couldn’t be completed. (CKErrorDomain error 3.)")
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("error: no known CloudKit, Core Data or SQLiteData schema error in this message"))
        let missing = try cloudschema("explain-error", "Type is not marked indexable", "Nowhere/Missing")
        #expect(missing.status == 2 && missing.stderr.contains("[INPUT_UNREADABLE]"))
        #expect(try cloudschema("explain-error").status == 2)

        // A schema with errors resolves partly: an element missing from it may only be in the broken part.
        let broken = try temporaryFolder(["Garden.cloudschema": "record Plant {\n    name: Strng\n}\nrecord Bed {\n"])
        let partial = try cloudschema("explain-error", "Cannot create new type Pot in production schema", ".", in: broken)
        #expect(partial.status == 0 && partial.stdout.hasSuffix("  Pot: not declared in the schema read\n"))
        #expect(
            partial.stderr
                == "note: the schema has 2 errors ('cloudschema lint' shows them); elements in the parts with errors may be missing below\n"
        )
    }
}
