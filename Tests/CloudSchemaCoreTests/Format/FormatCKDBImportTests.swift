import Foundation
import Testing

@testable import CloudSchemaCore

/// Every `.ckdb` file of the corpus, imported with `CKDBImporter`, formats idempotently and
/// to the same schema (and the same findings and comments).
@Suite struct FormatCKDBImportTests {
    @Test(arguments: Corpus.names)
    func importedCorpusFileFormats(_ name: String) {
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(Corpus.bytes(name), file: name), source: name)
        let file = name.replacingOccurrences(of: ".ckdb", with: ".cloudschema")
        expectFormatInvariants([(path: file, text: imported)], name)
    }
}
