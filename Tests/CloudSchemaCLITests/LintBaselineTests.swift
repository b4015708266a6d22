import Foundation
import Testing

/// `cloudschema lint --write-baseline` / `--baseline` and `cloudschema.json`'s `lint.baseline`:
/// recorded findings are matched by rule, file and element, not by line.
struct LintBaselineTests {
    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// One error (an encrypted field that is also queryable) and one warning (a Bytes field).
    static let garden = """
        zone Z
        record Bed in Z {
            name: String @encrypted @queryable
            photo: Data?
        }

        """

    static let recorded = """
        {
          "version": 1,
          "findings": [
            {"rule":"ENCRYPTED_INDEXED","file":"Garden.cloudschema","element":"field Bed.name","count":1},
            {"rule":"FIELD_BYTES_LARGE","file":"Garden.cloudschema","element":"field Bed.photo","count":1}
          ]
        }

        """

    @Test func writeBaselineRecordsTodaysFindingsByElement() throws {
        let folder = try temporaryFolder(["Garden.cloudschema": Self.garden])
        let result = try cloudschema("lint", "--write-baseline", "baseline.json", ".", in: folder)
        #expect(try contents(folder.appendingPathComponent("baseline.json")) == Self.recorded)
        #expect(result.stderr == "baseline.json: recorded 2 findings\n")
        #expect(result.stdout == "")
        #expect(result.status == 0)
    }

    @Test func anEditElsewhereKeepsThemMatched() throws {
        let moved = "// Beds in the garden.\n\n" + Self.garden.replacingOccurrences(of: "record Bed", with: "/// A bed.\nrecord Bed")
        let folder = try temporaryFolder(["Garden.cloudschema": moved, "baseline.json": Self.recorded])
        let result = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aNewFindingStillFails() throws {
        let added = Self.garden.replacingOccurrences(of: "    photo:", with: "    title: String @encrypted @sortable\n    photo:")
        let folder = try temporaryFolder(["Garden.cloudschema": added, "baseline.json": Self.recorded])
        let result = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(
            result.stdout.hasPrefix(
                "./Garden.cloudschema:4:30: error: encrypted field 'title' cannot be sortable; CloudKit does not index encrypted fields [ENCRYPTED_INDEXED]\n"
            ), "\(result.stdout)")
        #expect(result.stderr == "1 error\n")
        #expect(result.status == 1)
    }

    @Test func aSecondFindingOnOneElementIsCounted() throws {
        let twice = Self.garden.replacingOccurrences(of: "@encrypted @queryable", with: "@encrypted @queryable @sortable")
        let folder = try temporaryFolder(["Garden.cloudschema": twice, "baseline.json": Self.recorded])
        let result = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(result.stdout.contains("[ENCRYPTED_INDEXED]"), "\(result.stdout)")
        #expect(!result.stdout.contains("BASELINE_STALE"), "\(result.stdout)")
        #expect(result.status == 1)
        // Fixed in part: the entry counts more than are found now.
        let once = Self.recorded.replacingOccurrences(of: "\"field Bed.name\",\"count\":1", with: "\"field Bed.name\",\"count\":3")
        try once.write(to: folder.appendingPathComponent("baseline.json"), atomically: true, encoding: .utf8)
        let stale = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(
            stale.stdout.hasPrefix(
                "baseline.json:4:5: info: the baseline holds 3 ENCRYPTED_INDEXED findings on field Bed.name in Garden.cloudschema, but only 2 are found now;"
            ), "\(stale.stdout)")
        #expect(stale.status == 0)
    }

    @Test func aFixedFindingIsReportedStale() throws {
        let fixed = Self.garden.replacingOccurrences(of: "@encrypted @queryable", with: "@queryable")
        let folder = try temporaryFolder(["Garden.cloudschema": fixed, "baseline.json": Self.recorded])
        let result = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(
            result.stdout == """
                baseline.json:4:5: info: the baseline holds 1 ENCRYPTED_INDEXED finding on field Bed.name in Garden.cloudschema, but it is no longer found; update the entry, or run 'cloudschema lint --write-baseline' again [BASELINE_STALE]
                    {"rule":"ENCRYPTED_INDEXED","file":"Garden.cloudschema","element":"field Bed.name","count":1},
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

                """)
        #expect(result.status == 0)
    }

    /// A finding with no element (an unused suppression above the first declaration) is keyed by its message.
    @Test func aFindingWithoutAnElementIsKeyedByItsMessage() throws {
        let schema = "// cloudschema:ignore FIELD_BYTES_LARGE\nzone Z\n"
        let folder = try temporaryFolder(["Garden.cloudschema": schema])
        _ = try cloudschema("lint", "--write-baseline", "baseline.json", ".", in: folder)
        #expect(
            try contents(folder.appendingPathComponent("baseline.json")).contains(
                #"{"rule":"SUPPRESSION_UNUSED","file":"Garden.cloudschema","message":"this suppression of FIELD_BYTES_LARGE silences nothing here; remove it","count":1}"#
            ))
        let result = try cloudschema("lint", "--baseline", "baseline.json", ".", in: folder)
        #expect(result.stdout == "")
        #expect(result.status == 0)
    }

