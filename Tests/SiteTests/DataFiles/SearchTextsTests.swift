import Foundation
import Testing

@testable import Site

/// `<lang>/data/search-texts.js`: the texts the pages print, per edition, each distinct text once, for the search.
@Suite struct SearchTextsTests {
    /// The file's object, read as the browser reads it.
    static func read(_ path: String) throws -> [String: Any] {
        let script = SiteFixtures.read(path)
        let start = try #require(script.range(of: "G.searchTexts = "))
        let end = try #require(script.range(of: ";\n})", options: .backwards))
        let json = Data(script[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func eachEditionHasTheTextsItsPagesPrintOnce() throws {
        let folder = SiteFixtures.temporaryFolder()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: folder + "/site"))
        for (language, notes) in [("en", "Notes"), ("it", "Note")] {
            let data = try Self.read(folder + "/site/\(language)/data/search-texts.js")
            let fields = try #require(data["fields"] as? [String])
            let texts = try #require(data["texts"] as? [String])
            let bikes = try #require(data["motorcycles"] as? [String: [Int]])
            #expect(Set(texts).count == texts.count, "each text once")
            #expect(bikes.count == 13)
            #expect(fields.contains(notes))
            // "Type" of the frame and of the brakes are told apart by their sections
            #expect(fields.filter { $0.hasSuffix(language == "en" ? "· Type" : "· Tipo") }.count == 2)
            // every text a motorcycle lists is one its page prints, in this edition
            let pages = Dictionary(
                uniqueKeysWithValues: try ThirdEditionTests.bikePages(folder + "/site", edition: language).map {
                    (String($0.bike.id), $0.html)
                })
            for (id, pairs) in bikes {
                #expect(pairs.count % 2 == 0)
                let html = try #require(pages[id])
                for number in stride(from: 1, to: pairs.count, by: 2) {
                    let text = texts[pairs[number]]
                    let escaped = text.replacingOccurrences(of: "&", with: "&amp;")
                        .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                        .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
                    #expect(html.contains(escaped), "\(language) \(id): \(text)")
                }
            }
        }
        // the index of words: every folded word of 3 or more of each text, in the browser's order, with its texts
        let data = try Self.read(folder + "/site/it/data/search-texts.js")
        let texts = try #require(data["texts"] as? [String])
        let words = try #require(data["words"] as? [String])
        let wordTexts = try #require(data["wordTexts"] as? [[Int]])
        #expect(words.count == wordTexts.count)
        #expect(zip(words, words.dropFirst()).allSatisfy { SearchFolding.precedes($0, $1) })
        var expected: [String: Set<Int>] = [:]
        for (number, text) in texts.enumerated() {
            for word in SearchFolding.words(text) where word.unicodeScalars.count >= 3 {
                expected[word, default: []].insert(number)
            }
        }
        #expect(Dictionary(uniqueKeysWithValues: zip(words, wordTexts.map(Set.init))) == expected)
        #expect(words.contains("carburatore") && words.contains("dell") && words.contains("orto"))
        // the same bytes again
        let again = SiteFixtures.temporaryFolder()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: again + "/site"))
        #expect(
            SiteFixtures.read(folder + "/site/en/data/search-texts.js")
                == SiteFixtures.read(again + "/site/en/data/search-texts.js"))
    }
}
