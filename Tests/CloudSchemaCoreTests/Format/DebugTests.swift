import Foundation
import Testing
@testable import CloudSchemaCore

struct DebugFormatTests {
    @Test func dump() throws {
        guard let path = ProcessInfo.processInfo.environment["FMT_DEBUG"] else { return }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let (syntax, _) = Parser.parse(bytes, file: path)
        if case .formatted(let text) = SchemaFormatter.layOut(syntax, bytes: bytes, file: path) {
            try text.write(toFile: "/tmp/fmtdbg/out", atomically: true, encoding: .utf8)
            let a = Resolver.resolve([syntax]).schema
            let b = Resolver.resolve([Parser.parse(text, file: path).syntax]).schema
            print("records equal", a.recordTypes == b.recordTypes, "enums", a.enums == b.enums, "models", a.models == b.models, "kv", a.keyValueStores == b.keyValueStores, a.zones == b.zones, a.roles == b.roles, a.container == b.container)
        }
    }
}
