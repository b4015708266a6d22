import Testing

@testable import CloudSchemaCore

/// The Swift lexer: tokens, comments, and string literals mapped back to the source.
@Suite struct SwiftLexerTests {
    /// Each token as `kind text line:col-line:col`.
    func tokens(_ source: String) -> [String] {
        SwiftLexer.tokenize(Array(source.utf8), file: "M.swift").tokens.map {
            "\($0.kind) \($0.text) \($0.range.start.line):\($0.range.start.column)-\($0.range.end.line):\($0.range.end.column)"
        }
    }

    func literal(_ source: String) -> SwiftStringLiteral? {
        SwiftLexer.tokenize(Array(source.utf8), file: "M.swift").tokens.first { $0.kind == .string }?.literal
    }

    @Test func declarationsAttributesAndMacros() {
        #expect(
            tokens(
                """
                @Model final class Trip {
                    #Unique<Trip>([\\.name])
                    var name: String? = nil
                }
                """) == [
                    "attribute Model 1:1-1:7", "identifier final 1:8-1:13", "keyword class 1:14-1:19",
                    "identifier Trip 1:20-1:24", "punctuation { 1:25-1:26",
                    "pound Unique 2:5-2:12", "operator < 2:12-2:13", "identifier Trip 2:13-2:17", "operator > 2:17-2:18",
                    "punctuation ( 2:18-2:19", "punctuation [ 2:19-2:20", "punctuation \\ 2:20-2:21", "punctuation . 2:21-2:22",
                    "identifier name 2:22-2:26", "punctuation ] 2:26-2:27", "punctuation ) 2:27-2:28",
                    "keyword var 3:5-3:8", "identifier name 3:9-3:13", "punctuation : 3:13-3:14", "identifier String 3:15-3:21",
                    "operator ? 3:21-3:22", "operator = 3:23-3:24", "keyword nil 3:25-3:28",
                    "punctuation } 4:1-4:2", "endOfFile  4:2-4:2",
                ])
    }

    @Test func postfixOptionalStandsAloneAndOperatorsRun() {
        #expect(
            tokens("a?.b ?? c; x = y!; f() -> [Int]? ; 0..<n") == [
                "identifier a 1:1-1:2", "operator ? 1:2-1:3", "punctuation . 1:3-1:4", "identifier b 1:4-1:5",
                "operator ?? 1:6-1:8", "identifier c 1:9-1:10", "punctuation ; 1:10-1:11",
                "identifier x 1:12-1:13", "operator = 1:14-1:15", "identifier y 1:16-1:17", "operator ! 1:17-1:18",
                "punctuation ; 1:18-1:19", "identifier f 1:20-1:21", "punctuation ( 1:21-1:22", "punctuation ) 1:22-1:23",
                "operator -> 1:24-1:26", "punctuation [ 1:27-1:28", "identifier Int 1:28-1:31", "punctuation ] 1:31-1:32",
                "operator ? 1:32-1:33", "punctuation ; 1:34-1:35", "integer 0 1:36-1:37", "operator ..< 1:37-1:40",
                "identifier n 1:40-1:41", "endOfFile  1:41-1:41",
            ])
    }

    @Test func numbersNamesAndKeywords() {
        #expect(
            tokens("1_000 0x1F 1.5 2e-3 `default` $0 init café") == [
                "integer 1_000 1:1-1:6", "integer 0x1F 1:7-1:11", "float 1.5 1:12-1:15", "float 2e-3 1:16-1:20",
                "identifier default 1:21-1:30", "identifier $0 1:31-1:33", "keyword init 1:34-1:38",
                "identifier café 1:39-1:44", "endOfFile  1:44-1:44",
            ])
    }

    @Test func commentsNestAndSuppressionsAreLineComments() {
        let lexer = SwiftLexer.tokenize(
            Array(
                """
                /* outer /* inner */ still comment */ let a = 1 // cloudschema:ignore MODEL_UNIQUE why
                /// A doc comment.
                """.utf8), file: "M.swift")
        #expect(lexer.tokens.map(\.text) == ["let", "a", "=", "1", ""])
        #expect(lexer.comments.map(\.kind) == [.block, .line, .doc])
        #expect(lexer.comments[1].body == "cloudschema:ignore MODEL_UNIQUE why")
        #expect(lexer.comments[1].isTrailing)
        #expect(SuppressionRules.isSuppression(lexer.comments[1]))
        #expect(lexer.comments[0].range.end.column == 38)
        #expect(lexer.problems.isEmpty)
    }

    @Test func singleLineStringMapsEscapesAndInterpolations() throws {
        // the opening quote is at column 9, the content starts at 10
        let value = try #require(literal(#"let s = "a\tb\(x + f("y"))é""#))
        #expect(value.content == "a\tb\\(x + f(\"y\"))é")
        #expect(!value.isMultiline && !value.isUnterminated && value.rawDelimiterCount == 0)
        #expect(value.interpolations.map(\.content) == [3..<16])
        #expect(value.interpolations.map { "\($0.source.start.column)-\($0.source.end.column)" } == ["14-27"])
        let columns = (0..<value.content.utf8.count).map { value.sourcePosition(atContentOffset: $0).column }
        #expect(columns == [10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28])
        #expect(value.sourceRange(ofContent: 0..<4).start.column == 10)
        #expect(value.sourceRange(ofContent: 0..<4).end.column == 15)
    }

    @Test func rawStringsKeepBackslashes() throws {
        let value = try #require(literal(##"x = #"a\n"b\#n\#(c)"#"##))
        #expect(value.rawDelimiterCount == 1)
        #expect(value.content == "a\\n\"b\n\\#(c)")
        #expect(value.interpolations.map(\.content) == [6..<11])
    }

    @Test func multiLineStringStripsIndentationAndMapsLines() throws {
        let source = """
            let sql = #sql(
                \"\"\"
                SELECT *
                  FROM "trips" \\
                WHERE id = \\(id)
                \"\"\"
            )
            """
        let lexer = SwiftLexer.tokenize(Array(source.utf8), file: "M.swift")
        let token = try #require(lexer.tokens.first { $0.kind == .string })
        let value = try #require(token.literal)
        #expect(value.content == "SELECT *\n  FROM \"trips\" WHERE id = \\(id)")
        #expect(value.isMultiline)
        #expect(value.lines.map { "\($0.start.line):\($0.start.column) -\($0.strippedIndentation)" } == ["3:5 -4", "4:5 -4", "5:5 -4"])
        #expect(value.sourcePosition(atContentOffset: 9).line == 4)  // "  FROM": the line's first content byte
        #expect(value.sourcePosition(atContentOffset: 9).column == 5)
        let whereOffset = try #require(value.content.utf8.firstIndex(of: UInt8(ascii: "W")))
        let at = value.sourcePosition(atContentOffset: value.content.utf8.distance(from: value.content.utf8.startIndex, to: whereOffset))
        #expect("\(at.line):\(at.column)" == "5:5")
        #expect(value.interpolations.map { "\($0.source.start.line):\($0.source.start.column)" } == ["5:16"])
        #expect("\(token.range.start.line):\(token.range.start.column)-\(token.range.end.line):\(token.range.end.column)" == "2:5-6:8")
        #expect(lexer.tokens.last { $0.text == ")" }?.isAtLineStart == true)
        #expect(lexer.problems.isEmpty)
    }

    @Test func multiLineDelimiterInsideInterpolationDoesNotEndTheLiteral() throws {
        let value = try #require(
            literal(
                """
                x = \"\"\"
                  a \\(f(\"\"\"
                  \"\"\"))
                  \"\"\"
                """))
        #expect(!value.isUnterminated)
        #expect(value.content == "a \\(f(\"\"\"\n  \"\"\"))")
        #expect(value.lines.count == 1)  // the interpolation's line break is inside one content line
    }

    @Test func unterminatedInputEndsWithProblemsNotFailures() {
        for source in ["\"abc", "\"\"\"\nabc", "/* /* */", "#\"abc\"", "x = \"\\(", "\"\\(\"\\(\"\\(", "#/ab", "`ab", "\"\\u{110000}\""] {
            let lexer = SwiftLexer.tokenize(Array(source.utf8), file: "M.swift")
            #expect(lexer.tokens.last?.kind == .endOfFile, "\(source)")
            #expect(!lexer.problems.isEmpty, "\(source)")
        }
    }

    @Test func deeplyNestedInputDoesNotRecurse() {
        for nested in [String(repeating: "\"\\(", count: 50_000), String(repeating: "/*", count: 50_000)] {
            let lexer = SwiftLexer.tokenize(Array(nested.utf8), file: "M.swift")
            #expect(lexer.tokens.last?.kind == .endOfFile)
        }
    }
}
