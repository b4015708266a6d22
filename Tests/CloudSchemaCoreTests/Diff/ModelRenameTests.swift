import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// A renamed model attribute is a removed CD_ field plus an added one: suspected as a rename,
/// as fields are, whether the deployed side is the model's source or a `.ckdb` export.
@Suite struct ModelRenameTests {
    static let deployed = """
        model Trip {
            name: String = ""
            targetDate: Date = now
        }
        """

    @Test func aRenamedAttributeIsSuspectedAsARename() {
        let renamed = """
            model Trip {
                name: String = ""
                deadline: Date = now
            }
            """
        #expect(findings(Self.deployed, renamed) == ["MODEL_ATTRIBUTE_NO_DELETE 1:7", "FIELD_RENAME_SUSPECTED 3:5"])
    }

    @Test func twoCandidatesOfOneTypeAreNoSuspectedRename() {
        let ambiguous = """
            model Trip {
                name: String = ""
                deadline: Date = now
                startDate: Date = now
            }
            """
        #expect(findings(Self.deployed, ambiguous) == ["MODEL_ATTRIBUTE_NO_DELETE 1:7"])
    }

    @Test func againstAnExportTheMirroredFieldsAreSuspected() {
        let export = CKDBExporter.export(load(Self.deployed).schema)
        let deployed = SchemaLoader.load(sources: [("production.ckdb", export)])
        let current = load("model Trip {\n    name: String = \"\"\n    deadline: Date = now\n}\n", file: "current.cloudschema")
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        let rename = diff.changes.first { $0.kind == .fieldRenameSuspected }
        #expect(
            rename?.message
                == "field 'CD_deadline' of record type 'CD_Trip' looks like a rename of the removed field 'CD_targetDate' (both TIMESTAMP); CloudKit would store it as a new field"
        )
        #expect(rename?.fixIts.isEmpty == true)  // no @name fix-it: Core Data names the field after the property
    }
}
