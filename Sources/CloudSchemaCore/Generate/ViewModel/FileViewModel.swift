/// The declarations of one schema file, or of one part of it, generated into `outputName`.
public struct FileViewModel: Sendable {
    /// The input path as given (used to place declarations; never printed).
    public var sourcePath: String
    /// The file name printed in the header: the last path component, made safe for a line comment.
    public var sourceFile: String
    /// `Garden.cloudschema.swift` for `Schemas/Garden.cloudschema` (its second part:
    /// `Garden.cloudschema.2.swift`).
    public var outputName: String
    /// Its record types (their view models are made as templates read them).
    public var records: [RecordType] = []
    public var enums: [EnumViewModel] = []
    public var models: [ModelViewModel] = []
    public var keyValueStores: [KeyValueStoreViewModel] = []

    var isEmpty: Bool { records.isEmpty && enums.isEmpty && models.isEmpty && keyValueStores.isEmpty }

    init(sourcePath: String) {
        self.sourcePath = sourcePath
        let last = sourcePath.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? sourcePath
        self.sourceFile = Self.commentSafe(last)
        self.outputName = Generator.outputName(forInput: sourcePath)
    }

    /// The same declarations in `count` files, in order: part k has the k-th of `count` equal
    /// runs of the records, of the enums, of the models and of the key-value stores. Nothing
    /// generated for one declaration refers to another's private parts, so any split compiles.
    func split(into count: Int) -> [FileViewModel] {
        guard count > 1 else { return [self] }
        // Rounded up, so that with fewer declarations than parts the first parts have them.
        func run<Item>(_ items: [Item], _ part: Int) -> [Item] {
            Array(items[(items.count * part + count - 1) / count..<(items.count * (part + 1) + count - 1) / count])
        }
        return Generator.outputNames(forInput: sourcePath, parts: count).enumerated().map { part, name in
            var file = self
            file.outputName = name
            file.records = run(records, part)
            file.enums = run(enums, part)
            file.models = run(models, part)
            file.keyValueStores = run(keyValueStores, part)
            return file
        }
    }

    /// Text that cannot leave a `//` comment: line breaks and other control or
    /// direction-changing characters become `?`.
    static func commentSafe(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(SwiftNaming.needsUnicodeEscape(scalar) ? "?" : scalar)
        }
        return String(out)
    }
}
