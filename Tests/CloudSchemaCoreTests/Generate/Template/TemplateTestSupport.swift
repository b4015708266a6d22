@testable import CloudSchemaCore

/// Renders `text` as a template named `test.template`.
func render(
    _ text: String, _ context: [String: TemplateValue] = [:], library: TemplateLibrary = TemplateLibrary()
) throws -> String {
    try Template(text, name: "test.template").render(context, library: library)
}

/// The error `text` produces (when parsed or rendered), as compilers print it; nil when it renders.
func renderError(
    _ text: String, _ context: [String: TemplateValue] = [:], library: TemplateLibrary = TemplateLibrary()
) -> String? {
    do {
        _ = try Template(text, name: "test.template").render(context, library: library)
        return nil
    } catch {
        return error.description
    }
}
