import Testing
@testable import CloudSchemaRuntime
@Test func placeholder() {}
