/// The version of the contract between generated code and this library.
///
/// Generated files reference the matching `CloudSchemaRuntimeVersion_N` type, so code generated for
/// another version fails to compile at that line, and the alias name there says what to do:
///
/// ```swift
/// fileprivate typealias RegenerateWithAMatchingCloudschemaOrUpdateTheCloudSchemaRuntimeDependency =
///     CloudSchemaRuntime.CloudSchemaRuntimeVersion_2
/// ```
///
/// When the version goes up, keep the old type, marked
/// `@available(*, unavailable, message: "...")`, so old generated code gets that message verbatim.
public enum CloudSchemaRuntimeVersion {
    /// The current contract version, `2`.
    public static let current = 2
}

/// Referenced by code generated for runtime version 2 (values remember their server version;
/// changed fields only). See ``CloudSchemaRuntimeVersion``.
public enum CloudSchemaRuntimeVersion_2 {}

/// Code generated for version 1 wrote every field on every save.
@available(*, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 2)")
public enum CloudSchemaRuntimeVersion_1 {}
