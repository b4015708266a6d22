import Foundation
import Testing

/// `cloudschema format` as a user runs it: stdout, `--check`, `--in-place`, syntax errors.
struct FormatCommandTests {
    static let messy = "record Bed {\n  name:String@sortable @queryable // the name\n}\n"
    static let tidy = "record Bed {\n    name: String @queryable @sortable // the name\n}\n"
    static let broken = "record Bed {\n    name: \n}\n"

    private func identity(_ url: URL) throws -> (inode: Int, modified: Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func printsTheFormattedTextOnStdout() throws {
        let folder = try temporaryFolder(["Bed.cloudschema": Self.messy])
        let result = try cloudschema("format", "Bed.cloudschema", in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == Self.tidy)
        #expect(result.stderr.isEmpty)
        #expect(try contents(folder.appendingPathComponent("Bed.cloudschema")) == Self.messy)
    }

    @Test func checkListsUnformattedFilesAndExitsWith1() throws {
        let folder = try temporaryFolder([
            "A.cloudschema": Self.messy, "Sub/B.cloudschema": Self.tidy.replacingOccurrences(of: "Bed", with: "Cot"),
            "Sub/C.cloudschema": "zone   Z\n",
        ])
        let result = try cloudschema("format", "--check", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "./A.cloudschema\n./Sub/C.cloudschema\n")
        #expect(try contents(folder.appendingPathComponent("A.cloudschema")) == Self.messy)

        let clean = try cloudschema("format", "--check", "Sub/B.cloudschema", in: folder)
        #expect(clean.status == 0 && clean.stdout.isEmpty)
    }

    @Test func theExamplesFormatToThemselvesTwice() throws {
        for name in ["Garden", "Notes", "Catalogue"] {
            let once = try cloudschema("format", "Schemas/\(name)")
            #expect(once.status == 0)
            let folder = try temporaryFolder(["\(name).cloudschema": once.stdout])
            let check = try cloudschema("format", "--check", ".", in: folder)
            #expect(check.status == 0 && check.stdout.isEmpty, "\(name): \(check.stdout)")
        }
    }

    @Test func inPlaceRewritesOnlyChangedFilesAtomically() throws {
        let folder = try temporaryFolder(["A.cloudschema": Self.messy, "B.cloudschema": "zone Z\n"])
        let a = folder.appendingPathComponent("A.cloudschema")
        let b = folder.appendingPathComponent("B.cloudschema")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: a.path)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: b.path)
        let (aInode, _) = try identity(a)
        let (bInode, bModified) = try identity(b)

        let result = try cloudschema("format", "--in-place", ".", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try contents(a) == Self.tidy)
        #expect(try identity(a).inode != aInode, "a rewritten file is a new file renamed over the old one")
        let permissions = try FileManager.default.attributesOfItem(atPath: a.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o640)
        #expect(try identity(b).inode == bInode && identity(b).modified == bModified, "an unchanged file is not touched")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")

