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

    @Test func aBundleIsItsPartsInTheListedOrderUnderItsOwnContentName() throws {
        let rules = Self.file("bundles.json", #"{"js/every-page.js": ["js/b.js", "js/a.js"]}"#)
        let files = [
            Self.file("js/a.js", "a();"), Self.file("js/b.js", "b();\n"), Self.file("style.css", "p{}"), rules,
        ]
        let bundled = try SiteAssets.bundled(files, rules: rules, folder: "R")
        #expect(bundled.map(\.source) == ["js/every-page.js", "style.css"], "parts and rules are not published")
        #expect(String(decoding: bundled[0].bytes, as: UTF8.self) == "b();\na();\n")
        #expect(bundled[0].published == SiteAssets.publishedName("js/every-page.js", bytes: bundled[0].bytes))
        let assets = try SiteAssets(files: bundled)
        guard case .map(let top) = assets.templateValue(from: ""), case .map(let js)? = top["js"] else {
            Issue.record("not a nested map")
            return
        }
        #expect(js["every_page"] == .text("assets/" + bundled[0].published))
    }

    @Test func aBundleOfAMissingOrRepeatedPartNamesTheRulesFileAndThePart() {
        func message(_ rules: String) -> String {
            let file = Self.file("bundles.json", rules)
            do {
                _ = try SiteAssets.bundled([Self.file("js/a.js", "a"), file], rules: file, folder: "R")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(message(#"{"x.js": ["js/gone.js"]}"#).contains("R/bundles.json"))
        #expect(message(#"{"x.js": ["js/gone.js"]}"#).contains("no file R/js/gone.js"))
        #expect(message(#"{"x.js": ["js/a.js"], "y.js": ["js/a.js"]}"#).contains("js/a.js is in a bundle already"))
        #expect(message(#"{"js/a.js": ["js/a.js"]}"#).contains("a file under R already"))
        #expect(message("{\"x.js\": [}").contains("line 1, column"))
    }

    @Test func theSiteRunsOneScriptOnEveryPageBundledFromTheSources() throws {
        let assets = try SiteAssets(folder: SiteFixtures.repositoryRoot + "/Resources/assets")
        let every = try #require(assets.files.first { $0.source == "js/every-page.js" })
        let text = String(decoding: every.bytes, as: UTF8.self)
        for part in ["core", "store", "units", "hearts", "offline"] {
            let source = try String(
                contentsOfFile: SiteFixtures.repositoryRoot + "/Resources/assets/js/\(part).js", encoding: .utf8)
            #expect(text.contains(source), "\(part).js is in the bundle")
        }
        #expect(!assets.files.contains { $0.source == "js/core.js" || $0.source == "bundles.json" })
    }

    /// Chromium reads the hint to compile a script's functions while it loads only at the top of the file: the
    /// catalogue's bundle must start with it (js/catalogue-search.js, its first part).
    @Test func theCatalogueBundleStartsWithTheCompileHint() throws {
        let assets = try SiteAssets(folder: SiteFixtures.repositoryRoot + "/Resources/assets")
        let catalogue = try #require(assets.files.first { $0.source == "js/catalogue-page.js" })
        #expect(String(decoding: catalogue.bytes.prefix(29), as: UTF8.self) == "//# allFunctionsCalledOnLoad\n")
    }
}
