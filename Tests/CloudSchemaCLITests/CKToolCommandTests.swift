import Foundation
import Testing

/// `pull` and `push` against a stand-in `xcrun` first on PATH (the real cktool is not run here):
/// it records each call's arguments and answers each cktool verb as told.
struct CKToolCommandTests {
    /// How the stand-in answers one cktool verb; `schema` is what export-schema writes to its --output-file.
    struct Reply {
        var status: Int32 = 0
        var stderr = ""
        var schema: String?
    }

    /// A folder holding the stand-in `xcrun`, its replies (`<verb>.status`, `.stderr`, `.ckdb`),
    /// the calls it received (`calls`) and each --file it was given (`<verb>.received`).
    struct Xcrun {
        let folder: URL

        init(_ replies: [String: Reply] = [:]) throws {
            var files = ["xcrun": Self.script]
            for (verb, reply) in replies {
                files["\(verb).status"] = "\(reply.status)"
                files["\(verb).stderr"] = reply.stderr
                if let schema = reply.schema { files["\(verb).ckdb"] = schema }
            }
            folder = try temporaryFolder(files)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("xcrun").path)
        }

        static let script = """
            #!/bin/sh
            here=$(dirname "$0")
            for argument in "$@"; do printf '%s\\n' "$argument"; done >> "$here/calls"
            printf '\\n' >> "$here/calls"
            verb=$2
            previous=
            for argument in "$@"; do
                case "$previous" in
                    --output-file) if [ -f "$here/$verb.ckdb" ]; then cat "$here/$verb.ckdb" > "$argument"; fi ;;
                    --file) cat "$argument" > "$here/$verb.received" ;;
                esac
                previous=$argument
            done
            if [ -f "$here/$verb.stderr" ]; then cat "$here/$verb.stderr" >&2; fi
            exit "$(cat "$here/$verb.status" 2>/dev/null || echo 0)"

            """

        var environment: [String: String] { ["PATH": folder.path + ":/usr/bin:/bin"] }

        /// Each call's arguments, temporary file names shown as `<temporary>/NAME`.
        var calls: [[String]] {
            let text = (try? String(contentsOf: folder.appendingPathComponent("calls"), encoding: .utf8)) ?? ""
            return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { call in
                call.split(separator: "\n", omittingEmptySubsequences: false).map { argument in
                    argument.contains("/cloudschema-") ? "<temporary>/" + argument.split(separator: "/").last! : String(argument)
                }
            }
        }

