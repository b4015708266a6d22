import Testing

@testable import CloudSchemaCore

/// Every filter, as a template snippet beside its exact output, hostile inputs included.
@Suite struct TemplateFilterTests {
    @Test(arguments: [
        ("sun_hours", "sunHours", "SunHours", "sun_hours"),
        ("sunHours", "sunHours", "SunHours", "sun_hours"),
        ("SunHours", "sunHours", "SunHours", "sun_hours"),
        ("sun-hours now", "sunHoursNow", "SunHoursNow", "sun_hours_now"),
        ("URLSession", "urlSession", "URLSession", "url_session"),
        ("userID", "userID", "UserID", "user_id"),
        ("MAX_VALUE", "maxValue", "MaxValue", "max_value"),
        ("field2Name", "field2Name", "Field2Name", "field2_name"),
        ("utf8String", "utf8String", "Utf8String", "utf8_string"),
        ("__private", "private", "Private", "private"),
        ("URL", "url", "URL", "url"),
        ("", "", "", ""),
    ])
    func caseConversions(input: String, lower: String, upper: String, snake: String) throws {
        let context: [String: TemplateValue] = ["s": .string(input)]
        #expect(try render("{{ s | lowerCamel }}", context) == lower)
        #expect(try render("{{ s | upperCamel }}", context) == upper)
        #expect(try render("{{ s | snake }}", context) == snake)
    }

    @Test func upperAndLower() throws {
        #expect(try render("{{ s | upper }} {{ s | lower }}", ["s": "Straße 🌱"]) == "STRASSE 🌱 straße 🌱")
        #expect(try render("{{ 42 | upper }} {{ true | upper }}") == "42 TRUE")
    }

    // MARK: swiftIdentifier

    @Test(arguments: [
        ("name", "name"),
        ("class", "`class`"),
        ("default", "`default`"),
        ("self", "`self`"),
        ("Self", "`Self`"),
        ("init", "`init`"),
        ("Any", "`Any`"),
        ("await", "`await`"),
        ("some", "`some`"),
        ("Type", "Type_"),
        ("Protocol", "Protocol_"),
        ("String", "String"),
        ("get", "get"),
        ("open", "open"),
        ("async", "async"),
        ("2fa", "_2fa"),
        ("sun hours", "sun_hours"),
        ("a-b.c", "a_b_c"),
        ("$0", "_0"),
        ("`evil`", "_evil_"),
        ("x\"); exit(0); (\"", "x____exit_0_____"),
        ("", "__"),
        ("_", "__"),
        ("__", "__"),
        ("café", "café"),
        ("🌱", "🌱"),
        ("a\u{202E}b", "a_b"),
    ])
    func swiftIdentifier(input: String, expected: String) throws {
        #expect(try render("{{ s | swiftIdentifier }}", ["s": .string(input)]) == expected)
    }

    @Test func swiftIdentifierAfterCaseConversion() throws {
        #expect(try render("{{ s | lowerCamel | swiftIdentifier }}", ["s": "Default"]) == "`default`")
        #expect(try render("{{ s | upperCamel | swiftIdentifier }}", ["s": "type"]) == "Type_")
    }

    @Test(arguments: [("class", "class"), ("default", "default"), ("inout", "`inout`"), ("Type", "Type_"), ("a b", "a_b")])
    func swiftArgumentLabel(input: String, expected: String) throws {
        #expect(try render("{{ s | swiftArgumentLabel }}", ["s": .string(input)]) == expected)
    }

    // MARK: swiftString

