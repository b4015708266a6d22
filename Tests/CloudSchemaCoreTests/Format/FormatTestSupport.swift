import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// The canonical text of `text`, or nil when it does not format.
func formatted(_ text: String, file: String = "a.cloudschema") -> String? {
    if case .formatted(let output) = SchemaFormatter.format(text, file: file) { return output }
    return nil
}

/// `(ID, message)` of each diagnostic, sorted: what formatting must not change (positions may).
private func meaning(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.id) \($0.severity.rawValue) \($0.message)" }.sorted()
}

private func commentTexts(_ files: [(path: String, text: String)]) -> [String] {
    files.flatMap { file in Parser.parse(file.text, file: file.path).syntax.comments.map { FormatPrinter.text(of: $0) } }.sorted()
}

/// The formatter's promises for files that form one schema: each formats; formatting
/// the result changes nothing; the resolved `Schema`, the front-end and lint findings
/// (IDs and messages) and the comments are the same before and after.
func expectFormatInvariants(
    _ files: [(path: String, text: String)], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    var once: [(path: String, text: String)] = []
    for file in files {
        switch SchemaFormatter.format(file.text, file: file.path) {
        case .formatted(let output):
            once.append((file.path, output))
        case .syntaxErrors(let diagnostics):
            Issue.record("\(label) \(file.path): syntax errors \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
            return
        case .failed(let reason):
            Issue.record("\(label) \(file.path): \(reason)", sourceLocation: sourceLocation)
            return
        }
    }
    for file in once {
        let twice = formatted(file.text, file: file.path)
        #expect(twice == file.text, "\(label) \(file.path): formatting twice differs from once", sourceLocation: sourceLocation)
    }
    let before = SchemaLoader.load(sources: files)
    let after = SchemaLoader.load(sources: once)
    #expect(before.schema == after.schema, "\(label): the resolved schema changed", sourceLocation: sourceLocation)
    #expect(
        meaning(before.diagnostics) == meaning(after.diagnostics), "\(label): front-end findings changed", sourceLocation: sourceLocation)
    #expect(meaning(Linter.lint(before)) == meaning(Linter.lint(after)), "\(label): lint findings changed", sourceLocation: sourceLocation)
    #expect(commentTexts(files) == commentTexts(once), "\(label): comments changed", sourceLocation: sourceLocation)
}

func expectFormatInvariants(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectFormatInvariants([(path: "a.cloudschema", text: text)], label, sourceLocation: sourceLocation)
}

/// Reads every `*.cloudschema` file under a folder, sorted by path.
func schemaFiles(in folder: URL) -> [(path: String, text: String)] {
    let (paths, _) = SchemaLoader.findFiles([folder.path])
    return paths.filter { $0.hasSuffix(".cloudschema") }.compactMap { path in
        (try? String(contentsOfFile: path, encoding: .utf8)).map { (path: path, text: $0) }
    }
}
