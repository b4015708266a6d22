import CloudSchemaCore
import Foundation
import Testing

/// `Editors/vscode/syntaxes/cloudschema.tmLanguage.json`, the TextMate grammar editors
/// highlight `.cloudschema` with: valid JSON, it tokenises the example schemas, and it knows
/// every keyword, attribute and built-in type the language has (read from the language's own
/// lists, so a word the language gains fails here until the grammar has it too).
@Suite struct GrammarTests {
    static let file = packageRoot.appendingPathComponent("Editors/vscode/syntaxes/cloudschema.tmLanguage.json")

    static func grammar() throws -> TextMateGrammar {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        return try TextMateGrammar(try #require(object as? [String: Any]))
    }

    /// The scope of the token that is exactly `text` in `line`.
    static func scope(of text: String, in line: String) throws -> String? {
        try grammar().tokenise(line).first { $0.text == text }?.scope
    }

    @Test func isValidJSONForTheCloudSchemaScope() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? [String: Any])
        #expect(object["scopeName"] as? String == "source.cloudschema")
        #expect(object["fileTypes"] as? [String] == ["cloudschema"])
    }

    @Test(arguments: LanguageVocabulary.keywords)
    func everyKeywordIsAKeyword(_ keyword: String) throws {
        #expect(try Self.scope(of: keyword, in: "\(keyword) X") == "keyword.declaration.cloudschema")
    }

    @Test(arguments: LanguageVocabulary.attributes)
    func everyAttributeIsAnAttribute(_ attribute: String) throws {
        #expect(try Self.scope(of: "@\(attribute)", in: "    field: String @\(attribute)") == "storage.modifier.attribute.cloudschema")
    }

    @Test(arguments: LanguageVocabulary.builtInTypes)
    func everyBuiltInTypeIsAType(_ type: String) throws {
        #expect(try Self.scope(of: type, in: "    field: \(type)?") == "support.type.builtin.cloudschema")
    }

    @Test func unknownAttributesAndEscapesAreMarked() throws {
        #expect(try Self.scope(of: "@querable", in: "x: String @querable") == "invalid.illegal.attribute.cloudschema")
        let tokens = try Self.grammar().tokenise(#"x: String = "a\u{1F331}\q" /* c */ // d"#)
        #expect(
            tokens.map { "\($0.text)|\($0.scope)" } == [
                "x|variable.other.member.cloudschema", "String|support.type.builtin.cloudschema", "\"a|string.quoted.double.cloudschema",
                #"\u{1F331}|constant.character.escape.cloudschema"#, #"\q|invalid.illegal.escape.cloudschema"#,
                "\"|string.quoted.double.cloudschema", "/* c */|comment.block.cloudschema",
                "// d|comment.line.double-slash.cloudschema",
            ])
    }

    /// Every example schema: no invalid token, and each kind of token where the text has it.
    @Test(arguments: ["Garden", "Notes", "Catalogue", "Mistakes"])
    func tokenisesTheExampleSchemas(_ name: String) throws {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Schemas/\(name)/\(name).cloudschema"), encoding: .utf8)
        let tokens = try Self.grammar().tokenise(text)
        #expect(!tokens.contains { $0.scope.hasPrefix("invalid") }, "\(tokens.filter { $0.scope.hasPrefix("invalid") })")
        let scopes = Set(tokens.map(\.scope))
        for scope in [
            "comment.line.documentation.cloudschema", "comment.line.double-slash.cloudschema", "string.quoted.double.cloudschema",
            "keyword.declaration.cloudschema", "entity.name.type.cloudschema", "storage.modifier.attribute.cloudschema",
            "support.type.builtin.cloudschema",
        ] {
            #expect(scopes.contains(scope), "\(name) has no \(scope)")
        }
    }

    @Test func gardenReadsAsWritten() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Schemas/Garden/Garden.cloudschema"), encoding: .utf8)
        let tokens = try Self.grammar().tokenise(text).map { "\($0.text)|\($0.scope)" }
        for expected in [
            "/// A raised bed; sharing a bed shares its plants (they name it as @parent).|comment.line.documentation.cloudschema",
            "\"iCloud.app.gardenlog\"|string.quoted.double.cloudschema", "record|keyword.declaration.cloudschema",
            "Bed|entity.name.type.cloudschema", "in|keyword.other.cloudschema", "@shareable|storage.modifier.attribute.cloudschema",
            "6|constant.numeric.cloudschema", ".growing|constant.other.enum-case.cloudschema", "now|constant.language.now.cloudschema",
            "public|storage.modifier.database.cloudschema", "world|support.constant.grantee.cloudschema",
            "read|keyword.other.permission.cloudschema", "true|constant.language.boolean.cloudschema",
        ] {
            #expect(tokens.contains(expected), "\(expected)")
        }
    }
    /// Words the language gives meaning in one place are names elsewhere: a field called `in`
    /// or `public` is a field; `.beginsWith(` in a predicate is an operator, not an enum case.
    @Test(arguments: ["on", "in", "to", "where", "update", "delete", "read", "world", "public", "shared", "fires"])
    func contextualWordsAreNamesBeforeAColon(_ word: String) throws {
        #expect(try Self.scope(of: word, in: "    \(word): String?") == "variable.other.member.cloudschema")
    }

    @Test func predicatesAndDatabasesReadAsWritten() throws {
        let line = #"subscription Roses on Species where name.beginsWith("Rose") && tags.contains("red") && n.in([1])"#
        let tokens = try Self.grammar().tokenise(line).map(\.description)
        for expected in [
            "beginsWith|entity.name.function.predicate.cloudschema", "contains|entity.name.function.predicate.cloudschema",
            "in|entity.name.function.predicate.cloudschema", "on|keyword.other.cloudschema", "where|keyword.other.cloudschema",
        ] {
            #expect(tokens.contains(expected), "\(expected)")
        }
        #expect(!tokens.contains { $0.contains("enum-case") })
        #expect(try Self.scope(of: "shared", in: "subscription Shared database shared @silent") == "storage.modifier.database.cloudschema")
    }
}

