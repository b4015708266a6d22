import CloudSchemaCore
import Foundation

/// A subcommand: its spec (name, options, help) and what it runs.
package struct Command: Sendable {
    package var spec: CommandSpec
    package var run: @Sendable (ParsedArguments) -> Int32
    /// "working, 3 s" on a terminal; not for a server, which runs as long as the editor.
    package var showsProgress = true

    package init(spec: CommandSpec, run: @escaping @Sendable (ParsedArguments) -> Int32, showsProgress: Bool = true) {
        (self.spec, self.run, self.showsProgress) = (spec, run, showsProgress)
    }
}

/// `cloudschema` and the build plugin's `cloudschema-build`: the same subcommands, the second
/// with only those a build runs.
package enum CommandLineTool {
    /// Runs the subcommand `CommandLine.arguments` names; returns the exit code.
    package static func run(_ commands: [Command]) -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first else {
            Terminal.out(overview(commands))
            return 0
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                Terminal.out(command.spec.help)
            } else {
                Terminal.out(overview(commands))
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
            if command.showsProgress { Terminal.progress.start("cloudschema \(first)") }
            defer { Terminal.progress.finish() }
            return command.run(parsed)
        } catch {
            Terminal.err("error: \(error.message)\nUsage: \(command.spec.usage)\n  See 'cloudschema \(first) --help'.\n")
            return 2
        }
    }

    static func overview(_ commands: [Command]) -> String {
        """
        OVERVIEW: CloudSchema: a schema language, linter, breaking-change checker and code generator for CloudKit.

        USAGE: cloudschema <subcommand> [<arguments>] [--help]

        SUBCOMMANDS:
        \(commands.map { "  " + $0.spec.name.padding(toLength: 15, withPad: " ", startingAt: 0) + $0.spec.abstract }.joined(separator: "\n"))

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

          See 'cloudschema <subcommand> --help' for a subcommand's options and examples.

        """
    }
}