    @Test(arguments: [
        ("plain", #"plain"#),
        (#"say "hi""#, #"say \"hi\""#),
        (#"\(evil)"#, #"\\(evil)"#),
        (#""\(evil)""#, #"\"\\(evil)\""#),
        (#"C:\path\"#, #"C:\\path\\"#),
        ("line1\nline2\r\n", #"line1\nline2\r\n"#),
        ("tab\there", #"tab\there"#),
        ("nul\0bell\u{7}del\u{7F}", #"nul\0bell\u{7}del\u{7F}"#),
        ("sep\u{2028}rtl\u{202E}", #"sep\u{2028}rtl\u{202E}"#),
        ("🌱 emoji 👩‍👩‍👧 é", "🌱 emoji 👩‍👩‍👧 é"),
        (#"""" triple"#, #"\"\"\" triple"#),
        (##""#raw"#"##, ##"\"#raw\"#"##),
    ])
    func swiftString(input: String, expected: String) throws {
        #expect(try render("{{ s | swiftString }}", ["s": .string(input)]) == expected)
        #expect(try render("{{ s | swiftStringLiteral }}", ["s": .string(input)]) == "\"\(expected)\"")
    }

    // MARK: docComment

    @Test func docCommentOneLine() throws {
        #expect(try render("{{ d | docComment }}", ["d": "A raised bed."]) == "/// A raised bed.")
    }

    @Test func docCommentIndentsFollowingLines() throws {
        let template = "    {{ d | docComment:4 }}\n    var x: Int\n"
        let output = try render(template, ["d": "First line.\n\nThird line.  \r\nFourth\rFifth"])
        #expect(output == "    /// First line.\n    ///\n    /// Third line.\n    /// Fourth\n    /// Fifth\n    var x: Int\n")
    }

    @Test func docCommentNeutralisesCommentEndsAndControls() throws {
        let hostile = "*/ struct Evil {} /*\nnext */\u{0}\u{1B}[31m\u{202E}reversed"
        #expect(try render("{{ d | docComment }}", ["d": .string(hostile)]) == "/// *\\/ struct Evil {} /\\*\n/// next *\\/[31mreversed")
    }

    @Test func docCommentTrimsBlankEdgesAndEmptyIsEmpty() throws {
        #expect(try render("{{ d | docComment }}", ["d": "\n\n  text  \n\n"]) == "///   text")
        #expect(try render("[{{ d | docComment:4 }}]", ["d": ""]) == "[]")
        #expect(try render("[{{ d | docComment }}]", ["d": " \n \n"]) == "[]")
    }

    // MARK: indent, join, default

    @Test func indentSkipsFirstAndEmptyLines() throws {
        #expect(try render("{{ s | indent:2 }}", ["s": "a\nb\n\nc\n"]) == "a\n  b\n\n  c\n")
        #expect(try render("{{ s | indent:2,true }}", ["s": "a\nb"]) == "  a\n  b")
        #expect(try render("{{ s | indent:0 }}", ["s": "a\nb"]) == "a\nb")
    }

    @Test func join() throws {
        let context: [String: TemplateValue] = ["xs": ["a", 1, true], "empty": []]
        #expect(try render(#"{{ xs | join:", " }}"#, context) == "a, 1, true")
        #expect(try render("{{ xs | join }}", context) == "a1true")
        #expect(try render(#"[{{ empty | join:", " }}]"#, context) == "[]")
    }

    @Test func defaultReplacesNullAndMissing() throws {
        let context: [String: TemplateValue] = ["none": nil, "empty": "", "field": ["name": "x"]]
        #expect(try render(#"{{ none | default:"n/a" }}"#, context) == "n/a")
        #expect(try render(#"{{ missing | default:"n/a" }}"#, context) == "n/a")
        #expect(try render(#"{{ field.missing | default:"n/a" }}"#, context) == "n/a")
        #expect(try render(#"{{ field.name.missing.deeper | default:'?' }}"#, context) == "?")
        #expect(try render(#"[{{ empty | default:"n/a" }}]"#, context) == "[]")
        #expect(try render(#"{{ field.name | default:"n/a" | upper }}"#, context) == "X")
    }

    @Test func filterArgumentsCanBeVariables() throws {
        #expect(try render("{{ xs | join:sep }}", ["xs": [1, 2], "sep": "+"]) == "1+2")
        #expect(try render("{{ s | indent:n }}", ["s": "a\nb", "n": 1]) == "a\n b")
    }
}

/// `SwiftNaming` called directly, as the generator does.
@Suite struct TemplateSwiftNamingTests {
    @Test func everyKeywordIsEscapedAndStaysAValidIdentifier() {
        for keyword in SwiftNaming.keywordsNeedingBackticks {
            #expect(SwiftNaming.identifier(keyword) == "`\(keyword)`")
            #expect(SwiftNaming.sanitizedIdentifier(keyword) == keyword)
            #expect(!SwiftNaming.isPlainIdentifier(keyword))
        }
        #expect(SwiftNaming.isPlainIdentifier("sunHours"))
    }

    @Test func words() {
        #expect(SwiftNaming.words("iCloudURLSession_v2 name") == ["i", "Cloud", "URL", "Session", "v2", "name"])
    }

    @Test func stringLiteralRoundTripsThroughSwiftEscapes() {
        // Every scalar that needs care comes out as an escape sequence, never raw.
        for value in UInt32(0)...0x9F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let body = SwiftNaming.stringLiteralBody(String(scalar))
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                #expect(body.hasPrefix("\\"), "U+\(String(value, radix: 16))")
            }
        }
    }
}