        let again = try cloudschema("format", "--check", ".", in: folder)
        #expect(again.status == 0)
    }

    @Test func inPlaceWritesAHardLinkedFileInPlaceSoEveryLinkSeesIt() throws {
        let folder = try temporaryFolder(["A.cloudschema": Self.messy])
        let a = folder.appendingPathComponent("A.cloudschema")
        let elsewhere = try temporaryFolder([:]).appendingPathComponent("Linked.cloudschema")
        try FileManager.default.linkItem(at: a, to: elsewhere)
        let (inode, _) = try identity(a)

        let result = try cloudschema("format", "--in-place", "A.cloudschema", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(a) == Self.tidy)
        #expect(try contents(elsewhere) == Self.tidy)
        #expect(try identity(a).inode == inode && identity(elsewhere).inode == inode)
        let links = try FileManager.default.attributesOfItem(atPath: a.path)[.referenceCount] as? NSNumber
        #expect(links?.intValue == 2)
    }

    @Test func inPlaceReportsAReadOnlyFileAndLeavesIt() throws {
        let folder = try temporaryFolder(["A.cloudschema": Self.messy, "B.cloudschema": Self.messy])
        let a = folder.appendingPathComponent("A.cloudschema")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: a.path)
        let before = try identity(a)

        let result = try cloudschema("format", "--in-place", ".", in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "cloudschema: error: cannot write './A.cloudschema': it is read-only (make it writable, e.g. chmod u+w, to have it rewritten); it is left as it was [OUTPUT_UNWRITABLE]"
            ), "\(result.stderr)")
        #expect(try contents(a) == Self.messy)
        #expect(try identity(a).inode == before.inode && identity(a).modified == before.modified)
        #expect(try FileManager.default.attributesOfItem(atPath: a.path)[.posixPermissions] as? NSNumber == 0o444)
        // The other file is still formatted.
        #expect(try contents(folder.appendingPathComponent("B.cloudschema")) == Self.tidy)
    }

    /// Root rewrites a file another user owns: the new file keeps that owner and group.
    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func inPlaceKeepsOwnerAndGroup() throws {
        let folder = try temporaryFolder(["A.cloudschema": Self.messy])
        let a = folder.appendingPathComponent("A.cloudschema")
        try FileManager.default.setAttributes(
            [.ownerAccountID: 4242, .groupOwnerAccountID: 4343, .posixPermissions: 0o604], ofItemAtPath: a.path)

        let result = try cloudschema("format", "--in-place", "A.cloudschema", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(a) == Self.tidy)
        let attributes = try FileManager.default.attributesOfItem(atPath: a.path)
        #expect(attributes[.ownerAccountID] as? NSNumber == 4242)
        #expect(attributes[.groupOwnerAccountID] as? NSNumber == 4343)
        #expect(attributes[.posixPermissions] as? NSNumber == 0o604)
    }

    @Test func syntaxErrorsAreReportedAndTheFileIsLeftUntouched() throws {
        let folder = try temporaryFolder(["Bad.cloudschema": Self.broken, "Good.cloudschema": Self.messy])
        let bad = folder.appendingPathComponent("Bad.cloudschema")
        let before = try identity(bad)
        for mode in [[], ["--check"], ["--in-place"]] {
            let result = try cloudschema(["format"] + mode + ["Bad.cloudschema", "Good.cloudschema"], in: folder)
            #expect(result.status == 1, "\(mode)")
            #expect(
                result.stderr.contains("Bad.cloudschema:2:9: error: expected a type after ':' on the same line [SYNTAX_ERROR]"),
                "\(mode): \(result.stderr)")
            #expect(result.stderr.contains("    name: \n"))
            #expect(result.stderr.hasSuffix("1 error\n"))
            #expect(try contents(bad) == Self.broken)
            #expect(try identity(bad).inode == before.inode && identity(bad).modified == before.modified)
        }
        // The good file was still formatted (the last run was --in-place).
        #expect(try contents(folder.appendingPathComponent("Good.cloudschema")) == Self.tidy)
    }

    @Test func checkAndInPlaceTogetherIsAUsageError() throws {
        let folder = try temporaryFolder(["A.cloudschema": Self.messy])
        let result = try cloudschema("format", "--check", "--in-place", in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--check' and '--in-place' cannot be used together"))
        #expect(result.stderr.contains("Usage: cloudschema format"))
        #expect(try contents(folder.appendingPathComponent("A.cloudschema")) == Self.messy)
    }

    @Test func missingPathsAreIOErrorsWithExitCode2() throws {
        let result = try cloudschema("format", "Nope.cloudschema")
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file or folder: 'Nope.cloudschema' [INPUT_UNREADABLE]"))
    }

    @Test func helpHasPurposeOptionsDefaultsAndExamples() throws {
        let help = try cloudschema("format", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Rewrite schemas in the one canonical layout"))
        #expect(help.stdout.contains("USAGE: cloudschema format [<paths> ...] [--check] [--in-place]"))
        #expect(help.stdout.contains("--check") && help.stdout.contains("--in-place") && help.stdout.contains("(default:"))
        #expect(help.stdout.contains("EXAMPLES:\n  cloudschema format"))
        let top = try cloudschema("--help")
        #expect(top.stdout.contains("format"))
    }
}

extension FormatCommandTests {
    @Test func ckdbFilesAreNeverRewritten() throws {
        let ckdb = "DEFINE SCHEMA\n    RECORD TYPE Bed (\n        name STRING\n    );\n"
        let folder = try temporaryFolder(["A.cloudschema": Self.messy, "B.ckdb": ckdb])
        let result = try cloudschema("format", "--in-place", ".", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(folder.appendingPathComponent("B.ckdb")) == ckdb)
        #expect(try contents(folder.appendingPathComponent("A.cloudschema")) == Self.tidy)
        let named = try cloudschema("format", "B.ckdb", in: folder)
        #expect(named.status == 0 && named.stdout.isEmpty)
        #expect(named.stderr.contains("B.ckdb: note: skipped"))
    }
}
