import Foundation
import Testing

@testable import Site

/// Every folder name comes from the edition's labels: the compare page is `/it/confronto/` beside `/en/compare/`,
/// the two are each other's hreflang twins, and the links the scripts follow to it use the edition's name.
@Suite struct FolderNamesTests {
    @Test func theComparePageHasItsItalianFolderAndItsTwins() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let files = FileManager.default
        #expect(files.fileExists(atPath: out + "/it/confronto/index.html"))
        #expect(files.fileExists(atPath: out + "/en/compare/index.html"))
        #expect(!files.fileExists(atPath: out + "/it/compare"))

        let italian = SiteFixtures.read(out + "/it/confronto/index.html")
        #expect(italian.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"../../en/compare/\">"))
        let english = SiteFixtures.read(out + "/en/compare/index.html")
        #expect(english.contains("<link rel=\"alternate\" hreflang=\"it\" href=\"../../it/confronto/\">"))

        // The catalogue's and the Garage's compare links, which the scripts complete with the chosen ids.
        for (page, href) in [
            ("it/index.html", "../it/confronto/index.html"), ("en/index.html", "../en/compare/index.html"),
            ("it/garage/index.html", "../../it/confronto/index.html"),
            ("en/garage/index.html", "../../en/compare/index.html"),
        ] {
            let html = SiteFixtures.read(out + "/" + page)
            #expect(html.contains("id=\"compare-link\" data-href=\"\(href)\""), "\(page)")
        }
    }
}
