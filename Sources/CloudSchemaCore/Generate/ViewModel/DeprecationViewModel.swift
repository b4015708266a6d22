public struct DeprecationViewModel: Sendable, Hashable {
    public var message: String?

    var templateValue: TemplateValue { ["message": message.map(TemplateValue.string) ?? .null] }
}
