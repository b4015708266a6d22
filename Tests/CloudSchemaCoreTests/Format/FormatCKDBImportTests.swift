import Foundation
import Testing

@testable import CloudSchemaCore

/// Every `.ckdb` file of the corpus, imported with `CKDBImporter`, formats idempotently and
/// to the same schema (and the same findings and comments).
@Suite struct FormatCKDBImportTests {
    @Test(arguments: Corpus.files)
    func importedCorpusFileFormats(_ file: Corpus.File) {
        let imported = CKDBImporter.importSchema(CKDBParser.parseFile(file.bytes, file: file.name), source: file.name)
        let path = file.name.replacingOccurrences(of: ".ckdb", with: ".cloudschema")
        expectFormatInvariants([(path: path, text: imported)], file.name)
    }
}
