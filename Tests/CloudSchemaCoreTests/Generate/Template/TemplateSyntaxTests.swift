import Testing

@testable import CloudSchemaCore

/// Each test: a template snippet beside the exact output it renders.
@Suite struct TemplateSyntaxTests {
    // MARK: Output and expressions

    @Test func textPassesThroughByteForByte() throws {
        #expect(try render("let x = 1 // 🌱 { } % #\n\n") == "let x = 1 // 🌱 { } % #\n\n")
        #expect(try render("") == "")
    }

    @Test func outputsVariablesAndMembers() throws {
        let context: [String: TemplateValue] = [
            "name": "Bed", "count": 3, "shared": true,
            "field": ["swiftName": "sunHours", "type": ["name": "Int64"]],
        ]
        #expect(try render("{{ name }}:{{count}}:{{ shared }}", context) == "Bed:3:true")
        #expect(try render("{{ field.swiftName }}: {{ field.type.name }}", context) == "sunHours: Int64")
    }

    @Test func literals() throws {
        #expect(try render(#"{{ "a \"b\" \\ \n" }}|{{ 'it\'s' }}|{{ 42 }}|{{ true }}"#) == "a \"b\" \\ \n|it's|42|true")
        #expect(try render(#"{{ "{{" }} and {{ "}}" }}"#) == "{{ and }}")
    }

    @Test func countAndIsEmptyOnArraysStringsAndDictionaries() throws {
        let context: [String: TemplateValue] = ["list": [1, 2, 3], "empty": [], "s": "🌱ab", "d": ["a": 1]]
        #expect(try render("{{ list.count }} {{ list.isEmpty }} {{ empty.isEmpty }}", context) == "3 false true")
        #expect(try render("{{ s.count }} {{ s.isEmpty }} {{ d.count }} {{ d.isEmpty }}", context) == "3 false 1 false")
        #expect(try render("{{ list.first }}-{{ list.last }}", context) == "1-3")
    }

    @Test func dictionaryKeyWinsOverBuiltInMember() throws {
        #expect(try render("{{ d.count }}", ["d": ["count": "many"]]) == "many")
    }

    @Test func largeOutputIsHandedOnInPiecesThatJoinToTheWholeText() throws {
        // 3,000 lines of 100 bytes: 300 KB, more than four 64 KB pieces.
        let context: [String: TemplateValue] = ["lines": .array((0..<3_000).map { _ in .string(String(repeating: "x", count: 99)) })]
        let template = try Template("{% for line in lines %}{{ line }}\n{% endfor %}", name: "test.template")
        var pieces: [String] = []
        try template.render(context) { pieces.append($0) }
        #expect(pieces.count >= 4)
        #expect(pieces.joined() == String(repeating: String(repeating: "x", count: 99) + "\n", count: 3_000))
    }

    @Test func piecesNeverSplitACharacter() throws {
        // 30,000 outputs of 5 bytes (a 4-byte emoji and a space): the 64 KB boundary falls
        // between outputs, never inside one.
        let context: [String: TemplateValue] = ["items": .array((0..<30_000).map { _ in "🌱" })]
        let template = try Template("{% for item in items %}{{ item }} {% endfor %}", name: "test.template")
        var pieces: [String] = []
        try template.render(context) { pieces.append($0) }
        #expect(pieces.count >= 2)
        #expect(pieces.allSatisfy { !$0.contains("\u{FFFD}") })
        #expect(pieces.joined() == String(repeating: "🌱 ", count: 30_000))
    }

    // MARK: Conditionals

    @Test func ifElifElse() throws {
        let template = "{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %}"
        #expect(try render(template, ["n": 1]) == "one")
        #expect(try render(template, ["n": 2]) == "two")
        #expect(try render(template, ["n": 7]) == "many")
        #expect(try render("{% if n %}yes{% endif %}", ["n": 0]) == "")
    }

    @Test func notAndOrPrecedenceAndParentheses() throws {
        let context: [String: TemplateValue] = ["t": true, "f": false]
        #expect(try render("{% if not f and t %}1{% endif %}", context) == "1")
        #expect(try render("{% if t or f and f %}1{% endif %}", context) == "1")  // and binds tighter
        #expect(try render("{% if (t or f) and f %}1{% else %}0{% endif %}", context) == "0")
        #expect(try render("{% if not not t %}1{% endif %}", context) == "1")
    }

