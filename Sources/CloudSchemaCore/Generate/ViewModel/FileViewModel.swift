/// The declarations of one schema file, generated into `<base name>.swift`.
public struct FileViewModel: Sendable {
    /// The input path as given (used to place declarations; never printed).
    public var sourcePath: String
    /// The file name printed in the header: the last path component, made safe for a line comment.
    public var sourceFile: String
    /// `Garden.cloudschema.swift` for `Schemas/Garden.cloudschema`.
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
