import CloudSchemaCore
import Foundation

/// A subcommand: its spec (name, options, help) and what it runs.
struct Command: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments) -> Int32
}

/// Every subcommand, in the order `--help` lists them.
let commands: [Command] = [
    Command(spec: LintCommand.spec, run: LintCommand.run),
    Command(spec: DiffCommand.spec, run: DiffCommand.run),
    Command(spec: PlanCommand.spec, run: PlanCommand.run),
    Command(spec: ImportCommand.spec, run: ImportCommand.run),
    Command(spec: ExportCommand.spec, run: ExportCommand.run),
    Command(spec: PullCommand.spec, run: PullCommand.run),
    Command(spec: PushCommand.spec, run: PushCommand.run),
    Command(spec: GenerateCommand.spec, run: GenerateCommand.run),
    Command(spec: ExplainCommand.spec, run: ExplainCommand.run),
    Command(spec: ExplainErrorCommand.spec, run: ExplainErrorCommand.run),
    Command(spec: FormatCommand.spec, run: FormatCommand.run),
    Command(spec: GraphCommand.spec, run: GraphCommand.run),
    Command(spec: LSPCommand.spec, run: LSPCommand.run),
]

let overview = """
    OVERVIEW: CloudSchema: a schema language, linter, breaking-change checker and code generator for CloudKit.

    USAGE: cloudschema <subcommand> [<arguments>] [--help]

    SUBCOMMANDS:
    \(commands.map { "  " + $0.spec.name.padding(toLength: 15, withPad: " ", startingAt: 0) + $0.spec.abstract }.joined(separator: "\n"))

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

      See 'cloudschema <subcommand> --help' for a subcommand's options and examples.

    """

func runCommandLine() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        Terminal.out(overview)
        return 0
    }
    switch first {
    case "--help", "-h", "help":
        if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
            Terminal.out(command.spec.help)
        } else {
            Terminal.out(overview)
        }
        return 0
    case "--version":
        Terminal.out(CloudSchemaVersion.current + "\n")
        return 0
    default:
        break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
        Terminal.err(
            "error: unknown subcommand '\(first)'; expected one of: \(commands.map(\.spec.name).joined(separator: ", "))\n"
                + "See 'cloudschema --help'.\n")
        return 2
    }
    do {
        let parsed = try command.spec.parse(Array(arguments.dropFirst()))
        if parsed.wantsHelp {
            Terminal.out(command.spec.help)
            return 0
        }
        // The server runs as long as the editor; "working, 3 s" would only be noise.
        if first != LSPCommand.spec.name { Terminal.progress.start("cloudschema \(first)") }
        defer { Terminal.progress.finish() }
        return command.run(parsed)
    } catch {
        Terminal.err("error: \(error.message)\nUsage: \(command.spec.usage)\n  See 'cloudschema \(first) --help'.\n")
        return 2
    }
}

exit(runCommandLine())