    @Test func equalityComparesKindAndValue() throws {
        let context: [String: TemplateValue] = ["kind": "asset", "n": 1, "none": nil, "list": [1, "a"]]
        #expect(try render(#"{% if kind == "asset" %}A{% endif %}{% if kind != 'asset' %}B{% endif %}"#, context) == "A")
        #expect(try render(#"{% if n == "1" %}same{% else %}different{% endif %}"#, context) == "different")
        #expect(try render("{% if none == null %}null{% endif %}", context) == "null")
        #expect(try render(#"{% if list == list %}eq{% endif %}"#, context) == "eq")
        #expect(try render(#"{% if kind | upper == "ASSET" %}filtered{% endif %}"#, context) == "filtered")
    }

    @Test func truthiness() throws {
        let falsy: [TemplateValue] = [false, nil, 0, "", [], [:]]
        let truthy: [TemplateValue] = [true, 1, -1, "0", "false", [0], ["a": nil]]
        for value in falsy {
            #expect(try render("{% if v %}T{% else %}F{% endif %}", ["v": value]) == "F", "\(value)")
        }
        for value in truthy {
            #expect(try render("{% if v %}T{% else %}F{% endif %}", ["v": value]) == "T", "\(value)")
        }
    }

    // MARK: Loops

    @Test func forLoopWithLoopVariables() throws {
        let template =
            "{% for x in xs %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.length }}:{{ x }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %} {% endfor %}"
        #expect(try render(template, ["xs": ["a", "b", "c"]]) == "1/0/3:aF 2/1/3:b 3/2/3:cL ")
    }

    @Test func forElseRendersForEmptyAndNull() throws {
        let template = "{% for x in xs %}{{ x }}{% else %}none{% endfor %}"
        #expect(try render(template, ["xs": []]) == "none")
        #expect(try render(template, ["xs": nil]) == "none")
        #expect(try render(template, ["xs": [1]]) == "1")
    }

    @Test func nestedLoopsShadowAndReachParent() throws {
        let context: [String: TemplateValue] = ["rows": [["cells": ["a", "b"]], ["cells": ["c"]]]]
        let template =
            "{% for row in rows %}{% for cell in row.cells %}{{ loop.parent.index }}.{{ loop.index }}={{ cell }}{% if not loop.last %},{% endif %}{% endfor %};{% endfor %}"
        #expect(try render(template, context) == "1.1=a,1.2=b;2.1=c;")
    }

    @Test func loopVariableDoesNotLeak() throws {
        #expect(renderError("{% for x in xs %}{% endfor %}{{ x }}", ["xs": [1]]) == "test.template:1:33: error: unknown variable 'x'")
        #expect(try render("{% for x in xs %}{{ x }}{% endfor %}{{ x }}", ["xs": [1], "x": "outer"]) == "1outer")
    }

