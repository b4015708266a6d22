import CloudSchemaCore
import Foundation
import Testing

@Suite struct GeneratedFileWriterTests {
    /// The manifest's hash of a file streamed in pieces of any size is the hash of its whole
    /// bytes: a later run, which reads the file whole, recognises it as unedited and removes it
    /// once it is no longer generated.
    @Test func aFileStreamedInPiecesIsRecognisedWholeAndRemovedWhenStale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-writer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = (0..<5_000).map { "let value\($0) = \($0)\n" }.joined()
        var writer = try GeneratedFileWriter(directory: folder)
        try writer.begin("Old.swift")
        // Pieces that start and end inside the hash's 8-byte words.
        let sizes = [1, 7, 8, 9, 70_000]
        var rest = Substring(text)
        var piece = 0
        while !rest.isEmpty {
            writer.append(String(rest.prefix(sizes[piece % sizes.count])))
            rest = rest.dropFirst(sizes[piece % sizes.count])
            piece += 1
        }
        try writer.end()
        _ = try writer.finish()
        #expect(try String(contentsOfFile: folder + "/Old.swift", encoding: .utf8) == text)

        let report = try GeneratedFileWriter.write([GeneratedFile(name: "New.swift", contents: "let x = 1\n")], to: folder)
        #expect(report.removed == ["Old.swift"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/Old.swift"))
    }

    /// Manifests written by earlier releases hold 64-bit FNV-1a hashes: a stale file one of
    /// them lists is still removed while unedited, and kept once edited.
    @Test func aManifestFromAnEarlierReleaseStillRemovesItsStaleFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-writer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "let old = 1\n".write(toFile: folder + "/Old.swift", atomically: true, encoding: .utf8)
        try "let old = 2 // edited\n".write(toFile: folder + "/Edited.swift", atomically: true, encoding: .utf8)
        try """
        # Written by cloudschema generate: the files it wrote here, each with a hash of its bytes.
        0436ecd6fabff6d7 Old.swift
        043a42d6fac2bed0 Edited.swift

        """.write(toFile: folder + "/.cloudschema-generated", atomically: true, encoding: .utf8)

        let report = try GeneratedFileWriter.write([GeneratedFile(name: "New.swift", contents: "let x = 1\n")], to: folder)
        #expect(report.removed == ["Old.swift"])
        #expect(FileManager.default.fileExists(atPath: folder + "/Edited.swift"))
    }
}
