import Testing

@testable import CloudSchemaCore

/// Each broken template beside the exact message, with 1-based line and UTF-8 column.
@Suite struct TemplateErrorTests {
    @Test func descriptionIsTheCompilerLine() {
        let error = TemplateError(
            template: "Record.swift.template", path: "Templates/Record.swift.template", line: 12, column: 5,
            message: "unknown filter 'uper'")
        #expect(error.description == "Templates/Record.swift.template:12:5: error: unknown filter 'uper'")
        let fileError = TemplateError(template: "X.template", path: "My/X.template", line: 0, column: 0, message: "cannot read template")
        #expect(fileError.description == "My/X.template: error: cannot read template")
    }

    @Test func unknownFilterPointsAtTheFilterName() {
        #expect(renderError("line one\n    {{ name | uper }}") == "test.template:2:15: error: unknown filter 'uper'")
    }

    @Test func unknownFilterInBuiltInShowsTemplatesPath() {
        let library = TemplateLibrary(["Record.swift.template": "\n\n{{ x | uper }}"], pathPrefix: "Templates/")
        #expect(
            throws: TemplateError(
                template: "Record.swift.template", path: "Templates/Record.swift.template", line: 3, column: 8,
                message: "unknown filter 'uper'")
        ) {
            try library.render("Record.swift.template", context: ["x": 1])
        }
    }

    @Test func unknownVariableAndMember() {
        #expect(renderError("a\n  {{ nme }}") == "test.template:2:6: error: unknown variable 'nme'")
        #expect(
            renderError("{% if field.swiftNme %}{% endif %}", ["field": ["swiftName": "a", "type": "Int"]])
                == "test.template:1:13: error: 'field' has no member 'swiftNme' (it has: swiftName, type)")
        #expect(
            renderError("{{ name.first }}", ["name": "Bed"]) == "test.template:1:9: error: 'name' has no member 'first' (it is a string)")
        #expect(renderError("{% for x in missing %}{% endfor %}") == "test.template:1:13: error: unknown variable 'missing'")
    }

    @Test func columnsCountUTF8Bytes() {
        #expect(renderError("🌱é {{ nope }}") == "test.template:1:11: error: unknown variable 'nope'")
    }

    @Test func unclosedTags() {
        #expect(renderError("ok\n  {{ name \n") == "test.template:2:3: error: unclosed tag '{{'; expected '}}'")
        #expect(renderError("{% if x ") == "test.template:1:1: error: unclosed tag '{%'; expected '%}'")
        #expect(renderError("a {# never closed") == "test.template:1:3: error: unclosed tag '{#'; expected '#}'")
        #expect(renderError(#"{{ "}} }}"#) == "test.template:1:1: error: unclosed tag '{{'; expected '}}'")
    }

    @Test func unclosedBlocks() {
        #expect(
            renderError("\n{% if x %}\n{% for y in ys %}{% endfor %}\n")
                == "test.template:2:1: error: unclosed 'if'; expected '{% endif %}'")
        #expect(renderError("  {% for y in ys %}") == "test.template:1:3: error: unclosed 'for'; expected '{% endfor %}'")
    }

    @Test func unexpectedEndTags() {
        #expect(renderError("a\n{% endfor %}") == "test.template:2:1: error: unexpected 'endfor'")
        #expect(
            renderError("{% if x %}\n  {% endfor %}")
                == "test.template:2:3: error: unexpected 'endfor'; expected '{% endif %}' to close the 'if' on line 1")
        #expect(
            renderError("{% if x %}{% else %}{% else %}{% endif %}")
                == "test.template:1:21: error: unexpected 'else'; expected '{% endif %}' to close the 'if' on line 1")
        #expect(
            renderError("{% for x in xs %}{% elif y %}{% endfor %}")
                == "test.template:1:18: error: unexpected 'elif'; expected '{% endfor %}' to close the 'for' on line 1")
        #expect(renderError("{% else %}") == "test.template:1:1: error: unexpected 'else'")
    }

    @Test func syntaxErrorsInsideTags() {
        #expect(renderError("{% iff x %}") == "test.template:1:1: error: unknown tag 'iff'")
        #expect(renderError("{% %}") == "test.template:1:1: error: expected a tag name after '{%'")
        #expect(renderError("{{ }}") == "test.template:1:1: error: empty '{{ }}'; expected an expression")
        #expect(renderError("{{ a b }}") == "test.template:1:6: error: unexpected 'b' in tag")
        #expect(renderError("{% if a = b %}{% endif %}") == "test.template:1:9: error: unexpected '='; use '==' to compare")
        #expect(renderError("{% if !a %}{% endif %}") == "test.template:1:7: error: unexpected '!'; use 'not' for negation")
        #expect(renderError("{% for x of xs %}{% endfor %}") == "test.template:1:10: error: expected 'in' after 'for x'")
        #expect(renderError("{% include Header %}") == "test.template:1:12: error: expected a template name in quotes after 'include'")
        #expect(renderError("{{ a. }}") == "test.template:1:7: error: expected a member name after '.'")
        #expect(renderError("{{ a | }}") == "test.template:1:8: error: expected a filter name after '|'")
        #expect(renderError("{{ (a }}") == "test.template:1:7: error: expected ')'")
        #expect(renderError(#"{{ "a\q" }}"#) == #"test.template:1:6: error: unknown escape '\q' in string; use \n, \t, \\, \" or \'"#)
        #expect(renderError("{{ a ; }}") == "test.template:1:6: error: unexpected character ';' in expression")
        #expect(renderError("{{ a and }}") == "test.template:1:10: error: expected an expression")
    }

    @Test func filterArgumentsAndTypes() {
        #expect(renderError("{{ a | indent }}", ["a": "x"]) == "test.template:1:8: error: filter 'indent' takes 1 to 2 arguments, not 0")
        #expect(renderError("{{ a | upper:1 }}", ["a": "x"]) == "test.template:1:8: error: filter 'upper' takes no arguments, not 1")
        #expect(renderError("{{ a | upper }}", ["a": [1]]) == "test.template:1:8: error: filter 'upper' needs text, not array")
        #expect(renderError("{{ a | join }}", ["a": "x"]) == "test.template:1:8: error: filter 'join' needs an array, not string")
        #expect(
            renderError(#"{{ a | indent:"4" }}"#, ["a": "x"])
                == #"test.template:1:8: error: filter 'indent' needs a number of spaces (0 or more), not "4""#)
        #expect(renderError("{{ a | upper }}", ["a": nil]) == "test.template:1:8: error: filter 'upper' needs text, not null")
    }

    @Test func valuesThatCannotBeOutput() {
        #expect(
            renderError("{{ a }}", ["a": nil]) == #"test.template:1:4: error: cannot output null 'a'; give a fallback with '| default:"…"'"#
        )
        #expect(
            renderError("{{ a }}", ["a": [1]]) == #"test.template:1:4: error: cannot output array 'a'; use '| join:", "' or a for loop"#)
        #expect(
            renderError("{{ a }}", ["a": ["k": 1]]) == "test.template:1:4: error: cannot output dictionary 'a'; output one of its members")
        #expect(
            renderError("{% for x in a %}{% endfor %}", ["a": "text"])
                == "test.template:1:13: error: cannot loop over string 'a'; 'for' needs an array")
    }

    @Test func includeNotFound() {
        #expect(renderError("a\n  {% include \"Missing.template\" %}") == "test.template:2:3: error: include not found: 'Missing.template'")
    }

    @Test func includeRecursion() {
        let library = TemplateLibrary(
            ["A.template": "a{% include \"B.template\" %}", "B.template": "\n b{% include \"A.template\" %}"],
            pathPrefix: "Templates/")
        #expect(
            throws: TemplateError(
                template: "B.template", path: "Templates/B.template", line: 2, column: 3,
                message: "include recursion: A.template -> B.template -> A.template")
        ) {
            try library.render("A.template", context: [:])
        }
        let selfInclude = TemplateLibrary(["S.template": "{% include \"S\" %}"])
        #expect(
            throws: TemplateError(
                template: "S.template", path: "S.template", line: 1, column: 1, message: "include recursion: S.template -> S.template")
        ) {
            try selfInclude.render("S", context: [:])
        }
    }

    @Test func errorsInsideAnIncludeNameTheIncludedFile() {
        let library = TemplateLibrary(["Part.template": "ok\n{{ x | nope }}"], pathPrefix: "Templates/")
        #expect(
            renderError("{% include \"Part.template\" %}", library: library) == "Templates/Part.template:2:8: error: unknown filter 'nope'")
    }

    @Test func renderingAnUnknownTemplate() {
        #expect(throws: TemplateError(template: "Nope", path: "Nope", line: 0, column: 0, message: "no template named 'Nope'")) {
            try TemplateLibrary().render("Nope", context: [:])
        }
    }
}