    @Test func tenThousandItemLoopRenders() throws {
        let items = TemplateValue.array((0..<10_000).map { .dictionary(["name": .string("field\($0)")]) })
        let template = """
            {% for item in items %}
                let {{ item.name | swiftIdentifier }}: Int{% if not loop.last %},{% endif %}
            {% endfor %}
            """
        let output = try render(template, ["items": items])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 10_000)
        #expect(lines.first == "    let field0: Int,")
        #expect(lines.last == "    let field9999: Int")
    }

    // MARK: Comments

    @Test func commentsRenderNothing() throws {
        #expect(try render("a{# a comment with {{ tags }} and {% if %} #}b") == "ab")
        #expect(try render("a{# multi\nline #}b") == "ab")
    }

    // MARK: Whitespace

    @Test func tagAloneOnItsLineVanishesWithItsLine() throws {
        let template = """
            struct Bed {
                {% for f in fields %}
                {# one property per field #}
                var {{ f }}: Int
                {% endfor %}
            }

            """
        #expect(try render(template, ["fields": ["a", "b"]]) == "struct Bed {\n    var a: Int\n    var b: Int\n}\n")
    }

    @Test func standaloneRuleCoversIfElseAndLastLineWithoutBreak() throws {
        let template = "{% if x %}\nyes\n{% else %}\nno\n{% endif %}"
        #expect(try render(template, ["x": true]) == "yes\n")
        #expect(try render(template, ["x": false]) == "no\n")
        #expect(try render("a\n  {% if x %}  {% endif %}  \nb", ["x": true]) == "a\nb")
    }

    @Test func tagsSharingALineWithTextOrOutputStay() throws {
        #expect(try render("a {% if x %}b{% endif %}\nc", ["x": true]) == "a b\nc")
        #expect(try render("{% if x %}{{ x }}{% endif %}\nc", ["x": 1]) == "1\nc")
        #expect(try render("  {{ x }}\n", ["x": 1]) == "  1\n")
        #expect(try render("{% if x %}b\n{% endif %}", ["x": true]) == "b\n")
    }

    @Test func crlfLineBreaksAreRemovedWithStandaloneTags() throws {
        #expect(try render("{% if x %}\r\nyes\r\n{% endif %}\r\n", ["x": true]) == "yes\r\n")
    }

    @Test func dashesTrimAllAdjacentWhitespace() throws {
        #expect(try render("a  \n  {{- x -}}  \n  b", ["x": 1]) == "a1b")
        #expect(try render("[\n  {%- for x in xs %}\n  {{ x }},\n  {%- endfor %}\n]", ["xs": [1, 2]]) == "[\n  1,\n  2,\n]")
        #expect(try render("a\n{#- gone -#}\nb") == "ab")
        #expect(try render("{% for x in xs -%}\n {{ x }} {%- endfor %}", ["xs": [1, 2]]) == "12")
        // A dashed tag alone on its line is not removed with its line: the dashes decide.
        let cases = "case {% for c in cs -%}\n    .{{ c }}{% if not loop.last %}, {% endif %}\n{%- endfor %}\nnext"
        #expect(try render(cases, ["cs": ["a", "b"]]) == "case .a, .b\nnext")
    }

    // MARK: Includes

    @Test func includeRendersWithTheCurrentVariables() throws {
        let library = TemplateLibrary(["Field.swift.template": "var {{ field }}: Int // {{ type }}\n"])
        let template = "{% for field in fields %}{% include \"Field.swift.template\" %}{% endfor %}"
        #expect(try render(template, ["fields": ["a", "b"], "type": "T"], library: library) == "var a: Int // T\nvar b: Int // T\n")
    }

    @Test func includeWithoutTheTemplateExtension() throws {
        let library = TemplateLibrary(["Part.swift.template": "part"])
        #expect(try render("[{% include 'Part.swift' %}]", library: library) == "[part]")
    }

    @Test func standaloneIncludeIsIndentedLikeItsLine() throws {
        let library = TemplateLibrary(["Body.template": "let a = 1\n\nlet b = 2\n"])
        let template = "struct S {\n    {% include \"Body.template\" %}\n}\n"
        #expect(try render(template, library: library) == "struct S {\n    let a = 1\n\n    let b = 2\n}\n")
        #expect(try render("x{% include \"Body.template\" %}", library: library) == "xlet a = 1\n\nlet b = 2\n")
    }

    @Test func nestedIncludes() throws {
        let library = TemplateLibrary(["A.template": "A({% include \"B.template\" %})", "B.template": "B{{ v }}"])
        #expect(try render("{% include \"A.template\" %}", ["v": 1], library: library) == "A(B1)")
    }
}

/// A template shaped like the generator's, to show that reading it shows the output.
@Suite struct TemplateRealisticTests {
    @Test func recordLikeTemplate() throws {
        let library = TemplateLibrary([
            "Header.swift.template": "// Generated by cloudschema from {{ sourceFile }}. Do not edit.\n",
            "Record.swift.template": """
            {% include "Header.swift.template" %}

            {% if record.doc %}
            {{ record.doc | docComment }}
            {% endif %}
            public struct {{ record.name | upperCamel | swiftIdentifier }}: Sendable {
                public static let recordType = {{ record.name | swiftStringLiteral }}

                {% for field in record.fields %}
                {% if field.doc %}
                {{ field.doc | docComment:4 }}
                {% endif %}
                public var {{ field.name | lowerCamel | swiftIdentifier }}: {{ field.type }}{% if field.optional %}?{% endif %}

                {% endfor %}
                public enum Field: String, CaseIterable {
                    {% for field in record.fields %}
                    case {{ field.name | lowerCamel | swiftIdentifier }} = {{ field.name | swiftStringLiteral }}
                    {% endfor %}
                }
            }

            """,
        ])
        let context: [String: TemplateValue] = [
            "sourceFile": "Garden.cloudschema",
            "record": [
                "name": "garden_bed", "doc": "A raised bed.\nShared beds share plants. */",
                "fields": [
                    ["name": "name", "type": "String", "optional": false, "doc": "The bed's name."],
                    ["name": "default", "type": "Int64", "optional": true, "doc": nil],
                    ["name": "self", "type": "String", "optional": false, "doc": ""],
                ],
            ],
        ]
        let expected = """
            // Generated by cloudschema from Garden.cloudschema. Do not edit.

            /// A raised bed.
            /// Shared beds share plants. *\\/
            public struct GardenBed: Sendable {
                public static let recordType = "garden_bed"

                /// The bed's name.
                public var name: String

                public var `default`: Int64?

                public var `self`: String

                public enum Field: String, CaseIterable {
                    case name = "name"
                    case `default` = "default"
                    case `self` = "self"
                }
            }

            """
        #expect(try library.render("Record.swift.template", context: context) == expected)
    }
}
