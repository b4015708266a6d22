import Testing

@testable import CloudSchemaCore

/// Every kind of comment (line, doc, block, trailing) in every position survives, where
/// it was written; doc comments document exactly what they documented before.
@Suite struct FormatCommentTests {
    static let everywhere = """
        // file header
        /* block header */

        /// Attached to the container (and ignored there).
        container "iCloud.x" // after container
        /// role doc
        role A /* after role */
        zone Z // after zone

        /// record doc
        /* block between doc and record: the doc is not attached */
        record R /* in header */ in Z @shareable { // after brace
            // before first member
            /// a doc
            a: String /* inside */ @queryable // end of a
            b: [String] = [ // inside a list
                "x", /* between */ "y"
            ]

            // before c, after a blank line
            c: Int64 = 1; // after semicolon
            d: Bool /* before close */ }
        // between declarations
        enum E: String { // after enum brace
            // inside enum body
            one, /* after comma */ two
            /// three doc
            three = "3" // end of three
            // last in enum
        } // after enum close
        keyvalue K {
            k: String // only key
        }
        // end of file
        /* block at end */
        /// doc at end of file
        """

    static let everywhereFormatted = """
        // file header
        /* block header */

        /// Attached to the container (and ignored there).
        container "iCloud.x" // after container
        /// role doc
        role A /* after role */
        zone Z // after zone

        /// record doc
        /* block between doc and record: the doc is not attached */
        record R /* in header */ in Z @shareable { // after brace
            // before first member
            /// a doc
            a: String /* inside */ @queryable // end of a
            b: [String] = [ // inside a list
                "x", /* between */ "y"]

            // before c, after a blank line
            c: Int64 = 1 // after semicolon
            d: Bool /* before close */
        }

        // between declarations
        enum E: String { // after enum brace
            // inside enum body
            one /* after comma */
            two
            /// three doc
            three = "3" // end of three
            // last in enum
        } // after enum close

        keyvalue K {
            k: String // only key
        }

        // end of file
        /* block at end */
        /// doc at end of file

        """

    @Test func everyKindInEveryPosition() throws {
        let output = try #require(formatted(Self.everywhere))
        #expect(output == Self.everywhereFormatted)
        expectFormatInvariants(Self.everywhere, "everywhere")
    }

    @Test func commentsKeepTheirOrderAndText() throws {
        let before = Parser.parse(Self.everywhere, file: "a").syntax.comments
        let after = Parser.parse(try #require(formatted(Self.everywhere)), file: "a").syntax.comments
        #expect(after.map(\.text) == before.map(\.text))
        #expect(after.map(\.kind) == before.map(\.kind))
    }

    @Test func docsDocumentWhatTheyDocumentedBefore() throws {
        let loaded = load(Self.everywhere)
        let record = try #require(loaded.schema.recordTypes.first)
        #expect(record.doc == nil)
        #expect(record.fields.map(\.doc) == ["a doc", nil, nil, nil])
        #expect(loaded.schema.roles.first?.doc == "role doc")
        #expect(loaded.schema.enums.first?.cases.map(\.doc) == [nil, nil, "three doc"])
    }

    @Test func aTrailingDocCommentThatDocumentsTheNextMemberMovesAboveIt() throws {
        let input = "record A {\n    x: String /// for y\n    y: Int64\n} /// for B\nrecord B {}\n"
        #expect(
            formatted(input) == """
                record A {
                    x: String
                    /// for y
                    y: Int64
                }

                /// for B
                record B {}

                """)
        expectFormatInvariants(input, "trailing docs")
        #expect(load(input).schema.recordTypes[0].fields[1].doc == "for y")
    }

    @Test func aDocCommentThatDocumentsNothingNeverStartsTo() throws {
        // `/// u` is followed by a blank line; `/// v` follows `case`, so it documents nothing;
        // `/// w` sits in the header after a brace with a blank line before the first member.
        let input =
            "record A {\n    x: String\n    /// u\n\n    z: Int64\n}\nenum E { a, case /// v\n b }\nrecord C { /// w\n\n    c: Int64\n}\n"
        let output = try #require(formatted(input))
        #expect(
            output == """
                record A {
                    x: String
                    /// u

                    z: Int64
                }

                enum E {
                    a /// v

                    b
                }

                record C { /// w

                    c: Int64
                }

                """)
        expectFormatInvariants(input, "orphan docs")
        let schema = load(output).schema
        #expect(schema.recordTypes.flatMap(\.fields).allSatisfy { $0.doc == nil })
        #expect(schema.enums[0].cases.allSatisfy { $0.doc == nil })
    }

    @Test func aMovedGrantLeavesNoDocAboveAField() throws {
        let input = "record A in public {\n    /// orphan\n\n    grant read to world\n    x: String\n}\n"
        expectFormatInvariants(input, "grant and orphan doc")
        #expect(load(try #require(formatted(input))).schema.recordTypes[0].fields[0].doc == nil)
    }

    @Test func suppressionCommentsStayWithTheirMember() throws {
        let input = """
            // cloudschema:ignore RECORD_DEFAULT_ZONE prototypes only
            record Photo {
                grant read to world
                // cloudschema:ignore FIELD_BYTES_LARGE thumbnails are small
                thumb: Data?
                full: Data? // cloudschema:ignore FIELD_BYTES_LARGE
            }
            """
        expectFormatInvariants(input, "suppressions")
    }

    @Test func multiLineBlockCommentsAndCRLF() throws {
        let input = "record A {\r\n\t/* one\r\n\t   two   \r\n\t*/\r\n\tx: String /* a\r\n b */\r\n}\r\n"
        #expect(formatted(input) == "record A {\n    /* one\n\t   two\n\t*/\n    x: String /* a\n b */\n}\n")
        expectFormatInvariants(input, "block comments")
    }

    @Test func commentsBetweenAttributesKeepTheirOrder() throws {
        let input = "record A {\n    x: String @sortable /* why */ @queryable\n    y: String @sortable // keep\n        @queryable\n}\n"
        #expect(
            formatted(input) == """
                record A {
                    x: String @sortable /* why */ @queryable
                    y: String @sortable // keep
                        @queryable
                }

                """)
        expectFormatInvariants(input, "attribute comments")
    }
}
