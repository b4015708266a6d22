import Testing

@testable import CloudSchemaCore

/// `NSPredicate(format:…)` strings read as CloudKit's predicate language (Apple's CKQuery
/// documentation): each form beside the conditions it reads, with the index each needs, and each
/// unsupported form beside its problem. A condition reads `written → key OPERATOR: needs
/// INDEXES`, `written` being the text at its range; a problem reads `error|warning 'written': message`
/// (error when Apple's documentation says so).
@Suite struct CloudKitPredicateTests {
    static func read(_ format: String, _ arguments: [PredicateArgument] = []) -> [String]? {
        guard let predicate = CloudKitPredicate.parse(format, arguments: arguments) else { return nil }
        let bytes = Array(format.utf8)
        func written(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let conditions = predicate.conditions.map { c in
            "\(written(c.range)) → \(c.isElementwise ? "ANY " : "")\(c.key.map { $0 + " " } ?? "")\(c.operator.rawValue): needs "
                + c.indexes.names.joined(separator: ", ")
        }
        let problems = predicate.problems.map { p in
            "\(p.isDocumented ? "error" : "warning") '\(written(p.range))': \(p.message)"
        }
        return (predicate.isAllRecords ? ["all records"] : []) + conditions + problems
    }

    // MARK: Every form Apple documents

    @Test func comparisons() {
        #expect(Self.read("name == 'Basil'") == ["name → name ==: needs queryable"])
        #expect(Self.read("name = %@") == ["name → name ==: needs queryable"])
        #expect(Self.read("name != %@") == ["name → name !=: needs queryable"])
        #expect(Self.read("name <> %@") == ["name → name !=: needs queryable"])
        #expect(Self.read("height < 3") == ["height → height <: needs queryable"])
        #expect(Self.read("height <= 3.5") == ["height → height <=: needs queryable"])
        #expect(Self.read("height =< 3") == ["height → height <=: needs queryable"])
        #expect(Self.read("height > -1") == ["height → height >: needs queryable"])
        #expect(Self.read("height >= %d") == ["height → height >=: needs queryable"])
        #expect(Self.read("height => %f") == ["height → height >=: needs queryable"])
        #expect(Self.read("planted BETWEEN %@") == ["planted → planted BETWEEN: needs queryable"])
        #expect(Self.read("height BETWEEN {1, 5}") == ["height → height BETWEEN: needs queryable"])
        #expect(Self.read("isIndoor == YES") == ["isIndoor → isIndoor ==: needs queryable"])
    }

    /// The key may come second; the condition reads with it first.
    @Test func aKeyOnTheRightReadsFirst() {
        #expect(Self.read("3 < height") == ["height → height >: needs queryable"])
        #expect(Self.read("%@ == bed") == ["bed → bed ==: needs queryable"])
        #expect(Self.read("'tomato' IN tags") == ["tags → tags CONTAINS: needs queryable"])
        #expect(Self.read("{'herb', 'fruit'} CONTAINS kind") == ["kind → kind IN: needs queryable"])
    }

    @Test func stringsListsAndAggregates() {
        #expect(Self.read("name BEGINSWITH 'Bas'") == ["name → name BEGINSWITH: needs queryable"])
        #expect(Self.read("kind IN %@") == ["kind → kind IN: needs queryable"])
        #expect(Self.read("kind IN {'herb', 'fruit'}") == ["kind → kind IN: needs queryable"])
        #expect(Self.read("tags CONTAINS 'tomato'") == ["tags → tags CONTAINS: needs queryable"])
        #expect(Self.read("ANY tags BEGINSWITH 'to'") == ["tags → ANY tags BEGINSWITH: needs queryable"])
        #expect(Self.read("SOME tags == %@") == ["tags → ANY tags ==: needs queryable"])
        #expect(Self.read("ANY {'herb', 'fruit'} = kind") == ["kind → kind IN: needs queryable"])
    }

    @Test func compoundPredicates() {
        #expect(
            Self.read("name BEGINSWITH %@ AND height > 2 && bed == %@")
                == ["name → name BEGINSWITH: needs queryable", "height → height >: needs queryable", "bed → bed ==: needs queryable"])
        #expect(Self.read("NOT (name == 'Basil')") == ["name → name ==: needs queryable"])
        #expect(Self.read("!(kind IN %@) and ((height < 2))") == ["kind → kind IN: needs queryable", "height → height <: needs queryable"])
    }

