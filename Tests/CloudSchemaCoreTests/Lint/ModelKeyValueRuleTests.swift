import Testing

@testable import CloudSchemaCore

/// SwiftData models and the key-value store.
@Suite struct ModelKeyValueRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "MODEL_UNIQUE",
            """
            model Tag @unique(name) {
                name: String = ""
                slug: String = "" @unique
            }
            """,
            ["1:11-1:24 error MODEL_UNIQUE", "3:23-3:30 error MODEL_UNIQUE"],
            clean: """
                model Tag {
                    name: String = ""
                    slug: String = ""
                }
                """),
        RuleCase(
            "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
            """
            model Tag {
                name: String
                note: String?
            }
            """,
            ["2:11-2:17 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"],
            clean: """
                model Tag {
                    name: String = ""
                    note: String?
                    cache: String @transient
                }
                """),
        RuleCase(
            "MODEL_RELATIONSHIP_OPTIONAL",
            """
            model Tag {
                items: [Item] @inverse(tags)
            }
            model Item {
                tags: [Tag]?
            }
            """,
            ["2:12-2:18 error MODEL_RELATIONSHIP_OPTIONAL"],
            clean: """
                model Tag {
                    items: [Item]? @inverse(tags)
                }
                model Item {
                    tags: [Tag]?
                }
                """),
        RuleCase(
            "MODEL_RELATIONSHIP_INVERSE",
            """
            model Item {
                tag: Tag?
            }
            model Tag {
                name: String = ""
            }
            """,
            ["2:5-2:8 error MODEL_RELATIONSHIP_INVERSE"],
            clean: """
                model Item {
                    tag: Tag?
                }
                model Tag {
                    name: String = ""
                    items: [Item]?
                }
                model Folder {
                    parent: Folder?
                    children: [Folder]?
                }
                """),
        RuleCase(
            "MODEL_DELETE_RULE_DENY",
            """
            model Tag {
                items: [Item]? @deleteRule(deny)
            }
            model Item {
                tag: Tag?
            }
            """,
            ["2:20-2:37 error MODEL_DELETE_RULE_DENY"],
            clean: """
                model Tag {
                    items: [Item]? @deleteRule(cascade)
                }
                model Item {
                    tag: Tag?
                }
                """),
        RuleCase(
            "MODEL_ENCRYPTED_RELATIONSHIP",
            """
            model Tag {
                items: [Item]?
            }
            model Item {
                tag: Tag? @encrypted
            }
            """,
            ["5:15-5:25 error MODEL_ENCRYPTED_RELATIONSHIP"],
            clean: """
                model Tag {
                    items: [Item]?
                }
                model Item {
                    tag: Tag?
                    note: String? @encrypted
                }
                """),
        RuleCase(
            "MODEL_EXTERNAL_STORAGE",
            """
            model Photo {
                pixels: Data?
            }
            """,
            ["2:13-2:18 warning MODEL_EXTERNAL_STORAGE"],
            clean: """
                model Photo {
                    pixels: Data? @externalStorage
                }
                """),
        RuleCase(
            "MODEL_RECORD_SIZE",
            "model Big {\n    a: String = \"\(String(repeating: "x", count: 700_001))\"\n}\n",
            ["1:7-1:10 warning MODEL_RECORD_SIZE"],
            clean: "model Big {\n    a: String = \"\(String(repeating: "x", count: 600_000))\"\n}\n"),
        RuleCase(
            "MODEL_PROPERTY_RESERVED",
            """
            model Item {
                entityName: String?
            }
            """,
            ["2:5-2:15 warning MODEL_PROPERTY_RESERVED"],
            clean: """
                model Item {
                    kind: String?
                }
                """),
        RuleCase(
            "MODEL_FIELD_LIMIT",
            "model Wide {\n" + (1...127).map { "    p\($0): String?\n" }.joined() + "}\n",
            ["1:7-1:11 warning MODEL_FIELD_LIMIT"],
            clean: "model Wide {\n" + (1...126).map { "    p\($0): String?\n" }.joined() + "}\n"),
        RuleCase(
            "MODEL_DECIMAL",
            """
            model Price {
                amount: Decimal = 0
            }
            """,
            ["2:13-2:20 warning MODEL_DECIMAL"],
            clean: """
                model Price {
                    amountCents: Int64 = 0
                }
                """),
        RuleCase(
            "KV_KEY_LIMIT",
            "keyvalue Prefs {\n" + (1...1025).map { "    k\($0): Bool?\n" }.joined() + "}\n",
            ["1026:5-1026:10 error KV_KEY_LIMIT"],
            clean: "keyvalue Prefs {\n" + (1...1024).map { "    k\($0): Bool?\n" }.joined() + "}\n"),
        RuleCase(
            "KV_KEY_LENGTH",
            "keyvalue Prefs {\n    \(String(repeating: "a", count: 65)): Bool?\n}\n",
            ["2:5-2:70 error KV_KEY_LENGTH"],
            clean: "keyvalue Prefs {\n    \(String(repeating: "a", count: 64)): Bool?\n}\n"),
        RuleCase(
            "KV_TYPE_UNSUPPORTED",
            """
            keyvalue Prefs {
                lastID: UUID?
            }
            """,
            ["2:13-2:18 error KV_TYPE_UNSUPPORTED"],
            clean: """
                keyvalue Prefs {
                    lastID: String?
                }
                """),
        RuleCase(
            "KV_DEFAULTS_SIZE",
            "keyvalue Prefs {\n    a: String = \"\(String(repeating: "x", count: 600_000))\"\n    b: String = \"\(String(repeating: "y", count: 600_000))\"\n}\n",
            ["3:17-3:600019 error KV_DEFAULTS_SIZE"],
            clean: "keyvalue Prefs {\n    a: String = \"\(String(repeating: "x", count: 600_000))\"\n    b: String = \"\"\n}\n"),
        RuleCase(
            "KV_KEY_DUPLICATE",
            """
            keyvalue A { theme: String? }
            keyvalue B { mode: String? @name("theme") }
            """,
            ["2:28-2:42 error KV_KEY_DUPLICATE"],
            clean: """
                keyvalue A { theme: String? }
                keyvalue B { mode: String? @name("mode") }
                """),
    ]

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c) }

    /// Which inverse SwiftData can infer: one candidate each way, relationships an `@inverse`
    /// names (on either side) set aside; a self-relationship pairs two properties.
    /// An enum is stored as a Codable value, CD_<name> BYTES plus CD_<name>_ckAsset: two fields.
    @Test func anEnumCountsTwoFieldsTowardTheLimit() {
        func wide(_ count: Int) -> [String] {
            let text = "enum Kind: String {\n    a\n}\nmodel Wide {\n" + (1...count).map { "    p\($0): Kind = .a\n" }.joined() + "}\n"
            return Linter.lint(load(text)).filter { $0.id.rawValue == "MODEL_FIELD_LIMIT" }.map(\.compact)
        }
        #expect(wide(127) == ["MODEL_FIELD_LIMIT 4:7-4:11"])
        #expect(wide(126) == [])
    }

    @Test func relationshipInverseReasons() {
        let findings = lintFindings(
            """
            model Author {
                books: [Book]?
                drafts: [Book]?
                favourite: Book? @inverse(fans)
            }
            model Book {
                author: Author?
                fans: [Author]?
                editor: Author?
            }
            model Folder {
                parent: Folder?
                children: [Folder]?
            }
            model Node {
                next: Node?
            }
            model Tag {
                items: [Item]?
                other: [Item]? @inverse(tags)
            }
            model Item {
                tags: [Tag]?
                tag: Tag?
            }
            """
        ).filter { $0.id.rawValue == "MODEL_RELATIONSHIP_INVERSE" }
        #expect(
            findings.map { "\($0.range!.start.line) \($0.message.prefix { $0 != ";" })" } == [
                "2 relationship 'books' needs an inverse: the inverse is ambiguous ('Book.author', 'Book.editor')",
                "3 relationship 'drafts' needs an inverse: the inverse is ambiguous ('Book.author', 'Book.editor')",
                "7 relationship 'author' needs an inverse: the inverse is ambiguous ('Author.books', 'Author.drafts')",
                "9 relationship 'editor' needs an inverse: the inverse is ambiguous ('Author.books', 'Author.drafts')",
                "16 relationship 'next' needs an inverse: 'Node' has no relationship back to 'Node'",
            ])
    }

    /// An `@inverse` that names a relationship to a third model still makes that relationship
    /// explicit: neither is a candidate for SwiftData to infer.
    @Test func anInverseNamingARelationshipElsewhereMakesItExplicit() {
        let findings = lintFindings(
            """
            model Shelf {
                box: Box? @inverse(lid)
            }
            model Box {
                lid: Lid?
                shelf: Shelf?
            }
            model Lid {
                boxes: [Box]?
            }
            """
        ).filter { $0.id.rawValue == "MODEL_RELATIONSHIP_INVERSE" }
        #expect(
            findings.map { "\($0.range!.start.line) \($0.message.prefix { $0 != ";" })" } == [
                "6 relationship 'shelf' needs an inverse: 'Shelf' has no relationship back to 'Box'",
                "9 relationship 'boxes' needs an inverse: 'Box' has no relationship back to 'Lid'",
            ])
    }

    /// Models of one name are one model to the rule, their relationships counted together. The
    /// resolver keeps the first of a name, but `LintInput(schema:)` takes any `Schema`.
    @Test func modelsOfOneNameAreOneModelToTheInverseRule() {
        var schema = SchemaLoader.load(
            sources: [
                (
                    "Test.cloudschema",
                    """
                    model Tray {
                        cups: [Cup]?
                    }
                    model Cup {
                        tray: Tray?
                    }
                    model SecondTray {
                        spare: [Cup]?
                    }
                    """
                )
            ]
        ).schema
        func findings() -> [String] {
            Linter.findings(LintInput(schema: schema)).map { "\($0.range!.start.line) \($0.message.prefix { $0 != ";" })" }.sorted()
        }
        #expect(findings() == ["8 relationship 'spare' needs an inverse: 'Cup' has no relationship back to 'SecondTray'"])
        schema.models[2].name = "Tray"
        #expect(
            findings() == [
                "2 relationship 'cups' needs an inverse: the inverse is ambiguous ('Cup.tray')",
                "5 relationship 'tray' needs an inverse: the inverse is ambiguous ('Tray.cups', 'Tray.spare')",
                "8 relationship 'spare' needs an inverse: the inverse is ambiguous ('Cup.tray')",
            ])
    }

    /// Every rule in the registry has a documentation test in one of the suites.
    @Test func everyRuleHasACase() {
        let covered = Set(
            (RecordRuleTests.cases + EncryptionIndexRuleTests.cases + DatabaseRuleTests.cases + SubscriptionRuleTests.cases + Self.cases
                + SQLiteDataRuleTests.cases).map(\.rule) + AppCodeRuleTests.cases.map(\.rule)
                + ["INDEX_QUERY_ALL", "SUPPRESSION_UNUSED", "SUPPRESSION_INVALID"]
                + ["MODEL_LOCAL_STORE"])  // read from the Swift setup: SwiftStoreTests
        let missing = LintRegistry.rules.map(\.id.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "rules without a test case: \(missing)")
    }
}
