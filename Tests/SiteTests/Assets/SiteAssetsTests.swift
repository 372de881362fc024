import Foundation
import Templating
import Testing

@testable import Site

/// The assets are published under names that carry their content, and pages reach them through `asset`.
@Suite struct SiteAssetsTests {
    static func file(_ source: String, _ text: String) -> SiteAssets.File {
        let bytes = Array(text.utf8)
        return SiteAssets.File(source: source, published: SiteAssets.publishedName(source, bytes: bytes), bytes: bytes)
    }

    @Test func aNameCarriesEightHexDigitsOfTheContentBeforeItsExtension() {
        let one = SiteAssets.publishedName("js/catalogue-list.js", bytes: Array("a".utf8))
        let two = SiteAssets.publishedName("js/catalogue-list.js", bytes: Array("b".utf8))
        #expect(one.wholeMatch(of: /js\/catalogue-list\.[0-9a-f]{8}\.js/) != nil, "\(one)")
        #expect(one != two)
        #expect(one == SiteAssets.publishedName("js/catalogue-list.js", bytes: Array("a".utf8)))
        #expect(SiteAssets.publishedName("LICENSE", bytes: []).wholeMatch(of: /LICENSE\.[0-9a-f]{8}/) != nil)
        #expect(SiteAssets.publishedName(".well/x.y.css", bytes: []).hasSuffix(".css"))
    }

    @Test func templatesReachFilesByFolderAndStem() throws {
        let assets = try SiteAssets(files: [Self.file("style.css", "p{}"), Self.file("js/catalogue-list.js", "1")])
        let value = assets.templateValue(from: "../../")
        guard case .map(let top) = value, case .map(let js)? = top["js"] else {
            Issue.record("not a nested map: \(value)")
            return
        }
        #expect(top["style"] == .text("../../assets/" + assets.files[0].published))
        #expect(js["catalogue_list"] == .text("../../assets/" + assets.files[1].published))
        // the 404 page's absolute root, and the cached depths, give the same shape
        guard case .map(let absolute) = assets.templateValue(from: "/guzzi/") else { return }
        #expect(absolute["style"] == .text("/guzzi/assets/" + assets.files[0].published))
        #expect(assets.templateValue(from: "") != assets.templateValue(from: "../"))
    }

    @Test func twoFilesWithOneTemplateNameAreAnError() {
        #expect(throws: SiteError.self) {
            try SiteAssets(files: [Self.file("js/core.js", "1"), Self.file("js/core.css", "2")])
        }
        #expect(throws: SiteError.self) {
            try SiteAssets(files: [Self.file("js.css", "1"), Self.file("js/core.js", "2")])
        }
    }

    @Test func theNamesDigestChangesWithAnyFilesContent() throws {
        let before = try SiteAssets(files: [Self.file("style.css", "p{}"), Self.file("js/a.js", "1")])
        let after = try SiteAssets(files: [Self.file("style.css", "p{}"), Self.file("js/a.js", "2")])
        #expect(before.namesDigest != after.namesDigest)
        #expect(before.namesDigest == (try SiteAssets(files: before.files)).namesDigest)
    }
}