    /// The key is relative to the config's folder, as the build plugin passes `--config`.
    @Test func theConfigKeyIsHonoured() throws {
        let folder = try temporaryFolder([
            "cloudschema.json": #"{"lint": {"baseline": "CloudKit/baseline.json"}}"#,
            "Schemas/Garden.cloudschema": Self.garden,
            "CloudKit/baseline.json": Self.recorded.replacingOccurrences(of: "\"Garden", with: "\"../Schemas/Garden"),
        ])
        let result = try cloudschema("lint", "Schemas", in: folder)
        #expect(result.stdout == "")
        #expect(result.status == 0)
        let plugin = try cloudschema(
            "lint", folder.appendingPathComponent("Schemas/Garden.cloudschema").path, "--config",
            folder.appendingPathComponent("cloudschema.json").path, in: packageRoot)
        #expect(plugin.stdout == "")
        #expect(plugin.status == 0)
        // --write-baseline rewrites the file the config names without reading it first.
        try "not JSON".write(to: folder.appendingPathComponent("CloudKit/baseline.json"), atomically: true, encoding: .utf8)
        let written = try cloudschema("lint", "--write-baseline", "CloudKit/baseline.json", "Schemas", in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try contents(folder.appendingPathComponent("CloudKit/baseline.json")).contains(#""file":"../Schemas/Garden.cloudschema""#))
    }

    @Test func aMissingOrInvalidBaselineIsAConfigError() throws {
        let folder = try temporaryFolder(["Garden.cloudschema": Self.garden, "bad.json": #"{"version": 2, "findings": []}"#])
        let missing = try cloudschema("lint", "--baseline", "none.json", ".", in: folder)
        #expect(
            missing.stdout
                == "cloudschema: error: cannot read the baseline 'none.json'; write it with 'cloudschema lint --write-baseline none.json' [CONFIG_INVALID]\n"
        )
        #expect(missing.status == 2)
        let bad = try cloudschema("lint", "--baseline", "bad.json", ".", in: folder)
        #expect(bad.stdout.hasPrefix("bad.json:1:1: error: baseline: expected \"version\": 1"), "\(bad.stdout)")
        #expect(bad.status == 2)
    }

    @Test func writingTheSameFindingsLeavesTheFileAlone() throws {
        let folder = try temporaryFolder(["Garden.cloudschema": Self.garden, "baseline.json": Self.recorded])
        let url = folder.appendingPathComponent("baseline.json")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        _ = try cloudschema("lint", "--write-baseline", "baseline.json", ".", in: folder)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == old)
    }

    /// Adopting a production schema: `import --write-baseline` records what it already has.
    @Test func importWritesTheBaselineOfWhatItImports() throws {
        let ckdb = """
            DEFINE SCHEMA
                RECORD TYPE Bed (
                    "___recordID" REFERENCE QUERYABLE,
                    name STRING QUERYABLE SORTABLE,
                    photo BYTES,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

            """
        let folder = try temporaryFolder(["production.ckdb": ckdb, "Schemas/.keep": ""])
        let result = try cloudschema(
            "import", "production.ckdb", "--output", "Schemas/App.cloudschema", "--write-baseline", "baseline.json", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("baseline.json: recorded "), "\(result.stderr)")
        #expect(try contents(folder.appendingPathComponent("baseline.json")).contains(#""element":"field Bed.photo""#))
        let lint = try cloudschema("lint", "--baseline", "baseline.json", "Schemas", in: folder)
        #expect(lint.stdout == "")
        #expect(lint.status == 0)
        let alone = try cloudschema("import", "production.ckdb", "--write-baseline", "baseline.json", in: folder)
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("error: --write-baseline needs --output"))
    }
}