        func received(_ verb: String) -> String? {
            try? String(contentsOf: folder.appendingPathComponent("\(verb).received"), encoding: .utf8)
        }
    }

    static let garden = """
        container "iCloud.app.garden"

        zone Garden

        record Plant in Garden {
            name: String @queryable
        }

        """

    static let export = """
        DEFINE SCHEMA

            RECORD TYPE Plant (
                "___createTime" TIMESTAMP,
                name            STRING QUERYABLE
            );

        """

    static func export(_ schema: String) throws -> String {
        let folder = try temporaryFolder(["Garden.cloudschema": schema])
        return try cloudschema("export", "Garden.cloudschema", in: folder).stdout
    }

    // MARK: pull

    @Test func pullRunsExportSchemaAndWritesTheFileOnlyWhenItsBytesChange() throws {
        let xcrun = try Xcrun(["export-schema": Reply(schema: Self.export)])
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": Self.garden])
        let arguments = ["pull", "Schemas", "--environment", "production", "--team-id", "ABCDE12345", "--output", "production.ckdb"]
        let first = try cloudschema(arguments, in: project, environment: xcrun.environment)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let output = project.appendingPathComponent("production.ckdb")
        #expect(try String(contentsOf: output, encoding: .utf8) == Self.export)
        #expect(
            xcrun.calls == [
                [
                    "cktool", "export-schema", "--team-id", "ABCDE12345", "--container-id", "iCloud.app.garden", "--environment",
                    "production", "--output-file", "<temporary>/schema.ckdb",
                ]
            ])

        let inode = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        #expect(try cloudschema(arguments, in: project, environment: xcrun.environment).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int == inode)

        let stdout = try cloudschema(
            "pull", "--environment", "development", "--team-id", "ABCDE12345", "--container-id", "iCloud.other", in: project,
            environment: xcrun.environment)
        #expect(stdout.status == 0 && stdout.stdout == Self.export)
        #expect(xcrun.calls.last?[5...7] == ["iCloud.other", "--environment", "development"])
    }

    @Test func aFailedExportShowsCktoolsErrorAndWritesNothing() throws {
        let stderr = "Error: Authentication failed: no management token for team ABCDE12345. Run 'cktool save-token'.\n"
        // cktool fails after writing part of its file: the output is still left as it was.
        let xcrun = try Xcrun(["export-schema": Reply(status: 1, stderr: stderr, schema: "DEFINE SCH")])
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": Self.garden, "production.ckdb": "old\n"])
        let result = try cloudschema(
            ["pull", "Schemas", "--environment", "production", "--team-id", "ABCDE12345", "--output", "production.ckdb"], in: project,
            environment: xcrun.environment)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                cloudschema: error: 'xcrun cktool export-schema --team-id ABCDE12345 --container-id iCloud.app.garden --environment production --output-file production.ckdb' failed (exit code 1) [CKTOOL_FAILED]
                cloudschema: note: cktool: Error: Authentication failed: no management token for team ABCDE12345. Run 'cktool save-token'.

                """)
        #expect(try String(contentsOf: project.appendingPathComponent("production.ckdb"), encoding: .utf8) == "old\n")
    }

    @Test func badArgumentsAreLocatedDiagnosticsAndCktoolIsNotRun() throws {
        let xcrun = try Xcrun()
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": "zone Garden\n"])
        let staging = try cloudschema(
            ["pull", "--environment", "staging", "--team-id", "T", "--container-id", "iCloud.x"], in: project,
            environment: xcrun.environment)
        #expect(staging.status == 2)
        #expect(
            staging.stderr
                == "cloudschema: error: unknown environment 'staging'; cktool's environments are development and production [CKTOOL_ENVIRONMENT_UNKNOWN]\n"
        )
        let noContainer = try cloudschema(
            ["pull", "Schemas", "--environment", "development", "--team-id", "T"], in: project, environment: xcrun.environment)
        #expect(noContainer.status == 2)
        #expect(
            noContainer.stderr.hasPrefix(
                "Schemas/Garden.cloudschema:1:1: error: the schema declares no container; add `container \"iCloud.…\"` to a .cloudschema file or pass --container-id [CONTAINER_MISSING]\n"
            ))
        let push = try cloudschema(["push", "Schemas", "--team-id", "T"], in: project, environment: xcrun.environment)
        #expect(push.status == 2 && push.stderr.contains("[CONTAINER_MISSING]"))
        #expect(xcrun.calls.isEmpty)
    }

    /// No xcrun on PATH, or an xcrun without cktool (Xcode older than 13): the command to run on a Mac.
    @Test func withoutCktoolTheMessageShowsTheEquivalentCommand() throws {
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": Self.garden])
        let noXcrun = try temporaryFolder([:])
        let oldXcode = try temporaryFolder([
            "xcrun": "#!/bin/sh\necho 'xcrun: error: unable to find utility \"cktool\", not a developer tool or in PATH' >&2\nexit 72\n"
        ])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: oldXcode.appendingPathComponent("xcrun").path)
        for path in [noXcrun.path, oldXcode.path] {
            let result = try cloudschema(
                ["pull", "Schemas", "--environment", "production", "--team-id", "ABCDE12345", "--output", "production.ckdb"], in: project,
                environment: ["PATH": path])
            #expect(result.status == 2)
            #expect(
                result.stderr == """
                    cloudschema: error: 'xcrun cktool' is not available here: cktool ships with Xcode 13 or later (macOS). Install Xcode and select it (xcode-select), or run the equivalent command on a Mac: xcrun cktool export-schema --team-id ABCDE12345 --container-id iCloud.app.garden --environment production --output-file production.ckdb [CKTOOL_UNAVAILABLE]

                    """)
            #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("production.ckdb").path))
        }
    }

    // MARK: push

    static let gardenWithNotes = garden.replacingOccurrences(
        of: "    name: String @queryable\n", with: "    name: String @queryable\n    notes: String?\n")

    @Test func pushChecksAgainstProductionThenValidatesAndImportsIntoDevelopment() throws {
        let production = try Self.export(Self.garden)
        let xcrun = try Xcrun(["export-schema": Reply(schema: production)])
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": Self.gardenWithNotes])
        let result = try cloudschema(["push", "Schemas", "--team-id", "ABCDE12345"], in: project, environment: xcrun.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let target = ["--team-id", "ABCDE12345", "--container-id", "iCloud.app.garden"]
        #expect(
            xcrun.calls == [
                ["cktool", "export-schema"] + target + ["--environment", "production", "--output-file", "<temporary>/schema.ckdb"],
                ["cktool", "validate-schema"] + target + ["--environment", "development", "--file", "<temporary>/schema.ckdb"],
                ["cktool", "import-schema"] + target + ["--environment", "development", "--file", "<temporary>/schema.ckdb"],
            ])
        let exported = try Self.export(Self.gardenWithNotes)
        #expect(xcrun.received("validate-schema") == exported && xcrun.received("import-schema") == exported)
        #expect(result.stderr.hasSuffix("deploy it to production from the CloudKit Console\n"))

        // --against names the baseline: production is not pulled.
        let against = try Xcrun()
        try production.write(to: project.appendingPathComponent("production.ckdb"), atomically: true, encoding: .utf8)
        let local = try cloudschema(
            ["push", "Schemas", "--team-id", "ABCDE12345", "--against", "production.ckdb"], in: project, environment: against.environment)
        #expect(local.status == 0)
        #expect(against.calls.map { $0[1] } == ["validate-schema", "import-schema"])
    }

    @Test func aFailedValidationImportsNothing() throws {
        let xcrun = try Xcrun([
            "export-schema": Reply(schema: try Self.export(Self.garden)),
            "validate-schema": Reply(status: 1, stderr: "Schema validation failed: field 'notes' conflicts with production\n"),
        ])
        let project = try temporaryFolder(["Schemas/Garden.cloudschema": Self.gardenWithNotes])
        let result = try cloudschema(["push", "Schemas", "--team-id", "ABCDE12345"], in: project, environment: xcrun.environment)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                cloudschema: error: 'xcrun cktool validate-schema --team-id ABCDE12345 --container-id iCloud.app.garden --environment development --file schema.ckdb' failed (exit code 1) [CKTOOL_FAILED]
                cloudschema: note: cktool: Schema validation failed: field 'notes' conflicts with production

                """)
        #expect(xcrun.calls.map { $0[1] } == ["export-schema", "validate-schema"])
    }

    @Test func pushIsRefusedWhenLintFailsOrTheChangeIsBreakingAndCktoolDoesNotImport() throws {
        let xcrun = try Xcrun(["export-schema": Reply(schema: try Self.export(Self.gardenWithNotes))])
        let lintError = try temporaryFolder([
            "Schemas/Garden.cloudschema": Self.garden.replacingOccurrences(of: "@queryable", with: "@queryable @encrypted")
        ])
        let lint = try cloudschema(["push", "Schemas", "--team-id", "ABCDE12345"], in: lintError, environment: xcrun.environment)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("[ENCRYPTED_INDEXED]"))
        #expect(lint.stderr.hasSuffix("push refused: lint must pass, so cktool was not run\n"))
        #expect(xcrun.calls.isEmpty)

        // Production has `notes`; the schema dropped it.
        let breaking = try temporaryFolder(["Schemas/Garden.cloudschema": Self.garden])
        let diff = try cloudschema(["push", "Schemas", "--team-id", "ABCDE12345"], in: breaking, environment: xcrun.environment)
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("[FIELD_NO_DELETE]"))
        #expect(diff.stderr == "error: push refused: the schema is not additive to production, so cktool was not run\n")
        #expect(xcrun.calls.map { $0[1] } == ["export-schema"])
    }
}
