import Testing
@testable import CloudSchemaCore
@Test func placeholder() {}