    @Test func keysThroughArguments() {
        let predicate = CloudKitPredicate.parse(
            "%K == %@ AND %K > %@", arguments: [.string("bed"), .unknown, .keyPath("height"), .number("2")])
        #expect(predicate?.conditions.map(\.key) == ["bed", "height"])
        #expect(predicate?.conditions.map(\.keyArgument) == [0, 2])
        #expect(predicate?.conditions.map(\.range) == [0..<2, 13..<15])
        #expect(Self.read("#IN == 1") == ["#IN → IN ==: needs queryable"])
        #expect(Self.read("creationDate > %@") == ["creationDate → creationDate >: needs queryable"])
        #expect(SystemFields.field(forMetadataKey: "creationDate") == "___createTime")
    }

    @Test func fullTextSearchNeedsSearchableFields() {
        #expect(Self.read("self CONTAINS 'basil'") == ["self → self CONTAINS: needs searchable"])
        #expect(
            Self.read("SELF contains %@ AND self contains 'pesto'")
                == ["SELF → self CONTAINS: needs searchable", "self → self CONTAINS: needs searchable"])
    }

    @Test func distanceToLocation() {
        #expect(
            Self.read("distanceToLocation:fromLocation:(location, %@) < 5")
                == ["location → location distanceToLocation:fromLocation:: needs queryable"])
        let predicate = CloudKitPredicate.parse(
            "distanceToLocation:fromLocation:(%K, %@) < %f", arguments: [.string("site"), .unknown, .unknown])
        #expect(predicate?.conditions == [.init(key: "site", range: 33..<35, keyArgument: 0, operator: .distance)])
    }

    /// TRUEPREDICATE and NSPredicate(value: true) need the record name's index.
    @Test func allRecords() {
        #expect(Self.read("TRUEPREDICATE") == ["all records"])
        #expect(Self.read("(truepredicate)") == ["all records"])
        #expect(CloudKitPredicate.allRecords.isAllRecords)
        #expect(Self.read("TRUEPREDICATE AND name == %@") == ["name → name ==: needs queryable"])
        #expect(Self.read("FALSEPREDICATE") == [])
    }

    /// CloudKit rejects a range on a field without QUERYABLE; typed queries also ask for SORTABLE,
    /// which no Apple page confirms, so the predicate reader asks only for what CloudKit needs.
    @Test func rangesNeedQueryable() {
        #expect(QueryOperator.less.indexesCloudKitRequires == .queryable)
        #expect(QueryOperator.less.requiredIndexes == [.queryable, .sortable])
        #expect(QueryOperator.textSearch.requiredIndexes == .searchable)
    }

    @Test func sortKeysNeedSortable() {
        #expect(CloudKitPredicate.sortIndexes == .sortable)
        #expect(CloudKitPredicate.keyProblem("planted") == nil)
        #expect(
            CloudKitPredicate.keyProblem("bed.name")
                == "'bed.name' is a key path; CloudKit queries name fields of the record itself (CKQuery: \"You can't use key paths to specify fields in related records\")"
        )
    }

    // MARK: What CloudKit does not support

    @Test func orIsAnError() {
        #expect(
            Self.read("name == 'Basil' OR name == 'Mint'")
                == [
                    "name → name ==: needs queryable", "name → name ==: needs queryable",
                    "error 'OR': CloudKit queries combine conditions with AND only; 'OR' is not supported (CKQuery.h: \"Only AND compound predicates are allowed\"); use IN for alternatives of one field, or one query per alternative",
                ])
        #expect(Self.read("a == 1 || b == 2")?.last?.hasPrefix("error '||': ") == true)
    }

    @Test func operatorsCloudKitDoesNotList() {
        let unsupported =
            "is not an operator CloudKit queries support; they support =, ==, !=, <>, <, <=, >, >=, BETWEEN, BEGINSWITH, IN, CONTAINS, AND, NOT, TRUEPREDICATE, FALSEPREDICATE and distanceToLocation:fromLocation: (CKQuery, \"Supported Predicate Operators\")"
        #expect(Self.read("name LIKE 'Bas*'") == ["error 'LIKE': 'LIKE' \(unsupported)"])
        #expect(Self.read("name matches %@") == ["error 'matches': 'matches' \(unsupported)"])
        #expect(Self.read("name ENDSWITH 'il'") == ["error 'ENDSWITH': 'ENDSWITH' \(unsupported)"])
        #expect(Self.read("file UTI-CONFORMS-TO 'public.image'") == ["error 'UTI-CONFORMS-TO': 'UTI-CONFORMS-TO' \(unsupported)"])
        #expect(
            Self.read("ALL tags == 'x'")
                == ["error 'ALL': 'ALL' is not supported in CloudKit queries; of the aggregate modifiers they take ANY"])
        #expect(Self.read("NONE tags == 'x'")?.first?.hasPrefix("error 'NONE': ") == true)
    }

    @Test func comparisonOptionsAreAWarning() {
        #expect(
            Self.read("name BEGINSWITH[cd] %@")
                == [
                    "name → name BEGINSWITH: needs queryable",
                    "warning '[cd]': CloudKit compares exactly: its supported operators take no options such as '[cd]' (case- or diacritic-insensitive matching); store a normalized copy of the field and compare with that",
                ])
    }

    @Test func keyPathsAggregatesFunctionsAndArithmetic() {
        #expect(
            Self.read("bed.name == 'North'")
                == [
                    "error 'bed.name': 'bed.name' is a key path; CloudKit queries name fields of the record itself (CKQuery: \"You can't use key paths to specify fields in related records\")"
                ])
        #expect(Self.read("tags.@count > 2")?.first?.hasPrefix("error 'tags.@count': 'tags.@count' is a key path") == true)
        #expect(Self.read("tags[FIRST] == 'x'")?.first?.hasPrefix("error 'tags[FIRST]': 'tags[FIRST]' is a key path") == true)
        #expect(Self.read("%K == 1", [.string("bed.name")])?.first?.hasPrefix("error '%K': 'bed.name' is a key path") == true)
        #expect(
            Self.read("FUNCTION(name, 'uppercaseString') == 'BASIL'")
                == [
                    "error 'FUNCTION(name, 'uppercaseString')': 'FUNCTION' is not supported in CloudKit queries; the only function they take is distanceToLocation:fromLocation:"
                ])
        #expect(
            Self.read("height + 1 > 3")
                == ["error 'height + 1': CloudKit predicates compare a field with a value: compute the value in Swift and pass it with %@"])
        #expect(
            Self.read("self == %@") == [
                "warning 'self': 'self' takes only CONTAINS in CloudKit queries: self CONTAINS %@ searches the SEARCHABLE fields for a token"
            ])
    }

    /// Apple's CKQuery documentation limits NOT; unconfirmed here, so warnings.
    @Test func notsLimitsAreWarnings() {
        let limit = "CloudKit may reject 'NOT' around"
        let advice = ": Apple's CKQuery documentation limits where NOT applies; state the opposite condition instead"
        #expect(Self.read("NOT (a == 1 AND b == 2)")?.last == "warning 'NOT': \(limit) an AND compound predicate\(advice)")
        #expect(Self.read("NOT self CONTAINS 'x'")?.last == "warning 'NOT': \(limit) a full-text search (self CONTAINS)\(advice)")
        #expect(Self.read("NOT height BETWEEN {1, 2}")?.last == "warning 'NOT': \(limit) BETWEEN\(advice)")
        #expect(
            Self.read("NOT distanceToLocation:fromLocation:(site, %@) < 5")?.last
                == "warning 'NOT': \(limit) distanceToLocation:fromLocation:\(advice)")
    }

    // MARK: Not understood: nil, and callers report nothing

    @Test func whatIsNotUnderstoodIsNil() {
        for format in [
            "", "name ==", "name == 'unterminated", "(name == 1", "name == $NAME", "%1$@ == 1", "name == 1 extra",
            "bed == owner", "1 == 1", "AND == 1", "name BEGINSWITH[cd", "%@ BEGINSWITH name",
            "distanceToLocation:fromLocation:(a, %@) == 1",
            "SUBQUERY(tags, $t, $t == 'x').@count > 0", "name == 'é' ∧ x == 1",
        ] {
            #expect(Self.read(format) == nil, "\(format)")
        }
        #expect(Self.read("%K == 1", [.unknown]) == nil)
        #expect(Self.read("%K == 1") == nil)
        #expect(Self.read(String(repeating: "(", count: 500) + "a == 1" + String(repeating: ")", count: 500)) == nil)
    }
}
