import Testing

@testable import Files

@Suite struct JSONPathTests {
    @Test func identifiersAreDottedOthersAreBracketed() {
        #expect(JSONPath.appending(key: "elements", to: "") == "elements")
        #expect(JSONPath.appending(key: "bore", to: "elements[3].engine") == "elements[3].engine.bore")
        #expect(JSONPath.appending(key: "5", to: "texts") == #"texts["5"]"#)
        #expect(JSONPath.appending(key: "a b", to: "") == #"["a b"]"#)
        #expect(JSONPath.appending(index: 12, to: "elements") == "elements[12]")
    }

    @Test func quotingEscapes() {
        #expect(JSONPath.quoted("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }
}
