import Foundation
import Testing

@testable import Site

/// The labels the Swift code reads are listed (`SwiftLabels.swift`), so that the tables are checked for them when
/// they load, before any page is drawn: a label named in the sources and missing from the list would be found by
/// a debug build only on a page the tests render.
@Suite struct SwiftLabelsTests {
    /// Every `.swift` file under `Sources/Site`, as text.
    static func sources() throws -> [(name: String, text: String)] {
        let folder = SiteFixtures.repositoryRoot + "/Sources/Site"
        let names = try #require(FileManager.default.subpaths(atPath: folder)).filter { $0.hasSuffix(".swift") }
        return try names.sorted().map { ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
    }

    /// The whole string literals (not a prefix such as `"nav_" + …`) passed to a label read or a plural, line
    /// breaks allowed after the parenthesis.
    static func named(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyLabelTheSourcesNameIsListed() throws {
        var labels: [String] = []
        var plurals: [String] = []
        for (name, text) in try Self.sources() where name != "Localization/SwiftLabels.swift" {
            labels += try Self.named(#"(?:\bl|localization)(?:\[|\.format\(\s*)"([a-z][a-z0-9_]*)"\s*[\],)]"#, in: text)
            plurals += try Self.named(#"\bplural\(\s*"([a-z][a-z0-9_]*)"\s*,"#, in: text)
        }
        #expect(labels.count > 40, "the pattern finds the sources' labels (\(labels.count))")
        #expect(Set(labels).subtracting(Localization.swiftLabels).sorted() == [])
        #expect(plurals.count >= 3)
        #expect(Set(plurals).subtracting(Localization.swiftPlurals).sorted() == [])
    }
}
