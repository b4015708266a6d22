import Testing
@testable import CloudSchemaRuntime
