import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
import Foundation

enum FormatCommand {
    static let spec = CommandSpec(
        name: "format",
        abstract: "Rewrite schemas in the one canonical layout, keeping every comment.",
        positionals: "[<paths> ...]",
        positionalHelp:
            "Schema files or folders, searched recursively for *.cloudschema (.ckdb files are never rewritten); - reads standard input. (default: .)",
        options: [
            .flag("check", "List the files that are not formatted, change nothing, exit 1 if there are any. (default: off)"),
            .flag(
                "in-place",
                "Rewrite the files that change, keeping their mode, owner and hard links; leave the others and read-only files untouched. (default: off: print to stdout)"
            ),
            .assumeFilename,
        ],
        examples: [
            "cloudschema format Schemas/Garden/Garden.cloudschema",
            "cloudschema format --check Schemas",
            "cloudschema format --in-place Schemas",
            "cloudschema format - --assume-filename Garden.cloudschema < Garden.cloudschema",
        ],
        discussion: """
            Formatting never changes meaning: the resolved schema is the same before and after.
            A file with syntax errors is reported (on stderr) and left untouched.
            --in-place renames a new file over the old one (readers never see half a file), keeping
            its mode, owner and group; a file with other hard links is written in place, so every
            link sees the change; a read-only file is reported (OUTPUT_UNWRITABLE) and left alone.
            Exit codes: 0 done (or all formatted), 1 unformatted files with --check or files
            with syntax errors, 2 usage or I/O error.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let check = arguments.flag("check")
        let inPlace = arguments.flag("in-place")
        if check && inPlace {
            Terminal.err(
                "error: '--check' and '--in-place' cannot be used together; choose one\nUsage: \(spec.usage)\n  See 'cloudschema format --help'.\n"
            )
            return 2
        }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        if inPlace && paths.contains(SchemaLoader.standardInput) {
            Terminal.err(
                "error: '--in-place' cannot rewrite standard input ('-'); the formatted text is printed without it\nUsage: \(spec.usage)\n  See 'cloudschema format --help'.\n"
            )
            return 2
        }
        let (found, findProblems) = SchemaLoader.findFiles(paths)
        // `.ckdb` is CloudKit's format, `.sql` and `.swift` the app's: read wherever a schema is read, never rewritten.
        let files = found.filter { $0 == SchemaLoader.standardInput || $0.hasSuffix(".cloudschema") }
        for path in paths where path.hasSuffix(".ckdb") && found.contains(path) {
            Terminal.err(
                "\(DiagnosticRenderer.visible(path)): note: skipped; format rewrites .cloudschema files only (see 'cloudschema import')\n")
        }
        var sources = SourceStore()
        var problems = findProblems
        var ioError = !findProblems.isEmpty
        var failed = false
        var unformatted: [String] = []
        for path in files {
            let name = path == SchemaLoader.standardInput ? arguments.standardInputName : path
            let bytes: [UInt8]
            do {
                bytes = try SchemaLoader.read(path, as: name)
            } catch {
                problems.append(error)
                ioError = true
                continue
            }
            sources.add(name, bytes)
            switch SchemaFormatter.format(bytes, file: name) {
            case .syntaxErrors(let diagnostics):
                problems += diagnostics
                failed = true
            case .failed(let reason):
                Terminal.err(
                    "\(DiagnosticRenderer.visible(name)): error: not formatted: \(reason); the file is left as it is (please report this)\n"
                )
                failed = true
            case .formatted(let text):
                let changed = !text.utf8.elementsEqual(bytes)
                if check {
                    if changed { unformatted.append(name) }
                } else if inPlace {
                    if changed {
                        do {
                            try FileWriter.write(Array(text.utf8), to: path)
                        } catch {
                            problems.append(.error(.outputUnwritable, "\(error); it is left as it was", at: nil))
                            ioError = true
                        }
                    }
                } else {
                    Terminal.out(text)
                }
            }
        }
        for name in unformatted { Terminal.out(DiagnosticRenderer.visible(name) + "\n") }
        if !problems.isEmpty {
            let sorted = problems.sorted()
            Terminal.err(DiagnosticRenderer.text(sorted, sources: sources, color: false))
            Terminal.err(DiagnosticRenderer.summary(sorted) + "\n")
        }
        if ioError { return 2 }
        return failed || !unformatted.isEmpty ? 1 : 0
    }
}
