import Testing

@testable import CloudSchemaCore

/// The text templates write into.
@Suite struct TemplateTextTests {
    /// A number is written as `String(number)` spells it.
    @Test(arguments: [0, 7, 10, 19, 4_096, -1, -250, Int.max, Int.min])
    func numbersAreWrittenInDecimal(_ number: Int) {
        #expect(TemplateText.string { $0.append(number) } == String(number))
    }

    /// Digits go after what is there, past the first capacity.
    @Test func numbersFollowTheTextBeforeThem() {
        let text = TemplateText.string { text in
            text.append("case ")
            for number in 0..<40 { text.append(number) }
        }
        #expect(text == "case " + (0..<40).map(String.init).joined())
    }
}
