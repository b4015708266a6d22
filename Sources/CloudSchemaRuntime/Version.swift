/// The version of the contract between generated code and this library.
///
/// Generated files reference the matching `CloudSchemaRuntimeVersion_N` type, so code generated for
/// another version fails to compile at that line, and the alias name there says what to do:
///
/// ```swift
/// fileprivate typealias RegenerateWithAMatchingCloudschemaOrUpdateTheCloudSchemaRuntimeDependency =
///     CloudSchemaRuntime.CloudSchemaRuntimeVersion_1
/// ```
///
/// When the version goes up, keep the old type, marked
/// `@available(*, unavailable, message: "...")`, so old generated code gets that message verbatim.
public enum CloudSchemaRuntimeVersion {
    /// The current contract version, `1`.
    public static let current = 1
}

/// Referenced by code generated for runtime version 1. See ``CloudSchemaRuntimeVersion``.
public enum CloudSchemaRuntimeVersion_1 {}
