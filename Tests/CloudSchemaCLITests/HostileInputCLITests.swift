import Foundation
import Testing

/// The binary against input meant to break it: it answers each with a few located
/// diagnostics and the right exit code, never a crash, a flood or silence.
struct HostileInputCLITests {
    let record = "zone Z\n\nrecord Bed in Z {\n    name: String\n}\n"

    private func folder(_ files: [String: Data]) throws -> URL {
        let folder = try temporaryFolder([:])
        for (path, data) in files { try data.write(to: folder.appendingPathComponent(path)) }
        return folder
    }

    private func errorLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(": error: ") }
    }

    @Test func aMillionQuestionMarksIsOneError() throws {
        let deep = "zone Z\n\nrecord Bed in Z {\n    name: String" + String(repeating: "?", count: 1_000_000) + "\n}\n"
        let folder = try folder(["Deep.cloudschema": Data(deep.utf8)])
        let lint = try cloudschema("lint", "Deep.cloudschema", in: folder)
        #expect(lint.status == 1)
        #expect(
            errorLines(lint.stdout) == [
                "Deep.cloudschema:4:48: error: type nested more than 32 levels deep; write a simpler type [SYNTAX_ERROR]"
            ])
        let format = try cloudschema("format", "Deep.cloudschema", in: folder)
        #expect(format.status == 1)
        #expect(errorLines(format.stderr).count == 1)
    }

    @Test func aBinaryFileIsOneErrorWithExitCode2() throws {
        let folder = try folder(["Binary.cloudschema": try Data(contentsOf: cloudschemaBinary)])
        for command in ["lint", "format", "export"] {
            let result = try cloudschema(command, "Binary.cloudschema", in: folder)
            #expect(result.status == 2, "\(command)")
            let output = result.stdout + result.stderr
            #expect(errorLines(output).count == 1, "\(command)")
            #expect(output.contains("error: not a text file (it has a NUL byte); a schema file is UTF-8 text [INPUT_UNREADABLE]"))
            #expect(output.utf8.count < 500, "\(command)")
        }
    }

    @Test func utf16IsOneErrorWithExitCode2() throws {
        let data = Data([0xFF, 0xFE] + Array(record.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let folder = try folder(["Wide.cloudschema": data])
        let result = try cloudschema("lint", ".", in: folder)
        #expect(result.status == 2)
        #expect(
            errorLines(result.stdout) == [
                "./Wide.cloudschema:1:1: error: file is UTF-16 (little-endian) text; save it as UTF-8 [INPUT_UNREADABLE]"
            ])
    }

    @Test func oneInvalidByteIsOneError() throws {
        let data = Data(Array("zone Z\n\nrecord Bed in Z {\n    name: String ".utf8) + [0xFF] + Array("\n}\n".utf8))
        let folder = try folder(["Latin.cloudschema": data])
        let result = try cloudschema("lint", "Latin.cloudschema", in: folder)
        #expect(result.status == 1)
        #expect(
            errorLines(result.stdout) == [
                "Latin.cloudschema:4:18: error: file is not valid UTF-8 (byte 0xFF); save it as UTF-8 [SYNTAX_ERROR]"
            ])
    }

    @Test func controlCharactersNeverReachTheTerminal() throws {
        let hostile = "zone Z\n\nrecord Bed in Z {\n    name: String = \"\u{1B}]0;pwned\u{07}\" // \u{1B}[2J\n    \u{1B}[31m: String\n}\n"
        let folder = try folder(["Evil.cloudschema": Data(hostile.utf8)])
        for format in ["text", "json", "sarif", "github"] {
            let result = try cloudschema("lint", "--format", format, "Evil.cloudschema", in: folder)
            #expect(result.status == 1, "\(format)")
            #expect(!result.stdout.isEmpty)
            #expect(!(result.stdout + result.stderr).utf8.contains(0x1B), "\(format)")
        }
        let text = try cloudschema("lint", "Evil.cloudschema", in: folder).stdout
        #expect(
            text.contains(
                "Evil.cloudschema:5:5: error: unexpected '\\u{1B}'; names use ASCII letters, digits and '_' [SYNTAX_ERROR]\n    \\u{1B}[31m: String\n    ^~~~~~\n"
            ))
    }

    @Test func aLongLineIsQuotedAroundTheRange() throws {
        let long = "zone Z\n\nrecord Bed in Z {\n    name: String /* " + String(repeating: "x", count: 10_000_000) + " */ @queryabel\n}\n"
        let folder = try folder(["Long.cloudschema": Data(long.utf8)])
        let result = try cloudschema("lint", "Long.cloudschema", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.utf8.count < 500)
        #expect(result.stdout.hasSuffix("x */ @queryabel\n" + String(repeating: " ", count: 63) + "^~~~~~~~~~\n"))
    }

    @Test func linksThatLoopReadEachFileOnce() throws {
        let folder = try temporaryFolder(["Schemas/Bed.cloudschema": record])
        let schemas = folder.appendingPathComponent("Schemas")
        try FileManager.default.createDirectory(at: schemas.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: schemas.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: schemas.appendingPathComponent("Also.cloudschema").path, withDestinationPath: "Bed.cloudschema")
        let lint = try cloudschema("lint", "Schemas", in: folder)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.isEmpty)
        let format = try cloudschema("format", "Schemas", in: folder)
        #expect(format.status == 0)
        #expect(format.stdout == record)
    }

    @Test func aLinkThatLeadsNowhereIsUnreadableWithExitCode2() throws {
        let folder = try temporaryFolder(["Schemas/Bed.cloudschema": record])
        let schemas = folder.appendingPathComponent("Schemas")
        try FileManager.default.createSymbolicLink(
            atPath: schemas.appendingPathComponent("Loop.cloudschema").path, withDestinationPath: "Loop.cloudschema")
        let result = try cloudschema("lint", "Schemas", in: folder)
        #expect(result.status == 2)
        #expect(
            result.stdout
                == "cloudschema: error: cannot read 'Schemas/Loop.cloudschema' (Too many levels of symbolic links) [INPUT_UNREADABLE]\n")
        let only = try temporaryFolder([:])
        try FileManager.default.createSymbolicLink(atPath: only.appendingPathComponent("loop").path, withDestinationPath: "loop")
        let alone = try cloudschema("lint", "loop", in: only)
        #expect(alone.status == 2)
        #expect(alone.stdout == "cloudschema: error: cannot read 'loop' (Too many levels of symbolic links) [INPUT_UNREADABLE]\n")
    }

    @Test func aDashReadsStandardInputUnderTheAssumedName() throws {
        let folder = try temporaryFolder([:])
        let bad = Data("zone Z\n\nrecord Bed in Z {\n    name: Strng\n}\n".utf8)
        let lint = try cloudschema("lint", "-", "--assume-filename", "Schemas/Bed.cloudschema", in: folder, input: bad)
        #expect(lint.status == 1)
        #expect(
            errorLines(lint.stdout) == ["Schemas/Bed.cloudschema:4:11: error: unknown type 'Strng'; did you mean 'String'? [TYPE_UNKNOWN]"])
        let unnamed = try cloudschema("lint", "-", in: folder, input: bad)
        #expect(errorLines(unnamed.stdout).first?.hasPrefix("<stdin>:4:11: error:") == true)

        let format = try cloudschema("format", "-", in: folder, input: Data("zone Z\nrecord Bed in Z { name: String }\n".utf8))
        #expect(format.status == 0)
        #expect(format.stdout == record)
        let inPlace = try cloudschema("format", "--in-place", "-", in: folder, input: Data(record.utf8))
        #expect(inPlace.status == 2)

        let export = try cloudschema("export", "-", in: folder, input: Data(record.utf8))
        #expect(export.status == 0)
        #expect(export.stdout.contains("RECORD TYPE Bed ("))

        let ckdb = Data("DEFINE SCHEMA\n\nRECORD TYPE Bed (\n    name STRING\n);\n".utf8)
        let imported = try cloudschema("import", "-", in: folder, input: ckdb)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("record Bed"))
        let lintCKDB = try cloudschema("lint", "-", "--assume-filename", "schema.ckdb", in: folder, input: ckdb)
        #expect(!lintCKDB.stdout.contains("SYNTAX_ERROR"))
    }

    @Test func helpTellsHowToReadStandardInput() throws {
        for command in ["lint", "format", "export", "import"] {
            let help = try cloudschema(command, "--help").stdout
            #expect(help.contains("--assume-filename <path>"), "\(command)")
            #expect(help.contains("- reads standard input"), "\(command)")
        }
    }
}
