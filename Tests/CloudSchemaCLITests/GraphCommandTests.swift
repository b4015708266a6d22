import Foundation
import Testing

/// `cloudschema graph`: the diagram on standard output, a focus, and mistakes as diagnostics.
struct GraphCommandTests {
    static let schema = """
        record Bed { name: String @queryable }
        record Plant { bed: Reference<Bed> @parent }
        record Tool { name: String }

        """

    @Test func drawsMermaidByDefaultAndDOTOnRequest() throws {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": Self.schema])
        let mermaid = try cloudschema("graph", "Schemas", in: folder)
        #expect(mermaid.status == 0, "\(mermaid.stderr)")
        #expect(mermaid.stdout.hasPrefix("flowchart LR\n"))
        #expect(mermaid.stdout.contains(#"    record_Plant ==>|"bed (parent)"| record_Bed"#))
        let dot = try cloudschema("graph", "Schemas", "--format", "dot", in: folder)
        #expect(dot.status == 0 && dot.stdout.hasPrefix("digraph schema {\n"))
    }

    @Test func focusDrawsTheTypeAndItsNeighbours() throws {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": Self.schema])
        let result = try cloudschema("graph", "Schemas", "--focus", "Bed", in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("record_Plant[") && !result.stdout.contains("record_Tool["))
        let both = try cloudschema("graph", "Schemas", "--focus", "Tool", "--focus", "Bed", in: folder)
        #expect(both.stdout.contains("record_Tool[") && both.stdout.contains("record_Plant["))
    }

    @Test func anUnknownFocusIsADiagnosticWithASuggestion() throws {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": Self.schema])
        let result = try cloudschema("graph", "Schemas", "--focus", "Plnt", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "error: --focus 'Plnt' is not a record type, model, enum or key-value store of the schema; did you mean 'Plant'? [GRAPH_FOCUS_UNKNOWN]"
            ))
    }

    @Test func schemaErrorsAreReportedInsteadOfADiagram() throws {
        let folder = try temporaryFolder(["Schemas/Garden.cloudschema": "record Bed { name: Strng }\n"])
        let result = try cloudschema("graph", "Schemas", in: folder)
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.contains("[TYPE_UNKNOWN]") && result.stderr.contains("nothing drawn"))
        let invalid = try cloudschema("graph", "--format", "svg", in: folder)
        #expect(invalid.status == 2 && invalid.stderr.contains("expected one of: mermaid, dot"))
    }

    /// `diff --format markdown` draws the record types the change touches (with `graph`'s renderer).
    @Test func diffMarkdownDrawsTheChangedRecordTypes() throws {
        let folder = try temporaryFolder([
            "deployed/Garden.cloudschema": Self.schema,
            "Schemas/Garden.cloudschema": Self.schema.replacingOccurrences(
                of: "record Tool { name: String }", with: "record Tool { name: String; size: Int64? }"),
        ])
        let result = try cloudschema("diff", "Schemas", "--against", "deployed", "--format", "markdown", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("```mermaid\nflowchart LR\n"))
        #expect(result.stdout.contains(#"record_Tool["Tool<br/>name: String<br/>+ size: Int64?"]"#))
        #expect(result.stdout.contains("    class record_Tool changed\n"))
        #expect(!result.stdout.contains("record_Bed["), "only the touched types and their neighbours")
    }
}