/// `Editors/vscode/syntaxes/ckdb.tmLanguage.json`, for Apple's `.ckdb`: keywords in any case,
/// its three comment forms, quoted names, and field names that are keywords elsewhere.
@Suite struct CKDBGrammarTests {
    static func grammar() throws -> TextMateGrammar {
        let file = packageRoot.appendingPathComponent("Editors/vscode/syntaxes/ckdb.tmLanguage.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        #expect((object as? [String: Any])?["scopeName"] as? String == "source.ckdb")
        return try TextMateGrammar(try #require(object as? [String: Any]))
    }

    @Test func readsASchemaAsWritten() throws {
        let text = """
            -- dashes, // slashes and /* blocks */
            DEFINE SCHEMA
                CREATE ROLE Moderator;
                record type "Bed" (
                    "___recordID" REFERENCE QUERYABLE,
                    to          ENCRYPTED STRING,
                    tags        LIST<STRING> QUERYABLE,
                    size        NUMBER PREFERRED AS INT64,
                    GRANT READ, WRITE TO "_world"
                );
            """
        let tokens = try Self.grammar().tokenise(text).map(\.description)
        for expected in [
            "-- dashes, // slashes and /* blocks */|comment.line.double-dash.ckdb", "DEFINE SCHEMA|keyword.declaration.ckdb",
            "CREATE ROLE|keyword.declaration.ckdb", "Moderator|entity.name.type.ckdb", "record type|keyword.declaration.ckdb",
            "\"Bed\"|entity.name.type.ckdb", "\"___recordID\"|variable.other.member.ckdb", "to|variable.other.member.ckdb",
            "ENCRYPTED|storage.modifier.ckdb", "STRING|support.type.builtin.ckdb", "QUERYABLE|storage.modifier.index.ckdb",
            "LIST|support.type.builtin.ckdb", "PREFERRED AS|storage.modifier.ckdb", "GRANT|keyword.other.ckdb",
            "WRITE|keyword.other.permission.ckdb", "TO|keyword.other.ckdb", "\"_world\"|variable.language.system.ckdb",
        ] {
            #expect(tokens.contains(expected), "\(expected)")
        }
    }

    @Test(arguments: ["export-shared-journal", "handwritten-garden", "minimal"])
    func tokenisesTheFixtures(_ name: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/ckdb/\(name).ckdb"), encoding: .utf8)
        let scopes = Set(try Self.grammar().tokenise(text).map(\.scope))
        #expect(scopes.isSuperset(of: ["keyword.declaration.ckdb", "support.type.builtin.ckdb"]))
    }
}

/// Just enough of TextMate's tokenising to check a grammar: `match` rules with `name` and
/// `captures`, `begin`/`end` rules with inner `patterns` (which may span lines), and
/// `include` of repository rules. At each position the rule matching earliest wins, the first
/// listed on a tie, as TextMate does. Text no rule matches gets no token.
struct TextMateGrammar {
    struct Token: CustomStringConvertible {
        var text: String
        var scope: String
        var description: String { "\(text)|\(scope)" }
    }

    struct Rule {
        var name: String?
        var match: NSRegularExpression?
        var captures: [Int: String] = [:]
        var begin: NSRegularExpression?
        var end: NSRegularExpression?
        var patterns: [Rule] = []

        static func make(_ object: [String: Any], repository: [String: Any], depth: Int = 0) throws -> Rule {
            if let include = object["include"] as? String {
                let key = String(include.dropFirst())
                guard depth < 8, include.hasPrefix("#"), let target = repository[key] as? [String: Any] else {
                    throw GrammarError(message: "cannot include \(include)")
                }
                return try make(target, repository: repository, depth: depth + 1)
            }
            func regex(_ key: String) throws -> NSRegularExpression? {
                try (object[key] as? String).map { try NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
            }
            var rule = Rule(name: object["name"] as? String, match: try regex("match"), begin: try regex("begin"), end: try regex("end"))
            for (key, value) in object["captures"] as? [String: [String: Any]] ?? [:] {
                if let index = Int(key), let name = value["name"] as? String { rule.captures[index] = name }
            }
            rule.patterns = try (object["patterns"] as? [[String: Any]] ?? []).map { try make($0, repository: repository, depth: depth) }
            return rule
        }

        /// Match rules and begin rules, with included groups flattened.
        var leaves: [Rule] { match != nil || begin != nil ? [self] : patterns.flatMap(\.leaves) }
    }

    struct GrammarError: Error { var message: String }

    let rules: [Rule]

    init(_ object: [String: Any]) throws {
        let repository = object["repository"] as? [String: Any] ?? [:]
        rules = try (object["patterns"] as? [[String: Any]] ?? []).map { try Rule.make($0, repository: repository) }.flatMap(\.leaves)
    }

    func tokenise(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var open: Rule?
        var lastEnd: (line: Int, location: Int)?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let ns = line as NSString
            // One token for adjacent text of one scope (a string's quotes and its characters).
            func add(_ line: NSString, _ range: NSRange, _ scope: String?, _ tokens: inout [Token]) {
                guard let scope, range.location != NSNotFound, range.length > 0 else { return }
                let text = line.substring(with: range)
                if let last = tokens.last, last.scope == scope, let end = lastEnd, end == (number, range.location) {
                    tokens[tokens.count - 1].text += text
                } else {
                    tokens.append(Token(text: text, scope: scope))
                }
                lastEnd = (number, range.upperBound)
            }
            var position = 0
            while position <= ns.length {
                let range = NSRange(location: position, length: ns.length - position)
                if let rule = open {
                    // Inside a begin/end rule: its inner patterns, or its end, whichever comes first.
                    let inner = earliest(rule.patterns.flatMap(\.leaves), in: line, range: range)
                    let end = rule.end?.firstMatch(in: line, range: range)
                    if let (innerRule, innerMatch) = inner, innerMatch.range.location < (end?.range.location ?? Int.max) {
                        add(ns, NSRange(location: position, length: innerMatch.range.location - position), rule.name, &tokens)
                        add(ns, innerMatch.range, innerRule.name, &tokens)
                        position = innerMatch.range.upperBound
                    } else if let end {
                        add(ns, NSRange(location: position, length: end.range.upperBound - position), rule.name, &tokens)
                        open = nil
                        position = max(end.range.upperBound, position + (end.range.length == 0 ? 1 : 0))
                    } else {
                        add(ns, range, rule.name, &tokens)
                        break
                    }
                    continue
                }
                guard let (rule, match) = earliest(rules, in: line, range: range) else { break }
                if rule.begin != nil {
                    open = rule
                    add(ns, match.range, rule.name, &tokens)
                } else if rule.captures.isEmpty {
                    add(ns, match.range, rule.name, &tokens)
                } else {
                    for (index, name) in rule.captures.sorted(by: { $0.key < $1.key }) where index < match.numberOfRanges {
                        add(ns, match.range(at: index), name, &tokens)
                    }
                }
                position = match.range.upperBound + (match.range.length == 0 ? 1 : 0)
            }
        }
        return tokens
    }

    private func earliest(_ rules: [Rule], in line: String, range: NSRange) -> (Rule, NSTextCheckingResult)? {
        var best: (Rule, NSTextCheckingResult)?
        for rule in rules {
            guard let regex = rule.match ?? rule.begin, let match = regex.firstMatch(in: line, range: range) else { continue }
            if let current = best, current.1.range.location <= match.range.location { continue }
            best = (rule, match)
        }
        return best
    }
}
