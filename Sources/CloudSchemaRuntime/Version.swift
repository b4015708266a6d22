/// The version of the contract between generated code and this library.
///
/// Generated files reference the matching `CloudSchemaRuntimeVersion_N` type, so code generated for
/// another version fails to compile at that line, and the alias name there says what to do:
///
/// ```swift
/// private typealias RegenerateWithAMatchingCloudschemaOrUpdateTheCloudSchemaRuntimeDependency =
///     CloudSchemaRuntime.CloudSchemaRuntimeVersion_7
/// ```
///
/// The helpers only generated code calls (``RecordFields``, ``RecordFieldValues``,
/// ``RecordConflict``, ...) are `@_spi(Generated)`, as swift-openapi-runtime does, so an
/// app's `import CloudSchemaRuntime` sees only the API meant for apps; generated files say
/// `@_spi(Generated) import CloudSchemaRuntime`. They change with this version.
///
/// When the version goes up, keep the old type, marked
/// `@available(*, unavailable, message: "...")`, so old generated code gets that message verbatim.
public enum CloudSchemaRuntimeVersion {
    /// The current contract version, `7`.
    public static let current = 7
}

/// Referenced by code generated for runtime version 7 (each record type's fields read, written
/// and merged through its ``RecordFields`` table, whose ``RecordFields/keys`` are its
/// `Field.allKeys` and whose defaults are what an absent field decodes as; `init(record:)`
/// throws a field's failure once, after reading them all). See ``CloudSchemaRuntimeVersion``.
public enum CloudSchemaRuntimeVersion_7 {}

/// Code generated for version 6 threw from each field's decoder.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_6 {}

/// Code generated for version 5 passed each field's default to its decoder.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_5 {}

/// Code generated for version 4 had a `Field` enum with a case per field.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_4 {}

/// Code generated for version 3 read and wrote each field through its own generic call.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_3 {}

/// Code generated for version 2 imported the runtime's helpers without `@_spi(Generated)`.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_2 {}

/// Code generated for version 1 wrote every field on every save.
@available(
    *, unavailable, message: "regenerate this code with the cloudschema version that matches CloudSchemaRuntime (runtime contract 7)"
)
public enum CloudSchemaRuntimeVersion_1 {}
