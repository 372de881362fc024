import Foundation
import Testing

@testable import Site

/// The build folds the pages' words as the browser folds a query: the cases of `Tests/Fixtures/search/
/// folding.json`, which `Tests/JavaScript/catalogue-search.test.js` checks against the browser's script.
@Suite struct SearchFoldingTests {
    struct Case: Decodable {
        let text: String
        let folded: String
        let words: [String]
    }

    static func cases() throws -> [Case] {
        struct File: Decodable { let cases: [Case] }
        let path = SiteFixtures.repositoryRoot + "/Tests/Fixtures/search/folding.json"
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path))).cases
    }

    @Test func foldsAsTheBrowserDoes() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 10)
        for test in cases {
            #expect(SearchFolding.fold(test.text) == test.folded, "\(test.text)")
            #expect(SearchFolding.words(test.text) == test.words, "\(test.text)")
        }
    }

    @Test func ordersAsTheBrowserCompares() {
        // by UTF-16 code units, as JavaScript's < does: U+FB01 (one unit) after U+1F3CD (a surrogate pair)
        #expect(SearchFolding.precedes("\u{1F3CD}", "\u{FB01}"))
        #expect(!SearchFolding.precedes("\u{FB01}", "\u{1F3CD}"))
        #expect(SearchFolding.precedes("brem", "brembo"))
    }
}
