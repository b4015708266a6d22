import Testing

@testable import CloudSchemaCore

/// The canonical layout, one rule at a time: each input beside its expected output.
/// Every expected output is itself canonical (formatting it changes nothing).
@Suite struct FormatGoldenTests {
    struct Golden: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Golden] = [
        Golden(
            name: "indentation, spacing, one member per line",
            input: "record  Bed in Z@shareable{name :String@queryable;size:Int64=6\n\t\tcover : Asset ?}\nzone Z\n",
            expected: """
                record Bed in Z @shareable {
                    name: String @queryable
                    size: Int64 = 6
                    cover: Asset?
                }

                zone Z

                """),
        Golden(
            name: "attribute order",
            input: """
                record A {
                    a: String @deprecated("x") @merge(max) @name("k") @searchable @encrypted @sortable @queryable
                    b: Reference<A> @deleteSelf @parent @queryable
                    c: String @unknownThing @queryable @alsoUnknown
                }
                model M @deprecated @unique(p) {
                    p: Data? @deprecated @externalStorage @transient @unique @encrypted @name("CD_p")
                    q: M? @deleteRule(cascade) @inverse(q)
                }
                record B @deprecated @name("BB") @shareable {}

                """,
            expected: """
                record A {
                    a: String @queryable @sortable @searchable @encrypted @name("k") @merge(max) @deprecated("x")
                    b: Reference<A> @queryable @parent @deleteSelf
                    c: String @queryable @unknownThing @alsoUnknown
                }

                model M @unique(p) @deprecated {
                    p: Data? @unique @transient @externalStorage @encrypted @name("CD_p") @deprecated
                    q: M? @inverse(q) @deleteRule(cascade)
                }

                record B @shareable @name("BB") @deprecated {}

                """),
        Golden(
            name: "types, defaults and lists",
            input: """
                record A {
                    a: [ String ]? = [ "x" ,"y", ] @queryable
                    b: Reference < A > ?
                    c: Double = 1e3
                    d: Double = -0.50
                    e: E = . one
                    f: Date = now
                    g: [Int64] = []
                }

                """,
            expected: """
                record A {
                    a: [String]? = ["x", "y"] @queryable
                    b: Reference<A>?
                    c: Double = 1e3
                    d: Double = -0.50
                    e: E = .one
                    f: Date = now
                    g: [Int64] = []
                }

                """),
        Golden(
            name: "strings re-escaped, backticks only where needed",
            input: #"""
                record `Plain` {
                    `grant`: String = "tab\u{9}quote\"e\u{301}\u{1F331}"
                    `name`: String = "\u{1}"
                }
                enum `E`: String { `case`; case `b` = "x" }

                """#,
            expected: #"""
                record Plain {
                    `grant`: String = "tab\tquote\"é🌱"
                    name: String = "\u{1}"
                }

                enum E: String {
                    `case`
                    b = "x"
                }

                """#),
        Golden(
            name: "enum cases one per line",
            input: "enum Cuisine: String { italian, japanese; other = \"misc\" }\nenum P: Int64 {\n  low = 0, high = 1\n}\n",
            expected: """
                enum Cuisine: String {
                    italian
                    japanese
                    other = "misc"
                }

                enum P: Int64 {
                    low = 0
                    high = 1
                }

                """),
        Golden(
            name: "blank lines: at most one, none at body edges, one around bodies, one-liners grouped",
            input:
                "container \"iCloud.a\"\nrole A\nrole B\n\n\n\nzone Z\nrecord R in Z {\n\n\n    a: String\n\n\n\n    b: String\n\n}\nrecord S in Z {}\nrole C\n\n\n",
            expected: """
                container "iCloud.a"
                role A
                role B

                zone Z

                record R in Z {
                    a: String

                    b: String
                }

                record S in Z {}

                role C

                """),
        Golden(
            name: "grants after fields, with their comments; field order kept",
            input: """
                record Species in public {
                    // Who may do what
                    grant read to world // everyone
                    grant create to icloud
                    zeta: String
                    alpha: String

                    // moderators
                    grant write to Moderator
                    middle: Int64
                }

                """,
            expected: """
                record Species in public {
                    zeta: String
                    alpha: String
                    middle: Int64
                    // Who may do what
                    grant read to world // everyone
                    grant create to icloud

                    // moderators
                    grant write to Moderator
                }

                """),
        Golden(
            name: "trailing comments: one space, no alignment",
            input: "enum S: String {\n    growing\n    harvested = \"done\"      // raw value differs\n    dead\t\t/* gone */   \n}\n",
            expected: """
                enum S: String {
                    growing
                    harvested = "done" // raw value differs
                    dead /* gone */
                }

                """),
        Golden(
            name: "empty file and comment-only file",
            input: "\n\n  // just a comment   \n\n\n",
            expected: "// just a comment\n"),
        Golden(name: "empty input", input: "  \n\n", expected: ""),
    ]

    @Test(arguments: cases)
    func canonicalLayout(_ golden: Golden) {
        #expect(formatted(golden.input) == golden.expected)
        #expect(formatted(golden.expected) == golden.expected, "the expected output is not canonical")
    }
}
