import Testing

@testable import Files

@Suite struct SourceLocatorTests {
    @Test func linesAndCharacterColumns() {
        var locator = SourceLocator(bytes: Array("ab\ncittà è\r\nx".utf8))
        #expect(locator.location(of: 0) == (1, 1))
        #expect(locator.location(of: 2) == (1, 3))
        #expect(locator.location(of: 3) == (2, 1))
        // "città " is 7 bytes but 6 characters.
        #expect(locator.location(of: 10) == (2, 7))
        #expect(locator.location(of: 14) == (3, 1))
        #expect(locator.location(of: 99) == (3, 2))
    }

    @Test func combiningMarksCountAsOneCharacter() {
        var locator = SourceLocator(bytes: Array("e\u{301}x".utf8))
        #expect(locator.location(of: 3) == (1, 2))
    }
}
