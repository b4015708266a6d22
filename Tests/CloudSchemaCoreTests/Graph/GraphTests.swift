import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `cloudschema graph`: the example schemas as Mermaid and DOT (golden files under
/// `Tests/CloudSchemaCoreTests/Golden/graph/`), escaping, focus and what the diagram shows.
/// Refresh after an intended change with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter GraphTests
@Suite struct GraphTests {
    static let golden = "Tests/CloudSchemaCoreTests/Golden/graph"

    static func graph(_ text: String, focus: Set<String>? = nil) -> SchemaGraph {
        let loaded = SchemaLoader.load(sources: [("Test.cloudschema", text)])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        return SchemaGraph(loaded.schema, focus: focus)
    }

    func check(_ actual: String, _ name: String) throws {
        try expectGolden(actual, file: "\(Self.golden)/\(name)", suite: "GraphTests")
    }

    @Test(arguments: ["Garden", "Notes", "Catalogue", "Mistakes"])
    func exampleSchemasMatchGolden(_ name: String) throws {
        let graph = SchemaGraph(try GoldenTests.load("Schemas/\(name)").schema)
        try check(MermaidRenderer.render(graph), "\(name).mmd")
        let dot = DOTRenderer.render(graph)
        try check(dot, "\(name).dot")
        #expect(DOTSyntax.check(dot) == nil, "\(DOTSyntax.check(dot) ?? "")")
        if let graphviz = Self.graphviz { #expect(try Self.run(graphviz, ["-Tsvg", "-o/dev/null", "Golden/graph/\(name).dot"]) == 0) }
    }

    /// Graphviz's `dot`, where installed, reads the golden files too.
    static let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot.appendingPathComponent("Tests/CloudSchemaCoreTests")
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func referencesParentAndDeleteSelfAreDistinguished() {
        let graph = Self.graph(
            """
            zone Beds
            record Bed in Beds { name: String @queryable @sortable }
            record Plant in Beds {
                bed: Reference<Bed> @parent @deleteSelf
                neighbour: Reference<Plant>?
                companions: [Reference<Plant>]
                status: Status = .ok
            }
            enum Status: String { ok, dead = "gone" }
            """)
        #expect(
            MermaidRenderer.render(graph) == """
                flowchart LR
                    subgraph group_private ["private database"]
                        subgraph group_private_x2E_Beds ["zone Beds"]
                            record_Bed["Bed<br/>name: String @queryable @sortable"]
                            record_Plant["Plant<br/>bed: Reference#lt;Bed#gt;<br/>neighbour: Reference#lt;Plant#gt;?<br/>companions: [Reference#lt;Plant#gt;]<br/>status: Status"]
                        end
                    end
                    subgraph group_enums ["enums"]
                        enum_Status{{"Status<br/><i>String</i><br/>ok<br/>dead = #quot;gone#quot;"}}
                    end
                    record_Plant ==>|"bed (parent, deleteSelf)"| record_Bed
                    record_Plant -->|"neighbour"| record_Plant
                    record_Plant -->|"companions []"| record_Plant
                    record_Plant -.->|"status"| enum_Status

                """)
        #expect(
            DOTRenderer.render(graph).hasSuffix(
                """
                    "record:Plant" -> "record:Bed" [label="bed (parent, deleteSelf)", style=bold, arrowhead=diamond];
                    "record:Plant" -> "record:Plant" [label="neighbour"];
                    "record:Plant" -> "record:Plant" [label="companions []"];
                    "record:Plant" -> "enum:Status" [label="status", style=dashed];
                }

                """))
    }

    /// Quotes, braces, `#`, `<`, `|`, backslashes, control characters and Unicode in names and
    /// raw values (a `.ckdb` quotes names; the model is built directly to reach every character).
    @Test func namesAreEscapedForEachFormat() {
        let schema = Schema(
            enums: [EnumType(name: "Mood", rawType: .string, cases: [.init(name: "happy", rawValue: .string("🌱 \"x\" {y}"))])],
            recordTypes: [RecordType(name: "Café", cloudKitName: "a\"b{c}|#<d>\\e\u{1B}", fields: [Field(name: "size", type: .int64)])])
        let graph = SchemaGraph(schema)
        let mermaid = MermaidRenderer.render(graph)
        #expect(
            mermaid.contains(
                #"record_Caf_xE9_["Café<br/><i>CloudKit: a#quot;b#123;c#125;#124;#35;#lt;d#gt;\e\u#123;1B#125;</i><br/>size: Int64"]"#))
        #expect(mermaid.contains(##"enum_Mood{{"Mood<br/><i>String</i><br/>happy = #quot;🌱 \#quot;x\#quot; #123;y#125;#quot;"}}"##))
        let dot = DOTRenderer.render(graph)
        #expect(dot.contains(#""record:Café" [label="Café\nCloudKit: a\"b{c}|#<d>\\e\\u{1B}\nsize: Int64\l"];"#))
        #expect(dot.contains(#"happy = \"🌱 \\\"x\\\" {y}\"\l"#))
        #expect(DOTSyntax.check(dot) == nil, "\(DOTSyntax.check(dot) ?? "")")
        #expect(DOTSyntax.check("digraph g { \"a\" -> ; }") != nil, "the checker rejects broken DOT")
        #expect(DOTSyntax.check("digraph g { \"a\\\" -> b }") != nil, "the checker rejects an unclosed string")
    }

    @Test func mermaidIdentifiersAreDistinctAndNeverKeywords() {
        #expect(MermaidRenderer.identifier("record:end") == "record_end")
        #expect(MermaidRenderer.identifier("record:a_b") != MermaidRenderer.identifier("record:a-b"))
        #expect(MermaidRenderer.identifier("record:a_x2D_b") != MermaidRenderer.identifier("record:a-b"))
    }

    @Test func focusKeepsTheTypesAndTheirDirectNeighbours() {
        let schema = """
            record A { b: Reference<B> }
            record B { c: Reference<C> }
            record C { name: String }
            record D { name: String }
            model M { name: String = "" }
            keyvalue Settings { on: Bool = true }
            """
        let graph = Self.graph(schema, focus: ["B"])
        #expect(graph.clusters.flatMap(SchemaGraph.allNodes).map(\.name) == ["A", "B", "C"])
        #expect(graph.edges.map(\.label) == ["b", "c"])
        let loaded = SchemaLoader.load(sources: [("Test.cloudschema", schema)])
        #expect(
            SchemaGraph.focusDiagnostics(["B", "Xyzzy", "Setings"], in: loaded.schema).map(\.message) == [
                "--focus 'Xyzzy' is not a record type, model, enum or key-value store of the schema",
                "--focus 'Setings' is not a record type, model, enum or key-value store of the schema; did you mean 'Settings'?",
            ])
    }

    @Test func modelsKeyValueStoresAndRelationshipsAreApart() {
        let graph = Self.graph(
            """
            model Harvest { bed: GardenBed? @inverse(harvests) @deleteRule(nullify) }
            model GardenBed { harvests: [Harvest]? @deleteRule(cascade) }
            keyvalue Preferences { showHints: Bool = true }
            """)
        #expect(graph.clusters.map(\.title) == ["private database", "key-value stores (NSUbiquitousKeyValueStore)"])
        #expect(graph.clusters[0].clusters.map(\.title) == ["SwiftData models (com.apple.coredata.cloudkit.zone)"])
        #expect(graph.edges.map(\.label) == ["bed (nullify)", "harvests [] (cascade)"])
        #expect(graph.edges.allSatisfy { $0.style == .relationship })
    }

    /// `diff --format markdown`'s diagram: the record types changed and their direct neighbours,
    /// removed ones drawn from the deployed schema.
    @Test func diffDiagramMarksTouchedRecordTypesOnly() throws {
        let deployed = SchemaLoader.load(sources: [
            (
                "Deployed.cloudschema",
                """
                record Bed { name: String; size: Int64 }
                record Plant { bed: Reference<Bed> }
                record Old { name: String }
                record Far { name: String }
                """
            )
        ]).schema
        let current = SchemaLoader.load(sources: [
            (
                "Current.cloudschema",
                """
                record Bed { name: String; colour: String? }
                record Plant { bed: Reference<Bed> }
                record Far { name: String }
                """
            )
        ]).schema
        let diff = SchemaComparison.compare(deployed: deployed, current: current)
        let graph = try #require(SchemaGraph.changes(diff, deployed: deployed, current: current))
        let nodes = graph.clusters.flatMap(SchemaGraph.allNodes)
        #expect(nodes.map(\.name) == ["Bed", "Plant", "Old"])
        #expect(nodes.map(\.mark) == [.changed, nil, .removed])
        #expect(nodes[0].members.map { ($0.mark?.sign ?? " ") + $0.text } == [" name: String", "+colour: String?", "-size: Int64"])
        #expect(
            SchemaGraph.changes(SchemaComparison.compare(deployed: current, current: current), deployed: current, current: current) == nil)
    }
}
