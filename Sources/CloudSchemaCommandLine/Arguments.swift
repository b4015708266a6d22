import CloudSchemaCore

/// Hand-written argument parsing that behaves as swift-argument-parser users expect:
/// `--option value` and `--option=value`, flags, `--` before positional arguments that
/// start with `-`, unknown options rejected with the list of valid ones.
package struct OptionSpec: Sendable {
    package var name: String
    /// nil for a flag.
    package var valueName: String?
    package var help: String
    package var defaultValue: String?
    /// Allowed values, checked before the command runs.
    package var choices: [String]?

    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    package static func option(
        _ name: String, value: String, _ help: String, default defaultValue: String? = nil, choices: [String]? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, valueName: value, help: help, defaultValue: defaultValue, choices: choices)
    }

    /// For commands that read `-` (standard input), named as swift-format names it.
    package static let assumeFilename = option(
        "assume-filename", value: "path",
        "The file name for standard input ('-') in diagnostics and config lookup; .ckdb reads it as a .ckdb file.",
        default: SchemaLoader.standardInputName)
}

package struct CommandSpec: Sendable {
    package var name: String
    /// One line: what the command is for.
    package var abstract: String
    /// e.g. "[<paths> ...]"; empty when the command takes none.
    package var positionals: String
    package var positionalHelp: String
    package var options: [OptionSpec]
    package var examples: [String]
    package var discussion: String = ""

    package init(
        name: String, abstract: String, positionals: String, positionalHelp: String, options: [OptionSpec], examples: [String],
        discussion: String = ""
    ) {
        (self.name, self.abstract, self.positionals, self.positionalHelp) = (name, abstract, positionals, positionalHelp)
        (self.options, self.examples, self.discussion) = (options, examples, discussion)
    }

    package var usage: String {
        var parts = ["cloudschema", name]
        if !positionals.isEmpty { parts.append(positionals) }
        for option in options {
            let text = option.valueName.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
            parts.append("[\(text)]")
        }
        return parts.joined(separator: " ")
    }

    package var help: String {
        var out = "OVERVIEW: \(abstract)\n\n"
        if !discussion.isEmpty { out += discussion + "\n\n" }
        out += "USAGE: \(usage)\n\n"
        if !positionals.isEmpty {
            out += "ARGUMENTS:\n  \(pad(positionals, 24))\(positionalHelp)\n\n"
        }
        out += "OPTIONS:\n"
        for option in options {
            let left = option.valueName.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
            var text = option.help
            if let choices = option.choices { text += " (values: \(choices.joined(separator: ", ")))" }
            if let value = option.defaultValue { text += " (default: \(value))" }
            out += "  \(pad(left, 24))\(text)\n"
        }
        out += "  \(pad("-h, --help", 24))Show help information.\n"
        if !examples.isEmpty {
            out += "\nEXAMPLES:\n" + examples.map { "  \($0)\n" }.joined()
        }
        return out
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + "\n" + String(repeating: " ", count: width + 2) : s + String(repeating: " ", count: width - s.count)
    }
}

package struct ParsedArguments {
    package var positionals: [String] = []
    package var values: [String: String] = [:]
    /// Every value given to each option, in order (`--focus A --focus B`).
    package var allValues: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var wantsHelp = false

    package func value(_ name: String) -> String? { values[name] }
    package func values(_ name: String) -> [String] { allValues[name] ?? [] }
    /// What `-` is called (`--assume-filename`).
    package var standardInputName: String { values["assume-filename"] ?? SchemaLoader.standardInputName }
    package func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in the command line: exit code 2, with usage.
package struct UsageError: Error {
    package var message: String
}

extension CommandSpec {
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        for option in options { if let value = option.defaultValue { parsed.values[option.name] = value } }
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { parsed.wantsHelp = true; continue }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)'; \(validOptions)")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'; \(validOptions)")
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' is a flag and takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if i < arguments.count, !arguments[i].hasPrefix("--") {
                value = arguments[i]
                i += 1
            } else {
                throw UsageError(message: "missing value for '--\(name) <\(valueName)>'")
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    message: "invalid value '\(value)' for '--\(name) <\(valueName)>'; expected one of: \(choices.joined(separator: ", "))")
            }
            parsed.values[name] = value
            parsed.allValues[name, default: []].append(value)
        }
        if positionals.isEmpty, let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'; '\(name)' takes no arguments")
        }
        return parsed
    }

    private var validOptions: String {
        "valid options: " + (options.map { "--\($0.name)" } + ["--help"]).joined(separator: ", ")
    }
}
