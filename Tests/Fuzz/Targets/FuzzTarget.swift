import CloudSchemaCore

/// One property the fuzzer checks on every input: `check` returns nil when it holds, or what
/// broke. A crash inside `check` is a finding too. The same targets replay the seeds and
/// regressions in `swift test` (FuzzReplayTests) and run under libFuzzer (run-fuzzer.sh).
struct FuzzTarget: Sendable, CustomStringConvertible {
    var name: String
    var check: @Sendable ([UInt8]) -> String?

    var description: String { name }

    static let all: [FuzzTarget] = [.parse, .lint, .format, .exportImport, .diff, .generate, .swift, .sql, .predicate]

    /// The parts of an input that needs several (a schema and its config, two schemas to
    /// diff), separated by a line `---8<---`. An input without the line is one part.
    static func parts(_ bytes: [UInt8]) -> [[UInt8]] {
        let separator = Array("\n---8<---\n".utf8)
        var parts: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + separator.count <= bytes.count {
            if bytes[i..<i + separator.count].elementsEqual(separator) {
                parts.append(Array(bytes[start..<i]))
                i += separator.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    /// A schema part is read as `.ckdb` when it starts like a CloudKit export, else as `.cloudschema`.
    static func fileName(for bytes: [UInt8], _ stem: String = "Fuzz") -> String {
        bytes.starts(with: Array("DEFINE".utf8)) ? "\(stem).ckdb" : "\(stem).cloudschema"
    }

    /// Every diagnostic must point inside its input (a BOM of 3 bytes may be skipped).
    static func outOfBounds(_ diagnostics: [Diagnostic], size: Int) -> String? {
        for diagnostic in diagnostics {
            guard let range = diagnostic.range else { continue }
            if range.start.offset > range.end.offset || range.end.offset > size + 3 {
                return "\(diagnostic.id) at \(range.start.offset)..<\(range.end.offset) points outside the input (\(size) bytes)"
            }
        }
        return nil
    }
}
