import Catalogue
import Foundation
import Testing

@testable import Site

/// The `#ui-strings` JSON is `partials/ui-strings.json`, a JSON template included inside an HTML `<script>`
/// element: its text must be escaped for a JSON string, and `<`, `>`, `&`, U+2028 and U+2029 must stay escaped
/// so that no label can end the script element or change how it parses.
@Suite struct ScriptStringsTests {
    @Test func aLabelCannotLeaveTheScriptElement() throws {
        let folder = SiteFixtures.temporaryFolder()
        let resources = folder + "/Resources"
        try FileManager.default.copyItem(atPath: SiteFixtures.repositoryRoot + "/Resources", toPath: resources)
        let table = resources + "/i18n/en.catalogue.json"
        let text = SiteFixtures.read(table)
        let hostile = #"</script><img src=x onerror=alert(1)> & \"q\" \\ \u2028\u2029 <!--"#
        let edited = text.replacingOccurrences(
            of: #""compare_differs": "differs""#, with: #""compare_differs": ""# + hostile + "\"")
        #expect(edited != text)
        try edited.write(toFile: table, atomically: false, encoding: .utf8)
        var options = SiteFixtures.buildOptions(output: folder + "/site")
        options.resourcesPath = resources
        _ = try SiteBuilder.build(options)

        let html = SiteFixtures.read(folder + "/site/en/index.html")
        let open = " id=\"ui-strings\">"
        let start = try #require(html.range(of: open))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        // The element ends where the template ends it: the label's "</script>" is not in the page as such.
        #expect(json.hasSuffix("\"}"))
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(!json.contains("\u{2028}") && !json.contains("\u{2029}"))
        #expect(
            json.contains(
                #"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e \u0026 \"q\" \\ \u2028\u2029 \u003c!--"#))
        let strings = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            strings["compare_differs"] as? String
                == "</script><img src=x onerror=alert(1)> & \"q\" \\ \u{2028}\u{2029} <!--")
        #expect(strings["lang"] as? String == "en")
        // The Italian edition is untouched.
        #expect(SiteFixtures.read(folder + "/site/it/index.html").contains(#""compare_differs": "diverso""#))
    }

    /// The strings are the edition's, the same on every page of it (rendered once, `Site.Given.uiStrings`); what depends
    /// on the page's folder is in the element's attributes, relative to the page.
    @Test func eachPageHasItsEditionsStringsAndItsOwnAddresses() throws {
        let options = SiteFixtures.buildOptions(output: "/nonexistent")
        let inputs = try SiteBuilder.loadInputs(options)
        let catalogue = try Catalogue.load(contentsOf: options.dataPath).catalogue
        let plan = SitePlan(catalogue: catalogue, editions: inputs.editions)
        let site = try Site(
            plan: plan, editions: inputs.editions, library: inputs.library,
            assets: try SiteAssets(folder: options.resourcesPath + "/assets"))
        var texts: [String: Set<String>] = [:]
        for page in plan.pages {
            let html = String(decoding: try site.render(page), as: UTF8.self)
            let open = try #require(html.range(of: "<script type=\"application/json\" "), "\(page.route.filePath)")
            let start = try #require(html.range(of: " id=\"ui-strings\">", range: open.upperBound..<html.endIndex))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let json = String(html[start.upperBound..<end.lowerBound])
            let strings = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let lang = page.language?.rawValue ?? inputs.editions.defaultLanguage.rawValue
            #expect(strings["lang"] as? String == lang, "\(page.route.filePath)")
            texts[lang, default: []].insert(json)
            let attributes = String(html[open.upperBound..<start.lowerBound])
            let root = page.route.fileName == "404.html" ? "/" : page.route.rootPrefix
            #expect(
                attributes.contains(
                    "data-root=\"\(root + plan.route(CataloguePage.Kind(), Language(rawValue: lang)).urlPath)\""),
                "\(page.route.filePath)")
            #expect(attributes.contains("data-storage=\"\(root)assets/storage."), "\(page.route.filePath)")
        }
        #expect(texts.count == 2 && texts.values.allSatisfy { $0.count == 1 }, "one text per edition")
        // How each edition writes numbers reaches the scripts from its localisation file (G.formatNumber).
        for (lang, texts) in texts {
            let strings = try #require(
                try JSONSerialization.jsonObject(with: Data(texts.first!.utf8)) as? [String: Any])
            let numbers = try #require(strings["numbers"] as? [String: Any])
            let format = inputs.editions[Language(rawValue: lang)]!.localization.numbers
            #expect(numbers["decimal"] as? String == format.decimalSeparator, "\(lang)")
            #expect(numbers["group"] as? String == format.groupingSeparator, "\(lang)")
            #expect(numbers["group_from"] as? Int == format.minimumDigitsToGroup, "\(lang)")
        }
        #expect(texts["it"]?.first?.contains(#""numbers": {"decimal": ",", "group": ".", "group_from": 5}"#) == true)
    }
}
