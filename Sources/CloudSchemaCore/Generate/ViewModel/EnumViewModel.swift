/// An enum as templates see it.
public final class EnumViewModel: TemplateObject {
    public struct Case: Sendable {
        public var name: String
        public var swiftName: String
        /// A Swift literal: `"done"`, `2`.
        public var rawValue: String
        /// The implicit raw value (the case's name) is not the schema's.
        public var needsRawValue: Bool
        public var doc: String?
    }

    public let name: String
    public let swiftName: String
    public let rawType: String
    public let doc: String?
    public let deprecation: DeprecationViewModel?
    public let cases: [Case]
    /// The case that keeps a raw value this version doesn't know: `unrecognized`, renamed when
    /// the schema has a case of that name.
    public let unrecognizedCase: String
    public let sourcePath: String?
    /// `cases` for templates, made once.
    private let caseValues: TemplateValue

    init(_ type: EnumType, names: SchemaNames) {
        name = type.name
        swiftName = names.typeName(type.name)
        rawType = type.rawType.rawValue
        doc = names.doc(type.doc, deprecation: type.deprecation, usable: names.canDeprecate(type.name))
        deprecation = names.canDeprecate(type.name) ? type.deprecation.map { DeprecationViewModel(message: $0.message) } : nil
        sourcePath = type.spans.range?.file ?? type.spans.name?.file
        let cases = type.cases.map { item in
            let base = names.caseBaseName(item.name, of: type.name)
            let literal: String
            let implicit: Bool
            switch item.rawValue {
            case .string(let s):
                literal = SwiftNaming.stringLiteral(s)
                implicit = s == base
            case .int64(let i):
                literal = String(i)
                implicit = false
            }
            return Case(
                name: item.name, swiftName: SwiftNaming.identifier(base), rawValue: literal, needsRawValue: !implicit, doc: item.doc)
        }
        self.cases = cases
        unrecognizedCase = names.unrecognizedCaseName(of: type.name)
        caseValues = .array(
            cases.map {
                [
                    "name": .string($0.name), "swiftName": .string($0.swiftName), "rawValue": .string($0.rawValue),
                    "needsRawValue": .bool($0.needsRawValue), "doc": $0.doc.map(TemplateValue.string) ?? .null,
                ]
            })
    }

    var templateValue: TemplateValue { .object(self) }

    public static let templateMembers = TemplateMembers<EnumViewModel>([
        "name": .string { $0.name },
        "swiftName": .string { $0.swiftName },
        "rawType": .string { $0.rawType },
        "doc": .optionalString { $0.doc },
        "deprecation": .value { $0.deprecation?.templateValue ?? .null },
        "unrecognizedCase": .string { $0.unrecognizedCase },
        "cases": .value { $0.caseValues },
        "sourceFile": .string { $0.sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? "" },
    ])
}
